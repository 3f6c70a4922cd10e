"""What each game needs said for a balance run, as one table of data rather than ifs in the runner.

"A card played or owned" means something different in each game: a creature placed on the board
or held in a collection (Vita Luna), a combat card laid or held and the character kept
(Riposte), a hero brought in or equipment attached (VA Card Game), the pawn carried (Moonlighter).
Each game's row names the logged action fields and the state fields that name cards, how a
copy id becomes the card's id in the sheet, the action that says who went first, the event
phrases that count as a rule or effect firing, and which bot sits when none is named.

Bots: `app` is the game's own app opponent (rules of thumb, deciding from its seat's view only),
`app-easy` its easy strength where the game has one, `random` a uniformly random legal player
(Moonlighter's solo hero has no app opponent, so that is its default), and `search-<level>` the
search bots where the engine offers them. The rules and every bot but `random` come from the
game's rules engine, reached through `cardgen.engines` and nothing else.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen import engines
from cardgen.engines import Action, Bot, GameEngine, Rules

if TYPE_CHECKING:
    from cardgen.data.game import Game


@dataclass(frozen=True)
class Named:
    """An action of `kind` names cards in `field` (a string or a list of them); `field` None:
    the action's kind is itself the card (Vita Luna's Singular cards: "burn", "heal" ...)."""

    kind: str
    field: str | None = None


@dataclass(frozen=True)
class Adapter:
    """One game's row of the table (see the module's docstring)."""

    game_id: str
    options: Mapping[str, Any]  # the rules' options for every game played
    played: tuple[Named, ...]
    owned: tuple[str, ...]  # immutable state fields: per seat (two-player) or one value (solo)
    first: Named | None  # the action whose field names the seat that goes first
    dealt: str | None  # the opening deal's action: what the `owned` fields hold right after it
    phrases: tuple[tuple[str, str], ...]  # (effect, words an event sentence holds when it fires)
    kinds: Mapping[str, str] = field(default_factory=dict)  # card type -> field naming its kind
    default_bot: str = "app"
    solo: bool = False
    depth: str | None = None  # solo: the state field saying how deep the run got
    card_prefix: str = ""  # solo: what turns a state value into a card id ("pawn_" + colour)
    run_over: Callable[[Any], bool] | None = None  # solo: the run ends before the rules' end
    # A game still running after this many actions counts as unfinished (left out of the win
    # rates, counted in the report): some pairs of bots never end a game. About 8 times the
    # longest game seen; each game's row may say otherwise.
    max_actions: int = 2_000
    # Seat 0's margin over seat 1 (above 0: seat 0 ahead, 0: level), read after every action
    # to count how often the lead changes hands and when the winner went ahead for good.
    lead: Callable[[Any], float] | None = None
    engine_id: str | None = None  # the engine's name when it is not the game's id

    @property
    def seats(self) -> tuple[int, ...]:
        return (0,) if self.solo else (0, 1)

    def card_id(self, value: str) -> str:
        """The sheet's id of a card as the engine names it: "wolf.2" is a copy of "wolf"."""
        return self.card_prefix + value.split(".", 1)[0]

    def groups(self, game: Game) -> dict[str, str]:
        """Each card's kind, which its win rate is held against: its card type, or the type and
        the field `kinds` names (a Vita Luna creature's deck colour)."""
        found = {}
        for card in game.records():
            by = self.kinds.get(card.type)
            found[card.id] = f"{card.type} {card.get(by)}" if by else card.type
        return found

    def engine(self) -> GameEngine:
        """The game's rules engine; NoEngines (one line) when none can be reached."""
        found = engines.engine(self.engine_id or self.game_id)
        if found is None:
            raise engines.NoEngines(f"none of those installed plays {self.game_id}")
        return found

    def make_rules(self, game: Game) -> Rules:
        return self.engine().rules(game)

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots that need no search: the engine's app players, and `random`."""
        return (*self.engine().app_bots, RANDOM)

    def bot_names(self) -> list[str]:
        return [*self.bots, *(f"search-{level}" for level in self.engine().search_levels())]

    def make_bot(self, kind: str, game: Game, rules: Rules, seat: int, seed: int) -> Bot:
        if kind == RANDOM:
            return RandomPlayer()
        return self.engine().bot(kind, rules, seat, seed, self.options)


RANDOM = "random"


@dataclass
class RandomPlayer:
    """A uniformly random legal player: one of its seat's actions, drawn from the game's source."""

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


def _moonlighter_run_over(state: Any) -> bool:
    """A fall in an ordinary room ends the run (standard play); a fall at a boss restarts only
    that dungeon, so the run goes on."""
    return str(state.phase) == "fallen" and state.fell_in == "room" and not state.forgiving


def _vita_luna_lead(state: Any) -> float:
    """Steps on the track first (a battle won as attacker), then hearts in this battle."""
    track, hearts = state.track, state.hearts
    return (track[0] - track[1]) * 100 + hearts[0] - hearts[1]


def _riposte_lead(state: Any) -> float:
    return state.damage[1] - state.damage[0]  # damage taken: less is ahead


def _va_lead(state: Any) -> float:
    return state.life[0] - state.life[1]


def _luturas_lead(state: Any) -> float:
    """Rounds won first, then the Soldiers' Stamina in this round."""
    one, two = state.sides
    return (one.wins - two.wins) * 1000 + one.stamina - two.stamina


ADAPTERS: dict[str, Adapter] = {
    a.game_id: a
    for a in (
        Adapter(
            "vita_luna", {"mode": "basic"},
            played=(Named("place", "card"), Named("promote", "card"), Named("burn"),
                    Named("steal"), Named("swap"), Named("heal")),
            owned=("owned",),
            first=Named("first_attacker", "attacker"),
            dealt="deal",
            phrases=(("armour absorbs a hit", "armour absorbs"), ("retaliate", "retaliates"),
                     ("pronged hit", "Pronged"), ("poison kills", "with poison"),
                     ("resistant to poison", "Resistant"), ("creature dies", " dies"),
                     ("heart hit", "damage to the heart"), ("battle won", "wins the battle"),
                     ("counter moves", "counter moves")),
            kinds={"creature": "deck"},
            # Its longest games run to about 320 actions; about 0.7% of the app's games against
            # itself never end (each battle won by the attacker, the counter going back and
            # forth), and would cost a tenth of a run's time at a larger limit.
            max_actions=1_000,
            lead=_vita_luna_lead,
        ),
        Adapter(
            "riposte", {"characters": True},
            played=(Named("play", "card"), Named("character", "character")),
            owned=("hands", "characters"),
            first=Named("deal", "offensive"),
            dealt="deal",
            phrases=(("strike", "Strike:"), ("block", "Block:"),
                     ("perfect block", "Perfect block:"), ("disarm", "Disarm:"),
                     ("no fitting card", "no card that fits"),
                     ("ability unlocked", "is unlocked"), ("round ends", "The round ends")),
            default_bot="app-easy",
            lead=_riposte_lead,
        ),
        Adapter(
            "va_card_game", {"cards": "app"},
            played=(Named("prepare", "hero"), Named("prepare", "equipment"),
                    Named("bring_in", "card"), Named("equip", "card")),
            owned=("hero_hands", "gear_hands", "heroes", "gear"),
            first=Named("toss", "first"),
            dealt="deal",
            phrases=(("attack against attack", "strike at the same time"),
                     ("hero falls", "falls and goes to the graveyard"),
                     ("both block", "Both heroes block"),
                     ("draw", "draws a hero card")),
            lead=_va_lead,
        ),
        Adapter(
            "luturas", {"mode": "standard", "cards": "app"},
            played=(Named("deploy", "card"), Named("upgrade", "card"), Named("tool", "card"),
                    Named("strategy", "card"), Named("set", "card"), Named("crystal", "card")),
            owned=("decks",),  # each player's whole deck list: a starter deck's cards
            first=Named("choose", "first"),
            dealt="deal",
            phrases=(("lutura destroyed", "is destroyed and goes to the Workshop"),
                     ("attack", " attacks "),
                     ("effect used", " uses "), ("round won", " wins round "),
                     ("round replayed", "is played again")),
            default_bot="app-easy",
            lead=_luturas_lead,
        ),
        Adapter(
            "moonlighter", {"forgiving": False},
            played=(),
            owned=("pawn",),
            first=None,
            dealt=None,
            phrases=(("tile rolled", "on the tile die"), ("room placed", "You placed"),
                     ("chest found", "A chest!"), ("pool heals", "hearts come back"),
                     ("boss reached", "The boss waits"), ("fall", "no hearts left and fall")),
            default_bot="random",
            solo=True,
            depth="dungeon",
            card_prefix="pawn_",
            run_over=_moonlighter_run_over,
            max_actions=20_000,  # a random hero wanders: runs average about 3,500 actions
        ),
    )
}  # fmt: skip


def adapter(game_id: str) -> Adapter | None:
    return ADAPTERS.get(game_id)


@dataclass(frozen=True)
class CounterLead:
    """Seat 0's margin on a declared counter (`sign` -1 where lower is better): a declared
    game's lead, as a value the worker processes can be handed."""

    counter: str
    sign: int = 1

    def __call__(self, state: Any) -> float:
        values = state.counters[self.counter]
        return self.sign * (values[0] - values[1])


def declared_adapter(game: Game) -> Adapter | None:
    """The row of a game that declares its table (one or two seats), read from the declaration:
    cards played or sealed count as played, the rolls, plays and reveals as effects, and the
    lead is the counter that decides the winner (or the one whose bound loses)."""
    table = game.table
    if table is None or len(table.seats) > 2:
        return None
    solo = len(table.seats) == 1
    lead = None
    if not solo:
        ranked = table.winner[1] if table.winner else None
        first = next((c.id for c in table.counters if "loses" in (c.at_min, c.at_max)
                      or "wins" in (c.at_min, c.at_max)), None)  # fmt: skip
        counter = ranked or first
        if counter is not None:
            worse_high = (
                table.winner == ("lowest", counter) or table.counter(counter).at_max == "loses"
            )
            lead = CounterLead(counter, -1 if worse_high else 1)
    return Adapter(
        game.id, {"cards": "app"},
        played=(Named("play", "card"), Named("seal", "card")),
        owned=(),
        first=Named("shuffle", "first") if table.order == "in_turn" else None,
        dealt=None,
        phrases=(("card played", " plays "), ("die rolled", " rolls "),
                 ("sealed cards revealed", "Revealed together")),
        default_bot="random" if solo else "app",
        solo=solo,
        lead=lead,
        engine_id=engines.DECLARED,
    )  # fmt: skip


def adapter_for(game: Game) -> Adapter | None:
    """`game`'s row: a shipped game's, or one read from its declared table; None if neither."""
    return ADAPTERS.get(game.id) or declared_adapter(game)
