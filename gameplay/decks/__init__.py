"""Decks of your own: saved decks with every save kept as a version (issue 17 section 4)."""
