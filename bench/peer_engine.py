"""Random complete Sheepshead hands per second, one core, beside the sheepsheadai engine.

    .venv/bin/python bench/peer_engine.py --peer PATH/sheepsheadai/sheepshead/game.py
    .venv/bin/python bench/peer_engine.py --peer ... --rounds 7 --hands 20000 --peer-hands 3000

The peer is the open-source engine of https://github.com/adamanthil/sheepsheadai (not on PyPI:
clone it and give the path of its ``sheepshead/game.py``; only that file is loaded, and it needs
``numpy``). Each round times, in this one process and in turn, :func:`engine_benchmark` (our
engine through its public API: legal actions, apply, scoring at the end) and the peer's own
random play (``Game(seed=n).play_random(verbose=False)``, then every seat's ``get_score()``),
both in process CPU time. Prints each round and the medians; never part of ``make test``.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import time
from types import ModuleType

from tricktable.benchmarks import engine_benchmark


def load_peer(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("sheepsheadai_game", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"Cannot load {path}.")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def peer_hands_per_second(peer: ModuleType, hands: int, first_seed: int) -> float:
    game_class = peer.Game
    peer.Game(seed=first_seed - 1).play_random(verbose=False)  # warm, as ours is
    start = time.process_time()
    for seed in range(first_seed, first_seed + hands):
        game = game_class(seed=seed)
        game.play_random(verbose=False)
        scores = [player.get_score() for player in game.players]
        assert sum(scores) == 0 or game.is_leaster
    return hands / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer", required=True,
                        help="the path of sheepsheadai's sheepshead/game.py")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--hands", type=int, default=20000, help="our hands per round")
    parser.add_argument("--peer-hands", type=int, default=3000, help="the peer's hands per round")
    args = parser.parse_args()
    peer = load_peer(args.peer)
    ours: list[float] = []
    theirs: list[float] = []
    for number in range(args.rounds):
        ours.append(engine_benchmark("sheepshead", hands=args.hands, seed=number + 1)
                    ["hands_per_second"])
        theirs.append(peer_hands_per_second(peer, args.peer_hands, 1 + number * args.peer_hands))
        print(f"round {number + 1}: tricktable {ours[-1]:,.0f} hands/s, "
              f"sheepsheadai {theirs[-1]:,.0f} hands/s, ratio {ours[-1] / theirs[-1]:.2f}")
    mine, peers = statistics.median(ours), statistics.median(theirs)
    ratios = sorted(a / b for a, b in zip(ours, theirs, strict=True))
    print(f"median: tricktable {mine:,.0f} hands/s, sheepsheadai {peers:,.0f} hands/s, "
          f"ratio of medians {mine / peers:.2f} "
          f"(per-round ratios {ratios[0]:.2f}–{ratios[-1]:.2f})")


if __name__ == "__main__":
    main()
