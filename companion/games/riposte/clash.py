"""A clash: which cards may be laid, and what two revealed cards do to the damage trackers.

Pure functions over the data and the state. The follow-up rule (rulings own-bar, first-card-free,
no-legal-play, adjacent, liese-ignore) lives in `accepted` and `plays`; the outcome (rulings
facing, perfect-block-first, orsa-single-pair) in `outcome`; the damage in `resolve` (rulings
modifiers, zero-strike, role-abilities, next-card, disarm-next, sela-mirror, rook-once,
damage-floor). Every damage is explained in the words the page shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.core import Action
from companion.games.riposte import abilities as ab
from companion.games.riposte.data import POSITIONS, Move, RiposteData, possessive
from companion.games.riposte.state import RiposteState

STRIKE, BLOCK, PERFECT = "strike", "block", "perfect block"


def previous(data: RiposteData, state: RiposteState, player: int) -> Move | None:
    """The card `player` played just before this clash in this round, if any."""
    stack = state.table[player]
    return data.cards[stack[-1]] if stack else None


EVERY_POSITION = frozenset(POSITIONS)


def accepted(data: RiposteData, state: RiposteState, player: int) -> frozenset[int]:
    """The attack positions `player`'s next card may use; every position for a round's first."""
    stack = state.table[player]
    return ab.bar(state, player, data.cards[stack[-1]]) if stack else EVERY_POSITION


def fits(data: RiposteData, state: RiposteState, player: int, card: str) -> bool:
    return bool(data.cards[card].attacks & accepted(data, state, player))


Choice = tuple[int, str, bool | None]  # a play's player, card, and Liese's flag (None: none)


def choices(data: RiposteData, state: RiposteState, player: int) -> list[Choice]:
    """Every card `player` may lay now: those that fit the bar, or any card when none fits.
    Liese with her first ability ready may also lay a card that does not fit, saying so
    (`ignore`); her actions always carry the flag, so each choice is listed once. As tuples:
    a bot's sampler makes the one action it draws (`as_play`), `plays` all of them."""
    hand, cards, bar = state.hands[player], data.cards, accepted(data, state, player)
    fitting = [c for c in hand if cards[c].attacks & bar]  # `fits`, the bar found once
    if not ab.may_ignore(state, player):
        return [(player, c, None) for c in fitting or hand]
    out: list[Choice] = [(player, c, False) for c in fitting or hand]
    return out + [(player, c, True) for c in hand if c not in fitting]


def as_play(choice: Choice) -> Action:
    player, card, ignore = choice
    action: Action = {"type": "play", "player": player, "card": card}
    if ignore is not None:
        action["ignore"] = ignore
    return action


def plays(data: RiposteData, state: RiposteState, player: int) -> list[Action]:
    """Every card `player` may lay now, as actions (`choices`)."""
    return [as_play(choice) for choice in choices(data, state, player)]


def playable(data: RiposteData, state: RiposteState, player: int) -> list[str]:
    """The cards `player` may lay now, whatever is declared with them."""
    return list(dict.fromkeys(a["card"] for a in plays(data, state, player)))


# (attack's positions, defence's positions) -> (perfect block?, facing pairs): the opponent asks
# this of the same few shapes hundreds of thousands of times a game, so each is counted once.
_MEETINGS: dict[tuple[frozenset[int], frozenset[int]], tuple[bool, int]] = {}


def meeting(attack: Move, defend: Move) -> tuple[bool, int]:
    """Whether every attack faces one of the other card's (a perfect block), and how many pairs
    face each other: position p faces the other card's 6 - p."""
    key = (attack.attacks, defend.attacks)
    found = _MEETINGS.get(key)
    if found is None:
        perfect = attack.attacks == frozenset(6 - p for p in defend.attacks)
        pairs = sum(1 for p in attack.attacks if 6 - p in defend.attacks)
        found = _MEETINGS[key] = (perfect, pairs)
    return found


def facing_pairs(attack: Move, defend: Move) -> int:
    """Attacks directly opposite attacks: position p faces the other card's 6 - p."""
    return meeting(attack, defend)[1]


def outcome(state: RiposteState, attack: Move, defend: Move) -> str:
    """Perfect block first, then block, else strike (ruling perfect-block-first); Orsa's one-pair
    block is a strike (ruling orsa-single-pair)."""
    perfect, pairs = meeting(attack, defend)
    if perfect:
        return PERFECT
    if not pairs or ab.single_pair_strikes(state, state.offensive, pairs):
        return STRIKE
    return BLOCK


@dataclass(frozen=True, slots=True)
class Strike:
    """A strike's damage as the sum of its parts, before Rook's choice."""

    parts: tuple[ab.Part, ...]  # the base first, then every bonus and reduction

    @property
    def total(self) -> int:
        return max(0, sum(n for n, _ in self.parts))

    def words(self, relief: bool) -> str:
        """'2', or '2 (2 + 1 Lunge - 1 Guard)' when anything changed the base."""
        parts = [*self.parts, (-2, "Rook")] if relief else list(self.parts)
        dealt = max(0, sum(n for n, _ in parts))
        if len(parts) == 1:
            return str(dealt)
        sums = " ".join(f"{'+' if n > 0 else '-'} {abs(n)} {who}" for n, who in parts[1:])
        return f"{dealt} ({parts[0][0]} {sums})"


def strike(data: RiposteData, state: RiposteState, attack: Move, defend: Move) -> Strike:
    """Base `strike_damage` per attack (1 for Orsa's one-pair strike), then Lunge, Press on the
    offensive player's previous card, the characters, Guard and a waiting Disarm; never below 0."""
    o, d = state.offensive, 1 - state.offensive
    pairs = facing_pairs(attack, defend)
    parts: list[ab.Part] = [(1 if pairs else data.strike_damage * len(attack.attacks), "")]
    if attack.keyword == "lunge":
        parts.append((1, "Lunge"))
    before = previous(data, state, o)
    if before is not None and before.keyword == "press":
        parts.append((1, "Press"))
    parts += ab.strike_bonuses(state, o, attack)
    if defend.keyword == "guard":
        parts.append((-1, "Guard"))
    if state.disarm:
        parts.append((-1, "Disarm"))
    parts += ab.strike_reductions(state, d, defend)
    return Strike(tuple(parts))


def needs_brace(data: RiposteData, state: RiposteState) -> bool:
    """Whether Rook must say, with both cards revealed, if he takes 2 less from this strike."""
    o, d = state.offensive, 1 - state.offensive
    attack, defend = data.cards[state.chosen[o]], data.cards[state.chosen[d]]
    if not ab.may_brace(state, d) or outcome(state, attack, defend) != STRIKE:
        return False
    return strike(data, state, attack, defend).total > 0


def revealed(data: RiposteData, state: RiposteState) -> str:
    o, d = state.offensive, 1 - state.offensive
    names, cards = state.names, state.chosen
    return f"{names[o]} reveals {data.name(cards[o])}; {names[d]} reveals {data.name(cards[d])}."


def penalties(data: RiposteData, state: RiposteState, damage: list[int]) -> list[str]:
    """`no_play_damage` for a laid card that does not fit the bar, taken as the cards are revealed;
    none with Footwork waiting, for Brunhild (second ability) or when Liese ignores her bar."""
    events: list[str] = []
    for p in (state.offensive, 1 - state.offensive):
        card = state.chosen[p]
        if fits(data, state, p, card):
            continue
        name = state.names[p]
        before = previous(data, state, p)
        if state.ignore[p]:
            events.append(
                f"{name} ignores the follow-up bar ({ab.title(data, state, p)}) "
                "and takes no damage."
            )
            continue
        if before is not None and before.keyword == "footwork":
            why = "takes no damage (Footwork)"
        elif ab.spares_penalty(state, p):
            why = f"takes no damage ({ab.title(data, state, p)})"
        else:
            why = f"takes {data.no_play_damage} damage"
            damage[p] += data.no_play_damage
        events.append(f"{name} had no card that fits the follow-up bar and {why}.")
        shown = ", ".join(data.name(c) for c in state.hands[p]) or "nothing"
        events.append(f"{name} shows the cards left in hand: {shown}.")
    return events


def resolve(data: RiposteData, state: RiposteState, relief: bool = False) -> list[str]:
    """Apply both revealed cards: the damage for missing plays, then the clash, then the
    characters that answer it; put the cards on their stacks. `relief`: Rook takes 2 less.
    The caller reveals the cards in the log, and checks the end of the game and of the round."""
    o, d = state.offensive, 1 - state.offensive
    attack, defend = data.cards[state.chosen[o]], data.cards[state.chosen[d]]
    names = state.names
    damage = list(state.damage)
    events = penalties(data, state, damage)
    result = outcome(state, attack, defend)
    spent = list(state.spent)
    if result == STRIKE:
        hit = strike(data, state, attack, defend)
        damage[d] += max(0, hit.total - 2) if relief else hit.total
        count = len(attack.attacks)
        pairs = facing_pairs(attack, defend)
        what = (
            f"{possessive(attack.name)} single facing pair counts as a strike (Orsa)"
            if pairs
            else f"{possessive(attack.name)} {count} attack{'s meet' if count > 1 else ' meets'} "
            "no attack"
        )
        events.append(f"Strike: {what}; {names[d]} takes {hit.words(relief)}.")
        spent[d] = spent[d] or relief
        if ab.has(state, d, ab.ORSA, 2):
            damage[o] += 1
            events.append(f"{names[d]} is struck: {names[o]} also takes 1 (Orsa).")
    elif result == PERFECT:
        events.append(perfect_block(data, state, attack, defend, damage))
    else:
        pairs = facing_pairs(attack, defend)
        events.append(
            f"Block: {pairs} facing pair{'s' * (pairs > 1)} between {attack.name} and "
            f"{defend.name}; nobody takes damage."
        )
        if ab.has(state, d, ab.SELA, 3):
            damage[o] += 1
            events.append(f"{names[d]} blocks: {names[o]} takes 1 (Sela).")
    state.disarm = defend.keyword == "disarm" and result != STRIKE
    if state.disarm:
        events.append(f"Disarm: {names[o]}'s next strike this round deals 1 less damage.")
    for p in (0, 1):
        spent[p] = spent[p] or state.ignore[p]
    state.spent = (spent[0], spent[1])
    state.damage = (damage[0], damage[1])
    state.table = (state.table[0] + (state.chosen[0],), state.table[1] + (state.chosen[1],))
    state.chosen, state.ignore = ("", ""), (False, False)
    state.clash += 1
    return events


def perfect_block(
    data: RiposteData, state: RiposteState, attack: Move, defend: Move, damage: list[int]
) -> str:
    """`perfect_block_damage` to the offensive player, +1 for Brunhild's third ability, +1
    Riposte; nothing against Sela's second (ruling sela-mirror); Sela's first takes 1 off her own
    tracker, never below 0
    (ruling damage-floor)."""
    o, d = state.offensive, 1 - state.offensive
    names = state.names
    head = f"Perfect block: every attack of {attack.name} and {defend.name} is paired; "
    if ab.has(state, o, ab.SELA, 2):
        words = f"{names[o]} takes no damage (Sela)."
    else:
        parts: list[ab.Part] = [(data.perfect_block_damage, "")]
        if ab.has(state, d, ab.BRUNHILD, 3):
            parts.append((1, "Brunhild"))
        if defend.keyword == "riposte":
            parts.append((1, "Riposte"))
        hit = Strike(tuple(parts))
        damage[o] += hit.total
        words = f"{names[o]} takes {hit.words(False)}."
    if ab.has(state, d, ab.SELA, 1):
        before = damage[d]
        damage[d] = max(0, damage[d] - 1)
        if before:
            words += f" {names[d]} removes 1 damage (Sela)."
    return head + words
