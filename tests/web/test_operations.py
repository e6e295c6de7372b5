"""Operating the server: liveness, readiness, Prometheus metrics, JSON request logs."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Callable

import pytest
import sqlalchemy as sa
from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.play import act, new_game, play_to_end
from tricktable.web.edges.access_log import JsonFormatter, player_hash
from tricktable.web.identity import COOKIE_NAME


def metric(text: str, name: str, **labels: str) -> float:
    """A sample's value in Prometheus' text format (0 when it is not there yet)."""
    for line in text.splitlines():
        found = re.fullmatch(r"([a-z_]+)(?:\{(.*)\})? (\S+)", line)
        if found and found.group(1) == name:
            pairs = dict(re.findall(r'(\w+)="([^"]*)"', found.group(2) or ""))
            if pairs == labels:
                return float(found.group(3))
    return 0.0


def test_healthz_and_the_old_health_route_answer(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"ok": True}
    assert client.get("/api/health").json() == {"ok": True}


def test_readyz_is_ready_when_the_database_and_workers_are(client: TestClient) -> None:
    assert client.get("/readyz").json() == {"ready": True, "problems": []}


def test_readyz_is_503_before_the_workers_start(app: FastAPI) -> None:
    client = TestClient(app)  # no lifespan: the pool never started
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {"ready": False, "problems": ["workers: not started"]}


def test_readyz_is_503_when_the_schema_is_behind(client: TestClient, database_url: str) -> None:
    engine = sa.create_engine(database_url)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE alembic_version SET version_num = '0001'"))
    engine.dispose()
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json()["problems"] == ["database: schema at migration 0001, not 0011"]


def test_readyz_is_503_when_the_database_is_gone(make_app: Callable[..., FastAPI],
                                                 tmp_path: object) -> None:
    app = make_app()
    with TestClient(app) as client:
        app.state.engine.dispose()
        app.state.engine = sa.create_engine("sqlite:////nonexistent/dir/db.sqlite3")
        response = client.get("/readyz")
        assert response.status_code == 503
        assert response.json()["problems"][0].startswith("database: not reachable")


def test_metrics_count_requests_games_actions_and_thinking(client: TestClient) -> None:
    before = client.get("/metrics").text
    game = new_game(client, difficulty="easy")
    client.get("/api/games/unknown")
    act(client, game, game["legal_actions"][0])
    after = client.get("/metrics")
    assert after.headers["content-type"].startswith("text/plain")
    text = after.text

    def grew(name: str, **labels: str) -> float:
        return metric(text, name, **labels) - metric(before, name, **labels)

    assert grew("tricktable_requests_total", route="/api/games", method="POST",
                status="201") == 1
    assert grew("tricktable_requests_total", route="/api/games/{game_id}", method="GET",
                status="404") == 1
    assert grew("tricktable_games_started_total", game="sheepshead", mode="new") == 1
    assert grew("tricktable_action_seconds_count") == 1
    assert metric(text, "tricktable_computer_jobs") == 0
    assert "/api/games/" + game["id"] not in text  # route templates, never ids


def test_a_finished_game_and_the_computers_thinking_are_counted(client: TestClient) -> None:
    before = client.get("/metrics").text
    play_to_end(client, new_game(client, difficulty="easy", hands=5))
    after = client.get("/metrics").text
    assert (metric(after, "tricktable_games_finished_total", game="sheepshead", mode="new")
            == metric(before, "tricktable_games_finished_total", game="sheepshead",
                      mode="new") + 1)
    thought = (metric(after, "tricktable_computer_think_seconds_count", difficulty="easy")
               - metric(before, "tricktable_computer_think_seconds_count", difficulty="easy"))
    assert thought >= 5  # at least once a hand
    assert metric(after, "tricktable_computer_jobs") == 0


def test_a_request_log_record_holds_no_cards_or_views(
    client: TestClient, caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.INFO, logger="tricktable.access"):
        game = new_game(client, difficulty="easy")
    record = next(r for r in caplog.records if r.name == "tricktable.access")
    line = json.loads(JsonFormatter().format(record))
    player = client.cookies[COOKIE_NAME].split(".")[0]
    assert {key: line[key] for key in ("method", "route", "status")} == {
        "method": "POST", "route": "/api/games", "status": 201}
    assert line["duration_ms"] >= 0 and line["player"] == player_hash(player)
    assert player not in json.dumps(line) and game["id"] not in json.dumps(line)
    for card in game["view"].get("hand", []):
        assert card not in line["message"]


def _series(text: str) -> set[str]:
    return {line.rsplit(" ", 1)[0] for line in text.splitlines()
            if line.startswith("tricktable_requests_total{")}


def test_made_up_methods_and_paths_create_no_series(client: TestClient) -> None:
    for method, path in (("BREW", "/api/options"), ("BREW", "/no/such/path"),
                         ("GET", "/no/such/path"), ("GET", "/metrics")):
        client.request(method, path)  # the series the loop below may count in
    before = _series(client.get("/metrics").text)
    for number in range(60):
        client.request(f"BREW{number}", "/api/options")
        client.request(f"X-{number}", f"/made/up/{number}")
        client.get(f"/made/up/{number}")
    text = client.get("/metrics").text
    assert _series(text) == before, _series(text) - before  # no new series, however many
    assert "BREW" not in text and "X-" not in text and "/made/up" not in text
    assert metric(text, "tricktable_requests_total", route="/api/options", method="other",
                  status="405") >= 60


def test_the_metrics_token_is_asked_for(make_app: Callable[..., FastAPI]) -> None:
    with TestClient(make_app(metrics_token="scrape-me")) as client:
        for headers in ({}, {"authorization": "Bearer wrong"}, {"authorization": "scrape-me"},
                        {"authorization": "Basic scrape-me"}):
            response = client.get("/metrics", headers=headers)
            assert response.status_code == 401, headers
            assert response.headers["www-authenticate"].startswith("Bearer")
            assert "Bearer" in response.json()["message"]
            assert "tricktable_requests_total" not in response.text
        allowed = client.get("/metrics", headers={"authorization": "Bearer scrape-me"})
        assert allowed.status_code == 200 and "tricktable_requests_total" in allowed.text


def test_metrics_on_their_own_address_are_not_on_the_players_port(
    make_app: Callable[..., FastAPI],
) -> None:
    with TestClient(make_app(metrics_address="127.0.0.1:9")) as client:
        assert client.get("/metrics").status_code == 404
