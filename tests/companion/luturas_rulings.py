"""Luturas's rulings: positions and checks the test_luturas_rulings* modules share.

Every position starts from a real match (coin, starting player, opening hands kept, the first
draw) and cards are then laid out by `scenarios.lay`, which takes real copies out of the Deck.
Refusals are checked for the ruling they cite (`companion.games.rulings.ruling_of`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.games.luturas import LuturasRules
from companion.games.luturas.scenarios import ANA, act, started, turn_of
from companion.games.luturas.state import (
    LuturasState,
)
from companion.games.rulings import ruling_of

RULES = LuturasRules()
DATA = RULES.data
BASE = (
    ["tidepup_g1"] * 2 + ["tidepup_g2"] * 2 + ["tidepup_g3", "thornlet_g1", "rodlet", "bouldrum_g1"]
    + ["brinefin"] * 3 + ["isotusk_g1"] * 2 + ["menders_kit", "overclock_coil", "tide_harpoon"] + ["cindrake_g1"] + ["crystal_aquatic"] * 6
    + ["crystal_nuclear", "crystal_botanical", "crystal_flammable"] * 3
    + ["crystal_terrestrial"] * 2 + ["crystal_black"] * 2
)  # fmt: skip


def deck(
    soldier: str, *designs: str, base: bool = True, filler: str = "crystal_aquatic"
) -> list[str]:
    """A legal deck: the Soldier, a base of common cards, the named cards, Crystals to fill."""
    cards = [soldier, *(BASE if base else []), *designs]
    return cards + [filler] * (35 - len(cards))


def refusal(state: LuturasState, action: dict[str, Any]) -> tuple[str | None, str | None]:
    reason = RULES.check(state, action)
    return reason, ruling_of(reason)


def ruled(state: LuturasState, action: dict[str, Any], ruling: str) -> None:
    reason, cited = refusal(state, action)
    assert reason is not None, f"{action} was allowed"
    assert cited == ruling, f"{reason!r} cites {cited}, not {ruling}"


def ok(state: LuturasState, action: dict[str, Any]) -> LuturasState:
    """`action` accepted and applied; choices it leaves (a look at the Deck) made at once."""
    assert RULES.check(state, action) is None, RULES.check(state, action)
    state = act(RULES, state, action).state
    while state.pending:
        state = act(RULES, state, RULES.legal_actions(state)[0]).state
    return state


def attacking(state: LuturasState, player: int = ANA) -> LuturasState:
    """`player`'s second turn: attacks are allowed."""
    return turn_of(RULES, state, player)


def hand_card(state: LuturasState, p: int, design: str) -> str:
    return next(c for c in state.sides[p].hand if c.rsplit(".", 1)[0] == design)


def space_of(state: LuturasState, p: int, design: str) -> int:
    side = state.sides[p]
    return next(i for i, lu in enumerate(side.spaces) if lu and lu.top.startswith(design + "."))


def versus(ana: Sequence[str], ben: Sequence[str], mode: str = "standard") -> LuturasState:
    """Ana's second turn of round 1 with the two decks given, her Luturas and Ben's in play."""
    state = started(RULES, mode, decks=[deck("warden_osk", *ana), deck("ranger_kade", *ben)])
    return attacking(state)
