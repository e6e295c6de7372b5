"""Where a player's gain over ``basic`` comes from: by the seat's role in the hand.

    .venv/bin/python bench/gain_by_role.py strong --deals 1000 --seed 11 --jobs 2
    .venv/bin/python bench/gain_by_role.py strong:search=played --deals 1000

Each deal (the arena's: seed ``deal_seed(seed, d)``, dealer ``d % 5``) is played once by
``basic`` in all five seats and once for each seat with the player there and ``basic`` in the
other four, every seat's generator the arena's for rotation 0.  The seat's gain is its score
with the player minus its score in the all-``basic`` hand.  The gains are grouped by the seat's
role in the all-``basic`` hand and in the player's (picker, partner, defender, leaster): how
often, the mean gain in that group, and its share of the gain per hand, with 95% intervals over
deals.  A group ``picker -> defender`` is a pick the player passed.  These are not the hands
``tricktable arena sheepshead --players PLAYER,basic --baseline basic`` plays on the same
deals (the arena rotates the whole line-up), only the same kind of measurement.
Never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor

from tricktable.ai.arena.runner import deal_seed, player_seed
from tricktable.ai.arena.stats import Estimate, mean_ci
from tricktable.ai.players import make_player
from tricktable.game import Player
from tricktable.sheepshead.deal import deal_from_seed
from tricktable.sheepshead.rules import rules_from_json
from tricktable.sheepshead.scoring import HandResult
from tricktable.sheepshead.state import HandState

SEATS = 5
Gain = tuple[str, str, float]
"""The seat's role under ``basic``, its role under the player, and its gain."""


def role(result: HandResult, seat: int) -> str:
    """The seat's part in a finished hand."""
    if result.picker is None:
        return result.kind.value  # a leaster, or thrown in (scored 0 here, not redealt)
    if seat == result.picker:
        return "picker"
    return "partner" if seat == result.partner else "defender"


def play(players: Sequence[Player], seed: str, deal: int, preset: str,
         watch: Callable[[HandState], None] | None = None) -> HandResult:
    """One hand of the arena's deal ``deal``, everybody with the arena's generator
    (``watch`` sees the whole state before each decision: for oracles only)."""
    rules = rules_from_json(preset)
    dealer = deal % SEATS
    state = HandState(rules=rules, dealer=dealer, deal=deal_from_seed(deal_seed(seed, deal),
                                                                      dealer))
    rngs = [random.Random(player_seed(seed, deal, 0, s)) for s in range(SEATS)]
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        if watch is not None:
            watch(state)
        state.apply(players[seat].choose(state.view(seat), rngs[seat]), seat=seat)
    assert state.result is not None
    return state.result


def gains(name: str, seed: str, deal: int, preset: str) -> list[Gain]:
    """Each seat's (role under basic, role under the player named ``name``, gain) for one
    deal."""
    return seat_gains(make_player("sheepshead", name, reproducible=True), seed, deal, preset)


def seat_gains(player: Player, seed: str, deal: int, preset: str,
               watch: Callable[[HandState], None] | None = None) -> list[Gain]:
    """Each seat's (role under basic, role under ``player``, gain) for one deal."""
    basic = make_player("sheepshead", "basic", reproducible=True)
    alike = play([basic] * SEATS, seed, deal, preset)
    out = []
    for seat in range(SEATS):
        lineup = [basic] * SEATS
        lineup[seat] = player
        result = play(lineup, seed, deal, preset, watch)
        out.append((role(alike, seat), role(result, seat),
                    float(result.scores[seat] - alike.scores[seat])))
    return out


def _plus_minus(estimate: Estimate) -> str:
    half = estimate.half_width
    return f"{estimate.mean:+8.3f} ± " + (f"{half:.3f}" if half is not None else "  -  ")


def report(name: str, by_deal: list[list[Gain]]) -> None:
    """Print the groups, largest share of the gain first."""
    deals = len(by_deal)
    groups = sorted({(b, p) for deal in by_deal for b, p, _ in deal})
    total = mean_ci([sum(g for _, _, g in deal) / SEATS for deal in by_deal])
    print(f"{name}: {deals} deals, {deals * SEATS} hands; gain per hand over basic "
          f"{_plus_minus(total).strip()}")
    print(f"{'basic -> player':22s} {'hands':>6s} {'share':>6s} {'mean gain':>16s} "
          f"{'per hand of all':>16s}")
    rows = []
    for group in groups:
        values = [g for deal in by_deal for b, p, g in deal if (b, p) == group]
        share = mean_ci([sum(g for b, p, g in deal if (b, p) == group) / SEATS
                         for deal in by_deal])
        rows.append((abs(share.mean), group, values, share))
    for _, (before, after), values, share in sorted(rows, reverse=True):
        print(f"{before + ' -> ' + after:22s} {len(values):6d} "
              f"{len(values) / (deals * SEATS):6.1%} {_plus_minus(mean_ci(values))} "
              f"{_plus_minus(share)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("player", help="a Sheepshead player's name, e.g. strong:search=played")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", default="11")
    parser.add_argument("--preset", default="milwaukee")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    make_player("sheepshead", args.player)  # a bad name fails here, before any work
    with ProcessPoolExecutor(args.jobs) as pool:
        futures = [pool.submit(gains, args.player, args.seed, d, args.preset)
                   for d in range(args.deals)]
        report(args.player, [future.result() for future in futures])


if __name__ == "__main__":
    main()
