"""The app as a Riposte duelist: always legal, deterministic, blind to what its seat cannot see,
far better than chance (and the easy one measurably weaker than the strong one); it finishes
games from every phase, Rook's and Liese's own included, and counts a clash as the engine does."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from cardgen.balance.stats import wilson
from companion.games.riposte import RiposteRules, RiposteState
from companion.games.riposte.clash import strike
from companion.games.riposte.opponent import CHARACTERS, WIN, Duel, RiposteOpponent
from companion.registry import entry
from tests.verdicts import LOST, WON, settle

from .opponent_play import Policy, Table, assert_registered
from .test_riposte_clashes import ANA, BEN, duel

RULES = RiposteRules()
DATA = RULES.data
TABLE = Table(RULES, ("cast", "deal", "turn_up"))
mine, finish = TABLE.mine, TABLE.finish


def new_game(seed: int, characters: bool = True) -> RiposteState:
    """A game at its start: the characters dealt by chance (two each), or the learning duel."""
    state = RULES.new_state({"characters": characters})
    rng = random.Random(seed)
    if characters:
        state = RULES.apply(state, {"type": "cast"}, rng).state
    return state


def forced(seed: int, kept: tuple[str, str], others: tuple[str, str]) -> RiposteState:
    """A game just dealt, player p having kept kept[p] of the characters (kept[p], others[p])
    dealt to them; the first offensive player alternates with the seed."""
    rng = random.Random(seed)
    offered = [[kept[0], others[0]], [kept[1], others[1]]]
    state = RULES.apply(RULES.new_state({}), {"type": "cast", "offered": offered}, rng).state
    for p in (0, 1):
        action = {"type": "character", "player": p, "character": kept[p]}
        state = RULES.apply(state, action, rng).state
    return RULES.apply(state, {"type": "deal", "offensive": seed % 2}, rng).state


def duel_game(index: int, app: RiposteOpponent | None, other: Policy) -> bool:
    """Game `index` of a series: the app sits in seat index % 2 and the first offensive player
    alternates every two games, characters dealt as chance says. Whether the app won."""
    seat = index % 2
    rng = random.Random(index)
    state = RULES.apply(RULES.new_state({}), {"type": "cast"}, rng).state
    players = {seat: app, 1 - seat: other}
    while state.phase != "deal":  # the characters, kept by each player
        p = next(q for q in (0, 1) if mine(state, q))
        chooser = players[p]
        options = mine(state, p)
        action = (chooser.choose(RULES.view(state, p), options, rng) if chooser
                  else rng.choice(options))  # fmt: skip
        state = RULES.apply(state, action, rng).state
    deal = {"type": "deal", "offensive": (index // 2) % 2}
    state = RULES.apply(state, deal, rng).state
    return finish(state, players, index).winner == seat


def win_rate(games: int, make_app: Any, make_other: Any) -> float:
    wins = 0
    for index in range(games):
        seat = index % 2
        wins += duel_game(index, make_app(seat), make_other(1 - seat) if make_other else None)
    return wins / games


# --- against chance, and strong against easy ------------------------------------------------------


@pytest.mark.slow
def test_the_strong_app_beats_a_random_player_in_four_games_of_five():
    """Seeded games with characters, seats and the first offensive player alternating (484 of
    500 won, 2026-11-24): 150 of them, enough that the whole 95% interval must lie above four
    in five. Played in order until that is sure either way (`tests.verdicts`)."""
    passed, tally = settle(
        150,
        lambda index: WON if duel_game(index, RiposteOpponent(index % 2), None) else LOST,
        lambda won, lost: wilson(won, 150)[0] >= 0.8,
    )
    assert passed, f"the strong app: {tally}; the interval of 150 does not lie above 80%"


def test_the_easy_app_is_better_than_chance_and_weaker_than_the_strong_one():
    """Measured: the easy app beats random play most of the time, and loses most games to the
    strong app (head to head, seats and first offensive alternating)."""
    easy = win_rate(40, lambda s: RiposteOpponent(s, "easy"), None)
    assert easy >= 0.65, f"easy against random: {easy:.0%}"
    strong = win_rate(30, RiposteOpponent, lambda s: RiposteOpponent(s, "easy"))
    assert strong >= 0.65, f"strong against easy: {strong:.0%}"


# --- legal, deterministic, blind ----------------------------------------------------------------


def decisions(seed: int, strength: str) -> list[tuple[RiposteState, int]]:
    """Every state of a seeded game (the app in both seats) where a seat had a choice."""
    apps = {0: RiposteOpponent(0, strength), 1: RiposteOpponent(1, strength)}
    return TABLE.decisions(new_game(seed), apps, seed)


@pytest.mark.parametrize("strength", ["strong", "easy"])
def test_same_view_same_choice_and_what_the_seat_cannot_see_changes_nothing(strength):
    """Deterministic for a view, its actions and a random source, for the same app or a fresh
    one; and a state whose hidden cards (the other hand, a card laid face down, the deck's
    order) were redrawn, which the seat cannot tell apart, gets the very same choice."""
    checked = TABLE.check_blind(2, lambda seed: decisions(seed, strength),
                                lambda seat: RiposteOpponent(seat, strength),
                                lambda state, p: state.hands[p])  # fmt: skip
    assert checked["redrawn"] > 50 and checked["play"] > 30 and checked["take"] + checked["draw"]


def test_the_other_hand_swapped_for_deck_cards_changes_no_play():
    """Two clash states equal in the app's view: the other player holds different cards
    (exchanged with the deck) and has laid a different card face down."""
    for seed in range(12):
        state = forced(seed, ("cato", "sela"), ("orsa", "liese"))
        state = finish_draft(state, seed)
        for seat in (0, 1):
            other = 1 - seat
            laid = state.hands[other][0]
            base = RULES.apply(state, {"type": "play", "player": other, "card": laid},
                               random.Random(0)).state  # fmt: skip
            swapped = exchange_hidden(base, other)
            assert RULES.view(swapped, seat) == RULES.view(base, seat)
            assert swapped.hands[other] != base.hands[other]
            assert swapped.chosen[other] != base.chosen[other]
            app = RiposteOpponent(seat)
            picks = {str(app.choose(RULES.view(s, seat), mine(s, seat), random.Random(seed)))
                     for s in (base, swapped)}  # fmt: skip
            assert len(picks) == 1


def finish_draft(state: RiposteState, seed: int) -> RiposteState:
    rng = random.Random(seed)
    while state.phase == "draft":
        state = RULES.apply(state, rng.choice(RULES.legal_actions(state)), rng).state
    assert state.phase == "clash"
    return state


def exchange_hidden(state: RiposteState, player: int) -> RiposteState:
    """`player`'s hand and face-down card exchanged for other designs from the deck."""
    held = (*state.hands[player], state.chosen[player])
    designs = {DATA.cards[c].id for c in held}
    new = [c for c in state.deck if DATA.cards[c].id not in designs][: len(held)]
    deck = tuple(sorted((set(state.deck) - set(new)) | set(held)))
    hands, chosen = list(state.hands), list(state.chosen)
    hands[player], chosen[player] = tuple(new[:-1]), new[-1]
    return replace(state, deck=deck, hands=(hands[0], hands[1]), chosen=(chosen[0], chosen[1]))


# --- whole games from every phase ---------------------------------------------------------------


PAIRS = (
    (("rook", "liese"), ("cato", "orsa")),
    (("liese", "rook"), ("sela", "brunhild")),
)


def snapshots() -> dict[str, list[RiposteState]]:
    """Two states of every phase, and two clash states where Liese may ignore her bar, from
    seeded random games between Rook and Liese (in both seats)."""
    found: dict[str, list[RiposteState]] = {}
    for seed in range(40):
        kept, others = PAIRS[seed % 2]
        rng = random.Random(seed)
        offered = [[kept[0], others[0]], [kept[1], others[1]]]
        state = RULES.new_state({})
        state = RULES.apply(state, {"type": "cast", "offered": offered}, rng).state
        while not RULES.is_over(state):
            legal = RULES.legal_actions(state)
            kind = "ignore" if any(a.get("ignore") for a in legal) else state.phase
            if len(found.setdefault(kind, [])) < 2 and rng.random() < 0.2:
                found[kind].append(state)
            if state.phase == "choose":
                p = next(q for q in (0, 1) if not state.characters[q])
                action = {"type": "character", "player": p, "character": kept[p]}
            else:
                action = rng.choice(legal)
            state = RULES.apply(state, action, rng).state
    found["cast"] = [RULES.new_state({})]
    return found


def test_the_apps_finish_games_from_every_phase_rook_and_liese_included():
    """From states of every phase (Rook's look, swap and relief, Liese's ignore among them),
    a strong and an easy app play to the end, every choice legal and checked by the rules."""
    found = snapshots()
    kinds = {"cast", "choose", "deal", "draft", "look", "clash", "brace", "turn_up", "swap"}
    kinds.add("ignore")
    asked = TABLE.finish_every_phase(
        found, kinds, RiposteOpponent, lambda end: end.phase == "over" and end.winner in (0, 1)
    )
    for kind in ("character", "take", "draw", "keep", "swap", "play", "brace", "ignore"):
        assert asked[kind], f"the apps were never asked to {kind}"


def test_through_the_match_as_the_page_drives_it():
    """`opponent_move` hands the app its seat's view and actions; from the registry's setup,
    a whole game against random play is logged, replays and ends."""
    game = entry("riposte")
    assert game is not None and game.setup and game.opponents
    options = game.setup({"characters": True, "cards": "table", "opponent": "app",
                          "strength": "easy"})  # fmt: skip
    assert options["names"] == ["Player 1", "Rival"] and options["cards"] == "app"
    (seat, app), = game.opponents(options).items()  # fmt: skip
    assert seat == 1 and isinstance(app, RiposteOpponent) and app.strength == "easy"
    match = TABLE.through_the_page(options, app, 4)
    assert match.state.names == ("Player 1", "Rival")


def test_registry_options_and_strengths():
    assert_registered("riposte", {"characters": True, "cards": "table", "opponent": "two",
                                  "strength": "strong"}, RiposteOpponent)  # fmt: skip


# --- what it decides, on set situations ---------------------------------------------------------


def test_the_app_keeps_the_better_ranked_character():
    state = RULES.apply(RULES.new_state({}), {"type": "cast", "offered": [["rook", "sela"],
                        ["brunhild", "cato"]]}, random.Random(0)).state  # fmt: skip
    for seat, best in ((0, "sela"), (1, "cato")):
        action = RiposteOpponent(seat).choose(RULES.view(state, seat), mine(state, seat),
                                              random.Random(0))  # fmt: skip
        assert action == {"type": "character", "player": seat, "character": best}
    assert CHARACTERS[-1] == "brunhild"  # the weakest in self-play


def test_rook_braces_for_a_big_strike_and_keeps_it_for_a_small_one():
    """rook-once: relief used against 3 damage; kept against 1 early in the round; used in
    the round's last clash."""
    rook = {"characters": ("cato", "rook"), "unlocked": (0, 3)}
    for ana, ben, hands, use in (
        ("fan_of_steel", "twin_fangs", (["feint", "left_jab"], ["whirlwind", "bind"]), True),
        ("left_jab", "twin_fangs", (["feint", "right_jab"], ["whirlwind", "bind"]), False),
        ("left_jab", "twin_fangs", ([], []), True),
    ):
        state = duel([ana, *hands[0]], [ben, *hands[1]], **rook)
        for p, design in ((ANA, ana), (BEN, ben)):
            card = next(c for c in state.hands[p] if DATA.cards[c].id == design)
            state = RULES.apply(state, {"type": "play", "player": p, "card": card},
                                random.Random(0)).state  # fmt: skip
        assert state.phase == "brace"
        action = RiposteOpponent(BEN).choose(RULES.view(state, BEN), mine(state, BEN),
                                             random.Random(0))  # fmt: skip
        assert action == {"type": "brace", "player": BEN, "use": use}


def test_a_clash_is_counted_as_the_engine_counts_it():
    """The app's reckoning of a clash (both trackers, bars and characters included) against
    the engine's, for every pair of cards the two players could lay, through whole games."""
    compared = 0
    for seed in range(30):
        state = forced(seed, *PAIRS[seed % 2]) if seed % 3 else new_game(seed)
        rng = random.Random(seed)
        while not RULES.is_over(state):
            if state.phase == "clash" and not any(state.chosen):
                compared += compare_clashes(state)
            state = RULES.apply(state, rng.choice(RULES.legal_actions(state)), rng).state
    assert compared > 3000


def compare_clashes(state: RiposteState) -> int:
    """Every pair of plays in a clash state: the app's value of it against the engine's."""
    me = state.clash % 2
    other = 1 - me
    reckoning = Duel(DATA, state, me, True, [])
    count = 0
    for ours in RULES.legal_actions_for(state, me):
        for theirs in RULES.legal_actions_for(state, other):
            after = RULES.apply(state, ours, random.Random(0)).state
            after = RULES.apply(after, theirs, random.Random(0)).state
            if after.phase == "brace":  # the app's rule for Rook: relief when it saves 2
                o, d = after.offensive, 1 - after.offensive
                hit = strike(DATA, after, DATA.cards[after.chosen[o]], DATA.cards[after.chosen[d]])
                brace = {"type": "brace", "player": d, "use": hit.total >= 2}
                after = RULES.apply(after, brace, random.Random(0)).state
            predicted = reckoning.value(
                (DATA.cards[ours["card"]].id, bool(ours.get("ignore"))),
                (DATA.cards[theirs["card"]].id, bool(theirs.get("ignore"))),
            )
            if after.phase == "over":
                assert predicted == (WIN if after.winner == me else -WIN)
            else:
                dealt = after.damage[other] - state.damage[other]
                taken = after.damage[me] - state.damage[me]
                assert predicted == dealt - taken, (ours, theirs, after.last_words)
            count += 1
    return count


def test_liese_ignores_her_bar_rather_than_take_the_damage():
    """liese-ignore: nothing in hand fits Scissor Cut's bar (3); Liese says she ignores it."""
    state = duel(["left_jab", "right_jab"], ["twin_fangs", "whirlwind"], ["scissor_cut"],
                 ["bind"], characters=("liese", "cato"), unlocked=(1, 0))  # fmt: skip
    options = mine(state, ANA)
    assert {a.get("ignore") for a in options} == {False, True}
    action = RiposteOpponent(ANA).choose(RULES.view(state, ANA), options, random.Random(0))
    assert action in options and action["ignore"] is True
