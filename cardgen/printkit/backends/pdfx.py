"""PDF/X-1a:2001 for the shops that print in CMYK: the kit's CMYK PDF (every colour and image
already CMYK, fonts embedded, no transparency, TrimBox and BleedBox on every page) marked as
what it is, with the output intent the shop names.

reportlab writes no output intent, so the file is finished here with pypdf: a PDF 1.3 header
(PDF/X-1a:2001 is built on PDF 1.3), the `GTS_PDFX` output intent naming a printing condition
registered with the ICC (for a registered condition the profile itself may be left out), and
the document information PDF/X asks for (`GTS_PDFXVersion`, `GTS_PDFXConformance`, `Trapped`).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ICC_REGISTRY = "http://www.color.org"


@dataclass(frozen=True)
class OutputIntent:
    """The printing condition a shop prints to (`presets/shops.json`, "pdfx")."""

    condition: str  # the ICC registry's identifier: "CGATS TR 001", "FOGRA39"
    info: str  # in words: "U.S. Web Coated (SWOP) v2"


def make_pdfx(path: Path, title: str, intent: OutputIntent) -> None:
    """Rewrite the CMYK PDF at `path` as PDF/X-1a:2001 (written beside it, then moved over it:
    a failure leaves the file as it was)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject, TextStringObject

    writer = PdfWriter(clone_from=PdfReader(path))
    writer.pdf_header = "%PDF-1.3"
    output = DictionaryObject(
        {
            NameObject("/Type"): NameObject("/OutputIntent"),
            NameObject("/S"): NameObject("/GTS_PDFX"),
            NameObject("/OutputConditionIdentifier"): TextStringObject(intent.condition),
            NameObject("/OutputCondition"): TextStringObject(intent.info),
            NameObject("/RegistryName"): TextStringObject(ICC_REGISTRY),
            NameObject("/Info"): TextStringObject(intent.info),
        }
    )
    writer.root_object[NameObject("/OutputIntents")] = ArrayObject([writer._add_object(output)])
    writer.add_metadata(
        {
            "/Title": title,
            "/GTS_PDFXVersion": "PDF/X-1:2001",
            "/GTS_PDFXConformance": "PDF/X-1a:2001",
        }
    )
    info = writer._info.get_object() if writer._info is not None else None
    if isinstance(info, DictionaryObject):
        info[NameObject("/Trapped")] = NameObject("/False")  # no trapping was done
    partial = path.with_name(path.name + ".pdfx-partial")
    try:
        with open(partial, "wb") as handle:
            writer.write(handle)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
