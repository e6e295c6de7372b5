import hashlib
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import CARDS, card
from tricktable.game import (
    Action,
    ActionKind,
    RandomPlayer,
    derive_seed,
    parse_action,
    seed_text,
    shuffled,
)
from tricktable.game import _key_order as key_order

TEXTS = [
    "pass", "pick", "alone", "keep", "reject", "double-nil", "bury QC 7H", "call AH",
    "call 10S", "call AH unknown 8C", "play 10D", "bid 4", "bid nil", "bid 13", "exchange 2C 3D",
    "exchange",
]


@pytest.mark.parametrize("text", TEXTS)
def test_action_text_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action
    assert eval(repr(action), {"parse_action": parse_action}) == action


def test_parsing_normalises_order_and_spelling() -> None:
    assert parse_action("bury 7H QC") == parse_action("bury QC 7H")
    assert parse_action("  PLAY  q♣ ") == Action.play(card("QC"))
    assert parse_action("bid 0") == parse_action("bid nil")
    assert parse_action("call AH unknown 8C").cards == (card("AH"), card("8C"))
    assert parse_action("play QC") is Action.play(card("QC"))


@pytest.mark.parametrize(
    ("text", "message"),
    [("", "empty"), ("jump", "not an action"), ("pass now", "nothing after"),
     ("bury QC", "two different"), ("bury QC QC", "two different"), ("play", "one card"),
     ("play QC 7H", "one card"), ("bid", "bid N"), ("bid lots", "not a bid"),
     ("call", "call AH"), ("play 1X", "not a card"), ("exchange 2C 2C", "once")],
)
def test_bad_action_text_is_explained(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_action(text)


@given(st.integers() | st.text())
def test_shuffle_is_a_permutation_and_depends_only_on_the_seed(seed: int | str) -> None:
    first = shuffled(CARDS, seed, purpose="test")
    assert sorted(first) == list(CARDS)
    assert shuffled(CARDS, seed, purpose="test") == first


def test_shuffle_is_pinned() -> None:
    # Deals of every future version depend on these exact orders.
    assert [str(c) for c in shuffled(CARDS[:10], 42, purpose="test")] == [
        "7C", "6C", "10C", "JC", "2C", "8C", "5C", "9C", "4C", "3C",
    ]
    assert shuffled(range(5), "daily", purpose="test") == [0, 4, 1, 3, 2]


@given(st.integers() | st.text(), st.integers(min_value=1, max_value=60))
def test_shuffle_follows_the_documented_algorithm(seed: int | str, count: int) -> None:
    # An independent reading of the docstring: SHAKE-256, 64-bit big-endian keys, sort by key.
    message = ("tricktable/doc/" + ("i:" if isinstance(seed, int) else "s:") + str(seed)).encode()
    data = hashlib.shake_256(message).digest(8 * count)
    keys = [int.from_bytes(data[8 * i : 8 * i + 8], "big") for i in range(count)]
    expected = sorted(range(count), key=lambda i: (keys[i], i))
    assert shuffled(list(range(count)), seed, purpose="doc") == expected


@given(st.lists(st.integers(min_value=0, max_value=2**64 - 1), min_size=1, max_size=70),
       st.data())
def test_key_order_with_near_and_equal_keys(keys: list[int], data: st.DataObject) -> None:
    # Copy a key's top bits (or all of it) to others: the fast path must give these up.
    for _ in range(data.draw(st.integers(min_value=0, max_value=3))):
        source = data.draw(st.integers(min_value=0, max_value=len(keys) - 1))
        target = data.draw(st.integers(min_value=0, max_value=len(keys) - 1))
        low_bits = data.draw(st.sampled_from([0, 39, 40, 41, 64]))
        mask = (1 << low_bits) - 1
        keys[target] = (keys[source] & ~mask) | (keys[target] & mask)
    stream = b"".join(key.to_bytes(8, "big") for key in keys)
    assert key_order(stream, len(keys)) == sorted(range(len(keys)), key=lambda i: (keys[i], i))


def test_seeds_of_different_types_and_purposes_differ() -> None:
    assert seed_text(1) != seed_text("1")
    assert shuffled(CARDS, 1) != shuffled(CARDS, "1")
    assert shuffled(CARDS, 1, purpose="a") != shuffled(CARDS, 1, purpose="b")
    assert derive_seed(7, "deal", 3) == "i:7/deal/3"
    with pytest.raises(ValueError):
        seed_text(True)  # type: ignore[arg-type]


def test_shuffle_is_close_to_uniform() -> None:
    counts = [0] * 4
    for seed in range(4000):
        counts[shuffled(range(4), seed).index(0)] += 1
    assert all(900 < count < 1100 for count in counts), counts


class _View:
    seat = 0
    legal_actions = (parse_action("pass"), parse_action("pick"))

    def to_json(self) -> dict[str, object]:
        return {}


def test_random_player_chooses_legal_actions_reproducibly() -> None:
    player = RandomPlayer()
    choices = [player.choose(_View(), random.Random(5)) for _ in range(3)]
    assert len(set(choices)) == 1 and choices[0].kind in (ActionKind.PASS, ActionKind.PICK)
