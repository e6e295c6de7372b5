"""How long a hint takes, at every decision of the human seat in random New games.

    .venv/bin/python bench/hints.py                          # 4 games of each game, seat 0
    .venv/bin/python bench/hints.py --game spades --games 10
    .venv/bin/python bench/hints.py --game spades --profile  # where the time goes (cProfile)
    .venv/bin/python bench/hints.py --game spades --quality 60  # advice under the node budget

Each game (seeded ``hints/<game>/<number>``) is played by ``basic`` in every seat, a quarter of
seat 0's moves random (so positions are not only the textbook ones); at each of seat 0's
decisions with more than one legal option the hint is asked from its view with the default
:class:`~tricktable.ai.teaching.evaluation.EvaluationSettings`, as the web app asks it.  Prints,
per game and per kind of decision, the count, the deals the hints evaluated (mean) and the
p50/p95/max of one hint's CPU (process time: one core, the steadier figure on a shared machine)
and wall clock, and a digest of every hint's words (the same seeds must give the same digest).
The first row, ``searched``, is every decision but Spades' draw and exchange (``basic``'s rule,
no search: hundreds of sub-millisecond hints that would hide the searched ones' tail).  Never
part of ``make test``.

``--quality N`` checks that the Spades node budget does not make the advice worse: at the
first ``N`` decisions where it cut the hint's deals, the hint is asked again without the budget,
and both recommendations are valued by a reference evaluation of 96 deals from another seed
(no budget).  Prints each one's mean regret (the reference's best minus its value of the
recommended option, points per hand) with its standard error, and how often each recommends the
reference's best.
"""

from __future__ import annotations

import argparse
import cProfile
import hashlib
import json
import pstats
import random
import time
from collections import defaultdict
from dataclasses import replace
from typing import Any

from tricktable.ai.teaching.agreement import turns
from tricktable.ai.teaching.evaluation import EvaluationSettings, evaluate
from tricktable.ai.teaching.hint import hint
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer
from tricktable.spades.match import Match as SpadesMatch
from tricktable.spades.rules import PRESETS as SPADES_PRESETS

WANDER = 0.25
"""The share of seat 0's moves chosen at random."""
RULE_ONLY = ("draw", "exchange")
"""Spades decisions a hint answers by ``basic``'s rule, without searching."""
Timing = tuple[float, float, int]
"""One hint: CPU ms, wall ms, deals evaluated."""


def percentile(values: list[float], share: float) -> float:
    """The ``share`` percentile of ``values`` (nearest rank below)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _match(game: str, number: int) -> Any:
    seed = f"hints/{game}/{number}"
    if game == "spades":
        return SpadesMatch(seed=seed, rules=SPADES_PRESETS["standard"], first=number % 2)
    return Match(rules=PRESETS["milwaukee"], seed=seed)


def timed_hints(game: str, games: int, settings: EvaluationSettings,
                profile: cProfile.Profile | None) -> tuple[dict[str, list[Timing]], str]:
    """Each decision kind's timings, one per hint, and the digest of all hints' words."""
    times: dict[str, list[Timing]] = defaultdict(list)
    digest = hashlib.sha256()
    for number in range(games):
        match = _match(game, number)
        player: Any = SpadesBasicPlayer() if game == "spades" else BasicPlayer()
        rng = random.Random(number)
        for turn in turns(match, f"hints/{game}/{number}"):
            view, key = turn.view, turn.seed
            action = player.choose(view, rng)
            if turn.seat == 0 and len(view.legal_actions) > 1:
                start, start_cpu = time.perf_counter(), time.process_time()
                if profile is not None:
                    profile.enable()
                found = hint(view, key, settings)
                if profile is not None:
                    profile.disable()
                cpu = 1000 * (time.process_time() - start_cpu)
                wall = 1000 * (time.perf_counter() - start)
                times[view.phase.name.lower()].append((cpu, wall, found.samples))
                digest.update(json.dumps(found.to_json(), sort_keys=True).encode())
                if rng.random() < WANDER:
                    action = rng.choice(view.legal_actions)
            match.apply(action)
    return times, digest.hexdigest()[:16]


def quality(count: int, settings: EvaluationSettings) -> None:
    """The advice with and without the node budget, against a reference (see the module)."""
    unbounded = replace(settings, spades_nodes=0)
    reference = EvaluationSettings(samples=96, spades_nodes=0)
    regrets: dict[str, list[float]] = {"budget": [], "no budget": []}
    best: dict[str, int] = {"budget": 0, "no budget": 0}
    number = 0
    while len(regrets["budget"]) < count:
        match = _match("spades", number)
        player = SpadesBasicPlayer()
        rng = random.Random(number)
        for turn in turns(match, f"hints/spades/{number}"):
            if len(regrets["budget"]) >= count:
                break
            view, key = turn.view, turn.seed
            action = player.choose(view, rng)
            if (turn.seat == 0 and len(view.legal_actions) > 1
                    and view.phase.name in ("BID", "PLAY")):
                cut = hint(view, key, settings)
                if cut.samples < settings.samples:
                    full = hint(view, key, unbounded)
                    truth = evaluate(view, f"{key}/reference", reference)
                    for name, given in (("budget", cut), ("no budget", full)):
                        regrets[name].append(truth.best.expected - truth.value(given.action))
                        best[name] += given.action == truth.best.action
                if rng.random() < WANDER:
                    action = rng.choice(view.legal_actions)
            match.apply(action)
        number += 1
    for name, values in regrets.items():
        mean = sum(values) / len(values)
        spread = (sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)) ** 0.5
        print(f"  {name:9} n={len(values)}: mean regret {mean:5.2f} ± "
              f"{spread / len(values) ** 0.5:4.2f} points, reference's best "
              f"{100 * best[name] / len(values):4.1f}%")
    gaps = [a - b for a, b in zip(regrets["budget"], regrets["no budget"], strict=True)]
    mean = sum(gaps) / len(gaps)
    spread = (sum((g - mean) ** 2 for g in gaps) / max(1, len(gaps) - 1)) ** 0.5
    print(f"  paired difference (budget - no budget): {mean:+.2f} ± "
          f"{spread / len(gaps) ** 0.5:.2f} points")


def _row(name: str, pairs: list[Timing]) -> str:
    cpu = [c for c, _, _ in pairs]
    wall = [w for _, w, _ in pairs]
    deals = sum(d for _, _, d in pairs) / len(pairs)
    return (f"  {name:8} n={len(pairs):4}, {deals:4.1f} deals: "
            f"CPU p50 {percentile(cpu, 0.5):6.1f} ms, "
            f"p95 {percentile(cpu, 0.95):6.1f} ms, max {max(cpu):6.1f} ms; "
            f"wall p50 {percentile(wall, 0.5):6.1f} ms, p95 {percentile(wall, 0.95):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=["sheepshead", "spades", "all"], default="all")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--samples", type=int, default=EvaluationSettings().samples)
    parser.add_argument("--spades-nodes", type=int, default=None,
                        help="the Spades node budget per deal wanted (0: none; default: the "
                             "settings')")
    parser.add_argument("--profile", action="store_true", help="print cProfile's top functions")
    parser.add_argument("--quality", type=int, default=0, metavar="N",
                        help="compare the Spades advice with and without the node budget")
    args = parser.parse_args()
    # Without --spades-nodes the settings are built as before the budget existed, so this
    # script times earlier builds too.
    budget = {} if args.spades_nodes is None else {"spades_nodes": args.spades_nodes}
    settings = EvaluationSettings(samples=args.samples, **budget)
    if args.quality:
        quality(args.quality, settings)
        return
    for game in ("sheepshead", "spades"):
        if args.game not in (game, "all"):
            continue
        profile = cProfile.Profile() if args.profile else None
        times, digest = timed_hints(game, args.games, settings, profile)
        searched = [one for kind, some in times.items() if kind not in RULE_ONLY
                    for one in some]
        print(f"{game}: {args.games} games, {args.samples} deals a hint, words digest {digest}")
        print(_row("searched", searched))
        for kind, pairs in sorted(times.items()):
            print(_row(kind, pairs))
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
