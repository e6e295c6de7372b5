"""Table options for Sheepshead, and the named presets.

Every option the rules document marks as an option is a field here.  A table is a frozen
:class:`Rules`; the presets are plain data in :data:`PRESETS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from tricktable import presets
from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError

__all__ = ["DEFAULT_PRESET", "PRESETS", "NoPicker", "Partner", "Rules", "rules_from_json"]


class NoPicker(Enum):
    """What happens when all five players pass."""

    LEASTER = "leaster"
    DOUBLER = "doubler"
    REDEAL = "redeal"


class Partner(Enum):
    """How the picker gets a partner."""

    CALLED_ACE = "called-ace"
    """The picker calls a fail ace (or ten) he does not hold."""
    JACK_OF_DIAMONDS = "jack-of-diamonds"
    """Whoever holds the J♦ is the partner (Wisconsin house rule)."""


HAND_COUNTS = (5, 10, 15, 20)


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Rules(presets.PresetRules):
    """One table's options.  The defaults are the ``milwaukee`` preset."""

    no_picker: NoPicker = NoPicker.LEASTER
    """Leaster (play for fewest points), doubler (redeal, next hand counts double) or redeal."""
    double_on_the_bump: bool = True
    """A losing picker's team pays double."""
    call_ten: bool = True
    """A picker holding (or burying) all three fail aces calls a fail ten instead."""
    unknown_card: bool = True
    """A picker with no callable suit may call an ace of a void suit and set a card aside."""
    schwarz_paid_by_picker: bool = False
    """When the defenders take every trick the picker pays 3 to each and the partner nothing."""
    hands: int = 10
    """Hands in a game: 5, 10, 15 or 20."""
    partner: Partner = Partner.CALLED_ACE
    """Called ace (the seeds) or the jack of diamonds (Wisconsin house rule)."""
    crack: bool = False
    """Players who passed may crack (double) before the first card; the picker may recrack."""
    blitz: bool = False
    """A player holding both black or both red queens may show them to double the hand."""
    max_doubles: int | None = None
    """The most doublings (cracks, blitzes, doublers) one hand can carry; None: no cap."""

    def __post_init__(self) -> None:
        if not isinstance(self.no_picker, NoPicker):
            raise WordedError(Message("rules.choices", {
                "name": "no_picker", "choices": str([m.value for m in NoPicker])}))
        if not isinstance(self.partner, Partner):
            raise WordedError(Message("rules.choices", {
                "name": "partner", "choices": str([m.value for m in Partner])}))
        if self.max_doubles is not None and (
            isinstance(self.max_doubles, bool) or not isinstance(self.max_doubles, int)
            or self.max_doubles < 0
        ):
            raise WordedError(Message("rules.max_doubles", {"value": repr(self.max_doubles)}))
        for name in ("double_on_the_bump", "call_ten", "unknown_card", "schwarz_paid_by_picker",
                     "crack", "blitz"):
            if not isinstance(getattr(self, name), bool):
                raise WordedError(Message("rules.boolean", {"name": name}))
        if isinstance(self.hands, bool) or self.hands not in HAND_COUNTS:
            raise WordedError(Message("rules.hands", {"choices": str(list(HAND_COUNTS)),
                                                      "value": repr(self.hands)}))

    @property
    def jack_of_diamonds(self) -> bool:
        """Whether the J♦ is the partner (instead of a called ace)."""
        return self.partner is Partner.JACK_OF_DIAMONDS

    def may_double(self, doublings: int) -> bool:
        """Whether a hand already carrying ``doublings`` doublings may take one more."""
        return self.max_doubles is None or doublings < self.max_doubles


DEFAULT_PRESET = "milwaukee"

PRESETS: dict[str, Rules] = {
    # 003: the browser game.  Leaster, double on the bump, call a ten, unknown card.
    "milwaukee": Rules(),
    # 002: redeal when all pass, no double on the bump; the unknown card is 003's alone.
    "pagat": Rules(no_picker=NoPicker.REDEAL, double_on_the_bump=False, unknown_card=False),
    # 000, 001: doubler, double on the bump, the picker pays a schwarz loss alone.
    "tavern": Rules(
        no_picker=NoPicker.DOUBLER, unknown_card=False, schwarz_paid_by_picker=True
    ),
    # Wisconsin house rules: the J♦ is the partner, leaster, cracks and blitzes, four doublings.
    "wisconsin-jd": Rules(
        partner=Partner.JACK_OF_DIAMONDS, double_on_the_bump=False, call_ten=False,
        unknown_card=False, crack=True, blitz=True, max_doubles=4,
    ),
}
Rules._presets = PRESETS
Rules._default = DEFAULT_PRESET


def rules_from_json(data: object) -> Rules:
    """Rules from a preset name or an object of options, from ``milwaukee`` unless it names
    another ``preset`` (see :meth:`~tricktable.presets.PresetRules.from_json`)."""
    return Rules.from_json(data)
