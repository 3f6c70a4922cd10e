"""The pages refuse to undo a reveal (`Rules.reveals`), with the ruling's reason.

Riposte: once both secret characters are revealed, Undo is disabled with the reason and the
ruling a tap away, on the shared table, on each player's own device and against the app
(regression: Undo brought the choice back and a player picked again knowing the other's
character).
"""

from __future__ import annotations

import pytest

from companion import registry
from companion.engine import IllegalAction
from companion.games.riposte.seats import SEALED
from companion.store import seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, keys, match_of, save, screen, tap, text
from .test_app_riposte import new_game, uncover
from .test_app_rules_at_a_tap import explains

REVEALED = SEALED["characters revealed"]


home = pages.home


# --- Riposte: the characters ---------------------------------------------------------------------


def assert_characters_stay(at) -> None:
    """Undo is disabled with the reason under it and the ruling a tap away; the engine refuses
    it too."""
    assert at.button(key="rp_undo").disabled and REVEALED in text(at)
    title, said = explains(at, "rule_why_undo")
    assert title == "Choosing cards" and REVEALED in said
    assert "Kept characters are the same: once both are revealed, they stay chosen." in said
    with pytest.raises(IllegalAction, match="Both characters are revealed"):
        match_of(at).undo()


def test_two_players_revealed_characters_stay_chosen(home):
    at = uncover(tap(new_game(), "act_cast"))
    at = uncover(tap(at, keys(at, "act_character_")[0]))
    at = tap(at, keys(at, "act_character_")[0])
    assert all(match_of(at).state.characters) and match_of(at).state.phase == "deal"
    assert_characters_stay(at)
    saved = save(home, match_of(at))
    for seat in (P1, P2):
        own = screen(home, saved, seat_key(saved.key, saved.gid, seat))
        assert own.button(key="rp_undo").disabled and REVEALED in text(own)


def test_against_the_app_revealed_characters_stay_chosen(home):
    found = registry.entry("riposte")
    assert found is not None and found.opponents is not None
    at = tap(new_game(opponent="app", strength="easy"), "act_cast")  # the app keeps one at once
    at = tap(at, keys(at, "act_character_")[0])  # and Player 1's choice reveals both
    match = match_of(at)
    assert [(a["type"], a.get("player")) for a in match.log] == [
        ("cast", None), ("character", P2), ("character", P1)]  # fmt: skip
    assert all(match.state.characters) and match.state.phase == "deal"
    assert_characters_stay(at)
