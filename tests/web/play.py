"""Playing games through the HTTP API, for the tests and the benchmark's checks: starting a game,
acting, reading errors, checking every answer of a game, and a plain Spades player."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from fastapi.testclient import TestClient

from tricktable.web.games import adapter
from tricktable.web.games.service import GameService

Chooser = Callable[[dict[str, Any], random.Random], str]

TOP_LEVEL = {
    "id", "game", "mode", "daily_date", "ranked", "preset", "difficulty", "opponent", "version",
    "status", "score", "place", "created_at", "finished_at", "seat", "view", "legal_actions",
    "unplayable", "deal", "events", "event_count", "previous_hand", "coached",
}
"""The keys of every answer about a game."""


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.json()
    data: dict[str, Any] = response.json()
    return data


def assert_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.text)
    data: dict[str, Any] = response.json()
    assert isinstance(data.get("message"), str) and data["message"], data
    if code is not None:
        assert data["error"] == code, data
    return data


def first_legal(game: dict[str, Any], rng: random.Random) -> str:
    return str(game["legal_actions"][0])


def random_legal(game: dict[str, Any], rng: random.Random) -> str:
    return str(rng.choice(game["legal_actions"]))


def steady_spades(game: dict[str, Any], rng: random.Random) -> str:
    """Random play that bids 4 and never nil: random bids fail so often that a game to a
    target can run for hundreds of hands; four of thirteen random tricks is usually made."""
    legal = [str(a) for a in game["legal_actions"]]
    if "bid 4" in legal:
        return "bid 4"
    return rng.choice([a for a in legal if a not in ("double-nil", "bid nil")] or legal)


def act(client: TestClient, game: dict[str, Any], action: str) -> dict[str, Any]:
    response = client.post(
        f"/api/games/{game['id']}/actions",
        json={"action": action, "version": game["version"], "since": game["event_count"]},
    )
    assert response.status_code == 200, response.json()
    data: dict[str, Any] = response.json()
    return data


def act_checked(client: TestClient, game: dict[str, Any], action: str,
                check: Callable[[dict[str, Any]], None], *, stale: bool) -> dict[str, Any]:
    """``act``, and ``check`` the answer; with ``stale``, the same action is first sent for the
    version before (a 409, whose answer is checked too)."""
    if stale:
        response = client.post(f"/api/games/{game['id']}/actions",
                               json={"action": action, "version": game["version"] - 1,
                                     "since": 0})
        assert response.status_code == 409
        check(response.json()["game"])
    game = act(client, game, action)
    check(game)
    return game


def play_checked_game(client: TestClient, body: dict[str, Any],
                      check: Callable[[dict[str, Any]], None],
                      choose: Callable[[dict[str, Any]], tuple[str, bool]], *,
                      rng: random.Random, reload: float = 1.0) -> dict[str, Any]:
    """A new game from ``body`` played to its end through the API, every answer given to
    ``check``: ``choose(game)`` names each action and whether a stale request goes first (see
    :func:`act_checked`); after each action, with chance ``reload`` (drawn from ``rng`` unless
    it is 1), the whole game is fetched again (``since=0``) and checked too.  The last answer."""
    game = new_game(client, **body)
    check(game)
    while game["status"] != "over":
        action, stale = choose(game)
        game = act_checked(client, game, action, check, stale=stale)
        if reload >= 1 or rng.random() < reload:
            check(client.get(f"/api/games/{game['id']}", params={"since": 0}).json())
    return game


def walk_keys(data: Any) -> Iterator[str]:
    """Every key of a JSON answer, at any depth."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield key
            yield from walk_keys(value)
    elif isinstance(data, list):
        for item in data:
            yield from walk_keys(item)


def true_match(service: GameService, game: dict[str, Any]) -> Any:
    """The match an answer is about, rebuilt from the database (seed + action log) as it stood at
    the answer's version."""
    row = service.store.game(game["id"])
    assert row is not None
    return adapter(row.game).replay(
        row.rules, row.seed, service.store.actions(row.id, game["version"])
    )


def play_to_end(
    client: TestClient, game: dict[str, Any], choose: Chooser = random_legal, *, seed: int = 0,
    on_response: Callable[[dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    rng = random.Random(seed)
    while game["status"] != "over":
        game = act(client, game, choose(game, rng))
        if on_response is not None:
            on_response(game)
    return game


# --- Spades: a plain but sensible player, so test games reach their target ---------------------

RANKS = "23456789TJQKA"


def rank_of(card: str) -> int:
    return RANKS.index("T" if card[:-1] == "10" else card[:-1])


def spades_choice(game: dict[str, Any], rng: random.Random, *, adventurous: float = 0.0,
                  bold: bool = False) -> str:
    """An action for the human in a Spades game from its JSON: keep spades and high cards, bid
    what it holds, win tricks cheaply (or, bidding nil, duck).  With probability
    ``adventurous`` it declares double nil or bids nil, for coverage of those paths.

    The careful bid suits the ``basic`` and ``strong`` computers; against ``random``, which
    gives tricks away, the ``bold`` bid (every spade and side king, plus one) avoids the bags
    that would otherwise keep a game below its target for a long time."""
    legal = game["legal_actions"]
    hand_view = game["view"]["hand"]
    hand: list[str] = hand_view["hand"]
    if "double-nil" in legal and rng.random() < adventurous:
        return "double-nil"
    if "keep" in legal:
        top = hand_view["top_card"]
        return "keep" if top.endswith("S") or rank_of(top) >= RANKS.index("Q") else "reject"
    if legal == ["exchange"]:
        highest = sorted(hand, key=lambda c: (c.endswith("S"), rank_of(c)))[-3:]
        return "exchange " + " ".join(highest[: rng.randint(0, 3)])
    if legal[0].startswith("bid"):
        if rng.random() < adventurous:
            return "bid nil"
        spades = [c for c in hand if c.endswith("S")]
        side = [rank_of(c) for c in hand if not c.endswith("S")]
        if bold:
            tricks = len(spades) + sum(1 for r in side if r >= RANKS.index("K")) + 1
        else:  # high spades, long spades, side aces and half the side kings
            tricks = (sum(1 for c in spades if rank_of(c) >= RANKS.index("J"))
                      + max(0, len(spades) - 3) + side.count(RANKS.index("A"))
                      + side.count(RANKS.index("K")) // 2)
        return f"bid {min(13, max(1, tricks))}"
    cards = [a.split()[1] for a in legal]

    def strength(card: str) -> tuple[bool, int]:
        return card.endswith("S"), rank_of(card)

    trick = hand_view["current_trick"]["cards"]
    ducking = hand_view["bids"][game["seat"]] in ("nil", "double-nil")
    if trick:
        led = trick[0]

        def wins(card: str) -> bool:
            if card[-1] == led[-1]:
                return rank_of(card) > rank_of(led)
            return card.endswith("S")

        winners = [c for c in cards if wins(c)]
        losers = [c for c in cards if not wins(c)]
        if ducking:
            return "play " + (max(losers, key=strength) if losers else min(cards, key=strength))
        return "play " + (min(winners, key=strength) if winners else min(cards, key=strength))
    if ducking:
        return "play " + min(cards, key=strength)
    return "play " + max(cards, key=lambda c: (rank_of(c), not c.endswith("S")))
