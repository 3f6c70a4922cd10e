"""Vita Luna's page with seats, driven headless (streamlit.testing AppTest): each player on their
own device, the shared tablet with its "pass the tablet" covers, and a screen that only watches.

The strongest check is information-set invariance on the page itself: two saved games that differ
only in what one screen may not see (the other player's sealed bid, their hand, the cards they put
face down) give that screen the very same element tree, every text, label, key and disabled flag.
The twins are saved in two databases under the same game id and table key, so even the seat links
and their QR codes agree.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from html import unescape
from pathlib import Path
from types import SimpleNamespace

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.vita_luna import VitaLunaRules
from companion.screens import session
from companion.screens.keys import DRAFT
from companion.store import GameStore, seat_key

from . import card_game_pages as pages
from .apptest import open_app, seeded_tables, tap

SEED = 7
RULES = VitaLunaRules()
BASIC = {"mode": "basic", "extended": False, "opponent": "two"}
ADVANCED = {"mode": "advanced", "extended": False, "opponent": "two"}
P1, P2 = 0, 1
P1_HAND = ["wolf.1", "fox.1", "rat.1", "rock.1", "gyr_falcon.1", "anaconda.1"]
P2_HAND = ["wolf.2", "fox.2", "porcupine.1", "tortoise.1", "cheetah.1", "armadillo.1"]
OTHER_P2_HAND = ["wolf.3", "rat.2", "porcupine.2", "tortoise.2", "ibex.1", "cheetah.2"]  # colours
PLAYING = ("act_", "vl_pick_", "vl_bid_", "vl_cover", "vl_mover_", "vl_sing_", "vl_trader_",
           "vl_new", "vl_hide", "vl_cancel")  # fmt: skip
SEALED = "A sealed bid cannot be taken back."
REVEALED = "Both bids are revealed: they stand and cannot be taken back."


@dataclass
class Saved:
    """A game saved in its own database: its id and the table's key."""

    db: Path
    gid: str
    key: str

    def seat(self, seat: int) -> str:
        return seat_key(self.key, self.gid, seat)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Iterator[SimpleNamespace]:
    """Fixed ids and keys, so two twin games get the same id and links in their databases."""
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n=32: "TwinGame" if n == 6 else "K" * 32)
    seeded_tables(monkeypatch, SEED)
    streamlit.cache_resource.clear()
    yield SimpleNamespace(tmp=tmp_path, env=monkeypatch)
    streamlit.cache_resource.clear()


def save(home: SimpleNamespace, match: Match, name: str) -> Saved:
    db = home.tmp / f"{name}.sqlite"
    store = GameStore(db)
    gid = store.create(match)
    return Saved(db, gid, store.grant(gid))


def screen(home: SimpleNamespace, saved: Saved, key: str | None) -> AppTest:
    """The page as a device holding `key` opens it (None: a watcher), in a fresh session."""
    home.env.setenv("CARDGEN_COMPANION_DB", str(saved.db))
    return open_app(saved.gid, key)


def text(at: AppTest) -> str:
    parts = [e.value for e in (*at.html, *at.markdown, *at.info, *at.caption)]
    return unescape("\n".join(parts + [b.label for b in at.button]))


def keys(at: AppTest, prefix: str) -> list[str]:
    return [b.key for b in at.button if b.key and b.key.startswith(prefix)]


def expanders(at: AppTest) -> list[str]:
    return [e.label for e in at.expander]


def undo(at: AppTest) -> tuple[bool, list[str]]:
    """Whether Undo is disabled, and what is said under it."""
    return at.button(key="vl_undo").disabled, [c.value for c in at.caption if c.value == SEALED]


# --- the twins -----------------------------------------------------------------------------------


def bid_of(amount: int) -> Match:
    """The advanced game's first bid: Player 1 has sealed `amount`, Player 2 is to bid."""
    match = Match.start(RULES, ADVANCED, seed=SEED)
    match.play({"type": "first_bidder", "bidder": P1})
    match.play({"type": "bid", "player": P1, "amount": amount})
    return match


def dealt(p2_hand: list[str]) -> Match:
    match = Match.start(RULES, BASIC, seed=SEED)
    match.play({"type": "deal", "hands": [P1_HAND, p2_hand]})
    return match


def place(match: Match, player: int, *spots: tuple[str, str, int]) -> Match:
    for card, row, position in spots:
        match.play({"type": "place", "player": player, "card": card, "row": row,
                    "position": position})  # fmt: skip
    match.play({"type": "ready", "player": player})
    return match


def face_down(p2_grey: str) -> Match:
    """Player 2 attacks and has placed, with `p2_grey` face down on grey 1; Player 1 places."""
    hand = [p2_grey if c == "fox.2" else c for c in P2_HAND]
    match = dealt(hand)
    match.play({"type": "first_attacker", "attacker": P2})
    spots = [(p2_grey, "grey", 0), ("wolf.2", "white", 0), ("cheetah.1", "white", 1),
             ("porcupine.1", "grey", 1)]  # fmt: skip
    return place(match, P2, *spots)


def battle(p2_grey: str) -> Match:
    """The same, both sides placed: Player 2's first turn."""
    spots = [("wolf.1", "white", 0), ("rock.1", "white", 2), ("fox.1", "grey", 0)]
    return place(face_down(p2_grey), P1, *spots)


def twins(home: SimpleNamespace, a: Match, b: Match) -> tuple[Saved, Saved]:
    """The two games, each in a database of its own (a tap on one screen plays in its twin's
    game only), under the same id and keys."""
    home.count = getattr(home, "count", 0) + 1
    return save(home, a, f"a{home.count}"), save(home, b, f"b{home.count}")


def assert_same(home, pair: tuple[Saved, Saved], seat: int | None, *taps: str) -> AppTest:
    """The screen of `seat`'s device (None: the shared table; -1: a watcher) is the same element
    for element in both twins, before and after each tap (card_game_pages.assert_same)."""
    return pages.assert_same(home, pair, seat, *taps, check=lambda at: None)


# --- the screen cannot tell the twins apart ------------------------------------------------------


def test_a_sealed_bid_of_1_or_3_gives_player_2_and_the_table_the_same_screen(home):
    """secret_bids, shared_tablet_covers: Player 2's device, the table (covered, then passed to
    Player 2) and a watcher show the same whether Player 1 sealed 1 or 3."""
    pair = twins(home, bid_of(1), bid_of(3))
    phone = assert_same(home, pair, P2)
    assert "Player 1 has made a secret bid: it stays covered until yours is in." in text(phone)
    assert keys(phone, "act_bid_") == ["act_bid_0_1"]
    table = assert_same(home, pair, None, "vl_cover")
    assert "Confirm my bid of 0" in text(table)
    assert_same(home, pair, -1)
    assert "Your bid of 3 is sealed" in text(screen(home, pair[1], pair[1].seat(P1)))


def test_other_cards_of_the_same_colours_give_player_1_the_same_screen(home):
    """hidden_hands: Player 2 dealt other cards of the same colours changes nothing on Player 1's
    device, while choosing the first attacker and while placing."""
    pair = twins(home, dealt(P2_HAND), dealt(OTHER_P2_HAND))
    assert_same(home, pair, P1, "act_first_attacker_0", "vl_pick_wolf-1")
    pair = twins(home, dealt(P2_HAND), dealt(OTHER_P2_HAND))
    assert_same(home, pair, None, "act_first_attacker_0", "vl_cover")


def test_another_card_face_down_gives_every_other_screen_the_same_picture(home):
    """hidden_cards, shared_tablet_covers: Player 2's Fox or Rat face down on grey 1 is one and the
    same card back to Player 1's device, the table (covered and passed to Player 1) and a watcher,
    while Player 1 places and in Player 2's turn, where the table moves it by its position."""
    pair = twins(home, face_down("fox.2"), face_down("rat.2"))
    assert_same(home, pair, P1, "vl_pick_rock-1")
    assert_same(home, pair, None, "vl_cover", "vl_pick_rock-1")
    assert_same(home, pair, -1)
    pair = twins(home, battle("fox.2"), battle("rat.2"))
    assert_same(home, pair, P1)
    assert_same(home, pair, -1)
    table = assert_same(home, pair, None, "vl_mover_grey0")
    assert sorted(keys(table, "act_promote_")) == ["act_promote_grey0_1_2", "act_promote_grey0_1_3"]


# --- the old leaks -------------------------------------------------------------------------------


def test_undo_cannot_open_a_sealed_bid_on_any_device(home):
    """sealed_bids_undo (regressions: Undo stayed offered after a sealed bid on the shared tablet
    and brought back "Confirm my bid of 3" for Player 2; and once both bids were shown, Undo let
    the second bidder bid again knowing the first)."""
    saved = save(home, Match.start(RULES, ADVANCED, seed=SEED), "game")
    table = tap(tap(screen(home, saved, saved.key), "act_first_bidder_0"), "vl_cover")
    table = tap(tap(table, "vl_bid_set_3"), "act_bid_3_0")
    assert DRAFT not in table.session_state  # the draft went with the bid
    assert undo(table) == (True, [SEALED])
    assert "Pass the tablet to Player 2." in text(table) and "bid of 3" not in text(table)
    table = tap(table, "vl_cover")
    assert "Confirm my bid of 0" in text(table) and "3" not in keys(table, "act_bid_")[0]
    for seat in (P1, P2):
        assert undo(screen(home, saved, saved.seat(seat))) == (True, [SEALED])
    table = tap(table, "act_bid_0_1")  # revealed: both bids stand
    assert "Player 1 bid<b>3</b>" in text(table) and undo(table) == (True, [])
    assert REVEALED in text(table)
    for seat in (P1, P2):
        phone = screen(home, saved, saved.seat(seat))
        assert phone.button(key="vl_undo").disabled and REVEALED in text(phone)


def test_nobody_opens_another_players_cards(home):
    """hidden_hands, shared_tablet_covers (regression: the expander "Player 2's cards (only
    Player 2 looks)" opened for anyone at any time)."""
    saved = save(home, face_down("fox.2"), "game")
    table = screen(home, saved, saved.key)
    assert expanders(table) == ["Each player on their own device"]  # Player 1 is covered
    assert expanders(tap(table, "vl_cover")) == ["Your cards, Player 1",
                                                 "Each player on their own device"]  # fmt: skip
    assert expanders(screen(home, saved, saved.seat(P2))) == ["Your cards, Player 2"]
    assert expanders(screen(home, saved, None)) == []
    phone = screen(home, saved, saved.seat(P1))
    assert expanders(phone) == ["Your cards, Player 1"]
    assert not any(name in text(phone) for name in ("Porcupine", "Tortoise", "Armadillo"))


def test_grey_cards_are_backs_to_the_eyes_that_may_not_see_them(home):
    """hidden_cards (regression: in a battle the acting player's grey cards were drawn face up,
    labelled "face down", on the shared screen)."""
    saved = save(home, battle("fox.2"), "game")
    table = screen(home, saved, saved.key)
    page = text(table)
    backs = len(re.findall(r"(black|blue|red) card</text>", page))
    assert backs == 3  # Player 2's two greys (its turn) and Player 1's one
    assert page.count(">face down</text>") == backs  # no creature drawn face up "face down"
    assert "Fox" not in page and "Porcupine" not in page  # the grey cards, and no one else's
    assert "Grey 1 (face down)" in text(table)
    phone = text(screen(home, saved, saved.seat(P1)))
    assert len(re.findall(r"(black|blue|red) card</text>", phone)) == 2  # Player 2's
    assert "Fox" in phone and "Porcupine" not in phone  # Player 1's own grey card, face up


def test_the_log_says_only_what_the_table_saw(home):
    """hidden_cards: the log is the engine's public sentences: a card put face down is never
    named, on any device."""
    saved = save(home, battle("fox.2"), "game")
    for key in (saved.key, saved.seat(P1), None):
        log = [m.value for m in screen(home, saved, key).markdown if m.value.startswith("**")]
        said = "\n".join(log)
        assert "Player 2 places a card face down on grey position 1." in said
        assert "Fox" not in said and "Porcupine" not in said


def between_battles() -> Match:
    """A basic game played on to the end of its first battle, the rewards drawn."""
    match = dealt(P2_HAND)
    match.play({"type": "first_attacker", "attacker": P1})
    for _ in range(300):
        if match.state.phase == "between":
            return match
        legal = match.legal_actions()
        kinds = [a for a in legal if a["type"] in ("place", "attack", "reward")]
        white = [a for a in kinds if a.get("row") == "white"]
        match.play((white or kinds or legal)[0])
    raise AssertionError("the first battle did not end")


def test_a_trade_is_chosen_behind_its_players_cover(home):
    """trades, shared_tablet_covers, own_device: on the shared tablet a trade shows the trader's
    black cards only once the trader holds the tablet, and hides them again; on the trader's own
    device at once."""
    saved = save(home, between_battles(), "game")
    table = screen(home, saved, saved.key)
    assert keys(table, "vl_trader_") == ["vl_trader_0", "vl_trader_1"]
    assert not keys(table, "act_trade_") and "act_next_battle" in keys(table, "act_")
    table = tap(table, "vl_trader_0")
    assert "Pass the tablet to Player 1." in text(table) and not keys(table, "act_")
    table = tap(table, "vl_cover")
    trades = keys(table, "act_trade_")
    assert trades and all(k.endswith("_0") for k in trades)
    assert "Your cards, Player 1" in expanders(table)
    table = tap(table, "vl_hide")
    assert not keys(table, "act_trade_") and "Your cards, Player 1" not in expanders(table)
    phone = screen(home, saved, saved.seat(P2))
    assert not keys(phone, "vl_trader_") and keys(phone, "act_trade_")
    assert all(k.endswith("_1") for k in keys(phone, "act_trade_"))


# --- each player on their own device, and a watcher ----------------------------------------------


def test_each_player_plays_from_their_own_device(home):
    """own_device, seat_actions: no covers on a player's device, only that seat's actions (and
    the table's and chance's), and Undo only for that seat's own last move."""
    saved = save(home, Match.start(RULES, BASIC, seed=SEED), "game")
    one = screen(home, saved, saved.seat(P1))
    assert "Player 1's screen" in text(one)
    one = tap(one, "act_deal")  # chance's: any device deals
    two = screen(home, saved, saved.seat(P2))
    assert sorted(keys(two, "act_")) == ["act_first_attacker_0", "act_first_attacker_1"]
    two = tap(two, "act_first_attacker_0")
    one = screen(home, saved, saved.seat(P1))
    assert "Pass the tablet" not in text(one) and keys(one, "vl_pick_")
    one = tap(tap(one, keys(one, "vl_pick_")[0]), keys(one, "act_place_")[0])
    two = screen(home, saved, saved.seat(P2))
    assert keys(two, "act_") == [] and keys(two, "vl_pick_") == []  # nothing for Player 1
    assert "Player 1 (attacker: places first) is placing creatures." in text(two)
    assert two.button(key="vl_undo").disabled
    assert "Only Player 1 can take back the last move." in text(two)
    assert not one.button(key="vl_undo").disabled
    log = len(session_match(one).log)
    one = tap(one, "vl_undo")
    assert len(session_match(one).log) == log - 1


def test_player_2s_device_never_acts_for_player_1(home):
    """seat_actions: in Player 1's turn, Player 2's device offers none of Player 1's moves."""
    saved = save(home, battle("fox.2"), "game")
    saved_match = GameStore(saved.db).load_match(saved.gid)[1]
    saved_match.play({"type": "attack", "player": P2})
    GameStore(saved.db).save(saved.gid, saved_match, GameStore(saved.db).version(saved.gid))
    two = screen(home, saved, saved.seat(P2))  # opened afresh: nothing left to walk through
    assert "Player 1's turn." in text(two)
    assert keys(two, "act_") == [] and not keys(two, "vl_mover_") and not keys(two, "vl_sing_")
    one = screen(home, saved, saved.seat(P1))
    assert "act_attack_0" in keys(one, "act_") and keys(one, "vl_mover_")


@pytest.mark.parametrize("match", [bid_of(2), face_down("fox.2"), battle("fox.2")],
                         ids=["bidding", "placing", "battle"])  # fmt: skip
def test_a_watcher_has_no_buttons_that_play(home, match):
    """watching_screen: the game's id alone shows the public view and nothing to tap that plays."""
    saved = save(home, match, "game")
    at = screen(home, saved, None)
    assert [b.key for b in at.button if b.key and b.key.startswith(PLAYING)] == []
    assert at.button(key="vl_undo").disabled
    assert session.WATCHING in text(at) and "watching" in text(at)


def session_match(at: AppTest) -> Match:
    return at.session_state[session.MATCH]


def test_against_the_app_a_players_own_device_takes_back_the_apps_answer_too(home):
    """own_device: the app's moves belong to no device, so Undo on Player 1's phone takes back
    Player 1's last move together with the app's answer to it."""
    match = dealt(P2_HAND)
    match.options["opponent"] = "app"
    match.play({"type": "first_attacker", "attacker": P1})
    match.play({"type": "place", "player": P1, "card": "wolf.1", "row": "white", "position": 0})
    saved = save(home, match, "app")
    phone = screen(home, saved, saved.seat(P1))
    phone = tap(phone, "act_ready_0")  # the app places its side at once
    after = GameStore(saved.db).load_match(saved.gid)[1].log
    assert after[3] == {"type": "ready", "player": P1} and len(after) > 4
    disabled, said = undo(phone)
    assert not disabled and said == []
    phone = tap(phone, "vl_undo")
    assert GameStore(saved.db).load_match(saved.gid)[1].log == after[:3]
