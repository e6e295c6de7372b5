"""Named blocks of a flat observation vector: where each piece of a view goes, and how big it is."""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

__all__ = ["Block", "Entries", "Layout"]


@dataclass(frozen=True, slots=True)
class Block:
    """One named run of entries in the observation vector."""

    name: str
    start: int
    size: int
    meaning: str

    @property
    def stop(self) -> int:
        return self.start + self.size


class Layout:
    """Blocks laid end to end, in the order given; ``layout["hand"].start`` is an offset."""

    __slots__ = ("_by_name", "blocks", "size")

    def __init__(self, blocks: Sequence[tuple[str, int, str]]) -> None:
        placed: list[Block] = []
        start = 0
        for name, size, meaning in blocks:
            placed.append(Block(name, start, size, meaning))
            start += size
        self.blocks: tuple[Block, ...] = tuple(placed)
        self.size = start
        self._by_name = {block.name: block for block in placed}
        if len(self._by_name) != len(placed):
            raise ValueError("Block names must be unique.")

    def __getitem__(self, name: str) -> Block:
        return self._by_name[name]

    def table(self) -> str:
        """The layout as a Markdown table (offsets, sizes, meanings) for the documentation."""
        rows = ["| offset | size | block | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {b.start} | {b.size} | `{b.name}` | {b.meaning} |" for b in self.blocks]
        return "\n".join(rows)



class Entries:
    """An observation vector kept up to date entry by entry: the base of both games'
    ``SeatObservation``.  Entries are written one by one into an ``array.array`` (``_values``),
    which numpy's :attr:`vector` shares: a Python item write costs a tenth of numpy's."""

    __slots__ = ("_values", "vector")

    def __init__(self, size: int) -> None:
        self._values = array("f", bytes(4 * size))
        self.vector: NDArray[np.float32] = np.frombuffer(self._values, np.float32)

    def _rewrite(self, old: list[int], new: list[int]) -> list[int]:
        """Clear the one-hot entries ``old`` and set ``new`` (what moved); returns ``new``."""
        values = self._values
        for i in old:
            values[i] = 0.0
        for i in new:
            values[i] = 1.0
        return new
