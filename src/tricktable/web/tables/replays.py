"""After a game at a friends' table: each seated player's replay and review of their own seat,
and the table replaying the game together.

- A seat's **review** judges that seat's decisions only, with the review service of the
  single-player games (:class:`~tricktable.web.review.service.ReviewService`), stored per
  seat; its **replay** shows the finished game every card face up.  Both open only once the
  game is over (409 before), only to a player seated at the table (their seat token: 403
  without one), and only for one of the table's own games (404 for any other).
- **Replay together**: a seated player moves the table's shared step (stored with the table,
  in ``table_replays``) and the table's live feed tells every connection
  (``{"type": "replay", "game", "step"}``); each screen draws that step of the replay it
  fetched for its own seat.

A step counts through the game's finished deals as the replay page does: each deal's start,
its tricks, its result.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

import sqlalchemy as sa
from pydantic import BeforeValidator, Field, StrictInt
from pydantic.json_schema import SkipJsonSchema
from sqlalchemy.exc import IntegrityError

from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.web.games.play import GAME_ID
from tricktable.web.games.service import ApiError
from tricktable.web.review.jobs import deals_of
from tricktable.web.review.service import ReviewService
from tricktable.web.schemas import StrictBody, _integral
from tricktable.web.store.games import GameRow
from tricktable.web.tables.db import table_replays
from tricktable.web.tables.service import TableService
from tricktable.web.tables.store import SeatRow, TableRow
from tricktable.web.tables.views import SEATS, owner_of

__all__ = ["ReplayStepRequest", "TableReplays", "steps_of"]

MAX_STEP = 10_000
"""More steps than any game has (a Spades game to 500 has some hundreds)."""


class ReplayStepRequest(StrictBody):
    """Replay together: show this step of the game (``game``: the table's last game if
    left out)."""

    step: Annotated[StrictInt, Field(ge=0, le=MAX_STEP), BeforeValidator(_integral)]
    game: Annotated[str, Field(pattern=f"^{GAME_ID.pattern}$")] | SkipJsonSchema[None] = None


def steps_of(match: Any) -> int:
    """How many steps the replay of a game's finished deals has: each deal's start, each of its
    tricks, its result."""
    return sum(len(hand.tricks) + 2 for hand in deals_of(match) if hand.is_over)


class TableReplays:
    """A table's finished games for its seated players (a thin layer over the table and review
    services; one per request)."""

    def __init__(self, tables: TableService, reviews: ReviewService) -> None:
        self.tables = tables
        self.reviews = reviews

    # --- Who may see which game ------------------------------------------------------------

    def _finished(self, invite: str, token: str | None,
                  game_id: str | None) -> tuple[TableRow, SeatRow, GameRow, list[SeatRow]]:
        """The table, my seat at it, and its finished game ``game_id`` (its last by default)."""
        table = self.tables._table(invite)
        mine = self.tables._seat(table, token)
        wanted = game_id or table.game_id
        if wanted is None:
            raise ApiError(409, "not_started", Message("server.table.not_started"))
        row = self.tables.games.store.game(wanted) if GAME_ID.fullmatch(wanted) else None
        if row is None or row.player_id != owner_of(table.id):
            raise ApiError(404, "unknown_game", Message("server.table.replay_other_game"))
        if row.status != "over":
            raise ApiError(409, "game_not_over", Message("server.table.replay_not_over"))
        return table, mine, row, self.tables.store.seats(table.id)

    @staticmethod
    def _computers(table: TableRow, seats: list[SeatRow]) -> list[Seat]:
        """The seats a computer plays now (their plays' reasons are shown; a person's never)."""
        people = {s.seat for s in seats}
        return [k for k in range(SEATS[table.game]) if k not in people]

    # --- My seat's review and replay -------------------------------------------------------

    def review(self, invite: str, token: str | None, game_id: str | None, *,
               start: bool) -> dict[str, Any]:
        """The review of my seat's decisions in a finished game of the table, as far as it is
        computed; ``start`` sets the workers on the rest."""
        table, mine, row, seats = self._finished(invite, token, game_id)
        found = self.reviews.seat_review(row, mine.seat, start=start,
                                         computers=self._computers(table, seats))
        return {**found, "seat": mine.seat}

    def replay(self, invite: str, token: str | None, game_id: str | None) -> dict[str, Any]:
        """A finished game of the table face up, with the marks of my seat's reviewed
        decisions; the seats named by their players' nicknames, and the ``computers``' seats
        (which the page names as the table does: "Computer 2", "Computer 3")."""
        table, mine, row, seats = self._finished(invite, token, game_id)
        computers = self._computers(table, seats)
        found = self.reviews.seat_replay(row, mine.seat, computers)
        names = self.tables._names(table, seats)
        steps = sum(len(deal["tricks"]) + 2 for deal in found["deals"])
        return {**found, "seat_names": names, "computers": computers, "mine": True,
                "daily_date": None, "table": True, "steps": steps,
                "together": self._together(table, row.id)}

    # --- Replay together -------------------------------------------------------------------

    def _together(self, table: TableRow, game_id: str) -> int:
        """The step the table replays ``game_id`` at together (0 when it has not begun)."""
        query = sa.select(table_replays.c.step).where(table_replays.c.table_id == table.id,
                                                      table_replays.c.game_id == game_id)
        with self.tables.store.engine.connect() as connection:
            step = connection.execute(query).scalar_one_or_none()
        return int(step or 0)

    def step(self, invite: str, token: str | None, body: ReplayStepRequest) -> dict[str, Any]:
        """Move the table's shared replay to step ``body.step`` of a finished game; every live
        connection to the table is told."""
        table, _, row, _ = self._finished(invite, token, body.game)
        chosen = self.tables._adapter(row.game)
        match = chosen.replay(row.rules, row.seed,
                              self.tables.games.store.actions(row.id, row.version))
        steps = steps_of(match)
        if body.step >= steps:
            raise ApiError(409, "no_such_step", Message("server.table.replay_step",
                                                    {"step": body.step, "last": steps - 1}))
        self._store_step(table.id, row.id, body.step, self.tables.games._stamp())
        self.tables.hub.publish({"table": table.id, "kind": "replay", "game": row.id,
                                 "step": body.step})
        return {"game": row.id, "step": body.step, "steps": steps}

    def _store_step(self, table_id: str, game_id: str, step: int, now: datetime) -> None:
        for _attempt in range(3):  # two first steps at once: one inserts, the other updates
            try:
                with self.tables.store.games._writing() as connection:
                    updated = connection.execute(
                        table_replays.update().where(table_replays.c.table_id == table_id)
                        .values(game_id=game_id, step=step, updated_at=now))
                    if updated.rowcount == 0:
                        connection.execute(table_replays.insert().values(
                            table_id=table_id, game_id=game_id, step=step, updated_at=now))
                return
            except IntegrityError:
                continue
