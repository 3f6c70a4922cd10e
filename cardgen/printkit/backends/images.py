"""Art files as pillow sees them: whether one can be drawn at all, asked before any page is
written."""

from __future__ import annotations

from pathlib import Path

from PIL import Image


def is_readable_image(path: Path) -> bool:
    """Open and verify the file: a truncated or foreign file says no here, not mid-build."""
    try:
        with Image.open(path) as image:
            image.verify()
    except Exception:
        return False
    return True
