"""The table declaration (`cardgen.data.table`): one that cannot work is refused by `cardgen
validate` in one line naming its place in the manifest; a good one reads with its rule numbers."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from cardgen.data.database import load_game
from tests.companion.declared_games import CLASH_TABLE, DUEL_TABLE, write_game


def broken(change: Any) -> dict[str, Any]:
    table = copy.deepcopy(DUEL_TABLE)
    change(table)
    return table


def _set(path: list[Any], value: Any) -> Any:
    def change(table: dict[str, Any]) -> None:
        at = table
        for key in path[:-1]:
            at = at[key]
        at[path[-1]] = value

    return change


MAIN = ["turn", "phases", 1, "allows"]
CASES = {
    "unknown zone": (_set([*MAIN, 0, "to"], "discrad"),
                     "table.turn.phases[1].allows[0]: \"to\": unknown zone 'discrad' (zones: hand, play)"),
    "unknown deck": (_set(["turn", "phases", 0, "allows", 0, "deck"], "pile"),
                     "table.turn.phases[0].allows[0]: \"deck\": unknown deck 'pile'"),
    "unknown die": (_set([*MAIN, 1, "die"], "d20"), "unknown die 'd20'"),
    "unknown counter": (_set([*MAIN, 2, "counter"], "mana"), "unknown counter 'mana'"),
    "unknown stat": (_set([*MAIN, 0, "then", 0, "by"], "-speed"),
                     "\"by\": 'speed' is neither die, difference nor a number field"),
    "die without a roll": (_set([*MAIN, 0, "then", 0, "by"], "-die"),
                           "\"by\": \"die\" is known only after a roll"),
    "a phase nobody can leave": (_set(["turn", "phases", 0, "allows", 0, "at_most"], 0),
                                 "\"at_most\" is 0: it should lie between 1"),
    "at least above at most": (_set(["turn", "phases", 0, "allows", 0, "at_least"], 2),
                               "at_least 2 is above at_most 1: the phase could never end"),
    "seal taken in turn": (_set([*MAIN, 0], CLASH_TABLE["turn"]["phases"][1]["allows"][0]),
                           "\"seal\" needs turn.order \"together\""),
    "no way to end": (lambda t: (t["counters"][0].update(at_min="nothing"),
                                 t["shared"][0].update(at_max="nothing")),
                      "the game can never end"),
    "ends without a winner rule": (lambda t: t.pop("end"), "end.winner does not say who wins"),
    "start outside bounds": (_set(["counters", 0, "start"], 120),
                             "table.counters[0]: start 120 lies outside 0..99"),
    "citing no number": (_set(["counters", 0, "start"], "{start_hp}"),
                         "cites 'start_hp', which is no rule number"),
    "the same name twice": (_set(["seats"], ["Ann", "Ann"]), "seats should be up to 8 different"),
    "unknown key": (_set(["zones", 0, "hiden"], True), "table.zones[0]: unknown key 'hiden'"),
    "a deck of no type": (_set(["decks", 0, "types"], ["spell"]), "unknown card type 'spell'"),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_declaration_that_cannot_work_is_refused_in_one_line(tmp_path: Path, case: str) -> None:
    change, said = CASES[case]
    write_game(tmp_path, "duel", broken(change))
    game, problems = load_game(tmp_path / "duel")
    errors = [str(p) for p in problems if p.is_error]
    assert errors, case
    assert any(said in e for e in errors), errors
    assert all("\n" not in e and "manifest.json" in e for e in errors)
    assert game is None or game.table is None


def test_a_good_declaration_reads_with_its_rule_numbers(tmp_path: Path) -> None:
    write_game(tmp_path, "duel")
    game, problems = load_game(tmp_path / "duel")
    assert game is not None and not [p for p in problems if p.is_error]
    table = game.table
    assert table is not None
    assert table.counter("health").start == 12  # {start_health}
    assert table.zone("hand").deal == 3  # {hand_size}
    assert [p.name for p in table.phases] == ["Draw", "Main"]
    hit = table.phases[1].allows[0].then[0]
    assert (hit.counter, hit.of, hit.sign, hit.word) == ("health", "other", -1, "power")
