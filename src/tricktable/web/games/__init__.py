"""Per-game adapters: everything the server needs to know about one game, behind one interface.

The server stores and serves games without knowing their rules: it asks the adapter for a new
match, replays an action log, applies an action, and turns a match into what one seat may see.
Each game is one module here; :data:`ADAPTERS` lists them explicitly.
"""

from __future__ import annotations

from typing import Any

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError
from tricktable.web.games.base import DIFFICULTIES, GameAdapter, Outcome, TableOptions
from tricktable.web.games.sheepshead import SheepsheadAdapter
from tricktable.web.games.spades import SpadesAdapter

__all__ = [
    "ADAPTERS",
    "DIFFICULTIES",
    "GameAdapter",
    "Outcome",
    "SheepsheadAdapter",
    "SpadesAdapter",
    "TableOptions",
    "adapter",
]

ADAPTERS: dict[str, GameAdapter[Any]] = {
    "sheepshead": SheepsheadAdapter(),
    "spades": SpadesAdapter(),
}
"""The games the server offers, by name (the order of the home page)."""


def adapter(game: str) -> GameAdapter[Any]:
    try:
        return ADAPTERS[game]
    except KeyError:
        raise WordedError(Message("server.game.unknown", {
            "game": repr(game), "games": ", ".join(ADAPTERS)})) from None
