"""The phases of a Small City round, one module each (see RULES.md)."""
