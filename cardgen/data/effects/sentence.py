"""The printed sentence of a declaration, from the English each vocabulary word carries.

The card's text and the engine read the same declaration, so a card can never say one thing and
do another. Templates fill `{amount}`, `{target}`, `{s}` ... (docs/effects.md).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from cardgen.data.effects.declaration import Effect, Step, Target
from cardgen.data.effects.vocabulary import TargetWord, Vocabulary

_PLACEHOLDER = re.compile(r"\{([A-Za-z_]+)\}")
_ARTICLE = re.compile(r"\b([Aa]) (?=[AEIOU])")


def render(effects: tuple[Effect, ...] | Effect, vocabulary: Vocabulary) -> str:
    """The English a card prints for its declared effects, one effect after another. The
    effects must have been read with this vocabulary (`parse_effects`), which checked every word."""
    items = (effects,) if isinstance(effects, Effect) else effects
    return " ".join(render_effect(e, vocabulary) for e in items)


def render_effect(effect: Effect, vocabulary: Vocabulary) -> str:
    before = [
        _sentence(vocabulary.flags[f].text)
        for f in effect.flags
        if vocabulary.flags[f].place == "before"
    ]
    body = _body(effect, vocabulary)
    head = _head(effect, vocabulary)
    text = " ".join([*before, f"{head}: {_capital(body)}" if head else _capital(body)])
    return _ARTICLE.sub(lambda m: m[1] + "n ", text)


def _head(effect: Effect, vocabulary: Vocabulary) -> str:
    parts = [vocabulary.limits[effect.limit].text] if effect.limit else []
    parts.append(vocabulary.triggers[effect.trigger].text)
    parts += [
        vocabulary.flags[f].text for f in effect.flags if vocabulary.flags[f].place == "header"
    ]
    for c in effect.conditions:
        word = vocabulary.conditions[c.name]
        parts.append(_fill(word.text, {"value": c.value, "Value": _capital(c.value)}))
    shown = [p for p in parts if p]
    rest = [_lower(p) if " " in p else p for p in shown[1:]]  # "Deploy" stays a keyword
    return ", ".join([_capital(shown[0]), *rest]) if shown else ""


def _body(effect: Effect, vocabulary: Vocabulary) -> str:
    may = any(vocabulary.flags[f].place == "may" for f in effect.flags)
    per = "one" if effect.limit else "each"
    costs = [_step_text(s, vocabulary, False, per) for s in effect.costs]
    actions = effect.actions
    sentences = []
    for index, step in enumerate(actions):
        order = index == 0 and (may or bool(costs))  # "You may give ...", "... to give ..."
        text = _step_text(step, vocabulary, may and index == 0 and not costs, per, order)
        if index == 0 and costs:
            paid = " and ".join([_capital(costs[0]), *(_lower(c) for c in costs[1:])])
            text = f"{paid} to {_lower(text)}"
            if may:
                text = "You may " + _lower(text)
        elif index > 0 and may:
            text = "If you do, " + _lower(text)
        elif index > 0 and _is_one_off(step, vocabulary) and _is_one_off(actions[0], vocabulary):
            text = "Then " + _lower(text)
        sentences.append(_sentence(text))
    return " ".join(sentences)


def _is_one_off(step: Step, vocabulary: Vocabulary) -> bool:
    """A step that happens and is over, which a following step comes after ("Then draw 1")."""
    return not (vocabulary.verbs[step.verb].lasting or step.duration or step.delay)


def _step_text(step: Step, vocabulary: Vocabulary, may: bool, per: str, order: bool = False) -> str:
    """One step's words; `per` is "each" for a lasting effect and "one" for a limited one
    ("takes 2 less damage from one attack"); `order` asks for the verb's form as an order
    (`may_text`, "give this Lutura +2 Combat") where its sentence is a statement."""
    verb = vocabulary.verbs[step.verb]
    word = vocabulary.targets.get(step.target_name) if step.target else None
    template = (
        verb.may_text
        if (may or order) and verb.may_text
        else verb.template(step.target_name, word.kind if word else "")
    )
    values = {**_slots(step, word, vocabulary), "per": per}
    text = _fill(template, values)
    if step.duration:
        text += " " + vocabulary.durations[step.duration].text
    if may:
        text = "You may " + _lower(text)
    if step.delay:
        text = vocabulary.delays[step.delay].text + " " + _lower(text)
    return text


def _slots(step: Step, word: TargetWord | None, vocabulary: Vocabulary) -> dict[str, str]:
    amount = "" if step.amount is None else str(step.amount)
    phrase = _phrase(step.target, word, vocabulary) if step.target and word else ""
    many = bool(word and word.many)
    return {
        "amount": amount,
        "amount_s": "" if step.amount == 1 else "s",
        "target": phrase,
        "Target": _capital(phrase),
        "s": "" if many else "s",
        "es": "" if many else "es",
        "owner": "your" if word and word.side == "own" else "its owner's",
    }


def _phrase(target: Target, word: TargetWord, vocabulary: Vocabulary) -> str:
    before: list[str] = []
    after: list[str] = []
    for key, value in target.filters:
        spec = vocabulary.filters[key]
        text = _fill(spec.text, {"value": value, "Value": _capital(value)})
        (before if spec.place == "before" else after).append(text)
    adj = "".join(b + " " for b in before)
    text = _fill(word.text, {"adj": adj})
    return " ".join([text, *after])


def _fill(template: str, values: Mapping[str, str]) -> str:
    return _PLACEHOLDER.sub(lambda m: values.get(m[1], m[0]), template)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _lower(text: str) -> str:
    """The first letter made small, to continue a sentence ("If you do, draw 1 card"), unless
    the first word has capitals inside it (a name written in capitals stays as it is)."""
    first = text.split(" ", 1)[0]
    if len(first) > 1 and first[1:].lower() != first[1:]:
        return text
    return text[:1].lower() + text[1:]


def _sentence(text: str) -> str:
    text = _capital(text.strip())
    return text if text.endswith((".", "!", "?")) else text + "."
