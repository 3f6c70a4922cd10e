"""The rulebook at a tap, driven headless (streamlit.testing AppTest): every tap that explains
opens the rulebook's own words and the rulings on it, and every action the engine refuses stays
on the page, disabled, with the engine's reason and a tap to the ruling it follows.

Games are set up by playing typed actions on a `Match` and saving it, as a table would have
played them, then opened in a fresh session with the table's key.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.games.rulings import rulebook, ruling_of
from companion.games.vita_luna import VitaLunaRules
from companion.games.vita_luna.state import WHITE_MOVE
from companion.screens import session
from companion.screens.keys import FLASH, WALK
from companion.screens.vita_luna.cards import Cell, cell_svg
from companion.screens.vita_luna.walk import attack_frames
from companion.store import GameStore

from . import test_vita_luna_situations as vl
from .apptest import open_app, tap

ML, VL = rulebook("moonlighter"), rulebook("vita_luna")
P1_HAND = ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"]
P2_HAND = ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"]


def opened(db: Path, match: Match, **params: str) -> AppTest:
    """`match` saved and opened on the shared table (with any other URL `params`)."""
    store = GameStore(db)
    gid = store.create(match)
    return open_app(gid, store.grant(gid), **params)


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def dialog(at: AppTest) -> tuple[str, str]:
    """The open dialog's title and everything it says (("", "") when none is open)."""
    found = at.get("dialog")
    if not found:
        return "", ""
    said: list[str] = []

    def visit(node) -> None:
        value = getattr(node, "value", None)
        if isinstance(value, str):
            said.append(value)
        for child in (getattr(node, "children", None) or {}).values():
            visit(child)

    visit(found[0])
    return found[0].proto.dialog.title, unescape("\n".join(said))


def explains(at: AppTest, key: str) -> tuple[str, str]:
    """Tap `key`, read the dialog it opens, close it: (title, text)."""
    title, text = dialog(tap(at, key))
    assert title, f"{key} opened nothing"
    tap(at, "rule_close")
    assert dialog(at) == ("", "")
    return title, text


def explains_ruling(at: AppTest, key: str, ruling) -> str:
    """Tap `key`: the dialog is titled with the ruling's topic and says its decision; the text."""
    title, text = explains(at, key)
    assert title == ruling.topic
    assert ruling.decision in text
    return text


def says_entry(text: str, entry) -> None:
    """The dialog says the entry's rule text and every ruling on it, word for word."""
    for _, words in entry.lines:
        assert words in text
    for ruling in entry.rulings:
        assert ruling.decision in text and ruling.question in text


def refusal(at: AppTest, key: str) -> str:
    """The disabled button `no_<key>`, and the reason shown under it."""
    assert at.button(key=f"no_{key}").disabled
    boxes = [h.value for h in at.html if h.value.startswith('<div class="rules-why">')]
    assert boxes, f"no reason shown for {key}"
    return unescape(
        "\n".join(line for box in boxes for line in re.findall(r"<div>(.*?)</div>", box))
    )


# --- Moonlighter ---------------------------------------------------------------------------------


def moonlighter(*actions: dict) -> Match:
    match = Match.start(MoonlighterRules(), {})
    for action in actions:
        match.play(action)
    return match


def test_moonlighters_status_cards_open_their_rules(db):
    at = opened(db, moonlighter())
    assert keys(at, "rule_ml_card_") == [
        f"rule_ml_card_{n}" for n in ("room", "hearts", "foes", "pawn", "pool", "cleared", "rules")
    ]
    title, text = explains(at, "rule_ml_card_room")
    assert title == "White room"
    says_entry(text, ML.card("white_room"))
    title, text = explains(at, "rule_ml_card_hearts")
    assert title == "Your hearts"
    says_entry(text, ML.card("counter_player"))
    assert "What if my hearts reach 0 outside the boss room?" in text
    title, text = explains(at, "rule_ml_card_pawn")
    assert title == "Adventurer" and "Your starting pawn. No special power." in text
    assert explains(at, "rule_ml_card_pool")[0] == "Healing pool"
    title, text = explains(at, "rule_ml_card_cleared")
    assert title == "Opening the boss room"
    assert ML.ruling("boss_room_threshold").decision in text
    title, text = explains(at, "rule_ml_card_foes")
    assert ML.ruling("enemy_rooms").decision in text


def test_moonlighters_dice_open_every_face_and_the_rulings_on_them(db):
    at = opened(db, moonlighter())
    title, text = explains(at, "rule_ml_die_tile")
    assert title == "Tile die (d10)"
    for face in ML.game.cards["die_face"]:
        if face["die"] == "tile":
            assert face["meaning"] in text
    assert ML.ruling("tile_die_faces").decision in text
    at = opened(db, moonlighter({"type": "roll_tile", "value": 3},
                                {"type": "place_tile", "x": 1, "y": 0}))  # fmt: skip
    title, text = explains(at, "rule_ml_die_attack")
    assert title == "Attack die (d6)" and ML.ruling("attack_die_faces").decision in text


def test_the_map_walks_places_and_explains_each_room(db):
    at = opened(db, moonlighter({"type": "roll_tile", "value": 3},
                                {"type": "place_tile", "x": 1, "y": 0},
                                {"type": "leave_room"}))  # fmt: skip
    # Back in the start room; the orange room was walked out of and cannot be entered again.
    assert at.button(key="rule_ml_here").label == "W · you"
    title, text = explains(at, "rule_ml_room_x1_y0")
    assert title == "Orange room"
    assert text.index("You cannot walk into an orange room") < text.index("Walking")
    says_entry(text, ML.card("orange_room"))
    # The ruling the refusal follows comes first among the rulings.
    assert text.index(ML.ruling("free_movement").decision) < text.index(
        ML.ruling("leaving_fights").decision
    )
    at = tap(at, "act_roll_tile_v1")  # a white room: the free sides are squares on the map
    assert sorted(keys(at, "act_place_tile_")) == [
        "act_place_tile_x-1_y0", "act_place_tile_x0_y-1", "act_place_tile_x0_y1",
    ]  # fmt: skip
    at = tap(at, "act_place_tile_x0_y1")
    assert at.session_state[session.MATCH].state.at == (0, 1)
    at = tap(at, "act_move_x0_y0")  # the start room, ringed on the map: a walk
    assert at.session_state[session.MATCH].state.at == (0, 0)


def test_a_green_room_opens_the_ruling_on_cleared_rooms(db):
    match = moonlighter({"type": "roll_tile", "value": 3}, {"type": "place_tile", "x": 1, "y": 0})
    while match.state.phase == "fight":
        match.play({"type": "roll_attack", "value": 2})
    at = opened(db, match)
    title, text = explains(at, "rule_ml_here")
    assert title == "Cleared rooms" and ML.ruling("cleared_rooms").decision in text


def test_a_locked_room_shows_leaving_disabled_with_its_reason_and_ruling(db):
    at = opened(db, moonlighter({"type": "roll_tile", "value": 6},
                                {"type": "place_tile", "x": 1, "y": 0}))  # fmt: skip
    assert "act_leave_room" not in keys(at, "act_")
    assert at.button(key="no_leave_room").label == "Leave the room (enemies heal)"
    assert refusal(at, "leave_room") == "You are locked in: defeat both enemies first."
    assert at.button(key="rule_why_leave_room").label == "Rule: Walking out of a fight"
    title, text = explains(at, "rule_why_leave_room")
    assert title == "Walking out of a fight"
    assert "You are locked in: defeat both enemies first." in text
    assert ML.ruling("leaving_fights").decision in text


def test_a_room_with_no_free_side_shows_the_roll_disabled_with_its_reason(db):
    actions = []
    for x, y in ((1, 0), (0, 1), (-1, 0), (0, -1)):  # white rooms all round the start
        actions += [{"type": "roll_tile", "value": 1}, {"type": "place_tile", "x": x, "y": y},
                    {"type": "move", "x": 0, "y": 0}]  # fmt: skip
    at = opened(db, moonlighter(*actions))
    assert "act_roll_tile" not in keys(at, "act_")
    reason = refusal(at, "roll_tile")
    assert reason == "No free side next to this room: move to another room first."
    title, text = explains(at, "rule_why_roll_tile")
    assert title == "Doorways" and ML.ruling("room_sides").decision in text


def test_a_refused_tap_flashes_its_reason_with_its_ruling(db):
    at = opened(db, moonlighter())
    at.button(key="act_roll_tile_v1").click()
    at.button(key="act_roll_tile_v2").click()  # a second roll before placing the first
    at.run()
    assert [w.value for w in at.warning] == [
        "First place the white tile you rolled on a free side of your room."
    ]
    title, text = explains(at, "rule_why_flash")
    assert title == "Turn flow" and ML.ruling("turn_flow").decision in text


def test_forgiving_play_chosen_at_new_game_shows_in_the_title(db):
    match = Match.start(MoonlighterRules(), {"forgiving": True})
    at = opened(db, match)
    assert "Dungeon 1 of 5 · forgiving play" in at.markdown[0].value
    assert "forgiving" not in opened(db, moonlighter()).markdown[0].value


def test_the_rules_panel_searches_the_reference_sheet_and_the_rulings(db):
    at = tap(opened(db, moonlighter()), "rule_ml_card_rules")
    title, _ = dialog(at)
    assert title == "Moonlighter: rules"
    shown = [m.value for m in at.markdown if m.value.startswith("#### ")]
    assert [s.split("\n")[0] for s in shown] == [f"#### {s.title}" for s in ML.reference]
    at.text_input(key="rule_search_moonlighter").input("pool").run()
    shown = [m.value.split("\n")[0] for m in at.markdown if m.value.startswith("#### ")]
    assert "#### Healing pool" in shown and "#### Tile die (d10)" not in shown
    _, text = dialog(at)
    assert ML.ruling("healing_pool").decision in text
    assert ML.ruling("hit_order").decision not in text
    tap(at, "rule_close")
    assert dialog(at) == ("", "")


def test_a_watching_screen_can_read_the_rules_but_not_play(db):
    match = moonlighter({"type": "roll_tile", "value": 1}, {"type": "place_tile", "x": 1, "y": 0})
    store = GameStore(db)
    gid = store.create(match)
    at = open_app(gid)
    assert not keys(at, "act_") and not keys(at, "no_")
    title, _ = explains(at, "rule_ml_room_x0_y0")
    assert title == "White room"


# --- Vita Luna -----------------------------------------------------------------------------------


def battle() -> Match:
    """Player 1's first turn: Rock and Wolf on white, the Rat face down; Player 2's Tortoise and
    Fox on white, opposite them."""
    match = Match.start(VitaLunaRules(), {"mode": "basic", "extended": False, "opponent": "two"})
    match.play({"type": "deal", "hands": [P1_HAND, P2_HAND]})
    match.play({"type": "first_attacker", "attacker": 0})
    for player, spots in ((0, (("rock.1", "white", 0), ("wolf.1", "white", 1),
                                ("rat.1", "grey", 0))),
                          (1, (("tortoise.1", "white", 0), ("fox.2", "white", 1)))):  # fmt: skip
        for card, row, position in spots:
            match.play({"type": "place", "player": player, "card": card, "row": row,
                        "position": position})  # fmt: skip
        match.play({"type": "ready", "player": player})
    return match


def test_each_creature_face_up_on_the_board_opens_its_rules(db):
    at = opened(db, battle())
    assert sorted(keys(at, "rule_vl_at_")) == [
        "rule_vl_at_0_white_0",
        "rule_vl_at_0_white_1",
        "rule_vl_at_1_white_0",
        "rule_vl_at_1_white_1",
    ]  # fmt: skip  (the Rat lies face down: the shared screen has nothing to tap there)
    title, text = explains(at, "rule_vl_at_0_white_0")
    assert title == "Rock"
    says_entry(text, VL.card("rock"))
    assert VL.game.keyword("epic", "anchor").get("summary") in text
    assert text.index("Anchor") < text.index(VL.ruling("fresh_battle").topic)
    title, text = explains(at, "rule_vl_at_1_white_1")
    assert title == "Fox" and "Attack" in text


def test_each_epic_on_the_board_opens_its_glossary_words_and_rulings(db):
    at = opened(db, battle())
    assert keys(at, "rule_vl_epic_") == ["rule_vl_epic_armour", "rule_vl_epic_anchor"]
    assert at.button(key="rule_vl_epic_anchor").label == "Anchor"
    for epic in ("armour", "anchor"):
        title, text = explains(at, f"rule_vl_epic_{epic}")
        entry = VL.keyword("epic", epic)
        assert title == entry.name
        says_entry(text, entry)


def test_singulars_that_cannot_be_played_are_disabled_with_their_reasons(db):
    at = opened(db, battle())
    assert keys(at, "vl_sing_") == ["vl_sing_burn", "vl_sing_swap"]
    assert keys(at, "no_sing_") == ["no_sing_steal", "no_sing_heal"]
    said = refusal(at, "sing_steal")
    assert "Tortoise has Anchor: it cannot be moved, so it cannot be stolen." in said
    assert "Rock is at full health and armour: Heal would do nothing." in said
    title, text = explains(at, "rule_why_sing_steal")
    assert title == "Anchor" and VL.ruling("anchor_reach").decision in text
    title, text = explains(at, "rule_why_sing_heal")
    assert title == "Singular card targets" and VL.ruling("singular_targets").decision in text


def test_a_creature_that_cannot_move_is_disabled_with_its_reason(db):
    at = opened(db, battle())
    assert at.button(key="no_mover_rock-1").disabled
    assert "vl_mover_wolf-1" in keys(at, "vl_mover_")
    said = refusal(at, "mover_rock-1")
    assert "Rock has Anchor: on a white position it cannot move or be swapped." in said
    title, _ = explains(at, "rule_why_mover_rock-1")
    assert title == "Anchor"


def test_swap_asks_for_a_confirmation_tap_and_its_rules_are_a_tap_away(db):
    at = tap(opened(db, battle()), "vl_sing_swap")
    title, text = explains(at, "rule_vl_sing_swap")
    assert title == "Swap"
    says_entry(text, VL.card("swap"))
    aims = keys(at, "vl_aim_swap_")
    assert aims == ["vl_aim_swap_wolf-1_0_fox-2"]
    at = tap(at, aims[0])
    match = at.session_state[session.MATCH]
    assert match.log[-1]["type"] == "ready"  # nothing played yet
    assert keys(at, "act_swap_") == ["act_swap_wolf-1_0_fox-2"]
    assert at.button(key="act_swap_wolf-1_0_fox-2").label == (
        "Confirm: Give Wolf (white 2), take Fox (white 2)"
    )
    at = tap(at, "vl_aim_cancel")  # back to the targets
    assert keys(at, "vl_aim_swap_") == aims and not keys(at, "act_swap_")
    at = tap(tap(at, aims[0]), "act_swap_wolf-1_0_fox-2")
    assert at.session_state[session.MATCH].log[-1]["type"] == "swap"


def test_burn_asks_for_a_confirmation_tap_too(db):
    at = tap(opened(db, battle()), "vl_sing_burn")
    aims = keys(at, "vl_aim_burn_")
    assert len(aims) == 2 and not keys(at, "act_burn_")
    at = tap(at, aims[0])
    assert len(keys(at, "act_burn_")) == 1


def test_a_card_being_placed_opens_its_rules(db):
    match = Match.start(VitaLunaRules(), {"mode": "basic", "extended": False, "opponent": "two"})
    match.play({"type": "deal", "hands": [P1_HAND, P2_HAND]})
    match.play({"type": "first_attacker", "attacker": 0})
    at = tap(tap(opened(db, match), "vl_cover"), "vl_pick_rock-1")
    title, text = explains(at, "rule_vl_placing")
    assert title == "Rock" and VL.ruling("anchor_reach").decision in text


def test_the_vita_luna_rules_panel_searches_its_reference_and_rulings(db):
    at = tap(opened(db, battle()), "rule_vl_panel")
    assert dialog(at)[0] == "Vita Luna: rules"
    at.text_input(key="rule_search_vita_luna").input("retaliate").run()
    shown = [m.value.split("\n")[0] for m in at.markdown if m.value.startswith("#### ")]
    assert "#### Epics" in shown and "#### The track" not in shown
    _, text = dialog(at)
    assert VL.ruling("retaliate_reach").decision in text


def test_a_refused_tap_on_vita_luna_flashes_its_reason_with_its_ruling(db):
    """The flash is what `session.act` keeps of a refusal (the Moonlighter test above plays one
    through the engine); here one is kept as a refused second white-row move would keep it."""
    at = opened(db, battle())
    reason = VitaLunaRules().check(
        vl.fight([None, "wolf", None, None], [], done=WHITE_MOVE),  # the white-row move made
        {"type": "move", "player": 0, "card": "wolf.1", "position": 0},
    )
    assert ruling_of(reason) == "white_move"
    at.session_state[FLASH] = reason
    at.run()
    assert [w.value for w in at.warning] == [str(reason)]
    title, text = explains(at, "rule_why_vl_flash")
    assert title == "Moving on the white row" and VL.ruling("white_move").decision in text


# --- the attack walk-through: a killed creature's position is no heart -------------------------


def test_the_walk_through_marks_a_kill_as_a_kill_and_only_an_empty_position_as_the_heart():
    state = vl.fight(["wolf", "wolf", None, None], ["rat", None, None, "tortoise"])
    frames = attack_frames(vl.DATA, state, 0)
    assert [(f.targets, f.hearts) for f in frames] == [((0,), ()), ((1,), (1,))]
    assert "Rat dies" in frames[0].text or "dies" in frames[0].text
    killed = cell_svg(Cell(mark="target"), 0, 0, "white")
    assert "killed" in killed and "the heart" not in killed
    assert "the heart" in cell_svg(Cell(mark="heart"), 0, 0, "white")


def test_the_board_during_an_attack_shows_the_kill(db):
    match = battle()
    match.play({"type": "attack", "player": 0})  # the Wolf kills the Fox (3 against 3 health)
    at = opened(db, match, **{WALK: f"{len(match.log) - 1}.0"})  # the attack, walked through
    board = "\n".join(m.value for m in at.markdown if "vl-board" in m.value)
    steps = [m.value for m in at.markdown if 'class="vl-walk"' in m.value]
    assert steps and "Fox dies" in unescape(steps[0])
    assert ">killed</text>" in board and ">the heart</text>" not in board
