"""Imports point down the layers, and no modules import each other in a circle.

The layers, top to bottom:

    cli                        the command line starts everything else
    server | arena | rl | web  peers; the server alone may use web (it serves the table)
    agents                     bots, and `borough.match`, which plays them on a game
    games                      the rules; with `borough` (the package's front door),
                               `borough.rulebook`, `borough.guide`, `borough.tutorial` and
                               `borough.rules_coverage`, which read the documents shipped
                               beside each game (RULES.md, GUIDE.md, tutorial.toml) and
                               name no layer above
    core                       the game interface, records, randomness, serialisation

`cli` is the `borough/cli/` package and `borough/__main__.py`.

Every import counts: at module level, inside functions and under TYPE_CHECKING
(a type-only import still ties a module to the one it names, which is how the
game-object helpers form their circles). The two lists below are today's
exceptions. They may only shrink: an exception that no longer occurs fails
the test until its line is removed, so a fix is recorded where it happened.
"""

from __future__ import annotations

import ast
from pathlib import Path

import borough

PACKAGE = Path(borough.__file__).resolve().parent

LAYERS = {"core": 0, "games": 1, "agents": 2, "server": 3, "arena": 3, "rl": 3, "web": 3, "cli": 4}
DOCUMENTS = {"borough", "borough.rulebook", "borough.guide", "borough.tutorial",
             "borough.rules_coverage"}
"""Flat modules of the games layer. A new flat module fails the layer test until it is
given a layer here (or in `layer`): where it belongs is a decision, not a default."""
SIDEWAYS = {("server", "web")}
"""Peers that may use each other, in this direction only."""

UPWARD = """
"""
"""Imports that point up a layer (modules named below `borough.`)."""

CIRCULAR = """
"""
"""Imports that lie on a circle of modules importing each other."""

Edge = tuple[str, str]


def modules(package: Path = PACKAGE) -> dict[str, Path]:
    """Every module of the package by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(package.rglob("*.py")):
        parts = [package.name, *path.relative_to(package).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


def imports(package: Path = PACKAGE) -> set[Edge]:
    """Every (importer, imported) pair of modules inside the package.

    `from a.b import c` names the module `a.b.c` where there is one, else `a.b`.
    """
    known = modules(package)
    root = package.name

    def owner(name: str) -> str:
        while name not in known:
            name = name.rpartition(".")[0]
        return name

    edges = set()
    for name, path in known.items():
        here = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = here.split(".")[: len(here.split(".")) - node.level + 1]
                    module = ".".join([*base, *([node.module] if node.module else [])])
                else:
                    module = node.module or ""
                targets = [f"{module}.{a.name}" for a in node.names]
            for target in targets:
                if target == root or target.startswith(root + "."):
                    imported = owner(target)
                    if imported != name:
                        edges.add((name, imported))
    return edges


def layer(module: str) -> str:
    parts = module.split(".")
    if module in DOCUMENTS:
        return "games"
    if module == "borough.match":
        return "agents"
    if parts[1] in ("__main__", "cli"):
        return "cli"
    if parts[1] not in LAYERS:
        raise AssertionError(f"{module} has no layer; give it one in {__name__}")
    return parts[1]


def upward(edges: set[Edge]) -> set[Edge]:
    out = set()
    for a, b in edges:
        la, lb = layer(a), layer(b)
        if LAYERS[lb] > LAYERS[la] or (
                la != lb and LAYERS[la] == LAYERS[lb] and (la, lb) not in SIDEWAYS):
            out.add((a, b))
    return out


def circular(edges: set[Edge]) -> set[Edge]:
    """The imports lying on a circle: both ends in one strongly connected group."""
    graph: dict[str, set[str]] = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    reach = {node: _reachable(graph, node) for node in graph}
    return {(a, b) for a, b in edges if a in reach[b]}


def _reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        for nxt in graph[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def allowed(listing: str) -> set[Edge]:
    out = set()
    for line in listing.strip().splitlines():
        a, b = (f"borough.{m.strip()}" for m in line.split("->"))
        out.add((a, b))
    return out


def short(edges: set[Edge]) -> str:
    return "\n".join(f"  {a.removeprefix('borough.')} -> {b.removeprefix('borough.')}"
                     for a, b in sorted(edges))


def test_every_module_has_a_layer():
    for module in modules():
        assert layer(module) in LAYERS


def test_imports_point_down():
    found = upward(imports())
    listed = allowed(UPWARD)
    assert not found - listed, f"imports pointing up or sideways:\n{short(found - listed)}"
    assert not listed - found, (
        f"these listed exceptions no longer occur; remove them from UPWARD:\n"
        f"{short(listed - found)}")


def test_no_import_circles():
    found = circular(imports())
    listed = allowed(CIRCULAR)
    assert not found - listed, f"imports on a circle:\n{short(found - listed)}"
    assert not listed - found, (
        f"these listed imports are no longer on a circle; remove them from CIRCULAR:\n"
        f"{short(listed - found)}")


def test_the_scan_sees_local_relative_and_type_only_imports(tmp_path):
    package = tmp_path / "borough"
    (package / "core").mkdir(parents=True)
    (package / "games").mkdir()
    (package / "__init__.py").write_text("")
    (package / "core" / "__init__.py").write_text("")
    (package / "games" / "__init__.py").write_text("")
    (package / "core" / "game.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from borough.games import rules\n"
        "def f():\n    from ..games.rules import Rules\n")
    (package / "games" / "rules.py").write_text("from .. import core\nimport borough.core.game\n")
    edges = imports(package)
    assert edges == {
        ("borough.core.game", "borough.games.rules"),
        ("borough.games.rules", "borough.core"),
        ("borough.games.rules", "borough.core.game"),
    }
    assert upward(edges) == {("borough.core.game", "borough.games.rules")}
    assert circular(edges) == {("borough.core.game", "borough.games.rules"),
                               ("borough.games.rules", "borough.core.game")}
