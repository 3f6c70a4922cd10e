"""The card data of one game as bytes: what every worker plays, wherever it runs.

A balance run must play the data as it is on disk when the command starts (the designer's edit,
a test's copy, another revision from git), not whatever a worker process or a cluster machine
finds in its own checkout. So the game's files are read once into a `Snapshot` (the manifest,
its sheets and its art, which validation checks: tens to hundreds of kilobytes), shipped to each
worker with the work, and written into a private folder there to be loaded and validated as
`cardgen validate` would. The digest names the snapshot, so a worker loads each one once.
"""

from __future__ import annotations

import atexit
import hashlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path, PurePosixPath

from cardgen.data.database import load_game_or_raise
from cardgen.data.game import Game

MAX_FILE = 32 * 1024 * 1024  # larger files (a scanned print?) are no part of what is played


class SnapshotError(ValueError):
    """The data could not be read; the message is one line naming where."""


@dataclass(frozen=True)
class Snapshot:
    """A game folder's data files (relative POSIX path, content), sorted by path."""

    name: str  # the folder's name, kept so messages and the loaded game read as on disk
    files: tuple[tuple[str, bytes], ...]

    @property
    def digest(self) -> str:
        sha = hashlib.sha1(self.name.encode())
        for rel, content in self.files:
            sha.update(rel.encode() + b"\0" + hashlib.sha1(content).digest())
        return sha.hexdigest()

    def write(self, folder: Path) -> Path:
        """The files written under `folder/<name>/`; returns that game folder."""
        game = folder / self.name
        for rel, content in self.files:
            target = game / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(content)
        return game


def _is_data(rel: str, size: int) -> bool:
    """Every file of the game's folder but hidden ones (.git, editors' lock files)."""
    hidden = any(part.startswith(".") for part in PurePosixPath(rel).parts)
    return not hidden and size <= MAX_FILE


def from_folder(folder: Path) -> Snapshot:
    """The files under `folder` (links are not followed out of it)."""
    files = []
    for path in sorted(folder.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        rel = path.relative_to(folder).as_posix()
        if _is_data(rel, path.stat().st_size):
            files.append((rel, path.read_bytes()))
    return Snapshot(folder.resolve().name, tuple(files))


def _git(cwd: Path, *args: str) -> bytes:
    try:
        done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)
    except OSError as exc:
        raise SnapshotError(f"{cwd}: cannot run git ({exc.strerror})") from None
    if done.returncode != 0:
        said = " ".join(done.stderr.decode(errors="replace").split()) or "no reason given"
        raise SnapshotError(said)
    return done.stdout


def from_git(folder: Path, revision: str) -> Snapshot:
    """The same game folder's data files as they were at `revision` of its git repository
    (read with `git ls-tree` and `git show`; the working tree is not touched)."""
    if revision.startswith("-"):
        raise SnapshotError(f"--compare {revision}: a revision may not start with '-'")
    try:
        top = Path(_git(folder, "rev-parse", "--show-toplevel").decode().strip())
        rel = folder.resolve().relative_to(top.resolve()).as_posix()
        _git(top, "rev-parse", "--verify", "--quiet", f"{revision}^{{commit}}")
    except SnapshotError as exc:
        raise SnapshotError(f"--compare {revision}: not a revision of the data's repository "
                            f"({exc})") from None  # fmt: skip
    except ValueError:
        raise SnapshotError(
            f"--compare {revision}: {folder} is not inside a git repository"
        ) from None
    listing = _git(top, "ls-tree", "-r", "-z", "--long", revision, "--", f"{rel}/")
    files = []
    for line in listing.split(b"\0"):
        if not line:
            continue
        meta, path = line.decode().split("\t", 1)
        mode, kind, _, size = meta.split()
        inner = PurePosixPath(path).relative_to(rel).as_posix()
        if kind == "blob" and mode != "120000" and _is_data(inner, int(size)):
            files.append((inner, _git(top, "show", f"{revision}:{path}")))
    if not any(rel_ == "manifest.json" for rel_, _ in files):
        raise SnapshotError(f"--compare {revision}: {rel}/manifest.json is not in that revision")
    return Snapshot(folder.resolve().name, tuple(sorted(files)))


@cache
def scratch() -> Path:
    """This process's private folder for the snapshots it loads, removed when it exits."""
    path = Path(tempfile.mkdtemp(prefix="cardgen-balance-"))
    atexit.register(shutil.rmtree, path, True)
    return path


_loaded: dict[str, Game] = {}


def load(snapshot: Snapshot) -> Game:
    """The game the snapshot holds, loaded and validated once per process (DataError if not)."""
    key = snapshot.digest
    if key not in _loaded:
        folder = snapshot.write(scratch() / key)
        _loaded[key] = load_game_or_raise(folder)
    return _loaded[key]
