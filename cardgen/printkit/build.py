"""Build a game's print kit: the print PDF, a PNG per face, Tabletop Simulator deck sheets.

Everything is written into a staging folder first and published into `output/<game>/` only when
the whole build succeeded (`cardgen.data.outputs`), so a failed build leaves the previous kit
intact, and a build never writes into a folder cardgen did not make nor removes a file it did not
write.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from cardgen.data.database import Game
from cardgen.data.outputs import Owner, claim, publish, staging_beside
from cardgen.data.spec import TypeSpec
from cardgen.printkit.composites import (
    board_extras,
    board_label,
    corner_marks,
    standee_parts,
    standee_size,
)
from cardgen.printkit.draw import Face
from cardgen.printkit.faces import PRINTED_KINDS, FaceSet, build_faces
from cardgen.printkit.layout.budget import build_budget
from cardgen.printkit.layout.errors import check_policy
from cardgen.printkit.layout.quiet_zone import check_build as quiet_zones
from cardgen.printkit.paper import Duplex, PrintOptions
from cardgen.printkit.sheets import Page, best_grid, impose, split_board
from cardgen.printkit.sheets.cutter import CutSheet


@dataclass(frozen=True)
class BuildOptions:
    print: PrintOptions = field(default_factory=PrintOptions)
    types: tuple[str, ...] = ()  # only these type ids (empty: all printed types)
    ids: tuple[str, ...] = ()  # only these card ids
    png: bool = True
    tts: bool = True
    dpi: int = 300
    shop: str = ""  # a print-shop profile id (cardgen/presets/shops.json): one card per page
    changed: bool = False  # rebuild only if something changed (decided by cardgen.kit.build_kit)
    # Text that cannot fit its box even at its smallest size: "error" fails the build naming
    # each card and layout element; "warn" prints it anyway, as a warning (docs/layouts.md).
    text_overflow: str = "error"
    # Marks that overlap or leave their panel (cardgen.printkit.layout.collisions): "error"
    # fails the build naming each card and the two elements; "warn" reports them as problems.
    collisions: str = "error"
    codes: bool = True  # False: layouts leave out the card codes (`when = "{{ codes }}"`)
    gang: bool = True  # types of one size and shape share sheets (`print_jobs`); False: apart
    copies: int = 0  # print each card this many times instead of its quantity (0: the box's)
    ink_saver: bool = False  # light backgrounds, dark text (cardgen.printkit.ink_saver)
    tts_url: str = ""  # where the TTS sheets will be uploaded (empty: file:// URIs of the sheets)

    @property
    def is_subset(self) -> bool:
        return bool(self.types or self.ids)


@dataclass
class BuildReport:
    game: str
    files: list[Path] = field(default_factory=list)
    pages: int = 0
    faces: int = 0
    problems: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was built and why (not problems)


Progress = Callable[[str, int, int], None]
Extra = Callable[[Game, Path, PrintOptions], tuple[list[str], list[Path]]]
"""A further output staged and published with the kit (the rulebooks, from `cardgen.kit`): it
writes into the staging folder and returns its problems and the paths it made there."""


def no_progress(what: str, done: int, total: int) -> None:
    pass


def print_label(
    title: str, side: str, page: int, pages: int, opts: PrintOptions, cut: str = ""
) -> str:
    """What a sheet holds and how to print it; `cut`: the cut file its pieces are cut with."""
    how = {
        Duplex.LONG: "print double-sided, flip on long edge",
        Duplex.SHORT: "print double-sided, flip on short edge",
        Duplex.NONE: "print single-sided",
    }[opts.duplex]
    if opts.gutterfold:
        how = "print single-sided, fold on the dashed line, glue, then cut"
    cut = f" - cut file {cut}.dxf" if cut else ""
    return f"{title} - {side} - sheet {page} of {pages}{cut} - {how}"


def printed_types(game: Game, options: BuildOptions):
    for spec in game.spec.types:
        if spec.kind not in PRINTED_KINDS:
            continue
        if options.types and spec.id not in options.types:
            continue
        yield spec


def write_pdf(game: Game, sets: list[FaceSet], path: Path, options: BuildOptions) -> int:
    from cardgen.printkit.backends.pdf import PdfDocument

    opts = options.print
    release = not (options.png or options.tts or options.shop)  # nothing draws the faces later
    subject = f"{opts.paper}, {opts.duplex}"
    document = PdfDocument(path, f"{game.name} print-and-play", subject, release=release)
    cuts: dict[str, CutSheet] = {}  # each sheet layout a cutting machine cuts, by file name
    for job in print_jobs(sets, options):
        faces = job[0]
        copies = print_run(faces, options.copies)
        if faces.spec.kind == "board" or not fits_paper(*_size_of(faces), opts):
            _board_pages(document, game, faces, copies, opts)
            continue
        if faces.spec.kind == "pawn":
            _standee_pages(document, game, faces, copies, opts)
            continue
        items = [(f.fronts[c], f.backs.get(c)) for f in job for c in print_run(f, options.copies)]
        title = f"{game.name} - {', '.join(f.spec.plural for f in job)}"
        if options.copies:
            title += f" ({options.copies} of each, not the box's count)"
        hiding = any(f.spec.back.style in DECK_BACKS for f in job)
        card_pages(document, items, faces.size.width_mm, faces.size.height_mm, opts, title,
                   hiding, cuts)  # fmt: skip
    pages = document.pages
    document.save()
    if cuts:
        from cardgen.printkit.backends.cut_files import write_cut_files

        for sheet in cuts.values():
            write_cut_files(sheet, path.parent / cut_folder(options))
    return pages


def cut_folder(options: BuildOptions) -> str:
    """Beside print-<paper>-<cutter>.pdf, the folder of its cut files."""
    return f"cut-{options.print.paper}-{options.print.cutter}"


def _size_of(faces: FaceSet) -> tuple[float, float]:
    return faces.size.width_mm, faces.size.height_mm


def print_jobs(sets: list[FaceSet], options: BuildOptions) -> list[list[FaceSet]]:
    """The runs of sheets to print, in the order of the types: each board and pawn type alone,
    and the card-like types (cards, tiles, tokens, counters) that share a size and shape ganged
    into one run at the first of them (`BuildOptions.gang`), so a type of a few cards fills the
    sheet another type began instead of starting a sheet of its own."""
    jobs: list[list[FaceSet]] = []
    ganged: dict[tuple[float, float, str], list[FaceSet]] = {}
    for faces in sets:
        if not print_run(faces, options.copies):
            continue
        alone = faces.spec.kind in ("board", "pawn") or not fits_paper(
            *_size_of(faces), options.print
        )
        key = (*_size_of(faces), faces.size.shape)
        if not alone and options.gang and key in ganged:
            ganged[key].append(faces)
            continue
        jobs.append([faces])
        if not alone:
            ganged[key] = jobs[-1]
    return jobs


def print_run(faces: FaceSet, copies: int = 0) -> list[str]:
    """The face id of each copy to print: the box's copies, or `copies` of each face (a proof
    print of one of each: `--copies 1`), in the box's order."""
    if not copies:
        return list(faces.copies)
    unique = dict.fromkeys(faces.copies)  # a card the box holds none of is not printed
    return [face_id for face_id in unique for _ in range(copies)]


DECK_BACKS = ("fixed", "by_field", "by_deck")  # backs that hide which card it is


def card_pages(document, items: list[tuple[Face, Face | None]], w: float, h: float,
               opts: PrintOptions, title: str, hiding: bool = False,
               cuts: dict[str, CutSheet] | None = None) -> None:  # fmt: skip
    """Sheets of cards: fronts, then the page of their backs placed for the chosen flip.
    `hiding`: the backs hide the cards (a deck's), so differing ones never share a cut (on a
    cutting machine's sheets every piece has bleed of its own). `cuts` gathers the layouts a
    cutting machine cuts."""
    from cardgen.printkit.backends.pdf import Placement

    has_backs = any(back is not None for _, back in items)
    # Shared backs (`<type>:back:<label>`) differ by their label (two types with one label
    # share a deck's back); a piece with a back of its own or none is one more kind beside.
    backs = {
        b.key.split(":back:")[1] if b is not None and ":back:" in b.key else "" for _, b in items
    }
    apart = opts.gutterfold or opts.cutter
    if hiding and len(backs) > 1 and opts.gutter_mm < 2 * opts.bleed_mm and not apart:
        opts = replace(opts, gutter_mm=separating_gutter(w, h, opts))
    imposition = impose(len(items), w, h, opts, has_backs, items[0][0].shape)
    sheets = sum(1 for p in imposition.pages if p.side in ("front", "gutterfold"))
    sheet = 0
    for page in imposition.pages:
        if page.side in ("front", "gutterfold"):
            sheet += 1
        placed: list[Placement] = []
        for slot in page.slots:
            front, back = items[slot.item]
            face = back if slot.face == "back" else front
            if face is not None:
                placed.append(Placement(face, slot.trim, slot.paint, slot.rotation))
        side = {"front": "fronts", "back": "backs"}.get(page.side, "fronts and backs")
        cut = ""
        if page.solids and cuts is not None:  # a cutting machine's sheet
            shape = "-round" if items[0][0].shape == "round" else ""
            cut = f"cut-{w:g}x{h:g}mm{shape}-{len(page.slots)}up"
            trims = tuple(slot.trim for slot in page.slots)
            cuts[cut] = CutSheet(cut, page.width, page.height, items[0][0].shape, trims)
        label = print_label(title, side, sheet, sheets, opts, cut)
        if page.side == "back" and not page.slots:
            label = (f"{title} have no backs: this side stays blank, so the sheets after it "
                     "keep their fronts and backs paired")  # fmt: skip
        document.page(page, placed, label)


def separating_gutter(w: float, h: float, opts: PrintOptions) -> float:
    """The gutter for a run whose cards' backs differ: backs that share a cut line would leave
    a sliver of the neighbour's colour on a card cut a little off, so each card gets bleed of
    its own. Two bleeds where that costs no card per sheet, else as much of them as keeps the
    most cards per sheet (A4 poker: 4.5 mm, 8 a sheet; two full bleeds would leave 4)."""
    bleed = opts.bleed_mm
    tries = [g for g in (2 * bleed, 1.5 * bleed, bleed, 0.5 * bleed) if g >= 1.0] or [2 * bleed]
    fits = {g: best_grid(w, h, replace(opts, gutter_mm=g)).per_page for g in tries}
    return max(tries, key=lambda g: (fits[g], g))


def pdf_name(options: BuildOptions) -> str:
    """print-<paper>.pdf, saying in its name what it holds when it is not the whole box as it is:
    `-<cutter>` (a cutting machine's sheets), `-subset` (some cards), `-copies<N>` (N of each),
    `-inksaver` (light backgrounds)."""
    name = f"print-{options.print.paper}"
    name += f"-{options.print.cutter}" if options.print.cutter else ""
    name += "-subset" if options.is_subset else ""
    name += f"-copies{options.copies}" if options.copies else ""
    name += "-inksaver" if options.ink_saver else ""
    return name + ".pdf"


def write_calibration(path: Path, opts: PrintOptions) -> None:
    from cardgen.printkit.backends.pdf import PdfDocument
    from cardgen.printkit.calibration import back_ops, front_ops

    document = PdfDocument(path, "Duplex calibration", f"{opts.paper}, {opts.duplex}")
    width, height = opts.paper_mm
    document.draw_ops_page(width, height, front_ops(width, height, opts.duplex))
    document.draw_ops_page(width, height, back_ops(width, height, opts.duplex, opts.back_offset_mm))
    document.save()


def fits_paper(w: float, h: float, opts: PrintOptions) -> bool:
    try:
        best_grid(w, h, opts)
    except ValueError:
        return False
    return True


def _board_pages(document, game: Game, faces: FaceSet, copies, opts: PrintOptions) -> None:
    """Each board (and anything larger than the paper) split over pages, then its back, if any."""
    from cardgen.printkit.backends.pdf import Placement

    size = faces.size
    for face_id in copies:
        pieces = split_board(size.width_mm, size.height_mm, opts)
        for piece in pieces:
            page = Page(piece.page_w, piece.page_h, "front",
                        marks=corner_marks(piece.trim, opts.bleed_mm))  # fmt: skip
            face = faces.fronts[face_id]
            shift = (piece.region.x, piece.region.y)
            placement = Placement(face, piece.trim, piece.paint, 0, shift)
            name = faces.cards[face_id].name
            label = board_label(f"{game.name} - {faces.spec.name} {name}", piece)
            document.page(page, [placement], label, board_extras(piece))
            if opts.duplex is not Duplex.NONE:  # keep later fronts and backs paired
                document.page(Page(piece.page_w, piece.page_h, "back"), [], "")


def _standee_pages(document, game: Game, faces: FaceSet, copies, opts: PrintOptions) -> None:
    from cardgen.printkit.backends.pdf import Placement

    w, h = faces.size.width_mm, faces.size.height_mm
    slot_w, slot_h = standee_size(w, h)
    imposition = impose(len(copies), slot_w, slot_h, opts, has_backs=False)
    sheets = sum(1 for p in imposition.pages if p.side == "front")
    sheet = 0
    for page in imposition.pages:
        if page.side != "front":
            document.page(page, [], "")
            continue
        sheet += 1
        placements, extras = [], []
        for slot in page.slots:
            face = faces.fronts[copies[slot.item]]
            parts, ops = standee_parts(slot, h)
            placements += [
                Placement(face, trim, paint, rotation) for trim, paint, rotation in parts
            ]
            extras += ops
        label = (
            f"{game.name} - {faces.spec.plural} (fold-up standees) - sheet {sheet} of "
            f"{sheets} - cut out, fold on the dashed lines, glue the faces back to back"
        )
        document.page(page, placements, label, extras)


def write_pngs(sets: list[FaceSet], folder: Path, dpi: int) -> list[Path]:
    from cardgen.printkit.backends.png import render_png, save_png

    written = []
    for faces in sets:
        target = folder / faces.spec.id
        target.mkdir(parents=True, exist_ok=True)
        done_backs: set[str] = set()
        for card_id, face in faces.fronts.items():
            path = target / f"{card_id}.png"
            save_png(render_png(face, dpi), path, dpi)
            written.append(path)
            back = faces.backs.get(card_id)
            if back is not None and back.key not in done_backs:
                name = f"{card_id}-back.png" if ":back:" not in back.key else _back_name(back)
                save_png(render_png(back, dpi), target / name, dpi)
                written.append(target / name)
                done_backs.add(back.key)
    return written


def _back_name(face: Face) -> str:
    label = face.key.split(":back:", 1)[1]
    return (
        "back-" + "".join(ch if ch.isalnum() else "-" for ch in label.lower()).strip("-") + ".png"
    )


def clear_caches() -> None:
    """Forget layouts, icons and art facts read so far (files may have changed: --watch)."""
    from cardgen.printkit.backends import painter, png, png_embed
    from cardgen.printkit.icons import load_icons
    from cardgen.printkit.layout.template import load_layout

    for cached in (load_layout, load_icons, png_embed.passthrough_info, painter.image_size,
                   png._source):  # fmt: skip
        cached.cache_clear()


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector paused while a kit's faces are laid out and drawn.

    A deck's faces are many small objects that live until the kit is written, and each full
    collection walks all of them again (about a tenth of a 10,000-card build's time) to find
    nothing: a build makes no reference cycles worth the search (`gc.collect()` after one finds
    a handful of objects). Reference counting frees everything as usual meanwhile.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _collisions(game: Game, spec: TypeSpec, options: BuildOptions, ids: set[str] | None):
    """The collisions on `spec`'s faces: raised (CollisionError) or returned as warnings."""
    from cardgen.printkit.layout.collisions import CollisionError, check_type

    found = check_type(game, spec, options.print.bleed_mm, ids, options.codes)
    if found and check_policy(options.collisions, "collisions") == "error":
        raise CollisionError(found)
    return found


def _card_outputs(
    game: Game,
    types: list[TypeSpec],
    staging: Path,
    options: BuildOptions,
    report: BuildReport,
    progress: Progress,
) -> tuple[list[FaceSet], list[Path]]:
    """Lay out each type's faces, then write the print PDF (and calibration sheet), the PNG
    faces and the Tabletop Simulator sheets asked for, into `staging`."""
    wanted = set(options.ids)
    sets = []
    for index, spec in enumerate(types):
        progress(f"{game.id}: laying out {spec.plural.lower()}", index, len(types))
        with build_budget():  # each face's layout time, checked by one ticking alarm
            faces = build_faces(game, spec, options.print.bleed_mm, wanted or None,
                                options.text_overflow, options.codes)  # fmt: skip
        sets.append(faces)
        report.problems += faces.problems
        report.problems += _collisions(game, spec, options, wanted or None)
        report.problems += quiet_zones(game, spec, options.print.bleed_mm, wanted or None,
                                       options.codes, options.collisions)  # fmt: skip
        report.faces += len(faces.fronts) + len({f.key for f in faces.backs.values()})
    progress(f"{game.id}: writing the print PDF", len(types), len(types))
    pdf = staging / pdf_name(options)
    printed = sets
    if options.ink_saver:  # the print PDF only: PNGs and TTS sheets are seen on screens
        from cardgen.printkit.ink_saver import ink_saved

        printed = [ink_saved(faces) for faces in sets]
    report.pages = write_pdf(game, printed, pdf, options)
    produced = [pdf]
    if (staging / cut_folder(options)).is_dir():
        produced.append(staging / cut_folder(options))
    subset = options.is_subset
    if not subset and options.print.duplex is not Duplex.NONE and not options.print.gutterfold:
        calibration = staging / f"calibration-{options.print.paper}.pdf"
        write_calibration(calibration, options.print)
        produced.append(calibration)
    if options.png:
        progress(f"{game.id}: writing PNG faces", len(types), len(types))
        write_pngs(sets, staging / "png", options.dpi)
        produced.append(staging / "png")
    if options.tts and not subset:  # a TTS deck is the whole deck
        progress(f"{game.id}: writing Tabletop Simulator sheets", len(types), len(types))
        from cardgen.printkit.backends.tts import write_tts

        # the sheets' URLs where they will be once published (or uploaded: --tts-url)
        url = options.tts_url or (staging.parent / game.id / "tts").resolve().as_uri()
        write_tts(game, sets, staging / "tts", url)
        produced.append(staging / "tts")
    return sets, produced


def build_game(
    game: Game,
    out_root: Path,
    options: BuildOptions,
    progress: Progress = no_progress,
    extras: Sequence[tuple[str, Extra]] = (),
) -> BuildReport:
    """Stage every output of the kit (and each of `extras`, named by its progress label), then
    publish them together: a failure anywhere leaves the previous kit as it was. A folder that
    is not cardgen's is refused (OutputRefused) before anything is drawn."""
    report = BuildReport(game.id)
    final = out_root / game.id
    claim(final, Owner.KIT)
    with staging_beside(final) as staging:
        types = list(printed_types(game, options))
        with collector_paused():
            sets, produced = _card_outputs(game, types, staging, options, report, progress)
        subset = options.is_subset
        if options.shop:
            from cardgen.printkit.shop import shop_profiles, write_shop

            profile = shop_profiles()[options.shop]
            progress(f"{game.id}: writing the {profile.name} files", len(types), len(types))
            specs = [s.spec for s in sets]  # laid out again at the shop's own trim and bleed
            shop = write_shop(game, specs, staging / f"shop-{profile.id}", profile,
                              set(options.ids) or None, options.text_overflow,
                              options.codes)  # fmt: skip
            report.problems += shop.refusals
            produced.append(staging / f"shop-{profile.id}")
        for label, extra in () if subset else extras:
            progress(f"{game.id}: {label}", len(types), len(types))
            problems, paths = extra(game, staging, options.print)
            report.problems += problems
            produced += paths
        if subset and options.shop:  # a subset's shop files never stand in for the whole deck's
            (staging / f"shop-{options.shop}").rename(staging / f"shop-{options.shop}-subset")
        names = sorted(path.name for path in staging.iterdir())
        # A subset adds its faces to png/ and never removes others'; all else is replaced whole.
        whole = [name for name in names if not (subset and name == "png")]
        publish(final, staging, Owner.KIT, f"cardgen build {game.id}", whole)
        report.files = [final / name for name in names]
    return report
