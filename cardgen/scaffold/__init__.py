"""A new game's starting folder, for `cardgen new`: data, layouts, rulebook and table in one go.

A designer starting a sixth game should not have to copy a shipped game and strip it. The
starting shapes live as plain files under `shapes/<shape>/` (a manifest, sheets, layouts and rule
templates), so changing what a new game starts from is an edit to those files, not to Python.
"""

from cardgen.scaffold.new import SHAPES, Made, ScaffoldRefused, new_game

__all__ = ["SHAPES", "Made", "ScaffoldRefused", "new_game"]
