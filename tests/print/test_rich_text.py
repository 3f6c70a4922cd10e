r"""Rich card text: `**bold**`, `*italic*` and `\*` escapes, read back from the PDF a build wrote.

pdfplumber gives every character with the font it was set in, so a bold word is checked to be
set in Vera Bold, an escaped asterisk to print as one, and no marker to reach the page.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pdfplumber
import pytest
from openpyxl import Workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock
from openpyxl.cell.text import InlineFont

from cardgen.data.readers import read_xlsx
from cardgen.data.readers.rich_text import runs_to_markup
from cardgen.printkit.draw import IconOp, TextOp
from cardgen.printkit.icons import load_icons
from cardgen.printkit.layout.markup import Run, runs, to_rule_markup
from cardgen.printkit.layout.text import TextStyle, fit_text, layout_text
from cardgen.rules.markup import STAR, literal, parse
from tests.print.conftest import build, make_print_game

ICONS = load_icons()


def text_ops(text: str, style: TextStyle | None = None, width: float = 80) -> list[TextOp]:
    ops, fitted, _ = layout_text(text, 0, 0, width, 30, style or TextStyle(size=9), ICONS)
    assert fitted
    return [op for op in ops if isinstance(op, TextOp)]


def test_bold_and_italic_runs_are_set_in_their_fonts():
    ops = text_ops("**Poisonous**: kills *at once*.")
    assert [(op.text, op.font) for op in ops] == [
        ("Poisonous", "bold"),
        (": kills", "regular"),  # glued to the bold word: no space before the colon
        ("at once", "italic"),
        (".", "regular"),
    ]
    # Each run starts where the one before it ends (plus a space where the text has one).
    bold, colon = ops[0], ops[1]
    from cardgen.printkit.backends.fonts import text_width_mm

    assert colon.x == pytest.approx(bold.x + text_width_mm("Poisonous", "bold", 9))


def test_emphasis_adds_to_the_layouts_font():
    ops = text_ops("Plain *slanted* **heavy**", TextStyle(size=9, font="bold"))
    assert [(op.text, op.font) for op in ops] == [
        ("Plain", "bold"),
        ("slanted", "bolditalic"),
        ("heavy", "bold"),
    ]


@pytest.mark.parametrize(
    "typed, printed",
    [
        (r"2 \* 3", "2 * 3"),
        ("5* and 6*", "5* and 6*"),  # a marker with no partner prints as typed
        ("2*3*4", "2*3*4"),  # an asterisk inside a word starts no italic
        ("** not bold **", "** not bold **"),  # markers pair only round text, not spaces
        ("**a *b** c*", "**a *b** c*"),  # crossing pairs: which was meant cannot be told
        (r"C:\\games \:heart:", r"C:\games :heart:"),
        ("<b>tag</b> & more", "<b>tag</b> & more"),
    ],
)
def test_escaped_or_unpaired_markers_print_as_typed(typed: str, printed: str):
    assert all(run == Run(run.text) for run in runs(typed))
    assert " ".join(op.text for op in text_ops(typed)) == printed
    assert all(op.font == "regular" for op in text_ops(typed))


def test_an_escaped_colon_starts_no_icon_and_a_plain_one_does():
    plain_ops, _, _ = layout_text(":heart: 3", 0, 0, 60, 10, TextStyle(), ICONS)
    escaped_ops, _, _ = layout_text(r"\:heart: 3", 0, 0, 60, 10, TextStyle(), ICONS)
    assert any(isinstance(op, IconOp) for op in plain_ops)
    assert not any(isinstance(op, IconOp) for op in escaped_ops)


def test_wrapping_measures_bold_words_in_the_bold_font():
    # Bold Vera is wider than regular: a box that holds the regular line does not hold the bold.
    from cardgen.printkit.backends.fonts import text_width_mm

    words = "Mammoth Mammoth Mammoth"
    regular = text_width_mm(words, "regular", 9)
    bold = text_width_mm(words, "bold", 9)
    assert bold > regular + 1
    width = (regular + bold) / 2
    style = TextStyle(size=9, min_size=9)
    _, plain_lines, _ = fit_text(words, width, 20, style, ICONS)
    _, bold_lines, _ = fit_text(f"**{words}**", width, 20, style, ICONS)
    assert len(plain_lines) == 1 and len(bold_lines) == 2


def test_a_bold_run_inside_a_word_is_glued_to_it():
    ops = text_ops("**Poison**ous")
    assert [(op.text, op.font) for op in ops] == [("Poison", "bold"), ("ous", "regular")]
    from cardgen.printkit.backends.fonts import text_width_mm

    assert ops[1].x == pytest.approx(ops[0].x + text_width_mm("Poison", "bold", 9))


def test_the_pdf_sets_bold_in_the_bold_font_and_prints_escapes_literally(tmp_path: Path):
    make_print_game(tmp_path, cards=2, art=False)
    csv = tmp_path / "card_data" / "ptest" / "cards.csv"
    csv.write_text(
        "id,name,text,art,quantity\n"
        'c0,Wolf,"**Poisonous** bite, *once* per turn. Cost 2 \\* 3.",,1\n'
        'c1,Owl,"Silent <i>wings</i> & 5* stars",,1\n',
        encoding="utf-8",
    )
    out, _report = build(tmp_path, png=False, tts=False)
    pdf = out / "print-a4.pdf"
    with pdfplumber.open(pdf) as document:
        chars = document.pages[0].chars
    text = "".join(c["text"] for c in chars)
    assert "**" not in text and "\\" not in text
    assert "Cost 2 * 3." in text.replace("\n", "")
    assert "Silent <i>wings</i> & 5* stars" in text

    def fonts_of(word: str) -> set[str]:
        start = text.index(word)
        return {c["fontname"].split("+")[-1] for c in chars[start : start + len(word)]}

    assert fonts_of("Poisonous") == {"BitstreamVeraSans-Bold"}
    assert fonts_of("once") == {"BitstreamVeraSans-Oblique"}
    assert fonts_of("bite") == {"BitstreamVeraSans-Roman"}
    fonts = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True)
    assert "VeraSans-Bold" in fonts.stdout and "VeraSans-Oblique" in fonts.stdout
    assert all(" yes " in line for line in fonts.stdout.splitlines()[2:])  # every font embedded
    subprocess.run(["qpdf", "--check", str(pdf)], capture_output=True, check=True)


def test_xlsx_bold_and_italic_runs_read_as_markup(tmp_path: Path):
    book = Workbook()
    sheet = book.active
    sheet.title = "cards"
    sheet.append(["id", "text"])
    rich = CellRichText(
        [
            TextBlock(InlineFont(b=True), "Poisonous"),
            " bite (2*3) ",
            TextBlock(InlineFont(i=True), "once "),
            TextBlock(InlineFont(b=True, i=True), "now"),
        ]
    )
    sheet.append(["c0", rich])
    sheet.append(["c1", "typed **markup** stays"])
    book.save(tmp_path / "cards.xlsx")
    read = read_xlsx(tmp_path / "cards.xlsx", "cards")
    texts = [row.cells["text"].value for row in read.rows]
    assert texts == ["**Poisonous** bite (2\\*3) *once* ***now***", "typed **markup** stays"]
    assert [(r.text, r.bold, r.italic) for r in runs(texts[0]) if r.bold or r.italic] == [
        ("Poisonous", True, False),
        ("once", False, True),
        ("now", True, True),
    ]


def test_a_workbook_without_formatting_is_read_as_before(tmp_path: Path):
    book = Workbook()
    book.active.title = "cards"
    book.active.append(["id", "text"])
    book.active.append(["c0", "2*3 and \\ here"])
    book.save(tmp_path / "plain.xlsx")
    read = read_xlsx(tmp_path / "plain.xlsx", "cards")
    assert read.rows[0].cells["text"].value == "2*3 and \\ here"


def test_runs_to_markup_keeps_spaces_outside_the_markers():
    assert runs_to_markup([("Bold ", True, False), ("plain", False, False)]) == "**Bold** plain"
    assert runs_to_markup([("a", True, False), ("b", True, False)]) == "**ab**"


def test_card_text_in_the_rulebook_keeps_its_emphasis_and_escapes():
    assert to_rule_markup("**Poisonous** bite", STAR) == "**Poisonous** bite"
    assert to_rule_markup(r"Cost 2 \* 3, *once*", STAR) == f"Cost 2 {STAR} 3, *once*"
    assert to_rule_markup("5* stars", STAR) == f"5{STAR} stars"
    blocks = parse(literal("**Poisonous**: kills *at once*. 2 \\* 3"))
    assert [b.text for b in blocks] == [f"**Poisonous**: kills *at once*. 2 {STAR} 3"]


def test_the_rulebook_paragraph_sets_card_emphasis_in_bold(tmp_path: Path):
    from cardgen.rules.backends.inline import inline

    marked = inline(literal("**Poisonous** and \\:heart: 5*"), ICONS, 9)
    assert "<b>Poisonous</b>" in marked
    assert "<img" not in marked  # the escaped colon started no icon
