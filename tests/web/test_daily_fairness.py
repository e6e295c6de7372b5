"""Provably fair Dailies: commitments published ahead, seeds revealed when the day ends (US
Central, across DST changes), ``tricktable verify-daily``, and past days' records that
``tricktable replay`` re-scores exactly."""

from __future__ import annotations

import hashlib
import itertools
import json
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx2
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tests.web.conftest import Clock
from tests.web.daily_helpers import established
from tests.web.play import assert_error, play_to_end
from tests.web.servers import Server
from tricktable.cli import app as cli
from tricktable.web.daily.dates import COMMITTED_DAYS_AHEAD, daily_seed, day_ends_at, is_revealed

SECRET = "test-secret"


def start(client: TestClient, game: str = "sheepshead") -> dict[str, Any]:
    response = client.post("/api/daily", json={"game": game})
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_commitments_for_today_and_the_next_seven_days(client: TestClient) -> None:
    data = client.get("/api/daily/commitments").json()
    assert data["today"] == "2030-03-14" and data["game"] == "sheepshead"
    days = [date(2030, 3, 14) + timedelta(days=k) for k in range(8)]
    assert [c["date"] for c in data["commitments"]] == [d.isoformat() for d in days]
    for entry, day in zip(data["commitments"], days, strict=True):
        assert entry["commitment"] == sha(daily_seed(SECRET, "sheepshead", day))
        assert entry["seed"] is None and not entry["revealed"]
    spades = client.get("/api/daily/commitments", params={"game": "spades"}).json()
    assert spades["commitments"][0]["commitment"] == sha(
        daily_seed(SECRET, "spades", date(2030, 3, 14)))
    # Nothing further ahead, no bad dates, no unknown games.
    assert_error(client.get("/api/daily/seed", params={"date": "2030-03-22"}), 404,
                 "not_committed")
    assert_error(client.get("/api/daily/seed", params={"date": "2030-3-1"}), 400)
    assert_error(client.get("/api/daily/seed", params={"date": "2030-02-30"}), 400)
    assert_error(client.get("/api/daily/commitments", params={"game": "chess"}), 400)


def test_the_board_publishes_commitments_in_the_seed_route_s_window_only(
    client: TestClient,
) -> None:
    today = date(2030, 3, 14)
    published = {c["date"] for c in client.get("/api/daily/commitments").json()["commitments"]}
    for ahead in range(COMMITTED_DAYS_AHEAD + 4):
        day = (today + timedelta(days=ahead)).isoformat()
        seed = client.get("/api/daily/seed", params={"date": day})
        board = client.get("/api/leaderboard", params={"date": day}).json()["fairness"]
        if ahead <= COMMITTED_DAYS_AHEAD:
            assert seed.status_code == 200 and day in published
            assert board["commitment"] == seed.json()["commitment"] == sha(
                daily_seed(SECRET, "sheepshead", today + timedelta(days=ahead)))
        else:
            assert_error(seed, 404, "not_committed")
            assert day not in published and board["commitment"] is None
            assert board["seed"] is None and not board["revealed"]


def test_the_board_shows_other_players_seat_totals_only_once_the_day_ends(
    client: TestClient, other_client: TestClient, clock: Clock
) -> None:
    established(client)
    established(other_client)
    mine = play_to_end(client, start(client), seed=1)
    theirs = play_to_end(other_client, start(other_client), seed=2)
    assert len(mine["view"]["totals"]) == 5

    entries = {e["you"]: e for e in client.get("/api/leaderboard").json()["entries"]}
    assert entries[True]["totals"] == mine["view"]["totals"]  # my own game: I played it
    assert entries[False]["totals"] is None and entries[False]["score"] == theirs["score"]

    clock.moment = datetime(2030, 3, 15, 5, 0, tzinfo=UTC)  # midnight CDT: the day is public
    board = client.get("/api/leaderboard", params={"date": "2030-03-14"}).json()
    entries = {e["you"]: e for e in board["entries"]}
    assert entries[False]["totals"] == theirs["view"]["totals"]


def test_a_seed_is_revealed_when_its_day_ends_in_central_time_across_dst(
    client: TestClient, clock: Clock
) -> None:
    # 2030-03-10: clocks spring forward in Chicago, a 23-hour day ending 05:00 UTC.
    spring = date(2030, 3, 10)
    assert day_ends_at(spring) == datetime(2030, 3, 11, 5, 0, tzinfo=UTC)
    assert day_ends_at(spring) - day_ends_at(spring - timedelta(days=1)) == timedelta(hours=23)
    # 2030-11-03: clocks fall back, a 25-hour day ending 06:00 UTC.
    autumn = date(2030, 11, 3)
    assert day_ends_at(autumn) - day_ends_at(autumn - timedelta(days=1)) == timedelta(hours=25)

    seed = daily_seed(SECRET, "sheepshead", spring)
    commitment = sha(seed)
    clock.moment = datetime(2030, 3, 10, 12, 0, tzinfo=UTC)  # during the day
    during = client.get("/api/daily/seed", params={"date": "2030-03-10"}).json()
    assert during == {"game": "sheepshead", "date": "2030-03-10", "commitment": commitment,
                      "revealed": False, "seed": None, "reveal_at": "2030-03-11T05:00:00+00:00"}
    clock.moment = datetime(2030, 3, 11, 4, 59, 59, tzinfo=UTC)  # 23:59:59 CDT
    assert client.get("/api/daily/seed", params={"date": "2030-03-10"}).json()["seed"] is None
    assert client.get("/api/options").json()["today"] == "2030-03-10"
    clock.moment = datetime(2030, 3, 11, 5, 0, tzinfo=UTC)  # midnight CDT: revealed
    after = client.get("/api/daily/seed", params={"date": "2030-03-10"}).json()
    assert after["revealed"] and after["seed"] == seed and after["commitment"] == commitment
    assert client.get("/api/options").json()["today"] == "2030-03-11"
    # The day before the change ended at midnight CST, 06:00 UTC.
    assert not is_revealed(date(2030, 3, 9), datetime(2030, 3, 10, 5, 59, tzinfo=UTC))
    assert is_revealed(date(2030, 3, 9), datetime(2030, 3, 10, 6, 0, tzinfo=UTC))
    # Autumn: 2030-11-03 ends at midnight CST, 06:00 UTC on the 4th (not 05:00).
    clock.moment = datetime(2030, 11, 4, 5, 30, tzinfo=UTC)
    assert client.get("/api/daily/seed", params={"date": "2030-11-03"}).json()["seed"] is None
    clock.moment = datetime(2030, 11, 4, 6, 0, tzinfo=UTC)
    assert client.get("/api/daily/seed", params={"date": "2030-11-03"}).json()["seed"] == (
        daily_seed(SECRET, "sheepshead", autumn))
    # Today's and the coming days' seeds stay hidden however the list is asked for.
    listed = client.get("/api/daily/commitments").json()["commitments"]
    assert [c["seed"] for c in listed] == [None] * 8


def test_a_revealed_day_tells_nothing_about_other_days(client: TestClient,
                                                      clock: Clock) -> None:
    clock.moment = datetime(2030, 3, 20, 12, 0, tzinfo=UTC)
    revealed = [client.get("/api/daily/seed", params={"date": f"2030-03-{d}"}).json()["seed"]
                for d in range(10, 20)]
    upcoming = [c["commitment"] for c in
                client.get("/api/daily/commitments").json()["commitments"]]
    # Seeds are 128-bit HMAC outputs under the secret: no pattern links one day to the next,
    # and neither a revealed seed nor anything public hashes to a coming day's commitment.
    assert len({s[17:] for s in revealed}) == len(revealed)
    public = [*revealed, *(s[17:] for s in revealed), "2030-03-20", "sheepshead/2030-03-20"]
    assert not {sha(text) for text in public} & set(upcoming)
    # Another secret commits to other seeds for the same days.
    assert daily_seed("another", "sheepshead", date(2030, 3, 20)) != daily_seed(
        SECRET, "sheepshead", date(2030, 3, 20))
    # Bits of consecutive days' seeds agree about half the time, as for unrelated numbers.
    bits = [int(s[17:], 16) for s in revealed]
    same = [128 - (a ^ b).bit_count() for a, b in itertools.pairwise(bits)]
    assert 40 <= sum(same) / len(same) <= 88


def test_past_records_replay_exactly_and_the_seed_verifies(
    client: TestClient, other_client: TestClient, clock: Clock, tmp_path: Path
) -> None:
    established(client)
    mine = start(client)
    first_hand = mine["view"]["hand"]["hand"]
    finished = play_to_end(client, mine, seed=1)
    record_url = f"/api/games/{mine['id']}/record"
    # Not before the day ends: the record holds the seed and every hidden card.
    assert_error(other_client.get(record_url), 403, "not_revealed")
    assert_error(client.get(record_url), 403, "not_revealed")
    board = client.get("/api/leaderboard").json()
    assert board["entries"][0]["record"] is None and board["fairness"]["seed"] is None

    clock.moment = datetime(2030, 3, 15, 5, 0, tzinfo=UTC)  # midnight CDT
    board = other_client.get("/api/leaderboard", params={"date": "2030-03-14"}).json()
    entry = board["entries"][0]
    assert entry["record"] == record_url and entry["score"] == finished["score"]
    seed = board["fairness"]["seed"]
    assert seed == daily_seed(SECRET, "sheepshead", date(2030, 3, 14))
    record = other_client.get(record_url).json()
    assert record["seed"] == seed and record["type"] == "game"
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record))
    replayed = CliRunner().invoke(cli, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0, replayed.output
    summary = json.loads(replayed.output)
    assert summary["complete"] and summary["totals"][0] == finished["score"]
    assert summary["totals"] == finished["view"]["totals"]

    verified = CliRunner().invoke(cli, [
        "verify-daily", "--game", "sheepshead", "--date", "2030-03-14", "--seed", seed,
        "--commitment", board["fairness"]["commitment"]])
    assert verified.exit_code == 0, verified.output
    assert "Verified" in verified.output and verified.output.count("Hand ") == 10
    hand_one = verified.output.split("Hand 1 ")[1].split("Hand 2 ")[0]
    seat_zero = hand_one.split("seat 0:")[1].splitlines()[0].split()
    assert sorted(seat_zero) == sorted(first_hand)

    for wrong in (["--seed", seed[:-1] + ("0" if seed[-1] != "0" else "1")],
                  ["--date", "2030-03-15"]):
        options = {"--seed": seed, "--date": "2030-03-14"} | dict(zip(wrong[::2], wrong[1::2],
                                                                       strict=True))
        failed = CliRunner().invoke(cli, [
            "verify-daily", "--commitment", board["fairness"]["commitment"],
            *[x for pair in options.items() for x in pair]])
        assert failed.exit_code == 2 and "Not verified" in failed.output, failed.output
        assert "Hand 1" not in failed.output


def test_verify_daily_fetches_the_commitment_from_a_server(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'verify.sqlite3'}", tmp_path / "server.log")
    try:
        today = date.fromisoformat(httpx2.get(f"{server.url}/api/options").json()["today"])
        yesterday = today - timedelta(days=1)
        seed = daily_seed("restart-test", "spades", yesterday)  # servers.py's secret
        result = CliRunner().invoke(cli, [
            "verify-daily", "--game", "spades", "--date", yesterday.isoformat(), "--seed", seed,
            "--server", server.url, "--hands", "2"])
        assert result.exit_code == 0, result.output
        assert "Verified" in result.output and "Hand 2: stock:" in result.output
        early = CliRunner().invoke(cli, [
            "verify-daily", "--game", "spades", "--date", (today + timedelta(days=9)).isoformat(),
            "--seed", seed, "--server", server.url])
        assert early.exit_code == 2 and "not committed yet" in early.output, early.output
    finally:
        server.kill()
