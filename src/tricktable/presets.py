"""Table options shared by every game: named presets, JSON, and readable reprs.

Each game's ``Rules`` is a frozen dataclass; its presets are a ``dict[str, Rules]``.  These
helpers read rules from a preset name or an object of options, name the preset a table equals,
and print rules as something that can be pasted back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import fields, replace
from enum import Enum
from typing import Any, ClassVar, Self, TypeVar

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError, reason_of

__all__ = ["PresetRules", "preset_name", "rules_repr", "rules_from_json", "rules_json"]

R = TypeVar("R")


class PresetRules:
    """What every game's ``Rules`` does with its presets: JSON, the preset it equals, a repr
    that can be pasted back.  The game's dataclass (``repr=False``, so that this ``__repr__``
    stands) sets :attr:`_presets` and :attr:`_default` once its presets exist."""

    __slots__ = ()
    _presets: ClassVar[Mapping[str, Any]] = {}
    _default: ClassVar[str] = ""

    @classmethod
    def from_json(cls, data: object) -> Self:
        """Rules from a preset name, or from an object of options.

        An object may name a ``preset`` to start from (default: the game's default preset);
        its other keys override that preset's options.  Unknown keys are an error.
        """
        rules: Self = rules_from_json(data, cls, cls._presets, cls._default)
        return rules

    def to_json(self) -> dict[str, Any]:
        """The options as a JSON object; :meth:`from_json` reads it back."""
        return rules_json(self)

    @property
    def preset_name(self) -> str | None:
        """The name of the preset these rules equal, if any."""
        return preset_name(self, self._presets)

    def __repr__(self) -> str:
        return rules_repr(self, self._presets, self._default)


def preset_name(rules: object, presets: Mapping[str, object]) -> str | None:
    """The name of the preset ``rules`` equals, if any."""
    for name, preset in presets.items():
        if preset == rules:
            return name
    return None


def rules_repr(rules: Any, presets: Mapping[str, Any], default: str) -> str:
    """``PRESETS['name']`` for a preset, else ``Rules(option=value, ...)`` for the options that
    differ from the default preset."""
    name = preset_name(rules, presets)
    if name is not None:
        return f"PRESETS[{name!r}]"
    base = presets[default]
    changed = [
        f"{f.name}={getattr(rules, f.name)!r}"
        for f in fields(rules)
        if getattr(rules, f.name) != getattr(base, f.name)
    ]
    return f"Rules({', '.join(changed)})"


def rules_json(rules: Any) -> dict[str, Any]:
    """The options as a JSON object (enums by value)."""
    return {
        f.name: value.value if isinstance(value := getattr(rules, f.name), Enum) else value
        for f in fields(rules)
    }


def rules_from_json(data: object, rules_type: type[R], presets: Mapping[str, R],
                    default: str) -> R:
    """Rules from a preset name, or from an object of options.

    An object may name a ``preset`` to start from (default ``default``); its other keys override
    that preset's options (enum options by value).  Unknown keys and values are errors that say
    what was wrong.
    """
    if isinstance(data, rules_type):
        return data
    if isinstance(data, str):
        try:
            return presets[data]
        except KeyError:
            raise WordedError(Message("rules.not_preset", {
                "name": repr(data), "presets": ", ".join(presets)})) from None
    if not isinstance(data, dict):
        raise WordedError(Message("rules.not_object"))
    options = dict(data)
    base = rules_from_json(options.pop("preset", default), rules_type, presets, default)
    known = {f.name for f in fields(base)}  # type: ignore[arg-type]
    unknown = sorted(set(options) - known)
    if unknown:
        raise WordedError(Message("rules.unknown_option", {
            "option": repr(unknown[0]), "options": str(sorted(known))}))
    for name, value in options.items():
        current = getattr(base, name)
        if isinstance(current, Enum) and not isinstance(value, Enum):
            try:
                options[name] = type(current)(value)
            except ValueError:
                choices = [m.value for m in type(current)]
                raise WordedError(Message("rules.choice", {
                    "name": name, "choices": str(choices), "value": repr(value)})) from None
    try:
        return replace(base, **options)  # type: ignore[type-var]
    except TypeError as error:
        raise WordedError(reason_of(error)) from None
