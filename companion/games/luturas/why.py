"""Why the Luturas app made its move, in one line for the table log, from its one-step look
ahead (`LuturasOpponent.lookahead`): how many moves it weighed, over how many guesses at what it
cannot see, and what the chosen one was worth against the next best (or against waiting).

Every seat reads the line, so it names no card: a Strategy set face down, a card picked to put
under the Deck and the cards in hand stay the app's. What the move did is in the log already.
"""

from __future__ import annotations

from companion.engine.core import Action
from companion.games.luturas.worth import ROUND

OPENINGS = {
    "attack": "attacks",
    "end": "ends its turn",
    "upgrade": "upgrades",
    "deploy": "deploys",
    "crystal": "plays a Crystal",
    "pass": "lets the attack through",
    "strategy": "turns up its Strategy",
    "set": "sets a Strategy face down",
    "tool": "plays a Tool",
    "ability": "uses its Soldier's ability",
}


def weighed(
    action: Action, scores: list[float], best: int, worlds: int, now: float | None, easy: bool
) -> str:
    """The reason for `action` (`scores[best]`, among the worths of every move weighed, in the
    Soldier's Stamina points of `worth.py`) chosen over `worlds` guesses at the other hand and
    face-down Strategy; `now`, off its turn, what waiting was worth instead; `easy`, a move near
    the best taken at random."""
    worth = scores[best]
    guesses = "one guess" if worlds == 1 else f"{worlds} guesses"
    seen = f"over {guesses} at your hand and face-down Strategy"
    opening = OPENINGS.get(action["type"], "makes this move")
    if now is not None:
        return f"acts now rather than wait: {worth - now:.1f} Stamina points better, {seen}"
    if easy:
        return f"{opening}: near enough the best of its {len(scores)} moves, {seen}"
    answer = ", even after your best answer" if action["type"] == "attack" else ""
    said = f"{opening}: the best of its {len(scores)} moves{answer}, {seen}"
    if worth >= ROUND / 2:
        return f"{said}: it expects to win the round"
    if worth <= -ROUND / 2:
        return f"{said}, though the round looks lost"
    side = "its way" if worth >= 0 else "your way"
    rest = [s for i, s in enumerate(scores) if i != best]
    margin = worth - max(rest) if rest else 0.0
    ahead = f", {margin:.1f} more than the next best" if margin >= 0.05 else ""
    return f"{said}: it leaves the board {abs(worth):.1f} Stamina points {side}{ahead}"
