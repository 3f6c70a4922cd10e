"""The app as a Vita Luna opponent: one decision at a time, from plain rules of thumb.

`VitaLunaOpponent(seat).choose(view, legal_actions, rng)` is what the app plays: it sees only its
seat's view (`companion.engine.opponents`) and reasons on a state drawn from that view, with the
other player's hidden cards and sealed bid made up at random. `choose(state, legal_actions, rng,
me=...)`, the rules of thumb themselves, picks one of the legal actions for player `me`, or
None when that player has nothing to do now (someone else's turn, or no trade worth making).
It is deterministic for a given state and random source, so the page seeds the source from the
match's seed and the log's length: a replay or an undo makes the same choices again.

What it weighs, in order (after the Automa approach: a short list of priorities, each explainable):
- Placing: the strongest creatures go on white, each where it fares best against the creature
  opposite (kills it, survives it, or faces an empty position and hits the heart); the rest wait
  on grey, strongest first.
- A turn: a Singular card when it wins the battle (the enemy's last creature), removes a red
  card, steals or swaps for a clearly better creature, or saves a creature that would die; then
  a promotion into a free white position; then a sideways move that clearly pays; then attack.
- Bids: a few markers for the first attack; for a card, its share of the markers left, scaled by
  how good the card is for its colour. It never reads the other player's secret bid.
- Between battles: trade the two weakest black cards for a blue one while that is a gain.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from companion.engine.core import Action
from companion.games.vita_luna.actions import held_count
from companion.games.vita_luna.data import Creature, VitaLunaData, default_data
from companion.games.vita_luna.reasons import Judge, why
from companion.games.vita_luna.seats import determinize
from companion.games.vita_luna.state import (
    ATTACK_BID,
    BETWEEN,
    BIDDING,
    PLACE,
    TURN,
    VitaLunaState,
    in_play,
    locate,
    whites,
)

EPIC_WORTH = {
    "poisonous": 3.0,
    "armour": 1.5,
    "retaliate": 1.0,
    "pronged": 1.0,
    "holds": 0.5,
    "move_anywhere": 0.5,
    "resistant": 0.5,
    "anchor": 0.0,
}
RED_CARD = 11.0  # worth a Burn: every red creature is worth more than this, no blue one is
STEAL_WORTH = 8.0  # worth a Steal: most blue creatures and every red one
SWAP_GAIN = 5.0  # a Swap must gain at least this much worth
HEAL_LOST = 3  # heal a creature that has lost this much health, or would die next turn
MOVE_GAIN = 2.0  # a sideways move must improve the match-ups by this much
ATTACK_BID_MOST = 3  # the first attack is worth 1 to 3 markers


@dataclass
class VitaLunaOpponent:
    """The app in `seat`: the rules of thumb below, applied to a state drawn from its view."""

    seat: int = 1
    data: VitaLunaData = field(default_factory=default_data)
    reason: str | None = field(default=None, init=False, repr=False, compare=False)

    def choose(
        self, view: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action | None:
        # The made-up hidden cards come from the view itself, so `rng` is left to the choice.
        guess = random.Random(json.dumps(view, sort_keys=True))
        state = determinize(self.data, view, self.seat, guess)
        action = choose(state, legal, rng, me=self.seat, data=self.data)
        choices = sum(a.get("player") == self.seat for a in legal)
        self.reason = why(JUDGE, self.data, state, self.seat, action) if choices > 1 else None
        return action


def worth(creature: Creature) -> float:
    """A creature's rough worth: attack counts double, health once, epics as listed."""
    known = _WORTHS.get(id(creature))
    if known is not None:
        return known[1]
    value = (
        1.6 * creature.attack + 0.8 * creature.health + sum(EPIC_WORTH[e] for e in creature.epics)
    )
    _WORTHS[id(creature)] = (creature, value)
    return value


# Each creature's worth, computed once: the rules of thumb ask for it hundreds of thousands of
# times in a balance run. Keyed by identity, with the creature kept so that its id stays its own
# (a test copy of the data with the Wolf at attack 6 has its own Wolf object and its own entry).
_WORTHS: dict[int, tuple[Creature, float]] = {}


def card_worths(data: VitaLunaData) -> dict[str, float]:
    """Every card copy's worth by its id ("wolf.2"), worked out once per data: a search's
    playouts place and promote by these a million times a game. Kept like `_WORTHS`."""
    known = _CARD_WORTHS.get(id(data))
    if known is not None:
        return known[1]
    table = {card: worth(creature) for card, creature in data.cards.items()}
    _CARD_WORTHS[id(data)] = (data, table)
    return table


_CARD_WORTHS: dict[int, tuple[VitaLunaData, dict[str, float]]] = {}


def choose(
    state: VitaLunaState,
    legal_actions: list[Action],
    rng: random.Random,
    *,
    me: int = 1,
    data: VitaLunaData | None = None,
) -> Action | None:
    """One of `legal_actions` for player `me`, or None if `me` has nothing to do now."""
    data = data or default_data()
    mine = [a for a in legal_actions if a.get("player") == me]
    if not mine:
        return None
    phase = state.phase
    if phase == PLACE:
        return _place(data, state, me, mine)
    if phase == TURN:
        return _turn(data, state, me, mine)
    if phase in BIDDING:
        return _bid(data, state, me, mine, rng)
    if phase == BETWEEN:
        return _trade(data, state, me, mine)
    return None


def playout_move(rules: Any, state: VitaLunaState, rng: random.Random) -> Action | None:
    """The rules of thumb for whichever player is to move, as a search's heavy playouts play
    both sides: the lowest player with a choice, else a legal action at random. It decides
    exactly as `choose` over `rules.legal_actions` would, but a placing (most of a battle's
    actions) is decided from the rules' placing choices without listing them all."""
    data = rules.data
    if state.phase == PLACE:
        cards, spots, ready = rules.placing_choices(state)
        if (cards and spots) or ready:
            return place_now(data, state, cards, spots, ready)
        return rules.sample_action(state, rng)
    legal = rules.legal_actions(state)
    if state.phase == TURN:  # every action listed is the active player's, attack always among them
        return _turn(data, state, state.active, legal)
    # Vita Luna's own moves name their player; chance and the table's decisions do not.
    for player in sorted({a["player"] for a in legal if "player" in a}):
        action = choose(state, legal, rng, me=player, data=data)
        if action is not None:
            return action
    return rules.sample_action(state, rng)


# --- match-ups -----------------------------------------------------------------------------------


def health_of(data: VitaLunaData, state: VitaLunaState, card: str) -> int:
    return state.health.get(card, data.cards[card].health)


def kills(data: VitaLunaData, state: VitaLunaState, card: str, target: str) -> bool:
    """Whether one attack of `card` kills `target` as it stands now."""
    mine, theirs = data.cards[card], data.cards[target]
    if mine.pronged:
        return False  # prongs strike beside the creature opposite, never at it
    armoured = target in state.armour if target in state.health else theirs.armour
    if armoured:
        return False  # armour soaks the first hit
    if mine.poisonous and not theirs.resistant:
        return True
    return mine.attack >= health_of(data, state, target)


def survives(data: VitaLunaData, state: VitaLunaState, card: str, threat: str) -> bool:
    """Whether `card` lives through one attack of `threat`."""
    return not kills(data, state, threat, card)


def matchup(data: VitaLunaData, state: VitaLunaState, card: str, enemy: str | None) -> float:
    """How well `card` does on a white position facing `enemy` (None: an empty position).

    `kills` and `survives` are written out here: a search's playouts ask this about a million
    times a game (tests/companion/test_vita_luna_opponent.py holds it to them)."""
    cards = data.cards
    mine = cards[card]
    if enemy is None:
        return mine.attack + 0.5 if not mine.pronged else 1.0
    theirs = cards[enemy]
    health = state.health
    attack = mine.attack
    score = 0.0
    if attack > 0:
        enemy_health = health.get(enemy, theirs.health)
        if (
            not mine.pronged
            and not (enemy in state.armour if enemy in health else theirs.armour)
            and ((mine.poisonous and not theirs.resistant) or attack >= enemy_health)
        ):
            score += 3 + 0.2 * worth(theirs)
        elif not mine.pronged:
            score += 2 * attack / max(1, enemy_health)
    own_health = health.get(card, mine.health)
    if (
        theirs.pronged
        or (card in state.armour if card in health else mine.armour)
        or not ((theirs.poisonous and not mine.resistant) or theirs.attack >= own_health)
    ):
        score += 2  # it lives through one attack of the creature opposite
    if theirs.retaliate and attack > 0 and own_health <= 1:
        score -= 1.5
    return score


# --- placing -------------------------------------------------------------------------------------


def _place(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]) -> Action | None:
    places = [a for a in mine if a["type"] == "place"]
    ready = next((a for a in mine if a["type"] == "ready"), None)
    if not places:
        return ready
    hand = {a["card"] for a in places}
    white = sorted({a["position"] for a in places if a["row"] == "white"})
    grey = sorted({a["position"] for a in places if a["row"] == "grey"})
    card, row, position = placing(data, state, me, hand, white, grey)
    return _find(places, card=card, row=row, position=position)


def place_now(
    data: VitaLunaData,
    state: VitaLunaState,
    cards: list[str],
    spots: list[tuple[str, int]],
    ready: bool,
) -> Action | None:
    """What `_place` picks for the placing player, from the rules' placing choices (the cards
    in hand, the free spots, whether "ready" is open) without listing every card on every spot:
    a search's playouts place some hundred thousand times a game."""
    me = state.active
    if not cards or not spots:
        return {"type": "ready", "player": me} if ready else None
    white = sorted(i for row, i in spots if row == "white")
    grey = sorted(i for row, i in spots if row == "grey")
    card, row, position = placing(data, state, me, set(cards), white, grey)
    return {"type": "place", "player": me, "card": card, "row": row, "position": position}


def placing(
    data: VitaLunaData,
    state: VitaLunaState,
    me: int,
    hand: set[str],
    white: list[int],
    grey: list[int],
) -> tuple[str, str, int]:
    """(card, row, position) that `me` places from `hand` on the free `white` and `grey`
    positions (sorted): a fighter where it fares best on white, else the best card on grey."""
    worths = card_worths(data)
    ranked = sorted(hand, key=lambda c: (-worths[c], c))
    cards = data.cards
    fighters = [c for c in ranked if cards[c].attack > 0]
    if white and (fighters or len(ranked) > len(grey)):
        enemy = whites(data, state, 1 - me)
        # The best (score, -column, card) of every card on every free white column; a card's
        # match-up against one enemy is worked out once, as free columns often face the same.
        best: tuple[float, int, str] | None = None
        for card in fighters or ranked:
            bonus = 0.2 * worths[card]
            scores: dict[str | None, float] = {}
            for column in white:
                foe = enemy[column]
                score = scores.get(foe)
                if score is None:
                    score = scores[foe] = matchup(data, state, card, foe)
                key = (score + bonus, -column, card)
                if best is None or key > best:
                    best = key
        assert best is not None
        return best[2], "white", -best[1]
    return ranked[0], "grey", grey[0]


def _find(actions: list[Action], **fields: Any) -> Action | None:
    wanted = tuple(fields.items())
    for action in actions:
        for key, value in wanted:
            if action.get(key) != value:
                break
        else:
            return action
    return None


# --- a turn --------------------------------------------------------------------------------------


def _turn(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]) -> Action | None:
    attack = _find(mine, type="attack")
    for pick in (_singular, _promote, _white_move):
        action = pick(data, state, me, mine)
        if action is not None:
            return action
    return attack


def _singular(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]):
    kinds = {"burn", "steal", "swap", "heal"}
    options = [a for a in mine if a["type"] in kinds]
    if not options:
        return None
    enemy_left = in_play(data, state, 1 - me)
    if len(enemy_left) == 1:  # taking their last creature wins the battle; a stolen one is kept
        for kind in ("steal", "burn"):
            action = _find(options, type=kind, target=enemy_left[0])
            if action:
                return action
    burns = [a for a in options if a["type"] == "burn"]
    if burns:
        best = max(burns, key=lambda a: (worth(data.cards[a["target"]]), a["target"]))
        if worth(data.cards[best["target"]]) >= RED_CARD:
            return best
    steals = [a for a in options if a["type"] == "steal"]
    if steals:
        best = max(steals, key=lambda a: (_current_worth(data, state, a["target"]), a["target"]))
        if _current_worth(data, state, best["target"]) >= STEAL_WORTH:
            return best
    swaps = [a for a in options if a["type"] == "swap"]
    if swaps:

        def gain(a: Action) -> float:
            return _current_worth(data, state, a["target"]) - _current_worth(data, state, a["own"])

        best = max(swaps, key=lambda a: (gain(a), a["target"], a["own"]))
        if gain(best) >= SWAP_GAIN:
            return best
    heals = [
        a for a in options if a["type"] == "heal" and _needs_heal(data, state, me, a["target"])
    ]
    if heals:
        return max(heals, key=lambda a: (worth(data.cards[a["target"]]), a["target"]))
    return None


def _current_worth(data: VitaLunaData, state: VitaLunaState, card: str) -> float:
    creature = data.cards[card]
    return worth(creature) * health_of(data, state, card) / creature.health


def _needs_heal(data: VitaLunaData, state: VitaLunaState, me: int, card: str) -> bool:
    creature = data.cards[card]
    left = health_of(data, state, card)
    if creature.health - left >= HEAL_LOST:
        return True
    where = locate(data, state, card)
    if where is None:
        return False
    threat = whites(data, state, 1 - me)[where[2]]
    if threat is None or kills(data, state, threat, card) is False:
        return False
    healed_dies = data.cards[threat].poisonous and not creature.resistant and not creature.armour
    return not healed_dies and data.cards[threat].attack < creature.health


def _promote(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]):
    promotions = [a for a in mine if a["type"] == "promote"]
    if not promotions:
        return None
    enemy = whites(data, state, 1 - me)
    return max(
        promotions,
        key=lambda a: (
            matchup(data, state, a["card"], enemy[a["position"]])
            + 0.2 * worth(data.cards[a["card"]]),
            -a["position"],
            a["card"],
        ),
    )


def _white_move(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]):
    enemy = whites(data, state, 1 - me)
    own = whites(data, state, me)
    best: tuple[float, Action] | None = None
    for action in mine:
        if action["type"] == "move":
            where = locate(data, state, action["card"])
            if where is None or where[0] != "white":
                continue  # grey moves change nothing in a fight
            column, to = where[2], action["position"]
            gain = matchup(data, state, action["card"], enemy[to]) - matchup(
                data, state, action["card"], enemy[column]
            )
        elif action["type"] == "swap_places":
            a, b = action["card"], action["other"]
            ca, cb = own.index(a), own.index(b)
            before = matchup(data, state, a, enemy[ca]) + matchup(data, state, b, enemy[cb])
            after = matchup(data, state, a, enemy[cb]) + matchup(data, state, b, enemy[ca])
            gain = after - before
        else:
            continue
        if gain >= MOVE_GAIN and (best is None or gain > best[0]):
            best = (gain, action)
    return best[1] if best else None


# --- bids ----------------------------------------------------------------------------------------


def _bid(
    data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action], rng: random.Random
) -> Action | None:
    """A bid from what `me` may know: its own markers, the card and the auction so far."""
    have = state.markers[me]
    if state.phase == ATTACK_BID:
        amount = 1 + int(rng.random() * ATTACK_BID_MOST)
    else:
        creature = data.cards[state.lot]
        colour = creature.deck
        wanted = sum(n - held_count(data, state, me, c) for c, n in data.hand.items())
        colour_cards = [data.cards[c] for c in data.decks[colour]]
        average = sum(worth(c) for c in colour_cards) / len(colour_cards)
        share = have / max(1, wanted)
        amount = round(share * worth(creature) / average) + (1 if rng.random() < 0.3 else 0)
        if state.lots >= data.auction_lots:  # the last card: markers are worth nothing after
            amount = have
    return _find(mine, type="bid", amount=max(0, min(have, amount)))


# --- between battles -----------------------------------------------------------------------------


def _trade(data: VitaLunaData, state: VitaLunaState, me: int, mine: list[Action]) -> Action | None:
    trades = [a for a in mine if a["type"] == "trade"]
    if not trades:
        return None
    blues = [data.cards[c] for c in data.decks["blue"]]
    blue = sum(worth(c) for c in blues) / len(blues)

    def pair_worth(a: Action) -> float:
        return sum(worth(data.cards[c]) for c in a["cards"])

    weakest = min(trades, key=lambda a: (pair_worth(a), a["cards"]))
    if len(state.owned[me]) > data.max_cards or pair_worth(weakest) < blue:
        return weakest
    return None


JUDGE = Judge(kills, survives, health_of, worth, _current_worth, RED_CARD)  # for the reasons
