"""What every card game's page does alike, driven headless through the real app (AppTest) once
for each game in card_game_pages.GAMES: the chooser's options, a reload, back to the games and
continue, a watcher; the rulings its engine and page cite, and its rules panel. What is a game's
own stays in its file (test_app_<game>.py, test_app_<game>_rules.py)."""

from __future__ import annotations

import ast

import pytest
from streamlit.testing.v1 import AppTest

from cardgen.data.project import REPO_ROOT
from companion.games.rulings import rulebook
from companion.registry import GAMES as SHELF
from companion.screens import session
from companion.screens.keys import WALK

from . import apptest
from . import card_game_pages as pages
from .card_game_pages import GAMES, CardGame, keys, match_of, text
from .test_app_rules_at_a_tap import dialog
from .test_rulings_cited import citations

home = pages.home
SHELF_TITLES = {g.id: g.title for g in SHELF}
each_game = pytest.mark.parametrize("game", GAMES.values(), ids=list(GAMES))


def started(game: CardGame, **chosen) -> AppTest:
    return pages.new_game(game.gid, lambda at, key: tap(game, at, key), **chosen)


def tap(game: CardGame, at: AppTest, key: str) -> AppTest:
    """`key` tapped: only legal actions shown, and for some games none of them disabled."""
    pages.tap(at, key)
    if game.enabled:
        assert not any(b.disabled for b in at.button if b.key in keys(at, "act_"))
    return at


def test_the_chooser_lists_every_game_and_every_one_is_playable(home):
    at = apptest.open_app()
    assert [h.value for h in at.subheader] == [g.title for g in SHELF]
    assert all(at.button(key=f"new_{g.id}").label == "New game" for g in SHELF)


@each_game
def test_the_chooser_offers_the_game_with_its_options(home, game):
    at = apptest.open_app()
    assert at.button(key=f"new_{game.gid}").label == "New game"
    shown = [(s.key, s.value) for s in at.segmented_control if s.key.startswith(f"opt_{game.gid}_")]
    assert shown == [(f"opt_{game.gid}_{k}", v) for k, v in game.options.items()]
    at = started(game, **game.chosen)
    assert match_of(at).options == game.started
    assert match_of(at).state.phase == game.phase and tuple(keys(at, "act_")) == game.opening
    assert game.title in text(at)


@each_game
def test_back_to_games_and_continue(home, game):
    at = tap(game, started(game, **game.more), game.first)
    gid = at.session_state[session.GID]
    at = tap(game, at, f"{game.prefix}_back")
    assert session.QUERY not in at.query_params and WALK not in at.query_params
    at = tap(game, at, f"open_{gid}")
    assert [a["type"] for a in match_of(at).log] == [game.first.removeprefix("act_")]


@each_game
def test_a_watcher_only_watches(home, game):
    """The game's link without a key: nothing to tap but the way back, and Undo disabled."""
    at = tap(game, started(game, **game.more), game.first)
    watcher = apptest.open_app(at.session_state[session.GID])
    assert session.WATCHING in text(watcher) and keys(watcher, "act_") == []
    assert watcher.button(key=f"{game.prefix}_undo").disabled


@pytest.mark.parametrize("game", [g for g in GAMES.values() if g.reload], ids=lambda g: g.gid)
def test_a_reload_keeps_the_game_with_the_cover_down(home, game):
    at = started(game, **{k: v for k, v in game.options.items() if k != "opponent"})
    for step in game.reload:
        at = tap(game, at, step if step in keys(at) else keys(at, step)[0])
    gid, key = at.session_state[session.GID], at.query_params[session.KEY]
    again = apptest.open_app(gid, key)  # a new browser session with the same URL
    assert match_of(again).to_json() == match_of(at).to_json()
    assert game.reloaded in text(again)
    assert game.then in text(again)  # the cover is down after a reload
    assert keys(again, "act_") == []


# --- every ruling cited exists -------------------------------------------------------------------

CITED = {  # rulings each game's engine or page must cite, among all it cites
    "riposte": {"no-legal-play", "liese-ignore", "simultaneous-choice", "rook-once"},
    "va_card_game": {"hp-lowering-gear", "ad-lowering-gear", "equipment-limit",
                     "living-hero-stays", "declaration-order", "simultaneous-strikes",
                     "block-damage"},
}  # fmt: skip


@pytest.mark.parametrize("gid", CITED)
def test_the_engine_and_the_page_cite_only_rulings_of_clarifications_csv(gid):
    book = rulebook(gid)
    sources = [*sorted((REPO_ROOT / "companion" / "games" / gid).glob("*.py")),
               *sorted((REPO_ROOT / "companion" / "screens" / gid).glob("*.py"))]  # fmt: skip
    cited = set()
    for path in sources:
        for line, arg in citations(path):
            where = f"{path.relative_to(REPO_ROOT)}:{line}"
            assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), where
            assert arg.value in book.rulings, f"{where}: no ruling {arg.value!r}"
            cited.add(arg.value)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "ruling":
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and arg.value in book.rulings, path
                cited.add(arg.value)
    assert CITED[gid] <= cited


# --- the rules panel -----------------------------------------------------------------------------

PANELS = {  # a word searched for, a ruling it finds and one it does not
    "riposte": ("liese", "liese-ignore", "reshuffle"),
    "va_card_game": ("war paint", "hp-lowering-gear", "block-vs-block"),
}


@pytest.mark.parametrize("gid", PANELS)
def test_the_rules_panel_searches_its_reference_and_rulings(home, gid):
    game, book, (word, found, absent) = GAMES[gid], rulebook(gid), PANELS[gid]
    at = tap(game, started(game, **game.more), f"rule_{game.prefix}_panel")
    assert dialog(at)[0] == f"{SHELF_TITLES[gid]}: rules"
    shown = [m.value.split("\n")[0] for m in at.markdown if m.value.startswith("#### ")]
    assert shown == [f"#### {s.title}" for s in book.reference]
    at.text_input(key=f"rule_search_{gid}").input(word).run()
    _, said = dialog(at)
    assert book.ruling(found).decision in said
    assert book.ruling(absent).decision not in said
    tap(game, at, "rule_close")
    assert dialog(at) == ("", "")
