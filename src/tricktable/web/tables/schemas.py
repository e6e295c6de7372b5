"""Request bodies of the tables' API, strict like :mod:`tricktable.web.schemas`: the schemas
say exactly what the server takes (a body shape per game for a new table, whole numbers as JSON
Schema's ``integer``, a nickname's length and characters), so a request the OpenAPI document
allows is one the server takes."""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal, Self

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Field,
    StrictBool,
    StrictInt,
    Tag,
    model_validator,
)
from pydantic.json_schema import SkipJsonSchema

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError
from tricktable.sheepshead.rules import HAND_COUNTS
from tricktable.web.schemas import (
    MAX_COUNT,
    NICKNAME_PATTERN,
    DifficultyName,
    SheepsheadPreset,
    SpadesPreset,
    TargetScore,
    _game_of,
    _integral,
    check_hand_count,
)
from tricktable.web.tables.phrases import PHRASES

__all__ = ["JoinRequest", "NewTableRequest", "PhraseName", "PhraseRequest", "RemoveRequest",
           "SettingsRequest", "SheepsheadTableRequest", "SpadesTableRequest",
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


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    @model_validator(mode="after")
    def _no_nulls(self) -> Self:
        """A field given as null is refused (leave it out for its default), as the schema
        says, except where the schema allows null."""
        for name in self.model_fields_set:
            if getattr(self, name) is None and name not in self._nullable:
                raise WordedError(Message("server.validation.null", {"field": name}))
        return self

    _nullable: ClassVar[frozenset[str]] = frozenset()


class SheepsheadTableRequest(_Body):
    """A new Sheepshead table (``game`` may be left out)."""

    game: Annotated[Literal["sheepshead", "spades"],
                    Field(json_schema_extra={"enum": ["sheepshead"]})] = "sheepshead"
    preset: SheepsheadPreset | SkipJsonSchema[None] = None
    difficulty: DifficultyName | SkipJsonSchema[None] = None
    """The computer players' difficulty (left out: normal)."""
    hands: HandCount | SkipJsonSchema[None] = None
    """The number of hands; left out, the table's."""

    @model_validator(mode="after")
    def _hand_count(self) -> SheepsheadTableRequest:
        check_hand_count(self.hands)
        return self
    nickname: Nickname
    """The host's name at this table."""
    turn_seconds: TurnSeconds | SkipJsonSchema[None] = None
    """Optional turn timer: a computer plays for a player idle this long."""
    helpers: StrictBool = False
    """Whether hints are offered at the table (shown to every player)."""

    @property
    def target(self) -> None:
        return None


class SpadesTableRequest(_Body):
    """A new Spades table."""

    game: Literal["spades"]
    preset: SpadesPreset | SkipJsonSchema[None] = None
    difficulty: DifficultyName | SkipJsonSchema[None] = None
    target: TargetScore | SkipJsonSchema[None] = None
    """The score that ends the game.  Test-only: refused, and not in the document, unless the
    server allows test options."""
    nickname: Nickname
    turn_seconds: TurnSeconds | SkipJsonSchema[None] = None
    helpers: StrictBool = False

    @property
    def hands(self) -> None:
        return None


NewTableRequest = Annotated[
    Annotated[SheepsheadTableRequest, Tag("Sheepshead")]
    | Annotated[SpadesTableRequest, Tag("Spades")],
    Discriminator(_game_of),
]
"""``POST /api/tables``: each game's own options (one of the two, by ``game``)."""


class JoinRequest(_Body):
    nickname: Nickname


class TableActionRequest(_Body):
    _nullable = frozenset({"since", "seat"})
    action: str = Field(max_length=200)
    version: Annotated[StrictInt, Field(ge=0, le=MAX_COUNT), BeforeValidator(_integral)]
    since: Annotated[StrictInt, Field(ge=0, le=MAX_COUNT),
                     BeforeValidator(_integral)] | None = None
    seat: Annotated[StrictInt, Field(ge=0, le=9), BeforeValidator(_integral)] | None = None
    """Optional: the seat the client acts for (must be the token's own)."""


class PhraseRequest(_Body):
    phrase: PhraseName


class SettingsRequest(_Body):
    helpers: StrictBool
    """Whether hints are offered at the table (the host's choice, shown to every player)."""


class TakeSeatRequest(_Body):
    code: str = Field(min_length=3, max_length=64, pattern=r"^[0-9]-[0-9a-f]{40}$")
    """The seat link's code (from the link's fragment, ``#seat=CODE``)."""


class RemoveRequest(_Body):
    seat: Annotated[StrictInt, Field(ge=0, le=4), BeforeValidator(_integral)]
    """The seat whose player the host takes off the table."""

