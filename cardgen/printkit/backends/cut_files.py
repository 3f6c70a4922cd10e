"""Cut files for a cutting machine: where its blade goes on one printed sheet.

Each sheet layout is written twice, in millimetres over the whole page: as DXF (what Silhouette
Studio's basic edition opens; y grows upwards from the page's bottom-left corner, as DXF has it)
and as SVG (Designer Edition and other cutter software; y down from the top-left). The page's
own size is set as each file's extent, so the lines land where the PDF printed the pieces when
the file is placed at the page's corner. Only the pieces' outlines are in them: the marks are
printed by the PDF and drawn by the cutter's own software.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

import ezdxf
from ezdxf import units

from cardgen.printkit.sheets.cutter import CutSheet


def write_cut_files(sheet: CutSheet, folder: Path) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    svg, dxf = folder / f"{sheet.name}.svg", folder / f"{sheet.name}.dxf"
    svg.write_text(_svg(sheet), encoding="utf-8")
    _dxf(sheet).saveas(dxf)
    return [svg, dxf]


def _svg(sheet: CutSheet) -> str:
    w, h = sheet.width, sheet.height
    shapes = []
    for t in sheet.trims:
        if sheet.shape == "round":
            shapes.append(
                f'<circle cx="{t.x + t.w / 2:.3f}" cy="{t.y + t.h / 2:.3f}" r="{t.w / 2:.3f}"/>'
            )
        else:
            shapes.append(
                f'<rect x="{t.x:.3f}" y="{t.y:.3f}" width="{t.w:.3f}" height="{t.h:.3f}"/>'
            )
    body = "\n  ".join(shapes)
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:g}mm" height="{h:g}mm" '
        f'viewBox="0 0 {w:g} {h:g}">\n'
        f"<title>{escape(sheet.name)}: cut lines for a {w:g} x {h:g} mm sheet</title>\n"
        '<g fill="none" stroke="#ff0000" stroke-width="0.1">\n  '
        f"{body}\n</g>\n</svg>\n"
    )


def _dxf(sheet: CutSheet) -> ezdxf.document.Drawing:
    doc = ezdxf.new("R2010", setup=False)
    doc.units = units.MM
    doc.header["$EXTMIN"] = (0, 0, 0)
    doc.header["$EXTMAX"] = (sheet.width, sheet.height, 0)
    doc.header["$LIMMIN"] = (0, 0)
    doc.header["$LIMMAX"] = (sheet.width, sheet.height)
    space = doc.modelspace()
    for t in sheet.trims:
        bottom = sheet.height - t.bottom  # DXF's y grows upwards
        if sheet.shape == "round":
            space.add_circle((t.x + t.w / 2, bottom + t.h / 2), t.w / 2)
        else:
            top = bottom + t.h
            space.add_lwpolyline([(t.x, bottom), (t.right, bottom), (t.right, top), (t.x, top)],
                                 close=True)  # fmt: skip
    return doc
