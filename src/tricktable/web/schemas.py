"""Request bodies (responses are the JSON documented in :mod:`tricktable.web.app`)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, StrictInt

__all__ = ["ActionRequest", "DailyRequest", "NewGameRequest", "NicknameRequest"]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class NewGameRequest(_Body):
    game: str = "sheepshead"
    preset: str | None = None
    difficulty: str | None = None
    hands: int | None = None
    """Sheepshead: the number of hands."""
    target: StrictInt | None = None
    """Spades: the score that ends the game.  Test-only: refused unless the server allows
    test options."""


class DailyRequest(_Body):
    game: str = "sheepshead"


class ActionRequest(_Body):
    action: str = Field(max_length=200)
    """The action's text: ``pass``, ``bury QC 7H``, ``call AH unknown 8C``, ``play 10D``;
    Spades: ``keep``, ``reject``, ``double-nil``, ``exchange 2C 3D``, ``bid 4``, ``bid nil``."""
    version: int
    """The game version the player acted on (from the last response)."""
    since: int | None = Field(default=None, ge=0)
    """The number of events the client has seen; the answer holds the events after them."""
    game_id: str | None = None
    """Optional: the game the client meant (must match the URL)."""
    seat: int | None = None
    """Optional: the seat the client acts for (must be the player's own)."""


class NicknameRequest(_Body):
    nickname: str
