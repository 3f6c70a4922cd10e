"""Ganged sheets (issue 28): component types of one size and shape share sheets instead of each
starting its own (`--no-gang` keeps them apart), and cards whose deck backs differ never share a
cut line: a gutter gives each its own bleed, as wide as costs no card per sheet."""

from __future__ import annotations

import itertools
from dataclasses import replace

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.build import (
    BuildOptions,
    card_pages,
    print_jobs,
    printed_types,
    separating_gutter,
)
from cardgen.printkit.faces import build_faces
from cardgen.printkit.paper import PrintOptions
from cardgen.printkit.sheets import best_grid


class Pages:
    """Stands in for the PDF document: keeps each page's placements."""

    def __init__(self) -> None:
        self.pages: list[tuple[str, list]] = []

    def page(self, page, placed, label="") -> None:
        self.pages.append((page.side, placed))


def sets_of(game_id: str, options: BuildOptions):
    game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
    return [
        build_faces(game, spec, options.print.bleed_mm) for spec in printed_types(game, options)
    ]


def test_luturas_types_share_sheets_unless_told_not_to():
    options = BuildOptions(png=False, tts=False)
    sets = sets_of("luturas", options)
    jobs = print_jobs(sets, options)
    assert [[f.spec.id for f in job] for job in jobs] == [
        ["soldier", "crystal", "lutura", "tool", "strategy"]
    ]
    apart = print_jobs(sets, replace(options, gang=False))
    assert [len(job) for job in apart] == [1] * 5
    # 216 cards at 8 a sheet: 27 sheets, where a sheet per type needed 1 + 7 + 14 + 3 + 5 = 30
    per_sheet = best_grid(63, 88, replace(options.print, gutter_mm=4.5)).per_page
    total = sum(len(f.copies) for f in sets)
    ganged = -(-total // per_sheet)
    apart_sheets = sum(-(-len(f.copies) // per_sheet) for f in sets)
    assert ganged < apart_sheets


@pytest.mark.parametrize(("paper", "gutter"), [("a4", 4.5), ("letter", 6.0)])
def test_the_separating_gutter_keeps_the_most_cards_a_sheet(paper, gutter):
    opts = PrintOptions(paper=paper)
    assert separating_gutter(63, 88, opts) == gutter
    most = max(best_grid(63, 88, replace(opts, gutter_mm=g)).per_page for g in (1.5, 3, 4.5, 6))
    assert best_grid(63, 88, replace(opts, gutter_mm=gutter)).per_page == most


def _gaps(pages: Pages) -> set[float]:
    """The gaps between neighbouring trims on the front pages."""
    gaps = set()
    for side, placed in pages.pages:
        if side != "front":
            continue
        trims = sorted((p.trim.y, p.trim.x, p.trim.w) for p in placed)  # row by row
        for (y0, x0, w), (y1, x1, _) in itertools.pairwise(trims):
            if abs(y0 - y1) < 1e-6 and x1 > x0:
                gaps.add(round(x1 - x0 - w, 3))
    return gaps


def test_differing_deck_backs_get_a_gutter_and_one_back_shares_cuts():
    options = BuildOptions(png=False, tts=False)
    sets = {f.spec.id: f for f in sets_of("luturas", options)}
    mixed = [(f.fronts[c], f.backs.get(c)) for k in ("soldier", "crystal") for f in [sets[k]]
             for c in f.copies]  # fmt: skip
    pages = Pages()
    card_pages(pages, mixed, 63, 88, options.print, "mixed", hiding=True)
    assert _gaps(pages) == {4.5}
    same = [
        (sets["crystal"].fronts[c], sets["crystal"].backs.get(c)) for c in sets["crystal"].copies
    ]
    pages = Pages()
    card_pages(pages, same, 63, 88, options.print, "one back", hiding=True)
    assert _gaps(pages) == {0.0}


def test_vita_lunas_three_creature_backs_never_share_a_cut():
    """One type whose back follows its deck (black, blue, red): the marked-card risk itself."""
    options = BuildOptions(png=False, tts=False)
    creatures = next(f for f in sets_of("vita_luna", options) if f.spec.id == "creature")
    items = [(creatures.fronts[c], creatures.backs.get(c)) for c in creatures.copies]
    pages = Pages()
    card_pages(pages, items, creatures.size.width_mm, creatures.size.height_mm, options.print,
               "creatures", hiding=True)  # fmt: skip
    assert _gaps(pages) and min(_gaps(pages)) >= 3.0
