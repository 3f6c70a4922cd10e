"""Effects declared in the data: every shipped card, the grammar, the printed sentence, other formats.

Every shipped Luturas card's `does` cell is parsed and its printed text must be the sentence
rendered from it; each mistake a designer can make is refused in one line; a new card made only
in a copied data folder validates and prints.

The vocabulary and any declaration it allows are in test_effects_data_vocabulary, the checks in
a copied data folder in test_effects_data_checks; shared helpers in `effects_data`.
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.database import load_game
from cardgen.data.effects import (
    Condition,
    Effect,
    EffectError,
    Step,
    Target,
    Vocabulary,
    cells_of,
    parse_effects,
    render,
)

from .conftest import load_clean
from .effects_data import (
    DECLARING,
    KEYWORDS,
    LUTURAS,
    copy_luturas,
    parse,
    text,
)


@pytest.fixture(scope="module")
def shipped():
    game, problems = load_game(LUTURAS)
    assert game is not None
    assert [str(p) for p in problems if p.is_error] == []
    return game


# --- every shipped card --------------------------------------------------------------------------


def test_every_printed_effect_is_declared(shipped):
    cards = [c for t in DECLARING for c in shipped.cards[t]]
    declared = [c for c in cards if c["does"]]
    assert len(declared) == len(cards) == 61
    for card in declared:
        assert all(isinstance(e, Effect) for e in card["does"])


def test_every_printed_text_is_the_rendered_sentence(shipped):
    for type_id, field in DECLARING.items():
        for card in shipped.cards[type_id]:
            assert card[field] == render(card["does"], shipped.spec.effects), card.id


def test_every_declaration_reads_back_from_its_canonical_cell(shipped):
    for type_id in DECLARING:
        for card in shipped.cards[type_id]:
            cell = cells_of(card["does"])
            assert parse_effects(cell, shipped.spec.effects, KEYWORDS) == card["does"], cell


def test_the_vocabulary_is_read_from_the_manifest(shipped):
    vocabulary = shipped.spec.effects
    assert isinstance(vocabulary, Vocabulary)
    assert vocabulary.default_trigger == "activate"
    assert vocabulary.targets["opponent_luturas"].many
    assert vocabulary.targets["opponent_chosen_crystal"].chooser == "opponent"
    assert vocabulary.verbs["deal"].targets == ("lutura", "soldier")
    used = {s.verb for t in DECLARING for c in shipped.cards[t] for e in c["does"] for s in e.steps}
    assert used == set(vocabulary.verbs), "a verb nobody uses, or a card using an unknown one"


# --- parsing -------------------------------------------------------------------------------------


def test_a_full_declaration_parses_to_plain_names():
    (effect,) = parse("Once per turn, on your turn, may: cost destroy own_crystal, deal 3 lutura")
    assert effect == Effect(
        trigger="activate",
        steps=(
            Step("destroy", None, Target("own_crystal"), cost=True),
            Step("deal", 3, Target("lutura")),
        ),
        limit="once_per_turn",
        flags=("your_turn", "may"),
    )
    assert [s.verb for s in effect.costs] == ["destroy"]
    assert [s.verb for s in effect.actions] == ["deal"]
    assert effect.has("may") and not effect.has("opponents_turn")


def test_filters_conditions_durations_and_delays():
    (effect,) = parse("after attack, if target_destroyed: draw 1")
    assert effect.trigger == "after_attack" and effect.condition("target_destroyed")
    (effect,) = parse("turn_start, if crystal types=4: win")
    assert effect.conditions == (Condition("crystal_types", "4"),)
    (effect,) = parse("once-per-turn: return opponent_lutura gear=1, heal all own_lutura")
    assert effect.steps[0].target == Target("opponent_lutura", (("gear", "1"),))
    assert effect.steps[0].target.filter("gear") == "1"
    assert effect.steps[1].amount == "all"
    (effect,) = parse("always: boost +1 other_own_luturas nature=Aquatic")
    assert effect.steps[0].amount == 1 and effect.steps[0].target.filter("nature") == "aquatic"
    (effect,) = parse("use: shield 1 own_luturas for=next_turn, deal 2 self at=turn_end")
    assert effect.steps[0].duration == "next_turn" and effect.steps[1].delay == "turn_end"


def test_several_effects_in_one_cell():
    effects = parse("always, unassigned: crystal_limit 5; leaves: trim_crystals")
    assert [e.trigger for e in effects] == ["always", "leaves"]
    assert str(effects[1]) == "leaves: trim_crystals"


ERRORS = {
    "deploy draw 1": "'deploy draw 1' has no ':'",
    "deploy:": "nothing after the ':'",
    "deploy: draw 1;": "an empty effect between two ';'",
    "deploy: draw 1,": "an empty step between two ','",
    "deploy, : draw 1": "an empty part in the header",
    "deploy, attack: draw 1": "two triggers, 'deploy' and 'attack'",
    "once per turn, once per game: draw 1": "two limits",
    "once per turn, may, may: draw 1": "'may' is written twice",
    "sometimes: draw 1": "'sometimes' is not a trigger, limit or flag of the vocabulary",
    "may: draw 1": "no trigger in 'may'",
    "deploy, if lucky: draw 1": "'lucky' is not a condition of the vocabulary",
    "deploy, if target_destroyed=2: draw 1": "the condition 'target_destroyed' takes no value",
    "deploy, if crystal_types: draw 1": "needs a value: 'if crystal_types=...'",
    "deploy, if crystal_types=four: draw 1": "if crystal_types 'four' is not a whole number",
    "deploy, if crystal_types=9: draw 1": "if crystal_types 9 is above the maximum of 7",
    "deploy, if crystal_types=0: draw 1": "if crystal_types 0 is below the minimum of 1",
    "deploy: cost": "'cost' with no verb after it",
    "deploy: heel 1 own_lutura": "'heel' is not a verb of the vocabulary (verbs: deal, heal",
    "deploy: draw 1 2": "draw: write the amount once, right after the verb",
    "deploy: deal self 1": "deal: write the amount once",
    "deploy: deal 1 gear = 1": "deal: '=' is not key=value (no spaces around =)",
    "deploy: deal 1 gear= lutura": "deal: 'gear=' is not key=value",
    "deploy: deal 1 self lutura": "deal: two targets, 'self' and 'lutura'",
    "deploy: deal 1 Self!": "deal: 'Self!' is not an amount, a target or key=value",
    "deploy: draw": "draw needs an amount (e.g. 'draw 2')",
    "deploy: scry 2": "scry takes no amount",
    "deploy: deal all lutura": "deal takes a number, not 'all'",
    "deploy: draw 0": "draw: the amount must be at least 1",
    "deploy: deal 1": "deal needs a target (targets: self, assigned",
    "deploy: draw 1 gear=1": "draw: gear= narrows a target, but none is given",
    "deploy: draw 1 self": "draw takes no target, but 'self' is given",
    "deploy: deal 1 everyone": "'everyone' is not a target of the vocabulary (for deal: targets:",
    "deploy: deal 1 tool": "deal can't target 'tool' (a tool); it takes targets: self",
    "deploy: deal 1 lutura colour=red": "deal: colour= is not a filter of the vocabulary",
    "deploy: destroy tool gear=1": "destroy: gear= can't narrow 'tool' (a tool)",
    "deploy: deal 1 lutura gear=4": "gear= '4' is not one of: 1, 2, 3, ultima",
    "deploy: deal 1 lutura nature=water": "nature= 'water' is not a nature keyword (known: aquatic",
    "deploy: deal 1 lutura max_stamina=x": "max_stamina= 'x' is not a whole number",
    "deploy: deal 1 lutura gear=1 gear=2": "deal: gear= is written twice",
    "deploy: boost 1 self for=ever": "boost: duration 'ever' is not in the vocabulary (known: attack",
    "deploy: deal 1 self at=dawn": "deal: delay 'dawn' is not in the vocabulary (known: turn_end)",
    "deploy: boost 1 self for=turn for=game": "boost: for= is written twice",
    "deploy: draw 1, cost destroy own_crystal": "write the cost steps first",
    "deploy: cost destroy own_crystal": "only costs: give a step the cost pays for",
    "deploy: cost boost 1 self, draw 1": "cost boost: a cost is paid at once",
    "deploy: cost deal 1 self at=turn_end, draw 1": "cost deal: a cost is paid at once",
    "deploy: cost scry, draw 1": "cost scry: its sentence has two parts, so it can't be a cost",
    "deploy: cost draw 1, deal 1 self at=turn_end": "deal: what a cost pays for happens at once",
    "deploy: draw 1; sometimes: draw 1": "effect 2: 'sometimes' is not a trigger",
    "deploy: deal 1 attacker": (
        "'attacker' means something only with the trigger attacked or opponent_attacks or "
        "destroyed_by_attack"
    ),
    "attack, if target_destroyed: draw 1": (
        "'if target_destroyed' means something only with the trigger after_attack"
    ),
}


@pytest.mark.parametrize("cell", list(ERRORS))
def test_each_mistake_is_refused_in_one_line(cell):
    with pytest.raises(EffectError) as caught:
        parse(cell)
    message = str(caught.value)
    assert ERRORS[cell] in message
    assert "\n" not in message and len(message) < 400


def test_an_overlong_cell_is_refused_before_parsing():
    with pytest.raises(EffectError, match="at most 2000"):
        parse("deploy: " + ", ".join(["draw 1"] * 400))


# --- rendering -----------------------------------------------------------------------------------


RENDERED = {
    "deploy: draw 1": "Deploy: Draw 1 card.",
    "deploy: draw 2": "Deploy: Draw 2 cards.",
    "always: boost 1 other_own_luturas nature=aquatic": "Your other Aquatic Luturas get +1 Combat.",
    "always: boost 1 self": "This Lutura gets +1 Combat.",
    "deploy: deal 1 lutura nature=aquatic": "Deploy: Deal 1 damage to an Aquatic Lutura.",
    "once per turn: return opponent_lutura gear=1": (
        "Once per turn: Return an opponent's Gear 1 Lutura, with all its Gears, to its owner's hand."
    ),
    "use: return own_lutura": "Return one of your Luturas, with all its Gears, to your hand.",
    "once per turn: cost destroy own_crystal, deal 3 lutura": (
        "Once per turn: Destroy one of your Crystals to deal 3 damage to a Lutura."
    ),
    "attack, may: boost 2 self for=attack, deal 1 self": (
        "Attack: You may give this Lutura +2 Combat for this attack. "
        "If you do, deal 1 damage to this Lutura."
    ),
    "deploy, may: draw 1": "Deploy: You may draw 1 card.",
    "once per turn: cost destroy own_crystal, boost 2 self for=turn": (
        "Once per turn: Destroy one of your Crystals to give this Lutura +2 Combat this turn."
    ),
    "once per turn, attacked, may: deal 1 attacker at=turn_end": (
        "Once per turn, when an opponent's Lutura attacks this Lutura: At the end of the turn, "
        "you may deal 1 damage to the attacking Lutura."
    ),
    "once per game, deploy: draw 1": "Once per game, Deploy: Draw 1 card.",
    "deploy, may: cost destroy own_crystal, cost draw 1, deal 2 lutura": (
        "Deploy: You may destroy one of your Crystals and draw 1 card to deal 2 damage to a Lutura."
    ),
    "deploy: draw 1, tuck 1": (
        "Deploy: Draw 1 card. Then put 1 card from your hand on the bottom of your Deck."
    ),
    "always: bypass self, unnegatable self": (
        "This Lutura may attack your opponent's Soldier even while they have Luturas. "
        "Attacks by this Lutura can't be negated."
    ),
    "once per turn: shield 2 assigned": (
        "Once per turn: The assigned Lutura takes 2 less damage from one attack."
    ),
    "always: shield 2 assigned": "The assigned Lutura takes 2 less damage from each attack.",
    "once per turn, your turn: heal 2 own_soldier": (
        "Once per turn, on your turn: Your Soldier regains 2 Stamina, up to its printed Stamina."
    ),
    "once per turn: heal all own_lutura": "Once per turn: Remove all damage from one of your Luturas.",
    "once per turn: extra_attack assigned, deal 2 assigned at=turn_end": (
        "Once per turn: The assigned Lutura may attack one more time this turn. "
        "At the end of the turn, deal 2 damage to the assigned Lutura."
    ),
    "use: banish opponent_lutura max_stamina=3": (
        "Send an opponent's Lutura with 3 or less Stamina left, with all its Gears, to its "
        "owner's Portal."
    ),
    "turn start, if crystal_types=4: win": (
        "At the start of your turn, if your Crystals show 4 different types: You win the round."
    ),
    "always, unassigned: crystal_limit 5; leaves: trim_crystals": (
        "Needs no assigned Lutura. You may have 5 Crystals on your side. "
        "When this leaves play: Destroy your Crystals down to your Crystal limit."
    ),
    "destroyed: destroy opponent_chosen_crystal": (
        "When this Lutura is destroyed: Your opponent destroys one of their Crystals of their "
        "choice."
    ),
    "once per turn, opponent's turn: negate attack_on_other_own_lutura": (
        "Once per turn, on your opponent's turn: Negate an attack against another of your Luturas."
    ),
}


@pytest.mark.parametrize("cell", list(RENDERED))
def test_the_sentence_is_rendered_from_the_declaration(cell):
    assert text(cell) == RENDERED[cell]


# --- other formats -------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["json", "csv", "xlsx"])
def test_an_export_loads_to_the_same_declarations(tmp_path, shipped, fmt):
    out = tmp_path / f"out-{fmt}"
    args = ["export", "luturas", "--format", fmt, "--out", str(out), "--data", str(LUTURAS.parent)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    game = load_clean(out)
    for type_id in DECLARING:
        assert [c["does"] for c in game.cards[type_id]] == [
            c["does"] for c in shipped.cards[type_id]
        ]


def test_a_json_sheet_may_list_one_effect_per_item(tmp_path):
    folder = copy_luturas(tmp_path)
    rows = list(csv.DictReader(io.StringIO((folder / "tools.csv").read_text(encoding="utf-8"))))
    records: list[dict[str, Any]] = [{k: v for k, v in r.items() if v != ""} for r in rows]
    for record in records:
        if record["id"] == "crystal_lantern":
            record["does"] = ["always, unassigned: crystal_limit 5", "leaves: trim_crystals"]
        record["stars"] = int(record["stars"])
        record["quantity"] = int(record["quantity"])
    (folder / "tools.csv").unlink()
    (folder / "tools.json").write_text(json.dumps(records), encoding="utf-8")
    game = load_clean(folder)
    lantern = game.by_id("crystal_lantern")
    assert lantern is not None
    assert [e.trigger for e in lantern["does"]] == ["always", "leaves"]
