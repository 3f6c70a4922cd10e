"""The app as a Luturas player: it decides from its seat's view and its legal actions alone.

`LuturasOpponent(seat, strength)` is what the app plays (`companion.engine.opponents`), with
whichever deck its seat was given (one of the shipped starter decks at the table). It never
holds the state: each decision draws whole states from its view (`LuturasRules.from_view`: the
other hand, the face-down Strategy and every Deck's order made up from the cards it has not
seen), plays each of its legal actions in every one of them through the rules themselves (so
every printed effect, deploy, upgrade, Tool and Strategy counts exactly as the engine runs it),
lets what must follow happen and keeps the action whose position is worth most on average
(`worth.py`). The same draws serve every action, so two actions are compared on the same
made-up cards. Same view, actions and random source: same choice.

What must follow an action before its position is weighed: an attack on the app goes through
once it has answered; an attack of the app meets the answer of the other player that is worst
for the app, in each made-up state (its face-down Strategy, its Soldier's ability); a choice an
effect left is made, the app's own by its worth.

Its turn is a chain of such one-step choices (a Crystal, then the Gear 1 it pays for, then an
attack ...) until ending the turn is worth most; a Lutura that may still attack is upgraded only
after its attacks, since an upgrade ends them for the turn. On the other player's turn it
answers an attack (a negating Strategy, its Soldier's ability, or letting it through), and uses
an effect allowed then only when that is worth clearly more than waiting (otherwise it returns
None and the other player goes on). The choices with nothing on the table to weigh yet are rules
of thumb: it starts every round itself, keeps an opening hand that can put a Lutura on the
Battlefield soon, and in fast mode draws Crystals while it has too few.

The easy player weighs one made-up state instead of several, counts material alone (no fear of
an open Soldier or an empty Deck), expects every attack of its own to go through, upgrades
whenever the upgrade looks good, takes any action nearly as good as the best (`EASY_SLACK`),
keeps every opening hand and draws from either pile at random. Both are measured against a
uniformly random legal player and against each other in tests/companion/test_luturas_opponent.py.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, ClassVar

from companion.engine.core import Action
from companion.engine.opponents import EASY as EASY
from companion.engine.opponents import STRENGTHS as STRENGTHS
from companion.engine.opponents import STRONG as STRONG
from companion.engine.opponents import AppPlayer
from companion.games.luturas import board
from companion.games.luturas.data import LuturasData, default_data
from companion.games.luturas.rules import LuturasRules
from companion.games.luturas.state import DRAW, MAIN, RESPOND, LuturasState
from companion.games.luturas.why import weighed
from companion.games.luturas.worth import Worth

WORLDS = {STRONG: 6, EASY: 1}  # states drawn from the view for each decision
SETTLE_MOST = 12  # forced steps played after an action before its position is weighed
BOTHER = 0.5  # off its turn, an effect is used only when it is worth this much more than waiting
CRYSTALS_WANTED = 3  # fast mode: draw from the Crystal deck while fewer are on hand and side
EASY_SLACK = 2.0  # the easy player takes any action worth this close to the best one


@dataclass
class LuturasOpponent(AppPlayer):
    """The app in `seat`: "strong" (the default) or "easy"."""

    game: ClassVar[str] = "Luturas"
    data: LuturasData = field(default_factory=default_data, repr=False)

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rules = LuturasRules(self.data)
        self.worth = Worth(self.data, self.seat, careful=self.strength == STRONG)

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        self.reason = None
        mine = [a for a in legal if a.get("player") == self.seat]
        if not mine:
            return None
        kind = mine[0]["type"]
        waiting = view["phase"] == MAIN and view["active"] != self.seat and not view["pending"]
        if len(mine) == 1 and not waiting:
            return mine[0]
        if kind == "choose":
            self.reason = "starts the round itself"
            return next((a for a in mine if a["first"] == self.seat), mine[0])
        if kind in ("keep", "mulligan"):
            return self.opening(view, mine)
        if view["phase"] == DRAW and kind == "draw":
            return self.pile(view, mine, rng)
        if self.strength == STRONG:
            mine = attack_first(mine)
        return self.lookahead(view, mine, rng, waiting)

    # --- rules of thumb -----------------------------------------------------------------------

    def opening(self, view: dict[str, Any], mine: list[Action]) -> Action:
        """Keep a hand with a Gear 1 Lutura and a Crystal to pay for it (easy: any hand)."""
        keep = next(a for a in mine if a["type"] == "keep")
        if self.strength == EASY:
            return keep
        hand = view["sides"][self.seat]["hand"]
        designs = [self.data.of(c) for c in hand]
        has_lutura = any(d.kind == "lutura" and d.gear == "1" for d in designs)
        has_crystal = any(d.kind == "crystal" for d in designs)
        playable = has_lutura and (has_crystal or view["mode"] == "fast")
        return keep if playable else next((a for a in mine if a["type"] == "mulligan"), keep)

    def pile(self, view: dict[str, Any], mine: list[Action], rng: random.Random) -> Action:
        """Fast mode: a Crystal while too few are at hand to pay for Luturas, else the Deck
        (easy: either pile at random)."""
        if self.strength == EASY:
            return mine[int(rng.random() * len(mine))]
        side = view["sides"][self.seat]
        held = len(side["crystals"]) + sum(self.data.of(c).kind == "crystal" for c in side["hand"])
        wanted = board.CRYSTALS if held < CRYSTALS_WANTED else board.DECK
        return next((a for a in mine if a.get("pile") == wanted), mine[0])

    # --- one step ahead -----------------------------------------------------------------------

    def lookahead(
        self, view: dict[str, Any], mine: list[Action], rng: random.Random, waiting: bool
    ) -> Action | None:
        """The action worth most on average over states drawn from the view; off its turn,
        None (wait) unless an effect is worth BOTHER more than waiting."""
        seeds = [rng.random() for _ in range(WORLDS[self.strength])]
        worlds = [self.rules.from_view(view, self.seat, random.Random(s)) for s in seeds]
        scores = []
        for action in mine:
            total = 0.0
            for world, seed in zip(worlds, seeds, strict=True):
                total += self.after(world, action, random.Random(seed))
            scores.append(total / len(worlds))
        best = max(range(len(mine)), key=lambda i: scores[i])
        if self.strength == EASY:  # a good action, not always the best
            near = [i for i, score in enumerate(scores) if score >= scores[best] - EASY_SLACK]
            best = near[int(rng.random() * len(near))]
        now = None
        if waiting:
            now = sum(self.worth.of(w) for w in worlds) / len(worlds)
            if scores[best] <= now + BOTHER:
                return None
        self.reason = weighed(mine[best], scores, best, len(worlds), now, self.strength == EASY)
        return mine[best]

    def after(self, world: LuturasState, action: Action, rng: random.Random) -> float:
        """The worth of `world` once `action` is played and what must follow has happened."""
        return self.settled(self.rules.apply_unchecked(world, action, rng).state, rng, True)

    def settled(self, state: LuturasState, rng: random.Random, answers: bool) -> float:
        """The worth of `state` once what must happen next has: an attack on the app goes
        through once it has answered; an attack of the app meets the other player's answer
        worst for the app (the strong player, while `answers`; else it goes through); a choice
        an effect left is made (the app's own by its worth, the other's the first offered)."""
        for _ in range(SETTLE_MOST):
            if self.rules.is_over(state):
                break
            if state.pending:
                options = self.rules.listing(state)
                if state.pending[0].player != self.seat or len(options) == 1:
                    state = self.rules.apply_unchecked(state, options[0], rng).state
                    continue
                return max(self.settled(self.rules.apply_unchecked(state, a, rng).state, rng,
                                        answers) for a in options)  # fmt: skip
            if state.phase != RESPOND or state.attack is None:
                break
            d = 1 - state.attack.player
            through = {"type": "pass", "player": d}
            if d == self.seat or not answers or self.strength == EASY:
                state = self.rules.apply_unchecked(state, through, rng).state
                continue
            replies = self.rules.listing(state)
            return min(self.settled(self.rules.apply_unchecked(state, a, rng).state, rng, False)
                       for a in replies)  # fmt: skip
        return self.worth.of(state)


def attack_first(mine: list[Action]) -> list[Action]:
    """The actions left once an upgrade of a Lutura that may still attack is put off: an
    upgrade ends its attacks for the turn (ruling upgrade-pause), so it comes after them."""
    attacking = {a["space"] for a in mine if a["type"] == "attack"}
    return [a for a in mine if a["type"] != "upgrade" or a["space"] not in attacking]
