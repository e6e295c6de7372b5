"""The rules page of a game in any language, built from one structure for all of them.

``content/<game>-rules.toml`` lists the page's sections in order, each heading, paragraph, list
item and table row by its key in the ``rules`` catalogues; :mod:`tricktable.web.pages.rules_facts`
computes the facts their placeholders show.  Every language renders the same structure with the
same facts, so no language can have a section or a number the others lack.  The snippets are
Markdown rendered inline without HTML: a translation can emphasise, never inject markup.
"""

from __future__ import annotations

import html
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
from babel.numbers import format_decimal
from markdown_it import MarkdownIt
from markupsafe import Markup

from tricktable.i18n import DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, Message, translate
from tricktable.web.games import ADAPTERS
from tricktable.web.pages.render import render_page
from tricktable.web.pages.rules_facts import FACTS, TABLES, Cell, Fact, Listing

__all__ = [
    "GAME_NAMES",
    "Item",
    "Page",
    "Section",
    "Table",
    "rules_body",
    "rules_html",
    "structure",
]

WEB = Path(__file__).resolve().parent.parent
CONTENT = WEB / "content"

GAME_NAMES = {"sheepshead": "rules.game.sheepshead", "spades": "rules.game.spades"}
"""Each game's name in the game switcher, by the game's name in URLs."""


# --- The structure -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """A list item (or a paragraph): its key, a list inside it, the fact its plural follows."""

    key: str
    children: tuple[Item, ...] = ()
    count: str | None = None


@dataclass(frozen=True, slots=True)
class Table:
    """A table: its header's keys and its rows, as keys or named by a computed table."""

    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...] = ()
    computed: str | None = None


@dataclass(frozen=True, slots=True)
class Block:
    kind: str
    """``paragraph``, ``list``, ``numbered`` or ``table``."""
    items: tuple[Item, ...] = ()
    table: Table | None = None


@dataclass(frozen=True, slots=True)
class Section:
    id: str | None
    heading: str | None
    blocks: tuple[Block, ...]


@dataclass(frozen=True, slots=True)
class Page:
    game: str
    title: str
    sections: tuple[Section, ...]

    def catalogue_keys(self) -> list[str]:
        """Every catalogue key the structure names, in page order (computed tables aside)."""
        found = [self.title]
        for section in self.sections:
            found += [section.heading] if section.heading else []
            for block in section.blocks:
                found += [key for item in block.items for key in _item_keys(item)]
                if block.table:
                    found += list(block.table.header)
                    found += [key for row in block.table.rows for key in row]
        return found


def _item_keys(item: Item) -> list[str]:
    return [item.key, *(key for child in item.children for key in _item_keys(child))]


def _item(data: object, where: str) -> Item:
    if isinstance(data, str):
        return Item(data)
    if isinstance(data, dict) and isinstance(data.get("key"), str) \
            and set(data) <= {"key", "list", "count"}:
        count = data.get("count")
        if count is not None and not isinstance(count, str):
            raise ValueError(f"{where}: count names a fact")
        children = _items(data["list"], where) if "list" in data else ()
        return Item(data["key"], children, count)
    raise ValueError(f"{where}: an item is a key or {{key = …, list = […] or count = …}}")


def _items(data: object, where: str) -> tuple[Item, ...]:
    if not isinstance(data, list) or not data:
        raise ValueError(f"{where}: a list holds one item or more")
    return tuple(_item(entry, where) for entry in data)


def _keys(data: object, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(key, str) for key in data):
        raise ValueError(f"{where}: expected a list of keys")
    return tuple(data)


def _table(data: object, where: str) -> Table:
    if not isinstance(data, dict) or set(data) not in ({"header", "rows"}, {"header", "computed"}):
        raise ValueError(f"{where}: a table is {{header = […], rows = [[…]]}} or "
                         "{header = […], computed = name}")
    header = _keys(data["header"], where)
    if "computed" in data:
        if data["computed"] not in TABLES:
            raise ValueError(f"{where}: no computed table {data['computed']!r}; "
                             f"there are {', '.join(TABLES)}")
        return Table(header, computed=str(data["computed"]))
    rows = data["rows"]
    if not isinstance(rows, list):
        raise ValueError(f"{where}: rows is a list of rows")
    parsed = tuple(_keys(row, where) for row in rows)
    if any(len(row) != len(header) for row in parsed):
        raise ValueError(f"{where}: every row has as many cells as the header")
    return Table(header, parsed)


def _block(data: object, where: str) -> Block:
    if not isinstance(data, dict) or len(data) != 1:
        raise ValueError(f"{where}: a block is one of paragraph, list, numbered, table")
    ((kind, value),) = data.items()
    if kind == "paragraph":
        return Block(kind, (_item(value, where),))
    if kind in ("list", "numbered"):
        return Block(kind, _items(value, where))
    if kind == "table":
        return Block(kind, table=_table(value, where))
    raise ValueError(f"{where}: unknown block {kind!r}")


@cache
def structure(game: str) -> Page:
    """The structure of ``game``'s rules page, read from ``content/<game>-rules.toml``."""
    path = CONTENT / f"{game}-rules.toml"
    data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    if data.get("game") != game or not isinstance(data.get("title"), str):
        raise ValueError(f"{path.name}: game = {game!r} and a title key come first")
    sections = []
    for number, section in enumerate(data.get("section", []), start=1):
        where = f"{path.name}, section {number}"
        sections.append(Section(
            id=section.get("id"),
            heading=section.get("heading"),
            blocks=tuple(_block(block, where) for block in section.get("block", [])),
        ))
    return Page(game, data["title"], tuple(sections))


# --- Rendering ---------------------------------------------------------------------------------

_MARKDOWN = MarkdownIt("commonmark", {"html": False})


def _locale(language: str) -> str:
    return DEFAULT_LANGUAGE if language == PSEUDO_LANGUAGE else language


def _list_locale(language: str) -> Locale:
    # Our English lists have no serial comma ("A♣, A♠ or A♥"): British English's lists.
    code = _locale(language)
    return Locale.parse("en_GB" if code == "en" else code)


def _shown(language: str, value: int | str | Message) -> str:
    if isinstance(value, Message):
        return translate(language, value)
    if isinstance(value, int):
        # A minus sign, not a hyphen, in every language ("−1"; CLDR gives some languages "-").
        return str(format_decimal(value, locale=_locale(language))).replace("-", "\u2212")
    return value


def _params(language: str, facts: Mapping[str, Fact]) -> dict[str, Any]:
    """The facts ready for :func:`translate`: a listing is joined in the language's way."""
    params: dict[str, Any] = {}
    for name, value in facts.items():
        if isinstance(value, Listing):
            words = [_shown(language, item) for item in value.items]
            locale = _list_locale(language)
            params[name] = (format_list(words, style="or", locale=locale)
                            if value.conjunction == "or" else format_list(words, locale=locale))
        else:
            params[name] = value
    return params


def _inline(markdown: str) -> str:
    """A snippet's Markdown as inline HTML; HTML in the snippet is escaped, never passed on."""
    rendered: str = _MARKDOWN.renderInline(markdown)
    return rendered.strip()


class _Writer:
    """Renders one page's blocks in one language."""

    def __init__(self, language: str, facts: Mapping[str, Fact]) -> None:
        self.language = language
        self.facts = facts
        self.params = _params(language, facts)

    def text(self, key: str, count: str | None = None) -> str:
        """A snippet as inline HTML (Markdown rendered, any HTML in it escaped)."""
        params = dict(self.params)
        if count is not None:
            params["count"] = self.facts[count]
        return _inline(translate(self.language, key, **params))

    def cell(self, value: Cell) -> str:
        if isinstance(value, Message):
            return _inline(translate(self.language, value.key, **{**self.params, **value.params}))
        return html.escape(_shown(self.language, value))

    def item(self, item: Item) -> str:
        inner = self.text(item.key, item.count)
        if item.children:
            inner += "\n<ul>\n" + "".join(
                f"<li>{self.item(child)}</li>\n" for child in item.children) + "</ul>\n"
        return inner

    def block(self, block: Block) -> str:
        if block.kind == "paragraph":
            return f"<p>{self.item(block.items[0])}</p>\n"
        if block.kind in ("list", "numbered"):
            tag = "ul" if block.kind == "list" else "ol"
            items = "".join(f"<li>{self.item(item)}</li>\n" for item in block.items)
            return f"<{tag}>\n{items}</{tag}>\n"
        assert block.table is not None
        return self.table(block.table)

    def table(self, table: Table) -> str:
        rows: tuple[tuple[Cell, ...], ...] = (
            TABLES[table.computed]() if table.computed
            else tuple(tuple(Message(key) for key in row) for row in table.rows))
        head = "".join(f"<th>{self.text(key)}</th>" for key in table.header)
        body = "".join(
            "<tr>" + "".join(f"<td>{self.cell(cell)}</td>" for cell in row) + "</tr>\n"
            for row in rows)
        # A wide table scrolls inside its box on a phone: focusable, so keys can scroll it too.
        return (f'<table tabindex="0">\n<thead>\n<tr>{head}</tr>\n</thead>\n'
                f"<tbody>\n{body}</tbody>\n</table>\n")


@cache
def rules_body(game: str, language: str) -> str:
    """The page's content (title, sections) as HTML, in ``language``."""
    page = structure(game)
    writer = _Writer(language, FACTS[game]())
    parts = [f"<h1>{writer.text(page.title)}</h1>\n"]
    for section in page.sections:
        if section.heading:
            anchor = f' id="{html.escape(section.id)}"' if section.id else ""
            parts.append(f"<h2{anchor}>{writer.text(section.heading)}</h2>\n")
        parts += [writer.block(block) for block in section.blocks]
    return "".join(parts)


@cache
def rules_html(game: str, language: str = DEFAULT_LANGUAGE, theme: str = "") -> str:
    """The whole rules page of ``game`` in ``language`` (a game of :data:`ADAPTERS`), in
    ``theme`` ("light", "dark", or "" for the system's)."""
    return render_page(
        "rules.html", language, f"/rules?game={game}", theme=theme,
        game=game,
        games={name: GAME_NAMES[name] for name in ADAPTERS},
        title=_plain(translate(language, structure(game).title)),
        content=Markup(rules_body(game, language)),
    )


def _plain(markdown: str) -> str:
    """A snippet's words without its Markdown emphasis (for the page's ``<title>``)."""
    return re.sub(r"[*_]", "", markdown)
