"""The app as a VA Card Game player: it decides from its seat's view and its legal actions alone.

`VaOpponent(seat, strength)` is what the app plays (`companion.engine.opponents`). Where it needs
cards it cannot see (the other player's hand, an opening hero lying face down) it draws whole
states from its view (`VaCardGameRules.from_view`). Same view, same actions, same random source:
same choice.

What the strong player weighs, always as the game's worth (`standing`: +1 won, -1 lost, each
later exchange of heroes taken as a coin flip):
- The duel between the two heroes in play (`Duels`). Declarations are simultaneous and secret, so
  each turn is a two-by-two zero-sum game whose cells are the duels that follow (both attack, one
  blocks, both block), solved back from every fall: a fall costs a life point, and a survivor's
  chance in the next exchange grows with the HP it kept (`SOLID`). Both blocking changes nothing
  and counts a little less each time (`PATIENCE`), so the game has a value. The app attacks with
  the solved mixed strategy's chance, drawn from the random source. Under the rulings that
  solution is nearly always pure attack, a saddle point: attacking a blocker costs nothing, and
  a block only postpones its own hero's HP loss while dealing none, so no mix of the other's does
  better against it (tests/companion/test_va_opponent.py shows the mixed cases on made-up cells).
- The opening hero and its equipment: each placing against the other's likely openings, drawn
  from the view (`SAMPLES` states: the hero it laid face down, or each hero of its drawn hand).
- Bringing in a hero and equipping: the hero and then the piece that make the coming duel worth
  most against the hero across the table (or its likely newcomer); a piece kept in hand is worth
  a little (`KEEP`), so none is spent on a hero about to fall.
The easy player reads the printed numbers and nothing else: it attacks two turns in three at
random, opens with and brings in the hero of the largest HP + AD + DEF, and attaches every piece
that raises that sum.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, ClassVar

from companion.engine.core import Action
from companion.engine.opponents import EASY as EASY
from companion.engine.opponents import STRENGTHS as STRENGTHS
from companion.engine.opponents import STRONG as STRONG
from companion.engine.opponents import AppPlayer
from companion.games.va_card_game.data import VaCardGameData, default_data, design
from companion.games.va_card_game.rules import VaCardGameRules
from companion.games.va_card_game.state import ATTACK, BLOCK, VaCardGameState
from companion.games.va_card_game.stats import gear_fits, totals
from companion.games.va_card_game.why import why

PATIENCE = 0.95  # both heroes blocking is worth this much of the duel that follows
FRESH_EDGE = 0.1  # a survivor's chance against a fresh hero: this on no HP ...
WHOLE_EDGE = 0.5  # ... and this with SOLID HP or more left
SOLID = 8  # the HP that makes a survivor even with a fresh hero
KEEP = 0.02  # a piece of equipment kept in hand for a later hero, in `standing` units
SAMPLES = 6  # states drawn from the view to guess the other player's hidden heroes
FOES = 6  # the hidden heroes most often drawn that a choice is weighed against
SHORTLIST = 3  # new heroes weighed piece by piece (the others with their largest kit only)
EASY_ATTACKS = 2 / 3  # the easy player attacks this often
MEMO_MOST = 300_000  # duel cells remembered before starting afresh
EPSILON = 1e-9

Lives = tuple[int, int]  # the app's life points, then the other's
Lost = tuple[int, int]  # HP and DEF a hero has lost


@dataclass(frozen=True, slots=True)
class Fighter:
    """A hero in play as a duel reads it: HP left, AD and DEF left."""

    hp: int
    ad: int
    df: int


def fighter(data: VaCardGameData, hero: str, gear: Sequence[str], lost: Lost = (0, 0)) -> Fighter:
    """`hero` with `gear` attached, having lost `lost` (HP, DEF)."""
    stats = totals(data, hero, gear)
    df = stats.df - lost[1]
    return Fighter(stats.hp - lost[0], stats.ad, df if df > 0 else 0)


def in_play(data: VaCardGameData, state: VaCardGameState, player: int) -> Fighter:
    """`stats.left` as a Fighter: every stance a playout declares reads both heroes so."""
    stats = totals(data, state.heroes[player], state.gear[player])
    df = stats.df - state.def_lost[player]
    return Fighter(stats.hp - state.hp_lost[player], stats.ad, df if df > 0 else 0)


def printed(data: VaCardGameData, hero: str, gear: Sequence[str] = ()) -> int:
    """The easy player's measure of a hero: HP, AD and DEF added up (`totals` summed, from
    each card's own sum: the same number)."""
    points = data.gear_points
    total = data.hero_points[hero]
    for g in gear:
        total += points[g]
    return total


@cache
def standing(mine: int, theirs: int) -> float:
    """The game's worth with these life points when each exchange of heroes from now on is a
    coin flip: +1 won, -1 lost, 0 a draw (both at 0 together)."""
    if mine <= 0 or theirs <= 0:
        return float((mine > 0) - (theirs > 0))
    return (standing(mine, theirs - 1) + standing(mine - 1, theirs)) / 2


def edge(hp: int) -> float:
    """A survivor's chance of winning the next exchange against a fresh hero, by its HP left."""
    return FRESH_EDGE + (WHOLE_EDGE - FRESH_EDGE) * min(1.0, hp / SOLID)


@cache
def after_falls(lives: Lives, mine: int, theirs: int) -> float:
    """The game's worth once one hero or both have fallen, their HP left `mine` and `theirs`
    (rulings hero-falls-at-zero, both-heroes-fall, both-lives-zero)."""
    me, them = lives[0] - (mine <= 0), lives[1] - (theirs <= 0)
    if me <= 0 or them <= 0 or (mine <= 0 and theirs <= 0):
        return standing(me, them)
    q = edge(mine) if theirs <= 0 else 1 - edge(theirs)
    return q * standing(me, them - 1) + (1 - q) * standing(me - 1, them)


def solve(aa: float, ab: float, ba: float, bb: float) -> tuple[float, float]:
    """A two-by-two zero-sum game, the app choosing the row (attack, block) to make the most and
    the other the column: its value and the app's chance of attacking."""
    attack, block = min(aa, ab), min(ba, bb)
    lower = attack if attack >= block else block
    upper = min(max(aa, ba), max(ab, bb))
    if lower >= upper - EPSILON:  # a saddle point: one stance is right whatever comes
        return lower, 1.0 if attack >= block else 0.0
    spread = aa - ab - ba + bb
    return (aa * bb - ab * ba) / spread, (bb - ba) / spread


def with_patience(aa: float, ab: float, ba: float) -> tuple[float, float]:
    """The value v of the game whose both-block cell is PATIENCE * v itself (nothing happened),
    and the app's chance of attacking. v is the only fixed point (the game's value moves less
    than v does), so it is one of the pure cells, 0, or a root of the mixed case's quadratic."""
    g = PATIENCE
    for v in (min(aa, ab), ba, 0.0):
        value, p = solve(aa, ab, ba, g * v)
        if abs(value - v) < 1e-7:
            return value, p
    b = aa - ab - ba - g * aa
    disc = max(0.0, b * b - 4 * g * ab * ba) ** 0.5
    for v in ((-b + disc) / (2 * g), (-b - disc) / (2 * g), aa, ab):
        value, p = solve(aa, ab, ba, g * v)
        if abs(value - v) < 1e-7:
            return value, p
    low, high = -1.0, 1.0  # rounding left no candidate exact: bisect
    for _ in range(60):
        mid = (low + high) / 2
        if solve(aa, ab, ba, g * mid)[0] > mid:
            low = mid
        else:
            high = mid
    return solve(aa, ab, ba, g * low)


class Duels:
    """The duel between two heroes in play, solved back from every fall, for the app (`me`)
    against the other (`them`); remembered by life points and both ADs, then HP and DEF left."""

    def __init__(self) -> None:
        self.memo: dict[tuple[Lives, int, int], dict[tuple[int, ...], tuple[float, float]]] = {}
        self.size = 0

    def forget(self) -> None:
        self.memo.clear()
        self.size = 0

    def solve(self, lives: Lives, me: Fighter, them: Fighter) -> tuple[float, float]:
        """The game's worth from here and the app's chance of attacking now."""
        if self.size > MEMO_MOST:
            self.forget()
        if me.hp <= 0 or them.hp <= 0:
            return after_falls(lives, me.hp, them.hp), 1.0
        table = self.memo.setdefault((lives, me.ad, them.ad), {})
        found = table.get((me.hp, me.df, them.hp, them.df))
        if found is not None:  # most asks are of a duel solved before
            return found
        before = len(table)
        found = solved(table, lives, me.ad, them.ad, me.hp, me.df, them.hp, them.df)
        self.size += len(table) - before
        return found

    def cell(
        self, table: dict[tuple[int, ...], tuple[float, float]], lives: Lives,
        a1: int, a2: int, h1: int, d1: int, h2: int, d2: int,
    ) -> tuple[float, float]:  # fmt: skip
        """The duel with these numbers: from `table` (the duels of these lives and ADs), or
        solved now (`solved`) and kept there."""
        found = table.get((h1, d1, h2, d2))
        if found is not None:
            return found
        return solved(table, lives, a1, a2, h1, d1, h2, d2)


def solved(
    table: dict[tuple[int, ...], tuple[float, float]], lives: Lives,
    a1: int, a2: int, h1: int, d1: int, h2: int, d2: int,
) -> tuple[float, float]:  # fmt: skip
    """A duel `table` lacks, solved and kept. Both heroes attack (aa), the app attacks a blocker
    (ab), the app blocks (ba); both blocking is the same duel again (ruling block-damage,
    block-vs-block). Written for speed: a search move solves thousands of duels of hundreds of
    cells, so each next duel is looked up here and recursed into only when `table` lacks it
    (a call costs more than the look-up)."""
    get = table.get
    n1, n2 = h1 - a2, h2 - a1
    if n1 <= 0 or n2 <= 0:
        aa = after_falls(lives, n1, n2)
    else:
        found = get((n1, d1, n2, d2))
        aa = (found or solved(table, lives, a1, a2, n1, d1, n2, d2))[0]
    x = a1 if a1 < d2 else d2
    if n2 + x <= 0:
        ab = after_falls(lives, h1, n2 + x)
    else:
        found = get((h1, d1, n2 + x, d2 - x))
        ab = (found or solved(table, lives, a1, a2, h1, d1, n2 + x, d2 - x))[0]
    y = a2 if a2 < d1 else d1
    if n1 + y <= 0:
        ba = after_falls(lives, n1 + y, h2)
    else:
        found = get((n1 + y, d1 - y, h2, d2))
        ba = (found or solved(table, lives, a1, a2, n1 + y, d1 - y, h2, d2))[0]
    v = aa if aa < ab else ab
    bb = PATIENCE * v
    # min(ba, bb) and min(max(aa, ba), max(ab, bb)), written out: only compared, never kept
    if v >= (ba if ba < bb else bb):
        upper = aa if aa > ba else ba
        other = ab if ab > bb else bb
        if other < upper:
            upper = other
        if v >= upper - EPSILON:
            table[(h1, d1, h2, d2)] = result = (v, 1.0)  # the usual saddle point: attack
            return result
    result = with_patience(aa, ab, ba)
    table[(h1, d1, h2, d2)] = result
    return result


DUELS = Duels()  # a duel's worth depends on its numbers alone: every app shares what it solved


@dataclass
class VaOpponent(AppPlayer):
    """The app in `seat`: "strong" (the default) or "easy"."""

    game: ClassVar[str] = "VA Card Game"
    data: VaCardGameData = field(default_factory=default_data, repr=False)
    said: tuple[Any, ...] = field(default=(), init=False, repr=False, compare=False)  # `why`

    def __post_init__(self) -> None:
        super().__post_init__()
        self.rules = VaCardGameRules(self.data)
        self.duels = DUELS

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        mine = [a for a in legal if a.get("player") == self.seat]
        self.reason, self.said = None, ()
        if len(mine) <= 1:
            return mine[0] if mine else None
        state = self.rules.from_view(view, self.seat, rng)
        chosen = self._choose(view, state, mine, rng)
        self.reason = why(self.data, view, state, self.seat, chosen, self.said)
        return chosen

    def _choose(
        self, view: dict[str, Any], state: VaCardGameState, mine: list[Action], rng: random.Random
    ) -> Action:
        if self.strength == EASY:
            self.said = ("easy",)
            return self._easy(state, mine, rng)
        kind = mine[0]["type"]
        if kind == "declare":
            return self._declare(state, mine, rng)
        if kind == "prepare":
            return self._prepare(view, state, mine, rng)
        if kind == "bring_in":
            return self._bring_in(view, state, mine, rng)
        return self._equip(view, state, mine, rng)

    def on_state(
        self, state: VaCardGameState, legal: list[Action], rng: random.Random
    ) -> Action | None:
        """A quick choice on a whole state, for a search's playouts (played on a world the
        search drew from its own view, never the real one): the stance from the solved duel, as
        the strong player takes it, and the rest by the printed totals, as the easy one does.
        The strong player's openings and kits draw states from the view: a hundred times
        dearer, too dear for the thousands of playouts a move."""
        mine = [a for a in legal if a.get("player") == self.seat]
        if len(mine) <= 1:
            return mine[0] if mine else None
        if mine[0]["type"] == "declare":
            return self._declare(state, mine, rng)
        return self._easy(state, mine, rng)

    # --- the strong player -------------------------------------------------------------------

    def lives(self, state: VaCardGameState) -> Lives:
        return state.life[self.seat], state.life[1 - self.seat]

    def _declare(self, state: VaCardGameState, mine: list[Action], rng: random.Random) -> Action:
        """Attack with the solved mixed strategy's chance, drawn from `rng`."""
        me, them = in_play(self.data, state, self.seat), in_play(self.data, state, 1 - self.seat)
        value, attack = self.duels.solve(self.lives(state), me, them)
        self.said = ("declare", value, me, them)
        stance = ATTACK if rng.random() < attack else BLOCK
        return next(a for a in mine if a["stance"] == stance)

    def against(self, lives: Lives, me: Fighter, foes: dict[Fighter, float]) -> float:
        """`me`'s duel against each likely hero across the table, weighed by its odds."""
        return sum(p * self.duels.solve(lives, me, foe)[0] for foe, p in foes.items())

    def foes(
        self, view: dict[str, Any], state: VaCardGameState, rng: random.Random
    ) -> dict[Fighter, float]:
        """The other player's hero in play, or the heroes it may put there, drawn from the view
        SAMPLES times: the hero laid face down with its pieces, or the heroes of the drawn hand,
        each with its largest kit from the drawn equipment (by the printed total). The FOES most
        often drawn, by their share of the draws."""
        other = 1 - self.seat
        if state.heroes[other] and view["heroes"][other] == state.heroes[other]:
            return {in_play(self.data, state, other): 1.0}
        drawn: dict[str, tuple[Fighter, float]] = {}
        for n in range(SAMPLES):
            world = state if n == 0 else self.rules.from_view(view, self.seat, rng)
            if world.heroes[other]:
                picks = {world.heroes[other]: world.gear[other]}
            else:
                kit = world.gear_hands[other]
                heroes = world.hero_hands[other] or world.hero_decks[other]
                picks = {h: largest_kit(self.data, h, kit) for h in heroes}
            for hero, gear in picks.items():
                foe, share = drawn.get(hero) or (fighter(self.data, hero, gear), 0.0)
                drawn[hero] = foe, share + 1 / len(picks)
        likely = sorted(drawn.values(), key=lambda d: -d[1])[:FOES]
        total = sum(share for _, share in likely)
        foes: dict[Fighter, float] = {}
        for foe, share in likely:  # two heroes with their kits may have the same numbers
            foes[foe] = foes.get(foe, 0.0) + share / total
        return foes

    def _prepare(
        self, view: dict[str, Any], state: VaCardGameState, mine: list[Action], rng: random.Random
    ) -> Action:
        """The opening hero and kit worth most against the other's likely openings (two copies
        of a piece play alike, so each set of designs is weighed once)."""
        foes = self.foes(view, state, rng)
        lives = self.lives(state)
        worths: dict[tuple[str, ...], float] = {}
        self.said = ("prepare", foes)

        def worth(action: Action) -> float:
            kind = (action["hero"], *sorted(design(g) for g in action["equipment"]))
            if kind not in worths:
                me = fighter(self.data, action["hero"], action["equipment"])
                worths[kind] = self.against(lives, me, foes) - KEEP * len(action["equipment"])
            return worths[kind]

        return max(mine, key=worth)

    def _bring_in(
        self, view: dict[str, Any], state: VaCardGameState, mine: list[Action], rng: random.Random
    ) -> Action:
        """The hero in hand that, equipped as well as the hand allows, faces the other best: the
        SHORTLIST heroes doing best with their largest kit, then each equipped as `_equip` will."""
        foes = self.foes(view, state, rng)
        lives, kit = self.lives(state), state.gear_hands[self.seat]
        self.said = ("bring_in", foes)

        def rough(action: Action) -> float:
            hero = action["card"]
            return self.against(lives, fighter(self.data, hero, largest_kit(self.data, hero, kit)),
                                foes)  # fmt: skip

        shortlist = sorted(mine, key=rough, reverse=True)[:SHORTLIST]
        return max(shortlist, key=lambda a: self.kitted(lives, a["card"], kit, foes))

    def kitted(
        self, lives: Lives, hero: str, kit: Sequence[str], foes: dict[Fighter, float]
    ) -> float:
        """A new hero's worth once equipped from `kit` a piece at a time, as `_equip` will."""
        attached: tuple[str, ...] = ()
        left_over = list(kit)
        best = self.against(lives, fighter(self.data, hero, ()), foes)
        while len(attached) < self.data.max_gear:
            best, piece = self.best_piece(lives, hero, attached, left_over, foes, (0, 0), best)
            if piece is None:
                break
            attached = (*attached, piece)
            left_over.remove(piece)
        return best

    def best_piece(
        self,
        lives: Lives,
        hero: str,
        attached: tuple[str, ...],
        kit: Sequence[str],
        foes: dict[Fighter, float],
        lost: Lost,
        now: float,
    ) -> tuple[float, str | None]:
        """The piece of `kit` that adds most to `hero` (worth `now` as it is) when a piece adds
        more than KEEP, with the worth it gives; else `now` and None."""
        best, chosen = now, None
        for piece in one_of_each(kit):
            if gear_fits(self.data, hero, attached, [piece], lost[0]):
                me = fighter(self.data, hero, (*attached, piece), lost)
                worth = self.against(lives, me, foes) - KEEP
                if worth > best + EPSILON:
                    best, chosen = worth, piece
        return best, chosen

    def _equip(
        self, view: dict[str, Any], state: VaCardGameState, mine: list[Action], rng: random.Random
    ) -> Action:
        """The piece that adds most to the coming duel, or done when none adds more than KEEP."""
        p = self.seat
        foes, lives = self.foes(view, state, rng), self.lives(state)
        self.said = ("equip", foes)
        hero, attached = state.heroes[p], state.gear[p]
        lost = (state.hp_lost[p], state.def_lost[p])
        now = self.against(lives, fighter(self.data, hero, attached, lost), foes)
        offered = [a["card"] for a in mine if a["type"] == "equip"]
        _, piece = self.best_piece(lives, hero, attached, offered, foes, lost, now)
        return next(a for a in mine if a.get("card") == piece) if piece else done(mine)

    # --- the easy player ---------------------------------------------------------------------

    def _easy(self, state: VaCardGameState, mine: list[Action], rng: random.Random) -> Action:
        """The printed totals only: the largest hero, every piece that raises its total, and
        attack two turns in three."""
        kind, data = mine[0]["type"], self.data
        if kind == "declare":
            stance = ATTACK if rng.random() < EASY_ATTACKS else BLOCK
            return next(a for a in mine if a["stance"] == stance)
        if kind == "prepare":
            return max(mine, key=lambda a: printed(data, a["hero"], a["equipment"]))
        if kind == "bring_in":
            return max(mine, key=lambda a: printed(data, a["card"]))
        hero, gear = state.heroes[self.seat], state.gear[self.seat]
        now = printed(data, hero, gear)
        gains = [a for a in mine if a["type"] == "equip"
                 and printed(data, hero, (*gear, a["card"])) > now]  # fmt: skip
        if not gains:
            return done(mine)
        return max(gains, key=lambda a: printed(data, hero, (*gear, a["card"])))


def largest_kit(data: VaCardGameData, hero: str, kit: Iterable[str]) -> tuple[str, ...]:
    """Up to the equipment limit (max_gear) of pieces from `kit` raising `hero`'s printed total
    most, one at a time."""
    attached: tuple[str, ...] = ()
    left_over = sorted(kit)
    while len(attached) < data.max_gear:
        now = printed(data, hero, attached)
        fits = [g for g in left_over if gear_fits(data, hero, attached, [g])]
        gains = [(printed(data, hero, (*attached, g)) - now, g) for g in fits]
        gains = [(gain, g) for gain, g in gains if gain > 0]
        if not gains:
            break
        _, piece = max(gains)
        attached = (*attached, piece)
        left_over.remove(piece)
    return attached


def one_of_each(cards: Iterable[str]) -> list[str]:
    """The first copy of each design among `cards`: two copies of a piece play alike."""
    firsts: dict[str, str] = {}
    for card in sorted(cards):
        firsts.setdefault(design(card), card)
    return list(firsts.values())


def done(mine: list[Action]) -> Action:
    return next(a for a in mine if a["type"] == "done")
