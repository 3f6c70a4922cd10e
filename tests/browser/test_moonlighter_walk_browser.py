"""A walk on Moonlighter's map in a real browser (issue 31): the server sends only the parts a
walk changes, and the page the browser keeps is the whole game all the same."""

from __future__ import annotations

import pytest
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from companion.engine import Match
from companion.games.moonlighter import MoonlighterRules
from tests.companion.test_app_moonlighter_walk import northwards

from .conftest import wait_for_app
from .pages import on_tablet, open_saved, press, settle

pytestmark = pytest.mark.slow


class Drawn:
    """The elements the server sends the page (a delta with a new element each), counted as
    they come over the websocket. The page's once-a-second glance at the store draws none, so
    it does not blur the count."""

    def __init__(self, page) -> None:
        self.count = 0
        page.on("websocket", lambda socket: socket.on("framereceived", self._received))

    def _received(self, payload: bytes | str) -> None:
        if isinstance(payload, bytes):
            message = ForwardMsg()
            message.ParseFromString(payload)
            if message.WhichOneof("type") == "delta" and message.delta.HasField("new_element"):
                self.count += 1


def cleared_room() -> Match:
    """You stand in a cleared (green) room east of the start, free to walk back to it."""
    match = Match.start(MoonlighterRules(), {})
    match.play({"type": "roll_tile", "value": 3})
    match.play({"type": "place_tile", "x": 1, "y": 0})
    while match.state.phase == "fight":
        match.play({"type": "roll_attack", "value": 2})
    return match


def drawn(page, sent: Drawn, key: str) -> int:
    """Tap the button keyed `key`; how many elements the server sent until the page settled."""
    before = sent.count
    press(page, key)
    return sent.count - before


def here(page) -> str:
    """The words on your square: one square is yours, the one left behind is no longer."""
    squares = page.locator(".st-key-rule_ml_here")
    assert squares.count() == 1
    return squares.locator("button").first.inner_text().strip()


def newest_log_line(page) -> str:
    return page.locator(".st-key-ml_log p").first.inner_text().strip()


def test_a_walk_sends_the_walks_parts_and_the_page_keeps_the_rest(server, browser):
    with on_tablet(browser, "landscape") as page:
        sent = Drawn(page)
        open_saved(page, server.url, server.db, cleared_room())
        page.wait_for_selector(".st-key-rule_ml_here button", timeout=30_000)
        settle(page)
        assert here(page) == "G · you"
        walked = drawn(page, sent, "act_move_x0_y0")
        assert here(page) == "W · you"
        assert newest_log_line(page) == "7. You walked to an empty white room at 0, 0."
        assert "Moonlighter · Dungeon 1 of 5" in page.inner_text("body")  # the header stayed
        for key in ("ml_undo", "rule_ml_card_room", "rule_ml_tile_white", "act_roll_tile"):
            assert page.locator(f".st-key-{key}").count() == 1, key
        # The room card, left as it was drawn, opens the rules of the room walked to.
        page.locator(".st-key-rule_ml_card_room button").tap()
        dialog = page.get_by_role("dialog")
        dialog.wait_for(timeout=30_000)
        assert "White room" in dialog.inner_text()
        press(page, "rule_close")
        whole = drawn(page, sent, "ml_undo")  # an undo runs the whole page
        assert here(page) == "G · you"
        assert newest_log_line(page).startswith("6. You rolled 2 on the attack die")
        assert walked * 3 < whole, (walked, whole)  # a walk sends under a third of a page
        press(page, "act_move_x0_y0")
        page.reload()  # the walk was stored: a reload finds it
        wait_for_app(page)
        settle(page)
        assert here(page) == "W · you"
        assert newest_log_line(page) == "7. You walked to an empty white room at 0, 0."


def test_a_walk_on_one_tablet_shows_on_the_other(server, browser):
    with on_tablet(browser, "landscape") as page, on_tablet(browser, "portrait") as other:
        open_saved(page, server.url, server.db, cleared_room())
        other.goto(page.url)  # the same game and key: a second device at the table
        for device in (page, other):
            device.wait_for_selector(".st-key-rule_ml_here button", timeout=30_000)
            settle(device)
        press(page, "act_move_x0_y0")
        other.wait_for_function(  # its once-a-second glance at the store redraws it
            "() => [...document.querySelectorAll('.st-key-rule_ml_here button')]"
            ".some(b => b.innerText.trim() === 'W · you')",
            timeout=30_000,
        )
        settle(other)
        assert here(other) == "W · you"
        assert newest_log_line(other) == "7. You walked to an empty white room at 0, 0."


def rows_down(page) -> dict[str, int]:
    """How many squares down the map each square stands, by its key."""
    return page.evaluate(
        """() => {
          const grid = document.querySelector('.st-key-ml_map').getBoundingClientRect();
          const one = document.querySelector('.st-key-rule_ml_here').getBoundingClientRect();
          const found = {};
          for (const square of document.querySelectorAll('.st-key-ml_map .stElementContainer')) {
            const key = [...square.classList].find(c => c.startsWith('st-key-')).slice(7);
            const box = square.getBoundingClientRect();
            found[key] = Math.round((box.top - grid.top) / (one.height + 4));
          }
          return found;
        }"""
    )


def test_squares_a_walk_leaves_as_they_were_move_with_the_map(server, browser):
    with on_tablet(browser, "landscape") as page:
        # Six rooms in a column, the map seven rows high: standing in the top room it shows an
        # empty row above; in the bottom room, one below. A walk from the top to the bottom
        # sends the two rows it changed, and the CSS moves the four between down the map.
        open_saved(page, server.url, server.db, northwards(5))
        page.wait_for_selector(".st-key-rule_ml_here button", timeout=30_000)
        settle(page)
        before = rows_down(page)
        assert before["rule_ml_here"] == 1 and before["act_move_x0_y0"] == 6
        press(page, "act_move_x0_y0")
        after = rows_down(page)
        assert after == {"act_move_x0_y5": 0, "act_move_x0_y4": 1, "act_move_x0_y3": 2,
                         "act_move_x0_y2": 3, "act_move_x0_y1": 4, "rule_ml_here": 5}  # fmt: skip
        assert here(page) == "W · you"
