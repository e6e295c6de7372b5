"""Formatting a message in a language: placeholders, numbers and plural forms.

Templates hold ``{name}`` placeholders (nothing else is special).  A parameter is shown by its
type: an ``int`` or ``float`` as a number in the language's style (Babel), a :class:`Message`
as its own translation, anything else as ``str`` of it.  A template that is an object of plural
categories is chosen by the parameter ``count`` through the language's CLDR plural rules.
The browser's ``static/js/i18n.js`` formats the same way with ``Intl``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from babel import Locale
from babel.numbers import format_decimal

from tricktable.i18n.catalogues import (
    DEFAULT_LANGUAGE,
    PSEUDO_LANGUAGE,
    Template,
    catalogue,
)

__all__ = ["Message", "translate"]

_PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Message:
    """Words for a player, still without a language: a catalogue key and its parameters.

    ``str(message)`` is the English; :func:`translate` gives any language; :meth:`to_json` is
    what the API and the browser exchange (``{"key": …, "params": {…}}``).
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        return translate(DEFAULT_LANGUAGE, self)

    def to_json(self) -> dict[str, Any]:
        """The message as JSON: nested messages become objects of their own."""
        params = {name: _json(value) for name, value in self.params.items()}
        return {"key": self.key, "params": params}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Message:
        """The message :meth:`to_json` wrote."""
        params = {
            name: cls.from_json(value) if isinstance(value, Mapping) else value
            for name, value in data.get("params", {}).items()
        }
        return cls(str(data["key"]), params)


def _json(value: Any) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | float | str):
        return value
    return str(value)


def translate(language: str, message: Message | str, /, **params: Any) -> str:
    """``message`` (a :class:`Message`, or a key with ``params``) in ``language``.

    A key missing from every catalogue raises ``KeyError``: a missing word is a bug, not a
    blank on the screen.
    """
    if isinstance(message, Message):
        key, values = message.key, {**message.params, **params}
    else:
        key, values = message, params
    template = catalogue(language).get(key)
    if template is None:
        raise KeyError(f"no message {key!r} in the catalogues")
    return _fill(language, _choose(language, template, values.get("count")), values)


def _choose(language: str, template: Template, count: Any) -> str:
    if isinstance(template, str):
        return template
    category = "other"
    if isinstance(count, int | float) and not isinstance(count, bool):
        category = str(_locale(language).plural_form(abs(count)))
    return template.get(category, template["other"])


def _fill(language: str, template: str, values: Mapping[str, Any]) -> str:
    def shown(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in values:
            raise KeyError(f"the message needs {{{name}}}: {template!r}")
        return _shown(language, values[name])

    return _PLACEHOLDER.sub(shown, template)


def _shown(language: str, value: Any) -> str:
    if isinstance(value, Message):
        return translate(language, value)
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int | float):
        return str(format_decimal(value, locale=_locale(language)))
    return str(value)


@cache
def _locale(language: str) -> Locale:
    return Locale.parse(DEFAULT_LANGUAGE if language == PSEUDO_LANGUAGE else language)
