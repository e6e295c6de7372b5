"""What a player gains over ``basic`` at each kind of decision, and what an oracle gains there.

    .venv/bin/python bench/decision_gains.py strong --deals 1000 --seed 11 --jobs 2
    .venv/bin/python bench/decision_gains.py strong --only pick --deals 1000
    .venv/bin/python bench/decision_gains.py oracle --deals 1000
    .venv/bin/python bench/decision_gains.py oracle --only lead12,follow12 --cards12 solved

The deals, seats and generators are ``bench/gain_by_role.py``'s: each deal is played once by
``basic`` in all five seats and once for each seat with the player there and ``basic`` in the
other four.  ``--only KINDS`` lets the player decide only those kinds of decision and ``basic``
the rest (``pick``, ``bury``, ``call`` — going alone included —, ``crack`` — recracks
included —, ``blitz``, ``lead12`` / ``follow12`` — cards of tricks 1-2 —, ``lead36`` /
``follow36``, ``leaster`` — every card of a leaster —, or the groups ``bidding``, ``cards12``,
``cards36``); without it the player decides everything.

``basic`` is deterministic, so a seat's hand is the all-``basic`` hand until the player's first
choice that differs from ``basic``'s in the same view, and a hand with no such choice gains
exactly 0.  Besides the gain by role, the report splits the gain by the kind of that *first
different choice* (the gain then is that choice's and everything after it), and counts, kind by
kind, how often the player's choice differed from ``basic``'s.

``oracle`` is no player: it sees every card.  At each decision it takes the option that scores
best for its seat on the true deal, keeping ``basic``'s choice on ties: picks, passes, buries,
calls, cracks and blitzes (every legal one) and the cards of tricks 1-2 played out by ``basic``
to the end of the hand (``--cards12 solved``: solved double dummy instead), later cards solved
double dummy — ``strong``'s evaluators with perfect inference.  Against ``basic`` opponents a
played-out true deal is their exact future: the oracle then also knows how they will play.
Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from gain_by_role import SEATS, _plus_minus, play, report, role
from tricktable.ai.arena.stats import mean_ci
from tricktable.ai.players import make_player
from tricktable.ai.sheepshead.outcomes import played_out, solved_values
from tricktable.ai.sheepshead.sampling import SheepsheadSample
from tricktable.game import Action, ActionKind, Player
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView

KINDS = ("pick", "bury", "call", "crack", "blitz", "lead12", "follow12", "lead36", "follow36",
         "leaster")
GROUPS = {"bidding": ("pick", "bury", "call", "crack", "blitz"),
          "cards12": ("lead12", "follow12"), "cards36": ("lead36", "follow36")}
_PHASE_KIND = {Phase.PICK: "pick", Phase.BURY: "bury", Phase.CALL: "call",
               Phase.CRACK: "crack", Phase.RECRACK: "crack", Phase.BLITZ: "blitz"}


def decision_kind(view: SheepsheadView) -> str:
    """The kind of decision ``view`` asks for (one of :data:`KINDS`)."""
    if view.phase is not Phase.PLAY:
        return _PHASE_KIND[view.phase]
    if view.leaster:
        return "leaster"
    when = "12" if len(view.tricks) < 2 else "36"
    return ("follow" if view.current_trick.cards else "lead") + when


def seat_role(view: SheepsheadView) -> str:
    """The seat's part as it knows it (picker, partner, defender, leaster; none before)."""
    if view.leaster:
        return "leaster"
    if view.picker is None:
        return "none"
    if view.picker == view.seat:
        return "picker"
    return "partner" if view.is_partner else "defender"


def difference(view: SheepsheadView, chosen: Action, usual: Action) -> str:
    """A label for a choice ``chosen`` that differs from ``basic``'s ``usual``."""
    kind = decision_kind(view)
    if kind == "pick":
        what = "picks, basic passes" if chosen.kind is ActionKind.PICK else \
            "passes, basic picks"
        return f"pick, seat {len(view.passes) + 1}: {what}"
    if kind == "call":
        if chosen.kind is ActionKind.ALONE:
            return "call: alone, basic calls"
        if usual.kind is ActionKind.ALONE:
            return "call: calls, basic alone"
        return "call: another call"
    if view.phase is Phase.PLAY and kind != "leaster":
        return f"{kind} as {seat_role(view)}"
    return kind


def parse_kinds(text: str | None) -> frozenset[str]:
    """The kinds ``--only`` names (every kind without it)."""
    if text is None:
        return frozenset(KINDS)
    kinds: set[str] = set()
    for item in text.split(","):
        item = item.strip()
        if item in GROUPS:
            kinds.update(GROUPS[item])
        elif item in KINDS:
            kinds.add(item)
        else:
            raise SystemExit(f"--only: {item!r} is none of {', '.join(KINDS + tuple(GROUPS))}")
    return frozenset(kinds)


class Oracle:
    """Chooses on the true deal (see the module): no player, an upper bound's tool."""

    name = "oracle"

    def __init__(self, cards12: str = "played") -> None:
        self.cards12 = cards12
        self.basic = BasicPlayer()
        self.rng = random.Random(0)  # basic draws nothing from it
        self.state: HandState | None = None

    def watch(self, state: HandState) -> None:
        self.state = state

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        usual = self.basic.choose(view, rng)
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return usual
        state = self.state
        assert state is not None and state.to_move == view.seat
        solve = view.phase is Phase.PLAY and (len(view.tricks) >= 2 or self.cards12 == "solved")
        if solve:
            truth = SheepsheadSample(hands=tuple(state.hands), buried=state.buried,
                                     unknown=state.unknown, blind=0, partner=state.partner)
            values = solved_values(view, truth, legal, 0)
        else:
            values = played_out(view, state, legal, self.basic, self.rng)
        best = max(values)
        return usual if values[legal.index(usual)] >= best else legal[values.index(best)]


@dataclass
class Selective:
    """``inner`` at the decisions of ``kinds``, ``basic`` elsewhere; logs every decision of
    those kinds as (kind, label of the difference from ``basic`` or None)."""

    inner: Player
    kinds: frozenset[str]
    basic: BasicPlayer = field(default_factory=BasicPlayer)
    log: list[tuple[str, str | None]] = field(default_factory=list)
    name: str = "selective"

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        usual = self.basic.choose(view, rng)
        kind = decision_kind(view)
        if kind not in self.kinds or len(view.legal_actions) == 1:
            return usual
        chosen = self.inner.choose(view, rng)
        self.log.append((kind, None if chosen == usual else difference(view, chosen, usual)))
        return chosen


Row = tuple[str, str, float, str | None, tuple[tuple[str, str | None], ...]]
"""A seat's role under basic, its role under the player, its gain, the label of its first
different choice (None: none) and its decisions' log."""


def seat_rows(name: str, kinds: frozenset[str], cards12: str, seed: str, deal: int,
              preset: str) -> list[Row]:
    """Each seat's row for one deal."""
    basic = make_player("sheepshead", "basic", reproducible=True)
    alike = play([basic] * SEATS, seed, deal, preset)
    rows: list[Row] = []
    for seat in range(SEATS):
        oracle = Oracle(cards12) if name == "oracle" else None
        inner = oracle if oracle is not None else make_player("sheepshead", name,
                                                              reproducible=True)
        player = Selective(inner, kinds)
        lineup: list[Player] = [basic] * SEATS
        lineup[seat] = player
        result = play(lineup, seed, deal, preset, oracle.watch if oracle else None)
        first = next((label for _, label in player.log if label is not None), None)
        gain = float(result.scores[seat] - alike.scores[seat])
        assert first is not None or gain == 0.0, "the same choices must score the same"
        rows.append((role(alike, seat), role(result, seat), gain, first, tuple(player.log)))
    return rows


def report_differences(by_deal: Sequence[Sequence[Row]]) -> None:
    """The gain by the first different choice, and how often each kind differed."""
    deals = len(by_deal)
    hands = deals * SEATS
    labels = sorted({r[3] for deal in by_deal for r in deal if r[3] is not None})
    print(f"\n{'first choice unlike basic':38s} {'hands':>6s} {'share':>6s} "
          f"{'mean gain':>16s} {'per hand of all':>16s}")
    rows = []
    for label in labels:
        values = [r[2] for deal in by_deal for r in deal if r[3] == label]
        share = mean_ci([sum(r[2] for r in deal if r[3] == label) / SEATS for deal in by_deal])
        rows.append((abs(share.mean), label, values, share))
    for _, label, values, share in sorted(rows, reverse=True):
        print(f"{label:38s} {len(values):6d} {len(values) / hands:6.1%} "
              f"{_plus_minus(mean_ci(values))} {_plus_minus(share)}")
    seen: Counter[str] = Counter()
    unlike: Counter[str] = Counter()
    for deal in by_deal:
        for r in deal:
            for kind, logged in r[4]:
                seen[kind] += 1
                unlike[kind] += logged is not None
    print(f"\n{'kind':10s} {'decisions':>9s} {'unlike basic':>12s}")
    for kind in KINDS:
        if seen[kind]:
            print(f"{kind:10s} {seen[kind]:9d} {unlike[kind]:7d} {unlike[kind] / seen[kind]:5.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("player", help="'oracle' or a Sheepshead player's name, e.g. strong")
    parser.add_argument("--only", help="the kinds of decision the player makes, e.g. pick,bury")
    parser.add_argument("--cards12", choices=("played", "solved"), default="played",
                        help="the oracle's cards in tricks 1-2: played out by basic or solved")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="11")
    parser.add_argument("--preset", default="milwaukee")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    kinds = parse_kinds(args.only)
    if args.player != "oracle":
        make_player("sheepshead", args.player)  # a bad name fails here, before any work
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(seat_rows, args.player, kinds, args.cards12, args.seed, d,
                               args.preset) for d in range(args.deals)]
        by_deal = [future.result() for future in futures]
    name = args.player + (f" (only {args.only})" if args.only else "")
    if args.player == "oracle" and args.cards12 == "solved":
        name += " (cards12 solved)"
    report(name, [[(b, p, g) for b, p, g, _, _ in deal] for deal in by_deal])
    report_differences(by_deal)


if __name__ == "__main__":
    main()
