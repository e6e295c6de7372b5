"""What the load benchmarks share: a free port for ``tricktable serve``, and waiting until the
server answers its health check (a sibling module: the scripts run as ``python bench/...``)."""

from __future__ import annotations

import socket
import time

import httpx2


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def answers(url: str, seconds: float = 60) -> bool:
    """Whether the server at ``url`` answers ``/api/health`` with a 200 within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"{url}/api/health", timeout=1).status_code == 200:
                return True
        except httpx2.HTTPError:
            pass
        time.sleep(0.1)
    return False
