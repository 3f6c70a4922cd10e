"""Vita Luna under random legal play: invariants after every action, replay equality, and
`legal_actions` listing exactly the actions `check` accepts."""

from __future__ import annotations

import itertools
import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.engine import Match
from companion.games.vita_luna import VitaLunaState
from companion.games.vita_luna.checks import REQUIRED

from .engine_checks import play_checked
from .test_vita_luna_situations import DATA, RULES, assert_invariants

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
OPTIONS = st.fixed_dictionaries(
    {"mode": st.sampled_from(["basic", "advanced"]), "extended": st.booleans()}
)


def pick(state: VitaLunaState, legal: list[dict], rng: random.Random, wander: float) -> dict:
    """Mostly progress (place, attack, start the next battle); sometimes anything at all."""
    if rng.random() < wander:
        return rng.choice(legal)
    kinds = {"place", "attack", "next_battle", "reward", "turn_up", "deal_rest", "deal", "bid"}
    forward = [a for a in legal if a["type"] in kinds]
    return rng.choice(forward or legal)


@SETTINGS
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS, wander=st.sampled_from([0.1, 0.5, 1.0]))
def test_random_play_keeps_every_invariant_and_replays(seed, options, wander):
    """battle_size, ownership_changes, fresh_battle: health, hearts, markers, cards all stay sound."""
    match = Match.start(RULES, options, seed=seed)
    rng = random.Random(seed)
    play_checked(match, 400, lambda state, legal: pick(state, legal, rng, wander),
                 lambda state, _: assert_invariants(state))  # fmt: skip
    loaded = RULES.from_json(json.loads(json.dumps(RULES.to_json(match.state))))
    assert loaded == match.state


def candidates(state: VitaLunaState) -> list[dict]:
    """Many well-formed actions, legal or not, for comparing check with legal_actions."""
    board = [c for c in state.board if c]
    owned = [c for side in state.owned for c in side]
    cards = sorted(set(board + owned))[:14]
    out: list[dict] = [
        {"type": t} for t in ("deal", "turn_up", "deal_rest", "reward", "next_battle")
    ]
    for p in (0, 1):
        out += [{"type": "first_attacker", "attacker": p}, {"type": "first_bidder", "bidder": p}]
        out += [{"type": "bid", "player": p, "amount": n} for n in range(-1, 17)]
        out += [{"type": t, "player": p} for t in ("ready", "attack")]
        for c in cards:
            for i in range(4):
                out += [
                    {"type": "place", "player": p, "card": c, "row": row, "position": i}
                    for row in ("white", "grey")
                ]
                out += [
                    {"type": t, "player": p, "card": c, "position": i} for t in ("move", "promote")
                ]
            out += [{"type": t, "player": p, "target": c} for t in ("burn", "steal", "heal")]
            for d in cards:
                out.append({"type": "swap", "player": p, "own": c, "target": d})
                out.append({"type": "swap_places", "player": p, "card": c, "other": d})
                out.append({"type": "trade", "player": p, "cards": [c, d]})
    return out


def key(action: dict) -> str:
    """Trading is of two cards in either order: one action."""
    if action["type"] == "trade":
        action = action | {"cards": sorted(action["cards"])}
    return json.dumps(action, sort_keys=True)


@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_legal_actions_are_exactly_the_actions_check_accepts(seed, options):
    """placement, white_move, singular_targets: no legal action missing, none listed wrongly."""
    match = Match.start(RULES, options, seed=seed)
    rng = random.Random(seed)
    for step in range(150):
        legal = match.legal_actions()
        if not legal:
            break
        listed = {key(a) for a in legal}
        assert len(listed) == len(legal), "an action is listed twice"
        assert all(RULES.check(match.state, a) is None for a in legal)
        if step % 3 == 0:
            accepted = {
                key(a) for a in candidates(match.state) if RULES.check(match.state, a) is None
            }
            assert accepted <= listed, accepted - listed
        match.play(pick(match.state, legal, rng, 0.3))


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1), options=OPTIONS)
def test_whole_games_end_with_a_counter_on_a_heart(seed, options):
    """track_steps, roles_alternate: biased play finishes games; the winner reached the heart."""
    rng = random.Random(seed)
    state = RULES.new_state(options)
    attackers = []
    for _ in range(6000):
        legal = RULES.legal_actions(state)
        if not legal:
            break
        before = state
        state = RULES.apply(state, pick(state, legal, rng, 0.05), rng).state
        if state.phase == "place" and before.phase != "place":
            attackers.append(state.attacker)
    assert RULES.is_over(state)
    assert state.track[state.winner] == DATA.steps(state.extended)
    assert all(a != b for a, b in itertools.pairwise(attackers))


JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 20)
    | st.floats()
    | st.text(max_size=12)
    | st.sampled_from(["wolf.1", "cheetah.1", "white", "grey", "rock.1"]),
    lambda inner: (
        st.lists(inner, max_size=7) | st.dictionaries(st.text(max_size=5), inner, max_size=3)
    ),
    max_leaves=12,
)
KEYS = st.sampled_from(
    ["type", "player", "attacker", "bidder", "amount", "card", "row", "position", "target",
     "own", "other", "cards", "hands", "blue"]
)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    kind=st.sampled_from(sorted(REQUIRED)) | JUNK,
    fields=st.dictionaries(KEYS, JUNK, max_size=5),
    moment=st.integers(0, 60),
)
def test_garbage_actions_are_refused_with_a_reason_never_an_exception(kind, fields, moment):
    """placement: whatever a buggy screen sends, the engine answers in words."""
    match = Match.start(RULES, {"mode": "advanced" if moment % 2 else "basic"}, seed=moment)
    rng = random.Random(moment)
    for _ in range(moment):
        legal = match.legal_actions()
        if not legal:
            break
        match.play(pick(match.state, legal, rng, 0.2))
    action = fields | {"type": kind}
    reason = RULES.check(match.state, action)
    assert reason is None or isinstance(reason, str)
    if reason is None:
        RULES.apply(match.state, action, random.Random(0))
