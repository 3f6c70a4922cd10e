"""Sheets kept where designers keep them: a manifest's `"sheet"` may be an HTTP(S) address.

A designer who keeps a game's cards in Google Sheets publishes a sheet to the web (as CSV or XLSX)
and pastes the link into the manifest instead of a file name. Every load fetches the address with
the validators of the last copy (`If-None-Match` with its ETag, `If-Modified-Since`), so an
unchanged sheet costs a 304 and no download; the copy is cached beside the manifest in `.remote/`
(written whole, with a small JSON file of its address, ETag and time), and is what the readers
read. When the network fails, or the server answers with an error, the cached copy is used and
the load says so in one warning; with `--offline` (or `CARDGEN_OFFLINE=1`) nothing is fetched.
A sheet that was never fetched cannot be used offline: that is one error naming the sheet.

What a fetch may bring is checked before it is cached: at most the size any sheet may have
(`limits.max_bytes`), and a sheet, not a web page (a sheet that is not published, or a sign-in
page, comes back as HTML). Which format it is comes from its first bytes (an XLSX is a zip), then
the server's Content-Type: a published link says `output=csv` or `output=xlsx`, but other hosts
need not.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardgen.data.errors import DataError, Location
from cardgen.data.readers.limits import max_bytes

CACHE = (
    ".remote"  # the cache's folder, beside the manifest; hidden, so no sheet is looked for in it
)
TIMEOUT = 10.0  # seconds to connect and between bytes; a hung server falls back to the cache
URL = re.compile(r"^https?://[^\s/?#]+[^\s]*$", re.IGNORECASE)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*://", re.IGNORECASE)
SUFFIX = {"csv": ".csv", "json": ".json", "xlsx": ".xlsx"}
_offline = False


def set_offline(flag: bool) -> None:
    """`cardgen --offline`: read every URL sheet from its cached copy, fetching nothing."""
    global _offline
    _offline = flag


def offline() -> bool:
    return _offline or os.environ.get("CARDGEN_OFFLINE", "").lower() in ("1", "true", "yes")


def looks_like_url(text: str) -> bool:
    """Whether a manifest's `"sheet"` names an address rather than a file (any scheme, so that
    `file://` or `ftp://` is refused by `url_problem` rather than taken for a file name)."""
    return bool(SCHEME.match(text.strip()))


def url_problem(text: str) -> str | None:
    """Why an address cannot be fetched, or None: only http and https, with a host."""
    if not URL.match(text.strip()):
        return f"{text.strip()[:80]!r} is not an http:// or https:// address"
    return None


@dataclass(frozen=True)
class Fetched:
    """The cached copy a URL sheet is read from, in its format; `note` is the one line said
    when it is not fresh from the server (empty when it is); `changed` says that this fetch
    brought new content."""

    path: Path
    format: str
    note: str = ""
    changed: bool = False


def fetch(folder: Path, sheet: str, url: str, where: Location) -> Fetched:
    """The sheet at `url`, fetched into `folder`/.remote unless the cached copy is current."""
    meta = _meta(folder, sheet, url)
    if offline():
        if meta is None:
            raise DataError.at(
                where,
                f"{sheet}: no copy of {url} is cached to use offline; "
                "run once without --offline to fetch it",
            )
        return Fetched(_data_path(folder, sheet, meta["format"]), meta["format"])
    import requests

    headers = {"User-Agent": "cardgen (card database)", "Accept": "text/csv, */*"}
    if meta is not None and meta.get("etag"):
        headers["If-None-Match"] = meta["etag"]
    if meta is not None and meta.get("last_modified"):
        headers["If-Modified-Since"] = meta["last_modified"]
    try:
        with requests.get(url, headers=headers, timeout=TIMEOUT, stream=True) as response:
            if response.status_code == 304 and meta is not None:
                return Fetched(_data_path(folder, sheet, meta["format"]), meta["format"])
            if response.status_code != 200:
                return _fall_back(folder, sheet, url, meta, where, f"HTTP {response.status_code}")
            body = _body(response, sheet, url, where)
            fmt = _format(body, response.headers.get("Content-Type", ""), sheet, url, where)
            validators = {
                "etag": response.headers.get("ETag", ""),
                "last_modified": response.headers.get("Last-Modified", ""),
            }
    except requests.RequestException as exc:
        return _fall_back(folder, sheet, url, meta, where, _reason(exc))
    return _store(folder, sheet, url, body, fmt, validators, meta)


def remote_sheets(spec: Any) -> list[tuple[str, str]]:
    """(sheet name, URL) of every sheet of a GameSpec that is kept at an address."""
    types = [*spec.types, spec.keyword_type, spec.numbers_type]
    return [(t.sheet, t.url) for t in types if t is not None and t.url]


def local_manifest(raw: dict[str, Any]) -> dict[str, Any]:
    """The manifest as an export writes it: each URL sheet named by the local sheet the export
    writes (the type's id, "keywords", "rule_numbers"), so the exported folder stands alone."""
    copy = json.loads(json.dumps(raw))
    for obj, default in _sheet_holders(copy):
        if isinstance(obj.get("sheet"), str) and looks_like_url(obj["sheet"]):
            obj["sheet"] = default
    return copy


def _sheet_holders(raw: dict[str, Any]) -> list[tuple[dict[str, Any], str]]:
    held = []
    for obj in raw.get("types") or []:
        if isinstance(obj, dict) and isinstance(obj.get("id"), str):
            held.append((obj, obj["id"]))
    for key in ("keywords", "rule_numbers"):
        if isinstance(raw.get(key), dict):
            held.append((raw[key], key))
    return held


# The cache --------------------------------------------------------------------------------------


def _meta_path(folder: Path, sheet: str) -> Path:
    return folder / CACHE / f"{sheet}.fetched.json"


def _data_path(folder: Path, sheet: str, fmt: str) -> Path:
    return folder / CACHE / f"{sheet}{SUFFIX[fmt]}"


def _meta(folder: Path, sheet: str, url: str) -> dict[str, Any] | None:
    """The cached copy's record, or None when there is none usable: another address, a format
    we do not read, the copy itself gone, or a record that is not ours."""
    try:
        meta = json.loads(_meta_path(folder, sheet).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(meta, dict) or meta.get("url") != url or meta.get("format") not in SUFFIX:
        return None
    if not _data_path(folder, sheet, meta["format"]).is_file():
        return None
    return meta


def _store(
    folder: Path,
    sheet: str,
    url: str,
    body: bytes,
    fmt: str,
    validators: dict[str, str],
    meta: dict[str, Any] | None,
) -> Fetched:
    """Cache `body`, each file written whole (a temporary file renamed over the old one); an
    unchanged body keeps the old copy and its time, so a watching build is not woken."""
    digest = hashlib.sha256(body).hexdigest()
    path = _data_path(folder, sheet, fmt)
    same = meta is not None and meta.get("sha256") == digest and meta.get("format") == fmt
    if same and all(meta.get(k) == v for k, v in validators.items()):  # type: ignore[union-attr]
        return Fetched(path, fmt)
    try:
        (folder / CACHE).mkdir(exist_ok=True)
        if not same:
            _write_whole(path, body)
            if meta is not None and meta["format"] != fmt:  # the sheet moved from CSV to XLSX
                _data_path(folder, sheet, meta["format"]).unlink(missing_ok=True)
        record = {"url": url, "format": fmt, "sha256": digest, **validators}
        record["fetched"] = meta["fetched"] if same and meta else time.strftime("%Y-%m-%d %H:%M")
        _write_whole(_meta_path(folder, sheet), json.dumps(record, indent=2).encode())
    except OSError as exc:
        raise DataError.at(
            Location(str(folder / CACHE)),
            f"cannot cache the sheet {sheet} fetched from {url}: {exc.strerror or exc}",
        ) from None
    return Fetched(path, fmt, changed=not same)


def _write_whole(path: Path, data: bytes) -> None:
    partial = path.with_name(f".{path.name}.partial")
    partial.write_bytes(data)
    os.replace(partial, path)


def _fall_back(
    folder: Path,
    sheet: str,
    url: str,
    meta: dict[str, Any] | None,
    where: Location,
    reason: str,
) -> Fetched:
    """The cached copy, with the one line that says why; an error when there is none."""
    if meta is None:
        raise DataError.at(
            where, f"{sheet}: cannot fetch {url} ({reason}), and no copy of it is cached"
        )
    note = (
        f"{sheet}: cannot fetch {url} ({reason}); "
        f"using the copy fetched {meta.get('fetched', 'earlier')}"
    )
    return Fetched(_data_path(folder, sheet, meta["format"]), meta["format"], note)


def _reason(exc: Exception) -> str:
    name = type(exc).__name__
    words = {"ConnectionError": "no connection", "ConnectTimeout": "no answer in time"}
    return words.get(name, "no answer in time" if "Timeout" in name else name)


def _body(response: Any, sheet: str, url: str, where: Location) -> bytes:
    limit = max_bytes()
    chunks, size = [], 0
    for chunk in response.iter_content(chunk_size=65536):
        size += len(chunk)
        if size > limit:
            raise DataError.at(
                where,
                f"{sheet}: {url} sends more than {_size(limit)}, over the limit for a card "
                "sheet (is it the right address? raise CARDGEN_MAX_FILE_MB if it really is)",
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _size(count: int) -> str:
    return f"{count / 1048576:.0f} MB" if count >= 1048576 else f"{count // 1024} kB"


def _format(body: bytes, content_type: str, sheet: str, url: str, where: Location) -> str:
    """csv, json or xlsx, from the first bytes and the Content-Type; a web page is refused."""
    head = body[:512].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    kind = content_type.split(";")[0].strip().lower()
    if body.startswith(b"PK\x03\x04"):
        return "xlsx"
    if head.startswith((b"<!doctype html", b"<html")) or kind == "text/html":
        raise DataError.at(
            where,
            f"{sheet}: {url} is a web page, not a sheet (publish the sheet to the web as CSV "
            "or XLSX and use that link)",
        )
    if kind.endswith("json") or head.startswith((b"[", b"{")):
        return "json"
    return "csv"
