"""The Jinja2 side of layouts: a sandboxed environment, filters, and what a template may read."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import StrictUndefined
from jinja2.runtime import Context
from jinja2.sandbox import SandboxedEnvironment

from cardgen.printkit.layout.budget import (
    check_binop,
    check_call,
    check_result,
    checked_filter,
    counted_range,
)
from cardgen.printkit.sheets.hex import hex_grid

OKABE_ITO = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
    "grey": "#999999",
    "white": "#FFFFFF",
}


def luminance(colour: str) -> float:
    """WCAG relative luminance of #RRGGBB."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def contrast(colour: str) -> str:
    """Black or white, whichever reads better on `colour`."""
    dark, light = "#000000", "#FFFFFF"
    return dark if contrast_ratio(colour, dark) >= contrast_ratio(colour, light) else light


def _join_names(values: Any, sep: str = ", ") -> str:
    return sep.join(str(v) for v in values)


class BudgetedEnvironment(SandboxedEnvironment):
    """The sandbox, with every operator, call and filter that can build a value held to the
    limits of `budget`: a layout cannot hang a build or fill the memory."""

    intercepted_binops = frozenset({"*", "**", "+", "%", "//"})

    def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
        check_binop(operator, left, right)
        return check_result(super().call_binop(context, operator, left, right))

    def call(__self, __context: Context, __obj: Any, *args: Any, **kwargs: Any) -> Any:
        method = getattr(__obj, "__wrapped__", __obj)  # the sandbox wraps str.format
        check_call(getattr(method, "__name__", ""), getattr(method, "__self__", None), args, kwargs)
        return check_result(super().call(__context, __obj, *args, **kwargs))


@cache
def environment() -> SandboxedEnvironment:
    env = BudgetedEnvironment(
        undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False
    )
    env.filters["contrast"] = contrast
    env.filters["names"] = _join_names
    env.filters = {name: checked_filter(name, f) for name, f in env.filters.items()}
    env.globals["palette"] = OKABE_ITO
    env.globals["hex_grid"] = hex_grid  # a board's hex cells, drawn with a repeat
    env.globals["range"] = counted_range
    del env.globals["lipsum"]  # paragraphs of Latin on demand: no card needs them
    return env
