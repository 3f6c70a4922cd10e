"""The Vita Luna page driven headless through the real app (streamlit.testing AppTest).

Every test starts from the chooser with its own SQLite file and taps buttons by key; the chooser
opens each new game as the shared table (its key in the URL). Action buttons are keyed by their
action (`action_key`; a card the screen shows face down by its position), so after every tap the
test checks that the page offers nothing the engine's legal actions do not contain. What every
card game's page does alike (the chooser's options, back to the games) is test_app_card_games.py.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest
import streamlit
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.vita_luna.state import locate
from companion.screens import session
from companion.screens.keys import KEY, WALK
from companion.screens.parts import action_key
from companion.store import GameStore

from . import apptest
from . import card_game_pages as pages
from .card_game_pages import keys, match_of

SEED = 7


@pytest.fixture
def db(tmp_path, monkeypatch) -> Path:
    path = tmp_path / "games.sqlite"
    monkeypatch.setenv("CARDGEN_COMPANION_DB", str(path))
    apptest.seeded_tables(monkeypatch, SEED)
    streamlit.cache_resource.clear()  # the store is cached per process, across AppTests
    yield path
    streamlit.cache_resource.clear()


def open_app(gid: str | None = None, walk: str | None = None, key: str | None = None) -> AppTest:
    return apptest.open_app(gid, key, **{WALK: walk})


def new_game(mode: str = "basic", extended: bool = False, opponent: str = "two") -> AppTest:
    chosen = {"mode": mode, "extended": extended, "opponent": opponent}
    return pages.new_game("vita_luna", tap, **chosen)


def tap(at: AppTest, key: str) -> AppTest:
    return pages.tap(at, key, assert_only_legal)


def assert_only_legal(at: AppTest) -> None:
    """Every action button on the page is one of the engine's legal actions, shown once."""
    if session.MATCH not in at.session_state or session.QUERY not in at.query_params:
        return
    shown = keys(at, "act_")
    assert len(shown) == len(set(shown))
    legal = legal_keys(match_of(at))
    assert set(shown) <= legal, set(shown) - legal
    assert not any(b.disabled for b in at.button if b.key in shown)


def legal_keys(match: Match) -> set[str]:
    """The keys of the legal actions' buttons: a card on grey may be named by its position
    instead (`grey0`), as the shared table screen names the cards it shows face down."""
    found = set()
    data = match.rules.data
    for action in match.legal_actions():
        found.add(action_key(action))
        where = locate(data, match.state, action.get("card", ""))
        if where is not None and where[0] == "grey":
            found.add(action_key(action | {"card": f"grey{where[2]}"}))
    return found


def text(at: AppTest) -> str:
    """Everything the page says, as the player reads it (HTML entities decoded)."""
    parts = [h.value for h in at.html] + [m.value for m in at.markdown] + [i.value for i in at.info]
    return unescape("\n".join(parts))


def log_text(at: AppTest) -> str:
    return unescape("\n".join(m.value for m in at.markdown if m.value.startswith("**")))


def place_all(at: AppTest) -> AppTest:
    """Tap a card, then a position (white first), until the placing player has placed all."""
    player = match_of(at).state.active
    for _ in range(9):
        if match_of(at).state.active != player or not keys(at, "vl_pick_"):
            break
        at = tap(at, keys(at, "vl_pick_")[0])
        spots = keys(at, "act_place_")
        white = [k for k in spots if k.endswith("_white")]
        at = tap(at, (white or spots)[0])
    return at


def walk_through(at: AppTest) -> list[str]:
    """Tap Next until the walk-through is over; the steps shown, one per tap."""
    shown = []
    for _ in range(60):
        if not keys(at, "vl_next"):
            break
        shown.append(walk_step(at))
        at = tap(at, "vl_next")
    return shown


def walk_step(at: AppTest) -> str:
    found = [h.value for h in at.markdown if 'class="vl-walk"' in h.value]
    assert len(found) == 1
    return unescape(found[0])


def start_battle(at: AppTest) -> AppTest:
    at = tap(at, "act_deal")
    at = tap(at, "act_first_attacker_0")
    assert "Pass the tablet to Player 1." in text(at)
    assert not keys(at, "vl_pick_")  # the hand stays covered until Player 1 has the tablet
    at = place_all(tap(at, "vl_cover"))
    assert "Pass the tablet to Player 2." in text(at)
    return place_all(tap(at, "vl_cover"))


# --- a basic battle ------------------------------------------------------------------------------


def test_a_basic_battle_is_played_to_its_end_one_attack_at_a_time(db):
    at = new_game()
    assert keys(at, "act_") == ["act_deal"]
    at = start_battle(at)
    state = match_of(at).state
    assert (state.phase, state.active, state.battle) == ("turn", 0, 1)
    assert sum(1 for c in state.board if c) == 12  # six creatures a side
    page = text(at)
    assert "Player 1's turn: Singular cards first, then moves, then End moves / Attack." in page
    # The shared screen shows every grey card as a back, Player 1's own too (it used to show
    # the acting player's greys face up, labelled "face down", to whoever looked).
    greys = sum(1 for c in state.board[8:] if c)
    assert len(re.findall(r"(black|blue) card</text>", page)) == greys
    assert "Grey 1 (face down)" in [b.label for b in at.button]  # moved by position
    attacks = 0
    for _ in range(80):
        if match_of(at).state.phase != "turn":
            break
        player = match_of(at).state.active
        at = tap(at, f"act_attack_{player}")
        attacks += 1
        entry = len(match_of(at).log) - 1
        said = match_of(at).events[entry]
        if keys(at, "vl_next"):
            first = walk_step(at)
            assert said[0] in first and " · 1 of " in first
            assert said[0] in log_text(at)  # the log shows what was shown ...
            if len(said) > 1:
                assert said[1] not in log_text(at)  # ... and nothing after it
            assert not keys(at, "act_")  # no other buttons while the table mirrors the hits
            steps = walk_through(at)
            assert len(steps) == len(said) or "The battle is over" in steps[-1]
    state = match_of(at).state
    assert state.phase == "reward" and attacks >= 2
    assert "wins the battle" in text(at)
    rewards = keys(at, "act_")
    assert rewards == ["act_reward"]
    at = tap(at, "act_reward")
    assert match_of(at).state.phase == "between"
    assert "act_next_battle" in keys(at, "act_")
    assert [len(match_of(at).state.owned[p]) for p in (0, 1)] == [7, 7]  # a black card each
    at = tap(at, "act_next_battle")
    state = match_of(at).state
    assert (state.battle, state.attacker, state.phase) == (2, 1, "place")
    assert "Vita Luna · Battle 2 · Basic" in text(at)


def test_placing_offers_only_free_positions_and_the_placed_card_leaves_the_hand(db):
    at = tap(tap(new_game(), "act_deal"), "act_first_attacker_1")
    at = tap(at, "vl_cover")
    hand = keys(at, "vl_pick_")
    assert 1 <= len(hand) <= 6
    assert not keys(at, "act_place_")  # positions appear once a card is chosen
    at = tap(at, hand[0])
    spots = keys(at, "act_place_")
    assert len(spots) == 8  # four white and four grey, all free
    at = tap(at, next(k for k in spots if k.endswith("_1_white")))
    state = match_of(at).state
    assert state.board[4 + 1] is not None  # Player 2's white position 2
    at = tap(at, keys(at, "vl_pick_")[0])
    assert len(keys(at, "act_place_")) == 7
    assert not any(k.endswith("_1_white") for k in keys(at, "act_place_"))
    assert "act_ready_1" in keys(at, "act_")


def test_a_turn_offers_singular_cards_and_moves_from_the_legal_actions(db):
    at = start_battle(new_game())
    legal = match_of(at).legal_actions()
    kinds = {a["type"] for a in legal}
    singular = [k for k in ("burn", "swap", "steal", "heal") if k in kinds]
    assert [k.removeprefix("vl_sing_") for k in keys(at, "vl_sing_")] == singular
    assert "heal" not in singular  # nobody is hurt yet
    at = tap(at, "vl_sing_burn")
    burns = [a for a in legal if a["type"] == "burn"]
    aims = sorted("vl_aim_" + action_key(a).removeprefix("act_") for a in burns)
    assert sorted(keys(at, "vl_aim_burn_")) == aims  # a target first, then Confirm
    assert not keys(at, "act_burn_")
    movers = keys(at, "vl_mover_")
    assert movers
    at = tap(at, movers[0])
    assert keys(at, "act_move_") or keys(at, "act_promote_") or keys(at, "act_swap_places_")
    at = tap(at, "vl_cancel")
    at = tap(at, "vl_sing_burn")
    at = tap(at, keys(at, "vl_aim_burn_")[0])
    assert match_of(at).log[-1]["type"] != "burn"  # not yet: Burn asks for a second tap
    target = keys(at, "act_burn_")[0]
    at = tap(at, target)
    assert match_of(at).log[-1]["type"] == "burn"
    assert "plays Burn on" in text(at)
    assert not keys(at, "vl_sing_burn")  # once a game


# --- refusals, undo, reloads ---------------------------------------------------------------------


def test_a_refused_action_shows_the_engines_reason_and_changes_nothing(db):
    at = tap(new_game(), "act_deal")
    gid = at.session_state[session.GID]
    apptest.double_tap(at, "act_first_attacker_0", "act_first_attacker_1")
    match = match_of(at)
    assert [a["type"] for a in match.log] == ["deal", "first_attacker"]
    reason = "First choose who attacks first."
    assert match.check({"type": "first_attacker", "attacker": 1}) != reason
    shown = [w.value for w in at.warning]
    assert shown == [match.check({"type": "first_attacker", "attacker": 1})]
    assert shown == ["Player 1 is placing creatures now."]
    assert GameStore(db).load_match(gid)[1].log == match.log
    at.run()
    assert not at.warning  # shown once


def test_undo_takes_back_a_placement_and_a_whole_attack(db):
    at = start_battle(new_game())
    before = match_of(at).rules.to_json(match_of(at).state)
    at = tap(at, "act_attack_0")
    assert keys(at, "vl_next")
    at = tap(at, "vl_undo")  # in the middle of the walk-through
    assert match_of(at).rules.to_json(match_of(at).state) == before
    assert not keys(at, "vl_next")
    assert at.query_params[WALK] == f"{len(match_of(at).log)}.0"
    at = tap(at, "act_attack_0")  # the same attack again, walked through again from its start
    assert " · 1 of " in walk_step(at)
    log = list(match_of(at).log)
    at = tap(tap(at, "vl_skip"), "vl_undo")
    assert match_of(at).log == log[:-1]
    gid = at.session_state[session.GID]
    assert GameStore(db).load_match(gid)[1].log == log[:-1]


def test_a_reload_resumes_the_same_game_at_the_same_step(db):
    at = start_battle(new_game())
    at = tap(tap(at, "act_attack_0"), "vl_next")
    assert " · 2 of " in walk_step(at)  # the second hit of the turn is on the screen
    gid, walk = at.session_state[session.GID], at.query_params[WALK]
    again = open_app(gid, walk, at.query_params[KEY])  # a new browser session with the same URL
    assert again.session_state[session.MATCH].to_json() == match_of(at).to_json()
    assert [h.value for h in again.markdown] == [h.value for h in at.markdown]
    assert [b.key for b in again.button] == [b.key for b in at.button]
    fresh = open_app(gid, key=at.query_params[KEY])  # no cursor: nothing left to walk
    assert not keys(fresh, "vl_next") and keys(fresh, "act_")


# --- the advanced game's secret bids -------------------------------------------------------------


def test_the_first_bid_stays_covered_until_the_second_is_in(db):
    at = tap(new_game("advanced"), "act_first_bidder_0")
    assert "Pass the tablet to Player 1." in text(at)  # each sealed bid is entered uncovered
    assert not keys(at, "vl_bid_")
    at = tap(at, "vl_cover")
    assert "Player 1: enter your bid (you have 15 markers)" in text(at)
    for _ in range(3):
        at = tap(at, "vl_bid_plus")
    at = tap(tap(at, "vl_bid_set_5"), "vl_bid_plus")
    assert keys(at, "act_bid_") == ["act_bid_6_0"]
    at = tap(at, "act_bid_6_0")
    page = text(at)
    assert "Pass the tablet to Player 2." in page
    assert "Player 1 has made a secret bid." in page
    # what the page says, without its markup and style sheets (the board's tap targets are laid
    # out in percentages, whose digits say nothing)
    words = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    assert not re.search(r"\b6\b", words)  # the 6 is nowhere
    assert not keys(at, "act_bid_") and not keys(at, "vl_bid_")  # no pad behind the cover
    at = tap(at, "vl_cover")
    assert "Player 1 has made a secret bid: it stays covered until yours is in." in text(at)
    assert "Player 2: enter your bid (you have 15 markers)" in text(at)
    assert keys(at, "act_bid_") == ["act_bid_0_1"]  # Player 2's pad starts from 0, not from 6
    at = tap(tap(at, "vl_bid_set_3"), "act_bid_3_1")
    page = text(at)
    assert "Player 1 bid<b>6</b>" in page and "Player 2 bid<b>3</b>" in page
    assert "Player 1 attacks first" in page
    assert keys(at, "act_") == ["act_turn_up"]
    at = tap(at, "act_turn_up")
    state = match_of(at).state
    assert state.phase == "card_bid" and state.lot
    assert f"{match_of(at).rules.data.name(state.lot)}" in text(at)
    assert "Card 1 of 12 turned up (black)" in text(at)
    markers = {at.button(key=f"rule_vl_markers_{p}").label for p in (0, 1)}
    assert markers == {"markers **9**", "markers **12**"}
    assert "Pass the tablet to Player 2." in text(at)  # the other player opens the first card
    assert "Player 2: enter your bid" in text(tap(at, "vl_cover"))


# --- against the app -----------------------------------------------------------------------------


def test_the_app_plays_its_side_without_help(db):
    at = tap(new_game(opponent="app"), "act_deal")
    assert sorted(keys(at, "act_")) == ["act_first_attacker_0", "act_first_attacker_1"]
    assert at.button(key="act_first_attacker_1").label == "Luna attacks first"
    at = tap(at, "act_first_attacker_1")
    state = match_of(at).state
    assert (state.phase, state.active) == ("place", 0)  # Luna has placed everything already
    assert sum(1 for c in state.board[:8] if c) and all(state.board[4:8])
    assert "Luna (the app) places its creatures" in walk_step(at)
    assert "Luna places a card face down" in walk_step(at)  # its greys stay secret
    at = place_all(tap(at, "vl_next"))  # no cover: the app has no eyes
    log = match_of(at).log
    assert any(a["type"] == "attack" and a["player"] == 1 for a in log)  # Luna's first turn
    assert all(a.get("player") != 1 for a in match_of(at).legal_actions())
    steps = walk_through(at)
    assert steps and "Luna attacks · 1 of" in steps[0]
    state = match_of(at).state
    assert state.phase != "turn" or state.active == 0
    for _ in range(40):  # the human ends a few turns; Luna answers each on her own
        if match_of(at).state.phase != "turn":
            break
        at = tap(at, "act_attack_0")
        walk_through(at)
    kinds = [(a["type"], a.get("player")) for a in match_of(at).log]
    assert kinds.count(("attack", 1)) >= 2
    assert not any(k.startswith("act_") and k.endswith("_1") for k in keys(at, "act_attack"))


def test_undo_against_the_app_takes_back_the_apps_reply_too(db):
    at = tap(tap(new_game(opponent="app"), "act_deal"), "act_first_attacker_0")
    assert not keys(at, "vl_cover")  # against the app nobody needs to look away
    at = place_all(at)
    assert walk_through(at)  # Luna placed as the defender; the table mirrors it
    assert match_of(at).state.active == 0
    before = list(match_of(at).log)
    at = tap(at, "act_attack_0")
    walk_through(at)
    assert match_of(at).log[-1] == {"type": "attack", "player": 1}  # Luna has answered
    at = tap(at, "vl_undo")
    assert match_of(at).log == before
    assert match_of(at).state.active == 0 and keys(at, "act_attack_0")


def test_the_apps_bid_stays_hidden_until_the_human_bids(db):
    at = tap(new_game("advanced", opponent="app"), "act_first_bidder_0")
    state = match_of(at).state
    luna = state.bids[1]
    assert luna is not None  # Luna bid at once, in secret
    page = text(at)
    assert "Luna (the app) has made a secret bid: it stays covered until yours is in." in page
    assert "Luna bid" not in page and "Pass the tablet" not in page
    at = tap(at, "act_bid_0_0")
    page = text(at)
    assert f"Luna bid<b>{luna}</b>" in page and "Player 1 bid<b>0</b>" in page
    at = tap(at, "act_turn_up")
    assert match_of(at).state.phase == "card_bid"
    assert match_of(at).state.bids[1] is not None  # Luna bids for the card at once, too
    assert keys(at, "act_bid_") == ["act_bid_0_0"]


# --- the end -------------------------------------------------------------------------------------


def test_the_end_of_the_game_is_announced_with_a_new_game_button(db):
    at = new_game()
    gid = at.session_state[session.GID]
    match = match_of(at)
    match.play({"type": "deal"})
    match.play({"type": "first_attacker", "attacker": 0})
    for _ in range(400):
        if match.state.phase == "over":
            break
        legal = match.legal_actions()
        if match.state.phase == "turn" and match.state.active == 1:
            match.play({"type": "attack", "player": 1})  # Player 2 only ever attacks
            continue
        match.play(_forward(legal))
    assert match.state.phase == "over"
    GameStore(db).save(gid, match, at.session_state[session.VERSION])
    at = open_app(gid, key=at.query_params[KEY])
    winner = match.state.names[match.state.winner]
    assert f"{winner} wins the game!" in text(at)
    assert keys(at, "act_") == []
    at = tap(at, "vl_new")
    assert at.session_state[session.GID] != gid
    assert match_of(at).log == [] and match_of(at).options == match.options


def _forward(legal: list[dict]) -> dict:
    for kind in ("place", "attack", "reward", "next_battle"):
        found = [a for a in legal if a["type"] == kind]
        if found:
            white = [a for a in found if a.get("row") == "white"]
            return (white or found)[0]
    return legal[0]


PRIORITY = (
    "vl_next", "vl_cover", "act_place_", "vl_pick_", "act_bid_", "act_attack", "act_reward",
    "act_next_battle", "act_turn_up", "act_deal", "act_first", "act_",
)  # fmt: skip


@pytest.mark.parametrize(
    ("mode", "opponent"), [("basic", "app"), ("advanced", "app"), ("advanced", "two")]
)
def test_whole_games_tapped_through_the_page_reach_the_end(db, mode, opponent):
    """Every screen of a game (the auction, placing, walks, rewards, trades, the end), only legal
    buttons on each, no refusal on the way."""
    at = new_game(mode, opponent=opponent)
    phases = set()
    for _ in range(400):
        phases.add(str(match_of(at).state.phase))
        if match_of(at).state.phase == "over":
            break
        shown = [b.key for b in at.button if b.key]
        for prefix in PRIORITY:
            found = [k for k in shown if k.startswith(prefix)]
            if prefix == "act_place_":
                found = [k for k in found if k.endswith("_white")] or found
            if found:
                at = tap(at, found[0])
                break
        assert not at.warning, [w.value for w in at.warning]
    assert "over" in phases and {"place", "turn", "reward", "between"} <= phases
    if mode == "advanced":
        assert {"attack_bid", "turn_up", "card_bid"} <= phases
    steps = walk_through(at)  # the last attack is still walked through, hit by hit
    assert steps and "wins the game!" in steps[-1]
    assert f"{match_of(at).state.names[match_of(at).state.winner]} wins the game!" in text(at)
    assert keys(at, "vl_new")
