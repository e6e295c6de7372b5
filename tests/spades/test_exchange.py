"""The double-nil exchange: after the draw, before the bidding, up to three cards."""

import hashlib

import pytest

from tests.spades.helpers import act
from tricktable.cards import CARDS, cards_of, mask_of, parse_cards
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, IllegalAction, derive_seed
from tricktable.spades.events import Exchanged
from tricktable.spades.exchange import ExchangeOptions, exchange_action, exchange_draw
from tricktable.spades.state import HandState, Phase, new_hand


def drawn(*, seed: object = 4, first: int = 0, double_nil: tuple[int, ...] = (0,),
          exchange_seed: object = None) -> HandState:
    """A hand after the draw in which the seats in ``double_nil`` declared double nil."""
    state = new_hand(seed=seed, first=first, exchange_seed=exchange_seed)  # type: ignore[arg-type]
    for k in range(26):
        if state.to_move in double_nil and not state.double_nil[state.to_move]:
            state.apply(DOUBLE_NIL)
        state.apply(KEEP if k % 2 else REJECT)
    return state


def test_the_exchange_comes_after_the_draw_and_before_the_bidding() -> None:
    state = drawn(first=0, double_nil=(0,))
    assert state.phase is Phase.EXCHANGE and state.to_move == 0
    state.apply(Action.exchange(()))
    assert state.phase is Phase.BID and state.to_move == 1
    state.apply(act("bid 4"))
    # The double-nil player does not bid: play begins, the second player leads.
    assert state.phase is Phase.PLAY and state.to_move == 1
    assert state.bids == [0, 4] and state.double_nil == [True, False]


def test_both_double_nil_exchange_second_player_first_then_play() -> None:
    state = drawn(first=1, double_nil=(0, 1))
    assert state.phase is Phase.EXCHANGE and state.to_move == 0  # seat 0 is second
    state.apply(Action.exchange(()))
    assert state.phase is Phase.EXCHANGE and state.to_move == 1
    state.apply(Action.exchange(()))
    assert state.phase is Phase.PLAY and state.to_move == 0


def test_the_choices_are_every_set_of_up_to_three_cards() -> None:
    state = drawn()
    options = state.legal_actions()
    assert isinstance(options, ExchangeOptions)
    assert len(options) == 1 + 13 + 78 + 286
    as_tuple = tuple(options)
    assert options == as_tuple and as_tuple == tuple(options[i] for i in range(len(options)))
    assert len(set(as_tuple)) == 378
    assert as_tuple[0] == Action.exchange(())
    hand = state.hands[0]
    assert all(len(a.cards) <= 3 and mask_of(a.cards) & ~hand == 0 for a in as_tuple)
    assert all(a in options for a in as_tuple[::17])
    assert options[-1] is as_tuple[-1] and options[5:8] == as_tuple[5:8]
    assert options.index(as_tuple[200]) == 200
    assert hash(options) == hash(as_tuple)
    outsider = next(c for c in CARDS if not (1 << c) & hand)
    assert Action.exchange([outsider]) not in options
    assert Action.exchange(list(cards_of(hand))[:4]) not in options
    assert KEEP not in options
    assert options != as_tuple[:-1] and options != "exchange"
    assert options == ExchangeOptions(hand) and options != ExchangeOptions(hand ^ (1 << outsider))


def test_exchanging_three_cards_draws_three_from_the_pile() -> None:
    state = drawn(exchange_seed="fixed")
    hand_before, pile_before = state.hands[0], state.pile
    give = list(cards_of(hand_before))[:3]
    state.apply(Action.exchange(give))
    expected = exchange_draw(pile_before, 3, derive_seed("fixed", 0))
    received = mask_of(expected)
    assert received & pile_before == received  # from the discard pile as it lay
    assert not received & mask_of(give)  # never the cards just given up
    assert state.hands[0] == hand_before & ~mask_of(give) | received
    assert state.hands[0].bit_count() == 13
    assert state.pile == pile_before & ~received | mask_of(give)
    assert state.pile.bit_count() == 26
    assert state.events[-1] == Exchanged(0, 3, tuple(sorted(give)), expected)
    assert state.given[0] == mask_of(give) and state.received[0] == received


def test_exchanging_nothing_changes_nothing_but_the_phase() -> None:
    state = drawn()
    hand_before, pile_before = state.hands[0], state.pile
    state.apply(act("exchange"))
    assert state.hands[0] == hand_before and state.pile == pile_before
    assert state.events[-1] == Exchanged(0, 0, (), ())


def test_the_draw_depends_only_on_the_exchange_seed() -> None:
    def received(exchange_seed: str) -> int:
        state = drawn(exchange_seed=exchange_seed)
        state.apply(Action.exchange(list(cards_of(state.hands[0]))[:3]))
        return state.received[0]

    assert received("a") == received("a")
    assert len({received(s) for s in "abcdef"}) > 1


def test_bad_exchanges_are_refused_and_change_nothing() -> None:
    state = drawn()
    hand = list(cards_of(state.hands[0]))
    outsider = next(c for c in CARDS if not (1 << c) & state.hands[0])
    before = state.copy()
    cases = [
        (Action.exchange(hand[:4]), "at most 3"),
        (Action.exchange([outsider]), "do not hold"),
        (Action(act("exchange").kind, (hand[0], hand[0])), "once"),
        (act("bid 3"), "exchange up to three"),
        (KEEP, "exchange up to three"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalAction, match=message):
            state.apply(action)
    assert state.events == before.events and state.hands == before.hands
    with pytest.raises(IllegalAction, match="not your turn"):
        state.apply(act("exchange"), seat=1)


def test_exchange_draw_follows_its_documented_algorithm() -> None:
    pile = mask_of(parse_cards("2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AC "
                               "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"))
    stream = hashlib.shake_256(b"tricktable/spades-exchange/s:x").digest(24)
    remaining = list(cards_of(pile))
    expected = []
    for k in range(3):
        r = int.from_bytes(stream[8 * k: 8 * k + 8], "big")
        expected.append(remaining.pop(r % len(remaining)))
    assert exchange_draw(pile, 3, "x") == tuple(sorted(expected)) == parse_cards("7C 7D KD")
    assert exchange_draw(pile, 0, "x") == ()
    assert exchange_draw(pile, 2, "x") != exchange_draw(pile, 2, "y")
    with pytest.raises(ValueError):
        exchange_draw(mask_of(parse_cards("2C 3C")), 3, "x")


def test_exchange_actions_are_shared() -> None:
    a, b = parse_cards("3D 2C")
    assert exchange_action([a, b]) is exchange_action([b, a])
    assert exchange_action([a, b]) == Action.exchange([a, b])
