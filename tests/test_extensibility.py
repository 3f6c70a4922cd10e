"""A designer extends a game by editing data only: a column, a keyword, a whole card type."""

from __future__ import annotations

import copy

from .conftest import KEYWORDS_CSV, MANIFEST, UNITS_CSV, load_clean, write_game
from .print.made_games import ID, NAME, kind


def test_new_column_keyword_and_type_need_no_code(tmp_path):
    manifest = copy.deepcopy(MANIFEST)
    unit = manifest["types"][0]
    unit["fields"].append(
        {"name": "range", "type": "int", "min": 0, "max": 3, "default": 1, "description": "Reach."}
    )
    manifest["types"].append(
        kind(
            "relic",
            "relics",
            "card",
            ID,
            NAME,
            {"name": "grants", "type": "keywords", "set": "power"},
            {"name": "bearer", "type": "ref", "to": ["unit"]},
            size="tarot",
            back={"style": "fixed", "label": "Relic", "color": "#CC79A7", "mark": "R"},
        )
    )
    header, rest = UNITS_CSV.split("\n", 1)
    units = header + ",range\n" + rest.replace(",,2\n", ",,2,3\n", 1).replace(",,1\n", ",,1,\n")
    sheets = {
        "units.csv": units,
        "keywords.csv": KEYWORDS_CSV + "power,burrow,Burrow,Digs under the board.,burrow\n",
        "relics.csv": "id,name,grants,bearer\ncrown,Crown,burrow;fly,wolf\n",
    }
    game = load_clean(write_game(tmp_path / "g", sheets, manifest))
    assert game.by_id("wolf")["range"] == 3
    assert game.by_id("owl")["range"] == 1  # default
    crown = game.by_id("crown")
    assert crown["grants"] == ("burrow", "fly") and crown["bearer"] == "wolf"
    assert game.spec.type("relic").size.height_mm == 120
