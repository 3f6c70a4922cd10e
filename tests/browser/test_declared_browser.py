"""A game declared in its data, in a real browser: the duel of tests/companion/declared_games.py
at both tablet sizes (the cover, the turn, the table, no sideways scroll and no touch target under
44 px), then the shared tablet with two phones joined from the QR codes' links, each phone
showing its own hand and the other's face down, a draw on one phone showing on the other."""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest

from tests.companion.declared_games import write_all

from . import pages
from .conftest import TABLETS, Server, _serving, shoot, wait_for_app
from .pages import on_tablet, press, settle
from .test_vita_luna_devices import PHONE, TABLET, device, seat_links

pytestmark = pytest.mark.slow

start_game = partial(pages.start_game, "duel")
snap = partial(pages.snap, "declared")


@pytest.fixture
def declared_server(tmp_path: Path, monkeypatch) -> Iterator[Server]:
    """The companion with the declared test games in its data root."""
    monkeypatch.setenv("CARDGEN_DATA", str(write_all(tmp_path / "data")))
    yield from _serving(tmp_path / "games.sqlite")


@pytest.mark.parametrize("orientation", sorted(TABLETS))
def test_a_declared_duel_at_tablet_size(declared_server, browser, orientation):
    with on_tablet(browser, orientation) as page:
        start_game(page, declared_server.url)
        assert "Duel · setting up" in page.inner_text("body")
        press(page, "act_shuffle")
        assert "Pass the tablet to Ann." in page.inner_text("body")
        snap(page, f"covered-{orientation}")
        press(page, "dc_cover")
        assert "Ann's turn" in page.inner_text("body")
        snap(page, f"draw-{orientation}")
        press(page, "act_draw_")
        press(page, "act_end_phase_")
        snap(page, f"main-{orientation}")
        press(page, "act_roll_")
        assert "Ann rolls Die" in settle(page)


def test_a_declared_duel_with_two_phones(declared_server, browser):
    table_context, table = device(browser, TABLET)
    contexts = [table_context]
    try:
        start_game(table, declared_server.url)
        press(table, "act_shuffle")
        ann_link, ben_link, _ = seat_links(table)
        phones = [device(browser, PHONE, link) for link in (ann_link, ben_link)]
        contexts += [c for c, _ in phones]
        (_, ann), (_, ben) = phones
        for phone in (ann, ben):
            wait_for_app(phone)
            text = settle(phone)
            assert "Pass the tablet" not in text and "3 face down" in text
        assert pages.has(ann, "act_draw_") and not pages.has(ben, "act_draw_")
        press(ann, "act_draw_")
        for _ in range(40):  # Ben's phone follows by itself, within about a second
            if "4 face down" in ben.inner_text("body"):
                break
            ben.wait_for_timeout(150)
        assert "4 face down" in ben.inner_text("body")
        pages.check_layout(ann)
        pages.top(ann)
        shoot(ann, "declared-phone")
    finally:
        for context in contexts:
            context.close()
