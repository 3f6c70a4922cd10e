"""A declared game's rules as the table meets them: refusals that name the declaration, counters
that stop at their bounds and end the game as declared, sealed cards that cannot be taken back,
hands nobody else sees, and rule numbers that change the game from the spreadsheet."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardgen.data.database import load_game_or_raise
from companion.engine import HIDDEN, IllegalAction, Match
from companion.games.declared import DeclaredRules

from .declared_games import SOLO_TABLE, write_game


def rules_of(root: Path, game_id: str, table: dict[str, Any] | None = None) -> DeclaredRules:
    return DeclaredRules(load_game_or_raise(write_game(root, game_id, table)))


def started(rules: DeclaredRules, seed: int = 3, **options: Any) -> Match:
    match = Match.start(rules, options, seed=seed)
    match.play({"type": "shuffle"})
    return match


def refusal(match: Match, action: dict[str, Any]) -> str:
    with pytest.raises(IllegalAction) as refused:
        match.play(action)
    return refused.value.reason


def test_refusals_name_the_turn_and_the_phase(tmp_path: Path) -> None:
    match = started(rules_of(tmp_path, "duel"))
    assert refusal(match, {"type": "end_phase", "player": 1}) == "It is Ann's turn."
    said = refusal(match, {"type": "end_phase", "player": 0})
    assert said == 'Phase "Draw" cannot end yet: draw (at least 1).'
    match.play({"type": "draw", "player": 0, "allowed": 0})
    said = refusal(match, {"type": "draw", "player": 0, "allowed": 0})
    assert said == 'Phase "Draw" allows draw 1 card(s) at most 1 time(s) a turn.'
    match.play({"type": "end_phase", "player": 0})
    card = match.state.zones["hand"][0][0]
    match.play({"type": "play", "player": 0, "allowed": 0, "card": card})
    again = match.state.zones["hand"][0][0]
    said = refusal(match, {"type": "play", "player": 0, "allowed": 0, "card": again})
    assert said == 'Phase "Main" allows play at most 1 time(s) a turn.'
    said = refusal(match, {"type": "roll", "player": 0, "allowed": 1, "value": 7})
    assert said.startswith('Phase "Main"')


def test_a_played_card_hits_by_its_stat_and_health_stops_at_its_bound(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "duel")
    match = started(rules)
    match.play({"type": "draw", "player": 0, "allowed": 0})
    match.play({"type": "end_phase", "player": 0})
    state = match.state.clone()
    state.zones["hand"][0][0] = "dragon"
    state.counters["health"][1] = 4
    step = rules.apply(state, {"type": "play", "player": 0, "allowed": 0, "card": "dragon"},
                       random.Random(1))  # fmt: skip
    assert step.state.counters["health"][1] == 0  # 4 - 5 stops at the declared min
    assert rules.outcome(step.state).winner == 0  # health's min loses: Ben lost
    assert step.events[-1] == "The game is over: Ann won."
    assert rules.legal_actions(step.state) == []


def test_a_die_typed_in_from_the_table_counts_and_a_face_it_lacks_is_refused(
    tmp_path: Path,
) -> None:
    match = started(rules_of(tmp_path, "duel"))
    match.play({"type": "draw", "player": 0, "allowed": 0})
    match.play({"type": "end_phase", "player": 0})
    refusal(match, {"type": "roll", "player": 0, "allowed": 1, "value": 9})
    match.play({"type": "roll", "player": 0, "allowed": 1, "value": 6})
    assert match.state.dice["d6"] == 6 and match.state.counters["health"][1] == 12 - 6


def test_sealed_cards_wait_hidden_then_turn_up_together_for_good(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "clash")
    match = started(rules)
    for seat in (0, 1):
        match.play({"type": "end_phase", "player": seat})  # no draw this time
    mine = match.state.zones["hand"][0][0]
    match.play({"type": "seal", "player": 0, "allowed": 0, "card": mine})
    assert match.undo_refusal() is not None  # a sealed card waits: nothing is taken back
    assert rules.view(match.state, 1)["sealed"] == [HIDDEN, None]
    assert rules.view(match.state, 0)["sealed"] == [mine, None]
    theirs = match.state.zones["hand"][1][0]
    health = list(match.state.counters["health"])
    match.play({"type": "seal", "player": 1, "allowed": 0, "card": theirs})
    assert match.log[-1]["revealed"] == [mine, theirs]
    assert match.undo_refusal() is not None
    power = {"wolf": 2, "bear": 3, "imp": 1, "dragon": 5}
    gap = abs(power[mine] - power[theirs])
    lower = [s for s, c in enumerate((mine, theirs)) if power[c] == min(power[mine], power[theirs])]
    expected = [h - (gap if s in lower and gap else 0) for s, h in enumerate(health)]
    assert match.state.counters["health"] == expected
    assert match.state.zones["discard"] == [[mine], [theirs]]


def test_another_seats_hand_never_changes_what_a_seat_sees(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "duel")
    match = started(rules)
    state = match.state
    before = {seat: rules.view(state, seat) for seat in (1, None)}
    changed = state.clone()
    changed.zones["hand"][0] = ["dragon"] * len(state.zones["hand"][0])
    changed.decks["deck"].reverse()
    for seat in (1, None):
        assert rules.view(changed, seat) == before[seat]
    assert rules.view(changed, 0) != rules.view(state, 0)
    match.play({"type": "draw", "player": 0, "allowed": 0})
    logged = match.log[-1]
    assert "card" in logged
    assert rules.redact(state, logged, 1)["card"] == HIDDEN
    assert rules.redact(state, logged, 0)["card"] == logged["card"]
    assert "order" not in rules.redact(state, match.log[0], None)


def test_cards_entered_at_the_table_refuse_a_card_whose_copies_are_all_in_sight(
    tmp_path: Path,
) -> None:
    rules = rules_of(tmp_path, "duel")
    match = started(rules, cards="table")
    assert match.state.stage == "deal"
    match.play({"type": "deal", "player": 0, "zone": "hand", "card": "dragon"})
    said = refusal(match, {"type": "deal", "player": 0, "zone": "hand", "card": "dragon"})
    assert said.startswith("Setup: Ann enters the cards dealt to them")
    for card in ("wolf", "bear"):
        match.play({"type": "deal", "player": 0, "zone": "hand", "card": card})
    for card in ("dragon", "imp", "imp"):  # Ben cannot see Ann's dragon: he may enter one
        match.play({"type": "deal", "player": 1, "zone": "hand", "card": card})
    assert match.state.stage == "play" and match.state.left["deck"] == 12 - 6


def test_the_starting_health_follows_the_rule_number_sheet(tmp_path: Path) -> None:
    folder = write_game(tmp_path, "duel")
    numbers = json.loads((folder / "rule_numbers.json").read_text())
    numbers[0]["value"] = 30
    (folder / "rule_numbers.json").write_text(json.dumps(numbers))
    rules = DeclaredRules(load_game_or_raise(folder))
    assert rules.new_state({}).counters["health"] == [30, 30]


def test_a_solo_game_is_won_at_the_score_and_lost_on_the_clock(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "solo")
    match = started(rules)
    state = match.state.clone()
    state.counters["score"][0] = 14
    won = rules.apply(state, {"type": "roll", "player": 0, "allowed": 2, "value": 3},
                      random.Random(0)).state  # fmt: skip
    assert rules.outcome(won).winner == 0 and won.result == "You won."
    state = match.state.clone()
    state.shared["clock"] = 5
    state.done[0][2] = 1
    lost = rules.apply(state, {"type": "end_phase", "player": 0}, random.Random(0)).state
    assert rules.outcome(lost).over and rules.outcome(lost).winner is None
    assert lost.result == "You lost."


def test_names_and_modes_outside_the_declaration_are_refused(tmp_path: Path) -> None:
    rules = rules_of(tmp_path, "solo", copy.deepcopy(SOLO_TABLE))
    with pytest.raises(ValueError, match="needs 1 different player names"):
        rules.new_state({"names": ["A", "B"]})
    with pytest.raises(ValueError, match='cards should be "app" or "table"'):
        rules.new_state({"cards": "both"})


def face_down_duel() -> dict[str, Any]:
    """The duel with a face-down pile: a played card goes down unseen and still hits."""
    from .declared_games import DUEL_TABLE

    table = copy.deepcopy(DUEL_TABLE)
    table["zones"].append({"id": "pile", "name": "Face-down pile", "seen": "none"})
    table["turn"]["phases"][1]["allows"][0]["to"] = "pile"
    return table


def test_a_face_down_pile_is_seen_by_nobody_and_counted_by_all(tmp_path, monkeypatch) -> None:
    from companion.registry import entry

    from .test_conformance import check_end, option_sets, play_out

    rules = rules_of(tmp_path, "duel", face_down_duel())
    match = started(rules)
    match.play({"type": "draw", "player": 0, "allowed": 0})
    match.play({"type": "end_phase", "player": 0})
    card = match.state.zones["hand"][0][0]
    match.play({"type": "play", "player": 0, "allowed": 0, "card": card})
    for seat in (0, 1, None):
        assert rules.view(match.state, seat)["zones"]["pile"] == [[HIDDEN], []]
    assert rules.redact(match.state, match.log[-1], 1)["card"] == HIDDEN
    assert rules.redact(match.state, match.log[-1], 0)["card"] == card  # it was in Ann's hand
    monkeypatch.setenv("CARDGEN_DATA", str(tmp_path))
    game = entry("duel")
    assert game is not None
    for index, options in enumerate(option_sets(game)):
        check_end(play_out(game, options, index, None), random.Random(index))


def test_no_card_can_be_chosen_from_a_face_down_pile(tmp_path: Path) -> None:
    from cardgen.data.database import load_game

    table = face_down_duel()
    table["turn"]["phases"][1]["allows"][0].update({"from": "pile", "to": "play"})
    _, problems = load_game(write_game(tmp_path, "duel", table))
    said = [str(p) for p in problems if p.is_error]
    assert any("\"from\": 'pile' lies face down, so no card of it can be chosen" in s
               for s in said), said  # fmt: skip
