"""What each game needs said for a balance run, as one table of data rather than ifs in the runner.

"A card played or owned" means something different in each game: a creature placed on the board
or held in a collection (Vita Luna), a combat card laid or held and the character kept
(Riposte), a hero brought in or equipment attached (VA Card Game), the pawn carried (Moonlighter).
Each game's row names the logged action fields and the state fields that name cards, how a
copy id becomes the card's id in the sheet, the action that says who went first, the event
phrases that count as a rule or effect firing, and which bots can sit in its seats.

Bots: `app` is the companion's own app opponent (rules of thumb, deciding from its seat's view
only), `app-easy` its easy strength where the game has one, `random` a uniformly random legal
player (Moonlighter's solo hero has no app opponent, so that is its default). A search bot built
by `companion.ai.make_bot(game_id, seat, level, seed)` is offered as `search-<level>` once that
module exists.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.engine import Action, Rules

if TYPE_CHECKING:
    from cardgen.data.game import Game
    from companion.engine.opponents import Opponent

SEARCH_LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class Named:
    """An action of `kind` names cards in `field` (a string or a list of them); `field` None:
    the action's kind is itself the card (Vita Luna's Singular cards: "burn", "heal" ...)."""

    kind: str
    field: str | None = None


BotMaker = Callable[["Game", Rules, int, int], "Opponent"]  # game, rules, seat, seed


@dataclass(frozen=True)
class Adapter:
    """One game's row of the table (see the module's docstring)."""

    game_id: str
    engine: str  # the module holding the rules class and `data_from_game`
    rules_class: str
    options: Mapping[str, Any]  # the rules' options for every game played
    played: tuple[Named, ...]
    owned: tuple[str, ...]  # immutable state fields: per seat (two-player) or one value (solo)
    first: Named | None  # the action whose field names the seat that goes first
    dealt: str | None  # the opening deal's action: what the `owned` fields hold right after it
    phrases: tuple[tuple[str, str], ...]  # (effect, words an event sentence holds when it fires)
    bots: Mapping[str, BotMaker] = field(default_factory=dict)
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

    def make_rules(self, game: Game) -> Rules:
        module = importlib.import_module(f"companion.games.{self.engine}")
        data_module = importlib.import_module(f"companion.games.{self.engine}.data")
        rules: Rules = getattr(module, self.rules_class)(data_module.data_from_game(game))
        return rules

    def bot_names(self) -> list[str]:
        names = list(self.bots)
        if search_available() and not self.solo:  # information-set search needs two seats
            names += [f"search-{level}" for level in SEARCH_LEVELS]
        return names

    def make_bot(self, kind: str, game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
        if kind.startswith("search-"):
            # The search bots model the game with the shipped data (`companion.ai` builds its
            # rules from the registry), while the games here are played from the snapshot.
            ai = importlib.import_module("companion.ai.catalogue")
            level = kind.removeprefix("search-")
            bot: Opponent = ai.make_bot(self.game_id, seat, level, seed, dict(self.options))
            return bot
        return self.bots[kind](game, rules, seat, seed)


def search_available() -> bool:
    """Whether the OpenSpiel search bots (`companion.ai.catalogue.make_bot`) and OpenSpiel itself
    are installed."""
    try:
        found = importlib.util.find_spec("companion.ai.catalogue") is not None
        return found and importlib.util.find_spec("pyspiel") is not None
    except (ImportError, ValueError):
        return False


@dataclass
class RandomPlayer:
    """A uniformly random legal player: one of its seat's actions, drawn from the game's source."""

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        return legal[int(rng.random() * len(legal))]


def _random(game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
    return RandomPlayer()


@dataclass
class VitaLunaApp:
    """The Vita Luna app opponent's rules of thumb, deciding on a state drawn from its seat's
    view, as `VitaLunaOpponent` does. It never sees the real state. Two things differ, for speed
    (drawing a state from the view was half of a balance run's time):

    - its guesses come from the game's seed, not from a hash of the whole view;
    - after its own move it keeps its guess with that move applied, and decides on it again if
      nothing else happened in between (its own placements one after another, its moves within
      a turn): a state consistent with its view, as a fresh draw would be, without drawing every
      hidden card anew. The table tells it who moved (`moved`), never what they did.
    """

    seat: int
    rules: Any
    guess: random.Random
    kept: Any = None  # the last guess with the bot's own move applied

    def choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Any:
        from companion.games.vita_luna.opponent import choose
        from companion.games.vita_luna.seats import determinize

        rules = self.rules
        state = self.kept
        if state is None:
            state = determinize(rules.data, view, self.seat, self.guess)
        choice = choose(state, legal, rng, me=self.seat, data=rules.data)
        self.kept = None
        if choice is not None and choice["type"] in OWN_MOVES:
            self.kept = rules.apply_unchecked(state, choice, NO_CHANCE).state
        return choice

    @property
    def wants_view(self) -> bool:
        """Whether its next decision reads the view (no kept guess), or only its kept guess."""
        return self.kept is None

    def moved(self, seat: int | None) -> None:
        """Someone moved (`seat`; None: chance or the table): a move not its own, or one it did
        not choose through `choose`, makes its kept guess stale."""
        if seat != self.seat:
            self.kept = None


OWN_MOVES = frozenset({"place", "ready", "move", "swap_places", "promote", "burn", "steal",
                       "swap", "heal"})  # fmt: skip
"""Vita Luna moves whose outcome the mover knows in full (no card drawn, no bid hidden)."""
NO_CHANCE = random.Random(0)  # those moves draw nothing; the rules' signature asks for a source


class Guesses(random.Random):
    """The source of a bot's guesses at hidden cards: Python's generator, with a shuffle that
    draws one `random()` per card instead of `randbelow`'s loop of `getrandbits` calls (a
    seventh of a Vita Luna game's time went to shuffling the unseen decks at every decision).
    Still a uniform shuffle, up to the 53 bits of a float."""

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        draw = self.random
        for i in range(len(x) - 1, 0, -1):
            j = int(draw() * (i + 1))
            x[i], x[j] = x[j], x[i]


def _vita_luna_app(game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
    return VitaLunaApp(seat, rules, Guesses(seed * 2 + seat))


def _riposte_app(strength: str) -> BotMaker:
    def make(game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
        from companion.games.riposte.opponent import RiposteOpponent

        return RiposteOpponent(seat, strength, rules.data)  # type: ignore[attr-defined]

    return make


def _va_app(strength: str) -> BotMaker:
    def make(game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
        from companion.games.va_card_game.opponent import VaOpponent

        return VaOpponent(seat, strength, rules.data)  # type: ignore[attr-defined]

    return make


def _luturas_app(strength: str) -> BotMaker:
    def make(game: Game, rules: Rules, seat: int, seed: int) -> Opponent:
        from companion.games.luturas.opponent import LuturasOpponent

        return LuturasOpponent(seat, strength, rules.data)  # type: ignore[attr-defined]

    return make


def _moonlighter_run_over(state: Any) -> bool:
    """A fall in an ordinary room ends the run (standard play); a fall at a boss restarts only
    that dungeon, so the run goes on."""
    return str(state.phase) == "fallen" and state.fell_in == "room" and not state.forgiving


ADAPTERS: dict[str, Adapter] = {
    a.game_id: a
    for a in (
        Adapter(
            "vita_luna", "vita_luna", "VitaLunaRules", {"mode": "basic"},
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
            bots={"app": _vita_luna_app, "random": _random},
            kinds={"creature": "deck"},
            # Its longest games run to about 320 actions; about 0.7% of the app's games against
            # itself never end (each battle won by the attacker, the counter going back and
            # forth), and would cost a tenth of a run's time at a larger limit.
            max_actions=1_000,
        ),
        Adapter(
            "riposte", "riposte", "RiposteRules", {"characters": True},
            played=(Named("play", "card"), Named("character", "character")),
            owned=("hands", "characters"),
            first=Named("deal", "offensive"),
            dealt="deal",
            phrases=(("strike", "Strike:"), ("block", "Block:"),
                     ("perfect block", "Perfect block:"), ("disarm", "Disarm:"),
                     ("no fitting card", "no card that fits"),
                     ("ability unlocked", "is unlocked"), ("round ends", "The round ends")),
            bots={"app": _riposte_app("strong"), "app-easy": _riposte_app("easy"),
                  "random": _random},
            default_bot="app-easy",
        ),
        Adapter(
            "va_card_game", "va_card_game", "VaCardGameRules", {"cards": "app"},
            played=(Named("prepare", "hero"), Named("prepare", "equipment"),
                    Named("bring_in", "card"), Named("equip", "card")),
            owned=("hero_hands", "gear_hands", "heroes", "gear"),
            first=Named("toss", "first"),
            dealt="deal",
            phrases=(("attack against attack", "strike at the same time"),
                     ("hero falls", "falls and goes to the graveyard"),
                     ("both block", "Both heroes block"),
                     ("draw", "draws a hero card")),
            bots={"app": _va_app("strong"), "app-easy": _va_app("easy"), "random": _random},
        ),
        Adapter(
            "luturas", "luturas", "LuturasRules", {"mode": "standard", "cards": "app"},
            played=(Named("deploy", "card"), Named("upgrade", "card"), Named("tool", "card"),
                    Named("strategy", "card"), Named("set", "card"), Named("crystal", "card")),
            owned=("decks",),  # each player's whole deck list: a starter deck's cards
            first=Named("choose", "first"),
            dealt="deal",
            phrases=(("lutura destroyed", "is destroyed and goes to the Workshop"),
                     ("attack", " attacks "),
                     ("effect used", " uses "), ("round won", " wins round "),
                     ("round replayed", "is played again")),
            bots={"app": _luturas_app("strong"), "app-easy": _luturas_app("easy"),
                  "random": _random},
            default_bot="app-easy",
        ),
        Adapter(
            "moonlighter", "moonlighter", "MoonlighterRules", {"forgiving": False},
            played=(),
            owned=("pawn",),
            first=None,
            dealt=None,
            phrases=(("tile rolled", "on the tile die"), ("room placed", "You placed"),
                     ("chest found", "A chest!"), ("pool heals", "hearts come back"),
                     ("boss reached", "The boss waits"), ("fall", "no hearts left and fall")),
            bots={"random": _random},
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
