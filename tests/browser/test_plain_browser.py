"""`parts.plain` in the real frontend ("Secrets that hold", item 5): every Markdown construct of
`tests/companion/test_plain_names.py`, passed through `plain`, is drawn by Streamlit in chromium
as the text it was (a word joiner aside) in each element that reads Markdown (markdown, a
caption, an alert, a button's label, an expander's label), with no link, image, heading, list,
code, emphasis, colour, icon, emoji or math. The same text drawn without `plain` is not: the
check sees what Streamlit makes of Markdown.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardgen.data.project import REPO_ROOT
from tests.companion.test_plain_names import CONSTRUCTS

from .conftest import serve, wait_for_app

pytestmark = pytest.mark.slow

SCRIPT = """
import json, sys
import streamlit as st
from companion.screens.parts import plain

cases = json.loads({cases!r})
for i, text in enumerate(cases):
    with st.container(key=f"case_{{i}}"):
        st.markdown(plain(text))
        st.caption(plain(text))
        st.info(plain(text))
        st.button(plain(text), key=f"button_{{i}}")
        st.expander(plain(text))
with st.container(key="raw"):
    st.markdown("[click](http://x.test/a) **b** :material/home: :smile: $x^2$")
"""
MARKUP = (
    "a, img, svg, h1, h2, h3, h4, h5, h6, ul, ol, li, blockquote, code, pre, strong, em, del, "
    "table, hr, .katex, .stMarkdownColoredText, .stMarkdownBadge, [data-testid='stIconMaterial']"
)
ELEMENTS = {
    "markdown": "[data-testid='stMarkdown'] [data-testid='stMarkdownContainer']",
    "caption": "[data-testid='stMarkdown'] [data-testid='stCaptionContainer']",
    "alert": "[data-testid='stAlertContentInfo'] [data-testid='stMarkdownContainer']",
    "button": "[data-testid='stButton'] [data-testid='stMarkdownContainer']",
    "expander": "[data-testid='stExpander'] summary [data-testid='stMarkdownContainer']",
}


@pytest.fixture
def page_of_cases(tmp_path: Path, browser) -> Iterator:
    script = tmp_path / "cases.py"
    script.write_text(SCRIPT.format(cases=json.dumps(list(CONSTRUCTS.values()))), "utf-8")
    port, server = serve(script, {**os.environ, "PYTHONPATH": str(REPO_ROOT)})
    try:
        context = browser.new_context(viewport={"width": 1200, "height": 900})
        page = context.new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        wait_for_app(page)
        yield page
        context.close()
    finally:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait(timeout=10)


def test_plain_text_is_drawn_as_the_text_it_was(page_of_cases):
    page = page_of_cases
    raw = page.locator(".st-key-raw")
    raw.locator(MARKUP).nth(2).wait_for(timeout=30_000)  # drawn after the page's first run
    assert raw.locator(MARKUP).count() >= 3  # the same Markdown without `plain`: link, bold, icon
    for i, (name, text) in enumerate(CONSTRUCTS.items()):
        case = page.locator(f".st-key-case_{i}")
        expected = " ".join(text.split())
        for element, selector in ELEMENTS.items():
            found = case.locator(selector)
            assert found.count() == 1, (name, element, found.count())
            markup = found.first.locator(MARKUP)
            assert markup.count() == 0, (name, element, markup.first.evaluate("e => e.outerHTML"))
            drawn = found.first.evaluate("e => e.textContent").replace("\u2060", "")
            assert drawn.strip() == expected, (name, element, drawn)
