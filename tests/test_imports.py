"""The modules of app/ import each other without a cycle, counting the imports written
inside functions too (a lazy import hides a cycle from Python, not from a reader).

Two were left after the first round of issue 24: grade.py <-> grade_games.py (the
command line of both graders lived in grade.py; it is app/grading.py now) and
lab.py <-> cli.py (the lab started its server through cli.main; cli hands it over)."""

from __future__ import annotations

import ast
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "app"


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The modules of app/ that `path` imports anywhere in its text."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level == 1:                       # from . import x / from .x import y
                found |= {node.module.split(".")[0]} if node.module else \
                    {a.name for a in node.names}
            elif node.level == 0 and (node.module or "").split(".")[0] == "app":
                parts = node.module.split(".")
                found |= {parts[1]} if len(parts) > 1 else {a.name for a in node.names}
        elif isinstance(node, ast.Import):
            found |= {a.name.split(".")[1] for a in node.names
                      if a.name.startswith("app.")}
    return (found & modules) - {path.stem}


def a_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as the list of its modules (the first again at the end)."""
    done: set[str] = set()

    def walk(node: str, path: list[str]) -> list[str] | None:
        for nxt in sorted(graph[node]):
            if nxt in path:
                return path[path.index(nxt):] + [nxt]
            if nxt not in done:
                found = walk(nxt, path + [nxt])
                if found:
                    return found
        done.add(node)
        return None

    for start in sorted(graph):
        if start not in done:
            found = walk(start, [start])
            if found:
                return found
    return None


def test_the_app_modules_import_each_other_without_a_cycle():
    files = sorted(APP.glob("*.py"))
    modules = {f.stem for f in files}
    graph = {f.stem: imports_of(f, modules) for f in files}
    assert graph["api"], "the graph was read: api.py imports other modules"
    cycle = a_cycle(graph)
    assert cycle is None, "an import cycle: " + " -> ".join(cycle)


def test_a_cycle_is_found_when_there_is_one():
    assert a_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert a_cycle({"a": {"b"}, "b": set()}) is None
