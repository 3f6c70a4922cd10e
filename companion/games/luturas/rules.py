"""LuturasRules: the companion's Rules protocol over the state, checks and handlers.

Every rule of the seed (rules v3.0) and of card_data/luturas/clarifications.csv: decks checked
before play, the coin and the starting player, opening hands and the new ones allowed, a draw
at the start of every turn, Crystals (up to the limit, one Black), Gear 1 deploys and upgrades along
a Gear chain against Crystal requirements, the Lutura spaces, attacks (one per Lutura per turn,
none on your first turn, Soldiers only when undefended and never by Prismatic Luturas, Tools),
the defender's answers, damage and the Workshop, one Tool assigned once per turn, one Strategy
per turn (face down for the opponent's turn), the three ways to win a round and a match of several
rounds (each number from rule_numbers.csv); standard and fast mode (two Decks, the nature chart).
Card effects run from their declarations in the sheets (effects.py).

Options: `names` (two strings), `decks` (two starter deck names or two lists of design ids; the
two shipped starter decks by default), `mode` ("standard" or "fast"), `cards` ("app": the app
shuffles and names each card to take, or "table": players enter each card they draw; the rules
accept a named card in either, and the page decides whether to ask).
"""

from __future__ import annotations

import random
from typing import Any

from companion.engine.core import Action
from companion.engine.modular import SeatedModularRules
from companion.games.luturas import activated, board, checks, effects, pending, sampling, seats
from companion.games.luturas import state as st
from companion.games.luturas.actions import HANDLERS
from companion.games.luturas.checks import attack_refusal, check, needs_refusal
from companion.games.luturas.data import LuturasData, deck_problems, default_data
from companion.games.luturas.quiet import QUIET_HANDLERS
from companion.games.luturas.sampling import one_of_each
from companion.games.luturas.setup import new_match
from companion.games.luturas.state import (
    CHOOSE,
    DEAL,
    DRAW,
    FAST,
    MAIN,
    MODES,
    MULLIGAN,
    OWN_TOOL,
    RESPOND,
    SOLDIER,
    STANDARD,
    TOOL,
    TOSS,
    LuturasState,
)

CARD_SOURCES = ("app", "table")


class LuturasRules(SeatedModularRules):
    """Two-player Luturas. Pass other card data (a designer's edited copy) to try new cards
    without touching the code."""

    game_id = "luturas"
    title = "Luturas"
    checks, handlers, states, seating = checks, HANDLERS, st, seats
    default_data = staticmethod(default_data)
    data: LuturasData

    def new_state(self, options: dict[str, Any]) -> LuturasState:
        """Before the coin toss. A deck that breaks the deck rules is refused with a ValueError
        naming the player and the first problem."""
        names = self.player_names(options)
        mode = options.get("mode") or STANDARD
        if mode not in MODES:
            raise ValueError(f"Luturas has no mode {mode!r} (standard or fast)")
        cards_from = options.get("cards") or "app"
        if cards_from not in CARD_SOURCES:
            raise ValueError(f"cards come from the app or the table, not {cards_from!r}")
        chosen = options.get("decks") or list(self.data.starters)[:2]
        decks = [self.deck_list(d, names[p]) for p, d in enumerate(chosen)]
        return new_match(self.data, names, (decks[0], decks[1]),
                         mode, cards_from)  # fmt: skip

    def deck_list(self, deck: Any, name: str) -> list[str]:
        if isinstance(deck, str):
            if deck not in self.data.starters:
                raise ValueError(f"{name}'s deck: there is no starter deck called {deck!r}")
            return list(self.data.starters[deck])
        if not isinstance(deck, list) or not all(isinstance(c, str) for c in deck):
            raise ValueError(f"{name}'s deck: give a starter deck's name or a list of card ids")
        problems = deck_problems(self.data, deck)
        if problems:
            raise ValueError(f"{name}'s deck: {problems[0]}")
        return list(deck)

    # --- what may be done -------------------------------------------------------------------

    def legal_actions(self, state: LuturasState) -> list[Action]:
        """Every action `check` accepts now (`listing`). The last state listed is remembered
        by its values (`state.fingerprint`): a page, a seat's list (`legal_actions_for`, once
        per seat), `to_move` and the tests ask again and again about one position. Each call
        hands out its own copies of the actions (their lists too: an effect's choices), as a
        fresh listing did, so a caller changing one changes nothing remembered."""
        key = st.fingerprint(state)
        memo = self.memo
        if memo is not None and memo[0] == key:
            actions = memo[1]
        else:
            listed = self.listing(state)
            actions = [(a, [k for k, v in a.items() if type(v) is list]) for a in listed]
            self.memo = (key, actions)
        out = []
        for action, lists in actions:
            copy = action.copy()
            for k in lists:
                copy[k] = copy[k][:]
            out.append(copy)
        return out

    # The last listing, by fingerprint: each action with the keys of its lists.
    memo: tuple[tuple[Any, ...], list[tuple[Action, list[str]]]] | None = None

    def listing(self, state: LuturasState) -> list[Action]:
        """Every action `check` accepts now. Chance actions and draws leave out the cards: the
        rules draw them, or a player types them in from the physical deck. The main phase, most
        of a match, is listed by `sampling.main_actions`, whose conditions stand in for
        `check`'s refusals without building a refusal sentence for every card, space and target
        that fails; `checked_main_actions` lists it by trying each candidate on `check`, the
        slow way the tests hold it to."""
        phase = state.phase
        if state.pending:
            return pending.legal(self.data, state)
        if phase == TOSS:
            return [{"type": "toss"}]
        if phase == CHOOSE:
            return [{"type": "choose", "player": state.chooser, "first": f} for f in (0, 1)]
        if phase == DEAL:
            return [{"type": "deal"}]
        p = state.active
        if phase == MULLIGAN:
            out: list[Action] = [{"type": "keep", "player": p}]
            if self.check(state, {"type": "mulligan", "player": p}) is None:
                out.append({"type": "mulligan", "player": p})
            return out
        if phase == DRAW:
            return self.draws(state, p)
        if phase == MAIN:
            return sampling.main_actions(self.data, state)
        if phase == RESPOND and state.attack is not None:
            d = 1 - state.attack.player
            return [*activated.activations(self.data, state, d), {"type": "pass", "player": d}]
        return []

    def draws(self, state: LuturasState, p: int) -> list[Action]:
        if state.mode != FAST:
            return [{"type": "draw", "player": p}]
        side = state.sides[p]
        return [
            {"type": "draw", "player": p, "pile": pile}
            for pile in (board.DECK, board.CRYSTALS)
            if board.can_draw(side, pile)
        ]

    def checked_main_actions(self, state: LuturasState) -> list[Action]:
        """The main phase's actions found by trying every candidate on `check`: what
        `sampling.main_actions` must list, in the same order."""
        p = state.active
        return [*self.turn_actions(state, p), *activated.activations(self.data, state, 1 - p)]

    def turn_actions(self, state: LuturasState, p: int) -> list[Action]:
        data, side = self.data, state.sides[p]
        out: list[Action] = []
        for card in one_of_each(side.hand):
            kind = data.of(card).kind
            if kind == "crystal":
                out += self.listed(state, {"type": "crystal", "player": p, "card": card})
            elif kind == "lutura":
                out += self.lutura_plays(state, p, card)
            elif kind == "tool":
                out += self.listed(state, {"type": "tool", "player": p, "card": card})
            elif kind == "strategy":
                for action in effects.with_choices(
                    data, state, {"type": "strategy", "player": p, "card": card}
                ):
                    out += self.listed(state, action)
                out += self.listed(state, {"type": "set", "player": p, "card": card})
        for space in range(data.lutura_spaces):
            out += self.listed(state, {"type": "assign", "player": p, "space": space})
        out += self.attacks(state, p)
        out += activated.activations(data, state, p)
        out.append({"type": "end", "player": p})
        return out

    def lutura_plays(self, state: LuturasState, p: int, card: str) -> list[Action]:
        design = self.data.of(card)
        side = state.sides[p]
        if side.no_deploy or needs_refusal(self.data, state, p, card) is not None:
            return []
        if design.gear == "1":
            out = []
            for space in board.free_spaces(side):
                base = {"type": "deploy", "player": p, "card": card, "space": space}
                for action in effects.with_choices(self.data, state, base):
                    out += self.listed(state, action)
            return out
        return [
            a
            for space in range(self.data.lutura_spaces)
            for a in self.listed(
                state, {"type": "upgrade", "player": p, "card": card, "space": space}
            )
        ]

    def attacks(self, state: LuturasState, p: int) -> list[Action]:
        out = []
        targets: list[int | str] = [*range(self.data.lutura_spaces), SOLDIER, TOOL, OWN_TOOL]
        for space, _ in board.luturas(state.sides[p]):
            for target in targets:
                action = {"type": "attack", "player": p, "space": space, "target": target}
                if attack_refusal(self.data, state, action) is None:
                    out += effects.attack_options(self.data, state, action)
        return out

    def listed(self, state: LuturasState, action: Action) -> list[Action]:
        return [action] if check(self.data, state, action) is None else []

    # --- a bot's path ---------------------------------------------------------------------------

    def sample_action(self, state: LuturasState, rng: random.Random) -> Action | None:
        """One of `legal_actions` drawn uniformly as `int(rng.random() * n)` picks an index (one
        `random()`, not `rng.choice`'s draw: seeded playouts keep the games they have always
        played), or None when there is none."""
        actions = self.listing(state)  # a new state each step: nothing to remember
        return actions[int(rng.random() * len(actions))] if actions else None

    def advance(
        self, state: LuturasState, action: Action, rng: random.Random
    ) -> tuple[LuturasState, Action]:
        """`apply_unchecked` on `state` itself, for a bot that owns it: (the same object, the
        resolved action). Handlers change the state they are given, and `apply_unchecked` only
        hands them a clone, so without the clone the step is the same. Only for an action the
        rules produced. The handlers are the quiet ones (`quiet.QUIET_HANDLERS`): the table
        log's sentences are not built, as nobody reads them here."""
        resolved, _ = QUIET_HANDLERS[action["type"]](self.data, state, action, rng)
        return state, resolved

    # --- seats: the modules' (`SeatedModularRules`), but for what a reveal reads ----------------

    def reveals(self, before: LuturasState, action: Action, after: LuturasState) -> str | None:
        """A face-down Strategy turned up is read off the states, whatever the action."""
        return seats.reveals(before, after)
