"""A Griffe extension for the API reference: the docstrings' reStructuredText roles
(:class:`~tricktable.game.Action`, :func:`shuffled`) become inline code (`Action`, `shuffled`),
so the pages read as the source does, and no role turns into a link that may not resolve."""

from __future__ import annotations

import re
from typing import Any

from griffe import Extension, Object

ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|obj|exc|const):`(~?)([^`]+)`")


def _as_code(match: re.Match[str]) -> str:
    short, target = match.groups()
    target = target.strip()
    if short:
        target = target.rsplit(".", 1)[-1]
    return f"`{target}`"


class RstRoles(Extension):
    """Rewrite every docstring's roles as it is loaded."""

    def on_instance(self, *, obj: Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = ROLE.sub(_as_code, obj.docstring.value)
