"""The Jinja2 side of layouts: a sandboxed environment, filters, and what a template may read."""

from __future__ import annotations

from functools import cache
from typing import Any

from jinja2 import StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

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


@cache
def environment() -> SandboxedEnvironment:
    env = SandboxedEnvironment(
        undefined=StrictUndefined, autoescape=False, keep_trailing_newline=False
    )
    env.filters["contrast"] = contrast
    env.filters["names"] = _join_names
    env.globals["palette"] = OKABE_ITO
    return env
