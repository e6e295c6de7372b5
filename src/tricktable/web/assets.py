"""The static files (``/static``), each at a URL that names its content:
``/static/js/app.js?v=<version>``, kept by browsers for a year without asking again.

A file's version is a hash of its bytes and of the versions of the files it refers to, so a
change anywhere reaches every file that leads to it: the pages name their style sheets and
scripts through :meth:`Assets.url` (``static('css/style.css')`` in a template), and the files
served are rewritten to name what they refer to by version too:

- a script's imports by relative path (``import { t } from './i18n.js'``, ``import('./x.js')``,
  ``export … from``): a module whose own text did not change still gets a new URL when one it
  imports did, so the browser never runs a new module against an old one;
- a whole string ``'/static/…'`` in a script (the court cards' pictures in ``cards.js``; a URL
  put together at run time cannot be versioned, so there are none);
- a style sheet's ``url(…)`` and ``@import``.

Files that refer to each other in a circle share one version (a hash of them all).  A request
with the right version is answered ``Cache-Control: public, max-age=31536000, immutable``; one
without a version, or with another (an old page, a hand-typed URL), gets today's file with
``no-cache``, so it is asked for again (an ``ETag``: a 304 when unchanged).  The files are read
once, when the app starts: they ship with the code, and a new version is a restart.

Beside the files of the folder, the app serves files it makes when it starts, served and
versioned the same way: each language's words for the pages' scripts (``i18n/nl.json``, from
:mod:`tricktable.web.words`), the same for everyone who reads that language.
"""

from __future__ import annotations

import hashlib
import mimetypes
import posixpath
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import parse_qs

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from tricktable.web.words import browser_files

__all__ = ["IMMUTABLE", "PREFIX", "REVALIDATE", "STATIC", "Asset", "Assets", "StaticAssets",
           "static_assets"]

STATIC = Path(__file__).resolve().parent / "static"
PREFIX = "/static/"
"""Where the app mounts the files."""
IMMUTABLE = "public, max-age=31536000, immutable"
"""The cache of a versioned URL: a year, never asked again (its content never changes)."""
REVALIDATE = "no-cache"
"""The cache of an unversioned or old URL: kept, but asked about each time."""
VERSION_LENGTH = 12
"""Hex digits of SHA-256 in a version (48 bits: no two releases' files meet by chance)."""

_SCRIPT_IMPORT = re.compile(r"""(\b(?:from|import)\s*\(?\s*)(['"])(\.\.?/[^'"\s?#]+)\2""")
_SCRIPT_STATIC = re.compile(r"""(['"`])/static/([^'"`\s?#$]+)\1""")
_CSS_URL = re.compile(r"""(url\(\s*)(['"]?)([^'")\s?#]+)\2\s*\)""")
_CSS_IMPORT = re.compile(r"""(@import\s+)(['"])([^'"\s?#]+)\2""")
_REWRITTEN = {".js": "script", ".mjs": "script", ".css": "css"}


@dataclass(frozen=True)
class Asset:
    """One file as served: its bytes (references versioned), version and media type."""

    body: bytes
    version: str
    media_type: str


@dataclass(frozen=True)
class _Reference:
    """A reference inside a file: where its path ends in the text, and the file it names."""

    end: int
    name: str


class Assets:
    """Every file under ``directory``, and the ``made`` files (name: bytes, as if they were
    under it), read and versioned once."""

    def __init__(self, directory: Path, made: Mapping[str, bytes] | None = None) -> None:
        self.directory = directory
        raw = {path.relative_to(directory).as_posix(): path.read_bytes()
               for path in sorted(directory.rglob("*")) if path.is_file()}
        clashes = sorted(set(raw) & set(made or {}))
        if clashes:
            raise ValueError(f"made files {clashes} are files of {directory} too")
        raw.update(made or {})
        texts = {name: body.decode("utf-8") for name, body in raw.items()
                 if posixpath.splitext(name)[1] in _REWRITTEN}
        references = {name: [ref for ref in _references(name, text) if ref.name in raw]
                      for name, text in texts.items()}
        versions: dict[str, str] = {}
        for component in _components(
                {name: {ref.name for ref in references.get(name, ())} for name in raw}):
            digest = hashlib.sha256()
            for name in sorted(component):
                digest.update(f"{name}\0{len(raw[name])}\0".encode())
                digest.update(raw[name])
            for name in sorted({ref.name for member in component
                                for ref in references.get(member, ())} - component):
                digest.update(f"{name}={versions[name]}\0".encode())
            for name in component:
                versions[name] = digest.hexdigest()[:VERSION_LENGTH]
        self.files: dict[str, Asset] = {}
        for name, body in raw.items():
            if name in texts:
                body = _versioned(texts[name], references[name], versions).encode("utf-8")
            media_type = mimetypes.guess_type(name)[0] or "text/plain"
            self.files[name] = Asset(body, versions[name], media_type)

    def url(self, name: str) -> str:
        """The versioned URL of the file ``name`` (``css/style.css``); an error if there is none."""
        asset = self.files.get(name)
        if asset is None:
            raise ValueError(f"there is no static file {name!r} in {self.directory}")
        return f"{PREFIX}{name}?v={asset.version}"


def _references(name: str, text: str) -> Iterator[_Reference]:
    """The files ``name``'s text refers to (perhaps some that do not exist)."""
    here = posixpath.dirname(name)
    if _REWRITTEN[posixpath.splitext(name)[1]] == "script":
        for match in _SCRIPT_IMPORT.finditer(text):
            yield _Reference(match.end(3), posixpath.normpath(posixpath.join(here, match[3])))
        for match in _SCRIPT_STATIC.finditer(text):
            yield _Reference(match.end(2), match[2])
        return
    for match in (*_CSS_URL.finditer(text), *_CSS_IMPORT.finditer(text)):
        target = match[3]
        if target.startswith(PREFIX):
            yield _Reference(match.end(3), target[len(PREFIX):])
        elif not (target.startswith("/") or ":" in target):  # not another site's, no data:
            yield _Reference(match.end(3), posixpath.normpath(posixpath.join(here, target)))


def _versioned(text: str, references: list[_Reference], versions: dict[str, str]) -> str:
    """``text`` with ``?v=<version>`` after each reference's path."""
    parts: list[str] = []
    start = 0
    for ref in sorted(references, key=lambda ref: ref.end):
        parts += [text[start:ref.end], f"?v={versions[ref.name]}"]
        start = ref.end
    return "".join(parts) + text[start:]


def _components(graph: dict[str, set[str]]) -> list[set[str]]:
    """The graph's strongly connected components (Tarjan's), each after every component it
    reaches: a file's references are versioned before it."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[set[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component: set[str] = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == node:
                    break
            found.append(component)

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


@cache
def static_assets() -> Assets:
    """The app's own static files and the languages' words (read on first use)."""
    return Assets(STATIC, browser_files())


class StaticAssets(StaticFiles):
    """Serves :class:`Assets`: the rewritten files, cached for a year at their versioned URL
    and asked about each time at any other."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(directory=assets.directory)
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        asset = self.assets.files.get(path.replace("\\", "/"))
        if asset is None or scope["method"] not in ("GET", "HEAD"):
            return await super().get_response(path, scope)  # a 404, or a 405
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        cache = IMMUTABLE if query.get("v") == [asset.version] else REVALIDATE
        etag = f'"{asset.version}"'
        headers = {"cache-control": cache, "etag": etag}
        for name, value in scope.get("headers", ()):
            if name == b"if-none-match" and etag in value.decode("latin-1"):
                return Response(status_code=304, headers=headers)
        return Response(asset.body, media_type=asset.media_type, headers=headers)
