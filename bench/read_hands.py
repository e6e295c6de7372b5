"""Whole hands of a player, to read as a strong player would, and counts of common mistakes.

    .venv/bin/python bench/read_hands.py --show 0-9            # print hands 0 to 9
    .venv/bin/python bench/read_hands.py --count 500           # the detectors over 500 hands

Hand ``d`` is ``bench/gain_by_role.py``'s deal ``d`` (seed ``--seed``, dealer ``d % 5``) with
the player (``strong`` unless ``--player``) in seat ``(d + d // 5) % 5`` — every position in
25 hands — and ``--others`` (``basic``) in the other four.  A shown
hand lists each seat's cards and the blind, every pick and pass, the bury, the call, every trick
(leader first, the winner marked ``*``) and the score; the player's decisions that a detector
flags are listed after it.  The detectors (:data:`DETECTORS`) are simple and deterministic — a
strong player would name each as a mistake most of the time, not always: they count where to
look, they do not judge a hand.  Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Callable

from gain_by_role import SEATS
from tricktable.ai.arena.runner import deal_seed, player_seed
from tricktable.ai.players import make_player
from tricktable.cards import Card, format_cards
from tricktable.game import Action, ActionKind, Player
from tricktable.sheepshead.deal import deal_from_seed
from tricktable.sheepshead.deck import POINTS, TRUMP_ORDER, cards_in, is_trump, sort_hand
from tricktable.sheepshead.knowledge import Side, known_sides
from tricktable.sheepshead.rules import rules_from_json
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView

_HIGH = frozenset(TRUMP_ORDER[:4])  # Q♣ Q♠ Q♥ Q♦


def _trick_winner_after(state: HandState, action: Action) -> int | None:
    """Who wins the trick if ``action`` completes it (None if it does not)."""
    if len(state._trick) != SEATS - 1:
        return None
    after = state.copy()
    after.apply(action)
    return after.tricks[-1].winner


def _mates_winning(view: SheepsheadView, state: HandState, action: Action) -> bool | None:
    """Whether a known teammate would win the trick ``action`` completes, with another card."""
    sides = known_sides(view)
    if len(view.current_trick.cards) != SEATS - 1:
        return None
    best = state._best_seat
    return best != view.seat and sides[best] is Side.MINE


def defender_leads_trump(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """A defender who knows it, on lead, holding fail, leads trump."""
    return (view.phase is Phase.PLAY and not view.leaster and view.picker is not None
            and view.picker != view.seat and not view.is_partner
            and not view.current_trick.cards and is_trump(action.card)
            and any(not is_trump(c) for c in view.hand))


def partner_leads_fail(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """The partner, known to himself, on lead with trump, leads fail (not trump back)."""
    return (view.phase is Phase.PLAY and view.is_partner and not view.current_trick.cards
            and not is_trump(action.card) and any(is_trump(c) for c in view.hand))


def no_schmear(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Last to play on a trick a known teammate wins, a legal ace or ten kept back for a card
    of fewer points that does not take the trick."""
    if view.phase is not Phase.PLAY or view.leaster or not _mates_winning(view, state, action):
        return False
    legal = [a.card for a in view.legal_actions]
    return (POINTS[action.card] < 10 and any(POINTS[c] >= 10 and not is_trump(c) for c in legal)
            and _trick_winner_after(state, action) != view.seat)


def overtakes_mate(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Last to play, takes a trick a known teammate was winning, with a legal card that would
    have left it to him."""
    if view.phase is not Phase.PLAY or view.leaster or not _mates_winning(view, state, action):
        return False
    if _trick_winner_after(state, action) != view.seat:
        return False
    return any(_trick_winner_after(state, a) != view.seat for a in view.legal_actions)


def leaster_takes_points(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """In a leaster, last to play, takes a trick with points when a legal card would duck."""
    if view.phase is not Phase.PLAY or not view.leaster:
        return False
    if _trick_winner_after(state, action) != view.seat:
        return False
    points = state._trick_points + POINTS[action.card]
    return points > 0 and any(_trick_winner_after(state, a) != view.seat
                              for a in view.legal_actions)


def _trump(view: SheepsheadView) -> list[Card]:
    return [c for c in view.hand if is_trump(c)]


def weak_pick(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Picks with at most two trump (the dealer after four passes included)."""
    return view.phase is Phase.PICK and action.kind is ActionKind.PICK and len(_trump(view)) <= 2


def strong_pass(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Passes with four trump or more, two of them queens, or with five trump."""
    if view.phase is not Phase.PICK or action.kind is not ActionKind.PASS:
        return False
    trump = _trump(view)
    return len(trump) >= 5 or (len(trump) >= 4 and len(_HIGH.intersection(trump)) >= 2)


def buries_trump(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Buries a trump while holding fail that could go instead."""
    return (view.phase is Phase.BURY and any(is_trump(c) for c in action.cards)
            and sum(not is_trump(c) for c in view.hand) >= 2)


def bury_keeps_no_void(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """A bury that leaves the picker void in no fail suit where another bury of at least as
    many points would have (a void lets him trump the suit)."""
    if view.phase is not Phase.BURY:
        return False

    def voids(bury: Action) -> int:
        kept = [c for c in view.hand if c not in bury.cards and not is_trump(c)]
        return 3 - len({c.suit for c in kept})

    def points(bury: Action) -> int:
        return sum(POINTS[c] for c in bury.cards)

    return voids(action) == 0 and any(
        voids(a) > 0 and points(a) >= points(action) and not any(is_trump(c) for c in a.cards)
        for a in view.legal_actions)


def goes_alone(view: SheepsheadView, state: HandState, action: Action) -> bool:
    """Goes alone (counted, not judged: see the hand)."""
    return view.phase is Phase.CALL and action.kind is ActionKind.ALONE


Detector = Callable[[SheepsheadView, HandState, Action], bool]
DETECTORS: dict[str, Detector] = {
    "picks with two trump or fewer": weak_pick,
    "passes 5 trump, or 4 with two queens": strong_pass,
    "buries trump, holding fail": buries_trump,
    "bury keeps no void where one was free": bury_keeps_no_void,
    "goes alone": goes_alone,
    "defender leads trump, holding fail": defender_leads_trump,
    "partner leads fail, holding trump": partner_leads_fail,
    "no schmear on a mate's trick, last": no_schmear,
    "takes a mate's trick, last": overtakes_mate,
    "leaster: takes points it could duck": leaster_takes_points,
}


class Watched:
    """A player whose decisions the detectors check (they see the true state: a teammate's
    trick is judged by what the seat knows, the trick's outcome by the cards)."""

    name = "watched"

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.state: HandState | None = None
        self.flags: list[tuple[str, str]] = []
        self.decisions: Counter[str] = Counter()

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        action = self.inner.choose(view, rng)
        state = self.state
        assert state is not None
        self.decisions[view.phase.value] += 1
        for name, detector in DETECTORS.items():
            if len(view.legal_actions) > 1 and detector(view, state, action):
                self.flags.append((name, f"trick {len(view.tricks) + 1}: {action}"))
        return action


def player_seat(deal: int) -> int:
    """The player's seat in hand ``deal`` (the dealer is ``deal % 5``)."""
    return (deal + deal // SEATS) % SEATS


def play_hand(deal: int, seed: str, preset: str, player: str,
              others: str) -> tuple[HandState, Watched]:
    rules = rules_from_json(preset)
    dealer = deal % SEATS
    state = HandState(rules=rules, dealer=dealer,
                      deal=deal_from_seed(deal_seed(seed, deal), dealer))
    seat = player_seat(deal)
    watched = Watched(make_player("sheepshead", player, reproducible=True))
    other = make_player("sheepshead", others, reproducible=True)
    rngs = [random.Random(player_seed(seed, deal, 0, s)) for s in range(SEATS)]
    while not state.is_over:
        to_move = state.to_move
        assert to_move is not None
        if to_move == seat:
            watched.state = state
            action = watched.choose(state.view(to_move), rngs[to_move])
        else:
            action = other.choose(state.view(to_move), rngs[to_move])
        state.apply(action, seat=to_move)
    return state, watched


def show(deal: int, state: HandState, watched: Watched) -> str:
    seat = player_seat(deal)
    lines = [f"== hand {deal}: the player in seat {seat}, dealer {state.dealer}"]
    for s, cards in enumerate(state.deal.hands):
        mark = " <- player" if s == seat else ""
        lines.append(f"  seat {s}: {format_cards(sort_hand(cards))}{mark}")
    lines.append(f"  blind: {format_cards(state.deal.blind)}")
    trick = 0
    for s, action in state.history:
        if action.kind is ActionKind.PLAY:
            continue
        lines.append(f"  seat {s}: {action}")
    if state.buried:
        lines.append(f"  buried: {format_cards(cards_in(state.buried))}")
    for trick, t in enumerate(state.tricks, 1):
        shown = " ".join(f"{format_cards([c])}{'*' if (t.leader + i) % SEATS == t.winner else ''}"
                         for i, c in enumerate(t.cards))
        lines.append(f"  trick {trick}: seat {t.leader} leads: {shown}  "
                     f"(seat {t.winner}, {t.points})")
    result = state.result
    assert result is not None
    lines.append(f"  {result.reason}; scores {result.scores}")
    for name, where in watched.flags:
        lines.append(f"  ! {name}: {where}")
    return "\n".join(lines)


def _range(text: str) -> range:
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--show", type=_range, help="hands to print, e.g. 0-9")
    parser.add_argument("--count", type=int, help="run the detectors over hands 0..N-1")
    parser.add_argument("--player", default="strong")
    parser.add_argument("--others", default="basic")
    parser.add_argument("--seed", default="11")
    parser.add_argument("--preset", default="milwaukee")
    args = parser.parse_args()
    for deal in args.show or ():
        state, watched = play_hand(deal, args.seed, args.preset, args.player, args.others)
        print(show(deal, state, watched))
    if args.count:
        counts: Counter[str] = Counter()
        examples: dict[str, int] = {}
        decisions: Counter[str] = Counter()
        for deal in range(args.count):
            _, watched = play_hand(deal, args.seed, args.preset, args.player, args.others)
            decisions.update(watched.decisions)
            for name, _ in watched.flags:
                counts[name] += 1
                examples.setdefault(name, deal)
        print(f"{args.player} among {args.others}: {args.count} hands; decisions "
              + ", ".join(f"{k} {v}" for k, v in sorted(decisions.items())))
        for name in DETECTORS:
            print(f"{name:40s} {counts[name]:5d}  ({counts[name] / args.count:6.1%} of hands)"
                  f"  e.g. hand {examples.get(name, '-')}")


if __name__ == "__main__":
    main()
