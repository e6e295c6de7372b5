"""Which Daily attempts are ranked: rehearsal resistance without registration.

A rehearsal needs a second identity that sees the day's deals before the ranked attempt.  The
cheap ones fail: a browser first seen today (a private window, a fresh profile) plays unranked,
and once one has opened the Daily from a connection, that connection's later Dailies that day
are unranked too.  The rest costs more: at most a set number of ranked attempts per connection
(an IPv4 address, an IPv6 /64) per game and day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date

from tricktable.i18n import Message
from tricktable.web.daily.connection import is_ipv6
from tricktable.web.daily.dates import daily_date
from tricktable.web.store.games import Store

__all__ = ["DailyRanking"]


@dataclass(frozen=True, slots=True, kw_only=True)
class DailyRanking:
    """The ranking rules, from the server's settings."""

    per_ipv4: int = 12
    per_ipv6: int = 4
    new_browsers_unranked: bool = True

    def cap(self, address: str) -> int:
        """Ranked attempts allowed per game and day from ``address``'s connection."""
        return self.per_ipv6 if is_ipv6(address) else self.per_ipv4

    def reason(self, store: Store, player_id: str, game: str, day: date,
               connection: str) -> str | None:
        """Why a new attempt would not be ranked, before the connection's cap (None: it would
        be ranked if the cap allows)."""
        if not self.new_browsers_unranked:
            return None
        player = store.player(player_id)
        if player is None or daily_date(player.created_at.replace(tzinfo=UTC)) >= day:
            return "new_browser"
        if store.new_browser_from(game, day.isoformat(), connection):
            return "connection_new_browser"
        return None

    def message(self, reason: str | None, address: str) -> Message:
        """What the lobby says before the first card (a message: the server words it in the
        player's language)."""
        if reason is None:
            return Message("server.daily.ranked")
        if reason == "new_browser":
            return Message("server.daily.unranked_new_browser")
        if reason == "connection_new_browser":
            return Message("server.daily.unranked_connection")
        if reason == "connection_cap":
            return Message("server.daily.unranked_cap", {"count": self.cap(address)})
        return Message("server.daily.unranked")
