"""CPU the web's computer players spend per human action, measured in-process on CPU clocks.

    .venv/bin/python bench/computer_cpu.py                      # hard, 20 games of 5 hands
    .venv/bin/python bench/computer_cpu.py --difficulty normal --games 40

Plays whole games the way a server worker does — ``web.computer.play_computers`` answering each
human action with the computer seats' moves, replies seeded from the game's seed — with a
random human in seat 0.  Prints CPU milliseconds per human action and per computer decision
(p50/p95/p99 and mean), and the human actions per CPU second of one core that this allows: the
computers' share of ``bench/web_load.py``'s capacity, free of the machine's load.  Also checks
that replaying every game gives the same replies.  Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from tricktable.game import parse_action
from tricktable.web.games import adapter
from tricktable.web.games.base import DIFFICULTIES, TableOptions
from tricktable.web.games.computer import Job, MatchCache, play_computers


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--difficulty", default="hard", choices=list(DIFFICULTIES))
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hands", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--player", help="this player instead of the difficulty's")
    parser.add_argument("--no-check", action="store_true",
                        help="skip replaying the first game to check its replies")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    import tricktable.web.games.computer as computer

    game = adapter("sheepshead")
    from tricktable.ai.players import player_names

    opponent = args.player or next(n for n in DIFFICULTIES[args.difficulty]
                                   if n in player_names("sheepshead"))
    rules = game.rules(None, TableOptions(hands=args.hands))
    per_action: list[float] = []
    decisions = 0
    transcripts = []
    for number in range(args.games):
        seed = f"bench-computer/{args.seed}/{number}"
        rng = random.Random(number)
        log: list[tuple[int, str]] = []
        computer._worker_cache = MatchCache(256)
        while True:
            job = Job(game_id=seed, game="sheepshead", rules=rules, seed=seed,
                      opponent=opponent, human_seat=0, actions=tuple(log))
            start = time.process_time()
            played = play_computers(job)
            spent = time.process_time() - start
            log.extend(played)
            if log:  # the computers' answer to a human action (or the opening moves)
                per_action.append(spent * 1000)
                decisions += len(played)
            match = game.replay(rules, seed, log)
            if game.is_over(match):
                break
            view = game.player_view(match, 0)
            action = rng.choice(view.legal_actions)
            log.append((0, str(action)))
        transcripts.append((seed, tuple(log)))
    total_ms = sum(per_action)
    # The same game, replayed from scratch, gets the same replies.
    seed, log = transcripts[0]
    if args.no_check:
        log = ()
    computer._worker_cache = MatchCache(256)
    humans = [(i, a) for i, a in enumerate(log) if a[0] == 0]
    for index, _ in humans:
        job = Job(game_id=seed, game="sheepshead", rules=rules, seed=seed, opponent=opponent,
                  human_seat=0, actions=log[: index + 1])
        replies = play_computers(job)
        expected = []
        for seat, text in log[index + 1:]:
            if seat == 0:
                break
            expected.append((seat, text))
        assert replies == expected, "replies differ on replay"
        parse_action(log[index][1])
    figures = {
        "difficulty": args.difficulty,
        "player": opponent,
        "games": args.games,
        "human_actions": len(per_action),
        "computer_decisions": decisions,
        "cpu_ms_per_action": {"mean": total_ms / len(per_action),
                              "p50": statistics.median(per_action),
                              "p95": percentile(per_action, 95),
                              "p99": percentile(per_action, 99)},
        "cpu_ms_per_decision": total_ms / max(1, decisions),
        "actions_per_cpu_second": 1000 * len(per_action) / total_ms,
        "reproducible": None if args.no_check else True,
    }
    if args.json:
        print(json.dumps(figures))
        return
    a = figures["cpu_ms_per_action"]
    print(f"{opponent} ({args.difficulty}): {figures['human_actions']} human actions, "
          f"{decisions} computer decisions; CPU per action mean {a['mean']:.1f} ms, "
          f"p50 {a['p50']:.1f}, p95 {a['p95']:.1f}, p99 {a['p99']:.1f}; "
          f"{figures['cpu_ms_per_decision']:.2f} ms per decision; "
          f"{figures['actions_per_cpu_second']:.1f} actions per CPU second"
          + ("" if args.no_check else "; replies reproduce on replay"))


if __name__ == "__main__":
    main()
