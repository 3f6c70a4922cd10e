"""The engine core on a toy game: refusal leaves state, seeded dice, replay, undo, save."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from companion.engine import IllegalAction, Match, SeatedRules, Step
from companion.engine.core import StepRandom


@dataclass(frozen=True)
class Race:
    position: int = 0
    rolls: tuple[int, ...] = ()


class RaceRules(SeatedRules):
    """Roll a d6 (app or physical) and move; reach 10 to win. Moving past 10 is refused."""

    game_id = "race"
    title = "Race"

    def new_state(self, options: dict[str, Any]) -> Race:
        return Race()

    def legal_actions(self, state: Race) -> list[dict]:
        return [] if self.is_over(state) else [{"type": "roll"}]

    def check(self, state: Race, action: dict) -> str | None:
        if self.is_over(state):
            return "The race is over."
        if action.get("type") != "roll":
            return "Only rolling is possible."
        value = action.get("value")
        if value is not None and value not in range(1, 7):
            return "A die shows 1 to 6."
        if value is not None and state.position + value > 10:
            return f"A {value} would pass the finish; you need {10 - state.position} or less."
        return None

    def apply(self, state: Race, action: dict, rng: random.Random) -> Step:
        reason = self.check(state, action)
        if reason:
            raise IllegalAction(reason)
        value = action.get("value") or rng.randint(1, min(6, 10 - state.position))
        after = replace(state, position=state.position + value, rolls=(*state.rolls, value))
        return Step(after, {"type": "roll", "value": value}, [f"You rolled {value}."])

    def is_over(self, state: Race) -> bool:
        return state.position >= 10

    def to_json(self, state: Race) -> dict:
        return {"position": state.position, "rolls": list(state.rolls)}

    def from_json(self, data: dict) -> Race:
        return Race(data["position"], tuple(data["rolls"]))


def test_refused_action_says_why_and_changes_nothing():
    match = Match.start(RaceRules(), seed=1)
    match.play({"type": "roll", "value": 6})
    before = match.state
    with pytest.raises(IllegalAction, match="would pass the finish; you need 4 or less"):
        match.play({"type": "roll", "value": 5})
    assert match.state == before and len(match.log) == 1


def test_physical_die_values_are_used_and_app_rolls_are_logged():
    match = Match.start(RaceRules(), seed=5)
    match.play({"type": "roll", "value": 3})
    match.play({"type": "roll"})
    assert match.log[0] == {"type": "roll", "value": 3}
    assert match.log[1]["value"] in range(1, 7)


def test_same_seed_same_dice_and_undo_cannot_reroll():
    a, b = Match.start(RaceRules(), seed=42), Match.start(RaceRules(), seed=42)
    a.play({"type": "roll"})
    b.play({"type": "roll"})
    assert a.log == b.log
    first = a.log[-1]
    a.undo()
    a.play({"type": "roll"})
    assert a.log[-1] == first


def test_replay_and_save_rebuild_the_state_exactly():
    match = Match.start(RaceRules(), seed=9)
    while not match.rules.is_over(match.state):
        match.play({"type": "roll"})
    saved = json.loads(match.dumps())
    again = Match.replay(RaceRules(), saved["options"], saved["seed"], saved["log"])
    assert again.state == match.state and again.log == match.log


def test_replay_refuses_a_tampered_log_naming_the_entry():
    with pytest.raises(IllegalAction, match="entry 2 of the log: A die shows 1 to 6"):
        Match.replay(
            RaceRules(), {}, 1, [{"type": "roll", "value": 2}, {"type": "roll", "value": 9}]
        )


def test_step_dice_are_uniform_and_stable():
    faces = [StepRandom(3, i).randint(1, 6) for i in range(30000)]
    counts = [faces.count(f) for f in range(1, 7)]
    assert max(counts) - min(counts) < 400
    assert [StepRandom(3, 7).randint(1, 100) for _ in range(2)] == [
        StepRandom(3, 7).randint(1, 100)
    ] * 2
    assert StepRandom(1, 1).random() != StepRandom(1, 2).random()
