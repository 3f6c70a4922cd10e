"""The app as a Riposte duelist: it decides from its seat's view and its legal actions alone.

`RiposteOpponent(seat, strength)` is what the app plays (`companion.engine.opponents`). Where it
needs whole states it draws them from the view (`RiposteRules.from_view`): the other hand and a
card laid face down are made up from the cards it has not seen. Same view, same actions, same
random source: same choice.

What the strong player weighs (damage dealt less damage taken, everywhere):
- A clash: the other hand is drawn several times from the unseen cards, which gives the replies
  the other player could lay (its follow-up bar, Flow, Footwork and character are on the table);
  each reply counts partly at random and partly by how well it does against the app's own cards.
  Each card of the app is scored against those replies (a clash that ends the game counts as the
  game), plus the best way to play the rest of its hand this round: cards that follow its own
  bar, Press before a likely strike, Disarm after a likely parry, Footwork or Liese's ignore
  before a card that fits nothing, 1 damage for each card that has to break the bar.
- The draft: a card is worth the best round the hand could then play, in the role of the coming
  round, each card scored against the whole deck; a blind draw is worth the average over the
  cards not seen (for Rook, the better of two). Rook keeps the better card he looked at and swaps
  his leftover card for a row card worth more in the coming round.
- Rook's relief when it saves the full 2, for a fatal strike, or in the round's last clash.
- Characters by a ranking measured in self-play (`CHARACTERS`).
The easy player is greedy and one step deep: each card against every unseen card alike, with no
reading of the other's bar and no plan for the rest of the round; it drafts the best card alone.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from math import exp
from typing import Any, ClassVar

from companion.engine.core import Action
from companion.engine.opponents import EASY as EASY
from companion.engine.opponents import STRENGTHS as STRENGTHS
from companion.engine.opponents import STRONG as STRONG
from companion.engine.opponents import AppPlayer
from companion.engine.seats import HIDDEN
from companion.games.riposte import abilities as ab
from companion.games.riposte.clash import PERFECT, STRIKE, outcome, plays, previous, strike
from companion.games.riposte.data import Move, RiposteData, default_data
from companion.games.riposte.rules import RiposteRules
from companion.games.riposte.state import RiposteState, altered
from companion.games.riposte.why import why

Play = tuple[str, bool]  # a design laid, and whether Liese ignores her bar with it
Hand = tuple[str, ...]  # designs, sorted: two copies of a move play alike
Worths = dict[tuple[str, str, bool], float]  # `Duel.expected`: design, Press/Disarm, last clash
Plans = dict[tuple[Any, ...], float]  # `Duel.plan` and `Duel.parried`, by their arguments
Exchanges = dict[tuple[Any, ...], tuple[int, int]]  # `Duel.exchange`: situation, both designs
MOST_EXCHANGES = 200_000  # memos forgotten past this many entries: a long-lived app's memory

PRESS, DISARM = "press", "disarm"
SAMPLES = 12  # other hands drawn from the view for a clash
SMART = 0.5  # share of the other's replies that follow its own best, the rest at random
SHARPNESS = 2.0  # how firmly the other is expected to prefer its best replies
WIN = 24.0  # a clash that ends the game, in damage
NO_FIT = 1.0  # a card that fits no bar costs its player 1 damage
RELIEF = 2  # Rook takes 2 less once a round
SECRECY = 0.1  # a card drawn blind is unknown to the other player
KEEP_HAND = 0.05  # Rook swaps only for a row card worth more than this
# Characters best first, by the strong player's wins against itself (80 games a pair, 400 a
# character, 2026-11-24): Sela 54%, Cato 53%, Orsa 53%, Liese 51%, Rook 47%, Brunhild 42%.
CHARACTERS = ("sela", "cato", "orsa", "liese", "rook", "brunhild")


@dataclass
class RiposteOpponent(AppPlayer):
    """The app in `seat`: "strong" (the default) or "easy"."""

    game: ClassVar[str] = "Riposte"
    data: RiposteData = field(default_factory=default_data, repr=False)
    said: tuple[Any, ...] = field(default=(), init=False, repr=False, compare=False)  # `why`

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rules = RiposteRules(self.data)
        self.memo: dict[tuple[Any, ...], Worths] = {}  # draft worths, by roles and characters
        self.exchanges: Exchanges = {}  # `Duel.exchange`, kept from one decision to the next
        self.drafts: dict[tuple[Any, ...], Plans] = {}  # draft plans, keyed as `memo`

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        mine = [a for a in legal if a.get("player") == self.seat]
        chosen = self._choose(view, mine, rng) if len(mine) > 1 else None
        self.reason = why(self.data, view, chosen, self.said) if chosen else None
        return chosen or (mine[0] if mine else None)

    def _choose(self, view: dict[str, Any], mine: list[Action], rng: random.Random) -> Action:
        kind = mine[0]["type"]
        self.said = (kind,)
        if kind == "character":
            return min(mine, key=lambda a: CHARACTERS.index(a["character"]))
        state = self.rules.from_view(view, self.seat, rng)
        if kind == "brace":
            return self._brace(state, mine)
        hidden = unseen(self.data, view)
        duel = Duel(self.data, state, self.seat, self.strength == STRONG, hidden, self.exchanges)
        self.said = (kind, duel)  # `why` reads what the duel weighed once it has chosen
        if kind == "play":
            return duel.play(mine, lambda: self.rules.from_view(view, self.seat, rng))
        duel.next_round(self.memo, self.drafts)
        if kind == "keep":
            return max(mine, key=lambda a: duel.with_card(a["card"]))
        if kind == "swap":
            return duel.swap(mine)
        return duel.draft(view, mine)

    def _brace(self, state: RiposteState, mine: list[Action]) -> Action:
        """Rook's relief (third ability), once a round: used when it saves the full 2, when the
        strike would end the game, or in the round's last clash; the easy player always uses it."""
        o = state.offensive
        attack, defend = self.data.cards[state.chosen[o]], self.data.cards[state.chosen[1 - o]]
        hit = strike(self.data, state, attack, defend).total
        fatal = state.damage[self.seat] + hit >= self.data.limit
        use = self.strength == EASY or hit >= RELIEF or fatal or ab.last_clash(state)
        self.said = ("brace", hit, fatal, ab.last_clash(state), self.strength == EASY)
        return next(a for a in mine if a["use"] == use)


def unseen(data: RiposteData, view: dict[str, Any]) -> list[str]:
    """The cards the seat has not seen: the deck, the other hand, a card laid face down."""
    seen = {c for key in ("row", "discard", "looking", "bottom") for c in view[key]}
    seen |= {c for side in (*view["hands"], *view["table"]) for c in side}
    seen |= set(view["chosen"])
    return [c for c in data.deck if c not in seen]


def placeholders(*sizes: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Hands of these sizes: all a clash reads of them is whether it is the round's last."""
    return (("",) * sizes[0], ("",) * sizes[1])


class Duel:
    """One decision of the app, `me`, in `state` (drawn from its view: what it can see is
    real). Values are damage dealt less damage taken, from the app's side."""

    def __init__(
        self,
        data: RiposteData,
        state: RiposteState,
        me: int,
        strong: bool,
        hidden: list[str],
        exchanges: Exchanges | None = None,
    ) -> None:
        self.data, self.state, self.me, self.strong = data, state, me, strong
        # Clashes counted before, for this data: the app weighs the same few situations again
        # and again, and counting one took most of its time.
        self.exchanges: Exchanges = {} if exchanges is None else exchanges
        self.other = 1 - me
        self.hand: Hand = tuple(sorted(data.cards[c].id for c in state.hands[me]))
        self.pool = Counter(data.cards[c].id for c in hidden)  # what the other may lay
        self.worths: Worths = {}
        self.plans: Plans = {}
        self.bars: dict[str, frozenset[int]] = {}
        self.penalties: dict[tuple[int, str, bool], int] = {}  # `penalty`, asked once a card
        # The clash being decided, both cards laid: the hands one card short.
        left = [len(state.hands[p]) - (not state.chosen[p]) for p in (0, 1)]
        self.now = altered(state, hands=placeholders(*left))
        self.now_is = self.situation(self.now)

    def move(self, card: str) -> Move:
        return self.data.cards[card]

    # --- a clash -------------------------------------------------------------------------------

    def situation(self, ctx: RiposteState) -> tuple[Any, ...]:
        """Everything of `ctx` that `_exchange` reads (through `outcome`, `strike` and the
        characters' abilities): two states alike in these count every clash alike."""
        o = ctx.offensive
        stack = ctx.table[o]
        press = bool(stack) and self.data.cards[stack[-1]].keyword == PRESS
        return (self.me, o, ctx.characters, ctx.unlocked, ctx.spent, ctx.disarm, press,
                ab.last_clash(ctx))  # fmt: skip

    def exchange(
        self, ctx: RiposteState, mine: Move, theirs: Move, where: tuple[Any, ...] | None = None
    ) -> tuple[int, int]:
        """`_exchange`, kept by situation (`where`: `situation(ctx)` when the caller has it)."""
        key = (where or self.situation(ctx), mine.id, theirs.id)
        found = self.exchanges.get(key)
        if found is None:
            if len(self.exchanges) >= MOST_EXCHANGES:
                self.exchanges.clear()
            found = self.exchanges[key] = self._exchange(ctx, mine, theirs)
        return found

    def _exchange(self, ctx: RiposteState, mine: Move, theirs: Move) -> tuple[int, int]:
        """(damage dealt, damage taken) by the app from the two cards in `ctx`, the follow-up
        bars apart, as `clash.resolve` counts them; a struck Rook takes his relief when it
        saves the full 2. Sela's first ability shows as -1 taken."""
        o, d = ctx.offensive, 1 - ctx.offensive
        attack, defend = (mine, theirs) if o == self.me else (theirs, mine)
        result = outcome(ctx, attack, defend)
        to_o = to_d = 0
        if result == STRIKE:
            to_d = strike(self.data, ctx, attack, defend).total
            if ab.may_brace(ctx, d) and to_d >= RELIEF:
                to_d -= RELIEF
            to_o = int(ab.has(ctx, d, ab.ORSA, 2))
        elif result == PERFECT:
            if not ab.has(ctx, o, ab.SELA, 2):
                extra = ab.has(ctx, d, ab.BRUNHILD, 3) + (defend.keyword == "riposte")
                to_o = self.data.perfect_block_damage + extra
            to_d = -int(ab.has(ctx, d, ab.SELA, 1))
        else:
            to_o = int(ab.has(ctx, d, ab.SELA, 3))
        return (to_d, to_o) if o == self.me else (to_o, to_d)

    def penalty(self, player: int, card: Move, ignore: bool) -> int:
        """The damage for a card that does not fit `player`'s bar, as `clash.penalties` says;
        kept in `penalties` (a clash asks it of each card against every reply)."""
        key = (player, card.id, ignore)
        found = self.penalties.get(key)
        if found is None:
            found = self.penalties[key] = self._penalty(player, card, ignore)
        return found

    def _penalty(self, player: int, card: Move, ignore: bool) -> int:
        state = self.state
        before = previous(self.data, state, player)
        if before is None or ignore or card.attacks & ab.bar(state, player, before):
            return 0
        spared = before.keyword == "footwork" or ab.spares_penalty(state, player)
        return 0 if spared else self.data.no_play_damage

    def value(self, mine: Play, theirs: Play) -> float:
        """The clash now, the app laying `mine` against `theirs`: the damage both ways, or the
        game when it ends (rulings game-end, double-knockout)."""
        me, other = self.me, self.other
        # `exchange` and `penalty` looked up here first: a clash asks this of every reply.
        known = self.exchanges.get((self.now_is, mine[0], theirs[0]))
        if known is None:
            moves = self.data.moves
            known = self.exchange(self.now, moves[mine[0]], moves[theirs[0]], self.now_is)
        mine_cost = self.penalties.get((me, mine[0], mine[1]))
        if mine_cost is None:
            mine_cost = self.penalty(me, self.data.moves[mine[0]], mine[1])
        their_cost = self.penalties.get((other, theirs[0], theirs[1]))
        if their_cost is None:
            their_cost = self.penalty(other, self.data.moves[theirs[0]], theirs[1])
        dealt, taken = known
        start = self.state.damage
        mine_now = max(0, start[me] + mine_cost + taken)
        other_now = max(0, start[other] + their_cost + dealt)
        if max(mine_now, other_now) >= self.data.limit:
            if mine_now != other_now:
                return WIN if mine_now < other_now else -WIN
            return WIN if self.state.offensive == other else -WIN
        return (other_now - start[other]) - (mine_now - start[me])

    def play(self, mine: list[Action], world: Callable[[], RiposteState]) -> Action:
        """The card (and Liese's ignore) worth most against the other's likely replies, plus
        (strong) the rest of the round played as well as the hand allows. `world` draws a whole
        state from the app's view."""
        options = {(self.move(a["card"]).id, bool(a.get("ignore"))): a for a in mine}
        table: dict[tuple[Play, Play], float] = {}

        def worth(option: Play, reply: Play) -> float:
            found = table.get((option, reply))
            if found is None:
                found = table[option, reply] = self.value(option, reply)
            return found

        if self.strong:
            replies = self.replies(world, list(options), worth)
        else:
            total = sum(self.pool.values())
            replies = {(d, False): n / total for d, n in self.pool.items()}
        scores = {}
        score = worth if self.strong else self.value  # the easy player asks each pair once
        for option in options:
            scores[option] = sum(p * score(option, reply) for reply, p in replies.items())
            if self.strong:
                scores[option] += self.rest_of_round(option)
        best = max(options, key=lambda o: scores[o])
        self.weighed = (replies, scores[best])  # for the reason (why.py)
        return options[best]

    def replies(
        self,
        world: Callable[[], RiposteState],
        options: list[Play],
        worth: Callable[[Play, Play], float],
    ) -> dict[Play, float]:
        """How likely each reply of the other player is: its hand drawn SAMPLES times; in each,
        a share at random among its plays and a share by their worth to it against the app's
        options taken alike."""
        other = self.other
        odds: dict[Play, float] = {}
        for _ in range(SAMPLES):
            drawn = world()
            if drawn.chosen[other]:  # laid already: one of the hand as it was then
                hands = list(drawn.hands)
                hands[other] = (*hands[other], drawn.chosen[other])
                drawn = altered(drawn, hands=(hands[0], hands[1]), chosen=("", ""))
            laid = list(dict.fromkeys((self.move(a["card"]).id, bool(a.get("ignore")))
                                      for a in plays(self.data, drawn, other)))  # fmt: skip
            gain = {r: -sum(worth(o, r) for o in options) / len(options) for r in laid}
            top = max(gain.values())
            weights = {r: exp(SHARPNESS * (g - top)) for r, g in gain.items()}
            total = sum(weights.values())
            for r in laid:
                p = (1 - SMART) / len(laid) + SMART * weights[r] / total
                odds[r] = odds.get(r, 0.0) + p / SAMPLES
        return odds

    # --- the rest of the round -----------------------------------------------------------------

    def rest_of_round(self, option: Play) -> float:
        """The best the app's other cards can do in the clashes left after laying `option`."""
        rest = list(self.hand)
        rest.remove(option[0])
        ready = ab.may_ignore(self.state, self.me) and not option[1]
        return self.plan(tuple(rest), option[0], len(self.hand) - 2, ready)

    def plan(self, hand: Hand, before: str, steps: int, ready: bool) -> float:
        """The best order for `steps` more clashes from `hand` after the design `before`: each
        card worth its `expected` value, a card off the bar 1 damage unless Footwork,
        Brunhild or Liese's ignore (`ready`) spares it."""
        if steps <= 0 or not hand:
            return 0.0
        key = (hand, before, steps, ready)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = self._plan(hand, before, steps, ready)
        return found

    def _plan(self, hand: Hand, before: str, steps: int, ready: bool) -> float:
        moves, last = self.data.moves, steps == 1
        previous = moves[before]
        bar = self.bars.get(before)
        if bar is None:
            bar = self.bars[before] = ab.bar(self.state, self.me, previous)
        fits = [bool(moves[c].attacks & bar) for c in hand]
        must = any(fits) and not ready  # a card that fits must be played
        spared = previous.keyword == "footwork" or ab.spares_penalty(self.state, self.me)
        best = float("-inf")
        for i, card in enumerate(hand):
            if i and hand[i - 1] == card:
                continue  # a second copy plays the same
            if must and not fits[i]:
                continue
            rest = hand[:i] + hand[i + 1 :]
            score = self.following(card, previous, last)
            if fits[i]:
                score += self.plan(rest, card, steps - 1, ready)
            elif ready:  # Liese ignores her bar
                score += self.plan(rest, card, steps - 1, False)
            else:
                score += self.plan(rest, card, steps - 1, ready) - (0.0 if spared else NO_FIT)
            best = max(best, score)
        return best

    def following(self, design: str, before: Move, last: bool) -> float:
        """`_following`, kept in `plans` (which it depends on as they do): `plan` asks it for
        the same cards in every order it tries."""
        key = ("following", design, before.id, last)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = self._following(design, before, last)
        return found

    def _following(self, design: str, before: Move, last: bool) -> float:
        """A card's worth in the clash after the app's `before`: with its Press (offensive),
        or with its Disarm if `before` was not struck (defending)."""
        if before.keyword == "press":
            return self.expected(design, PRESS, last)
        if before.keyword == DISARM and self.state.offensive == self.other:
            held = self.parried(before.id)
            disarmed = self.expected(design, DISARM, last)
            return held * disarmed + (1 - held) * self.expected(design, "", last)
        return self.expected(design, "", last)

    def parried(self, design: str) -> float:
        """How often the app's card, defending, is not struck by what the other may hold."""
        key = ("parried", design)
        if key not in self.plans:
            ctx, card = self.later("", False), self.data.moves[design]
            struck = sum(n for reply, n in self.pool.items()
                         if outcome(ctx, self.data.moves[reply], card) == STRIKE)  # fmt: skip
            self.plans[key] = 1 - struck / max(1, sum(self.pool.values()))
        return self.plans[key]

    def expected(self, design: str, waiting: str, last: bool) -> float:
        """A card's worth in a later clash of the round (after the app's Press or Disarm, as
        `waiting` says; the round's last clash, if `last`), against a card drawn from what the
        other may hold."""
        last = last and ab.LIESE in self.state.characters  # the only ability that asks
        key = (design, waiting, last)
        if key not in self.worths:
            ctx, card = self.later(waiting, last), self.data.moves[design]
            where, total = self.situation(ctx), 0.0
            for reply, copies in self.pool.items():
                dealt, taken = self.exchange(ctx, card, self.data.moves[reply], where)
                total += copies * (dealt - taken)
            self.worths[key] = total / max(1, sum(self.pool.values()))
        return self.worths[key]

    def later(self, waiting: str, last: bool) -> RiposteState:
        """A later clash of the round: a Press card under the app's card, or Disarm waiting,
        as `waiting` says; the round's last clash if `last`."""
        stacks: list[tuple[str, ...]] = [(), ()]
        if waiting == PRESS:
            stacks[self.me] = (next(c for c, m in self.data.cards.items() if m.keyword == PRESS),)
        hands = placeholders(1, 1) if last else placeholders(2, 2)
        disarm = waiting == DISARM
        return altered(self.state, table=(stacks[0], stacks[1]), disarm=disarm, hands=hands)

    # --- between rounds ------------------------------------------------------------------------

    def next_round(
        self, memo: dict[tuple[Any, ...], Worths], plans: dict[tuple[Any, ...], Plans] | None = None
    ) -> None:
        """Decide for the coming round: the other's cards to come drawn from the whole deck, so
        a card's worth depends on the roles and characters alone (kept in `memo`), and so does
        the best order to play a hand (kept in `plans`, by the same key)."""
        state = altered(self.state, table=((), ()), disarm=False, spent=(False, False))
        self.state, self.penalties = state, {}
        self.pool = Counter(m.id for m in self.data.cards.values())
        key = (state.offensive == self.me, state.characters, state.unlocked)
        self.worths = memo.setdefault(key, {})
        if plans is not None:
            self.plans = plans.setdefault(key, {})
            if len(self.plans) >= MOST_EXCHANGES:  # forgotten, as the exchanges are
                self.plans.clear()

    def hand_value(self, hand: Hand) -> float:
        """`_hand_value`, kept in `plans` (it reads what they read): a draft asks it of the same
        hands for every card it weighs."""
        key = ("hand", hand)
        found = self.plans.get(key)
        if found is None:
            found = self.plans[key] = self._hand_value(hand)
        return found

    def _hand_value(self, hand: Hand) -> float:
        """The best round `hand` could play in the coming round's role (the easy player: its
        cards' worth alone, in no order)."""
        if not self.strong:
            return sum(self.expected(c, "", False) for c in hand)
        steps = min(len(hand), self.data.hand - 1)
        ready = ab.has(self.state, self.me, ab.LIESE, 1)
        best = float("-inf")
        for i, card in enumerate(hand):
            if not i or hand[i - 1] != card:
                score = self.expected(card, "", steps == 1)
                rest = hand[:i] + hand[i + 1 :]
                best = max(best, score + self.plan(rest, card, steps - 1, ready))
        return best

    def with_card(self, card: str) -> float:
        """The hand's worth once it holds `card` (a copy id)."""
        return self.hand_value(tuple(sorted((*self.hand, self.data.cards[card].id))))

    def draft(self, view: dict[str, Any], mine: list[Action]) -> Action:
        """The row card that makes the best hand, or the top of the deck when an unseen card
        is worth more on average."""
        scores: list[float] = []
        for action in mine:
            if action["type"] == "take":
                scores.append(self.with_card(self.state.row[action["slot"]]))
            else:
                scores.append(self.blind(view) + SECRECY)
        return mine[scores.index(max(scores))]

    def blind(self, view: dict[str, Any]) -> float:
        """What a blind pick is worth on average; Rook (first ability) keeps the better of two."""
        cards = self.next_cards(view)
        worth = {d: self.with_card(c) for d, c in {self.data.cards[c].id: c for c in cards}.items()}
        values = sorted(worth[self.data.cards[c].id] for c in cards)
        n = len(values)
        if n >= 2 and ab.looks_at_two(self.state, self.me):
            return sum(v * i for i, v in enumerate(values)) / (n * (n - 1) / 2)
        return sum(values) / n if n else float("-inf")

    def next_cards(self, view: dict[str, Any]) -> list[str]:
        """The cards the top of the deck may be, as far as the app knows."""
        if view["deck"]:
            return unseen(self.data, view)
        if view["bottom"]:  # Rook knows what he put there
            known = view["bottom"][0] != HIDDEN
            return view["bottom"][:1] if known else unseen(self.data, view)
        return list(view["discard"]) or unseen(self.data, view)

    def swap(self, mine: list[Action]) -> Action:
        """Rook (second ability): the leftover card for the row card worth most next round."""

        def worth(action: Action) -> float:
            slot = action["slot"]
            if slot is None:
                return self.hand_value(self.hand) + KEEP_HAND
            return self.hand_value((self.data.cards[self.state.row[slot]].id,))

        return max(mine, key=worth)
