"""What a Luturas position is worth to one player: the app opponent's yardstick.

A position is weighed as the Soldier's Stamina points of each side, everything else in the same
unit: a Lutura on the Battlefield by its Combat now (boosts of Tools and Luturas counted, as the
rules count them), the Stamina it has left and its Gears; Crystals on the side; cards in hand;
a Tool in play and whether it points at a Lutura; a Strategy waiting face down. Rounds won
count far above any position, and a won match above all. The careful weighing (the strong
player's) also fears an open Soldier: one with no Lutura to defend it is hit by every Lutura of
the other side that may attack Soldiers, and one that this would bring down is nearly lost; and
a Deck nearly drawn out.

The weights were set by hand and checked by the win rates in tests/companion/
test_luturas_opponent.py; a position is always weighed from `me`'s side (its worth less the
other side's).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from companion.games.luturas import board, lasting
from companion.games.luturas.data import LuturasData
from companion.games.luturas.state import CHOOSE, OVER, LuturasState

MATCH = 100_000.0  # the match won
ROUND = 1_000.0  # a round won


@dataclass(frozen=True)
class Weights:
    """What each thing on a side is worth, in Soldier Stamina points."""

    lutura: float = 3.0  # a Lutura on the Battlefield, before its numbers
    combat: float = 0.8  # each point of its Combat now
    left: float = 0.3  # each Stamina point it has left
    gear: float = 1.5  # each Gear under its top card
    crystal: float = 1.2  # each Crystal on the side
    hand: float = 0.4  # each card in hand
    tool: float = 1.0  # a Tool in play ...
    aimed: float = 0.5  # ... pointed at a Lutura
    facedown: float = 1.0  # a Strategy set face down
    open: float = 0.7  # careful: each point of Combat that may hit an undefended Soldier
    falling: float = 40.0  # careful: an undefended Soldier those attacks would bring down
    deck_low: int = 3  # careful: fewer cards than this in the Deck ...
    drawn_out: float = 4.0  # ... cost this much each


@dataclass
class Worth:
    """The worth of positions to player `me`; `careful` adds the dangers (the strong player)."""

    data: LuturasData
    me: int
    careful: bool = True
    weights: Weights = field(default_factory=Weights)

    def of(self, state: LuturasState) -> float:
        if state.phase == OVER:
            return MATCH if state.winner == self.me else -MATCH
        me, other = state.sides[self.me], state.sides[1 - self.me]
        score = ROUND * (me.wins - other.wins)
        if state.phase == CHOOSE:  # a round just ended: both sides are set up afresh
            return score
        # Each side's Combat once: `side` reads its own, `dangers` the other side's.
        fights = (lasting.combats(self.data, state, 0), lasting.combats(self.data, state, 1))
        mine = self.side(state, self.me, fights)
        return score + mine - self.side(state, 1 - self.me, fights)

    def side(
        self, state: LuturasState, p: int, fights: tuple[dict[int, int], ...] | None = None
    ) -> float:
        """What `p`'s side holds, in Stamina points. `fights`: both sides' `lasting.combats`,
        when the caller has them already."""
        if fights is None:
            fights = (lasting.combats(self.data, state, 0), lasting.combats(self.data, state, 1))
        side, w, mine, of = state.sides[p], self.weights, fights[p], self.data.of
        score = float(side.stamina)
        for space, combat in mine.items():  # every Lutura in play, by space
            lutura = side.spaces[space]
            assert lutura is not None
            design = of(lutura.stack[-1])
            left = max(0, design.stamina - lutura.damage)
            score += w.lutura + w.combat * combat + w.left * left + w.gear * (len(lutura.stack) - 1)
        score += w.crystal * len(side.crystals) + w.hand * len(side.hand)
        if side.tool:
            score += w.tool + (w.aimed if side.tool_at >= 0 else 0.0)
        if side.facedown:
            score += w.facedown
        if self.careful:
            score -= self.dangers(state, p, fights[1 - p])
        return score

    def dangers(self, state: LuturasState, p: int, threats: dict[int, int] | None = None) -> float:
        """An open Soldier under the other side's Luturas, and a Deck nearly drawn out.
        `threats`: the other side's `lasting.combats`, when the caller has them already."""
        side, other, w = state.sides[p], 1 - p, self.weights
        danger = w.drawn_out * max(0, w.deck_low - board.deck_size(side))
        if side.spaces.count(None) < len(side.spaces):  # a Lutura of its own defends it
            return danger
        if threats is None:
            threats = lasting.combats(self.data, state, other)
        spaces, of = state.sides[other].spaces, self.data.of
        threat = 0
        for space, combat in threats.items():  # its Luturas by space, as they hit Soldiers
            lutura = spaces[space]
            if lutura is not None and not of(lutura.stack[-1]).prismatic:
                threat += combat
        danger += w.open * threat
        if threat >= side.stamina:
            danger += w.falling
        return danger
