"""How long a review of a whole Sheepshead game takes, on one core.

    .venv/bin/python bench/review_speed.py                  # 5 games of 10 hands, seat 0
    .venv/bin/python bench/review_speed.py --games 10 --samples 24

Each game is played by ``basic`` in every seat (seeded), then seat 0's decisions are reviewed
with the default :class:`~tricktable.ai.teaching.review.ReviewSettings`, its CPU budget lifted
so every decision is judged.  Prints CPU seconds per game (process time: one core), decisions
judged and marks found; never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from tricktable.ai.teaching.evaluation import EvaluationSettings
from tricktable.ai.teaching.review import ReviewSettings, review
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS


def played_game(seed: int, hands: int) -> Match:
    match = Match(rules=replace(PRESETS["milwaukee"], hands=hands), seed=seed)
    player, rng = BasicPlayer(), random.Random(seed)
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.apply(player.choose(match.current.view(seat), rng))
    return match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--hands", type=int, default=10)
    parser.add_argument("--samples", type=int, default=EvaluationSettings().samples)
    args = parser.parse_args()
    settings = ReviewSettings(evaluation=EvaluationSettings(samples=args.samples),
                              cpu_seconds=1e9)
    times = []
    for seed in range(args.games):
        match = played_game(seed, args.hands)
        start = time.process_time()
        result = review(match, 0, seed=seed, settings=settings)
        spent = time.process_time() - start
        times.append(spent)
        print(f"game {seed}: {spent:6.2f} s CPU, {len(result.decisions)} decisions, "
              f"marks {result.counts()}")
    print(f"review of a {args.hands}-hand game, {args.samples} samples a decision: "
          f"mean {statistics.mean(times):.2f} s, max {max(times):.2f} s CPU (one core)")


if __name__ == "__main__":
    main()
