"""One seeded bot-against-bot game, from the first action to the end, kept as a plain record.

Game `index` of a run with master seed `seed` is played from `game_seed(seed, index)` alone: the
rules' chance comes from the engine's `step_rng(game seed, action number)`, as in its own seeded
matches, and the bots' choices from one random source seeded by the game seed. So a game is the
same game on any core or cluster machine, in any order, and a run's figures do not depend on how
its games were split. Bots sit in their seats through the protocol's `view` and their seat's
legal actions only, as the app opponents do; what no single seat decides (a deal, a die, "who
attacks first", "start the next battle") is drawn at random among those actions.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from cardgen.balance.adapters import Adapter, RandomPlayer
from cardgen.balance.snapshot import Snapshot, load
from cardgen.data.game import Game
from cardgen.engines import Action, GameEngine, Rules

MASK63 = (1 << 63) - 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index`: SplitMix64 of the master seed and the index, so neighbouring
    games share nothing and any split of the run plays the same games."""
    z = (seed * 0x9E3779B97F4A7C15 + (index + 1) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
    return (z ^ (z >> 31)) & MASK63


@dataclass(frozen=True)
class GameRecord:
    """What one game says about balance. `winner` is a seat, or None for a draw, an unfinished
    game or a solo run that fell; `played` and `owned` are card ids per seat."""

    index: int
    finished: bool
    winner: int | None
    first: int | None  # the seat that went first, where the game says so
    length: int  # actions played, chance included
    played: tuple[tuple[str, ...], ...]
    owned: tuple[tuple[str, ...], ...]
    effects: tuple[tuple[str, int], ...]  # (effect, times it fired), sorted
    depth: int | None = None  # solo: how deep the run got (Moonlighter's dungeon)
    dealt: tuple[tuple[str, ...], ...] = ()  # what each seat held after the opening deal
    lead_changes: int = 0  # times the lead passed from one seat to the other
    settled: float | None = None  # share of the game played before the winner led for good
    strong: int | None = None  # a skill match: the seat of the run's bot (the other: `against`)

    def score(self, seat: int) -> float | None:
        """1 for a win, 0.5 for a draw, 0 for a loss (a solo run: won or not); None unfinished."""
        if not self.finished:
            return None
        if self.winner is None:
            return 0.0 if len(self.played) == 1 else 0.5
        return 1.0 if self.winner == seat else 0.0


@dataclass
class Table:
    """What a worker keeps between games of one run: the loaded data, the engine and its rules,
    the bot kind."""

    adapter: Adapter
    game: Game
    engine: GameEngine
    rules: Rules
    bot: str
    against: str | None = None  # a skill match: this bot sits in the other seat

    @classmethod
    def of(
        cls, adapter: Adapter, snapshot: Snapshot, bot: str, against: str | None = None
    ) -> Table:
        game = load(snapshot)
        engine = adapter.engine()
        return cls(adapter, game, engine, engine.rules(game), bot, against)

    def seat_bot(self, seat: int, index: int) -> str:
        """Who sits in `seat` in game `index`: the run's bot, or in a skill match the run's bot
        in seat `index % 2` (seats alternate game by game) and `against` in the other."""
        if self.against is None or seat == index % 2:
            return self.bot
        return self.against


class _Tally:
    """Cards played and owned per seat, effects and depth, gathered action by action.

    Cards are kept as the engine names them (copy ids) and turned into the sheet's ids once, at
    the end; a state field is read again only when it is a new object (the engines' states
    share unchanged tuples between steps), so counting costs little next to playing.
    """

    def __init__(self, adapter: Adapter) -> None:
        self.adapter = adapter
        self.fields: dict[str, list[str | None]] = {}
        for named in adapter.played:
            self.fields.setdefault(named.kind, []).append(named.field)
        seats = len(adapter.seats)
        self.played: list[set[str]] = [set() for _ in range(seats)]
        self.owned: list[set[str]] = [set() for _ in range(seats)]
        self.last: dict[str, Any] = {}
        self.kinds: Counter[str] = Counter()
        self.effects: Counter[str] = Counter()
        self.dealt: list[set[str]] | None = None
        self.first: int | None = None
        self.depth = 0
        self.leader = -1  # the seat ahead now (-1: nobody yet)
        self.lead_changes = 0
        self.took_lead = 0  # the action after which the present leader went ahead

    def count(self, action: Action, events: list[str], state: Any, length: int) -> None:
        adapter, kind = self.adapter, action["type"]
        self.kinds[kind] += 1
        for effect, words in adapter.phrases:
            for sentence in events:
                if words in sentence:
                    self.effects[effect] += 1
        if kind in self.fields:
            seat = 0 if adapter.solo else action.get("player")
            if isinstance(seat, int) and 0 <= seat < len(self.played):
                for name in self.fields[kind]:
                    _add(self.played[seat], kind if name is None else action.get(name))
        first = adapter.first
        if first is not None and kind == first.kind and first.field is not None:
            self.first = action.get(first.field)
        for name in adapter.owned:
            value = getattr(state, name)
            if value is self.last.get(name):
                continue
            self.last[name] = value
            if adapter.solo:
                _add(self.owned[0], value)
            else:
                for seat in adapter.seats:
                    _add(self.owned[seat], value[seat])
        if adapter.depth is not None:
            self.depth = max(self.depth, int(getattr(state, adapter.depth)))
        if adapter.lead is not None:
            self.follow_lead(adapter.lead(state), length)
        if kind == adapter.dealt and self.dealt is None:
            self.dealt = [set() for _ in adapter.seats]
            for name in adapter.owned:
                for seat in adapter.seats:
                    _add(self.dealt[seat], getattr(state, name)[seat])

    def follow_lead(self, margin: float, length: int) -> None:
        """Seat 0's margin after action `length` (level: nobody passes anybody)."""
        ahead = 0 if margin > 0 else 1 if margin < 0 else -1
        if ahead < 0 or ahead == self.leader:
            return
        if self.leader >= 0:
            self.lead_changes += 1
        self.leader, self.took_lead = ahead, length

    def settled(self, winner: int | None, length: int) -> float | None:
        """The share of the game played before the winner went ahead for good."""
        if self.adapter.lead is None or winner is None or length == 0:
            return None
        return (self.took_lead if self.leader == winner else length) / length

    def cards(self, sides: list[set[str]] | None) -> tuple[tuple[str, ...], ...]:
        """Each seat's cards as the sheet's ids, sorted."""
        card_id = self.adapter.card_id
        return tuple(tuple(sorted({card_id(c) for c in side})) for side in sides or ())

    def all_effects(self) -> tuple[tuple[str, int], ...]:
        logged = {f"action: {kind}": n for kind, n in self.kinds.items()}
        return tuple(sorted((logged | dict(self.effects)).items()))


def _add(into: set[str], value: Any) -> None:
    """A card (a string) or several (a list or tuple of strings) into `into`; "" is no card."""
    if isinstance(value, str):
        if value:
            into.add(value)
    elif value:
        into.update(v for v in value if isinstance(v, str) and v)


def next_action(
    table: Table, state: Any, bots: dict[int, Any], rng: random.Random
) -> tuple[Action, int | None]:
    """The next action and the seat whose bot chose it: the first seat (in seat order) whose
    bot wants one of its own legal actions, else (seat None) one drawn among the actions no
    single seat decides (chance, table choices)."""
    rules = table.rules
    if table.adapter.solo and isinstance(bots[0], RandomPlayer):
        drawn = rules.sample_action(state, rng)  # uniform over the legal actions, cheaply
        if drawn is None:
            raise RuntimeError(f"{table.adapter.game_id}: no legal action in a running game")
        return drawn, 0
    legal = rules.legal_actions(state)
    if not legal:
        raise RuntimeError(f"{table.adapter.game_id}: no legal action in a running game")
    # One pass sorts the actions: those each seat may take (a table decision is offered to
    # every seat it names), and those no single seat decides (chance, the table's choices).
    own: dict[int, list[Action]] = {seat: [] for seat in bots}
    shared: list[Action] = []
    actors, chance = rules.actors, table.engine.chance
    for action in legal:
        who = actors(state, action)
        if chance in who:
            shared.append(action)
            continue
        if len(who) > 1:
            shared.append(action)
        for seat in who:
            if seat in own:
                own[seat].append(action)
    for seat, bot in bots.items():
        mine = own[seat]
        if mine:
            # A bot deciding on a guess it kept says so (`wants_view` False): the view, a copy
            # of the state with its secrets masked, is then not built for it.
            view = rules.view(state, seat) if getattr(bot, "wants_view", True) else {}
            choice = bot.choose(view, mine, rng)
            if choice is None:
                continue
            if choice not in mine:  # it is applied unchecked: only what the rules offered
                raise RuntimeError(f"the {table.bot} bot in seat {seat + 1} chose {choice}, "
                                   "which is not one of its legal actions")  # fmt: skip
            return dict(choice), seat
    pool = shared or legal
    return pool[int(rng.random() * len(pool))], None


def play_game(table: Table, seed: int, index: int) -> GameRecord:
    """Game `index` of the run seeded `seed`, played to its end (or `max_actions`)."""
    adapter, rules = table.adapter, table.rules
    own_seed = game_seed(seed, index)
    rng = random.Random(own_seed)
    bots = {
        seat: adapter.make_bot(table.seat_bot(seat, index), table.game, rules, seat, own_seed)
        for seat in adapter.seats
    }
    state = rules.new_state(dict(adapter.options) | {"seed": own_seed})
    told = [bot for bot in bots.values() if hasattr(bot, "moved")]  # who moved, never what
    tally = _Tally(adapter)
    step_rng = table.engine.step_rng
    length, ended = 0, False
    while length < adapter.max_actions:
        if rules.is_over(state) or (adapter.run_over is not None and adapter.run_over(state)):
            ended = True
            break
        action, mover = next_action(table, state, bots, rng)
        for bot in told:
            bot.moved(mover)
        step = rules.apply_unchecked(state, action, step_rng(own_seed, length))
        state = step.state
        length += 1
        tally.count(step.action, step.events, state, length)
    ended = ended or rules.is_over(state)
    outcome = rules.outcome(state)
    winner = outcome.winner if outcome.over else None
    return GameRecord(
        index=index,
        finished=ended,
        winner=winner,
        first=tally.first,
        length=length,
        played=tally.cards(tally.played),
        owned=tally.cards(tally.owned),
        effects=tally.all_effects(),
        depth=tally.depth if adapter.depth is not None else None,
        dealt=tally.cards(tally.dealt),
        lead_changes=tally.lead_changes,
        settled=tally.settled(winner if ended else None, length),
        strong=None if table.against is None else index % 2,
    )
