"""Runebound character decks (rulebook 004): a second game in the catalog, kept apart from Runeslingers.

PURE (no Django): `schema` names the vocabulary, `lint` checks the YAML data, `catalog` loads it
into the frozen values of `model`, `decks` holds the deck-building rules and formats, and
`decklists` reads and writes deck list text.
"""
