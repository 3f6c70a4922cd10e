"""The Moonlighter page driven headless through the real app (streamlit.testing AppTest).

Every test starts from the chooser with its own SQLite file, taps buttons by key and checks what
the page offers against the engine's legal actions: the page may only ever show those.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter.checks import ROLLS
from companion.registry import GAMES
from companion.screens import session
from companion.screens.moonlighter import action_key
from companion.store import GameStore, StoreError, seat_key

from .apptest import double_tap, open_app, seeded_tables, tap

SEED = 2  # a seed whose first-button walk meets fights, chests and a fall within 150 taps


def new_game() -> AppTest:
    at = open_app()
    at.button(key="new_moonlighter").click().run()
    assert not at.exception, at.exception
    assert at.query_params[session.QUERY] == at.session_state[session.GID]
    return at


def tapped(*keys: str) -> AppTest:
    """A new game with `keys` tapped in turn."""
    at = new_game()
    for key in keys:
        at = tap(at, key)
    return at


def match_of(at: AppTest) -> Match:
    return at.session_state[session.MATCH]


def action_buttons(at: AppTest) -> list:
    return [b for b in at.button if b.key and b.key.startswith("act_")]


def expected_keys(match: Match) -> set[str]:
    """One button per legal action, plus a face button per face of each legal roll."""
    keys = set()
    for action in match.legal_actions():
        keys.add(action_key(action))
        if action["type"] in ROLLS:
            faces = match.rules.data.faces[ROLLS[action["type"]]]
            keys.update(action_key(action, value) for value in faces)
    return keys


def assert_only_legal(at: AppTest) -> None:
    shown = [b.key for b in action_buttons(at)]
    assert len(shown) == len(set(shown))
    assert set(shown) == expected_keys(match_of(at))
    assert not any(b.disabled for b in action_buttons(at))


def html_text(at: AppTest) -> str:
    return "\n".join([h.value for h in at.html] + [m.value for m in at.markdown])


def labels(at: AppTest) -> dict[str, str]:
    return {b.key: b.label for b in action_buttons(at)}


def saved(db: Path, gid: str) -> Match:
    return GameStore(db).load_match(gid)[1]


# --- the chooser -------------------------------------------------------------------------------


def test_the_chooser_lists_all_five_games_and_every_one_is_playable(db):
    at = open_app()
    assert [h.value for h in at.subheader] == [g.title for g in GAMES]
    assert len(GAMES) == 5
    assert all(g.playable for g in GAMES)
    for game in GAMES:
        start = at.button(key=f"new_{game.id}")
        assert (start.label, start.disabled) == ("New game", False)


def test_a_new_game_opens_on_its_page_with_the_tile_die_only(db):
    at = new_game()
    assert_only_legal(at)
    shown = labels(at)
    assert shown["act_roll_tile"] == "Roll the tile die for me"
    assert [shown[f"act_roll_tile_v{v}"] for v in range(10)] == [str(v) for v in range(10)]
    assert at.button(key="ml_undo").disabled  # nothing to undo yet
    text = html_text(at)
    assert "Moonlighter · Dungeon 1 of 5" in text
    assert "You stand in the white starting room" in text
    assert ">5 / 5<" in text and ">25<" in text and ">0 / 10<" in text  # hearts, pool, greens


# --- rolls, placement, fights and chests -------------------------------------------------------


def test_a_physical_roll_is_played_with_its_value_and_shown_as_a_die(db):
    at = tap(new_game(), "act_roll_tile_v3")
    match = match_of(at)
    assert match.log == [{"type": "roll_tile", "value": 3}]
    assert (match.state.phase, match.state.rolled) == ("place", "orange")
    text = html_text(at)
    assert 'aria-label="d10 showing 3"' in text
    assert "You rolled 3 on the tile die: an orange enemy room. Place it next to your room." in text
    assert "First place the orange tile you rolled on a free side of your room." in text
    assert_only_legal(at)
    assert labels(at) == {  # the four free sides, squares on the map to tap
        "act_place_tile_x0_y1": "Place ↑",
        "act_place_tile_x-1_y0": "Place ←",
        "act_place_tile_x1_y0": "Place →",
        "act_place_tile_x0_y-1": "Place ↓",
    }


def test_placing_an_enemy_room_starts_a_fight_that_may_be_left(db):
    at = tap(tap(new_game(), "act_roll_tile_v4"), "act_place_tile_x0_y1")
    state = match_of(at).state
    assert (state.phase, state.at, state.foes) == ("fight", (0, 1), (2, 2))
    assert_only_legal(at)
    assert labels(at)["act_leave_room"] == "Leave the room (enemies heal)"
    assert labels(at)["act_roll_attack"] == "Attack: roll for me"
    assert "2 up" in html_text(at) and "Enemy 2:" in html_text(at)
    at = tap(at, "act_roll_attack_v2")
    assert match_of(at).state.foes == (1, 2)
    assert 'aria-label="d6 showing 2"' in html_text(at)
    assert "you hit the first enemy (1 heart left)" in html_text(at)
    at = tap(at, "act_leave_room")
    assert (match_of(at).state.phase, match_of(at).state.at) == ("explore", (0, 0))
    assert_only_legal(at)


def test_a_locked_room_offers_no_way_out(db):
    at = tap(tap(new_game(), "act_roll_tile_v6"), "act_place_tile_x1_y0")
    assert_only_legal(at)
    assert "act_leave_room" not in labels(at)
    assert "You are locked in: defeat both enemies first." in html_text(at)


def test_a_chest_rolls_the_loot_die_and_offers_its_pawn(db):
    at = tap(tap(new_game(), "act_roll_tile_v9"), "act_place_tile_x1_y0")
    assert match_of(at).state.phase == "loot"
    assert_only_legal(at)
    assert labels(at)["act_roll_loot"] == "Open the chest: roll for me"
    at = tap(at, "act_roll_loot_v1")
    assert 'aria-label="d8 showing 1"' in html_text(at)
    assert_only_legal(at)
    assert labels(at) == {
        "act_take_pawn": "Take the red pawn (2× hits on the boss)",
        "act_keep_pawn": "Keep your white pawn",
    }
    at = tap(at, "act_take_pawn")
    assert match_of(at).state.pawn == "red"
    assert "Bossbreaker" in html_text(at)
    assert_only_legal(at)
    assert labels(at)["act_swap_pawn"] == "Swap your red pawn for the white one here"
    at = tap(at, "act_move_x0_y0")
    assert labels(at)["act_move_x1_y0"] == "Y ♟"  # the chest room on the map, its pawn inside
    assert (
        at.button(key="act_move_x1_y0").help == "Walk to the yellow chest room (white pawn in it)"
    )


# --- refusals, undo, reloads -------------------------------------------------------------------


def test_a_double_tap_is_refused_with_the_engines_reason_and_changes_nothing(db):
    at = new_game()
    gid = at.session_state[session.GID]
    double_tap(at, "act_roll_tile_v3", "act_roll_tile_v9")  # the second lands after the first
    match = match_of(at)
    assert len(match.log) == 1  # one roll played, the other refused
    rolled = match.state.rolled
    reason = f"First place the {rolled} tile you rolled on a free side of your room."
    assert [w.value for w in at.warning] == [reason]
    assert match.check({"type": "roll_tile", "value": 9}) == reason
    assert saved(db, gid).log == match.log  # what was saved is what was played
    at.run()  # the warning is shown once
    assert not at.warning
    assert_only_legal(at)


def test_a_tap_from_a_device_that_missed_a_move_is_refused_and_reloaded(db):
    first = new_game()
    gid = first.session_state[session.GID]
    second = open_app(gid, first.query_params[session.KEY])  # the same game, a second tablet
    tap(first, "act_roll_tile_v3")
    tap(second, "act_roll_tile_v0")  # still showed the roll buttons: its save is stale
    assert [w.value for w in second.warning] == [
        "the game changed on another device; it has been reloaded"
    ]
    assert match_of(second).log == match_of(first).log == [{"type": "roll_tile", "value": 3}]
    assert saved(db, gid).log == match_of(first).log
    assert_only_legal(second)


def test_undo_takes_back_one_move_and_cannot_reroll(db):
    at = tap(new_game(), "act_roll_tile")  # rolled by the app
    rolled = match_of(at).log[-1]["value"]
    at = tap(at, "ml_undo")
    assert match_of(at).log == []
    assert at.button(key="ml_undo").disabled
    assert_only_legal(at)
    at = tap(at, "act_roll_tile")
    assert match_of(at).log[-1]["value"] == rolled  # the same die face comes back
    at = tap(tap(at, "act_place_tile_x1_y0"), "ml_undo")
    assert match_of(at).state.phase == "place"
    assert_only_legal(at)
    assert saved(db, at.session_state[session.GID]).log == match_of(at).log


def test_a_reload_resumes_exactly_the_same_game(db):
    at = tapped("act_roll_tile_v5", "act_place_tile_x0_y1", "act_roll_attack_v6")
    gid = at.session_state[session.GID]
    before = match_of(at)
    reloaded = open_app(gid, at.query_params[session.KEY])  # a new session, the same URL
    after = match_of(reloaded)
    assert after.to_json() == before.to_json()
    assert after.events == before.events
    assert after.rules.to_json(after.state) == before.rules.to_json(before.state)
    assert [h.value for h in reloaded.html] == [h.value for h in at.html]
    assert [b.key for b in reloaded.button] == [b.key for b in at.button]


def test_back_to_games_returns_to_the_chooser_with_the_game_to_continue(db):
    at = tap(new_game(), "act_roll_tile_v1")
    gid = at.session_state[session.GID]
    at = tap(at, "ml_back")
    assert session.QUERY not in at.query_params
    assert at.button(key="new_moonlighter").label == "New game"
    at = tap(at, f"open_{gid}")
    assert match_of(at).log == [{"type": "roll_tile", "value": 1}]


# --- a long game -------------------------------------------------------------------------------


def test_150_taps_on_the_first_button_meet_fights_and_chests(db, monkeypatch):
    seeded_tables(monkeypatch, SEED)
    at = new_game()
    assert match_of(at).seed == SEED
    phases: set[str] = set()
    for _ in range(150):
        shown = action_buttons(at)  # the map's walks first, then the buttons beside it
        first = next((b for b in shown if not b.key.startswith("act_move_")), shown[0])
        first.click().run()
        assert not at.exception, at.exception
        assert not at.warning, [w.value for w in at.warning]
        assert_only_legal(at)
        phases.add(str(match_of(at).state.phase))
    assert {"fight", "loot", "choose", "place", "explore", "fallen"} <= phases
    assert any(a["type"] == "take_pawn" for a in match_of(at).log)
    assert saved(db, at.session_state[session.GID]).log == match_of(at).log


def beat_dungeon(match: Match) -> None:
    """Clear rooms in a line eastwards with typed rolls until the boss opens, then beat it."""
    needed = match.rules.data.dungeon(match.state.dungeon).greens_for_boss
    for _ in range(needed):
        x = match.state.at[0]
        match.play({"type": "roll_tile", "value": 3})
        match.play({"type": "place_tile", "x": x + 1, "y": 0})
        while match.state.phase == "fight":
            match.play({"type": "roll_attack", "value": 2})
    match.play({"type": "roll_tile", "value": 0})
    match.play({"type": "place_tile", "x": match.state.at[0] + 1, "y": 0})
    while match.state.phase == "fight":
        match.play({"type": "roll_attack", "value": 2})


def test_a_beaten_boss_offers_the_next_dungeon_and_the_last_one_ends_the_game(db):
    at = new_game()
    gid = at.session_state[session.GID]
    match = match_of(at)
    beat_dungeon(match)
    GameStore(db).save(gid, match, at.session_state[session.VERSION])
    key = at.query_params[session.KEY]
    at = open_app(gid, key)
    assert_only_legal(at)
    assert labels(at) == {"act_next_dungeon": "Next dungeon (2)"}
    assert "The boss falls: dungeon 1 is complete. Go on to dungeon 2." in html_text(at)
    at = tap(at, "act_next_dungeon")
    assert "Moonlighter · Dungeon 2 of 5" in html_text(at)
    assert ">6 / 6<" in html_text(at) and ">0 / 15<" in html_text(at)
    match = match_of(at)
    while match.state.phase != "won":
        beat_dungeon(match)
        if match.state.phase == "cleared":
            match.play({"type": "next_dungeon"})
    GameStore(db).save(gid, match, at.session_state[session.VERSION])
    at = open_app(gid, key)
    assert action_buttons(at) == []
    assert "You beat the last boss: the game is won!" in html_text(at)
    at = tap(at, "ml_new")  # a fresh game, with its own id
    assert at.session_state[session.GID] != gid
    assert match_of(at).log == []


# --- saved games in and out --------------------------------------------------------------------


def test_an_exported_game_imports_as_the_same_game(db):
    at = tapped("act_roll_tile_v9", "act_place_tile_x0_y-1", "act_roll_loot_v7")
    gid = at.session_state[session.GID]
    store = GameStore(db)
    exported = store.export_json(gid)
    copy = store.import_json(exported.encode())
    assert copy != gid
    assert saved(db, copy).to_json() == saved(db, gid).to_json()
    chooser = tap(at, "ml_back")
    chooser.file_uploader(key="import_file").set_value(
        ("save.json", exported.encode(), "text/json")
    )
    chooser.run()
    chooser = tap(chooser, "import_go")  # imports, then opens the imported game's page
    imported = chooser.session_state[session.GID]
    assert imported not in (gid, copy)
    assert match_of(chooser).to_json() == saved(db, gid).to_json()
    assert "the chest holds the pink pawn" in html_text(chooser)
    assert_only_legal(chooser)


def test_a_corrupt_save_is_refused_with_a_message_and_nothing_is_added(db):
    at = tap(new_game(), "ml_back")
    store = GameStore(db)
    count = len(store.list())
    with pytest.raises(StoreError, match=r"not a saved game \(not JSON\)"):
        store.import_json(b'{"format": 1, "game": "moonlighter",')
    bad_die = json.loads(store.export_json(store.list()[0].id))
    bad_die["log"] = [{"type": "roll_tile", "value": 42}]
    with pytest.raises(StoreError, match="entry 1 of the log: The tile die shows 0 to 9; 42"):
        store.import_json(json.dumps(bad_die))
    at.file_uploader(key="import_file").set_value(("save.json", b"{oops", "text/json")).run()
    at = tap(at, "import_go")
    assert [e.value for e in at.error] == ["Not imported: this is not a saved game (not JSON)"]
    assert len(store.list()) == count
    assert session.QUERY not in at.query_params


# --- devices -------------------------------------------------------------------------------------


def test_a_game_link_without_a_key_only_watches(db):
    """The game's id alone opens the public view, with nothing to tap."""
    at = tap(new_game(), "act_roll_tile_v3")
    gid = at.session_state[session.GID]
    watcher = open_app(gid)
    assert action_buttons(watcher) == [] and watcher.button(key="ml_undo").disabled
    assert session.WATCHING in [c.value for c in watcher.caption]
    assert "ml-now" in html_text(watcher)  # it still sees the game


def test_a_seat_link_plays_that_seat_and_a_wrong_key_is_refused(db):
    at = new_game()
    gid, table_key = at.session_state[session.GID], at.query_params[session.KEY]
    phone = open_app(gid, seat_key(table_key, gid, 0))
    assert_only_legal(phone)
    phone = tap(phone, "act_roll_tile_v5")
    assert saved(db, gid).log == [{"type": "roll_tile", "value": 5}]
    stranger = open_app(gid, "x" * 32)
    assert [e.value for e in stranger.error] == [
        "this link is not valid for this game (it belongs to another game, or new links were made "
        "since); ask the table for a new one"
    ]
    assert action_buttons(stranger) == []
