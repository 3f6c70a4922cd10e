"""Impose ready-made card images (art made in another tool) onto print sheets.

Fronts are the images in a folder, in name order. A front's back is found by name
(`wolf.png` -> `wolf-back.png`, `wolf_back.png` or `backs/wolf.png`), else the one shared back
(`--back FILE`, or `back.png` in the folder); with neither, cards print single-sided.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cardgen.data.errors import DataError, Location
from cardgen.printkit.artcheck import placement_warnings
from cardgen.printkit.draw import Face, ImageOp

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
BACK_SUFFIXES = ("-back", "_back", " back")


@dataclass(frozen=True)
class CardImages:
    front: Path
    back: Path | None


def _images(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)


def collect(folder: Path, shared_back: Path | None = None) -> list[CardImages]:
    if not folder.is_dir():
        raise DataError.at(Location(str(folder)), "no such folder of card images")
    images = _images(folder)
    by_stem = {p.stem.lower(): p for p in images}
    backs_dir = folder / "backs"
    named_backs = {p.stem.lower(): p for p in _images(backs_dir)} if backs_dir.is_dir() else {}
    if shared_back is None and "back" in by_stem:
        shared_back = by_stem["back"]
    if shared_back is not None and not shared_back.is_file():
        raise DataError.at(Location(str(shared_back)), "the shared back image does not exist")
    cards = []
    for image in images:
        stem = image.stem.lower()
        if image == shared_back or any(stem.endswith(s) for s in BACK_SUFFIXES):
            continue
        back = next((by_stem[stem + s] for s in BACK_SUFFIXES if stem + s in by_stem), None)
        back = back or named_backs.get(stem) or shared_back
        cards.append(CardImages(image, back))
    if not cards:
        raise DataError.at(Location(str(folder)), "no card images here (.png, .jpg)")
    return cards


def image_face(path: Path, w: float, h: float, bleed: float, image_bleed: float) -> Face:
    """A face showing the image over the trim (and its own bleed, if it has some)."""
    face = Face(w, h, bleed, key=f"image:{path.resolve()}")
    face.ops.append(
        ImageOp(str(path.resolve()), -image_bleed, -image_bleed, w + 2 * image_bleed,
                h + 2 * image_bleed, fit="cover")
    )  # fmt: skip
    return face


def check_images(cards: list[CardImages]) -> None:
    """Refuse unreadable files up front, naming them, before any page is written."""
    from cardgen.printkit.backends.images import is_readable_image

    seen: set[Path] = set()
    for card in cards:
        for path in (card.front, card.back):
            if path is None or path in seen:
                continue
            seen.add(path)
            if not is_readable_image(path):
                raise DataError.at(Location(str(path)), "not a readable image")


def image_warnings(cards: list[CardImages], w: float, h: float, image_bleed: float) -> list[str]:
    """One line per file and problem: under 300 ppi on the card, or cropped past 3 % to fit it.

    Each image fills the card and the bleed it carries (`image_bleed`), cropping what overhangs.
    """
    from cardgen.printkit.backends.images import pixel_size

    box = (w + 2 * image_bleed, h + 2 * image_bleed)
    seen: set[Path] = set()
    warnings = []
    for card in cards:
        for path in (card.front, card.back):
            if path is None or path in seen:
                continue
            seen.add(path)
            warnings += placement_warnings(str(path), pixel_size(str(path)), box, "cover")
    return warnings


def write_image_sheets(
    cards: list[CardImages], w: float, h: float, image_bleed: float, options, out: Path, title: str
) -> int:
    """The sheets PDF at `out` (written to a temporary name, then moved); returns its pages."""
    from dataclasses import replace

    from cardgen.printkit.backends.pdf import PdfDocument
    from cardgen.printkit.build import card_pages

    opts = replace(options, bleed_mm=min(options.bleed_mm, image_bleed))
    faces: dict[Path, Face] = {}

    def face(path: Path) -> Face:
        if path not in faces:
            faces[path] = image_face(path, w, h, opts.bleed_mm, image_bleed)
        return faces[path]

    items = [(face(c.front), face(c.back) if c.back else None) for c in cards]
    temporary = out.with_name(f".{out.name}.part")
    out.parent.mkdir(parents=True, exist_ok=True)
    try:
        document = PdfDocument(temporary, title, f"{opts.paper}, {opts.duplex}")
        card_pages(document, items, w, h, opts, title)
        pages = document.pages
        document.save()
        temporary.replace(out)
    finally:
        temporary.unlink(missing_ok=True)
    return pages
