"""Load on live tables: N Sheepshead tables of five simulated players over WebSockets on one
server process; how long from a move to every seat's receipt of it.

    .venv/bin/python bench/table_load.py                    # 100 tables, 60 s, temp SQLite
    .venv/bin/python bench/table_load.py --tables 20 --seconds 30 --think 0.5
    .venv/bin/python bench/table_load.py --database postgresql://user@host/db
    .venv/bin/python bench/table_load.py --server-cpus 0 --client-cpus 1   # the default

The server and this client run as separate processes, each pinned to its own CPUs (``taskset``
semantics through ``os.sched_setaffinity``; ``--server-cpus ''`` leaves them unpinned), so the
client's work does not land on the server's core.  Besides the latencies it prints the server's
CPU seconds per move (every process of the server's session: the web process and its computer
workers) and the load average, since on a shared machine wall-clock figures depend on the
neighbours.

Every seat is a person unless ``--people`` says fewer (the rest are computers, whose moves are
not timed): each table's player to move waits ``--think`` seconds
(jittered), posts a random legal action over HTTP, and the clock runs from just before the
POST until each person's WebSocket delivers a message at (or past) the new version.  Prints
moves per second, p50/p95/p99 of that latency per seat and per move (the slowest of the five),
and the errors; never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import httpx2
from websockets.asyncio.client import connect

from serving import answers, free_port

SEATS = 5


def cpus(text: str) -> set[int] | None:
    return {int(x) for x in text.split(",") if x.strip()} or None


def session_cpu(session: int) -> float:
    """CPU seconds (user + system) of every live process in a session."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == session:  # fields[3]: the session id (field 6 of stat)
            total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / ticks


def start_server(database: str, pinned: set[int] | None,
                 log: Any) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {**os.environ, "TRICKTABLE_SECRET": "bench",
           # One machine plays 500 people: no per-player or per-address limits here.
           "TRICKTABLE_RATE_LIMIT_CREATE_TABLE_PLAYER": "",
           "TRICKTABLE_RATE_LIMIT_CREATE_TABLE_ADDRESS": "",
           "TRICKTABLE_RATE_LIMIT_NEW_TABLE_PLAYER": "",
           "TRICKTABLE_RATE_LIMIT_NEW_TABLE_ADDRESS": "",
           "TRICKTABLE_RATE_LIMIT_ACTION_PLAYER": "",
           "TRICKTABLE_RATE_LIMIT_ACTION_ADDRESS": ""}
    process = subprocess.Popen(
        [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(port), "--database",
         database, "--workers", "1"],
        stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
        preexec_fn=(lambda: os.sched_setaffinity(0, pinned)) if pinned else None)
    url = f"http://127.0.0.1:{port}"
    if answers(url):
        return process, url
    process.kill()
    raise SystemExit("the server did not start")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


class Table:
    """One table: its invite, five seats' tokens, and the moves in flight."""

    def __init__(self, invite: str, tokens: list[str]) -> None:
        self.invite = invite
        self.tokens = tokens
        self.sent: dict[int, float] = {}  # new version -> when its move was posted
        self.got: dict[int, list[float]] = {}
        self.finished = False


async def seat_table(http: httpx2.AsyncClient, number: int, people: int) -> Table:
    cookies: list[httpx2.Cookies] = []
    response = await http.post("/api/tables", json={"game": "sheepshead", "hands": 20,
                                                    "nickname": f"T{number}-0"})
    response.raise_for_status()
    data = response.json()
    invite, tokens = data["invite"], [data["token"]]
    cookies.append(response.cookies)
    for seat in range(1, people):
        async with httpx2.AsyncClient(base_url=str(http.base_url)) as guest:
            joined = await guest.post(f"/api/tables/{invite}/seats",
                                      json={"nickname": f"T{number}-{seat}"})
            joined.raise_for_status()
            tokens.append(joined.json()["token"])
    started = await http.post(f"/api/tables/{invite}/start",
                              headers={"X-Seat-Token": tokens[0]})
    started.raise_for_status()
    return Table(invite, tokens)


async def play_seat(base: str, http: httpx2.AsyncClient, table: Table, seat: int,
                    think: float, stop: float, rng: random.Random, stats: dict[str, Any],
                    measuring: asyncio.Event, gate: asyncio.Semaphore) -> None:
    ws_url = base.replace("http://", "ws://") + f"/api/tables/{table.invite}/live"
    async with gate:
        websocket = await connect(ws_url, max_size=None, open_timeout=60)
        await websocket.send(json.dumps({"token": table.tokens[seat]}))
    async with websocket:
        stats["connected"] += 1
        acted_at = -1
        heard = -1
        while time.monotonic() < stop:
            try:
                raw = await asyncio.wait_for(websocket.recv(), timeout=max(0.1, stop -
                                                                         time.monotonic()))
            except TimeoutError:
                break
            now = time.monotonic()
            message = json.loads(raw)
            if message["type"] != "state" or message["game"] is None:
                continue
            game = message["game"]
            version = game["version"]
            if measuring.is_set():  # every move up to this version (computers' may follow)
                for moved in [v for v in table.sent if heard < v <= version]:
                    table.got.setdefault(moved, []).append(now - table.sent[moved])
            heard = max(heard, version)
            if game["status"] != "playing":
                table.finished = True
                continue
            if game["legal_actions"] and version != acted_at:
                acted_at = version
                task = asyncio.get_running_loop().create_task(
                    act(http, table, seat, game, think, rng, stats))
                stats["acting"].add(task)
                task.add_done_callback(stats["acting"].discard)


async def act(http: httpx2.AsyncClient, table: Table, seat: int, game: dict[str, Any],
              think: float, rng: random.Random, stats: dict[str, Any]) -> None:
    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
    table.sent[game["version"] + 1] = posted = time.monotonic()
    try:
        response = await http.post(
            f"/api/tables/{table.invite}/actions", headers={"X-Seat-Token": table.tokens[seat]},
            json={"action": rng.choice(game["legal_actions"]), "version": game["version"]})
    except httpx2.HTTPError:
        stats["errors"] += 1
        return
    if response.status_code != 200:
        stats["errors"] += 1
        stats["statuses"][response.status_code] = stats["statuses"].get(
            response.status_code, 0) + 1
    else:
        stats["moves"] += 1
        stats["posts"].append(time.monotonic() - posted)


async def lag(stats: dict[str, Any]) -> None:
    """How late this client's own event loop wakes up (its lag adds to every figure)."""
    while True:
        before = time.monotonic()
        await asyncio.sleep(0.01)
        stats["lag"].append(time.monotonic() - before - 0.01)


async def run(base: str, server: int, tables: int, seconds: float, think: float,
              seed: int, people: int = SEATS) -> None:
    rng = random.Random(seed)
    # Idle connections are dropped before the server's keep-alive timeout (5 s) would close
    # them under a request on its way.
    limits = httpx2.Limits(max_connections=200, max_keepalive_connections=200,
                          keepalive_expiry=3.0)
    async with httpx2.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        began = time.monotonic()
        gate = asyncio.Semaphore(8)  # a few tables at a time: no flood of new connections

        async def seat(number: int) -> Table:
            async with gate:
                return await seat_table(http, number, people)

        seated = await asyncio.gather(*(seat(k) for k in range(tables)))
        print(f"{tables} tables seated ({tables * people} players) in "
              f"{time.monotonic() - began:.1f} s", flush=True)
        stats: dict[str, Any] = {"moves": 0, "errors": 0, "statuses": {}, "connected": 0,
                                 "acting": set(), "posts": [], "lag": []}
        measuring = asyncio.Event()
        opening = asyncio.Semaphore(16)
        warm = 5.0
        stop = time.monotonic() + warm + seconds + 60
        tasks = [asyncio.create_task(play_seat(base, http, table, seat, think, stop,
                                               random.Random(rng.random()), stats, measuring,
                                               opening))
                 for table in seated for seat in range(people)]
        while stats["connected"] < tables * people:
            await asyncio.sleep(0.1)
        await asyncio.sleep(warm)
        for table in seated:
            table.sent.clear()
        stats["moves"] = 0
        stats["posts"].clear()
        lagging = asyncio.create_task(lag(stats))
        server_cpu, client_cpu, load = session_cpu(server), time.process_time(), os.getloadavg()
        measuring.set()
        await asyncio.sleep(seconds)
        measuring.clear()
        lagging.cancel()
        server_cpu = session_cpu(server) - server_cpu
        client_cpu = time.process_time() - client_cpu
        load = (*load, *os.getloadavg())
        for task in [*tasks, *stats["acting"]]:
            task.cancel()
        await asyncio.gather(*tasks, *stats["acting"], return_exceptions=True)
    per_seat = [x for table in seated for got in table.got.values() for x in got]
    per_move = [max(got) for table in seated for v, got in table.got.items()
                if len(got) == people]
    partial = sum(1 for table in seated for got in table.got.values() if len(got) < people)
    print(f"{stats['moves']} moves in {seconds:.0f} s: {stats['moves'] / seconds:.1f} moves/s; "
          f"errors {stats['errors']} {stats['statuses']}")
    moves = max(stats["moves"], 1)
    print(f"server CPU {server_cpu:.1f} s ({100 * server_cpu / seconds:.0f}% of a core, "
          f"{1000 * server_cpu / moves:.1f} ms per move); client CPU {client_cpu:.1f} s; "
          f"load average {load[0]:.1f} before, {load[3]:.1f} after")
    for name, label in (("posts", "a move's POST answered"), ("lag", "this client's loop lag")):
        if stats[name]:
            ms = [1000 * x for x in stats[name]]
            print(f"{label}: p50 {statistics.median(ms):.1f} ms, p95 {percentile(ms, 0.95):.1f} "
                  f"ms, p99 {percentile(ms, 0.99):.1f} ms")
    if per_seat:
        ms = [1000 * x for x in per_seat]
        print(f"move -> a seat's receipt: p50 {statistics.median(ms):.1f} ms, "
              f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms "
              f"({len(ms)} receipts)")
    if per_move:
        ms = [1000 * x for x in per_move]
        print(f"move -> every seat's receipt: p50 {statistics.median(ms):.1f} ms, "
              f"p95 {percentile(ms, 0.95):.1f} ms, p99 {percentile(ms, 0.99):.1f} ms "
              f"({len(ms)} moves; {partial} still in flight at the end)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--people", type=int, default=SEATS,
                        help="people per table (the other seats are computers; at most 5)")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--think", type=float, default=1.0,
                        help="seconds a player thinks before a move (jittered ±50%%)")
    parser.add_argument("--database", help="default: a temporary SQLite database")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--server-cpus", default="0", help="CPUs for the server ('' unpinned)")
    parser.add_argument("--client-cpus", default="1", help="CPUs for this client")
    parser.add_argument("--server-log", help="keep the server's log here (default: dropped)")
    options = parser.parse_args()
    server_cpus, client_cpus = cpus(options.server_cpus), cpus(options.client_cpus)
    if client_cpus:
        os.sched_setaffinity(0, client_cpus)
    print(f"server on CPUs {sorted(server_cpus) if server_cpus else 'any'}, client on "
          f"{sorted(client_cpus) if client_cpus else 'any'} of {os.cpu_count()}")
    with tempfile.TemporaryDirectory() as directory:
        database = options.database or f"sqlite:///{directory}/bench.sqlite3"
        log_path = options.server_log or os.path.join(directory, "server.log")
        with open(log_path, "wb") as log:
            process, base = start_server(database, server_cpus, log)
        print(f"server process {process.pid}", flush=True)
        try:
            asyncio.run(run(base, process.pid, options.tables, options.seconds, options.think,
                            options.seed, options.people))
        except BaseException:
            with open(log_path, errors="replace") as log_text:
                print("the server's log ends:", *log_text.readlines()[-20:], sep="\n  ")
            raise
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)


if __name__ == "__main__":
    main()
