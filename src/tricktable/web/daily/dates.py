"""The Daily: the same deals for everyone on the same calendar day (US Central time).

A day's game seed is an HMAC of the game and the date under the server secret, so nobody outside
the server can compute tomorrow's deals, and every server sharing a database (and so its secret)
deals the same Daily.  HMAC is a pseudorandom function: a revealed seed says nothing about any
other day's seed.

Provably fair: each day's seed is committed in advance (:func:`seed_commitment`, the SHA-256 of
the seed) and revealed once the day has ended (:func:`is_revealed`), so anyone can check that the
deals were fixed before anyone played them.
"""

from __future__ import annotations

import hashlib
import hmac
from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

__all__ = [
    "COMMITTED_DAYS_AHEAD",
    "DAILY_ZONE",
    "daily_date",
    "daily_seed",
    "day_ends_at",
    "is_revealed",
    "seed_commitment",
]

DAILY_ZONE = ZoneInfo("America/Chicago")
COMMITTED_DAYS_AHEAD = 7
"""Commitments are published for today and this many following days."""


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


def seed_commitment(seed: str) -> str:
    """The published commitment to a seed: its SHA-256 (UTF-8), in hex."""
    return hashlib.sha256(seed.encode()).hexdigest()


def day_ends_at(day: date) -> datetime:
    """When ``day`` ends: the next midnight in US Central time (UTC, aware).  Days around a DST
    change last 23 or 25 hours."""
    midnight = datetime.combine(day + timedelta(days=1), time(0), tzinfo=DAILY_ZONE)
    return midnight.astimezone(UTC)


def is_revealed(day: date, now: datetime) -> bool:
    """Whether ``day``'s seed may be shown: the day has ended (US Central)."""
    return day < daily_date(now)
