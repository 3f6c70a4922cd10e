"""Cards typed in from the physical decks (cards "table"): pickers of the hero and equipment
designs, and the copy of each design that goes into the chance action.

The players shuffle their physical decks, so the page asks which cards came up, by design. The
engine names every physical card by a copy id ("broadsword.2"), and two copies of a design are
alike in every rule, so any copy the player's deck may hold will do: `resolve` tries the copies
these eyes cannot place elsewhere until the engine accepts the action (`SeenMatch.check`). Only the
copy in the action depends on that, never what the screen shows: a picker offers the designs a
player may still find in their own deck, counting only their own cards, which their eyes see.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import streamlit as st

from companion.engine.seats import HIDDEN
from companion.games.va_card_game.data import design
from companion.screens import parts
from companion.screens.keys import FLASH
from companion.screens.table import entry as table_entry
from companion.screens.va_card_game import memory
from companion.screens.va_card_game.buttons import keep_tablet, play
from companion.screens.va_card_game.eyes import Screen

Action = dict[str, Any]
Slot = tuple[int, str, str]  # whose deck, "hero" or "gear", and the design entered
PER_ROW = 3


def deck(screen: Screen, p: int, kind: str) -> tuple[str, ...]:
    """Every copy `p`'s hero or equipment deck held when the game began."""
    data = screen.data
    return (data.hero_decks if kind == "hero" else data.gear_decks)[p]


def shown(screen: Screen, p: int) -> list[str]:
    """The copies of `p`'s these eyes see outside the decks."""
    view = screen.view
    cards = [*view["hero_hands"][p], *view["gear_hands"][p], *view["gear"][p], *view["graves"][p]]
    cards.append(view["heroes"][p])
    return [c for c in cards if c and c != HIDDEN]


def free(screen: Screen, p: int, kind: str, entered: Sequence[str] = ()) -> Counter[str]:
    """How many copies of each design may still come off `p`'s deck, as these eyes can tell,
    less the designs already `entered` here."""
    left = Counter(design(c) for c in deck(screen, p, kind))
    left.subtract(design(c) for c in shown(screen, p))
    left.subtract(entered)
    return +left


def names_of(screen: Screen, kind: str) -> dict[str, str]:
    """Each design of a kind with its name, sorted by name: how a player finds a card."""
    data = screen.data
    found = data.heroes if kind == "hero" else data.gear
    by_design = {design(c): card.name for c, card in found.items()}
    return dict(sorted(by_design.items(), key=lambda kv: kv[1]))


def resolve(
    screen: Screen, slots: Sequence[Slot], build: Callable[[list[str]], Action]
) -> Action | None:
    """The action `build` makes from copies of the designs in `slots` that the engine accepts,
    or None if no copies will do (a card entered that cannot be in the deck)."""
    options = [
        table_entry.unseen_first(
            [c for c in deck(screen, p, kind) if design(c) == wanted], set(shown(screen, p))
        )
        for p, kind, wanted in slots
    ]

    def owned(combo: tuple[str, ...]) -> list[tuple[int, str]]:
        return [(slot[0], card) for slot, card in zip(slots, combo, strict=True)]

    return table_entry.first_accepted(screen, options, build, owned)


def by_deck(slots: Sequence[Slot], copies: Sequence[str]) -> dict[tuple[int, str], list[str]]:
    """The copies resolved for `slots`, by player and deck."""
    found: dict[tuple[int, str], list[str]] = {(q, k): [] for q in (0, 1) for k in ("hero", "gear")}
    for (q, kind, _), card in zip(slots, copies, strict=True):
        found[q, kind].append(card)
    return found


def refusal(screen: Screen, slots: Sequence[Slot]) -> str:
    """Why cards entered cannot all have come off the decks (`table.entry.refusal`)."""
    return table_entry.refusal([names_of(screen, kind)[w] for _, kind, w in slots], "decks")


def play_entered(
    keep: str | None, action: Action | None, why_not: str, again: tuple[str, ...] = ()
) -> None:
    """Callback: play the action the entry made, or say `why_not` when there is none and let
    the cards of `again` be entered again."""
    if action is None:
        st.session_state[FLASH] = why_not
        memory.drop(again)
        return
    play(keep, action)


def pass_on(moment: Any, p: int) -> None:
    """The button of a player whose cards are entered, before the other's: pass the tablet."""
    st.button("These are my cards: pass the tablet on", key="va_enter_done", type="primary",
              width="stretch", wrap=True, on_click=memory.put,
              args=(moment, f"ok{p}", True))  # fmt: skip


def play_button(
    screen: Screen, slots: Sequence[Slot], build: Callable[[list[str]], Action], verb: str
) -> None:
    """The last player's button, "These are my cards: `verb`": it plays what `build` makes of
    copies of every card entered (`slots`), or says why none will do."""
    action = resolve(screen, slots, build)
    st.button(f"These are my cards: {verb}", key="va_enter_done", type="primary", width="stretch",
              wrap=True, on_click=play_entered,
              args=(keep_tablet(screen), action, refusal(screen, slots),
                    tuple(f"{k}{q}" for q in (0, 1) for k in ("hero", "gear", "ok"))))  # fmt: skip


def chosen_line(screen: Screen, target: str, kind: str, title: str, most: int) -> list[str]:
    """The cards entered for `target` so far, said above its picker, with Clear."""
    named = names_of(screen, kind)
    moment = screen.entry_moment
    return table_entry.chosen_line(
        "va", memory.ENTERED, moment, target, title, most, named.__getitem__
    )


def picker(screen: Screen, target: str, kind: str, most: int, left: Counter[str]) -> None:
    """The designs as buttons: a tap adds one to `target` (until it holds `most`)."""
    moment = screen.entry_moment
    full = len(memory.entry(moment).get(target, [])) >= most
    offered = [(d, name) for d, name in names_of(screen, kind).items() if left[d] > 0]
    for column, (wanted, name) in parts.in_rows(offered, PER_ROW):
        column.button(parts.plain(name), key=f"va_design_{target}_{wanted}", width="stretch",
                      wrap=True, disabled=full, on_click=memory.add,
                      args=(moment, target, wanted, most))  # fmt: skip


def one_card(
    screen: Screen,
    question: str,
    p: int,
    kind: str,
    build: Callable[[list[str]], Action],
    keep: str | None,
) -> None:
    """A picker whose tap plays at once: the hero card drawn to bring in."""
    st.markdown(f"**{parts.plain(question)}**")
    left = free(screen, p, kind)
    offered = [(d, name) for d, name in names_of(screen, kind).items() if left[d] > 0]
    for column, (wanted, name) in parts.in_rows(offered, PER_ROW):
        slots = [(p, kind, wanted)]
        action = resolve(screen, slots, build)
        why_not = refusal(screen, slots)
        column.button(parts.plain(name), key=f"va_card_{wanted}", width="stretch", wrap=True,
                      on_click=play_entered, args=(keep, action, why_not))  # fmt: skip
