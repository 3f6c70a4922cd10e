"""A clash: which cards may be laid, and what two revealed cards do to the damage trackers.

Pure functions over the data and the state. The follow-up rule (rulings own-bar, first-card-free,
no-legal-play, adjacent) lives in `accepted` and `playable`; the outcome (rulings facing,
perfect-block-first) in `outcome`; the damage in `resolve` (rulings modifiers, zero-strike,
role-abilities, next-card, disarm-next).
"""

from __future__ import annotations

from companion.games.riposte.data import POSITIONS, Move, RiposteData
from companion.games.riposte.state import RiposteState

STRIKE, BLOCK, PERFECT = "strike", "block", "perfect block"


def previous(data: RiposteData, state: RiposteState, player: int) -> Move | None:
    """The card `player` played just before this clash in this round, if any."""
    stack = state.table[player]
    return data.cards[stack[-1]] if stack else None


def accepted(before: Move | None) -> frozenset[int]:
    """The attack positions the next card may use; every position for a round's first card.
    Flow widens the bar once by the positions next to it (ruling adjacent)."""
    if before is None:
        return frozenset(POSITIONS)
    bar = before.follow_up
    if before.keyword == "flow":
        bar = bar | {q for p in bar for q in (p - 1, p + 1) if q in POSITIONS}
    return bar


def fits(data: RiposteData, state: RiposteState, player: int, card: str) -> bool:
    return bool(data.cards[card].attacks & accepted(previous(data, state, player)))


def playable(data: RiposteData, state: RiposteState, player: int) -> list[str]:
    """The cards `player` may lay now: those that fit the bar, or any card when none fits."""
    hand = state.hands[player]
    fitting = [c for c in hand if fits(data, state, player, c)]
    return fitting or list(hand)


def facing_pairs(attack: Move, defend: Move) -> int:
    """Attacks directly opposite attacks: position p faces the other card's 6 - p."""
    return sum(1 for p in attack.attacks if 6 - p in defend.attacks)


def outcome(attack: Move, defend: Move) -> str:
    """Perfect block first, then block, else strike (ruling perfect-block-first)."""
    mirrored = frozenset(6 - p for p in defend.attacks)
    if attack.attacks == mirrored:
        return PERFECT
    return BLOCK if facing_pairs(attack, defend) else STRIKE


def penalty(data: RiposteData, state: RiposteState, player: int, card: str) -> int:
    """1 damage for a card that does not fit the bar (only laid when none fits), 0 with
    Footwork waiting on the previous card."""
    if fits(data, state, player, card):
        return 0
    before = previous(data, state, player)
    return 0 if before is not None and before.keyword == "footwork" else 1


def strike_damage(data: RiposteData, state: RiposteState, attack: Move, defend: Move) -> int:
    """Base 1 per attack, +1 Lunge, +1 Press on the offensive player's previous card, -1 Guard,
    -1 Disarm waiting; never below 0 (rulings modifiers, zero-strike)."""
    damage = len(attack.attacks)
    damage += attack.keyword == "lunge"
    before = previous(data, state, state.offensive)
    damage += before is not None and before.keyword == "press"
    damage -= defend.keyword == "guard"
    damage -= state.disarm
    return max(0, damage)


def resolve(data: RiposteData, state: RiposteState) -> list[str]:
    """Reveal both laid cards, apply the damage and put them on their stacks; the words say
    what happened. The caller checks the end of the game and of the round."""
    o = state.offensive
    d = 1 - o
    cards = state.chosen
    attack, defend = data.cards[cards[o]], data.cards[cards[d]]
    names = state.names
    damage = list(state.damage)
    events = [f"{names[o]} reveals {attack.name}; {names[d]} reveals {defend.name}."]
    for p in (o, d):
        if not fits(data, state, p, cards[p]):
            hurt = penalty(data, state, p, cards[p])
            damage[p] += hurt
            why = "takes 1 damage" if hurt else "takes no damage (Footwork)"
            events.append(f"{names[p]} had no card that fits the follow-up bar and {why}.")
            shown = ", ".join(data.name(c) for c in state.hands[p]) or "nothing"
            events.append(f"{names[p]} shows the cards left in hand: {shown}.")
    result = outcome(attack, defend)
    if result == STRIKE:
        dealt = strike_damage(data, state, attack, defend)
        damage[d] += dealt
        count = len(attack.attacks)
        events.append(
            f"Strike: {attack.name}'s {count} attack{'s' * (count > 1)} meet no attack; "
            f"{names[d]} takes {dealt}."
        )
    elif result == PERFECT:
        dealt = 1 + (defend.keyword == "riposte")
        damage[o] += dealt
        events.append(
            f"Perfect block: every attack of {attack.name} and {defend.name} is paired; "
            f"{names[o]} takes {dealt}."
        )
    else:
        pairs = facing_pairs(attack, defend)
        events.append(
            f"Block: {pairs} facing pair{'s' * (pairs > 1)} between {attack.name} and "
            f"{defend.name}; nobody takes damage."
        )
    state.disarm = defend.keyword == "disarm" and result != STRIKE
    if state.disarm:
        events.append(f"Disarm: {names[o]}'s next strike this round deals 1 less damage.")
    state.damage = (damage[0], damage[1])
    state.table = (state.table[0] + (cards[0],), state.table[1] + (cards[1],))
    state.chosen = ("", "")
    state.clash += 1
    state.last = events[-1]
    return events
