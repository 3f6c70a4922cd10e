"""VA Card Game's rulings on the duel, one named test each (the clarification id opens every
docstring; drawing and equipping in test_va_rulings_draw_and_equip, positions and moves in
`va_rulings`).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.engine import HIDDEN
from companion.games.va_card_game.state import ATTACK, BLOCK, DRAW, EQUIP, OVER
from companion.games.va_card_game.stats import left

from .engine_checks import assert_refused
from .va_rulings import ANA, BEN, DATA, RULES, apply, duel, finish_turn, marked, match_at, start


def names(cards: Sequence[str]) -> list[str]:
    return [DATA.name(c) for c in cards]


# --- the duel ------------------------------------------------------------------------------------


def test_a_hero_on_exactly_zero_hp_falls():
    """hero-falls-at-zero: the Ember Witch (HP 5) takes the Storm Lancer's 5 and is left on 0 HP:
    she falls (a deliberate change from the seed's "drops below 0"), goes to the graveyard and
    Ben loses a life point; the Lancer, on 1 HP, fights on."""
    state = start(("storm_lancer", ["hunting_spear"]), ("ember_witch", []))
    state, events = duel(state, ATTACK, ATTACK)
    assert (
        events[-1]
        == "Ben's Ember Witch falls and goes to the graveyard; Ben loses a life point (4 left)."
    )
    assert state.heroes[BEN] == "" and names(state.graves[BEN]) == ["Ember Witch"]
    assert state.life == (DATA.life, DATA.life - 1)
    assert left(DATA, state, ANA).hp == 1 and state.heroes[ANA]


def test_both_strikes_land_even_from_a_falling_hero():
    """simultaneous-strikes: the Glass Fencer (HP 3, AD 5) falls to the Ash Berserker's 4, but
    strikes back all the same: the Berserker (HP 6) is left on 1."""
    state = start(("glass_fencer", []), ("ash_berserker", []))
    state, events = duel(state, ATTACK, ATTACK)
    assert (
        "Ana's Glass Fencer and Ben's Ash Berserker strike at the same time: Ana's Glass Fencer loses 4 HP (none left), Ben's Ash Berserker loses 5 HP (1 left)."
        in events
    )
    assert not state.heroes[ANA] and left(DATA, state, BEN).hp == 1


def test_both_heroes_fall_and_both_bring_in_a_new_one_active_player_first():
    """both-heroes-fall: the Glass Fencer and the Night Prowler (HP 4, AD 5) both fall; each
    player loses a life point, and in the equip step Ben (active) must bring in a new hero before
    Ana does; neither may end the step without one."""
    state = start(("glass_fencer", []), ("night_prowler", []), first=BEN)
    state, _ = duel(state, ATTACK, ATTACK)
    assert state.heroes == ("", "") and state.life == (DATA.life - 1, DATA.life - 1)
    assert state.phase == DRAW
    state, _ = apply(state, {"type": "draw"})
    assert state.phase == EQUIP and state.equipping == BEN
    assert {a["type"] for a in RULES.legal_actions(state)} == {"bring_in"}
    assert assert_refused(RULES, state, {"type": "done", "player": BEN}) == (
        "Ben must bring in a new hero before the turn goes on."
    )
    assert assert_refused(
        RULES, state, {"type": "bring_in", "player": ANA, "card": state.hero_hands[ANA][0]}
    ) == ("It is Ben's turn to equip.")
    state, _ = apply(state, {"type": "bring_in", "player": BEN, "card": state.hero_hands[BEN][0]})
    state, _ = apply(state, {"type": "done", "player": BEN})
    assert state.equipping == ANA and not state.heroes[ANA]


def test_both_players_at_zero_life_is_a_draw():
    """both-lives-zero: both players on their last life point, both heroes fall in the same duel:
    the game ends at once as a draw."""
    state = marked(start(("glass_fencer", []), ("night_prowler", [])), life=(1, 1))
    state, events = duel(state, ATTACK, ATTACK)
    assert state.phase == OVER and state.winner == -1
    assert events[-1] == "Both players have no life points left: the game is a draw."
    outcome = RULES.outcome(state)
    assert outcome.over and outcome.winner is None and outcome.scores == (0.0, 0.0)
    assert RULES.legal_actions(state) == []


def test_the_last_life_point_lost_ends_the_game_at_once():
    """both-lives-zero: with only Ben at 0 life the game ends at once and Ana wins; no draw or
    equip step follows."""
    state = marked(start(("storm_lancer", ["hunting_spear"]), ("ember_witch", [])), life=(1, 1))
    state, events = duel(state, ATTACK, ATTACK)
    assert state.phase == OVER and state.winner == ANA and RULES.outcome(state).winner == ANA
    assert events[-1] == "Ben has no life points left: Ana wins."


def test_block_takes_def_first_and_lost_def_stays_lost():
    """block-damage: the Night Prowler's 6 against the blocking Shield Maiden (HP 7, DEF 5): DEF
    takes 5, HP takes 1; the Prowler takes nothing. Next turn her DEF is still 0, so a second
    blocked attack comes wholly off her HP."""
    state = start(("night_prowler", ["broadsword"]), ("shield_maiden", ["plumed_helm"]))
    state, events = duel(state, ATTACK, BLOCK)
    assert (
        "Ana's Night Prowler deals 6 to the blocking Ben's Shield Maiden: 5 comes off its DEF (0 left) and 1 off its HP (6 left). Ana's Night Prowler takes no damage."
        in events
    )
    assert (state.hp_lost, state.def_lost) == ((0, 1), (0, 5))
    state, _ = finish_turn(state)
    assert state.active == BEN
    state, events = duel(state, BLOCK, ATTACK)
    assert (
        "Ana's Night Prowler deals 6 to the blocking Ben's Shield Maiden: it has no DEF left, so all 6 comes off its HP (none left). Ana's Night Prowler takes no damage."
        in events
    )
    assert not state.heroes[BEN]


def test_block_against_block_changes_nothing():
    """block-vs-block: nobody loses HP or DEF and the turn goes straight on to the draw step."""
    state = start(("glass_fencer", []), ("bastion_knight", []), first=BEN)
    before = RULES.to_json(state)
    state, events = duel(state, BLOCK, BLOCK)
    assert events[-1] == "Both heroes block: nothing happens."
    assert state.phase == DRAW
    after = RULES.to_json(state)
    for key in ("heroes", "gear", "hp_lost", "def_lost", "life", "graves"):
        assert after[key] == before[key], key


def test_declarations_are_secret_the_active_player_first():
    """declaration-order: the active player declares face down first; the opponent may not
    declare before, does not see the choice, nor does the table; neither declaration can be
    taken back, before or after the reveal; both are shown at the reveal."""
    state = start(("storm_lancer", []), ("ember_witch", []), first=BEN)
    match = match_at(state)
    assert assert_refused(RULES, state, {"type": "declare", "player": ANA, "stance": ATTACK}) == (
        "Ben, the active player, declares first."
    )
    match.play({"type": "declare", "player": BEN, "stance": BLOCK}, seat=BEN)
    assert RULES.view(match.state, ANA)["declared"] == ["", HIDDEN]
    assert RULES.view(match.state, None)["declared"] == ["", HIDDEN]
    assert RULES.view(match.state, BEN)["declared"] == ["", BLOCK]
    assert match.seen_log(ANA)[-1]["stance"] == HIDDEN
    assert match.undo_refusal(BEN) == "A declaration made face down cannot be taken back."
    assert assert_refused(
        RULES, match.state, {"type": "declare", "player": BEN, "stance": ATTACK}
    ) == ("Ben has already declared, face down.")
    step = match.play({"type": "declare", "player": ANA, "stance": ATTACK}, seat=ANA)
    assert "The declarations are revealed: Ben blocks, Ana attacks." in step.events
    assert match.state.last_declared == (ATTACK, BLOCK)
    assert (
        match.undo_refusal(ANA)
        == "Revealed cards and declarations stand: they cannot be taken back."
    )
    told = " ".join(e for events in match.events for e in events)
    assert told.count("attack") == 1  # the reveal only


def test_every_clarification_opens_a_test_docstring():
    """Each ruling in clarifications.csv is named at the opening of at least one VA Card Game
    test's docstring ("block-damage: ..." or "draw-and-equip, empty-deck: ..."), the test that
    enforces it; a ruling named only in passing does not count."""
    from companion.games.va_card_game.data import data_folder

    from .ruling_links import clarification_ids, named_at_openings

    ids = clarification_ids(data_folder())
    assert len(ids) == 18
    assert sorted(ids - named_at_openings("test_va_*.py")) == []
