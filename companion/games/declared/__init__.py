"""Games whose table is declared in their data (a manifest's `"table"` block): one engine plays
them all (docs/table-declaration.md)."""

from companion.games.declared.rules import DeclaredRules

__all__ = ["DeclaredRules"]
