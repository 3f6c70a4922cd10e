"""Effects declared in the data: the grammar, the vocabulary, the printed sentence, the checks.

Every shipped Luturas card's `does` cell is parsed and its printed text must be the sentence
rendered from it; each mistake a designer can make is refused in one line; a new card made only
in a copied data folder validates and prints.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import random
import re
import shutil
from pathlib import Path
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
    load_vocabulary,
    parse_effects,
    render,
)
from cardgen.data.fields import FieldSpec, FieldValueError, ParseContext, parse_cell
from cardgen.data.project import REPO_ROOT

from .conftest import load_clean

LUTURAS = REPO_ROOT / "card_data" / "luturas"
RAW = json.loads((LUTURAS / "manifest.json").read_text(encoding="utf-8"))
VOCABULARY = load_vocabulary(RAW["effects"])
NATURES = ("aquatic", "flammable", "botanical", "nuclear", "terrestrial", "plasmatic", "prismatic")
KEYWORDS = {"nature": {n: n for n in NATURES}}
DECLARING = {"lutura": "effect", "tool": "effect", "strategy": "effect", "soldier": "ability"}


def parse(cell: str) -> tuple[Effect, ...]:
    return parse_effects(cell, VOCABULARY, KEYWORDS)


def text(cell: str) -> str:
    return render(parse(cell), VOCABULARY)


@pytest.fixture(scope="module")
def shipped():
    game, problems = load_game(LUTURAS)
    assert game is not None
    assert [str(p) for p in problems if p.is_error] == []
    return game


# --- every shipped card ---------------------------------------------------------------------


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


# --- parsing ---------------------------------------------------------------------------------


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


# --- the vocabulary --------------------------------------------------------------------------


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


# --- rendering -------------------------------------------------------------------------------

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


# --- the checks in a copied data folder ------------------------------------------------------


def copy_luturas(tmp_path: Path) -> Path:
    folder = tmp_path / "data" / "luturas"
    shutil.copytree(LUTURAS, folder)
    return folder


def edit_sheet(folder: Path, sheet: str, change) -> None:
    path = folder / f"{sheet}.csv"
    rows = list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"))))
    header = list(rows[0])
    rows = change(rows)
    out = io.StringIO()
    writer = csv.DictWriter(out, header, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def set_cells(card_id: str, **cells: str):
    def change(rows):
        for row in rows:
            if row["id"] == card_id:
                row.update(cells)
        return rows

    return change


def errors(folder: Path) -> list[str]:
    _, problems = load_game(folder)
    return [str(p) for p in problems if p.is_error]


def test_printed_text_that_differs_is_refused_quoting_the_sentence(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", effect="Deploy: Draw 2 cards."))
    (line,) = errors(folder)
    assert "luturas.csv:22:K: effect differs from does; it should read: " in line
    assert line.endswith("it should read: Deploy: Draw 1 card.")


def test_bold_and_italic_marks_in_the_printed_text_are_allowed(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", effect="**Deploy:** Draw *1* card."))
    edit_sheet(folder, "strategies", set_cells("sabotage", effect="Destroy a  Tool."))
    assert errors(folder) == []
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", effect="**Deploy:** Draw *2* cards."))
    assert len(errors(folder)) == 1


def test_the_longest_sentence_is_quoted_whole(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", effect="Deploy."))
    long = "always: bypass self, taunt self"
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", does=long))
    (line,) = errors(folder)
    sentence = render(parse(long), VOCABULARY)
    assert 160 < len(sentence) <= 170 and line.endswith("it should read: " + sentence)


def test_a_blank_printed_text_is_filled_from_the_declaration(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "soldiers", set_cells("ranger_kade", ability=""))
    game = load_clean(folder)
    kade = game.by_id("ranger_kade")
    assert kade is not None
    assert kade["ability"] == "Once per game, on your turn: Deal 4 damage to a Lutura."


def test_a_bad_declaration_names_file_row_and_column(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "strategies", set_cells("sabotage", does="use: destroy soldier"))
    (line,) = errors(folder)
    assert "strategies.csv:7:F: does: 'soldier' is not a target of the vocabulary" in line


def test_printed_text_without_a_declaration_is_refused(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", does=""))
    (line,) = errors(folder)
    assert "luturas.csv:22:L: does: Arcwisp prints an effect but declares none here" in line


def test_a_rendered_sentence_over_the_text_limit_is_refused(tmp_path):
    folder = copy_luturas(tmp_path)
    long = ", ".join(["draw 1"] * 12)
    edit_sheet(folder, "luturas", set_cells("arcwisp_g1", does=f"deploy: {long}", effect=""))
    (line,) = errors(folder)
    assert "luturas.csv:22:L: does: the sentence it prints is" in line
    assert "over the effect limit of 170" in line


def test_a_required_declaration_must_be_given(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "tools", set_cells("tide_harpoon", does="", effect=""))
    assert any("tools.csv:2:E: does: a value is required here" in e for e in errors(folder))


def manifest_errors(tmp_path: Path, change) -> list[str]:
    folder = copy_luturas(tmp_path)
    raw = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    change(raw)
    (folder / "manifest.json").write_text(json.dumps(raw), encoding="utf-8")
    return errors(folder)


def test_an_effect_field_needs_the_vocabulary(tmp_path):
    found = manifest_errors(tmp_path, lambda raw: raw.pop("effects"))
    assert any(
        'types[soldier].fields[does]: an effect field needs the manifest\'s "effects" words' in e
        for e in found
    )


def test_the_text_field_must_be_a_text_field(tmp_path):
    def change(raw):
        lutura = next(t for t in raw["types"] if t["id"] == "lutura")
        next(f for f in lutura["fields"] if f["name"] == "does")["text_field"] = "stamina"

    found = manifest_errors(tmp_path, change)
    assert any(
        "fields[does]: text_field 'stamina' is not a text field of lutura" in e for e in found
    )


def test_the_vocabulary_may_name_only_declared_keyword_sets(tmp_path):
    found = manifest_errors(
        tmp_path, lambda raw: raw["effects"]["filters"]["nature"]["value"].update(set="elem")
    )
    assert any("effects: keyword set 'elem' is not declared" in e for e in found)


def test_a_vocabulary_mistake_is_reported_at_the_manifest(tmp_path):
    found = manifest_errors(
        tmp_path, lambda raw: raw["effects"]["verbs"]["win"].update(targets=["planet"])
    )
    assert any(
        e.endswith("manifest.json: effects.verbs.win: no target is of kind 'planet'") for e in found
    ), found


def test_a_trigger_or_target_on_the_wrong_card_type_is_refused(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "tools", set_cells("tide_harpoon", does="deploy: draw 1", effect=""))
    edit_sheet(folder, "soldiers", set_cells("ranger_kade", does="once per game: heal 1 self"))
    found = errors(folder)
    assert any(
        "tools.csv:2:E: does: the trigger 'deploy' is for lutura cards only, not a tool" in e
        for e in found
    ), found
    assert any(
        "soldiers.csv:5:F: does: the target 'self' is for lutura cards only, not a soldier" in e
        for e in found
    ), found


def test_the_vocabulary_may_name_only_existing_card_types(tmp_path):
    found = manifest_errors(
        tmp_path, lambda raw: raw["effects"]["triggers"]["deploy"].update(types=["creature"])
    )
    assert any("effects: no card type 'creature'" in e for e in found), found


def test_a_card_using_a_removed_verb_is_refused(tmp_path):
    found = manifest_errors(tmp_path, lambda raw: raw["effects"]["verbs"].pop("win"))
    assert any("luturas.csv:29:L: does: 'win' is not a verb of the vocabulary" in e for e in found)


def new_card(rows):
    fernwing = next(r for r in rows if r["id"] == "fernwing")
    rows.append(
        {
            **fernwing,
            "id": "mossling",
            "serial": "LT3-069",
            "name": "Mossling",
            "effect": "",
            "does": "deploy, may: heal 1 own_luturas nature=botanical, draw 1",
            "quantity": "2",
        }
    )
    return rows


def test_a_new_card_made_only_in_the_spreadsheet_validates(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", new_card)
    game = load_clean(folder)
    card = game.by_id("mossling")
    assert card is not None
    assert card["effect"] == (
        "Deploy: You may remove 1 damage from your Botanical Luturas. If you do, draw 1 card."
    )
    (effect,) = card["does"]
    assert effect.has("may") and effect.steps[0].target.filter("nature") == "botanical"
    result = CliRunner().invoke(main, ["validate", "luturas", "--data", str(folder.parent)])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_a_new_card_made_only_in_the_spreadsheet_prints(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", new_card)
    out = tmp_path / "out"
    args = ["build", "luturas", "--data", str(folder.parent), "--id", "mossling", "--no-tts"]
    result = CliRunner().invoke(main, [*args, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert (out / "luturas" / "print-a4-subset.pdf").is_file()
    pngs = list(out.rglob("mossling*.png"))
    assert pngs and all(p.stat().st_size > 1000 for p in pngs)


# --- other formats ---------------------------------------------------------------------------


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


# --- any declaration the vocabulary allows ---------------------------------------------------


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
