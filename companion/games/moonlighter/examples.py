"""Moonlighter's rulebook examples, played by the engine on the card data (see
`companion.engine.examples`): each fight is rolled with the dice the rulebook names, on a board
built like a saved game, and each beat is a claim of the story (who is hit, which enemy falls,
where the pool stands) that a change to the dungeon, counter or pawn sheets could make false.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from companion.engine.examples import Worked, play_all
from companion.games.moonlighter.data import MoonlighterData, data_from_game
from companion.games.moonlighter.rules import MoonlighterRules
from companion.games.moonlighter.state import MoonlighterState

if TYPE_CHECKING:
    from cardgen.data.game import Game

START = [0, 0, "white", "white", ""]


def position(rules: MoonlighterRules, **fields: Any) -> MoonlighterState:
    """Dungeon 1 as a fresh game has it, with these fields replaced (as a saved game loads)."""
    data = rules.to_json(rules.new_state({}))
    data.update(fields)
    return rules.from_json(data)


class Run:
    """Plays typed dice on a position and keeps the engine's log."""

    def __init__(self, rules: MoonlighterRules, state: MoonlighterState, ex: Worked) -> None:
        self.rules, self.state, self.ex = rules, state, ex

    def __call__(self, kind: str, **action: Any) -> MoonlighterState:
        step = self.rules.apply(self.state, {"type": kind, **action}, random.Random(0))
        self.ex.events += step.events
        self.state = step.state
        return step.state


def from_game(game: Game) -> dict[str, Worked]:
    """The examples on a loaded game folder (the rulebook build and `cardgen validate`)."""
    return worked_examples(data_from_game(game))


def worked_examples(data: MoonlighterData | None = None) -> dict[str, Worked]:
    return play_all(MoonlighterRules(data), STORIES)


def orange_fight(rules: MoonlighterRules) -> Worked:
    """Tile 4, then attack dice 4, 5, 1, 6, 2, 3 as the white pawn; then the green and blue
    pawns' versions of the same rolls."""
    ex = Worked("orange_fight", "a fight in an orange room")
    d1 = rules.data.dungeon(1)
    most = d1.max_hearts
    run = Run(rules, position(rules), ex)
    run("roll_tile", value=4)
    ex.beat("a 4 on the tile die is an orange room", run.state.phase == "place")
    state = run("place_tile", x=1, y=0)
    enemy = state.foes[0]
    ex.facts = {"enemy": enemy}
    ex.beat(f"two enemies with {enemy} hearts each stand in the room", len(state.foes) == 2)
    state = run("roll_attack", value=4)
    ex.beat("a 4 hits the first enemy for 1", state.foes[0] == enemy - 1 and state.hearts == most)
    state = run("roll_attack", value=5)
    ex.beat("a 5 costs one heart, though two enemies stand", state.hearts == most - 1)
    state = run("roll_attack", value=1)
    ex.beat("a 1 hits nobody", state.hearts == most - 1 and state.foes[0] == enemy - 1)
    state = run("roll_attack", value=6)
    ex.beat("a 6 fells the first enemy and costs a heart",
            state.foes[0] == 0 and state.hearts == most - 2)  # fmt: skip
    state = run("roll_attack", value=2)
    ex.beat("a 2 hits the second enemy for 1", state.foes == (0, enemy - 1))
    state = run("roll_attack", value=3)
    cleared = state.rooms[(1, 0)].face == "green"
    ex.beat("a 3 fells the second enemy and the room turns green", not any(state.foes) and cleared)
    green = Run(rules, position(rules), Worked("", ""))
    green("roll_tile", value=4)
    green("place_tile", x=1, y=0)
    green.state = rules.from_json(rules.to_json(green.state) | {"pawn": "green"})
    for value in (4, 5, 1, 6):
        green("roll_attack", value=value)
    ex.beat("as the green pawn the 6 fells the second enemy too", not any(green.state.foes))
    blue = Run(rules, position(rules), Worked("", ""))
    blue("roll_tile", value=4)
    blue("place_tile", x=1, y=0)
    blue.state = rules.from_json(rules.to_json(blue.state) | {"pawn": "blue"})
    blue("roll_attack", value=4)
    ex.beat(
        "as the blue pawn the 4 takes both of the first enemy's hearts", blue.state.foes[0] == 0
    )
    blue("roll_attack", value=5)
    double = rules.data.doubled_blow
    ex.beat(f"as the blue pawn the 5 costs {double} hearts", blue.state.hearts == most - double)
    return ex


def boss_fight(rules: MoonlighterRules) -> Worked:
    """Enough green rooms, the red pawn on one heart less than full: tile 0, then 3, 1, 5, 6, 2."""
    ex = Worked("boss_fight", "a fight in the boss room")
    d1 = rules.data.dungeon(1)
    most, greens = d1.max_hearts, d1.greens_for_boss
    rooms = [START] + [[x, 0, "orange", "green", ""] for x in range(1, greens + 1)]
    state = position(rules, rooms=rooms, at=[greens, 0], pawn="red", hearts=most - 1)
    run = Run(rules, state, ex)
    face = rules.data.boss_face
    run("roll_tile", value=face)
    state = run("place_tile", x=greens + 1, y=0)
    boss, double = d1.boss_hearts, rules.data.doubled_blow
    ex.beat(f"a {face} opens the boss room after {greens} green rooms", state.foes == (boss,))
    state = run("roll_attack", value=3)
    ex.beat(f"the red pawn's hit takes {double} from the boss", state.foes == (boss - double,))
    state = run("roll_attack", value=1)
    ex.beat("a 1 in the boss room is the boss's hit", state.hearts == most - 2)
    state = run("roll_attack", value=5)
    ex.beat("a 5 is the boss's hit", state.hearts == most - 3)
    state = run("roll_attack", value=6)
    ex.beat("a 6 lands both blows", state.foes == (boss - 2 * double,) and state.hearts == most - 4)
    ex.beat("one heart is left before the last roll, so a 5 or a 1 would fell you",
            state.hearts == 1)  # fmt: skip
    before = state
    state = run("roll_attack", value=2)
    ex.beat(
        f"the last hit for {double} fells the boss",
        not any(state.foes) and state.phase != before.phase,
    )
    orange = position(rules, rooms=rooms, at=[greens, 0], pawn="orange", hearts=most - 1)
    other = Run(rules, orange, Worked("", ""))
    other("roll_tile", value=face)
    other("place_tile", x=greens + 1, y=0)
    other("roll_attack", value=1)
    ex.beat("as the orange pawn a 1 in the boss room is your hit",
            other.state.foes == (boss - 1,) and other.state.hearts == most - 1)  # fmt: skip
    return ex


def healing_pool(rules: MoonlighterRules) -> Worked:
    """Down to 2 hearts, walk through two green rooms to the blue room; then with a pool of 2."""
    ex = Worked("healing_pool", "the healing pool")
    d1 = rules.data.dungeon(1)
    rooms = [START, [1, 0, "orange", "green", ""], [2, 0, "orange", "green", ""],
             [3, 0, "blue", "blue", ""]]  # fmt: skip
    state = Run(rules, position(rules, rooms=rooms, hearts=2), ex)("move", x=3, y=0)
    ex.beat("the blue room heals you to full", state.hearts == d1.max_hearts)
    ex.beat("the pool gives what you lacked", state.pool == d1.pool - (d1.max_hearts - 2))
    dry = Run(rules, position(rules, rooms=rooms, hearts=2, pool=2), Worked("", ""))(
        "move", x=3, y=0
    )
    ex.beat("a pool of 2 heals just 2 and runs dry", dry.hearts == 4 and dry.pool == 0)
    return ex


STORIES: dict[str, Callable[[MoonlighterRules], Worked]] = {
    "orange_fight": orange_fight,
    "boss_fight": boss_fight,
    "healing_pool": healing_pool,
}
