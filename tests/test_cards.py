import pytest

from tricktable.cards import (
    CARDS,
    Rank,
    Suit,
    card,
    cards_of,
    format_cards,
    mask_of,
    parse_card,
    parse_cards,
    popcount,
)


def test_every_card_round_trips_through_its_text() -> None:
    for c in CARDS:
        assert parse_card(str(c)) is c
        assert parse_card(c.symbol) is c
        assert eval(repr(c), {"card": card}) is c


@pytest.mark.parametrize(
    ("text", "expected"),
    [("QC", "QC"), ("10D", "10D"), ("7H", "7H"), ("Q♣", "QC"), ("10♦", "10D"), ("th", "10H"),
     ("as", "AS"), (" 9♠ ", "9S"), ("J♡", "JH")],
)
def test_parsing_accepts_the_usual_spellings(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize("text", ["", "Q", "1C", "QX", "11D", "QCC"])
def test_bad_card_text_says_what_was_wrong(text: str) -> None:
    with pytest.raises(ValueError, match="not a card"):
        parse_card(text)


def test_card_properties() -> None:
    queen = card("QC")
    assert queen.suit is Suit.CLUBS and queen.rank is Rank.QUEEN
    assert card("10D").rank.text == "10" and card("10D").symbol == "10♦"
    assert f"{card('AS'):>4}" == "  AS"


def test_masks_and_lists_convert_both_ways() -> None:
    cards = parse_cards("QC 7H 10D AS")
    mask = mask_of(cards)
    assert popcount(mask) == 4
    assert sorted(cards_of(mask)) == sorted(cards)
    assert format_cards(cards) == "QC 7H 10D AS"
    assert format_cards(cards, symbols=True) == "Q♣ 7♥ 10♦ A♠"
    assert parse_cards("QC, 7H") == (card("QC"), card("7H"))
