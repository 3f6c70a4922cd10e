"""Seat links and their QR codes: the code a phone scans reads back as the exact link."""

from __future__ import annotations

import io

import segno
import zxingcpp
from PIL import Image

from companion.links import qr_svg, seat_link


def test_a_seat_link_points_at_the_game_and_key_on_the_same_server():
    link = seat_link("http://192.168.1.20:8501/?game=old&walk=3.1", "AbC123", "k3y-_x")
    assert link == "http://192.168.1.20:8501/?game=AbC123&key=k3y-_x"
    assert seat_link("http://table:8501", "g", None) == "http://table:8501/?game=g"


def test_the_qr_code_reads_back_as_the_link():
    link = seat_link("http://192.168.1.20:8501/", "AbC123", "x" * 43)
    buffer = io.BytesIO()
    segno.make(link, error="m", micro=False).save(buffer, kind="png", scale=6)
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(buffer.getvalue())))
    assert [r.text for r in found] == [link]


def test_the_svg_is_labelled_and_sized():
    svg = qr_svg("http://h/?game=g&key=k", "Join as Player 2")
    assert svg.startswith('<svg role="img" aria-label="Join as Player 2" ')
    assert "<path" in svg
    hostile = qr_svg("http://h/", 'Join as "><img src=x onerror=alert(1)>')
    assert "<img" not in hostile and 'aria-label="Join as &quot;&gt;&lt;img' in hostile
