"""Every piece on Moonlighter's and Vita Luna's pages that shows a game term opens its rules
(issue 19, item 1), driven headless with AppTest: the tile box's chips, and each player card's
role, hearts, decks, Singular cards and markers, the track, each row of the board (its empty
positions) and the cards lying face down.

The pages' other taps (status cards, map, dice, creatures, epics, refusals) are tested in
`test_app_rules_at_a_tap.py`; this file holds the pieces added after it.
"""

from __future__ import annotations

from pathlib import Path

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from companion.games.rulings import rulebook
from companion.games.vita_luna import VitaLunaRules
from companion.screens import session
from companion.store import GameStore

from .apptest import open_app, tap
from .test_app_rules_at_a_tap import battle, dialog, explains, explains_ruling, keys, says_entry

ML, VL = rulebook("moonlighter"), rulebook("vita_luna")


STRIP = ("role", "hearts", "deck", "singular", "markers")  # the kinds of a player card's pieces


def strip_keys(at, player: int) -> list[str]:
    """The keys of `player`'s player card pieces, in the page's order."""
    return [
        k for k in keys(at, "rule_vl_") if k.split("_")[2] in STRIP and k.endswith(f"_{player}")
    ]


def opened(db: Path, match: Match):
    store = GameStore(db)
    gid = store.create(match)
    return open_app(gid, store.grant(gid))


# --- Moonlighter: the tile box -------------------------------------------------------------------


def test_each_chip_of_the_tile_box_opens_its_tiles_rules(db):
    match = Match.start(MoonlighterRules(), {})
    match.play({"type": "roll_tile", "value": 3})  # an orange room, laid east of the start
    match.play({"type": "place_tile", "x": 1, "y": 0})
    at = opened(db, match)
    data = match.rules.data
    assert keys(at, "rule_ml_tile_") == [f"rule_ml_tile_{c}" for c in data.supply]
    orange = data.supply["orange"]
    assert at.button(key="rule_ml_tile_orange").label == f"enemies **{orange - 1}**/{orange}"
    for colour in data.supply:
        title, text = explains(at, f"rule_ml_tile_{colour}")
        tile = ML.find("tile", "colour", colour)
        assert tile, colour
        entry = ML.card(tile)
        assert title == entry.name
        says_entry(text, entry)


def test_the_tile_box_chips_show_each_tiles_letters_and_its_cleared_side(db):
    at = opened(db, Match.start(MoonlighterRules(), {}))
    styles = "".join(h.value for h in at.html if "rule_ml_tile_" in h.value)
    assert '.st-key-rule_ml_tile_orange button::before { content: "O"' in styles
    assert '.st-key-rule_ml_tile_orange button p::before { content: "G"' in styles  # flips green
    assert ".st-key-rule_ml_tile_yellow button p::before" not in styles  # a chest stays yellow


# --- Vita Luna: the player cards, the track, the cards face down ---------------------------------


def test_each_player_cards_pieces_open_their_rules(db):
    at = opened(db, battle())
    for p in (0, 1):
        assert strip_keys(at, p) == [
            f"rule_vl_role_{p}",
            f"rule_vl_hearts_{p}",
            f"rule_vl_deck_black_{p}",
            f"rule_vl_deck_blue_{p}",
            f"rule_vl_deck_red_{p}",
            *(f"rule_vl_singular_{kind}_{p}" for kind in ("burn", "swap", "steal", "heal")),
        ]
    assert at.button(key="rule_vl_role_0").label == "ATTACKER"
    assert at.button(key="rule_vl_role_1").label == "DEFENDER"
    assert at.button(key="rule_vl_hearts_0").label == "**♥ 10**/10"
    assert at.button(key="rule_vl_deck_black_0").label == "4 black"

    explains_ruling(at, "rule_vl_role_1", VL.ruling("roles_alternate"))
    title, text = explains(at, "rule_vl_hearts_0")
    assert title == "Heart marker"
    says_entry(text, VL.card("heart_marker"))
    for kind in ("burn", "swap", "steal", "heal"):
        title, text = explains(at, f"rule_vl_singular_{kind}_1")
        entry = VL.card(kind)
        assert title == entry.name
        says_entry(text, entry)
        assert VL.ruling("singular_targets").decision in text
    title, text = explains(at, "rule_vl_deck_blue_0")
    assert title == "The blue deck"
    blue = [c for c in VL.game.cards["creature"] if c["deck"] == "blue"]
    assert blue
    for creature in blue:
        said = f"attack {creature['attack']} · health {creature['health']}"
        assert creature["name"] in text and said in text, creature["name"]
    wolf = next(c for c in VL.game.cards["creature"] if c["id"] == "wolf")
    assert wolf["deck"] == "black" and "Wolf" not in text


def test_a_used_singular_card_is_struck_through_and_still_opens_its_rules(db):
    match = battle()
    burn = next(a for a in match.legal_actions() if a["type"] == "burn")
    match.play(burn)
    at = opened(db, match)
    assert at.button(key="rule_vl_singular_burn_0").label == "~~Burn~~"
    assert at.button(key="rule_vl_singular_burn_1").label == "Burn"
    title, text = explains(at, "rule_vl_singular_burn_0")
    assert title == "Burn" and VL.card("burn").lines[0][1] in text


def test_the_auctions_markers_open_the_health_markers_rules(db):
    match = Match.start(VitaLunaRules(), {"mode": "advanced", "extended": False,
                                          "opponent": "two"})  # fmt: skip
    while "first_bidder" not in {a["type"] for a in match.legal_actions()}:
        match.play(match.legal_actions()[0])
    match.play(next(a for a in match.legal_actions() if a["type"] == "first_bidder"))
    at = opened(db, match)
    assert at.button(key="rule_vl_markers_0").label.startswith("markers **")
    title, text = explains(at, "rule_vl_markers_1")
    assert title == "Health marker"
    says_entry(text, VL.card("health_marker"))


def test_the_track_and_a_card_face_down_open_their_rulings(db):
    at = opened(db, battle())
    title, text = explains(at, "rule_vl_track")
    assert title == VL.ruling("track_steps").topic and VL.ruling("track_steps").decision in text
    # The Rat lies face down on Player 1's grey 1: its tap target says where, never what.
    assert keys(at, "rule_vl_down_") == ["rule_vl_down_0_grey_0"]
    assert at.button(key="rule_vl_down_0_grey_0").label == "Grey 1: face down"
    title, text = explains(at, "rule_vl_down_0_grey_0")
    assert title == VL.ruling("hidden_hands").topic
    assert VL.ruling("hidden_hands").decision in text
    assert "Rat" not in text


def test_each_row_of_the_board_opens_how_cards_move_along_it(db):
    at = opened(db, battle())
    assert sorted(keys(at, "rule_vl_row_")) == [
        f"rule_vl_row_{p}_{row}" for p in (0, 1) for row in ("grey", "white")
    ]
    assert at.button(key="rule_vl_row_0_grey").label == "Player 1's grey row: its rules"
    for p in (0, 1):
        for row, ruling in (("white", "white_move"), ("grey", "grey_and_promote")):
            title, text = explains(at, f"rule_vl_row_{p}_{row}")
            assert title == VL.ruling(ruling).topic and VL.ruling(ruling).decision in text


def test_every_player_card_piece_is_a_rules_tap_and_nothing_else(db):
    """The strip's buttons only open rules: tapping each plays nothing."""
    match = battle()
    at = opened(db, match)
    strip = strip_keys(at, 0) + strip_keys(at, 1)
    assert len(strip) == 2 * 9
    for key in strip:
        tap(at, key)
        assert dialog(at)[0], key
        tap(at, "rule_close")
    assert at.session_state[session.MATCH].log == match.log
