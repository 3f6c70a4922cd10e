"""Names full of Markdown, through the real app ("Secrets that hold", item 5).

Each playable game is played some random legal moves with two players' names that are text but
hold Markdown, HTML, math, icons, emoji or bare links (`tests/hostile/saves.py`), exported and
imported again (the import checks names), and opened as the shared table, as a seat's own device
and as the table view; the chooser lists saved games under such names. On every page, each name
shows, and shows only as text: every element that reads Markdown (markdown, captions, alerts,
button labels, tooltips, expanders) holds it escaped (`parts.plain`) and never as typed, none
holds an unescaped link or image; HTML holds it HTML-escaped; Markdown that carries HTML holds it
inside one HTML block, where Markdown is not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import escape
from pathlib import Path

import pytest
from google.protobuf.message import Message
from streamlit.testing.v1 import AppTest

from companion import registry
from companion.engine import Match
from companion.screens.host import MINE
from companion.screens.keys import VIEW
from companion.screens.parts import plain
from companion.store import GameStore, seat_key

from ..hostile.saves import NAMES, PLAYER_NAMES
from .apptest import APP, open_app
from .engine_checks import random_play

TWO_PLAYERS = ("vita_luna", "va_card_game", "luturas", "riposte")
DEPTHS = (0, 9, 24, 60)  # random legal moves played before the pages are opened
MARKDOWN_FIELDS = {"body", "label", "help", "placeholder", "options", "title"}
UNESCAPED = {
    "a link or an image": re.compile(r"(?<!\\)[\[\]]"),
    "math": re.compile(r"(?<!\\)\$"),
    "code": re.compile(r"(?<!\\)`"),
    "an icon": re.compile(r":material/|:material_"),
    "a colour": re.compile(r":red\["),
    "HTML": re.compile(r"(?<!\\)<img"),
    "a bare link": re.compile(r"https?://|www\.x|@x\."),
}
Texts = list[tuple[str, str]]


def texts(at: AppTest) -> Texts:
    """Every text the page hands the browser, with how the browser reads it: "html" (st.html),
    "html block" (Markdown allowed to carry HTML) or "markdown" (everything else that has words:
    Markdown, captions, alerts, labels, tooltips, expanders, options, dialogs)."""
    found: Texts = []

    def strings(message: Message) -> Iterator[str]:
        for field, value in message.ListFields():
            repeated = not isinstance(value, Message | str | bytes | int | float | bool)
            for item in value if repeated else [value]:
                if isinstance(item, Message):
                    yield from strings(item)
                elif field.name in MARKDOWN_FIELDS and isinstance(item, str):
                    yield item

    def walk(node) -> None:
        proto, kind = getattr(node, "proto", None), getattr(node, "type", "")
        if proto is not None and kind not in ("code", "text"):
            if kind == "html":
                found.append(("html", proto.body))
            elif hasattr(proto, "allow_html") and proto.allow_html:
                found.append(("html block", proto.body))
            else:
                found.extend(("markdown", s) for s in strings(proto))
        for child in getattr(node, "children", {}).values():
            walk(child)

    walk(at._tree)
    return found


def assert_shown_as_text(found: Texts, names: tuple[str, ...]) -> None:
    for name in names:
        as_text, as_html = plain(name), escape(name)
        shown = [t for kind, t in found if (as_text if kind == "markdown" else as_html) in t]
        assert shown, f"{name!r} is not shown"
        for kind, text in found:
            if kind == "markdown" and as_text != name:
                assert name not in text.replace(as_text, ""), (name, text[:300])
            elif kind != "markdown" and as_html != name:
                assert name not in text.replace(as_html, ""), (name, kind, text[:300])
            if kind == "html block" and as_html in text:
                assert text.startswith("<div") and "\n\n" not in text, text[:300]
    for kind, text in found:
        if kind != "markdown":
            continue
        for what, pattern in UNESCAPED.items():
            assert not pattern.search(text), (what, text[:300])


@pytest.fixture
def home(tmp_path: Path, db: Path) -> Path:
    return db


def saved(db: Path, game_id: str, names: tuple[str, ...], moves: int, title: str) -> str:
    """A game of `game_id` under these names, `moves` random legal moves in, exported and
    imported again; its id."""
    game = registry.entry(game_id)
    assert game is not None and game.rules is not None
    match = Match.start(game.rules(), {"names": list(names)} if names else {}, seed=11)
    random_play(match, moves, moves)
    with GameStore(db) as store:
        exported = store.export_json(store.create(match, title))
        return store.import_json(exported)


def table_key(db: Path, gid: str) -> str:
    with GameStore(db) as store:
        return store.grant(gid)


@pytest.mark.parametrize("game_id", TWO_PLAYERS)
@pytest.mark.parametrize("pair", range(len(PLAYER_NAMES)))
def test_players_names_are_shown_as_text_on_every_screen(home: Path, game_id: str, pair: int):
    names = PLAYER_NAMES[pair]
    for moves in DEPTHS:
        gid = saved(home, game_id, names, moves + pair, "Kitchen")
        key = table_key(home, gid)
        for at in (
            open_app(gid, key),  # the shared table
            open_app(gid, seat_key(key, gid, 0)),  # each player's own device
            open_app(gid, seat_key(key, gid, 1)),
            open_app(gid, key, **{VIEW: "table"}),  # the table view
        ):
            assert_shown_as_text(texts(at), names)


@pytest.mark.parametrize("name", [n for n in NAMES if n.strip()], ids=range(len(NAMES) - 1))
def test_a_saved_games_name_is_shown_as_text_on_its_page_and_the_chooser(home: Path, name: str):
    gid = saved(home, "moonlighter", (), 4, name)
    shown = " ".join(name.split())
    assert_shown_as_text(texts(open_app(gid, table_key(home, gid))), (shown,))
    chooser = AppTest.from_file(str(APP), default_timeout=30)
    chooser.session_state[MINE] = {gid}  # opened on this device: listed without the host PIN
    chooser.run()
    assert not chooser.exception, chooser.exception
    assert_shown_as_text(texts(chooser), (shown,))


def test_the_check_finds_a_name_drawn_as_markdown():
    """The checks above are not blind: a name drawn as Markdown, or as HTML, is caught."""
    name = "[a](http://x.test)"
    with pytest.raises(AssertionError):
        assert_shown_as_text([("markdown", f"**{name}** wins")], (name,))
    with pytest.raises(AssertionError):
        assert_shown_as_text([("html", "<b><img src=x onerror=y></b>")], ("<img src=x onerror=y>",))
    with pytest.raises(AssertionError):
        assert_shown_as_text([("html block", f"<svg>{name}</svg>\n\n{name}")], (name,))
    assert_shown_as_text([("markdown", f"**{plain(name)}** wins")], (name,))
