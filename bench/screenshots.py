"""Screenshots of every kind of screen, to look at: ``make screenshots``.

    .venv/bin/python bench/screenshots.py                     # into screenshots/
    .venv/bin/python bench/screenshots.py --out /tmp/shots --language de

Starts ``tricktable serve`` on a temporary SQLite database, brings about the scenes of the
browser tests (tests/web/scenes.py: the lobby, a table mid-trick, the bury, the call, a hand's
end, a game's end, the Daily's result and its Share, the leaderboard, the rules, Spades' bid and
end, a table with friends, a replay, a Wisconsin crack…) and shoots each in the system Chromium
at 390×844 and 1366×800, in the light and the dark theme, with an ``index.html`` that shows them
side by side.  Never part of ``make test``.
"""

from __future__ import annotations

import argparse
import html
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' helpers: tests/web/

from tests.web.browser import ARGS, CHROMIUM, wait_for_state  # noqa: E402
from tests.web.scenes import Api, Scene, scenes, show  # noqa: E402
from tests.web.servers import Server  # noqa: E402

SHOWN = ("welcome", "lobby", "mid-trick", "bury", "call", "last-hand", "final", "daily-final",
         "leaderboard-after-daily", "rules", "bid", "spades-final", "friends-lobby",
         "friends-table", "replay-trick", "wisconsin-crack", "not-found")
"""The scenes shot, in the index's order."""
SIZES = ((390, 844), (1366, 800))
THEMES = ("light", "dark")


def shoot(url: str, out: Path, language: str, names: tuple[str, ...]) -> list[str]:
    """Every scene of ``names`` at each size and theme into ``out``; the files' names."""
    from playwright.sync_api import sync_playwright

    files: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             headless=True)
        context = browser.new_context(viewport={"width": SIZES[0][0], "height": SIZES[0][1]})
        context.add_cookies([{"name": "tricktable_lang", "value": language, "url": url}])
        context.add_init_script(
            "localStorage.setItem('tricktable.settings', JSON.stringify({speed: 'instant'}))")
        page = context.new_page()
        page.goto(url)
        wait_for_state(page, "lobby")
        if "welcome" in names:  # a newcomer's lobby: before this visitor has played anything
            files += shoot_each(page, out, [("welcome", lambda: page.goto(url))])
        every = {scene.name: scene for scene in scenes(Api(page, url))}
        chosen = [every[name] for name in names if name in every]
        last: list[Scene | None] = [None]

        def bring(scene: Scene) -> Callable[[], None]:
            def shown() -> None:
                show(page, url, scene, last[0])
                last[0] = scene
            return shown

        files += shoot_each(page, out, [(scene.name, bring(scene)) for scene in chosen],
                            reset=lambda: last.__setitem__(0, None))
        browser.close()
    return files


def shoot_each(page: Any, out: Path, scenes: list[tuple[str, Callable[[], None]]],
               reset: Callable[[], None] = lambda: None) -> list[str]:
    """Each (name, how to show it) at every theme and size; the files' names."""
    files: list[str] = []
    for theme in THEMES:
        page.emulate_media(color_scheme=theme)
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            reset()
            for name, bring in scenes:
                bring()
                page.wait_for_timeout(150)
                file = f"{name}-{width}-{theme}.png"
                page.screenshot(path=str(out / file), full_page=False, animations="disabled")
                files.append(file)
    return files


def index(out: Path, files: list[str]) -> None:
    """index.html: a row per scene, its sizes and themes side by side."""
    rows: dict[str, list[str]] = {}
    for name in files:
        scene = name.rsplit("-", 2)[0]
        rows.setdefault(scene, []).append(name)
    body = "\n".join(
        f"<h2>{html.escape(scene)}</h2><div class='row'>"
        + "".join(f"<figure><a href='{n}'><img src='{n}' alt='{html.escape(n)}'></a>"
                  f"<figcaption>{html.escape(n)}</figcaption></figure>" for n in names)
        + "</div>" for scene, names in rows.items())
    style = ("body{font-family:system-ui;margin:1rem;background:#888}"
             ".row{display:flex;gap:1rem;align-items:flex-start;overflow-x:auto}"
             "img{height:420px;border:1px solid #333}figure{margin:0}")
    (out / "index.html").write_text(
        f"<!doctype html><meta charset='utf-8'><title>Tricktable screenshots</title>"
        f"<style>{style}</style>\n{body}\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "screenshots")
    parser.add_argument("--language", default="en")
    parser.add_argument("--only", nargs="*", default=list(SHOWN), help="scene names")
    args = parser.parse_args(argv)
    if not CHROMIUM.exists():
        print(f"{CHROMIUM} is missing: apt-get install chromium-headless-shell", file=sys.stderr)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    for old in args.out.glob("*.png"):
        old.unlink()
    with tempfile.TemporaryDirectory() as where:
        server = Server(f"sqlite:///{Path(where) / 'shots.sqlite3'}", Path(where) / "server.log",
                        workers=1, env={"TRICKTABLE_TEST_OPTIONS": "1"})
        try:
            files = shoot(server.url, args.out, args.language, tuple(args.only))
        finally:
            server.kill()
    index(args.out, files)
    print(f"{len(files)} screenshots: {args.out / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
