"""The rules page in every language, from one structure and the engine's facts.

Every language shows the same sections, lists and table rows, with the same numbers and cards,
and those are what the engine computes; no translated page keeps an English sentence; the
request's language (cookie, ``Accept-Language``, or ``?lang=``) picks the page; and whatever a
catalogue holds, the page carries no HTML but ours.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tricktable.cards import Rank, parse_cards
from tricktable.i18n import LANGUAGES, PSEUDO_LANGUAGE, language_names, translate
from tricktable.sheepshead import deck as sheepshead_deck
from tricktable.sheepshead import rules as sheepshead_rules
from tricktable.sheepshead import scoring as sheepshead_scoring
from tricktable.spades import rules as spades_rules
from tricktable.spades import scoring as spades_scoring
from tricktable.web.errors import install_error_handlers
from tricktable.web.games import ADAPTERS
from tricktable.web.language import LANGUAGE_COOKIE
from tricktable.web.pages import rules_facts, rules_page
from tricktable.web.routes import pages

GAMES = tuple(ADAPTERS)
TRANSLATED = tuple(language for language in LANGUAGES if language != "en")
CONTENT_TAGS = {"h1", "h2", "p", "ul", "ol", "li", "strong", "em", "table", "thead", "tbody",
                "tr", "th", "td"}
"""The only elements a rules page's content may hold: the structure's, and Markdown emphasis."""


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The pages alone, with the app's error pages: the rules need no database."""
    app = FastAPI()
    app.include_router(pages.router)
    install_error_handlers(app)
    with TestClient(app) as test_client:
        yield test_client


# --- Reading a page ----------------------------------------------------------------------------


class Blocks(HTMLParser):
    """The content of a page as its block elements: (tag, id, text), in order."""

    BLOCKS = ("h1", "h2", "p", "li", "th", "td")

    def __init__(self) -> None:
        super().__init__()
        self.blocks: list[tuple[str, str | None, str]] = []
        self.tags: list[str] = []
        self.open: list[tuple[str, str | None, list[str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        if tag in self.BLOCKS:
            self.open.append((tag, dict(attrs).get("id"), []))

    def handle_endtag(self, tag: str) -> None:
        if tag in self.BLOCKS and self.open and self.open[-1][0] == tag:
            name, anchor, parts = self.open.pop()
            text = " ".join("".join(parts).split())
            self.blocks.append((name, anchor, text))
            if self.open:
                self.open[-1][2].append(" ")

    def handle_data(self, data: str) -> None:
        for _, _, parts in self.open:
            parts.append(data)


def content(page: str) -> str:
    """The part of a page built from the structure (after the game switcher)."""
    return page[page.index("<h1>"):page.index("</main>")]


def blocks(game: str, language: str) -> list[tuple[str, str | None, str]]:
    parser = Blocks()
    parser.feed(content(rules_page.rules_html(game, language)))
    return parser.blocks


FACT = re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]|[−-]?\d+")
"""A card (``Q♣``) or a number, signed or not: what every language must show alike."""


def facts(text: str) -> list[str]:
    return sorted(match.replace("−", "-") for match in FACT.findall(text))


def sentences(text: str) -> Iterator[str]:
    """The pieces of prose of an English text: between punctuation, of three words or more."""
    for piece in re.split(r"[.;:!?()—]", text):
        words = re.findall(r"[A-Za-z']{2,}", piece)
        if len(words) >= 3:
            yield " ".join(piece.split())


# --- Every language, the same page -------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_has_every_section_list_item_and_row(game: str, language: str) -> None:
    english, translated = blocks(game, "en"), blocks(game, language)
    assert [(tag, anchor) for tag, anchor, _ in translated] == \
        [(tag, anchor) for tag, anchor, _ in english]
    headings = [text for tag, _, text in translated if tag == "h2"]
    expected = [translate(language, section.heading)
                for section in rules_page.structure(game).sections if section.heading]
    assert headings == [" ".join(html.unescape(h).split()) for h in expected]
    assert len(set(headings)) == len(headings)
    assert all(text for _, _, text in translated)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_language_shows_the_same_numbers_and_cards_in_each_block(
    game: str, language: str
) -> None:
    for (tag, _, english), (_, _, translated) in zip(blocks(game, "en"), blocks(game, language),
                                                     strict=True):
        assert facts(translated) == facts(english), (tag, english, translated)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_translated_page_keeps_an_english_sentence(game: str, language: str) -> None:
    english = " ".join(text for _, _, text in blocks(game, "en"))
    translated = " ".join(text for _, _, text in blocks(game, language)).lower()
    kept = [sentence for sentence in sentences(english) if sentence.lower() in translated]
    assert kept == []


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("language", (*LANGUAGES, PSEUDO_LANGUAGE))
def test_the_content_holds_only_the_structure_s_elements(game: str, language: str) -> None:
    parser = Blocks()
    parser.feed(content(rules_page.rules_html(game, language)))
    assert set(parser.tags) <= CONTENT_TAGS


def test_the_pseudo_language_is_served_lengthened_and_accented() -> None:
    page = rules_page.rules_html("sheepshead", PSEUDO_LANGUAGE)
    assert '<html lang="en-XA">' in page and "Ţŕûmƒ" not in page and "Ţřümp" in page
    assert "Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦ 8♦ 7♦" in page


# --- The facts are the engine's ----------------------------------------------------------------


def table_rows(game: str, language: str, header: str) -> list[list[str]]:
    """The rows (cell texts) of the table whose first heading is ``header``'s text."""
    rows: list[list[str]] = []
    found: list[tuple[str, str | None, str]] = []
    for block in blocks(game, language):
        if block[0] == "th" and block[2] == translate(language, header):
            found = [block]
        elif found and block[0] in ("th", "td"):
            found.append(block)
        elif found:
            break
    cells = [text for tag, _, text in found if tag == "td"]
    width = len([1 for tag, _, _ in found if tag == "th"])
    for start in range(0, len(cells), width):
        rows.append(cells[start:start + width])
    return rows


@pytest.mark.parametrize("language", LANGUAGES)
def test_sheepshead_s_cards_and_points_are_the_engine_s(language: str) -> None:
    text = " ".join(t for _, _, t in blocks("sheepshead", language))
    assert " ".join(c.symbol for c in sheepshead_deck.TRUMP_ORDER) in text
    fail = sorted((c for c in sheepshead_deck.DECK if not sheepshead_deck.is_trump(c)
                   and c.suit.name == "CLUBS"), key=sheepshead_deck.power, reverse=True)
    assert " ".join(c.rank.text for c in fail) == "A 10 K 9 8 7"
    assert "A 10 K 9 8 7" in text
    facts = rules_facts.sheepshead_facts()
    for rank, name in ((Rank.ACE, "ace"), (Rank.TEN, "ten"), (Rank.KING, "king"),
                       (Rank.QUEEN, "queen"), (Rank.JACK, "jack"), (Rank.SEVEN, "nothing")):
        card = next(c for c in sheepshead_deck.DECK if c.rank is rank)
        assert facts[name] == sheepshead_deck.points(card)
    assert facts["deck_points"] == 120 == sheepshead_deck.mask_points(sheepshead_deck.DECK_MASK)
    assert (facts["win"], facts["half"], facts["schneider_win"], facts["schneider_loss"]) == \
        (61, 60, 91, 30)
    example = parse_cards("AH 10H KH 7D KC")
    assert facts["worth"] == sum(sheepshead_deck.points(c) for c in example) == 29


@pytest.mark.parametrize("language", LANGUAGES)
def test_sheepshead_s_scoring_table_is_the_stake_function_s(language: str) -> None:
    rows = table_rows("sheepshead", language, "rules.sheepshead.scoring.took")
    plain = sheepshead_rules.Rules(double_on_the_bump=False)
    expected = [sheepshead_scoring.stake(points, tricks, plain)[0]
                for points, tricks in ((120, 6), (120, 5), (90, 3), (60, 3), (30, 1), (0, 0))]
    assert [int(stake.replace("−", "-")) for _, stake in rows] == expected == [3, 2, 1, -1, -2, -3]
    # Each run of points in the table has one stake, and the next point changes it.
    for label, stake in rows[1:-1]:
        low, high = (int(n) for n in re.findall(r"\d+", label)[:2])
        values = {sheepshead_scoring.stake(p, 1, plain)[0] for p in range(low, high + 1)}
        assert values == {int(stake.replace("−", "-"))}, label
    # What the prose says of the scores: shares of 1, 2 and 4, a leaster of 1, doubled losses.
    scores, _ = sheepshead_scoring.score_picked_hand(
        picker=0, partner=1, team_points=70, team_tricks=3, rules=plain)
    assert scores == (2, 1, -1, -1, -1)
    alone, _ = sheepshead_scoring.score_picked_hand(
        picker=0, partner=None, team_points=70, team_tricks=3, rules=plain)
    assert alone == (4, -1, -1, -1, -1)
    bumped = sheepshead_scoring.stake(40, 2, sheepshead_rules.Rules())[0]
    assert bumped == 2 * sheepshead_scoring.stake(40, 2, plain)[0]
    assert sheepshead_rules.Rules().hands == 2 * 5  # "so everyone deals twice"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tables_table_is_the_presets(language: str) -> None:
    rows = table_rows("sheepshead", language, "rules.sheepshead.tables.table")
    presets = sheepshead_rules.PRESETS
    assert len(rows) == len(presets)
    yes, no = translate(language, "rules.yes"), translate(language, "rules.no")
    for row, (name, rules) in zip(rows, presets.items(), strict=True):
        assert translate(language, rules_facts.SHEEPSHEAD_PRESET_NAMES[name]) in row[0]
        assert row[1] == translate(language, rules_facts.NO_PICKER[rules.no_picker])
        assert row[2] == (yes if rules.double_on_the_bump else no)
        if rules.jack_of_diamonds:
            assert row[3] == row[4] == "—"
        else:
            assert row[3:5] == [yes if rules.call_ten else no, yes if rules.unknown_card else no]
        assert row[5] == (yes if rules.schwarz_paid_by_picker else no)


@pytest.mark.parametrize("language", LANGUAGES)
def test_spades_numbers_are_the_engine_s(language: str) -> None:
    rows = table_rows("spades", language, "rules.spades.scoring.bid")
    assert [facts(" ".join(row)) for row in rows] == [
        facts("1 13 +10 +1 -10"), facts("+100 -100"), facts("+200 -200")]
    contract = spades_scoring.contract_score
    assert (contract(4, 4)[0], contract(4, 6)[0], contract(4, 3)[0]) == (40, 42, -40)
    assert (contract(0, 0)[0], contract(0, 2, nil_tricks_are_bags=False)[0]) == (100, -100)
    assert contract(0, 0, double_nil=True)[0] == 200
    assert spades_scoring.sandbag(9, 1) == (1, 0) and spades_scoring.BAG_PENALTY == 100
    text = " ".join(t for _, _, t in blocks("spades", language))
    facts_now = rules_facts.spades_facts()
    assert facts_now["target"] == spades_rules.PRESETS["standard"].target == 500
    assert facts_now["short_target"] == spades_rules.PRESETS["short"].target == 250
    assert all(rules.nil_tricks_are_bags for rules in spades_rules.PRESETS.values())
    for number in ("500", "250", "26", "13"):
        assert number in text


def test_a_table_the_page_cannot_name_stops_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new preset without a name in the catalogue is an error, not a page that lies."""
    monkeypatch.setitem(sheepshead_rules.PRESETS, "club",
                        sheepshead_rules.Rules(double_on_the_bump=False))
    with pytest.raises(KeyError, match="no name for the sheepshead table 'club'"):
        rules_facts.preset_rows()


def test_a_change_in_the_engine_changes_every_language_s_page(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sheepshead_rules.PRESETS, "pagat",
                        sheepshead_rules.Rules(no_picker=sheepshead_rules.NoPicker.REDEAL,
                                               double_on_the_bump=True, unknown_card=False))
    facts_now = rules_facts.sheepshead_facts.__wrapped__()
    for language in LANGUAGES:
        pagat = translate(language, "rules.sheepshead.preset.pagat")
        listed = rules_page._params(language, facts_now)["bump_tables"]
        assert pagat in listed, language


# --- Choosing the language ---------------------------------------------------------------------


def test_english_by_default_with_the_switcher_and_the_menu(client: TestClient) -> None:
    answer = client.get("/rules")
    assert answer.status_code == 200
    assert '<html lang="en">' in answer.text and answer.headers["content-language"] == "en"
    assert "Accept-Language" in answer.headers["vary"] and "Cookie" in answer.headers["vary"]
    assert "<title>Sheepshead: the rules we play — Tricktable</title>" in answer.text
    assert '<p class="rules-games">Rules: <a href="/rules?game=sheepshead" aria-current="page">' \
        in answer.text
    menu = re.search(r'<form class="language-menu" method="get" action="/language">.*?</form>',
                     answer.text)
    assert menu is not None
    for code, name in language_names().items():
        selected = " selected" if code == "en" else ""
        assert f'<option value="{code}" lang="{code}"{selected}>{name}</option>' in menu.group()
    form = menu.group()
    assert re.search(r'<select [^>]*name="lang"', form)
    assert ('<label for="language-select">Language</label>' in form
            or 'aria-label="Language"' in form)  # a name for the list, seen or heard
    assert '<input type="hidden" name="next" value="/rules?game=sheepshead">' in form
    assert re.search(r'<button type="submit">\s*Change\s*</button>', form)


def test_accept_language_picks_the_page(client: TestClient) -> None:
    answer = client.get("/rules?game=spades", headers={"Accept-Language": "fr,de-AT;q=0.8"})
    assert '<html lang="de">' in answer.text and answer.headers["content-language"] == "de"
    assert "<h1>Spades zu zweit: so spielen wir</h1>" in answer.text
    assert '<a href="/leaderboard">Bestenliste</a>' in answer.text
    assert '<option value="de" lang="de" selected>Deutsch</option>' in answer.text
    assert 'value="/rules?game=spades"' in answer.text


def test_the_cookie_wins_over_the_browser_and_lang_over_both(client: TestClient) -> None:
    client.cookies.set(LANGUAGE_COOKIE, "fi")
    try:
        chosen = client.get("/rules", headers={"Accept-Language": "sv"})
        assert '<html lang="fi">' in chosen.text and "<h1>Sheepshead: näin me pelaamme</h1>" \
            in chosen.text
        linked = client.get("/rules?lang=id", headers={"Accept-Language": "sv"})
        assert '<html lang="id">' in linked.text and linked.headers["content-language"] == "id"
        assert "Aturan:" in linked.text
    finally:
        client.cookies.clear()
    assert '<html lang="nl">' in client.get("/rules?lang=NL-be").text


def test_an_unknown_language_or_game_is_a_page_saying_so(client: TestClient) -> None:
    missing = client.get("/rules?lang=xx")
    assert missing.status_code == 404 and missing.headers["content-type"].startswith("text/html")
    assert "There is no rules page in &#x27;xx&#x27; here; the languages are en, nl, de, sv, fi, " \
        "id." in missing.text
    dutch = client.get("/rules?game=chess", headers={"Accept-Language": "nl"})
    assert dutch.status_code == 404
    assert "Voor &#x27;chess&#x27; hebben we hier geen regels" in dutch.text


def test_head_answers_the_same_headers(client: TestClient) -> None:
    head = client.head("/rules?game=spades", headers={"Accept-Language": "sv"})
    assert head.status_code == 200 and head.content == b""
    assert head.headers["content-language"] == "sv"


# --- The structure and its Markdown -----------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_structure_names_only_english_keys_and_every_placeholder_has_a_fact(
    game: str,
) -> None:
    from tricktable.i18n import catalogue

    english = catalogue("en", ("rules",))
    page = rules_page.structure(game)
    facts_now = rules_facts.FACTS[game]()
    for key in page.catalogue_keys():
        assert key in english, key
        template = english[key]
        texts = [template] if isinstance(template, str) else list(template.values())
        needed = {name for text in texts for name in re.findall(r"\{(\w+)\}", text)}
        assert needed <= set(facts_now) | {"count"}, (key, needed - set(facts_now))


def test_markdown_in_a_catalogue_cannot_carry_html(monkeypatch: pytest.MonkeyPatch) -> None:
    hostile = '<script>alert(1)</script> <b onclick="x">bold</b> [link](javascript:alert(1)) **ok**'
    real = rules_page.translate

    def translate_hostile(language: str, key: object, /, **params: object) -> str:
        if key == "rules.spades.play.win":
            return hostile
        return real(language, key, **params)  # type: ignore[arg-type]

    monkeypatch.setattr(rules_page, "translate", translate_hostile)
    body = rules_page.rules_body.__wrapped__("spades", "en")
    assert "<script" not in body and "<b " not in body and 'href="javascript' not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body and "<strong>ok</strong>" in body


def test_a_malformed_structure_is_refused_with_the_place_named() -> None:
    with pytest.raises(ValueError, match=r"x\.toml, section 2: unknown block 'quote'"):
        rules_page._block({"quote": "rules.yes"}, "x.toml, section 2")
    with pytest.raises(ValueError, match="every row has as many cells as the header"):
        rules_page._table({"header": ["a", "b"], "rows": [["c"]]}, "x.toml")
    with pytest.raises(ValueError, match="no computed table 'bids'"):
        rules_page._table({"header": ["a"], "computed": "bids"}, "x.toml")
