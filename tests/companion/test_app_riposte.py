"""Riposte's own page driven headless through the real app (streamlit.testing AppTest): its
duel, its card entry, its secrets (the other player's hand, the card laid face down), its app
opponent and Rook. How pages are driven, and twins compared, is card_game_pages.py; what every
card game's page does alike is test_app_card_games.py."""

from __future__ import annotations

import random
from typing import Any

from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.riposte import RiposteRules
from companion.screens import session
from companion.screens.parts import action_key
from companion.store import GameStore, seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, SEED, keys, match_of, save, screen, tap, text

home, twin_home = pages.home, pages.twin_home
stored_log, warnings = pages.stored_log, pages.warnings  # tests/codes read them from here
RULES = RiposteRules()
LEARNING = {"characters": False, "cards": "app"}
ROW = ["slant.1", "bind.1", "feint.1"]
P1_START = ["scissor_cut.1", "center_thrust.1"]
P2_START = ["twin_fangs.1", "fan_of_steel.1"]
P1_DRAWS = ["left_jab.1", "whirlwind.1", "right_jab.1"]
P2_DRAWS = ["crossguard.1", "iron_gate.1", "left_sweep.1"]
PLAYING = ("act_", "rp_cover", "rp_take_", "rp_draw", "rp_card_", "rp_design_", "rp_nofit_",
           "rp_taken", "rp_enter_done", "rp_toss_", "rp_new")  # fmt: skip


# --- driving the page ----------------------------------------------------------------------------


def new_game(characters: bool = True, cards: str = "app", **more: Any) -> AppTest:
    return pages.new_game("riposte", characters=characters, cards=cards, **more)


def uncover(at: AppTest) -> AppTest:
    """Pass the covers (and put away a card just taken) until a player's choices show."""
    for _ in range(4):
        passing = [k for k in ("rp_cover", "rp_taken") if k in keys(at)]
        if not passing:
            break
        at = tap(at, passing[0])
    return at


# --- games set up by the engine, for the screens that need a given moment -----------------------


def drafted(p1_start=P1_START, p1_draws=P1_DRAWS, options=LEARNING) -> Match:
    """A learning duel dealt and drafted by blind draws: Player 1 attacks in round 1."""
    match = Match.start(RULES, dict(options), seed=SEED)
    match.play({"type": "deal", "hands": [list(p1_start), P2_START], "row": ROW, "offensive": P1})
    for mine, theirs in zip(p1_draws, P2_DRAWS, strict=True):
        match.play({"type": "draw", "player": P1, "card": mine})
        match.play({"type": "draw", "player": P2, "card": theirs})
    assert match.state.phase == "clash"
    return match


def after_first_clash(p1_start=P1_START, p1_draws=P1_DRAWS) -> Match:
    """Round 1's first clash played: Player 1's Scissor Cut (bar 3), Player 2's Twin Fangs."""
    match = drafted(p1_start, p1_draws)
    match.play({"type": "play", "player": P1, "card": "scissor_cut.1"})
    match.play({"type": "play", "player": P2, "card": "twin_fangs.1"})
    return match


# --- a whole duel --------------------------------------------------------------------------------

PRIORITY = ("rp_cover", "rp_taken", "act_brace_", "act_play_", "act_keep_", "act_swap_",
            "act_character_", "act_take_", "act_draw_", "act_turn_up", "act_deal", "act_cast",
            "rp_enter_done")  # fmt: skip


def test_a_whole_duel_with_characters_is_tapped_through_to_the_end(home):
    """Every screen of a duel (characters, deal, draft, clashes, new rows, the end) on the
    shared tablet, each secret behind its cover, only legal buttons, no refusal on the way."""
    at = new_game()
    assert keys(at, "act_") == ["act_cast"]
    phases, covers = set(), 0
    for turn in range(600):
        state = match_of(at).state
        phases.add(state.phase)
        if state.phase == "over":
            break
        shown = keys(at)
        if "rp_cover" in shown:
            covers += 1
            assert not keys(at, "act_play_") and not keys(at, "act_take_")  # nothing behind it
            assert "Your hand" not in text(at)
        found = next([k for k in shown if k.startswith(p)] for p in PRIORITY if
                     any(k.startswith(p) for k in shown))  # fmt: skip
        at = tap(at, found[turn % len(found)])
        assert not warnings(at), warnings(at)
    state = match_of(at).state
    assert state.phase == "over"
    assert {"cast", "choose", "deal", "draft", "clash", "turn_up"} <= phases
    assert covers > 20 and all(state.characters)
    winner = state.names[state.winner]
    assert f"{winner} wins the duel!" in text(at)
    pages.assert_only_a_new_game(at, "rp_new")


def test_the_app_names_every_card_to_take(home):
    """cards "app": the row is named for everyone, a player's own cards only on their screen."""
    at = tap(new_game(characters=False), "act_deal")
    match = match_of(at)
    deal = match.log[-1]
    row = ", ".join(match.rules.data.name(c) for c in deal["row"][:2])
    assert f"From the stock, turn up {row}" in text(at)
    first = match.state.offensive
    mine = [match.rules.data.name(c) for c in deal["hands"][first]]
    theirs = [match.rules.data.name(c) for c in deal["hands"][1 - first]]
    assert not any(f"take {n}" in text(at) for n in (*mine, *theirs))  # covered yet
    at = tap(at, "rp_cover")
    assert f"Your starting cards: take {mine[0]} and {mine[1]} from the stock" in text(at)
    at = tap(at, f"act_draw_{first}")
    drawn = match_of(at).log[-1]["card"]
    assert keys(at, "rp_taken") and "rp_cover" not in keys(at)  # the drawer still holds it
    assert f"Take {match.rules.data.name(drawn)} from the stock" in text(at)
    at = tap(at, "rp_taken")
    assert "rp_cover" in keys(at) and f"Pass the tablet to {match.state.names[1 - first]}" in text(
        at
    )


# --- refusals, undo, reloads ---------------------------------------------------------------------


def test_a_card_that_does_not_fit_the_bar_is_refused_in_the_rulebooks_words(home):
    saved = save(home, after_first_clash())
    at = tap(screen(home, saved, saved.key), "rp_cover")
    assert "Player 1: after Scissor Cut, lay a card with an attack in 3." in text(at)
    assert "act_play_center_thrust-1_0" in keys(at)  # the only card with an attack in 3
    assert keys(at, "rp_nofit_") == ["rp_nofit_left_jab-1", "rp_nofit_whirlwind-1",
                                     "rp_nofit_right_jab-1"]  # fmt: skip
    at = tap(at, "rp_nofit_left_jab-1")
    reason = "Left Jab has no attack in position 3, which Scissor Cut's follow-up bar asks for."
    assert warnings(at) == [reason]
    assert match_of(at).check({"type": "play", "player": P1, "card": "left_jab.1"}) == reason
    assert len(stored_log(saved)) == len(after_first_clash().log)  # nothing played
    at.run()
    assert not warnings(at)  # shown once


def test_undo_takes_back_a_pick_and_not_a_card_laid_or_revealed(home):
    at = tap(new_game(characters=False), "act_deal")
    gid = at.session_state[session.GID]
    at = tap(at, "rp_cover")
    first = match_of(at).state.active
    at = tap(at, f"act_take_{first}_0")
    log = list(match_of(at).log)
    at = tap(at, "rp_undo")
    assert match_of(at).log == log[:-1]
    assert GameStore(home.db).load_match(gid)[1].log == log[:-1]
    assert "rp_cover" in keys(at) or keys(at, "act_take_")  # the same pick again
    saved = save(home, drafted())
    at = uncover(screen(home, saved, saved.key))  # Player 2's last draw: still holding the tablet
    at = tap(at, "act_play_twin_fangs-1_1")
    sealed = "A card laid face down cannot be taken back until both cards are revealed."
    assert at.button(key="rp_undo").disabled and sealed in text(at)
    assert "Player 2 lays a card face down." in text(at) and "card laid face down ✓" in text(at)
    assert "Twin Fangs" not in text(at)  # covered: nobody's cards are on the screen
    at = tap(tap(at, "rp_cover"), "act_play_scissor_cut-1_0")
    revealed = "Both cards are revealed: a card laid down is played and cannot be taken back."
    assert at.button(key="rp_undo").disabled and revealed in text(at)  # nobody lays again


# --- with the table's cards, every card is entered -----------------------------------------------


def test_with_the_tables_cards_the_deal_and_the_picks_are_entered(home):
    """cards "table": the row and the toss in the open, each hand behind its player's cover;
    a pick, then the card that came off the physical deck; a card that cannot be in the deck
    is refused with the reason."""
    at = new_game(characters=False, cards="table")
    assert "act_deal" not in keys(at) and "Shuffle the combat cards" in text(at)
    for design in ("slant", "bind", "feint"):
        at = tap(at, f"rp_design_row_{design}")
    assert all(b.disabled for b in at.button if b.key.startswith("rp_design_row_"))  # three
    at = tap(tap(at, "rp_toss_app"), "rp_enter_done")
    assert "Pass the tablet to Player 1." in text(at) and not keys(at, "rp_design_")
    at = tap(at, "rp_cover")
    assert "Player 1: which two cards were you dealt?" in text(at)
    at = tap(tap(at, "rp_design_hand0_scissor_cut"), "rp_design_hand0_broken_rhythm")
    at = tap(at, "rp_enter_done")
    page = text(at)
    assert "Pass the tablet to Player 2." in page and "Broken Rhythm" not in page
    at = tap(at, "rp_cover")
    assert "rp_design_hand1_broken_rhythm" in keys(at)  # Player 1's cards are not subtracted
    at = tap(tap(at, "rp_design_hand1_twin_fangs"), "rp_design_hand1_broken_rhythm")
    at = tap(at, "rp_enter_done")  # Broken Rhythm has one copy: both cannot hold it
    assert warnings(at) == ["Scissor Cut, Broken Rhythm, Twin Fangs, Broken Rhythm, Slant, Bind "
                            "and Feint cannot all come off the deck now: check the cards and "
                            "enter them again."]  # fmt: skip
    assert match_of(at).log == []
    assert "Pass the tablet to Player 1." in text(at)  # the row and the toss stay; hands again
    at = tap(tap(tap(at, "rp_cover"), "rp_design_hand0_scissor_cut"), "rp_design_hand0_left_jab")
    at = tap(tap(tap(at, "rp_enter_done"), "rp_cover"), "rp_design_hand1_twin_fangs")
    at = tap(tap(at, "rp_design_hand1_twin_fangs"), "rp_enter_done")
    deal = match_of(at).log[-1]
    data = RULES.data
    assert [[data.cards[c].id for c in hand] for hand in deal["hands"]] == [
        ["scissor_cut", "left_jab"], ["twin_fangs", "twin_fangs"]]  # fmt: skip
    assert [data.cards[c].id for c in deal["row"]] == ["slant", "bind", "feint"]
    first = match_of(at).state.active
    at = uncover(at)
    at = tap(at, "rp_take_1")  # Bind, then the card turned up in its place
    assert "You take Bind. Which card did you turn up to fill the gap?" in text(at)
    at = tap(at, "rp_card_crossguard")
    take = match_of(at).log[-1]
    assert (take["type"], take["player"], data.cards[take["refill"]].id) == (
        "take", first, "crossguard")  # fmt: skip
    at = tap(uncover(at), "rp_draw")
    assert "Which card did you take from the top of the deck?" in text(at)
    at = tap(at, "rp_card_whirlwind")
    draw = match_of(at).log[-1]
    assert (draw["player"], data.cards[draw["card"]].id) == (1 - first, "whirlwind")


def test_with_the_tables_cards_each_player_enters_the_characters_dealt_to_them(home):
    at = new_game(cards="table")
    assert "act_cast" not in keys(at) and "Pass the tablet to Player 1." in text(at)
    at = tap(at, "rp_cover")
    assert "Player 1: which two characters were you dealt?" in text(at)
    at = tap(tap(at, "rp_design_chars0_rook"), "rp_design_chars0_cato")
    at = tap(at, "rp_enter_done")
    assert "Pass the tablet to Player 2." in text(at) and "Rook" not in text(at)
    at = tap(tap(tap(at, "rp_cover"), "rp_design_chars1_rook"), "rp_design_chars1_orsa")
    at = tap(at, "rp_enter_done")
    assert warnings(at) == ["Deal each character card at most once."]  # the engine's words
    assert "Pass the tablet to Player 1." in text(at) and match_of(at).log == []  # both again
    at = tap(tap(tap(at, "rp_cover"), "rp_design_chars0_rook"), "rp_design_chars0_cato")
    at = tap(tap(at, "rp_enter_done"), "rp_cover")
    at = tap(tap(at, "rp_design_chars1_sela"), "rp_design_chars1_orsa")
    at = tap(at, "rp_enter_done")
    assert match_of(at).log == [{"type": "cast", "offered": [["rook", "cato"], ["sela", "orsa"]]}]
    assert sorted(keys(at, "act_character_")) == ["act_character_orsa_1", "act_character_sela_1"]
    at = tap(at, "act_character_sela_1")  # Player 2 held the tablet, and chose first
    assert "Pass the tablet to Player 1." in text(at)


def test_with_the_tables_cards_a_new_row_is_entered_in_the_open(home):
    match = Match.start(RULES, {"characters": False, "cards": "table"}, seed=SEED)
    rng = random.Random(3)
    while match.state.phase != "turn_up":
        match.play(rng.choice(match.legal_actions()))
    designs = sorted({RULES.data.cards[c].id for c in match.state.deck})[:3]
    saved = save(home, match)
    at = screen(home, saved, saved.key)
    assert "The round is over: turn up a new draft row." in text(at) and "rp_cover" not in keys(at)
    for design in designs:
        at = tap(at, f"rp_design_row_{design}")
    at = tap(at, "rp_enter_done")
    assert [RULES.data.cards[c].id for c in match_of(at).log[-1]["row"]] == designs


# --- each player on their own device, and a watcher ----------------------------------------------


def test_each_player_lays_a_card_from_their_own_device(home):
    """own_device: no covers, only that seat's actions, the other's card only said to be laid."""
    saved = save(home, drafted())
    one = screen(home, saved, seat_key(saved.key, saved.gid, P1))
    assert "rp_cover" not in keys(one) and "Your hand, Player 1 (5)" in text(one)
    assert keys(one, "act_") and all(a["player"] == P1 for a in pages.shown_actions(one))
    assert "Player 1's screen" in text(one)
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert keys(two, "act_play_") and all(a["player"] == P2 for a in pages.shown_actions(two))
    assert "Take Left Sweep from the stock, without showing it." in text(two)  # its last draw
    assert "Scissor Cut" not in text(two)  # Player 1's cards
    one = tap(one, "act_play_scissor_cut-1_0")
    assert "You laid Scissor Cut · attacks 1, 5 face down." in text(one)
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert "Player 1 has laid a card face down." in text(two) and "Scissor Cut" not in text(two)
    two = tap(two, "act_play_twin_fangs-1_1")
    assert "Player 1 reveals Scissor Cut; Player 2 reveals Twin Fangs." in text(two)
    watcher = screen(home, saved, None)
    assert [k for k in keys(watcher) if k.startswith(PLAYING)] == []
    assert session.WATCHING in text(watcher) and watcher.button(key="rp_undo").disabled


# --- the screen cannot tell the twins apart ------------------------------------------------------


def laid(card: str) -> Match:
    match = drafted()
    match.play({"type": "play", "player": P1, "card": card})
    return match


OTHER_START = ["stop_thrust.1", "right_hook.1"]
OTHER_DRAWS = ["snare.1", "right_sweep.1", "mirror_rhythm.1"]


def test_the_card_laid_face_down_gives_the_other_screens_the_same_page(twin_home):
    """Player 1's Center Thrust or Left Jab face down: the same page on Player 2's device, on the
    table (covered, then passed to Player 2) and on a watching screen."""
    pair = pages.twins(twin_home, laid("center_thrust.1"), laid("left_jab.1"))
    two = pages.assert_same(twin_home, pair, P2)
    assert "Player 1 has laid a card face down." in text(two) and keys(two, "act_play_")
    table = pages.assert_same(twin_home, pair, None, "rp_cover")
    assert "Your hand, Player 2 (5)" in text(table) and keys(table, "act_play_")
    pages.assert_same(twin_home, pair, -1)


def test_another_hand_gives_the_other_screens_the_same_page(twin_home):
    """Player 1 dealt and drafted other cards: the same page for Player 2's device, the table
    (Player 2's card just taken, then Player 1's cover) and a watcher, in the draft and at the
    first clash."""
    pair = pages.twins(twin_home, drafted(), drafted(OTHER_START, OTHER_DRAWS))
    pages.assert_same(twin_home, pair, P2)
    table = pages.assert_same(
        twin_home, pair, None, "rp_cover", "rp_taken", "act_play_twin_fangs-1_1"
    )
    assert "Pass the tablet to Player 1." in text(table)  # Player 2 held it, and laid first
    pages.assert_same(twin_home, pair, -1)
    first_pick = []
    for start in (P1_START, OTHER_START):
        match = Match.start(RULES, dict(LEARNING), seed=SEED)
        match.play({"type": "deal", "hands": [start, P2_START], "row": ROW, "offensive": P1})
        first_pick.append(match)
    pair = pages.twins(twin_home, *first_pick)
    pages.assert_same(twin_home, pair, P2)
    pages.assert_same(twin_home, pair, None)


def test_another_hand_gives_the_same_card_entry_to_the_other_player(twin_home):
    """cards "table": Player 2 enters the card drawn from a picker that counts only what Player 2
    sees, whatever Player 1 holds."""
    matches = []
    for start in (P1_START, OTHER_START):
        match = Match.start(RULES, {"characters": False, "cards": "table"}, seed=SEED)
        match.play({"type": "deal", "hands": [start, P2_START], "row": ROW, "offensive": P1})
        match.play({"type": "draw", "player": P1, "card": start[0].replace(".1", ".2")
                    if start is P1_START else "snare.1"})  # fmt: skip
        matches.append(match)
    pair = pages.twins(twin_home, *matches)
    at = pages.assert_same(twin_home, pair, None, "rp_cover", "rp_draw")
    assert "Which card did you take from the top of the deck?" in text(at)
    pages.assert_same(twin_home, pair, P2, "rp_draw")


# --- against the app -----------------------------------------------------------------------------


def app_game() -> AppTest:
    return new_game(characters=False, opponent="app", strength="easy")


def test_the_app_lays_its_card_first_and_the_table_is_told_its_cards(home):
    at = tap(app_game(), "act_deal")
    assert "rp_cover" not in keys(at)  # against the app nobody needs to look away
    for _ in range(12):
        if match_of(at).state.phase == "clash":
            break
        assert all(a.get("player") == P1 for a in pages.shown_actions(at))  # never the app's moves
        at = tap(at, keys(at, "act_")[0])
    state = match_of(at).state
    rival = state.names[1]
    assert state.phase == "clash" and state.chosen[1]  # the app has committed its card
    assert f"{rival} (the app) has laid a card face down." in text(at)
    assert keys(at, "act_play_") and all(a["player"] == P1 for a in pages.shown_actions(at))
    at = tap(at, keys(at, "act_play_")[0])
    card = match_of(at).state.last_cards[1]
    assert f"From the stock, lay {RULES.data.name(card)} for {rival}." in text(at)
    assert match_of(at).state.chosen[1]  # and it has laid the next one already


def test_undo_against_the_app_takes_back_the_apps_pick_too(home):
    at = tap(app_game(), "act_deal")
    while match_of(at).state.active != P1:
        at = tap(at, keys(at, "act_")[0])
    before = list(match_of(at).log)
    at = tap(at, "act_take_0_0")
    assert len(match_of(at).log) == len(before) + 2  # the app has picked in turn
    at = tap(at, "rp_undo")
    assert match_of(at).log == before


# --- Rook ----------------------------------------------------------------------------------------


def rook_until(phase: str) -> Match:
    """Player 1 as Rook, Player 2 as Orsa, played at random (seed 0) until `phase`."""
    match = Match.start(RULES, {"characters": True, "cards": "app"}, seed=SEED)
    match.play({"type": "cast", "offered": [["rook", "cato"], ["orsa", "sela"]]})
    match.play({"type": "character", "player": P1, "character": "rook"})
    match.play({"type": "character", "player": P2, "character": "orsa"})
    rng = random.Random(0)
    while match.state.phase != phase:
        match.play(rng.choice(match.legal_actions()))
    return match


def test_rook_looks_at_two_cards_behind_his_cover(home):
    saved = save(home, rook_until("look"))
    at = screen(home, saved, saved.key)
    assert not keys(at, "act_keep_") and "Pass the tablet to Player 1." in text(at)
    at = tap(at, "rp_cover")
    looking = match_of(at).state.looking
    words = " and ".join(RULES.data.name(c) for c in looking)
    assert f"Player 1: you look at {words}." in text(at)
    assert sorted(keys(at, "act_keep_")) == sorted(
        action_key({"type": "keep", "player": P1, "card": c}) for c in looking)  # fmt: skip
    at = tap(at, keys(at, "act_keep_")[0])
    assert keys(at, "rp_taken") and "Take " in text(at)  # the kept card, still his screen


def test_rook_swaps_his_leftover_card_behind_his_cover(home):
    saved = save(home, rook_until("swap"))
    at = tap(screen(home, saved, saved.key), "rp_cover")
    assert "Player 1 (Rook): swap your leftover card with a card of the row?" in text(at)
    assert len(keys(at, "act_swap_")) == 4
    at = tap(at, "act_swap_0_None")
    assert match_of(at).log[-1] == {"type": "swap", "player": P1, "slot": None}


def test_rook_decides_on_his_relief_in_the_open(home):
    saved = save(home, rook_until("brace"))
    at = screen(home, saved, saved.key)
    assert "rp_cover" not in keys(at) and "Revealed now" in text(at)
    assert sorted(keys(at, "act_brace_")) == ["act_brace_0_False", "act_brace_0_True"]
    at = tap(at, "act_brace_0_True")
    assert match_of(at).log[-1] == {"type": "brace", "player": P1, "use": True}
