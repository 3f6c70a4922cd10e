"""Card art: Game Icons pictures fetched with their credits, drawn large as vector paths.

What is checked, on the real output: every printed card of every shipped game draws a picture;
each picture is one form XObject of paths in a game's print PDF (however many cards and colours
show it) and no picture is a bitmap; every rulebook prints the credits its pictures' licence
asks for, and CREDITS lists every picture in use. Below that: the SVG reader, the PNG fill rule,
the composed emblem that stands in for missing art, scripts/fetch_art.py against a package
made here, and the one-line error a misspelt icon name gives.
"""

from __future__ import annotations

import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader
from pypdf.generic import IndirectObject

from cardgen.data.art import ArtNameError, art_path, credits, library_name
from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.backends.png import render_png
from cardgen.printkit.draw import ArtOp, Face, PolygonOp, TextOp
from cardgen.printkit.faces import build_faces
from cardgen.printkit.layout import load_layout, render_face
from cardgen.printkit.layout.art import emblem
from cardgen.printkit.vector_art import VectorArt, VectorArtError, flatten, load_svg, parse_path

from ..conftest import error_lines
from .kit_pdfs import shipped_games, shipped_kits

DATA = REPO_ROOT / "card_data"
PICTURE_KINDS = ("card", "tile", "pawn")  # what every shipped game gives a picture to
FORM_NAME = re.compile(r"^/FormXob\.Art\d+_(.+)$")


def used_art(game_id: str) -> set[str]:
    """Every `art` value the game's printed cards hold."""
    game = load_game_or_raise(DATA / game_id)
    values = set()
    for spec in game.spec.types:
        for f in spec.fields:
            if f.type == "image":
                values |= {c.get(f.name) for c in game.cards.get(spec.id, []) if c.get(f.name)}
    return values


@pytest.fixture(scope="module")
def kits(run_tmp: Path) -> Path:
    return shipped_kits(run_tmp) / "a4"


def xobjects(reader: PdfReader) -> dict[int, tuple[str, object]]:
    """Every XObject the document uses, by object number: (its resource name, the object)."""
    found: dict[int, tuple[str, object]] = {}

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        table = resources.get("/XObject")
        if table is None:
            return
        for name, ref in table.get_object().items():
            if not isinstance(ref, IndirectObject) or ref.idnum in found:
                continue
            obj = ref.get_object()
            found[ref.idnum] = (str(name), obj)
            walk(obj.get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return found


# the real output -------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game_id", shipped_games())
def test_each_picture_is_one_vector_form(kits, game_id):
    reader = PdfReader(kits / game_id / "print-a4.pdf")
    objects = xobjects(reader)
    images = [name for name, obj in objects.values() if obj.get("/Subtype") == "/Image"]
    assert images == [], f"bitmaps in {game_id}'s print PDF: {images}"
    forms: dict[str, list[int]] = {}
    for number, (name, obj) in objects.items():
        match = FORM_NAME.match(name)
        if match:
            forms.setdefault(match.group(1), []).append(number)
            content = obj.get_data().decode("latin-1")
            assert re.search(r"[\d.] m\b", content) and re.search(r"\bf\s*$", content), (
                f"{name}: not a filled vector path"
            )
            assert " Do" not in content and "BI" not in content.split(), name
    assert {name: len(numbers) for name, numbers in forms.items() if len(numbers) != 1} == {}
    wanted = {library_name(v)[1].replace("-", "_") for v in used_art(game_id) if library_name(v)}
    assert wanted <= set(forms), f"pictures never drawn: {sorted(wanted - set(forms))}"


@pytest.mark.parametrize("game_id", shipped_games())
def test_every_printed_card_draws_a_picture(game_id):
    game = load_game_or_raise(DATA / game_id)
    missing = []
    for spec in game.spec.types:
        if spec.kind not in PICTURE_KINDS:
            continue
        faces = build_faces(game, spec, bleed=3.0)
        for card in game.cards.get(spec.id, []):
            art = card.get("art")
            if not art or not (game.spec.folder / art_path(art)).is_file():
                missing.append(f"{spec.id} {card.id}: no art in the data ({art!r})")
            elif not any(isinstance(op, ArtOp) for op in faces.front(card.id).ops):
                missing.append(f"{spec.id} {card.id}: its layout draws no picture")
    assert missing == []


def test_luturas_names_no_illustrator_for_library_art():
    """A card whose picture is a library icon credits the library, not an illustrator."""
    game = load_game_or_raise(DATA / "luturas")
    for spec in game.spec.types:
        if spec.kind != "card":
            continue
        for card_id, face in build_faces(game, spec, bleed=3.0).fronts.items():
            texts = [op.text for op in face.ops if isinstance(op, TextOp)]
            assert not any(t.startswith("Illus.") for t in texts), (card_id, texts)
            assert "Art: game-icons.net" in texts, card_id


@pytest.mark.parametrize("game_id", ["riposte", "va_card_game"])
def test_backs_are_designed(game_id):
    """Backs carry a pattern and an emblem, besides the colour, mark and label they had."""
    game = load_game_or_raise(DATA / game_id)
    for spec in game.spec.types:
        if spec.kind != "card" or spec.back.style != "fixed":
            continue
        back = next(iter(build_faces(game, spec, bleed=3.0).backs.values()))
        assert any(isinstance(op, ArtOp) for op in back.ops), spec.id
        pattern = [op for op in back.ops if isinstance(op, PolygonOp) and len(op.points) > 50]
        assert pattern, f"{spec.id}: no harlequin on its back"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", shipped_games())
def test_rulebook_prints_the_credits(kits, game_id):
    with pdfplumber.open(kits / game_id / "rules.pdf") as pdf:
        text = " ".join((page.extract_text() or "") for page in pdf.pages)
    text = " ".join(text.split())
    assert "Credits" in text and "game-icons.net" in text and "CC BY 3.0" in text
    for credit in credits(DATA / game_id):
        assert f"Icons made by {credit.author}" in text, credit
    titles = {c.title for c in credits(DATA / game_id, used_art(game_id))}
    assert titles, game_id
    missing = [t for t in titles if t not in text]
    assert missing == [], f"pictures not credited in {game_id}'s rulebook: {missing}"


def test_credits_file_lists_every_picture_in_use():
    text = (REPO_ROOT / "CREDITS").read_text(encoding="utf-8")
    lines = {line for line in text.splitlines() if line.startswith("- ")}
    for game_id in shipped_games():
        found = credits(DATA / game_id, used_art(game_id))
        assert {c.art for c in found} == {v for v in used_art(game_id) if library_name(v)}
        for credit in found:
            line = f"- {credit.title} ({credit.art}): icons made by {credit.author}, "
            assert any(entry.startswith(line) for entry in lines), line


def test_recorded_pictures_are_the_files_written():
    """SOURCES.json holds each file's digest as written: a picture edited by hand is noticed."""
    import hashlib

    for game_id in shipped_games():
        for record in (DATA / game_id / "art").rglob("SOURCES.json"):
            files = json.loads(record.read_text(encoding="utf-8"))["files"]
            for name, entry in files.items():
                data = (record.parent / name).read_bytes()
                assert hashlib.sha256(data).hexdigest() == entry["sha256"], name
                assert entry["author"] and entry["title"], name


# the SVG reader and the drawing ----------------------------------------------------------------
def test_path_commands_become_absolute_segments():
    segments = parse_path("m10 10h20v20H10zM50 50l5-5s10 0 10 10q5 5 10 0t10 0a5 5 0 0110 0")
    kinds = [s[0] for s in segments]
    assert kinds[:5] == ["M", "L", "L", "L", "Z"]
    assert segments[1] == ("L", 30.0, 10.0) and segments[3] == ("L", 10.0, 30.0)
    assert ("L", 55.0, 45.0) in segments
    end = segments[-1]
    assert end[0] == "C" and end[-2:] == pytest.approx((95.0, 55.0))


def test_a_bad_path_is_one_line_naming_the_file(tmp_path):
    svg = tmp_path / "bad.svg"
    svg.write_text('<svg viewBox="0 0 10 10"><path d="M1 1 L x 2"/></svg>')
    with pytest.raises(VectorArtError, match=r"^bad\.svg: path data: expected a number"):
        load_svg(svg)
    svg.write_text('<svg viewBox="0 0 10 10"><circle r="3"/></svg>')
    with pytest.raises(VectorArtError, match=r"only <path> shapes are drawn, not <circle>"):
        load_svg(svg)


def test_png_fills_by_the_non_zero_rule():
    """A square with a hole wound the other way: the hole stays paper, as in the PDF."""
    ring = parse_path("M0 0H100V100H0Z M30 30V70H70V30Z")
    art = VectorArt("ring", (0.0, 0.0, 100.0, 100.0), tuple(ring))
    face = Face(20.0, 20.0, 0.0, [ArtOp(art, 0.0, 0.0, 20.0, "#000000")])
    image = render_png(face, dpi=100, bleed=False)
    w, h = image.size
    assert image.getpixel((w // 2, h // 2)) == (255, 255, 255)
    assert image.getpixel((w // 8, h // 2)) == (0, 0, 0)
    assert len(flatten(art.segments)) == 2


def test_emblems_tell_cards_apart():
    wolf = emblem(0, 0, 30, 30, "wolf", "Grey Wolf", "#000000", "#FFFFFF")
    rat = emblem(0, 0, 30, 30, "rat", "Rat", "#000000", "#FFFFFF")
    assert wolf != rat
    assert [op.text for op in wolf if isinstance(op, TextOp)] == ["GW"]
    assert wolf == emblem(0, 0, 30, 30, "wolf", "Grey Wolf", "#000000", "#FFFFFF")


ART_LAYOUT = """
[[elements]]
type = "art"
x = 5
y = 10
w = 53
h = 30
src = "{{ art }}"
seed = "{{ id }}"
label = "{{ name }}"
color = "#0072B2"
"""


def art_ops(tmp_path: Path, resolve, **card):
    (tmp_path / "t.toml").write_text(ART_LAYOUT)
    load_layout.cache_clear()
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    return render_face(layout, card, 63, 88, 3, {}, resolve)


def test_art_element_draws_vector_bitmap_or_emblem(tmp_path):
    svg = tmp_path / "wolf.svg"
    svg.write_text('<svg viewBox="0 0 512 512"><path d="M0 0H512L256 512Z"/></svg>')
    face, problems = art_ops(tmp_path, lambda s: (str(svg), None), art="x.svg", id="w", name="W")
    (op,) = face.ops
    assert isinstance(op, ArtOp) and (op.x, op.y, op.size, op.ink) == (16.5, 10, 30, "#0072B2")
    face, _ = art_ops(tmp_path, lambda s: ("/a/wolf.png", None), art="w.png", id="w", name="W")
    assert [type(op).__name__ for op in face.ops] == ["ImageOp"]
    face, problems = art_ops(
        tmp_path, lambda s: (None, f"art {s!r} is missing"), art="game-icons:wolf-head",
        id="wolf", name="Grey Wolf",
    )  # fmt: skip
    assert any(isinstance(op, TextOp) and op.text == "GW" for op in face.ops)
    assert problems == ["templates/t.toml element 1: art 'art/game-icons/wolf-head.svg' is missing"]


def test_library_names():
    assert art_path("game-icons:wolf-head") == "art/game-icons/wolf-head.svg"
    assert art_path("art/wolf.png") == "art/wolf.png"
    with pytest.raises(ArtNameError, match="lower-case words"):
        library_name("game-icons:../secret")
    with pytest.raises(ArtNameError, match="unknown art library"):
        library_name("clipart:wolf")


# the data check --------------------------------------------------------------------------------
def test_a_misspelt_icon_is_one_line_naming_sheet_row_and_column(tmp_path):
    folder = tmp_path / "vita_luna"
    shutil.copytree(DATA / "vita_luna", folder)
    sheet = folder / "creatures.csv"
    text = sheet.read_text(encoding="utf-8")
    sheet.write_text(text.replace("game-icons:wolf-head", "game-icons:wolfhead", 1), "utf-8")
    lines = error_lines(folder)
    assert lines == [
        "vita_luna/creatures.csv:2:H: art: 'game-icons:wolfhead' has not been fetched into "
        "art/game-icons/wolfhead.svg; run scripts/fetch_art.py (names as at game-icons.net)"
    ]


# scripts/fetch_art.py -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def fetch_art():
    spec = importlib.util.spec_from_file_location("fetch_art", REPO_ROOT / "scripts/fetch_art.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["fetch_art"] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules["fetch_art"]


def package(path: Path) -> Path:
    """A package shaped like @iconify-json/game-icons, with two pictures."""
    icons = {
        "prefix": "game-icons",
        "width": 512,
        "height": 512,
        "icons": {
            "wolf-head": {"body": '<path fill="currentColor" d="M10 10h100v100H10z"/>'},
            "mouse": {"body": '<path fill="currentColor" d="M0 0L512 512L0 512z"/>'},
        },
        "aliases": {"rat-alias": {"parent": "mouse"}},
    }
    info = {
        "name": "Game Icons",
        "author": {"name": "GameIcons", "url": "https://github.com/game-icons/icons"},
        "license": {"title": "CC BY 3.0", "spdx": "CC-BY-3.0", "url": "https://x/license"},
    }
    with tarfile.open(path, "w:gz") as archive:
        for name, value in (("icons.json", icons), ("info.json", info)):
            data = json.dumps(value).encode()
            member = tarfile.TarInfo(f"package/{name}")
            member.size = len(data)
            archive.addfile(member, io.BytesIO(data))
    return path


def small_game(root: Path, art: str) -> Path:
    game = root / "card_data" / "g"
    game.mkdir(parents=True)
    (game / "manifest.json").write_text("{}")
    (game / "units.csv").write_text(f"id,name,art\nwolf,Wolf,{art}\nrat,Rat,game-icons:mouse\n")
    (root / "templates").mkdir()
    return game


def run(fetch_art, root: Path, *extra: str) -> int:
    args = ["--data", str(root / "card_data"), "--templates", str(root / "templates")]
    return fetch_art.main([*args, "--package", str(package(root / "pkg.tgz")), *extra])


def test_fetch_writes_pictures_and_their_sources(tmp_path, fetch_art):
    game = small_game(tmp_path, "game-icons:wolf-head")
    assert run(fetch_art, tmp_path, "--check") == 1  # nothing fetched yet
    assert run(fetch_art, tmp_path) == 0
    folder = game / "art" / "game-icons"
    picture = load_svg(folder / "wolf-head.svg")
    assert picture.box == (0.0, 0.0, 512.0, 512.0) and picture.segments[0] == ("M", 10.0, 10.0)
    record = json.loads((folder / "SOURCES.json").read_text())
    assert record["library"]["source"] == "npm:@iconify-json/game-icons@1.2.4"
    assert record["library"]["license"] == "CC BY 3.0"
    assert record["files"]["mouse.svg"]["author"] == "Lorc"  # from game-icons-authors.json
    assert {c.art for c in credits(game)} == {"game-icons:wolf-head", "game-icons:mouse"}
    assert run(fetch_art, tmp_path, "--check") == 0


def test_fetch_never_overwrites_a_file_it_did_not_write(tmp_path, fetch_art, capsys):
    game = small_game(tmp_path, "game-icons:wolf-head")
    folder = game / "art" / "game-icons"
    assert run(fetch_art, tmp_path) == 0
    (folder / "wolf-head.svg").write_text("<svg>my own drawing</svg>")
    assert run(fetch_art, tmp_path, "--refresh") == 1
    assert "not overwriting" in capsys.readouterr().err
    assert (folder / "wolf-head.svg").read_text() == "<svg>my own drawing</svg>"


def test_fetch_names_the_cell_of_an_unknown_icon(tmp_path, fetch_art, capsys):
    small_game(tmp_path, "game-icons:wolf-hed")
    assert run(fetch_art, tmp_path) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        f"fetch_art: {tmp_path}/card_data/g/units.csv row 2, column art: game-icons:wolf-hed "
        "is not in @iconify-json/game-icons 1.2.4 (did you mean game-icons:wolf-head?)"
    ]


@pytest.mark.slow
def test_pdfs_are_sound(kits):
    """qpdf finds nothing wrong with a shipped print PDF, and every font is embedded."""
    for game_id in shipped_games():
        path = kits / game_id / "print-a4.pdf"
        done = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-400:]
        fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
        assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:]), fonts
