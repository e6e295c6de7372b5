"""The stock: shuffled from a seed by the documented shuffle, or written out card by card."""

import pytest

from tricktable.cards import CARDS, format_cards, parse_cards
from tricktable.game import shuffled
from tricktable.spades.deal import Deal, deal_from_seed

# Golden stocks: changing these breaks every saved record and the Daily game.
GOLDEN = {
    1: "2S 5C 8C JS 7D 2D 8S QC 4C 4D 9D JC KS 9C 3D 9S 8H QS 4S 5D AS 2H 3H 10D QH 7H AC JH "
    "9H 3S 7S 6H 3C KC 7C 10C 6D JD 10H 2C 6C 8D AD 6S KD 10S 5S AH 4H KH 5H QD",
    "golden": "6S KD 7C 10C 9D 9C 8C 5H 5D QC 9S JS KH 6H 3C 7D QS 6C KS AD 5C 2S 4H KC 10H 4C "
    "JD 8H AH QH 6D 3S 8S 2C 2H 4S JC AS QD 7H 3H 9H 10D 8D 10S 4D JH AC 5S 7S 2D 3D",
}


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_stocks(seed: int | str) -> None:
    assert format_cards(deal_from_seed(seed).stock) == GOLDEN[seed]


def test_the_stock_is_the_shared_shuffle_with_purpose_spades() -> None:
    for seed in (0, 7, "x"):
        assert list(deal_from_seed(seed).stock) == shuffled(CARDS, seed, purpose="spades")
    assert deal_from_seed(7).stock != deal_from_seed(8).stock
    assert deal_from_seed(7).stock != tuple(shuffled(CARDS, 7, purpose="sheepshead"))


def test_json_round_trip() -> None:
    deal = deal_from_seed(3)
    assert Deal.from_json(deal.to_json()) == deal
    assert deal.to_json()["stock"][0] == str(deal.stock[0])


@pytest.mark.parametrize(
    "stock",
    [
        list(CARDS[:51]),  # 51 cards
        [*CARDS[:51], CARDS[0]],  # a card twice
        [*CARDS[:51], 52],  # not a card
    ],
)
def test_a_stock_holds_every_card_once(stock: list[int]) -> None:
    with pytest.raises(ValueError):
        Deal(tuple(stock))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [
        {"stock": "AS KS"},
        {"stock": [1, 2]},
        {"cards": [str(c) for c in CARDS]},
        {"stock": [str(c) for c in CARDS[:51]]},
        ["AS"],
    ],
)
def test_bad_json_deals_are_refused(data: object) -> None:
    with pytest.raises(ValueError):
        Deal.from_json(data)


def test_text_form() -> None:
    deal = Deal(parse_cards(" ".join(str(c) for c in CARDS)))
    assert str(deal).startswith("stock: 2C 3C")
