"""PostgreSQL for the tests: a server to create databases on, and a fresh database per test.

The server is ``TRICKTABLE_TEST_DATABASE_URL`` when set (a database on a server where its user
may ``CREATE DATABASE``; ``.ci/run`` starts one), else a throwaway cluster this module starts
itself from Debian's ``/usr/lib/postgresql/*/bin`` (as the ``postgres`` user when running as
root), listening only on a Unix socket in a temporary directory.  With neither, the PostgreSQL
variants skip, or fail under ``CI=true``: CI must not silently lose them.

Every test gets its own database, copied from a template that is migrated once per session
(once per pytest-xdist worker: the names carry the process id).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
import sqlalchemy as sa

from tricktable.web.store.db import database_url, make_engine, migrate

__all__ = ["PostgresServer", "missing", "throwaway_cluster"]

URL_VARIABLE = "TRICKTABLE_TEST_DATABASE_URL"


def missing(reason: str) -> None:
    """Skip (or, under CI, fail) a PostgreSQL test that has no server to run on."""
    message = (f"{reason} Set {URL_VARIABLE} to a PostgreSQL database whose user may create "
               "databases, or apt-get install postgresql.")
    if os.environ.get("CI") == "true":
        pytest.fail(message)
    pytest.skip(message)


def postgres_bindir() -> Path | None:
    """The newest Debian PostgreSQL's binaries, if installed."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda path: int(Path(path).parent.parent.name))
    return Path(found[-1]).parent if found else None


@contextmanager
def throwaway_cluster(bindir: Path) -> Iterator[str]:
    """A new PostgreSQL cluster in a temporary directory, for as long as the block runs; its
    ``postgres`` database's URL.  No TCP: it listens on a Unix socket in that directory."""
    directory = Path(tempfile.mkdtemp(prefix="tricktable-pg-"))
    user = None
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        user = "postgres"
        account = pwd.getpwnam(user)
        os.chown(directory, account.pw_uid, account.pw_gid)
    data = directory / "data"
    settings = (f"-c listen_addresses='' -c unix_socket_directories='{directory}' "
                "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                "-c max_connections=200")

    def run(*command: str | Path) -> None:
        subprocess.run([str(part) for part in command], user=user, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    try:
        run(bindir / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8",
            "--no-locale", "--no-sync")
        run(bindir / "pg_ctl", "start", "-w", "-D", data, "-l", directory / "server.log",
            "-o", settings)
    except subprocess.CalledProcessError as error:
        shutil.rmtree(directory, ignore_errors=True)
        raise RuntimeError(f"PostgreSQL did not start: {error.stderr.decode()}") from error
    try:
        yield f"postgresql+psycopg://postgres@/postgres?host={directory}"
    finally:
        subprocess.run([str(bindir / "pg_ctl"), "stop", "-D", str(data), "-m", "immediate"],
                       user=user, check=False, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        shutil.rmtree(directory, ignore_errors=True)


class PostgresServer:
    """Creates a fresh, migrated database per test from a template on one server.

    A thread of its own creates the next test's database while a test runs, and drops each
    database after its test, so a test's setup and teardown wait for neither."""

    def __init__(self, url: str) -> None:
        self.url = sa.engine.make_url(database_url(url))
        self.admin = sa.create_engine(self.url, isolation_level="AUTOCOMMIT")
        self.prefix = f"tricktable_test_{os.getpid()}"
        self.template = f"{self.prefix}_template"
        self._numbers = itertools.count(1)
        with self.admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {self.template}"))
            connection.execute(sa.text(f"CREATE DATABASE {self.template}"))
        engine = make_engine(self.url_of(self.template))
        migrate(engine)
        engine.dispose()
        self._background = ThreadPoolExecutor(1, thread_name_prefix="test-databases")
        self._drops: list[Future[None]] = []
        self._next = self._ahead()

    def url_of(self, name: str) -> str:
        return self.url.set(database=name).render_as_string(hide_password=False)

    def _create(self, name: str, template: str) -> str:
        with self.admin.connect() as connection:
            connection.execute(sa.text(f"CREATE DATABASE {name} TEMPLATE {template}"))
        return name

    def _drop(self, name: str) -> None:
        with self.admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))

    def _ahead(self) -> Future[str]:
        """The next migrated database, being created in the background."""
        name = f"{self.prefix}_{next(self._numbers)}"
        return self._background.submit(self._create, name, self.template)

    @contextmanager
    def database(self, *, empty: bool = False) -> Iterator[str]:
        """A new database for one test (dropped afterwards, its connections cut): migrated, or
        with no tables at all when ``empty`` (for tests of the migrations themselves)."""
        if empty:
            name = self._create(f"{self.prefix}_{next(self._numbers)}", "template0")
        else:
            name = self._next.result()
            self._next = self._ahead()
        try:
            yield self.url_of(name)
        finally:
            self._drops.append(self._background.submit(self._drop, name))

    def close(self) -> None:
        self._drops.append(self._background.submit(self._drop, self._next.result()))
        self._background.shutdown(wait=True)
        for dropped in self._drops:
            dropped.result()  # a database that could not be dropped is an error
        with self.admin.connect() as connection:
            connection.execute(sa.text(f"DROP DATABASE IF EXISTS {self.template} WITH (FORCE)"))
        self.admin.dispose()


@contextmanager
def postgres_server() -> Iterator[PostgresServer | str]:
    """The tests' PostgreSQL server, or why there is none."""
    configured = os.environ.get(URL_VARIABLE)
    if configured:
        server = PostgresServer(configured)
        try:
            yield server
        finally:
            server.close()
        return
    bindir = postgres_bindir()
    if bindir is None:
        yield f"{URL_VARIABLE} is not set and PostgreSQL is not installed."
        return
    with throwaway_cluster(bindir) as url:
        server = PostgresServer(url)
        try:
            yield server
        finally:
            server.close()
