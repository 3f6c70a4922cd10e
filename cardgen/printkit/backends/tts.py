"""Tabletop Simulator: JPEG deck sheets of card faces, drawn with pillow, and beside them the
saved objects (`cardgen.printkit.tts_objects`) that load them as ready decks, tiles and boards."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import quote

from PIL import Image

from cardgen.data.game import Game
from cardgen.data.records import Card
from cardgen.data.spec import TypeSpec
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.draw import Face
from cardgen.printkit.faces import FaceSet, listed_fields
from cardgen.printkit.layout.markup import plain, runs
from cardgen.printkit.tts_objects import (
    DICE,
    PER_SHEET,
    CardEntry,
    Sheet,
    bag_object,
    board_object,
    deck_object,
    die_object,
    figurine_object,
    saved_object,
    tile_object,
)

TTS_COLUMNS, TTS_ROWS = 10, 7
TTS_CARD_PX = 372  # a 63 mm card at 150 ppi: sharp on screen, sheets stay under 4k x 5k px
TTS_BOARD_PX = 4096  # the longest side of a board's picture: TTS loads no larger
TTS_TILE_MM = 50.0  # a tile this wide gets scale 1 in TTS


def write_tts(game: Game, sets: list[FaceSet], folder: Path, url_base: str = "") -> list[Path]:
    """Deck sheets for Tabletop Simulator (10 x 7, the last slot holding the hidden-card face),
    one deck per card type and back (TTS gives a deck one back), copies as in the box; pictures
    of each tile and board; and a saved object (`.json`, its thumbnail `.png`) for each.

    `url_base`: where the files will be found, the folder's own `file:///` URI when empty.
    """
    folder.mkdir(parents=True, exist_ok=True)
    base = (url_base or folder.resolve().as_uri()).rstrip("/") + "/"
    writer = _Writer(game, folder, base)
    for faces in sets:
        kind = faces.spec.kind
        if kind == "card":
            writer.decks(faces)
        elif kind in PIECES:
            writer.pieces(faces, *PIECES[kind])
        elif kind == "board":
            writer.boards(faces)
    writer.dice()
    return writer.written


# How each kind of piece sits on TTS's table: (object, tile shape). Counters and trackers are
# flat strips a marker is moved along, tokens round tiles, pawns standees.
PIECES = {
    "tile": ("tile", "box"),
    "token": ("tile", "circle"),
    "counter": ("tile", "box"),
    "pawn": ("figurine", ""),
}


def nickname(faces: FaceSet, face_id: str) -> str:
    """The name TTS shows for a piece: its printed name (a piece without one: its id, as words)."""
    card = faces.cards[face_id]
    if card.get("name"):
        return str(card.get("name"))
    return card.id.replace("_", " ").replace("-", " ").capitalize()


def describe(faces: FaceSet, face_id: str, game: Game | None = None) -> str:
    """A card's description in TTS: its printed fields, one per line, as a player reads them
    (a keyword by its name, not its id), and its deck's name."""
    card = faces.cards[face_id]
    named = _keyword_names(faces.spec, card, game) if game is not None else {}
    machine = {f.name for f in faces.spec.fields if f.type == "effect"}  # the rules' own form
    lines = [
        f"{f['label']}: {named.get(f['name']) or bbcode(f['value'])}"
        for f in listed_fields(faces.spec, card)
        if f["name"] not in machine
    ]
    if face_id in faces.decks:
        lines.append(f"Deck: {faces.decks[face_id]}")
    return "\n".join(lines)


def _keyword_names(spec: TypeSpec, card: Card, game: Game) -> dict[str, str]:
    """The card's keyword fields as the keywords' printed names ("Lunge" for `lunge`)."""
    names = {}
    for f in spec.fields:
        value = card.get(f.name)
        if f.type == "keyword_counts" and isinstance(value, dict) and f.set:
            names[f.name] = ", ".join(
                f"{_word(game, f.set, str(word_id))} {count}" for word_id, count in value.items()
            )
            continue
        if f.type not in ("keyword", "keywords"):
            continue
        ids = value if isinstance(value, list | tuple) else [value] if value else []
        words = [_word(game, f.set, str(word_id)) for word_id in ids]
        if words:
            names[f.name] = ", ".join(words)
    return names


def _word(game: Game, set_id: str, word_id: str) -> str:
    """A keyword's printed name, or its id as words where the set has no such keyword."""
    word = game.keyword(set_id, word_id) if set_id else None
    if word is not None and word.get("name"):
        return str(word.get("name"))
    return word_id.replace("_", " ").capitalize()


def bbcode(text: str) -> str:
    """Card text's bold and italic (`docs/layouts.md`, Rich text) as TTS's [b] and [i] tags."""
    parts = []
    for run in runs(text):
        shown = plain(run.text)
        shown = f"[i]{shown}[/i]" if run.italic else shown
        parts.append(f"[b]{shown}[/b]" if run.bold else shown)
    return "".join(parts)


class _Writer:
    def __init__(self, game: Game, folder: Path, base: str) -> None:
        self.game, self.folder, self.base = game, folder, base
        self.written: list[Path] = []
        self.sheet_number = 0  # unique across the kit's decks, as TTS wants

    def url(self, name: str) -> str:
        return self.base + quote(name)

    def save_jpeg(self, image: Image.Image, name: str) -> str:
        image.save(self.folder / name, "JPEG", quality=88)
        self.written.append(self.folder / name)
        return self.url(name)

    def save_object(self, name: str, objects: list[dict], thumbnail: Image.Image) -> None:
        path = self.folder / f"{name}.json"
        body = saved_object(f"{self.game.name} - {name}", objects)
        path.write_text(json.dumps(body, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        thumb = thumbnail.copy()
        thumb.thumbnail((256, 256))
        thumb.save(self.folder / f"{name}.png")  # TTS shows it in its Saved Objects list
        self.written += [path, self.folder / f"{name}.png"]

    # cards ----------------------------------------------------------------------------------
    def decks(self, faces: FaceSet) -> None:
        groups: dict[str, list[str]] = {}
        for face_id in faces.copies:
            back = faces.backs.get(face_id)
            groups.setdefault(back.key if back else "", []).append(face_id)
        # A front's thumbnail is kept only until its last copy is placed (copies sit together,
        # so few are held at once); backs are kept for every sheet. A deck of 10,000 cards
        # would otherwise hold thousands of thumbnails of half a megabyte until its last sheet.
        uses = Counter(faces.fronts[i].key for ids in groups.values() for i in ids)
        cache: dict[str, Image.Image] = {}

        def cell(face: Face) -> Image.Image:
            image = cache.get(face.key)
            if image is None:
                image = _thumbnail(face, TTS_CARD_PX)
                cache[face.key] = image
            if face.key in uses:  # a front: one copy fewer still to place
                uses[face.key] -= 1
                if uses[face.key] <= 0:
                    del cache[face.key]
            return image

        for group_index, ids in enumerate(groups.values()):  # in the order of the box
            suffix = f"-{group_index + 1}" if len(groups) > 1 else ""
            stem = f"{faces.spec.id}{suffix}"
            back_face = next((faces.backs[i] for i in ids if i in faces.backs), None)
            back_image = cell(back_face) if back_face else None
            if back_image is None:  # no printed back: TTS still needs one, a plain card
                size = _thumbnail(faces.fronts[ids[0]], TTS_CARD_PX).size
                back_image = Image.new("RGB", size, "#E8E8E8")
            back_url = self.url(f"{stem}-back.jpg")  # written after the sheets
            sheets, entries = [], []
            for sheet_index, start in enumerate(range(0, len(ids), PER_SHEET)):
                chunk = ids[start : start + PER_SHEET]
                self.sheet_number += 1
                face_url = self._sheet(chunk, faces, cell, back_image,
                                       f"{stem}-sheet{sheet_index + 1}.jpg")  # fmt: skip
                sheets.append(Sheet(self.sheet_number, face_url, back_url))
                entries += [
                    CardEntry(
                        nickname(faces, i), describe(faces, i, self.game), self.sheet_number, n
                    )
                    for n, i in enumerate(chunk)
                ]
            self.save_jpeg(back_image, f"{stem}-back.jpg")
            name = faces.spec.plural + (f" ({_back_label(back_face)})" if suffix else "")
            deck = deck_object(f"{self.game.name} - {name}", entries, sheets,
                               f"{self.game.id}/{stem}")  # fmt: skip
            self.save_object(stem, [deck], back_image)

    def _sheet(self, chunk: list[str], faces: FaceSet, cell, hidden: Image.Image, name: str) -> str:
        first = cell(faces.fronts[chunk[0]])
        sheet = Image.new("RGB", (first.width * TTS_COLUMNS, first.height * TTS_ROWS), "white")
        for i, face_id in enumerate(chunk):
            x, y = (i % TTS_COLUMNS) * first.width, (i // TTS_COLUMNS) * first.height
            sheet.paste(first if i == 0 else cell(faces.fronts[face_id]), (x, y))
        if hidden.size != first.size:
            hidden = hidden.resize(first.size, Image.Resampling.LANCZOS)
        sheet.paste(hidden, ((TTS_COLUMNS - 1) * first.width, (TTS_ROWS - 1) * first.height))
        url = self.save_jpeg(sheet, name)
        del sheet  # about 50 MB: let it go before the next sheet is made
        return url

    # tiles and boards -----------------------------------------------------------------------
    def pieces(self, faces: FaceSet, shape_of: str, shape: str) -> None:
        """A picture of each piece's sides, and a bag holding every copy in the box: tiles and
        counters as square tiles, tokens as round ones (`shape`), pawns as standees."""
        spec = faces.spec
        urls: dict[str, tuple[str, str]] = {}
        thumbnail = None
        for face_id, front in faces.fronts.items():
            image = _thumbnail(front, TTS_CARD_PX)
            thumbnail = thumbnail or image
            front_url = self.save_jpeg(image, f"{spec.id}-{face_id}.jpg")
            back = faces.backs.get(face_id)
            back_url = ""
            if back is not None:
                back_url = self.save_jpeg(_thumbnail(back, TTS_CARD_PX),
                                          f"{spec.id}-{face_id}-back.jpg")  # fmt: skip
            urls[face_id] = (front_url, back_url)
        if thumbnail is None:
            return
        scale = round(faces.size.width_mm / TTS_TILE_MM, 3)
        salt = f"{self.game.id}/{spec.id}"
        game = self.game
        if shape_of == "figurine":
            pieces = [
                figurine_object(
                    nickname(faces, i), describe(faces, i, game), *urls[i], scale, n, salt
                )
                for n, i in enumerate(faces.copies)
            ]
        else:
            pieces = [
                tile_object(
                    nickname(faces, i), describe(faces, i, game), *urls[i], scale, n, salt, shape
                )
                for n, i in enumerate(faces.copies)
            ]
        bag = bag_object(f"{self.game.name} - {spec.plural}", pieces, salt)
        self.save_object(spec.id, [bag], thumbnail)

    def dice(self) -> None:
        """The game's dice (`die` types) as TTS's own numbered dice, one per die its rows name
        (the field `die`, else one die per type), each face's meaning in its description."""
        dice: list[dict] = []
        for spec in self.game.spec.types:
            if spec.kind != "die":
                continue
            groups: dict[str, list[Card]] = {}
            for row in self.game.cards.get(spec.id, []):
                groups.setdefault(str(row.get("die") or spec.name), []).append(row)
            for name, rows in groups.items():
                if len(rows) not in DICE:
                    continue  # no such TTS die: the rulebook's table is the die's reference
                lines = [_face_line(spec, row) for row in rows]
                faces = [row.get("face") for row in rows]
                if len(rows) == 10 and 0 in faces:
                    lines.append("A 10 rolled here counts as the printed 0.")
                title = f"{name.replace('_', ' ').capitalize()} die (d{len(rows)})"
                dice.append(die_object(title, "\n".join(lines), len(rows), len(dice),
                                       f"{self.game.id}/{spec.id}"))  # fmt: skip
        if dice:
            thumb = Image.new("RGB", (256, 256), "#FFFFFF")
            self.save_object("dice", [bag_object(f"{self.game.name} - Dice", dice, "dice")], thumb)

    def boards(self, faces: FaceSet) -> None:
        spec = faces.spec
        for n, face_id in enumerate(dict.fromkeys(faces.copies)):
            front = faces.fronts[face_id]
            image = _thumbnail(front, TTS_BOARD_PX, longest=True)
            stem = spec.id if n == 0 else f"{spec.id}-{n + 1}"
            url = self.save_jpeg(image, f"{stem}.jpg")
            name = f"{self.game.name} - {nickname(faces, face_id)}"
            board = board_object(name, describe(faces, face_id, self.game), url, 1.0,
                                 f"{self.game.id}/{stem}")  # fmt: skip
            self.save_object(stem, [board], image)


def _thumbnail(face: Face, px: int, longest: bool = False) -> Image.Image:
    """The face cut at its trim, `px` wide (or `px` on its longest side)."""
    dpi = 150
    if longest:  # a board: as sharp as TTS takes, never drawn larger than needed
        dpi = max(40, min(150, round(px / (max(face.width, face.height) / 25.4))))
    image = render_png(face, dpi, bleed=False)
    if longest:
        return image
    height = round(px * image.height / image.width)
    return image.resize((px, height), Image.Resampling.LANCZOS)


def _face_line(spec: TypeSpec, row: Card) -> str:
    """One face of a die as a player reads it: "3: Add an orange enemy room. With the purple
    pawn: ...": its text fields only (a choice or a flag is the rules' value, not words), its
    `meaning` first."""
    texts = [
        f["value"]
        for f in listed_fields(spec, row)
        if f["name"] not in ("die", "face") and (field := spec.field(f["name"])) is not None
        and field.type == "text"
    ]  # fmt: skip
    meaning = str(row.get("meaning") or "")
    said = [meaning, *(t for t in texts if t != meaning)] if meaning else texts
    face = row.get("face")
    return f"{face if face is not None else row.id}: " + " ".join(said)


def _back_label(face: Face | None) -> str:
    return face.key.split(":back:", 1)[1] if face is not None and ":back:" in face.key else "back"
