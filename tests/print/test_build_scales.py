"""A build's work grows in step with its deck, never faster.

Timings on a shared machine say little, so this counts calls instead: every function the build
calls (cardgen's, reportlab's, the dataclass methods Python writes) is counted while a deck of N
components is built, then while one of 2N is. Work done per card, per page or once doubles at
most (a little more where longer numbers wrap a line more); anything done per card for every
card (a list of all fronts searched or rebuilt for each card, as a standee sheet's number once was
found) quadruples, and fails here by name.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.printkit.build import BuildOptions, build_game, clear_caches
from cardgen.printkit.paper import PrintOptions

from .made_games import DECK_BACK, ID, NAME, QUANTITY, TEXT, kind, manifest, write_game

N = 40  # components of each type in the smaller deck; the larger has twice as many
# Linear work may grow a little past double (a longer number wraps a line more, a font subset
# more); work done for every pair of cards grows four times.
GROWTH = 2.5
ALLOWANCE = 4

MANIFEST = manifest(
    "scales", "Scales",
    kind("card", "cards", "card", ID, NAME, {"name": "power", "type": "int"}, TEXT, QUANTITY,
         back=DECK_BACK),
    kind("pawn", "pawns", "pawn", ID, NAME, size={"width": "25mm", "height": "50mm"},
         back={"style": "none"}),
    kind("tile", "tiles", "tile", ID, NAME, {"name": "other", "type": "text"}, size="tile",
         back={"style": "double_sided", "field": "other"}),
)  # fmt: skip

CARD_LAYOUT = """
[[elements]]
type = "rect"
bleed = true
fill = "#F4F1EA"

[[elements]]
type = "text"
x = "4mm"
y = "4mm"
w = "55mm"
h = "9mm"
text = "{{ name }}"
font = "bold"
size = 12

[[elements]]
type = "icon"
name = "attack"
x = "4mm"
y = "48mm"
size = "7mm"

[[elements]]
type = "text"
x = "12mm"
y = "48mm"
w = "10mm"
h = "7mm"
text = "{{ power }}"
size = 14

[[elements]]
type = "text"
x = "4mm"
y = "57mm"
w = "55mm"
h = "27mm"
text = "{{ text }}"
size = 8
"""


def make_game(root: Path, n: int) -> Path:
    cards = ["id,name,power,text,quantity"] + [
        f'c{i},Card {i},{i % 7},"Deal :attack: {i % 4 + 1}, then gain :heart: {i}.",{1 + i % 2}'
        for i in range(n)
    ]
    pawns = ["id,name"] + [f"p{i},Pawn {i}" for i in range(n)]
    tiles = ["id,name,other"] + [f"t{i},Tile {i},{'x' if i % 2 else ''}" for i in range(n)]
    sheets = {"cards": cards, "pawns": pawns, "tiles": tiles}
    return write_game(root, MANIFEST, sheets, {"card": CARD_LAYOUT})


def calls(run: Callable[[], object]) -> Counter[tuple[str, int, str]]:
    """How often each Python function was called during `run()`."""
    counts: Counter[tuple[str, int, str]] = Counter()

    def count(frame, event: str, arg) -> None:
        if event == "call":
            code = frame.f_code
            counts[(code.co_filename, code.co_firstlineno, code.co_qualname)] += 1

    sys.setprofile(count)
    try:
        run()
    finally:
        sys.setprofile(None)
    return counts


def build_calls(root: Path, n: int, options: BuildOptions) -> Counter[tuple[str, int, str]]:
    game = load_game_or_raise(make_game(root, n))
    clear_caches()
    return calls(lambda: build_game(game, root / "output", options))


def faster_than_linear(small: Counter, large: Counter) -> list[str]:
    """Each function whose calls grew faster than the deck, from the small one to the large."""
    return [
        f"{Path(file).name}:{line} {name}: {small[key]} calls for {N} components, "
        f"{large[key]} for {2 * N}"
        for key in large
        if large[key] > GROWTH * small[key] + ALLOWANCE
        for file, line, name in [key]
    ]


@pytest.mark.parametrize(
    "options",
    [
        BuildOptions(png=False, tts=False),
        BuildOptions(print=PrintOptions(gutterfold=True, gutter_mm=6.0), png=False, tts=False),
    ],
    ids=["duplex", "gutterfold"],
)
def test_no_function_is_called_more_than_twice_as_often_for_twice_the_deck(tmp_path, options):
    small = build_calls(tmp_path / "small", N, options)
    large = build_calls(tmp_path / "large", 2 * N, options)
    assert faster_than_linear(small, large) == []
    # The check has teeth: the layout of a face runs once per face (cards come in ones and
    # twos, each tile has a front and maybe a back, pawns are one face).
    renders = [k for k in small if k[2] == "Renderer.render"]
    assert renders and all(small[k] < large[k] <= 2 * small[k] for k in renders)


def test_a_quadratic_step_would_be_caught():
    """The same comparison over a step that searches every page for each page."""

    def sheets(pages: int) -> Counter[tuple[str, int, str]]:
        fronts = [Page(i) for i in range(pages)]
        return calls(lambda: [fronts.index(page) for page in fronts])

    caught = faster_than_linear(sheets(N), sheets(2 * N))
    assert len(caught) == 1 and "__eq__" in caught[0]


class Page:
    def __init__(self, number: int) -> None:
        self.number = number

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Page) and other.number == self.number

    __hash__ = None  # type: ignore[assignment]
