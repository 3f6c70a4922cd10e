"""What every `cardgen` command shares: its consoles, one-line refusals, closed lists of names, the
game folders named on the command line, where kits may be written, and how one game's failed or
warned build is said while the others go on.

A name that is not one of the known ones (a game, a type, a card id, a paper, a shop profile) is
refused in one line listing the names, with a suggestion, before anything is written; so is a
mistyped option. Where outputs may be written is `cardgen.data.outputs`'s to decide.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console

from cardgen.data.database import load_game_or_raise
from cardgen.data.errors import DataError, Problem
from cardgen.data.game import Game
from cardgen.data.manifest import MANIFEST_NAME
from cardgen.data.outputs import OutputRefused, claim_root, mark_root, recover_in
from cardgen.data.project import data_root, game_ids, output_root, resolve_games
from cardgen.data.suggest import did_you_mean
from cardgen.printkit.paper import PAPERS_MM, Duplex
from cardgen.printkit.sheets.cutter import CUTTER_REFUSALS, CUTTERS

out = console = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)
T = TypeVar("T")
ErrorTypes = tuple[type[Exception], ...]


def print_problems(problems: list[Problem]) -> None:
    for problem in sorted(problems, key=lambda p: (p.location.path, p.location.row or 0)):
        style = "red" if problem.is_error else "yellow"
        err.print(str(problem), style=style, markup=False, highlight=False)


def fail(exc: DataError) -> NoReturn:
    print_problems(exc.problems)
    sys.exit(1)


class Refusal(click.ClickException):
    """A refused command: one line saying what is wrong and where, never a usage screen."""

    def show(self, file: Any = None) -> None:
        err.print(self.format_message(), style="red", markup=False)


class UsageRefusal(Refusal):
    """A mistyped command line (exit code 2, as click's own usage errors)."""

    exit_code = 2


LISTED = 40  # names listed in a refusal; a longer list ends with how many there are


def unknown(option: str, value: str, what: str, names: Iterable[str], where: str = "") -> Refusal:
    """`--type creatures: no such type in vita_luna (types: ...); did you mean creature?`"""
    known = sorted(set(names))
    listed = ", ".join(known[:LISTED]) or "none"
    if len(known) > LISTED:
        listed += f", ... ({len(known)} in all)"
    hint = did_you_mean(value, known)
    return Refusal(f"{option} {value}: no such {what}{where} ({what}s: {listed}){hint}")


class Named(click.ParamType):
    """One of a closed list of names; anything else is refused in one line with a suggestion."""

    def __init__(self, what: str, names: Callable[[], Iterable[str]]) -> None:
        self.name = what
        self.what = what
        self.names = names

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        return "[" + "|".join(sorted(self.names())) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if value in set(self.names()):
            return value
        option = param.opts[0] if param is not None and param.opts else self.what
        raise unknown(option, str(value), self.what, self.names())


class Cutter(Named):
    """A cutting machine whose marks the print kit draws; one it cannot serve is refused with
    the reason and what to do instead."""

    def __init__(self) -> None:
        super().__init__("cutting machine", lambda: CUTTERS)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        reason = CUTTER_REFUSALS.get(str(value).lower())
        if reason is not None:
            raise click.BadParameter(reason)
        return super().convert(value, param, ctx)


cutter_option = click.option(
    "--cutter",
    type=Cutter(),
    default=None,
    help="Print-then-cut sheets for this cutting machine: its registration marks on every sheet, "
    "each piece clear of them with bleed of its own, and cut files (DXF, SVG) beside the PDF.",
)


def shop_names() -> list[str]:
    from cardgen.printkit.shop import shop_profiles

    return list(shop_profiles())


PAPER = Named("paper", lambda: PAPERS_MM)
paper_option = click.option("--paper", type=PAPER, default="a4", show_default=True)
DUPLEX = Named("duplex mode", lambda: [d.value for d in Duplex])
duplex_option = click.option(
    "--duplex",
    type=DUPLEX,
    default="long",
    show_default=True,
    help="How your printer turns the sheet: flip on the long or short edge, or none.",
)


class OneLineErrors(click.Group):
    """Usage mistakes (an unknown option, a missing argument) as one line, not a usage screen."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            where = exc.ctx.command_path if exc.ctx else ctx.command_path
            message = " ".join(exc.format_message().split())
            raise UsageRefusal(f"{where}: {message} (see {where} --help)") from None


def game_folders(names: tuple[str, ...], data: Path | None) -> list[Path]:
    """The game folders named (default: all); an unknown name is refused with a suggestion."""
    root = data_root(data)
    known = game_ids(root)
    for name in names if list(names) != ["all"] else ():
        if name not in known and not (Path(name) / MANIFEST_NAME).is_file():
            listed = ", ".join(known) or "none"
            hint = did_you_mean(name, known)
            raise Refusal(f"{name}: no such game (games in {root}: {listed}){hint}")
    try:
        return resolve_games(names, root)
    except DataError as exc:
        fail(exc)


def load_games(names: tuple[str, ...], data: Path | None) -> list[Game]:
    """The games named on the command line (all, if none), loaded; data with errors ends the
    command with its problems before anything is built."""
    try:
        return [load_game_or_raise(folder) for folder in game_folders(names, data)]
    except DataError as exc:
        fail(exc)


def kit_root(out_root: Path | None) -> Path:
    """Where game kits go: the default output folder, or an `--out` folder cardgen may own.
    Whatever killed runs left there is put right first, before the data is even read."""
    if out_root is None or out_root.resolve() == output_root().resolve():
        recover_in(out_root or output_root())
        return out_root or output_root()
    try:
        claim_root(out_root)
    except OutputRefused as exc:
        raise Refusal(str(exc)) from None
    recover_in(out_root)
    return out_root


def mark_kit_root(target: Path) -> None:
    """Once a kit is in an `--out` folder, mark the folder as cardgen's (see kit_root)."""
    if target.is_dir() and target.resolve() != output_root().resolve():
        mark_root(target)


def folder_option(*decls: str, help: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """An option naming a folder, not a file (None when not given): click refuses a file there."""
    return click.option(
        *decls, type=click.Path(file_okay=False, path_type=Path), default=None, help=help
    )


data_option = folder_option(
    "--data", "data", help="Folder holding the games (default: ./card_data)."
)
kits_option = folder_option(
    "--out",
    "out_root",
    help="Folder to hold <game>/ (default: ./output); new, empty, or one cardgen made.",
)


def attempt(game_id: str, build: Callable[[], T], errors: ErrorTypes, failure: str) -> T | None:
    """What `build` made, or None once its failure is printed in one red line: a refused output
    folder as it is, one of `errors` as `<game>: <failure>: <why>` (the command goes on with the
    next game and exits 1 at the end)."""
    try:
        return build()
    except OutputRefused as exc:
        err.print(str(exc), style="red", markup=False)
    except errors as exc:
        err.print(f"{game_id}: {failure}: {exc}", style="red", markup=False)
    return None


def warn(game_id: str, problems: Iterable[object]) -> None:
    """A yellow line per problem a build met but got past (missing art, an unknown icon)."""
    for problem in problems:
        err.print(f"{game_id}: warning: {problem}", style="yellow", markup=False)


def offset_mm(value: str) -> tuple[float, float]:
    """`--offset X,Y`: how far to shift the backs, in millimetres."""
    hint = "give X,Y in millimetres, e.g. 0.5,-1"
    try:
        parts = [float(v) for v in value.replace(";", ",").split(",")]
    except ValueError:
        raise click.BadParameter(hint, param_hint="'--offset'") from None
    if len(parts) != 2:
        raise click.BadParameter(hint, param_hint="'--offset'")
    return parts[0], parts[1]


def policy_option(flag: str, help: str) -> Callable[[Any], Any]:
    """A check the build runs that either stops it ("error", the default) or warns."""
    return click.option(flag, type=click.Choice(["error", "warn"]), default="error",
                        show_default=True, help=help)  # fmt: skip
