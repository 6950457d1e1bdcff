"""The Runebound vocabulary (rulebook 004, "The Cards" and "Card Anatomy"): the words the data may use.

PURE. Each enum value is the word written in the YAML files; `label` is the word shown to players.
"""

from __future__ import annotations

from enum import StrEnum


class ClassKind(StrEnum):
    FEAT = "feat"
    SPELL = "spell"
    LOCATION = "location"
    CHALLENGE = "challenge"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Side(StrEnum):
    """Friendly cards (red menace symbol) are played on your own Hero; enemy cards (blue) on another's."""

    FRIENDLY = "friendly"
    ENEMY = "enemy"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Timing(StrEnum):
    """The timing icons: end of Movement (|), start of a battle (\\), or as the text says (*)."""

    MOVEMENT = "movement"
    BATTLE = "battle"
    SPECIAL = "special"

    @property
    def label(self) -> str:
        return TIMING_LABELS[self]


TIMING_LABELS = {
    Timing.MOVEMENT: "End of Movement",
    Timing.BATTLE: "Start of a battle",
    Timing.SPECIAL: "When the text says",
}


class Proficiency(StrEnum):
    WIZARDRY = "wizardry"
    DIVINITY = "divinity"
    FIGHTING = "fighting"
    SURVIVAL = "survival"
    SUBTERFUGE = "subterfuge"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Terrain(StrEnum):
    PLAINS = "plains"
    FOREST = "forest"
    HILLS = "hills"
    MOUNTAINS = "mountains"
    SWAMP = "swamp"
    RIVER = "river"
    DESERT = "desert"

    @property
    def label(self) -> str:
        return self.value.capitalize()


SECTIONS = ("class_cards", "talents", "decks")
CLASS_CARD_REQUIRED = frozenset({"id", "name", "kind", "side", "menace", "timing", "text"})
CLASS_CARD_OPTIONAL = frozenset({"epic", "proficiencies", "terrain"})
TALENT_REQUIRED = frozenset({"id", "name", "level", "proficiencies", "text"})
TALENT_OPTIONAL = frozenset({"prerequisite"})
DECK_REQUIRED = frozenset({"id", "name", "summary", "class_cards", "talents"})
DECK_OPTIONAL: frozenset[str] = frozenset()

MENACE_POOL = 10  # each player has exactly 10 menace counters, so no card costs more
MAX_LEVEL = 5
MAX_REQUIREMENTS = 2  # proficiency icons printed on a Spell or Feat
MAX_TALENT_PROFICIENCIES = 3
PUBLISHED_CLASS_CARDS = 25  # "25 Class Cards" and "5 Talent Cards" in every character deck
PUBLISHED_TALENTS = 5
REQUIREMENT_KINDS = frozenset({ClassKind.SPELL, ClassKind.FEAT})  # only these carry proficiency requirements
SPECIAL_TIMING_OPENING = "Play "  # a * card's text says when it is played, so it opens with "Play ..."
