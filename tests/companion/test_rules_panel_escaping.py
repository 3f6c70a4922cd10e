"""The Rules panel shows the quick reference through Streamlit's Markdown, which does more than
the rulebook's markup: it fetches images from anywhere, typesets `$math$` and colours
`:red[...]`. Text from a game's data must come out as typed (issue 16, item 4)."""

from __future__ import annotations

import pytest

from companion.games.rulings import rulebook
from companion.registry import GAMES
from companion.screens.rules_panel import tame


@pytest.mark.parametrize(
    ("data", "shown"),
    [
        ("![x](http://example.com/a.png)", "\\![x](http://example.com/a.png)"),
        ("costs $5 and $6", "costs \\$5 and \\$6"),
        (":red[hot] :blue-background[x]", "\\:red[hot] \\:blue-background[x]"),
    ],
)
def test_what_only_streamlit_would_read_is_shown_as_typed(data: str, shown: str):
    assert tame(data) == shown


def test_the_rulebooks_own_markup_is_left_alone():
    text = "**Bold**, *italic*, a list:\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |"
    assert tame(text) == text


@pytest.mark.parametrize("game", [g.id for g in GAMES if g.playable])
def test_shipped_quick_references_are_shown_unchanged(game: str):
    """The escaping costs the shipped games nothing: none of their text is Streamlit-only."""
    book = rulebook(game)
    assert book.reference
    for section in book.reference:
        assert tame(section.body) == section.body, section.title
