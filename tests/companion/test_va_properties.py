"""VA Card Game under seeded random play: the conformance checks on every state, the invariants
(HP and DEF never above the totals, at most three pieces on a hero, every hero in play with HP
and AD above 0, every card on its owner's side in exactly one place, life never rising), games
that end, replay and the JSON round trip; and the rule constants agree with the rulebook."""

from __future__ import annotations

import json
import random
from collections import Counter

from companion.engine import Match
from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game.state import OVER, cards_of
from companion.games.va_card_game.stats import left, totals

from .rule_number_copies import assert_played_as_the_sheet_says
from .test_conformance import check_end, check_state, play_out

RULES = VaCardGameRules()
MAX_GEAR = RULES.data.max_gear
GAMES = 60
MOST_ACTIONS = 2_000  # random games take 50 to 200 actions


def assert_invariants(state, life_before):
    data = RULES.data
    for p in (0, 1):
        owned = Counter(data.hero_decks[p]) + Counter(data.gear_decks[p])
        assert Counter(cards_of(state, p)) == owned
        assert len(state.gear[p]) <= MAX_GEAR
        assert 0 <= state.life[p] <= life_before[p]
        assert state.hp_lost[p] >= 0 and state.def_lost[p] >= 0
        hero = state.heroes[p]
        if hero and state.phase != OVER:
            whole, now = totals(data, hero, state.gear[p]), left(data, state, p)
            assert 0 < now.hp <= whole.hp and 0 <= now.df <= whole.df
            assert now.ad >= 1
        if not hero:
            assert state.hp_lost[p] == state.def_lost[p] == 0


def test_random_games_keep_the_protocol_and_the_invariants():
    """Long random games: every state passes the conformance checks and the invariants; every
    game ends with an outcome, replays from its log and survives a JSON round trip; between
    them the games visit every phase, every resolution, a hero's fall and both ends."""
    seen: set[str] = set()
    for seed in range(GAMES):
        match = Match.start(RULES, {"names": ["Ana", "Ben"]}, seed=seed)
        rng = random.Random(seed)
        life = (RULES.data.life, RULES.data.life)
        for _ in range(MOST_ACTIONS):
            state = match.state
            legal = check_state(RULES, state, rng, deep=len(match.log) % 3 == 0)
            assert_invariants(state, life)
            life = state.life
            if not legal:
                break
            seen.add(state.phase)
            step = match.play(rng.choice(legal))
            words = " ".join(step.events)
            seen |= {k for k in ("strike at the same time", "to the blocking", "Both heroes block",
                                 "falls", "draws nothing", "draw", "wins", "a draw") if k in words}  # fmt: skip
        assert match.outcome().over, f"seed {seed}: no end in {MOST_ACTIONS} actions"
        assert RULES.legal_actions(match.state) == []
        check_end(match, random.Random(seed))
        again = Match.replay(RULES, match.options, seed, json.loads(json.dumps(match.log)))
        assert RULES.to_json(again.state) == RULES.to_json(match.state)
    assert {"toss", "deal", "prepare", "declare", "draw", "equip"} <= seen
    assert {"strike at the same time", "to the blocking", "Both heroes block", "falls"} <= seen


def test_the_conformance_suite_passes_before_registration():
    """The suite's own playouts (tests/companion/test_conformance.py) on an entry made the way
    the registry will make it, so registering the game later adds no surprise."""
    from companion.registry import GameEntry

    entry = GameEntry("va_card_game", "VA Card Game", "2 players", "", VaCardGameRules)
    for seed in range(40):
        match = play_out(entry, {}, seed, None)
        check_end(match, random.Random(seed))


def test_rule_numbers_are_the_sheets_and_the_rulebook_writes_none():
    """The engine plays with rule_numbers.csv's numbers, and the rule templates set none of
    their own: each reads `numbers.<id>` from the same sheet."""
    data = RULES.data
    played = {"life": data.life, "opening": data.opening, "max_gear": data.max_gear}
    assert_played_as_the_sheet_says("va_card_game", played)
