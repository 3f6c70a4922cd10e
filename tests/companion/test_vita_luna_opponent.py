"""The app as a Vita Luna opponent: always legal, deterministic, honest about hidden bids, and
better than chance; plus the rules of thumb it follows, each on a small battle."""

from __future__ import annotations

import random

import pytest

from companion.engine import Match
from companion.engine.core import step_rng
from companion.games.vita_luna import opponent
from companion.games.vita_luna.opponent import choose
from companion.games.vita_luna.state import VitaLunaState

from .test_vita_luna_situations import DATA, P1, P2, RULES, assert_invariants, card, fight, play

TABLE = {"deal", "first_attacker", "first_bidder", "turn_up", "deal_rest", "reward", "next_battle"}


def self_play(seed: int, options: dict, smart: tuple[int, ...] = (0, 1)) -> Match:
    """A whole game: `smart` players choose with the policy, the others at random; the table's
    own actions (deal, rewards, next battle) are taken as they come."""
    match = Match.start(RULES, options, seed=seed)
    rng = random.Random(seed)
    for _ in range(5000):
        if RULES.is_over(match.state):
            break
        legal = match.legal_actions()
        action = None
        for p in (0, 1):
            if p in smart:
                action = choose(match.state, legal, step_rng(seed, len(match.log)), me=p)
                if action is not None:
                    assert action in legal
            else:
                mine = [a for a in legal if a.get("player") == p and a["type"] != "trade"]
                action = rng.choice(mine) if mine else None
            if action is not None:
                break
        if action is None:
            action = next(a for a in legal if a["type"] in TABLE)
        match.play(action)
        assert_invariants(match.state)
    return match


@pytest.mark.parametrize("mode", ["basic", "advanced"])
@pytest.mark.parametrize("extended", [False, True])
def test_games_between_two_apps_end_and_replay(mode, extended):
    for seed in range(4):
        match = self_play(seed, {"mode": mode, "extended": extended})
        assert RULES.is_over(match.state)
        again = Match.replay(RULES, match.options, match.seed, match.log)
        assert RULES.to_json(again.state) == RULES.to_json(match.state)


def test_the_app_beats_random_play_nearly_always():
    wins = [self_play(seed, {"mode": "basic"}, smart=(P2,)).state.winner for seed in range(20)]
    assert wins.count(P2) >= 18


def test_the_same_state_and_seed_give_the_same_choice():
    match = Match.start(RULES, {"mode": "basic"}, seed=3)
    match.play({"type": "deal"})
    match.play({"type": "first_attacker", "attacker": P2})
    legal = match.legal_actions()
    picks = {str(choose(match.state, legal, step_rng(3, 2), me=P2)) for _ in range(5)}
    assert len(picks) == 1
    assert choose(match.state, legal, step_rng(3, 2), me=P1) is None  # not Player 1's move


def test_the_apps_bid_does_not_depend_on_the_other_secret_bid():
    """secret_bids: the app never reads the other player's hidden bid."""
    state = RULES.new_state({"mode": "advanced"})
    state, _, _ = play(state, {"type": "first_bidder", "bidder": P1})
    alone = choose(state, RULES.legal_actions(state), step_rng(1, 5), me=P2)
    for amount in (0, 7, 15):
        seen, _, _ = play(state, {"type": "bid", "player": P1, "amount": amount})
        assert choose(seen, RULES.legal_actions(seen), step_rng(1, 5), me=P2) == alone
    assert alone is not None and 1 <= alone["amount"] <= opponent.ATTACK_BID_MOST


def test_card_bids_follow_the_cards_worth_and_spend_everything_on_the_last_card():
    state = RULES.new_state({"mode": "advanced"})
    state, _, _ = play(state, {"type": "first_bidder", "bidder": P1})
    state, _, _ = play(state, {"type": "bid", "player": P1, "amount": 0})
    state, _, _ = play(state, {"type": "bid", "player": P2, "amount": 0})
    rat, _, _ = play(state, {"type": "turn_up", "card": "rat.1"})
    wolf, _, _ = play(state, {"type": "turn_up", "card": "wolf.1"})
    bid_rat = choose(rat, RULES.legal_actions(rat), step_rng(0, 0), me=P2)["amount"]
    bid_wolf = choose(wolf, RULES.legal_actions(wolf), step_rng(0, 0), me=P2)["amount"]
    assert bid_rat < bid_wolf <= 15
    wolf.lots = 12  # as if this were the last card of the auction
    assert choose(wolf, RULES.legal_actions(wolf), step_rng(0, 0), me=P2)["amount"] == 15


# --- a turn ---------------------------------------------------------------------------------------


def turn_choice(state, me=P1):
    return choose(state, RULES.legal_actions(state), step_rng(0, 0), me=me)


def test_burning_or_stealing_the_last_enemy_creature_wins():
    state = fight(["wolf", None], [None, "black_mamba"])
    assert turn_choice(state) == {"type": "steal", "player": P1, "target": card(state, P2, 1)}
    state = fight(["wolf"], ["elephant"])  # Anchor: it cannot be stolen, so it is burned
    assert turn_choice(state) == {"type": "burn", "player": P1, "target": card(state, P2, 0)}


def test_a_red_creature_is_burned_and_a_plain_one_is_not():
    state = fight(["wolf", "fox"], ["saltwater_crocodile", "rat"])
    assert turn_choice(state)["type"] == "burn"
    assert turn_choice(state)["target"] == card(state, P2, 0)
    state = fight(["wolf", "fox"], ["wild_boar", "rat"], singulars=(("burn",), ()))
    assert turn_choice(state)["type"] != "burn"


def test_heal_saves_a_creature_that_would_die():
    state = fight(["anaconda", "tortoise"], ["wolf", "fox"])
    state.health[card(state, P1, 0)] = 2  # the Wolf's 3 would kill it; healed to 5 it lives
    action = turn_choice(state)
    assert action == {"type": "heal", "player": P1, "target": card(state, P1, 0)}


def test_a_reserve_creature_is_promoted_into_a_free_white_position():
    state = fight(["wolf", None], ["fox", "rat"], ["wild_boar"], singulars=((), ()))
    action = turn_choice(state)
    assert action["type"] == "promote" and action["card"].startswith("wild_boar")


def falcon_placed() -> VitaLunaState:
    """A basic game dealt, Player 1 attacking with its Gyr Falcon alone on white 2: Player 2
    places."""
    state = RULES.new_state({"mode": "basic"})
    hands = [
        ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"],
        ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"],
    ]
    state, _, _ = play(state, {"type": "deal", "hands": hands})
    state, _, _ = play(state, {"type": "first_attacker", "attacker": P1})
    place = {"type": "place", "player": P1, "card": "gyr_falcon.1", "row": "white", "position": 2}
    state, _, _ = play(state, place)
    state, _, _ = play(state, {"type": "ready", "player": P1})
    return state


def test_placing_puts_a_killer_opposite_the_threat():
    """The defender sees the attacker's white row and answers it."""
    state = falcon_placed()
    first = turn_choice(state, me=P2)
    assert first["type"] == "place" and first["row"] == "white"
    # the Falcon (3/2) is met by a creature that kills it and lives through its 3
    assert (first["position"], first["card"]) in {(2, "cheetah.1"), (2, "armadillo.1")}
    while state.phase == "place":
        state, _, _ = play(state, turn_choice(state, me=P2))
    assert sum(1 for c in state.board if c) == 7  # all six of Player 2's cards went down
    assert all(state.board[4:8])  # four on white


def test_trades_only_the_weak_black_cards():
    state = fight(["rat"], ["wolf"], hand0=["orb_spider", "wolf", "fox", "fox"])
    state.phase = "between"
    legal = RULES.legal_actions(state)
    action = choose(state, legal, step_rng(0, 0), me=P1)
    assert action is not None and action["type"] == "trade"
    assert sorted(DATA.cards[c].id for c in action["cards"]) == ["orb_spider", "rat"]
    state = fight(["wolf"], ["wolf"], hand0=["fox"])
    state.phase = "between"
    assert choose(state, RULES.legal_actions(state), step_rng(0, 0), me=P1) is None


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_the_playout_move_is_the_rules_of_thumb_over_the_listed_actions(mode):
    """A search's heavy playouts decide by `playout_move`, which places from the rules' placing
    choices without listing them: at every step of seeded games it picks what `choose` picks
    from `legal_actions` for the lowest player with a choice, drawing the same chance."""
    for seed in range(6):
        state = RULES.new_state({"mode": mode})
        fast_rng, listed_rng = random.Random(seed), random.Random(seed)
        for _ in range(400):
            if RULES.is_over(state):
                break
            legal = RULES.legal_actions(state)
            expected = None
            for player in sorted({a["player"] for a in legal if "player" in a}):
                expected = choose(state, legal, listed_rng, me=player, data=DATA)
                if expected is not None:
                    break
            if expected is None:
                expected = RULES.sample_action(state, listed_rng)
            action = opponent.playout_move(RULES, state, fast_rng)
            assert action == expected
            if action is None:
                break
            assert action in legal
            state, _ = RULES.advance(state, action, random.Random(seed))


def test_the_match_up_is_its_kills_and_survives():
    """`matchup` writes `kills` and `survives` out for speed: on battles of every pair of
    creatures, wounded or not, armoured or not, it scores as they say."""
    cards = sorted(DATA.cards)[::3]
    rng = random.Random(5)
    for _ in range(300):
        mine, enemy = rng.sample(cards, 2)
        state = RULES.new_state({})
        if rng.random() < 0.5:
            state.health[mine] = rng.randint(1, DATA.cards[mine].health)
            state.health[enemy] = rng.randint(1, DATA.cards[enemy].health)
            state.armour.update(c for c in (mine, enemy) if rng.random() < 0.5)
        m, t = DATA.cards[mine], DATA.cards[enemy]
        expected = 0.0
        if m.attack > 0:
            if opponent.kills(DATA, state, mine, enemy):
                expected += 3 + 0.2 * opponent.worth(t)
            elif not m.pronged:
                expected += 2 * m.attack / max(1, opponent.health_of(DATA, state, enemy))
        if opponent.survives(DATA, state, mine, enemy):
            expected += 2
        if t.retaliate and m.attack > 0 and opponent.health_of(DATA, state, mine) <= 1:
            expected -= 1.5
        assert opponent.matchup(DATA, state, mine, enemy) == expected, (mine, enemy)
