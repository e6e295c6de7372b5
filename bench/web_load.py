"""Load on the web server: concurrent games, each action timed including the computers' replies.

    .venv/bin/python bench/web_load.py                 # starts `tricktable serve` on a temp db
    .venv/bin/python bench/web_load.py --games 20,100 --difficulty normal,hard --seconds 30
    .venv/bin/python bench/web_load.py --database postgresql://user@host/db --processes 2
    .venv/bin/python bench/web_load.py --url http://127.0.0.1:8000   # an already running server
    .venv/bin/python bench/web_load.py --game spades   # two-player Spades instead of Sheepshead

Each simulated player has its own cookie, starts a game, and plays random legal actions as fast
as the server answers (a new game when one ends); the clock starts once every player has its
first game.  Prints, per difficulty and number of
concurrent games, actions per second (in all and per server process), latency percentiles of
``POST /api/games/{id}/actions`` and the errors; never part of ``make test``'s pass/fail.
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
from pathlib import Path
from typing import Any

import httpx2

from serving import answers, free_port


def start_server(database: str, workers: int | None,
                 processes: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    # The simulated players come from 127.0.0.1 but each says, as a proxy would, its own address,
    # so the per-address rate limit counts players as it would behind a real proxy.
    command = [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(port),
               "--database", database, "--processes", str(processes),
               "--trusted-proxy", "127.0.0.1"]
    if workers:
        command += ["--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    if answers(url):
        return process, url
    os.killpg(process.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


class Window:
    """The timed window: it opens once every player has its first game (so 100 games being
    created at once do not eat the run) and closes ``seconds`` later."""

    def __init__(self, players: int) -> None:
        self.ready = asyncio.Barrier(players + 1)
        self.stop_at = float("inf")


async def new_game(client: httpx2.AsyncClient, name: str, difficulty: str,
                   errors: list[str]) -> dict[str, Any] | None:
    try:
        response = await client.post("/api/games", json={"game": name, "difficulty": difficulty})
    except httpx2.HTTPError as error:
        errors.append(f"new game: {type(error).__name__} {error}")
        return None
    if response.status_code != 201:
        errors.append(f"new game: {response.status_code} {response.text[:200]}")
        return None
    game: dict[str, Any] = response.json()
    return game


def address(k: int) -> str:
    """The ``k``-th simulated player's own client address (10.x.y.z)."""
    return f"10.{k // 62500 % 256}.{k // 250 % 250}.{k % 250 + 1}"


async def player(url: str, name: str, difficulty: str, window: Window, rng: random.Random,
                 latencies: list[float], errors: list[str], games: list[int],
                 think: float = 0.0, number: int = 0) -> None:
    headers = {"X-Forwarded-For": address(number)}
    async with httpx2.AsyncClient(base_url=url, timeout=60, headers=headers) as client:
        game = await new_game(client, name, difficulty, errors)
        await window.ready.wait()
        while game is not None and time.monotonic() < window.stop_at:
            if game["status"] == "over":
                game = await new_game(client, name, difficulty, errors)
                games.extend([1] if game is not None else [])
                continue
            action = rng.choice(game["legal_actions"])
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            started = time.perf_counter()
            try:
                response = await client.post(
                    f"/api/games/{game['id']}/actions",
                    json={"action": action, "version": game["version"],
                          "since": game["event_count"]},
                )
            except httpx2.HTTPError as error:  # a timeout, a reset: an error, not the end
                errors.append(f"action: {type(error).__name__} {error}")
                game = await new_game(client, name, difficulty, errors)
                continue
            elapsed = time.perf_counter() - started
            if response.status_code != 200:
                errors.append(f"action: {response.status_code} {response.text[:200]}")
                game = await new_game(client, name, difficulty, errors)
                continue
            latencies.append(elapsed)
            game = response.json()


async def timed(window: Window, seconds: float) -> float:
    await window.ready.wait()
    started = time.monotonic()
    window.stop_at = started + seconds
    return started


async def run(url: str, name: str, games: int, seconds: float, difficulty: str, seed: int,
              think: float) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    started_games: list[int] = []
    # Warm up (worker processes, caches) with one short game's worth of requests.
    warm_up = Window(1)
    await asyncio.gather(player(url, name, difficulty, warm_up, random.Random(-1), [],
                                errors, []), timed(warm_up, 2))
    window = Window(games)
    clock = asyncio.ensure_future(timed(window, seconds))
    await asyncio.gather(*(
        player(url, name, difficulty, window, random.Random(seed * 1000 + k), latencies,
               errors, started_games, think, k + 1)
        for k in range(games)
    ))
    started = await clock
    wall = time.monotonic() - started
    ordered = sorted(latencies)

    def percentile(p: float) -> float:
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000

    options = httpx2.get(f"{url}/api/options").json()
    return {
        "game": name,
        "concurrent_games": games,
        "think_seconds": think,
        "difficulty": difficulty,
        "opponent": options["games"][name]["difficulties"].get(difficulty),
        "seconds": round(wall, 1),
        "actions": len(latencies),
        "games_started": len(started_games),
        "actions_per_second": round(len(latencies) / wall, 1),
        "latency_ms": {
            "mean": round(statistics.fmean(latencies) * 1000, 1) if latencies else None,
            "p50": round(percentile(50), 1),
            "p95": round(percentile(95), 1),
            "p99": round(percentile(99), 1),
            "max": round(percentile(100), 1),
        },
        "errors": len(errors),
        "first_errors": errors[:3],
    }


def table_row(database: str, processes: int, figures: dict[str, Any]) -> str:
    """One Markdown table row: database, processes, players, games, throughput, latency."""
    latency = figures["latency_ms"]
    return (
        f"| {database} | {processes} | {figures['difficulty']} ({figures['opponent']}) "
        f"| {figures['concurrent_games']} | {figures['actions_per_second']} "
        f"| {round(figures['actions_per_second'] / processes, 1)} "
        f"| {latency['p50']} | {latency['p95']} | {latency['p99']} | {figures['errors']} |"
    )


TABLE_HEAD = (
    "| database | processes | players | games | actions/s | per process "
    "| p50 ms | p95 ms | p99 ms | errors |\n"
    "|---|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--database",
                        help="the started server's database URL (default: a temporary SQLite)")
    parser.add_argument("--game", default="sheepshead", choices=["sheepshead", "spades"])
    parser.add_argument("--games", default="20",
                        help="concurrent games; a comma list runs each in turn (20,100)")
    parser.add_argument("--seconds", type=float, default=20.0, help="seconds per run")
    parser.add_argument("--difficulty", default="normal",
                        help="easy, normal or hard; a comma list runs each in turn")
    parser.add_argument("--workers", type=int, help="the started server's worker processes")
    parser.add_argument("--processes", type=int, default=1,
                        help="the started server's processes (uvicorn workers)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before each action (0: none)")
    parser.add_argument("--json", action="store_true", help="print one JSON object per run")
    args = parser.parse_args()
    difficulties = args.difficulty.split(",")
    if not set(difficulties) <= {"easy", "normal", "hard"}:
        parser.error("--difficulty takes easy, normal and hard")
    counts = [int(count) for count in args.games.split(",")]
    process = None
    with tempfile.TemporaryDirectory() as directory:
        url = args.url
        database = args.database or f"sqlite:///{Path(directory) / 'bench.sqlite3'}"
        if url is None:
            process, url = start_server(database, args.workers, args.processes)
        label = "?" if args.url else database.split(":", 1)[0].split("+", 1)[0]
        if not args.json:
            print(TABLE_HEAD, flush=True)
        try:
            for difficulty in difficulties:
                for count in counts:
                    figures = asyncio.run(run(url, args.game, count, args.seconds, difficulty,
                                              args.seed, args.think))
                    figures |= {"database": label, "processes": args.processes}
                    if args.json:
                        print(json.dumps(figures), flush=True)
                        continue
                    print(table_row(label, args.processes, figures), flush=True)
                    for error in figures["first_errors"]:
                        print(f"<!-- error: {error} -->")
        finally:
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)


if __name__ == "__main__":
    main()
