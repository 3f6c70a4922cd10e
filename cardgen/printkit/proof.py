"""Proof sheets (`cardgen proof GAME`): every unique face of a game on a few pages, to review.

A designer who changed a layout or a sheet wants to see every card at a glance, not cut a kit:
each distinct front once, and each distinct back once, shrunk into a grid with its id and how
many copies the box holds beneath. The pages are planned here as plain values (where each face
goes and at what scale, the captions as draw ops); `cardgen.printkit.backends.contact` draws
them into a PDF and PNG pages, and `build_proof` stages and publishes them into
`output/<game>/proof/` beside the kit (`cardgen.data.outputs`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from cardgen.data.game import Game
from cardgen.printkit.backends.fonts import text_width_mm
from cardgen.printkit.draw import Face, Op, RectOp, Style, TextOp
from cardgen.printkit.faces import PRINTED_KINDS, FaceSet, build_faces
from cardgen.printkit.ink_saver import KEY_SUFFIX, ink_saved
from cardgen.printkit.paper import PAPERS_MM

MARGIN = 10.0  # mm around the page: inside what a home printer reaches
GAP = 4.0  # between cells
COLUMNS = 5
CAPTION = 8.0  # mm under each face for its two caption lines
HEADER = 9.0
CAPTION_PT = 6.5
FRAME = Style(stroke="#9A9A9A", stroke_pt=0.3)
INK = "#1A1A1A"


@dataclass(frozen=True)
class Entry:
    """One face on the proof, with what it is and how many copies show it."""

    face: Face
    title: str  # the face id, or the back's label
    detail: str  # type and copies, e.g. "hero · 2 copies"


@dataclass(frozen=True)
class Tile:
    face: Face
    x: float  # the face's trim, top-left, on the page (mm)
    y: float
    scale: float


@dataclass
class ProofPage:
    width: float
    height: float
    tiles: list[Tile] = field(default_factory=list)
    ops: list[Op] = field(default_factory=list)  # frames and captions
    label: str = ""


def _copies(n: int) -> str:
    return "1 copy" if n == 1 else f"{n} copies"


def entries(faces: FaceSet) -> list[Entry]:
    """Each distinct front in box order (cards the box holds none of last), then each back."""
    spec = faces.spec
    counts: dict[str, int] = {}
    for face_id in faces.copies:
        counts[face_id] = counts.get(face_id, 0) + 1
    order = list(counts) + [i for i in faces.fronts if i not in counts]
    found = []
    for face_id in order:  # a per-deck face: its card's id, and its deck beneath
        where = faces.decks.get(face_id) or spec.id  # a deck's name says the type too
        title = faces.cards[face_id].id if face_id in faces.cards else face_id
        detail = f"{where} · {_copies(counts.get(face_id, 0))}"
        found.append(Entry(faces.fronts[face_id], title, detail))
    backs: dict[str, tuple[Face, int]] = {}
    for face_id in order:
        back = faces.backs.get(face_id)
        if back is None:
            continue
        face, n = backs.get(back.key, (back, 0))
        backs[back.key] = (face, n + counts.get(face_id, 0))
    for key, (face, n) in backs.items():
        key = key.removesuffix(KEY_SUFFIX)
        title = key.split(":back:", 1)[1] if ":back:" in key else key.split(":")[1]
        found.append(Entry(face, f"back: {title}", f"{spec.id} back · {_copies(n)}"))
    return found


def _clipped(text: str, font: str, width: float) -> str:
    """`text` shortened with an ellipsis to fit `width` mm at the caption size."""
    if text_width_mm(text, font, CAPTION_PT) <= width:
        return text
    while len(text) > 1 and text_width_mm(text + "\u2026", font, CAPTION_PT) > width:
        text = text[:-1]
    return text + "\u2026"


def plan_pages(items: list[Entry], paper: str, title: str) -> list[ProofPage]:
    """The proof's pages: a grid of cells, each face scaled into its cell above its caption."""
    width, height = PAPERS_MM[paper]
    cell_w = (width - 2 * MARGIN - (COLUMNS - 1) * GAP) / COLUMNS
    box_h = cell_w * 1.4  # a poker card's proportions; other shapes fit inside
    rows = max(1, int((height - 2 * MARGIN - HEADER + GAP) // (box_h + CAPTION + GAP)))
    per_page = rows * COLUMNS
    chunks = [items[i : i + per_page] for i in range(0, len(items), per_page)] or [[]]
    pages = []
    for number, chunk in enumerate(chunks, 1):
        page = ProofPage(width, height, label=f"{title} - proof - page {number} of {len(chunks)}")
        page.ops.append(TextOp(MARGIN, MARGIN + 5, f"{title} - proof", "bold", 11, INK))
        for n, item in enumerate(chunk):
            col, row = n % COLUMNS, n // COLUMNS
            x = MARGIN + col * (cell_w + GAP)
            y = MARGIN + HEADER + row * (box_h + CAPTION + GAP)
            face = item.face
            scale = min(cell_w / face.width, box_h / face.height)
            fx = x + (cell_w - face.width * scale) / 2
            fy = y + (box_h - face.height * scale) / 2
            page.tiles.append(Tile(face, fx, fy, scale))
            page.ops.append(RectOp(fx, fy, face.width * scale, face.height * scale, FRAME))
            line1 = _clipped(item.title, "bold", cell_w)
            line2 = _clipped(item.detail, "regular", cell_w)
            page.ops.append(TextOp(x, y + box_h + 3.2, line1, "bold", CAPTION_PT, INK))
            page.ops.append(TextOp(x, y + box_h + 6.4, line2, "regular", CAPTION_PT, "#4D4D4D"))
        pages.append(page)
    return pages


@dataclass
class ProofReport:
    folder: Path | None
    pages: int = 0
    faces: int = 0
    files: list[Path] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def proof_entries(
    game: Game, types: tuple[str, ...] = (), ink_saver: bool = False
) -> tuple[list[Entry], list[str]]:
    """Every entry of the game's printed types (or only `types`), and the problems found.
    Text that does not fit is a warning here: a proof is where one goes to see it."""
    items: list[Entry] = []
    problems: list[str] = []
    for spec in game.spec.types:
        if spec.kind not in PRINTED_KINDS or (types and spec.id not in types):
            continue
        faces = build_faces(game, spec, 0.0, None, "warn")
        if ink_saver:
            faces = ink_saved(faces)
        problems += faces.problems
        items += entries(faces)
    return items, problems


def build_proof(
    game: Game,
    out_root: Path,
    paper: str = "a4",
    types: tuple[str, ...] = (),
    ink_saver: bool = False,
    dpi: int = 110,
) -> ProofReport:
    """`cardgen proof`: proof.pdf and a PNG per page, published into out_root/<game>/proof/."""
    from cardgen.data.outputs import Owner, claim, publish, staging_beside
    from cardgen.printkit.backends.contact import write_contact_pdf, write_contact_pngs

    items, problems = proof_entries(game, types, ink_saver)
    if not items:
        return ProofReport(None, problems=problems)
    title = game.name + (" (ink saver)" if ink_saver else "")
    pages = plan_pages(items, paper, title)
    folder = out_root / game.id
    claim(folder, Owner.KIT)
    with staging_beside(folder) as staging:
        target = staging / "proof"
        target.mkdir()
        write_contact_pdf(target / f"proof-{paper}.pdf", f"{game.name} proof", pages)
        write_contact_pngs(target, pages, dpi)
        publish(folder, staging, Owner.KIT, f"cardgen proof {game.id}", ["proof"])
    proof = folder / "proof"
    files = sorted(proof.iterdir())
    return ProofReport(proof, len(pages), len(items), files, problems)
