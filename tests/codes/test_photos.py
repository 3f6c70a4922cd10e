"""Printed cards photographed as a phone or tablet would, read back by the companion's scanner.

Every shipped card that carries a code is rendered as its PNG face, then photographed (turned,
tilted, blurred, dimmed, noisy, JPEG-compressed: `camera`) at the sizes the page really gets
(`st.camera_input(resolution="1080p")` hands over at most 1920 x 1080; a 720p camera gives
1280 x 720), and scanned as the pages scan (`companion.scan.cards.scan`). None may ever read as
another card; how many read as their own is measured by `tests.codes.measure` and recorded in
benchmarks/README.md. The normal run photographs a small sample; the whole deck is `slow`.
Seeded: a failure names its seed.
"""

from __future__ import annotations

import io
import time

import numpy as np
import pytest
from PIL import Image

from companion.scan.cards import scan

from .camera import FULL_HD, HD, photograph, shot
from .shipped import every_front, faces

FRAMES = {"1080p": FULL_HD, "720p": HD}
# Floors, not the goal: the goal is 99 % at both sizes (issue 29); what the shipped layouts
# read today is recorded in benchmarks/README.md ("Card codes at the table"), and these keep
# it from sliding back. The sample: how many of its ten photos must read.
LEAST_RIGHT = {"1080p": 0.97, "720p": 0.90}
SAMPLE_RIGHT = {"1080p": 10, "720p": 9}
SAMPLE = [("riposte", "combat_card", "scissor_cut"), ("riposte", "combat_card", "crossguard"),
          ("riposte", "combat_card", "right_jab"), ("va_card_game", "hero", None),
          ("va_card_game", "equipment", None), ("luturas", "lutura", None),
          ("luturas", "crystal", "crystal_botanical"), ("luturas", "strategy", None),
          ("vita_luna", "creature", None), ("vita_luna", "creature", "wolf")]  # fmt: skip


def _first(game_id: str, type_id: str, card: str | None) -> str:
    return card or next(c for c in faces(game_id, type_id) if not c.startswith("back:"))


def _photo_of(game_id: str, type_id: str, card: str, seed: int, frame=FULL_HD) -> bytes:
    rng = np.random.default_rng(seed)
    return photograph(faces(game_id, type_id)[card], shot(rng, frame), rng)


def _outcome(game_id: str, type_id: str, card: str, seed: int, frame=FULL_HD) -> str:
    """ "right", "missed" (nothing or a refusal) or "wrong" (another card)."""
    readings, _ = scan(_photo_of(game_id, type_id, card, seed, frame), game_id)
    named = [(r.card.type, r.card.id) for r in readings if r.card is not None]
    if any(found != (type_id, card) for found in named):
        return "wrong"
    return "right" if named else "missed"


@pytest.mark.parametrize("size", FRAMES)
def test_a_sample_reads_as_its_cards_in_under_a_second(size: str) -> None:
    """Ten cards of the four games (the faces that once did not read among them), one seeded
    photo each at the page's real capture size: none reads as another card, nearly all as
    their own, each read quickly."""
    right = 0
    for seed, (game_id, type_id, card) in enumerate(SAMPLE):
        card = _first(game_id, type_id, card)
        photo = _photo_of(game_id, type_id, card, seed, FRAMES[size])
        started = time.process_time()  # this process's CPU: what the read costs, not what
        readings, _ = scan(photo, game_id)  # the other workers on a shared box take
        took = time.process_time() - started
        named = [(r.card.type, r.card.id) for r in readings if r.card]
        assert named in ([], [(type_id, card)]), (game_id, card, seed, named)
        right += bool(named)
        assert took < 1.0, f"{card}: {took:.2f} s of CPU to read a {size} photo"
    assert right >= SAMPLE_RIGHT[size]


def test_a_row_of_cards_in_one_photo_reads_left_to_right() -> None:
    images = faces("riposte", "combat_card")
    row = ["slant", "bind", "feint"]
    gap = 40
    width = sum(images[c].width for c in row) + gap * (len(row) + 1)
    height = images[row[0]].height + 2 * gap
    table = Image.new("RGB", (width, height), "#6B5B4B")
    x = gap
    for card in row:
        table.paste(images[card], (x, gap))
        x += images[card].width + gap
    rng = np.random.default_rng(7)
    take = shot(rng, FULL_HD)
    take = type(take)(**{**take.__dict__, "angle": 3.0, "mirrored": False, "card_share": 0.9})
    readings, none = scan(photograph(table, take, rng), "riposte", several=True)
    assert none is None
    assert [r.card.id for r in readings if r.card] == row


def test_a_photo_without_a_code_says_so_in_one_line() -> None:
    plain = io.BytesIO()
    Image.new("RGB", (640, 480), "#808080").save(plain, "JPEG")
    readings, none = scan(plain.getvalue(), "riposte")
    assert readings == [] and none is not None and "\n" not in none
    assert none.startswith("No card code found in the photo")
    readings, none = scan(b"not a photo", "riposte")
    assert none == "No card read: the photo could not be read as an image: take it again."


@pytest.mark.slow
@pytest.mark.parametrize("size", FRAMES)
def test_every_shipped_card_reads_from_a_table_photo(size: str) -> None:
    """One photo of every card that carries a code (a fresh seed each) at a real capture size:
    at least `LEAST_RIGHT` read right, and not a single one as another card."""
    outcomes: dict[str, list[str]] = {"right": [], "missed": [], "wrong": []}
    for seed, (game_id, type_id, card) in enumerate(every_front()):
        outcomes[_outcome(game_id, type_id, card, 1000 + seed, FRAMES[size])].append(
            f"{card} (seed {1000 + seed})"
        )
    total = sum(len(v) for v in outcomes.values())
    assert outcomes["wrong"] == []
    assert len(outcomes["right"]) >= LEAST_RIGHT[size] * total, outcomes["missed"]
