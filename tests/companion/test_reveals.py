"""No undo of a sealed choice once it is revealed, in every game (`Rules.reveals`).

The action that turns sealed choices over (the second of two made in secret) stands for good:
undo refuses it from the shared table and from every seat, with the ruling's reason, and a run of
undos stops there, so nobody chooses again knowing the other's choice. One named case per reveal
of each game; the conformance suite checks the same over random games.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.engine import IllegalAction, Match, SeatedRules, Step
from companion.games.riposte import RiposteRules
from companion.games.riposte import seats as riposte
from companion.games.riposte.state import CHOOSE, CLASH
from companion.games.va_card_game import VaCardGameRules
from companion.games.va_card_game import seats as va
from companion.games.va_card_game.state import DECLARE, PREPARE
from companion.games.vita_luna import VitaLunaRules
from companion.games.vita_luna import seats as vita_luna

SEATS = (None, 0, 1)


def assert_stands(match: Match, reason: str) -> None:
    """The last action may not be taken back by anyone, for `reason`; refusing changes nothing."""
    log, state = list(match.log), match.rules.to_json(match.state)
    for seat in SEATS:
        assert match.undo_refusal(seat) == reason, f"seat {seat}"
        with pytest.raises(IllegalAction) as refused:
            match.undo(seat)
        assert refused.value.reason == reason
    assert match.log == log and match.rules.to_json(match.state) == state


def undo_all(match: Match, seat: int | None = None) -> int:
    """Undo as far as undo goes, as a page's multi-step undo does; how many were taken back."""
    taken = 0
    while match.log:
        try:
            match.undo(seat)
        except IllegalAction:
            break
        taken += 1
    return taken


def played_until(rules: Any, options: dict[str, Any], seed: int, wanted: Any) -> Match:
    """A seeded random game up to the first moment `wanted(match)` holds."""
    match = Match.start(rules, options, seed=seed)
    rng = random.Random(seed)
    while not wanted(match):
        legal = match.legal_actions()
        assert legal, "the game ended first"
        match.play(rng.choice(legal))
    return match


# --- the engine: a toy game of two sealed guesses -------------------------------------------------


class Guess(SeatedRules):
    """Both players write a number in secret; the second one written turns both over; then
    anyone may ring the bell (an open move) as often as they like."""

    game_id = "guess"
    title = "Guess"

    def new_state(self, options: dict[str, Any]) -> dict[str, Any]:
        return {"guesses": [None, None], "bells": 0}

    def seats(self, state: Any) -> tuple[int, ...]:
        return (0, 1)

    def actors(self, state: Any, action: dict[str, Any]) -> frozenset[int]:
        return frozenset({action["player"]})

    def legal_actions(self, state: Any) -> list[dict[str, Any]]:
        if None in state["guesses"]:
            return [{"type": "guess", "player": p, "value": v} for p in (0, 1)
                    if state["guesses"][p] is None for v in (1, 2)]  # fmt: skip
        return [{"type": "bell", "player": p} for p in (0, 1)]

    def check(self, state: Any, action: dict[str, Any]) -> str | None:
        return None if action in self.legal_actions(state) else "Not now."

    def apply(self, state: Any, action: dict[str, Any], rng: random.Random) -> Step:
        after = {"guesses": list(state["guesses"]), "bells": state["bells"]}
        if action["type"] == "guess":
            after["guesses"][action["player"]] = action["value"]
        else:
            after["bells"] += 1
        return Step(after, action)

    def is_over(self, state: Any) -> bool:
        return False

    def to_json(self, state: Any) -> dict[str, Any]:
        return {"guesses": list(state["guesses"]), "bells": state["bells"]}

    def sealed(self, state: Any) -> str | None:
        return "A guess waits for the other." if state["guesses"].count(None) == 1 else None

    def reveals(self, before: Any, action: dict[str, Any], after: Any) -> str | None:
        if action["type"] == "guess" and before["guesses"].count(None) == 1:
            return "Both guesses are shown: they stand."
        return None


def test_undo_stops_at_a_reveal_for_every_seat_and_the_table():
    match = Match.start(Guess(), seed=1)
    match.play({"type": "guess", "player": 0, "value": 1}, seat=0)
    assert match.undo_refusal(0) == "A guess waits for the other."
    match.play({"type": "guess", "player": 1, "value": 2}, seat=1)
    assert_stands(match, "Both guesses are shown: they stand.")
    match.play({"type": "bell", "player": 0}, seat=0)
    match.play({"type": "bell", "player": 1}, seat=1)
    assert match.undo_refusal(0) == "Only Player 2 can take back the last move."
    assert undo_all(match) == 2  # the two bells, and not the guess that showed both
    assert_stands(match, "Both guesses are shown: they stand.")


def test_a_game_with_no_secrets_reveals_nothing():
    assert SeatedRules().reveals({}, {"type": "roll"}, {}) is None


# --- Riposte -------------------------------------------------------------------------------------

RIPOSTE = RiposteRules()


def test_riposte_revealed_characters_stay_chosen():
    """characters, simultaneous-choice (regression: after both secret characters were revealed,
    Undo brought the choice back and a player picked again knowing the other's character)."""
    match = Match.start(RIPOSTE, {"characters": True}, seed=3)
    match.play({"type": "cast", "offered": [["rook", "cato"], ["orsa", "sela"]]})
    match.play({"type": "character", "player": 0, "character": "rook"}, seat=0)
    for seat in SEATS:
        assert match.undo_refusal(seat) == riposte.SEALED[CHOOSE]
    match.play({"type": "character", "player": 1, "character": "orsa"}, seat=1)
    revealed = riposte.SEALED["characters revealed"]
    assert revealed == (
        "Both characters are revealed: a character kept stays chosen and cannot be taken back."
    )
    assert revealed.ruling == "simultaneous-choice"
    assert_stands(match, revealed)
    match.play({"type": "deal"})  # chance's, after the reveal: that one may be taken back
    assert match.undo_refusal(1) is None
    assert undo_all(match, 1) == 1 and match.state.characters == ("rook", "orsa")
    assert_stands(match, revealed)


def test_riposte_revealed_cards_stay_played_for_every_seat():
    """simultaneous-choice: the second card laid turns both over and is never taken back."""
    match = played_until(RIPOSTE, {"characters": False}, 4, lambda m: any(m.state.chosen))
    assert_stands(match, riposte.SEALED[CLASH])
    other = next(a for a in match.legal_actions() if a["type"] == "play")
    match.play(other)
    assert_stands(match, riposte.REVEALED)


# --- VA Card Game --------------------------------------------------------------------------------

VA = VaCardGameRules()


def test_va_opening_heroes_revealed_stand():
    """declaration-order: the second opening hero placed reveals both; neither is taken back."""
    match = played_until(VA, {}, 2, lambda m: m.state.phase == PREPARE)
    first = match.legal_actions()[0]
    match.play(first)
    assert_stands(match, va.SEALED[PREPARE])
    second = next(a for a in match.legal_actions() if a["player"] != first["player"])
    match.play(second)
    assert_stands(match, va.SEALED["revealed"])


def test_va_revealed_declarations_stand_after_what_follows():
    """declaration-order: after the reveal, the draw step may be taken back, the duel not."""
    match = played_until(VA, {}, 5, lambda m: m.state.phase == DECLARE)
    match.play(match.legal_actions()[0])
    match.play(match.legal_actions()[0])
    assert_stands(match, va.SEALED["revealed"])
    match.play({"type": "draw"})
    assert undo_all(match) == 1
    assert_stands(match, va.SEALED["revealed"])


def test_a_va_game_saved_with_the_old_reveal_flag_still_loads():
    """Saves from before `reveals` kept a `revealed` flag in the state; it is read past."""
    match = played_until(VA, {}, 2, lambda m: m.state.phase == DECLARE)
    saved = VA.to_json(match.state)
    assert "revealed" not in saved
    assert VA.to_json(VA.from_json(saved | {"revealed": True})) == saved


# --- Vita Luna -----------------------------------------------------------------------------------

VITA_LUNA = VitaLunaRules()


def test_vita_luna_revealed_bids_stand():
    """sealed_bids_undo (regression: once both bids were shown the second bidder could take
    theirs back and bid again knowing the first)."""
    match = Match.start(VITA_LUNA, {"mode": "advanced"}, seed=3)
    match.play({"type": "first_bidder", "bidder": 0})
    match.play({"type": "bid", "player": 0, "amount": 3}, seat=0)
    for seat in SEATS:
        assert match.undo_refusal(seat) == "A sealed bid cannot be taken back."
    match.play({"type": "bid", "player": 1, "amount": 2}, seat=1)
    assert vita_luna.REVEALED.ruling == "sealed_bids_undo"
    assert_stands(match, vita_luna.REVEALED)
