"""Load on the web server: concurrent games, each action timed including the computers' replies.

    .venv/bin/python bench/web_load.py                 # starts `tricktable serve` on a temp db
    .venv/bin/python bench/web_load.py --games 20 --seconds 30 --difficulty normal
    .venv/bin/python bench/web_load.py --url http://127.0.0.1:8000   # an already running server
    .venv/bin/python bench/web_load.py --game spades   # two-player Spades instead of Sheepshead

Each simulated player has its own cookie, starts a game, and plays random legal actions as fast
as the server answers (a new game when one ends).  Prints actions per second and latency
percentiles of ``POST /api/games/{id}/actions``; never part of ``make test``'s pass/fail.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def start_server(database: str, workers: int | None,
                 processes: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    command = [sys.executable, "-m", "tricktable.cli", "serve", "--port", str(port),
               "--database", database, "--processes", str(processes)]
    if workers:
        command += ["--workers", str(workers)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)
    raise SystemExit("the server did not start")


async def player(url: str, name: str, difficulty: str, stop_at: float, rng: random.Random,
                 latencies: list[float], errors: list[str], games: list[int],
                 think: float = 0.0) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        game: dict[str, Any] | None = None
        while time.monotonic() < stop_at:
            if game is None or game["status"] == "over":
                response = await client.post("/api/games",
                                             json={"game": name, "difficulty": difficulty})
                if response.status_code != 201:
                    errors.append(f"new game: {response.status_code} {response.text[:200]}")
                    return
                game = response.json()
                games.append(1)
                continue
            action = rng.choice(game["legal_actions"])
            if think:
                await asyncio.sleep(rng.uniform(0.5, 1.5) * think)
            started = time.perf_counter()
            response = await client.post(
                f"/api/games/{game['id']}/actions",
                json={"action": action, "version": game["version"],
                      "since": game["event_count"]},
            )
            elapsed = time.perf_counter() - started
            if response.status_code != 200:
                errors.append(f"action: {response.status_code} {response.text[:200]}")
                game = None
                continue
            latencies.append(elapsed)
            game = response.json()


async def run(url: str, name: str, games: int, seconds: float, difficulty: str, seed: int,
              think: float) -> dict[str, Any]:
    latencies: list[float] = []
    errors: list[str] = []
    started_games: list[int] = []
    # Warm up (worker processes, caches) with one short game's worth of requests.
    await asyncio.gather(player(url, name, difficulty, time.monotonic() + 2,
                                random.Random(-1), [], errors, []))
    started = time.monotonic()
    stop_at = started + seconds
    await asyncio.gather(*(
        player(url, name, difficulty, stop_at, random.Random(seed * 1000 + k), latencies,
               errors, started_games, think)
        for k in range(games)
    ))
    wall = time.monotonic() - started
    ordered = sorted(latencies)

    def percentile(p: float) -> float:
        if not ordered:
            return float("nan")
        return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] * 1000

    options = httpx.get(f"{url}/api/options").json()
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="a running server (default: start one on a temp db)")
    parser.add_argument("--game", default="sheepshead", choices=["sheepshead", "spades"])
    parser.add_argument("--games", type=int, default=20, help="concurrent games")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--difficulty", default="normal", choices=["easy", "normal", "hard"])
    parser.add_argument("--workers", type=int, help="the started server's worker processes")
    parser.add_argument("--processes", type=int, default=1,
                        help="the started server's processes (uvicorn workers)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--think", type=float, default=0.0,
                        help="mean seconds a player waits before each action (0: none)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    process = None
    with tempfile.TemporaryDirectory() as directory:
        url = args.url
        if url is None:
            database = f"sqlite:///{Path(directory) / 'bench.sqlite3'}"
            process, url = start_server(database, args.workers, args.processes)
        try:
            figures = asyncio.run(run(url, args.game, args.games, args.seconds,
                                      args.difficulty, args.seed, args.think))
        finally:
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(timeout=30)
    if args.json:
        print(json.dumps(figures))
        return
    latency = figures["latency_ms"]
    print(
        f"{figures['concurrent_games']} concurrent {figures['game']} games "
        f"(think {figures['think_seconds']} s), "
        f"{figures['difficulty']} "
        f"({figures['opponent']}) players: {figures['actions_per_second']} actions/s, "
        f"latency p50 {latency['p50']} ms, p95 {latency['p95']} ms, p99 {latency['p99']} ms, "
        f"max {latency['max']} ms ({figures['actions']} actions, "
        f"{figures['games_started']} games in {figures['seconds']} s, "
        f"{figures['errors']} errors)"
    )
    if figures["first_errors"]:
        print("errors:", *figures["first_errors"], sep="\n  ")


if __name__ == "__main__":
    main()
