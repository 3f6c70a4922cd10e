"""How a search plays out a leaf: at random by default, or by a game's own rules of thumb.

A playout is one imagined rest of the game, played on a world the search drew from its seat's
view (never the real state), so a playout policy may read the whole of that world. Random
playouts know nothing of a game; Vita Luna's placing alone offers some sixty actions, and a
random rest of the game there says little about a move. Where a game has a heuristic opponent
that reasons on full states, playing it for both sides ("heavy playouts") costs about two and a
half times a random playout and says much more (measured in benchmarks/bench_ai.py).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.engine.core import Action, Rules

Policy = Callable[[Any, random.Random], Action | None]


def uniform(rules: Rules) -> Policy:
    """Any legal action, uniformly (the engine's own cheap draw)."""
    return rules.sample_action


def vita_luna(rules: Rules) -> Policy:
    """Vita Luna's app opponent for whichever player is to move; at random where it passes."""
    from companion.games.vita_luna.opponent import choose

    data = getattr(rules, "data", None)

    def policy(state: Any, rng: random.Random) -> Action | None:
        legal = rules.legal_actions(state)
        # Vita Luna's own moves name their player; chance and the table's decisions do not.
        for player in sorted({a["player"] for a in legal if "player" in a}):
            action = choose(state, legal, rng, me=player, data=data)
            if action is not None:
                return action
        return rules.sample_action(state, rng)

    return policy


POLICIES: dict[str, Callable[[Rules], Policy]] = {"vita_luna": vita_luna}


def policy_for(game_id: str, rules: Rules) -> Policy:
    return POLICIES.get(game_id, uniform)(rules)
