"""Two devices on one game through the real pages, on SQLite and on PostgreSQL: a move on one
shows on the other at its next glance at the store (the page's one-second `follow`), and a tap
from a device that had not caught up is refused without overwriting anything."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.screens import session
from companion.store import GameStore, seat_key

from .apptest import open_app, tap


@pytest.fixture
def where(location, monkeypatch) -> Path | str:
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(location))
    streamlit.cache_resource.clear()  # the store is cached per process, across AppTests
    yield location
    streamlit.cache_resource.clear()


def log(at: AppTest) -> list[dict]:
    return at.session_state[session.MATCH].log


def test_a_move_on_one_device_shows_on_the_other(where):
    table = open_app()
    table = tap(table, "new_moonlighter")
    gid, key = table.session_state[session.GID], table.query_params[session.KEY]
    phone = open_app(gid, seat_key(key, gid, 0))
    watcher = open_app(gid)
    tap(phone, "act_roll_tile_v4")
    for other in (table, watcher):
        other.run()  # the page's glance at the store, as its timer would make it
        assert log(other) == [{"type": "roll_tile", "value": 4}]
    assert "act_place_tile_x1_y0" in {b.key for b in table.button}
    assert not [b for b in watcher.button if (b.key or "").startswith("act_")]
    stale = open_app(gid, key)
    tap(table, "act_place_tile_x1_y0")
    tap(stale, "act_place_tile_x0_y1")  # drawn before the table's move: refused, reloaded
    assert [w.value for w in stale.warning] == [
        "the game changed on another device; it has been reloaded"
    ]
    stored = GameStore(where).load_match(gid)[1].log
    assert stored == log(table) == log(stale)
    assert stored[-1] == {"type": "place_tile", "x": 1, "y": 0}


def test_a_running_game_with_secrets_is_not_exported_until_it_is_over(where):
    """Its log and seed hold every hand and bid: the chooser offers the export only at the end."""
    from companion.engine import Match
    from companion.games.vita_luna import VitaLunaRules

    store = GameStore(where)
    running = Match.start(VitaLunaRules(), {"mode": "basic"}, seed=3)
    running.play({"type": "deal"})
    secret = store.create(running)
    over = Match.start(VitaLunaRules(), {"mode": "basic"}, seed=3)
    rng = random.Random(3)
    while not over.outcome().over:  # a whole game, played at random to its end
        over.play(over.rules.sample_action(over.state, rng), trusted=True)
    finished = store.create(over)
    store.host.set("2468")  # games of other devices are listed only once the host's PIN is in
    chooser = open_app()
    chooser.text_input(key="host_pin_try").input("2468")
    next(b for b in chooser.button if b.label == "Show all saved games").click().run()
    exports = {b.proto.id.rsplit("export_", 1)[-1]: b.proto.disabled
               for b in chooser.get("download_button")}  # fmt: skip
    assert exports == {secret: True, finished: False}
    shown = [c.value for c in chooser.caption]
    assert "Export once the game is over: it holds every hand and bid." in shown
