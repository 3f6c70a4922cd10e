"""`cardgen sheet`: ready-made card images (a folder of PNG or JPEG faces, from any tool)
imposed onto print sheets with the same marks, bleed and duplex backs as a game's kit."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from cardgen.cli_common import console, duplex_option, err, fail, offset_mm, paper_option
from cardgen.data.errors import DataError
from cardgen.printkit.paper import Duplex, PrintOptions

SIZE = "'--size'"  # how a refusal of the size names its option


@click.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option(
    "--back",
    "back",
    type=click.Path(path_type=Path),
    default=None,
    help="One back for every card (default: back.png in FOLDER, or backs by name).",
)
@click.option(
    "--size",
    default="poker",
    show_default=True,
    help="Card trim size: a name (poker, tarot, square, mini ...) or WxH in mm.",
)
@click.option(
    "--image-bleed",
    type=float,
    default=0.0,
    show_default=True,
    help="Bleed already in the images, in mm (0: the image is the trim).",
)
@paper_option
@duplex_option
@click.option("--offset", default="0,0", help="Shift backs by X,Y mm.")
@click.option("--cut-lines", is_flag=True, help="Full-length cut lines as well as crop marks.")
@click.option("--gutterfold", is_flag=True, help="Fronts and backs side by side, to fold.")
@click.option(
    "--out",
    "out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="The PDF to write (default: FOLDER-sheets-PAPER.pdf beside FOLDER).",
)
def sheet(
    folder: Path,
    back: Path | None,
    size: str,
    image_bleed: float,
    paper: str,
    duplex: str,
    offset: str,
    cut_lines: bool,
    gutterfold: bool,
    out: Path | None,
) -> None:
    """Impose ready-made card images from FOLDER onto print sheets."""
    from cardgen.data.units import preset_sizes, to_mm, too_large
    from cardgen.printkit.imagesheet import (
        check_images,
        collect,
        image_warnings,
        write_image_sheets,
    )

    try:
        cards = collect(folder, back)
        check_images(cards)
    except DataError as exc:
        fail(exc)
    presets = preset_sizes()
    if size in presets:
        w, h = presets[size].width_mm, presets[size].height_mm
    else:
        try:
            w, h = (to_mm(v) for v in size.lower().split("x"))
        except ValueError:
            raise click.BadParameter(
                "a size name or WxH in mm, e.g. 63x88", param_hint=SIZE
            ) from None
        if w <= 0 or h <= 0:
            raise click.BadParameter(f"{size}: width and height must be positive", param_hint=SIZE)
        if (why := too_large(w, h)) is not None:
            raise click.BadParameter(f"{size}: {why}", param_hint=SIZE)
    for warning in image_warnings(cards, w, h, image_bleed):
        err.print(f"warning: {warning}", style="yellow", markup=False)
    options = PrintOptions(paper=paper, duplex=Duplex(duplex), back_offset_mm=offset_mm(offset),
                           cut_lines=cut_lines, gutterfold=gutterfold)  # fmt: skip
    target = out or folder.parent / f"{folder.name}-sheets-{paper}.pdf"
    try:
        pages = write_image_sheets(cards, w, h, image_bleed, options, target, folder.name)
    except (ValueError, OSError) as exc:
        err.print(f"{folder}: cannot impose these images: {exc}", style="red", markup=False)
        sys.exit(1)
    console.print(f"{len(cards)} cards, {pages} pages -> {target}", markup=False)
