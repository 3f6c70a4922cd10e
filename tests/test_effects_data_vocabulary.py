"""Effects declared in the data: the vocabulary in the manifest, and any declaration it allows
read back and rendered (shared helpers in `effects_data`).
"""

from __future__ import annotations

import copy
import random
import re
from typing import Any

import pytest

from cardgen.data.effects import (
    Condition,
    Effect,
    EffectError,
    Step,
    Target,
    cells_of,
    load_vocabulary,
    render,
)
from cardgen.data.fields import FieldSpec, FieldValueError, ParseContext, parse_cell
from cardgen.data.project import REPO_ROOT

from .effects_data import (
    NATURES,
    RAW,
    VOCABULARY,
    parse,
)

# --- the vocabulary ------------------------------------------------------------------------------


def vocabulary_with(**changes: Any) -> dict[str, Any]:
    raw = copy.deepcopy(RAW["effects"])
    for path, value in changes.items():
        keys = path.split("__")
        node = raw
        for key in keys[:-1]:
            node = node[key]
        if value is None:
            del node[keys[-1]]
        else:
            node[keys[-1]] = value
    return raw


VOCABULARY_ERRORS = {
    "not an object": ([], "effects should be an object"),
    "unknown key": ({**RAW["effects"], "verbz": {}}, "effects: unknown key 'verbz'"),
    "section not an object": (vocabulary_with(verbs=[]), "effects.verbs should be dict"),
    "word key": (
        vocabulary_with(triggers__Deploy={"text": "Deploy"}),
        "effects.triggers: 'Deploy' should be lower_case_with_underscores",
    ),
    "unknown word key": (
        vocabulary_with(limits__once_per_turn={"txt": "x"}),
        "effects.limits.once_per_turn: unknown key 'txt'",
    ),
    "flag place": (
        vocabulary_with(flags__may={"place": "after"}),
        "effects.flags.may.place must be one of header, before, may",
    ),
    "target text": (
        vocabulary_with(targets__self={"kind": "lutura"}),
        "effects.targets.self.text is required",
    ),
    "target side": (
        vocabulary_with(targets__self={"text": "x", "kind": "lutura", "side": "mine"}),
        "effects.targets.self.side must be one of own, opponent, any",
    ),
    "verb text": (vocabulary_with(verbs__win={"text": ""}), "effects.verbs.win.text should be"),
    "verb amount": (
        vocabulary_with(verbs__win={"text": "x", "amount": "some"}),
        "effects.verbs.win.amount must be one of none, required, optional",
    ),
    "verb kind": (
        vocabulary_with(verbs__win={"text": "x", "targets": ["planet"]}),
        "effects.verbs.win: no target is of kind 'planet'",
    ),
    "verb text key": (
        vocabulary_with(verbs__win={"text": {"planet": "x"}}),
        "effects.verbs.win.text: 'planet' is no target nor kind it takes",
    ),
    "filter kind": (
        vocabulary_with(filters__gear={"text": "x", "kinds": ["planet"]}),
        "effects.filters.gear: no target is of kind 'planet'",
    ),
    "choice values": (
        vocabulary_with(filters__gear={"text": "x", "value": {"type": "choice"}}),
        'effects.filters.gear.value: a choice needs "values"',
    ),
    "keyword set": (
        vocabulary_with(filters__nature={"text": "x", "value": {"type": "keyword"}}),
        'effects.filters.nature.value: a keyword value needs "set"',
    ),
    "default trigger": (
        vocabulary_with(default_trigger="whenever"),
        "effects.default_trigger 'whenever' is not a trigger",
    ),
    "no verbs": (vocabulary_with(verbs={}), "effects needs at least one trigger and one verb"),
    "overlap": (
        vocabulary_with(flags__deploy={"text": "x"}),
        "effects: 'deploy' is both in triggers and in flags",
    ),
    "condition trigger": (
        vocabulary_with(conditions__target_destroyed={"text": "x", "triggers": ["later"]}),
        "effects.conditions.target_destroyed: no trigger 'later'",
    ),
    "types on a flag": (
        vocabulary_with(flags__may={"place": "may", "types": ["soldier"]}),
        "effects.flags.may: unknown key 'types'",
    ),
    "triggers on a trigger": (
        vocabulary_with(triggers__use={"text": "", "triggers": ["deploy"]}),
        "effects.triggers.use: unknown key 'triggers'",
    ),
    "names": (
        vocabulary_with(targets__self={"text": "x", "kind": "lutura", "types": [1]}),
        "effects.targets.self.types should be a list of names",
    ),
    "wrong type": (
        vocabulary_with(verbs__win={"text": "x", "all": "yes"}),
        "effects.verbs.win.all should be bool",
    ),
}


@pytest.mark.parametrize("case", list(VOCABULARY_ERRORS))
def test_each_vocabulary_mistake_is_named_by_its_path(case):
    raw, expected = VOCABULARY_ERRORS[case]
    with pytest.raises(EffectError) as caught:
        load_vocabulary(raw)
    assert expected in str(caught.value)


# --- any declaration the vocabulary allows -------------------------------------------------------


def random_step(rng: random.Random, trigger: str, cost: bool = False) -> Step:
    verb = VOCABULARY.verbs[rng.choice(sorted(VOCABULARY.verbs))]
    amount: int | str | None = None
    if verb.amount == "required" or (verb.amount == "optional" and rng.random() < 0.5):
        amount = "all" if verb.allows_all and rng.random() < 0.3 else rng.randint(1, 9)
    target = None
    if verb.targets:
        fits = [t for t in VOCABULARY.targets.values() if t.kind in verb.targets]
        word = rng.choice([t for t in fits if not t.triggers or trigger in t.triggers])
        fitting = [f for f in VOCABULARY.filters.values() if word.kind in f.kinds]
        filters = []
        for spec in rng.sample(fitting, rng.randint(0, len(fitting))):
            value = spec.value
            if value.type == "choice":
                filters.append((spec.id, rng.choice(value.values)))
            elif value.type == "keyword":
                filters.append((spec.id, rng.choice(NATURES)))
            else:
                filters.append((spec.id, str(rng.randint(value.min or 0, value.max or 9))))
        target = Target(word.id, tuple(filters))
    if cost and (verb.lasting or any(". " in t for t in verb.text.values())):
        return Step("draw", 1, None, cost)
    duration = rng.choice(["", *VOCABULARY.durations]) if verb.lasting else ""
    delay = rng.choice(["", *VOCABULARY.delays]) if not (verb.lasting or cost) else ""
    return Step(verb.id, amount, target, cost, duration, delay)


def random_effect(rng: random.Random) -> Effect:
    trigger = rng.choice(sorted(VOCABULARY.triggers))
    conditions = []
    fitting = [c for c in VOCABULARY.conditions.values() if not c.triggers or trigger in c.triggers]
    for word in rng.sample(fitting, min(len(fitting), rng.randint(0, 1))):
        conditions.append(Condition(word.id, "3" if word.value else ""))
    costs = [random_step(rng, trigger, cost=True) for _ in range(rng.randint(0, 1))]
    actions = [random_step(rng, trigger) for _ in range(rng.randint(1, 3))]
    if costs:
        actions[0] = Step(actions[0].verb, actions[0].amount, actions[0].target)
    return Effect(
        trigger=trigger,
        steps=(*costs, *actions),
        limit=rng.choice(["", *VOCABULARY.limits]),
        flags=tuple(rng.sample(sorted(VOCABULARY.flags), rng.randint(0, 2))),
        conditions=tuple(conditions),
    )


@pytest.mark.parametrize("seed", range(300))
def test_any_declaration_reads_back_and_renders_to_plain_english(seed):
    rng = random.Random(seed)
    effects = tuple(random_effect(rng) for _ in range(rng.randint(1, 2)))
    assert parse(cells_of(effects)) == effects
    sentence = render(effects, VOCABULARY)
    assert sentence.endswith(".") and sentence[0].isupper()
    assert "{" not in sentence and "}" not in sentence and "  " not in sentence
    assert " a A" not in sentence and " a E" not in sentence


def test_an_effect_field_without_words_is_refused_in_one_line():
    spec = FieldSpec("does", "effect")
    with pytest.raises(FieldValueError, match='the manifest declares no "effects" words'):
        parse_cell("deploy: draw 1", spec, ParseContext())


def test_a_cell_that_is_no_text_is_refused_in_one_line():
    spec = FieldSpec("does", "effect", options={"vocabulary": VOCABULARY})
    with pytest.raises(FieldValueError, match="'3' has no ':'"):
        parse_cell(3, spec, ParseContext())
    with pytest.raises(FieldValueError, match="expected effects declared"):
        parse_cell({"deploy": "draw 1"}, spec, ParseContext())


def test_the_docs_name_every_word_of_the_vocabulary():
    docs = (REPO_ROOT / "docs" / "effects.md").read_text(encoding="utf-8")
    sections = [
        VOCABULARY.triggers,
        VOCABULARY.limits,
        VOCABULARY.flags,
        VOCABULARY.conditions,
        VOCABULARY.targets,
        VOCABULARY.filters,
        VOCABULARY.verbs,
        VOCABULARY.durations,
        VOCABULARY.delays,
    ]
    written = set(re.findall(r"[a-z_]+", docs))
    missing = [word for section in sections for word in section if word not in written]
    assert missing == []
