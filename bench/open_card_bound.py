"""What ``strong``'s card evaluators would gain over ``basic`` with every hidden card shown.

    .venv/bin/python bench/open_card_bound.py solved --deals 1000 --seed 11 --jobs 2
    .venv/bin/python bench/open_card_bound.py played --deals 1000

An oracle plays ``basic`` except at one kind of card decision (``solved``: tricks 3-6,
``played``: tricks 1-2), where it scores each legal card as ``strong`` does on one sampled
deal — solving it, or playing it out with ``basic`` — but on the true deal, and leaves
``basic``'s card only for a higher score.  Set against ``strong:search=solved`` (or ``played``)
on the same deals (``bench/gain_by_role.py``), the difference is what perfect inference could
add to that evaluator.  Against ``basic`` opponents a played-out true deal is their exact
future, so the ``played`` bound also counts knowing how they will play: it is no target.
Never part of ``make test``'s pass/fail; an oracle sees what no player may.
"""

from __future__ import annotations

import argparse
import random
from concurrent.futures import ProcessPoolExecutor

from gain_by_role import Gain, report, seat_gains
from tricktable.ai.sheepshead.sampling import SheepsheadSample
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView

KINDS = ("solved", "played")


class OpenCardOracle:
    """``basic``, except that one kind of card is chosen on the true deal."""

    name = "open-card"

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.strong = StrongSheepsheadPlayer()
        self.basic = BasicPlayer()
        self.state: HandState | None = None

    def watch(self, state: HandState) -> None:
        self.state = state

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        usual = self.basic.choose(view, rng)
        legal = list(view.legal_actions)
        if view.phase is not Phase.PLAY or len(legal) == 1:
            return usual
        solved = len(view.tricks) >= self.strong.solve_from_trick
        if ("solved" if solved else "played") != self.kind:
            return usual
        state = self.state
        assert state is not None
        truth = SheepsheadSample(hands=tuple(state.hands), buried=state.buried,
                                 unknown=state.unknown, blind=0, partner=state.partner)
        # strong's own per-deal evaluators, given the true deal as the one sample.
        evaluate = self.strong._values if solved else self.strong._rollouts
        values = evaluate(view, truth, legal, None)
        best = max(values)
        return usual if values[legal.index(usual)] >= best else legal[values.index(best)]


def oracle_gains(kind: str, seed: str, deal: int, preset: str) -> list[Gain]:
    oracle = OpenCardOracle(kind)
    gains: list[Gain] = seat_gains(oracle, seed, deal, preset, oracle.watch)
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="11")
    parser.add_argument("--preset", default="milwaukee")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(oracle_gains, args.kind, args.seed, d, args.preset)
                   for d in range(args.deals)]
        report(f"open-card {args.kind}", [future.result() for future in futures])


if __name__ == "__main__":
    main()
