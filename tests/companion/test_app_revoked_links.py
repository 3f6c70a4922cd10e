"""Links that stop working when the table makes new codes (issue "Secrets that hold", item 3),
through the real pages on both databases: a phone already open on a seat link, or a tablet on an
old table key, loses the game at its next rerun (the page's one-second glance is one), shows one
line saying why and nothing of the seat, and a tap it still had on screen is refused and saved
nowhere. A watcher's link and the table that made the codes go on as before.

The strongest check is the twins' (as in `test_app_vita_luna_seats`): two games that differ only
in Player 2's hand give Player 2's revoked phone the very same element tree, so nothing of the
hand is left on it.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.screens import session
from companion.store import GameStore, seat_key

from .apptest import APP, open_app, tap
from .card_game_pages import tree
from .test_app_vita_luna_seats import OTHER_P2_HAND, P2, P2_HAND, dealt, screen, text, twins
from .test_app_vita_luna_seats import home as twin_home


@pytest.fixture
def where(location, monkeypatch) -> Iterator[Path | str]:
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(location))
    streamlit.cache_resource.clear()  # the store is cached per process, across AppTests
    yield location
    streamlit.cache_resource.clear()


def stored_length(where: Path | str, gid: str) -> int:
    with GameStore(where) as store:
        return store.get(gid).length  # type: ignore[union-attr]


def plays(at: AppTest) -> list[str]:
    return [b.key for b in at.button if (b.key or "").startswith("act_")]


def revoked(at: AppTest) -> bool:
    """The screen says the link no longer plays, in one line, and shows nothing of the game."""
    assert not at.exception, at.exception
    assert [e.value for e in at.error] == [session.REVOKED]
    assert not plays(at) and not at.warning and not at.markdown
    return session.MATCH not in at.session_state


def new_codes(where: Path | str, gid: str) -> None:
    """The table makes new codes, as "Continue" on another device does."""
    with GameStore(where) as store:
        store.grant(gid)


def test_new_codes_take_the_game_from_an_open_seat_link(where):
    table = tap(open_app(), "new_moonlighter")
    gid, key = table.session_state[session.GID], table.query_params[session.KEY]
    phone = open_app(gid, seat_key(key, gid, 0))
    watcher = open_app(gid)
    assert "act_roll_tile_v4" in plays(phone)
    new_codes(where, gid)
    before = stored_length(where, gid)
    phone.button(key="act_roll_tile_v4").click().run()  # still on its screen: refused
    assert revoked(phone)
    assert stored_length(where, gid) == before
    phone.run()  # a rerun, as the page's glance makes one: still nothing
    assert revoked(phone)
    watcher.run()
    assert not watcher.error and watcher.markdown  # a watcher's link has no key to lose


def test_undo_from_a_revoked_link_is_refused_and_saves_nothing(where):
    table = tap(tap(open_app(), "new_moonlighter"), "act_roll_tile_v4")
    gid, key = table.session_state[session.GID], table.query_params[session.KEY]
    phone = open_app(gid, seat_key(key, gid, 0))
    assert not phone.button(key="ml_undo").disabled
    new_codes(where, gid)
    phone.button(key="ml_undo").click().run()
    assert revoked(phone)
    assert stored_length(where, gid) == 1


def test_a_table_on_an_old_key_loses_the_game_to_the_one_that_made_new_codes(where):
    """Continue on a second tablet makes new codes: the first tablet's key is an old one now."""
    first = tap(open_app(), "new_moonlighter")
    gid = first.session_state[session.GID]
    second = AppTest.from_file(str(APP), default_timeout=30)
    second.session_state["host_mine"] = {gid}  # opened on this device too: listed without a PIN
    second.run()
    second = tap(second, f"open_{gid}")
    assert second.session_state[session.GID] == gid
    first.button(key="act_roll_tile_v4").click().run()
    assert revoked(first)
    assert stored_length(where, gid) == 0
    second = tap(second, "act_roll_tile_v4")  # the table that made the codes plays on
    assert stored_length(where, gid) == 1 and not second.error


home = twin_home  # the twins' fixture: fixed game ids and keys


def test_the_revoked_phone_shows_nothing_of_the_hand_it_held(home, monkeypatch):
    """hidden_hands: Player 2's phone, open on its link while two twin games differ only in
    Player 2's hand, shows the hand (the screens differ) until new codes are made, and then the
    very same screen in both."""
    pair = twins(home, dealt(P2_HAND), dealt(OTHER_P2_HAND))
    phones = [screen(home, saved, saved.seat(P2)) for saved in pair]
    assert tree(phones[0]) != tree(phones[1])  # each shows its own hand
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n=32: "N" * 32)  # the new codes
    for saved, phone in zip(pair, phones, strict=True):
        home.env.setenv("CARDGEN_COMPANION_DB", str(saved.db))
        streamlit.cache_resource.clear()
        new_codes(saved.db, saved.gid)
        phone.run()
        assert revoked(phone)
    assert tree(phones[0]) == tree(phones[1])
    shown = text(phones[0]) + " ".join(e.value for e in phones[0].error)
    assert not any(card.split(".")[0] in shown.lower() for card in P2_HAND + OTHER_P2_HAND)
