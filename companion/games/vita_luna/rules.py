"""VitaLunaRules: the companion's Rules protocol over the state, checks and handlers.

The class is thin on purpose: state lives in `state.py`, refusals in `checks.py`, the attack step
in `combat.py` and what each action does in `actions.py`. `legal_actions` builds exactly the
actions `check` accepts (chance actions without their optional drawn cards); `sample_action` draws
one of them for a bot without listing every placement.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from companion.engine.core import Action
from companion.engine.modular import SeatedModularRules
from companion.engine.seats import Seat
from companion.games.vita_luna import checks, seats
from companion.games.vita_luna import state as st
from companion.games.vita_luna.actions import HANDLERS, new_game
from companion.games.vita_luna.data import VitaLunaData, default_data
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    CARD_BID,
    DEAL,
    DEAL_REST,
    FIRST_ATTACKER,
    FIRST_BIDDER,
    GREY_MOVE,
    MOVED,
    PLACE,
    PROMOTED,
    REWARD,
    TURN,
    TURN_UP,
    WHITE_MOVE,
    VitaLunaState,
)

MODES = ("basic", "advanced")


class VitaLunaRules(SeatedModularRules):
    """Two-player Vita Luna.

    Options: `mode` "basic" (deal the starting cards, choose the first attacker) or "advanced"
    (bid markers for the first attack and the starting cards); `extended` (bool) counts each
    circle of the track's rectangle as a step; `names` (two strings) for the table log. Pass other
    card data (e.g. a designer's edited copy) to try new numbers without touching the code.
    """

    game_id = "vita_luna"
    title = "Vita Luna"
    checks, handlers, states, seating = checks, HANDLERS, st, seats
    default_data = staticmethod(default_data)
    data: VitaLunaData

    def __init__(self, data: VitaLunaData | None = None) -> None:
        super().__init__(data)
        w, g = self.data.white, self.data.grey
        # Each player's positions in placing order (white, then grey) with their board index,
        # worked out once: placing asks for the free ones on every action.
        self._spots: tuple[tuple[tuple[str, int, int], ...], ...] = tuple(
            tuple(("white", i, p * w + i) for i in range(w))
            + tuple(("grey", i, 2 * w + p * g + i) for i in range(g))
            for p in (0, 1)
        )

    def new_state(self, options: dict[str, Any]) -> VitaLunaState:
        """Before the deal (basic) or the bidding (advanced); the seed option is unused."""
        mode = options.get("mode", "basic")
        if mode not in MODES:
            raise ValueError(f"Vita Luna's mode is basic or advanced, not {mode!r}")
        names = options.get("names") or ("Player 1", "Player 2")
        if len(names) != 2 or len(set(names)) != 2:
            raise ValueError("Vita Luna needs two different player names")
        return new_game(self.data, mode, bool(options.get("extended", False)), tuple(names))

    # --- legal actions ---------------------------------------------------------------------------

    def legal_actions(self, state: VitaLunaState) -> list[Action]:
        """Every action `check` accepts now, fully specified. Chance actions (deal, turn_up,
        deal_rest, reward, trade) leave out the cards drawn: the rules draw them, or a player
        types them in from the physical deck. A trade's two cards are one set: each pair is
        listed once, though either order is accepted."""
        phase = state.phase
        if phase == TURN:
            return self._turn(state)
        if phase == PLACE:
            return self._placing(state)
        if phase in (ATTACK_BID, CARD_BID):
            return [
                {"type": "bid", "player": p, "amount": n}
                for p in (0, 1)
                if state.bids[p] is None
                for n in range(state.markers[p] + 1)
            ]
        if phase == BETWEEN:
            return self._between(state)
        if phase == FIRST_ATTACKER:
            return [{"type": "first_attacker", "attacker": p} for p in (0, 1)]
        if phase == FIRST_BIDDER:
            return [{"type": "first_bidder", "bidder": p} for p in (0, 1)]
        kind = FIXED.get(phase)
        return [{"type": kind}] if kind else []

    def _placing(self, state: VitaLunaState) -> list[Action]:
        p = state.active
        cards, spots, ready = self.placing_choices(state)
        actions: list[Action] = [
            {"type": "place", "player": p, "card": c, "row": row, "position": i}
            for c in cards
            for row, i in spots
        ]
        if ready:
            actions.append({"type": "ready", "player": p})
        return actions

    def placing_choices(
        self, state: VitaLunaState
    ) -> tuple[list[str], list[tuple[str, int]], bool]:
        """What the placing player may place, where, and whether "ready" is open (something is
        placed already): the placing actions are every card on every spot, then "ready"."""
        p, board = state.active, state.board
        on_board = set(board)
        cards = [c for c in state.owned[p] if c not in on_board]
        positions = self._spots[p]
        spots = [(row, i) for row, i, at in positions if board[at] is None]
        return cards, spots, len(spots) < len(positions)

    def _turn(self, state: VitaLunaState) -> list[Action]:
        data, p = self.data, state.active
        cards = data.cards
        board, done = state.board, state.done
        w, g = data.white, data.grey
        mine, theirs = p * w, (1 - p) * w
        own = board[mine : mine + w]
        enemy = board[theirs : theirs + w]
        actions: list[Action] = []
        unused = state.singulars[p]
        if unused and not done & MOVED:
            actions += self._singulars(state, p, own, enemy, unused)
        if not done & WHITE_MOVE:
            movable = [
                i
                for i, c in enumerate(own)
                if c is not None
                and not cards[c].anchor
                and not ((e := enemy[i]) is not None and cards[e].holds)
            ]
            for i in movable:
                card = own[i]
                assert card is not None  # movable positions hold a creature
                anywhere = cards[card].move_anywhere
                for j in range(w):
                    if own[j] is None and (anywhere or j - i in (1, -1)):
                        actions.append({"type": "move", "player": p, "card": card, "position": j})
            for i in movable:  # the creature with Move anywhere is the one that swaps
                mover = own[i]
                if mover is not None and cards[mover].move_anywhere:
                    actions += [
                        {"type": "swap_places", "player": p, "card": own[i], "other": own[j]}
                        for j in movable
                        if j != i
                    ]
        reserve = board[2 * w + p * g : 2 * w + p * g + g]
        if not done & GREY_MOVE:
            actions += _onto_free("move", p, reserve, reserve)
        if not done & PROMOTED:
            actions += _onto_free("promote", p, reserve, own)
        actions.append({"type": "attack", "player": p})
        return actions

    def _singulars(
        self,
        state: VitaLunaState,
        p: int,
        own: list[str | None],
        enemy: list[str | None],
        unused: tuple[str, ...],
    ) -> list[Action]:
        cards = self.data.cards
        actions: list[Action] = []
        targets = [c for c in enemy if c is not None]
        loose = [c for c in targets if not cards[c].anchor]
        if "burn" in unused:
            actions += [{"type": "burn", "player": p, "target": c} for c in targets]
        if "swap" in unused:
            actions += [
                {"type": "swap", "player": p, "own": mine, "target": c}
                for mine in own
                if mine is not None and not cards[mine].anchor
                for c in loose
            ]
        if "steal" in unused:
            actions += [
                {"type": "steal", "player": p, "target": c}
                for i, c in enumerate(enemy)
                if c is not None and own[i] is None and not cards[c].anchor
            ]
        if "heal" in unused:
            for c in own:
                if c is None:
                    continue
                creature = cards[c]
                if state.health[c] < creature.health or (creature.armour and c not in state.armour):
                    actions.append({"type": "heal", "player": p, "target": c})
        return actions

    def _between(self, state: VitaLunaState) -> list[Action]:
        cards = self.data.cards
        actions: list[Action] = []
        if state.deck("blue"):
            for p in (0, 1):
                blacks = [c for c in state.owned[p] if cards[c].deck == "black"]
                actions += [
                    {"type": "trade", "player": p, "cards": [a, b]}
                    for x, a in enumerate(blacks)
                    for b in blacks[x + 1 :]
                ]
        actions.append({"type": "next_battle"})
        return actions

    # --- the protocol (checks, handlers and JSON are the modules': `SeatedModularRules`) ----

    def advance(
        self, state: VitaLunaState, action: Action, rng: random.Random
    ) -> tuple[VitaLunaState, Action]:
        """A bot's step on the caller's own state, changed in place: the handler that
        `apply_unchecked` runs on a clone, without the clone (a search's playouts take some
        hundred thousand steps a move)."""
        resolved, _ = self.handlers[action["type"]](self.data, state, action, rng)
        return state, resolved

    def sample_action(self, state: VitaLunaState, rng: random.Random) -> Action | None:
        """One of `legal_actions` drawn uniformly (as `int(rng.random() * n)` picks an index), or
        None when there is none. Placing, most of a battle's actions, is drawn without listing
        every card on every free position; the other phases list their few actions."""
        if state.phase == PLACE:
            cards, spots, ready = self.placing_choices(state)
            placings = len(cards) * len(spots)
            i = int(rng.random() * (placings + ready))
            if i == placings:  # the last index, when open, is "ready"
                return {"type": "ready", "player": state.active} if ready else None
            card, spot = divmod(i, len(spots))
            row, position = spots[spot]
            return {
                "type": "place",
                "player": state.active,
                "card": cards[card],
                "row": row,
                "position": position,
            }
        actions = self.legal_actions(state)
        return actions[int(rng.random() * len(actions))] if actions else None

    # --- seats -----------------------------------------------------------------------------------
    # Each player's own moves and bids; chance deals and draws; the table agrees on who attacks or
    # bids first and when the next battle starts (either player may say so).

    def view(self, state: VitaLunaState, seat: Seat | None) -> dict[str, Any]:
        """The state as `seat` may see it (None: the shared table); see `state.view`."""
        return st.view(self.data, state, seat)

    def redact(self, before: VitaLunaState, action: Action, seat: Seat | None) -> Action:
        return seats.redact(self.data, before, action, seat)

    def hidden_bid(self, state: VitaLunaState) -> int | None:
        """The player whose secret bid is in and hidden, or None: the UI hides it and asks the
        other player to bid."""
        if state.phase not in (ATTACK_BID, CARD_BID):
            return None
        made = [p for p in (0, 1) if state.bids[p] is not None]
        return made[0] if len(made) == 1 else None


FIXED = {DEAL: "deal", TURN_UP: "turn_up", DEAL_REST: "deal_rest", REWARD: "reward"}


def _onto_free(
    kind: str, p: int, cards: Sequence[str | None], places: Sequence[str | None]
) -> list[Action]:
    """`kind` ("move", "promote") of each of `cards` to each free position of `places`: a grey
    move and a promotion offer the same choices, from the reserve to its own or the white row."""
    free = [j for j, c in enumerate(places) if c is None]
    return [
        {"type": kind, "player": p, "card": c, "position": j}
        for c in cards
        if c is not None
        for j in free
    ]
