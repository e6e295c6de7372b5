"""Request bodies and the error body (success responses are the JSON documented in
:mod:`tricktable.web.app`).

Requests are strict: an int is a JSON integer (not ``true``, ``"5"`` or ``5.0``), a choice is one
of its names (an empty string is not "the default": leave the field out), and a field the server
does not know is refused.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, model_validator

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError

__all__ = [
    "ActionRequest",
    "DailyRequest",
    "DifficultyName",
    "ErrorBody",
    "GameName",
    "HOUSE_OPTIONS",
    "MAX_COUNT",
    "NewGameRequest",
    "NicknameRequest",
    "PresetName",
    "Reason",
]

GameName = Literal["sheepshead", "spades"]
"""The games (:data:`tricktable.web.games.ADAPTERS`; a test keeps the two equal)."""
PresetName = Literal["milwaukee", "pagat", "tavern", "wisconsin-jd", "standard", "short"]
"""Every game's tables; the game's adapter says which belong to which game."""
DifficultyName = Literal["easy", "normal", "hard"]
"""The difficulties (:data:`tricktable.web.games.DIFFICULTIES`)."""
PartnerName = Literal["called-ace", "jack-of-diamonds"]
"""Sheepshead's partner rules (:class:`tricktable.sheepshead.rules.Partner`)."""
HOUSE_OPTIONS = ("partner", "crack", "blitz", "max_doubles")
MAX_COUNT = 2**31 - 1
"""The largest version or event number a request may give (what the databases' integer columns
hold)."""
"""The Sheepshead house options a new game may set over its table's."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class NewGameRequest(_Body):
    game: GameName = "sheepshead"
    preset: PresetName | None = None
    """The table; left out, the game's default table."""
    difficulty: DifficultyName | None = None
    """Left out: normal."""
    hands: StrictInt | None = Field(default=None, ge=1, le=100)
    """Sheepshead: the number of hands (the options list the allowed counts)."""
    target: StrictInt | None = Field(default=None, ge=1, le=10_000)
    """Spades: the score that ends the game.  Test-only: refused unless the server allows
    test options."""
    partner: PartnerName | None = None
    """Sheepshead: a called ace or the jack of diamonds; left out, the table's."""
    crack: StrictBool | None = None
    """Sheepshead: whether players who passed may crack (the picker recrack); left out, the
    table's."""
    blitz: StrictBool | None = None
    """Sheepshead: whether a pair of queens may be shown to double; left out, the table's."""
    max_doubles: StrictInt | None = Field(default=None, ge=0, le=8)
    """Sheepshead: the most doublings a hand may carry, 0 to 8, or null for no cap; left out,
    the table's."""

    @model_validator(mode="after")
    def _no_null_switches(self) -> NewGameRequest:
        for name in ("partner", "crack", "blitz"):
            if name in self.model_fields_set and getattr(self, name) is None:
                raise WordedError(Message("server.validation.null", {"field": name}))
        return self

    def house(self) -> dict[str, Any]:
        """The house options given (``max_doubles`` None: no cap)."""
        return {name: getattr(self, name) for name in HOUSE_OPTIONS
                if name in self.model_fields_set}


class DailyRequest(_Body):
    game: GameName = "sheepshead"


class ActionRequest(_Body):
    action: str = Field(max_length=200)
    """The action's text: ``pass``, ``bury QC 7H``, ``call AH unknown 8C``, ``play 10D``;
    Spades: ``keep``, ``reject``, ``double-nil``, ``exchange 2C 3D``, ``bid 4``, ``bid nil``."""
    version: StrictInt = Field(ge=0, le=MAX_COUNT)
    """The game version the player acted on (from the last response)."""
    since: StrictInt | None = Field(default=None, ge=0, le=MAX_COUNT)
    """The number of events the client has seen; the answer holds the events after them."""
    game_id: str | None = Field(default=None, max_length=64)
    """Optional: the game the client meant (must match the URL)."""
    seat: StrictInt | None = Field(default=None, ge=0, le=9)
    """Optional: the seat the client acts for (must be the player's own)."""


class NicknameRequest(_Body):
    nickname: str = Field(max_length=200)


class Reason(BaseModel):
    """A message of the catalogues (``GET /api/i18n``): a key and its parameters, a parameter
    being a number, text, or a message of its own."""

    key: str = Field(description="The catalogue key, e.g. illegal.follow.hearts.")
    params: dict[str, Any] = Field(
        default_factory=dict,
        description="The message's parameters: numbers, text, or nested {key, params}.")


class ErrorBody(BaseModel):
    """Every answer other than success."""

    error: str = Field(description="A short code: bad_request, not_found, stale_version, ...")
    message: str = Field(description="What was wrong, for people, in the request's language "
                                     "(the tricktable_lang cookie, else Accept-Language).")
    reason: Reason | None = Field(
        default=None,
        description="The message as a catalogue key and parameters, for clients that word "
                    "it themselves (absent for the rare message no catalogue holds).")
    game: dict[str, Any] | None = Field(
        default=None, description="A 409 only: the game as it is now, to continue from.")
