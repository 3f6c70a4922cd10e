"""The chooser's Continue and Delete check on the server that the game is listed on the device
(issue 24, item 2): a seat's phone that sends the callback for a game it was never shown opens
and deletes nothing, whatever the browser sends."""

from __future__ import annotations

from contextlib import nullcontext

import pytest
import streamlit as st

from companion.screens import chooser, host, session


@pytest.fixture
def locked(monkeypatch):
    calls: list[tuple[str, str]] = []
    monkeypatch.setattr(host, "unlocked", lambda: False)
    monkeypatch.setattr(host, "is_mine", lambda gid: gid == "mine")
    monkeypatch.setattr(session, "waiting", nullcontext)
    monkeypatch.setattr(session, "open_as_table", lambda gid: calls.append(("open", gid)))

    class Store:
        def delete(self, gid: str) -> None:
            calls.append(("delete", gid))

    monkeypatch.setattr(session, "store", Store)
    st.session_state.pop(chooser.REFUSED, None)
    return calls


@pytest.mark.parametrize("callback", [chooser._continue, chooser._delete])
def test_a_game_not_listed_here_is_neither_opened_nor_deleted(locked, callback):
    callback("theirs")
    assert locked == []
    _, line = st.session_state[chooser.REFUSED]
    assert chooser.NOT_LISTED in line and "\n" not in line


def test_a_game_opened_here_still_opens_and_deletes(locked):
    chooser._continue("mine")
    chooser._delete("mine")
    assert locked == [("open", "mine"), ("delete", "mine")]
