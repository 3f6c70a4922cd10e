"""Every entered card's face reads as that card straight from its 300 dpi PNG, with one plain
zxing-cpp read (no enlarging, no second try): the print kit's own file, before any camera."""

from __future__ import annotations

import pytest
import zxingcpp

from cardgen.data.codes import payload
from companion.scan.photo import MICRO_QR

from .shipped import SCANNED, faces


@pytest.mark.parametrize(("game_id", "type_id"), [(g, t) for g, ts in SCANNED.items() for t in ts])
def test_every_face_decodes_from_its_png(game_id: str, type_id: str) -> None:
    unread = []
    for card, image in faces(game_id, type_id).items():
        if card.startswith("back:"):
            continue
        read = [code.text for code in zxingcpp.read_barcodes(image.convert("L"),
                                                             formats=MICRO_QR)]  # fmt: skip
        if read != [payload(game_id, type_id, card)]:
            unread.append(f"{card}: {read}")
    assert unread == []
