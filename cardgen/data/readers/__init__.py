"""Readers turn a spreadsheet file into a `RawSheet`: a header and rows of untyped cells.

Each reader knows one file format and nothing about games; typing and checking the cells against a
card type's schema happens in `cardgen.data.records`.
"""

from __future__ import annotations

from cardgen.data.readers.csv_reader import read_csv
from cardgen.data.readers.json_reader import read_json
from cardgen.data.readers.limits import check_size
from cardgen.data.readers.raw import RawCell, RawRow, RawSheet
from cardgen.data.readers.xlsx_reader import read_xlsx, worksheet_names

__all__ = [
    "RawCell",
    "RawRow",
    "RawSheet",
    "check_size",
    "read_csv",
    "read_json",
    "read_xlsx",
    "worksheet_names",
]
