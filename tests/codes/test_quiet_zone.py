"""The build's quiet-zone check: ink within 4 modules of a code's symbol fails the build (or
warns, as collisions do), in one line naming the game, card and face; the shipped faces pass."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardgen.printkit.layout import load_layout
from cardgen.printkit.layout import quiet_zone as qz
from cardgen.printkit.layout.quiet_zone import CodeRenderer, QuietZoneError, check_build

from .shipped import SCANNED, game

LAYOUT = """
[[elements]]
id = "ground"
type = "rect"
bleed = true
fill = "#F7F3EA"

[[elements]]
id = "code"
type = "code"
x = 40
y = 60
size = 10
quiet = {quiet}
color = "#1A1A1A"
paper = "#F7F3EA"
game = "riposte"
card_type = "combat_card"
card = "bind"

[[elements]]
id = "stripe"
type = "rect"
x = {stripe_x}
y = 55
w = 0.6
h = 20
fill = "{stripe}"
"""


def _problems(tmp_path: Path, quiet: float = 2, stripe: str = "#0072B2",
              stripe_x: float = 50.2) -> list[str]:  # fmt: skip
    text = LAYOUT.format(quiet=quiet, stripe=stripe, stripe_x=stripe_x)
    (tmp_path / "t.toml").write_text(text, encoding="utf-8")
    layout = load_layout(tmp_path / "t.toml", tmp_path)
    renderer = CodeRenderer(layout, 63, 88, 3, {}, lambda s: (None, "none"))
    return qz.problems(renderer.laid({}))


def test_a_line_beside_the_code_is_named(tmp_path: Path) -> None:
    """The code's paper (a 2-module margin) ends at 50 mm, its 4-module zone at 51 mm."""
    (line,) = _problems(tmp_path)
    assert line.startswith("ink in the quiet zone of code (stripe): keep 4 modules")
    assert "\n" not in line


def test_clear_room_faint_shading_or_a_wide_margin_pass(tmp_path: Path) -> None:
    assert _problems(tmp_path, stripe_x=53.0) == []  # well outside the zone
    assert _problems(tmp_path, stripe="#EAE4D8") == []  # shading a camera sees as paper
    assert _problems(tmp_path, quiet=4) == []  # the code's own paper covers the zone


def test_the_build_fails_or_warns_naming_game_card_and_face(monkeypatch) -> None:
    riposte = game("riposte")
    spec = next(t for t in riposte.spec.types if t.id == "combat_card")
    monkeypatch.setattr(qz, "QUIET_MODULES", 12)  # wider than any corner the card has room for
    with pytest.raises(QuietZoneError) as raised:
        check_build(riposte, spec, 3.0, {"bind"}, True, "error")
    assert str(raised.value).startswith("riposte combat_card bind (front): ink in the quiet zone")
    assert "\n" not in str(raised.value)
    (warning,) = check_build(riposte, spec, 3.0, {"bind"}, True, "warn")
    assert warning == str(raised.value)
    assert check_build(riposte, spec, 3.0, {"bind"}, False, "error") == []  # --no-codes


@pytest.mark.parametrize(("game_id", "type_id"), [(g, t) for g, ts in SCANNED.items() for t in ts])
def test_every_shipped_code_has_a_clean_quiet_zone(game_id: str, type_id: str) -> None:
    the_game = game(game_id)
    spec = next(t for t in the_game.spec.types if t.id == type_id)
    assert qz.check_type(the_game, spec, 3.0) == []
