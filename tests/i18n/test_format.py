"""Formatting messages: placeholders, numbers, plural forms and nested messages, per language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tricktable.i18n import (
    LANGUAGES,
    PSEUDO_LANGUAGE,
    Message,
    catalogue,
    language_names,
    negotiate,
    parse_language,
    translate,
)
from tricktable.i18n import catalogues as catalogue_module
from tricktable.i18n.pseudo import pseudolocalise


@pytest.fixture
def messages(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A small catalogue of our own in every language, in place of the product's."""
    words = {
        "en": {"cards": {"one": "{count} card", "other": "{count} cards"},
               "follow": "You must follow {suit}.", "suit.hearts": "hearts",
               "score": "{name} scores {points}."},
        "de": {"cards": {"one": "{count} Karte", "other": "{count} Karten"},
               "follow": "Du musst {suit} bedienen.", "suit.hearts": "Herz"},
        "id": {"cards": {"other": "{count} kartu"}},
    }

    def load(language: str, domain: str) -> dict[str, object]:
        return dict(words.get(language, {})) if domain == "common" else {}

    monkeypatch.setattr(catalogue_module, "_load", load)
    catalogue_module._merged.cache_clear()
    catalogue_module._pseudo.cache_clear()
    yield
    catalogue_module._merged.cache_clear()
    catalogue_module._pseudo.cache_clear()


@pytest.mark.usefixtures("messages")
class TestTranslate:
    def test_plural_forms_follow_the_language(self) -> None:
        assert translate("en", "cards", count=1) == "1 card"
        assert translate("en", "cards", count=3) == "3 cards"
        assert translate("de", "cards", count=1) == "1 Karte"
        assert translate("id", "cards", count=1) == "1 kartu"

    def test_numbers_are_written_in_the_language_s_style(self) -> None:
        assert translate("en", "cards", count=1200) == "1,200 cards"
        assert translate("de", "cards", count=1200) == "1.200 Karten"

    def test_a_nested_message_is_translated_in_the_same_language(self) -> None:
        follow = Message("follow", {"suit": Message("suit.hearts")})
        assert translate("en", follow) == "You must follow hearts."
        assert translate("de", follow) == "Du musst Herz bedienen."
        assert str(follow) == "You must follow hearts."

    def test_a_missing_translation_falls_back_to_english(self) -> None:
        assert translate("nl", "follow", suit="x") == "You must follow x."
        assert translate("id", "score", name="Ann", points=3) == "Ann scores 3."

    def test_a_missing_key_or_parameter_is_an_error_not_a_blank(self) -> None:
        with pytest.raises(KeyError, match="nope"):
            translate("en", "nope")
        with pytest.raises(KeyError, match="suit"):
            translate("en", "follow")

    def test_messages_round_trip_through_json(self) -> None:
        follow = Message("follow", {"suit": Message("suit.hearts"), "n": 2})
        hearts = {"key": "suit.hearts", "params": {}}
        assert follow.to_json() == {"key": "follow", "params": {"suit": hearts, "n": 2}}
        assert Message.from_json(follow.to_json()) == follow

    def test_the_pseudo_language_is_longer_accented_and_keeps_placeholders(self) -> None:
        text = translate(PSEUDO_LANGUAGE, "follow", suit="X")
        english = translate("en", "follow", suit="X")
        assert len(text) >= 1.35 * len(english)
        assert "X" in text and "Ýöü" in text

    def test_an_unknown_language_is_refused(self) -> None:
        with pytest.raises(ValueError, match="unknown language 'xx'"):
            catalogue("xx")


def test_pseudolocalise_keeps_markdown_link_targets() -> None:
    text = pseudolocalise("See [the rules](/rules?game=spades) for {game}.")
    assert "](/rules?game=spades)" in text and "{game}" in text


@pytest.mark.parametrize(
    ("header", "chosen", "expected"),
    [
        (None, None, "en"),
        ("de-DE,de;q=0.9,en;q=0.8", None, "de"),
        ("fr-FR,fr;q=0.9,nl;q=0.5,en;q=0.4", None, "nl"),
        ("en;q=0.5, fi", None, "fi"),
        ("sv-SE", "id", "id"),
        ("sv-SE", "xx", "sv"),
        ("fr, ja", None, "en"),
        ("de;q=0", None, "en"),
        ("in-ID", None, "id"),
        ("en-XA", None, "en"),
        (None, "en-XA", "en-XA"),
        ("de;q=bad, nl", None, "nl"),
    ],
)
def test_negotiate(header: str | None, chosen: str | None, expected: str) -> None:
    assert negotiate(header, chosen) == expected


def test_parse_language() -> None:
    assert parse_language("DE_at") == "de"
    assert parse_language("") is None
    assert parse_language("klingon") is None


def test_every_language_is_offered_by_its_own_name() -> None:
    names = language_names()
    assert list(names) == list(LANGUAGES)
    assert names["de"] == "Deutsch" and names["fi"] == "Suomi"
