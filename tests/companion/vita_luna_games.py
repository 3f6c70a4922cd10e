"""Vita Luna positions the flow modules share: a basic deal, placement, a battle just won."""

from __future__ import annotations

from companion.games.vita_luna import VitaLunaRules

from .test_vita_luna_situations import (
    P1,
    RULES,
    attack,
    fight,
    play,
)

HANDS = [
    ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"],
    ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"],
]


def dealt(rules: VitaLunaRules = RULES, **options):
    state = rules.new_state({"mode": "basic", **options})
    state, _, _ = play(state, {"type": "deal", "hands": HANDS}, rules=rules)
    return state


def placing(attacker: int = P1, **options):
    state, _, _ = play(dealt(**options), {"type": "first_attacker", "attacker": attacker})
    return state


def place(state, player, c, row="white", position=0):
    after, _, events = play(
        state, {"type": "place", "player": player, "card": c, "row": row, "position": position}
    )
    return after, events


def won_battle(winner: int, attacker: int, **fields):
    """A battle where `winner` has just killed the other side's last creature."""
    white = (["cheetah"], ["rat"]) if winner == P1 else (["rat"], ["cheetah"])
    state = fight(*white, active=winner, attacker=attacker, **fields)
    after, events = attack(state)
    return after, events
