"""cardgen: card database, print-and-play kits and rulebooks for small tabletop games."""

__version__ = "0.1.0"
