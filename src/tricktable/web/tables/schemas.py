"""Request bodies of the tables' API, strict like :mod:`tricktable.web.schemas`: the schemas
say exactly what the server takes (a body shape per game for a new table, whole numbers as JSON
Schema's ``integer``, a nickname's length and characters), so a request the OpenAPI document
allows is one the server takes."""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    Tag,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from tricktable.sheepshead.rules import HAND_COUNTS
from tricktable.web.schemas import (
    NICKNAME_PATTERN,
    DifficultyName,
    PlayerAction,
    SheepsheadPreset,
    SpadesChoices,
    StrictBody,
    _game_of,
    _integral,
    check_hand_count,
)
from tricktable.web.tables.phrases import PHRASES

__all__ = ["HostChoices", "JoinRequest", "NewTableRequest", "PhraseName", "PhraseRequest",
           "RemoveRequest", "SettingsRequest", "SheepsheadTableRequest", "SpadesTableRequest",
           "TableActionRequest", "TakeSeatRequest"]

PhraseName = Literal["nice", "sorry", "thanks", "oops", "wow", "hurry", "brb", "gg"]
"""The quick phrases (:data:`tricktable.web.tables.phrases.PHRASES`; a test keeps them equal)."""
assert set(PhraseName.__args__) == set(PHRASES)  # type: ignore[attr-defined]


Nickname = Annotated[str, Field(min_length=1, max_length=200, json_schema_extra={
    "maxLength": 24, "minLength": 1, "pattern": NICKNAME_PATTERN})]
"""Up to 24 characters once runs of spaces are one space (the server's check); the schema
says what :class:`tricktable.web.schemas.NicknameRequest` says."""
TurnSeconds = Annotated[StrictInt, Field(ge=5, le=600), BeforeValidator(_integral)]
HandCount = Annotated[int, BeforeValidator(_integral), Field(json_schema_extra={
    "enum": list(HAND_COUNTS)})]


class HostChoices(StrictBody):
    """What the host of a new table chooses, whatever the game."""

    nickname: Nickname
    """The host's name at this table."""
    turn_seconds: TurnSeconds | SkipJsonSchema[None] = None
    """Optional turn timer: a computer plays for a player idle this long."""
    helpers: StrictBool = False
    """Whether hints are offered at the table (shown to every player)."""


class SheepsheadTableRequest(HostChoices):
    """A new Sheepshead table (``game`` may be left out)."""

    game: Annotated[Literal["sheepshead", "spades"],
                    Field(json_schema_extra={"enum": ["sheepshead"]})] = "sheepshead"
    preset: SheepsheadPreset | SkipJsonSchema[None] = None
    difficulty: DifficultyName | SkipJsonSchema[None] = None
    """The computer players' difficulty (left out: normal)."""
    hands: HandCount | SkipJsonSchema[None] = None
    """The number of hands; left out, the table's."""

    @model_validator(mode="after")
    def _hand_count(self) -> Self:
        check_hand_count(self.hands)
        return self

    @property
    def target(self) -> None:
        return None


class SpadesTableRequest(HostChoices, SpadesChoices):
    """A new Spades table."""


NewTableRequest = Annotated[
    Annotated[SheepsheadTableRequest, Tag("Sheepshead")]
    | Annotated[SpadesTableRequest, Tag("Spades")],
    Discriminator(_game_of),
]
"""``POST /api/tables``: each game's own options (one of the two, by ``game``)."""


class JoinRequest(StrictBody):
    nickname: Nickname


class TableActionRequest(PlayerAction):
    """``POST /api/tables/{invite}/actions``."""


class PhraseRequest(StrictBody):
    phrase: PhraseName


class SettingsRequest(StrictBody):
    helpers: StrictBool
    """Whether hints are offered at the table (the host's choice, shown to every player)."""


class TakeSeatRequest(StrictBody):
    code: str = Field(min_length=3, max_length=64, pattern=r"^[0-9]-[0-9a-f]{40}$")
    """The seat link's code (from the link's fragment, ``#seat=CODE``)."""


class RemoveRequest(StrictBody):
    seat: Annotated[StrictInt, Field(ge=0, le=4), BeforeValidator(_integral)]
    """The seat whose player the host takes off the table."""

