"""The tablet's presence at the table (issue 19, part 5): the large-type table view one tap from
every game page and back, its numbers the engine's own; the sounds for dice and hits, off until
turned on, each played once; and the wake-lock script on every open game."""

from __future__ import annotations

import io
import random
import re
import wave
from html import unescape
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.engine.seen import SeenMatch
from companion.games.moonlighter import MoonlighterRules
from companion.games.va_card_game.stats import left, totals
from companion.registry import GAMES, entry
from companion.screens import presence, table_view
from companion.screens.keys import SOUNDS, TABLE_VIEW, VIEW
from companion.store import GameStore

from .apptest import open_app, tap

PREFIX = {"moonlighter": "ml", "vita_luna": "vl", "riposte": "rp", "va_card_game": "va"}


def played(game_id: str, actions: int = 60, seed: int = 3) -> Match:
    """A game of `game_id` with its first options, played `actions` random legal actions in."""
    game = entry(game_id)
    assert game is not None and game.rules is not None
    options = {o.key: o.initial for o in game.options}
    options = game.setup(options) if game.setup else options
    match = Match.start(game.rules(), options, seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        legal = match.legal_actions()
        if not legal or match.rules.is_over(match.state):
            break
        match.play(rng.choice(legal))
    return match


def opened(db: Path, match: Match, **params: str) -> tuple[AppTest, GameStore, str]:
    store = GameStore(db)
    gid = store.create(match)
    return open_app(gid, store.grant(gid), **params), store, gid


def shown(at: AppTest) -> str:
    """The table view's words, as a reader of the page gets them."""
    for block in at.get("html"):
        body = block.proto.body
        if 'class="tv' in body and "<style" not in body:
            return " ".join(unescape(re.sub(r"<[^>]+>", " ", body)).split())
    return ""


def audio(at: AppTest) -> list:
    return list(at.get("audio"))


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_one_tap_opens_the_table_view_and_one_tap_goes_back(db, game_id):
    match = played(game_id)
    at, _, _ = opened(db, match)
    prefix = PREFIX[game_id]
    assert shown(at) == ""  # the game's page, not the table view
    tap(at, f"{prefix}_table")
    assert at.query_params[VIEW] == TABLE_VIEW  # in the URL: a reload keeps it
    words = shown(at)
    assert words, "the table view shows nothing"
    assert f"{prefix}_undo" not in [b.key for b in at.button]
    tap(at, "tv_back")
    assert VIEW not in at.query_params
    assert shown(at) == ""
    assert f"{prefix}_undo" in [b.key for b in at.button]


def test_the_table_view_shows_vita_luna_hearts_and_whose_turn(db):
    match = played("vita_luna", 60)
    state = match.state
    at, _, _ = opened(db, match, **{VIEW: TABLE_VIEW})  # a reload of the table view
    words = shown(at)
    assert f"Battle {state.battle}" in words
    for p in (0, 1):
        assert f"{state.names[p]}" in words
        assert f"{state.hearts[p]} / {match.rules.data.hearts} hearts" in words
    assert f"{state.names[state.active]} places cards" in words  # 60 actions in: placing


def test_the_table_view_shows_riposte_damage(db):
    match = played("riposte", 60)
    at, _, _ = opened(db, match, **{VIEW: TABLE_VIEW})
    words = shown(at)
    limit = match.rules.data.limit
    for p in (0, 1):
        assert f"{match.state.names[p]} " in words
        assert f"{match.state.damage[p]} / {limit} damage" in words
    assert "Drafting for round" in words or "Round" in words


def test_the_table_view_shows_each_va_hero_s_hp_and_the_life_points(db):
    match = played("va_card_game", 60)
    state, data = match.state, match.rules.data
    at, _, _ = opened(db, match, **{VIEW: TABLE_VIEW})
    words = shown(at)
    for p in (0, 1):
        hero = state.heroes[p]
        hp, whole = left(data, state, p).hp, totals(data, hero, state.gear[p]).hp
        assert f"{hp} / {whole} HP" in words
        assert f"{data.heroes[hero].name} · life {state.life[p]} of {data.life}" in words
    assert f"Turn {state.turn}" in words


def test_the_table_view_shows_the_moonlighter_hero_s_hearts_and_room(db):
    match = played("moonlighter", 40)
    state = match.state
    at, _, _ = opened(db, match, **{VIEW: TABLE_VIEW})
    words = shown(at)
    assert f"Dungeon {state.dungeon} of 5" in words
    assert re.search(rf"Hero ▶ to play {state.hearts} / \d+ hearts", words), words
    assert f"In a {state.room.face} room" in words
    assert f"Pool {state.pool} hearts to heal with" in words


def test_the_table_view_can_be_turned_upside_down_for_the_far_side(db):
    match = played("vita_luna", 60)
    at, _, _ = opened(db, match, **{VIEW: TABLE_VIEW})
    assert 'class="tv"' in " ".join(b.proto.body for b in at.get("html"))
    tap(at, "tv_flip")
    assert 'class="tv flipped"' in " ".join(b.proto.body for b in at.get("html"))
    tap(at, "tv_flip")
    assert 'class="tv"' in " ".join(b.proto.body for b in at.get("html"))


def test_a_watching_screen_has_the_table_view_too(db):
    match = played("riposte", 40)
    store = GameStore(db)
    gid = store.create(match)
    at = open_app(gid, None)  # no key: this screen only watches
    tap(at, "rp_table")
    assert f"{match.state.damage[0]} / {match.rules.data.limit} damage" in shown(at)


# --- sounds --------------------------------------------------------------------------------------


def test_sounds_are_off_until_turned_on_and_each_plays_once(db):
    at, _, _ = opened(db, Match.start(MoonlighterRules(), {}, seed=1))
    assert at.toggle(key=SOUNDS).value is False
    tap(at, "act_roll_tile")  # a die rolled, sounds off: silence
    assert audio(at) == []
    at.toggle(key=SOUNDS).set_value(True).run()
    assert audio(at) == []  # turning them on plays nothing that happened before
    tap(at, "ml_undo")
    tap(at, "act_roll_tile")
    played_now = audio(at)
    assert len(played_now) == 1
    assert played_now[0].proto.autoplay
    assert any(c.value == "Sound: the dice rolled." for c in at.caption)  # and in words
    at.run()
    assert audio(at) == []  # once only


def test_an_undo_makes_no_sound(db):
    at, _, _ = opened(db, Match.start(MoonlighterRules(), {}, seed=1))
    at.toggle(key=SOUNDS).set_value(True).run()
    tap(at, "act_roll_tile")
    tap(at, "ml_undo")
    assert audio(at) == []


def test_the_table_view_keeps_the_sounds_switch(db):
    at, _, _ = opened(db, Match.start(MoonlighterRules(), {}, seed=1))
    at.toggle(key=SOUNDS).set_value(True).run()
    tap(at, "ml_table")
    assert at.toggle(key=SOUNDS).value is True
    tap(at, "tv_back")
    assert at.toggle(key=SOUNDS).value is True


def hurt(game_id: str, before, after) -> bool:
    """A hit by the engine's own numbers: hearts lost (Moonlighter; Vita Luna within a battle),
    damage taken (Riposte), HP or life points lost (VA)."""
    if game_id == "moonlighter":
        return after.hearts < before.hearts
    if game_id == "vita_luna":
        return after.battle == before.battle and any(
            a < b for a, b in zip(after.hearts, before.hearts, strict=True)
        )
    if game_id == "riposte":
        return any(a > b for a, b in zip(after.damage, before.damage, strict=True))
    return any(after.life[p] < before.life[p] or (after.life[p] == before.life[p]
               and after.hp_lost[p] > before.hp_lost[p]) for p in (0, 1))  # fmt: skip


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_a_hit_sounds_exactly_when_the_engine_says_someone_was_hurt(game_id):
    match, hits = played(game_id, 0, seed=5), 0
    rng = random.Random(5)
    for _ in range(400):
        legal = match.legal_actions()
        if not legal or match.rules.is_over(match.state):
            break
        before = match.state_at(len(match.log))
        match.play(rng.choice(legal))
        expected = hurt(game_id, before, match.state)
        assert (presence.HIT in table_view.sounds_of(SeenMatch(match, None, frozenset()))) == (
            expected
        ), f"{game_id}, action {len(match.log)}: {match.log[-1]}"
        hits += expected
    assert hits > 0, f"no hit in 400 random actions of {game_id}"


def test_a_die_rolled_sounds_like_dice():
    match = played("moonlighter", 0)
    match.play({"type": "roll_tile"})
    assert presence.DICE in table_view.sounds_of(SeenMatch(match, None, frozenset()))


@pytest.mark.parametrize("kind", [presence.DICE, presence.HIT])
def test_the_sounds_are_short_audible_wav_files(kind):
    with wave.open(io.BytesIO(presence.sound(kind))) as file:
        assert (file.getnchannels(), file.getsampwidth(), file.getframerate()) == (1, 2, 22_050)
        frames = file.readframes(file.getnframes())
        seconds = file.getnframes() / file.getframerate()
    assert 0.2 < seconds < 0.6
    loudest = max(abs(int.from_bytes(frames[i : i + 2], "little", signed=True))
                  for i in range(0, len(frames), 2))  # fmt: skip
    assert loudest > 10_000
    assert presence.sound(kind) == presence.sound(kind)


def test_an_unknown_sound_is_refused_by_name():
    with pytest.raises(ValueError, match="no sound called 'bell'"):
        presence.sound("bell")


# --- the screen kept awake -----------------------------------------------------------------------


def scripts(at: AppTest) -> str:
    return " ".join(b.proto.body for b in at.get("html"))


@pytest.mark.parametrize("game_id", sorted(PREFIX))
def test_every_open_game_asks_to_keep_the_screen_awake(db, game_id):
    at, _, _ = opened(db, played(game_id, 10))
    assert "navigator.wakeLock.request('screen')" in scripts(at)
    assert presence.WAKE_NOTE in scripts(at)  # the fallback note, shown if the browser refuses
    tap(at, f"{PREFIX[game_id]}_table")
    assert "navigator.wakeLock.request('screen')" in scripts(at)


def test_the_chooser_does_not_keep_the_screen_awake(db):
    at = open_app()
    assert "wakeLock" not in scripts(at)
    assert not [t for t in at.toggle if t.key == SOUNDS]


def test_every_playable_game_has_a_glance():
    assert {g.id for g in GAMES if g.playable} <= set(table_view.GLANCES)
