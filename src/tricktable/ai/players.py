"""The registry of computer players, by game and name: ``make_player("sheepshead", "basic")``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import import_module

from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.ai.sheepshead.strong_variants import STRONG_SETTINGS, strong_sheepshead
from tricktable.ai.spades.strong import StrongSpadesPlayer
from tricktable.game import Player, RandomPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer

__all__ = [
    "GAMES",
    "PLAYERS",
    "PLAYER_KINDS",
    "REPRODUCIBLE",
    "STRONG_BUDGET",
    "make_player",
    "player_names",
]

GAMES = ("sheepshead", "spades")

PlayerFactory = Callable[[Budget | None], Player]

STRONG_BUDGET = Budget(samples=STRONG_SETTINGS["samples"], time_ms=None)
"""Sheepshead ``strong``'s own budget, in samples only, so its choices are reproducible (the
same view and generator, the same choice) wherever it plays, the web app included: it stops
early once its choice is settled, which keeps easy decisions cheap."""

PLAYERS: dict[str, dict[str, PlayerFactory]] = {
    "sheepshead": {
        "random": lambda budget: RandomPlayer(),
        "basic": lambda budget: BasicPlayer(),
        "strong": lambda budget: strong_sheepshead(budget),
        "pimc": lambda budget: StrongSheepsheadPlayer(budget),
    },
    "spades": {
        "random": lambda budget: RandomPlayer(),
        "basic": lambda budget: SpadesBasicPlayer(),
        "strong": lambda budget: StrongSpadesPlayer(budget),
    },
}
"""Factories of players, by game then name, given a search budget (None: the player's own
default).  Add new players here, explicitly."""

PLAYER_KINDS: dict[str, tuple[str, str]] = {
    "policy": ("tricktable.rl.policy", "policy_player"),
    "basic": ("tricktable.sheepshead.bots", "basic_variant"),
    "strong": ("tricktable.ai.sheepshead.strong_variants", "strong_variant"),
}
"""Players named ``KIND:ARGUMENT`` (``policy:trained.npz``; ``basic:no-crack``, Sheepshead's
``basic`` that never cracks, the baseline that measures its crack rule), by kind: the module and
the function ``(game, argument) -> Player`` that make one.  The module is imported on first use,
so optional layers above this one (``rl`` needs numpy) stay optional."""

REPRODUCIBLE = Budget(samples=12, time_ms=None)
"""A budget in samples only, for the search players whose own budget has a clock (``pimc``):
the same view and seed always give the same choice, whatever the machine's load.  Both
``strong`` players need none: their own budgets have no clock (Sheepshead's is in samples,
Spades' in samples and solver nodes), so they play at full strength reproducibly."""


def player_names(game: str) -> list[str]:
    """The players available for a game."""
    return list(_game_players(game))


def make_player(game: str, name: str, *, reproducible: bool = False,
                cpu_clock: bool = False) -> Player:
    """A fresh player; raises ``ValueError`` naming the choices when the name is unknown.

    ``reproducible`` gives the search players whose own budget has a clock
    :data:`REPRODUCIBLE` instead, so that their choices depend only on the view and the
    generator they are given (a player whose budget has no clock keeps its own).
    ``cpu_clock`` has a search player count its time budget in CPU seconds (see
    :class:`Budget`).
    """
    players = _game_players(game)
    kind, colon, argument = name.partition(":")
    if colon:
        return _make_kind(game, kind, argument)
    try:
        factory = players[name]
    except KeyError:
        kinds = ", ".join(f"{k}:…" for k in PLAYER_KINDS)
        raise ValueError(
            f"There is no {game} player {name!r}; choose from {', '.join(players)}, {kinds}."
        ) from None
    player = factory(None)
    budget = getattr(player, "budget", None)
    if reproducible and isinstance(budget, Budget) and not budget.reproducible:
        player = factory(REPRODUCIBLE)
        budget = getattr(player, "budget", None)
    if cpu_clock and isinstance(budget, Budget):
        player.budget = replace(budget, cpu_clock=True)  # type: ignore[attr-defined]
    return player


def _make_kind(game: str, kind: str, argument: str) -> Player:
    try:
        module_name, function = PLAYER_KINDS[kind]
    except KeyError:
        raise ValueError(
            f"There is no kind of player {kind!r}; choose from {', '.join(PLAYER_KINDS)}."
        ) from None
    if not argument:
        raise ValueError(f"Name the {kind} after the colon: '{kind}:…'.")
    try:
        module = import_module(module_name)
    except ImportError as error:
        raise ValueError(f"{kind} players need more packages: {error}") from None
    player: Player = getattr(module, function)(game, argument)
    return player


def _game_players(game: str) -> dict[str, PlayerFactory]:
    try:
        return PLAYERS[game]
    except KeyError:
        raise ValueError(f"There is no game {game!r}; choose from {', '.join(GAMES)}.") from None
