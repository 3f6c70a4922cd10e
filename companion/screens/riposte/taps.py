"""Riposte's rulebook at a tap (`screens.rules_panel`): what lies open on the table, each a button
that opens its rules, and the refusals the page shows, each citing the ruling behind it.

- the Rules panel (the quick-reference sheet and every ruling, searchable), each character in
  sight (its thresholds, its three abilities and the rulings on them) and the last clash's
  outcome (`rule_rp_panel`, `rule_rp_char_<seat>`, `rule_rp_outcome`);
- each combat card these eyes see (the row, the cards played this round, the last clash, their
  own hand) and each ability keyword on them (`rule_rp_card_<design>`, `rule_rp_kw_<ability>`);
- every word of the glossary, outcomes, abilities and terms, in a fold
  (`rule_rp_word_<set>_<id>`);
- a refused tap's flash, an undo the engine refuses and the cards that do not fit the bar, each
  with its reason and a tap to the ruling it follows (`rule_why_<key>`).

Only what the screen's view shows is named: a hand only to its own player's eyes, a card laid
face down never.
"""

from __future__ import annotations

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.riposte.seats import REVEALED, SEALED
from companion.games.riposte.state import BRACE
from companion.games.rulings import rulebook
from companion.screens import parts, rules_panel
from companion.screens.riposte.eyes import Screen
from companion.screens.table import rulings as table_rulings

GAME = "riposte"
OUTCOMES = {"Perfect block": "perfect_block", "Strike": "strike", "Block": "block"}
SETS = ("outcome", "ability", "term")


def flash(message: str | None) -> None:
    """The refused tap's reason, and the ruling behind it (`table.rulings`)."""
    table_rulings.flash(GAME, "rp", message)


def undo_ruling(why_not: str | None) -> None:
    """Under a refused undo, the ruling it follows: a card (or character) laid face down is
    played (ruling simultaneous-choice)."""
    table_rulings.undo_ruling(GAME, why_not, (*SEALED.values(), REVEALED), "simultaneous-choice")


# --- what lies open on the table -----------------------------------------------------------------


def outcome(screen: Screen) -> str | None:
    """The keyword of the last clash's outcome (strike while Rook decides), or None."""
    view = screen.view
    if view["phase"] == BRACE:
        return "strike"
    if not all(view["last_cards"]):
        return None
    words = view["last_words"]
    return next((k for w, k in OUTCOMES.items() if any(x.startswith(w) for x in words)), None)


def cards_in_sight(screen: Screen) -> list[str]:
    """The designs of the combat cards these eyes see on the table and in their own hand, once
    each: the draft row, the cards played this round, the last clash, the hand."""
    view, data = screen.view, screen.data
    copies: list[str] = [*view["row"]]
    for p in (0, 1):
        copies += view["table"][p]
    copies += [c for c in view["last_cards"] if c]
    copies += [c for c in view["chosen"] if c]
    seat = screen.seen.seat
    if seat in (0, 1) and screen.sees_hand(seat):
        copies += view["hands"][seat]
    shown = [data.cards[c].id for c in copies if c and c != HIDDEN and c in data.cards]
    return list(dict.fromkeys(shown))


def characters_in_sight(screen: Screen) -> list[tuple[int, str]]:
    """(seat, character id) of each character kept and shown, the other duelist's first."""
    me = screen.seen.seat if screen.seen.seat in (0, 1) else 0
    kept = screen.view["characters"]
    return [(p, kept[p]) for p in (1 - me, me)
            if kept[p] and kept[p] != HIDDEN and kept[p] in screen.data.characters]  # fmt: skip


def rules_rows(screen: Screen) -> None:
    """The buttons that open the rules of what lies open: the panel, the characters, the last
    outcome; the cards in sight and their abilities; the whole glossary in a fold."""
    data = screen.data
    with st.container(key="rp_rules_row", horizontal=True, gap="small"):
        rules_panel.panel_button(GAME, key="rule_rp_panel", label="Rules", width="content")
        for p, character in characters_in_sight(screen):
            name = parts.plain(data.characters[character].name)
            rules_panel.explain_button(GAME, rules_panel.card(character), f"{name}: abilities",
                                       key=f"rule_rp_char_{p}", width="content")  # fmt: skip
        found = outcome(screen)
        if found is not None:
            word = rulebook(GAME).game.keyword("outcome", found)
            rules_panel.explain_button(GAME, rules_panel.keyword("outcome", found),
                                       f"Last clash: {parts.plain(word.name if word else found)}",
                                       key="rule_rp_outcome", width="content")  # fmt: skip
    designs = cards_in_sight(screen)
    if designs:
        with st.container(key="rp_rules_cards", horizontal=True, gap="small"):
            _cards(screen, designs)
    with st.expander("Words of the game: outcomes, abilities, terms"):
        glossary()


def _cards(screen: Screen, designs: list[str]) -> None:
    """A button per card design in sight, then one per ability keyword printed on them."""
    moves = screen.data.moves
    for design in designs:
        rules_panel.explain_button(GAME, rules_panel.card(design), parts.plain(moves[design].name),
                                   key=f"rule_rp_card_{design}", width="content")  # fmt: skip
    for ability in dict.fromkeys(moves[d].keyword for d in designs if moves[d].keyword):
        word = rulebook(GAME).game.keyword("ability", ability)
        rules_panel.explain_button(GAME, rules_panel.keyword("ability", ability),
                                   f"✦ {parts.plain(word.name if word else ability)}",
                                   key=f"rule_rp_kw_{ability}", width="content")  # fmt: skip


def glossary() -> None:
    """Every word of the glossary, by set, each opening its text and the rulings on it."""
    book = rulebook(GAME)
    for set_id in SETS:
        words = book.game.keywords.get(set_id, {})
        if not words:
            continue
        with st.container(horizontal=True, gap="small"):
            for word_id, word in words.items():
                rules_panel.explain_button(GAME, rules_panel.keyword(set_id, word_id),
                                           parts.plain(word.name),
                                           key=f"rule_rp_word_{set_id}_{word_id}",
                                           width="content")  # fmt: skip
