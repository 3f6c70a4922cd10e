"""A game declared in its data played through its page (`companion.screens.declared`) headless:
a whole duel on the shared tablet behind its covers, cards entered at the table by tapping them,
a die typed in, a sealed clash from two devices, the end, and what one seat may not see (the
other's hand) never changing its screen. The games are the small declared games of
declared_games.py, in a scratch data root (`CARDGEN_DATA`)."""

from __future__ import annotations

import re
import secrets
from types import SimpleNamespace
from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.registry import GameEntry, entry

from . import apptest
from . import card_game_pages as pages
from .card_game_pages import keys, match_of, read, tap, warnings
from .declared_games import write_all


@pytest.fixture
def home(db, monkeypatch, tmp_path) -> SimpleNamespace:
    """The card-game pages' home (a database of its own, a fixed seed) with the declared test
    games in a data root of their own."""
    root = write_all(tmp_path / "data")
    monkeypatch.setenv("CARDGEN_DATA", str(root))
    apptest.seeded_tables(monkeypatch, pages.SEED)
    return SimpleNamespace(tmp=db.parent, env=monkeypatch, db=db)


@pytest.fixture
def twin_home(home) -> SimpleNamespace:
    """Fixed game ids and keys, as card_game_pages' twin_home, on this home."""
    home.env.setattr(secrets, "token_urlsafe", lambda n=32: "TwinGame" if n == 6 else "K" * 32)
    return home


def new_game(gid: str, **chosen: Any) -> AppTest:
    return pages.new_game(gid, **chosen)


def stage(at: AppTest) -> str:
    return str(match_of(at).state.stage)


ORDER = ("dc_cover", "act_deal_", "act_draw_", "act_play_", "act_seal_", "act_roll_",
         "act_change_", "act_end_phase_", "act_shuffle", "dc_face_")  # fmt: skip


def play_through(at: AppTest, most: int = 400) -> tuple[AppTest, int]:
    """Tap through the game, the covers passed, one of the first kind of button offered each
    time (varied by the turn), until it is over; how many covers were passed."""
    covers = 0
    for turn in range(most):
        if stage(at) == "over":
            break
        shown = keys(at)
        if "dc_cover" in shown:
            covers += 1
            assert not keys(at, "act_draw_") and not keys(at, "act_play_")  # nothing behind it
        found = next([k for k in shown if k.startswith(p)] for p in ORDER
                     if any(k.startswith(p) for k in shown))  # fmt: skip
        at = tap(at, found[turn % len(found)])
        assert not warnings(at), warnings(at)
    return at, covers


def test_a_whole_duel_is_tapped_through_to_its_end_behind_the_covers(home):
    """The duel on the shared tablet: the app shuffles, each turn behind its cover, only the
    engine's legal actions as buttons worded by the engine, and the end with a new game."""
    at = new_game("duel")
    assert keys(at, "act_") == ["act_shuffle"]
    assert at.button(key="act_shuffle").label == "Shuffle and deal"
    at = tap(at, "act_shuffle")
    assert "dc_cover" in keys(at) and "Pass the tablet to Ann" in read(at)
    assert "3 face down" in read(at)  # both hands hidden on the public screen
    assert "take" not in read(at)  # the public screen names nobody's cards
    at = tap(at, "dc_cover")
    hand = [match_of(at).rules.card_name(c) for c in match_of(at).state.zones["hand"][0]]
    assert f"Ann: take {hand[0]}, {hand[1]} and {hand[2]} from the deck." in read(at)
    assert at.button(key="act_draw_0_0").label == "Draw from Deck"
    assert "Health 12" in read(at) and "Deck 6 cards" in read(at)
    assert "Ann's turn" in read(at) and "Draw" in read(at)
    at, covers = play_through(at)
    assert stage(at) == "over" and covers > 2
    state = match_of(at).state
    assert state.result and state.result in read(at)
    assert keys(at, "act_") == [] and keys(at, "dc_new") == ["dc_new"]
    at = tap(at, "dc_new")
    assert match_of(at).log == []


def test_cards_entered_at_the_table_and_a_die_typed_in(home):
    """cards "table": each seat enters the cards dealt to it, and the card it draws, by tapping
    the card's name; a roll may be the face of a physical die."""
    at = new_game("duel", cards="table")
    at = tap(at, "act_shuffle")
    assert stage(at) == "deal"
    at = tap(at, "dc_cover")
    assert "Ann: which card was dealt into Hand?" in read(at)
    assert at.button(key="act_deal_wolf_0_hand").label == "Wolf"
    for card in ("wolf", "bear", "dragon"):
        at = tap(at, f"act_deal_{card}_0_hand")
        if "dc_cover" in keys(at):
            break
    assert match_of(at).state.zones["hand"][0] == ["wolf", "bear", "dragon"]
    assert "dc_cover" in keys(at) and "Pass the tablet to Ben" in read(at)
    at = tap(at, "dc_cover")
    assert re.search(r"Hand\s+3 face down", read(at))  # Ann's hand, face down on Ben's screen
    assert "act_deal_dragon_1_hand" in keys(at)  # Ben cannot know where the one Dragon is
    for card in ("imp", "imp", "imp"):
        at = tap(at, f"act_deal_{card}_1_hand")
        if "dc_cover" in keys(at):
            at = tap(at, "dc_cover")
    assert stage(at) == "play" and match_of(at).state.zones["hand"][1] == ["imp"] * 3
    assert "Ann: which card came up? (Draw from Deck)" in read(at)
    assert "act_draw_0_dragon_0" not in keys(at)  # the one Dragon is in Ann's hand already
    at = tap(at, "act_draw_0_bear_0")
    at = tap(at, "act_end_phase_0")
    at = tap(at, "dc_face_0_1_6")  # the die rolled at the table showed 6
    assert match_of(at).state.counters["health"][1] == 12 - 6
    assert "Die 6" in read(at) and "Ben's Health: 12 → 6." in read(at)


def test_a_refused_tap_shows_the_engines_reason_in_one_line(home):
    """A button tapped after the game moved on elsewhere (here: Ann's stale End Draw, her draw
    taken back) is refused in the engine's words, naming the declaration."""
    at = new_game("duel")
    at = tap(tap(at, "act_shuffle"), "dc_cover")
    at = tap(at, "act_draw_0_0")
    assert "act_end_phase_0" in keys(at)
    stale = at.button(key="act_end_phase_0")
    match = match_of(at)
    match.rewind(len(match.log) - 1)  # the draw taken back under the page
    stale.click().run()
    assert warnings(at) == ['Phase "Draw" cannot end yet: draw (at least 1).']


def duel_rules() -> Any:
    game = entry("duel")
    assert game is not None and game.rules is not None and game.page == "declared"
    return game.rules()


def shuffled(order: list[str]) -> Match:
    match = Match.start(duel_rules(), {"cards": "app"}, seed=pages.SEED)
    match.play({"type": "shuffle", "order": {"deck": order}})
    return match


def test_what_ben_may_not_see_never_changes_his_screen(twin_home):
    """Two duels that differ only in Ann's hand (and in the deck's hidden order): Ben's device,
    the shared table and a watcher are the same element for element."""
    deck = sorted(duel_rules().board.copies["deck"])
    other = list(deck)
    top = other[-3:]  # Ann is dealt the last three (the top of the deck)
    swap = next(i for i, c in enumerate(other[:-6]) if c not in top)
    other[swap], other[-1] = other[-1], other[swap]
    a, b = shuffled(deck), shuffled(other)
    assert a.state.zones["hand"][0] != b.state.zones["hand"][0]
    assert a.state.zones["hand"][1] == b.state.zones["hand"][1]
    pair = pages.twins(twin_home, a, b)
    at = pages.assert_same(twin_home, pair, 1)
    assert "Ben's screen" in read(at) and "3 face down" in read(at)
    pages.assert_same(twin_home, pair, None)
    pages.assert_same(twin_home, pair, -1)


def clash_to_seal() -> tuple[GameEntry, Match]:
    """The registry's clash and a match of it on the app's cards (the fixed seed), shuffled and
    both first phases ended: the players seal next."""
    game = entry("clash")
    assert game is not None and game.rules is not None
    match = Match.start(game.rules(), {"cards": "app"}, seed=pages.SEED)
    match.play({"type": "shuffle"})
    for seat in (0, 1):
        match.play({"type": "end_phase", "player": seat})
    return game, match


def test_a_sealed_clash_from_two_devices(twin_home):
    """Together order, each player on their own phone: the sealed card is its sealer's alone
    until both have sealed; then the reveal shows both by name."""
    game, match = clash_to_seal()
    saved = pages.save(twin_home, match)
    ann = pages.seat(twin_home, saved, 0)
    assert "dc_cover" not in keys(ann)
    seal = keys(ann, "act_seal_")[0]  # act_seal_<allowance>_<card>_<player>
    assert all(k.endswith("_0") for k in keys(ann, "act_seal_"))
    mine = match.state.zones["hand"][0]
    at = tap(ann, seal)
    card = match_of(at).log[-1]["card"]
    name = game.rules().card_name(card)  # type: ignore[attr-defined]
    assert card in mine and f"sealed {name}, face down" in read(at)
    ben = pages.seat(twin_home, saved, 1)
    assert "has sealed a card" in read(ben) and "sealed " + name not in read(ben)
    assert keys(ben, "act_seal_") and all(k.endswith("_1") for k in keys(ben, "act_seal_"))
    ben = tap(ben, keys(ben, "act_seal_")[0])
    assert "Last reveal" in read(ben) and f"Ann: {name}" in read(ben)


def test_a_duel_against_the_app_has_no_covers_and_ends(home):
    """Against the app the tablet is the one human's: no covers, the app's moves in "just now",
    and the game played to its end."""
    at = new_game("duel", opponent="app")
    at = tap(at, "act_shuffle")
    assert "dc_cover" not in keys(at) and "against the app" in read(at)
    at, covers = play_through(at)
    assert stage(at) == "over" and covers == 0
    assert all(k.endswith("_0") or k == "act_shuffle" for k in keys(at, "act_"))


def test_the_table_views_glance_of_a_declared_game(home):
    """The table view's glance (`declared.glance`): each seat by its deciding counter, the
    turn line, and a hit when health falls."""
    from companion.screens.declared.glance import glance
    from companion.screens.table_view import was_hit

    rules = duel_rules()
    match = shuffled(sorted(rules.board.copies["deck"]))
    before = glance(rules, match.state)
    assert [(s.name, s.value, s.unit) for s in before.sides] == [
        ("Ann", 12, "health"),
        ("Ben", 12, "health"),
    ]
    assert before.turn == "Round 1 · Ann's turn · Draw" and before.sides[0].to_move
    match.play({"type": "draw", "player": 0, "allowed": 0})
    match.play({"type": "end_phase", "player": 0})
    match.play({"type": "roll", "player": 0, "allowed": 1, "value": 4})
    after = glance(rules, match.state)
    assert after.sides[1].value == 8 and was_hit(before, after)


def test_a_solo_race_against_the_clock(home):
    """One seat: its cover passed once for the session, its own hand in sight, the shared
    clock ticking each round, and the game ending by the declaration (won or lost)."""
    at = new_game("solo")
    at = tap(at, "dc_cover")
    assert keys(at, "act_") == ["act_shuffle"]
    at = tap(at, "act_shuffle")
    assert "dc_cover" not in keys(at) and "face down" not in read(at)  # the hand, by name
    assert "Clock 0" in read(at)
    at, covers = play_through(at)
    assert stage(at) == "over" and covers == 0
    assert match_of(at).state.result in read(at)


@pytest.mark.parametrize("gid", ["duel", "clash", "solo"])
def test_each_game_in_the_tables_cards_is_tapped_to_its_end(home, gid):
    """Every declared test game with its cards entered at the table: the deal and each draw
    picked by name on the shared tablet, behind each seat's cover, to the declared end."""
    at = new_game(gid, cards="table")
    if "dc_cover" in keys(at):
        at = tap(at, "dc_cover")
    at, _ = play_through(tap(at, "act_shuffle"), most=600)
    assert stage(at) == "over"


def test_undo_takes_back_a_move_but_never_a_reveal(twin_home):
    """Undo takes back the last move on the shared tablet; once sealed cards are revealed,
    Undo is refused with the engine's reason under it."""
    at = tap(new_game("duel"), "act_shuffle")
    at = tap(tap(at, "dc_cover"), "act_draw_0_0")
    assert len(match_of(at).log) == 2
    at = tap(at, "dc_undo")
    assert len(match_of(at).log) == 1
    _, match = clash_to_seal()
    for seat in (0, 1):
        match.play(next(a for a in match.legal_actions() if a.get("player") == seat))
    assert match.state.revealed[0] is not None
    saved = pages.save(twin_home, match)
    ben = pages.seat(twin_home, saved, 1)
    assert ben.button(key="dc_undo").disabled
    assert "cannot be taken back" in read(ben)


def test_every_piece_of_the_declared_table_opens_its_words(home):
    """The counters, die, deck and places for cards open what the declaration says of them (the
    engine's own bounds and deal, in words); a card seen opens its rules with its picture."""
    from .test_app_rules_at_a_tap import explains

    at = tap(tap(new_game("duel"), "act_shuffle"), "dc_cover")
    health = explains(at, "rule_dc_counter_health_0")
    assert (
        health[0] == "Health" and "starting at 12" in health[1] and "that player loses" in health[1]
    )
    assert "the game ends" in explains(at, "rule_dc_shared_round")[1]
    assert "6 faces: 1, 2, 3, 4, 5, 6" in explains(at, "rule_dc_die_d6")[1]
    assert "Every copy of the Creature cards" in explains(at, "rule_dc_deck_deck_table")[1]
    hand = explains(at, "rule_dc_zone_hand_0")[1]
    assert "only its owner sees these cards" in hand and "starts with 3 cards" in hand
    title, said = explains(at, "rule_dc_held_hand_0_0")
    assert title in {"Wolf", "Bear", "Imp", "Dragon"} and "<img" in said
    assert not keys(at, "rule_dc_held_hand_1_")  # Ben's hand: backs on Ann's turn, never named
