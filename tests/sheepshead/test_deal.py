import pytest

from tricktable.cards import parse_cards
from tricktable.game import shuffled
from tricktable.sheepshead.deal import Deal, deal_from_seed, unchecked_deal
from tricktable.sheepshead.deck import DECK

# Golden deals: these must never change, the Daily game and saved games depend on them.
GOLDEN = {
    0: {"hands": [["KH", "10D", "AS", "7C", "AD", "AH"], ["KC", "7H", "KD", "9H", "QD", "9S"],
                  ["10C", "QH", "JC", "JS", "10S", "KS"], ["9C", "JD", "8D", "7D", "10H", "QS"],
                  ["JH", "QC", "8H", "8S", "7S", "8C"]], "blind": ["9D", "AC"]},
    1: {"hands": [["7C", "QS", "9D", "KS", "9S", "10H"], ["9H", "8C", "JS", "KC", "AS", "7S"],
                  ["9C", "JD", "JH", "10C", "KH", "QH"], ["AC", "10S", "AD", "AH", "8H", "10D"],
                  ["QC", "JC", "8D", "7D", "KD", "7H"]], "blind": ["QD", "8S"]},
    "daily-2026-11-30": {
        "hands": [["JD", "AC", "KH", "KS", "9C", "9D"], ["9S", "QD", "JS", "QH", "8D", "7S"],
                  ["7H", "10H", "AD", "10C", "8C", "QC"], ["AH", "8H", "JH", "10D", "JC", "7C"],
                  ["7D", "AS", "KD", "9H", "KC", "8S"]], "blind": ["10S", "QS"]},
}


@pytest.mark.parametrize("seed", list(GOLDEN))
def test_golden_deals(seed: int | str) -> None:
    assert deal_from_seed(seed, 0).to_json() == GOLDEN[seed]


def test_dealing_goes_three_blind_three_from_the_dealers_left() -> None:
    deck = shuffled(DECK, 9, purpose="sheepshead")
    for dealer in range(5):
        dealt = deal_from_seed(9, dealer)
        first = (dealer + 1) % 5
        assert dealt.hands[first] == (*deck[0:3], *deck[17:20])
        assert dealt.hands[dealer] == (*deck[12:15], *deck[29:32])
        assert dealt.blind == tuple(deck[15:17])


def test_a_deal_round_trips_through_json_and_is_validated() -> None:
    dealt = deal_from_seed("x", 2)
    assert Deal.from_json(dealt.to_json()) == dealt
    broken = dealt.to_json()
    broken["blind"] = [broken["hands"][0][0], broken["blind"][1]]
    with pytest.raises(ValueError, match="exactly once"):
        Deal.from_json(broken)
    with pytest.raises(ValueError, match="six cards"):
        Deal(hands=(parse_cards("QC"),) * 5, blind=parse_cards("7H 8H"))
    with pytest.raises(ValueError, match="hands"):
        Deal.from_json({"hands": []})


@pytest.mark.parametrize("seed", [1, "unchecked", 77])
def test_unchecked_deal_builds_what_the_checked_one_would(seed: int | str) -> None:
    dealt = deal_from_seed(seed, 2)
    hands = [sum(1 << c for c in hand) for hand in dealt.hands]
    checked = Deal(hands=tuple(tuple(sorted(h)) for h in dealt.hands), blind=dealt.blind)
    unchecked = unchecked_deal(hands, dealt.blind)
    assert unchecked == checked
    assert unchecked.hands == checked.hands
    assert unchecked.masks == checked.masks
