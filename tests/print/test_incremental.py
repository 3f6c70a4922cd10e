"""Subset builds leave the full kit alone; --changed finds edited cards; --watch rebuilds."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pdfplumber

from cardgen.printkit.layout.template import load_layout
from cardgen.printkit.paper import PrintOptions

from .conftest import build


def pdf_text(path) -> str:
    with pdfplumber.open(path) as pdf:
        return " ".join(page.extract_text() or "" for page in pdf.pages)


def test_subset_build_goes_to_its_own_pdf(print_root):
    out, _ = build(print_root, png=False, tts=False)
    full = (out / "print-a4.pdf").read_bytes()
    build(print_root, png=False, tts=False, ids=("c3",))
    assert (out / "print-a4.pdf").read_bytes() == full
    text = pdf_text(out / "print-a4-subset.pdf")
    assert "Card 03" in text and "Card 04" not in text


def test_changed_builds_only_edited_cards(print_root):
    out, _ = build(print_root, png=True, tts=False)
    _, report = build(print_root, png=False, tts=False, changed=True)
    assert report.problems == ["nothing changed since the last build"]
    sheet = print_root / "card_data" / "ptest" / "cards.csv"
    sheet.write_text(sheet.read_text().replace("c5,Card 05", "c5,Card Five"))
    _, report = build(print_root, png=True, tts=False, changed=True)
    text = pdf_text(out / "print-a4-subset.pdf")
    assert "Card Five" in text and "Card 04" not in text
    assert (out / "png" / "card" / "c0.png").is_file()  # other faces kept
    _, report = build(print_root, png=False, tts=False, changed=True)
    assert report.problems == ["nothing changed since the last build"]


def test_changed_rebuilds_when_the_build_settings_change(print_root):
    """--changed compares the settings as well as the data: a kit built with other bleed or
    codes is out of date although no card changed, and one with --ink-saver or --copies (a PDF
    of its own name) is made the first time it is asked for."""
    build(print_root, png=False, tts=False)
    _, report = build(print_root, png=False, tts=False, changed=True)
    assert report.problems == ["nothing changed since the last build"]
    bleed = {"print": PrintOptions(bleed_mm=0.0)}
    for settings in ({"codes": False}, {"ink_saver": True}, {"copies": 2}, bleed):
        _, report = build(print_root, png=False, tts=False, changed=True, **settings)
        assert "nothing changed since the last build" not in report.problems, settings
        if "codes" in settings or "print" in settings:  # the same file, made another way
            assert any("no card changed, but print-a4.pdf" in n for n in report.notes), settings
        _, report = build(print_root, png=False, tts=False, changed=True, **settings)
        assert report.problems == ["nothing changed since the last build"], settings


def test_editing_a_layout_marks_its_type_changed(print_root):
    build(print_root, png=False, tts=False)
    layout = print_root / "templates" / "ptest" / "duo.toml"
    layout.write_text(layout.read_text().replace("size = 14", "size = 13"))
    load_layout.cache_clear()
    out, _report = build(print_root, png=False, tts=False, changed=True)
    text = pdf_text(out / "print-a4-subset.pdf")
    assert "F-d0" in text and "Card 00" not in text


def test_watch_rebuilds_when_a_layout_changes(print_root):
    env = {**os.environ, "CARDGEN_DATA": str(print_root / "card_data")}
    command = [sys.executable, "-m", "cardgen.cli", "build", "ptest", "--watch", "--no-png", "--no-tts",
               "--out", str(print_root / "output")]  # fmt: skip
    process = subprocess.Popen(command, cwd=print_root, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)  # fmt: skip
    try:
        pdf = print_root / "output" / "ptest" / "print-a4.pdf"
        deadline = time.time() + 60
        while not pdf.exists() and time.time() < deadline:
            time.sleep(0.2)
        first = pdf.stat().st_mtime_ns
        time.sleep(1.2)
        layout = print_root / "templates" / "ptest" / "card.toml"
        layout.write_text(
            layout.read_text().replace('text = "{{ name }}"', 'text = "{{ name }} (v2)"')
        )
        while pdf.stat().st_mtime_ns == first and time.time() < deadline:
            time.sleep(0.2)
        time.sleep(0.5)
        assert "(v2)" in pdf_text(pdf)
    finally:
        process.terminate()
        output = process.communicate(timeout=10)[0]
    assert "change seen (card.toml): rebuilding" in output
