"""Hostile card sheets, manifests and folders, built on the test game of `tests/conftest.py`.

A sheet case puts one hostile value into one cell of a new unit, `bat`, that nothing else refers
to, and writes the units sheet as CSV, as an XLSX workbook or as JSON: so the value alone is
wrong, and the game must be refused in exactly one line naming that cell. A manifest case changes
the manifest; a folder case puts links on disk.

The cases live in one module a kind (`cells`, `manifests`, `folders`, on the sheet writer
`units`); this module gathers them, so the tests import the whole corpus from one place.
"""

from __future__ import annotations

from .cells import (
    CELL_CASES,
    HEADER_CASES,
    JSON,
    TEXT,
    TOO_LONG,
    TOO_LONG_INT,
    CellCase,
    HeaderCase,
    header_location,
    write_cell_case,
    write_header_case,
)
from .folders import FOLDER_CASES, OUTSIDE, FolderCase, write_folder_case
from .manifests import (
    COST,
    MANIFEST_CASES,
    PLAYERS,
    PRESS,
    SIZE_CASES,
    ManifestCase,
    write_manifest_case,
)
from .units import BAT, BAT_ROW, FORMATS, PNG, UNIT_FIELDS, Raw, nested, write_units

__all__ = [
    "BAT",
    "BAT_ROW",
    "CELL_CASES",
    "COST",
    "FOLDER_CASES",
    "FORMATS",
    "HEADER_CASES",
    "JSON",
    "MANIFEST_CASES",
    "OUTSIDE",
    "PLAYERS",
    "PNG",
    "PRESS",
    "SIZE_CASES",
    "TEXT",
    "TOO_LONG",
    "TOO_LONG_INT",
    "UNIT_FIELDS",
    "CellCase",
    "FolderCase",
    "HeaderCase",
    "ManifestCase",
    "Raw",
    "header_location",
    "nested",
    "write_cell_case",
    "write_folder_case",
    "write_header_case",
    "write_manifest_case",
    "write_units",
]
