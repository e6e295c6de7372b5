"""The arena's games by name: every adapter is listed here, and only here.

The runner takes its adapter from :func:`adapter_for`; a new game is one more entry in
:data:`ADAPTERS`.  The adapters import :mod:`tricktable.ai.arena.adapter`, never this module or
the runner, so nothing here is registered by importing it.
"""

from __future__ import annotations

from collections.abc import Callable

from tricktable.ai.arena.adapter import GameAdapter
from tricktable.ai.arena.sheepshead import SheepsheadAdapter
from tricktable.ai.arena.spades import SpadesAdapter

__all__ = ["ADAPTERS", "adapter_for"]

ADAPTERS: dict[str, Callable[[], GameAdapter]] = {
    "sheepshead": SheepsheadAdapter,
    "spades": SpadesAdapter,
}
"""Arena adapters by game name, each a factory of a fresh adapter."""


def adapter_for(game: str) -> GameAdapter:
    """A fresh adapter for ``game``; a :class:`ValueError` naming the games if there is none."""
    try:
        factory = ADAPTERS[game]
    except KeyError:
        raise ValueError(
            f"The arena has no game {game!r}; choose from {', '.join(ADAPTERS)}."
        ) from None
    return factory()
