"""A card anatomy (issue 28): the printed card, its parts named from the layout's element ids;
a declaration naming no card or part is refused in one line, and labels that do not fit the
column beside the card go to one side, or are refused naming the diagram."""

from __future__ import annotations

import itertools

import pytest
from reportlab.lib.units import mm

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.anatomy import NoSuchCard, card_parts
from cardgen.printkit.faces import build_faces
from cardgen.printkit.layout import LayoutError
from cardgen.rules.anatomy import callouts
from cardgen.rules.backends.drawings import AnatomyFigure


@pytest.fixture(scope="module")
def riposte():
    return load_game_or_raise(REPO_ROOT / "card_data" / "riposte")


def test_the_parts_are_the_printed_faces_own(riposte):
    """The face is the one the print kit prints (same ops), and each part's box is where that
    element's ink lies: the five attack tabs across the top, the follow-up slots at the foot."""
    parts = card_parts(riposte, "feint")
    spec = riposte.spec.type("combat_card")
    printed = build_faces(riposte, spec, 0.0, ids={"feint"}).front("feint")
    assert parts.face.ops == printed.ops
    tabs, slots = parts.parts["positions.tab"], parts.parts["positions.slot"]
    assert tabs[1] == pytest.approx(0) and tabs[3] < 15  # along the top edge
    assert slots[3] > parts.face.height - 10  # along the foot
    assert tabs[2] - tabs[0] > 0.8 * parts.face.width  # all five, not one
    name = parts.parts["name"]
    assert name[0] > 10 and name[2] < parts.face.width - 10  # centred text, measured by ink


def test_a_callout_naming_no_part_is_refused_with_a_suggestion(riposte):
    parts = card_parts(riposte, "feint")
    with pytest.raises(ValueError, match=r"callout 1: the card draws no element 'nmae'.*name"):
        callouts({"callouts": [{"label": "Name", "element": "nmae"}]}, parts, "anatomy.toml")
    with pytest.raises(ValueError, match="callout 1: no label"):
        callouts({"callouts": [{"element": "name"}]}, parts, "anatomy.toml")
    with pytest.raises(ValueError, match="side 'top' is not left or right"):
        callouts({"callouts": [{"label": "N", "element": "name", "side": "top"}]}, parts, "a")
    with pytest.raises(ValueError, match="no callouts"):
        callouts({}, parts, "anatomy.toml")
    with pytest.raises(NoSuchCard, match=r"no printed card .fient.*feint"):
        card_parts(riposte, "fient")


def test_labels_go_to_one_side_in_a_narrow_column_and_never_shrink_the_card(riposte):
    parts = card_parts(riposte, "feint")
    declared = {"callouts": [
        {"label": "Attack positions 1-5", "element": "positions.tab", "side": "left"},
        {"label": "Card code (for the app)", "element": "code", "side": "right"},
    ]}  # fmt: skip
    figure = AnatomyFigure(callouts(declared, parts, "a"), "anatomy", "Helvetica", 8, "#0072B2")
    wide, _ = figure.wrap(170 * mm, 300 * mm)
    assert figure.sides["left"] and figure.sides["right"]
    narrow, height = figure.wrap(wide - 20 * mm, 300 * mm)
    assert not figure.sides["left"] and len(figure.sides["right"]) == 2
    assert narrow < wide and height >= parts.face.height * mm  # the card at full size
    with pytest.raises(LayoutError, match="diagram anatomy: the card and its labels need"):
        figure.wrap(70 * mm, 300 * mm)


def test_labels_never_touch_and_stay_beside_the_card(riposte):
    parts = card_parts(riposte, "feint")
    crowded = {"callouts": [{"label": f"Part {i}", "element": "name", "side": "right"}
                            for i in range(6)]}  # fmt: skip
    figure = AnatomyFigure(callouts(crowded, parts, "a"), "anatomy", "Helvetica", 8, "#0072B2")
    figure.wrap(170 * mm, 300 * mm)
    rows = [y for _, y in figure._rows(figure.sides["right"])]
    gap = 8 * 1.3 / 72 * 25.4
    assert all(b - a >= gap - 1e-6 for a, b in itertools.pairwise(rows))
    assert rows[0] >= 0 and rows[-1] <= parts.face.height
