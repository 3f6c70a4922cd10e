"""The app's reason for its move on the page: after it moves, the "just now" strip and the log
say why ("Rival (the app): ..."), a reload of the page still says it, and Undo takes it back
with the move. The reasons themselves are test_opponent_reasons.py."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest

from companion.screens import session

from . import apptest
from . import card_game_pages as pages
from .card_game_pages import P1, P2, keys, match_of, tap
from .test_app_va_card_game import next_tap

home = pages.home
APP_SAYS = "Rival (the app): "


def reasons(at: AppTest) -> list[str]:
    """The app's reasons in the game's log, oldest first."""
    return [e for said in match_of(at).events for e in said if e.startswith(APP_SAYS)]


def reloaded(at: AppTest) -> AppTest:
    """The same URL opened in a new browser session."""
    return apptest.open_app(at.session_state[session.GID], at.query_params[session.KEY])


def answered(at: AppTest) -> bool:
    """Whether the last move is the app's, with its reason."""
    match = match_of(at)
    return match.log[-1].get("player") == P2 and match.events[-1][-1].startswith(APP_SAYS)


def assert_shown_and_kept(at: AppTest) -> str:
    """The app's reason for its last move: the last sentence of that move's log entry, shown
    twice on the page (the "just now" strip and the log), and so again after a reload."""
    assert answered(at)
    said, last = reasons(at), match_of(at).events[-1][-1]
    assert pages.read(at).count(last) == 2
    again = reloaded(at)
    assert reasons(again) == said
    assert pages.read(again).count(last) == 2
    return last


def test_riposte_the_page_says_why_the_app_picked_and_undo_takes_it_back(home):
    at = tap(pages.new_game("riposte", characters=False, opponent="app", strength="strong"),
             "act_deal")  # fmt: skip
    while match_of(at).state.active != P1:
        at = tap(at, keys(at, "act_")[0])
    before = reasons(at)
    at = tap(at, "act_take_0_0")
    assert match_of(at).log[-1]["player"] == P2  # the app has picked in turn
    last = assert_shown_and_kept(at)
    assert last.removeprefix(APP_SAYS).startswith(("takes the ", "draws blind: "))
    at = tap(at, "rp_undo")
    assert reasons(at) == before and last not in pages.read(at)


def test_va_the_page_says_why_the_app_placed_its_hero(home):
    at = tap(tap(pages.new_game("va_card_game", opponent="app", strength="strong"), "va_toss_0"),
             "act_deal")  # fmt: skip
    at = tap(tap(at, keys(at, "va_hero_")[0]), "va_place")
    at = tap(at, keys(at, "act_prepare_")[0])
    assert match_of(at).state.phase == "declare"  # the app placed its hero: both are revealed
    assert any(r.startswith(f"{APP_SAYS}expects your opening hero") for r in reasons(at))
    for turn in range(60):  # to a move of the app's answering one of Player 1's
        if answered(at):
            break
        at = tap(at, next_tap(at, turn))
    last = assert_shown_and_kept(at)
    assert last.removeprefix(APP_SAYS).startswith(
        ("reckons its chances at ", "brings in its ", "equips the ", "keeps its equipment")
    )
