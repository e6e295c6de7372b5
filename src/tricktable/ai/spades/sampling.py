"""Two-player Spades deals that fit everything one seat knows, and search positions from them.

What a seat knows (:class:`~tricktable.spades.view.SpadesView`) and what follows from it:

- It saw 26 cards in the draw: the 13 it took (its hand) and the 13 it discarded, which are out
  of play.  The opponent's 13 cards, his 13 discards and the rest of the stock are the cards it
  never saw, in an order it knows nothing about.
- Its own double-nil exchange: the cards it drew are in its hand, the cards it gave up are out.
- The opponent's double-nil exchange drew ``n`` random cards from the discard pile as it lay
  then — which held this seat's discards (and, if this seat exchanged first, the cards it gave
  up).  So up to ``n`` of those known cards may be in his hand; how many follows the
  hypergeometric law of a random draw from the pile.
- Cards played are gone; a player who did not follow the led suit holds none of it; a player
  who led a spade before spades were broken held nothing but spades.

Deals are drawn with :func:`~tricktable.ai.sampling.sample_slots` (rejection-free); the slots are
the opponent's hand, the cards out of play and, during the draw, his discards so far and the
stock.  Samples are close to uniform over the consistent deals; the players weight them by how
well they explain the opponent's decisions (:mod:`tricktable.ai.spades.inference`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from tricktable.ai.sampling import sample_slots
from tricktable.cards import CARDS, FULL_DECK, SUIT_MASKS, Card, cards_of, mask_of
from tricktable.spades.deck import SPADE_MASK
from tricktable.spades.events import Drew, Exchanged
from tricktable.spades.search import SearchPosition
from tricktable.spades.state import Phase
from tricktable.spades.view import SpadesView

__all__ = [
    "Knowledge",
    "SpadesSample",
    "opponent_voids",
    "position_for",
    "read_knowledge",
    "sample_deals",
    "sample_one",
]


@dataclass(frozen=True, slots=True)
class SpadesSample:
    """One complete guess at the hidden cards, consistent with a seat's view."""

    hands: tuple[int, int]
    """What each seat holds now (card bitmasks; this seat's from the view)."""
    discards: tuple[int, int]
    """The cards each seat put on the discard pile in the draw so far."""
    stock: tuple[Card, ...]
    """The stock still to be drawn, top card first (empty once the draw is over)."""
    given: tuple[int, int]
    """Double-nil exchanges: the cards each seat gave up (0 without an exchange)."""
    received: tuple[int, int]
    """Double-nil exchanges: the cards each seat drew from the pile."""


@dataclass(frozen=True, slots=True)
class Knowledge:
    """What one seat knows about where the cards are, worked out once per decision."""

    seat: int
    phase: Phase
    hand: int
    """This seat's cards now."""
    taken: int
    """The cards this seat took in the draw."""
    discarded: int
    """The cards this seat discarded in the draw."""
    given: int
    """The cards this seat gave up in its double-nil exchange."""
    received: int
    """The cards this seat drew in its double-nil exchange."""
    played: tuple[int, int]
    """The cards each seat has played this hand."""
    known_out: int
    """Cards this seat knows are out of play (unless the opponent's exchange drew them)."""
    unseen: int
    """Cards this seat has never seen (and are not played): his hand, his discards, the stock."""
    top_card: Card | None
    voids: int
    """A bit per suit (``1 << suit``) the opponent cannot hold now."""
    opponent_count: int
    """Cards in the opponent's hand now."""
    opponent_turns: int
    """Draw turns the opponent has had."""
    stock_count: int
    """Cards of the stock not yet seen by this seat."""
    swapped: int
    """How many cards the opponent swapped in a double-nil exchange (0: none)."""
    pile_known: int
    """Cards known to this seat that lay in the pile when the opponent exchanged."""
    pile_size: int
    """How many cards the pile held then (always 26: the draw's discards)."""


def opponent_voids(view: SpadesView) -> int:
    """The suits (bits ``1 << suit``) the opponent has shown he holds none of."""
    opp = 1 - view.seat
    voids = 0
    broken = False
    for trick in (*view.tricks, view.current_trick):
        cards = trick.cards
        if not cards:
            continue
        led = cards[0] // 13
        if trick.leader == opp and (1 << cards[0]) & SPADE_MASK and not broken:
            voids |= 0b1101  # he held only spades: clubs, hearts and diamonds are gone
        if len(cards) == 2 and trick.leader != opp and cards[1] // 13 != led:
            voids |= 1 << led
        if any((1 << c) & SPADE_MASK for c in cards):
            broken = True
    return voids


def read_knowledge(view: SpadesView) -> Knowledge:
    """Work out where the unseen cards may be for ``view``'s seat."""
    me, opp = view.seat, 1 - view.seat
    hand = mask_of(view.hand)
    played = [0, 0]
    for trick in (*view.tricks, view.current_trick):
        for seat, card in trick.plays:
            played[seat] |= 1 << card
    discarded = mask_of(view.discarded)
    given = mask_of(view.exchange_given or ())
    received = mask_of(view.exchange_received or ())
    known_out = (discarded & ~received) | given
    seen = hand | played[me] | played[opp] | known_out | discarded | received
    top = view.top_card
    if top is not None:
        seen |= 1 << top
    unseen = FULL_DECK & ~seen
    opponent_turns = sum(1 for e in view.events if isinstance(e, Drew) and e.seat == opp)
    swapped = view.exchanged[opp] or 0
    pile_known = 0
    pile_size = 26
    if swapped:
        # The pile he drew from held my draw discards, less what I had drawn from it already,
        # plus what I had given up (if I exchanged before him).
        mine_first = _exchanged_first(view, me)
        pile_known = discarded
        if mine_first:
            pile_known = (pile_known & ~received) | given
    stock_count = view.stock_left - (1 if top is not None else 0)
    return Knowledge(
        seat=me,
        phase=view.phase,
        hand=hand,
        taken=mask_of(view.taken),
        discarded=discarded,
        given=given,
        received=received,
        played=(played[0], played[1]),
        known_out=known_out,
        unseen=unseen,
        top_card=top,
        voids=opponent_voids(view) if view.phase in (Phase.PLAY, Phase.OVER) else 0,
        opponent_count=view.card_counts[opp],
        opponent_turns=opponent_turns,
        stock_count=stock_count if view.phase is Phase.DRAW else 0,
        swapped=swapped,
        pile_known=pile_known,
        pile_size=pile_size,
    )


def _exchanged_first(view: SpadesView, seat: int) -> bool:
    """Whether ``seat`` made its exchange before the other player made his."""
    for event in view.events:
        if isinstance(event, Exchanged):
            return event.seat == seat
    return False


def sample_deals(
    view: SpadesView,
    rng: random.Random,
    count: int,
    tilt: Sequence[float] | None = None,
) -> list[SpadesSample]:
    """``count`` deals consistent with ``view``, drawn with ``rng`` (see :func:`sample_one`)."""
    knowledge = read_knowledge(view)
    return [sample_one(knowledge, rng, tilt) for _ in range(count)]


def sample_one(
    knowledge: Knowledge,
    rng: random.Random,
    tilt: Sequence[float] | None = None,
    sweeps: int = 4,
) -> SpadesSample:
    """One deal consistent with ``knowledge``.

    With a ``tilt`` (a positive weight per card), after the draw the opponent's hand is drawn
    in proportion to the product of its cards' weights rather than uniformly: the deal from
    :func:`~tricktable.ai.sampling.sample_slots` is refined by ``sweeps`` rounds of Metropolis
    swaps between his hand and the unseen cards out of play that he could hold.  A swap never
    breaks a constraint, so every deal stays consistent.
    """
    if knowledge.phase is Phase.DRAW:
        return _sample_draw(knowledge, rng)
    return _sample_after_draw(knowledge, rng, tilt, sweeps)


def _sample_draw(k: Knowledge, rng: random.Random) -> SpadesSample:
    """During the draw: his cards so far, his discards so far, the stock; no constraint."""
    me, opp = k.seat, 1 - k.seat
    cards = list(cards_of(k.unseen))
    turns = k.opponent_turns
    hand_cards, discard_cards, stock_cards = sample_slots(
        cards, [0b111] * len(cards), [turns, turns, k.stock_count], rng
    )
    rng.shuffle(stock_cards)
    stock = tuple(CARDS[c] for c in stock_cards)
    if k.top_card is not None:
        stock = (k.top_card, *stock)
    hands = [0, 0]
    discards = [0, 0]
    hands[me] = k.hand
    discards[me] = k.discarded
    hands[opp] = mask_of(hand_cards)
    discards[opp] = mask_of(discard_cards)
    return SpadesSample(
        hands=(hands[0], hands[1]),
        discards=(discards[0], discards[1]),
        stock=stock,
        given=(0, 0),
        received=(0, 0),
    )


_HAND, _OUT, _FROM_PILE = 0, 1, 2


def _sample_after_draw(
    k: Knowledge, rng: random.Random, tilt: Sequence[float] | None, sweeps: int
) -> SpadesSample:
    """After the draw: his hand now and the cards out of play."""
    me, opp = k.seat, 1 - k.seat
    banned = 0
    for suit in range(4):
        if k.voids >> suit & 1:
            banned |= SUIT_MASKS[suit]
    unseen = list(cards_of(k.unseen))
    allowed = [(1 << _OUT) if (1 << c) & banned else (1 << _HAND | 1 << _OUT) for c in unseen]
    capacity = [k.opponent_count, len(unseen) - k.opponent_count, 0]
    cards = unseen
    from_pile = 0
    played_from_pile = 0
    if k.swapped:
        # Some of his hand may be cards I know, drawn from the pile in his exchange.
        played_from_pile = (k.played[opp] & k.pile_known).bit_count()
        candidates = k.pile_known & ~k.played[opp] & ~banned & ~k.hand & ~k.played[me]
        open_unseen = sum(1 for mask in allowed if mask >> _HAND & 1)
        least = max(0, k.opponent_count - open_unseen)
        from_pile = _draw_from_pile(k, played_from_pile, least, candidates.bit_count(), rng)
        if from_pile:
            extra = list(cards_of(candidates))
            cards = unseen + extra
            allowed = allowed + [(1 << _FROM_PILE) | (1 << _OUT)] * len(extra)
            capacity = [k.opponent_count - from_pile, capacity[1] + len(extra),
                        from_pile]
    dealt = sample_slots(cards, allowed, capacity, rng)
    if tilt is not None and sweeps > 0:
        _tilt(dealt[_HAND], [c for c in dealt[_OUT] if (1 << c) & k.unseen & ~banned], tilt,
              sweeps, rng)
    opponent = mask_of(dealt[_HAND]) | mask_of(dealt[_FROM_PILE])
    hands = [0, 0]
    hands[me] = k.hand
    hands[opp] = opponent
    given = [0, 0]
    received = [0, 0]
    given[me], received[me] = k.given, k.received
    if k.swapped:
        holding = opponent | k.played[opp]
        # What he drew: every known card he holds or played, then others of his at random;
        # what he gave up: unseen cards now out of play.
        drawn = holding & k.pile_known
        others = list(cards_of(holding & ~drawn))
        rng.shuffle(others)
        drawn |= mask_of(others[: k.swapped - drawn.bit_count()])
        gave = list(cards_of(k.unseen & ~opponent))
        rng.shuffle(gave)
        received[opp] = drawn
        given[opp] = mask_of(gave[: k.swapped])
    original = (opponent | k.played[opp]) & ~received[opp] | given[opp]
    discards = [0, 0]
    discards[me] = k.discarded
    discards[opp] = FULL_DECK & ~original & ~k.taken & ~k.discarded
    return SpadesSample(
        hands=(hands[0], hands[1]),
        discards=(discards[0], discards[1]),
        stock=(),
        given=(given[0], given[1]),
        received=(received[0], received[1]),
    )


def _tilt(
    hand: list[int], out: list[int], tilt: Sequence[float], sweeps: int, rng: random.Random
) -> None:
    """Metropolis swaps between ``hand`` and ``out`` (in place) toward hands weighted by the
    product of ``tilt`` over their cards."""
    if not hand or not out:
        return
    n, m = len(hand), len(out)
    random_ = rng.random
    for _ in range(sweeps * n):
        i = int(random_() * n)
        j = int(random_() * m)
        ratio = tilt[out[j]] / tilt[hand[i]]
        if ratio >= 1.0 or random_() < ratio:
            hand[i], out[j] = out[j], hand[i]


def _draw_from_pile(
    k: Knowledge, already: int, least: int, available: int, rng: random.Random
) -> int:
    """How many known cards from the pile his hand holds now (``least`` or more): by the
    hypergeometric law of drawing ``swapped`` of the ``pile_size`` cards, ``known`` of which
    this seat knows, given that ``already`` of them have been played."""
    n = k.swapped
    known = k.pile_known.bit_count()
    top = min(n - already, available, k.opponent_count)
    if top <= least:
        return max(0, min(top, least))
    options = range(least, top + 1)
    weights = [
        comb(known, already + j) * comb(k.pile_size - known, n - already - j) for j in options
    ]
    if not any(weights):
        return least
    return rng.choices(options, weights)[0]


def position_for(view: SpadesView, sample: SpadesSample) -> SearchPosition:
    """The play-phase search position of ``sample``, with the trick in progress replayed."""
    if view.phase is not Phase.PLAY:
        raise ValueError("Positions exist in the play phase only.")
    hands = list(sample.hands)
    current = view.current_trick
    broken = any((1 << c) & SPADE_MASK for t in view.tricks for c in t.cards)
    if current.cards:
        hands[current.leader] |= 1 << current.cards[0]
    position = SearchPosition(
        hands=hands,
        leader=current.leader,
        tricks=(view.tricks_won[0], view.tricks_won[1]),
        spades_broken=broken,
    )
    if current.cards:
        position.make(current.cards[0])
    return position

