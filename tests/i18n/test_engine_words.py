"""The engine's reasons in every language: a refusal carries a catalogue key and parameters, its
English is today's sentence word for word, and each language says it with its own words for the
suit, the move and the card — naming nothing the player may not know."""

from __future__ import annotations

import random
import re

import pytest

from tests.sheepshead.helpers import CALLED, WORKED, hand_from
from tests.spades.helpers import MIXED, apply_all, hand_after_draw
from tricktable.ai.teaching.reasons import explain
from tricktable.cards import cards_of, parse_card
from tricktable.game import Action, ActionKind, IllegalAction, parse_action
from tricktable.i18n import LANGUAGES, Message, catalogue, translate
from tricktable.i18n.errors import WordedError
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import new_hand
from tricktable.spades.rules import PRESETS as SPADES_PRESETS
from tricktable.spades.scoring import score_seat
from tricktable.words import action_words, card_name, seat_name

OTHERS = [language for language in LANGUAGES if language != "en"]
SYMBOL = re.compile(r"(?:10|[2-9JQKA])[♣♠♥♦]")


def refusal(state: object, text: str, **seat: int) -> IllegalAction:
    before = repr(getattr(state, "history", None))
    with pytest.raises(IllegalAction) as caught:
        state.apply(parse_action(text), **seat)  # type: ignore[attr-defined]
    assert repr(getattr(state, "history", None)) == before  # a refusal changes nothing
    return caught.value


def worded_everywhere(error: WordedError) -> dict[str, str]:
    """The refusal in every language; each is the catalogue's wording of the same message."""
    assert isinstance(error.reason, Message)
    words = {language: error.words(language) for language in LANGUAGES}
    assert words["en"] == str(error)
    for language in OTHERS:
        assert words[language] == translate(language, error.reason)
        assert words[language] != words["en"], (language, words[language])
    return words


FOLLOW_HEARTS = {
    "en": "You must follow hearts.",
    "nl": "Je moet harten bekennen.",
    "de": "Du musst Herz bedienen.",
    "sv": "Du måste följa färg och spela hjärter.",
    "fi": "Sinun on seurattava maata ja pelattava herttaa.",
    "id": "Anda harus mengikuti jenis hati.",
}


def hearts_led() -> object:
    """Everyone passed (a leaster); seat 0 led A♥; seat 1 holds 10♥ 9♥ Q♥ Q♦ J♣ 7♠."""
    return hand_from(WORKED, actions=["pass"] * 5 + ["play AH"])


def test_a_wrong_suit_is_refused_with_the_suit_in_each_language() -> None:
    error = refusal(hearts_led(), "play 7S")
    assert error.reason == Message("illegal.follow.hearts")
    assert worded_everywhere(error) == FOLLOW_HEARTS


def test_a_trump_of_the_led_suit_adds_that_it_is_trump() -> None:
    error = refusal(hearts_led(), "play QH")
    words = worded_everywhere(error)
    assert words["en"] == "You must follow hearts. Q♥ is trump."
    for language in LANGUAGES:
        assert words[language].startswith(FOLLOW_HEARTS[language])
        assert "Q♥" in words[language]
        trump = translate(language, "suit.trump")
        assert trump in words[language] or trump.lower() in words[language]


def test_not_your_turn_names_the_seat_and_what_it_is_to_do() -> None:
    state = hearts_led()
    error = refusal(state, "play JC", seat=3)
    words = worded_everywhere(error)
    assert words["en"] == "It is not your turn: seat 1 is to play."
    assert all("1" in text for text in words.values())
    assert error.reason == Message("illegal.not_your_turn",
                                   {"seat": 1, "doing": Message("doing.play")})


def test_a_bury_of_a_card_not_held_names_the_card() -> None:
    state = hand_from(CALLED, actions=["pick"])
    error = refusal(state, "bury AS 9C")
    words = worded_everywhere(error)
    assert words["en"] == "You cannot bury A♠: you do not hold it."
    assert all("A♠" in text for text in words.values())
    nine = parse_card("9C")
    with pytest.raises(IllegalAction) as caught:
        state.apply(Action(ActionKind.BURY, (nine, nine)))  # type: ignore[attr-defined]
    assert caught.value.reason == Message("illegal.bury_same")


def test_a_wrong_phase_names_the_move_and_what_is_wanted() -> None:
    error = refusal(hearts_led(), "pick")
    words = worded_everywhere(error)
    assert words["en"] == "You cannot pick now: it is time to play a card."
    assert "aufnehmen" in words["de"] and "eine Karte spielen" in words["de"]


def spades_playing() -> object:
    """Both bid 3; seat 1 leads, holding Q♠ J♠ 3♠ and other suits."""
    return apply_all(hand_after_draw(*MIXED), ["bid 3", "bid 3"])


def test_spades_cannot_be_led_before_they_are_broken() -> None:
    error = refusal(spades_playing(), "play QS")
    words = worded_everywhere(error)
    assert words["en"].startswith("Spades are not broken: lead another suit")
    assert words["de"].startswith("Pik ist noch nicht offen")
    assert words["nl"].startswith("Schoppen zijn nog niet gebroken")


def test_a_spades_bid_out_of_range_is_refused() -> None:
    state = hand_after_draw(*MIXED)
    error = refusal(state, "bid 14")
    words = worded_everywhere(error)
    assert words["en"] == "Bid a number of tricks from 0 (nil) to 13: 'bid 4', 'bid nil'."


def test_spades_follow_suit_in_each_language() -> None:
    state = spades_playing()
    state.apply(parse_action("play JH"))
    error = refusal(state, "play AC")
    assert worded_everywhere(error) == FOLLOW_HEARTS


def test_unreadable_text_is_worded_too() -> None:
    for text, key in (("dance", "parse.action"), ("play Z", "parse.card"),
                      ("play 7X", "parse.suit"), ("play 1H", "parse.rank"),
                      ("bid many", "parse.bid_number"),
                      ("", "parse.empty")):
        with pytest.raises(WordedError) as caught:
            parse_action(text)
        assert isinstance(caught.value.reason, Message) and caught.value.reason.key == key
        worded_everywhere(caught.value)
    with pytest.raises(WordedError) as caught:
        parse_card("1Q")
    assert "is not a card" in str(caught.value)


def test_every_refusal_in_random_play_is_worded_and_names_no_hidden_card() -> None:
    """Every card a seat may not play, in random hands at every table: the reason is worded
    in every language and names only cards the seat may know of (its own, the called card,
    the J♦ partner card, the card it tried)."""
    seen: set[str] = set()
    for seed in range(40):
        rules = PRESETS[sorted(PRESETS)[seed % len(PRESETS)]]
        state = new_hand(rules=rules, dealer=seed % 5, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            legal = state.legal_actions()
            if legal[0].kind.value == "play":
                allowed = {a.card for a in legal}
                known = set(cards_of(state.hands[mover])) | {parse_card("JD")}
                if state.called is not None:
                    known.add(state.called)
                if mover == state.picker and state.unknown is not None:
                    known.add(state.unknown)
                for tried in sorted(known - allowed):
                    try:
                        state.copy().apply(Action.play(tried))
                    except IllegalAction as error:
                        assert isinstance(error.reason, Message)
                        seen.add(error.reason.key)
                        for language in LANGUAGES:
                            text = error.words(language)
                            named = {parse_card(s) for s in SYMBOL.findall(text)}
                            assert named <= known | {tried}, (language, text)
            state.apply(legal[rng.randrange(len(legal))])
    assert {"illegal.follow.trump", "illegal.not_held"} <= seen or len(seen) >= 3


def test_hand_results_and_spades_scores_are_messages_with_today_s_english() -> None:
    state = hand_from(WORKED, actions=["pass"] * 5)
    rng = random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    assert state.result is not None
    reason = state.result.reason
    assert isinstance(reason, Message)
    assert state.result.to_json()["reason"] == str(reason)
    assert str(reason).startswith("leaster")
    for language in OTHERS:
        assert translate(language, reason) != str(reason)
    seat = score_seat(bid=4, tricks=5, rules=SPADES_PRESETS["standard"])
    assert seat.describe() == "bid 4, took 5 (made): +40, 1 bag (+1) = +41"
    assert translate("de", seat.summary()) == (
        "angesagt 4, gemacht 5 (erfüllt): +40, 1 Sack (+1) = +41")


def test_the_shared_words_name_cards_seats_and_moves() -> None:
    queen = parse_card("QC")
    assert [translate(language, card_name(queen)) for language in LANGUAGES] == [
        "queen of clubs", "klaverenvrouw", "Kreuz-Dame", "klöver dam", "ristirouva",
        "Ratu keriting"]
    assert translate("de", seat_name(1, seats=5)) == "West"
    assert translate("fi", seat_name(3, seats=5, viewer=3)) == "Sinä"
    assert translate("nl", seat_name(1, seats=2)) == "Tegenstander"
    bury = action_words(parse_action("bury QC 7H"))
    assert translate("en", bury) == "bury Q♣ 7♥" and translate("sv", bury) == "begrav Q♣ 7♥"
    assert action_words(parse_action("play 10D")) == "10♦"


def test_the_computers_reasons_are_worded_in_every_language() -> None:
    state = new_hand(rules=PRESETS["milwaukee"], dealer=0, seed=5)
    player = BasicPlayer()
    rng = random.Random(5)
    while not state.is_over:
        mover = state.to_move
        assert mover is not None
        action, why = explain(player, state.view(mover), rng)
        assert isinstance(why, Message)
        for language in LANGUAGES:
            assert translate(language, why)
        state.apply(action)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_engine_catalogue_holds_no_empty_words(language: str) -> None:
    words = catalogue(language, ("engine", "reasons"))
    assert all(words.values())
