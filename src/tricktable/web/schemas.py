"""Request bodies and the error body (success responses are the JSON documented in
:mod:`tricktable.web.app`).

Requests are strict: a whole number is a JSON number without a fraction (``5`` or ``5.0``, as
JSON Schema's ``integer``; not ``true``, ``"5"`` or ``5.5``), a choice is one of its names (an
empty string is not "the default": leave the field out), and a field the server does not know is
refused.  The schemas say exactly this, so a request the OpenAPI document allows is one the
server takes (a test holds the two together with schemathesis).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal, Self

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

__all__ = [
    "ActionRequest",
    "Count",
    "DailyRequest",
    "DifficultyName",
    "ErrorBody",
    "GameName",
    "HOUSE_OPTIONS",
    "MAX_COUNT",
    "NICKNAME_PATTERN",
    "NewGameRequest",
    "NicknameRequest",
    "PlayerAction",
    "SheepsheadGameRequest",
    "SpadesChoices",
    "SpadesGameRequest",
    "StrictBody",
    "TargetScore",
    "UNION_TAGS",
    "UndoRequest",
    "WholeNumber",
    "check_hand_count",
    "PresetName",
    "Reason",
]

GameName = Literal["sheepshead", "spades"]
"""The games (:data:`tricktable.web.games.ADAPTERS`; a test keeps the two equal)."""
SheepsheadPreset = Literal["milwaukee", "pagat", "tavern", "wisconsin-jd"]
SpadesPreset = Literal["standard", "short"]
PresetName = Literal[SheepsheadPreset, SpadesPreset]
"""Every game's tables (the adapters' ``presets``; a test keeps them equal)."""
DifficultyName = Literal["easy", "normal", "hard"]
"""The difficulties (:data:`tricktable.web.games.DIFFICULTIES`)."""
PartnerName = Literal["called-ace", "jack-of-diamonds"]
"""Sheepshead's partner rules (:class:`tricktable.sheepshead.rules.Partner`)."""
HOUSE_OPTIONS = ("partner", "crack", "blitz", "max_doubles")
"""The Sheepshead house options a new game may set over its table's."""


MAX_COUNT = 2**31 - 1
"""The largest version or event number a request may give (what the databases' integer columns
hold)."""


def _integral(value: object) -> object:
    """A float without a fraction as the int it is (JSON does not tell ``5.0`` from ``5``)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


WholeNumber = Annotated[StrictInt, BeforeValidator(_integral)]
"""A JSON number without a fraction: ``5`` or ``5.0``, never ``true`` or ``"5"``.  A bound
goes inside, before the validator (``Annotated[StrictInt, Field(ge=0), BeforeValidator(...)]``):
put around this type, pydantic checks it but leaves it out of the schema."""

Count = Annotated[StrictInt, Field(ge=0, le=MAX_COUNT), BeforeValidator(_integral)]
"""A game version or a number of events."""

HandCount = Literal[HAND_COUNTS]  # type: ignore[valid-type]
"""Sheepshead's numbers of hands (:data:`tricktable.sheepshead.rules.HAND_COUNTS`)."""

TargetScore = Annotated[StrictInt, Field(ge=1, le=10_000), BeforeValidator(_integral)]
"""The score that ends a Spades game, 1 to 10,000 (test-only: see the requests' ``target``)."""


def check_hand_count(hands: int | None) -> None:
    """Refuses a number of hands Sheepshead does not play (``None``, left out, passes)."""
    if hands is not None and hands not in HAND_COUNTS:
        raise WordedError(Message("server.validation.choice", {
            "field": "hands", "choices": ", ".join(map(str, HAND_COUNTS)),
            "input": str(hands)}))


class StrictBody(BaseModel):
    """A request body: no field the server does not know, no coercion, and no null except in
    the fields that name themselves in ``_nullable`` (leave a field out for its default)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    _nullable: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="after")
    def _no_nulls(self) -> Self:
        for name in type(self).model_fields:
            if (name in self.model_fields_set and getattr(self, name) is None
                    and name not in self._nullable):
                raise WordedError(Message("server.validation.null", {"field": name}))
        return self


class SheepsheadGameRequest(StrictBody):
    """A new Sheepshead game (``game`` may be left out)."""

    game: Annotated[GameName, Field(json_schema_extra={"enum": ["sheepshead"]})] = "sheepshead"
    preset: SheepsheadPreset | SkipJsonSchema[None] = None
    """The table; left out, the default table."""
    difficulty: DifficultyName | SkipJsonSchema[None] = None
    """Left out: normal."""
    hands: Annotated[int, BeforeValidator(_integral)] | SkipJsonSchema[None] = Field(
        default=None, json_schema_extra={"enum": list(HAND_COUNTS)})
    """The number of hands; left out, the table's."""
    partner: PartnerName | SkipJsonSchema[None] = None
    """A called ace or the jack of diamonds; left out, the table's."""
    crack: StrictBool | SkipJsonSchema[None] = None
    """Whether players who passed may crack (the picker recrack); left out, the table's."""
    blitz: StrictBool | SkipJsonSchema[None] = None
    """Whether a pair of queens may be shown to double; left out, the table's."""
    max_doubles: Annotated[StrictInt, Field(ge=0, le=8), BeforeValidator(_integral)] | None = None
    """The most doublings a hand may carry, 0 to 8, or null for no cap; left out, the
    table's."""
    coached: StrictBool = False
    """A coached game: after each of my decisions the table says whether the coach would have
    done otherwise, and I may undo it (never ranked)."""
    _nullable = frozenset({"max_doubles"})

    @model_validator(mode="after")
    def _hand_count(self) -> Self:
        check_hand_count(self.hands)
        return self

    def house(self) -> dict[str, Any]:
        """The house options given (``max_doubles`` None: no cap)."""
        return {name: getattr(self, name) for name in HOUSE_OPTIONS
                if name in self.model_fields_set}

    @property
    def target(self) -> None:
        return None


class SpadesChoices(StrictBody):
    """What a new Spades game or table chooses: the game, its table and the computers."""

    game: Literal["spades"]
    preset: SpadesPreset | SkipJsonSchema[None] = None
    """The table; left out, the default table."""
    difficulty: DifficultyName | SkipJsonSchema[None] = None
    """The computer players' difficulty (left out: normal)."""
    target: TargetScore | SkipJsonSchema[None] = None
    """The score that ends the game.  Test-only: refused, and not in the document, unless the
    server allows test options."""

    @property
    def hands(self) -> None:
        return None


class SpadesGameRequest(SpadesChoices):
    """A new Spades game."""

    coached: StrictBool = False
    """A coached game (see Sheepshead's)."""

    def house(self) -> dict[str, Any]:
        return {}


UNION_TAGS = frozenset({"Sheepshead", "Spades"})
"""The names a request of several kinds gives each kind (left out of a refusal's field)."""


def _game_of(body: object) -> str:
    game = body.get("game") if isinstance(body, dict) else getattr(body, "game", None)
    return "Spades" if game == "spades" else "Sheepshead"


NewGameRequest = Annotated[
    Annotated[SheepsheadGameRequest, Tag("Sheepshead")] | Annotated[SpadesGameRequest,
                                                                    Tag("Spades")],
    Discriminator(_game_of),
]
"""``POST /api/games``: each game's own options (one of the two, by ``game``)."""


def _nickname_pattern() -> str:
    """Text with something besides spaces, of the characters a name may hold: letters, marks,
    digits, punctuation, symbols and spaces of the Basic Multilingual Plane (the server refuses
    control, format and unassigned characters, and counts a name's length in NFKC, so the
    characters NFKC writes as several are left out; the pattern keeps to what every regex
    dialect reads, ``\\uXXXX``)."""
    def ranges(keep: Callable[[str], bool]) -> str:
        found: list[list[int]] = []
        for code in range(0x10000):
            if 0xD800 <= code <= 0xDFFF or not keep(chr(code)):
                continue
            if found and found[-1][1] == code - 1:
                found[-1][1] = code
            else:
                found.append([code, code])
        return "".join(f"\\u{a:04x}" if a == b else f"\\u{a:04x}-\\u{b:04x}"
                       for a, b in found)

    def allowed(c: str) -> bool:  # and one character still in NFKC, as the length is counted
        return (unicodedata.category(c)[0] in "LMNPS" or unicodedata.category(c) == "Zs") \
            and len(unicodedata.normalize("NFKC", c)) == 1

    return (f"^[{ranges(allowed)}]*[{ranges(lambda c: allowed(c) and not c.isspace())}]"
            f"[{ranges(allowed)}]*$")


NICKNAME_PATTERN = _nickname_pattern()


class DailyRequest(StrictBody):
    game: GameName = "sheepshead"
    coached: StrictBool = Field(default=False, json_schema_extra={"const": False})
    """Never true: a Daily is not coached (400 says so)."""


class UndoRequest(StrictBody):
    """``POST /api/games/{id}/undo``: undo my last decision (coached games only)."""

    version: Count
    """The game version the player undoes from (from the last response)."""


class PlayerAction(StrictBody):
    """One player's action in a game or at a table: what, on which version, and what the client
    has seen."""

    _nullable = frozenset({"since", "seat"})
    action: str = Field(max_length=200)
    """The action's text: ``pass``, ``bury QC 7H``, ``call AH unknown 8C``, ``play 10D``;
    Spades: ``keep``, ``reject``, ``double-nil``, ``exchange 2C 3D``, ``bid 4``, ``bid nil``."""
    version: Count
    """The game version the player acted on (from the last response)."""
    since: Count | None = None
    """The number of events the client has seen; the answer holds the events after them."""
    seat: Annotated[StrictInt, Field(ge=0, le=9), BeforeValidator(_integral)] | None = None
    """Optional: the seat the client acts for (must be the player's own; at a table, the seat
    token's)."""


class ActionRequest(PlayerAction):
    """``POST /api/games/{id}/actions``."""

    _nullable = PlayerAction._nullable | {"game_id"}
    game_id: Annotated[str, Field(max_length=64)] | None = None
    """Optional: the game the client meant (must match the URL)."""


class NicknameRequest(StrictBody):
    nickname: str = Field(max_length=200, json_schema_extra={
        "maxLength": 24, "minLength": 1, "pattern": NICKNAME_PATTERN})
    """Up to 24 characters once runs of spaces are one space, not only spaces; letters, digits,
    punctuation, symbols and spaces (no control or format characters)."""


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
