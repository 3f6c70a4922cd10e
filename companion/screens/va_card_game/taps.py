"""VA Card Game's rulebook at a tap (`screens.rules_panel`): what lies open on the table, each a
button that opens its rules, and the refusals the page shows, each citing the ruling behind it.

- the Rules panel (the quick-reference sheet and every ruling, searchable), attack and block
  (the rulings on a duel), and life (the life tracker and the rulings on falling and losing):
  `rule_va_panel`, `rule_va_attack`, `rule_va_block`, `rule_va_life`;
- each card these eyes see, the heroes in play with their equipment and their own hand, by
  design: its printed numbers and every ruling that concerns it (`rule_va_card_<design>`);
- each game term on a player's battlefield (`TERMS`, drawn by `field`): a hero's HP, AD and DEF,
  the hearts, the hand and decks counted, the graveyard, the ACTIVE badge and the equipment's
  heading, each opening the row of the rulebook that says what it means
  (`rule_va_<term>_<seat>`), and the hero and each piece in play their card's rules;
- a refused tap's flash, an undo the engine refuses, a piece that may not be attached and an
  opening hero that may not be placed, each with its reason and a tap to the ruling it follows
  (`rule_why_<key>`).

Only what the screen's view shows is named: a hand only to its own player's eyes, a hero lying
face down never.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.rulings import rulebook
from companion.games.va_card_game.data import design
from companion.games.va_card_game.seats import SEALED
from companion.games.va_card_game.state import DECLARE
from companion.screens import parts, rules_panel
from companion.screens.table import pieces
from companion.screens.table import rulings as table_rulings
from companion.screens.va_card_game.eyes import Screen

GAME = "va_card_game"
LIFE = "life_tracker"

# What each term on a battlefield opens. The game has no glossary sheet, so each is the row that
# says what the term means in play: a hero's current HP and DEF are its totals less what it lost
# (track-damage), and DEF is what a block uses up first (block-damage); AD is a total of the card
# and its equipment (hero-totals); the hearts are the life tracker; a hand has no limit and stays
# hidden (hand-size); an empty deck gives nothing (empty-deck); a fallen hero and its equipment
# go to the graveyard (hero-falls-at-zero); the active player draws and equips first
# (draw-and-equip); a hero carries at most so many pieces (equipment-limit).
TERMS: dict[str, rules_panel.What] = {
    "hp": rules_panel.ruling("track-damage"),
    "ad": rules_panel.ruling("hero-totals"),
    "def": rules_panel.ruling("block-damage"),
    "hearts": rules_panel.card(LIFE),
    "hand": rules_panel.ruling("hand-size"),
    "decks": rules_panel.ruling("empty-deck"),
    "grave": rules_panel.ruling("hero-falls-at-zero"),
    "active": rules_panel.ruling("draw-and-equip"),
    "equipment": rules_panel.ruling("equipment-limit"),
}


def term(kind: str, seat: int, label: str, markup: str,
         width: Literal["content", "stretch"] = "content") -> None:  # fmt: skip
    """The term `kind` of `seat`'s battlefield, drawn as `markup`, a tap to its rule (keyed
    `rule_va_<kind>_<seat>`)."""
    pieces.piece(GAME, TERMS[kind], label, markup, key=f"rule_va_{kind}_{seat}", width=width)


def flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it (`table.rulings`)."""
    table_rulings.flash(GAME, "va", message)


def undo_ruling(why_not: str | None) -> None:
    """Under a refused undo, the ruling it follows: a declaration is final, before or after the
    reveal (ruling declaration-order)."""
    table_rulings.undo_ruling(
        GAME, why_not, (SEALED[DECLARE], SEALED["revealed"]), "declaration-order"
    )


def reasons(refusals: Sequence[tuple[str, str | None]]) -> None:
    """The engine's reasons for refused choices (key, reason), with the rulings they follow."""
    rules_panel.reasons(GAME, [(key, reason) for key, reason in refusals if reason])


# --- what lies open on the table -----------------------------------------------------------------


def cards_in_sight(screen: Screen) -> list[str]:
    """The designs of the cards these eyes see, once each: the heroes in play with their
    equipment (the other player's first), then their own hand."""
    view = screen.view
    seat = screen.seen.seat
    me = seat if seat in (0, 1) else 0
    copies: list[str] = []
    for p in (1 - me, me):
        copies += [view["heroes"][p], *view["gear"][p]]
    if seat in (0, 1) and screen.sees_hand(seat):
        copies += [*view["hero_hands"][seat], *view["gear_hands"][seat]]
    return list(dict.fromkeys(design(c) for c in copies if c and c != HIDDEN))


def rules_rows(screen: Screen) -> None:
    """The buttons that open the rules of what lies open: the panel, attack, block and life;
    then each card in sight."""
    book = rulebook(GAME)
    with st.container(key="va_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(GAME, key="rule_va_panel", label="Rules", width="content")
        rules_panel.explain_button(GAME, rules_panel.ruling("simultaneous-strikes"), "⚔ Attack",
                                   key="rule_va_attack", width="content")  # fmt: skip
        rules_panel.explain_button(GAME, rules_panel.ruling("block-damage"), "Block",
                                   key="rule_va_block", width="content")  # fmt: skip
        rules_panel.explain_button(GAME, rules_panel.card(LIFE), "Life",
                                   key="rule_va_life", width="content")  # fmt: skip
    designs = [d for d in cards_in_sight(screen) if book.game.by_id(d) is not None]
    if not designs:
        return
    with st.container(key="va_rules_cards", horizontal=True, gap="small"):
        for found in designs:
            record = book.game.by_id(found)
            name = parts.plain(record.name if record is not None else found)
            rules_panel.explain_button(GAME, rules_panel.card(found), name,
                                       key=f"rule_va_card_{found}", width="content")  # fmt: skip
