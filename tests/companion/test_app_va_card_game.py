"""VA Card Game's own page driven headless through the real app (streamlit.testing AppTest):
its coin and deal, openings and declarations confirmed before they are sealed, its card entry,
its secrets (the other player's hand, the hero placed face down, the declaration made face down),
its app opponent. How pages are driven, and twins compared, is card_game_pages.py; what every
card game's page does alike is test_app_card_games.py."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from streamlit.testing.v1 import AppTest

from companion import registry
from companion.engine import Match
from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game.data import design
from companion.screens import session
from companion.store import seat_key

from . import card_game_pages as pages
from .card_game_pages import P1, P2, SEED, keys, match_of, save, screen, tap

home, twin_home = pages.home, pages.twin_home
stored_log, warnings = pages.stored_log, pages.warnings  # tests/codes read them from here
text = pages.read
RULES = VaCardGameRules()
DATA = RULES.data
P1_HEROES = ["iron_monk", "storm_lancer", "ember_witch"]
P1_GEAR = ["broadsword", "war_paint", "chain_mail"]
P2_HEROES = ["bastion_knight", "glass_fencer", "oak_warden"]
P2_GEAR = ["plumed_helm", "life_amulet", "hunting_spear"]
PLAYING = ("act_", "va_cover", "va_stance_", "va_hero_", "va_gear_", "va_place", "va_change",
           "va_toss_", "va_design_", "va_card_", "va_enter_done", "va_nofit_", "va_new")  # fmt: skip
PLACED_SEALED = "A hero placed face down cannot be taken back."
DECLARED_SEALED = "A declaration made face down cannot be taken back."
REVEALED = "Revealed cards and declarations stand: they cannot be taken back."


# --- driving the page ----------------------------------------------------------------------------


def new_game(cards: str = "app", **more: Any) -> AppTest:
    return pages.new_game("va_card_game", cards=cards, **more)


# --- games set up by the engine, for the screens that need a given moment -----------------------


def copies(designs: Sequence[str]) -> list[str]:
    """A copy id for each design, the second of a design being its copy 2."""
    seen: Counter[str] = Counter()
    out = []
    for name in designs:
        seen[name] += 1
        out.append(f"{name}.{seen[name]}")
    return out


def dealt(p1_heroes=P1_HEROES, p1_gear=P1_GEAR, *, cards: str = "app") -> Match:
    """Player 1 won the coin flip; each player's opening cards read off the decks."""
    match = Match.start(RULES, {"cards": cards}, seed=SEED)
    match.play({"type": "toss", "first": P1})
    match.play({"type": "deal", "heroes": [copies(p1_heroes), copies(P2_HEROES)],
                "equipment": [copies(p1_gear), copies(P2_GEAR)]})  # fmt: skip
    return match


def place(match: Match, player: int, hero: str, gear: Sequence[str] = ()) -> Match:
    kit = [next(c for c in match.state.gear_hands[player] if design(c) == g) for g in gear]
    match.play({"type": "prepare", "player": player, "hero": f"{hero}.1", "equipment": kit})
    return match


def opened(p1=("iron_monk", ()), p2=("bastion_knight", ()), **kw: Any) -> Match:
    """Turn 1 about to begin: Player 1's and Player 2's opening heroes revealed."""
    match = dealt(**kw)
    place(match, P1, *p1)
    return place(match, P2, *p2)


def declared(match: Match, *stances: str) -> Match:
    for stance in stances:
        a = match.state.active
        p = a if not match.state.declared[a] else 1 - a
        match.play({"type": "declare", "player": p, "stance": stance})
    return match


# --- a whole game --------------------------------------------------------------------------------


def next_tap(at: AppTest, turn: int) -> str:
    """The shared tablet's next tap: a cover, the confirmation, the choice, a chance action."""
    shown = keys(at)
    order = ("va_cover", "act_prepare_", "act_declare_", "va_place", "va_hero_", "act_bring_in_",
             "act_draw_hero", "act_toss", "act_deal", "act_draw")  # fmt: skip
    for prefix in order:
        found = [k for k in shown if k.startswith(prefix)]
        if found:
            return found[turn % len(found)]
    if "va_stance_attack" in shown:
        return "va_stance_block" if turn % 5 == 0 else "va_stance_attack"
    attach = keys(at, "act_equip_")
    if attach and turn % 3 == 0:
        return attach[0]
    return keys(at, "act_done_")[0]


def test_a_whole_game_is_tapped_through_to_the_end(home):
    """Every screen of a game (the coin, the deal, the openings, declarations, draws, equipping,
    new heroes, the end) on the shared tablet, each secret behind its cover, every declaration
    and opening confirmed, only legal buttons, no refusal on the way."""
    at = new_game()
    assert keys(at, "act_") == ["act_toss"]
    phases, covers, confirmations = set(), 0, 0
    for turn in range(1500):
        state = match_of(at).state
        phases.add(state.phase)
        if state.phase == "over":
            break
        if "va_cover" in keys(at):
            covers += 1
            assert not [k for k in keys(at) if k.startswith(PLAYING) and k != "va_cover"]
            assert "Your hand" not in text(at) and "Your opening cards" not in text(at)
        if keys(at, "act_declare_") or keys(at, "act_prepare_"):
            confirmations += 1
            assert "cannot be taken back" in text(at) and "va_change" in keys(at)
        at = tap(at, next_tap(at, turn))
        assert not warnings(at), warnings(at)
    state = match_of(at).state
    assert state.phase == "over"
    assert {"toss", "deal", "prepare", "declare", "draw", "equip"} <= phases
    assert covers > 20 and confirmations > 10
    said = text(at)
    assert "wins the game!" in said or "The game is a draw." in said
    falls = [e for events in match_of(at).events for e in events if "goes to the graveyard" in e]
    assert len(falls) >= 5 and "Graveyard (0)" not in said
    pages.assert_only_a_new_game(at, "va_new")


def test_the_app_names_each_players_cards_in_private(home):
    """cards "app": the cards dealt to a player are named on that player's screen only."""
    at = new_game()
    assert keys(at, "va_toss_") == ["va_toss_0", "va_toss_1"] and keys(at, "act_") == ["act_toss"]
    at = tap(tap(at, "va_toss_1"), "act_deal")
    deal = match_of(at).log[-1]
    said = {
        p: f"Your opening cards: take {listed(deal['heroes'][p])} (heroes) and "
        f"{listed(deal['equipment'][p])} (equipment) from your stocks, unseen."
        for p in (P1, P2)
    }
    assert "Each player takes the cards the app names for them, on their own screen." in text(at)
    assert "Pass the tablet to Player 2." in text(at)  # the coin's winner places first
    assert said[P2] not in text(at) and said[P1] not in text(at)
    at = tap(at, "va_cover")
    assert said[P2] in text(at) and said[P1] not in text(at)
    at = tap(tap(at, keys(at, "va_hero_")[0]), "va_place")
    at = tap(at, keys(at, "act_prepare_")[0])
    assert "Pass the tablet to Player 1." in text(at) and said[P2] not in text(at)
    at = tap(at, "va_cover")
    assert said[P1] in text(at) and said[P2] not in text(at)


def listed(cards: Sequence[str]) -> str:
    named = [DATA.name(c) for c in cards]
    return f"{', '.join(named[:-1])} and {named[-1]}"


# --- confirmations, refusals, undo, reloads ------------------------------------------------------


def test_an_opening_the_rules_refuse_is_refused_with_the_engines_reason(home):
    """Stone Sentinel (AD 2) with two Tower Shields (AD -1 each) would have AD 0: the page asks
    the engine before the confirmation and shows its reason; one Tower Shield is confirmed."""
    saved = save(home, dealt(["stone_sentinel", "iron_monk", "ember_witch"],
                             ["tower_shield", "tower_shield", "broadsword"]))  # fmt: skip
    at = tap(screen(home, saved, saved.key), "va_cover")
    at = tap(at, "va_hero_stone_sentinel-1")
    at = tap(tap(at, "va_gear_tower_shield-1"), "va_gear_tower_shield-2")
    assert "Stone Sentinel with Tower Shield and Tower Shield: HP 11, AD 0, DEF 11" in text(at)
    at = tap(at, "va_place")
    action = {"type": "prepare", "player": P1, "hero": "stone_sentinel.1",
              "equipment": ["tower_shield.1", "tower_shield.2"]}  # fmt: skip
    reason = RULES.check(match_of(at).state, action)
    assert reason and "would leave Stone Sentinel with AD 0" in reason
    assert warnings(at) == [reason]
    assert not keys(at, "act_prepare_") and len(stored_log(saved)) == 2  # nothing played
    at = tap(at, "va_gear_tower_shield-2")
    at = tap(at, "va_place")
    assert "Place Stone Sentinel with Tower Shield face down (HP 10, AD 1, DEF 7)" in text(at)
    at = tap(at, "va_change")
    assert not keys(at, "act_prepare_") and "va_place" in keys(at)  # the choice is kept
    at = tap(tap(at, "va_place"), "act_prepare_tower_shield-1_stone_sentinel-1_0")
    assert match_of(at).log[-1]["hero"] == "stone_sentinel.1"
    assert at.button(key="va_undo").disabled and PLACED_SEALED in text(at)
    assert "Hero face down, 1 piece of equipment under it" in text(at)
    assert "Stone Sentinel" not in text(at).split("Log")[0]  # covered: Player 2's turn to look


def test_a_piece_that_may_not_be_attached_is_refused_with_the_engines_reason(home):
    """Stone Sentinel already carries a Tower Shield (AD 1): the second one is crossed out, and
    its tap shows the engine's reason."""
    match = opened(("stone_sentinel", ["tower_shield"]),
                   p1_heroes=["stone_sentinel", "iron_monk", "ember_witch"],
                   p1_gear=["tower_shield", "tower_shield", "broadsword"])  # fmt: skip
    declared(match, "block", "block")
    match.play({"type": "draw", "heroes": ["frost_archer.1", "tide_keeper.1"],
                "equipment": ["chain_mail.1", "war_paint.1"]})  # fmt: skip
    saved = save(home, match)
    at = tap(screen(home, saved, saved.key), "va_cover")
    assert "Player 1: attach equipment from your hand to Stone Sentinel" in text(at)
    assert "act_equip_broadsword-1_0" in keys(at) and "va_nofit_tower_shield-2" in keys(at)
    assert "Attach Broadsword (+1 AD, +1 DEF) → HP 10/10, AD 2, DEF 8/8" in text(at)
    at = tap(at, "va_nofit_tower_shield-2")
    reason = RULES.check(match.state, {"type": "equip", "player": P1, "card": "tower_shield.2"})
    assert reason and warnings(at) == [reason] and "AD 0" in reason
    assert len(stored_log(saved)) == len(match.log)
    assert "act_done_0" in keys(at)  # still Player 1's screen


def test_a_declaration_is_confirmed_sealed_and_revealed_with_the_other(home):
    saved = save(home, opened())
    at = screen(home, saved, saved.key)
    assert "Turn 1: Player 1 declares first, attack or block, face down; then Player 2." in text(at)
    assert "Pass the tablet to Player 1." in text(at) and not keys(at, "va_stance_")
    at = tap(at, "va_cover")
    assert keys(at, "va_stance_") == ["va_stance_attack", "va_stance_block"]
    assert "⚔ Attack · deals AD 3" in text(at)
    at = tap(at, "va_stance_block")
    assert "Declare BLOCK, face down?" in text(at) and keys(at, "act_") == ["act_declare_0_block"]
    at = tap(at, "va_change")
    at = tap(tap(at, "va_stance_attack"), "act_declare_0_attack")
    assert match_of(at).log[-1] == {"type": "declare", "player": P1, "stance": "attack"}
    assert at.button(key="va_undo").disabled and DECLARED_SEALED in text(at)
    said = text(at)
    assert "Player 1 has declared face down." in said and "Pass the tablet to Player 2." in said
    at = tap(at, "va_cover")
    assert "Player 1 has declared face down; both are revealed as soon as you declare." in text(at)
    at = tap(tap(at, "va_stance_block"), "act_declare_1_block")
    said = text(at)
    assert "Iron Monk attacks for 3; Bastion Knight blocks: DEF 4 → 1, HP unchanged" in said
    assert "The declarations are revealed: Player 1 attacks, Player 2 blocks." in said
    assert "HP 8/8" in said and "DEF 1/4" in said  # Bastion Knight's numbers against its totals
    assert at.button(key="va_undo").disabled and REVEALED in said
    assert keys(at, "act_") == ["act_draw"]


def test_undo_takes_back_an_equip_and_the_player_keeps_the_tablet(home):
    match = declared(opened(), "attack", "attack")
    match.play({"type": "draw"})
    saved = save(home, match)
    at = tap(screen(home, saved, saved.key), "va_cover")
    before = list(match_of(at).log)
    at = tap(at, "act_equip_chain_mail-1_0")
    assert match_of(at).log[-1] == {"type": "equip", "player": P1, "card": "chain_mail.1"}
    assert "Chain Mail +1 HP, +2 DEF" in text(at)
    at = tap(at, "va_undo")
    assert match_of(at).log == before and stored_log(saved) == before
    assert "va_cover" not in keys(at) and "act_equip_chain_mail-1_0" in keys(at)


# --- with the table's cards, every card is entered -----------------------------------------------


def test_with_the_tables_cards_the_opening_cards_are_entered_in_private(home):
    at = tap(new_game(cards="table"), "va_toss_0")
    assert "act_deal" not in keys(at) and "Pass the tablet to Player 1." in text(at)
    at = tap(at, "va_cover")
    assert "Player 1: which cards did you draw? Tap each one." in text(at)
    for name in P1_HEROES:
        at = tap(at, f"va_design_hero0_{name}")
    assert not keys(at, "va_design_hero0_")  # three: the hero picker is done
    for name in ("broadsword", "broadsword", "war_paint"):
        at = tap(at, f"va_design_gear0_{name}")
    at = tap(at, "va_enter_done")
    assert "Pass the tablet to Player 2." in text(at) and "Iron Monk" not in text(at)
    at = tap(at, "va_cover")
    assert "va_design_hero1_iron_monk" in keys(at)  # Player 1's cards are not subtracted
    for name in P2_HEROES:
        at = tap(at, f"va_design_hero1_{name}")
    for name in P2_GEAR:
        at = tap(at, f"va_design_gear1_{name}")
    at = tap(at, "va_enter_done")
    deal = match_of(at).log[-1]
    assert [[design(c) for c in side] for side in deal["heroes"]] == [P1_HEROES, P2_HEROES]
    assert [design(c) for c in deal["equipment"][0]] == ["broadsword", "broadsword", "war_paint"]
    assert deal["equipment"][0][:2] == ["broadsword.1", "broadsword.2"]
    assert "Pass the tablet to Player 1." in text(at) and match_of(at).state.phase == "prepare"


def test_with_the_tables_cards_the_draws_are_entered_in_private(home):
    saved = save(home, declared(opened(cards="table"), "attack", "block"))
    at = screen(home, saved, saved.key)
    assert "act_draw" not in keys(at) and "Pass the tablet to Player 1." in text(at)
    at = tap(at, "va_cover")
    assert "va_design_hero0_iron_monk" not in keys(at)  # in play: not in the deck
    at = tap(tap(at, "va_design_hero0_frost_archer"), "va_design_gear0_broadsword")
    at = tap(tap(at, "va_enter_done"), "va_cover")
    at = tap(tap(at, "va_design_hero1_iron_monk"), "va_design_gear1_tower_shield")
    at = tap(at, "va_enter_done")
    draw = match_of(at).log[-1]
    assert draw["type"] == "draw"
    assert [design(c) for c in draw["heroes"]] == ["frost_archer", "iron_monk"]
    assert [design(c) for c in draw["equipment"]] == ["broadsword", "tower_shield"]
    assert draw["equipment"][0] == "broadsword.2"  # copy 1 is in Player 1's hand


# --- each player on their own device, and a watcher ----------------------------------------------


def test_each_player_declares_on_their_own_device(home):
    saved = save(home, opened())
    one = screen(home, saved, seat_key(saved.key, saved.gid, P1))
    assert "va_cover" not in keys(one) and keys(one, "va_stance_")
    assert "Player 1's screen" in text(one) and "Your hand, Player 1" in text(one)
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert not keys(two, "va_stance_") and not keys(two, "act_")
    assert "Your hand, Player 2" in text(two) and "Storm Lancer" not in text(two)
    one = tap(tap(one, "va_stance_attack"), "act_declare_0_attack")
    assert "You declared attack, face down." in text(one)
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert "Player 1 has declared face down." in text(two) and "declared attack" not in text(two)
    two = tap(tap(two, "va_stance_block"), "act_declare_1_block")
    assert "The declarations are revealed: Player 1 attacks, Player 2 blocks." in text(two)
    watcher = screen(home, saved, None)
    assert [k for k in keys(watcher) if k.startswith(PLAYING)] == []
    assert session.WATCHING in text(watcher) and watcher.button(key="va_undo").disabled


def test_undo_on_a_players_own_device_takes_back_only_their_own_moves(home):
    match = declared(opened(), "block", "block")
    match.play({"type": "draw"})
    saved = save(home, match)
    one = tap(screen(home, saved, seat_key(saved.key, saved.gid, P1)), "act_equip_broadsword-1_0")
    two = screen(home, saved, seat_key(saved.key, saved.gid, P2))
    assert two.button(key="va_undo").disabled
    assert "Only Player 1 can take back the last move." in text(two)
    assert not one.button(key="va_undo").disabled
    one = tap(one, "va_undo")
    assert stored_log(saved) == match.log


# --- the screen cannot tell the twins apart ------------------------------------------------------


def test_the_hero_placed_face_down_gives_the_other_screens_the_same_page(twin_home):
    """Player 1's Iron Monk with a Broadsword, or Ember Witch with a War Paint, face down: the
    same page on Player 2's device, on the table (covered, then Player 2 placing) and on a
    watching screen."""
    pair = pages.twins(twin_home, place(dealt(), P1, "iron_monk", ["broadsword"]),
                 place(dealt(), P1, "ember_witch", ["war_paint"]))  # fmt: skip
    two = pages.assert_same(twin_home, pair, P2, "va_hero_glass_fencer-1")
    assert "Player 1 has placed a hero face down with 1 piece of equipment." in text(two)
    assert "Hero face down, 1 piece of equipment under it" in text(two)
    table = pages.assert_same(twin_home, pair, None, "va_cover", "va_hero_oak_warden-1", "va_place")
    assert "Place Oak Warden face down" in text(table)
    pages.assert_same(twin_home, pair, -1)


def test_an_undisclosed_declaration_gives_the_other_screens_the_same_page(twin_home):
    """Player 1 attacks or blocks, face down: the same page for Player 2's device (and its
    choice), the table (covered, then Player 2 declaring) and a watcher."""
    pair = pages.twins(twin_home, declared(opened(), "attack"), declared(opened(), "block"))
    two = pages.assert_same(twin_home, pair, P2, "va_stance_block")
    assert "Declare BLOCK, face down?" in text(two)
    table = pages.assert_same(twin_home, pair, None, "va_cover", "va_stance_attack")
    assert "Player 1 has declared face down." in text(table)
    pages.assert_same(twin_home, pair, -1)


def test_another_hand_gives_the_other_screens_the_same_page(twin_home):
    """Player 1 dealt other cards beside the same opening hero: the same page for Player 2's
    device and the table, while Player 2 places and in the first turn."""
    other = (["iron_monk", "frost_archer", "night_prowler"],
             ["broadsword", "tower_shield", "life_amulet"])  # fmt: skip
    first = place(dealt(), P1, "iron_monk", ["broadsword"])
    second = place(dealt(*other), P1, "iron_monk", ["broadsword"])
    pair = pages.twins(twin_home, first, second)
    pages.assert_same(twin_home, pair, P2)
    pages.assert_same(twin_home, pair, None, "va_cover")
    pair = pages.twins(twin_home, place(first, P2, "oak_warden"), place(second, P2, "oak_warden"))
    pages.assert_same(twin_home, pair, P2)
    pages.assert_same(twin_home, pair, None)
    pages.assert_same(twin_home, pair, -1)


# --- against the app -----------------------------------------------------------------------------


def app_game() -> AppTest:
    return new_game(opponent="app", strength="easy")


def test_against_the_app_the_table_is_told_the_apps_cards(home):
    at = tap(tap(app_game(), "va_toss_0"), "act_deal")
    assert "va_cover" not in keys(at)  # against the app nobody needs to look away
    said = text(at)
    assert "Set Rival's hero and equipment cards aside as Rival's stocks, unseen" in said
    assert "Your opening cards: take" in said  # the one human's cards, on the table's screen
    at = tap(tap(at, keys(at, "va_hero_")[0]), "va_place")
    at = tap(at, keys(at, "act_prepare_")[0])
    state = match_of(at).state
    rival_hero = DATA.name(state.heroes[P2])
    assert state.phase == "declare"  # the app placed its hero and both were revealed
    assert f"From Rival's stocks, lay {rival_hero} face up" in text(at)
    for turn in range(200):
        assert all(
            a.get("player") in (None, P1) for a in pages.shown_actions(at)
        )  # never the app's
        app_moves = [a for a in match_of(at).log if a.get("player") == P2]
        if app_moves and app_moves[-1]["type"] in ("equip", "bring_in"):
            break
        if keys(at, "va_stance_attack"):
            at = tap(at, "va_stance_attack")
        at = tap(at, next_tap(at, turn))
    move = app_moves[-1]
    card = DATA.name(move["card"])
    if move["type"] == "equip":
        assert f"From Rival's equipment stock, tuck {card} under" in text(at)
    else:
        assert f"From Rival's hero stock, bring in {card} face up." in text(at)
    assert "Rival (the app)" in text(at) and not warnings(at)


def test_the_app_plays_by_search_at_normal_and_hard(home):
    """The "Normal" and "Hard" strengths are OpenSpiel's search over the app's view
    (companion.ai): it places its opening hero and declares in turn, as the rules of thumb do."""
    from companion.ai.search import SearchOpponent

    found = registry.entry("va_card_game")
    assert found is not None and found.opponents is not None
    for level in ("normal", "hard"):
        app = found.opponents({"opponent": "app", "strength": level})[1]
        assert isinstance(app, SearchOpponent) and app.level == level and app.seat == P2
    at = tap(tap(new_game(opponent="app", strength="normal"), "va_toss_0"), "act_deal")
    assert match_of(at).options["strength"] == "normal"
    at = tap(tap(at, keys(at, "va_hero_")[0]), "va_place")
    at = tap(at, keys(at, "act_prepare_")[0])
    state = match_of(at).state
    assert state.phase == "declare" and state.heroes[P2]  # the search placed its hero
    for turn in range(40):
        if any(a.get("type") == "declare" and a.get("player") == P2 for a in match_of(at).log):
            break
        assert all(
            a.get("player") in (None, P1) for a in pages.shown_actions(at)
        )  # never the app's
        if keys(at, "va_stance_attack"):
            at = tap(at, "va_stance_attack")
        at = tap(at, next_tap(at, turn))
    assert any(a.get("type") == "declare" and a.get("player") == P2 for a in match_of(at).log)
    assert not warnings(at)
