"""Seeded games played by app opponents, for the tests of any two-player card game's opponent:
a seat's own legal actions (what `opponent_move` hands an app opponent), a game played to its end
with every app choice checked to be one of them, and the decisions of a game between two apps."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from companion.engine import CHANCE, Match
from companion.engine.core import step_rng
from companion.engine.opponents import opponent_move
from companion.registry import entry

Policy = Any  # an app opponent, or None for a uniformly random player
MOST_ACTIONS = 2000


def assert_registered(gid: str, two: dict[str, Any], app_type: type) -> None:
    """The registry offers `gid` with the options of `two` (a game between two players, in
    order), no app for two players, a strong `app_type` in seat 2 against the app, and the app
    refuses a strength it does not have."""
    game = entry(gid)
    assert game is not None and game.setup and game.opponents
    assert [o.key for o in game.options] == list(two)
    assert game.setup(two) == two and game.opponents(two) == {}
    app = game.opponents(two | {"opponent": "app"})[1]
    assert isinstance(app, app_type) and app.strength == "strong" and app.seat == 1
    with pytest.raises(ValueError):
        app_type(1, "fierce")


@dataclass(frozen=True)
class Table:
    """A game's rules, and the types of its chance actions (played as the rules list them)."""

    rules: Any
    chance_types: tuple[str, ...]

    def mine(self, state: Any, seat: int) -> list[dict[str, Any]]:
        """The seat's own legal actions (what `opponent_move` hands an app opponent)."""
        return [a for a in self.rules.legal_actions_for(state, seat)
                if CHANCE not in self.rules.actors(state, a)]  # fmt: skip

    def turn(self, state: Any) -> tuple[int, list[dict[str, Any]]] | None:
        """The seat to choose (player 1 first when both may act) and its actions; None for a
        chance action."""
        if self.rules.legal_actions(state)[0]["type"] in self.chance_types:
            return None
        seat = next(p for p in (0, 1) if self.mine(state, p))
        return seat, self.mine(state, seat)

    def finish(self, state: Any, players: dict[int, Policy], seed: int,
               asked: Counter[str] | None = None, checked: bool = False) -> Any:  # fmt: skip
        """Play `state` to the end: chance draws, each seat's player picks from its own legal
        actions; every app choice must be one of them. `asked` counts the kinds of the apps'
        choices (and the choices offering to ignore something)."""
        rules, rng = self.rules, random.Random(seed)
        apply = rules.apply if checked else rules.apply_unchecked
        for n in range(MOST_ACTIONS):
            if rules.is_over(state):
                return state
            turn = self.turn(state)
            if turn is None:
                action = rules.legal_actions(state)[0]
            elif players.get(turn[0]) is None:
                action = rng.choice(turn[1])
            else:
                seat, options = turn
                action = players[seat].choose(rules.view(state, seat), options, step_rng(seed, n))
                assert action in options, f"{action} is not one of {options}"
                if asked is not None and len(options) > 1:
                    asked[action["type"]] += 1
                    asked["ignore"] += any(a.get("ignore") for a in options)
            state = apply(state, action, rng).state
        raise AssertionError(f"no end in {MOST_ACTIONS} actions")

    def finish_every_phase(self, found: dict[str, list[Any]], kinds: set[str], app_type: type,
                           ended: Callable[[Any], bool]) -> Counter[str]:  # fmt: skip
        """From the states `found` for each kind (all of `kinds` among them), a strong and an
        easy `app_type` play to an end that is `ended`, every choice legal and checked by the
        rules; the kinds of the apps' choices, counted."""
        assert kinds <= set(found), f"never reached: {kinds - set(found)}"
        asked: Counter[str] = Counter()
        for kind, states in sorted(found.items()):
            for k, state in enumerate(states):
                strong, easy = (0, 1) if k % 2 else (1, 0)
                players = {strong: app_type(strong), easy: app_type(easy, "easy")}
                end = self.finish(state, players, k, asked, checked=True)
                assert ended(end), kind
        return asked

    def decisions(self, state: Any, apps: dict[int, Any], seed: int) -> list[tuple[Any, int]]:
        """Every state of a seeded game from `state` (`apps` in both seats) where a seat had a
        choice."""
        rules, rng = self.rules, random.Random(seed)
        found = []
        for n in range(MOST_ACTIONS):
            if rules.is_over(state):
                break
            turn = self.turn(state)
            if turn is None:
                state = rules.apply(state, rules.legal_actions(state)[0], rng).state
                continue
            seat, options = turn
            if len(options) > 1:
                found.append((state, seat))
            action = apps[seat].choose(rules.view(state, seat), options, step_rng(seed, n))
            assert action in options
            state = rules.apply(state, action, rng).state
        return found

    def through_the_page(self, options: dict[str, Any], app: Any, seed: int) -> Match:
        """A whole game as the page drives it: `opponent_move` hands the app (seat 2) its view
        and actions, a random player takes seat 1; the game replays from its log."""
        rules = self.rules
        match = Match.start(rules, options, seed=seed)
        rng = random.Random(seed)
        while not match.outcome().over:
            action = opponent_move(match, 1, app, step_rng(seed, len(match.log)))
            if action is None:
                humans = [a for a in match.legal_actions(0)
                          if CHANCE not in rules.actors(match.state, a)]  # fmt: skip
                match.play(rng.choice(humans or match.legal_actions(CHANCE)))
            else:
                match.play(action, 1)
        again = Match.replay(rules, match.options, match.seed, match.log)
        assert rules.to_json(again.state) == rules.to_json(match.state)
        return match

    def check_blind(self, seeds: int, decisions: Any, make_app: Any, hidden: Any) -> Counter[str]:
        """Over the decisions of games 0 to `seeds` - 1 (`decisions(seed)`: (state, seat) pairs):
        the same app, and a fresh one, choose the same for the same view, actions and random
        source; a state resampled from the seat's view (the other's hidden cards redrawn) has
        the same view and gets the same choice. The choices counted by type, and "redrawn"
        where `hidden(state, other)` changed."""
        rules, apps = self.rules, {0: make_app(0), 1: make_app(1)}
        checked: Counter[str] = Counter()
        for seed in range(seeds):
            for k, (state, seat) in enumerate(decisions(seed)):
                options, view = self.mine(state, seat), rules.view(state, seat)
                first = apps[seat].choose(view, options, step_rng(seed, k))
                assert first in options
                assert apps[seat].choose(view, options, step_rng(seed, k)) == first
                assert make_app(seat).choose(view, options, step_rng(seed, k)) == first
                other = rules.resample(state, seat, random.Random(k))
                assert rules.view(other, seat) == view
                checked["redrawn"] += hidden(other, 1 - seat) != hidden(state, 1 - seat)
                again = apps[seat].choose(rules.view(other, seat), self.mine(other, seat),
                                         step_rng(seed, k))  # fmt: skip
                assert again == first
                checked[first["type"]] += 1
        return checked
