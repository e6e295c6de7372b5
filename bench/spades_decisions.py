"""CPU per decision of Spades ``strong``, by phase, in whole games against ``basic``.

    .venv/bin/python bench/spades_decisions.py                  # 2 games
    .venv/bin/python bench/spades_decisions.py --games 4 --reproducible

Plays ``--games`` seeded games to the target, ``strong`` in seat 0 and 1 in turn, and times every
``strong`` decision with more than one legal action on this process's CPU clock: p50/p95/p99,
max and mean by phase (the draw, bids, cards) and over all.  Prints a digest of every action of
the games: with a budget without a clock (``strong``'s own) it is the same on every run, busy
machine or idle.  ``--reproducible`` makes the player as the web app does; ``--cpu-clock``
counts a time budget in CPU seconds.  Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import time

from tricktable.ai.players import make_player
from tricktable.game import derive_seed
from tricktable.spades import Match, rules_from_json


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--player", default="strong")
    parser.add_argument("--reproducible", action="store_true")
    parser.add_argument("--cpu-clock", action="store_true")
    args = parser.parse_args()
    by_phase: dict[str, list[float]] = {}
    actions = []
    for number in range(args.games):
        strong = make_player("spades", args.player, reproducible=args.reproducible,
                             cpu_clock=args.cpu_clock)
        basic = make_player("spades", "basic")
        me = number % 2
        match = Match(seed=f"decisions/{number}", rules=rules_from_json("standard"), first=0)
        rngs = [random.Random(derive_seed("d", number, seat)) for seat in range(2)]
        while match.to_move is not None and match.hand_number <= 60:
            seat = match.to_move
            view = match.view(seat)
            if seat == me:
                start = time.process_time()
                action = strong.choose(view, rngs[seat])
                spent = (time.process_time() - start) * 1000
                if len(view.legal_actions) > 1:
                    by_phase.setdefault(view.phase.name.lower(), []).append(spent)
            else:
                action = basic.choose(view, rngs[seat])
            actions.append(str(action))
            match.apply(action, seat=seat)
    every = [ms for values in by_phase.values() for ms in values]
    for name, values in [*by_phase.items(), ("all", every)]:
        print(f"{name:5} {len(values):5} decisions: CPU ms p50 {statistics.median(values):.1f}, "
              f"p95 {percentile(values, 95):.1f}, p99 {percentile(values, 99):.1f}, "
              f"max {max(values):.1f}, mean {statistics.fmean(values):.1f}")
    print("digest of the games' actions:",
          hashlib.sha256("\n".join(actions).encode()).hexdigest()[:16])


if __name__ == "__main__":
    main()
