"""Print-shop export: each card laid out at the shop's own trim, one card per page, with the
shop's bleed, TrimBox and BleedBox; an image per face at exactly the same size in pixels; RGB or
CMYK as the shop wants; and the quantities to order.

Profiles are data (`presets/shops.json`). A component prints on the shop size whose trim is
within `TOLERANCE_MM` of its own on both sides (a 63 x 88 mm poker card on 2.5 x 3.5 in); any
other is refused with one line naming it and the sizes the shop takes.
"""

from __future__ import annotations

import csv
import json
import math
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any

from cardgen.data.database import Game
from cardgen.data.spec import TypeSpec
from cardgen.data.units import Size, to_mm
from cardgen.printkit.backends.pdfx import OutputIntent
from cardgen.printkit.draw import Face
from cardgen.printkit.faces import FaceSet, build_faces
from cardgen.printkit.sheets import Page, Rect

TOLERANCE_MM = 1.0  # how far a component's trim may be from a shop size and still print on it
SHOP_KINDS = ("card", "tile", "token", "counter")  # one per page at a shop's own card sizes
# What a shop that takes any size prints: every piece the kit prints, each at its own trim.
ANY_SIZE_KINDS = ("card", "tile", "token", "counter", "pawn", "board")
MM_PER_INCH = 25.4
_LENGTH = re.compile(r"^\s*([\d.]+)\s*([a-z]*)\s*$")


def whole_pixels(mm: float, dpi: int) -> int:
    """`mm` at `dpi` in pixels, rounded up (a hair of float error is not a pixel)."""
    return math.ceil(mm / MM_PER_INCH * dpi - 1e-6)


def _mm(value: float) -> str:
    return f"{round(value, 2):g}"


@dataclass(frozen=True)
class ShopSize:
    """One card size a shop prints: its trim, bleed and safe zone, and the file in pixels."""

    name: str
    label: str  # the trim as the shop writes it: "2.5 x 3.5 in"
    width_mm: float
    height_mm: float
    bleed_mm: float  # outside the trim, as the shop states it
    safe_mm: float  # inside the trim: keep text and icons within
    px: tuple[int, int]  # the whole file (trim + 2 x bleed) at `dpi`
    dpi: int

    @property
    def page_mm(self) -> tuple[float, float]:
        """The file's size in mm: exactly `px` at `dpi`, so the PDF page and the image agree."""
        return (self.px[0] * MM_PER_INCH / self.dpi, self.px[1] * MM_PER_INCH / self.dpi)

    @property
    def trim(self) -> Rect:
        """The trim on the page (mm from its top-left), centred."""
        width, height = self.page_mm
        return Rect((width - self.width_mm) / 2, (height - self.height_mm) / 2,
                    self.width_mm, self.height_mm)  # fmt: skip

    @property
    def face_bleed_mm(self) -> float:
        """The bleed to lay a face out with: enough to reach every edge of the file."""
        width, height = self.page_mm
        return max(width - self.width_mm, height - self.height_mm) / 2


def shop_size(name: str, label: str, w: float, h: float, bleed: float, safe: float,
              dpi: int) -> ShopSize:  # fmt: skip
    px = (whole_pixels(w + 2 * bleed, dpi), whole_pixels(h + 2 * bleed, dpi))
    return ShopSize(name, label, w, h, bleed, safe, px, dpi)


@dataclass(frozen=True)
class ShopProfile:
    id: str
    name: str
    dpi: int
    colour: str  # rgb (RGB PNG images) | cmyk (CMYK PDF colours and images, CMYK TIFFs)
    back_first: bool  # each card's back page before its front (DriveThruCards)
    bleed_mm: float
    safe_mm: float
    sizes: tuple[ShopSize, ...] = ()
    any_size: bool = False  # every rectangular size, at its own trim (the generic profile)
    pdfx: OutputIntent | None = None  # CMYK shops: the PDF is PDF/X-1a to this condition

    @property
    def is_cmyk(self) -> bool:
        return self.colour == "cmyk"

    @property
    def images(self) -> str:
        """The image format: PNG holds no CMYK, so CMYK faces are TIFFs."""
        return "tiff" if self.is_cmyk else "png"

    def size_for(self, size: Size, kind: str) -> ShopSize | None:
        """The shop size this component prints on, or None if the shop has none for it. A
        shop that takes any size (the generic profile) takes every printable piece, whole, at
        its own trim: a round token or a hex tile on the square around it (the shop cuts its
        shape), a board as one sheet."""
        w, h = size.width_mm, size.height_mm
        if self.any_size:
            if kind not in ANY_SIZE_KINDS:
                return None
            label = f"{_mm(w)} x {_mm(h)} mm"
            if size.shape == "round":
                label = f"{_mm(w)} mm round"
            elif size.shape != "rect":
                label += f" {size.shape.replace('_', ' ')}"
            return shop_size(size.name or "own", label, w, h, self.bleed_mm, self.safe_mm,
                             self.dpi)  # fmt: skip
        if kind not in SHOP_KINDS or size.shape != "rect":
            return None
        near = [
            s
            for s in self.sizes
            if abs(s.width_mm - w) <= TOLERANCE_MM and abs(s.height_mm - h) <= TOLERANCE_MM
        ]
        return min(near, key=lambda s: max(abs(s.width_mm - w), abs(s.height_mm - h)), default=None)

    def offer(self) -> str:
        """What the shop takes, for a refusal."""
        if self.any_size:
            return "every piece at its own size and shape"
        return "these trims: " + ", ".join(f"{s.name} {s.label}" for s in self.sizes)


def _label(width: str, height: str) -> str:
    """`2.5in` and `3.5in` as `2.5 x 3.5 in`."""
    found_w, found_h = _LENGTH.match(width), _LENGTH.match(height)
    if found_w is None or found_h is None:
        return f"{width} x {height}"
    (w, unit_w), (h, unit_h) = found_w.groups(), found_h.groups()
    return f"{w} x {h} {unit_w}" if unit_w == unit_h else f"{w} {unit_w} x {h} {unit_h}"


def _size(where: str, name: str, spec: dict, bleed: float, safe: float, dpi: int) -> ShopSize:
    w, h = to_mm(spec["width"]), to_mm(spec["height"])
    bleed = to_mm(spec.get("bleed", bleed))
    size = shop_size(name, _label(spec["width"], spec["height"]), w, h, bleed,
                     to_mm(spec.get("safe", safe)), dpi)  # fmt: skip
    published = tuple(spec.get("px", size.px))
    if published != size.px:
        raise ValueError(
            f"shops.json {where}.{name}: px {list(published)} is not the trim plus twice the "
            f"bleed at {dpi} ppi ({list(size.px)})"
        )
    return size


def _profile(key: str, spec: dict) -> ShopProfile:
    dpi = int(spec["dpi"])
    bleed, safe = to_mm(spec["bleed"]), to_mm(spec["safe"])
    sizes = tuple(
        _size(key, name, size, bleed, safe, dpi)
        for name, size in spec.get("sizes", {}).items()
        if not name.startswith("_")
    )
    if spec.get("colour") not in ("rgb", "cmyk"):
        raise ValueError(f"shops.json {key}: colour is rgb or cmyk")
    pdfx = spec.get("pdfx")
    if pdfx is not None and spec["colour"] != "cmyk":
        raise ValueError(f"shops.json {key}: pdfx (PDF/X-1a) is for a cmyk shop")
    intent = OutputIntent(pdfx["condition"], pdfx["info"]) if pdfx else None
    return ShopProfile(key, spec["name"], dpi, spec["colour"],
                       bool(spec.get("back_first")), bleed, safe, sizes,
                       bool(spec.get("any_size")), intent)  # fmt: skip


def shop_profiles() -> dict[str, ShopProfile]:
    text = resources.files("cardgen.printkit").joinpath("presets/shops.json").read_text("utf-8")
    profiles = json.loads(text).items()
    return {key: _profile(key, spec) for key, spec in profiles if not key.startswith("_")}


# Writing ---------------------------------------------------------------------------------------


@dataclass
class ShopOutput:
    files: list[Path] = field(default_factory=list)
    refusals: list[str] = field(default_factory=list)  # one line per component not written


def component_size(game: Game, spec: TypeSpec) -> Size:
    return spec.size or game.spec.default_size


def component(spec: TypeSpec, size: Size) -> str:
    """A component type as a refusal names it: `trackers (140 x 30 mm counter)`."""
    shape = (
        f"{_mm(size.width_mm)} mm round"
        if size.shape == "round"
        else f"{_mm(size.width_mm)} x {_mm(size.height_mm)} mm"
    )
    return f"{spec.plural.lower()} ({shape} {spec.kind})"


def refusal(spec: TypeSpec, size: Size, profile: ShopProfile) -> str:
    return (
        f"shop {profile.id}: no files for {component(spec, size)}: "
        f"{profile.name} takes {profile.offer()}"
    )


def plan(
    game: Game, specs: list[TypeSpec], profile: ShopProfile
) -> tuple[list[tuple[TypeSpec, ShopSize]], list[str]]:
    """Which components print on which shop size, and a refusal for each of the others."""
    plans, refusals = [], []
    for spec in specs:
        size = component_size(game, spec)
        target = profile.size_for(size, spec.kind)
        if target is None:
            refusals.append(refusal(spec, size, profile))
        else:
            plans.append((spec, target))
    return plans, refusals


def write_shop(
    game: Game,
    specs: list[TypeSpec],
    folder: Path,
    profile: ShopProfile,
    ids: set[str] | None = None,
    text_overflow: str = "error",
    codes: bool = True,
) -> ShopOutput:
    """Per component type: `<type>.pdf` (each card's front and back pages, or back first), an
    image per face (`png/` or `tiff/`), `<type>-quantities.csv`; and `sizes.csv` for them all.

    Raises ValueError (one line) when the shop takes none of the components. The faces' own
    problems (art, text) are the main build's to report: they are not repeated here."""
    plans, refusals = plan(game, specs, profile)
    if refusals and not plans:
        names = ", ".join(component(spec, component_size(game, spec)) for spec in specs)
        raise ValueError(
            f"shop {profile.id}: {profile.name} prints none of these: {names}; "
            f"it takes {profile.offer()}"
        )
    folder.mkdir(parents=True, exist_ok=True)
    output = ShopOutput(refusals=refusals)
    rows = []
    for spec, size in plans:
        shape = component_size(game, spec).shape  # a round token stays round inside its square
        shop_spec = replace(spec, size=Size(size.width_mm, size.height_mm, shape, size.name))
        faces = build_faces(game, shop_spec, size.face_bleed_mm, ids, text_overflow, codes)
        if not faces.fronts:
            continue
        pdf = folder / f"{spec.id}.pdf"
        _write_pdf(pdf, f"{game.name} {spec.plural}", faces, size, profile)
        images = _write_images(faces, size, profile, folder / profile.images / spec.id)
        quantities = _write_quantities(game, faces, folder / f"{spec.id}-quantities.csv")
        output.files += [pdf, images, quantities]
        rows.append(_size_row(spec, size, profile))
    if rows:
        output.files.append(_write_sizes(rows, folder / "sizes.csv"))
    return output


def _sides(faces: FaceSet, back_first: bool) -> Iterator[tuple[str, str, Face]]:
    """(card id, side, face) in page order: front then back, or back then front."""
    for card_id, front in faces.fronts.items():
        sides = [("front", front)]
        if card_id in faces.backs:
            sides.append(("back", faces.backs[card_id]))
        if back_first:
            sides.reverse()
        for side, face in sides:
            yield card_id, side, face


def _write_pdf(path: Path, title: str, faces: FaceSet, size: ShopSize,
               profile: ShopProfile) -> None:  # fmt: skip
    from cardgen.printkit.backends.pdf import PdfDocument, Placement

    width, height = size.page_mm
    page_rect = Rect(0, 0, width, height)
    document = PdfDocument(path, title, profile.name, cmyk=profile.is_cmyk)
    document.set_boxes(size.trim, page_rect, height)
    for _, side, face in _sides(faces, profile.back_first):
        document.page(Page(width, height, side), [Placement(face, size.trim, page_rect)])
    document.save()
    if profile.pdfx is not None:
        from cardgen.printkit.backends.pdfx import make_pdfx

        make_pdfx(path, title, profile.pdfx)


def _write_images(faces: FaceSet, size: ShopSize, profile: ShopProfile, folder: Path) -> Path:
    """`<id>-front.png` / `<id>-back.png` (RGB), or `.tif` (CMYK), each exactly `size.px` at
    the shop's dpi. A back shared by many cards is drawn and converted once."""
    from cardgen.printkit.backends.images import to_cmyk
    from cardgen.printkit.backends.png import render_png, save_png, save_tiff

    folder.mkdir(parents=True, exist_ok=True)
    uses = Counter(face.key for _, _, face in _sides(faces, False))
    drawn: dict[str, Any] = {}  # pillow images, of faces used more than once
    for card_id, side, face in _sides(faces, False):
        image = drawn.get(face.key)
        if image is None:
            image = render_png(face, profile.dpi, canvas=size.px)
            image = to_cmyk(image) if profile.is_cmyk else image
        if uses[face.key] > 1:
            drawn[face.key] = image
        if profile.images == "tiff":
            save_tiff(image, folder / f"{card_id}-{side}.tif", profile.dpi)
        else:
            save_png(image, folder / f"{card_id}-{side}.png", profile.dpi)
    return folder


def _write_quantities(game: Game, faces: FaceSet, path: Path) -> Path:
    copies = Counter(faces.copies)  # per face: a card printed per deck has a face per deck
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(["id", "name", "copies"])
        for face_id in faces.fronts:
            writer.writerow([face_id, faces.cards[face_id].name, copies[face_id]])
    return path


SIZE_COLUMNS = ["type", "kind", "shop_size", "trim", "trim_mm", "bleed_mm", "safe_mm", "pixels",
                "dpi", "colour", "images"]  # fmt: skip


def _size_row(spec: TypeSpec, size: ShopSize, profile: ShopProfile) -> list[str]:
    return [spec.id, spec.kind, size.name, size.label,
            f"{_mm(size.width_mm)} x {_mm(size.height_mm)}",
            _mm(size.bleed_mm), _mm(size.safe_mm), f"{size.px[0]} x {size.px[1]}",
            str(profile.dpi), profile.colour, profile.images]  # fmt: skip


def _write_sizes(rows: list[list[str]], path: Path) -> Path:
    """What each file is, for the person uploading it: trim, bleed, safe zone, pixels."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow(SIZE_COLUMNS)
        writer.writerows(rows)
    return path
