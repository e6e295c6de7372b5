"""The registry of computer players, by game and name: ``make_player("sheepshead", "basic")``."""

from __future__ import annotations

from collections.abc import Callable

from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead_strong import StrongSheepsheadPlayer
from tricktable.ai.spades_strong import StrongSpadesPlayer
from tricktable.game import Player, RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer

__all__ = ["GAMES", "PLAYERS", "REPRODUCIBLE", "make_player", "player_names"]

GAMES = ("sheepshead", "spades")

PlayerFactory = Callable[[Budget | None], Player]

PLAYERS: dict[str, dict[str, PlayerFactory]] = {
    "sheepshead": {
        "random": lambda budget: RandomPlayer(),
        "basic": lambda budget: BasicPlayer(),
        "strong": lambda budget: StrongSheepsheadPlayer(budget),
    },
    "spades": {
        "random": lambda budget: RandomPlayer(),
        "basic": lambda budget: SpadesBasicPlayer(),
        "strong": lambda budget: StrongSpadesPlayer(budget),
    },
}
"""Factories of players, by game then name, given a search budget (None: the player's own
default).  Add new players here, explicitly."""

REPRODUCIBLE = Budget(samples=12, time_ms=None)
"""A budget in samples only: the same view and seed always give the same choice, whatever the
machine's load (a little slower on average than the default time budget)."""


def player_names(game: str) -> list[str]:
    """The players available for a game."""
    return list(_game_players(game))


def make_player(game: str, name: str, *, reproducible: bool = False) -> Player:
    """A fresh player; raises ``ValueError`` naming the choices when the name is unknown.

    ``reproducible`` gives search players a budget in samples instead of time, so that their
    choices depend only on the view and the generator they are given.
    """
    players = _game_players(game)
    try:
        factory = players[name]
    except KeyError:
        raise ValueError(
            f"There is no {game} player {name!r}; choose from {', '.join(players)}."
        ) from None
    return factory(REPRODUCIBLE if reproducible else None)


def _game_players(game: str) -> dict[str, PlayerFactory]:
    try:
        return PLAYERS[game]
    except KeyError:
        raise ValueError(f"There is no game {game!r}; choose from {', '.join(GAMES)}.") from None
