"""A walk on Moonlighter's map reruns only the parts of the page it changes (issue 31), driven
headless (streamlit.testing AppTest).

A walk's callback asks Streamlit to rerun the walk's fragments alone (`screens.moonlighter.
redraw`). AppTest keeps only what a run drew, so after a walk its tree holds those fragments and
nothing else: the header, the cards' rules buttons and the tile box are not in it (a browser keeps
them as they were). That is what these tests read to tell a fragment run from a whole page's.
"""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.screens import session
from companion.screens.moonlighter import redraw
from companion.store import GameStore

from .apptest import open_app, tap

WALKED = "You walked to an empty white room at 0, 0."
STALE = "the game changed on another device; it has been reloaded"


def cleared_room() -> Match:
    """You stand in a cleared (green) room east of the start, free to walk back to it."""
    match = Match.start(MoonlighterRules(), {})
    match.play({"type": "roll_tile", "value": 3})  # enemies
    match.play({"type": "place_tile", "x": 1, "y": 0})
    while match.state.phase == "fight":
        match.play({"type": "roll_attack", "value": 2})
    assert match.state.phase == "explore" and match.state.at == (1, 0)
    return match


def walled_in_start() -> Match:
    """White rooms on every side of the start, where you stand: no free side to lay a tile."""
    match = Match.start(MoonlighterRules(), {})
    for x, y in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        for action in ({"type": "roll_tile", "value": 1}, {"type": "place_tile", "x": x, "y": y},
                       {"type": "move", "x": 0, "y": 0}):  # fmt: skip
            match.play(action)
    return match


def northwards(rooms: int) -> Match:
    """White rooms laid north of the start, one above the other; you stand in the last."""
    match = Match.start(MoonlighterRules(), {})
    for y in range(1, rooms + 1):
        match.play({"type": "roll_tile", "value": 1})
        match.play({"type": "place_tile", "x": 0, "y": y})
    return match


def opened(db: Path, match: Match) -> tuple[AppTest, str, str]:
    """`match` saved and opened on the shared table: the page, the game's id and the key."""
    store = GameStore(db)
    gid = store.create(match)
    key = store.grant(gid)
    return open_app(gid, key), gid, key


def keys(at: AppTest) -> set[str]:
    return {b.key for b in at.button if b.key}


def page_text(at: AppTest) -> str:
    return "\n".join([h.value for h in at.html] + [m.value for m in at.markdown])


def match_of(at: AppTest) -> Match:
    return at.session_state[session.MATCH]


def test_a_walk_reruns_the_map_and_what_changed_with_it_and_nothing_else(db):
    at, gid, _ = opened(db, cleared_room())
    assert {"ml_undo", "rule_ml_card_room", "rule_ml_tile_white", "act_roll_tile"} <= keys(at)
    assert at.button(key="rule_ml_here").label == "G · you"
    at = tap(at, "act_move_x0_y0")
    assert match_of(at).state.at == (0, 0)
    assert GameStore(db).load_match(gid)[1].log == match_of(at).log  # stored, as every action
    shown = keys(at)
    # Not rerun: the header, the status cards' buttons, the tile box, and the dice (a tile may
    # still be rolled: the dice show what they showed).
    assert not shown & {"ml_undo", "rule_ml_card_room", "rule_ml_tile_white", "act_roll_tile"}
    # Rerun: the map with you in the room walked to, the cards' faces, the next step, the log.
    assert at.button(key="rule_ml_here").label == "W · you"
    assert at.button(key="act_move_x1_y0").label == "G"
    text = page_text(at)
    assert "White" in text and "· empty" in text  # the room card
    assert WALKED in text  # the just-now strip
    assert f"<b>7.</b> {WALKED}" in text  # the log's newest line, above what was drawn before
    assert "<b>6.</b>" not in text  # the older lines were left as the page drew them
    assert not at.warning
    assert at.session_state[redraw.CARD_RULES]["room"] == ("card", "white_room")


def test_after_walks_the_whole_page_is_what_a_new_device_draws(db):
    at, gid, key = opened(db, cleared_room())
    at = tap(tap(at, "act_move_x0_y0"), "act_move_x1_y0")
    assert "<b>8.</b> You walked to" in page_text(at) and f"<b>7.</b> {WALKED}" in page_text(at)
    at.run()  # the whole page, as a browser holds it after the walks
    fresh = open_app(gid, key)  # another device opening the game now
    assert [b.key for b in at.button] == [b.key for b in fresh.button]
    assert [b.label for b in at.button] == [b.label for b in fresh.button]
    assert [h.value for h in at.html] == [h.value for h in fresh.html]
    at = tap(at, "ml_undo")  # undo takes the last walk back, and runs the whole page
    assert match_of(at).state.at == (0, 0)
    assert at.button(key="rule_ml_here").label == "W · you"
    assert "ml_undo" in keys(at)


def test_a_walk_reruns_the_rows_of_the_squares_it_changed(db):
    at, _, _ = opened(db, northwards(2))
    assert {"act_move_x0_y0", "act_move_x0_y1", "rule_ml_here"} <= keys(at)
    at = tap(at, "act_move_x0_y0")
    # The row you left and the row you reached; the room between them is left as it was.
    assert keys(at) == {"act_move_x0_y2", "rule_ml_here"}
    assert at.button(key="rule_ml_here").label == "W · you"


def test_a_map_that_moves_to_follow_you_is_drawn_again_whole(db):
    at, _, _ = opened(db, northwards(8))  # nine rooms in a column: the map shows seven rows
    beyond = "The map follows you: 3 more rooms lie beyond its edges."
    assert beyond in [c.value for c in at.caption]
    assert "act_move_x0_y0" in keys(at)  # the start is beyond the map: a walk in words
    at = tap(at, "act_move_x0_y0")
    shown = keys(at)
    assert {f"act_move_x0_y{y}" for y in range(1, 6)} | {"rule_ml_here"} <= shown  # every row
    assert {"act_move_x0_y6", "act_move_x0_y7", "act_move_x0_y8"} <= shown  # beyond, in words
    assert "ml_undo" not in shown  # still the walk's parts alone
    assert beyond in [c.value for c in at.caption]


def test_a_walk_that_changes_what_the_dice_show_reruns_them(db):
    at, _, _ = opened(db, walled_in_start())
    assert "act_roll_tile" not in keys(at) and at.button(key="no_roll_tile").disabled
    at = tap(at, "act_move_x1_y0")  # a room with free sides: the tile die may be rolled
    assert {"act_roll_tile", "act_roll_tile_v0", "rule_ml_die_tile"} <= keys(at)
    assert "no_roll_tile" not in keys(at) and "ml_undo" not in keys(at)
    at = tap(at, "act_move_x0_y0")  # back where no tile can go: the roll is refused, with why
    assert "act_roll_tile" not in keys(at) and at.button(key="no_roll_tile").disabled
    assert "No free side next to this room: move to another room first." in page_text(at)
    assert "rule_why_roll_tile" in keys(at)


def test_a_walk_refused_as_stale_runs_the_whole_page_and_says_why(db):
    first, gid, key = opened(db, cleared_room())
    second = open_app(gid, key)  # the same game on a second tablet
    tap(first, "act_move_x0_y0")
    tap(second, "act_move_x0_y0")  # it still showed the walk: its save is stale
    assert [w.value for w in second.warning] == [STALE]
    assert "ml_undo" in keys(second)  # the whole page, with what the other tablet played
    assert second.button(key="rule_ml_here").label == "W · you"
    assert match_of(second).log == match_of(first).log
    assert GameStore(db).load_match(gid)[1].log == match_of(first).log
