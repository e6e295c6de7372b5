"""Computer players off the event loop: a pool of worker processes (or threads) that plays the
computer seats up to the human's next decision.

Every decision is a pure function of the game: its seed, its action log and the player's name.
Decision number ``i`` of a game gets ``random.Random`` seeded from SHA-256 of the game seed and
``i``, and a fresh player instance, so the same moves always meet the same replies (the Daily's
fairness rests on this) and any process can compute them.

A job carries plain data (game name, rules, seed, action texts); a worker replays the game,
keeping recently played games in a small per-process cache, and answers with the new actions.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import random
import threading
import zlib
from collections import OrderedDict
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from tricktable.ai.players import make_player
from tricktable.game import Seat, parse_action, seed_text
from tricktable.i18n import Message
from tricktable.lifeline import end_with_supervisor
from tricktable.web.games import adapter

__all__ = [
    "CHEAP_PLAYERS",
    "ComputerError",
    "ComputerPool",
    "Job",
    "MatchCache",
    "decision_rng",
    "job_for",
    "play_computers",
]


class ComputerError(RuntimeError):
    """The computer players could not answer (a worker died or took too long); ``reason``
    says which, as a message."""

    def __init__(self, reason: Message) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Job:
    """What a worker needs to play the computer seats: plain, picklable data."""

    game_id: str
    game: str
    rules: dict[str, Any]
    seed: str
    opponent: str
    human_seat: Seat
    actions: tuple[tuple[Seat, str], ...]
    humans: frozenset[Seat] = frozenset()
    """Other seats the computers leave alone (a table's players), besides ``human_seat``."""


def decision_rng(seed: str, index: int) -> random.Random:
    """The generator for the decision that will be action number ``index`` of the game."""
    digest = hashlib.sha256(f"tricktable/computer/{seed_text(seed)}/{index}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


class MatchCache:
    """Recently used games, keyed by game id; a match is handed out to one caller at a time
    (``take`` removes it).  Each entry remembers the action log it was built from."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: OrderedDict[str, tuple[tuple[tuple[Seat, str], ...] | int, Any]] = (
            OrderedDict()
        )
        self._lock = threading.Lock()

    def _pop(self, key: str) -> tuple[Any, Any] | None:
        with self._lock:
            return self._items.pop(key, None)

    def take(self, key: str, version: int) -> Any | None:
        """The match cached at exactly ``version`` actions, or None."""
        item = self._pop(key)
        if item is None or item[0] != version:
            return None
        return item[1]

    def take_prefix(self, key: str, log: tuple[tuple[Seat, str], ...]) -> tuple[Any, int] | None:
        """A match cached at a prefix of ``log`` and the prefix's length, or None."""
        item = self._pop(key)
        if item is None or not isinstance(item[0], tuple):
            return None
        cached = item[0]
        if len(cached) > len(log) or log[:len(cached)] != cached:
            return None  # another branch (a request that lost its compare-and-set)
        return item[1], len(cached)

    def put(self, key: str, version: int | tuple[tuple[Seat, str], ...], match: Any) -> None:
        with self._lock:
            self._items[key] = (version, match)
            self._items.move_to_end(key)
            while len(self._items) > self._size:
                self._items.popitem(last=False)


_worker_cache = MatchCache(256)


def play_computers(job: Job) -> list[tuple[Seat, str]]:
    """Play the computer seats from the end of ``job.actions`` until the human is to move or
    the game is over; the new actions in order.  Runs inside a worker."""
    game = adapter(job.game)
    found = _worker_cache.take_prefix(job.game_id, job.actions)
    if found is None:
        match = game.replay(job.rules, job.seed, job.actions)
    else:
        match, done = found
        for seat, text in job.actions[done:]:
            game.apply(match, seat, parse_action(text))
    played: list[tuple[Seat, str]] = []
    while not game.is_over(match):
        mover = game.to_move(match)
        if mover is None or mover == job.human_seat or mover in job.humans:
            break
        seat = mover
        player = make_player(job.game, job.opponent, reproducible=True)
        rng = decision_rng(job.seed, game.action_count(match))
        action = player.choose(game.player_view(match, seat), rng)
        game.apply(match, seat, action)
        played.append((seat, str(action)))
    _worker_cache.put(job.game_id, (*job.actions, *played), match)
    return played


def _warm_up() -> int:
    return 0


CHEAP_PLAYERS = frozenset({"random", "basic"})
"""Players that decide in well under a millisecond: with ``kind="auto"`` they play in the
calling thread (a request's own worker thread: a process round trip, or even a hop to another
thread, would cost more than their thinking); every other player runs in the process pool."""


class ComputerPool:
    """The pool the server hands jobs to; the calling thread waits, never the event loop.

    ``kind="process"``: ``workers`` single-process executors.  A game's jobs go to the same
    worker (so its cached match is reused) unless that worker is busy and another is idle, so
    CPU-heavy players still spread over all cores.  ``kind="thread"``: a thread pool, for
    tests.  ``kind="auto"`` (the server's default): cheap players (see :data:`CHEAP_PLAYERS`)
    in the calling thread, which is never the event loop's, the others in the process pool.
    """

    def __init__(self, *, kind: str = "auto", workers: int = 2, timeout: float = 60.0) -> None:
        if kind not in ("auto", "process", "thread"):
            raise ValueError("The pool is 'auto', 'process' or 'thread'.")
        self.kind = kind
        self.workers = max(1, workers)
        self.timeout = timeout
        self._lock = threading.Lock()
        self._threads: ThreadPoolExecutor | None = None
        self._processes: list[Executor | None] = [None] * self.workers
        self._pending = [0] * self.workers

    def _thread_pool(self) -> ThreadPoolExecutor:
        with self._lock:
            if self._threads is None:
                self._threads = ThreadPoolExecutor(self.workers,
                                                   thread_name_prefix="computer")
            return self._threads

    def _process(self, index: int) -> Executor:
        with self._lock:
            executor = self._processes[index]
            if executor is None:
                # The worker ends with this process or the server's supervisor, however they
                # end (kill -9 included), and watches from its first moment: the initializer's
                # module is light, so nothing heavy is imported before the watch starts.  No
                # PR_SET_PDEATHSIG: it fires when the *thread* that started the worker ends,
                # and the pool starts workers from whichever request thread submits first.
                executor = self._processes[index] = ProcessPoolExecutor(
                    1, mp_context=multiprocessing.get_context("spawn"),
                    initializer=end_with_supervisor, initargs=(os.getpid(),),
                )
            return executor

    def _uses_processes(self, opponent: str) -> bool:
        return self.kind == "process" or (self.kind == "auto" and opponent not in CHEAP_PLAYERS)

    def _choose(self, key: str) -> int:
        """The game's own worker, or the least busy one if the game's worker is busy."""
        count = len(self._processes)
        preferred = zlib.crc32(key.encode()) % count
        with self._lock:
            if self._pending[preferred]:
                least = min(range(count), key=self._pending.__getitem__)
                if self._pending[least] == 0:
                    preferred = least
            self._pending[preferred] += 1
        return preferred

    def start(self) -> None:
        """Start the workers now rather than on the first request."""
        if self.kind == "thread":
            self._thread_pool()
            return
        futures = [self._process(k).submit(_warm_up) for k in range(self.workers)]
        for future in futures:
            future.result(timeout=120)

    def run(self, job: Job) -> list[tuple[Seat, str]]:
        """Play the computer seats for ``job``."""
        if self.kind == "auto" and job.opponent in CHEAP_PLAYERS:
            return play_computers(job)
        if not self._uses_processes(job.opponent):
            try:
                return self._thread_pool().submit(play_computers, job).result(
                    timeout=self.timeout
                )
            except FutureTimeout:
                raise ComputerError(Message("server.computer.slow")) from None
        index = self._choose(job.game_id)
        try:
            executor = self._process(index)
            try:
                return executor.submit(play_computers, job).result(timeout=self.timeout)
            except BrokenProcessPool:
                self._replace(index, executor)
                raise ComputerError(Message("server.computer.stopped")) from None
            except FutureTimeout:
                raise ComputerError(Message("server.computer.slow")) from None
        finally:
            with self._lock:
                self._pending[index] -= 1

    def submit(self, key: str, function: Callable[..., Any], *args: Any) -> Future[Any]:
        """Run ``function(*args)`` (picklable, module-level) on a worker: the process of game
        ``key`` (the least busy one if that is busy), or the thread pool for ``kind="thread"``.
        For search work other than moves (hints, reviews)."""
        if self.kind == "thread":
            return self._thread_pool().submit(function, *args)
        index = self._choose(key)
        try:
            future = self._process(index).submit(function, *args)
        except BaseException:
            with self._lock:
                self._pending[index] -= 1
            raise

        def done(_: Future[Any]) -> None:
            with self._lock:
                self._pending[index] -= 1

        future.add_done_callback(done)
        return future

    def _replace(self, index: int, broken: Executor) -> None:
        with self._lock:
            if self._processes[index] is broken:
                self._processes[index] = None
        broken.shutdown(wait=False, cancel_futures=True)

    def shutdown(self) -> None:
        with self._lock:
            executors: list[Executor | None] = [*self._processes, self._threads]
            self._processes = [None] * self.workers
            self._threads = None
        for executor in executors:
            if executor is not None:
                executor.shutdown(wait=True, cancel_futures=True)


def job_for(
    *, game_id: str, game: str, rules: dict[str, Any], seed: str, opponent: str,
    human_seat: Seat, actions: Sequence[tuple[Seat, str]],
) -> Job:
    return Job(game_id=game_id, game=game, rules=rules, seed=seed, opponent=opponent,
               human_seat=human_seat, actions=tuple(actions))
