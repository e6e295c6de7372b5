"""The registry of computer players, by game and name: ``make_player("sheepshead", "basic")``."""

from __future__ import annotations

from collections.abc import Callable

from tricktable.ai.sheepshead_strong import StrongSheepsheadPlayer
from tricktable.ai.spades_strong import StrongSpadesPlayer
from tricktable.game import Player, RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer

__all__ = ["GAMES", "PLAYERS", "make_player", "player_names"]

GAMES = ("sheepshead", "spades")

PLAYERS: dict[str, dict[str, Callable[[], Player]]] = {
    "sheepshead": {"random": RandomPlayer, "basic": BasicPlayer, "strong": StrongSheepsheadPlayer},
    "spades": {"random": RandomPlayer, "basic": SpadesBasicPlayer, "strong": StrongSpadesPlayer},
}
"""Factories of players, by game then name.  Add new players here, explicitly."""


def player_names(game: str) -> list[str]:
    """The players available for a game."""
    return list(_game_players(game))


def make_player(game: str, name: str) -> Player:
    """A fresh player; raises ``ValueError`` naming the choices when the name is unknown."""
    players = _game_players(game)
    try:
        return players[name]()
    except KeyError:
        raise ValueError(
            f"There is no {game} player {name!r}; choose from {', '.join(players)}."
        ) from None


def _game_players(game: str) -> dict[str, Callable[[], Player]]:
    try:
        return PLAYERS[game]
    except KeyError:
        raise ValueError(f"There is no game {game!r}; choose from {', '.join(GAMES)}.") from None
