"""Sheets kept at a URL (issue 26, item 6), against a local HTTP server that keeps ETags the way
Google's published sheets do: fetched and cached beside the game, a 304 when unchanged, the
cache when the network fails (said in one line) or with --offline, errors naming the sheet, row
and column, a web page refused, an export that stands alone, and --watch's re-fetch."""

from __future__ import annotations

import copy
import hashlib
import io
import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from cardgen.cli import main
from cardgen.data import remote
from cardgen.data.database import load_game, refresh_remote

from .conftest import MANIFEST, UNITS_CSV, load_clean, write_game


class Sheets:
    """What the server holds: path -> (body, content type); and what it was asked."""

    def __init__(self) -> None:
        self.files: dict[str, tuple[bytes, str]] = {}
        self.asked: list[tuple[str, int]] = []  # (path, status answered)


@pytest.fixture
def server() -> Iterator[tuple[str, Sheets]]:
    """A local server on a free port, with ETags and If-None-Match: (its base URL, its sheets)."""
    sheets = Sheets()

    class Handler(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            if self.path not in sheets.files:
                sheets.asked.append((self.path, 404))
                self.send_error(404)
                return
            body, kind = sheets.files[self.path]
            etag = '"' + hashlib.sha1(body).hexdigest() + '"'
            if self.headers.get("If-None-Match") == etag:
                sheets.asked.append((self.path, 304))
                self.send_response(304)
                self.send_header("ETag", etag)
                self.end_headers()
                return
            sheets.asked.append((self.path, 200))
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("ETag", etag)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}", sheets
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(autouse=True)
def _online(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDGEN_OFFLINE", raising=False)
    remote.set_offline(False)
    yield
    remote.set_offline(False)


def remote_game(folder: Path, url: str) -> Path:
    """The fixture game with its units kept at `url` instead of units.csv."""
    manifest = copy.deepcopy(MANIFEST)
    manifest["types"][0]["sheet"] = url
    return write_game(folder, {"units.csv": None}, manifest)


def warnings(folder: Path) -> list[str]:
    _, problems = load_game(folder)
    return [str(p) for p in problems if not p.is_error]


def test_a_sheet_at_a_url_is_fetched_and_cached_beside_the_game(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv; charset=utf-8")
    folder = remote_game(tmp_path / "g", f"{base}/units.csv")
    game = load_clean(folder)
    assert [c.id for c in game.cards["unit"]] == ["wolf", "owl"]
    assert (folder / ".remote" / "unit.csv").read_bytes() == UNITS_CSV.encode()
    record = json.loads((folder / ".remote" / "unit.fetched.json").read_text())
    assert record["url"] == f"{base}/units.csv" and record["etag"].startswith('"')
    assert not warnings(folder)
    load_clean(folder)  # asked again with the ETag: unchanged, nothing downloaded
    assert sheets.asked == [("/units.csv", 200)] + [("/units.csv", 304)] * 2


def test_a_changed_sheet_is_fetched_again(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/units.csv")
    load_clean(folder)
    sheets.files["/units.csv"] = (UNITS_CSV.replace("Wolf,3", "Wolf,4").encode(), "text/csv")
    game = load_clean(folder)
    assert game.by_id("wolf")["cost"] == 4


def test_without_the_network_the_cached_copy_is_used_and_said_in_one_line(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/units.csv")
    load_clean(folder)
    del sheets.files["/units.csv"]  # the server answers 404 now
    (said,) = warnings(folder)
    assert "cannot fetch" in said and "HTTP 404" in said and "using the copy fetched" in said
    assert "\n" not in said
    dead = remote_game(tmp_path / "h", "http://127.0.0.1:9/units.csv")  # nothing listens
    (folder / ".remote").rename(dead / ".remote")
    record = dead / ".remote" / "unit.fetched.json"
    record.write_text(
        record.read_text().replace(f"{base}/units.csv", "http://127.0.0.1:9/units.csv")
    )
    game, problems = load_game(dead)
    assert game is not None and not [p for p in problems if p.is_error]
    (said,) = [str(p) for p in problems]
    assert "no connection" in said and "using the copy fetched" in said


def test_offline_fetches_nothing_and_needs_a_cached_copy(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    remote_game(tmp_path / "g", f"{base}/units.csv")
    runner = CliRunner()
    result = runner.invoke(main, ["--offline", "validate", "g", "--data", str(tmp_path)])
    assert result.exit_code == 1 and sheets.asked == []
    (line,) = [x for x in result.output.splitlines() if "cached" in x]
    assert "unit: no copy of" in line and "run once without --offline" in line
    assert "Traceback" not in result.output
    assert runner.invoke(main, ["validate", "g", "--data", str(tmp_path)]).exit_code == 0
    result = runner.invoke(main, ["--offline", "validate", "g", "--data", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert len(sheets.asked) == 1


def test_errors_name_the_sheet_row_and_column(server, tmp_path):
    base, sheets = server
    bad = UNITS_CSV.replace("owl,Owl,2,", "owl,Owl,9,")  # cost above its max of 5
    sheets.files["/pub"] = (bad.encode(), "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/pub")
    result = CliRunner().invoke(main, ["validate", "g", "--data", str(tmp_path)])
    assert result.exit_code == 1
    assert f"unit ({base}/pub):3:C: cost: 9 is above" in result.output  # the owl's row
    assert "Traceback" not in result.output
    assert (folder / ".remote" / "unit.csv").is_file()


def test_an_xlsx_link_is_read_as_a_workbook(server, tmp_path):
    base, sheets = server
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Sheet1"  # a published single sheet keeps its own name
    for row in UNITS_CSV.replace('"Howls\nat night, loudly."', "Howls").splitlines():
        sheet.append(row.split(",")[:16] if row.startswith("id,") else _cells(row))
    data = io.BytesIO()
    book.save(data)
    sheets.files["/pub?output=xlsx"] = (data.getvalue(), "application/octet-stream")
    folder = remote_game(tmp_path / "g", f"{base}/pub?output=xlsx")
    game = load_clean(folder)
    assert game.by_id("owl")["cost"] == 2 and (folder / ".remote" / "unit.xlsx").is_file()


def _cells(row: str) -> list[str]:
    import csv

    return next(csv.reader([row]))


def test_a_web_page_is_refused_in_one_line(server, tmp_path):
    base, sheets = server
    sheets.files["/signin"] = (b"<!DOCTYPE html><html><body>Sign in</body></html>", "text/html")
    folder = remote_game(tmp_path / "g", f"{base}/signin")
    (line,) = [str(p) for p in load_game(folder)[1] if "web page" in str(p)]
    assert line.startswith("g/manifest.json") and "publish the sheet to the web" in line
    assert not (folder / ".remote" / "unit.csv").exists()


@pytest.mark.parametrize("address", ["file:///etc/passwd", "ftp://example.org/u.csv", "https://"])
def test_only_http_addresses_are_fetched(tmp_path, address):
    folder = remote_game(tmp_path / "g", address)
    errors = [str(p) for p in load_game(folder)[1] if p.is_error]
    assert any("is not an http:// or https:// address" in e for e in errors), errors


def test_an_export_stands_alone(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    remote_game(tmp_path / "data" / "g", f"{base}/units.csv")
    out = tmp_path / "exported"
    result = CliRunner().invoke(
        main,
        ["export", "g", "--format", "csv", "--out", str(out), "--data", str(tmp_path / "data")],
    )
    assert result.exit_code == 0, result.output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["types"][0]["sheet"] == "unit" and (out / "unit.csv").is_file()
    sheets.files.clear()
    asked = len(sheets.asked)
    assert [c.id for c in load_clean(out).cards["unit"]] == ["wolf", "owl"]
    assert len(sheets.asked) == asked  # the export fetches nothing


def test_watch_refetches_and_sees_only_changes(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/units.csv")
    assert refresh_remote([folder]) == ["g/unit"]  # first fetch
    cached = folder / ".remote" / "unit.csv"
    stamp = cached.stat().st_mtime_ns
    assert refresh_remote([folder]) == []  # 304: the cache is not touched
    assert cached.stat().st_mtime_ns == stamp
    sheets.files["/units.csv"] = (UNITS_CSV.replace("Owl,2", "Owl,1").encode(), "text/csv")
    assert refresh_remote([folder]) == ["g/unit"]
    assert b"Owl,1" in cached.read_bytes()


def test_a_local_sheet_beside_a_url_is_said_to_be_ignored(server, tmp_path):
    base, sheets = server
    sheets.files["/units.csv"] = (UNITS_CSV.encode(), "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/units.csv")
    (folder / "unit.csv").write_text(UNITS_CSV, encoding="utf-8")
    (said,) = warnings(folder)
    assert said.startswith("g/unit.csv") and "ignored: the manifest reads" in said


def test_a_sheet_too_large_is_refused(server, tmp_path, monkeypatch):
    base, sheets = server
    monkeypatch.setenv("CARDGEN_MAX_FILE_MB", "0.01")  # 10 kB: the manifest and sheets pass
    sheets.files["/big.csv"] = (UNITS_CSV.encode() * 60, "text/csv")
    folder = remote_game(tmp_path / "g", f"{base}/big.csv")
    (line,) = [str(p) for p in load_game(folder)[1] if "limit" in str(p)]
    assert "sends more than 10 kB, over the limit for a card sheet" in line
    assert not (folder / ".remote" / "unit.csv").exists()
