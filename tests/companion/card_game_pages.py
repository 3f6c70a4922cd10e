"""What the card games' pages have in common under AppTest: the database a test opens them in,
starting a game from the chooser, tapping with the check that only legal actions are offered,
reading what a page says, saving a game set up by the engine and opening it as a given device,
and the twins (two games that differ only in what one screen may not see). `GAMES` describes each
card game's page for the tests written once for all of them (test_app_card_games.py).

Every game is opened as the shared table (its key in the URL) unless a test opens a seat's link.
Action buttons are keyed by their action (`action_key`), so after every tap the page must offer
nothing the engine's legal actions do not contain. The hidden-information tests compare whole
element trees: two saved games that differ only in what one screen may not see must give that
screen the very same tree, every text, label, key and disabled flag; the twins are saved in two
databases under the same game id and keys, so even the seat links and their QR codes agree.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from html import unescape
from types import SimpleNamespace
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.screens import session
from companion.screens.parts import action_key
from companion.store import GameStore, seat_key

from . import apptest

SEED = 7
P1, P2 = 0, 1


@dataclass(frozen=True)
class CardGame:
    """One card game's page as the shared tests see it."""

    gid: str
    prefix: str  # of the page's own button keys: "rp" for rp_cover, rp_undo, rp_back...
    options: dict[str, Any]  # the chooser's defaults, in its order
    chosen: dict[str, Any]  # other choices made at the chooser...
    started: dict[str, Any]  # ...and the options the game is started with
    title: str  # the page's heading for a game started with `chosen`
    phase: str  # its phase...
    opening: tuple[str, ...]  # ...and action buttons
    first: str  # the first action of a game started with the defaults (and `more`)
    reload: tuple[str, ...] = ()  # taps (a prefix: its first button) to a move a reload keeps
    reloaded: str = ""  # what the page says after that move, reloaded
    then: str = "Pass the tablet to Player 2."  # the cover down after the reload
    more: dict[str, Any] = field(default_factory=dict)  # options every test's new game takes
    enabled: bool = False  # every action button shown may be tapped (none shown disabled)


GAMES = {
    g.gid: g
    for g in (
        CardGame(
            "riposte", "rp",
            {"characters": True, "cards": "app", "opponent": "two", "strength": "strong"},
            {"characters": False, "cards": "table"},
            {"characters": False, "cards": "table", "opponent": "two", "strength": "strong"},
            "Riposte · setting up", "deal", (), "act_deal",
            ("act_cast", "rp_cover", "act_character_"),
            "Player 1 keeps a character face down.",
            more={"characters": False},
        ),
        CardGame(
            "va_card_game", "va",
            {"cards": "app", "opponent": "two", "strength": "strong"},
            {"cards": "table"},
            {"cards": "table", "opponent": "two", "strength": "strong"},
            "VA Card Game · setting up", "toss", ("act_toss",), "act_toss",
            ("va_toss_0", "act_deal", "va_cover", "va_hero_", "va_place", "act_prepare_"),
            "Player 1 places a hero face down with no equipment and is ready.",
        ),
        CardGame(
            "luturas", "lt",
            {"mode": "standard", "cards": "app", "opponent": "two", "strength": "strong"},
            {"mode": "fast", "cards": "table"},
            {"mode": "fast", "cards": "table", "opponent": "two", "strength": "strong"},
            "Luturas · round 1, setting up · fast mode", "toss", ("act_toss",), "act_toss",
        ),
        CardGame(
            "vita_luna", "vl",
            {"mode": "basic", "extended": False, "opponent": "two", "strength": "easy"},
            {"mode": "advanced", "extended": True, "opponent": "app"},
            {"mode": "advanced", "extended": True, "opponent": "app", "strength": "easy",
             "names": ["Player 1", "Luna"]},
            "Vita Luna · Before the first battle · Advanced, extended · against the app",
            "first_bidder", ("act_first_bidder_0", "act_first_bidder_1"), "act_deal",
            enabled=True,
        ),
    )
}  # fmt: skip


# --- the database a test opens the app on --------------------------------------------------------


@pytest.fixture
def home(db, monkeypatch) -> SimpleNamespace:
    """A database of its own (conftest's `db`) and a fixed seed."""
    apptest.seeded_tables(monkeypatch, SEED)
    return SimpleNamespace(tmp=db.parent, env=monkeypatch, db=db)


@pytest.fixture
def twin_home(home) -> SimpleNamespace:
    """Fixed game ids and keys too, so twin games saved in two databases get the same id and
    links (and one game per database)."""
    home.env.setattr(secrets, "token_urlsafe", lambda n=32: "TwinGame" if n == 6 else "K" * 32)
    return home


# --- driving the page ----------------------------------------------------------------------------


def new_game(gid: str, tapping: Callable[[AppTest, str], AppTest] | None = None,
             **chosen: Any) -> AppTest:  # fmt: skip
    """A new game of `gid` started at the chooser with the `chosen` options (by `tapping`, a
    game's own tap, or `tap`)."""
    at = apptest.open_app()
    for option, value in chosen.items():
        at.segmented_control(key=f"opt_{gid}_{option}").set_value(value)
    at.run()
    return (tapping or tap)(at, f"new_{gid}")


def tap(at: AppTest, key: str, check: Callable[[AppTest], None] | None = None) -> AppTest:
    """`key` tapped, and the page checked to offer only legal actions (or by a game's `check`)."""
    apptest.tap(at, key)
    (check or assert_only_legal)(at)
    return at


def match_of(at: AppTest) -> Match:
    return at.session_state[session.MATCH]


def keys(at: AppTest, prefix: str = "", live: bool = False) -> list[str]:
    """The keys of the buttons starting with `prefix` (`live`: only those not disabled)."""
    return [b.key for b in at.button
            if b.key and b.key.startswith(prefix) and not (live and b.disabled)]  # fmt: skip


def assert_only_a_new_game(at: AppTest, new: str) -> None:
    """The game is over: no action is offered but `new`, which starts the same game (the same
    options) from the beginning."""
    assert keys(at, "act_") == [] and keys(at, new) == [new]
    options = dict(match_of(at).options)
    at = tap(at, new)
    assert match_of(at).log == [] and match_of(at).options == options


def said(at: AppTest) -> str:
    """Everything the page sends, as written, buttons' words included."""
    parts = [e.value for e in (*at.html, *at.markdown, *at.info, *at.caption, *at.warning)]
    return "\n".join(parts + [b.label for b in at.button])


def text(at: AppTest) -> str:
    """Everything the page says (HTML entities decoded), buttons' words included."""
    return unescape(said(at))


def read(at: AppTest) -> str:
    """Everything the page says, as a reader sees it: markup gone, entities decoded, buttons'
    words included."""
    shown = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", said(at), flags=re.DOTALL)
    shown = re.sub(r"<(?:br|/div|/li|/p)[^>]*>", "\n", shown)
    return re.sub(r"[ \t]+", " ", unescape(re.sub(r"<[^>]+>", "", shown)))


def assert_only_legal(at: AppTest) -> None:
    """Every action button on the page is one of the engine's legal actions, shown once."""
    if session.MATCH not in at.session_state or session.QUERY not in at.query_params:
        return
    shown = keys(at, "act_")
    assert len(shown) == len(set(shown))
    legal = {action_key(a) for a in match_of(at).legal_actions()}
    assert set(shown) <= legal, set(shown) - legal


def shown_actions(at: AppTest) -> list[dict]:
    """The legal actions the page shows a button for."""
    legal = {action_key(a): a for a in match_of(at).legal_actions()}
    return [legal[k] for k in keys(at, "act_")]


def warnings(at: AppTest) -> list[str]:
    return [w.value for w in at.warning]


# --- games saved as the engine set them up, opened as a device -----------------------------------


def save(home: SimpleNamespace, match: Match, name: str = "game") -> SimpleNamespace:
    """`match` saved in a database of its own, with its id and the table's key."""
    db = home.tmp / f"{name}.sqlite"
    store = GameStore(db)
    gid = store.create(match)
    return SimpleNamespace(db=db, gid=gid, key=store.grant(gid))


def screen(home: SimpleNamespace, saved: SimpleNamespace, key: str | None) -> AppTest:
    """The page as a device holding `key` opens it (None: a watcher), in a fresh session."""
    home.env.setenv("CARDGEN_COMPANION_DB", str(saved.db))
    return apptest.open_app(saved.gid, key)


def seat(home: SimpleNamespace, saved: SimpleNamespace, player: int) -> AppTest:
    """The page on `player`'s own device, opened from their seat link."""
    return screen(home, saved, seat_key(saved.key, saved.gid, player))


def stored_log(saved: SimpleNamespace) -> list[dict]:
    return GameStore(saved.db).load_match(saved.gid)[1].log


# --- the screen cannot tell the twins apart ------------------------------------------------------


def tree(at: AppTest) -> list[str]:
    """Every element of the page in order, with all the browser is sent of it."""
    found: list[str] = []

    def visit(node, depth: int) -> None:
        found.append(f"{depth} {node.type} {getattr(node, 'proto', '')}")
        children = getattr(node, "children", None) or {}
        for index in sorted(children):
            visit(children[index], depth + 1)

    visit(at._tree, 0)
    return found


def assert_same(home, pair, seat: int | None, *taps: str,
                check: Callable[[AppTest], None] | None = None) -> AppTest:  # fmt: skip
    """The screen of `seat`'s device (None: the shared table; -1: a watcher) is the same element
    for element in both twins, before and after each tap (each checked as `tap` checks it, or
    by the game's `check`); the first twin's page."""
    shown = []
    for saved in pair:
        if seat is None:
            key = saved.key
        else:
            key = None if seat < 0 else seat_key(saved.key, saved.gid, seat)
        at = screen(home, saved, key)
        pages = [tree(at)]
        for key_tapped in taps:
            pages.append(tree(tap(at, key_tapped, check)))
        shown.append((pages, at))
    (first, at), (second, _) = shown
    assert len(first) == len(second)
    for before, after in zip(first, second, strict=True):
        assert before == after
    return at


def twins(home, a: Match, b: Match) -> tuple[SimpleNamespace, SimpleNamespace]:
    home.count = getattr(home, "count", 0) + 1
    return save(home, a, f"a{home.count}"), save(home, b, f"b{home.count}")


# --- rules at a tap ------------------------------------------------------------------------------


def assert_refusal_cited(at: AppTest, prefix: str, card: str, title: str, reason: str,
                         ruling: str) -> AppTest:  # fmt: skip
    """The card keyed `card` that may not be played: its rule button, "Rule: `title`", opens the
    engine's `reason` and the `ruling`'s words; tapped anyway, it flashes the reason, and the
    flash opens the same rule."""
    from .test_app_rules_at_a_tap import explains

    assert at.button(key=f"rule_why_nofit_{card}").label == f"Rule: {title}"
    shown, said = explains(at, f"rule_why_nofit_{card}")
    assert shown == title and reason in said and ruling in said
    at = tap(at, f"{prefix}_nofit_{card}")  # tapped anyway: the flash cites the ruling too
    assert warnings(at) == [reason]
    assert explains(at, f"rule_why_{prefix}_flash")[0] == title
    return at
