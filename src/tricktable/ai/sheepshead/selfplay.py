"""Self-play data for the learned leaf value (:mod:`tricktable.ai.sheepshead.learned`).

A *shard* is ``hands`` hands dealt from seed ``base + index`` (hand ``j`` from
``derive_seed(base + index, "selfplay", j)``, dealer ``j % 5``), so a shard is the same
whatever else was generated and a stopped run resumes exactly.  Each hand:

1. ``basic`` picks, buries, calls and plays to the end of the *horizon* trick (1 in even hands,
   2 in odd ones), choosing a random legal card instead with probability ``explore`` (the search
   asks the value of positions after every option, not only after good ones);
2. the position there is recorded, with what ``basic`` playing it out scores and (for the
   horizon 2) the open-card solver's band from it, as the controls to beat;
3. ``strong`` plays every seat from there to the end (recording the position after trick 2 too
   when the horizon was 1), and the hand's stake is every record's target.

A leaster (all passed) records nothing.  The target is the picker's team's stake, in units
before doubling (:func:`~tricktable.ai.sheepshead.learned.picker_stake`).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from tricktable.ai.sheepshead.learned import picker_stake, raw_position, solved_stake
from tricktable.ai.sheepshead.solver import SearchAborted
from tricktable.ai.sheepshead.strong_variants import strong_sheepshead
from tricktable.game import derive_seed
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.state import HandState, Phase, new_hand

__all__ = ["SHARD_FORMAT", "ShardSpec", "generate", "play_hand_recorded", "read_shards",
           "shard_path"]

SHARD_FORMAT: Final = 1
_SOLVE_NODES: Final = 400_000
"""Nodes the control solve may take from one recorded position (else it records None)."""


@dataclass(frozen=True)
class ShardSpec:
    """What the shards of one data set are: ``hands`` each, from seed ``base + index``."""

    base: int = 1_000
    hands: int = 50
    explore: float = 0.1

    def name(self, index: int) -> str:
        return f"shard-{self.base + index:06d}-h{self.hands}-e{self.explore:g}.jsonl"


def shard_path(data_dir: Path, spec: ShardSpec, index: int) -> Path:
    return data_dir / spec.name(index)


def _basic_score(state: HandState, basic: BasicPlayer, rng: random.Random) -> float:
    """The picker's team's stake (units) when ``basic`` plays ``state`` out."""
    state = state.copy()
    while not state.is_over:
        state.apply(basic.choose(state.view(_mover(state)), rng))
    return _stake_of(state)


def _solved_band(state: HandState) -> float | None:
    """The stake (units) of the band the picker's team reaches open-card from ``state``."""
    try:
        return solved_stake(state, _SOLVE_NODES)
    except SearchAborted:
        return None


def _mover(state: HandState) -> int:
    seat = state.to_move
    assert seat is not None
    return seat


def _stake_of(state: HandState) -> float:
    result = state.result
    assert result is not None and state.picker is not None
    partner = -1 if state.partner is None or state.alone else state.partner
    return picker_stake(result.scores, state.picker, partner, state.stake_multiplier)


def play_hand_recorded(seed: str, dealer: int, horizon: int,
                       explore: float) -> list[dict[str, Any]]:
    """One hand of self-play (see the module); its records, empty for a leaster."""
    state = new_hand(seed=seed, dealer=dealer)
    basic = BasicPlayer()
    rngs = [random.Random(derive_seed(seed, "seat", s)) for s in range(5)]
    wander = random.Random(derive_seed(seed, "explore"))
    while not state.is_over and len(state.tricks) < horizon:
        seat = _mover(state)
        if state.phase is Phase.PLAY and wander.random() < explore:
            legal = state.legal_actions()
            state.apply(legal[wander.randrange(len(legal))])
        else:
            state.apply(basic.choose(state.view(seat), rngs[seat]))
    if state.is_over or state.picker is None:
        return []
    records = [_record(state, basic, rngs[0], "explore")]
    strong = strong_sheepshead()
    while state.result is None:
        seat = _mover(state)
        state.apply(strong.choose(state.view(seat), rngs[seat]))
        if len(state.tricks) == 2 and horizon < 2 and len(records) == 1 and not state.is_over:
            records.append(_record(state, basic, rngs[0], "strong"))
    final = _stake_of(state)
    for record in records:
        record["stake"] = final
    return records


def _record(state: HandState, basic: BasicPlayer, rng: random.Random,
            reached_by: str) -> dict[str, Any]:
    return {
        "raw": list(raw_position(state)),
        "multiplier": state.stake_multiplier,
        "reached_by": reached_by,
        "basic": _basic_score(state, basic, rng),
        "solved": _solved_band(state) if len(state.tricks) >= 2 else None,
    }


def _shard_records(spec: ShardSpec, index: int) -> Iterator[dict[str, Any]]:
    seed = str(spec.base + index)
    for j in range(spec.hands):
        hand_seed = derive_seed(seed, "selfplay", j)
        for record in play_hand_recorded(hand_seed, j % 5, 1 + j % 2, spec.explore):
            yield {"hand": j, **record}


def write_shard(data_dir: Path, spec: ShardSpec, index: int) -> Path:
    """Generate one shard and write it (atomically: a killed run leaves no partial shard)."""
    path = shard_path(data_dir, spec, index)
    lines = [json.dumps({"format": SHARD_FORMAT, "base": spec.base, "index": index,
                         "hands": spec.hands, "explore": spec.explore})]
    lines += [json.dumps(record, separators=(",", ":")) for record in _shard_records(spec, index)]
    partial = path.with_suffix(".partial")
    partial.write_text("\n".join(lines) + "\n")
    partial.replace(path)
    return path


def generate(data_dir: Path, spec: ShardSpec, shards: int, *, start: int = 0,
             jobs: int = 1) -> tuple[list[Path], list[Path]]:
    """Shards ``start`` … ``start + shards - 1`` of ``spec`` in ``data_dir``: those already
    there are skipped.  Returns (written, skipped)."""
    data_dir.mkdir(parents=True, exist_ok=True)
    todo = [i for i in range(start, start + shards) if not shard_path(data_dir, spec, i).exists()]
    skipped = [shard_path(data_dir, spec, i) for i in range(start, start + shards)
               if i not in todo]
    if jobs > 1 and len(todo) > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            written = list(pool.map(write_shard, [data_dir] * len(todo), [spec] * len(todo),
                                    todo))
    else:
        written = [write_shard(data_dir, spec, i) for i in todo]
    return written, skipped


def read_shards(data_dir: Path) -> list[dict[str, Any]]:
    """Every record of every shard in ``data_dir``, each with its shard's seed as ``shard``."""
    records = []
    for path in sorted(data_dir.glob("shard-*.jsonl")):
        lines = path.read_text().splitlines()
        head = json.loads(lines[0])
        if head.get("format") != SHARD_FORMAT:
            continue
        for line in lines[1:]:
            record = json.loads(line)
            record["shard"] = head["base"] + head["index"]
            records.append(record)
    return records
