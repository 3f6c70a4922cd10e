"""Writing a new game from a starting shape, all at once or not at all.

Each shape is a folder, `shapes/<shape>/`: `shape.json` (how many players it seats), `data/` (the
game's folder: manifest, sheets, notes) and `templates/` (its layouts and rule templates). Files
ending in `.jinja` are rendered with the game's id, title, players and seats and lose that ending;
every other file is copied as it is, since rule templates and layouts are Jinja2 the *build*
renders, with the data of the day, and must reach the designer untouched.

The build reads a game's layouts from the `templates/` folder beside its data root when that
holds the shared `base/` layouts, else from the checkout's (`cardgen.printkit.faces.
templates_root`). A new game's layouts go where the build will look: for a data root with no
`templates/` beside it, one is made, seeded with the checkout's shared layouts and the layouts of
the games already in that root, so that they print as they did.

Nothing is overwritten and nothing is left half-made: the game and its layouts are built in
staging folders beside their targets (a level deeper, so that no command lists a half-made game),
checked by loading the game, and only then renamed into place.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from jinja2 import Environment, StrictUndefined, TemplateError

from cardgen.data.database import display_path, load_game
from cardgen.data.manifest import MANIFEST_NAME
from cardgen.data.project import REPO_ROOT, game_ids

SHAPES_DIR = Path(__file__).resolve().parent / "shapes"
SHAPES = tuple(
    sorted(p.name for p in SHAPES_DIR.iterdir() if (p / "shape.json").is_file())
    if SHAPES_DIR.is_dir()  # an install without the package's data files: no shapes, no crash
    else ()
)
RENDERED = ".jinja"
LONGEST = 40
_NAME = re.compile(rf"[a-z][a-z0-9_]{{0,{LONGEST - 1}}}")
# "all" stands for every game on the command line; "base" is the shared layouts' folder.
RESERVED = {"all": "it means every game on the command line", "base": "the shared layouts use it"}


class ScaffoldRefused(Exception):
    """Why no game was made, in one line naming the name or folder at fault."""


@dataclass(frozen=True)
class Made:
    """What `new_game` wrote, for the command's closing lines."""

    id: str
    shape: str
    players: int
    folder: Path  # the game's data folder
    layouts: Path  # its layouts and rule templates
    deck_sheet: str  # the sheet a designer edits first
    components: int  # printed components, every copy counted
    new_layout_root: Path | None = None  # a templates/ folder made beside the data root


def new_game(name: str, shape: str, players: int | None, root: Path) -> Made:
    """Write the game `name` of `shape` for `players` (None: the shape's default) into the data
    root `root`, and its layouts where the build will read them. Raises ScaffoldRefused."""
    _check_name(name)
    if shape not in SHAPES:
        raise ScaffoldRefused(f"{shape}: no such shape (shapes: {', '.join(SHAPES)})")
    settings = _shape_settings(shape)
    seats = _seats(shape, settings, players)
    if root.exists() and not root.is_dir():
        raise ScaffoldRefused(f"{display_path(root)}: not a folder, so it cannot hold games")
    folder = root / name
    layout_root, new_root = _layout_root(root, name)
    _refuse_taken(name, root, folder, layout_root / name)
    context = {"id": name, "title": _title(name), "shape": shape, "players": len(seats),
               "seats": seats}  # fmt: skip
    source = SHAPES_DIR / shape
    shelf_target = layout_root if new_root else layout_root / name
    made_root = not root.exists()
    published: list[Path] = []
    try:
        root.mkdir(parents=True, exist_ok=True)
        with _staged(folder) as data, _staged(shelf_target) as layouts:
            _fill(source / "data", data, context)
            game = _check_loads(data, shape)
            if new_root:
                _seed_layout_root(layouts, root)
            _fill(source / "templates", layouts / name if new_root else layouts, context)
            for staged, target in ((layouts, shelf_target), (data, folder)):
                # layouts first: the data root lists the game only once it can be printed
                _publish(staged, target)
                published.append(target)
    except BaseException as exc:
        for path in reversed(published):
            shutil.rmtree(path, ignore_errors=True)
        if made_root:
            _remove_if_empty(root)
        if isinstance(exc, OSError):
            raise ScaffoldRefused(
                f"{display_path(folder)}: not made, nothing written: {exc.strerror or exc}"
            ) from None
        raise
    deck = next(t for t in game.spec.types if t.kind != "reference")
    printed = sum(game.count(t.id) for t in game.spec.types if t.kind != "reference")
    return Made(name, shape, len(seats), folder, layout_root / name, f"{deck.sheet}.csv", printed,
                layout_root if new_root else None)  # fmt: skip


def _check_name(name: str) -> None:
    if not _NAME.fullmatch(name):
        raise ScaffoldRefused(
            f"{name!r}: not a plain lower_case name; use a-z, 0-9 and _ (a letter first, at most "
            f"{LONGEST}), e.g. my_duel"
        )
    if name in RESERVED:
        raise ScaffoldRefused(f"{name}: cannot name a game ({RESERVED[name]}); choose another")


def _shape_settings(shape: str) -> dict[str, Any]:
    return json.loads((SHAPES_DIR / shape / "shape.json").read_text(encoding="utf-8"))


def _seats(shape: str, settings: dict[str, Any], players: int | None) -> list[str]:
    """The seats' default names; a count outside what the shape can seat is refused."""
    bounds = settings["players"]
    count = bounds["default"] if players is None else players
    if not bounds["min"] <= count <= bounds["max"]:
        seats = (
            str(bounds["min"])
            if bounds["min"] == bounds["max"]
            else f"{bounds['min']} to {bounds['max']}"
        )
        raise ScaffoldRefused(
            f"--players {count}: the {shape} shape seats {seats} players; {settings['other']}"
        )
    return ["Player"] if count == 1 else [f"Player {n + 1}" for n in range(count)]


def _title(name: str) -> str:
    return " ".join(word.capitalize() for word in name.split("_") if word)


def _layout_root(root: Path, name: str) -> tuple[Path, bool]:
    """Where the build will read the new game's layouts, and whether that folder is to be made.
    Worked out as `templates_root` does, from the game's folder (so `--data .` agrees too)."""
    beside = (root / name).parent.parent / "templates"
    if (beside / "base").is_dir():
        return beside, False
    if os.path.lexists(beside):
        raise ScaffoldRefused(
            f"{display_path(beside)}: holds no base/ layouts, so the build would not read a new "
            "game's layouts from it; move it aside or choose another --data"
        )
    return beside, True


def _refuse_taken(name: str, root: Path, folder: Path, layouts: Path) -> None:
    for path in (folder, layouts):
        if os.path.lexists(path):
            raise ScaffoldRefused(
                f"{display_path(path)}: already exists; cardgen new never overwrites, so choose "
                "another name"
            )
    for other in sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else ():
        if _manifest_id(other) == name:
            raise ScaffoldRefused(
                f"{name}: the game in {display_path(other)} already has this id; choose another "
                "name"
            )


def _manifest_id(folder: Path) -> str | None:
    try:
        raw = json.loads((folder / MANIFEST_NAME).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    return raw.get("id") if isinstance(raw, dict) else None


@contextmanager
def _staged(target: Path) -> Iterator[Path]:
    """A fresh folder to build `target` in: `target`'s name inside a hidden folder beside it, on
    the same disk (publishing is a rename), and removed whatever happens."""
    holder = Path(tempfile.mkdtemp(prefix=f".{target.name}.new-", dir=target.parent))
    try:
        yield holder / target.name
    finally:
        shutil.rmtree(holder, ignore_errors=True)


def _fill(source: Path, target: Path, context: dict[str, Any]) -> None:
    """Copy a shape's files into `target`, rendering the `.jinja` ones with `context`."""
    env = Environment(undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False)
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source)
        if path.is_dir() or "__pycache__" in relative.parts:
            continue
        out = target / relative
        out.parent.mkdir(parents=True, exist_ok=True)
        if path.name.endswith(RENDERED):
            try:
                text = env.from_string(path.read_text(encoding="utf-8")).render(context)
            except TemplateError as exc:
                raise ScaffoldRefused(f"{path}: the shape's template fails: {exc}") from None
            out.with_name(path.name[: -len(RENDERED)]).write_text(text, encoding="utf-8")
        else:
            shutil.copyfile(path, out)


def _check_loads(folder: Path, shape: str) -> Any:
    """The staged game, loaded as `cardgen validate` would: a shape that does not load is a
    fault of the shape's files, said before anything reaches the data root."""
    game, problems = load_game(folder)
    errors = [p for p in problems if p.is_error]
    if game is None or errors or game.table is None:
        first = str(errors[0]) if errors else "no table declared"
        raise ScaffoldRefused(f"the {shape} shape's files do not load ({first}); nothing written")
    return game


def _seed_layout_root(layouts: Path, root: Path) -> None:
    """A new templates/ folder: the checkout's shared layouts and icons, and the layouts of the
    games already in `root`, which the build read from the checkout until now."""
    shipped = REPO_ROOT / "templates"
    shutil.copytree(shipped / "base", layouts / "base")
    shutil.copyfile(shipped / "icons.json", layouts / "icons.json")
    for gid in game_ids(root):
        if (shipped / gid).is_dir():
            shutil.copytree(shipped / gid, layouts / gid)


def _publish(staged: Path, target: Path) -> None:
    """Rename `staged` to `target`, unless something took `target` meanwhile."""
    if os.path.lexists(target):
        raise ScaffoldRefused(
            f"{display_path(target)}: appeared while the game was being made; nothing written"
        )
    os.rename(staged, target)


def _remove_if_empty(folder: Path) -> None:
    with suppress(OSError):  # not empty: something else is there, and stays
        folder.rmdir()
