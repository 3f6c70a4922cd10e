"""A designer's new Luturas card, made by editing only the spreadsheet, is played by the engine
(issue 13, "done when"): Mossling, a copy of Fernwing with its own declared effect, joins the
Tidal Grove starter deck in place of Fernwing; random matches deploy it, and its effect runs
as declared (the heal, then the draw), with no code written for it.
"""

from __future__ import annotations

import random

from cardgen.data.database import load_game_or_raise
from companion.engine import Match
from companion.games.luturas import LuturasRules
from companion.games.luturas.data import data_from_game

from ..effects_data import copy_luturas, edit_sheet, new_card


def swap_into_the_starter(rows):
    for row in rows:
        if row["deck"] == "Tidal Grove" and row["card"] == "fernwing":
            row["card"] = "mossling"
    return rows


def test_a_card_made_only_in_the_spreadsheet_is_played(tmp_path):
    folder = copy_luturas(tmp_path)
    edit_sheet(folder, "luturas", new_card)
    edit_sheet(folder, "decklists", swap_into_the_starter)
    rules = LuturasRules(data_from_game(load_game_or_raise(folder)))
    assert rules.data.of("mossling").title == "Mossling"
    deployed = 0
    for seed in range(40):
        match = Match.start(rules, {}, seed=seed)
        rng = random.Random(seed)
        while not match.outcome().over and len(match.log) < 400:
            legal = rules.legal_actions(match.state)
            mine = [
                a
                for a in legal
                if a.get("type") == "deploy" and str(a.get("card")).startswith("mossling.")
            ]
            match.play(mine[0] if mine else rng.choice(legal))
            if mine:
                deployed += 1
                said = " ".join(match.events[-1])
                assert "Mossling" in said, said
                assert "draw" in said.lower(), said  # the declared step ran, not Fernwing's
                break
        if deployed >= 3:
            break
    assert deployed >= 3, "random matches never deployed the new card"
