"""VA Card Game's fast paths agree with the plain ones they stand in for.

The bot path and the app's rules of thumb were made faster (benchmarks/README.md, "VA Card
Game's bot path"): an in-place `advance` with quiet handlers, a `sample_action` that lists only
where it must, a clone and `to_json` written out,
a yes-or-no `gear_fits` beside the worded `gear_refusal`, each card's HP + AD + DEF kept on the
data, and a duel solver that looks its next duels up before recursing. Each is held here to
what it replaced, on seeded games and on every hero and kit of the shipped cards, so a later
change to one side shows.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from functools import cache

import pytest

from companion.engine import SeatedRules
from companion.engine.records import as_json
from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game.opponent import (
    EPSILON,
    PATIENCE,
    Duels,
    Fighter,
    after_falls,
    printed,
    with_patience,
)
from companion.games.va_card_game.state import DUOS, LISTS, PAIRS, VaCardGameState, to_json
from companion.games.va_card_game.stats import fitting, gear_fits, gear_refusal, totals

RULES = VaCardGameRules()
DATA = RULES.data


def played(games: int = 12, most: int = 400) -> list[VaCardGameState]:
    """Every state of seeded random games (uniform draws), in order."""
    states = []
    for seed in range(games):
        rng = random.Random(seed)
        state = RULES.new_state({})
        for _ in range(most):
            states.append(state)
            action = RULES.sample_action(state, rng)
            if action is None:
                break
            state = RULES.apply_unchecked(state, action, rng).state
    return states


STATES = played()


def test_advance_in_place_is_apply_unchecked() -> None:
    """One state carried through whole games by `advance` alone (the quiet handlers, no clone)
    stays the state `apply_unchecked` reaches from the same dice, and is the very object."""
    for seed in range(20):
        rng = random.Random(seed)
        ours = RULES.new_state({})
        theirs = RULES.clone(ours)
        while not RULES.is_over(theirs):
            action = RULES.sample_action(theirs, rng)
            assert action is not None
            dice = rng.random()
            step = RULES.apply_unchecked(theirs, action, random.Random(dice))
            after, resolved = RULES.advance(ours, action, random.Random(dice))
            assert after is ours and resolved == step.action
            theirs = step.state
            assert to_json(ours) == to_json(theirs)


def test_sample_action_draws_as_the_listing_default() -> None:
    """The same action, and the random source left in the same place, as the protocol's
    default draw from the whole list."""
    for index, state in enumerate(STATES):
        ours, theirs = random.Random(index), random.Random(index)
        assert RULES.sample_action(state, ours) == SeatedRules.sample_action(RULES, state, theirs)
        assert ours.random() == theirs.random()


def test_clone_and_json_are_the_plain_ones() -> None:
    """The written-out clone copies every field (a new one included), and `to_json` is
    `records.as_json`, key order and all."""
    for state in STATES[::7]:
        copy = state.clone()
        assert copy == state and copy is not state
        plain = as_json(state, (*DUOS, *LISTS), PAIRS)
        assert list(to_json(state).items()) == list(plain.items())


def kits(most: int) -> list[tuple[str, ...]]:
    """Every set of up to `most` pieces of one design each (two copies play alike), in order."""
    firsts = sorted({g.split(".")[0]: g for g in sorted(DATA.gear, reverse=True)}.values())
    return [kit for n in range(most + 1) for kit in itertools.permutations(firsts, n)]


@pytest.mark.parametrize("hp_lost", [0, 3, 8])
def test_gear_fits_is_no_refusal(hp_lost: int) -> None:
    """`gear_fits` and `fitting` say yes exactly where `gear_refusal` has nothing to say."""
    pieces = sorted({g.split(".")[0]: g for g in DATA.gear}.values())
    for hero in sorted({h.split(".")[0]: h for h in DATA.heroes}.values()):
        for attached in kits(DATA.max_gear):
            fits = [gear_refusal(DATA, hero, attached, [g], hp_lost) is None for g in pieces]
            assert [gear_fits(DATA, hero, attached, [g], hp_lost) for g in pieces] == fits
            chosen = [g for g, ok in zip(pieces, fits, strict=True) if ok]
            assert fitting(DATA, hero, attached, pieces, hp_lost) == chosen
        for adding in kits(DATA.max_gear + 1):
            refused = gear_refusal(DATA, hero, (), adding, hp_lost) is not None
            assert gear_fits(DATA, hero, (), adding, hp_lost) is not refused


def test_printed_is_the_totals_added_up() -> None:
    for hero in DATA.heroes:
        for kit in kits(2):
            whole = totals(DATA, hero, kit)
            assert printed(DATA, hero, kit) == whole.hp + whole.ad + whole.df


def plain_duels() -> Callable[..., tuple[float, float]]:
    """The duel solver as it was first written: one recursive call per next duel."""

    @cache
    def cell(
        lives: tuple[int, int], a1: int, a2: int, h1: int, d1: int, h2: int, d2: int
    ) -> tuple[float, float]:
        n1, n2 = h1 - a2, h2 - a1
        if n1 <= 0 or n2 <= 0:
            aa = after_falls(lives, n1, n2)
        else:
            aa = cell(lives, a1, a2, n1, d1, n2, d2)[0]
        x = min(a1, d2)
        if n2 + x <= 0:
            ab = after_falls(lives, h1, n2 + x)
        else:
            ab = cell(lives, a1, a2, h1, d1, n2 + x, d2 - x)[0]
        y = min(a2, d1)
        if n1 + y <= 0:
            ba = after_falls(lives, n1 + y, h2)
        else:
            ba = cell(lives, a1, a2, n1 + y, d1 - y, h2, d2)[0]
        v = min(aa, ab)
        bb = PATIENCE * v
        if v >= min(ba, bb) and v >= min(max(aa, ba), max(ab, bb)) - EPSILON:
            return (v, 1.0)
        return with_patience(aa, ab, ba)

    return cell


def test_the_duel_solver_is_the_plain_recursion() -> None:
    """The same worth and chance of attacking, to the last bit, on random duels."""
    cell = plain_duels()
    duels, rng = Duels(), random.Random(4)
    for _ in range(400):
        lives = (rng.randint(1, 4), rng.randint(1, 4))
        me = Fighter(rng.randint(1, 14), rng.randint(1, 7), rng.randint(0, 6))
        them = Fighter(rng.randint(1, 14), rng.randint(1, 7), rng.randint(0, 6))
        expected = cell(lives, me.ad, them.ad, me.hp, me.df, them.hp, them.df)
        assert duels.solve(lives, me, them) == expected
