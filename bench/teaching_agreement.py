"""How well the hint and the review agree, and how fast they are, over positions of random New
games of every preset.

    .venv/bin/python bench/teaching_agreement.py                 # 1,000 positions a preset
    .venv/bin/python bench/teaching_agreement.py --positions 100 --games 2

For each position (seat 0's real decisions in random New games, ``basic`` playing, a quarter of
the human's moves random): the hint (default deals) and the review of its recommendation (the
review's default deals, the hint's first) from the same seed.  Prints, per preset, the share of
hints whose recommendation is in their table and is its best or about equal to it, the share of
reviews that agree with the hint on the best option or state their margin (and how: same
option, about equal, a gap below an inaccuracy, marked with a note), the hint's latency
(p50/p95 of one hint, wall clock and CPU: on a shared machine the CPU figure is the steadier),
and the CPU a whole review of ``--games`` 10-hand Sheepshead games takes.  Never part of
``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from dataclasses import replace

from tricktable.ai.teaching.agreement import GAME_PRESETS, agreement, positions
from tricktable.ai.teaching.hint import hint
from tricktable.ai.teaching.review import ReviewSettings, review
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def figures(game: str, preset: str, count: int, settings: ReviewSettings) -> None:
    latencies: list[float] = []
    cpu: list[float] = []
    results = []
    for view, _, key in positions(game, preset, count, seed=7):
        start, start_cpu = time.perf_counter(), time.process_time()
        hint(view, key, settings.hint_evaluation)
        latencies.append(1000 * (time.perf_counter() - start))
        cpu.append(1000 * (time.process_time() - start_cpu))
        results.append(agreement(view, key, settings))
    n = len(results)

    def share(flag: str) -> str:
        return f"{100 * sum(getattr(r, flag) for r in results) / n:5.1f}%"

    print(f"{game:10} {preset:13} n={n}: honest hints {share('honest')}, review agrees "
          f"{share('agrees')} (same {share('same')}, about equal {share('about_equal')}, "
          f"small gap {share('small')}, marked with note {share('marked_with_margin')}); "
          f"hint p50 {percentile(latencies, 0.5):.0f} ms, p95 {percentile(latencies, 0.95):.0f}"
          f" ms (CPU p50 {percentile(cpu, 0.5):.0f} ms, p95 {percentile(cpu, 0.95):.0f} ms)",
          flush=True)


def review_time(games: int, settings: ReviewSettings) -> None:
    times = []
    for seed in range(games):
        match = Match(rules=replace(PRESETS["milwaukee"], hands=10), seed=seed)
        player, rng = BasicPlayer(), random.Random(seed)
        while not match.is_over:
            seat = match.to_move
            assert seat is not None
            match.apply(player.choose(match.current.view(seat), rng))
        start = time.process_time()
        result = review(match, 0, seed=seed, settings=replace(settings, cpu_seconds=1e9))
        times.append(time.process_time() - start)
        print(f"review of 10-hand game {seed}: {times[-1]:.1f} s CPU, "
              f"{len(result.decisions)} decisions, marks {result.counts()}", flush=True)
    print(f"review of a 10-hand game: mean {statistics.mean(times):.1f} s, "
          f"max {max(times):.1f} s CPU (one core)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=1000)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--game", choices=[*GAME_PRESETS, "all"], default="all")
    args = parser.parse_args()
    settings = ReviewSettings()
    print(f"hint: {settings.hint_samples} deals; review: {settings.evaluation.samples} deals")
    for game, presets in GAME_PRESETS.items():
        if args.game in (game, "all"):
            for preset in presets:
                figures(game, preset, args.positions, settings)
    if args.games:
        review_time(args.games, settings)


if __name__ == "__main__":
    main()
