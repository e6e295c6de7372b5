"""Pseudo-localisation: English made 40% longer and accented, placeholders kept.

Text that comes out unaccented on a screen in this language was never looked up in a catalogue;
a control that clips it would clip a real translation too.
"""

from __future__ import annotations

import re

__all__ = ["pseudolocalise"]

_ACCENTED = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçÐðÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŘřŠšŢţÜüŴŵÝýŽž",
)
_KEPT = re.compile(r"(\{[a-z_][a-z0-9_]*\}|\]\([^)]*\))", re.IGNORECASE)
"""Placeholders, and Markdown link targets: they must reach the formatter unchanged."""
_PADDING = "·~"


def pseudolocalise(text: str, growth: float = 0.4) -> str:
    """``text`` accented and padded to about ``1 + growth`` times its length, in brackets."""
    parts = _KEPT.split(text)
    shown = "".join(part if k % 2 else part.translate(_ACCENTED) for k, part in enumerate(parts))
    visible = sum(len(part) for k, part in enumerate(parts) if not k % 2)
    extra = max(1, round(visible * growth) - 2)
    padding = (_PADDING * extra)[:extra]
    return f"[{shown}{padding}]"
