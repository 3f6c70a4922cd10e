"""The smallest of the table pieces `eyes` is made of: which seat the app plays, who draws the
cards, this device's eyes when no private screen is uncovered, and the covers in front of one
player's private screen on a shared tablet (each game decides *which* screen is private)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from companion.engine.seen import SeenMatch
from companion.registry import entry as game_entry
from companion.screens import session
from companion.screens.keys import COVERS

APP_CARDS, TABLE_CARDS = "app", "table"


@dataclass(frozen=True)
class Private:
    """A screen that is one player's on the shared tablet, and its cover."""

    seat: int
    kind: str  # what the player does there, in the game's words ("hand", "declare" ...)
    token: str  # game, seat and moment: the cover is passed for this one only


def app_seat(seen: SeenMatch) -> int | None:
    """The seat the app plays in this game (the registry says), or None in a game of two people."""
    game = game_entry(seen.rules.game_id)
    if game is None or game.opponents is None:
        return None
    return next(iter(game.opponents(seen.options)), None)


def card_source(seen: SeenMatch, app: int | None) -> str:
    """Who draws the cards: the app always does when it plays a seat."""
    return APP_CARDS if app is not None else str(seen.options.get("cards", APP_CARDS))


def device_eyes(table: session.Table, app: int | None) -> SeenMatch:
    """The eyes of this device when no private screen is uncovered."""
    if table.access.table and app is not None:
        return table.look(1 - app)
    return table.look()  # a player's own seat; the public view for the table and watchers


def keep_only(private: Private | None) -> bool:
    """Whether `private` has been uncovered; every other cover goes back down."""
    passed = st.session_state.get(COVERS) or set()
    kept = passed & ({private.token} if private is not None else set())
    if kept != passed:
        st.session_state[COVERS] = kept
    return bool(kept)
