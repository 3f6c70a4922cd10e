"""Reading a manifest's `"table"` block into a `TableSpec`, every problem named by its path.

Each part is read in order (seats, counters, dice, decks, zones, then the turn and the end) so a
later part can name an earlier one, and every problem is recorded, not raised, so one run of
`cardgen validate` lists them all (docs/table-declaration.md says what each key means).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardgen.data.citations import CitationError, cite
from cardgen.data.errors import Location, Problems, clip, describe, quoted
from cardgen.data.suggest import did_you_mean
from cardgen.data.table import (
    DECK_EMPTY,
    DIE,
    DIFFERENCE,
    DOES,
    LARGEST,
    MOST_SEATS,
    OF,
    ORDERS,
    OUTCOMES,
    SEEN,
    Allowed,
    Counter,
    Deck,
    Die,
    Effect,
    Phase,
    TableSpec,
    Zone,
)

_ID = re.compile(r"[a-z][a-z0-9_]{0,31}")
_BY = re.compile(r"([-+])\s*([a-z][a-z0-9_]*)")  # "-die", "+power", "-difference"


class _Part:
    """Reads one object of the declaration, its problems named by path (`table.zones[1]`)."""

    def __init__(
        self, obj: Any, where: str, problems: Problems, loc: Location, numbers: Mapping[str, int]
    ) -> None:
        self.where, self.problems, self.loc, self.numbers = where, problems, loc, numbers
        self.ok = isinstance(obj, dict)
        if not self.ok:
            self.fail(f"should be an object ({{...}}), not {describe(obj)}")
        self.obj: dict[str, Any] = obj if self.ok else {}
        self.used: set[str] = set()

    def fail(self, message: str) -> None:
        self.problems.error(self.loc, f"{self.where}: {message}")
        self.ok = False

    def text(self, key: str, default: str | None = None) -> str:
        self.used.add(key)
        value = self.obj.get(key, default)
        if not isinstance(value, str) or not value.strip():
            self.fail(f'"{key}" should be some text, not {describe(value)}')
            return default or key
        return value.strip()

    def ident(self, key: str = "id") -> str:
        value = self.text(key, "")
        if value and not _ID.fullmatch(value):
            self.fail(f'"{key}" {quoted(value)} should be a lower_case name (a-z, 0-9, _)')
        return value

    def number(self, key: str, default: int | None = None, low: int = -LARGEST) -> int:
        """A whole number, written as one or as rule numbers cited in braces (`"{hand - 1}"`)."""
        self.used.add(key)
        value = self.obj.get(key, default)
        if isinstance(value, str):
            try:
                value = int(cite(value.strip(), self.numbers))
            except CitationError as exc:
                self.fail(f'"{key}": {exc}')
                return default or 0
            except ValueError:
                self.fail(
                    f'"{key}" should be a whole number or a citation like "{{hand}}", '
                    f"not {describe(value)}"
                )
                return default or 0
        if value is None:
            self.fail(f'"{key}" is missing')
            return 0
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f'"{key}" should be a whole number, not {describe(value)}')
            return default or 0
        if not low <= value <= LARGEST:
            self.fail(f'"{key}" is {value}: it should lie between {low} and {LARGEST}')
            return max(low, min(value, LARGEST))
        return value

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.text(key, default)
        if value not in allowed:
            self.fail(f'"{key}" is {quoted(value)}; it should be one of {", ".join(allowed)}')
            return default
        return value

    def items(self, key: str, required: bool = True) -> list[Any]:
        self.used.add(key)
        value = self.obj.get(key)
        if value is None and not required:
            return []
        if not isinstance(value, list) or (required and not value):
            self.fail(
                f'"{key}" should be a list ([...]) with at least one item, not {describe(value)}'
            )
            return []
        return value

    def sub(self, obj: Any, where: str) -> _Part:
        return _Part(obj, f"{self.where}.{where}", self.problems, self.loc, self.numbers)

    def finish(self) -> None:
        for key in self.obj:
            if key not in self.used and not key.startswith("_"):
                hint = did_you_mean(str(key), sorted(self.used))
                self.fail(f"unknown key {quoted(str(key))}{hint}")


def _known(part: _Part, key: str, value: str | None, known: Mapping[str, Any], what: str) -> None:
    if value is not None and value not in known:
        names = ", ".join(known) or "none declared"
        part.fail(
            f'"{key}": unknown {what} {quoted(value)} ({what}s: {clip(names, 120)})'
            f"{did_you_mean(value, known)}"
        )


class TableReader:
    """The whole declaration, read part by part so that later parts can name earlier ones."""

    def __init__(self, raw: Any, game: Any, problems: Problems, loc: Location) -> None:
        self.game, self.problems, self.loc = game, problems, loc
        self.top = _Part(raw, "table", problems, loc, game.numbers)

    def stats(self) -> set[str]:
        """Number fields of the decks' card types: what `by` and `compare` may name."""
        types = {t for d in self.decks.values() for t in d.types}
        return {
            f.name
            for t in self.game.spec.types
            if t.id in types
            for f in t.fields
            if f.type in ("int", "number", "float")
        }

    def read(self) -> TableSpec | None:
        top = self.top
        spec = self.game.spec
        names = []
        for i, name in enumerate(top.items("seats")):
            if not isinstance(name, str) or not name.strip():
                top.fail(f"seats[{i}] should be a player's name, not {describe(name)}")
            else:
                names.append(name.strip())
        if names and not spec.players_min <= len(names) <= spec.players_max:
            top.fail(
                f"{len(names)} seat(s), but players.min and players.max allow "
                f"{spec.players_min} to {spec.players_max}"
            )
        if len(names) > MOST_SEATS or len(set(names)) != len(names):
            top.fail(f"seats should be up to {MOST_SEATS} different names")
        self.seats = tuple(names)
        self.counters = {c.id: c for c in self._counters("counters", shared=False)}
        self.shared = {c.id: c for c in self._counters("shared", shared=True)}
        both = set(self.counters) & set(self.shared)
        if both:
            top.fail(f"counter(s) {', '.join(sorted(both))} declared both per seat and shared")
        self.dice = {d.id: d for d in self._dice()}
        self.decks = {d.id: d for d in self._decks()}
        self.zones = {z.id: z for z in self._zones()}
        turn = top.sub(top.obj.get("turn"), "turn")
        top.used.add("turn")
        order = turn.choice("order", ORDERS, "in_turn")
        phases = tuple(
            self._phase(turn.sub(p, f"phases[{i}]"), order)
            for i, p in enumerate(turn.items("phases"))
        )
        turn.finish()
        end = top.sub(top.obj.get("end", {}), "end")
        top.used.add("end")
        deck_empty = end.choice("deck_empty", DECK_EMPTY, "nothing")
        winner = self._winner(end)
        end.finish()
        top.finish()
        endings = [
            c
            for c in (*self.counters.values(), *self.shared.values())
            if {c.at_min, c.at_max} - {"nothing"}
        ]
        if not endings and deck_empty == "nothing":
            top.fail(
                "the game can never end: give a counter an at_min or at_max other than "
                '"nothing", or set end.deck_empty'
            )
        ends = any("ends" in (c.at_min, c.at_max) for c in endings) or deck_empty == "ends"
        if ends and winner is None and len(self.seats) > 1:
            top.fail(
                'a counter or deck "ends" the game, but end.winner does not say who wins '
                '("highest:<counter>" or "lowest:<counter>")'
            )
        return TableSpec(
            self.seats,
            tuple(self.counters.values()),
            tuple(self.shared.values()),
            tuple(self.dice.values()),
            tuple(self.decks.values()),
            tuple(self.zones.values()),
            order,
            phases,
            deck_empty,
            winner,
        )

    def _counters(self, key: str, shared: bool) -> list[Counter]:
        out = []
        for i, obj in enumerate(self.top.items(key, required=False)):
            part = self.top.sub(obj, f"{key}[{i}]")
            counter = Counter(
                part.ident(),
                part.text("name", part.obj.get("id", "")),
                part.number("start"),
                part.number("min"),
                part.number("max"),
                part.choice("at_min", OUTCOMES, "nothing"),
                part.choice("at_max", OUTCOMES, "nothing"),
                part.number("each_round", 0) if shared else 0,
            )
            if counter.min > counter.max:
                part.fail(f"min {counter.min} is above max {counter.max}")
            elif not counter.min <= counter.start <= counter.max:
                part.fail(f"start {counter.start} lies outside {counter.min}..{counter.max}")
            part.finish()
            out.append(counter)
        return self._unique(out, key)

    def _unique(self, items: list[Any], key: str) -> list[Any]:
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                self.top.fail(f"{key}: id {quoted(item.id)} is declared twice")
            seen.add(item.id)
        return items

    def _dice(self) -> list[Die]:
        out = []
        for i, obj in enumerate(self.top.items("dice", required=False)):
            part = self.top.sub(obj, f"dice[{i}]")
            faces = part.items("faces")
            good = [f for f in faces if isinstance(f, int) and not isinstance(f, bool)]
            if len(good) != len(faces) or not 2 <= len(good) <= 100:
                part.fail('"faces" should be 2 to 100 whole numbers, like [1, 2, 3, 4, 5, 6]')
            out.append(Die(part.ident(), part.text("name", part.obj.get("id", "")), tuple(good)))
            part.finish()
        return self._unique(out, "dice")

    def _decks(self) -> list[Deck]:
        out = []
        types = {t.id: t for t in self.game.spec.card_types}
        for i, obj in enumerate(self.top.items("decks", required=False)):
            part = self.top.sub(obj, f"decks[{i}]")
            deck_types = part.items("types")
            for name in deck_types:
                if not isinstance(name, str):
                    part.fail(f'"types" should name card types, not {describe(name)}')
                else:
                    _known(part, "types", name, types, "card type")
            part.used.add("each")
            each = part.obj.get("each", False)
            if not isinstance(each, bool):
                part.fail(f'"each" should be true or false, not {describe(each)}')
            deck = Deck(
                part.ident(),
                part.text("name", part.obj.get("id", "")),
                tuple(t for t in deck_types if isinstance(t, str)),
                each is True,
            )
            if part.ok and not sum(self.game.count(t) for t in deck.types):
                part.fail("has no cards: its types' sheets hold no rows")
            part.finish()
            out.append(deck)
        return self._unique(out, "decks")

    def _zones(self) -> list[Zone]:
        out = []
        for i, obj in enumerate(self.top.items("zones", required=False)):
            part = self.top.sub(obj, f"zones[{i}]")
            zone = Zone(
                part.ident(),
                part.text("name", part.obj.get("id", "")),
                part.choice("seen", SEEN, "all"),
                part.number("deal", 0, low=0),
            )
            if zone.deal and not self.decks:
                part.fail(f"deals {zone.deal} card(s), but no deck is declared")
            part.finish()
            out.append(zone)
        return self._unique(out, "zones")

    def _effects(self, part: _Part, key: str, compared: bool) -> tuple[Effect, ...]:
        return tuple(
            self._effect(part.sub(obj, f"{key}[{i}]"), compared)
            for i, obj in enumerate(part.items(key, required=False))
        )

    def _effect(self, part: _Part, compared: bool, finish: bool = True) -> Effect:
        counter = part.text("counter", "")
        every = {**self.counters, **self.shared}
        _known(part, "counter", counter, every, "counter")
        shared = counter in self.shared
        part.used.add("of")
        of = part.obj.get("of")
        if shared and of is not None:
            part.fail(f'"of": {quoted(counter)} is a shared counter; leave "of" out')
        elif not shared and of not in OF:
            part.fail(f'"of" should be one of {", ".join(OF)}, not {describe(of)}')
        effect = self._by(part, counter, None if shared else of, compared)
        if finish:
            part.finish()
        return effect

    def _by(self, part: _Part, counter: str, of: str | None, compared: bool) -> Effect:
        part.used.add("by")
        raw = part.obj.get("by")
        if isinstance(raw, str):
            try:
                text = cite(raw.strip(), part.numbers)
            except CitationError as exc:
                part.fail(f'"by": {exc}')
                return Effect(counter, of)
            match = _BY.fullmatch(text)
            if match:
                sign, word = (1 if match[1] == "+" else -1), match[2]
                if word == DIFFERENCE and not compared:
                    part.fail('"by": "difference" is known only after a seal\'s compare')
                elif word not in (DIE, DIFFERENCE) and word not in self.stats():
                    stats = ", ".join(sorted(self.stats())) or "none"
                    part.fail(
                        f'"by": {quoted(word)} is neither die, difference nor a number '
                        f"field of the decks' cards ({stats})"
                    )
                return Effect(counter, of, 0, sign, word)
        part.obj = part.obj | {"by": raw}
        return Effect(counter, of, part.number("by"))

    def _phase(self, part: _Part, order: str) -> Phase:
        allows = tuple(
            self._allowed(part.sub(obj, f"allows[{i}]"), order)
            for i, obj in enumerate(part.items("allows"))
        )
        phase = Phase(part.ident(), part.text("name", part.obj.get("id", "")), allows)
        part.finish()
        return phase

    def _allowed(self, part: _Part, order: str) -> Allowed:
        do = part.choice("do", DOES, "change")
        at_least = part.number("at_least", 0, low=0)
        at_most = part.number("at_most", 1, low=1)
        if at_least > at_most:
            part.fail(f"at_least {at_least} is above at_most {at_most}: the phase could never end")
        fields: dict[str, Any] = {"do": do, "at_least": at_least, "at_most": at_most}
        if do == "draw":
            fields["deck"] = part.text("deck", "")
            _known(part, "deck", fields["deck"], self.decks, "deck")
            fields["to"] = part.text("to", "")
            fields["count"] = part.number("count", 1, low=1)
        if do in ("play", "seal"):
            fields["source"] = part.text("from", "")
            _known(part, "from", fields["source"], self.zones, "zone")
            pile = self.zones.get(fields["source"])
            if pile is not None and pile.seen == "none":
                part.fail(f'"from": {quoted(pile.id)} lies face down, so no card of it can be '
                          "chosen; play from a zone its owner sees")  # fmt: skip
            fields["to"] = part.text("to", "")
        if do in ("draw", "play", "seal"):
            _known(part, "to", fields["to"], self.zones, "zone")
        if do == "roll":
            fields["die"] = part.text("die", "")
            _known(part, "die", fields["die"], self.dice, "die")
        if do in ("play", "roll"):
            fields["then"] = self._effects(part, "then", compared=False)
        if do == "change":
            fields["change"] = self._effect(part, compared=False, finish=False)
        if do == "seal":
            if order != "together":
                part.fail('"seal" needs turn.order "together": sealed choices are made at once')
            fields["compare"] = part.text("compare", "")
            if fields["compare"] not in self.stats():
                stats = ", ".join(sorted(self.stats())) or "none"
                part.fail(
                    f'"compare": {quoted(fields["compare"])} is no number field of the '
                    f"decks' cards ({stats})"
                )
            fields["lower"] = self._effects(part, "lower", compared=True)
            fields["higher"] = self._effects(part, "higher", compared=True)
        for effect in (
            *fields.get("then", ()),
            *fields.get("lower", ()),
            *fields.get("higher", ()),
        ):
            if effect.word == DIE and do != "roll":
                part.fail('"by": "die" is known only after a roll')
        part.finish()
        return Allowed(**fields)

    def _winner(self, end: _Part) -> tuple[str, str] | None:
        end.used.add("winner")
        raw = end.obj.get("winner")
        if raw is None:
            return None
        if not isinstance(raw, str) or ":" not in raw:
            end.fail(
                f'"winner" should be "highest:<counter>" or "lowest:<counter>", not {describe(raw)}'
            )
            return None
        how, _, counter = raw.partition(":")
        if how not in ("highest", "lowest"):
            end.fail(f'"winner" should start with highest: or lowest:, not {quoted(how)}')
        _known(end, "winner", counter, self.counters, "counter")
        return how, counter


def read_table(raw: Any, game: Any, problems: Problems, loc: Location) -> TableSpec | None:
    """The declared table of `game` (loaded, with its rule numbers), or None when the manifest
    declares none or the declaration has problems (each recorded in `problems`)."""
    if raw is None:
        return None
    before = len(problems.items)
    table = TableReader(raw, game, problems, loc).read()
    return table if len(problems.items) == before else None
