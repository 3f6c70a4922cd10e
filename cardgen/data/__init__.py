"""The card database: the foundation every other part of the toolkit stands on.

A game's manifest declares its card types and their fields; `readers/` turn CSV, XLSX and JSON
sheets into untyped rows, `fields` and `records` turn each cell into a typed value, `checks` look
across records (ids, references, art, deck rules), `numbers` reads the numbers the rules state
(which cells cite through `citations`), and `database` loads a whole game. The print
kit, the rulebooks and the companion's engines all read games through here and nothing else, so
this package imports none of them.
"""
