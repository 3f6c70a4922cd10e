"""A generated corpus of malformed and hostile inputs (issue 16): card sheets in CSV, XLSX and
JSON, manifests, files on disk (links out of a game's folder) and saved games.

Each case is data: what to write and the one line it must be refused with. The tests that run
them are `tests/test_hostile_inputs.py` (the `cardgen` command) and
`tests/companion/test_store_hostile.py` (the companion's store).
"""
