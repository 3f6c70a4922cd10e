"""A card's printed front for a screen: the print kit's one door for the table app, which shows
the cards players hold as the kit prints them.

The face is laid out by `build_faces` from the same data and layouts as the sheets (no bleed,
no card code: a screen needs neither) and drawn by the PNG backend, at `sharpness` device
pixels per CSS pixel, then packed as WebP (a fifth of a PNG's bytes at the same look).
"""

from __future__ import annotations

import io

from cardgen.data.database import Game
from cardgen.printkit.faces import build_faces, printed_type


def card_picture(game: Game, card_id: str, width_px: int, sharpness: int = 2) -> bytes | None:
    """WebP bytes of the card's front, `width_px` CSS pixels wide; None if `game` prints no card
    of that id."""
    from cardgen.printkit.backends.png import render_png

    spec = printed_type(game, card_id)
    if spec is None:
        return None
    # a text too long for its box is set at its smallest size, as `--text-overflow warn` prints
    faces = build_faces(game, spec, 0.0, ids={card_id}, text_overflow="warn", codes=False)
    face = faces.front(card_id)
    image = render_png(face, dpi=round(width_px * sharpness / (face.width / 25.4)), bleed=False)
    out = io.BytesIO()
    image.save(out, "WEBP", quality=82, method=4)
    return out.getvalue()
