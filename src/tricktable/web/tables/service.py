"""Tables with friends: create one, sit at it by its invite, start it (computers in the empty
seats), play your own seat, say a quick phrase, start a rematch.

No rule is decided here: the game's adapter checks every action and gives each seat its view.
A seat is known by its token alone (sent in a header or a WebSocket's first message); the
computers play off the request path, in the computer pool, and every change goes out as a
notice through the :class:`~tricktable.web.tables.hub.Hub`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import timedelta
from typing import Any

from tricktable.ai.teaching.evaluation import EvaluationSettings
from tricktable.game import IllegalAction, Seat, parse_action
from tricktable.i18n import Message
from tricktable.i18n.errors import reason_of
from tricktable.web.games import TableOptions
from tricktable.web.games.names import check_nickname, name_keys
from tricktable.web.games.service import ApiError
from tricktable.web.identity import subkey
from tricktable.web.language import answer_language
from tricktable.web.review.service import ReviewService, pooled_hint, worded_hint
from tricktable.web.store.games import GameRow
from tricktable.web.tables.driver import TableDriver
from tricktable.web.tables.phrases import PHRASES
from tricktable.web.tables.store import SeatRow, TableRow, digest
from tricktable.web.tables.views import INVITE, SEATS, LiveCursor, owner_of

__all__ = ["INVITE", "SEATS", "LiveCursor", "TableService"]

PHRASE_LIMIT = 4
PHRASE_WINDOW = timedelta(seconds=15)
"""A seat says at most ``PHRASE_LIMIT`` quick phrases in any ``PHRASE_WINDOW``."""


class TableService(TableDriver):
    """Tables with friends: the lobby, playing a seat, quick phrases."""

    # --- Lobby ---------------------------------------------------------------------------

    def create(self, player_id: str, *, game: str, preset: str | None, difficulty: str | None,
               hands: int | None, target: int | None, nickname: str,
               turn_seconds: int | None, helpers: bool = False) -> dict[str, Any]:
        chosen = self._adapter(game)
        if target is not None and not self.games.test_options:
            raise ApiError(400, "bad_request", Message("server.target_test_only"))
        difficulty = difficulty or "normal"
        try:
            chosen.rules(preset, TableOptions(hands=hands, target=target))
            opponent = chosen.player_for(difficulty)
        except ValueError as error:
            raise ApiError(400, "bad_request", reason_of(error)) from None
        name, _ = check_nickname(nickname)
        now = self.games._stamp()
        invite, token = secrets.token_urlsafe(16), secrets.token_urlsafe(24)
        table = TableRow(
            id=secrets.token_hex(16), invite_hash=digest(invite), game=chosen.name,
            preset=preset or chosen.default_preset, hands=hands, target=target,
            difficulty=difficulty, opponent=opponent, turn_seconds=turn_seconds, host_seat=0,
            state="lobby", game_id=None, round=0, version=0, said=0, created_at=now,
            updated_at=now, helpers=helpers)
        self.store.create(table, SeatRow(table_id=table.id, seat=0, token_hash=digest(token),
                                         player_id=player_id, nickname=name, joined_at=now,
                                         seen_at=now))
        return {"invite": invite, "seat": 0, "token": token,
                **self.state(invite, token, since=None)}

    def join(self, player_id: str, invite: str, nickname: str) -> dict[str, Any]:
        name, _ = check_nickname(nickname)
        keys = set(name_keys(name))
        for _attempt in range(20):
            table = self._table(invite)
            seats = self.store.seats(table.id)
            token = secrets.token_urlsafe(24)
            now = self.games._stamp()
            mine = next((s for s in seats if s.player_id == player_id), None)
            if mine is not None:  # this browser sits here already: a fresh token for it
                self.store.new_token(table.id, mine.seat, digest(token), now)
                self.hub.publish({"table": table.id, "kind": "table"})
                return {"invite": invite, "seat": mine.seat, "token": token,
                        **self.state(invite, token, since=None)}
            if table.state != "lobby":
                raise ApiError(409, "table_started", Message("server.table.started_seats"))
            if any(keys.intersection(name_keys(s.nickname)) for s in seats):
                raise ApiError(409, "nickname_taken",
                               Message("server.table.name_taken", {"name": repr(name)}))
            taken = {s.seat for s in seats}
            free = [k for k in range(SEATS[table.game]) if k not in taken]
            if not free:
                raise ApiError(409, "table_full", Message("server.table.full"))
            seat = SeatRow(table_id=table.id, seat=free[0], token_hash=digest(token),
                           player_id=player_id, nickname=name, joined_at=now, seen_at=now)
            if self.store.take_seat(table, seat):
                self.hub.publish({"table": table.id, "kind": "table"})
                return {"invite": invite, "seat": seat.seat, "token": token,
                        **self.state(invite, token, since=None)}
        raise ApiError(503, "busy", Message("server.table.busy"))

    def start(self, invite: str, token: str | None, *, rematch: bool) -> dict[str, Any]:
        table = self._table(invite)
        seat = self._seat(table, token)
        if seat.seat != table.host_seat:
            raise ApiError(403, "not_host", Message("server.table.not_host"))
        wanted = "finished" if rematch else "lobby"
        if table.state != wanted:
            if rematch:
                raise ApiError(409, "not_finished", Message("server.table.rematch"),
                               game=self.state(invite, token, since=None))
            raise ApiError(409, "table_started", Message("server.table.started"),
                           game=self.state(invite, token, since=None))
        chosen = self._adapter(table.game)
        rules = chosen.rules(table.preset, TableOptions(hands=table.hands, target=table.target))
        now = self.games._stamp()
        owner = owner_of(table.id)
        self.games.store.ensure_player(owner, now)
        game = GameRow(
            id=secrets.token_hex(16), game=table.game, player_id=owner, mode="table",
            daily_date=None, ranked=False, preset=table.preset, rules=rules,
            difficulty=table.difficulty, opponent=table.opponent,
            seed="table-" + secrets.token_hex(16), human_seat=table.host_seat, version=0,
            status="playing", score=None, stats=None, created_at=now, updated_at=now,
            finished_at=None)
        if not self.store.start(table, game, [], now=now):
            raise ApiError(409, "table_started", Message("server.table.just_started"),
                           game=self.state(invite, token, since=None))
        self.hub.publish({"table": table.id, "kind": "table"})
        self.kick(table.id)
        return self.state(invite, token, since=None)

    def settings(self, invite: str, token: str | None, *, helpers: bool) -> dict[str, Any]:
        """The host offers hints at the table, or stops (between games: the same for every
        player of a game); the table as the host sees it."""
        for _attempt in range(20):
            table = self._table(invite)
            seat = self._seat(table, token)
            if seat.seat != table.host_seat:
                raise ApiError(403, "not_host", Message("server.table.not_host_settings"))
            if table.state == "playing":
                raise ApiError(409, "table_started", Message("server.table.settings_playing"),
                               game=self.state(invite, token, since=None))
            if table.helpers == helpers or self.store.set_helpers(table, helpers,
                                                                  self.games._stamp()):
                self.hub.publish({"table": table.id, "kind": "table"})
                return self.state(invite, token, since=None)
        raise ApiError(503, "busy", Message("server.table.busy"))

    def hint(self, invite: str, token: str | None) -> dict[str, Any]:
        """A hint for my seat's turn, from my seat's view only, where the table offers them."""
        table = self._table(invite)
        mine = self._seat(table, token)
        if not table.helpers:
            raise ApiError(409, "no_hints_here", Message("server.table.hints_off"))
        if table.game_id is None or table.state != "playing":
            raise ApiError(409, "not_started", Message("server.table.not_started"))
        row = self.games.store.game(table.game_id)
        if row is None or row.status == "over":
            raise ApiError(409, "game_over", Message("illegal.game_over"))
        found = pooled_hint(self.games, row, mine.seat, EvaluationSettings().samples,
                            ReviewService.search_seed(row))
        return {"version": row.version, "hint": worded_hint(found, answer_language())}

    # --- Taking my seat to another browser -----------------------------------------------

    def _move_code(self, table_id: str, seat: SeatRow) -> str:
        mac = hmac.new(subkey(self.games.secret, "seat-link"),
                       f"{table_id}/{seat.seat}/{seat.token_hash}".encode(), hashlib.sha256)
        return f"{seat.seat}-{mac.hexdigest()[:40]}"

    def seat_link(self, invite: str, token: str | None) -> dict[str, Any]:
        """A code that moves my seat to another browser (once: it is good until my seat's
        token changes, which using it does).  The link carries it in its fragment, which
        browsers never send, and the other browser sends it in a request body: never in a
        URL the server sees, so never in a log."""
        table = self._table(invite)
        return {"code": self._move_code(table.id, self._seat(table, token))}

    def take_seat(self, player_id: str, invite: str, code: str) -> dict[str, Any]:
        """Take the seat a move code names: this browser gets a new token; the old one
        loses the seat (its token no longer works, its live connections are told)."""
        table = self._table(invite)
        number, _, _ = code.partition("-")
        found = next((s for s in self.store.seats(table.id)
                      if number.isdigit() and s.seat == int(number)), None)
        if found is None or not hmac.compare_digest(self._move_code(table.id, found), code):
            raise ApiError(403, "bad_seat_link", Message("server.table.bad_seat_link"))
        token = secrets.token_urlsafe(24)
        now = self.games._stamp()
        # A new sitting, told apart from the old even within one tick of the clock.
        joined = max(now, found.joined_at + timedelta(microseconds=1))
        if not self.store.move_seat(table.id, found.seat, old_hash=found.token_hash,
                                    token_hash=digest(token), player_id=player_id,
                                    now=now, joined=joined):
            raise ApiError(403, "bad_seat_link", Message("server.table.bad_seat_link"))
        self.hub.publish({"table": table.id, "kind": "table"})
        return {"invite": invite, "seat": found.seat, "token": token,
                **self.state(invite, token, since=None)}

    # --- Leaving ---------------------------------------------------------------------------

    def leave(self, invite: str, token: str | None) -> dict[str, Any]:
        """Take my seat's player off the table: in the lobby the seat opens, once started a
        computer plays it.  A host who leaves hands the table to the first player present; the
        last player to leave closes it.  The table as anyone sees it (None once closed)."""
        for _attempt in range(20):
            table = self._table(invite)
            mine = self._seat(table, token)
            if self._take_off(table, mine.seat):
                fresh = self.store.table(table.id)
                return {"game": None, "table": None if fresh is None else self._table_json(
                    fresh, self.store.seats(fresh.id), None, self.games._stamp())}
        raise ApiError(503, "busy", Message("server.table.busy"))

    def remove(self, invite: str, token: str | None, seat: int) -> dict[str, Any]:
        """The host takes another player off the table (a computer plays the seat once the game
        has started); the table as the host sees it."""
        for _attempt in range(20):
            table = self._table(invite)
            mine = self._seat(table, token)
            if mine.seat != table.host_seat:
                raise ApiError(403, "not_host", Message("server.table.not_host_remove"))
            if seat == mine.seat:
                raise ApiError(400, "bad_seat", Message("server.table.remove_self"))
            if seat not in {s.seat for s in self.store.seats(table.id)}:
                raise ApiError(400, "bad_seat", Message("server.table.remove_nobody",
                                                        {"seat": seat}))
            if self._take_off(table, seat):
                return self.state(invite, token, since=None)
        raise ApiError(503, "busy", Message("server.table.busy"))

    def _take_off(self, table: TableRow, seat: Seat) -> bool:
        """Take ``seat``'s player off ``table`` (the last player leaving closes it); False, with
        nothing changed, when the table moved on meanwhile (look again)."""
        seats = self.store.seats(table.id)
        others = [s for s in seats if s.seat != seat]
        if not others:
            self.close(table.id)
            return True
        now = self.games._stamp()
        host = table.host_seat
        if seat == host:
            away = self._away(others, now)
            host = next((s.seat for s in others if s.seat not in away), others[0].seat)
        if not self.store.leave(table, seat, host=host, now=now):
            return False
        self.hub.publish({"table": table.id, "kind": "table"})
        if table.state == "playing":
            self.kick(table.id)  # the seat is a computer's now: it may be its turn
        return True

    # --- Playing -------------------------------------------------------------------------

    def act(self, invite: str, token: str | None, *, action: str, version: int,
            since: int | None, seat: int | None) -> dict[str, Any]:
        table = self._table(invite)
        mine = self._seat(table, token)
        if seat is not None and seat != mine.seat:
            key = "server.table.seat_computer" if seat not in {
                s.seat for s in self.store.seats(table.id)} else "server.table.seat_other"
            raise ApiError(403, "not_your_seat", Message(key, {"seat": mine.seat, "other": seat}))
        if table.game_id is None:
            raise ApiError(409, "not_started", Message("server.table.not_started"),
                           game=self.state_of(table, mine.seat, since=since))
        try:
            parsed = parse_action(action)
        except ValueError as error:
            raise ApiError(400, "bad_action", reason_of(error)) from None
        now = self.games._stamp()
        if (now - mine.seen_at).total_seconds() > self.seen_every:
            self.store.seen([(table.id, mine.seat)], now)
        chosen = self._adapter(table.game)
        _, seats = self.snapshot(table.id)

        def stale(code: str, message: Message) -> ApiError:
            return ApiError(409, code, message,
                            game=self.state_of(table, mine.seat, since=since))

        refused, new, answer, mover = "", None, None, None
        # The game as this process holds it, unless the player saw a version it has not (then
        # as stored): if the database moved on meanwhile, the store refuses the commit.
        fresh = self.cache.cached_version(table.game_id) != version
        with self.cache.hold(table.game_id, chosen, fresh=fresh) as held:
            row, match = held.row, held.match
            if version != row.version:
                refused = "stale_version"
            elif chosen.is_over(match):
                refused = "game_over"
            elif chosen.to_move(match) != mine.seat:
                refused = "not_your_turn"
            else:
                count = chosen.event_count(match)
                try:
                    chosen.apply(match, mine.seat, parsed)
                except IllegalAction as problem:
                    raise ApiError(422, "illegal_action", problem.reason) from None
                new = self.games._commit(row, chosen, match, [(mine.seat, str(parsed))])
                if new is None:
                    held.spoiled()
                    refused = "stale_version"
                else:
                    held.moved(new)
                    answer = self._game_json(new, chosen, match, mine.seat,
                                             count if since is None else since,
                                             self._names(table, seats), table.turn_seconds)
                    mover = None if chosen.is_over(match) else chosen.to_move(match)
        if new is None or answer is None:
            raise stale(refused, {
                "stale_version": Message("server.table.stale"),
                "game_over": Message("illegal.game_over"),
            }.get(refused, Message("server.action.not_your_turn")))
        self.hub.publish({"table": table.id, "kind": "game", "game": new.id,
                          "version": new.version})
        now = self.games._stamp()
        if mover is None or mover not in {s.seat for s in seats} - self._away(seats, now):
            self.kick(table.id)  # the computers' turn, or the game's end to record
        return {"table": self._table_json(table, seats, mine.seat, now), "game": answer}

    def phrase(self, invite: str, token: str | None, phrase: str) -> dict[str, Any]:
        table = self._table(invite)
        mine = self._seat(table, token)
        if phrase not in PHRASES:
            raise ApiError(400, "bad_phrase", Message("server.table.phrase", {
                "phrase": repr(phrase), "phrases": ", ".join(PHRASES)}))
        stored = self.store.say(table.id, mine.seat, phrase, self.games._stamp(),
                                limit=PHRASE_LIMIT, window=PHRASE_WINDOW)
        if stored is None:
            seconds = int(PHRASE_WINDOW.total_seconds())
            raise ApiError(429, "too_many_phrases", Message("server.table.too_many_phrases", {
                "count": PHRASE_LIMIT, "seconds": seconds}), headers={"Retry-After": str(seconds)})
        said = self._phrase_json(stored, mine.nickname)
        self.hub.publish({"table": table.id, "kind": "phrase", "said": said})
        return {"said": said}
