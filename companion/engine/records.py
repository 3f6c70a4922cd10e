"""A frozen dataclass state as JSON and back: the same conversion for every game that keeps its
sequences as tuples (hashable, safe to share between clones) while JSON has only lists."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import fields
from typing import Any


def as_json(record: Any, lists: Iterable[str] = (), pairs: Iterable[str] = ()) -> dict[str, Any]:
    """Every field of the dataclass `record`: the `lists` (tuples) as lists, and the `pairs` (one
    tuple a player) as lists of lists; the other fields as they are."""
    data: dict[str, Any] = {f.name: getattr(record, f.name) for f in fields(record)}
    for key in lists:
        data[key] = list(data[key])
    for key in pairs:
        data[key] = [list(side) for side in data[key]]
    return data


def from_lists(
    data: Mapping[str, Any], lists: Iterable[str] = (), pairs: Iterable[str] = ()
) -> dict[str, Any]:
    """The inverse of `as_json`: the field values with the `lists` and `pairs` as tuples again,
    ready for the dataclass's constructor."""
    values = dict(data)
    for key in lists:
        values[key] = tuple(values[key])
    for key in pairs:
        values[key] = tuple(tuple(side) for side in values[key])
    return values
