"""Table options for two-player Spades, and the named presets.

Every option the rules document marks as an option is a field here.  A table is a frozen
:class:`Rules`; the presets are plain data in :data:`PRESETS`.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktable import presets
from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError

__all__ = ["DEFAULT_PRESET", "PRESETS", "Rules", "rules_from_json"]


@dataclass(frozen=True, slots=True, kw_only=True, repr=False)
class Rules(presets.PresetRules):
    """One table's options.  The defaults are the ``standard`` preset."""

    target: int = 500
    """The score that ends the game."""
    nil_tricks_are_bags: bool = True
    """Tricks taken by a failed nil or double-nil bidder count as bags (1 point each)."""

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int) or self.target < 1:
            raise WordedError(Message("rules.target", {"value": repr(self.target)}))
        if not isinstance(self.nil_tricks_are_bags, bool):
            raise WordedError(Message("rules.boolean", {"name": "nil_tricks_are_bags"}))


DEFAULT_PRESET = "standard"

PRESETS: dict[str, Rules] = {
    # 004: first to 500, a failed nil's tricks are bags.
    "standard": Rules(),
    # A shorter game for a quick sitting.
    "short": Rules(target=250),
}
Rules._presets = PRESETS
Rules._default = DEFAULT_PRESET


def rules_from_json(data: object) -> Rules:
    """Rules from a preset name or an object of options, from ``standard`` unless it names
    another ``preset`` (see :meth:`~tricktable.presets.PresetRules.from_json`)."""
    return Rules.from_json(data)
