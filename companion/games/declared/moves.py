"""What a declared table allows now, why it refuses the rest, and what each action does.

One function lists a seat's legal actions and `check` refuses by the same tests, so the buttons a
page offers and the reasons it shows cannot disagree. Every refusal names the declaration that
refuses it (the phase and its allowance, the zone, the turn), because a designer reading it must
find the line of the manifest to change.
"""

from __future__ import annotations

import random
from collections import Counter as Tally
from typing import Any

from cardgen.data.table import DIE, DIFFERENCE, Allowed, Effect
from companion.engine.seats import Action
from companion.games.declared.board import (
    Table,
    dealing,
    limit,
    movers,
    new_phase,
    put,
    shuffle,
)
from companion.games.declared.ending import settle
from companion.games.declared.state import APP, DEAL, OVER, PLAY, SETUP, DeclaredState

# Who may do what -------------------------------------------------------------------------------


def seen_by(table: Table, state: DeclaredState, seat: int, key: str) -> Tally[str]:
    """The cards of deck `key` that `seat` can see anywhere at the table."""
    seen: Tally[str] = Tally()
    for zone in table.spec.zones:
        for owner in range(state.seats):
            if zone.seen == "all" or (zone.seen == "owner" and owner == seat):
                for card, origin in zip(
                    state.zones[zone.id][owner], state.origins[zone.id][owner], strict=True
                ):
                    seen[card] += origin == key
    for owner, sealed in enumerate(state.sealed):
        if sealed is not None and owner == seat and state.sealed_from[owner] == key:
            seen[sealed] += 1
    return seen


def enterable(table: Table, state: DeclaredState, seat: int, key: str) -> list[str]:
    """Cards `seat` may say it drew from `key` at the table: any of the deck whose copies are
    not all in sight of that seat (what other seats hold unseen cannot be used against it, or
    a refusal would tell the seat what another hand holds)."""
    if state.left.get(key, 0) <= 0:
        return []
    seen = seen_by(table, state, seat, key)
    copies = Tally(table.copies[key.split(":")[0]])
    return sorted(card for card, n in copies.items() if n > seen[card])


def possible(table: Table, state: DeclaredState, seat: int, k: int) -> list[Action]:
    """The actions allowance `k` of the phase offers `seat` now (none once used up)."""
    allowed = table.allows(state)[k]
    if state.done[seat][k] >= limit(allowed)[1]:
        return []
    base = {"type": allowed.do, "player": seat, "allowed": k}
    if allowed.do == "draw":
        key = table.key(allowed.deck or "", seat)
        if state.left[key] <= 0:
            return []
        if state.mode == APP:
            return [base]
        return [base | {"card": c} for c in enterable(table, state, seat, key)]
    if allowed.do in ("play", "seal"):
        if allowed.do == "seal" and state.sealed[seat] is not None:
            return []
        cards = sorted(set(state.zones[allowed.source or ""][seat]))
        return [base | {"card": c} for c in cards]
    return [base]


def unmet(table: Table, state: DeclaredState, seat: int) -> list[str]:
    """The allowances `seat` must still take before it may end the phase (and could now)."""
    out = []
    for k, allowed in enumerate(table.allows(state)):
        need = limit(allowed)[0]
        if state.done[seat][k] < need and possible(table, state, seat, k):
            out.append(f"{allowed.do} (at least {allowed.at_least})")
    return out


def legal_for(table: Table, state: DeclaredState, seat: int) -> list[Action]:
    if state.stage == SETUP:
        return []
    if seat not in movers(table, state):
        return []
    if state.stage == DEAL:
        return [
            {"type": "deal", "player": seat, "zone": zone, "card": card}
            for _, zone, key in _first_of(table, state, seat)
            for card in enterable(table, state, seat, key)
        ]
    actions = [a for k in range(len(table.allows(state))) for a in possible(table, state, seat, k)]
    if not unmet(table, state, seat):
        actions.append({"type": "end_phase", "player": seat})
    return actions


def _first_of(table: Table, state: DeclaredState, seat: int) -> list[tuple[int, str, str]]:
    """The next card `seat` is to be dealt (each seat enters its own cards in any order)."""
    return [d for d in dealing(table, state) if d[0] == seat][:1]


def legal(table: Table, state: DeclaredState) -> list[Action]:
    if state.stage == SETUP:
        return [{"type": "shuffle"}]
    out: list[Action] = []
    for seat in movers(table, state):
        out += legal_for(table, state, seat)
    return _unique(out)


def _unique(actions: list[Action]) -> list[Action]:
    seen, out = set(), []
    for action in actions:
        key = tuple(sorted(action.items()))
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


def check(table: Table, state: DeclaredState, action: Action) -> str | None:
    """None if `action` is legal now, else the reason, naming the declaration that refuses it."""
    kind = action.get("type")
    if state.stage == OVER:
        return "The game is over."
    if kind == "shuffle":
        if state.stage != SETUP:
            return "The cards were shuffled and dealt already."
        return None if _shuffled(table, state, action) else "That is not a shuffle of the decks."
    if state.stage == SETUP:
        return "Start the game first: the cards are not shuffled and dealt yet."
    seat = action.get("player")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.seats:
        return "That names no seat at this table."
    if seat not in movers(table, state):
        if state.stage == PLAY and table.spec.order == "in_turn":
            return f"It is {state.names[state.active]}'s turn."
        return f"{state.names[seat]} has nothing to do now."
    plain = _unresolved(table, state, action)
    if plain in legal_for(table, state, seat) or _roll_entered(table, state, action):
        return None
    return _why(table, state, action, seat)


def _shuffled(table: Table, state: DeclaredState, action: Action) -> bool:
    """A shuffle as the log keeps it: the order of every deck, each a mix of its own cards (or
    no order, for the app to draw)."""
    order = action.get("order")
    if (
        set(action) - {"type", "order", "first"}
        or action.get("first", state.active) != state.active
    ):
        return False
    if order is None:
        return True
    return (
        state.mode == APP
        and isinstance(order, dict)
        and set(order) == set(state.decks)
        and all(
            isinstance(cards, list) and sorted(map(str, cards)) == table.copies[key.split(":")[0]]
            for key, cards in order.items()
        )
    )


def _unresolved(table: Table, state: DeclaredState, action: Action) -> Action:
    """`action` as offered, from the form the log keeps: what chance decided (the card the app
    drew, the cards a seal revealed) taken out once it agrees with the state."""
    plain = {k: v for k, v in action.items() if k != "revealed"}
    if plain.get("type") == "draw" and state.mode == APP and "card" in plain:
        k = plain.get("allowed")
        allows = table.allows(state)
        if isinstance(k, int) and not isinstance(k, bool) and 0 <= k < len(allows):
            deck = state.decks.get(table.key(allows[k].deck or "", plain.get("player", 0)), [])
            if deck and deck[-1] == plain["card"]:
                del plain["card"]
    return plain


def _roll_entered(table: Table, state: DeclaredState, action: Action) -> bool:
    """A roll of a physical die, its face typed in: legal when the roll is, and a face."""
    if action.get("type") != "roll" or "value" not in action:
        return False
    plain = {k: v for k, v in action.items() if k != "value"}
    if plain not in legal_for(table, state, action["player"]):
        return False
    die = table.spec.die(table.allows(state)[action["allowed"]].die or "")
    value = action["value"]
    return isinstance(value, int) and not isinstance(value, bool) and value in die.faces


def _why(table: Table, state: DeclaredState, action: Action, seat: int) -> str:
    kind, phase = action.get("type"), table.phase_name(state)
    if state.stage == DEAL:
        return (f"Setup: {state.names[seat]} enters the cards dealt to them, one card of the deck "
                "at a time, that is not all in sight already.")  # fmt: skip
    if kind == "end_phase":
        return f'Phase "{phase}" cannot end yet: {", ".join(unmet(table, state, seat))}.'
    k = action.get("allowed")
    allows = table.allows(state)
    if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k < len(allows):
        return f'Phase "{phase}" allows no such action.'
    allowed = allows[k]
    if allowed.do != kind:
        return f'Phase "{phase}" allows {allowed.do} there, not {kind}.'
    if state.done[seat][k] >= limit(allowed)[1]:
        times = f"{allowed.count} card(s) " if allowed.do == "draw" else ""
        return f'Phase "{phase}" allows {kind} {times}at most {allowed.at_most} time(s) a turn.'
    if kind == "draw":
        return f'The deck "{table.spec.deck(allowed.deck or "").name}" has no such card left.'
    if kind == "seal" and state.sealed[seat] is not None:
        return f"{state.names[seat]} has sealed a card already; it is revealed with the others."
    if kind in ("play", "seal"):
        zone = table.spec.zone(allowed.source or "").name
        return f'That card is not in {state.names[seat]}\'s "{zone}".'
    return f'Phase "{phase}" does not allow that as it is written.'


# Playing ---------------------------------------------------------------------------------------


def play(table: Table, state: DeclaredState, action: Action, rng: random.Random):
    """Play `action` on `state` (a clone the caller owns): (resolved action, events)."""
    kind = action["type"]
    if kind == "shuffle":
        resolved = shuffle(table, state, action, rng)
        return resolved, ["The cards are shuffled and dealt."]
    seat, name = action["player"], state.names[action["player"]]
    resolved, events = dict(action), []
    if kind == "deal":
        _, zone, key = _first_of(table, state, seat)[0]
        put(state, zone, seat, action["card"], key)
        state.left[key] -= 1
        if not dealing(table, state):
            state.stage = PLAY
            events.append("Every seat has its cards: the game begins.")
        return resolved, [f"{name} is dealt a card.", *events]
    if kind == "end_phase":
        return resolved, _end_phase(table, state, seat, resolved)
    k = action["allowed"]
    allowed = table.allows(state)[k]
    state.done[seat][k] += 1
    if kind == "draw":
        key = table.key(allowed.deck or "", seat)
        card = state.decks[key].pop() if state.mode == APP else action["card"]
        resolved["card"] = card
        state.left[key] -= 1
        put(state, allowed.to or "", seat, card, key)
        events.append(f"{name} draws a card into {table.spec.zone(allowed.to or '').name}.")
    elif kind == "play":
        card = action["card"]
        _move(state, allowed.source or "", allowed.to or "", seat, card)
        events.append(f"{name} plays {card_name(table, card)}.")
        events += _effects(table, state, seat, allowed.then, {"card": card})
    elif kind == "roll":
        die = table.spec.die(allowed.die or "")
        value = action["value"] if "value" in action else rng.choice(die.faces)
        resolved["value"] = value
        state.dice[die.id] = value
        events.append(f"{name} rolls {die.name}: {value}.")
        events += _effects(table, state, seat, allowed.then, {"die": value})
    elif kind == "change":
        assert allowed.change is not None
        events += _effects(table, state, seat, (allowed.change,), {})
    elif kind == "seal":
        events += _seal(table, state, seat, allowed, action["card"], resolved)
    settle(table, state, events)
    return resolved, events


def card_name(table: Table, card: str) -> str:
    record = table.game.by_id(card)
    return str(record.get("name") or card) if record is not None else card


def _move(state: DeclaredState, source: str, to: str, seat: int, card: str) -> str:
    i = state.zones[source][seat].index(card)
    state.zones[source][seat].pop(i)
    key = state.origins[source][seat].pop(i)
    put(state, to, seat, card, key)
    return key


def _seal(
    table: Table, state: DeclaredState, seat: int, allowed: Allowed, card: str, resolved: Action
) -> list[str]:
    i = state.zones[allowed.source or ""][seat].index(card)
    state.zones[allowed.source or ""][seat].pop(i)
    state.sealed[seat] = card
    state.sealed_from[seat] = state.origins[allowed.source or ""][seat].pop(i)
    events = [f"{state.names[seat]} seals a card face down."]
    return events + reveal_if_ready(table, state, resolved)


def reveal_if_ready(table: Table, state: DeclaredState, resolved: Action) -> list[str]:
    """Once every seat still in the phase has sealed (a seat that ended it without sealing has no
    card in the reveal), every sealed card is turned up together, moved to the seal's `to` zone,
    and the cards are compared; the resolved action carries what was revealed."""
    waiting = [s for s in range(state.seats) if state.sealed[s] is None and not state.ended[s]]
    if waiting or not any(c is not None for c in state.sealed):
        return []
    allowed = next(a for a in table.allows(state) if a.do == "seal")
    events: list[str] = []
    revealed = list(state.sealed)
    resolved["revealed"] = revealed
    state.revealed = revealed
    for s, c in enumerate(revealed):
        if c is not None:
            put(state, allowed.to or "", s, c, state.sealed_from[s] or "")
    state.sealed, state.sealed_from = [None] * state.seats, [None] * state.seats
    shown = ", ".join(
        f"{state.names[s]} {card_name(table, c)}" for s, c in enumerate(revealed) if c
    )
    events.append(f"Revealed together: {shown}.")
    values = {s: table.stat(c, allowed.compare or "") for s, c in enumerate(revealed) if c}
    if len(values) > 1 and len(set(values.values())) > 1:
        low, high = min(values.values()), max(values.values())
        context = {"difference": high - low}
        for s, v in values.items():
            if v == low:
                events += _effects(table, state, s, allowed.lower, context)
            if v == high:
                events += _effects(table, state, s, allowed.higher, context)
    return events


def _effects(
    table: Table, state: DeclaredState, seat: int, effects: tuple[Effect, ...], ctx: dict[str, Any]
) -> list[str]:
    events = []
    for effect in effects:
        if effect.word is None:
            amount = effect.amount
        elif effect.word == DIE:
            amount = effect.sign * int(ctx.get("die") or 0)
        elif effect.word == DIFFERENCE:
            amount = effect.sign * int(ctx.get("difference") or 0)
        else:
            amount = effect.sign * table.stat(ctx.get("card"), effect.word)
        if not amount:
            continue
        counter = table.spec.counter(effect.counter)
        if effect.of is None:
            before = state.shared[counter.id]
            state.shared[counter.id] = max(counter.min, min(counter.max, before + amount))
            events.append(f"{counter.name}: {before} → {state.shared[counter.id]}.")
            continue
        targets = {
            "self": [seat],
            "other": [s for s in range(state.seats) if s != seat],
            "each": list(range(state.seats)),
        }[effect.of]
        for target in targets:
            values = state.counters[counter.id]
            before = values[target]
            values[target] = max(counter.min, min(counter.max, before + amount))
            events.append(f"{state.names[target]}'s {counter.name}: {before} → {values[target]}.")
    return events


def _end_phase(table: Table, state: DeclaredState, seat: int, resolved: Action) -> list[str]:
    name, phase = state.names[seat], table.phase_name(state)
    events = [f"{name} ends {phase}."]
    if table.spec.order == "together":
        state.ended[seat] = True
        events += reveal_if_ready(table, state, resolved)
        if not all(state.ended):
            settle(table, state, events)
            return events
    state.phase += 1
    wrapped = False
    if state.phase >= len(table.spec.phases):
        state.phase = 0
        if table.spec.order == "in_turn":
            state.active = (state.active + 1) % state.seats
            wrapped = state.active == 0
        else:
            wrapped = True
    new_phase(table, state)
    if wrapped:
        state.round += 1
        for counter in table.spec.shared:
            if counter.each_round:
                before = state.shared[counter.id]
                after = max(counter.min, min(counter.max, before + counter.each_round))
                state.shared[counter.id] = after
                events.append(f"{counter.name}: {before} → {after}.")
    settle(table, state, events)
    return events
