"""Checks the games' ruling tests share: the rulings a game's clarifications.csv holds, the ones
its tests name at the opening of a docstring, and what each ruling links to."""

from __future__ import annotations

import ast
import csv
from pathlib import Path

from companion.games.rulings import Rulebook

HERE = Path(__file__).parent


def clarification_ids(folder: Path) -> set[str]:
    """The id of every ruling in the game's clarifications.csv."""
    with open(folder / "clarifications.csv", encoding="utf-8", newline="") as f:
        return {row["id"] for row in csv.DictReader(f)}


def named_at_openings(pattern: str) -> set[str]:
    """The rulings named at the opening of a test's docstring ("own-bar: ..." or "last-clash;
    Liese, third ability: ...") in the test modules here matching `pattern`; a ruling named
    only in passing does not count."""
    named: set[str] = set()
    for path in HERE.glob(pattern):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                opening = (ast.get_docstring(node) or "").split(":", 1)[0]
                named |= {part.strip() for part in opening.replace(";", ",").split(",")}
    return named


def linked_rulings(book: Rulebook) -> int:
    """How many of the book's rulings link a keyword or a card; every link must name a keyword
    or a card of its game."""
    keywords = {k for words in book.game.keywords.values() for k in words}
    cards = {c.id for c in book.game.records()}
    linked = 0
    for ruling in book.rulings.values():
        assert set(ruling.keywords) <= keywords, ruling.id
        assert set(ruling.concerns) <= cards, ruling.id
        linked += bool(ruling.keywords or ruling.concerns)
    return linked
