"""Names from outside and text inside Markdown ("Secrets that hold", item 5).

`companion.store.names` checks a name where it comes in: one line of printable text, spaces
collapsed, at most 24 characters for a player and 60 for a saved game, refused in one line that
says whose name and why. `companion.screens.parts.plain` makes any text (a name, a card's name, a
log sentence) inert inside Markdown: each construct below is parsed by a CommonMark parser with
GitHub's tables and strikethrough (markdown-it-py) to a single paragraph of text that reads as
the input did, and none of the patterns Streamlit's frontend looks for in the source or in the
text itself (copied below from its bundle, `static/js/StreamlitMarkdown.*.js`) is left.
"""

from __future__ import annotations

import re

import pytest
from markdown_it import MarkdownIt

from companion.registry import GAMES
from companion.screens.parts import JOIN, plain
from companion.store.games import MAX_NAME
from companion.store.names import (
    MOST,
    MOST_GAME,
    NameRefused,
    checked,
    checked_options,
    checked_save,
    collapsed,
    players,
    refusal,
)

# --- the rule for names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("a" * 1_048_576, "player 2's name is 1,048,576 characters; at most 24"),
        ("b" * 25, "player 2's name is 25 characters; at most 24"),
        ("Ana\nLee", "player 2's name holds a line break (U+000A)"),
        ("Ana\r", "player 2's name holds a line break (U+000D)"),
        ("Ana\u2028Lee", "player 2's name holds a line break (U+2028 LINE SEPARATOR)"),
        ("Ana\tLee", "player 2's name holds a tab (U+0009)"),
        ("Ana\x00", "player 2's name holds a control character (U+0000)"),
        ("\x1b[31mAna", "player 2's name holds a control character (U+001B)"),
        ("Ana\x7f", "player 2's name holds a control character (U+007F)"),
        ("Ana\u202eeL", "player 2's name holds an invisible formatting character "
                        "(U+202E RIGHT-TO-LEFT OVERRIDE)"),
        ("A\u2066na", "player 2's name holds an invisible formatting character "
                      "(U+2066 LEFT-TO-RIGHT ISOLATE)"),
        ("A\u200bna", "player 2's name holds an invisible formatting character "
                      "(U+200B ZERO WIDTH SPACE)"),
        ("A\u200dna", "player 2's name holds an invisible formatting character "
                      "(U+200D ZERO WIDTH JOINER)"),
        ("A\ufeffna", "player 2's name holds an invisible formatting character "
                      "(U+FEFF ZERO WIDTH NO-BREAK SPACE)"),
        ("A\ue000na", "player 2's name holds a private-use character (U+E000)"),
        ("A\ud800na", "player 2's name holds half of a character (a lone surrogate) (U+D800)"),
        ("", "player 2's name is empty"),
        ("  \u3000\u00a0 ", "player 2's name is empty"),
        (None, "player 2's name is not text"),
        (7, "player 2's name is not text"),
        (["Ana"], "player 2's name is not text"),
    ],
)  # fmt: skip
def test_a_bad_name_is_refused_in_one_line_saying_whose_and_why(name, why):
    assert refusal(name, "player 2's name") == why
    with pytest.raises(NameRefused, match=re.escape(why)):
        checked(name, "player 2's name")


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("Ana", "Ana"),
        ("  Ana   Lee  ", "Ana Lee"),
        ("Ana\u00a0\u2003Lee", "Ana Lee"),  # any of Unicode's spaces, one space
        ("Zoë", "Zoë"),
        ("Ðorđe", "Ðorđe"),
        ("李小龍", "李小龍"),
        ("مريم", "مريم"),  # right to left by its letters: no override needed
        ("שָׁלוֹם", "שָׁלוֹם"),  # with its points (combining marks)
        ("देवनागरी", "देवनागरी"),
        ("Ελένη", "Ελένη"),
        ("Алёна", "Алёна"),
        ("🦊 Fox", "🦊 Fox"),
        ("**bold** [a](b)", "**bold** [a](b)"),  # text: shown as it reads, not refused
        ("x" * MOST, "x" * MOST),
    ],
)
def test_a_name_of_any_script_is_taken_with_its_spaces_collapsed(name: str, kept: str):
    assert refusal(name, "player 1's name") is None
    assert checked(name, "player 1's name") == kept == collapsed(name)


def test_the_saved_games_limit_is_the_stores():
    assert MOST_GAME == MAX_NAME
    assert refusal("g" * MOST_GAME, "the saved game's name", MOST_GAME) is None


def test_a_saves_names_are_checked_and_collapsed():
    content = {"name": "  Kitchen   table ", "options": {"names": [" Ana ", "Ben  Lee"], "x": 1}}
    found = checked_save(content)
    assert found["name"] == "Kitchen table"
    assert found["options"] == {"names": ["Ana", "Ben Lee"], "x": 1}
    assert content["options"]["names"] == [" Ana ", "Ben  Lee"]  # the file's own left as it was


@pytest.mark.parametrize("name", [None, "", "   "])
def test_a_save_without_a_name_keeps_the_games_title(name):
    assert checked_save({"name": name, "options": {}}).get("name") == name


@pytest.mark.parametrize("game", [g for g in GAMES if g.setup], ids=lambda g: g.id)
def test_the_names_a_new_game_gets_pass_the_same_check(game):
    """No page asks for a name: a new game's are the rules' default or its setup's ("Rival")."""
    for chosen in ({"opponent": "two"}, {"opponent": "app"}):
        assert game.setup is not None
        options = game.setup(chosen)
        assert checked_options(options) == options
    assert players(["Player 1", "Player 2"]) == ["Player 1", "Player 2"]


def test_players_names_say_which_one_is_refused():
    with pytest.raises(NameRefused, match=r"^player 3's name is 30 characters; at most 24$"):
        players(["Ana", "Ben", "c" * 30])
    with pytest.raises(NameRefused, match=r"^player 1 and player 2 have the same name$"):
        players(["Ana  Lee", "Ana Lee"])
    with pytest.raises(NameRefused, match=r"^the players' names are not a list of names$"):
        players({"0": "Ana"})


# --- plain: text inside Markdown -----------------------------------------------------------------

MARKDOWN = MarkdownIt("commonmark").enable(["table", "strikethrough"])

# Streamlit 1.67's frontend, besides Markdown itself (StreamlitMarkdown.*.js): on the source, what
# makes it load emoji (`hm`) and math (`bm`, once escaped `\$` and code are taken out); on the
# text, after escapes are gone, what it turns into an icon, its logo, an emoji, a bare link or an
# arrow. JavaScript's `\w` is ASCII.
EMOJI_SOURCE = re.compile(r":(?!material/|streamlit:)[\w+-][\w+-]*:", re.ASCII)
MATH_ESCAPES = re.compile(r"\\[\\$`]")
IN_TEXT = {
    "icon": re.compile(r":material_(\w+):", re.ASCII),
    "logo": re.compile(r":streamlit:"),
    "emoji": re.compile(r":\+1:|:-1:|:[\w-]+:", re.ASCII),
    "link": re.compile(r"(https?://|www(?=\.))([-.\w]+)", re.ASCII | re.IGNORECASE),
    "email": re.compile(r"([-.\w+]+)@([-\w]+(?:\.[-\w]+)+)", re.ASCII),
    "arrow": re.compile(r"(^|\s)(<->|->|<-|--|>=|<=|~=)(\s|$)"),
}

CONSTRUCTS = {
    "link": "[click](http://x.test/a)",
    "image": "![](http://x.test/tracker.png)",
    "reference": "[a][b] [b]: http://x.test",
    "autolink": "<http://x.test>",
    "bare link": "see http://x.test and https://x.test/p",
    "www link": "www.x.test",
    "email": "mail a@x.test",
    "mailto": "mailto:a@x.test",
    "colour": ":red[alarm] :blue-background[x] :rainbow[y]",
    "badge": ":red-badge[new]",
    "small": ":small[tiny]",
    "help": ":help[x]",
    "icon": ":material/warning: and :material_home:",
    "logo": ":streamlit:",
    "emoji": ":smile: :+1: :-1:",
    "math": "$x^2$ and $$y$$",
    "html": "<img src=x onerror=alert(1)>",
    "html block": "<div>x</div>",
    "entity": "&lt;b&gt; &amp; &#42;",
    "backslash": "back\\slash \\* \\[",
    "bold": "**bold** __also__",
    "italic": "*it* _it_",
    "code": "`code` ``more``",
    "fence": "```python",
    "strike": "~~gone~~ ~x~",
    "heading": "# HEADING",
    "heading deep": "###### six",
    "quote": "> quoted",
    "list": "- item",
    "plus list": "+ item",
    "star list": "* item",
    "ordered": "1. first",
    "ordered paren": "12) twelfth",
    "rule": "---",
    "setext": "=== under",
    "table": "| a | b |",
    "task": "- [x] done",
    "footnote": "text[^1]",
    "arrows": "a -> b <- c <-> d -- e >= f <= g ~= h",
    "newlines": "Kitchen\n# HEADING\n\n- item",
    "indent": "    code block",
    "hard break": "line  \nnext",
}


def shown(markdown: str) -> tuple[list[str], list[str], str]:
    """What a CommonMark parser makes of `markdown`: the block tokens, the inline tokens' types,
    and the text a reader sees."""
    tokens = MARKDOWN.parse(markdown)
    inline = [c for t in tokens if t.children for c in t.children if c.content or c.type != "text"]
    return [t.type for t in tokens], [c.type for c in inline], "".join(c.content for c in inline)


@pytest.mark.parametrize("text", CONSTRUCTS.values(), ids=CONSTRUCTS.keys())
def test_plain_text_reads_as_typed_and_nothing_else(text: str):
    out = plain(text)
    blocks, inline, reads = shown(out)
    assert blocks == ["paragraph_open", "inline", "paragraph_close"], out
    assert set(inline) == {"text"}, (out, inline)
    assert reads.replace(JOIN, "") == " ".join(text.split())
    assert "\n" not in out
    assert not EMOJI_SOURCE.search(out), out
    assert "$" not in MATH_ESCAPES.sub("_", out), out
    assert ":material/" not in out
    text_node = reads.replace(":material/", ":material_")  # as the frontend rewrites its source
    for name, pattern in IN_TEXT.items():
        assert not pattern.search(text_node), (name, out)


@pytest.mark.parametrize(
    "words",
    [
        "Player 1",
        "Ana's turn: Strike, then Block.",
        "Ben takes 3 damage (Sela): 4 of 12.",
        "Round 2, turn 5 · against the app",
        "HP 3/5, AD 2",
        "Küche 台所 مطبخ",
    ],
)
def test_ordinary_words_come_back_unchanged(words: str):
    assert plain(words) == words


@pytest.mark.parametrize(
    "hidden", ["\u202e", "\u2066", "\u200b", "\u200d", "\ufeff", "\x00", "\x1b", "\x07"]
)
def test_what_would_redraw_the_text_around_it_is_left_out(hidden: str):
    assert plain(f"Ana{hidden}Lee") == "AnaLee"


def test_our_own_markdown_around_it_still_reads():
    _, inline, reads = shown(f"**{plain('**x** [a](b)')}** wins")
    assert inline == ["strong_open", "text", "strong_close", "text"]
    assert reads == "**x** [a](b) wins"


def test_a_megabyte_of_markdown_is_one_line_of_text_quickly():
    out = plain("[x](y) " * 150_000)
    assert "\n" not in out and not re.search(r"(?<!\\)\]\(", out)
