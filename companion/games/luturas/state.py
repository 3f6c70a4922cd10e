"""The state of a Luturas match: plain values that clone cheaply and save as JSON.

Cards are copy ids ("tidepup_g1.2"); each player's cards stay on that player's side for the whole
match (a returned Lutura goes to its owner's hand), so both players may hold a "crystal_black.1".
Every card is in exactly one place of its owner's `Side`: the Deck (`deck`, kept sorted since its
order is chance's, with `top` and `bottom` for cards whose place an effect made known to their
owner), the Crystal deck in fast mode, the hand, the Crystals, a Lutura's Gear stack, the Tool,
the face-down Strategy, the Strategies used this turn (`spent`, destroyed when the turn ends),
a lasting Strategy (`lasting`), the Workshop or the Portal. The Soldier never enters the deck.

Damage is kept on the Lutura in play (`Lutura.damage`), never written on a card: it stays through
upgrades (ruling upgrade-stack) and is forgotten when the Lutura leaves the Battlefield.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

TOSS = "toss"  # chance: the coin; its winner chooses who starts (ruling who-starts)
CHOOSE = "choose"  # `chooser` picks who starts the round
DEAL = "deal"  # chance: both opening hands
MULLIGAN = "mulligan"  # `active` keeps or takes a new hand (ruling mulligan), starter first
DRAW = "draw"  # the start of `active`'s turn: start-of-turn effects, then the draw
MAIN = "main"  # `active` acts in any order (ruling turn-order-free)
RESPOND = "respond"  # an attack is announced: the defender may answer (ruling attack-sequence)
ROUND_OVER = "round_over"  # a round is decided; the next is set up by `next_round`
OVER = "over"  # the match is decided

STANDARD, FAST = "standard", "fast"
MODES = (STANDARD, FAST)
SOLDIER, TOOL = "soldier", "tool"  # attack targets besides a Lutura's space (an int)
OWN_TOOL = "own_tool"  # attacking your own Tool, to make room for another (ruling tools-replace)

Pile = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Lutura:
    """One Lutura in play: its Gear stack (Gear 1 first, the top card last) and what this turn
    did to it. Frozen: a change is a `replace`, so sides share unchanged Luturas when cloned."""

    stack: Pile
    damage: int = 0
    attacks: int = 0  # attacks made this turn
    extra: int = 0  # further attacks granted this turn (Arcwisp Gear 3, Overclock Coil)
    upgraded: bool = False  # upgraded this turn (ruling upgrade-pause)
    used: tuple[str, ...] = ()  # effects used this turn, by key (once per turn)
    bonus: int = 0  # Combat added for the rest of the turn (Isotusk Gear 1's choice ...)
    burn: int = 0  # damage it takes when the turn ends (Overclock Coil)

    @property
    def top(self) -> str:
        return self.stack[-1]


Spaces = tuple[Lutura | None, ...]


@dataclass(slots=True)
class Side:
    """One player's side of the table. Mutable, but every field holds an immutable value, so a
    clone is a shallow copy per side."""

    soldier: str  # design id of the Soldier
    stamina: int  # the Soldier's Stamina Points now
    ability_used: bool = False  # the Soldier's once-per-round ability (card turned sideways)
    deck: Pile = ()  # sorted: the order of these is chance's
    top: Pile = ()  # known cards on top of the Deck, the top first (Tidepup Gear 1, Lumira)
    bottom: Pile = ()  # known cards under the Deck, the very bottom last (Brinefin, Lumira)
    crystal_deck: Pile = ()  # fast mode only: the Crystal deck in the Portal corner, sorted
    hand: Pile = ()
    crystals: Pile = ()  # on the Battlefield, in the order placed
    spaces: Spaces = ()  # one per Lutura space (rule number lutura_spaces), set by new_side
    tool: str = ""  # the Tool in play ("" none)
    tool_at: int = -1  # the space its Lutura stands in (-1 unassigned)
    tool_moved: bool = False  # assigned or moved this turn (ruling tools-one)
    tool_used: bool = False  # its once-per-turn effect used this turn
    facedown: str = ""  # a Strategy set face down, waiting for an opponent's turn
    spent: Pile = ()  # Strategies used this turn: destroyed when it ends
    lasting: Pile = ()  # Strategies that stay (Fortify) until the start of their owner's turn
    strategy_used: bool = False  # one Strategy per turn (ruling strategy-once)
    workshop: Pile = ()
    portal: Pile = ()
    mulligans: int = 0  # new hands taken this round
    turns: int = 0  # turns begun this round (the first has no attacks)
    crystal_limit: int = 0  # the rule number crystals_most, or what an ability raised it to
    no_deploy: bool = False  # a return stopped deploying for the rest of this turn
    wins: int = 0  # rounds won in this match

    def clone(self) -> Side:
        """A copy sharing the (immutable) values: faster than `dataclasses.replace`."""
        return copy_side(self)


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack announced and waiting for the defender's answer."""

    player: int  # the attacker's owner
    space: int  # the attacker's space
    target: int | str  # a space of the defender, SOLDIER or TOOL
    negated: bool = False
    answered: tuple[str, ...] = ()  # the answers given, by key
    choices: tuple[str | None, ...] = ()  # the attacker's choices for its Attack: effects
    declined: bool = False  # the attacker declined its optional Attack: effect
    bonus: int = 0  # Combat added for this attack only
    shield: int = 0  # damage taken off this attack only (Bulwark Plate)
    endure: int = 0  # the defender's Soldier stays at this much Stamina at least (Last Stand)


@dataclass(frozen=True, slots=True)
class Pending:
    """A choice an effect leaves to a player once it is known what there is to choose from:
    which looked-at card goes on top (arrange), whether the top card goes under (scry), which
    Crystal to take of the cards looked at (dig), which hand card goes under the Deck (tuck),
    which of their own Crystals to destroy (an opponent's choice). It is made before anything
    else happens; the options are read from the state (pending.options)."""

    player: int
    verb: str
    amount: int = 1
    done: int = 0
    cards: tuple[str, ...] = ()  # fast mode's dig: the Crystals looked at in the Crystal deck


@dataclass(slots=True)
class LuturasState:
    """One moment of a match; clone copies the two sides, everything else is immutable."""

    names: tuple[str, str]
    mode: str
    decks: tuple[Pile, Pile]  # each player's whole deck list (copy ids, Soldier included)
    sides: tuple[Side, Side]
    phase: str = TOSS
    round: int = 1
    turn: int = 0  # turns begun this round, both players together
    active: int = -1  # whose turn (or whose new-hand choice) it is
    chooser: int = -1  # who chooses the starting player of this round
    first: int = -1  # who started this round
    attack: Attack | None = None  # in the RESPOND phase
    round_winner: int = -1  # who won the last round decided (2: it counted for nobody)
    winner: int = -1  # the match's winner once OVER
    pending: tuple[Pending, ...] = ()  # choices owed before play goes on, first first
    fallen: tuple[tuple[int, str, int, int], ...] = ()  # Luturas destroyed, effects to run:
    # (owner, top card, attacking player, attacking space; -1, -1 when no attack did it)
    dropped: tuple[tuple[int, str], ...] = ()  # Tools that left play, effects to run: (owner, card)
    cards_from: str = "app"  # "app": the app shuffles and names cards; "table": players enter them

    def clone(self) -> LuturasState:
        copy = copy_state(self)
        copy.sides = (copy_side(self.sides[0]), copy_side(self.sides[1]))
        return copy

    def me(self, player: int) -> Side:
        return self.sides[player]


SIDE_FIELDS = tuple(f.name for f in fields(Side))
STATE_FIELDS = tuple(f.name for f in fields(LuturasState))


def copier(cls: type, names: tuple[str, ...]) -> Any:
    """A function copying `names` of a slotted `cls` one by one, written out as code: a loop of
    `getattr`/`setattr` over the names cost three times as much, and clones are made in every
    trial of an effect's choices and every attack's answer step."""
    body = "".join(f"    c.{name} = s.{name}\n" for name in names)
    scope: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec(f"def copy(s):\n    c = new(cls)\n{body}    return c\n", scope)
    return scope["copy"]


copy_side = copier(Side, SIDE_FIELDS)
copy_state = copier(LuturasState, STATE_FIELDS)


def fingerprinter() -> Any:
    """A function giving a state's every value in one tuple: two states with equal tuples are
    the same position (every value held is immutable), which `LuturasRules.legal_actions` uses
    to answer a state it has just listed without listing it again."""
    mine = [f"s.{name}" for name in STATE_FIELDS if name != "sides"]
    mine += [f"{side}.{name}" for side in "ab" for name in SIDE_FIELDS]
    scope: dict[str, Any] = {}
    exec(f"def key(s):\n    a, b = s.sides\n    return ({', '.join(mine)})\n", scope)
    return scope["key"]


fingerprint = fingerprinter()


def every_card(side: Side) -> list[str]:
    """All of one player's cards wherever they are (the Soldier left out): the conservation
    check of the tests and the views' bookkeeping."""
    cards = [
        *side.deck,
        *side.top,
        *side.bottom,
        *side.crystal_deck,
        *side.hand,
        *side.crystals,
        *side.spent,
        *side.lasting,
        *side.workshop,
        *side.portal,
    ]
    for lutura in side.spaces:
        if lutura is not None:
            cards += lutura.stack
    cards += [c for c in (side.tool, side.facedown) if c]
    return cards


# --- JSON --------------------------------------------------------------------------------------

PILES = tuple(f.name for f in fields(Side) if f.type == "Pile")


def writer(cls: type, scope: dict[str, Any], **special: str) -> Any:
    """A function writing a `cls` as a dict of its fields in their order, written out as code:
    `{f.name: getattr(...) for f in fields(...)}` cost most of `to_json`, which views, the
    tests' checks and every resample call (several times an action). `special` gives a field's
    expression in `s` (its value converted to JSON), other fields are copied as they are."""
    items = ", ".join(f"{f.name!r}: {special.get(f.name, f's.{f.name}')}" for f in fields(cls))
    exec(f"def write(s):\n    return {{{items}}}\n", scope)
    return scope["write"]


write_lutura = writer(Lutura, {}, stack="list(s.stack)", used="list(s.used)")


def lutura_json(lutura: Lutura | None) -> dict[str, Any] | None:
    return None if lutura is None else write_lutura(lutura)  # type: ignore[no-any-return]


side_json = writer(
    Side,
    {"lutura_json": lutura_json},
    spaces="[lutura_json(x) for x in s.spaces]",
    **{key: f"list(s.{key})" for key in PILES},
)
pending_json = writer(Pending, {}, cards="list(s.cards)")
attack_json = writer(Attack, {}, answered="list(s.answered)", choices="list(s.choices)")
state_json = writer(
    LuturasState,
    {"side_json": side_json, "pending_json": pending_json, "attack_json": attack_json},
    names="list(s.names)",
    decks="[list(d) for d in s.decks]",
    sides="[side_json(x) for x in s.sides]",
    fallen="[list(f) for f in s.fallen]",
    dropped="[list(d) for d in s.dropped]",
    pending="[pending_json(q) for q in s.pending]",
    attack="None if s.attack is None else attack_json(s.attack)",
)


def lutura_from(data: dict[str, Any] | None) -> Lutura | None:
    if data is None:
        return None
    return Lutura(**(data | {"stack": tuple(data["stack"]), "used": tuple(data["used"])}))


def side_from(data: dict[str, Any]) -> Side:
    values = dict(data)
    for key in PILES:
        values[key] = tuple(values[key])
    values["spaces"] = tuple(lutura_from(s) for s in data["spaces"])
    return Side(**values)


def to_json(state: LuturasState) -> dict[str, Any]:
    return state_json(state)  # type: ignore[no-any-return]


def from_json(data: dict[str, Any]) -> LuturasState:
    values = dict(data)
    values["names"] = tuple(data["names"])
    values["decks"] = tuple(tuple(d) for d in data["decks"])
    values["sides"] = tuple(side_from(s) for s in data["sides"])
    values["fallen"] = tuple(tuple(f) for f in data["fallen"])
    values["dropped"] = tuple(tuple(d) for d in data["dropped"])
    values["pending"] = tuple(
        Pending(**(q | {"cards": tuple(q["cards"])})) for q in data["pending"]
    )
    if data.get("attack") is not None:
        a = data["attack"]
        values["attack"] = Attack(
            **(a | {"answered": tuple(a["answered"]), "choices": tuple(a["choices"])})
        )
    return LuturasState(**values)


def with_space(side: Side, space: int, lutura: Lutura | None) -> None:
    """Put `lutura` (or nothing) in `space` of `side`."""
    spaces = list(side.spaces)
    spaces[space] = lutura
    side.spaces = tuple(spaces)


def design(card: str) -> str:
    """The design id of a copy id: "tidepup_g1.2" -> "tidepup_g1"."""
    return card.rsplit(".", 1)[0]
