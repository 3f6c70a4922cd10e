"""VA Card Game's rulings on drawing and equipping, one named test each (the clarification id
opens every docstring; positions and moves in `va_rulings`).
"""

from __future__ import annotations

from typing import Any

from companion.engine import HIDDEN
from companion.games.va_card_game import VaCardGameState
from companion.games.va_card_game.data import design
from companion.games.va_card_game.scenarios import dealt, held
from companion.games.va_card_game.state import ATTACK, BLOCK, DECLARE, DRAW, EQUIP, OVER
from companion.games.va_card_game.stats import left, totals

from .engine_checks import assert_refused
from .va_rulings import ANA, BEN, DATA, RULES, apply, duel, finish_turn, marked, match_at, start


def equip(state: VaCardGameState, player: int, name: str) -> dict[str, Any]:
    return {"type": "equip", "player": player, "card": held(state.gear_hands[player], name)}


def to_equip_step(state: VaCardGameState, player: int) -> VaCardGameState:
    """On from the duel to `player`'s equip step (the draw step first; the other ends theirs)."""
    if state.phase == DRAW:
        state, _ = apply(state, {"type": "draw"})
    while state.phase == EQUIP and state.equipping != player:
        state, _ = apply(state, {"type": "done", "player": state.equipping})
    assert state.phase == EQUIP and state.equipping == player
    return state


def test_both_players_draw_then_equip_active_player_first():
    """draw-and-equip: after the duel both players draw one hero and one equipment card, the
    active player first; then the active player equips, then the opponent; then the turn
    passes."""
    state = start(
        ("stone_sentinel", []), ("bastion_knight", []), hands=(["chain_mail"], ["broadsword"])
    )
    state, _ = duel(state, BLOCK, BLOCK)
    sizes = [(len(state.hero_hands[p]), len(state.gear_hands[p])) for p in (ANA, BEN)]
    state, events = apply(state, {"type": "draw"})
    assert events[:2] == [
        "Ana draws a hero card and an equipment card.",
        "Ben draws a hero card and an equipment card.",
    ]
    assert [(len(state.hero_hands[p]), len(state.gear_hands[p])) for p in (ANA, BEN)] == [
        (h + 1, g + 1) for h, g in sizes
    ]
    assert state.phase == EQUIP and state.equipping == ANA
    assert (
        assert_refused(RULES, state, equip(state, BEN, "broadsword"))
        == "It is Ana's turn to equip."
    )
    state, _ = apply(state, equip(state, ANA, "chain_mail"))
    state, _ = apply(state, {"type": "done", "player": ANA})
    assert state.equipping == BEN
    state, _ = apply(state, equip(state, BEN, "broadsword"))
    state, events = apply(state, {"type": "done", "player": BEN})
    assert state.phase == DECLARE and state.active == BEN and state.turn == 2
    assert events[-1] == "Turn 2: Ben is the active player and declares first."


def test_a_player_with_no_hero_in_hand_draws_one_to_bring_in():
    """draw-and-equip: a player whose hero fell and who holds no hero card draws one from the
    hero deck (the only extra draw), then brings it in; one who holds a hero may not draw."""
    state = start(("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    state, _ = duel(state, ATTACK, ATTACK)
    state = to_equip_step(state, BEN)
    assert assert_refused(RULES, state, {"type": "draw_hero", "player": BEN}) == (
        "Ben holds a hero card: bring it in instead of drawing one."
    )
    hand, deck = state.hero_hands[BEN], state.hero_decks[BEN]
    state = marked(state, hero_hands=(state.hero_hands[ANA], ()),
                   hero_decks=(state.hero_decks[ANA], tuple(sorted(deck + hand))))  # fmt: skip
    assert RULES.legal_actions(state) == [{"type": "draw_hero", "player": BEN}]
    state, events = apply(state, {"type": "draw_hero", "player": BEN, "card": hand[0]})
    assert events == ["Ben holds no hero card and draws one from the hero deck."]
    assert state.hero_hands[BEN] == (hand[0],)
    assert RULES.legal_actions(state) == [{"type": "bring_in", "player": BEN, "card": hand[0]}]
    state, events = apply(state, RULES.legal_actions(state)[0])
    assert state.heroes[BEN] == hand[0]


def test_an_empty_deck_gives_nothing():
    """empty-deck: drawing from an empty deck skips that draw and nothing else happens; once all
    four decks are empty the draw step is skipped; the graveyard is never shuffled back."""
    state = start(("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    heroes = state.hero_hands[BEN] + state.hero_decks[BEN]
    state = marked(
        state, hero_hands=(state.hero_hands[ANA], heroes), hero_decks=(state.hero_decks[ANA], ())
    )
    state, _ = duel(state, ATTACK, ATTACK)  # the Ember Witch falls
    state, events = apply(state, {"type": "draw"})
    assert events[1] == "Ben's hero deck is empty: Ben draws only an equipment card."
    assert state.graves[BEN] and not state.hero_decks[BEN]
    typed = {"type": "draw", "heroes": [None, heroes[0]]}
    assert assert_refused(RULES, marked(state, phase=DRAW), typed) == (
        "Ben's hero deck is empty: nothing comes from it."
    )
    for _ in range(20):  # quiet turns until every deck is empty
        state, _ = finish_turn(state)
        if not any(state.hero_decks) and not any(state.gear_decks):
            break
        state, _ = duel(state, BLOCK, BLOCK)
    state, events = duel(state, BLOCK, BLOCK)
    assert "Every deck is empty: nobody draws." in events
    assert state.phase in (EQUIP, DECLARE)


def test_out_of_heroes_more_life_wins_equal_life_draws():
    """out-of-heroes: Ben's hero falls with no hero in hand or deck: once the draw step is done
    the game ends; Ana, with more life points, wins; with equal life points it is a draw."""
    base = start(("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    spent = base.graves[BEN] + base.hero_hands[BEN] + base.hero_decks[BEN]
    for life, winner in (((3, 3), ANA), ((2, 3), -1)):
        state = marked(base, hero_hands=(base.hero_hands[ANA], ()), hero_decks=(base.hero_decks[ANA], ()),
                       graves=(base.graves[ANA], spent), life=life)  # fmt: skip
        state, _ = duel(state, ATTACK, ATTACK)
        assert state.phase == DRAW
        state, events = apply(state, {"type": "draw"})
        assert state.phase == OVER and state.winner == winner
        assert "Ben's hero has fallen and Ben has no hero card left: the game ends." in events
    assert events[-1] == "Both players have 2 life points: the game is a draw."


def test_totals_add_every_piece_and_late_gear_adds_its_full_bonus():
    """hero-totals: a hero's HP, AD and DEF are the card's plus every attached piece's; damage
    lands on the hero, and a Life Amulet attached to the wounded Storm Lancer adds its full 3."""
    state = start(
        ("storm_lancer", ["hunting_spear", "broadsword"]),
        ("ember_witch", []),
        hands=(["life_amulet"], ()),
    )
    lancer = DATA.heroes[state.heroes[ANA]]
    spear, sword = (DATA.gear[g] for g in state.gear[ANA])
    now = left(DATA, state, ANA)
    assert now == totals(DATA, state.heroes[ANA], state.gear[ANA])
    assert (now.hp, now.ad, now.df) == (
        lancer.hp + spear.hp + sword.hp,
        lancer.ad + spear.ad + sword.ad,
        lancer.df + spear.df + sword.df,
    )
    assert now.words() == "HP 6, AD 6, DEF 3"
    state, _ = duel(state, BLOCK, ATTACK)  # the Witch's 5: 3 off DEF, 2 off HP
    wounded = left(DATA, state, ANA)
    assert (state.hp_lost[ANA], state.def_lost[ANA]) == (2, 3)
    state = to_equip_step(state, ANA)
    state, _ = apply(state, equip(state, ANA, "life_amulet"))
    assert left(DATA, state, ANA).hp == wounded.hp + 3 and state.hp_lost[ANA] == 2


def test_at_most_three_pieces_and_none_come_off():
    """equipment-limit: several pieces in one equip step up to three; a fourth is refused (and
    not listed) and stays in hand; nothing takes a piece off again."""
    state = start(
        ("stone_sentinel", ["chain_mail", "life_amulet"]),
        ("ember_witch", []),
        hands=(["plumed_helm"], ()),
    )
    state, _ = duel(state, BLOCK, BLOCK)
    state = to_equip_step(state, ANA)
    state, _ = apply(state, equip(state, ANA, "plumed_helm"))
    assert len(state.gear[ANA]) == DATA.max_gear
    assert state.phase == EQUIP and state.equipping == BEN  # Ana has nothing left to decide
    state = marked(state, equipping=ANA)
    more = {"type": "equip", "player": ANA, "card": state.gear_hands[ANA][0]}
    assert (
        assert_refused(RULES, state, more)
        == "Stone Sentinel already carries 3 pieces of equipment, the most a hero may."
    )
    assert assert_refused(
        RULES, state, {"type": "unequip", "player": ANA, "card": state.gear[ANA][0]}
    ) == ("VA Card Game has no action 'unequip'.")
    assert RULES.legal_actions(state) == [{"type": "done", "player": ANA}]


def test_no_piece_may_leave_a_hero_on_zero_hp():
    """hp-lowering-gear: the Dune Nomad (HP 3) left on 1 HP may not take War Paint (-1 HP), which
    is not offered; at setup, a whole hero may."""
    state = start(
        ("dune_nomad", []), ("stone_sentinel", []), hands=(["war_paint", "life_amulet"], ())
    )
    state, _ = duel(state, ATTACK, ATTACK)  # the Sentinel's 2: Nomad on 1
    assert left(DATA, state, ANA).hp == 1
    state = to_equip_step(state, ANA)
    assert assert_refused(RULES, state, equip(state, ANA, "war_paint")) == (
        "War Paint would leave Dune Nomad on 0 HP: no equipment may bring a hero to 0 HP or less."
    )
    offered = {design(a["card"]) for a in RULES.legal_actions(state) if a["type"] == "equip"}
    assert "life_amulet" in offered and "war_paint" not in offered
    state, _ = apply(state, equip(state, ANA, "life_amulet"))
    assert RULES.check(state, equip(state, ANA, "war_paint")) is None
    fresh = start(("dune_nomad", ["war_paint", "war_paint"]), ("stone_sentinel", []))
    assert left(DATA, fresh, ANA).hp == 1


def test_no_piece_may_leave_a_hero_with_ad_zero():
    """ad-lowering-gear: the Stone Sentinel (AD 2) may not be placed with two Tower Shields (AD
    0), but may with a Broadsword besides (AD 1); in an equip step a second Tower Shield is
    refused until a piece that raises AD is attached first."""
    opening = dealt(
        RULES, (["stone_sentinel"], []), (["tower_shield", "tower_shield", "broadsword"], [])
    )
    hero = held(opening.hero_hands[ANA], "stone_sentinel")
    shields = [c for c in opening.gear_hands[ANA] if design(c) == "tower_shield"]
    sword = held(opening.gear_hands[ANA], "broadsword")
    place = {"type": "prepare", "player": ANA, "hero": hero, "equipment": shields}
    assert assert_refused(RULES, opening, place) == (
        "Tower Shield and Tower Shield would leave Stone Sentinel with AD 0: no equipment may bring a hero's AD to 0 or less."
    )
    assert RULES.check(opening, place | {"equipment": [*shields, sword]}) is None
    state = start(
        ("stone_sentinel", ["tower_shield"]),
        ("ember_witch", []),
        hands=(["tower_shield", "broadsword"], ()),
    )
    state, _ = duel(state, BLOCK, BLOCK)
    state = to_equip_step(state, ANA)
    assert RULES.check(state, equip(state, ANA, "tower_shield")) == (
        "Tower Shield would leave Stone Sentinel with AD 0: no equipment may bring a hero's AD to 0 or less."
    )
    state, _ = apply(state, equip(state, ANA, "broadsword"))
    state, _ = apply(state, equip(state, ANA, "tower_shield"))
    assert left(DATA, state, ANA).ad == 1


def test_damage_counts_are_kept_and_cleared_when_the_hero_falls():
    """track-damage: HP lost and DEF lost are counted for the hero in play and shown to both
    players; when it falls both counts are cleared, and the new hero starts whole."""
    state = start(("shield_maiden", []), ("night_prowler", []), first=BEN)
    state, _ = duel(state, ATTACK, BLOCK)  # the Prowler's 5: Maiden's DEF 4 and 1 HP
    seen = RULES.view(state, BEN)
    assert (seen["hp_lost"], seen["def_lost"]) == ([1, 0], [4, 0])
    state, _ = finish_turn(state)
    state, _ = duel(state, BLOCK, ATTACK)  # Ana active blocks: 5 more, all off HP: 6 lost of 5
    assert not state.heroes[ANA] and (state.hp_lost[ANA], state.def_lost[ANA]) == (0, 0)
    state, _ = finish_turn(state)
    assert left(DATA, state, ANA) == totals(DATA, state.heroes[ANA], ())


def test_no_hand_limit_and_hands_stay_hidden():
    """hand-size: quiet turns fill the hands past any limit and nothing is refused; the other
    player sees only how many heroes and how many pieces of equipment are held."""
    state = start(("bastion_knight", []), ("stone_sentinel", []))
    for _ in range(8):
        state, _ = duel(state, BLOCK, BLOCK)
        state, _ = finish_turn(state)
    held_now = len(state.hero_hands[BEN]) + len(state.gear_hands[BEN])
    assert held_now > 12
    seen = RULES.view(state, ANA)
    assert seen["hero_hands"][BEN] == [HIDDEN] * len(state.hero_hands[BEN])
    assert seen["gear_hands"][BEN] == [HIDDEN] * len(state.gear_hands[BEN])
    assert seen["hero_hands"][ANA] == list(state.hero_hands[ANA])


def test_a_new_hero_comes_in_face_up():
    """new-hero-face-up: the hero brought in after a fall is seen at once by the other player and
    the table, and so is the logged action; only the opening heroes went down face down."""
    state = start(("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    state, _ = duel(state, ATTACK, ATTACK)
    match = match_at(to_equip_step(state, BEN))
    card = match.state.hero_hands[BEN][0]
    match.play({"type": "bring_in", "player": BEN, "card": card}, seat=BEN)
    for seat in (ANA, None):
        assert RULES.view(match.state, seat)["heroes"][BEN] == card
        assert match.seen_log(seat)[-1]["card"] == card


def test_a_living_hero_cannot_be_swapped_out():
    """living-hero-stays: with the Storm Lancer alive, Ana may not bring in another hero, and no
    such action is offered."""
    state = start(
        ("storm_lancer", ["hunting_spear"]), ("ember_witch", []), hands=(["chain_mail"], ())
    )
    state, _ = duel(state, BLOCK, BLOCK)
    state = to_equip_step(state, ANA)
    swap = {"type": "bring_in", "player": ANA, "card": state.hero_hands[ANA][0]}
    assert assert_refused(RULES, state, swap) == (
        "Ana's Storm Lancer is still alive: a hero leaves play only when it falls."
    )
    assert all(a["type"] != "bring_in" for a in RULES.legal_actions(state))
