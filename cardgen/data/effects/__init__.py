"""Card effects declared in data: a small grammar, a game's vocabulary, and the printed sentence.

A card's effect is written in one cell as a declaration, for example

    once per turn: cost destroy own_crystal, deal 3 lutura
    after attack, if target_destroyed: draw 1
    always: boost 1 other_own_luturas nature=aquatic

that is: a header (a trigger, a limit, flags and `if` conditions, separated by commas), a colon,
then steps separated by commas (a verb, an optional amount, an optional target, then `key=value`
options). Several effects in one cell are separated by `;`. The grammar is the same for every game;
which words exist (triggers, limits, flags, conditions, targets, target filters, verbs and what each
takes, durations, delays) is the game's vocabulary, declared in its manifest under `"effects"`, so a
new game declares its own words and a new card combines existing ones without code.

The vocabulary also holds each word's English, so the printed sentence is rendered from the same
declaration the engine executes: a card can never say one thing and do another. The rooms:
`declaration` (the values an engine reads), `vocabulary` (the words and their English),
`grammar` (reading a cell), `sentence` (the printed text). This package knows nothing of any
game and imports nothing outside `cardgen.data` (nor `fields`, which imports it to offer the
`effect` field type).
"""

from cardgen.data.effects.declaration import (
    Amount,
    Condition,
    Effect,
    Step,
    Target,
    cell_of,
    cells_of,
)
from cardgen.data.effects.grammar import misplaced, normalize, parse_effect, parse_effects
from cardgen.data.effects.sentence import render, render_effect
from cardgen.data.effects.vocabulary import (
    EffectError,
    FilterWord,
    TargetWord,
    ValueKind,
    VerbWord,
    Vocabulary,
    Word,
    keyword_sets_used,
    load_vocabulary,
    type_names,
)

__all__ = [
    "Amount",
    "Condition",
    "Effect",
    "EffectError",
    "FilterWord",
    "Step",
    "Target",
    "TargetWord",
    "ValueKind",
    "VerbWord",
    "Vocabulary",
    "Word",
    "cell_of",
    "cells_of",
    "keyword_sets_used",
    "load_vocabulary",
    "misplaced",
    "normalize",
    "parse_effect",
    "parse_effects",
    "render",
    "render_effect",
    "type_names",
]
