"""Luturas's answers to attacks under random play: whatever an answer does (negate, hit or
return the attacker, save the Soldier), the state it leaves is one the rules can go on from.

Seeded random matches, in both modes, between two players and against the app (easy, as the
page lets it play: `opponent_move` on its seat's view). After every action: `legal_actions`
runs, every action it lists is accepted by `check`, and an attack waiting for answers still has
its attacker on the Battlefield (ruling attacker-leaves). Two random players: one uniform but
for answering attacks most of the time, and one that builds (upgrades first, sets Last Stand,
attacks Soldiers with Ultimas), so that late-game positions with big Luturas come up.

The builder found the reported crash (seed 7, fast mode, two players, entry 652 of the log):
Player 2's Arcwisp Gear Ultima attacked Player 1's Soldier past its Luturas; Player 1's Tidepup
Gear Ultima answered by returning it to the hand; the attack stayed waiting, and Last Stand,
face down, asked for the Combat of an attacker no longer there. `ultimas` lays that position.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from companion.engine import Match
from companion.engine.opponents import opponent_move
from companion.games.luturas.scenarios import ANA, BEN, act, lay, started, turn_of
from companion.games.luturas.state import MAIN, RESPOND, SOLDIER, LuturasState
from companion.registry import entry

GAME = entry("luturas")
assert GAME is not None and GAME.rules is not None and GAME.setup and GAME.opponents
RULES: Any = GAME.rules()
DATA = RULES.data
MOST = 600  # actions per match at most
ANSWER = 0.8  # how often the random player answers an attack when it can
SEEDS = range(6)
BUILT_SEEDS = range(8)  # seed 7 in fast mode is the reported crash's
BUILT_MOST = 3000
LEANING = {"upgrade": 100.0, "crystal": 20.0, "deploy": 5.0, "tool": 5.0, "assign": 5.0,
           "set": 5.0, "end": 2.0}  # fmt: skip
CONFIGS = [(mode, players) for mode in ("standard", "fast") for players in ("two", "app")]


def consistent(state: LuturasState) -> None:
    """Everything listed is legal, and an attack waiting for answers has its attacker."""
    legal = RULES.legal_actions(state)
    assert legal or RULES.is_over(state), f"no legal action in phase {state.phase}"
    for action in legal:
        assert RULES.check(state, action) is None, (action, RULES.check(state, action))
    a = state.attack
    if state.phase == RESPOND:
        assert a is not None and state.sides[a.player].spaces[a.space] is not None, a


def random_move(state: LuturasState, rng: random.Random) -> dict[str, Any]:
    """A random legal action; while an attack waits, an answer rather than a pass mostly."""
    legal = RULES.legal_actions(state)
    answers = [a for a in legal if a["type"] != "pass"]
    if state.phase == RESPOND and answers and rng.random() < ANSWER:
        legal = answers
    return rng.choice(legal)


def leaning(state: LuturasState, action: dict[str, Any]) -> float:
    """The builder's weight for `action`: upgrades and Crystals first, Last Stand set, Soldiers
    attacked by Ultimas (few other attacks, so rounds last), attacks answered."""
    kind = action["type"]
    if state.phase == RESPOND:
        return 1.0 if kind == "pass" else 8.0
    if kind == "attack":
        lutura = state.sides[action["player"]].spaces[action["space"]]
        big = lutura is not None and DATA.of(lutura.top).gear == "ultima"
        return (60.0 if big else 0.3) if action["target"] == SOLDIER else 0.5
    if kind == "set" and DATA.of(action["card"]).id == "last_stand":
        return 50.0
    return LEANING.get(kind, 0.5)


def building_move(state: LuturasState, rng: random.Random) -> dict[str, Any]:
    legal = RULES.legal_actions(state)
    return rng.choices(legal, [leaning(state, a) for a in legal])[0]


Move = Callable[[LuturasState, random.Random], dict[str, Any]]


def play(seed: int, mode: str, players: str, move: Move = random_move, most: int = MOST) -> int:
    """One seeded match, checked after every action; how many answers were given."""
    options = GAME.setup({"mode": mode, "cards": "app", "opponent": players, "strength": "easy"})
    app = GAME.opponents(options)
    match = Match.start(RULES, options, seed=seed)
    rng = random.Random(seed)
    answers = 0
    while not match.outcome().over and len(match.log) < most:
        action = opponent_move(match, 1, app[1], match.app_rng()) if app else None
        if action is None:
            action = move(match.state, rng)
        answers += match.state.phase == RESPOND and action["type"] != "pass"
        match.play(action)
        consistent(match.state)
    return answers


@pytest.mark.parametrize(("mode", "players"), CONFIGS)
def test_random_matches_with_answers_stay_playable(mode: str, players: str) -> None:
    assert sum(play(seed, mode, players) for seed in SEEDS) > 0


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["standard", "fast"])
def test_built_up_matches_with_answers_stay_playable(mode: str) -> None:
    """The builder's long matches, the crash's seed among them."""
    answers = sum(play(seed, mode, "two", building_move, BUILT_MOST) for seed in BUILT_SEEDS)
    assert answers > 0


def ultimas() -> LuturasState:
    """Ana's Arcwisp Ultima may attack Ben's Soldier past his Tidepup Ultima; Ben has Last
    Stand face down."""
    filler = ["crystal_plasmatic"] * 30
    arcwisp = ["warden_osk", "arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima", *filler]
    tidepup = ["ranger_kade", "tidepup_g1", "tidepup_g2", "tidepup_g3", "tidepup_ultima",
               "last_stand", *filler[1:]]  # fmt: skip
    state = turn_of(RULES, started(RULES, decks=[arcwisp, tidepup]), ANA)
    lay(state, ANA, luturas=[["arcwisp_g1", "arcwisp_g2", "arcwisp_g3", "arcwisp_ultima"]])
    lay(state, BEN, luturas=[["tidepup_g1", "tidepup_g2", "tidepup_g3", "tidepup_ultima"]],
        facedown="last_stand")  # fmt: skip
    return state


def test_returning_the_attacker_of_a_soldier_ends_the_attack() -> None:
    """attacker-leaves: the reported crash. Tidepup Ultima sends the attacking Arcwisp Ultima
    back to Ana's hand; the attack ends and Ana's turn goes on, Last Stand still face down."""
    state = act(RULES, ultimas(), {"type": "attack", "player": ANA, "space": 0,
                                   "target": SOLDIER}).state  # fmt: skip
    assert state.phase == RESPOND
    answer = {"type": "effect", "player": BEN, "space": 0, "choices0": ["lutura:0:0"]}
    assert answer in RULES.legal_actions(state)
    step = act(RULES, state, answer)
    after = step.state
    assert (after.phase, after.active, after.attack) == (MAIN, ANA, None)
    assert after.sides[ANA].spaces[0] is None and "arcwisp_ultima.1" in after.sides[ANA].hand
    assert after.sides[BEN].stamina == state.sides[BEN].stamina  # no damage dealt
    assert after.sides[BEN].facedown == "last_stand.1"
    assert any("attack ends" in e for e in step.events)
    consistent(after)
    assert {"type": "pass", "player": BEN} not in RULES.legal_actions(after)
