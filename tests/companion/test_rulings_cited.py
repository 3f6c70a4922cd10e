"""Refusals cite their ruling, and a tap finds the rulebook's words: the engines' ruling ids, the
links from rulings to keywords and cards, and the reference sheet the Rules panel shows.

The engines name a ruling with `ruled(text, "ruling_id")` (or `Refusal(text, "ruling_id")`);
these tests read every such call in the source, so a ruling renamed or removed in
clarifications.csv fails here before a player taps a dead link.
"""

from __future__ import annotations

import ast
import pickle
import random
from pathlib import Path

import pytest

from cardgen.data.database import load_game_or_raise
from cardgen.data.project import REPO_ROOT
from cardgen.rules.book import GameBook
from companion.engine import IllegalAction, Match
from companion.games.moonlighter import MoonlighterRules
from companion.games.rulings import (
    Rulebook,
    rulebook,
    ruled,
    ruling_of,
    sections,
    to_markdown,
    why,
)
from companion.games.vita_luna import VitaLunaRules
from companion.games.vita_luna.checks import why_not_singular

from . import moonlighter_situations as ml
from . import test_vita_luna_situations as vl
from .ruling_links import linked_rulings

GAMES = REPO_ROOT / "companion" / "games"
CITING = ("ruled", "Refusal")
ENGINES = {"moonlighter": MoonlighterRules, "vita_luna": VitaLunaRules}


def citations(path: Path) -> list[tuple[int, ast.expr | None]]:
    """Every `ruled(...)`/`Refusal(...)` call in `path`: (line, the ruling argument)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) in CITING:
            ruling = node.args[1] if len(node.args) > 1 else None
            ruling = next((k.value for k in node.keywords if k.arg == "ruling"), ruling)
            found.append((node.lineno, ruling))
    return found


def engine_files() -> list[tuple[str, Path]]:
    return [
        (folder.name, path)
        for folder in sorted(GAMES.iterdir())
        if (REPO_ROOT / "card_data" / folder.name).is_dir()
        for path in sorted(folder.glob("*.py"))
    ]


# --- every id an engine can return is a row of its clarifications.csv ----------------------------


def test_the_engines_cite_rulings():
    cited = {game for game, path in engine_files() if citations(path)}
    assert {"moonlighter", "vita_luna", "riposte", "va_card_game"} <= cited


@pytest.mark.parametrize(("game", "path"), engine_files(), ids=lambda v: getattr(v, "name", v))
def test_every_ruling_an_engine_cites_is_in_its_clarifications(game, path):
    rulings = rulebook(game).rulings
    for line, arg in citations(path):
        where = f"{path.relative_to(REPO_ROOT)}:{line}"
        assert isinstance(arg, ast.Constant) and isinstance(arg.value, str), (
            f"{where}: a ruling is named by a literal id, so this test can read it"
        )
        assert arg.value in rulings, f"{where}: no ruling {arg.value!r} in {game}'s clarifications"


def test_the_page_side_moonlighter_and_vita_luna_rulings_it_names_exist():
    """The pages open a few rulings by id themselves (the cleared rooms, the boss threshold)."""
    pages = REPO_ROOT / "companion" / "screens"
    named = 0
    for game in ("moonlighter", "vita_luna"):
        for path in (pages / game).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "ruling":
                    arg = node.args[0]
                    assert isinstance(arg, ast.Constant) and arg.value in rulebook(game).rulings
                    named += 1
    assert named


# --- a refusal is still a str, and carries its ruling through the engine -------------------------


def test_a_refusal_is_its_reason_and_names_its_ruling():
    reason = ruled("You are locked in.", "leaving_fights")
    assert reason == "You are locked in." and isinstance(reason, str)
    assert ruling_of(reason) == "leaving_fights" and ruling_of("plain words") is None
    assert ruling_of(None) is None
    copy = pickle.loads(pickle.dumps(reason))  # the session may pickle a flash
    assert (copy, copy.ruling) == ("You are locked in.", "leaving_fights")
    assert ruling_of(reason + " More.") is None  # words added make a new reason


def test_a_locked_room_refuses_leaving_and_cites_the_ruling_through_the_whole_engine():
    state = ml.fight("black")
    reason = ml.refused(state, {"type": "leave_room"})
    assert (reason, ruling_of(reason)) == (
        "You are locked in: defeat both enemies first.",
        "leaving_fights",
    )
    assert why(ml.RULES.check, state, {"type": "leave_room"}) == (reason, "leaving_fights")
    assert why(ml.RULES.check, state, {"type": "roll_attack"}) == (None, None)
    match = Match.start(MoonlighterRules(), {})
    match.play({"type": "roll_tile", "value": 6})
    match.play({"type": "place_tile", "x": 1, "y": 0})
    with pytest.raises(IllegalAction) as refused:
        match.play({"type": "leave_room"})
    assert ruling_of(refused.value.reason) == "leaving_fights"  # what the page's flash gets


@pytest.mark.parametrize(
    ("state", "action", "ruling"),
    [
        (ml.exploring([*ml.start_room(), (1, 0, "orange", "orange", "")]),
         {"type": "move", "x": 1, "y": 0}, "free_movement"),
        (ml.rolled("white"), {"type": "roll_tile"}, "turn_flow"),
        (ml.rolled("white"), {"type": "place_tile", "x": 2, "y": 0}, "turn_flow"),
        (ml.exploring(ml.start_room()), {"type": "swap_pawn"}, "chest_swap"),
        (ml.exploring(ml.start_room()), {"type": "restart"}, "walled_in"),
        (ml.fight("red"), {"type": "leave_room"}, "leaving_fights"),
    ],
    ids=["walk-into-orange", "roll-before-placing", "place-far", "swap-no-chest", "restart",
         "boss-locks"],
)  # fmt: skip
def test_moonlighter_refusals_name_the_ruling_they_follow(state, action, ruling):
    assert ruling_of(ml.refused(state, action)) == ruling


def test_vita_luna_refusals_name_the_ruling_they_follow():
    rock = vl.fight(["rock", "wolf", None, None], ["fox", None, None, None])
    anchored = vl.refused(rock, {"type": "move", "player": 0, "card": vl.card(rock, 0, 0),
                                 "position": 2})  # fmt: skip
    assert ruling_of(anchored) == "anchor_reach"
    held = vl.fight([None, "wolf", None, None], [None, "orb_spider", None, None])
    reason = vl.refused(held, {"type": "move", "player": 0, "card": vl.card(held, 0, 1),
                               "position": 2})  # fmt: skip
    assert ruling_of(reason) == "holds_reach"
    two = vl.fight([None, "wolf", "fox", None], ["rat", None, None, None])
    after, _, _ = vl.play(two, {"type": "move", "player": 0, "card": vl.card(two, 0, 2),
                                "position": 3})  # fmt: skip
    again = vl.refused(after, {"type": "move", "player": 0, "card": vl.card(after, 0, 1),
                               "position": 0})  # fmt: skip
    assert ruling_of(again) == "white_move"


def test_a_singular_that_cannot_be_played_says_why_and_cites_the_ruling():
    state = vl.fight([None, "wolf", None, None], [None, "rock", None, None])
    data = vl.DATA
    assert why_not_singular(data, state, 0, "burn") is None  # the Rock can burn
    heal = why_not_singular(data, state, 0, "heal")
    assert heal == "Wolf is at full health: Heal would do nothing."
    assert ruling_of(heal) == "singular_targets"
    steal = why_not_singular(data, state, 0, "steal")
    assert ruling_of(steal) == "anchor_reach" and "Rock has Anchor" in str(steal)
    after, _, _ = vl.play(state, {"type": "move", "player": 0, "card": vl.card(state, 0, 1),
                                  "position": 0})  # fmt: skip
    late = why_not_singular(data, after, 0, "burn")
    assert ruling_of(late) == "singulars_first" and "before moving" in str(late)
    empty = vl.fight([None, "wolf", None, None], [])
    assert ruling_of(why_not_singular(data, empty, 0, "burn")) == "singular_targets"


def test_random_play_only_ever_cites_rulings_that_exist():
    """Seeded random games; at every step each action type of the game, with the arguments of a
    legal action of another type or none at all, is checked: every ruling it cites exists."""
    for game, make in ENGINES.items():
        rules = make()
        ids = set(rulebook(game).rulings)
        for seed in range(3):
            rng = random.Random(seed)
            state = rules.new_state({"seed": seed})
            for _ in range(150):
                legal = rules.legal_actions(state)
                if not legal:
                    break
                for kind in {a["type"] for a in legal} | {"leave_room", "move", "promote"}:
                    for base in legal[:6]:
                        probe = {**base, "type": kind}
                        cited = ruling_of(rules.check(state, probe))
                        assert cited is None or cited in ids, (game, probe, cited)
                state = rules.apply(state, rng.choice(legal), rng).state


# --- what a tap finds: the links from rulings, the entries ---------------------------------------


@pytest.mark.parametrize("game", ["moonlighter", "vita_luna"])
def test_every_link_of_a_ruling_names_a_keyword_or_card_of_its_game(game):
    book = rulebook(game)
    assert linked_rulings(book) >= len(book.rulings) // 3  # most rulings about a thing say which


def test_a_keyword_opens_its_glossary_words_and_every_ruling_that_names_it():
    book = rulebook("vita_luna")
    anchor = book.keyword("epic", "anchor")
    glossary = book.game.keyword("epic", "anchor")
    assert (anchor.name, anchor.kind) == ("Anchor", "Epic")
    assert anchor.lines == (("", glossary.get("summary")),)
    assert anchor.rulings[0].id == "anchor_reach"  # headed with its name: first
    assert {r.id for r in anchor.rulings} == {
        r.id for r in book.rulings.values() if "anchor" in r.keywords
    }


def test_a_card_opens_its_fields_its_epics_words_and_their_rulings():
    book = rulebook("vita_luna")
    rock = book.card("rock")
    assert rock.kind == "Creature"
    assert ("Attack", "0") in rock.lines and ("Health", "6") in rock.lines
    names = [label for label, _ in rock.lines]
    assert "Anchor" in names and "Armour" in names
    ids = [r.id for r in rock.rulings]
    assert {"anchor_reach", "armour_absorbs"} <= set(ids) and len(ids) == len(set(ids))
    burn = book.card("burn")
    assert ("Effect", "Pick an enemy creature on a white position. It is removed from the game "
            "for good.") in burn.lines  # fmt: skip
    assert "singular_targets" in [r.id for r in burn.rulings]


@pytest.mark.parametrize("game", ["moonlighter", "vita_luna"])
def test_every_keyword_and_card_explains_itself(game):
    book = rulebook(game)
    for set_id, words in book.game.keywords.items():
        for word in words:
            assert book.keyword(set_id, word).lines[0][1]
    for record in book.game.records():
        if record.type == "clarification":
            continue
        entry = book.card(record.id)
        assert entry.name and entry.lines, record.id


def test_moonlighter_pieces_open_their_rules():
    book = rulebook("moonlighter")
    assert book.find("pawn", "colour", "red") == "pawn_red"
    red = book.card("pawn_red")
    assert red.name == "Bossbreaker" and [r.id for r in red.rulings] == ["power_red"]
    orange = book.card(book.find("tile", "colour", "orange"))
    assert {"leaving_fights", "enemy_rooms", "cleared_rooms"} <= {r.id for r in orange.rulings}
    die = book.group("die_face", "die", "tile", "Tile die (d10)", "face",
                     {"meaning": "", "condition": "Unless: "})  # fmt: skip
    assert [face for face, _ in die.lines] == [str(n) for n in range(10)]
    assert die.lines[3][1].startswith("Add an orange enemy room. Unless: With the purple pawn")
    assert {"tile_die_faces", "boss_room_threshold", "power_purple"} <= {r.id for r in die.rulings}


# --- the Rules panel: the reference sheet, as the rulebook prints it -----------------------------


@pytest.mark.parametrize(
    "game", sorted(p.parent.name for p in (REPO_ROOT / "templates").glob("*/reference.md"))
)
def test_the_panels_reference_sheet_is_the_rulebooks(game):
    game_data = load_game_or_raise(REPO_ROOT / "card_data" / game)
    book = Rulebook(game_data, REPO_ROOT / "templates")
    from companion.games.rulings import render_reference

    ours = render_reference(game_data, REPO_ROOT / "templates" / game / "reference.md")
    assert ours == GameBook(game_data).render_text("reference.md")
    assert book.reference and all(s.title and s.body for s in book.reference)


def test_the_markup_becomes_markdown_a_page_shows():
    markup = "\n".join([
        "# Title", ":::columns", "## Rooms", "| **Face** | **0** |", "| **Room** | :moon: white |",
        "", "- :heart: **Hearts**: lost", ":::diagram track", "### End", "Done.",
    ])  # fmt: skip
    text = to_markdown(markup)
    assert ":::" not in text and ":moon:" not in text and ":heart:" not in text
    assert "| **Face** | **0** |\n|---|---|\n| **Room** | white |" in text
    assert "- **Hearts**: lost" in text
    assert [(s.title, s.body) for s in sections(text)] == [
        ("Rooms", "| **Face** | **0** |\n|---|---|\n| **Room** | white |\n\n- **Hearts**: lost"),
        ("End", "Done."),
    ]


def test_searching_the_rules_finds_sections_and_rulings_with_every_word():
    book = rulebook("vita_luna")
    found, rulings = book.search("anchor swap")
    assert found and all("anchor" in (s.title + s.body).lower() for s in found)
    assert "anchor_reach" in {r.id for r in rulings}
    assert book.search("") == (book.reference, tuple(book.rulings.values()))
    assert book.search("zebra-unicorn") == ((), ())
