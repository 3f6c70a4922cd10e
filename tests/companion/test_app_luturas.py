"""Luturas's own page driven headless through the real app (streamlit.testing AppTest): whole
matches, refusals and attacks in words, undo and its devices, card entry, its secrets (the other
player's hand, the Strategy set face down), its app opponent, rules at a tap. How pages are
driven, and twins compared, is card_game_pages.py; what every card game's page does alike is
test_app_card_games.py."""

from __future__ import annotations

from typing import Any

import pytest
from streamlit.testing.v1 import AppTest

from companion.engine import Match
from companion.games.luturas import LuturasRules
from companion.screens import session
from companion.store import seat_key

from . import apptest
from . import card_game_pages as pages
from .card_game_pages import P1, P2, SEED, keys, match_of, save, screen, tap, text

home, twin_home = pages.home, pages.twin_home
stored_log, warnings = pages.stored_log, pages.warnings
RULES = LuturasRules()
HAND_A = ["tidepup_g2.1", "crystal_aquatic.1", "crystal_aquatic.2", "tidepup_g1.1", "fortify.1"]
HAND_B = ["thornlet_g1.1", "crystal_botanical.1", "crystal_botanical.2", "brinefin.1",
          "riptide_gambit.1"]  # fmt: skip
HAND_P2 = ["isotusk_g1.1", "crystal_nuclear.1", "crystal_nuclear.2", "arcwisp_g1.1",
           "crystal_plasmatic.1"]  # fmt: skip
ENTERED = ("lt_enter_", "lt_deal_entered", "lt_drew_", "lt_new_hand")


# --- driving the page ----------------------------------------------------------------------------


def new_game(**chosen: Any) -> AppTest:
    return pages.new_game("luturas", **chosen)


def dealt(p1_hand=HAND_A, p2_hand=HAND_P2, drawn: str = "crystal_aquatic.3",
          options: dict | None = None) -> Match:  # fmt: skip
    """Player 1 starts with `p1_hand`, both keep, Player 1 draws `drawn`: Player 1's first turn."""
    match = Match.start(RULES, dict(options or {}), seed=SEED)
    match.play({"type": "toss", "winner": P1})
    match.play({"type": "choose", "player": P1, "first": P1})
    match.play({"type": "deal", "hands": [list(p1_hand), list(p2_hand)]})
    match.play({"type": "keep", "player": P1})
    match.play({"type": "keep", "player": P2})
    match.play({"type": "draw", "player": P1, "card": drawn})
    assert match.state.phase == "main"
    return match


# --- whole matches -------------------------------------------------------------------------------

PRIORITY = ("lt_cover", "act_pick_", "act_pass_", "act_keep_", "act_attack_", "act_upgrade_",
            "act_deploy_", "act_crystal_", "act_tool_", "act_assign_", "act_end_", "act_draw_",
            "act_choose_", "act_deal", "act_toss")  # fmt: skip


def choose(shown: list[str], turn: int) -> str:
    """A seeded player: the first kind of button in PRIORITY, a Soldier attack first, and among
    the rest the `turn`-th."""
    soldier = [k for k in shown if k.startswith("act_attack_") and k.endswith("_soldier")]
    if soldier:
        return soldier[0]
    found = next([k for k in shown if k.startswith(p)] for p in PRIORITY
                 if any(k.startswith(p) for k in shown))  # fmt: skip
    return found[turn % len(found)]


def play_to_the_end(at: AppTest, most: int = 1500) -> tuple[AppTest, set[str], int]:
    phases: set[str] = set()
    covers = 0
    for turn in range(most):
        state = match_of(at).state
        phases.add(state.phase)
        if state.phase == "over":
            break
        shown = keys(at, live=True)
        if "lt_cover" in shown:
            covers += 1
            assert not keys(at, "act_") and "Your hand" not in text(at)  # nothing behind it
        at = tap(at, choose(shown, turn))
        assert not warnings(at), warnings(at)
    return at, phases, covers


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["standard", "fast"])
def test_a_whole_match_is_tapped_through_to_the_end(home, mode):
    """Every screen of a match (the coin, the hands, turns, attacks and answers, new rounds, the
    end) on the shared tablet, each hand behind its cover, only legal buttons, no refusal."""
    at = new_game(mode=mode)
    at, phases, covers = play_to_the_end(at)
    state = match_of(at).state
    assert state.phase == "over" and state.mode == mode
    assert {"toss", "choose", "deal", "mulligan", "draw", "main"} <= phases
    assert covers > 10 and max(s.wins for s in state.sides) == 2
    winner = state.names[state.winner]
    assert f"{winner} wins the match!" in text(at)
    pages.assert_only_a_new_game(at, "lt_new")


# --- refusals, attacks in words ------------------------------------------------------------------


def test_cards_that_cannot_be_played_say_why(home):
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    assert "Your hand (6)" in text(at)
    gear2 = at.button(key="no_lt_no_tidepup_g2")
    assert gear2.disabled and gear2.label == "Play Tidepup Gear 2"
    assert ("Tidepup Gear 2 needs Tidepup Gear 1 on your side and 2 Aquatic Crystals; you have "
            "0 Aquatic (0 Crystals in all).") in text(at)  # fmt: skip
    assert "Tidepup Gear 1 needs 1 Aquatic Crystal; you have 0 Aquatic" in text(at)
    assert "rule_why_lt_no_tidepup_g2" in keys(at)  # a tap to the ruling behind it
    at = tap(at, "act_crystal_crystal_aquatic-1_0")
    assert "Player 1 places Aquatic Crystal at the left of the Soldier (1 Crystal)." in text(at)
    assert keys(at, "act_deploy_tidepup_g1-1_0_") and "no_lt_no_tidepup_g1" not in keys(at)
    at = tap(at, "act_deploy_tidepup_g1-1_0_0")
    assert "Player 1 puts a looked-at card on top of the others." in text(at)  # its Deploy:
    at = tap(at, keys(at, "act_pick_")[0])
    attack = at.button(key="no_lt_noattack_0")
    assert attack.disabled and "Nobody attacks on their own first turn of a round." in text(at)
    tidepup = at.button(key="rule_lt_stats_0_0")  # on the board: its Combat and Stamina left
    assert tidepup.label == "Combat **2** · Stamina **4**/4"


def deployed() -> Match:
    """Each player has deployed a Lutura (Player 1's Tidepup Gear 1, Player 2's Isotusk Gear 1),
    and Player 1 has drawn: Player 1's second turn."""
    match = dealt()
    for action in ({"type": "crystal", "player": P1, "card": "crystal_aquatic.1"},
                   {"type": "deploy", "player": P1, "card": "tidepup_g1.1", "space": 0},
                   {"type": "end", "player": P1},
                   {"type": "draw", "player": P2, "card": "crystal_nuclear.3"},
                   {"type": "crystal", "player": P2, "card": "crystal_nuclear.1"},
                   {"type": "deploy", "player": P2, "card": "isotusk_g1.1", "space": 1},
                   {"type": "end", "player": P2},
                   {"type": "draw", "player": P1}):  # fmt: skip
        play_out(match, action)
    return match


def play_out(match: Match, action: dict) -> None:
    """`action` played, and the effects it sets off played their first way (Tidepup's look at
    the top two cards: the first order)."""
    match.play(action)
    while match.state.pending:
        match.play(match.legal_actions()[0])


def test_an_attack_is_explained_before_it_is_made(home):
    match = deployed()
    saved = save(home, match)
    at = tap(screen(home, saved, saved.key), "lt_cover")
    assert "act_attack_0_0_1" in keys(at)
    assert at.button(key="act_attack_0_0_1").label == (
        "Tidepup Gear 1 attacks Player 2's Isotusk Gear 1 (space 2)"
    )
    said = "Tidepup Gear 1 attacks with 2 Combat: Isotusk Gear 1 goes from 4 to 2 Stamina."
    assert said in text(at)
    at = tap(at, "act_attack_0_0_1")
    assert "Player 1's Tidepup Gear 1 attacks Player 2's Isotusk Gear 1." in text(at)


# --- undo, reload, devices -----------------------------------------------------------------------


def test_undo_takes_back_a_move_and_the_other_device_may_not(home):
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    before = len(stored_log(saved))
    at = tap(at, "act_crystal_crystal_aquatic-1_0")
    assert len(stored_log(saved)) == before + 1
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert two.button(key="lt_undo").disabled
    assert "Only Player 1 can take back the last move." in text(two)
    at = tap(at, "lt_undo")
    assert len(stored_log(saved)) == before and len(match_of(at).log) == before
    assert "act_crystal_crystal_aquatic-1_0" in keys(at) or "lt_cover" in keys(at)


def test_a_reload_keeps_the_game_with_the_cover_down(home):
    saved = save(home, dealt())
    at = tap(tap(screen(home, saved, saved.key), "lt_cover"), "act_crystal_crystal_aquatic-1_0")
    again = apptest.open_app(saved.gid, saved.key)
    assert match_of(again).to_json() == match_of(at).to_json()
    assert "Pass the tablet to Player 1." in text(again) and keys(again, "act_") == []
    assert "Player 1 places Aquatic Crystal" in text(again)


def test_each_player_plays_from_their_own_device_and_a_watcher_only_watches(home):
    saved = save(home, dealt())
    one = screen(home, saved, seat_key(saved.key, saved.gid, P1))
    assert "lt_cover" not in keys(one) and "Your hand (6)" in text(one)
    assert "Player 1's screen" in text(one)
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert "Your hand, Player 2 (5)" in text(two) and "Tidepup" not in text(two).split("Log")[0]
    assert not keys(two, "act_crystal_") and not keys(two, "act_end_")
    one = tap(one, "act_end_0")
    two = apptest.open_app(saved.gid, seat_key(saved.key, saved.gid, P2))
    assert keys(two, "act_draw_1") == ["act_draw_1"]
    two = tap(two, "act_draw_1")
    assert "Your hand (6)" in text(two)
    watcher = screen(home, saved, None)
    assert session.WATCHING in text(watcher) and keys(watcher, "act_") == []
    assert watcher.button(key="lt_undo").disabled


def test_with_the_tables_cards_each_player_enters_their_hand_and_draws(home):
    at = new_game(cards="table")
    at = tap(tap(at, "act_toss"), keys(at, "act_choose_")[0])
    at = tap(at, "lt_cover")
    assert "Player 1: which cards did you draw? (0 of 5: none yet)" in text(at)
    for design in ("tidepup_g1", "tidepup_g1", "crystal_aquatic", "crystal_aquatic", "fortify"):
        at = tap(at, f"lt_enter_0m_{design}")
    at = tap(at, "lt_enter_done")
    assert "Pass the tablet to Player 2." in text(at)
    at = tap(at, "lt_cover")
    for design in ("isotusk_g1", "arcwisp_g1", "crystal_nuclear", "crystal_nuclear", "glowmite"):
        at = tap(at, f"lt_enter_1m_{design}")
    at = tap(at, "lt_deal_entered")
    hands = [sorted(s.hand) for s in match_of(at).state.sides]
    assert hands[0] == ["crystal_aquatic.1", "crystal_aquatic.2", "fortify.1", "tidepup_g1.1",
                        "tidepup_g1.2"]  # fmt: skip
    first = match_of(at).state.active
    at = tap(tap(at, "lt_cover"), f"act_keep_{first}")
    at = tap(tap(at, "lt_cover"), f"act_keep_{1 - first}")
    at = tap(at, "lt_cover")
    drew = keys(at, "lt_drew_deck_")
    assert drew and "draw, then tap the card you drew" in text(at)
    at = tap(at, drew[0])
    assert match_of(at).log[-1]["card"].startswith(drew[0].removeprefix("lt_drew_deck_"))


def test_with_the_tables_cards_an_effect_asks_which_cards_came_up(home):
    """Tidepup Gear 1 looks at the top two cards: with the table's cards the page asks which two
    came up off the real Deck, in order, before the deploy is played with them; a cancelled
    entry plays nothing."""
    saved = save(home, dealt(options={"cards": "table"}))
    at = tap(screen(home, saved, saved.key), "lt_cover")
    at = tap(at, "act_crystal_crystal_aquatic-1_0")
    deploy = "act_deploy_tidepup_g1-1_0_0"
    at = tap(at, deploy)
    assert len(match_of(at).log) == 7, "nothing is played before the cards are in"
    assert ("Deploy Tidepup Gear 1 in space 1: 2 cards come up from your Deck. Take them off "
            "the real pile as the card says and tap each, in the order they come up (0 of 2: "
            "none yet).") in text(at)  # fmt: skip
    at = tap(at, "lt_effect_cancel")
    assert "lt_effect_entered" not in keys(at) and len(match_of(at).log) == 7
    at = tap(at, deploy)
    at = tap(at, "lt_enter_effect_coralisk")
    assert "(1 of 2: Coralisk)" in text(at)
    at = tap(at, "lt_enter_effect_fernwing")
    assert not keys(at, "lt_enter_effect_") and "lt_effect_entered" in keys(at)
    at = tap(at, "lt_effect_entered")
    played = match_of(at).log[-1]
    assert played["type"] == "deploy" and [c.split(".")[0] for c in played["cards"]] == [
        "coralisk", "fernwing"]  # fmt: skip
    assert match_of(at).state.sides[P1].top[:2] == tuple(played["cards"])
    picks = keys(at, "act_pick_")  # the order is chosen from the two cards entered
    assert len(picks) == 2 and all("coralisk" in k or "fernwing" in k for k in picks)


def test_with_the_apps_cards_an_effect_plays_at_once(home):
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    at = tap(tap(at, "act_crystal_crystal_aquatic-1_0"), "act_deploy_tidepup_g1-1_0_0")
    assert match_of(at).log[-1]["type"] == "deploy" and "lt_effect_entered" not in keys(at)


# --- the screen cannot tell the twins apart ------------------------------------------------------


def test_another_hand_gives_the_other_screens_the_same_page(twin_home):
    pair = pages.twins(twin_home, dealt(), dealt(HAND_B, drawn="crystal_botanical.3"))
    two = pages.assert_same(twin_home, pair, P2)
    assert "Your hand, Player 2 (5)" in text(two)
    table = pages.assert_same(twin_home, pair, None)
    assert "Pass the tablet to Player 1." in text(table)
    pages.assert_same(twin_home, pair, -1)


def set_face_down(hand: list[str], strategy: str) -> Match:
    match = dealt(hand, drawn=hand[1].replace(".1", ".3"))
    match.play({"type": "set", "player": P1, "card": strategy})
    match.play({"type": "end", "player": P1})
    return match


def test_the_strategy_set_face_down_gives_the_other_screens_the_same_page(twin_home):
    pair = pages.twins(twin_home, set_face_down(HAND_A, "fortify.1"),
                 set_face_down(HAND_B, "riptide_gambit.1"))  # fmt: skip
    two = pages.assert_same(twin_home, pair, P2)
    assert "a Strategy lies face down" in text(two) and keys(two, "act_draw_1")
    table = pages.assert_same(twin_home, pair, None, "act_draw_1", "lt_cover")  # plays the draw
    assert "Your hand (6)" in text(table) and "a Strategy lies face down" in text(table)
    two = pages.assert_same(twin_home, pair, P2)
    assert "Your hand (6)" in text(two)
    pages.assert_same(twin_home, pair, -1)
    one = screen(twin_home, pair[0], seat_key(pair[0].key, pair[0].gid, P1))
    assert "Fortify face down (only you see it)" in text(one)


# --- against the app -----------------------------------------------------------------------------


def test_against_the_app_it_plays_its_seat_and_undo_takes_back_its_answers(home):
    """The app plays Player 2's seat (Rival) from its own hidden hand; no covers on the shared
    tablet, Rival's hand is never shown, and Undo takes back a move with the app's answers."""
    at = new_game(opponent="app", strength="easy")
    assert match_of(at).options["cards"] == "app"
    told = False
    for turn in range(80):
        state = match_of(at).state
        assert "lt_cover" not in keys(at)
        if state.phase == "main" and state.active == P1 and state.sides[P1].turns >= 2:
            break
        at = tap(at, choose(keys(at, live=True), turn))
        told = told or "From the stock, lay" in text(at)
    assert told, "the table is told which of Rival's cards to lay out"
    log = list(match_of(at).log)
    assert any(a.get("player") == P2 for a in log), "the app has played"
    assert "Rival" in text(at) and "Your hand (" in text(at)
    assert "Your hand, Rival" not in text(at)
    at = tap(at, "act_end_0")
    after = list(match_of(at).log)
    assert any(a.get("player") == P2 for a in after[len(log) + 1 :]), "Rival played its turn"
    at = tap(at, "lt_undo")
    assert match_of(at).log == after[: len(log)], "the end of the turn and Rival's turn undone"


# --- rules at a tap ------------------------------------------------------------------------------


def test_the_cards_in_sight_and_a_refusal_open_their_rules(home):
    from companion.games.rulings import rulebook

    from .test_app_rules_at_a_tap import explains

    book = rulebook("luturas")
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    assert keys(at, "rule_lt_card_") == []  # each card opens its rules where it lies, not twice
    assert {"rule_lt_soldier_0", "rule_lt_hand_tidepup_g2", "rule_lt_hand_fortify"} <= set(keys(at))
    title, said = explains(at, "rule_lt_soldier_0")
    assert title == "Warden Osk" and "Negate an attack" in said
    title, said = explains(at, "rule_why_lt_no_tidepup_g2")
    assert book.ruling("upgrade-chain").decision in said
    assert "Tidepup Gear 2 needs Tidepup Gear 1 on your side" in said  # the refusal, as a note
    other = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert "rule_lt_hand_tidepup_g2" not in keys(other)  # another hand is never named


def test_a_refused_tap_is_flashed_in_the_engines_words(home):
    saved = save(home, dealt())
    at = tap(screen(home, saved, saved.key), "lt_cover")
    at.button(key="act_strategy_fortify-1_0").click()  # played first: it is higher on the page
    at.button(key="act_set_fortify-1_0").click()  # then the same card set face down
    at.run()
    assert warnings(at) == ["Set a Strategy from your hand face down."]
    assert len(stored_log(saved)) == len(dealt().log) + 1  # only Fortify's use was played
    at.run()
    assert not warnings(at)  # shown once


def attacked() -> Match:
    """Player 2's Isotusk Gear 1 attacks Player 1's Tidepup Gear 1, taking its +2 Combat:
    Player 1 may answer with Warden Osk's ability."""
    match = deployed()
    for action in ({"type": "end", "player": P1}, {"type": "draw", "player": P2},
                   {"type": "attack", "player": P2, "space": 1, "target": 0}):  # fmt: skip
        play_out(match, action)
    assert match.state.phase == "respond"
    return match


def test_the_defender_answers_behind_their_cover_and_sees_what_the_attack_would_do(home):
    saved = save(home, attacked())
    at = screen(home, saved, saved.key)
    assert "Player 2's Isotusk Gear 1 attacks Player 1's Tidepup Gear 1 (space 1)" in text(at)
    assert "Player 1 may answer the attack." in text(at) and keys(at, "act_") == []
    at = tap(at, "lt_cover")
    assert keys(at, "act_") == ["act_ability_0", "act_pass_0"]
    assert "If let through: Isotusk Gear 1 attacks with" in text(at)
    assert "Before the damage, its Attack: effect: Attack: You may give this Lutura +2" in text(at)
    assert "Warden Osk: Once per game: Negate an attack." in text(at)
    at = tap(at, "act_ability_0")
    assert "uses the ability" in text(at) and match_of(at).state.sides[P1].ability_used
    assert match_of(at).state.sides[P1].spaces[0].damage == 0  # negated
