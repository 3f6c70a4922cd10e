"""The Scan control on the pages, driven headless (AppTest): a photo from the tablet's camera
(1080p, as the control asks for) fills in or plays the card, or is refused with the reason the
tap would get: the engine's own words for a card that does not fit the follow-up bar."""

from __future__ import annotations

import numpy as np
from PIL import Image
from streamlit.testing.v1 import AppTest

from tests.companion.card_game_pages import match_of, save, screen, stored_log, tap, text, warnings
from tests.companion.test_app_riposte import P1, after_first_clash, new_game

from .camera import photograph, shot
from .shipped import faces
from .shipped import game as shipped_game

TABLET = (1920, 1080)  # what `st.camera_input(resolution="1080p")` hands over


def photo_of(game_id: str, type_id: str, *cards: str, seed: int = 3) -> tuple[str, bytes, str]:
    """A 1080p photo of `cards` lying side by side on the table, held fairly steady."""
    return row_photo([faces(game_id, type_id)[card] for card in cards], seed)


def row_photo(images: list[Image.Image], seed: int) -> tuple[str, bytes, str]:
    gap = 30
    row = Image.new("RGB", (sum(i.width + gap for i in images) + gap, images[0].height + 2 * gap),
                    "#6B5B4B")  # fmt: skip
    for index, image in enumerate(images):
        row.paste(image, (gap + index * (image.width + gap), gap))
    rng = np.random.default_rng(seed)
    take = shot(rng, TABLET)
    steady = {"card_share": 0.92, "blur": 0.5, "light": 0.8, "mirrored": False}
    if len(images) > 1:  # a row read left to right: held about level
        steady["angle"] = 2.0
    take = type(take)(**{**take.__dict__, **steady})
    return "photo.jpg", photograph(row, take, rng), "image/jpeg"


def scanned(at: AppTest, prefix: str, photo: tuple[str, bytes, str]) -> AppTest:
    """Take `photo` with the camera of the scan control keyed `prefix...` (opened first)."""
    openers = [b.key for b in at.button if b.key and b.key.startswith(prefix)
               and b.key.endswith("_open")]  # fmt: skip
    if openers:  # closed until asked for; it stays open after a refused photo
        at = tap(at, openers[0])
    photos = [b.key for b in at.button if b.key and b.key.startswith(prefix)
              and b.key.endswith("_photo")]  # fmt: skip
    if photos:  # it scans live at first (tests/codes/test_live_scan.py): take a photo instead
        at = tap(at, photos[0])
    camera = next(c for c in at.camera_input if c.key and c.key.startswith(prefix))
    camera.set_value(photo).run()
    assert not at.exception, at.exception
    return at


def test_laying_a_card_by_its_photo(home):
    saved = save(home, after_first_clash())
    before = len(stored_log(saved))
    at = tap(screen(home, saved, saved.key), "rp_cover")
    assert "after Scissor Cut, lay a card with an attack in 3" in text(at)
    at = scanned(at, "rp_scan_lay0_", photo_of("riposte", "combat_card", "left_jab"))
    assert warnings(at) == [
        "Left Jab has no attack in position 3, which Scissor Cut's follow-up bar asks for."
    ]
    at = scanned(at, "rp_scan_lay0_", photo_of("riposte", "combat_card", "feint"))
    assert warnings(at) == ["Feint is not in Player 1's hand."]
    at = scanned(at, "rp_scan_lay0_", photo_of("vita_luna", "creature", "anaconda"))
    assert warnings(at) == ["That is a Vita Luna card, not a Riposte card."]
    assert len(stored_log(saved)) == before  # nothing played by a refused photo
    at = scanned(at, "rp_scan_lay0_", photo_of("riposte", "combat_card", "center_thrust"))
    assert not warnings(at)
    log = stored_log(saved)
    assert log[before:] == [{"type": "play", "player": P1, "card": "center_thrust.1"}]
    assert match_of(at).state.chosen[P1] == "center_thrust.1"


def test_the_draft_row_entered_from_one_photo_left_to_right(home):
    at = new_game(characters=False, cards="table")
    at = scanned(at, "rp_scan_row_", photo_of("riposte", "combat_card", "slant", "bind", "feint"))
    assert not warnings(at)
    assert "The draft row turned up** (3 of 3): Slant, Bind, Feint" in text(at)


def test_a_card_the_deck_cannot_hold_is_refused_when_scanned(home):
    """The deck holds one Bind: a second Bind is refused with the picker's reason, and the
    card beside it in the same photo is still entered."""
    at = new_game(characters=False, cards="table")
    at = scanned(at, "rp_scan_row_", photo_of("riposte", "combat_card", "bind"))
    at = scanned(at, "rp_scan_row_", photo_of("riposte", "combat_card", "twin_fangs", "bind"))
    assert "The draft row turned up** (2 of 3): Bind, Twin Fangs" in text(at)
    assert warnings(at) == ["No Bind can come off the deck now: check the card and enter it again."]


def test_the_creature_to_place_is_picked_by_its_photo(db):
    """Vita Luna's placement: a photo of a creature in the placing player's hand picks it (the
    grid of positions appears); a creature that is not theirs is refused."""
    from companion.games.vita_luna.data import default_data
    from tests.companion import test_app_vita_luna as vl

    at = vl.tap(vl.tap(vl.tap(vl.new_game(), "act_deal"), "act_first_attacker_1"), "vl_cover")
    match, data = vl.match_of(at), default_data()
    placeable = [a["card"] for a in match.legal_actions() if a["type"] == "place"]
    owned = {data.cards[c].id for side in match.state.owned for c in side}
    stranger = next(c.id for c in shipped_game("vita_luna").cards["creature"] if c.id not in owned)
    at = scanned(at, "vl_scan_place_", photo_of("vita_luna", "creature", stranger))
    assert len(warnings(at)) == 1 and warnings(at)[0].endswith("is not one of your cards.")
    assert not vl.keys(at, "act_place_")
    at = scanned(
        at, "vl_scan_place_", photo_of("vita_luna", "creature", data.cards[placeable[0]].id)
    )
    assert not warnings(at)
    assert len(vl.keys(at, "act_place_")) == 8  # the card is picked: now where does it go?


def test_va_cards_drawn_go_each_to_its_own_list(home):
    """VA's opening draw: heroes and equipment in one photo, each to its own list, in order."""
    from tests.companion import test_app_va_card_game as va

    at = va.tap(va.tap(va.new_game(cards="table"), "va_toss_0"), "va_cover")
    assert "Player 1: which cards did you draw?" in va.text(at)
    cards = [("hero", "iron_monk"), ("equipment", "broadsword"), ("hero", "storm_lancer")]
    photo = row_photo([faces("va_card_game", t)[c] for t, c in cards], seed=5)
    at = scanned(at, "va_scan_drawn0_", photo)
    assert not va.warnings(at)
    page = va.text(at)
    assert "**Your hero cards** (2 of 3): Iron Monk, Storm Lancer" in page
    assert "**Your equipment cards** (1 of 3): Broadsword" in page


def test_va_equipment_attached_by_its_photo_or_refused_in_the_engines_words(home):
    """Stone Sentinel carries a Tower Shield: a second one is refused with the engine's reason;
    a Broadsword from the hand is attached."""
    from tests.companion import test_app_va_card_game as va

    match = va.opened(("stone_sentinel", ["tower_shield"]),
                      p1_heroes=["stone_sentinel", "iron_monk", "ember_witch"],
                      p1_gear=["tower_shield", "tower_shield", "broadsword"])  # fmt: skip
    va.declared(match, "block", "block")
    match.play({"type": "draw", "heroes": ["frost_archer.1", "tide_keeper.1"],
                "equipment": ["chain_mail.1", "war_paint.1"]})  # fmt: skip
    saved = va.save(home, match)
    at = va.tap(va.screen(home, saved, saved.key), "va_cover")
    at = scanned(at, "va_scan_equip0_", photo_of("va_card_game", "equipment", "tower_shield"))
    reason = va.RULES.check(match.state, {"type": "equip", "player": 0, "card": "tower_shield.2"})
    assert reason and va.warnings(at) == [reason]
    at = scanned(at, "va_scan_equip0_", photo_of("va_card_game", "equipment", "life_amulet"))
    assert va.warnings(at) == ["Life Amulet is not in Player 1's hand."]
    assert len(va.stored_log(saved)) == len(match.log)
    at = scanned(at, "va_scan_equip0_", photo_of("va_card_game", "equipment", "broadsword"))
    assert not va.warnings(at)
    assert va.stored_log(saved)[-1] == {"type": "equip", "player": 0, "card": "broadsword.1"}
