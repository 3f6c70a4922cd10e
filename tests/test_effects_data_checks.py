"""Effects declared in the data: the checks `validate` makes in a copied Luturas data folder, and
a new card made only in the spreadsheet (shared helpers in `effects_data`).
"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data.effects import (
    render,
)

from .conftest import load_clean
from .effects_data import (
    VOCABULARY,
    copy_luturas,
    edit_sheet,
    errors,
    manifest_errors,
    new_card,
    parse,
    set_cells,
)


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
