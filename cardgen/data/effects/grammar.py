"""Reading a `does` cell: `header: step, step; header: step`, checked word by word against the
game's vocabulary, every mistake one line naming the effect and the word."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from cardgen.data.effects.declaration import (
    COST_WORD,
    EFFECT_SEPARATOR,
    STEP_SEPARATOR,
    Amount,
    Condition,
    Effect,
    Step,
    Target,
)
from cardgen.data.effects.vocabulary import (
    EffectError,
    TargetWord,
    ValueKind,
    VerbWord,
    Vocabulary,
    Word,
)

ALL = "all"
IF_WORD = "if"
STEP_KEYS = {"for": "duration", "at": "delay"}  # every other key=value narrows the target
LONGEST_CELL = 2000  # characters; a card's effects are a sentence or two
_NAME = re.compile(r"[a-z][a-z0-9_]*")
_AMOUNT = re.compile(r"\+?[0-9]{1,6}")
_OPTION = re.compile(r"([a-z][a-z0-9_]*)=(\S+)")


def normalize(phrase: str) -> str:
    """`Once per turn`, `once-per-turn` and `once_per_turn` all mean once_per_turn; an apostrophe
    is dropped (`opponent's turn` is opponents_turn)."""
    text = phrase.strip().lower().replace("'", "").replace("\u2019", "")
    return "_".join(text.replace("-", " ").replace("_", " ").split())


def _known(word: str, table: Mapping[str, Any], what: str) -> str:
    if word not in table:
        raise EffectError(f"{what} {word!r} is not in the vocabulary (known: {', '.join(table)})")
    return word


def parse_effects(
    cell: str,
    vocabulary: Vocabulary,
    keywords: Mapping[str, Mapping[str, str]] | None = None,
) -> tuple[Effect, ...]:
    """Every effect written in `cell`, checked against the vocabulary; EffectError names the
    first problem (which effect, which word) in one line. `keywords` maps a keyword set to its
    aliases (as the card database reads them) for filter and condition values of keyword kind."""
    text = cell.strip()
    if len(text) > LONGEST_CELL:
        raise EffectError(f"the declaration is {len(text)} characters; at most {LONGEST_CELL}")
    parts = [p.strip() for p in text.split(EFFECT_SEPARATOR)]
    if any(not p for p in parts):
        raise EffectError("an empty effect between two ';'")
    effects = []
    for index, part in enumerate(parts):
        try:
            effects.append(parse_effect(part, vocabulary, keywords or {}))
        except EffectError as exc:
            if len(parts) == 1:
                raise
            raise EffectError(f"effect {index + 1}: {exc}") from None
    return tuple(effects)


def parse_effect(
    text: str, vocabulary: Vocabulary, keywords: Mapping[str, Mapping[str, str]]
) -> Effect:
    """One effect, `header: step, step`."""
    if ":" not in text:
        raise EffectError(
            f"{_clip(text)!r} has no ':' (write when it happens, a colon, then what it does, "
            "e.g. 'deploy: draw 1')"
        )
    head, body = text.split(":", 1)
    trigger, limit, flags, conditions = _header(head, vocabulary, keywords)
    step_texts = [s.strip() for s in body.split(STEP_SEPARATOR)]
    if not body.strip():
        raise EffectError("nothing after the ':' (give at least one step, e.g. 'draw 1')")
    if any(not s for s in step_texts):
        raise EffectError("an empty step between two ','")
    steps = tuple(_step(s, vocabulary, keywords) for s in step_texts)
    costs = [s for s in steps if s.cost]
    for cost in costs:
        _check_cost(cost, vocabulary)
    if costs and steps[: len(costs)] != tuple(costs):
        raise EffectError("write the cost steps first, before the steps they pay for")
    if costs and len(costs) == len(steps):
        raise EffectError("only costs: give a step the cost pays for")
    _check_context(trigger, steps, conditions, vocabulary)
    if costs and steps[len(costs)].delay:
        raise EffectError(
            f"{steps[len(costs)].verb}: what a cost pays for happens at once (no at=)"
        )
    return Effect(trigger, steps, limit, flags, conditions)


def _check_context(
    trigger: str, steps: tuple[Step, ...], conditions: tuple[Condition, ...], vocabulary: Vocabulary
) -> None:
    """Words such as `attacker` ("the attacking Lutura") or `if target_destroyed` mean something
    only under the triggers they name; elsewhere the engine would have nothing to resolve."""
    words: list[tuple[str, Word | TargetWord]] = [
        (s.target_name, vocabulary.targets[s.target_name]) for s in steps if s.target
    ]
    words += [(f"if {c.name}", vocabulary.conditions[c.name]) for c in conditions]
    for name, word in words:
        if word.triggers and trigger not in word.triggers:
            raise EffectError(
                f"{name!r} means something only with the trigger {' or '.join(word.triggers)}"
            )


def misplaced(effects: tuple[Effect, ...], vocabulary: Vocabulary, type_id: str) -> str:
    """Why these effects can't be written on a card of `type_id` ("" when they can): a trigger
    or a target whose `types` leave it out."""
    for effect in effects:
        trigger = vocabulary.triggers[effect.trigger]
        if trigger.types and type_id not in trigger.types:
            return f"the trigger {trigger.id!r} is for {' or '.join(trigger.types)} cards only"
        for step in effect.steps:
            target = vocabulary.targets.get(step.target_name)
            if target is not None and target.types and type_id not in target.types:
                return f"the target {target.id!r} is for {' or '.join(target.types)} cards only"
    return ""


def _check_cost(cost: Step, vocabulary: Vocabulary) -> None:
    """A cost is paid at once and reads "Destroy one of your Crystals to ...": a lasting or a
    later step, or a verb whose sentence has two parts, can't be one."""
    verb = vocabulary.verbs[cost.verb]
    if verb.lasting or cost.duration or cost.delay:
        raise EffectError(f"cost {cost.verb}: a cost is paid at once, not a lasting or later step")
    if any(". " in text for text in verb.text.values()):
        raise EffectError(f"cost {cost.verb}: its sentence has two parts, so it can't be a cost")


def _header(
    head: str, vocabulary: Vocabulary, keywords: Mapping[str, Mapping[str, str]]
) -> tuple[str, str, tuple[str, ...], tuple[Condition, ...]]:
    trigger = limit = ""
    flags: list[str] = []
    conditions: list[Condition] = []
    for raw in head.split(","):
        phrase = raw.strip()
        if not phrase:
            raise EffectError("an empty part in the header (before the ':')")
        first, _, rest = phrase.partition(" ")
        if first.lower() == IF_WORD:
            conditions.append(_condition(rest, vocabulary, keywords))
            continue
        word = _header_word(phrase, vocabulary)
        if word in vocabulary.triggers:
            if trigger:
                raise EffectError(f"two triggers, {trigger!r} and {word!r}: an effect has one")
            trigger = word
        elif word in vocabulary.limits:
            if limit:
                raise EffectError(f"two limits, {limit!r} and {word!r}: an effect has one")
            limit = word
        elif word in vocabulary.flags:
            if word in flags:
                raise EffectError(f"{word!r} is written twice")
            flags.append(word)
        else:
            known = [*vocabulary.triggers, *vocabulary.limits, *vocabulary.flags]
            raise EffectError(
                f"{_clip(phrase)!r} is not a trigger, limit or flag of the vocabulary "
                f"(known: {', '.join(known)}; a condition starts with 'if')"
            )
    if not trigger:
        if not vocabulary.default_trigger or not limit:
            raise EffectError(
                f"no trigger in {_clip(head.strip())!r} "
                f"(triggers: {', '.join(vocabulary.triggers)})"
            )
        trigger = vocabulary.default_trigger
    return trigger, limit, tuple(flags), tuple(conditions)


def _header_word(phrase: str, vocabulary: Vocabulary) -> str:
    """A header word by its id or by its printed words: `on your turn` is your_turn."""
    word = normalize(phrase)
    for table in (vocabulary.triggers, vocabulary.limits, vocabulary.flags):
        for key, entry in table.items():
            if word == key or (entry.text and word == normalize(entry.text)):
                return key
    return word


def _condition(
    text: str, vocabulary: Vocabulary, keywords: Mapping[str, Mapping[str, str]]
) -> Condition:
    name, eq, value = text.strip().partition("=")
    word = vocabulary.conditions.get(normalize(name))
    if word is None:
        raise EffectError(
            f"{_clip(name.strip())!r} is not a condition of the vocabulary "
            f"(known: {', '.join(vocabulary.conditions)})"
        )
    if word.value is None:
        if eq:
            raise EffectError(f"the condition {word.id!r} takes no value")
        return Condition(word.id)
    if not value.strip():
        raise EffectError(f"the condition {word.id!r} needs a value: 'if {word.id}=...'")
    return Condition(word.id, _value(value.strip(), word.value, f"if {word.id}", keywords))


def _step(text: str, vocabulary: Vocabulary, keywords: Mapping[str, Mapping[str, str]]) -> Step:
    tokens = text.split()
    cost = tokens[0].lower() == COST_WORD
    if cost:
        tokens = tokens[1:]
        if not tokens:
            raise EffectError("'cost' with no verb after it")
    verb_name = tokens[0].lower()
    verb = vocabulary.verbs.get(verb_name)
    if verb is None:
        raise EffectError(
            f"{_clip(tokens[0])!r} is not a verb of the vocabulary "
            f"(verbs: {', '.join(vocabulary.verbs)})"
        )
    amount: Amount = None
    target_name = ""
    options: dict[str, str] = {}
    filters: list[tuple[str, str]] = []
    for token in tokens[1:]:
        low = token.lower()
        option = _OPTION.fullmatch(low)
        if option:
            key, value = option.groups()
            if key in STEP_KEYS:
                _once(options, key, value, verb.id)
            elif any(k == key for k, _ in filters):
                raise EffectError(f"{verb.id}: {key}= is written twice")
            else:
                filters.append((key, value))
        elif _AMOUNT.fullmatch(low) or low == ALL:
            if amount is not None or target_name:
                raise EffectError(f"{verb.id}: write the amount once, right after the verb")
            amount = "all" if low == ALL else int(low.lstrip("+"))
        elif "=" in low:
            raise EffectError(f"{verb.id}: {_clip(token)!r} is not key=value (no spaces around =)")
        elif _NAME.fullmatch(low):
            if target_name:
                raise EffectError(f"{verb.id}: two targets, {target_name!r} and {low!r}")
            target_name = low
        else:
            raise EffectError(
                f"{verb.id}: {_clip(token)!r} is not an amount, a target or key=value"
            )
    _check_amount(verb, amount)
    target = _target(verb, target_name, filters, vocabulary, keywords)
    duration = options.get("for", "")
    delay = options.get("at", "")
    if duration:
        _known(duration, vocabulary.durations, f"{verb.id}: duration")
    if delay:
        _known(delay, vocabulary.delays, f"{verb.id}: delay")
    return Step(verb.id, amount, target, cost, duration, delay)


def _once(options: dict[str, str], key: str, value: str, verb: str) -> None:
    if key in options:
        raise EffectError(f"{verb}: {key}= is written twice")
    options[key] = value


def _check_amount(verb: VerbWord, amount: Amount) -> None:
    if amount is None and verb.amount == "required":
        raise EffectError(f"{verb.id} needs an amount (e.g. '{verb.id} 2')")
    if amount is not None and verb.amount == "none":
        raise EffectError(f"{verb.id} takes no amount")
    if amount == ALL and not verb.allows_all:
        raise EffectError(f"{verb.id} takes a number, not 'all'")
    if isinstance(amount, int) and amount < 1:
        raise EffectError(f"{verb.id}: the amount must be at least 1")


def _target(
    verb: VerbWord,
    name: str,
    filters: list[tuple[str, str]],
    vocabulary: Vocabulary,
    keywords: Mapping[str, Mapping[str, str]],
) -> Target | None:
    if not name:
        if verb.targets and verb.target_required:
            raise EffectError(f"{verb.id} needs a target ({_kinds(verb, vocabulary)})")
        if filters:
            raise EffectError(f"{verb.id}: {filters[0][0]}= narrows a target, but none is given")
        return None
    if not verb.targets:
        raise EffectError(f"{verb.id} takes no target, but {name!r} is given")
    word = vocabulary.targets.get(name)
    if word is None:
        raise EffectError(
            f"{name!r} is not a target of the vocabulary "
            f"(for {verb.id}: {_kinds(verb, vocabulary)})"
        )
    if word.kind not in verb.targets:
        raise EffectError(
            f"{verb.id} can't target {name!r} (a {word.kind}); it takes {_kinds(verb, vocabulary)}"
        )
    checked = []
    for key, value in filters:
        spec = vocabulary.filters.get(key)
        if spec is None:
            raise EffectError(
                f"{verb.id}: {key}= is not a filter of the vocabulary "
                f"(filters: {', '.join(vocabulary.filters)}; step options: for=, at=)"
            )
        if spec.kinds and word.kind not in spec.kinds:
            raise EffectError(f"{verb.id}: {key}= can't narrow {name!r} (a {word.kind})")
        checked.append((key, _value(value, spec.value, f"{key}=", keywords)))
    return Target(name, tuple(checked))


def _kinds(verb: VerbWord, vocabulary: Vocabulary) -> str:
    names = [t.id for t in vocabulary.targets.values() if t.kind in verb.targets]
    return "targets: " + ", ".join(names) if names else "no target"


def _value(text: str, kind: ValueKind, what: str, keywords: Mapping[str, Mapping[str, str]]) -> str:
    if kind.type == "int":
        if not re.fullmatch(r"[0-9]{1,6}", text):
            raise EffectError(f"{what} {_clip(text)!r} is not a whole number")
        number = int(text)
        if kind.min is not None and number < kind.min:
            raise EffectError(f"{what} {number} is below the minimum of {kind.min}")
        if kind.max is not None and number > kind.max:
            raise EffectError(f"{what} {number} is above the maximum of {kind.max}")
        return str(number)
    if kind.type == "choice":
        lookup = {v.lower(): v for v in kind.values}
        if text.lower() not in lookup:
            raise EffectError(f"{what} {_clip(text)!r} is not one of: {', '.join(kind.values)}")
        return lookup[text.lower()]
    aliases = keywords.get(kind.set, {})
    key = " ".join(text.lower().replace("_", " ").replace("-", " ").split())
    if key not in aliases:
        known = ", ".join(sorted(set(aliases.values())))
        raise EffectError(f"{what} {_clip(text)!r} is not a {kind.set} keyword (known: {known})")
    return aliases[key]


def _clip(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
