"""The app as a VA Card Game player: always legal, deterministic, blind to what its seat cannot
see, far better than chance (and the easy one measurably weaker than the strong one); it finishes
games from every phase, and its reckoning of a duel is a solved two-by-two game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from cardgen.balance.stats import wilson
from companion.engine import HIDDEN
from companion.games.va_card_game import VaCardGameRules, VaCardGameState
from companion.games.va_card_game.data import design
from companion.games.va_card_game.opponent import (
    EASY_ATTACKS,
    PATIENCE,
    Duels,
    Fighter,
    VaOpponent,
    solve,
    with_patience,
)
from companion.games.va_card_game.scenarios import dealt, duel_start, held
from companion.games.va_card_game.state import ATTACK, BLOCK, EQUIP
from companion.registry import entry

from .opponent_play import Policy, Table, assert_registered

RULES = VaCardGameRules()
DATA = RULES.data
ANA, BEN = 0, 1
TABLE = Table(RULES, ("toss", "deal", "draw"))
mine, finish = TABLE.mine, TABLE.finish


def duel_game(index: int, app: VaOpponent, other: Policy) -> int:
    """Game `index` of a series: the app sits in seat index % 2 and the coin flip's winner
    alternates every two games. The app's result: 1 won, 0 a draw, -1 lost."""
    seat = index % 2
    state = RULES.new_state({})
    state = RULES.apply(state, {"type": "toss", "first": (index // 2) % 2}, random.Random(0)).state
    end = finish(state, {seat: app, 1 - seat: other}, index)
    return 0 if end.winner < 0 else (1 if end.winner == seat else -1)


def results(games: int, make_app: Any, make_other: Any) -> Counter[int]:
    return Counter(
        duel_game(i, make_app(i % 2), make_other(1 - i % 2) if make_other else None)
        for i in range(games)
    )


# --- against chance, and strong against easy ------------------------------------------------------


@pytest.mark.slow
def test_the_strong_app_beats_a_random_player_in_four_games_of_five():
    """Seeded games, seats and the first turn alternating; a draw is no win (497 of 500 won,
    2026-11-24): 150 of them, enough that the whole 95% interval must lie above four in five."""
    tally = results(150, VaOpponent, None)
    low, _ = wilson(tally[1], 150)
    assert low >= 0.8, f"the strong app won {tally[1]} of 150 games (interval from {low:.1%})"


def test_the_strong_app_beats_a_random_player_short():
    """The same, 40 games (the edit loop's version of the test above)."""
    tally = results(40, VaOpponent, None)
    assert tally[1] >= 36, tally


def test_the_easy_app_is_better_than_chance_and_weaker_than_the_strong_one():
    """Measured: the easy app wins more games than it loses against random play, and loses
    most games to the strong app (head to head, seats and first turn alternating)."""
    easy = results(60, lambda s: VaOpponent(s, "easy"), None)
    assert easy[1] > easy[-1] + 10, f"easy against random: {easy}"
    strong = results(40, VaOpponent, lambda s: VaOpponent(s, "easy"))
    assert strong[1] >= 30 and strong[-1] <= 4, f"strong against easy: {strong}"


# --- legal, deterministic, blind ----------------------------------------------------------------


def decisions(seed: int, strength: str) -> list[tuple[VaCardGameState, int]]:
    """Every state of a seeded game (the app in both seats) where a seat had a choice."""
    apps = {0: VaOpponent(0, strength), 1: VaOpponent(1, strength)}
    return TABLE.decisions(RULES.new_state({}), apps, seed)


@pytest.mark.parametrize("strength", ["strong", "easy"])
def test_same_view_same_choice_and_what_the_seat_cannot_see_changes_nothing(strength):
    """Deterministic for a view, its actions and a random source, for the same app or a fresh
    one; and a state whose hidden cards (the other's hand, its face-down opening, its sealed
    declaration, the decks) were redrawn, which the seat cannot tell apart, gets the very same
    choice."""
    checked = TABLE.check_blind(3, lambda seed: decisions(seed, strength),
                                lambda seat: VaOpponent(seat, strength),
                                lambda state, p: state.hero_hands[p])  # fmt: skip
    assert checked["redrawn"] > 30, checked
    kinds = {"prepare", "declare", "equip", "bring_in"}
    if strength == "strong":
        kinds.add("done")  # the easy app attaches whatever raises its hero's printed total
    assert kinds <= set(checked), checked


def test_the_face_down_opening_across_the_table_changes_no_placing():
    """Ben laid the Glass Fencer or the Stone Sentinel face down, with different pieces: Ana's
    view is the same, and so is the app's opening for Ana."""
    base = dealt(RULES, (["storm_lancer", "iron_monk", "dune_nomad"],
                         ["glass_fencer", "stone_sentinel", "ember_witch"]),
                 (["broadsword", "life_amulet", "chain_mail"],
                  ["war_paint", "tower_shield", "plumed_helm"]))  # fmt: skip
    placed = []
    for hero, piece in (("glass_fencer", "war_paint"), ("stone_sentinel", "tower_shield")):
        action = {"type": "prepare", "player": BEN, "hero": held(base.hero_hands[BEN], hero),
                  "equipment": [held(base.gear_hands[BEN], piece)]}  # fmt: skip
        placed.append(RULES.apply(base, action, random.Random(0)).state)
    views = [RULES.view(s, ANA) for s in placed]
    assert views[0] == views[1] and views[0]["heroes"][BEN] == HIDDEN
    for seed in range(4):
        picks = {str(VaOpponent(ANA).choose(RULES.view(s, ANA), mine(s, ANA),
                                            random.Random(seed))) for s in placed}  # fmt: skip
        assert len(picks) == 1


def test_a_sealed_declaration_changes_no_declaration():
    """Ana, active, declared attack or block face down: Ben's app answers the same."""
    start = duel_start(RULES, ("storm_lancer", []), ("shield_maiden", ["chain_mail"]))
    for strength in ("strong", "easy"):
        for seed in range(6):
            answers = set()
            for stance in (ATTACK, BLOCK):
                action = {"type": "declare", "player": ANA, "stance": stance}
                state = RULES.apply(start, action, random.Random(0)).state
                app = VaOpponent(BEN, strength)
                answers.add(str(app.choose(RULES.view(state, BEN), mine(state, BEN),
                                           random.Random(seed))))  # fmt: skip
            assert len(answers) == 1


# --- whole games from every phase ---------------------------------------------------------------


def snapshots() -> dict[str, list[VaCardGameState]]:
    """A few states of every phase from seeded random games, with the moments a player must
    bring in a hero, may equip one, or is waiting for the other's face-down choice."""
    found: dict[str, list[VaCardGameState]] = {}
    for seed in range(30):
        rng = random.Random(seed)
        state = RULES.new_state({})
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            kind = state.phase
            if kind == EQUIP:
                kind = legal[0]["type"]
            elif any(state.heroes) and kind == "prepare":
                kind = "prepare, one placed"
            elif any(state.declared):
                kind = "declare, one declared"
            if len(found.setdefault(kind, [])) < 3 and rng.random() < 0.3:
                found[kind].append(state)
            state = RULES.apply(state, rng.choice(legal), rng).state
    return found


def test_the_apps_finish_games_from_every_phase():
    """From states of every phase, a strong and an easy app play to the end against each other,
    every choice legal and checked by the rules."""
    found = snapshots()
    kinds = {"toss", "deal", "prepare", "prepare, one placed", "declare",
             "declare, one declared", "draw", "equip", "bring_in"}  # fmt: skip
    asked = TABLE.finish_every_phase(found, kinds, VaOpponent, lambda end: RULES.outcome(end).over)
    for kind in ("prepare", "declare", "bring_in", "equip", "done"):
        assert asked[kind], f"the apps were never asked to {kind}"


def test_through_the_match_as_the_page_drives_it():
    """`opponent_move` hands the app its seat's view and actions; from the registry's setup,
    a whole game against random play is logged, replays and ends."""
    game = entry("va_card_game")
    assert game is not None and game.setup and game.opponents
    options = game.setup({"cards": "table", "opponent": "app", "strength": "easy"})
    assert options["names"] == ["Player 1", "Rival"] and options["cards"] == "app"
    ((seat, app),) = game.opponents(options).items()
    assert seat == 1 and isinstance(app, VaOpponent) and app.strength == "easy"
    for strength, seed in (("easy", 4), ("strong", 5)):
        match = TABLE.through_the_page(options, VaOpponent(1, strength), seed)
        assert match.state.names == ("Player 1", "Rival")


def test_registry_options_and_strengths():
    two = {"cards": "table", "opponent": "two", "strength": "strong"}
    assert_registered("va_card_game", two, VaOpponent)


# --- the duel as a two-by-two game --------------------------------------------------------------


def test_a_two_by_two_game_is_solved():
    """A saddle point is played pure; matching pennies is a fair coin; a cell that is the game
    itself (both blocking, PATIENCE of it) is a fixed point whose mix leaves the other player
    indifferent between its stances."""
    assert solve(0.5, 0.8, 0.1, 0.3) == (0.5, 1.0)
    assert solve(-0.5, -0.2, 0.1, 0.3) == (0.1, 0.0)
    assert solve(1.0, -1.0, -1.0, 1.0) == (0.0, 0.5)
    aa, ab, ba = -0.5, 0.5, 0.5
    value, p = with_patience(aa, ab, ba)
    bb = PATIENCE * value
    assert 0 < p < 1 and solve(aa, ab, ba, bb) == pytest.approx((value, p))
    assert p * aa + (1 - p) * ba == pytest.approx(p * ab + (1 - p) * bb)


def test_the_app_declares_by_the_solved_mix():
    """The app attacks with the solved chance, drawn from the random source; the easy app two
    turns in three."""

    class Mixed(Duels):
        def solve(self, lives: tuple[int, int], me: Fighter, them: Fighter) -> tuple[float, float]:
            return 0.0, 0.3

    state = duel_start(RULES, ("storm_lancer", []), ("ember_witch", []))
    strong, easy = VaOpponent(ANA), VaOpponent(ANA, "easy")
    strong.duels = Mixed()
    for app, attacking in ((strong, 0.3), (easy, EASY_ATTACKS)):
        stances: Counter[str] = Counter()
        for n in range(400):
            action = app.choose(RULES.view(state, ANA), mine(state, ANA), random.Random(n))
            assert action is not None
            stances[action["stance"]] += 1
        assert abs(stances[ATTACK] / 400 - attacking) < 0.08, (app.strength, stances)


def test_a_duel_is_reckoned_as_the_engine_plays_it():
    """The duel's worth against the engine: both attacking the Glass Fencer (HP 3, AD 5) and the
    Ember Witch (HP 5, AD 5) fall together, an even trade; the Stone Sentinel (HP 9, AD 2) falls
    to the Witch after two duels and leaves her 1 HP: worse for its owner. A block that cannot
    stop the fall is never worth more than an attack (attacking a blocker costs nothing)."""
    duels = Duels()
    witch, fencer, sentinel = (Fighter(5, 5, 0), Fighter(3, 5, 3), Fighter(9, 2, 3))
    even, attack = duels.solve((5, 5), fencer, witch)
    assert even == pytest.approx(0.0) and attack == 1.0
    worse, _ = duels.solve((5, 5), sentinel, witch)
    assert worse < even
    assert duels.solve((1, 1), sentinel, witch)[0] == -1.0  # the last life point goes with it
    for lives in ((5, 5), (1, 3), (3, 1)):
        for me in (witch, fencer, sentinel, Fighter(1, 1, 12), Fighter(12, 2, 9)):
            for them in (witch, fencer, sentinel, Fighter(15, 9, 0)):
                assert duels.solve(lives, me, them)[1] == 1.0


# --- what it decides, on set positions ----------------------------------------------------------


def take(cards: list[str], name: str) -> str:
    card = next(c for c in cards if design(c) == name)
    cards.remove(card)
    return card


def arranged(
    heroes: tuple[str, str],
    hands: tuple[list[str], list[str]],
    kits: tuple[list[str], list[str]],
    gear: tuple[list[str], list[str]] = ([], []),
    lost: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0)),
) -> VaCardGameState:
    """Ben's equip step, set out by hand (designs): the heroes in play ("" for a fallen one),
    the heroes and equipment in each hand, the pieces attached and the HP and DEF lost. Every
    other card of a player's lies in that player's decks, so each card is in exactly one place."""
    sides: dict[str, list[Any]] = {k: [] for k in ("heroes", "hands", "kits", "gear", "decks",
                                                   "gear_decks")}  # fmt: skip
    for p in (ANA, BEN):
        hero_deck, gear_deck = list(DATA.hero_decks[p]), list(DATA.gear_decks[p])
        sides["heroes"].append(take(hero_deck, heroes[p]) if heroes[p] else "")
        sides["hands"].append(tuple(take(hero_deck, h) for h in hands[p]))
        sides["kits"].append(tuple(take(gear_deck, g) for g in kits[p]))
        sides["gear"].append(tuple(take(gear_deck, g) for g in gear[p]))
        sides["decks"].append(tuple(sorted(hero_deck)))
        sides["gear_decks"].append(tuple(sorted(gear_deck)))
    return VaCardGameState(
        names=("Ana", "Ben"), phase=EQUIP, first=ANA, active=ANA, turn=3, equipping=BEN,
        hero_decks=tuple(sides["decks"]), gear_decks=tuple(sides["gear_decks"]),
        hero_hands=tuple(sides["hands"]), gear_hands=tuple(sides["kits"]),
        heroes=tuple(sides["heroes"]), gear=tuple(sides["gear"]),
        hp_lost=(lost[0][0], lost[1][0]), def_lost=(lost[0][1], lost[1][1]), life=(4, 4),
    )  # fmt: skip


def decide(state: VaCardGameState, strength: str = "strong") -> dict[str, Any]:
    options = mine(state, BEN)
    action = VaOpponent(BEN, strength).choose(RULES.view(state, BEN), options, random.Random(0))
    assert action in options
    return action


def test_the_app_brings_in_the_hero_that_trades_evenly():
    """Against a fresh Ember Witch, the Glass Fencer falls with her; the Stone Sentinel would
    fall and leave her standing. The easy app goes by the printed totals (the Sentinel's 14).
    With no hero in hand, either draws one."""
    state = arranged(("ember_witch", ""), ([], ["stone_sentinel", "glass_fencer"]), ([], []))
    assert design(decide(state)["card"]) == "glass_fencer"
    assert design(decide(state, "easy")["card"]) == "stone_sentinel"
    state = arranged(("ember_witch", ""), ([], []), ([], ["broadsword"]))
    for strength in ("strong", "easy"):
        assert decide(state, strength) == {"type": "draw_hero", "player": BEN}


def test_the_app_spends_no_piece_on_a_hero_it_cannot_save():
    """Ben's Dune Nomad has 1 HP and no DEF left against a fresh Ember Witch (AD 5): a Chain
    Mail would not save it, so it is kept; a Hunting Spear (+1 AD) lets the Nomad take the
    Witch down with it, and is attached."""
    lost = ((0, 0), (2, 4))
    state = arranged(("ember_witch", "dune_nomad"), ([], []), ([], ["chain_mail"]), lost=lost)
    assert decide(state)["type"] == "done"
    kits: tuple[list[str], list[str]] = ([], ["chain_mail", "hunting_spear"])
    state = arranged(("ember_witch", "dune_nomad"), ([], []), kits, lost=lost)
    action = decide(state)
    assert action["type"] == "equip" and design(action["card"]) == "hunting_spear"
