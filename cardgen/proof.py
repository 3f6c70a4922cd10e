"""`cardgen proof GAME`: the contact sheets of every unique face (`cardgen.printkit.proof`).

The command lives in its own module; `cardgen.cli` registers it with the helpers every command
shares (finding games, the output folder), handed in so this module need not import the CLI.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import click
from rich.console import Console

from cardgen.data.database import load_game_or_raise
from cardgen.data.errors import DataError
from cardgen.data.game import Game
from cardgen.data.outputs import OutputRefused, Owner, record_outputs
from cardgen.printkit.paper import PAPERS_MM

Decorator = Callable[[Callable], Callable]


def proof_command(
    find_games: Callable[[tuple[str, ...], Path | None], list[Path]],
    kit_root: Callable[[Path | None], Path],
    mark_root: Callable[[Path], None],
    data_option: Decorator,
    kits_option: Decorator,
) -> click.Command:
    """The `proof` command, built around the CLI's shared helpers and options."""

    @click.command("proof")
    @click.argument("games", nargs=-1)
    @data_option
    @click.option("--paper", type=click.Choice(list(PAPERS_MM)), default="a4", show_default=True)
    @click.option("--type", "types", multiple=True, help="Only this component type (repeatable).")
    @click.option("--ink-saver", is_flag=True, help="Show the faces as the ink saver prints them.")
    @kits_option
    def proof(
        games: tuple[str, ...],
        data: Path | None,
        paper: str,
        types: tuple[str, ...],
        ink_saver: bool,
        out_root: Path | None,
    ) -> None:
        """Proof sheets of GAMES (default: all): every unique front and back once, with its id
        and copy count, as output/<game>/proof/proof-PAPER.pdf and a PNG per page."""
        from cardgen.printkit.proof import build_proof

        out, err = Console(), Console(stderr=True)
        folders = find_games(games, data)
        try:
            loaded = [load_game_or_raise(folder) for folder in folders]
        except DataError as exc:
            err.print(str(exc), style="red", markup=False)
            sys.exit(1)
        known = {t.id for game in loaded for t in game.spec.types}
        for name in types:
            if name not in known:
                raise click.BadParameter(f"{name!r} is no component type of these games",
                                         param_hint="'--type'")  # fmt: skip
        target = kit_root(out_root)
        failed = False
        for game in loaded:
            try:
                report = build_proof(game, target, paper, types, ink_saver)
            except (OutputRefused, OSError, ValueError) as exc:
                err.print(f"{game.id}: proof not written: {exc}", style="red", markup=False)
                failed = True
                continue
            _note_inputs(game, target / game.id, types)
            for problem in report.problems:
                err.print(f"{game.id}: warning: {problem}", style="yellow", markup=False)
            if report.folder is not None:
                mark_root(target)
                out.print(f"{game.id}: {report.faces} faces on {report.pages} pages -> "
                          f"{report.folder}", markup=False)  # fmt: skip
        sys.exit(1 if failed else 0)

    return proof


def _note_inputs(game: Game, folder: Path, types: tuple[str, ...]) -> None:
    """Record what the proof shows, so a later build can say when it is out of date."""
    from cardgen.kit import Inputs, made_from

    if not (folder / "proof").is_dir():
        return
    keys = None
    if types:
        keys = [f"{t}/{c.id}" for t in types for c in game.cards.get(t, [])]
    note = made_from(Inputs.of(game), "proof", keys)
    if note is not None:
        record_outputs(folder, Owner.KIT, {"proof": note})
