"""The computers at a table, off the request path: a driver per table plays the computer
seats (and an away or idle player's turn) in the computer pool, and the presence ticker's look
hands turns and the host's part on.  Every change goes out as a notice through the
:class:`~tricktable.web.tables.hub.Hub`.
"""

from __future__ import annotations

import logging
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta

from tricktable.game import Seat, parse_action
from tricktable.web.games.computer import ComputerError, Job
from tricktable.web.games.service import ApiError
from tricktable.web.tables.store import TableRow
from tricktable.web.tables.views import TableViews

__all__ = ["TableDriver"]

log = logging.getLogger("tricktable.web.tables")


class TableDriver(TableViews):
    """Driving the computers and watching presence (the table service's part for them)."""

    def shutdown(self) -> None:
        with self._driving_lock:
            executor, self._executor = self._executor, None
        if executor is not None:
            executor.shutdown(wait=True, cancel_futures=True)

    # --- The computers, off the request path ---------------------------------------------

    def kick(self, table_id: str, *, idle: Seat | None = None) -> None:
        """Let the computers (and, with ``idle``, a computer for that idle seat) play the
        table up to a present player's decision, in the background."""
        with self._driving_lock:
            if table_id in self._driving:
                self._driving[table_id] = True  # the driver looks again when it is done
                return
            self._driving[table_id] = False
            if self._executor is None:
                self._executor = ThreadPoolExecutor(self._workers, thread_name_prefix="tables")
            executor = self._executor
        executor.submit(self._drive, table_id, idle)

    def _drive(self, table_id: str, idle: Seat | None) -> None:
        try:
            while True:
                try:
                    # After a move for an idle player, the computers after it play on.
                    while self.advance(table_id, idle=idle) and idle is not None:
                        idle = None
                except Exception:
                    log.exception("table %s: the computers could not play", table_id)
                idle = None
                with self._driving_lock:
                    if not self._driving.get(table_id):
                        del self._driving[table_id]
                        return
                    self._driving[table_id] = False
        except BaseException:  # pragma: no cover - shutting down
            with self._driving_lock:
                self._driving.pop(table_id, None)
            raise

    def advance(self, table_id: str, *, idle: Seat | None = None) -> bool:
        """Play the computers' moves now (in this thread); whether anything was played."""
        table = self.store.table(table_id)
        if table is None or table.game_id is None or table.state != "playing":
            return False
        chosen = self._adapter(table.game)
        seats = self.store.seats(table_id)
        now = self.games._stamp()
        humans = {s.seat for s in seats} - self._away(seats, now)
        if idle is not None:
            humans.discard(idle)
        with self.cache.hold(table.game_id, chosen) as held:
            row, match = held.row, held.match
            over = chosen.is_over(match)
            mover = None if over else chosen.to_move(match)
            actions = tuple(chosen.history(match))
        if over:
            self._finish(table)
            return False
        if mover is None or mover in humans:
            return False
        job = Job(game_id=row.id, game=row.game, rules=row.rules, seed=row.seed,
                  opponent=row.opponent, human_seat=-1, actions=actions,
                  humans=frozenset(humans))
        try:
            answer = self.games.pool.run(job)
        except ComputerError:
            log.warning("table %s: the computer pool did not answer", table_id)
            return False
        if idle is not None:  # one turn for the idle player: its next has a timer of its own
            turns = [k for k, (seat, _) in enumerate(answer) if seat == idle]
            if len(turns) > 1:
                answer = answer[:turns[1]]
        if not answer:
            return False
        with self.cache.hold(table.game_id, chosen) as held:
            if held.row.version != row.version:
                return True  # someone moved meanwhile: the next look decides again
            for seat, text in answer:
                chosen.apply(held.match, seat, parse_action(text))
            new = self.games._commit(held.row, chosen, held.match, answer)
            if new is None:
                held.spoiled()
                return True
            held.moved(new)
            over = chosen.is_over(held.match)
        self.hub.publish({"table": table_id, "kind": "game", "game": new.id,
                          "version": new.version})
        if over:
            self._finish(table)
        return True

    def _finish(self, table: TableRow) -> None:
        if table.state == "playing":
            self.store.finish(table, self.games._stamp())
            self.hub.publish({"table": table.id, "kind": "table"})

    # --- Idle tables ------------------------------------------------------------------------

    def sweep(self) -> int:
        """Remove the tables nothing has happened at for ``idle_seconds``; how many."""
        before = self.games._stamp() - timedelta(seconds=self.idle_seconds)
        idle = self.store.idle(before)
        for table_id in idle:
            self.close(table_id)
        if idle:
            log.info("removed %d idle tables", len(idle))
        return len(idle)

    # --- Presence and turn timers --------------------------------------------------------

    def check(self, table_ids: list[str],
              before: dict[str, tuple[frozenset[Seat], frozenset[Seat]]]) -> None:
        """The ticker's look at the tables this process serves: an away player's turn, or an
        idle one past the turn timer, goes to a computer; an away host's part (start,
        rematch) passes to the first player present; a change of who is connected or away
        is told (``before``: what was told last, by table)."""
        now = self.games._stamp()
        everyone = self.store.seats_of(table_ids)
        for table_id in table_ids:
            seats = everyone.get(table_id, [])
            away = frozenset(self._away(seats, now))
            marks = (away, frozenset(self._connected(seats, now)))
            if before.get(table_id) != marks:
                told = table_id in before
                before[table_id] = marks
                if told:
                    self.hub.publish({"table": table_id, "kind": "table"})
            try:
                table, _ = self.snapshot(table_id)  # a change of state is a notice
            except ApiError:
                continue
            present = [s.seat for s in seats if s.seat not in away]
            if table.host_seat in self._away(seats, now, self.host_grace) and present:
                if self.store.pass_host(table, present[0], now):
                    self.hub.publish({"table": table_id, "kind": "table"})
                continue  # the table moved on: the next look goes on from there
            if table.state != "playing" or table.game_id is None:
                continue
            chosen = self._adapter(table.game)
            with self.cache.hold(table.game_id, chosen, fresh=False) as held:
                mover = None if chosen.is_over(held.match) else chosen.to_move(held.match)
                waited = (now - held.row.updated_at).total_seconds()
            if mover is None:
                continue
            humans = {s.seat for s in seats}
            if mover not in humans or mover in away:
                self.kick(table_id)
            elif table.turn_seconds and waited >= table.turn_seconds:
                self.kick(table_id, idle=mover)
