"""No circle of imports inside ``tricktable``: every module's imports (a function's
own too: a deferred import hides a circle, it does not break it) form a graph without a cycle,
so each module can be read, and imported, after what it needs."""

from __future__ import annotations

import ast
from pathlib import Path

import tricktable

SOURCE = Path(tricktable.__file__).resolve().parent.parent


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of ``modules`` that the file at ``path`` imports, anywhere in it."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[:len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)  # a submodule
    return (found & modules) - {name}


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` (a dotted name under src/): the package's modules it imports."""
    directory = SOURCE.joinpath(*package.split("."))
    paths = sorted(directory.rglob("*.py"))
    modules = {module_name(path) for path in paths}
    return {module_name(path): imports_of(path, modules) for path in paths}


def a_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One circle of ``graph`` (its modules in order, the first again at the end), or []."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str]:
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return []
        path.append(node)
        for target in sorted(graph[node]):
            if cycle := visit(target):
                return cycle
        path.pop()
        done.add(node)
        return []

    for node in sorted(graph):
        if cycle := visit(node):
            return cycle
    return []


def test_the_finder_finds_a_circle() -> None:
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) == []


def test_the_teaching_package_imports_in_no_circle() -> None:
    graph = import_graph("tricktable.ai.teaching")
    assert "tricktable.ai.teaching.sheepshead" in graph["tricktable.ai.teaching.reasons"]
    assert a_cycle(graph) == []


def test_the_whole_package_imports_in_no_circle() -> None:
    graph = import_graph("tricktable")
    assert "tricktable.rl.games" in graph["tricktable.rl"]
    assert "tricktable.rl.sheepshead_encoding" in graph["tricktable.rl.games"]
    assert a_cycle(graph) == []
