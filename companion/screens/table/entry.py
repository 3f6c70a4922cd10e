"""The entry of cards read off the physical decks, on a card game's page: what has been entered
for a target so far (said above its picker, with Clear), and why entered cards cannot all have
come off the deck, in the page's words (the engine only knows copies).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from itertools import islice, product
from typing import Any

import streamlit as st

from companion.screens import parts
from companion.screens.table.eyes import Screen
from companion.screens.table.memory import Entered

Action = dict[str, Any]
MOST_TRIES = 5000  # copies tried for one action: far more than any deal or draw of three needs


def chosen_line(
    prefix: str,
    entered: Entered,
    moment: Hashable,
    target: str,
    title: str,
    most: int,
    name: Callable[[str], str],
) -> list[str]:
    """The cards entered for `target` at `moment` so far (each said by `name`), above its
    picker, with Clear (`<prefix>_clear_<target>`)."""
    chosen: list[str] = entered.get(moment).get(target, [])
    shown = parts.plain(", ".join(name(d) for d in chosen)) if chosen else "none yet"
    st.markdown(f"**{title}** ({len(chosen)} of {most}): {shown}")
    if chosen:
        st.button("Clear and start again", key=f"{prefix}_clear_{target}", width="stretch",
                  wrap=True, on_click=entered.put, args=(moment, target, []))  # fmt: skip
    return chosen


def refusal(names: list[str], decks: str = "deck") -> str:
    """Why the cards `names` cannot all have come off the deck (`decks`, for more than one)."""
    if len(names) == 1:
        return f"No {names[0]} can come off the deck now: check the card and enter it again."
    listed = f"{', '.join(names[:-1])} and {names[-1]}"
    return f"{listed} cannot all come off the {decks} now: check the cards and enter them again."


def unseen_first(copies: Sequence[str], seen: set[str]) -> list[str]:
    """`copies`, those not `seen` yet first: the likelier ones to be the card entered."""
    return [c for c in copies if c not in seen] + [c for c in copies if c in seen]


def first_accepted(
    screen: Screen[Any],
    options: Sequence[Sequence[str]],
    build: Callable[[list[str]], Action],
    owned: Callable[[tuple[str, ...]], Sequence[Hashable]] = lambda combo: combo,
) -> Action | None:
    """The action `build` makes from one copy out of each of `options`, no copy taken twice
    (told apart as `owned` says: the copies themselves, unless told), that the engine accepts;
    None if none of the first MOST_TRIES ways will do."""
    for combo in islice(product(*options), MOST_TRIES):
        names = owned(combo)
        if len(set(names)) != len(names):
            continue
        action = build(list(combo))
        if screen.seen.check(action) is None:
            return action
    return None
