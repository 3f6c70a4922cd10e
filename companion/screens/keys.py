"""Every name the page layer keeps state under, spelled once: session keys and URL parameters.

Widget keys of buttons are built where the buttons are; what is here outlives a run (the session
state) or a session (the URL). Saved links and the tests read these strings, so they never change.
"""

from __future__ import annotations

from companion import links

# --- URL query parameters: what a reload, a bookmark or a restarted server finds again ----------

QUERY = links.GAME  # the open game's id; without it the chooser is shown
KEY = links.KEY  # the device's key: the table's (every seat) or one seat's; none only watches
WALK = "walk"  # Vita Luna's walk-through cursor, "entry.step": a reload keeps the step on screen
VIEW = "view"  # "table": the large-type table view of the open game instead of its page
TABLE_VIEW = "table"  # the value of VIEW that shows the table view

# --- the game held in this session (screens/session.py) -----------------------------------------

GID = "companion_gid"  # the id of the game in MATCH; another id in the URL means load that one
MATCH = "companion_match"  # the Match itself, replayed from the store once per session
VERSION = "companion_version"  # the saved version MATCH is based on: a stale save is refused
FLASH = "companion_flash"  # why the last tap was refused, shown once on the next run
NAME = "companion_name"  # the saved game's name, for the page's title
ACCESS = "companion_access"  # what this device may do (store.Access), from the URL's key

# --- at the table (screens/presence.py, screens/table_view.py) ----------------------------------

SOUNDS = "companion_sounds"  # the "Sounds for dice and hits" switch: off unless turned on
SOUNDED = "companion_sounded"  # (game id, log length) whose sounds were played: each plays once
FLIPPED = "companion_flipped"  # the table view turned upside down, for the far side of the table

# --- the chooser (app.py) -----------------------------------------------------------------------

IMPORT_FILE = "import_file"  # the file uploader holding a saved game to import


def option(game: str, option: str) -> str:
    """The key of a game option's control on the chooser's card: New game reads the choice."""
    return f"opt_{game}_{option}"


# --- Vita Luna's page -----------------------------------------------------------------------------

PICK = "vl_pick"  # the card or Singular tapped first, with the log length it belongs to
DRAFT = "vl_draft"  # the bid being entered, with the game, bidder and log length it belongs to
COVERS = "vl_covers"  # the "pass the tablet" cover passed now (game, screen, seat, moment)
