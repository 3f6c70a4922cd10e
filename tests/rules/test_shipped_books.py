"""The shipped games' rulebooks: built clean, every section, card, keyword and ruling present."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_rulebooks

DATA, TEMPLATES = REPO_ROOT / "card_data", REPO_ROOT / "templates"
BOOKS = sorted(p.parent.name for p in TEMPLATES.glob("*/rules.md"))
SECTIONS = ("overview", "components", "setup", "glossary|keywords|terms", "clarifications",
            "appendix", "end of the (game|round)|end of a game|game end")  # fmt: skip


def flat(path: Path) -> str:
    """The book's text in reading order (poppler follows columns better than pdfplumber)."""
    import subprocess

    done = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True)
    return " ".join(done.stdout.split())


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict[str, tuple[object, Path]]:
    books = {}
    for game_id in BOOKS:  # as `cardgen rules` builds them: worked examples played by the engines
        root = tmp_path_factory.mktemp(game_id)
        report = build_rulebooks(load_game_or_raise(DATA / game_id), root)
        books[game_id] = (report, root / game_id)
    return books


def test_every_shipped_game_has_a_rulebook():
    assert set(BOOKS) >= {"luturas", "moonlighter", "riposte", "va_card_game"}


@pytest.mark.parametrize("game_id", BOOKS)
def test_book_builds_without_warnings(built, game_id):
    report, out = built[game_id]
    assert report.problems == []
    assert report.pages["reference"] <= 2
    for name in ("rules.pdf", "rules-booklet.pdf", "reference.pdf"):
        assert (out / name).stat().st_size > 10_000


@pytest.mark.parametrize("game_id", BOOKS)
def test_book_has_every_section(built, game_id):
    import re

    text = flat(built[game_id][1] / "rules.pdf").lower()
    for section in SECTIONS:
        assert re.search(section, text), f"{game_id}: no {section!r} section"


@pytest.mark.parametrize("game_id", BOOKS)
def test_every_card_and_keyword_and_ruling_is_in_the_book(built, game_id):
    game = load_game_or_raise(DATA / game_id)
    text = flat(built[game_id][1] / "rules.pdf")
    squashed = text.replace(" ", "")
    for spec in game.spec.types:
        if spec.kind in ("card", "tile", "token", "counter", "pawn", "board"):
            for card in game.cards[spec.id]:
                whole = card.name.replace(" ", "") in squashed
                words = all(word in text for word in card.name.split())  # a name wrapped in a cell
                assert whole or words, f"{game_id}: {card.name} missing"
    for words in game.keywords.values():
        for word in words.values():
            assert str(word["name"]).replace(" ", "") in squashed, (
                f"{game_id}: keyword {word['name']}"
            )
    for ruling in game.cards.get("clarification", []):  # topic and the decision's first words
        topic = str(ruling["topic"]).replace(" ", "")
        head = " ".join(str(ruling["decision"]).split()[:3]).replace(" ", "")
        assert topic in squashed and head in squashed, f"{game_id}: ruling {ruling.id} not printed"


@pytest.mark.parametrize("game_id", BOOKS)
def test_booklet_is_padded_to_a_multiple_of_four(built, game_id):
    with pdfplumber.open(built[game_id][1] / "rules-booklet.pdf") as pdf:
        assert (2 * len(pdf.pages)) % 4 == 0
        assert all(page.width > page.height for page in pdf.pages)


@pytest.mark.parametrize("game_id", BOOKS)
def test_every_font_is_embedded_and_qpdf_finds_nothing(built, game_id):
    """pdffonts lists no font that is not embedded (reportlab opens table cells in Helvetica
    unless told otherwise), and qpdf --check passes, for all three books."""
    import subprocess

    _, out = built[game_id]
    for name in ("rules.pdf", "rules-booklet.pdf", "reference.pdf"):
        fonts = subprocess.run(["pdffonts", str(out / name)], capture_output=True, text=True,
                               check=True).stdout.splitlines()[2:]  # fmt: skip
        assert fonts and [f for f in fonts if f.split()[-5] != "yes"] == [], name
        subprocess.run(["qpdf", "--check", str(out / name)], capture_output=True, check=True)


def test_worked_examples_print_what_the_engines_computed(built):
    """The numbers of the rulebooks' worked examples come from the engines' play of them."""
    vita_luna = flat(built["vita_luna"][1] / "rules.pdf")
    assert "The Wolf hits the Porcupine for 3: it has 1 health left." in vita_luna
    assert "the Beetle takes 1 damage and has 2 health left" in vita_luna
    riposte = flat(built["riposte"][1] / "rules.pdf")
    assert "+1 for Feint's Press. Ben takes 5." in riposte


def page_text(path: Path, number: int) -> str:
    import subprocess

    done = subprocess.run(["pdftotext", "-f", str(number), "-l", str(number), str(path), "-"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return " ".join(done.stdout.split())


@pytest.mark.parametrize("game_id", BOOKS)
def test_the_book_opens_on_a_cover_then_a_page_of_contents(built, game_id):
    """Page 1: the title over the printed front of (at least) the first card the template's
    `:::cover` names, at full size or larger (its cut edge is drawn round it); page 2: the
    contents alone; the first section starts on page 3. The booklet's first sheet holds its
    front cover too (beside the back page)."""
    import re

    template = (TEMPLATES / game_id / "rules.md").read_text(encoding="utf-8")
    first = re.search(r"^:::cover (.+)$", template, re.M).group(1).split()[0]
    game = load_game_or_raise(DATA / game_id)
    spec = game.spec.type(game.by_id(first).type)
    size = spec.size or game.spec.default_size
    want = (size.width_mm * 72 / 25.4, size.height_mm * 72 / 25.4)
    out = built[game_id][1]
    for name in ("rules.pdf", "rules-booklet.pdf"):
        cover = page_text(out / name, 1)
        assert game.name in cover and "Overview and goal" not in cover, cover[:120]
        with pdfplumber.open(out / name) as pdf:
            rects = [(r["width"], r["height"]) for r in pdf.pages[0].rects]
        scales = [w / want[0] for w, h in rects if abs(w / want[0] - h / want[1]) < 0.01]
        assert any(0.999 <= s <= 1.501 for s in scales), f"{game_id} {name}: no card at full size"
    assert page_text(out / "rules.pdf", 1).startswith(game.name)
    assert page_text(out / "rules.pdf", 2).startswith("Contents Overview and goal")
    assert page_text(out / "rules.pdf", 3).startswith("Overview and goal")


ANATOMIES = sorted(p.parent.parent.name for p in TEMPLATES.glob("*/diagrams/anatomy.toml"))


@pytest.mark.parametrize("game_id", ANATOMIES)
def test_the_card_anatomy_is_the_printed_card_with_its_parts_named(built, game_id):
    """The anatomy page shows the card as the kit prints it (its name in the card's own
    typeface, inside the outline its callout draws), and every label declared beside it."""
    import tomllib

    declared = tomllib.loads((TEMPLATES / game_id / "diagrams" / "anatomy.toml").read_text())
    game = load_game_or_raise(DATA / game_id)
    name = game.by_id(declared["card"]).name
    labels = [c["label"] for c in declared["callouts"]]
    with pdfplumber.open(built[game_id][1] / "rules.pdf") as pdf:
        page = next(p for p in pdf.pages if all(label in (p.extract_text() or "")
                                                for label in labels))  # fmt: skip
        outlines = [c for c in page.curves if c.get("stroke") and not c.get("fill")]
        assert len(outlines) >= len(labels)
        words = [w for w in page.extract_words(extra_attrs=["fontname"])
                 if w["text"].lower() == name.split()[0].lower()]  # fmt: skip
        card_font = {f.split("+")[-1].split("-")[0] for f in game_fonts(game_id)}
        printed = [w for w in words if w["fontname"].split("+")[-1].split("-")[0] in card_font]
        assert printed, f"{name} is not printed in the card's own typeface"
        word = printed[0]  # its box is the font's, not the ink's: its middle line is inside
        middle = (word["top"] + word["bottom"]) / 2
        assert any(o["x0"] <= word["x0"] and word["x1"] <= o["x1"] and o["top"] < middle
                   < o["bottom"] for o in outlines)  # fmt: skip


def game_fonts(game_id: str) -> list[str]:
    """The family names of the display typeface the game's cards use."""
    return [p.stem for p in (DATA / game_id / "fonts").glob("*.ttf")]
