"""The one door from cardgen to the rules engines (`cardgen.engines`), from both sides.

The print commands work where the companion, or its streamlit and OpenSpiel, is not installed
(simulated in a fresh interpreter whose imports of them fail); the engines reach cardgen without
streamlit or OpenSpiel; and the companion's provider keeps the interface cardgen declares.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from cardgen import engines
from cardgen.balance.adapters import ADAPTERS
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import worked_examples

SHIPPED = REPO_ROOT / "card_data"

# Run first in the child interpreter: the named top-level packages cannot be imported, as if
# they were not installed, and every attempt is noted.
BLOCK = """
import sys

class Absent:
    def __init__(self, names):
        self.names, self.tried = set(names), []

    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in self.names:
            self.tried.append(name)
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

ABSENT = Absent(sys.argv[1].split(","))
sys.meta_path.insert(0, ABSENT)
"""


def run_without(absent: str, body: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`body` in a fresh interpreter in which the packages in `absent` cannot be imported."""
    return subprocess.run(
        [sys.executable, "-c", BLOCK + body, absent, *args],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        check=False,
        timeout=300,
    )


PRINT = """
from cardgen.cli import main

def command(*argv):
    try:
        main(list(argv), prog_name="cardgen", standalone_mode=False)
    except SystemExit as stop:
        assert stop.code in (0, None), (argv, stop.code)

out = sys.argv[2]
command("validate", "--quiet")
command("build", "moonlighter", "--no-png", "--no-tts", "--out", out)
loaded = sorted(m for m in sys.modules if m.split(".")[0] in ABSENT.names)
print("loaded:", loaded)
"""


def test_validate_and_build_never_need_the_companion(tmp_path: Path) -> None:
    done = run_without("companion,streamlit,pyspiel,open_spiel", PRINT, str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "loaded: []" in done.stdout
    built = tmp_path / "out" / "moonlighter"
    for name in ("print-a4.pdf", "rules.pdf", "reference.pdf"):
        assert (built / name).stat().st_size > 1000


ENGINES_ONLY = """
from cardgen.balance.adapters import ADAPTERS
from cardgen.balance.snapshot import from_folder
from cardgen.balance.workers import play_chunk
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import worked_examples

examples, broken = worked_examples(load_game_or_raise(REPO_ROOT / "card_data" / "riposte"))
assert examples and broken == [], broken
records = play_chunk(from_folder(REPO_ROOT / "card_data" / "riposte"), "riposte", "app-easy",
                     1, 0, 2)
assert [r.index for r in records] == [0, 1] and all(r.finished for r in records)
print("bots:", ADAPTERS["riposte"].bot_names())
print("companion:", "companion.provides" in sys.modules)
print("loaded:", sorted(m for m in sys.modules if m.split(".")[0] in ABSENT.names))
"""


def test_the_engines_reach_cardgen_without_streamlit_or_openspiel() -> None:
    """Worked examples and a balance game through the interface, with the companion's UI and
    search libraries absent: the search bots are then simply not offered."""
    done = run_without("streamlit,pyspiel,open_spiel", ENGINES_ONLY)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "bots: ['app', 'app-easy', 'random']" in done.stdout
    assert "companion: True" in done.stdout
    assert "loaded: []" in done.stdout


@pytest.mark.parametrize("game_id", sorted(ADAPTERS))
def test_the_companion_provides_an_engine_for_every_balanced_game(game_id: str) -> None:
    engine = engines.engine(game_id)
    assert engine is not None
    game = load_game_or_raise(SHIPPED / game_id)
    rules = engine.rules(game)
    state = rules.new_state(dict(ADAPTERS[game_id].options) | {"seed": 1})
    assert rules.legal_actions(state) and not rules.is_over(state)
    assert engine.step_rng(3, 7).random() == engine.step_rng(3, 7).random()
    for kind in engine.app_bots:
        assert callable(engine.bot(kind, rules, 0, 1, ADAPTERS[game_id].options).choose)
    examples, broken = engine.worked_examples(game)
    assert examples and broken == []


def test_a_game_without_an_engine_has_no_worked_examples(tmp_path: Path) -> None:
    from .conftest import write_game

    game = load_game_or_raise(write_game(tmp_path / "testgame"))
    assert engines.engine("testgame") is None
    assert worked_examples(game) == ({}, [])


def test_no_provider_installed_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.metadata

    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [])
    engines.providers.cache_clear()
    try:
        with pytest.raises(engines.NoEngines, match=r"^none is installed$"):
            engines.engine("riposte")
        assert engines.engine_or_none("riposte") is None
        game = load_game_or_raise(SHIPPED / "riposte")
        assert worked_examples(game) == ({}, [])
    finally:
        engines.providers.cache_clear()
