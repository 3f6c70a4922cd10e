"""Fonts as data (issue 28): a game's manifest names its typefaces (TrueType files in its own
folder, with their licence), layouts set text in them by name, the rulebook sets its headings in
one, and the PDFs embed them as subsets; a missing, unknown or unembeddable font is refused in one
line naming its place, and Riposte ships its own display and text faces."""

from __future__ import annotations

import copy
import json
import shutil
import subprocess
from pathlib import Path

import pytest

from cardgen.data.database import load_game, load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_kit
from cardgen.printkit.backends.fonts import text_width_mm
from cardgen.printkit.build import BuildOptions
from cardgen.printkit.layout import LayoutError
from cardgen.printkit.layout.markup import font_for, runs
from cardgen.printkit.typefaces import font_table

from .conftest import CARD_LAYOUT, MANIFEST, make_print_game
from .kit_pdfs import shipped_kits

RIPOSTE_FONTS = REPO_ROOT / "card_data" / "riposte" / "fonts"
LATO = {
    "regular": "Lato-Regular.ttf",
    "bold": "Lato-Bold.ttf",
    "italic": "Lato-Italic.ttf",
    "bolditalic": "Lato-BoldItalic.ttf",
}


def pdf_fonts(pdf: Path) -> dict[str, tuple[str, str]]:
    """`pdffonts`: each font's base name (subset tag dropped) -> (embedded, subset)."""
    out = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    found = {}
    for line in out.stdout.splitlines()[2:]:
        cells = line.split()
        found[cells[0].split("+")[-1]] = (cells[-5], cells[-4])
    return found


def with_fonts(root: Path, fonts: dict, layout: str = CARD_LAYOUT) -> Path:
    """The small print game with `fonts` in its manifest, Lato and Cinzel in its fonts/ folder,
    and its card layout replaced by `layout`."""
    game = make_print_game(root)
    shutil.copytree(RIPOSTE_FONTS, game / "fonts")
    manifest = copy.deepcopy(MANIFEST) | {"fonts": fonts}
    (game / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    (root / "templates" / "ptest" / "card.toml").write_text(layout, encoding="utf-8")
    return game


def lato(**extra) -> dict:
    return (
        {style: f"fonts/{name}" for style, name in LATO.items()}
        | {"licence": "fonts/OFL-Lato.txt"}
        | extra
    )


DISPLAY = {"regular": "fonts/Cinzel-Bold.ttf", "licence": "fonts/OFL-Cinzel.txt"}
TITLED = CARD_LAYOUT.replace(
    'text = "{{ name }}"\nfont = "bold"', 'text = "{{ name }}"\nfont = "display"'
)


def test_a_game_sets_its_text_and_titles_in_its_own_faces(tmp_path):
    game = with_fonts(tmp_path, {"display": DISPLAY, "text": lato()}, TITLED)
    build_kit(load_game_or_raise(game), tmp_path / "output", BuildOptions(png=False, tts=False))
    fonts = pdf_fonts(tmp_path / "output" / "ptest" / "print-a4.pdf")
    # the names in Cinzel, the text in Lato (its bold for <b>), each embedded as a subset
    for name in ("Cinzel-Bold", "Lato-Regular", "Lato-Bold"):
        assert fonts.get(name) == ("yes", "yes"), (name, fonts)


def test_the_text_family_takes_veras_place_and_emphasis_stays_in_it():
    game = load_game_or_raise(REPO_ROOT / "card_data" / "riposte")
    table = font_table(game.spec)
    assert table["regular"].endswith("riposte.text/regular")
    assert table["display"].endswith("riposte.display/regular")
    bold_run = next(r for r in runs("plain **bold**") if r.bold)
    assert font_for(table["regular"], bold_run) == table["bold"]
    # a family with one file keeps it where the text is emphasised
    assert font_for(table["display"], bold_run) == table["display"]
    # measured with the family's own metrics, not Vera's
    assert text_width_mm("Riposte", table["regular"], 10) != text_width_mm("Riposte", "regular", 10)


@pytest.mark.parametrize(
    ("fonts", "expect"),
    [
        ({"display": {"regular": "fonts/Nope.ttf", "licence": "fonts/OFL-Cinzel.txt"}},
         "fonts.display.regular: 'fonts/Nope.ttf' is not in the game folder"),
        ({"display": {"regular": "fonts/Cinzel-Bold.otf", "licence": "fonts/OFL-Cinzel.txt"}},
         "is not a TrueType file (.ttf)"),
        ({"display": {"regular": "../riposte/fonts/Cinzel-Bold.ttf", "licence": "x"}},
         "must be a path inside the game folder"),
        ({"display": {"regular": "fonts/Cinzel-Bold.ttf"}}, 'fonts.display: "licence" is missing'),
        ({"display": {"bold": "fonts/Lato-Bold.ttf", "licence": "fonts/OFL-Lato.txt"}},
         'fonts.display: "regular" is missing'),
        ({"Display": DISPLAY}, "is not a family name"),
        ({"bold": DISPLAY}, "is not a family name"),
        ({"display": DISPLAY | {"heavy": "fonts/Lato-Bold.ttf"}},
         'fonts.display: unknown key "heavy"'),
    ],
)  # fmt: skip
def test_a_font_the_manifest_cannot_name_is_refused_in_one_line(tmp_path, fonts, expect):
    game = with_fonts(tmp_path, fonts)
    found, problems = load_game(game)
    errors = [str(p) for p in problems if p.is_error]
    assert found is None and errors
    lines = [line for line in errors if expect in line]
    assert lines, errors
    assert all("manifest.json" in line and "\n" not in line for line in lines)


def test_a_file_the_pdf_cannot_embed_is_refused_in_one_line(tmp_path):
    game = with_fonts(tmp_path, {"display": DISPLAY}, TITLED)
    (game / "fonts" / "Cinzel-Bold.ttf").write_bytes(b"not a font at all" * 20)
    with pytest.raises(LayoutError) as caught:
        build_kit(load_game_or_raise(game), tmp_path / "output", BuildOptions(png=False))
    message = str(caught.value)
    assert "\n" not in message
    assert "fonts.display" in message and "Cinzel-Bold.ttf" in message
    assert "not a font the PDF can embed" in message
    assert not (tmp_path / "output" / "ptest" / "print-a4.pdf").exists()


def test_a_layout_naming_a_font_the_game_lacks_is_told_the_nearest(tmp_path):
    layout = TITLED.replace('font = "display"', 'font = "dispaly"')
    game = with_fonts(tmp_path, {"display": DISPLAY}, layout)
    with pytest.raises(
        LayoutError, match=r'font = .dispaly. is not a font of this game; did you mean "?display'
    ):
        build_kit(load_game_or_raise(game), tmp_path / "output", BuildOptions(png=False))


FACES = {  # each shipped game's display and text faces, as pdffonts names them
    "luturas": ("Orbitron-Bold", "Exo2-Regular"),
    "moonlighter": ("UncialAntiqua-Regular", "AlegreyaSans-Regular"),
    "riposte": ("Cinzel-Bold", "Lato-Regular"),
    "va_card_game": ("MedievalSharp", "MerriweatherSans-Regular"),
    "vita_luna": ("CormorantGaramond-Bold", "Nunito-Regular"),
}


@pytest.mark.parametrize("game_id", sorted(FACES))
def test_each_shipped_game_prints_in_its_own_faces(run_tmp, game_id):
    """The shipped kits: the cards' names in the game's display face and their text in its text
    face; the rulebook's headings and body likewise, with no Vera left; all embedded as subsets
    (only the sheets' own small print, page labels and calibration, stays in Vera)."""
    display, text = FACES[game_id]
    kit = shipped_kits(run_tmp) / "a4" / game_id
    cards = pdf_fonts(kit / "print-a4.pdf")
    assert cards.get(text) == ("yes", "yes"), cards
    book = pdf_fonts(kit / "rules.pdf")
    assert {display, text} <= set(book), book
    assert all(v == ("yes", "yes") for v in book.values()), book
    assert not any(name.startswith("BitstreamVera") for name in book), book
    assert cards.get(display) == ("yes", "yes"), cards


def test_the_typefaces_are_credited_with_their_licences():
    credits = (REPO_ROOT / "CREDITS").read_text(encoding="utf-8")
    for game_id in FACES:
        game = load_game_or_raise(REPO_ROOT / "card_data" / game_id)
        assert set(game.spec.fonts) == {"display", "text"}, game_id
        for use, family in game.spec.fonts.items():
            assert family.licence is not None and family.licence.is_file()
            assert "SIL OPEN FONT LICENSE" in family.licence.read_text(encoding="utf-8").upper()
            assert f"- Typeface, {use}: {family.source}" in credits


def test_a_character_the_face_lacks_is_named_not_printed_as_a_box(tmp_path):
    """Lato has no U+2217 (∗): a card whose text needs it is built, with a warning naming it."""
    game = with_fonts(tmp_path, {"text": lato()})
    cards = (game / "cards.csv").read_text(encoding="utf-8")
    (game / "cards.csv").write_text(cards.replace("Card 03", "Card ∗3"), encoding="utf-8")
    report = build_kit(load_game_or_raise(game), tmp_path / "output", BuildOptions(png=False))
    warned = [w for w in report.problems if "∗" in w]
    assert warned and all("prints as a box" in w for w in warned), report.problems
