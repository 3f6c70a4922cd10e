"""A bot's fast path agrees with the checked one: `sample_action`, `apply_unchecked`, `advance`.

Bots (and benchmarks/bench_*.py) draw their actions with `sample_action` and apply them with
`apply_unchecked`, which skips `check`. That is only safe while every sampled action is one
`legal_actions` lists and `check` accepts, and while the unchecked step is the checked one. Each
game's random play below (seeded, mixing uniform draws with the benchmarks' progress-seeking
policy so late states come up too) checks both after every action. Speed itself is measured by
the benchmarks, never here: machines are shared and noisy.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from companion.engine import SeatedRules
from companion.games.luturas import LuturasRules, sampling
from companion.games.moonlighter import MoonlighterRules
from companion.games.moonlighter.state import WALKABLE, free_sides, has_free_side
from companion.games.vita_luna import VitaLunaRules

from .moonlighter_situations import fight

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
VITA_LUNA_OPTIONS = [
    {"mode": mode, "extended": extended}
    for mode in ("basic", "advanced")
    for extended in (False, True)
]
LUTURAS_OPTIONS = [{"mode": "standard"}, {"mode": "fast"}, {"mode": "fast", "cards": "table"}]
GAMES: dict[str, tuple[Any, list[dict[str, Any]], str | None]] = {
    "moonlighter": (MoonlighterRules, [{}, {"forgiving": True}], "bench_moonlighter"),
    "vita_luna": (VitaLunaRules, VITA_LUNA_OPTIONS, "bench_vita_luna"),
    "luturas": (LuturasRules, LUTURAS_OPTIONS, None),  # no policy: uniform draws only
}
WITH_POLICY = [game for game, (_, _, bench) in GAMES.items() if bench]
GAMES_PER_OPTION = 6
MOST_ACTIONS = 400


def benchmark(name: str) -> ModuleType:
    """A benchmark script as a module (benchmarks/ is a folder of scripts, not a package)."""
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while the class is built
        spec.loader.exec_module(module)
    return sys.modules[name]


def canonical(action: dict[str, Any]) -> str:
    return json.dumps(action, sort_keys=True)


def states(game: str) -> Iterator[tuple[Any, Any, random.Random]]:
    """(rules, state, rng) after every action of seeded games, each option set in turn; the play
    alternates between `sample_action` and the benchmark's progress-seeking `choose_bot` (for a
    game whose benchmark has one)."""
    make, options, bench = GAMES[game]
    rules = make()
    policy = (
        benchmark(bench).choose_bot
        if bench
        else lambda rules, state, rng: rules.sample_action(state, rng)
    )
    for number, chosen in enumerate(options * GAMES_PER_OPTION):
        rng = random.Random(number)
        state = rules.new_state(chosen)
        for _ in range(MOST_ACTIONS):
            yield rules, state, rng
            if not rules.legal_actions(state):
                break
            action = policy(rules, state, rng) if number % 2 else rules.sample_action(state, rng)
            state = rules.apply_unchecked(state, action, rng).state


@pytest.mark.parametrize("game", GAMES)
def test_sampled_actions_are_listed_and_accepted(game):
    for rules, state, rng in states(game):
        legal = rules.legal_actions(state)
        listed = {canonical(a) for a in legal}
        for _ in range(3):
            action = rules.sample_action(state, rng)
            if not legal:
                assert action is None, "a sampler drew an action where none is legal"
                break
            assert canonical(action) in listed, f"sampled but not listed: {action}"
            assert rules.check(state, action) is None, f"sampled but refused: {action}"


@pytest.mark.parametrize("game", GAMES)
def test_every_listed_action_can_be_sampled(game):
    """Uniform draws reach every listed action, at about its share (small lists, many draws)."""
    seen = 0
    for index, (rules, state, _) in enumerate(states(game)):
        legal = rules.legal_actions(state)
        if index % 61 or not 1 < len(legal) <= 24:
            continue
        draws = 400 * len(legal)
        rng = random.Random(index)
        counts = Counter(canonical(rules.sample_action(state, rng)) for _ in range(draws))
        assert set(counts) == {canonical(a) for a in legal}
        assert min(counts.values()) > 400 * 0.7 and max(counts.values()) < 400 * 1.3, counts
        seen += 1
    assert seen >= 10


@pytest.mark.parametrize("game", GAMES)
def test_apply_unchecked_is_apply(game):
    """Same state, resolved action and events from the same dice; the input is never changed."""
    for rules, state, rng in states(game):
        action = rules.sample_action(state, rng)
        if action is None:
            continue
        before = rules.to_json(state)
        seed = rng.random()
        checked = rules.apply(state, action, random.Random(seed))
        unchecked = rules.apply_unchecked(state, action, random.Random(seed))
        assert rules.to_json(unchecked.state) == rules.to_json(checked.state)
        assert unchecked.action == checked.action
        assert unchecked.events == checked.events
        assert rules.to_json(state) == before, "apply_unchecked changed the state it was given"


@pytest.mark.parametrize("game", GAMES)
def test_advance_is_apply_unchecked(game):
    """A bot's in-place step reaches the same state and resolved action from the same dice
    (each game's own in-place `advance`, or `SeatedRules`' default where it has none)."""
    for rules, state, rng in states(game):
        action = rules.sample_action(state, rng)
        if action is None:
            continue
        seed = rng.random()
        step = rules.apply_unchecked(state, action, random.Random(seed))
        mine = rules.clone(state)  # states() goes on from `state`: advance a copy of it
        after, resolved = rules.advance(mine, action, random.Random(seed))
        assert rules.to_json(after) == rules.to_json(step.state)
        assert resolved == step.action


@pytest.mark.parametrize("options", [{"forgiving": True}, {}], ids=["forgiving", "strict"])
def test_moonlighter_advance_plays_whole_games_in_place(options):
    """One state carried through a whole game by `advance` alone (as the benchmark's bot does)
    stays the state `apply_unchecked` reaches from the same dice, after every action: through
    fights, chests, falls, beaten bosses and, forgiving, the won game. `advance` hands back the
    very object it was given."""
    rules, bench = MoonlighterRules(), benchmark("bench_moonlighter")
    rng = random.Random(7)
    ours = rules.new_state(options)
    theirs = rules.clone(ours)
    phases: Counter[str] = Counter()
    for number in range(6000 if options else 2500):
        if not rules.legal_actions(theirs):
            break
        if number % 5:  # mostly the progress-seeking policy, which wins forgiving games
            action = bench.choose_bot(rules, theirs, rng)
        else:
            action = rules.sample_action(theirs, rng)
        seed = rng.random()
        step = rules.apply_unchecked(theirs, action, random.Random(seed))
        after, resolved = rules.advance(ours, action, random.Random(seed))
        assert after is ours, "advance made a new state instead of changing its own"
        assert resolved == step.action
        theirs = step.state
        assert rules.to_json(ours) == rules.to_json(theirs), (number, action)
        phases[str(ours.phase)] += 1
    wanted = {"fight", "loot", "choose", "fallen", "cleared"} | ({"won"} if options else set())
    assert wanted <= set(phases), phases


def test_luturas_main_phase_listing_is_what_check_accepts():
    """`sampling.main_actions`, how `legal_actions` lists the main phase, gives what trying every
    candidate on `check` gives (the same actions in the same order) in every main-phase state of
    the seeded games: its conditions stand in for `check`'s refusals, so a missed ruling shows
    here."""
    compared = 0
    for rules, state, _ in states("luturas"):
        if state.phase == "main" and not state.pending:
            before = rules.to_json(state)  # listing tries effects on copies sharing the sides
            listed = sampling.main_actions(rules.data, state)
            assert listed == rules.checked_main_actions(state) == rules.legal_actions(state)
            assert rules.to_json(state) == before, "listing the actions changed the state"
            compared += 1
    assert compared >= 1000


@pytest.mark.parametrize("options", LUTURAS_OPTIONS, ids=["standard", "fast", "table"])
def test_luturas_advance_plays_whole_games_in_place(options):
    """One state carried through whole matches by `advance` alone (as search playouts do)
    stays the state `apply_unchecked` reaches from the same dice, after every action, through
    attacks and answers, effects' pending choices, rounds and the match's end. `advance` hands
    back the very object it was given."""
    rules = LuturasRules()
    rng = random.Random(11)
    phases: Counter[str] = Counter()
    for _ in range(3):
        ours = rules.new_state(options)
        theirs = rules.clone(ours)
        while not rules.is_over(theirs):
            action = rules.sample_action(theirs, rng)
            assert action is not None
            seed = rng.random()
            step = rules.apply_unchecked(theirs, action, random.Random(seed))
            after, resolved = rules.advance(ours, action, random.Random(seed))
            assert after is ours, "advance made a new state instead of changing its own"
            assert resolved == step.action
            theirs = step.state
            assert rules.to_json(ours) == rules.to_json(theirs), action
            phases["pending" if ours.pending else str(ours.phase)] += 1
    assert {"main", "respond", "pending", "choose", "over"} <= set(phases), phases


def test_moonlighter_shortcuts_agree_with_the_board():
    """`has_free_side` is `free_sides` without the list; the walkable rooms (the order moves are
    listed in) stay in board order however a beaten room joins them."""
    for _, state, _ in states("moonlighter"):
        assert has_free_side(state, state.at) == bool(free_sides(state, state.at))
        assert state.paths == in_board_order(state)


def test_a_beaten_room_joins_the_walkable_rooms_in_board_order():
    """In play the room won is the last one laid; a made-up board may have rooms after it."""
    rules = MoonlighterRules()
    state = fight(foes=(1,), extra=[(0, 1, "white", "white", "")], rules=rules)
    after = rules.apply(state, {"type": "roll_attack", "value": 2}, random.Random(0)).state
    assert after.rooms[(1, 0)].face == "green"
    assert after.paths == in_board_order(after) == ((0, 0), (1, 0), (0, 1))


def in_board_order(state: Any) -> tuple[tuple[int, int], ...]:
    return tuple(c for c, room in state.rooms.items() if room.face in WALKABLE)


@pytest.mark.parametrize("game", WITH_POLICY)
def test_benchmark_bot_policy_is_choose_drawn_another_way(game):
    """The benchmark's bot path keeps its policy's biases: in a spread of states, `choose_bot`
    picks each action about as often as `choose` (over `legal_actions`) does, and only legal
    ones. Seeded, so the comparison is the same on every run."""
    bench = benchmark(GAMES[game][2])
    draws, compared = 2000, 0
    kinds: tuple[Counter[str], Counter[str]] = (Counter(), Counter())  # by type, over all states
    for index, (rules, state, _) in enumerate(states(game)):
        legal = rules.legal_actions(state)
        if index % 47 or len(legal) < 2:
            continue
        listed = {canonical(a) for a in legal}
        rng = random.Random(index)
        ours = [bench.choose_bot(rules, state, rng) for _ in range(draws)]
        theirs = [bench.choose(rules, state, rng) for _ in range(draws)]
        for picked, by_kind in zip((ours, theirs), kinds, strict=True):
            by_kind.update(f"{state.phase}: {a['type']}" for a in picked)
        mine, other = Counter(map(canonical, ours)), Counter(map(canonical, theirs))
        assert set(mine) <= listed, f"choose_bot picked an unlisted action: {set(mine) - listed}"
        for action in listed:
            assert_alike(mine[action], other[action], draws, (state, action))
        compared += 1
    assert compared >= 20
    total = sum(kinds[0].values())
    for kind in kinds[0] | kinds[1]:  # pooled, a shift of a percent or two shows
        assert_alike(kinds[0][kind], kinds[1][kind], total, kind)


def assert_alike(ours: int, theirs: int, draws: int, what: Any) -> None:
    """Two counts out of `draws` each, within five standard deviations of their difference."""
    p = (ours + theirs) / (2 * draws)
    spread = 5 * (2 * p * (1 - p) / draws) ** 0.5 + 2 / draws
    assert abs(ours - theirs) / draws <= spread, (what, ours, theirs, draws)


def test_the_default_sampler_draws_from_legal_actions():
    class Pick(SeatedRules):
        def legal_actions(self, state: Any) -> list[dict[str, Any]]:
            return [{"type": "pick", "n": n} for n in range(state)]

    rules, rng = Pick(), random.Random(1)
    assert rules.sample_action(0, rng) is None
    drawn = {rules.sample_action(3, rng)["n"] for _ in range(200)}  # type: ignore[index]
    assert drawn == {0, 1, 2}
