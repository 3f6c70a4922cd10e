"""A game's effect vocabulary: which words its declarations may use, and the English of each.

Read from the manifest's `"effects"` section (`load_vocabulary`); every mistake is named by its
path (effects.verbs.deal.amount ...) in one line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class ValueKind:
    """What the value of a filter or a condition may be: a whole number within bounds, one of
    fixed values, or a keyword of one of the game's keyword sets."""

    type: Literal["int", "choice", "keyword"]
    min: int | None = None
    max: int | None = None
    values: tuple[str, ...] = ()
    set: str = ""


@dataclass(frozen=True)
class Word:
    """A trigger, limit, flag, condition or duration: its English and, for a condition, the kind
    of value it takes. A flag's `place` says where its words go: "header" (after the trigger,
    "on your turn"), "before" (a sentence of its own before the steps) or "may" (the steps become
    "You may ... If you do, ..."). `types` limits a trigger to some card types (deploy: a
    Lutura); `triggers` limits a condition to the triggers that give it a meaning (if the target
    was destroyed: after an attack). Empty means no limit."""

    id: str
    text: str = ""
    description: str = ""
    place: str = "header"
    value: ValueKind | None = None
    types: tuple[str, ...] = ()
    triggers: tuple[str, ...] = ()


@dataclass(frozen=True)
class TargetWord:
    """A target: its noun phrase (`{adj}` marks where filters such as "Gear 1 " go), what kind of
    thing it is (lutura, soldier, tool, crystal, card, attack ...), whose side it is on (own,
    opponent, any), whether it means every such thing (`many`) or one chosen by `chooser`; the
    card types it can be written on (`types`: "this Lutura" only on a Lutura) and the triggers
    that give it a meaning (`triggers`: "the attacking Lutura" only when there is an attack)."""

    id: str
    text: str
    kind: str
    side: str = "any"
    many: bool = False
    chooser: str = "owner"
    description: str = ""
    types: tuple[str, ...] = ()
    triggers: tuple[str, ...] = ()


@dataclass(frozen=True)
class FilterWord:
    """A `key=value` narrowing a target: its English and whether it goes before the noun ("Gear
    1 Lutura") or after the phrase ("with 3 or less Stamina left"), and the kinds it applies to."""

    id: str
    text: str
    value: ValueKind
    place: Literal["before", "after"] = "before"
    kinds: tuple[str, ...] = ()
    description: str = ""


@dataclass(frozen=True)
class VerbWord:
    """A verb: whether it takes an amount ("none", "required", "optional"; `all` allows the word
    all), which target kinds it accepts (empty: it takes no target) and whether one is required,
    and its sentence. `text` is one template, or one per target kind; `may_text` is used after
    "You may" when the plain sentence does not read as an order ("gets +2 Combat")."""

    id: str
    text: Mapping[str, str]
    amount: Literal["none", "required", "optional"] = "none"
    allows_all: bool = False
    targets: tuple[str, ...] = ()
    target_required: bool = True
    may_text: str = ""
    lasting: bool = False
    description: str = ""

    def template(self, target: str, kind: str) -> str:
        """The sentence for a target word (by its id, else its kind, else the general one)."""
        found = self.text.get(target) or self.text.get(kind) or self.text.get("*")
        return found or next(iter(self.text.values()))


@dataclass(frozen=True)
class Vocabulary:
    """Every word a game's effect declarations may use (the manifest's `"effects"` section)."""

    triggers: Mapping[str, Word]
    limits: Mapping[str, Word]
    flags: Mapping[str, Word]
    conditions: Mapping[str, Word]
    targets: Mapping[str, TargetWord]
    filters: Mapping[str, FilterWord]
    verbs: Mapping[str, VerbWord]
    durations: Mapping[str, Word]
    delays: Mapping[str, Word]
    default_trigger: str = ""
    description: str = ""


class EffectError(ValueError):
    """A declaration or a vocabulary that does not fit; the message is one line for a designer."""


SECTIONS = (
    "triggers",
    "limits",
    "flags",
    "conditions",
    "targets",
    "filters",
    "verbs",
    "durations",
    "delays",
)
FLAG_PLACES = ("header", "before", "may")
AMOUNT_KINDS = ("none", "required", "optional")
SIDES = ("own", "opponent", "any")
CHOOSERS = ("owner", "opponent", "none")


class _Section:
    """Reads one object of the vocabulary, naming its path in every complaint."""

    def __init__(self, obj: Any, where: str) -> None:
        if not isinstance(obj, dict):
            raise EffectError(f"{where} should be an object ({{...}})")
        self.obj = obj
        self.where = where
        self.used: set[str] = set()

    def get(self, key: str, kind: type | tuple[type, ...], default: Any = None) -> Any:
        self.used.add(key)
        if key not in self.obj:
            return default
        value = self.obj[key]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            names = (
                kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
            )
            raise EffectError(f"{self.where}.{key} should be {names}")
        return value

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.get(key, str, default)
        if value not in allowed:
            raise EffectError(f"{self.where}.{key} must be one of {', '.join(allowed)}")
        return str(value)

    def finish(self) -> None:
        extra = [k for k in self.obj if k not in self.used and not str(k).startswith("_")]
        if extra:
            raise EffectError(f"{self.where}: unknown key {extra[0]!r}")


def _entries(raw: Mapping[str, Any], section: str) -> Iterator[tuple[str, Any, str]]:
    table = raw.get(section, {})
    if not isinstance(table, dict):
        raise EffectError(f"effects.{section} should be an object of words")
    for key, obj in table.items():
        if str(key).startswith("_"):
            continue
        if not _NAME.fullmatch(str(key)):
            raise EffectError(f"effects.{section}: {key!r} should be lower_case_with_underscores")
        yield key, obj, f"effects.{section}.{key}"


def _value_kind(obj: Any, where: str) -> ValueKind:
    r = _Section(obj, where)
    kind = r.choice("type", ("int", "choice", "keyword"), "int")
    values = r.get("values", list, [])
    spec = ValueKind(
        kind,  # type: ignore[arg-type]
        min=r.get("min", int),
        max=r.get("max", int),
        values=tuple(str(v) for v in values),
        set=r.get("set", str, ""),
    )
    r.finish()
    if kind == "choice" and not spec.values:
        raise EffectError(f'{where}: a choice needs "values"')
    if kind == "keyword" and not spec.set:
        raise EffectError(f'{where}: a keyword value needs "set"')
    return spec


def _word(key: str, obj: Any, where: str, places: tuple[str, ...] = ()) -> Word:
    if isinstance(obj, str):
        obj = {"text": obj}
    r = _Section(obj, where)
    value = r.get("value", dict)
    word = Word(
        key,
        text=r.get("text", str, ""),
        description=r.get("description", str, ""),
        place=r.choice("place", places, places[0]) if places else "header",
        value=_value_kind(value, f"{where}.value") if value is not None else None,
        types=_names(r, "types"),
        triggers=_names(r, "triggers"),
    )
    r.finish()
    return word


def _target_word(key: str, obj: Any, where: str) -> TargetWord:
    r = _Section(obj, where)
    word = TargetWord(
        key,
        text=r.get("text", str, "") or _missing(where, "text"),
        kind=r.get("kind", str, "") or _missing(where, "kind"),
        side=r.choice("side", SIDES, "any"),
        many=r.get("many", bool, False),
        chooser=r.choice("chooser", CHOOSERS, "owner"),
        description=r.get("description", str, ""),
        types=_names(r, "types"),
        triggers=_names(r, "triggers"),
    )
    r.finish()
    return word


def _names(r: _Section, key: str) -> tuple[str, ...]:
    names = r.get(key, list, [])
    if not all(isinstance(n, str) for n in names):
        raise EffectError(f"{r.where}.{key} should be a list of names")
    return tuple(names)


def _filter_word(key: str, obj: Any, where: str) -> FilterWord:
    r = _Section(obj, where)
    word = FilterWord(
        key,
        text=r.get("text", str, "") or _missing(where, "text"),
        value=_value_kind(r.get("value", dict, {}), f"{where}.value"),
        place=r.choice("place", ("before", "after"), "before"),  # type: ignore[arg-type]
        kinds=tuple(str(k) for k in r.get("kinds", list, [])),
        description=r.get("description", str, ""),
    )
    r.finish()
    return word


def _verb_word(key: str, obj: Any, where: str) -> VerbWord:
    r = _Section(obj, where)
    text = r.get("text", (str, dict), "")
    if isinstance(text, str):
        text = {"*": text} if text else {}
    if not text or not all(isinstance(v, str) and v for v in text.values()):
        raise EffectError(f"{where}.text should be a sentence, or an object of sentences by kind")
    word = VerbWord(
        key,
        text=dict(text),
        amount=r.choice("amount", AMOUNT_KINDS, "none"),  # type: ignore[arg-type]
        allows_all=r.get("all", bool, False),
        targets=tuple(str(k) for k in r.get("targets", list, [])),
        target_required=r.get("target_required", bool, True),
        may_text=r.get("may_text", str, ""),
        lasting=r.get("lasting", bool, False),
        description=r.get("description", str, ""),
    )
    r.finish()
    return word


def _missing(where: str, key: str) -> str:
    raise EffectError(f"{where}.{key} is required")


def load_vocabulary(raw: Any, where: str = "effects") -> Vocabulary:
    """The vocabulary declared in `raw` (the manifest's "effects" object); EffectError names the
    first thing wrong with it, with its path (effects.verbs.deal.amount ...)."""
    r = _Section(raw, where)
    for section in SECTIONS:
        r.get(section, dict, {})
    default_trigger = r.get("default_trigger", str, "")
    description = r.get("description", str, "")
    r.finish()
    triggers = {k: _word(k, o, w) for k, o, w in _entries(raw, "triggers")}
    words: dict[str, dict[str, Any]] = {
        "limits": {k: _word(k, o, w) for k, o, w in _entries(raw, "limits")},
        "flags": {k: _word(k, o, w, FLAG_PLACES) for k, o, w in _entries(raw, "flags")},
        "conditions": {k: _word(k, o, w) for k, o, w in _entries(raw, "conditions")},
        "durations": {k: _word(k, o, w) for k, o, w in _entries(raw, "durations")},
        "delays": {k: _word(k, o, w) for k, o, w in _entries(raw, "delays")},
    }
    targets = {k: _target_word(k, o, w) for k, o, w in _entries(raw, "targets")}
    filters = {k: _filter_word(k, o, w) for k, o, w in _entries(raw, "filters")}
    verbs = {k: _verb_word(k, o, w) for k, o, w in _entries(raw, "verbs")}
    if not triggers or not verbs:
        raise EffectError(f"{where} needs at least one trigger and one verb")
    if default_trigger and default_trigger not in triggers:
        raise EffectError(f"{where}.default_trigger {default_trigger!r} is not a trigger")
    _check_overlaps(triggers, words)
    _check_limited_words(triggers, words)
    vocabulary = Vocabulary(
        triggers=triggers,
        limits=words["limits"],
        flags=words["flags"],
        conditions=words["conditions"],
        targets=targets,
        filters=filters,
        verbs=verbs,
        durations=words["durations"],
        delays=words["delays"],
        default_trigger=default_trigger,
        description=description,
    )
    _check_references(vocabulary, where)
    return vocabulary


def _check_limited_words(
    triggers: Mapping[str, Word], words: Mapping[str, Mapping[str, Word]]
) -> None:
    """Only a trigger is limited to card types and only a condition to triggers; elsewhere the
    key would be silently ignored, so it is refused."""
    for key, word in triggers.items():
        if word.triggers:
            raise EffectError(f"effects.triggers.{key}: unknown key 'triggers'")
    for section, table in words.items():
        for key, word in table.items():
            if word.types:
                raise EffectError(f"effects.{section}.{key}: unknown key 'types'")
            if word.triggers and section != "conditions":
                raise EffectError(f"effects.{section}.{key}: unknown key 'triggers'")


def _check_overlaps(triggers: Mapping[str, Word], words: Mapping[str, Mapping[str, Word]]) -> None:
    """A header word must say which of trigger, limit or flag it is."""
    seen: dict[str, str] = {k: "triggers" for k in triggers}
    for section in ("limits", "flags"):
        for key in words[section]:
            if key in seen:
                raise EffectError(f"effects: {key!r} is both in {seen[key]} and in {section}")
            seen[key] = section


def _check_references(vocabulary: Vocabulary, where: str) -> None:
    kinds = {t.kind for t in vocabulary.targets.values()}
    for section, words in (("targets", vocabulary.targets), ("conditions", vocabulary.conditions)):
        for key, word in words.items():
            for trigger in word.triggers:
                if trigger not in vocabulary.triggers:
                    raise EffectError(f"{where}.{section}.{key}: no trigger {trigger!r}")
    for verb in vocabulary.verbs.values():
        for kind in verb.targets:
            if kind not in kinds:
                raise EffectError(f"{where}.verbs.{verb.id}: no target is of kind {kind!r}")
        for kind in verb.text:
            if kind != "*" and kind not in verb.targets and kind not in vocabulary.targets:
                raise EffectError(
                    f"{where}.verbs.{verb.id}.text: {kind!r} is no target nor kind it takes"
                )
    for spec in vocabulary.filters.values():
        for kind in spec.kinds:
            if kind not in kinds:
                raise EffectError(f"{where}.filters.{spec.id}: no target is of kind {kind!r}")


def keyword_sets_used(vocabulary: Vocabulary) -> set[str]:
    """The keyword sets filter and condition values name, for the manifest to check they exist."""
    kinds = [f.value for f in vocabulary.filters.values()]
    kinds += [c.value for c in vocabulary.conditions.values() if c.value is not None]
    return {k.set for k in kinds if k.type == "keyword"}


def type_names(vocabulary: Vocabulary) -> set[str]:
    """The card types the vocabulary's words name, for the manifest to check they exist."""
    words: list[Word | TargetWord] = [*vocabulary.triggers.values(), *vocabulary.targets.values()]
    return {t for w in words for t in w.types}
