"""Ready-made Vita Luna moments: a battle in progress from a short description.

For the tests, the rulebook's worked examples and a sandbox: name the creatures on each white and
grey position (creature ids like "wolf"), and the builder takes real copies out of the decks, gives
them to their players at full health with their armour on, and hands back a state in the middle of
a battle. Every card is still in exactly one place, so the result is a state a game could reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.vita_luna.hands import give, take
from companion.games.vita_luna.rules import VitaLunaRules
from companion.games.vita_luna.state import TURN, VitaLunaState, grey_index, white_index

Row = Sequence[str | None]


def battle(
    rules: VitaLunaRules,
    white: tuple[Row, Row] = ((), ()),
    grey: tuple[Row, Row] = ((), ()),
    hand: tuple[Sequence[str], Sequence[str]] = ((), ()),
    *,
    active: int = 0,
    attacker: int = 0,
    **fields: Any,
) -> VitaLunaState:
    """Player `active`'s turn in a battle with these creatures (ids; None for an empty position).

    `white[p][c]` stands on player p's white column c, `grey[p][s]` on grey slot s, and `hand[p]`
    are p's cards left out of the battle. Any other state field may be given, e.g. hearts=(3, 10).
    """
    data = rules.data
    state = rules.new_state({"mode": fields.pop("mode", "basic")})
    state.phase, state.active, state.attacker = TURN, active, attacker
    state.battle, state.turn = 1, 1
    for p in (0, 1):
        for rows, index in ((white, white_index), (grey, grey_index)):
            for slot, kind in enumerate(rows[p]):
                if kind is None:
                    continue
                card = copy_of(rules, state, kind)
                give(state, p, [card])
                state.board[index(data, p, slot)] = card
                state.health[card] = data.cards[card].health
                if data.cards[card].armour:
                    state.armour.add(card)
        for kind in hand[p]:
            give(state, p, [copy_of(rules, state, kind)])
    for name, value in fields.items():
        setattr(state, name, value)
    return state


def copy_of(rules: VitaLunaRules, state: VitaLunaState, kind: str) -> str:
    """Take the first copy of creature `kind` still in its deck."""
    creature = rules.data.creatures[kind]
    copy = next(c for c in state.deck(creature.deck) if c.startswith(f"{kind}."))
    took = take(state, creature.deck, None, copy)  # type: ignore[arg-type]
    assert took == copy
    return copy


def at(rules: VitaLunaRules, state: VitaLunaState, player: int, column: int) -> str | None:
    """The card on `player`'s white `column`."""
    return state.board[white_index(rules.data, player, column)]


def in_grey(rules: VitaLunaRules, state: VitaLunaState, player: int, slot: int) -> str | None:
    return state.board[grey_index(rules.data, player, slot)]
