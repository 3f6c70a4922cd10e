"""A table declared in a game's data, played by the one protocol every game follows.

Nothing here knows a game: seats, counters, decks, zones, phases and endings all come from the
manifest's `"table"` block (`cardgen.data.table`), so a sixth game gets the companion's saves,
undo, devices, covers, logs, conformance suite, simulator and search opponents by declaring its
table, with no Python of its own.
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action, IllegalAction, Step
from companion.engine.seats import BY_CHANCE, Outcome, Seat, SeatedRules
from companion.games.declared import board, moves, seating
from companion.games.declared.state import APP, OVER, TABLE, DeclaredState, from_json, to_json

MODES = (APP, TABLE)


class DeclaredRules(SeatedRules):
    """The rules of one declared game: `game` is its loaded data, whose `table` is not None."""

    def __init__(self, game: Any) -> None:
        if game.table is None:
            raise ValueError(f"{game.name} declares no table in its manifest")
        self.data = game
        self.table = game.table
        self.game_id, self.title = game.id, game.name
        self.board = board.Table(game, game.table)

    def new_state(self, options: dict[str, Any]) -> DeclaredState:
        """A game before the shuffle; `names` (one per declared seat, all different) and
        `cards` ("app": the app shuffles; "table": each drawn card is entered) are the options."""
        names = [str(n) for n in (options.get("names") or self.table.seats)]
        if len(names) != len(self.table.seats) or len(set(names)) != len(names):
            raise ValueError(f"{self.title} needs {len(self.table.seats)} different player names")
        mode = options.get("cards", APP)
        if mode not in MODES:
            raise ValueError(f'cards should be "app" or "table", not {mode!r}')
        return board.new_game(self.board, names, mode)

    def legal_actions(self, state: DeclaredState) -> list[Action]:
        return moves.legal(self.board, state)

    def legal_actions_for(self, state: DeclaredState, seat: Seat) -> list[Action]:
        if state.stage == "setup":
            return moves.legal(self.board, state)  # chance's: offered on every device
        return moves.legal_for(self.board, state, seat)

    def check(self, state: DeclaredState, action: Action) -> str | None:
        if not isinstance(action, dict):
            return "That is not an action."
        return moves.check(self.board, state, action)

    def apply(self, state: DeclaredState, action: Action, rng: random.Random) -> Step:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.apply_unchecked(state, action, rng)

    def apply_unchecked(self, state: DeclaredState, action: Action, rng: random.Random) -> Step:
        after = state.clone()
        resolved, events = moves.play(self.board, after, action, rng)
        return Step(after, resolved, events)

    def is_over(self, state: DeclaredState) -> bool:
        return state.stage == OVER

    def clone(self, state: DeclaredState) -> DeclaredState:
        return state.clone()

    def to_json(self, state: DeclaredState) -> dict[str, Any]:
        return to_json(state)

    def from_json(self, data: dict[str, Any]) -> DeclaredState:
        return from_json(data)

    # --- seats -----------------------------------------------------------------------------------

    def seats(self, state: DeclaredState) -> tuple[Seat, ...]:
        return tuple(range(state.seats))

    def seat_name(self, state: DeclaredState, seat: Seat) -> str:
        return "Chance" if seat < 0 else state.names[seat]

    def actors(self, state: DeclaredState, action: Action) -> frozenset[Seat]:
        if action.get("type") == "shuffle":
            return BY_CHANCE
        player = action.get("player")
        if not isinstance(player, int) or isinstance(player, bool):
            return frozenset()
        return frozenset({player}) if 0 <= player < state.seats else frozenset()

    def view(self, state: DeclaredState, seat: Seat | None) -> dict[str, Any]:
        return seating.view(self.board, state, seat)

    def redact(self, before: DeclaredState, action: Action, seat: Seat | None) -> Action:
        return seating.redact(self.board, before, action, seat)

    def from_view(self, view: dict[str, Any], seat: Seat | None, rng: random.Random):
        return seating.from_view(self.board, view, seat, rng)

    def sealed(self, state: DeclaredState) -> str | None:
        return seating.sealed(state)

    def reveals(self, before: DeclaredState, action: Action, after: DeclaredState) -> str | None:
        return seating.reveals(action)

    def outcome(self, state: DeclaredState) -> Outcome:
        return seating.outcome(state)

    # --- words -----------------------------------------------------------------------------------

    def card_name(self, card: str) -> str:
        return moves.card_name(self.board, card)

    def describe(self, state: DeclaredState, action: Action) -> str:
        """The words of a button, or of a log line, for `action` in `state`."""
        kind = action.get("type")
        card = action.get("card")
        name = self.card_name(card) if isinstance(card, str) and card != "hidden" else "a card"
        if kind == "shuffle":
            return (
                "Shuffle and deal"
                if state.mode == APP
                else "Start: cards are shuffled at the table"
            )
        if kind == "deal":
            zone = self.table.zone(action.get("zone", "")).name
            return f"Dealt into {zone}: {name}"
        if kind == "end_phase":
            return f"End {self.board.phase_name(state)}"
        k = action.get("allowed")
        allows = self.board.allows(state)
        if not isinstance(k, int) or not 0 <= k < len(allows):
            return str(kind)
        allowed = allows[k]
        if kind == "draw":
            deck = self.table.deck(allowed.deck or "").name
            return f"Draw {name} from {deck}" if card else f"Draw from {deck}"
        if kind == "play":
            return f"Play {name} to {self.table.zone(allowed.to or '').name}"
        if kind == "roll":
            die = self.table.die(allowed.die or "").name
            return f"Roll {die}" + (f": {action['value']}" if "value" in action else "")
        if kind == "seal":
            return f"Seal {name} face down"
        if kind == "change" and allowed.change is not None:
            effect = allowed.change
            counter = self.table.counter(effect.counter).name
            whose = {"self": "your ", "other": "the other's ", "each": "everyone's "}.get(
                effect.of or "", ""
            )
            return f"{whose}{counter} {effect.amount:+d}".capitalize()
        return str(kind)
