"""The print kit: a game's cards turned into print-and-play PDFs, PNG faces and print-shop files.

The flow is one way: `faces` lays out each card with its template (`layout/`) into drawing
primitives (`draw`), `sheets` imposes them on paper (grids, bleed, crop marks, duplex backs,
board pieces), and `backends/` draw the result with reportlab (PDF) or pillow (PNG). `build` runs
the whole kit for a game; `shop`, `imagesheet` and `calibration` are the other outputs.
"""
