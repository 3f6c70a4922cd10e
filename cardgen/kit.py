"""A game's whole kit: the print kit and the rulebooks, built and published together.

This sits on top of both rooms (beside the command line), so the print kit never needs to know
that rulebooks exist, and `cardgen build` still leaves a game's PDFs, PNGs and books side by side.
"""

from __future__ import annotations

from pathlib import Path

from cardgen.data.game import Game
from cardgen.printkit.build import BuildOptions, BuildReport, Progress, build_game, no_progress
from cardgen.printkit.faces import templates_root
from cardgen.printkit.paper import PrintOptions
from cardgen.rules.book import build_rules


def has_rulebook(game: Game) -> bool:
    return (templates_root(game) / game.id / "rules.md").is_file()


def rulebooks(game: Game, staging: Path, options: PrintOptions) -> tuple[list[str], list[Path]]:
    books = build_rules(game, staging / "rules", options.paper)
    return [f"rulebook: {p}" for p in books.problems], sorted((staging / "rules").iterdir())


def build_kit(
    game: Game, out_root: Path, options: BuildOptions, progress: Progress = no_progress
) -> BuildReport:
    """`cardgen build`: the print kit, plus the rulebooks when the game has rule text."""
    extras = [("typesetting the rulebook", rulebooks)] if has_rulebook(game) else []
    return build_game(game, out_root, options, progress, extras)
