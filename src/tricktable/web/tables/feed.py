"""This process's live connections, by table: one feed per table, however many of its seats
are connected here.

A move is one notice; the feed answers it with one look at the table in one worker thread
(:meth:`TableService.live_look`: the table and its game read once, each seat's view built
once, every message serialised there), then hands each connection its text.  Notices that
come while a look is under way are answered together by the next, so a busy server looks
less often rather than falling behind.  A quick phrase goes out as one text to all.
"""

from __future__ import annotations

import asyncio
import json
import logging
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import anyio

from tricktable.game import Seat
from tricktable.web.games.service import ApiError
from tricktable.web.tables.phrases import phrase_text
from tricktable.web.tables.service import LiveCursor, TableService
from tricktable.web.tables.watch import WATCHER

__all__ = ["Feeds", "Member"]

log = logging.getLogger("tricktable.web.tables")

REFRESH_SECONDS = 5.0
"""A feed looks again (at the database) this often even without a notice: one lost in a
database reconnect is then late, not lost."""
CLOSED = None
"""What a member's outbox holds last when its feed can no longer serve it."""


@dataclass(eq=False)
class Member:
    """One live connection: its seat's cursor and the texts waiting to be sent to it."""

    cursor: LiveCursor
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)


class Feed:
    def __init__(self, feeds: Feeds, table_id: str) -> None:
        self.feeds = feeds
        self.table_id = table_id
        self.members: set[Member] = set()
        self.subscription = feeds.service.hub.subscribe(table_id)
        self.task: asyncio.Task[None] | None = None

    def poke(self, *, fresh: bool) -> None:
        """Look again soon (a member joined: it needs its first message)."""
        self.subscription.queue.put_nowait({"kind": "look", "fresh": fresh})

    async def run(self) -> None:
        queue = self.subscription.queue
        try:
            while self.members:
                notices: list[dict[str, Any]] = []
                with anyio.move_on_after(REFRESH_SECONDS):
                    notices.append(await queue.get())
                while not queue.empty():  # answer everything heard so far at once
                    notices.append(queue.get_nowait())
                await self._answer(notices)
        finally:
            self.feeds.service.hub.unsubscribe(self.subscription)

    async def _answer(self, notices: list[dict[str, Any]]) -> None:
        fresh = not notices or any(n.get("fresh") for n in notices)
        if any(n.get("kind") == "table" for n in notices):
            for member in self.members:
                member.cursor.table = -1  # the seats changed: send even without new events
        phrases = [n["said"] for n in notices if n.get("kind") == "phrase"]
        moved = fresh or any(n.get("kind") in ("game", "table", "look") for n in notices)
        members = list(self.members)
        if moved and members:
            try:
                texts = await anyio.to_thread.run_sync(
                    lambda: self.feeds.service.live_look(
                        self.table_id, [m.cursor for m in members], fresh=fresh))
            except ApiError as error:  # the table is gone
                for member in members:
                    body = error.to_json(member.cursor.language)
                    member.outbox.put_nowait(json.dumps({"type": "error", **body}))
                    member.outbox.put_nowait(CLOSED)
                self.members.clear()
                return
            for member, text in zip(members, texts, strict=True):
                if text is not None:
                    member.outbox.put_nowait(text)
                if member.cursor.gone:  # the player left the seat, or was removed
                    member.outbox.put_nowait(CLOSED)
                    self.members.discard(member)
        for notice in notices:  # replay together: the step, the same to all (no hidden card)
            if notice.get("kind") == "replay":
                text = json.dumps({"type": "replay", "game": notice.get("game"),
                                   "step": notice.get("step")}, separators=(",", ":"))
                for member in members:
                    member.outbox.put_nowait(text)
        for said in phrases:
            worded: dict[str, str] = {}  # the phrase in each member's language, built once
            for member in members:
                cursor = member.cursor
                if cursor.said is None or said["number"] > cursor.said:
                    cursor.said = said["number"]
                    if cursor.language not in worded:
                        text = phrase_text(said["phrase"], cursor.language)
                        worded[cursor.language] = json.dumps(
                            {"type": "phrase", "said": {**said, "text": text}},
                            separators=(",", ":"), ensure_ascii=False)
                    member.outbox.put_nowait(worded[cursor.language])


class Feeds:
    """The feeds of this process (all on its event loop)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self._feeds: dict[str, Feed] = {}

    def join(self, table_id: str, seat: Seat, *, after: int | None, game: str | None,
             said: int | None, language: str, joined: datetime | None = None) -> Member:
        """A connection of ``seat`` (its player reading ``language``) joins its table's feed;
        its first message is on its way."""
        feed = self._feeds.get(table_id)
        if feed is None:
            feed = self._feeds[table_id] = Feed(self, table_id)
        member = Member(LiveCursor(seat=seat, after=after, game=game, said=said,
                                   language=language, joined=joined))
        if seat == WATCHER:  # the players' count of watchers changes: send them the table
            for other in feed.members:
                other.cursor.table = -1
        feed.members.add(member)
        if feed.task is None or feed.task.done():
            feed.task = asyncio.get_running_loop().create_task(self._run(feed))
        feed.poke(fresh=True)
        return member

    def leave(self, table_id: str, member: Member) -> None:
        feed = self._feeds.get(table_id)
        if feed is None:
            return
        feed.members.discard(member)
        if member.cursor.seat == WATCHER and feed.members:  # one watcher fewer: tell the rest
            for other in feed.members:
                other.cursor.table = -1
            feed.poke(fresh=False)
        if not feed.members:
            del self._feeds[table_id]
            if feed.task is not None:
                feed.task.cancel()
            self.service.hub.unsubscribe(feed.subscription)

    async def _run(self, feed: Feed) -> None:
        try:
            await feed.run()
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the live feed failed", feed.table_id)
            for member in list(feed.members):
                member.outbox.put_nowait(CLOSED)  # its connection closes; the client reconnects
            if self._feeds.get(feed.table_id) is feed:
                del self._feeds[feed.table_id]
