"""Printed cards photographed as a phone or tablet would, read back by the companion's scanner.

Every shipped card that carries a code is rendered as its PNG face, then photographed (turned,
tilted, blurred, dimmed, noisy, JPEG-compressed: `camera`) at a 12-megapixel camera's resolution,
and scanned as the pages scan (`companion.scan.cards.scan`). At least 99 % must read as their
card, and none may ever read as another card. Seeded: a failure names its seed.
"""

from __future__ import annotations

import io
import time

import numpy as np
import pytest
from PIL import Image

from companion.scan.cards import scan

from .camera import PHONE, photograph, shot
from .shipped import every_front, faces

LEAST_RIGHT = 0.99


def _photo_of(game_id: str, type_id: str, card: str, seed: int, frame=PHONE) -> bytes:
    rng = np.random.default_rng(seed)
    return photograph(faces(game_id, type_id)[card], shot(rng, frame), rng)


def _outcome(game_id: str, type_id: str, card: str, seed: int) -> str:
    """ "right", "missed" (nothing or a refusal) or "wrong" (another card)."""
    readings, _ = scan(_photo_of(game_id, type_id, card, seed), game_id)
    named = [(r.card.type, r.card.id) for r in readings if r.card is not None]
    if any(found != (type_id, card) for found in named):
        return "wrong"
    return "right" if named else "missed"


def test_a_few_photos_read_as_their_cards_in_under_a_second() -> None:
    chosen = [("riposte", "combat_card", "scissor_cut"), ("va_card_game", "hero", None),
              ("luturas", "lutura", None), ("vita_luna", "creature", None)]  # fmt: skip
    for seed, (game_id, type_id, card) in enumerate(chosen):
        card = card or next(c for c in faces(game_id, type_id) if not c.startswith("back:"))
        photo = _photo_of(game_id, type_id, card, seed)
        started = time.process_time()  # this process's CPU: what the read costs, not what
        readings, none = scan(photo, game_id)  # the other workers on a shared box take
        took = time.process_time() - started
        assert none is None, (game_id, card, seed)
        assert [(r.card.type, r.card.id) for r in readings if r.card] == [(type_id, card)]
        assert took < 2.0, f"{card}: {took:.2f} s of CPU to read a 12-megapixel photo"


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
    take = shot(rng, (4032, 3024))
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
def test_every_shipped_card_reads_from_a_phone_photo() -> None:
    """One photo of every card that carries a code (a fresh seed each): 99 % read right, and
    not a single one as another card."""
    outcomes: dict[str, list[str]] = {"right": [], "missed": [], "wrong": []}
    for seed, (game_id, type_id, card) in enumerate(every_front()):
        outcomes[_outcome(game_id, type_id, card, 1000 + seed)].append(
            f"{card} (seed {1000 + seed})"
        )
    total = sum(len(v) for v in outcomes.values())
    assert outcomes["wrong"] == []
    assert len(outcomes["right"]) >= LEAST_RIGHT * total, outcomes["missed"]
