"""Tabletop Simulator deck sheets: JPEG grids of card faces, drawn with pillow."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from PIL import Image

from cardgen.data.game import Game
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.draw import Face
from cardgen.printkit.faces import FaceSet

TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_CARD_PX = 372  # a 63 mm card at 150 ppi: sharp on screen, sheets stay under 4k x 5k px


def write_tts(game: Game, sets: list[FaceSet], folder: Path) -> list[Path]:
    """Deck sheets for Tabletop Simulator: 10 x 7, the last slot holding the hidden-card face.

    One deck per type and back (TTS gives a deck one back), copies repeated as in the box.
    """
    written = []
    folder.mkdir(parents=True, exist_ok=True)
    for faces in sets:
        if faces.spec.kind != "card":
            continue
        groups: dict[str, list[str]] = {}
        for card in game.copies(faces.spec.id):
            if card.id in faces.fronts:
                back = faces.backs.get(card.id)
                groups.setdefault(back.key if back else "", []).append(card.id)
        # Only faces drawn more than once are kept (backs, copies of a card): a deck of 10,000
        # different cards would otherwise hold 10,000 thumbnails until its last sheet.
        uses = Counter(faces.fronts[i].key for ids in groups.values() for i in ids)
        cache: dict[str, Image.Image] = {}

        def cell(face: Face, cache: dict[str, Image.Image] = cache, uses=uses) -> Image.Image:
            if face.key in cache:
                return cache[face.key]
            image = render_png(face, 150, bleed=False)
            height = round(TTS_CARD_PX * image.height / image.width)
            image = image.resize((TTS_CARD_PX, height), Image.Resampling.LANCZOS)
            if uses[face.key] != 1:  # a back (not counted among the fronts), or a copied card
                cache[face.key] = image
            return image

        for group_index, (_back, ids) in enumerate(sorted(groups.items())):
            per_sheet = TTS_COLUMNS * TTS_ROWS - 1
            back_face = next((faces.backs[i] for i in ids if i in faces.backs), None)
            for sheet_index, start in enumerate(range(0, len(ids), per_sheet)):
                chunk = ids[start : start + per_sheet]
                first = cell(faces.fronts[chunk[0]])
                sheet = Image.new(
                    "RGB", (first.width * TTS_COLUMNS, first.height * TTS_ROWS), "white"
                )
                for i, card_id in enumerate(chunk):
                    x, y = (i % TTS_COLUMNS) * first.width, (i // TTS_COLUMNS) * first.height
                    sheet.paste(first if i == 0 else cell(faces.fronts[card_id]), (x, y))
                hidden = cell(back_face) if back_face else first
                sheet.paste(
                    hidden, ((TTS_COLUMNS - 1) * first.width, (TTS_ROWS - 1) * first.height)
                )
                suffix = f"-{group_index + 1}" if len(groups) > 1 else ""
                name = f"{faces.spec.id}{suffix}-sheet{sheet_index + 1}.jpg"
                sheet.save(folder / name, "JPEG", quality=88)
                del sheet  # about 50 MB: let it go before the next sheet is made
                written.append(folder / name)
                if back_face is not None and sheet_index == 0:
                    back_name = f"{faces.spec.id}{suffix}-back.jpg"
                    cell(back_face).save(folder / back_name, "JPEG", quality=88)
                    written.append(folder / back_name)
    return written
