"""The arena: computer players against each other, by duplicate play, in parallel.

**Line-up.**  ``players`` names the players seat by seat; a shorter list is filled out with its
last name (``["strong", "basic"]`` is one ``strong`` and four ``basic`` in Sheepshead).  A name
given for several seats is reported once, over all its hands.

**Duplicate play.**  Every deal is played once per seating rotation: in rotation ``r`` the
player at line-up position ``i`` sits in seat ``(i + r) % seats``, so each player sits in every
seat with the same cards.  Deal ``d`` comes from ``derive_seed(seed, "arena", d)``; the player
in seat ``s`` decides with ``random.Random(derive_seed(seed, "arena", d, r, s))``.  A run is a
pure function of its arguments, whatever the number of processes.

**Gain.**  With a ``baseline``, every deal and rotation is played a second time with the
baseline in the first player's seat (everyone else and every generator unchanged).  The gain
is the mean over deals and rotations of (first player's score − baseline's score) in the same
seat on the same deal.  Its interval, like every interval here, is computed over deals — the
independent units — from each deal's mean over its rotations.

**Games.**  The arena knows games only through a
:class:`~tricktable.ai.arena.adapter.GameAdapter` (how many seats, how to play one deal with
given players, which figures to report), taken by name from
:mod:`tricktable.ai.arena.registry`: Sheepshead's is in :mod:`tricktable.ai.arena.sheepshead`,
Spades' (a deal is a whole game to the target score) in :mod:`tricktable.ai.arena.spades`.
"""

from __future__ import annotations

import multiprocessing
import os
import random
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from tricktable.ai.arena.adapter import Column, Counters, GameAdapter, Seating, TimedPlayer
from tricktable.ai.arena.registry import adapter_for
from tricktable.ai.arena.stats import Estimate, LatencyHistogram, mean_ci
from tricktable.ai.players import make_player
from tricktable.game import Seed, derive_seed

__all__ = [
    "ArenaReport",
    "ArenaSpec",
    "PlayerReport",
    "deal_seed",
    "fill_lineup",
    "player_seed",
    "run_arena",
    "seating",
    "split_lineup",
]


# --- Schedule --------------------------------------------------------------------------------


def fill_lineup(players: Sequence[str], seats: int) -> tuple[str, ...]:
    """The line-up seat by seat: a shorter list is filled out with its last name."""
    names = [p.strip() for p in players if p.strip()]
    if not names:
        raise ValueError("Name at least one player.")
    if len(names) > seats:
        raise ValueError(f"This game has {seats} seats; {len(names)} players were named.")
    return (*names, *[names[-1]] * (seats - len(names)))


def seating(lineup: Sequence[str], rotation: int) -> tuple[str, ...]:
    """Who sits where in a rotation: line-up position ``i`` takes seat ``(i + rotation) % n``."""
    n = len(lineup)
    return tuple(lineup[(seat - rotation) % n] for seat in range(n))


def deal_seed(seed: Seed, deal: int) -> str:
    """The seed of the arena's deal number ``deal``."""
    return derive_seed(seed, "arena", deal)


def player_seed(seed: Seed, deal: int, rotation: int, seat: int) -> str:
    """The seed of the generator the player in ``seat`` gets for a deal and rotation."""
    return derive_seed(seed, "arena", deal, rotation, seat)


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """What to run: game, line-up, deals and seed; optional baseline, processes, table."""

    game: str
    players: tuple[str, ...]
    deals: int
    seed: Seed = 1
    baseline: str | None = None
    jobs: int = 1
    preset: str | None = None
    cpu_clock: bool = False
    """Budget and time decisions in CPU seconds, not wall seconds (see :class:`Budget`)."""
    ray: str | None = None
    """Play the deals as tasks on the Ray cluster at this address (``"auto"``, ``"local"``,
    ``"ray://head:10001"``) instead of on local processes; ``jobs`` then only sets how finely
    the deals are split (see :mod:`tricktable.ai.arena.ray_cluster`)."""

    def __post_init__(self) -> None:
        if self.deals < 1:
            raise ValueError("Play at least one deal.")
        if self.jobs < 1:
            raise ValueError("Use at least one process.")


# --- Playing blocks of deals -----------------------------------------------------------------


@dataclass(slots=True)
class _Tally:
    """What one block of deals produced."""

    deal_scores: dict[str, dict[int, tuple[float, int]]] = field(default_factory=dict)
    """Per player, per deal: (score total, hands)."""
    counters: dict[str, Counters] = field(default_factory=dict)
    latency: dict[str, LatencyHistogram] = field(default_factory=dict)
    gains: dict[int, float] = field(default_factory=dict)
    """Per deal: mean over rotations of (first player − baseline) per hand."""
    baseline_scores: dict[int, tuple[float, int]] = field(default_factory=dict)
    baseline_counters: Counters = field(default_factory=dict)
    baseline_latency: LatencyHistogram = field(default_factory=LatencyHistogram)

    def merge(self, other: _Tally) -> None:
        for name, by_deal in other.deal_scores.items():
            self.deal_scores.setdefault(name, {}).update(by_deal)
        for name, counters in other.counters.items():
            _add_counters(self.counters.setdefault(name, {}), counters)
        for name, histogram in other.latency.items():
            self.latency.setdefault(name, LatencyHistogram()).merge(histogram)
        self.gains.update(other.gains)
        self.baseline_scores.update(other.baseline_scores)
        _add_counters(self.baseline_counters, other.baseline_counters)
        self.baseline_latency.merge(other.baseline_latency)


def _add_counters(into: Counters, more: Mapping[str, float]) -> None:
    for key, value in more.items():
        into[key] = into.get(key, 0) + value


def _rngs(spec: ArenaSpec, deal: int, rotation: int, seats: int) -> list[random.Random]:
    return [random.Random(player_seed(spec.seed, deal, rotation, s)) for s in range(seats)]


def _play_block(spec: ArenaSpec, deals: range) -> _Tally:
    """Play a block of deals in every rotation (and again with the baseline)."""
    adapter = adapter_for(spec.game)
    lineup = fill_lineup(spec.players, adapter.seats)
    seats = adapter.seats
    tally = _Tally()
    histograms = {name: tally.latency.setdefault(name, LatencyHistogram()) for name in lineup}
    # One instance per line-up position, so no two seats of a hand share a player object.
    clock = spec.cpu_clock
    instances = [TimedPlayer(name, make_player(spec.game, name, cpu_clock=clock),
                             histograms[name], cpu_clock=clock)
                 for name in lineup]
    baseline = None
    if spec.baseline is not None:
        baseline = TimedPlayer(spec.baseline,
                               make_player(spec.game, spec.baseline, cpu_clock=clock),
                               tally.baseline_latency, cpu_clock=clock)
    for deal in deals:
        seed = deal_seed(spec.seed, deal)
        totals: dict[str, list[float]] = {}
        gain_sum = 0.0
        base_total = [0.0, 0]
        for rotation in range(seats):
            # Line-up position i sits in seat (i + rotation) % seats, as in ``seating``.
            by_seat = [instances[(seat - rotation) % seats] for seat in range(seats)]
            played = adapter.play_deal(Seating(seed, deal, tuple(by_seat),
                                               _rngs(spec, deal, rotation, seats), spec.preset))
            for seat, player in enumerate(by_seat):
                entry = totals.setdefault(player.name, [0.0, 0])
                entry[0] += played.scores[seat]
                entry[1] += played.hands
                _add_counters(tally.counters.setdefault(player.name, {}), played.counters[seat])
            if baseline is None:
                continue
            first_seat = rotation % seats  # where line-up position 0 sits
            by_seat[first_seat] = baseline
            again = adapter.play_deal(Seating(seed, deal, tuple(by_seat),
                                              _rngs(spec, deal, rotation, seats), spec.preset))
            gain_sum += (played.scores[first_seat] / played.hands
                         - again.scores[first_seat] / again.hands)
            base_total[0] += again.scores[first_seat]
            base_total[1] += again.hands
            _add_counters(tally.baseline_counters, again.counters[first_seat])
        for name, (total, hands) in totals.items():
            tally.deal_scores.setdefault(name, {})[deal] = (total, int(hands))
        if baseline is not None:
            tally.gains[deal] = gain_sum / seats
            tally.baseline_scores[deal] = (base_total[0], int(base_total[1]))
    return tally


# --- Reports ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlayerReport:
    """One player's figures over all its hands."""

    name: str
    score: Estimate
    """Mean score per hand; the interval is over deals."""
    hands: int
    figures: dict[str, float | None]
    latency_p50: float | None
    latency_p95: float | None
    latency_p99: float | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "mean": self.score.mean,
            "ci95": self.score.ci95(),
            "hands": self.hands,
            **self.figures,
            "latency_ms": {"p50": self.latency_p50, "p95": self.latency_p95,
                           "p99": self.latency_p99},
        }


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """Everything a run measured."""

    spec: ArenaSpec
    lineup: tuple[str, ...]
    players: dict[str, PlayerReport]
    columns: tuple[Column, ...]
    score_label: str
    gain: Estimate | None
    baseline: PlayerReport | None
    seconds: float

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.spec.game,
            "deals": self.spec.deals,
            "seed": self.spec.seed,
            "preset": self.spec.preset,
            "cpu_clock": self.spec.cpu_clock,
            "lineup": list(self.lineup),
            "players": {name: report.to_json() for name, report in self.players.items()},
        }
        if self.gain is not None and self.baseline is not None:
            data["gain"] = {
                "mean": self.gain.mean,
                "ci95": self.gain.ci95(),
                "player": self.lineup[0],
                "baseline": self.spec.baseline,
            }
            data["baseline"] = self.baseline.to_json()
        data["seconds"] = round(self.seconds, 3)
        return data


def _player_report(
    name: str,
    by_deal: Mapping[int, tuple[float, int]],
    counters: Mapping[str, float],
    latency: LatencyHistogram,
    adapter: GameAdapter,
) -> PlayerReport:
    deals = sorted(by_deal)
    per_deal = [by_deal[d][0] / by_deal[d][1] for d in deals]
    hands = sum(by_deal[d][1] for d in deals)
    return PlayerReport(
        name=name,
        score=mean_ci(per_deal),
        hands=hands,
        figures=adapter.figures(counters),
        latency_p50=latency.percentile(50),
        latency_p95=latency.percentile(95),
        latency_p99=latency.percentile(99),
    )


def _blocks(deals: int, jobs: int) -> Iterator[range]:
    """Deal ranges small enough for an even spread and a lively progress bar."""
    size = max(1, min(50, deals // (jobs * 8) or 1))
    for start in range(0, deals, size):
        yield range(start, min(deals, start + size))


def run_arena(
    spec: ArenaSpec, *, on_progress: Callable[[int], None] | None = None
) -> ArenaReport:
    """Run the arena; ``on_progress(n)`` is told each time ``n`` more deals are done."""
    adapter = adapter_for(spec.game)
    lineup = fill_lineup(spec.players, adapter.seats)
    for name in {*lineup, *([spec.baseline] if spec.baseline else [])}:
        make_player(spec.game, name)  # fail early on an unknown name
    start = time.perf_counter()
    tally = _Tally()
    blocks = list(_blocks(spec.deals, spec.jobs))
    if spec.ray is not None:
        from tricktable.ai.arena.ray_cluster import play_on_ray

        for block, result in play_on_ray(spec.ray, _play_block, spec, blocks):
            tally.merge(result)
            if on_progress is not None:
                on_progress(len(block))
    elif spec.jobs == 1:
        for block in blocks:
            tally.merge(_play_block(spec, block))
            if on_progress is not None:
                on_progress(len(block))
    else:
        # A forked child of a process with gRPC threads (Ray's, say) can die at birth.
        context = multiprocessing.get_context("forkserver")
        with ProcessPoolExecutor(max_workers=spec.jobs, mp_context=context) as pool:
            pending: dict[Future[_Tally], int] = {
                pool.submit(_play_block, spec, block): len(block) for block in blocks
            }
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    size = pending.pop(future)
                    tally.merge(future.result())
                    if on_progress is not None:
                        on_progress(size)
    players = {
        name: _player_report(
            name, tally.deal_scores[name], tally.counters.get(name, {}),
            tally.latency.get(name, LatencyHistogram()), adapter,
        )
        for name in dict.fromkeys(lineup)
    }
    gain = baseline = None
    if spec.baseline is not None:
        gain = mean_ci([tally.gains[d] for d in sorted(tally.gains)])
        baseline = _player_report(
            spec.baseline, tally.baseline_scores, tally.baseline_counters,
            tally.baseline_latency, adapter,
        )
    return ArenaReport(
        spec=spec, lineup=lineup, players=players, columns=adapter.columns,
        score_label=adapter.score_label, gain=gain, baseline=baseline,
        seconds=time.perf_counter() - start,
    )


def default_jobs() -> int:
    return os.cpu_count() or 1


def split_lineup(text: str) -> tuple[str, ...]:
    """The players of a comma-separated line-up, seat by seat.  A player's own settings may be
    comma-separated too (``strong:play_z=0.25,samples=48,basic``): an item with ``=`` and no
    ``:`` continues the player before it, as no player's name holds an ``=``."""
    players: list[str] = []
    for item in text.split(","):
        if players and "=" in item and ":" not in item:
            players[-1] += "," + item
        else:
            players.append(item)
    return tuple(players)
