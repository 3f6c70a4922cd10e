"""Riposte's characters: the sheet, the deal and the secret choice (the clarification id opens
the docstring); the unlock and each ability are in test_riposte_abilities (positions and moves
in `riposte_characters`).
"""

from __future__ import annotations

import pytest

from companion.engine import HIDDEN, IllegalAction
from companion.games.riposte.state import CHOOSE, DEAL

from .riposte_characters import NAMES
from .test_riposte_rulings import (
    ANA,
    BEN,
    RULES,
    apply,
)


def test_every_character_on_the_sheet_has_its_abilities_in_the_engine():
    """The loader's list of known characters is exactly the ones abilities.py implements."""
    from companion.games.riposte import abilities as ab
    from companion.games.riposte.data import KNOWN_CHARACTERS

    assert {ab.CATO, ab.BRUNHILD, ab.SELA, ab.ROOK, ab.LIESE, ab.ORSA} == KNOWN_CHARACTERS
    assert set(RULES.data.characters) == KNOWN_CHARACTERS


# --- the deal and the choice ---------------------------------------------------------------------


def test_two_characters_dealt_one_kept_in_secret_then_revealed_together():
    """characters: each player is dealt two characters and keeps one in secret; only a dealt
    one may be kept; once both are kept they are revealed together and the rest go back to
    the box. The learning duel deals none."""
    state = RULES.new_state(NAMES)
    state, events = apply(state, {"type": "cast"})
    assert state.phase == CHOOSE and [len(o) for o in state.offered] == [2, 2]
    dealt = [*state.offered[ANA], *state.offered[BEN]]
    assert len(set(dealt)) == 4 and set(dealt) <= set(RULES.data.characters)
    other = state.offered[BEN][0]
    with pytest.raises(IllegalAction, match="Ana was not dealt that character"):
        apply(state, {"type": "character", "player": ANA, "character": other})
    state, _ = apply(state, {"type": "character", "player": BEN, "character": other})
    assert RULES.view(state, ANA)["characters"] == ["", HIDDEN]
    assert (
        RULES.sealed(state)
        == "A character kept face down cannot be changed until both are revealed."
    )
    kept = state.offered[ANA][1]
    state, events = apply(state, {"type": "character", "player": ANA, "character": kept})
    assert state.characters == (kept, other) and state.offered == ((), ()) and state.phase == DEAL
    assert f"Ana fights as {RULES.data.characters[kept].name}." in events
    assert "The other characters go back to the box." in events
    learning = RULES.new_state(NAMES | {"characters": False})
    assert learning.phase == DEAL and learning.characters == ("", "")
