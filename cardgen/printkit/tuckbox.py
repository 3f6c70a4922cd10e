"""Tuck boxes: one printable box per deck, sized from the cards and the deck's thickness.

A deck is a card type with a back (`fixed`: the whole type; `by_field`: the cards of each back,
as Vita Luna's black, blue and red decks). Its box holds the cards with EASE_MM to spare on each
side, and is as deep as the deck is thick: copies x the paper's thickness per card (0.32 mm for
ordinary card stock; `--card-thickness`) plus DEPTH_EASE_MM. The net is a double tuck end box
in one piece, laid out left to right as

    front | side | back | side | glue flap

with the back carrying a lid and a tuck flap at each end, the sides dust flaps, and a thumb notch
in the front's top edge. Cut lines are solid, fold lines dashed; the game's and the deck's names
are printed on the front, the back, both sides and both lids. The whole is drawn as ops
(`cardgen.printkit.draw`) on a page that holds it (portrait, landscape, or the net turned); a net
too large for the paper is reported with the paper it needs, never drawn off the page.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.database import Game
from cardgen.data.spec import BackFace, TypeSpec
from cardgen.printkit.backends.fonts import ASCENT, PT_PER_MM, VERA, text_width_mm
from cardgen.printkit.copies import printed_copies
from cardgen.printkit.draw import Op, PolygonOp, RectOp, Style, TextOp, rotate_ops
from cardgen.printkit.faces import back_face
from cardgen.printkit.layout.context import contrast
from cardgen.printkit.layout.repeat import translate_ops
from cardgen.printkit.paper import PAPERS_MM
from cardgen.printkit.sheets import Rect, mark_area
from cardgen.printkit.typefaces import font_table

CARD_THICKNESS_MM = 0.32  # ordinary 300 gsm card stock, per card; sleeves roughly double it
EASE_MM = 1.0  # room beside the cards on each side of their width and height
DEPTH_EASE_MM = 1.0  # room on top of the deck's thickness
MIN_DEPTH_MM = 5.0  # a box for a handful of cards still folds
TUCK_MM = 15.0  # the tuck flap's height, at most (a quarter of the box's height, if less)
GLUE_MM = 12.0  # the glue flap's width, at most (a third of the box's width, if less)
DASH_MM, GAP_MM = 2.5, 1.5  # fold lines
CUT = Style(None, "#000000", 0.6)
FOLD = Style(None, "#555555", 0.5)
LARGER_PAPERS = {"A3 (297 x 420 mm)": (297.0, 420.0), "Tabloid (11 x 17 in)": (279.4, 431.8)}

Point = tuple[float, float]


@dataclass(frozen=True)
class Deck:
    """What one box holds: its name, its cards' size, how many, and the back it shows."""

    type_id: str
    name: str
    card_w: float
    card_h: float
    copies: int
    face: BackFace


@dataclass(frozen=True)
class TuckBox:
    """A box's inside measures and its net's parts, in mm."""

    width: float  # inside, across the front
    height: float  # inside, along the cards
    depth: float  # inside, the deck's thickness
    tuck: float
    dust: float
    glue: float

    @classmethod
    def for_deck(cls, card_w: float, card_h: float, copies: int, thickness: float) -> TuckBox:
        width, height = card_w + 2 * EASE_MM, card_h + 2 * EASE_MM
        depth = max(copies * thickness + DEPTH_EASE_MM, MIN_DEPTH_MM)
        return cls(width, height, depth, tuck=min(TUCK_MM, height / 4),
                   dust=min(width / 3, depth + 5, 20.0), glue=min(GLUE_MM, width / 3))  # fmt: skip

    @property
    def columns(self) -> tuple[float, ...]:
        """x of each fold and end, left to right: front, side, back, side, glue flap."""
        w, d = self.width, self.depth
        return (0.0, w, w + d, 2 * w + d, 2 * w + 2 * d, 2 * w + 2 * d + self.glue)

    @property
    def top(self) -> float:
        """y of the body's top fold: a tuck flap and a lid lie above it."""
        return self.tuck + self.depth

    @property
    def bottom(self) -> float:
        return self.top + self.height

    @property
    def net_size(self) -> tuple[float, float]:
        return self.columns[-1], self.bottom + self.depth + self.tuck


def decks(game: Game) -> Iterator[Deck]:
    """Each deck a box is made for: every play deck the game's decklists name (a starter deck:
    its cards of every type together, in the back most of them show), then every card type no
    decklist draws on, split by back when the back depends on a field (or, `by_deck`, on the
    copy's deck)."""
    listed: set[str] = set()
    for spec in game.spec.types:
        if spec.kind == "decklist":
            for deck in play_decks(game, spec):
                listed |= deck.types
                yield deck.box
    yield from spare_decks(game, listed)
    for spec in game.spec.types:
        if spec.kind != "card" or spec.id in listed:
            continue
        if spec.back.style not in ("fixed", "by_field", "by_deck"):
            continue
        size = spec.size or game.spec.default_size
        copies = game.copies(spec.id)
        if spec.back.style == "fixed" and spec.back.face is not None and copies:
            yield Deck(spec.id, spec.plural, size.width_mm, size.height_mm, len(copies),
                       spec.back.face)  # fmt: skip
            continue
        per_deck = [c.deck for c in printed_copies(game, spec)[0] if c.deck]  # by_deck backs
        for value, face in spec.back.faces.items():
            count = sum(1 for card in copies if str(card.values.get(spec.back.field)) == value)
            if spec.back.style == "by_deck":
                count = sum(1 for deck in per_deck if str(deck.get(spec.back.field)) == value)
            if count:
                yield Deck(spec.id, _deck_name(spec, face), size.width_mm, size.height_mm,
                           count, face)  # fmt: skip


@dataclass(frozen=True)
class PlayDeck:
    """A decklist's deck as boxed: the box, and the card types it draws on."""

    box: Deck
    types: frozenset[str]


def play_decks(game: Game, spec: TypeSpec) -> list[PlayDeck]:
    """The decks of the decklist type `spec`, in the order the sheet first names them: each
    holds every copy its rows count, at the size of its largest card, in the back shown by most
    of its copies (a deck whose cards show no shared back is left out)."""
    rows: dict[str, list[Any]] = {}
    for row in game.cards.get(spec.id, []):
        rows.setdefault(str(row.get("deck", "")), []).append(row)
    found = []
    for name, deck_rows in rows.items():
        backs: Counter[BackFace] = Counter()
        width = height = 0.0
        total = 0
        types: set[str] = set()
        for row in deck_rows:
            card = game.by_id(str(row.get("card", "")))
            count = int(row.get("count") or 0)
            if card is None or count <= 0:
                continue  # the data's checks name these
            card_spec = game.spec.type(card.type)
            if card_spec.kind != "card":
                continue
            size = card_spec.size or game.spec.default_size
            width, height = max(width, size.width_mm), max(height, size.height_mm)
            total += count
            types.add(card.type)
            face = back_face(card_spec, card, row)
            if face is not None:
                backs[face] += count
        if total and backs:
            face = backs.most_common(1)[0][0]
            found.append(
                PlayDeck(Deck(spec.id, name, width, height, total, face), frozenset(types))
            )
    return found


def spare_decks(game: Game, listed: set[str]) -> Iterator[Deck]:
    """The cards of the `listed` types (those the decklists draw on) that no play deck holds,
    one box per back they show: the rest of the box (Luturas: the Luturas and Crystals beyond
    the two starter decks), kept apart from the decks a game starts with."""
    used: Counter[str] = Counter()
    for spec in game.spec.types:
        if spec.kind == "decklist":
            for row in game.cards.get(spec.id, []):
                used[str(row.get("card", ""))] += int(row.get("count") or 0)
    spare: dict[BackFace, list[float]] = {}  # back -> [copies, widest, tallest]
    for spec in game.spec.types:
        if spec.id not in listed or spec.back.style != "fixed" or spec.back.face is None:
            continue
        size = spec.size or game.spec.default_size
        left = sum(max(0, game.quantity(card) - used[card.id]) for card in game.cards[spec.id])
        if left:
            box = spare.setdefault(spec.back.face, [0, 0.0, 0.0])
            box[0] += left
            box[1], box[2] = max(box[1], size.width_mm), max(box[2], size.height_mm)
    for face, (copies, width, height) in spare.items():
        yield Deck("spare", f"Spare cards - {face.label}", width, height, int(copies), face)


def _deck_name(spec: TypeSpec, face: BackFace) -> str:
    return f"{spec.plural} - {face.label}"


# -- the net -----------------------------------------------------------------------------------


def outline(box: TuckBox) -> tuple[Point, ...]:
    """The cut line round the whole net, clockwise from the front's top-left corner."""
    x0, x1, x2, x3, x4, x5 = box.columns
    t, b, d, dust, tuck = box.top, box.bottom, box.depth, box.dust, box.tuck
    c = min(2.0, d / 3)  # chamfer on the dust flaps' outer corners
    s = min(3.0, d / 3)  # the dust flaps' edge beside a lid slants away from it
    tc = min(5.0, tuck / 2)  # the tuck flaps narrow towards their edge
    gi = min(4.0, box.height / 10)  # the glue flap narrows towards its ends
    notch = _notch((x0 + x1) / 2, t, notch_radius(box))
    return (
        (x0, t), *notch, (x1, t),
        (x1, t - dust + c), (x1 + c, t - dust), (x2 - s, t - dust), (x2, t),  # dust flap
        (x2, t - d), (x2 + tc, 0.0), (x3 - tc, 0.0), (x3, t - d), (x3, t),  # lid and tuck flap
        (x3 + s, t - dust), (x4 - c, t - dust), (x4, t - dust + c), (x4, t),  # dust flap
        (x5, t + gi), (x5, b - gi), (x4, b),  # glue flap
        (x4, b + dust - c), (x4 - c, b + dust), (x3 + s, b + dust), (x3, b),  # dust flap
        (x3, b + d), (x3 - tc, b + d + tuck), (x2 + tc, b + d + tuck), (x2, b + d), (x2, b),
        (x2 - s, b + dust), (x1 + c, b + dust), (x1, b + dust - c), (x1, b),  # dust flap
        (x0, b),
    )  # fmt: skip


def notch_radius(box: TuckBox) -> float:
    return min(10.0, box.width / 5)


def _notch(cx: float, y: float, r: float, steps: int = 12) -> list[Point]:
    """A half-circle thumb notch cut down into the front's top edge, left to right."""
    return [(cx - r * math.cos(math.pi * k / steps), y + r * math.sin(math.pi * k / steps))
            for k in range(steps + 1)]  # fmt: skip


def folds(box: TuckBox) -> list[tuple[Point, Point]]:
    """Every fold: between the panels, and where each flap and lid meets what it hangs on."""
    _, x1, x2, x3, x4, _ = box.columns
    t, b, d = box.top, box.bottom, box.depth
    return [
        *(((x, t), (x, b)) for x in (x1, x2, x3, x4)),
        ((x1, t), (x4, t)), ((x1, b), (x4, b)),  # dust flaps and lids
        ((x2, t - d), (x3, t - d)), ((x2, b + d), (x3, b + d)),  # tuck flaps
    ]  # fmt: skip


def dashes(start: Point, end: Point) -> list[Op]:
    """A dashed line as short strokes (every backend draws them; no dash state to carry)."""
    (ax, ay), (bx, by) = start, end
    length = math.hypot(bx - ax, by - ay)
    ops: list[Op] = []
    at = 0.0
    while at < length - 1e-9:
        stop = min(at + DASH_MM, length)
        p, q = at / length, stop / length
        dash = ((ax + (bx - ax) * p, ay + (by - ay) * p), (ax + (bx - ax) * q, ay + (by - ay) * q))
        ops.append(PolygonOp(dash, FOLD, closed=False))
        at = stop + GAP_MM
    return ops


def _text(text: str, cx: float, cy: float, room: float, size: float, font: str, ink: str,
          rotation: int = 0) -> list[Op]:  # fmt: skip
    """`text` centred on (cx, cy), set smaller (to 6 pt) or shortened to fit `room` mm."""
    size = max(6.0, min(size, size * room / max(text_width_mm(text, font, size), 1e-6)))
    while len(text) > 1 and text_width_mm(text, font, size) > room:
        text = text[:-2].rstrip() + "\u2026"
    width = text_width_mm(text, font, size)
    baseline = cy + ASCENT * size / PT_PER_MM / 2
    op = TextOp(cx - width / 2, baseline, text, font, size, ink)
    return rotate_ops([op], cx, cy, rotation) if rotation else [op]


def net_ops(box: TuckBox, game_name: str, deck: Deck, fonts: Mapping[str, str] = VERA) -> list[Op]:
    """The net drawn from its top-left corner: coloured panels, names, folds, then the cut;
    in the game's `fonts` (`cardgen.printkit.typefaces`), the game's name in its display face
    where it has one."""
    title, bold = fonts.get("display", fonts["bold"]), fonts["bold"]
    regular, italic = fonts["regular"], fonts["italic"]
    x0, x1, x2, x3, x4, x5 = box.columns
    t, b, d, h = box.top, box.bottom, box.depth, box.height
    ground, ink = deck.face.color, contrast(deck.face.color)
    fill = Style(ground, None)
    ops: list[Op] = [RectOp(x, t, x_end - x, h, fill) for x, x_end in ((x0, x1), (x1, x2), (x2, x3),
                                                                       (x3, x4))]  # fmt: skip
    ops += [RectOp(x2, t - d, box.width, d, fill), RectOp(x2, b, box.width, d, fill)]
    ops += [PolygonOp(((x4, t), (x5, t + min(4.0, h / 10)), (x5, b - min(4.0, h / 10)), (x4, b)),
                      Style("#E6E6E6", None))]  # fmt: skip
    mid = (t + b) / 2
    for cx in ((x0 + x1) / 2, (x2 + x3) / 2):  # front and back
        ops += _text(game_name, cx, mid - 9, box.width - 8, 14, title, ink)
        ops += _text(deck.name, cx, mid + 2, box.width - 8, 11, regular, ink)
        ops += _text(f"{deck.copies} cards", cx, mid + 10, box.width - 8, 8, italic, ink)
    label = f"{game_name} - {deck.name}"
    if d >= 7:  # the name along each side and across each lid, where there is room
        for cx in ((x1 + x2) / 2, (x3 + x4) / 2):
            ops += _text(label, cx, mid, h - 8, min(9.0, (d - 2) * PT_PER_MM * 0.7), bold,
                         ink, 270)  # fmt: skip
        for cy in (t - d / 2, b + d / 2):
            ops += _text(deck.name, (x2 + x3) / 2, cy, box.width - 6,
                         min(9.0, (d - 2) * PT_PER_MM * 0.7), bold, ink)  # fmt: skip
    ops += _text("glue", (x4 + x5) / 2, mid, h - 12, 7, italic, "#666666", 90)
    notch = _notch((x0 + x1) / 2, t, notch_radius(box))
    ops.append(PolygonOp(tuple(notch), Style("#FFFFFF", None)))  # cut away: shown as paper
    for start, end in folds(box):
        ops += dashes(start, end)
    ops.append(PolygonOp(outline(box), CUT))
    return ops


# -- pages ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """A net on a page: the page's size, and the ops moved (and turned, if need be) onto it."""

    page_w: float
    page_h: float
    ops: list[Op]


def place(box: TuckBox, ops: list[Op], paper: str) -> Placed | None:
    """The net centred in the printable area of `paper`, portrait or landscape, turned a
    quarter if only that fits; None if it fits no way."""
    w, h = box.net_size
    pw, ph = PAPERS_MM[paper]
    for page_w, page_h in ((pw, ph), (ph, pw)):
        area = mark_area(page_w, page_h)
        for turned in (False, True):
            nw, nh = (h, w) if turned else (w, h)
            if nw <= area.w + 1e-6 and nh <= area.h + 1e-6:
                moved = rotate_ops(ops, w / 2, h / 2, 90) if turned else ops
                # Turning about the net's centre leaves the centre where it was.
                dx = area.x + (area.w - nw) / 2 - (w - nw) / 2
                dy = area.y + (area.h - nh) / 2 - (h - nh) / 2
                return Placed(page_w, page_h, translate_ops(moved, dx, dy))
    return None


def paper_needed(box: TuckBox) -> str:
    """The smallest larger paper the net fits, for the message when it does not fit."""
    w, h = box.net_size
    for name, (pw, ph) in LARGER_PAPERS.items():
        area = mark_area(pw, ph)
        if min(w, h) <= area.w and max(w, h) <= area.h:
            return f"{name} paper"
    return "paper larger than A3"


def net_extent(placed: Placed, box: TuckBox) -> Rect:
    """Where the net's cut line lies on its page (for checking and for tests)."""
    cut = next(op for op in reversed(placed.ops) if isinstance(op, PolygonOp) and op.closed)
    xs, ys = [x for x, _ in cut.points], [y for _, y in cut.points]
    return Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def write_tuckboxes(game: Game, path: Path, paper: str, thickness: float) -> tuple[int, list[str]]:
    """One page per deck's box into the PDF at `path` (not written when no box fits): the pages
    written and the problems (a deck whose box needs larger paper is named, not drawn)."""
    from cardgen.printkit.backends.pdf import PdfDocument

    if not 0.05 <= thickness <= 5:
        raise ValueError(f"card thickness {thickness:g} mm: expected 0.05 to 5 mm per card")
    pages: list[tuple[Placed, str]] = []
    problems = []
    fonts = font_table(game.spec)
    for deck in fitted(decks(game), paper, thickness):
        box = TuckBox.for_deck(deck.card_w, deck.card_h, deck.copies, thickness)
        placed = place(box, net_ops(box, game.name, deck, fonts), paper)
        w, h = box.net_size
        if placed is None:
            problems.append(f"{deck.name}: the box's net is {w:.0f} x {h:.0f} mm, larger than "
                            f"{paper} paper allows; it needs {paper_needed(box)}")  # fmt: skip
            continue
        inside = f"{box.width:.0f} x {box.height:.0f} x {box.depth:.1f} mm inside"
        label = (
            f"{game.name} - tuck box for {deck.name} ({deck.copies} cards, {inside}) - "
            "print single-sided, cut the solid line, fold the dashed ones, glue the flap"
        )
        pages.append((placed, label))
    if not pages:
        none = "no tuck box to make: no card type has a back (tiles and tokens get none)"
        problems.append(f"no deck's box fits {paper} paper" if problems else none)
        return 0, problems
    document = PdfDocument(path, f"{game.name} tuck boxes", f"{paper}, one box per deck")
    for placed, label in pages:
        document.draw_ops_page(placed.page_w, placed.page_h, placed.ops, label)
    document.save()
    return len(pages), problems


def fitted(found: Iterator[Deck], paper: str, thickness: float) -> Iterator[Deck]:
    """`found`, except that spare cards too many for one box on `paper` are shared between as
    few boxes as hold them ("Spare cards - Luturas (1 of 2)"); a play deck is never split."""
    for deck in found:
        parts = 1
        while deck.type_id == "spare" and parts < deck.copies:
            box = TuckBox.for_deck(deck.card_w, deck.card_h, -(-deck.copies // parts), thickness)
            if place(box, [], paper) is not None:
                break
            parts += 1
        if parts == 1:
            yield deck
            continue
        base, extra = divmod(deck.copies, parts)
        for i in range(parts):
            copies = base + (1 if i < extra else 0)
            name = f"{deck.name} ({i + 1} of {parts})"
            yield Deck(deck.type_id, name, deck.card_w, deck.card_h, copies, deck.face)


@dataclass
class TuckReport:
    path: Path | None  # the PDF published, or None when no box could be drawn
    pages: int
    problems: list[str]


def build_tuckboxes(
    game: Game, out_root: Path, paper: str = "a4", thickness: float = CARD_THICKNESS_MM
) -> TuckReport:
    """`cardgen tuckbox`: the boxes' PDF staged, then published into out_root/<game>/ beside
    the print kit (`cardgen.data.outputs`), replacing only an earlier one."""
    from cardgen.data.outputs import Owner, claim, publish, staging_beside

    folder = out_root / game.id
    name = f"tuckboxes-{paper}.pdf"
    claim(folder, Owner.KIT)
    with staging_beside(folder) as staging:
        pages, problems = write_tuckboxes(game, staging / name, paper, thickness)
        if not pages:
            return TuckReport(None, 0, problems)
        publish(folder, staging, Owner.KIT, f"cardgen tuckbox {game.id}", [name])
    return TuckReport(folder / name, pages, problems)
