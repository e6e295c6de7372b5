"""A golden transcript: one whole hand, pinned action by action, with a double-nil exchange.

If this fails, the draw, the exchange's random draw, the play or the scoring has changed, and
every saved record with it.
"""

from tricktable.cards import parse_cards
from tricktable.spades.events import Exchanged
from tricktable.spades.records import hand_record, hand_summary, replay_hand

_ACTIONS = (
    "1 double-nil|1 keep|0 keep|1 reject|0 keep|1 keep|0 keep|1 keep|0 keep|1 reject|0 keep|"
    "1 keep|0 keep|1 keep|0 keep|1 keep|0 keep|1 reject|0 keep|1 reject|0 reject|1 keep|0 keep|"
    "1 reject|0 reject|1 reject|0 keep|1 exchange 2S 6S 4D|0 bid 3|0 play 7D|1 play 2D|"
    "0 play 3H|1 play 4H|1 play 8C|0 play 3C|1 play 3D|0 play AD|0 play KH|1 play 2H|0 play JD|"
    "1 play 10D|0 play 7H|1 play QH|1 play 2C|0 play 9H|1 play 6D|0 play 9D|0 play 8S|"
    "1 play 10S|1 play KC|0 play AS|0 play 5S|1 play 8D|0 play JS|1 play AC"
)

RECORD = {
    "game": "spades",
    "first": 1,
    "seed": 42,
    "actions": [[int(item[0]), item[2:]] for item in _ACTIONS.split("|")],
}


def test_golden_hand() -> None:
    state = replay_hand(RECORD)
    assert hand_summary(state) == {
        "game": "spades",
        "over": True,
        "first": 1,
        "bids": [3, "double-nil"],
        "tricks": [8, 5],
        "scores": [35, -195],
        "totals": [35, -195],
        "bags": [5, 5],
        "trick_winners": [0, 1, 1, 0, 0, 0, 1, 1, 0, 1, 0, 0, 0],
    }
    exchanged = [e for e in state.events if isinstance(e, Exchanged)]
    assert exchanged == [Exchanged(1, 3, parse_cards("2S 6S 4D"), parse_cards("6D 8D 10D"))]
    assert hand_record(state) == RECORD
