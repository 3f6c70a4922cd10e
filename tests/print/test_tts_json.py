"""Tabletop Simulator saved objects: decks (and tiles, boards) as TTS reads them, every card named."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image, ImageChops, ImageStat

from cardgen.cli import main
from cardgen.data.database import Game, load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.kit import build_kit
from cardgen.printkit.backends.tts import TTS_BOARD_PX, _thumbnail, bbcode, describe, write_tts
from cardgen.printkit.build import BuildOptions
from cardgen.printkit.faces import FaceSet, build_faces

DATA = REPO_ROOT / "card_data"
DECK_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack", "Type"}


def _game(game_id: str):
    return load_game_or_raise(DATA / game_id)


def _path(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file", url
    return Path(unquote(parsed.path))


def _objects(folder: Path) -> dict[str, dict]:
    found = {}
    for path in sorted(folder.glob("*.json")):
        body = json.loads(path.read_text(encoding="utf-8"))
        assert set(body) >= {"SaveName", "ObjectStates"}
        assert len(body["ObjectStates"]) == 1
        assert (folder / f"{path.stem}.png").is_file(), "TTS's thumbnail beside the object"
        found[path.stem] = body["ObjectStates"][0]
    return found


def _one_type(game_id: str, type_id: str, margin: float, folder: Path,
              url: str = "") -> tuple[Game, FaceSet, dict]:  # fmt: skip
    """One shipped type written alone, as most tests here read one object: the game, its faces
    and that object."""
    game = _game(game_id)
    faces = build_faces(game, game.spec.type(type_id), margin)
    write_tts(game, [faces], folder, url)
    return game, faces, _objects(folder)[type_id]


def _check_deck(deck: dict) -> list[tuple[int, dict]]:
    """The structure TTS expects of a custom deck; returns each card with its CustomDeck entry."""
    assert deck["Name"] in ("Deck", "DeckCustom")
    cards = deck["ContainedObjects"]
    assert deck["DeckIDs"] == [card["CardID"] for card in cards]
    sheets = deck["CustomDeck"]
    for entry in sheets.values():
        assert set(entry) == DECK_KEYS
        assert (entry["NumWidth"], entry["NumHeight"]) == (10, 7)
        assert entry["BackIsHidden"] is True
    found = []
    for card in cards:
        assert card["Name"] == "Card" and card["Nickname"]
        sheet, index = divmod(card["CardID"], 100)
        assert str(sheet) in sheets and 0 <= index < 69  # slot 69: the hidden-card face
        assert card["CustomDeck"] == {str(sheet): sheets[str(sheet)]}
        assert len(card["GUID"]) == 6
        found.append((index, sheets[str(sheet)]))
    return found


@pytest.fixture(scope="module")
def va(tmp_path_factory):
    game = _game("va_card_game")
    folder = tmp_path_factory.mktemp("tts") / "tts"
    sets = [build_faces(game, game.spec.type(t), 3.0) for t in ("hero", "equipment")]
    write_tts(game, sets, folder)
    return game, sets, folder


def test_every_copy_of_every_card_is_in_a_deck_by_name(va):
    game, _, folder = va
    objects = _objects(folder)
    assert sorted(objects) == ["equipment-1", "equipment-2", "hero-1", "hero-2"]
    names = Counter()
    numbers: list[str] = []
    for deck in objects.values():
        _check_deck(deck)
        names.update(card["Nickname"] for card in deck["ContainedObjects"])
        numbers += list(deck["CustomDeck"])
        for entry in deck["CustomDeck"].values():
            assert _path(entry["FaceURL"]).is_file() and _path(entry["BackURL"]).is_file()
    copies = Counter(c.name for t in ("hero", "equipment") for c in game.copies(t))
    assert names == copies
    assert len(numbers) == len(set(numbers)), "sheet numbers are unique across the kit"


def test_each_set_is_its_own_deck_with_its_own_back(va):
    _, _, folder = va
    objects = _objects(folder)
    hero_sun, hero_moon = objects["hero-1"], objects["hero-2"]
    assert hero_sun["Nickname"].endswith("(Hero · Sun)")
    assert hero_moon["Nickname"].endswith("(Hero · Moon)")
    descriptions = {card["Description"] for card in hero_sun["ContainedObjects"]}
    assert all(d.endswith("Deck: Player 1 heroes") for d in descriptions)
    stone = next(c for c in hero_sun["ContainedObjects"] if c["Nickname"] == "Stone Sentinel")
    assert stone["Description"].startswith("HP: 9\nAD: 2\nDEF: 3\n")
    backs = {next(iter(d["CustomDeck"].values()))["BackURL"] for d in (hero_sun, hero_moon)}
    assert len(backs) == 2


def test_a_cards_id_points_at_its_own_picture_on_the_sheet(va):
    """The cell CardID names on the face sheet shows that very card."""
    _, sets, folder = va
    heroes = sets[0]
    deck = _objects(folder)["hero-2"]
    cards = _check_deck(deck)
    for (index, entry), card in list(zip(cards, deck["ContainedObjects"], strict=True))[::7]:
        sheet = Image.open(_path(entry["FaceURL"])).convert("RGB")
        w, h = sheet.width // 10, sheet.height // 7
        cell = sheet.crop(((index % 10) * w, (index // 10) * h, (index % 10 + 1) * w,
                           (index // 10 + 1) * h))  # fmt: skip
        face_id = next(i for i in heroes.fronts if heroes.cards[i].name == card["Nickname"]
                       and heroes.decks[i] == "Player 2 heroes")  # fmt: skip
        expected = _thumbnail(heroes.fronts[face_id], w).convert("RGB").resize(cell.size)
        difference = ImageStat.Stat(ImageChops.difference(cell, expected)).mean
        assert max(difference) < 6, (card["Nickname"], difference)


def test_moonlighters_tiles_come_in_a_bag_with_both_sides(tmp_path):
    game, _, bag = _one_type("moonlighter", "tile", 3.0, tmp_path)
    assert bag["Name"] == "Bag"
    tiles = bag["ContainedObjects"]
    assert len(tiles) == game.count("tile") and {t["Name"] for t in tiles} == {"Custom_Tile"}
    assert Counter(t["Nickname"] for t in tiles)["Red room"] == game.quantity(
        next(c for c in game.cards["tile"] if c.id == "red_room")
    )
    for tile in tiles:
        image = tile["CustomImage"]
        assert _path(image["ImageURL"]).is_file() and _path(image["ImageSecondaryURL"]).is_file()
        assert image["CustomTile"]["Type"] == 0


def test_vita_lunas_board_is_a_custom_board(tmp_path):
    game, faces, board = _one_type("vita_luna", "board", 0.0, tmp_path)
    assert board["Name"] == "Custom_Board"
    assert board["Nickname"] == f"Vita Luna - {game.cards['board'][0].name}"
    picture = Image.open(_path(board["CustomImage"]["ImageURL"]))
    assert max(picture.size) <= TTS_BOARD_PX
    ratio = faces.size.width_mm / faces.size.height_mm
    assert abs(picture.width / picture.height - ratio) < 0.01


def test_the_built_kit_points_at_its_published_sheets(tmp_path):
    game = _game("riposte")
    build_kit(game, tmp_path, BuildOptions(png=False, types=()))
    folder = tmp_path / "riposte" / "tts"
    for stem, deck in _objects(folder).items():
        for entry in deck.get("CustomDeck", {}).values():
            assert _path(entry["FaceURL"]).parent == folder.resolve(), stem


def test_an_upload_address_is_written_instead(tmp_path):
    _, _, deck = _one_type(
        "riposte", "combat_card", 3.0, tmp_path, "https://example.org/riposte kit/tts/"
    )
    url = deck["CustomDeck"]["1"]["FaceURL"]
    assert url == "https://example.org/riposte kit/tts/combat_card-sheet1.jpg"


def test_a_tts_url_that_is_no_url_is_refused_in_one_line(tmp_path):
    result = CliRunner().invoke(
        main, ["build", "riposte", "--tts-url", "my server", "--out", str(tmp_path)]
    )
    assert result.exit_code == 2
    assert "'my server' is not a URL" in result.output
    assert "Traceback" not in result.output


def test_bold_and_italic_card_text_becomes_tts_tags():
    assert bbcode("**Poisonous**: kills *outright*") == "[b]Poisonous[/b]: kills [i]outright[/i]"
    assert bbcode("Costs 2 \\* 3") == "Costs 2 * 3"
    assert bbcode("plain words") == "plain words"


def test_every_kind_of_piece_is_on_the_table(tmp_path):
    """Tokens as round tiles, counters and trackers as flat strips, pawns as standees, each kind
    in a bag with every copy of the box, both sides' pictures written."""
    for game_id, type_id, name, shape in (
        ("vita_luna", "marker", "Custom_Tile", 2),
        ("riposte", "marker", "Custom_Tile", 2),
        ("riposte", "tracker", "Custom_Tile", 0),
        ("va_card_game", "life_tracker", "Custom_Tile", 0),
        ("moonlighter", "counter", "Custom_Tile", 0),
        ("moonlighter", "pawn", "Figurine_Custom", None),
    ):
        folder = tmp_path / f"{game_id}-{type_id}"
        game, _, bag = _one_type(game_id, type_id, 0.0, folder)
        assert bag["Name"] == "Bag", (game_id, type_id)
        pieces = bag["ContainedObjects"]
        assert len(pieces) == game.count(type_id) and {p["Name"] for p in pieces} == {name}
        for piece in pieces:
            image = piece["CustomImage"]
            assert _path(image["ImageURL"]).is_file()
            if image["ImageSecondaryURL"]:
                assert _path(image["ImageSecondaryURL"]).is_file()
            if shape is not None:
                assert image["CustomTile"]["Type"] == shape
            assert piece["Nickname"] and "_" not in piece["Nickname"]


def test_moonlighters_dice_are_ttss_own_with_every_face_said(tmp_path):
    game = _game("moonlighter")
    write_tts(game, [], tmp_path)
    bag = _objects(tmp_path)["dice"]
    dice = {d["Name"]: d for d in bag["ContainedObjects"]}
    assert set(dice) == {"Die_10", "Die_6", "Die_8"}
    for die, sides in (("Die_10", 10), ("Die_6", 6), ("Die_8", 8)):
        lines = dice[die]["Description"].splitlines()
        faces = [line.split(":", 1)[0] for line in lines if line[:1].isdigit()]
        assert len(faces) == sides, lines
    tile = dice["Die_10"]["Description"]
    assert tile.startswith("0: Add an empty white room.") and "counts as the printed 0" in tile
    assert "player_hits" not in dice["Die_6"]["Description"]  # a choice's value is no word


def test_descriptions_say_names_not_ids():
    """A keyword by its printed name, a keyword count as words, and no effect declaration (the
    rules' own form: the card's text says it)."""
    riposte = _game("riposte")
    faces = build_faces(riposte, riposte.spec.type("combat_card"), 0.0)
    lunge = next(i for i, c in faces.cards.items() if c.get("ability_keyword") == "lunge")
    assert "Ability: Lunge" in describe(faces, lunge, riposte)
    luturas = _game("luturas")
    faces = build_faces(luturas, luturas.spec.type("lutura"), 0.0)
    for face_id, card in faces.cards.items():
        said = describe(faces, face_id, luturas)
        assert "declaration" not in said.lower() and "Effect(" not in said
        for word_id in card.get("crystals") or {}:
            assert f"{word_id}:" not in said, said
