"""Every process the server starts ends with the supervisor, however the supervisor ends
(``kill -9`` included): no orphan keeps the port or the computer players' CPUs.

``tricktable serve`` marks itself the supervisor (:func:`become_supervisor`: its process id in
``TRICKTABLE_SUPERVISOR_PID``, which every process it starts inherits).  Each process it starts,
directly (the server processes of ``--processes N``) or through another (the computer players'
workers), calls :func:`end_with_supervisor`: a thread that exits the process as soon as the
supervisor or the process's own parent is gone.  It watches the supervisor itself, through a
pidfd on Linux (no polling, and immune to a reused process id), not only the parent, so no
process in between has to pass the news on.  On Linux the server processes, which the
supervisor starts from its main thread, also ask the kernel for ``SIGKILL`` when their parent
dies (``PR_SET_PDEATHSIG``).

multiprocessing's resource tracker ends by itself once the last process that holds its pipe is
gone.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import select
import signal
import sys
import threading
import time

__all__ = ["SUPERVISOR_VARIABLE", "become_supervisor", "end_with_supervisor", "supervisor"]

SUPERVISOR_VARIABLE = "TRICKTABLE_SUPERVISOR_PID"
CHECK_SECONDS = 0.25
_PR_SET_PDEATHSIG = 1


def become_supervisor() -> None:
    """Mark this process as the one every process the server starts ends with."""
    os.environ[SUPERVISOR_VARIABLE] = str(os.getpid())


def supervisor() -> int | None:
    """The supervisor's process id, if this process belongs to a server."""
    value = os.environ.get(SUPERVISOR_VARIABLE, "")
    return int(value) if value.isdigit() else None


def end_with_supervisor(parent: int, *, kernel_signal: bool = False) -> None:
    """End this process (``os._exit``) as soon as ``parent`` (the process that started it) or
    the supervisor is gone.  ``kernel_signal``: also ask Linux for ``SIGKILL`` when the parent
    dies; only for a process whose parent started it from a thread that lives as long as the
    parent (the kernel signals when that *thread* ends)."""
    if kernel_signal and sys.platform == "linux":
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    boss = supervisor()
    watched = sorted({parent} if boss is None else {parent, boss})
    handles: list[int | None] = []
    for pid in watched:
        try:
            handles.append(os.pidfd_open(pid) if hasattr(os, "pidfd_open") else None)
        except ProcessLookupError:
            os._exit(1)  # already gone
        except OSError:  # no pidfds here (an old kernel): poll for the process instead
            handles.append(None)
    if os.getppid() != parent:  # the parent went before the watch began
        os._exit(1)
    threading.Thread(target=_watch, args=(parent, watched, handles),
                     name="end-with-supervisor", daemon=True).start()


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False


def _watch(parent: int, pids: list[int], handles: list[int | None]) -> None:
    poller = select.poll() if hasattr(select, "poll") else None
    if poller is not None:
        for handle in handles:
            if handle is not None:
                poller.register(handle, select.POLLIN)
    while True:
        # An orphan is adopted by another process (init or a subreaper): its parent id changes.
        if os.getppid() != parent:
            break
        if poller is not None and any(handle is not None for handle in handles):
            if poller.poll(CHECK_SECONDS * 1000):
                break  # a pidfd is readable: its process has ended
        else:
            time.sleep(CHECK_SECONDS)
        if any(handle is None and _gone(pid) for pid, handle in zip(pids, handles, strict=True)):
            break
    with contextlib.suppress(Exception):
        sys.stderr.flush()
    os._exit(1)
