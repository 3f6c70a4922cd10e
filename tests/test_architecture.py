"""The house rules, checked on the source: no import circles, and each library in its own room.

Imports are read with `ast` (lazy imports inside functions and `TYPE_CHECKING` blocks count
too: a circle hidden in a function is still a circle; so do `importlib.import_module("...")`,
`__import__` and the package a `find_spec("pkg.mod")` imports, f-strings read up to their first
`{`), so the test needs nothing installed.
"""

from __future__ import annotations

import ast
import re
import tomllib
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
# the companion reads only the database; cardgen reaches the companion's engines only through the
# interface it declares (`cardgen.engines`), which the companion's `provides` implements.
LAYERS = {
    "cardgen.data": ("cardgen.data",),
    "cardgen.engines": ("cardgen.data", "cardgen.engines"),
    "cardgen.printkit": ("cardgen.data", "cardgen.printkit"),
    "cardgen.rules": ("cardgen.data", "cardgen.printkit", "cardgen.rules"),
    "companion.engine": ("companion.engine",),
    "companion.games": ("cardgen.data", "companion.engine", "companion.games"),
    "cardgen.balance": ("cardgen.data", "cardgen.balance", "cardgen.engines"),
    "companion.ai": (
        "cardgen.data",
        "companion.engine",
        "companion.games",
        "companion.registry",
        "companion.ai",
    ),
}
# What the companion may read of cardgen: the card database, the engine interface in the one
# module that implements it (registered as the `cardgen.engines` entry point), and a card's
# printed front for the screen in the one module that shows it.
COMPANION_READS = {
    "companion.provides": ("cardgen.data", "cardgen.engines"),
    "companion.screens.table.faces": ("cardgen.data", "cardgen.printkit.screen"),
}
ENGINE_PROVIDER = "companion.provides:engine"

# Calls that import the module a string names: `importlib.import_module`, `__import__`, and
# `importlib.util.find_spec` (which imports the named module's package).
IMPORTING_CALLS = ("import_module", "__import__")
FINDING_CALLS = ("find_spec",)


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
        elif isinstance(node, ast.Call) and node.args:
            named = _called(node.func)
            target, whole = _leading_text(node.args[0])
            if named in IMPORTING_CALLS and target:
                yield target, node.lineno
            elif named in FINDING_CALLS and target:
                package = target.rpartition(".")[0] if whole else target
                if package:
                    yield package, node.lineno


def _called(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _leading_text(arg: ast.expr) -> tuple[str, bool]:
    """A string argument's module name, and whether it is all of it: a literal whole, an
    f-string up to its first `{` (`f"companion.games.{id}"`: `companion.games` and deeper);
    "" when it starts with a value."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value, True
    if isinstance(arg, ast.JoinedStr) and arg.values:
        first = arg.values[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            return first.value.rstrip("."), False
    return "", False


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
    mods = modules()
    for name, path in mods.items():
        room = next((r for r in LAYERS if in_room(name, (r,))), None)
        if room is None:
            continue
        for target, line in imported(path, name, mods):
            ours = target.split(".")[0] in PACKAGES
            if ours and not in_room(target, LAYERS[room]):
                strays.append(f"{path.relative_to(ROOT)}:{line} ({room}) imports {target}")
    assert sorted(set(strays)) == []


def test_the_companion_reads_only_the_card_database() -> None:
    """And its engine provider the interface it implements."""
    strays = [
        f"{path.relative_to(ROOT)}:{line} imports {target}"
        for name, path in modules().items()
        if name.startswith("companion")
        for target, line in imported(path, name)
        if target.startswith("cardgen")
        and not in_room(target, COMPANION_READS.get(name, ("cardgen.data",)))
    ]
    assert strays == []


def test_the_import_reader_sees_imports_made_from_strings(tmp_path: Path) -> None:
    source = tmp_path / "mod.py"
    source.write_text(
        "import importlib, importlib.util\n"
        "def f(game):\n"
        "    importlib.import_module('companion.ai.catalogue')\n"
        "    importlib.import_module(f'companion.games.{game}.data')\n"
        "    __import__('companion.engine')\n"
        "    importlib.util.find_spec(f'companion.games.{game}')\n"
        "    importlib.util.find_spec('pyspiel')\n"
        "    importlib.import_module(game)\n",
        encoding="utf-8",
    )
    found = sorted(target for target, _ in imported(source, "mod"))
    assert found == [
        "companion.ai.catalogue",
        "companion.engine",
        "companion.games",
        "companion.games",
        "importlib",
        "importlib.util",
    ]


def test_cardgen_never_imports_the_companion() -> None:
    """The print kit, the rulebooks and the balance simulator reach the rules engines through
    `cardgen.engines` alone: no module of cardgen imports the companion, even lazily or from a
    string, and none names one of its modules or files (in code, a string or a comment)."""
    named = re.compile(r"\bcompanion[./][A-Za-z_]")
    strays = []
    mods = modules()
    for name, path in mods.items():
        if not name.startswith("cardgen"):
            continue
        where = path.relative_to(ROOT)
        strays += [f"{where}:{line} imports {target}" for target, line in imported(path, name, mods)
                   if in_room(target, ("companion",))]  # fmt: skip
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if named.search(text):
                strays.append(f"{where}:{number} names {named.search(text).group(0)}...")  # type: ignore[union-attr]
    assert strays == []


def test_the_companion_registers_its_engines_for_cardgen() -> None:
    """The one door's other side: pyproject.toml registers the companion's provider in the
    `cardgen.engines` entry-point group, and the provider's module is where it says."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    points = project["project"]["entry-points"]["cardgen.engines"]
    assert list(points.values()) == [ENGINE_PROVIDER]
    module, function = ENGINE_PROVIDER.split(":")
    tree = ast.parse(modules()[module].read_text(encoding="utf-8"))
    assert function in {n.name for n in tree.body if isinstance(n, ast.FunctionDef)}


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
