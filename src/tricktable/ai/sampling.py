"""Dealing unseen cards into places ("slots") consistently with what a player knows.

A slot is a place cards can be: another player's hand, the bury, the blind, a Spades stock.
Each has a capacity (how many unseen cards it holds) and each card a set of slots it may be in
(a player who showed out of a suit cannot hold that suit).  :func:`sample_slots` deals every
unseen card so that each slot is filled exactly, no card goes where it may not, and each
"at least one of these cards" demand holds.

It is rejection-free: before each card is placed it checks, with Hall's condition over the
classes of cards that share the same allowed slots, that the rest can still be placed, so it
never dead-ends and never returns an inconsistent deal.  Cards are placed in random order, each
into an allowed slot chosen with probability proportional to its remaining room; this is close
to, but not exactly, uniform over consistent deals, and the players re-weight samples anyway.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Demand", "NoConsistentDeal", "sample_slots", "shuffle"]


class NoConsistentDeal(ValueError):
    """The constraints admit no deal at all (the knowledge contradicts itself)."""


@dataclass(frozen=True, slots=True)
class Demand:
    """Slot ``slot`` must receive at least one of ``cards`` (card values)."""

    slot: int
    cards: frozenset[int]


def _feasible(counts: dict[int, int], capacity: list[int]) -> bool:
    """Hall's condition: every union of card classes fits into the slots it may use.

    Cards that may go anywhere only need the totals to match, so only the other classes are
    combined (there are few of them: one per suit a player showed out of, and the specials).
    """
    if sum(counts.values()) != sum(capacity):
        return False
    everywhere = (1 << len(capacity)) - 1
    classes = [(allowed, n) for allowed, n in counts.items() if n and allowed != everywhere]
    size = len(classes)
    for subset in range(1, 1 << size):
        need = 0
        union = 0
        for k in range(size):
            if subset >> k & 1:
                allowed, n = classes[k]
                need += n
                union |= allowed
        room = 0
        slot = 0
        while union:
            if union & 1:
                room += capacity[slot]
            union >>= 1
            slot += 1
        if need > room:
            return False
    return True


def _weighted_choice(choices: list[int], room: list[int], rng: random.Random) -> int:
    """``rng.choices(choices, [room[s] for s in choices])[0]``, drawing the same number from
    ``rng`` and returning the same slot (compiled, without the library's interpreted code):
    the first slot whose running total of room exceeds ``random() * total``."""
    cumulative: list[int] = []
    total = 0
    for slot in choices:
        total += room[slot]
        cumulative.append(total)
    point = rng.random() * (total + 0.0)
    last = len(choices) - 1
    low, high = 0, last
    while low < high:  # bisect_right over cumulative[:last]
        middle = (low + high) // 2
        if point < cumulative[middle]:
            high = middle
        else:
            low = middle + 1
    return choices[low]


def shuffle(items: list[int], rng: random.Random) -> None:
    """``rng.shuffle(items)``: the same order from the same draws, compiled instead of the
    library's interpreted loop (for a plain ``random.Random``; any other generator shuffles
    its own way)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


def sample_slots(
    cards: Sequence[int],
    allowed: Sequence[int],
    capacity: Sequence[int],
    rng: random.Random,
    demands: Sequence[Demand] = (),
) -> list[list[int]]:
    """Deal ``cards`` into slots: ``allowed[i]`` is the bitmask of slots card ``i`` may go to,
    ``capacity[s]`` how many cards slot ``s`` takes.  Returns the cards of each slot.

    Raises :class:`NoConsistentDeal` if no deal satisfies the constraints.
    """
    if len(cards) != len(allowed):
        raise ValueError("Every card needs its allowed slots.")
    room = list(capacity)
    counts: dict[int, int] = {}
    for mask in allowed:
        counts[mask] = counts.get(mask, 0) + 1
    if not _feasible(counts, room):
        raise NoConsistentDeal("No deal fits what is known.")
    slots: list[list[int]] = [[] for _ in capacity]
    placed = [False] * len(cards)
    for demand in demands:
        if any(c in demand.cards for c in slots[demand.slot]):
            continue
        options = [
            i for i in range(len(cards))
            if not placed[i] and cards[i] in demand.cards and allowed[i] >> demand.slot & 1
            and _can_place(allowed[i], demand.slot, counts, room)
        ]
        if not options:
            raise NoConsistentDeal("No deal fits what is known.")
        index = rng.choice(options)
        _place(allowed[index], demand.slot, counts, room)
        slots[demand.slot].append(cards[index])
        placed[index] = True

    order = [i for i in range(len(cards)) if not placed[i]]
    shuffle(order, rng)
    for index in order:
        mask = allowed[index]
        choices = [slot for slot in range(len(room)) if mask >> slot & 1 and room[slot]]
        while True:
            if not choices:
                raise NoConsistentDeal("No deal fits what is known.")
            slot = _weighted_choice(choices, room, rng) if len(choices) > 1 else choices[0]
            if _can_place(mask, slot, counts, room):
                break
            choices.remove(slot)
        _place(mask, slot, counts, room)
        slots[slot].append(cards[index])
    return slots


# Module functions, not closures inside sample_slots: compiled, a closure is an object whose
# every call and every captured variable goes through its environment.

def _place(mask: int, slot: int, counts: dict[int, int], room: list[int]) -> None:
    """Take a card of class ``mask`` out of the counts and a place out of ``slot``."""
    counts[mask] -= 1
    room[slot] -= 1


def _can_place(mask: int, slot: int, counts: dict[int, int], room: list[int]) -> bool:
    """Whether the rest can still be placed after a card of class ``mask`` goes to ``slot``."""
    counts[mask] -= 1
    room[slot] -= 1
    ok = _feasible(counts, room)
    counts[mask] += 1
    room[slot] += 1
    return ok
