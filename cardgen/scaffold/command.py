"""`cardgen new NAME`: a new game folder that validates, builds and plays at once (the logic and
the shapes are `cardgen.scaffold`'s; this is the command line around them)."""

from __future__ import annotations

from pathlib import Path

import click

from cardgen.cli_common import Named, Refusal, data_option, out
from cardgen.data.project import data_root


def _shapes() -> tuple[str, ...]:
    from cardgen.scaffold import SHAPES

    return SHAPES


@click.command("new")
@click.argument("name")
@click.option(
    "--players",
    type=int,
    default=None,
    help="Players at the table (default: 2 for a duel, 1 for solo).",
)
@click.option(
    "--shape",
    type=Named("shape", _shapes),
    default="duel",
    show_default=True,
    help="duel: players share a deck, play creatures against each other's health and roll a die; "
    "solo: one player, a die and a small deck, racing a round clock to a target score.",
)
@data_option
def new(name: str, players: int | None, shape: str, data: Path | None) -> None:
    """Start the game NAME: data, layouts, rulebook and a table for the companion.

    It validates and builds at once; nothing that exists is ever overwritten (docs/new-game.md).
    """
    from cardgen.data.database import display_path
    from cardgen.scaffold import ScaffoldRefused, new_game

    try:
        made = new_game(name, shape, players, data_root(data))
    except ScaffoldRefused as exc:
        raise Refusal(str(exc)) from None
    where = f" --data {data}" if data is not None else ""
    seats = "1 player" if made.players == 1 else f"{made.players} players"
    out.print(f"{made.id}: made {display_path(made.folder)} ({made.shape}, {seats}, "
              f"{made.components} cards) and its layouts and rulebook in "
              f"{display_path(made.layouts)}", markup=False)  # fmt: skip
    out.print(f"Next: edit {display_path(made.folder / made.deck_sheet)} in a spreadsheet, then "
              f"cardgen build {made.id}{where}; play it in the companion (docs/new-game.md)",
              markup=False)  # fmt: skip
