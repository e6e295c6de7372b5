"""Watching a table: anyone with the invite sees the game as a seat-less observer would.

A watcher's view has the shape of a seat's (the browser draws it with the same code: a seat
with no hand, no legal actions, no private knowledge), built in three steps that each only
remove knowledge:

1. a *proxy* seat's view, from a seat that knows the least: in Sheepshead never the picker
   nor the partner (so no blind, no bury, no unknown card's face, no "I am the partner");
2. the events again, redacted for :data:`WATCHER` (a seat number no player has: every card a
   player may hide is hidden from it, as from an opponent);
3. the proxy's own private fields blanked (its hand, its legal actions, its draws and exchange
   in Spades, its seat number).

``tests/web/test_tables_watch.py`` checks the result is the same whichever least-knowing seat
is the proxy (so nothing of the proxy's own remains), and walks every message a watcher gets
in whole games: every card it names is public at that moment.
"""

from __future__ import annotations

from typing import Any

from tricktable.game import Seat
from tricktable.web.games import GameAdapter
from tricktable.web.store.games import GameRow

__all__ = ["PRIVATE", "WATCHER", "proxies", "public_events", "watch_state", "watcher_game_json"]

WATCHER: Seat = -1
"""A watcher's seat number in a live cursor: no player's, so every redaction hides from it."""

PRIVATE: dict[str, dict[str, Any]] = {
    "sheepshead": {"seat": None, "hand": [], "legal_actions": [], "blind": None,
                   "is_partner": False},
    "spades": {"seat": None, "hand": [], "legal_actions": [], "top_card": None, "taken": [],
               "discarded": [], "exchange_given": None, "exchange_received": None},
}
"""Per game, a hand view's fields that are the proxy seat's own, and what a watcher sees."""
HIDDEN_UNTIL_OVER = ("buried", "unknown_card", "blind")
"""Sheepshead cards no one but the picker sees before the hand ends (the proxy is never the
picker; blanked again so that is not the only guard)."""


def proxies(chosen: GameAdapter[Any], match: Any) -> list[Seat]:
    """The seats whose view knows no more than the public, less their own hand: in Sheepshead
    the seats neither picker nor partner of the hand being played; in Spades either seat."""
    if chosen.name == "sheepshead":
        hand = match.current
        return [k for k in range(5) if k not in (hand.picker, hand.partner)]
    return [0, 1]


def public_events(chosen: GameAdapter[Any], match: Any, since: int) -> list[dict[str, Any]]:
    """The game's events after event number ``since``, as no player sees them (redacted for
    :data:`WATCHER`), numbered as a seat's are."""
    return chosen.events_since(match, WATCHER, since)


def _blank(game: str, view: dict[str, Any]) -> dict[str, Any]:
    """A hand view (current or finished) with the proxy's private fields blanked."""
    shown = {**view, **PRIVATE[game]}
    if game == "sheepshead" and shown.get("result") is None:
        for key in HIDDEN_UNTIL_OVER:
            shown[key] = None
    return shown


def watcher_game_json(views: Any, row: GameRow, chosen: GameAdapter[Any], match: Any,
                      since: int | None, names: list[str], turn_seconds: int | None,
                      *, proxy: Seat | None = None) -> dict[str, Any]:
    """The game as a watcher sees it: a seat's game JSON (``views._game_json``, from the
    ``proxy`` seat: by default the first of :func:`proxies`) with the events after ``since``
    (None: a whole-state load) redacted for nobody and the proxy's own knowledge removed.
    ``seat`` is None and ``watching`` true."""
    seat = proxies(chosen, match)[0] if proxy is None else proxy
    game: dict[str, Any] = views._game_json(row, chosen, match, seat, since, names,
                                            turn_seconds)
    count = chosen.event_count(match)
    start = count if since is None else min(max(since, 0), count)
    game["events"] = public_events(chosen, match, start)
    game["legal_actions"] = []
    game["unplayable"] = {}
    view = dict(game["view"])
    view["hand"] = _blank(row.game, view["hand"])
    if "exchange" in view:
        view["exchange"] = None
    game["view"] = view
    previous = game.get("previous_hand")
    if previous is not None:
        game["previous_hand"] = {**previous, "view": _blank(row.game, previous["view"])}
    game["seat"] = None
    game["watching"] = True
    return game


def watch_state(views: Any, invite: str, *, since: int | None, game_id: str | None = None,
                said: int | None = None) -> dict[str, Any]:
    """The table as a watcher sees it (the polling fallback of a watcher's live connection):
    the seats, the watcher's view of the game with the events after ``since`` (of game
    ``game_id``; another game's number means "send it all") and the phrases after ``said``.
    Anyone with the invite may watch; an invite that names no table is a 404."""
    table = views._table(invite)
    seats = views.store.seats(table.id)
    now = views.games._stamp()
    answer: dict[str, Any] = {
        "table": {**views._table_json(table, seats, None, now), "watching": True},
        "game": None}
    if said is not None and said < table.said:
        answer["said"] = views._said_since(table, seats, said)
    if table.game_id is None:
        return answer
    if game_id is not None and game_id != table.game_id:
        since = None
    chosen = views._adapter(table.game)
    names = views._names(table, seats)
    with views.cache.hold(table.game_id, chosen) as held:
        answer["game"] = watcher_game_json(views, held.row, chosen, held.match, since, names,
                                           table.turn_seconds)
    return answer
