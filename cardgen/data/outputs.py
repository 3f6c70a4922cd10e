"""Folders cardgen owns, and how it replaces what it wrote there without touching anything else.

Every folder cardgen writes (an export, a game's kit in `output/<game>/`) carries a marker,
`.cardgen-output`: a small JSON ledger naming the command that made it and listing each file
cardgen put there with its size and SHA-1. The rules, all kept here:

* cardgen writes only into a folder that does not exist yet, is empty, or carries its marker.
  Any other folder is refused, before anything is written, with one line naming it and why.
* It replaces or removes only files its ledger lists and that are unchanged since it wrote them.
  Every other file in the folder is kept where it is. A listed file edited since is the user's
  now: a run that would replace or remove it is refused instead.
* New output is written into a staging folder beside the target and moved in only when complete.
  If a move fails, the moves made so far are undone, so the previous output stays as it was; the
  staging folder is removed either way.

An empty `.cardgen-output` made by hand hands a folder over: cardgen may write there, owns none of
the files already in it, and refuses to overwrite any of them.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import stat
import tempfile
from collections.abc import Collection, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from enum import StrEnum
from fnmatch import fnmatch
from pathlib import Path, PurePosixPath
from typing import Any

MARKER = ".cardgen-output"
_PART = MARKER + ".part"
_OURS = ".cardgen-"  # in the names of staging and trash folders beside an owned folder


class Owner(StrEnum):
    """Which command's output an owned folder holds."""

    EXPORT = "export"  # `cardgen export`: one game's database, replaced whole
    KIT = "kit"  # `cardgen build` and `cardgen rules`: output/<game>/
    ROOT = "root"  # a folder of game kits (what `--out` names for build and rules)


WHAT = {
    Owner.EXPORT: "an export of a game's data",
    Owner.KIT: "a game's print kit",
    Owner.ROOT: "a folder of print kits",
}

# What the print kit wrote before folders carried a marker: a folder holding only these (and
# folders cardgen marked) is adopted as an older cardgen's kit.
LEGACY_KIT = (
    "print-*.pdf", "calibration-*.pdf", "rules.pdf", "rules-booklet.pdf", "reference.pdf",
    "png", "tts", "shop-*", ".cardgen-build.json",
)  # fmt: skip


class OutputRefused(Exception):
    """cardgen will not write here; the message is one line naming the path and why."""

    def __init__(self, path: Path, reason: str) -> None:
        from cardgen.data.database import display_path

        super().__init__(f"{display_path(path)}: {reason}")
        self.path = path


def _sha1(path: Path) -> str:
    digest = hashlib.sha1()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


@dataclass(frozen=True)
class Stamp:
    """A file as cardgen wrote it: an unchanged size and time, or the same content, is the same."""

    size: int
    mtime_ns: int
    sha1: str

    @classmethod
    def of(cls, path: Path) -> Stamp:
        info = path.stat()
        return cls(info.st_size, info.st_mtime_ns, _sha1(path))

    def is_unchanged(self, path: Path) -> bool:
        try:
            info = path.lstat()
        except OSError:
            return False
        if not stat.S_ISREG(info.st_mode) or info.st_size != self.size:
            return False
        return info.st_mtime_ns == self.mtime_ns or _sha1(path) == self.sha1


@dataclass
class Ledger:
    """The marker's content. `owner` None: a marker made by hand (cardgen owns no file yet)."""

    owner: Owner | None
    made_by: str = ""
    files: dict[str, Stamp] = field(default_factory=dict)
    outputs: dict[str, dict[str, Any]] = field(default_factory=dict)  # per top-level entry

    def text(self) -> str:
        body = {
            "made_by": self.made_by,
            "owner": str(self.owner or ""),
            "about": "cardgen made this folder. It replaces only the files listed here, and only "
            "while they are unchanged; it never removes or overwrites any other file.",
            "files": {rel: [s.size, s.mtime_ns, s.sha1] for rel, s in sorted(self.files.items())},
            "outputs": self.outputs,
        }
        return json.dumps(body, indent=1, sort_keys=False) + "\n"

    @classmethod
    def parse(cls, text: str) -> Ledger:
        try:
            body = json.loads(text)
            owner = Owner(body["owner"])
            files = {
                str(k): Stamp(int(v[0]), int(v[1]), str(v[2])) for k, v in body["files"].items()
            }
            outputs = {str(k): dict(v) for k, v in body.get("outputs", {}).items()}
            return cls(owner, str(body.get("made_by", "")), files, outputs)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError):
            return cls(None)  # empty or hand-written: cardgen may write here, owns nothing yet


def read_ledger(folder: Path) -> Ledger | None:
    """The ledger of `folder`, or None when it has no marker."""
    marker = folder / MARKER
    if not marker.is_file():
        return None
    try:
        return Ledger.parse(marker.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return Ledger(None)


def write_ledger(folder: Path, ledger: Ledger) -> None:
    part = folder / _PART
    part.write_text(ledger.text(), encoding="utf-8")
    part.replace(folder / MARKER)


def files_in(folder: Path) -> Iterator[str]:
    """Every file under `folder` (symbolic links and other non-folders too, never followed), as a
    relative POSIX path; the marker itself left out."""
    for root, dirs, files in os.walk(folder):
        base = Path(root)
        for name in [d for d in dirs if (base / d).is_symlink()]:
            dirs.remove(name)
            files.append(name)
        for name in files:
            rel = (base / name).relative_to(folder).as_posix()
            if rel not in (MARKER, _PART):
                yield rel


def _top(rel: str) -> str:
    return rel.split("/", 1)[0]


def _is_ours(path: Path) -> bool:
    """A folder cardgen marked, or staging left beside one by an interrupted run."""
    return path.is_dir() and ((path / MARKER).is_file() or _OURS in path.name)


def _is_legacy_kit(entries: list[Path]) -> bool:
    """Only what an older cardgen's build left in output/<game>/ (its exports included)."""
    return all(
        _is_ours(p)
        or any(fnmatch(p.name, pattern) for pattern in LEGACY_KIT)
        or (p.is_dir() and p.name.startswith("data-"))
        for p in entries
    )


def _is_kit_root(entries: list[Path]) -> bool:
    return all(p.is_dir() and (_is_ours(p) or _is_legacy_kit(list(p.iterdir()))) for p in entries)


def _why_not(entries: list[Path]) -> str:
    names = {p.name for p in entries}
    if "manifest.json" in names:
        return "it holds a game's data (manifest.json)"
    for sign in (".git", "pyproject.toml", "card_data"):
        if sign in names:
            return f"it is a project folder ({sign})"
    shown = ", ".join(sorted(names)[:3]) + (", ..." if len(names) > 3 else "")
    return f"it holds files cardgen did not write ({shown})"


def claim(folder: Path, owner: Owner) -> Ledger:
    """The ledger to write `folder` under; OutputRefused unless the folder is new, empty, cardgen's
    own (its marker names the same owner, or was made by hand), or an older cardgen's kit."""
    if folder.exists() and not folder.is_dir():
        raise OutputRefused(folder, "not written: it is a file, and cardgen writes a folder here")
    recover_beside(folder)
    if not folder.exists():
        return Ledger(owner)
    ledger = read_ledger(folder)
    if ledger is not None:
        if ledger.owner is None:
            return Ledger(owner, made_by=ledger.made_by)
        if ledger.owner is not owner:
            made = f" ({ledger.made_by})" if ledger.made_by else ""
            raise OutputRefused(
                folder, f"not written: it holds {WHAT[ledger.owner]}{made}, not {WHAT[owner]}"
            )
        return ledger
    entries = sorted(folder.iterdir())
    if not entries or (owner is Owner.ROOT and _is_kit_root(entries)):
        return Ledger(owner)
    if owner is Owner.KIT and _is_legacy_kit(entries):
        legacy = [
            rel
            for rel in files_in(folder)
            if any(fnmatch(_top(rel), pattern) for pattern in LEGACY_KIT)
            and not _is_ours(folder / _top(rel))
        ]
        return Ledger(owner, files={rel: Stamp.of(folder / rel) for rel in legacy})
    raise OutputRefused(
        folder,
        f"not written: {_why_not(entries)}; cardgen writes only into a new or empty folder, "
        f"or one it made (marked by {MARKER})",
    )


def claim_root(folder: Path) -> None:
    """Refuse (OutputRefused) a folder that may not hold game kits (`--out` of build and rules)."""
    claim(folder, Owner.ROOT)


def mark_root(folder: Path) -> None:
    """Mark a folder of kits as cardgen's once a kit is in it (a failed first build marks none)."""
    kits = [read_ledger(p) for p in folder.iterdir() if p.is_dir()]
    if read_ledger(folder) is None and any(k is not None and k.owner for k in kits):
        write_ledger(folder, Ledger(Owner.ROOT, "cardgen build: a folder of print kits"))


@contextmanager
def staging_beside(folder: Path) -> Iterator[Path]:
    """A fresh folder beside `folder` (the same disk, so publishing is renames), always removed.
    Its name carries this process's id, so a later run can tell it from a live run's."""
    folder.parent.mkdir(parents=True, exist_ok=True)
    recover_beside(folder)
    path = Path(tempfile.mkdtemp(prefix=_left_prefix(folder, "staging"), dir=folder.parent))
    try:
        yield path
    finally:
        shutil.rmtree(path, ignore_errors=True)


@dataclass
class _Plan:
    new: list[str]  # files in staging, to move in
    going: set[str]  # cardgen's files to move out (replaced or no longer made)
    kept: dict[str, Stamp]  # cardgen's files that stay


def _plan(folder: Path, staging: Path, ledger: Ledger, whole: Collection[str] | None) -> _Plan:
    new = sorted(files_in(staging))
    present = set(files_in(folder)) if folder.is_dir() else set()
    listed = {rel: s for rel, s in ledger.files.items() if rel in present}
    own = {rel for rel, s in listed.items() if s.is_unchanged(folder / rel)}
    going = set(listed) if whole is None else {rel for rel in listed if _top(rel) in whole}
    going |= set(new) & set(listed)
    for rel in sorted(going - own):
        raise OutputRefused(
            folder / rel,
            "not replaced: it changed since cardgen wrote it, so it is yours now; "
            "move it away and run again (nothing was written)",
        )
    for rel in new:
        target = folder / rel
        if rel in present and rel not in going:
            raise OutputRefused(
                target, "not overwritten: cardgen did not write this file (nothing was written)"
            )
        if target.is_dir() and not target.is_symlink():
            raise OutputRefused(target, "not replaced: a folder stands where cardgen writes a file")
        for parent in PurePosixPath(rel).parents:
            name = parent.as_posix()
            if name != "." and name in present and name not in going:
                raise OutputRefused(
                    folder / name, "not replaced: a file stands where cardgen writes a folder"
                )
    kept = {rel: listed[rel] for rel in own - going}
    return _Plan(new, going, kept)


def _move(source: Path, target: Path) -> None:
    target.parent.mkdir(parents=True, exist_ok=True)
    if target.exists() or target.is_symlink():
        raise FileExistsError(f"{target}: already exists")
    os.replace(source, target)


def _prune(folder: Path, rels: Collection[str]) -> None:
    """Remove the folders under `folder` that moving `rels` left empty (never any file)."""
    parents = {folder / p for rel in rels for p in PurePosixPath(rel).parents if str(p) != "."}
    for path in sorted(parents, key=lambda p: len(p.parts), reverse=True):
        with suppress(OSError):
            path.rmdir()


def publish(
    folder: Path,
    staging: Path,
    owner: Owner,
    made_by: str,
    whole: Collection[str] | None = None,
) -> list[Path]:
    """Move everything in `staging` into `folder` and return the paths written.

    `whole` names the top-level entries of `folder` replaced whole: every file cardgen wrote under
    them goes, unless written again. Entries not named are merged file by file. `None` replaces
    all of cardgen's files in the folder (an export). Refuses (OutputRefused) before moving
    anything if the folder is not cardgen's, or a file it would replace or remove is not.
    """
    ledger = claim(folder, owner)
    plan = _plan(folder, staging, ledger, whole)
    outputs = {} if whole is None else {
        name: meta for name, meta in ledger.outputs.items()
        if name not in whole and name not in {_top(r) for r in plan.new}}  # fmt: skip
    stamps = {rel: Stamp.of(staging / rel) for rel in plan.new}
    after = Ledger(owner, made_by, {**plan.kept, **stamps}, outputs)
    if not folder.exists() or not any(folder.iterdir()):  # new or empty: one rename
        write_ledger(staging, after)
        existed = folder.exists()
        if existed:
            folder.rmdir()
        try:
            staging.rename(folder)
        except BaseException:
            if existed:
                folder.mkdir(exist_ok=True)
            raise
        return [folder / rel for rel in plan.new]
    _swap(folder, staging, plan, after)
    return [folder / rel for rel in plan.new]


def _swap(folder: Path, staging: Path, plan: _Plan, after: Ledger) -> None:
    """Move cardgen's old files out to a trash folder, the new ones in, then write the ledger;
    on any failure put everything back as it was."""
    trash = Path(tempfile.mkdtemp(prefix=_left_prefix(folder, "old"), dir=folder.parent))
    out: list[str] = []
    moved_in: list[str] = []
    restored = True
    journal = {"going": sorted(plan.going), "new": plan.new, "after": _sha1_text(after.text())}
    (trash / _JOURNAL).write_text(json.dumps(journal), encoding="utf-8")  # before any move
    try:
        for rel in sorted(plan.going):
            _move(folder / rel, trash / rel)
            out.append(rel)
        for rel in plan.new:
            _move(staging / rel, folder / rel)
            moved_in.append(rel)
        write_ledger(folder, after)
    except BaseException as exc:
        restored = _undo(folder, staging, trash, moved_in, out)
        if not restored:
            raise OSError(f"{trash}: the previous output is here; putting it back failed") from exc
        raise
    finally:
        if restored:
            shutil.rmtree(trash, ignore_errors=True)
    _prune(folder, plan.going)


def _undo(folder: Path, staging: Path, trash: Path, moved_in: list[str], out: list[str]) -> bool:
    """Put the previous output back; False (and the trash folder kept) if that failed too."""
    try:
        (folder / _PART).unlink(missing_ok=True)
        for rel in reversed(moved_in):
            _move(folder / rel, staging / rel)
        for rel in reversed(out):
            _move(trash / rel, folder / rel)
        _prune(folder, moved_in)
    except OSError:
        return False
    return True


# --- runs killed half-way ---------------------------------------------------------------------
# A run stopped by `kill -9` or a power cut runs no cleanup: it may leave its staging folder, or
# stop in the middle of a swap with some old files in its trash folder and some new ones moved
# in. Both folders carry the run's process id in their names, and a swap writes a journal of its
# moves into the trash folder before the first one, so the next run beside the same folder can
# finish the job: an unfinished swap is undone (the ledger, written last, still lists the old
# files), a finished one has only its trash left to remove, and a complete staging folder whose
# target was already removed is moved into place.

_JOURNAL = ".cardgen-journal"


def _left_prefix(folder: Path, kind: str) -> str:
    return f".{folder.name}{_OURS}{kind}-{os.getpid()}-"


def _sha1_text(text: str) -> str:
    return hashlib.sha1(text.encode("utf-8")).hexdigest()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists, but belongs to someone else
        return True
    return True


def recover_beside(folder: Path) -> list[str]:
    """Finish what killed runs left beside `folder`; what was done, a line each (for tests)."""
    return recover_in(folder.parent, folder.name)


_LEFT = re.compile(r"^\.(?P<name>.+)\.cardgen-(?P<kind>old|staging)-(?P<pid>\d+)-[^/]*$")


def recover_in(parent: Path, name: str | None = None) -> list[str]:
    """Finish what killed runs left in `parent` (beside the folder `name`, or beside any)."""
    done: list[str] = []
    if not parent.is_dir():
        return done
    found = [(m, p) for p in sorted(parent.iterdir()) if (m := _LEFT.match(p.name))]
    found.sort(key=lambda item: item[0]["kind"] != "old")  # a swap's trash before staging
    for match, left in found:
        if name is not None and match["name"] != name:
            continue
        if _alive(int(match["pid"])) or not left.is_dir() or left.is_symlink():
            continue  # a run still going: not ours to touch
        folder = parent / match["name"]
        if match["kind"] == "old":
            done.append(_recover_swap(folder, left))
        elif not folder.exists() and (left / MARKER).is_file():
            left.rename(folder)  # killed between removing an empty target and the rename
            done.append(f"{left.name}: moved into place")
        else:
            shutil.rmtree(left, ignore_errors=True)
            done.append(f"{left.name}: removed")
    return done


def _recover_swap(folder: Path, trash: Path) -> str:
    try:
        journal = json.loads((trash / _JOURNAL).read_text(encoding="utf-8"))
        going, new, after = set(journal["going"]), list(journal["new"]), str(journal["after"])
    except (OSError, ValueError, KeyError, TypeError):
        if {p.name for p in trash.iterdir()} <= {_JOURNAL}:  # killed before its first move
            shutil.rmtree(trash, ignore_errors=True)
            return f"{trash.name}: removed"
        return f"{trash.name}: no journal, kept"  # not recognisably ours: never deleted
    marker = folder / MARKER
    finished = marker.is_file() and _sha1_text(marker.read_text(encoding="utf-8")) == after
    if not finished:
        (folder / _PART).unlink(missing_ok=True)
        for rel in new:  # the new files moved in so far: out again
            if (folder / rel).is_file() and not (trash / rel).exists() and rel not in going:
                (folder / rel).unlink()
            elif rel in going and (trash / rel).exists():
                (folder / rel).unlink(missing_ok=True)
        for rel in sorted(going):  # the old files: back
            if (trash / rel).exists() or (trash / rel).is_symlink():
                _move(trash / rel, folder / rel)
        _prune(folder, new)
    shutil.rmtree(trash, ignore_errors=True)
    return f"{trash.name}: {'finished' if finished else 'undone'}"


def record_outputs(folder: Path, owner: Owner, outputs: Mapping[str, dict[str, Any]]) -> None:
    """Note in the ledger what each named top-level output was made from (see cardgen.kit)."""
    ledger = read_ledger(folder)
    if ledger is None or ledger.owner is not owner:
        return
    ledger.outputs.update(outputs)
    write_ledger(folder, ledger)
