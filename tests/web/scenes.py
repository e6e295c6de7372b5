"""The scenes the browser tests and ``make screenshots`` look at: every page, both tables in each
phase, their dialogs, the Daily's result, a replay, a table with friends and a Wisconsin crack.

The games are brought to each phase through the API with the page's own cookie (so the page,
loaded afterwards, shows them as its player's), then shown by loading the page.  ``scenes``
makes them; ``show`` brings one on screen.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.web.browser import tool, wait_for_state
from tests.web.play import spades_choice


class Api:
    """The HTTP API with a page's cookies (its identity and language)."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url

    def call(self, method: str, path: str, body: Any = None) -> dict[str, Any]:
        response = self.page.request.fetch(
            self.url + path, method=method, headers={"content-type": "application/json"},
            data=None if body is None else json.dumps(body))
        assert response.ok, (path, response.status, response.text())
        data: dict[str, Any] = response.json()
        return data

    def new(self, **body: Any) -> dict[str, Any]:
        return self.call("POST", "/api/games", body)

    def act(self, game: dict[str, Any], action: str) -> dict[str, Any]:
        return self.call("POST", f"/api/games/{game['id']}/actions",
                         {"action": action, "version": game["version"]})

    def until(self, game: dict[str, Any], done: Callable[[dict[str, Any]], bool],
              choose: Callable[[dict[str, Any]], str]) -> dict[str, Any]:
        for _ in range(3000):
            if done(game):
                return game
            game = self.act(game, choose(game))
        raise AssertionError("the game did not reach the phase")


def first(game: dict[str, Any]) -> str:
    return str(game["legal_actions"][0])


def passing(game: dict[str, Any]) -> str:
    """Pass when passing is allowed (so the others pick, and a crack may be offered)."""
    legal = [str(a) for a in game["legal_actions"]]
    return "pass" if "pass" in legal else legal[0]


def sheepshead_at_pick(api: Api) -> dict[str, Any]:
    for _ in range(40):
        game = api.new(game="sheepshead", difficulty="easy", hands=5)
        if "pick" in game["legal_actions"]:
            return game
    raise AssertionError("the human was never offered the blind")


def wisconsin_at_crack(api: Api) -> dict[str, Any]:
    """A Wisconsin (J♦) game where the human is offered a crack."""
    for _ in range(20):
        game = api.new(game="sheepshead", preset="wisconsin-jd", difficulty="easy", hands=5)
        for _ in range(400):
            if game["status"] != "playing" or not game["legal_actions"]:
                break
            if "crack" in game["legal_actions"]:
                return game
            game = api.act(game, passing(game))
    raise AssertionError("the human was never offered a crack")


@dataclass
class Scene:
    """Something to look at: a page (``path``, shown once ``ready`` is there, after ``keys``
    are pressed), or a game's table (``game``) in a state, with perhaps a dialog opened by
    clicking ``opener``; ``controls`` must be in view.  ``storage`` is put in the page's
    localStorage first (a table's seat token)."""

    name: str
    path: str = "/"
    game: str | None = None
    state: str = "idle"
    opener: str | None = None
    controls: tuple[str, ...] = ()
    ready: str | None = None
    keys: tuple[str, ...] = ()
    storage: dict[str, str] = field(default_factory=dict)
    settle: bool = False
    """Wait for the network to be quiet for half a second, for a page that keeps fetching after
    it says it is ready (the lobby: its game list and its continues); every other page is
    ready when loaded or at ``ready``."""


def scenes(api: Api, *, extras: bool = True) -> list[Scene]:
    """Every page, both tables in each phase, and their dialogs; with ``extras`` the Daily's
    result, the replay, a table with friends and a Wisconsin crack as well."""
    found = [
        Scene("lobby", controls=("#daily-button", "#new-game-button", "#learn-link"),
              settle=True),
        Scene("rules", "/rules", controls=("main h1",)),
        Scene("spades-rules", "/rules?game=spades", controls=("main h1",)),
        Scene("leaderboard", "/leaderboard", controls=("#game", "#day"),
              ready="body[data-state='ready']"),
        Scene("not-found", "/nope", controls=("main a.button-link",)),
    ]
    hand = ("#hand button.card",)
    # A game shows its latest state: each phase is a game of its own, left in that phase.
    game = sheepshead_at_pick(api)
    found.append(Scene("pick", game=game["id"], controls=("#prompt-buttons button", *hand)))
    game = api.act(sheepshead_at_pick(api), "pick")
    found.append(Scene("bury", game=game["id"], controls=("#prompt-buttons button", *hand)))
    game = api.act(sheepshead_at_pick(api), "pick")
    game = api.act(game, first(game))
    found.append(Scene("call", game=game["id"], controls=("#prompt-buttons button", *hand)))
    game = api.act(sheepshead_at_pick(api), "pick")
    game = api.act(api.act(game, first(game)), "alone")
    found.append(Scene("play", game=game["id"], controls=hand))
    game = api.until(api.new(game="sheepshead", difficulty="easy", hands=5),
                     lambda g: bool(g["view"]["hand"]["tricks"] and g["legal_actions"]), first)
    found.append(Scene("last-trick", game=game["id"], opener="#last-trick-button"))
    game = api.until(api.new(game="sheepshead", difficulty="easy", hands=5),
                     lambda g: g["previous_hand"] is not None and bool(g["legal_actions"]), first)
    found += [
        Scene("last-hand", game=game["id"], opener="#last-hand-button"),
        Scene("scores", game=game["id"], opener="#scores-button"),
        Scene("settings", game=game["id"], opener="#settings-button"),
        Scene("keys", game=game["id"], opener="#help-button"),
    ]
    over = api.until(api.new(game="sheepshead", difficulty="easy", hands=5),
                     lambda g: g["status"] == "over", first)
    found.append(Scene("final", game=over["id"], state="final"))

    rng = random.Random(5)
    found.append(Scene("draw", game=api.new(game="spades", difficulty="easy")["id"],
                       controls=("#sp-prompt-buttons button", "#sp-top")))
    spades = api.until(api.new(game="spades", difficulty="easy"),
                       lambda g: any(a.startswith("bid") for a in g["legal_actions"]),
                       lambda g: spades_choice(g, rng))
    found.append(Scene("bid", game=spades["id"],
                       controls=("#sp-prompt-buttons button", "#sp-hand button.card")))
    spades = api.until(api.new(game="spades", difficulty="easy"),
                       lambda g: any(a.startswith("play") for a in g["legal_actions"]),
                       lambda g: spades_choice(g, rng))
    found.append(Scene("spades-play", game=spades["id"], controls=("#sp-hand button.card",)))
    spades = api.until(api.new(game="spades", difficulty="easy"),
                       lambda g: g["previous_hand"] is not None and bool(g["legal_actions"]),
                       lambda g: spades_choice(g, rng))
    found += [
        Scene("spades-last-hand", game=spades["id"], opener="#sp-last-hand-button"),
        Scene("spades-scores", game=spades["id"], opener="#sp-scores-button"),
    ]
    spades = api.until(api.new(game="spades", difficulty="easy", target=150),
                       lambda g: g["status"] == "over", lambda g: spades_choice(g, rng, bold=True))
    found.append(Scene("spades-final", game=spades["id"], state="final"))
    if extras:
        found += extra_scenes(api, over)
    return found


def extra_scenes(api: Api, over: dict[str, Any]) -> list[Scene]:
    """A play in the middle of a trick, the Daily's result and the leaderboard after it, the
    replay of a finished game (its deal and a trick), a table with friends (its lobby and its
    game) and a Wisconsin crack."""
    middle = api.until(api.new(game="sheepshead", difficulty="easy", hands=5),
                       lambda g: bool(g["legal_actions"]) and g["legal_actions"][0].startswith(
                           "play ") and any(g["view"]["hand"]["current_trick"]["cards"]), first)
    daily = api.call("POST", "/api/daily", {"game": "sheepshead"})
    daily = api.until(daily, lambda g: g["status"] == "over", first)
    found = [
        Scene("mid-trick", game=middle["id"], controls=("#hand button.card",)),
        Scene("daily-final", game=daily["id"], state="final"),
        Scene("leaderboard-after-daily", "/leaderboard", ready="body[data-state='ready']"),
        Scene("replay-deal", f"/replay?game={over['id']}", ready="#replay-step:not(:empty)",
              controls=("#replay-next",)),
        Scene("replay-trick", f"/replay?game={over['id']}", ready="#replay-step:not(:empty)",
              keys=("ArrowRight", "ArrowRight"), controls=("#replay-next",)),
        Scene("friends-new", "/friends", ready="body[data-state='table-new']",
              controls=("#create-table-button",)),
    ]
    made = api.call("POST", "/api/tables", {"game": "sheepshead", "nickname": "Ann"})
    storage = {f"tricktable.table.{made['invite']}": made["token"]}
    found.append(Scene("friends-lobby", f"/t/{made['invite']}", storage=storage,
                       ready="#friends-lobby:not([hidden])"))
    playing = api.call("POST", "/api/tables", {"game": "sheepshead", "nickname": "Ann"})
    api.page.request.post(f"{api.url}/api/tables/{playing['invite']}/start",
                          headers={"X-Seat-Token": playing["token"]})
    found.append(Scene("friends-table", f"/t/{playing['invite']}",
                       storage={f"tricktable.table.{playing['invite']}": playing["token"]},
                       ready="#table-view:not([hidden]) #hand button.card"))
    found.append(Scene("wisconsin-crack", game=wisconsin_at_crack(api)["id"],
                       controls=("#prompt-buttons button",)))
    return found


def show(page: Any, url: str, scene: Scene, shown: Scene | None) -> None:
    """Load the scene (a dialog of the table already shown: close the last one, open it)."""
    if scene.storage:
        page.evaluate("(items) => { for (const [k, v] of Object.entries(items)) "
                      "localStorage.setItem(k, v); }", scene.storage)
    if scene.game is None:
        page.goto(url + scene.path)
        if scene.settle:
            page.wait_for_load_state("networkidle")
        if scene.ready:
            page.wait_for_selector(scene.ready)
        for key in scene.keys:
            page.keyboard.press(key)
        return
    if shown and shown.game == scene.game and shown.opener and scene.opener:
        page.keyboard.press("Escape")
        page.wait_for_selector("#dialog:not([open])", state="attached")
    else:
        page.goto(f"{url}/?shown={random.random()}#game={scene.game}")
        wait_for_state(page, scene.state)
    if scene.opener:
        tool(page, scene.opener).click()  # on a phone, from the table's menu
        page.wait_for_selector("#dialog[open]")
