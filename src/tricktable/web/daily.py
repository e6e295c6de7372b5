"""The Daily: the same deals for everyone on the same calendar day (US Central time).

A day's game seed is an HMAC of the date under the server secret, so nobody outside the server
can compute tomorrow's deals, and every server sharing a database (and so its secret) deals the
same Daily.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

__all__ = ["DAILY_ZONE", "daily_date", "daily_seed"]

DAILY_ZONE = ZoneInfo("America/Chicago")


def daily_date(now: datetime | None = None) -> date:
    """The Daily's calendar date at ``now`` (an aware time; default the current time)."""
    moment = now if now is not None else datetime.now(UTC)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(DAILY_ZONE).date()


def daily_seed(secret: str, game: str, day: date) -> str:
    """The game seed of ``game``'s Daily on ``day``."""
    message = f"tricktable/daily/{game}/{day.isoformat()}".encode()
    digest = hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()
    return f"daily-{day.isoformat()}-{digest[:32]}"
