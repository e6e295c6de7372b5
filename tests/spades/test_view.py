"""Views: what a seat may know, and nothing else."""

import json
import random

from tests.spades.helpers import MIXED, apply_all, hand_after_draw, play_randomly
from tests.spades.leaks import assert_view_does_not_leak, card_strings
from tricktable.cards import cards_of
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action
from tricktable.spades.events import Drew, Exchanged, event_json, redact
from tricktable.spades.state import Phase, new_hand


def test_every_view_of_every_state_of_random_hands_hides_what_it_must() -> None:
    rng = random.Random(1)
    for seed in range(120):
        state = new_hand(seed=seed, first=seed % 2)
        while True:
            for seat in (0, 1):
                assert_view_does_not_leak(state, seat)
            if state.to_move is None:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def test_the_scanner_finds_hidden_cards() -> None:
    # The leak check itself must be able to fail: the other hand's cards are found.
    state = hand_after_draw(*MIXED)
    data = state.view(0).to_json()
    data["hand"] = [str(c) for c in state.hand(1)]
    assert card_strings(data) & set(state.hand(1))
    assert card_strings({"a": ["play AS", "exchange 2C 10D"]}) == set(
        cards_of((1 << 25) | (1 << 0) | (1 << 47))
    )


def test_the_draw_view() -> None:
    state = new_hand(seed=8, first=1)
    stock = state.deal.stock
    view = state.view(1)
    assert view.top_card == stock[0] and view.legal_actions == (KEEP, REJECT, DOUBLE_NIL)
    other = state.view(0)
    assert other.top_card is None and other.legal_actions == () and not other.my_turn
    state.apply(KEEP)
    state.apply(REJECT)
    mine = state.view(1)
    assert mine.hand == (stock[0],) and mine.taken == (stock[0],)
    assert mine.discarded == (stock[1],)
    theirs = state.view(0)
    assert theirs.taken == (stock[3],) and theirs.discarded == (stock[2],)
    assert theirs.card_counts == (1, 1) and theirs.stock_left == 48
    assert theirs.events[0] == Drew(1, None, None, None)
    assert mine.events[1] == Drew(0, None, None, None)


def test_the_exchange_is_private_but_its_size_is_public() -> None:
    state = new_hand(seed=6)
    state.apply(DOUBLE_NIL)
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    give = list(cards_of(state.hands[0]))[:2]
    state.apply(Action.exchange(give))
    mine, theirs = state.view(0), state.view(1)
    assert mine.exchange_given == tuple(give) and mine.exchange_received is not None
    assert set(mine.exchange_received) <= set(mine.hand)
    assert theirs.exchange_given is None and theirs.exchange_received is None
    assert theirs.exchanged == (2, None) == mine.exchanged
    assert theirs.double_nil == (True, False) and theirs.bids == (0, None)
    assert theirs.events[-1] == Exchanged(0, 2, None, None)
    assert json.loads(json.dumps(theirs.to_json()))["bids"] == ["double-nil", None]


def test_the_play_view() -> None:
    state = apply_all(hand_after_draw(*MIXED), ["bid 4", "bid nil", "play QC", "play AC",
                                                 "play AH"])
    view = state.view(1)
    assert view.phase is Phase.PLAY and view.my_turn and view.opponent == 0
    assert view.bids == (0, 4) and view.tricks_won == (1, 0)
    assert [str(c) for c in view.current_trick.cards] == ["AH"] and view.current_trick.leader == 0
    assert [str(c) for c in view.played_cards] == ["QC", "AC", "AH"]
    assert view.tricks[0].plays == ((1, view.tricks[0].cards[0]), (0, view.tricks[0].cards[1]))
    assert {str(a) for a in view.legal_actions} == {"play JH", "play 10H", "play 3H"}
    assert view.card_counts == (11, 12)
    assert [str(c) for c in view.hand][:3] == ["QS", "JS", "3S"]
    data = view.to_json()
    assert data["current_trick"] == {"leader": 0, "cards": ["AH"], "winner": None}
    assert data["legal_actions"] == ["play 3H", "play 10H", "play JH"]


def test_the_finished_view_holds_the_result() -> None:
    state = play_randomly(new_hand(seed=4), random.Random(4))
    view = state.view(0)
    assert view.is_over and view.result == state.result and view.legal_actions == ()
    data = view.to_json()
    assert data["result"]["scores"] == list(state.result.scores)  # type: ignore[union-attr]
    assert data["events"][-1]["type"] == "HandScored"


def test_redact_and_event_json() -> None:
    event = Drew(0, True, *cards_of(3))
    assert redact(event, viewer=0) is event
    assert redact(event, viewer=1) == Drew(0, None, None, None)
    assert event_json(event) == {"type": "Drew", "seat": 0, "kept": True, "taken": "2C",
                                 "discarded": "3C"}
    assert event_json(Exchanged(1, 1, (), ())) == {
        "type": "Exchanged", "seat": 1, "swapped": 1, "given": [], "received": []
    }
