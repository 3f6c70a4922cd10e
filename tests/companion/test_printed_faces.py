"""The printed cards on screen (issue 31): a hand shows the cards as the print kit draws them,
each picture carrying the card's words; a data change shows at once; nobody sees another
player's hand in pictures any more than in words."""

from __future__ import annotations

import base64
import io
import re
import shutil

import numpy as np
import pytest
from PIL import Image

from companion.screens.table import faces
from companion.store import seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, save, screen, tap, text
from .test_app_luturas import HAND_A, HAND_B, dealt
from .test_app_va_card_game import opened

home = pages.home  # the fixture: a store and a page per test


def picture(uri: str) -> Image.Image:
    assert uri.startswith("data:image/webp;base64,")
    return Image.open(io.BytesIO(base64.b64decode(uri.split(",", 1)[1]))).convert("RGB")


def test_a_face_is_the_print_kits_own_picture_of_the_card():
    """The picture is the print kit's PNG of the card (same data, same layout), at twice the
    width asked for: the same pixels but for the screen format's compression."""
    from cardgen.data.database import load_game_or_raise
    from cardgen.printkit.backends.png import render_png
    from cardgen.printkit.faces import build_faces
    from companion.games.shipped import data_folder

    shown = picture(faces.face_png("luturas", "tidepup_g2", 150, faces.stamp("luturas")))
    assert shown.width == 300
    game = load_game_or_raise(data_folder("luturas"))
    face = build_faces(game, game.spec.type("lutura"), 0.0, ids={"tidepup_g2"}, codes=False)
    printed = render_png(face.front("tidepup_g2"), dpi=round(300 / (63 / 25.4)), bleed=False)
    assert printed.size == shown.size
    difference = np.abs(np.asarray(printed, int) - np.asarray(shown, int))
    assert difference.mean() < 4  # lossy compression only: no other drawing
    assert faces.face_png("luturas", "no_such_card", 150, faces.stamp("luturas")) == ""


def test_a_data_change_shows_at_once(tmp_path, monkeypatch):
    from companion.games.shipped import data_folder

    folder = tmp_path / "luturas"
    shutil.copytree(data_folder("luturas"), folder)
    monkeypatch.setattr(faces, "data_folder", lambda game_id: folder)
    before = faces.face_png("luturas", "tidepup_g2", 120, faces.stamp("luturas"))
    sheet = folder / "luturas.csv"  # the Luturas' sheet, where the card is named
    sheet.write_text(sheet.read_text().replace("Tidepup", "Tidepop"))
    after = faces.face_png("luturas", "tidepup_g2", 120, faces.stamp("luturas"))
    assert after and after != before
    assert faces.face_png("luturas", "tidepup_g2", 120, faces.stamp("luturas")) == after  # kept


def test_the_hand_shows_its_printed_cards_with_their_words(home):
    """Behind the cover Player 1 sees one picture per design held, its words as the picture's
    text (a screen reader's), and a count on a design held more than once."""
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    board, shown = pictures(text(at))[:2], pictures(text(at))[2:]
    assert board == ["Engineer Talia Brisk", "Warden Osk"]  # the Soldiers in play, drawn first
    designs = {c.rsplit(".", 1)[0] for c in [*HAND_A, "crystal_aquatic.3"]}
    assert len(shown) == len(designs)
    assert any(words.startswith("Tidepup Gear 1") for words in shown)
    assert "Aquatic Crystal ×3" in text(at)  # three Aquatic Crystals: one picture, counted


def pictures(page: str) -> list[str]:
    """The words of every printed card on the page, in the page's order."""
    return re.findall(r'<img src="data:image/webp;base64,[^"]+" alt="([^"]+)"', page)


def test_no_picture_of_the_other_players_hand(home):
    """Player 2's own phone shows Player 2's cards only: changing Player 1's hand leaves
    Player 2's hand on screen exactly as it was, pictures and words."""
    first = save(home, dealt())
    other = save(home, dealt(p1_hand=HAND_B))
    seen = [pictures(text(screen(home, s, seat_key(s.key, s.gid, P2)))) for s in (first, other)]
    assert seen[0] == seen[1]
    assert seen[0] and not any("Tidepup" in words for words in seen[0])
    assert any("Isotusk" in words for words in seen[0])


@pytest.mark.parametrize("seat", [P1, P2])
def test_va_hands_are_printed_cards_on_each_players_device(home, seat):
    saved = save(home, opened())
    shown = pictures(text(screen(home, saved, seat_key(saved.key, saved.gid, seat))))
    assert shown and all(": " in words for words in shown)  # name: printed numbers


def test_riposte_hands_are_the_printed_cards_and_only_ones_own(home):
    """Each player's device shows their five cards as printed, each picture with its move in
    words, and no picture of the other player's cards (the draft row, open to both, is printed
    on both)."""
    from companion.screens.riposte.pictures import describe

    from .test_app_riposte import drafted

    match = drafted()
    saved = save(home, match)
    data = match.rules.data
    for seat in (P1, P2):
        shown = pictures(text(screen(home, saved, seat_key(saved.key, saved.gid, seat))))
        held = match.rules.view(match.state, seat)["hands"][seat]
        assert len(held) == 5  # a design held twice is one picture with its count
        row = [describe(data.cards[c]) for c in match.state.row]
        assert sorted(shown) == sorted([*row, *{describe(data.cards[c]) for c in held}])


def test_a_card_in_the_hand_opens_its_rules_with_the_card_large(home):
    """Each card's name under its picture opens the card's rules: the dialog shows the card as
    printed, large, above the rulebook's words for it."""
    from companion.games.rulings import rulebook

    from .test_app_rules_at_a_tap import dialog, says_entry

    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    title, said = dialog(tap(at, "rule_lt_hand_tidepup_g1"))
    assert title == "Tidepup"  # the rulebook's name for the card (its Gears share it)
    large = re.search(
        r'<div class="tb-large">.*?<img src="data:image/webp;base64,[^"]+"'
        r' alt="Tidepup[^"]*" title="[^"]*" width="(\d+)"',
        said,
        re.DOTALL,
    )
    assert large is not None and int(large[1]) > 200  # larger than in the hand
    says_entry(said, rulebook("luturas").card("tidepup_g1"))


def test_a_sheet_broken_mid_edit_shows_the_cards_words_not_a_traceback(tmp_path, monkeypatch):
    from companion.games.shipped import data_folder

    folder = tmp_path / "luturas"
    shutil.copytree(data_folder("luturas"), folder)
    monkeypatch.setattr(faces, "data_folder", lambda game_id: folder)
    sheet = folder / "luturas.csv"
    sheet.write_text(sheet.read_text().replace("tidepup_g2,LT3-013,Tidepup,2,", "tidepup_g2,,,x,"))
    shown = faces.face_html("luturas", "tidepup_g2", 120, "Tidepup Gear 2 (Aquatic)")
    assert shown == '<span class="tb-face-words">Tidepup Gear 2 (Aquatic)</span>'


def test_vita_luna_cards_are_printed_on_their_own_players_device(home):
    """Under "Your cards", each player's device shows the creatures they hold as printed, each
    with its words; none of the other player's."""
    from .test_app_vita_luna_seats import P1_HAND, P2_HAND
    from .test_app_vita_luna_seats import dealt as vl_dealt

    match = vl_dealt(P2_HAND)
    saved = save(home, match)
    creatures = match.rules.data.creatures
    for seat, hand in ((P1, P1_HAND), (P2, P2_HAND)):
        shown = pictures(text(screen(home, saved, seat_key(saved.key, saved.gid, seat))))
        held = sorted(creatures[c.split(".")[0]].name for c in hand)
        assert sorted(words.split(" (")[0] for words in shown) == held
