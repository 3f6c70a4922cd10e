"""With the table's cards, which unseen cards an action takes (companion.games.luturas.entering):
the page asks for exactly these before it plays the action."""

from __future__ import annotations

from companion.games.luturas.entering import cards_to_enter
from companion.games.luturas.scenarios import ANA, act, lay

from .luturas_rulings import RULES, versus


def deploy(card: str) -> dict:
    return {"type": "deploy", "player": ANA, "card": card, "space": 0}


def test_a_draw_on_deploy_takes_one_card_of_the_deck() -> None:
    state = versus(["arcwisp_g1", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["arcwisp_g1"], crystals=["crystal_plasmatic"])["hand"][0]
    assert cards_to_enter(RULES, state, deploy(card)) == ["deck"]


def test_a_look_at_the_top_two_takes_two_and_known_cards_are_not_asked_again() -> None:
    state = versus([], [])
    card = lay(state, ANA, hand=["tidepup_g1"], crystals=["crystal_aquatic"])["hand"][0]
    assert cards_to_enter(RULES, state, deploy(card)) == ["deck", "deck"]
    side = state.sides[ANA]
    side.top, side.deck = side.deck[:1], side.deck[1:]  # the top card is known already
    assert cards_to_enter(RULES, state, deploy(card)) == ["deck"]


def test_a_look_through_the_crystal_deck_in_fast_mode_takes_crystals() -> None:
    state = versus(["crystal_call"], [], mode="fast")
    card = lay(state, ANA, hand=["crystal_call"])["hand"][0]
    assert cards_to_enter(RULES, state, {"type": "strategy", "player": ANA, "card": card}) == [
        "crystals"] * 5  # fmt: skip


def test_actions_that_take_no_unseen_card_ask_for_none() -> None:
    state = versus([], [])
    lay(state, ANA, hand=["tidepup_g1"], crystals=["crystal_aquatic"])
    for action in RULES.legal_actions(state):
        if action["type"] != "deploy":
            assert cards_to_enter(RULES, state, action) == [], action
    assert cards_to_enter(RULES, state, {"type": "end", "player": ANA}) == []


def test_a_refused_action_or_one_with_its_cards_named_asks_for_none() -> None:
    state = versus(["arcwisp_g1", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["arcwisp_g1"])["hand"][0]  # no Crystal: the deploy is refused
    assert RULES.check(state, deploy(card)) is not None
    assert cards_to_enter(RULES, state, deploy(card)) == []
    lay(state, ANA, crystals=["crystal_plasmatic"])
    named = deploy(card) | {"cards": [sorted(state.sides[ANA].deck)[0]]}
    assert cards_to_enter(RULES, state, named) == []


def test_the_probe_changes_nothing_and_the_cards_entered_are_the_ones_drawn() -> None:
    state = versus(["arcwisp_g1", "crystal_plasmatic"], [])
    card = lay(state, ANA, hand=["arcwisp_g1"], crystals=["crystal_plasmatic"])["hand"][0]
    before = RULES.to_json(state)
    assert cards_to_enter(RULES, state, deploy(card)) == ["deck"]
    assert RULES.to_json(state) == before
    wanted = sorted(state.sides[ANA].deck)[-1]
    after = act(RULES, state, deploy(card) | {"cards": [wanted]}, 3).state
    assert wanted in after.sides[ANA].hand
