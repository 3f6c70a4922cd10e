"""Luturas's rulings: every clarification is named by a test of the test_luturas_rulings*
modules (rounds, combat, crystals, deploys, tools; the clarification id opens each docstring).
"""

from __future__ import annotations


def test_every_ruling_has_a_test() -> None:
    """Each row of clarifications.csv is named by a test of these files."""
    import importlib
    from pathlib import Path

    from cardgen.data.database import load_game_or_raise
    from companion.games.luturas.data import data_folder

    modules = [importlib.import_module(f"{__package__}.{path.stem}")
               for path in Path(__file__).parent.glob("test_luturas_rulings*.py")]  # fmt: skip
    names = {f.__doc__.split(":")[0] for m in modules for f in vars(m).values()
             if callable(f) and getattr(f, "__doc__", None)}  # fmt: skip
    rows = load_game_or_raise(data_folder()).cards["clarification"]
    assert sorted({row.id for row in rows} - names) == []
