"""A game's typefaces made ready for its faces: the manifest's families (`cardgen.data.fonts`)
registered with the font backend, and the table a layout's `font` is looked up in.

The table maps what a layout may write to a font key: "regular", "bold", "italic" and
"bolditalic" (the game's "text" family where it names one, else Vera), and for every family its
name alone (its regular) or followed by a style ("display bold"), where the family has that file.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from cardgen.data.fonts import STYLES, TEXT
from cardgen.printkit.backends.fonts import VERA, FontError, register_family
from cardgen.printkit.layout.errors import LayoutError


class TypefaceError(LayoutError):
    """A font a game names that the PDF cannot embed: one line naming the manifest key."""


def font_table(spec: Any) -> Mapping[str, str]:
    """The layout spellings of `spec`'s fonts (a GameSpec) and their font keys; Vera's alone
    for a game that names none."""
    families = getattr(spec, "fonts", None) or {}
    if not families:
        return VERA
    table = dict(VERA)
    for name, family in families.items():
        try:
            keys = register_family(f"{spec.id}.{name}", family.files)
        except FontError as exc:
            raise TypefaceError(f"{spec.id} manifest.json fonts.{name}: {exc}") from None
        table[name] = keys["regular"]
        for style, key in keys.items():
            table[f"{name} {style}"] = key
        if name == TEXT:
            for style in STYLES:
                table[style] = keys.get(style, keys["regular"])
    return MappingProxyType(table)
