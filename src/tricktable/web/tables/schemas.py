"""Request bodies of the tables' API, strict like :mod:`tricktable.web.schemas`."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from tricktable.web.schemas import DifficultyName, GameName, PresetName
from tricktable.web.tables.phrases import PHRASES

__all__ = ["JoinRequest", "NewTableRequest", "PhraseName", "PhraseRequest", "RemoveRequest",
           "TableActionRequest"]

PhraseName = Literal["nice", "sorry", "thanks", "oops", "wow", "hurry", "brb", "gg"]
"""The quick phrases (:data:`tricktable.web.tables.phrases.PHRASES`; a test keeps them equal)."""
assert set(PhraseName.__args__) == set(PHRASES)  # type: ignore[attr-defined]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewTableRequest(_Body):
    game: GameName = "sheepshead"
    preset: PresetName | None = None
    difficulty: DifficultyName | None = None
    """The computer players' difficulty (left out: normal)."""
    hands: StrictInt | None = Field(default=None, ge=1, le=100)
    target: StrictInt | None = Field(default=None, ge=1, le=10_000)
    """Spades: test-only, as for a new game."""
    nickname: str = Field(min_length=1, max_length=200)
    """The host's name at this table."""
    turn_seconds: StrictInt | None = Field(default=None, ge=5, le=600)
    """Optional turn timer: a computer plays for a player idle this long."""


class JoinRequest(_Body):
    nickname: str = Field(min_length=1, max_length=200)


class TableActionRequest(_Body):
    action: str = Field(max_length=200)
    version: StrictInt = Field(ge=0)
    since: StrictInt | None = Field(default=None, ge=0)
    seat: StrictInt | None = Field(default=None, ge=0, le=9)
    """Optional: the seat the client acts for (must be the token's own)."""


class PhraseRequest(_Body):
    phrase: PhraseName


class RemoveRequest(_Body):
    seat: StrictInt = Field(ge=0, le=4)
    """The seat whose player the host takes off the table."""
