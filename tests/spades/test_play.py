"""Play: the second player leads, follow suit, spades broken, the highest spade wins."""

from collections.abc import Sequence

import pytest

from tests.spades.helpers import ALL_SPADES, MIXED, act, apply_all, hand_after_draw
from tricktable.cards import parse_card, parse_cards
from tricktable.game import Action, IllegalAction
from tricktable.spades.deck import follower_wins, sort_hand, trick_winner_card
from tricktable.spades.events import SpadesBroken, TrickWon
from tricktable.spades.state import HandState, Phase


def playing(first_hand: str, second_hand: str, *, first: int = 0) -> HandState:
    """Both kept every card and bid 3: the play is about to begin."""
    return apply_all(hand_after_draw(first_hand, second_hand, first=first), ["bid 3", "bid 3"])


def plays(actions: Sequence[Action]) -> set[str]:
    return {str(a.card) for a in actions}


@pytest.mark.parametrize("first", [0, 1])
def test_the_second_player_leads_the_first_trick(first: int) -> None:
    state = playing(*MIXED, first=first)
    assert state.phase is Phase.PLAY and state.to_move == 1 - first == state.leader


def test_no_spade_lead_before_spades_are_broken() -> None:
    state = playing(*MIXED)  # seat 1 leads, holding QS JS 3S and other suits
    assert plays(state.legal_actions()) == {"JH", "10H", "3H", "QC", "JC", "3C", "QD", "JD",
                                            "10D", "3D"}
    before = state.copy()
    with pytest.raises(IllegalAction, match="Spades are not broken"):
        state.apply(act("play QS"))
    assert state.events == before.events and state.hands == before.hands
    assert state.history == before.history and state.legal_play_mask() == before.legal_play_mask()


def test_follow_suit_when_you_can() -> None:
    state = playing(*MIXED)
    state.apply(act("play 3H"))
    assert plays(state.legal_actions()) == {"AH", "KH", "QH", "2H"}
    with pytest.raises(IllegalAction, match="You must follow hearts"):
        state.apply(act("play AS"))
    with pytest.raises(IllegalAction, match="You do not hold"):
        state.apply(act("play QS"))


def test_a_ruff_breaks_spades_and_wins_then_spades_may_be_led() -> None:
    first = "AS KS 2S AH KH QH JH 10H 9H 8H 7H 6H 5H"
    second = "QS JS 3S AC KC QC JC 10C 9C 8C 7C 6C 5C"
    state = playing(first, second)
    state.apply(act("play 5C"))  # seat 1 leads a club; seat 0 has none
    assert plays(state.legal_actions()) == {"AS", "KS", "2S", "AH", "KH", "QH", "JH", "10H",
                                            "9H", "8H", "7H", "6H", "5H"}
    assert not state.spades_broken
    state.apply(act("play 2S"))
    assert state.spades_broken and SpadesBroken(0) in state.events
    assert state.events[-1] == TrickWon(0, 1) and state.tricks[-1].winner == 0
    assert state.to_move == 0  # the winner leads
    assert "AS" in plays(state.legal_actions())
    state.apply(act("play AS"))
    assert plays(state.legal_actions()) == {"QS", "JS", "3S"}  # follow spades


def test_discarding_off_suit_does_not_break_spades_and_loses() -> None:
    state = playing(*MIXED)
    apply_all(state, ["play QC", "play AC"])  # seat 0 follows and wins, and leads hearts
    apply_all(state, ["play AH", "play 3H", "play KH", "play 10H", "play QH", "play JH"])
    state.apply(act("play 2H"))
    # Seat 1 has no heart left: any card, a spade allowed but not required.
    assert plays(state.legal_actions()) == {"QS", "JS", "3S", "JC", "3C", "QD", "JD", "10D", "3D"}
    state.apply(act("play 3C"))
    assert state.tricks[-1].winner == 0 and not state.spades_broken
    assert state.tricks_won == [5, 0] and state.to_move == 0


def test_a_hand_of_only_spades_may_lead_a_spade_and_that_breaks_spades() -> None:
    hearts, spades = ALL_SPADES
    state = playing(hearts, spades)  # seat 1 (second) holds only spades and leads
    assert plays(state.legal_actions()) == {str(c) for c in parse_cards(spades)}
    state.apply(act("play 2S"))
    assert state.spades_broken and state.events[-1] == SpadesBroken(1)
    state.apply(act("play 2H"))  # seat 0 has no spade: any card
    assert state.tricks[-1].winner == 1


def test_thirteen_tricks_then_the_hand_is_scored() -> None:
    hearts, spades = ALL_SPADES
    state = playing(hearts, spades)
    while state.to_move is not None:
        state.apply(state.legal_actions()[0])
    assert len(state.tricks) == 13 and state.tricks_won == [0, 13]
    assert state.phase is Phase.OVER and state.result is not None
    assert state.legal_actions() == ()
    with pytest.raises(IllegalAction, match="over"):
        state.apply(act("play 2S"))
    with pytest.raises(IllegalAction, match="over"):
        state.apply(act("play 2S"), seat=1)


@pytest.mark.parametrize(
    ("led", "follow", "wins"),
    [
        ("5H", "9H", True),   # higher of the led suit
        ("9H", "5H", False),
        ("AH", "2S", True),   # any spade beats a non-spade
        ("2S", "AH", False),  # a non-spade never beats a spade lead
        ("3S", "4S", True),   # the higher spade
        ("AS", "KS", False),
        ("5H", "AC", False),  # off-suit, not a spade
    ],
)
def test_who_takes_a_trick(led: str, follow: str, wins: bool) -> None:
    assert follower_wins(parse_card(led), parse_card(follow)) is wins
    expected = follow if wins else led
    assert str(trick_winner_card(parse_card(led), parse_card(follow))) == expected


def test_hand_order_for_display() -> None:
    assert [str(c) for c in sort_hand(parse_cards("2C AD 3S KH AS"))] == [
        "AS", "3S", "KH", "2C", "AD"
    ]
