"""What the characters' abilities do, keyed by the character's id in characters.csv.

The sheet holds each ability's threshold and printed words; this module holds what the rules do
with them, one small function per question the clash or the draft asks ("does this player's bar
take position 3 too?"). An ability counts once its threshold has been reached (`unlocked`, kept
for good: ruling unlock-timing) and only from the clash after it unlocked, which holds because
`unlock` runs after each clash and the clash reads the count left by the one before.
"""

from __future__ import annotations

from companion.games.riposte.data import POSITIONS, Move, RiposteData, possessive
from companion.games.riposte.state import RiposteState

CATO, BRUNHILD, SELA, ROOK, LIESE, ORSA = "cato", "brunhild", "sela", "rook", "liese", "orsa"
Part = tuple[int, str]  # a damage bonus (+) or reduction (-) and who gives it, for the log


def has(state: RiposteState, player: int, who: str, ability: int) -> bool:
    """Whether `player` fights as `who` and has unlocked that ability (1, 2 or 3)."""
    return state.characters[player] == who and state.unlocked[player] >= ability


def title(data: RiposteData, state: RiposteState, player: int) -> str:
    return data.characters[state.characters[player]].name


# (bar printed, Flow?, character, abilities unlocked) -> the positions: every legal-play test
# asks for a bar, and these few inputs decide it, so each bar is worked out once.
_BARS: dict[tuple[frozenset[int], bool, str, int], frozenset[int]] = {}


def bar(state: RiposteState, player: int, before: Move) -> frozenset[int]:
    """The positions `player`'s next card may use after `before`: its bar, position 3 for Cato
    (second ability), widened once by the positions next to them with Flow or for Liese
    (second ability), ruling adjacent."""
    key = (before.follow_up, before.keyword == "flow", state.characters[player],
           state.unlocked[player])  # fmt: skip
    found = _BARS.get(key)
    if found is None:
        found = _BARS[key] = _bar(*key)
    return found


def _bar(follow_up: frozenset[int], flow: bool, who: str, unlocked: int) -> frozenset[int]:
    positions = set(follow_up)
    if who == CATO and unlocked >= 2:
        positions.add(3)
    if flow or (who == LIESE and unlocked >= 2):
        positions |= {q for p in positions for q in (p - 1, p + 1) if q in POSITIONS}
    return frozenset(positions)


def may_ignore(state: RiposteState, player: int) -> bool:
    """Liese's first ability: once a round, any card without a fitting attack and no damage."""
    return has(state, player, LIESE, 1) and not state.spent[player]


def spares_penalty(state: RiposteState, player: int) -> bool:
    """Brunhild's second ability: never damage for having no legal play."""
    return has(state, player, BRUNHILD, 2)


def last_clash(state: RiposteState) -> bool:
    """The clash played from a hand of two (ruling last-clash): once both cards are down, each
    hand holds the one card left for the next round."""
    return all(len(hand) <= 1 for hand in state.hands)


def strike_bonuses(state: RiposteState, striker: int, card: Move) -> list[Part]:
    """What the offensive player's character adds to a strike."""
    parts: list[Part] = []
    if has(state, striker, CATO, 1) and len(card.attacks) == 1:
        parts.append((1, "Cato"))
    if has(state, striker, CATO, 3):
        parts.append((1, "Cato"))
    if has(state, striker, LIESE, 3) and last_clash(state):
        parts.append((1, "Liese"))
    if has(state, striker, ORSA, 1) and len(card.attacks) >= 3:
        parts.append((1, "Orsa"))
    return parts


def strike_reductions(state: RiposteState, struck: int, card: Move) -> list[Part]:
    """What the struck player's character takes off a strike, Rook's choice apart."""
    if has(state, struck, BRUNHILD, 1) and len(card.attacks) >= 2:
        return [(-1, "Brunhild")]
    return []


def may_brace(state: RiposteState, struck: int) -> bool:
    """Rook's third ability is his to use or keep, once a round (ruling rook-once)."""
    return has(state, struck, ROOK, 3) and not state.spent[struck]


def single_pair_strikes(state: RiposteState, striker: int, pairs: int) -> bool:
    """Orsa's third ability: as offensive player, a block with exactly one facing pair is a
    strike with base damage 1 (ruling orsa-single-pair)."""
    return pairs == 1 and has(state, striker, ORSA, 3)


def looks_at_two(state: RiposteState, player: int) -> bool:
    """Rook's first ability: a blind pick looks at two cards (ruling rook-draft)."""
    return has(state, player, ROOK, 1)


def swaps_leftover(state: RiposteState, player: int) -> bool:
    """Rook's second ability: before a draft, the leftover card may go to the row."""
    return has(state, player, ROOK, 2) and len(state.hands[player]) == 1


def unlock(data: RiposteData, state: RiposteState) -> list[str]:
    """After each clash: every ability whose threshold the damage has reached is unlocked, and
    stays so if damage is later removed (ruling unlock-timing)."""
    events: list[str] = []
    unlocked = list(state.unlocked)
    for p in (0, 1):
        if not state.characters[p]:
            continue
        character = data.characters[state.characters[p]]
        now = max(unlocked[p], character.unlocked_at(state.damage[p]))
        for n in range(unlocked[p], now):
            events.append(
                f"{state.names[p]} is at {state.damage[p]} damage: "
                f"{possessive(character.name)} ability {n + 1} (from {character.thresholds[n]}) "
                f"is unlocked ({character.abilities[n]})"
            )
        unlocked[p] = now
    state.unlocked = (unlocked[0], unlocked[1])
    return events
