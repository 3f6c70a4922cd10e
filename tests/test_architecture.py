"""The house rules, checked on the source: no import circles, and each library in its own room.

Imports are read with `ast` (lazy imports inside functions and `TYPE_CHECKING` blocks count
too: a circle hidden in a function is still a circle), so the test needs nothing installed.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("cardgen", "companion")

# Which modules may import a drawing or UI library: the folder a module lives in says what it is.
DRAWING = ("reportlab", "PIL")
DRAWING_ROOMS = (
    "cardgen.printkit.backends",
    "cardgen.rules.backends",
    "companion.scan.photo",  # opens the camera's photos (JPEG, PNG) for the code reader
)
UI = ("streamlit",)
UI_ROOMS = ("companion.app", "companion.screens")
GAME_AI = ("pyspiel", "open_spiel")  # OpenSpiel: our engines as its games, and its search bots
GAME_AI_ROOMS = ("companion.ai",)
PLOTTING = ("matplotlib",)
PLOTTING_ROOMS = ("cardgen.balance.plots",)  # the balance report's plots

# Which rooms may import which: the card database is the foundation and imports none of the rest;
# the companion reads only the database.
LAYERS = {
    "cardgen.data": ("cardgen.data",),
    "cardgen.printkit": ("cardgen.data", "cardgen.printkit"),
    "cardgen.rules": ("cardgen.data", "cardgen.printkit", "cardgen.rules"),
    "companion.engine": ("companion.engine",),
    "companion.games": ("cardgen.data", "companion.engine", "companion.games"),
    "cardgen.balance": ("cardgen.data", "cardgen.balance", "companion.engine", "companion.games"),
    "companion.ai": (
        "cardgen.data",
        "companion.engine",
        "companion.games",
        "companion.registry",
        "companion.ai",
    ),
}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            found[module_name(path)] = path
    return found


def imported(path: Path, name: str, known: Collection[str] = ()) -> Iterator[tuple[str, int]]:
    """Every module name `path` imports (absolute, resolved from relative), with its line.

    `from pkg import part` imports the module `pkg.part` when that is one of `known`, and what
    `pkg` itself defines otherwise.
    """
    is_package = path.name == "__init__.py"
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = name.split(".")
                parent = parent if is_package else parent[:-1]
                parent = parent[: len(parent) - (node.level - 1)]
                base = ".".join([*parent, base] if base else parent)
            for alias in node.names:
                part = f"{base}.{alias.name}"
                yield (part if part in known else base), node.lineno


def graph() -> dict[str, set[str]]:
    mods = modules()
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for name, path in mods.items():
        for target, _ in imported(path, name, mods):
            if target in mods and target != name:
                edges[name].add(target)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def in_room(name: str, rooms: tuple[str, ...]) -> bool:
    return any(name == room or name.startswith(room + ".") for room in rooms)


def test_the_cycle_finder_finds_a_circle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles() -> None:
    assert cycles(graph()) == []


@pytest.mark.parametrize(
    ("libraries", "rooms"),
    [
        (DRAWING, DRAWING_ROOMS),
        (UI, UI_ROOMS),
        (PLOTTING, PLOTTING_ROOMS),
        (GAME_AI, GAME_AI_ROOMS),
    ],
    ids=["drawing", "ui", "plotting", "game-ai"],
)
def test_libraries_stay_in_their_rooms(libraries: tuple[str, ...], rooms: tuple[str, ...]) -> None:
    strays = []
    for name, path in modules().items():
        if in_room(name, rooms):
            continue
        for target, line in imported(path, name):
            if target.split(".")[0] in libraries:
                strays.append(f"{path.relative_to(ROOT)}:{line} imports {target}")
    assert sorted(set(strays)) == []


def test_rooms_import_only_what_lies_below_them() -> None:
    strays = []
    for name, path in modules().items():
        room = next((r for r in LAYERS if in_room(name, (r,))), None)
        if room is None:
            continue
        for target, line in imported(path, name):
            ours = target.split(".")[0] in PACKAGES
            if ours and not in_room(target, LAYERS[room]):
                strays.append(f"{path.relative_to(ROOT)}:{line} ({room}) imports {target}")
    assert sorted(set(strays)) == []


def test_the_companion_reads_only_the_card_database() -> None:
    strays = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules().items()
        if name.startswith("companion")
        for target, line in imported(path, name)
        if target.startswith("cardgen") and not in_room(target, ("cardgen.data",))
    ]
    assert strays == []


def test_pages_never_reach_past_a_seats_view() -> None:
    """Only `screens/session.py` holds the match; every page draws from a `SeenMatch`, so no page
    module reads `_match`, the seed, the chance (its secret), or the engine's random source."""
    strays = []
    for name, path in modules().items():
        if not name.startswith("companion.screens") or name == "companion.screens.session":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and node.attr in (
                "_match",
                "seed",
                "chance",
                "secret",
            ):
                strays.append(f"{path.relative_to(ROOT)}:{node.lineno} reads .{node.attr}")
            if isinstance(node, ast.ImportFrom):
                taken = {a.name for a in node.names} & {"step_rng", "StepRandom", "Match"}
                strays += [f"{path.relative_to(ROOT)}:{node.lineno} imports {n}" for n in taken]
    assert strays == []
