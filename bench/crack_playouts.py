"""What a crack is worth to ``basic``: every crack decision played out both ways.

    .venv/bin/python bench/crack_playouts.py --deals 6000        # wisconsin-jd
    .venv/bin/python bench/crack_playouts.py --deals 6000 \
        --rules '{"preset": "milwaukee", "crack": true}'
    .venv/bin/python bench/crack_playouts.py --decision recrack   # or blitz

For each deal (seed ``derive_seed(seed, "crack-playouts", d)``, dealer ``d % 5``) ``basic``
plays the hand with cracks off; at each decision of a defender who passed whether to crack,
the hand is copied and played to the end once with ``crack`` and once with ``pass``, every other
decision by ``basic`` (its recracks and blitzes included).  The gain is that
seat's score with the crack minus without it.  Prints, for the old rule (crack on a pass with
picking strength >= 4.6), the rule ``basic`` plays now (the same, only against a lone J♦
picker) and the groups in between: decisions, mean gain with its 95% interval, and how often
the defenders won without the crack.

``--decision recrack``: the first passer asked always cracks, and the picker's recrack is
played out both ways (``won``: the picker's side won without it); ``--decision blitz``: each
seat holding a pair shows what ``basic`` would show (both pairs, holding all four) or passes.
Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from tricktable.game import CRACK, PASS, RECRACK, Action, ActionKind, derive_seed
from tricktable.sheepshead.bots import (
    BasicPlayer,
    BasicSettings,
    on_pickers_side,
    pick_strength,
    should_blitz,
    should_crack,
    should_recrack,
)
from tricktable.sheepshead.deal import deal_from_seed
from tricktable.sheepshead.rules import rules_from_json
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView

_PLAYER = BasicPlayer(BasicSettings(crack_threshold=math.inf))
_RNG = random.Random(0)  # basic never uses it


@dataclass(frozen=True, slots=True)
class Decision:
    view: SheepsheadView
    gain: int
    won: bool
    """The deciding seat's side won the hand without the doubling."""


def finish(state: HandState) -> tuple[int, ...]:
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        state.apply(_PLAYER.choose(state.view(seat), _RNG), seat=seat)
    assert state.result is not None
    return state.result.scores


def _offer(state: HandState, decision: str) -> Action | None:
    """The doubling to play out both ways at this moment, if any."""
    view = state.view(state.to_move or 0)
    if decision == "crack" and state.phase is Phase.CRACK and not view.is_partner:
        return CRACK
    if decision == "recrack" and state.phase is Phase.RECRACK:
        return RECRACK
    if decision == "blitz" and state.phase is Phase.BLITZ:
        blitzes = [a for a in view.legal_actions if a.kind is ActionKind.BLITZ]
        return max(blitzes, key=lambda a: len(a.cards)) if blitzes else None
    return None


def decisions(rules: object, deals: int, seed: int, decision: str = "crack") -> list[Decision]:
    found = []
    table = rules_from_json(rules)
    for d in range(deals):
        state = HandState(rules=table, dealer=d % 5,
                          deal=deal_from_seed(derive_seed(seed, "crack-playouts", d), d % 5))
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            offer = _offer(state, decision)
            if offer is not None:
                doubled, declined = state.copy(), state.copy()
                doubled.apply(offer, seat=seat)
                declined.apply(PASS, seat=seat)
                without = finish(declined)[seat]
                found.append(Decision(view, finish(doubled)[seat] - without, without > 0))
                state.apply(PASS, seat=seat)
                continue
            if decision == "recrack" and state.phase is Phase.CRACK:
                state.apply(CRACK, seat=seat)
                continue
            state.apply(_PLAYER.choose(view, _RNG), seat=seat)
    return found


def report(label: str, rows: list[Decision]) -> None:
    n = len(rows)
    if n < 2:
        print(f"{label:48s} {n:6d}")
        return
    mean = sum(r.gain for r in rows) / n
    sd = math.sqrt(sum((r.gain - mean) ** 2 for r in rows) / (n - 1))
    won = sum(r.won for r in rows) / n
    print(f"{label:48s} {n:6d}  {mean:+6.2f} ± {1.96 * sd / math.sqrt(n):4.2f}  {won:6.1%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rules", default="wisconsin-jd",
                        help="a preset name or a JSON object of options")
    parser.add_argument("--decision", choices=("crack", "recrack", "blitz"), default="crack")
    args = parser.parse_args()
    rules = json.loads(args.rules) if args.rules.lstrip().startswith("{") else args.rules
    rows = decisions(rules, args.deals, args.seed, args.decision)
    settings = BasicSettings()
    print(f"{args.decision + ' decisions':48s} {'n':>6s}  {'gain each':>13s}  side won")
    report("all", rows)
    if args.decision == "recrack":
        report("basic recracks (should_recrack)",
               [r for r in rows if should_recrack(r.view, settings)])
        report("basic declines", [r for r in rows if not should_recrack(r.view, settings)])
        return
    if args.decision == "blitz":
        report("on the picker's side", [r for r in rows if on_pickers_side(r.view)])
        defenders = [r for r in rows if not on_pickers_side(r.view)]
        report("a defender basic blitzes with",
               [r for r in defenders if should_blitz(r.view, settings)])
        report("a defender basic passes with",
               [r for r in defenders if not should_blitz(r.view, settings)])
        return
    near: Callable[[Decision], bool] = lambda r: pick_strength(r.view.hand) >= 4.6  # noqa: E731
    report("old rule: strength >= 4.6", [r for r in rows if near(r)])
    report("  … against a called partner", [r for r in rows if near(r) and not r.view.alone])
    report("  … against a lone picker", [r for r in rows if near(r) and r.view.alone])
    report("lone picker, strength >= 4.3",
           [r for r in rows if r.view.alone and pick_strength(r.view.hand) >= 4.3])
    report("basic's rule now (should_crack)",
           [r for r in rows if should_crack(r.view, settings)])


if __name__ == "__main__":
    main()
