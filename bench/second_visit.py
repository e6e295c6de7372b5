"""A second visit's bytes over the wire: what the browser's cache saves on coming back.

    .venv/bin/python bench/second_visit.py                  # the table page, /
    .venv/bin/python bench/second_visit.py --path /leaderboard

Starts ``tricktable serve`` on a temporary SQLite database and opens the page in the system
Chromium twice in one browser context (one cache): a first visit, then a second navigation to
the same page, and then a reload.  For each it counts, from Chromium's own network events
(DevTools ``Network.loadingFinished``'s ``encodedDataLength``: headers and body as they came
over the wire), the requests that went to the server, those the cache answered without asking,
and the bytes.  Never part of ``make test``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the tests' helpers: tests/web/

from tests.web.browser import ARGS, CHROMIUM, wait_for_state  # noqa: E402
from tests.web.servers import Server  # noqa: E402


@dataclass
class Visit:
    """One page load's traffic, from Chromium's network events."""

    requests: dict[str, str] = field(default_factory=dict)  # request id: URL
    cached: set[str] = field(default_factory=set)  # answered from the cache, no request
    statuses: dict[str, int] = field(default_factory=dict)
    wire: dict[str, int] = field(default_factory=dict)  # bytes over the wire

    def line(self, name: str) -> str:
        network = [rid for rid in self.requests if rid not in self.cached]
        not_modified = sum(self.statuses.get(rid) == 304 for rid in network)
        return (f"{name:<16} {len(self.requests):3} requests: {len(network):3} to the server "
                f"({not_modified} answered 304), {len(self.cached):3} from the cache; "
                f"{sum(self.wire.values()):8,} bytes over the wire")

    def details(self) -> str:
        """Each request that went to the server: status, bytes, URL."""
        return "\n".join(f"    {self.statuses.get(rid, 0):3} {self.wire.get(rid, 0):8,}  {url}"
                         for rid, url in self.requests.items() if rid not in self.cached)


def watch(cdp: Any) -> list[Visit]:
    """The visits, the last one being recorded (append a Visit to start the next)."""
    visits: list[Visit] = [Visit()]
    cdp.on("Network.requestWillBeSent",
           lambda e: visits[-1].requests.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.requestServedFromCache", lambda e: visits[-1].cached.add(e["requestId"]))
    cdp.on("Network.responseReceived", lambda e: (
        visits[-1].statuses.__setitem__(e["requestId"], e["response"]["status"]),
        e["response"].get("fromDiskCache") and visits[-1].cached.add(e["requestId"])))
    cdp.on("Network.loadingFinished", lambda e: visits[-1].wire.__setitem__(
        e["requestId"], int(e["encodedDataLength"])))
    cdp.send("Network.enable")
    return visits


def measure(url: str) -> list[tuple[str, Visit]]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS,
                                             headless=True)
        context = browser.new_context()
        page = context.new_page()
        visits = watch(context.new_cdp_session(page))

        def settle() -> None:
            page.wait_for_load_state("networkidle")
            if url.endswith("/"):
                wait_for_state(page, "welcome lobby")

        page.goto(url)
        settle()
        visits.append(Visit())
        page.goto(url)  # a second visit: a navigation to the page again
        settle()
        visits.append(Visit())
        page.reload()
        settle()
        browser.close()
    return list(zip(("first visit", "second visit", "reload"), visits, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--path", default="/", help="the page (default: the table page, /)")
    parser.add_argument("--details", action="store_true", help="list the requests sent")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as where:
        server = Server(f"sqlite:///{where}/visit.sqlite3", Path(where) / "server.log")
        try:
            for name, visit in measure(server.url + args.path):
                print(visit.line(name))
                if args.details:
                    print(visit.details())
        finally:
            server.kill()


if __name__ == "__main__":
    main()
