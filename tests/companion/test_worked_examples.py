"""The rulebooks' worked examples, played by the engines on the card data: on the shipped data
every story holds; after a designer's change that makes one false, the example and the beat are
named (the issue's case: the Wolf's attack raised from 3 to 4)."""

from __future__ import annotations

from cardgen.data.database import load_game_or_raise
from companion.engine.examples import problems
from companion.games.moonlighter import examples as moonlighter
from companion.games.moonlighter.data import data_from_game as moonlighter_data
from companion.games.riposte import examples as riposte
from companion.games.riposte.data import data_from_game as riposte_data
from companion.games.vita_luna import examples as vita_luna
from companion.games.vita_luna.data import data_from_game

from .edited_games import edited


def test_vita_luna_examples_hold_on_the_shipped_cards():
    examples = vita_luna.worked_examples()
    assert set(examples) == {"kill", "wound", "costly_bite", "whole_turn", "poison"}
    assert problems(examples) == []
    turn = examples["whole_turn"]
    assert (turn.porcupine_after_wolf, turn.wolf_left, turn.hearts_after) == (1, 1, 9)
    assert any("Porcupine retaliates" in e for e in turn.events)


def test_a_stronger_wolf_breaks_the_whole_turn_example_by_name(tmp_path):
    folder = edited(tmp_path, "vita_luna", "creatures", "wolf", "attack", "4")
    data = data_from_game(load_game_or_raise(folder))
    found = problems(vita_luna.worked_examples(data))
    assert (
        "rulebook example 'a whole turn of attacks' no longer holds: the Porcupine survives the Wolf's hit"
        in found
    )
    assert all("whole turn" in line or "a kill" in line for line in found)


def test_riposte_examples_hold_on_the_shipped_cards():
    examples = riposte.worked_examples()
    assert problems(examples) == []
    assert examples["press_lunge"].to_ben == 5 and examples["perfect_riposte"].to_ana == 2
    assert examples["whole_round"].end == (2, 2)


def test_a_moved_attack_breaks_the_block_example_by_name(tmp_path):
    folder = edited(tmp_path, "riposte", "combat_cards", "left_sweep", "attacks", "1;3")
    found = problems(riposte.worked_examples(riposte_data(load_game_or_raise(folder))))
    assert found == [
        "rulebook example 'Twin Fangs against Left Sweep' no longer holds: "
        "Twin Fangs against Left Sweep is a block"
    ]


def test_moonlighter_examples_hold_on_the_shipped_cards():
    assert problems(moonlighter.worked_examples()) == []


def test_tougher_enemies_break_the_orange_fight_by_name(tmp_path):
    folder = edited(tmp_path, "moonlighter", "counters", "counter_enemy", "start_value", "3")
    found = problems(moonlighter.worked_examples(moonlighter_data(load_game_or_raise(folder))))
    assert (
        "rulebook example 'a fight in an orange room' no longer holds: a 6 fells the first enemy and costs a heart"
        in found
    )


def test_validate_fails_on_a_broken_example_and_names_it(tmp_path):
    """The issue's case end to end: `cardgen validate` on the edited copy exits 1 with the line."""
    from click.testing import CliRunner

    from cardgen.cli import main

    data = tmp_path / "data"  # not the working folder: a game name there would be a folder
    edited(data, "vita_luna", "creatures", "wolf", "attack", "4")
    result = CliRunner().invoke(main, ["validate", "--data", str(data), "vita_luna"])
    assert result.exit_code == 1
    assert (
        "vita_luna: rulebook example 'a whole turn of attacks' no longer holds: "
        "the Porcupine survives the Wolf's hit" in result.output
    )
    shipped = CliRunner().invoke(
        main, ["validate", "vita_luna", "riposte", "moonlighter", "va_card_game"]
    )
    assert shipped.exit_code == 0, shipped.output
