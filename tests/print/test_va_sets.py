"""VA Card Game's two player sets, printed deck by deck: told apart front and back, ids unchanged."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.errors import DataError
from cardgen.data.project import REPO_ROOT
from cardgen.printkit.copies import printed_copies
from cardgen.printkit.draw import ArtOp, RectOp
from cardgen.printkit.faces import build_faces

GAME = REPO_ROOT / "card_data" / "va_card_game"
SETS = {"Sun": "player-1", "Moon": "player-2"}


@pytest.fixture(scope="module")
def game():
    return load_game_or_raise(GAME)


@pytest.mark.parametrize("type_id", ["hero", "equipment"])
def test_each_set_prints_its_own_copies_with_the_card_ids_unchanged(game, type_id):
    copies, problems = printed_copies(game, game.spec.type(type_id))
    assert problems == []
    assert len(copies) == game.count(type_id) == 30  # the box's count, from the decklists
    assert {c.card.id for c in copies} == {c.id for c in game.cards[type_id]}
    by_set = Counter(c.deck["set"] for c in copies if c.deck)
    assert by_set == {"Sun": 15, "Moon": 15}
    first_moon = next(i for i, c in enumerate(copies) if c.deck and c.deck["set"] == "Moon")
    assert all(c.deck and c.deck["set"] == "Sun" for c in copies[:first_moon])  # set by set
    assert all(c.face_id.startswith(c.card.id + "--") for c in copies)


@pytest.mark.parametrize("type_id", ["hero", "equipment"])
def test_the_sets_differ_front_and_back(game, type_id):
    spec = game.spec.type(type_id)
    faces = build_faces(game, spec, 3.0)
    backs = {faces.decks[i]: faces.backs[i] for i in faces.fronts}
    sun = backs[f"Player 1 {spec.plural.lower()}"]
    moon = backs[f"Player 2 {spec.plural.lower()}"]
    assert sun.key != moon.key
    colours = {set_name: spec.back.faces[set_name].color for set_name in SETS}
    assert colours["Sun"] != colours["Moon"]
    for set_name, back in (("Sun", sun), ("Moon", moon)):
        fills = {op.style.fill for op in back.ops if isinstance(op, RectOp)}
        assert colours[set_name] in fills  # the back is drawn in its set's colour
        emblems = {op.art.name for op in back.ops if isinstance(op, ArtOp)}
        assert set_name.lower() in emblems  # a sun or a moon in the medallion
    card = game.cards[type_id][0]
    for set_name, deck in SETS.items():
        face_id = next(i for i in faces.fronts if i.startswith(f"{card.id}--{deck}"))
        front = faces.fronts[face_id]
        band = [op for op in front.ops if isinstance(op, RectOp)][1]
        assert band.style.fill == colours[set_name], "the name band wears the set's colour"
        emblems = {op.art.name for op in front.ops if isinstance(op, ArtOp)}
        assert set_name.lower() in emblems, "the front carries its set's emblem"


def test_a_front_reads_the_same_card_in_both_sets(game):
    """Only the set's marks differ: the same words and numbers on both sets' copies."""
    from cardgen.printkit.draw import TextOp

    faces = build_faces(game, game.spec.type("hero"), 3.0)
    sun = faces.fronts["stone_sentinel--player-1-heroes"]
    moon = faces.fronts["stone_sentinel--player-2-heroes"]
    assert [op.text for op in sun.ops if isinstance(op, TextOp)] == [
        op.text for op in moon.ops if isinstance(op, TextOp)
    ]
    assert faces.front("stone_sentinel") is sun  # a card's own front: its first deck's


def _broken_copy(tmp_path: Path, change) -> Path:
    folder = tmp_path / "va_card_game"
    shutil.copytree(GAME, folder)
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    change(next(t for t in manifest["types"] if t["id"] == "hero"))
    (folder / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda t: t.pop("print_by_deck"), 'style "by_deck" needs the type\'s "print_by_deck"'),
        (lambda t: t.update(print_by_deck="equipment"), "'equipment' is not a decklist type"),
        (lambda t: t["back"].update(field="colour"), "field 'colour' is not a field of decklist"),
    ],
)
def test_a_per_deck_type_is_checked_against_its_decklists(tmp_path, change, message):
    folder = _broken_copy(tmp_path, change)
    with pytest.raises(DataError) as caught:
        load_game_or_raise(folder)
    assert message in str(caught.value)
    assert "types[hero]" in str(caught.value)


def test_a_copy_the_decks_leave_out_is_still_printed(tmp_path):
    """Quantity 3 with two copies in the decks: the third is printed, with no deck; a deck
    holding more than the quantity is named."""
    folder = tmp_path / "va_card_game"
    shutil.copytree(GAME, folder)
    heroes = (folder / "heroes.csv").read_text(encoding="utf-8").splitlines()
    heroes = [heroes[0]] + [
        line.rsplit(",", 1)[0] + (",3" if line.startswith("stone_sentinel,") else ",1")
        if line.startswith(("stone_sentinel,", "iron_monk,"))
        else line
        for line in heroes[1:]
    ]
    (folder / "heroes.csv").write_text("\n".join(heroes) + "\n", encoding="utf-8")
    game = load_game_or_raise(folder)
    copies, problems = printed_copies(game, game.spec.type("hero"))
    stone = [c for c in copies if c.card.id == "stone_sentinel"]
    assert [c.deck is None for c in stone] == [False, False, True]
    assert problems == [
        "iron_monk: the decks hold 2 copies but its quantity is 1; the decks' copies are printed"
    ]
