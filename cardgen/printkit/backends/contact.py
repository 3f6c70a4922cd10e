"""Contact sheets: faces drawn shrunk onto pages (the proofs of `cardgen.printkit.proof`).

The print backends place faces at their real size; a proof shows many at a fraction of it. The
PDF keeps them as vectors (each face's form drawn under a scaling transform), the PNG pages
paste each face rendered at the page's resolution times its scale.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardgen.printkit.backends.pdf import K, PdfDocument, Placement
from cardgen.printkit.backends.png import render_png, save_png
from cardgen.printkit.draw import Face
from cardgen.printkit.sheets.geometry import Rect

ProofPage = Any  # a cardgen.printkit.proof.ProofPage (not imported: the proof imports this module)


def write_contact_pdf(path: Path, title: str, pages: list[ProofPage]) -> int:
    document = PdfDocument(path, title, "proof: every unique face, shrunk")
    canvas = document.canvas
    for page in pages:
        for tile in page.tiles:
            face = tile.face
            trim = Rect(0.0, 0.0, face.width, face.height)
            canvas.saveState()
            bottom = page.height - tile.y - face.height * tile.scale
            canvas.translate(tile.x * K, bottom * K)
            canvas.scale(tile.scale, tile.scale)
            document.place(Placement(face, trim, trim), face.height)
            canvas.restoreState()
        document.draw_ops_page(page.width, page.height, page.ops, page.label)
    count = document.pages
    document.save()
    return count


def write_contact_pngs(folder: Path, pages: list[ProofPage], dpi: int) -> list[Path]:
    written = []
    for number, page in enumerate(pages, 1):
        sheet = render_png(Face(page.width, page.height, 0.0, list(page.ops)), dpi)
        for tile in page.tiles:
            image = render_png(tile.face, max(1, round(dpi * tile.scale)), bleed=False)
            px = dpi / 25.4
            sheet.paste(image, (round(tile.x * px), round(tile.y * px)))
        path = folder / f"proof-page{number:02d}.png"
        save_png(sheet, path, dpi)
        written.append(path)
    return written
