"""Cards typed in from the physical cards (cards "table"): a picker of the 30 designs, and the
copy of each design that goes into the chance action.

The players shuffle the physical deck, so the page asks which card came up, by its design. The
engine names every physical card by a copy id ("scissor_cut.2"), and two copies of a design are
alike in every rule, so any copy the deck may hold will do: `resolve` tries the copies these eyes
cannot place elsewhere until the engine accepts the action (`SeenMatch.check`). Only the copy in
the action depends on that, never what the screen shows: a picker offers the designs these eyes
may still find in the deck, counting only what they see (the other player's cards and the cards
the other player entered in private are never subtracted).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.riposte.data import Move
from companion.screens import parts
from companion.screens.keys import FLASH
from companion.screens.riposte import memory
from companion.screens.riposte.buttons import attempt
from companion.screens.riposte.eyes import Screen
from companion.screens.table import entry as table_entry

Action = dict[str, Any]
PER_ROW = 3


def designs(screen: Screen) -> list[Move]:
    """Every design, by name: how a player finds the card in their hand on the list."""
    return sorted(screen.data.moves.values(), key=lambda m: m.name)


def placed(screen: Screen, with_discard: bool) -> list[str]:
    """The copies these eyes see outside the deck."""
    view = screen.view
    cards: list[str] = [*view["row"], *view["looking"], *view["bottom"], *view["chosen"]]
    cards += [c for side in (*view["hands"], *view["table"]) for c in side]
    if with_discard:
        cards += view["discard"]
    return [c for c in cards if c and c != HIDDEN]


def design_names(screen: Screen, chosen: list[str]) -> list[str]:
    return [screen.data.moves[d].name for d in chosen]


def reshuffles(screen: Screen, count: int) -> bool:
    """Whether drawing `count` cards reaches the discard pile, shuffled into a new deck."""
    view = screen.view
    return view["deck"] + len(view["bottom"]) < count


def free(screen: Screen, count: int, entered: Iterable[str] = ()) -> Counter[str]:
    """How many copies of each design may still come off the deck, as these eyes can tell, less
    the designs already `entered` here (the row, or this player's own cards)."""
    data = screen.data
    left = Counter(data.cards[c].id for c in data.deck)
    left.subtract(data.cards[c].id for c in placed(screen, not reshuffles(screen, count)))
    left.subtract(entered)
    return +left


def resolve(
    screen: Screen, chosen: list[str], build: Callable[[list[str]], Action]
) -> Action | None:
    """The action `build` makes from copies of the `chosen` designs that the engine accepts, or
    None if no copies will do (a card entered that cannot be in the deck)."""
    data = screen.data
    seen = set(placed(screen, False))
    options = [
        table_entry.unseen_first([c for c in data.deck if data.cards[c].id == design], seen)
        for design in chosen
    ]
    return table_entry.first_accepted(screen, options, build)


def short(move: Move) -> str:
    """A design on a picker button: its name, then its attack positions kept on one line."""
    positions = "·".join(str(p) for p in sorted(move.attacks))  # no break inside "1·2·4"
    return f"{move.name} {positions}"


def refusal(names: list[str]) -> str:
    """Why cards entered cannot all have come off the deck (`table.entry.refusal`)."""
    return table_entry.refusal(names)


def play_entered(
    keep: str | None, action: Action | None, why_not: str, again: tuple[str, ...] = ()
) -> None:
    """Callback: play the action the entry made, or say `why_not` when there is none; when it
    is not played, the cards of `again` are entered again (a pick stays picked)."""
    if action is None:
        st.session_state[FLASH] = why_not
    elif attempt(keep, action):
        return
    memory.drop(again)


def chosen_line(screen: Screen, target: str, title: str, most: int) -> list[str]:
    """The cards entered for `target` so far, said above the picker, with Clear."""
    name = lambda d: screen.data.moves[d].name  # noqa: E731
    return table_entry.chosen_line("rp", memory.ENTERED, screen.moment, target, title, most, name)


def picker(screen: Screen, target: str, most: int, left: Counter[str]) -> None:
    """The designs as buttons: a tap adds one to `target` (until it holds `most`)."""
    moment = screen.moment
    chosen = memory.entry(moment).get(target, [])
    full = len(chosen) >= most
    shown = [m for m in designs(screen) if left[m.id] > 0]
    for column, move in parts.in_rows(shown, PER_ROW):
        column.button(parts.plain(short(move)), key=f"rp_design_{target}_{move.id}",
                      width="stretch", wrap=True, disabled=full, on_click=memory.add,
                      args=(moment, target, move.id, most))  # fmt: skip


def one_card(
    screen: Screen, question: str, build: Callable[[list[str]], Action], keep: str | None
) -> None:
    """A picker whose tap plays at once: the card turned up to fill a gap, or drawn."""
    st.markdown(f"**{parts.plain(question)}**")
    left = free(screen, 1)
    for column, move in parts.in_rows([m for m in designs(screen) if left[m.id] > 0], PER_ROW):
        action = resolve(screen, [move.id], build)
        column.button(parts.plain(short(move)), key=f"rp_card_{move.id}", width="stretch",
                      wrap=True, on_click=play_entered,
                      args=(keep, action, refusal([move.name])))  # fmt: skip


def characters(screen: Screen, target: str, most: int) -> None:
    """The characters as buttons, for the cards dealt to one player."""
    moment = screen.moment
    chosen = memory.entry(moment).get(target, [])
    shown = [c for c in sorted(screen.data.characters.values(), key=lambda c: c.name)
             if c.id not in chosen]  # fmt: skip
    for column, character in parts.in_rows(shown, 2):
        column.button(parts.plain(character.name), key=f"rp_design_{target}_{character.id}",
                      width="stretch", wrap=True, disabled=len(chosen) >= most, on_click=memory.add,
                      args=(moment, target, character.id, most))  # fmt: skip
