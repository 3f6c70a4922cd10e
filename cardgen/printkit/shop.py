"""Print-shop export: one card per page at the shop's bleed, with TrimBox and BleedBox set,
per-card PNGs at the shop's pixel size, and the quantities to order."""

from __future__ import annotations

import csv
import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

from cardgen.data.database import Game
from cardgen.data.units import to_mm
from cardgen.printkit.faces import FaceSet
from cardgen.printkit.sheets import Page, Rect


@dataclass(frozen=True)
class ShopProfile:
    id: str
    name: str
    bleed_mm: float
    dpi: int
    back_first: bool
    poker_px: tuple[int, int] | None


def shop_profiles() -> dict[str, ShopProfile]:
    text = resources.files("cardgen.printkit").joinpath("presets/shops.json").read_text("utf-8")
    profiles = {}
    for key, spec in json.loads(text).items():
        if key.startswith("_"):
            continue
        px = spec.get("poker_px")
        bleed, dpi, back_first = (
            to_mm(spec["bleed"]),
            int(spec["dpi"]),
            bool(spec.get("back_first")),
        )
        profiles[key] = ShopProfile(
            key, spec["name"], bleed, dpi, back_first, tuple(px) if px else None
        )
    return profiles


def write_shop(game: Game, sets: list[FaceSet], folder: Path, profile: ShopProfile) -> list[Path]:
    """Per type: `<type>.pdf` (front then back of each card, or back first), PNGs, quantities."""
    from cardgen.printkit.backends.pdf import PdfDocument, Placement
    from cardgen.printkit.backends.png import render_png, resized, save_png

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for faces in sets:
        if not faces.fronts or faces.size.shape != "rect" or faces.spec.kind in ("board", "pawn"):
            continue
        w, h, b = faces.size.width_mm, faces.size.height_mm, profile.bleed_mm
        pdf_path = folder / f"{faces.spec.id}.pdf"
        document = PdfDocument(pdf_path, f"{game.name} {faces.spec.plural}", profile.name)
        trim = Rect(b, b, w, h)
        page_rect = Rect(0, 0, w + 2 * b, h + 2 * b)
        document.set_boxes(trim, page_rect, page_rect.h)
        png_dir = folder / "png" / faces.spec.id
        png_dir.mkdir(parents=True, exist_ok=True)
        rows = []
        for card_id, front in faces.fronts.items():
            sides = [("front", front)]
            if card_id in faces.backs:
                sides.append(("back", faces.backs[card_id]))
            if profile.back_first:
                sides.reverse()
            for side, face in sides:
                page = Page(page_rect.w, page_rect.h, side)
                document.page(page, [Placement(face, trim, page_rect)])
                image = render_png(face, profile.dpi)
                if profile.poker_px and (round(w), round(h)) in ((63, 88), (64, 89)):
                    image = resized(image, profile.poker_px)
                name = f"{card_id}-{side}.png"
                save_png(image, png_dir / name, profile.dpi)
            card = next(c for c in game.cards[faces.spec.id] if c.id == card_id)
            rows.append((card_id, card.name, game.quantity(card)))
        document.save()
        with open(
            folder / f"{faces.spec.id}-quantities.csv", "w", newline="", encoding="utf-8"
        ) as f:
            writer = csv.writer(f)
            writer.writerow(["id", "name", "copies"])
            writer.writerows(rows)
        written += [pdf_path, png_dir, folder / f"{faces.spec.id}-quantities.csv"]
    return written
