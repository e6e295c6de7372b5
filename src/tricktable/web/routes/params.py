"""Query parameters every route checks the same way, before any use: a Daily's date and a count.

Each refusal is a 400 that names the parameter and what it takes; the OpenAPI document says the
same (a date's ``format`` and ``pattern``, a count's bounds), so a client that keeps to the
document is never refused for the form of a parameter.
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated

from fastapi import Query
from pydantic import AfterValidator

from tricktable.i18n import Message
from tricktable.i18n.errors import WordedError
from tricktable.web.schemas import MAX_COUNT

__all__ = ["FIRST_DAY", "LAST_DAY", "MAX_COUNT", "Count", "DailyDay"]

FIRST_DAY = date(2000, 1, 1)
LAST_DAY = date(2999, 12, 31)
"""The days a date parameter may name: every Daily there will be, with room on both sides, and
nothing near the ends of the calendar (where the day after, when a day's seed is revealed, does
not exist)."""

_DAY = re.compile(r"2\d{3}-\d{2}-\d{2}")



def _daily_day(text: str) -> str:
    """``text`` when it is a real day from :data:`FIRST_DAY` to :data:`LAST_DAY` written
    YYYY-MM-DD, else a :class:`WordedError` that says so."""
    try:
        if _DAY.fullmatch(text) and FIRST_DAY <= date.fromisoformat(text) <= LAST_DAY:
            return text
    except ValueError:
        pass
    shown = text if len(text) <= 12 else text[:12] + "..."
    raise WordedError(Message("server.validation.date", {
        "field": "date", "first": FIRST_DAY.isoformat(), "last": LAST_DAY.isoformat(),
        "input": f'"{shown}"'}))


DailyDay = Annotated[str, AfterValidator(_daily_day), Query(
    max_length=10,
    description=f"A day, YYYY-MM-DD, from {FIRST_DAY} to {LAST_DAY} (the Daily's calendar: "
                "US Central time).",
    json_schema_extra={"format": "date", "pattern": "^2[0-9]{3}-[0-9]{2}-[0-9]{2}$"},
)]
"""A ``date`` query parameter: a day of the Daily's calendar."""

Count = Annotated[int, Query(ge=0, le=MAX_COUNT)]
"""A number of events or a version: a whole number from 0 to :data:`MAX_COUNT`."""
