"""Default times for draft picks, reviews and deck building (the timers themselves live elsewhere).

PURE (no clock). This module decides how many seconds a pick, a review pause or deck building
gets by default; the server's timer tasks read these numbers and auto-pick at zero.

Facts it is scaled from (docs/REFERENCES.md): paper drafts give 40 s for a full 15-card pack
falling to 5 s (one card per pick, about 2.7 s per card in the pack); Arena gives 75 s falling to
30 s; review time is 60 s, +30 s per later pack; deck building 25 min (draft) and 30 min (sealed).
Our picks take 2 cards from packs of 18, so a pick gets `base_seconds + per_card_seconds` × cards
left: 60 s for a full pack down to 18 s with 4 left. A pick that takes every card left (2 of 2)
is *forced*: it gets `forced_seconds` (0: the server picks at once).

Words: *cards left* is the size of the pack in front of the player; *review* is the pause after
a round, before the next one opens (or deck building starts).
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.limited.draft import CARDS_PER_PICK


@dataclass(frozen=True)
class DraftTimes:
    base_seconds: int = 6
    per_card_seconds: int = 3
    forced_seconds: int = 0
    review_seconds_first: int = 60
    review_seconds_increment: int = 30
    draft_deck_building_seconds: int = 25 * 60
    sealed_deck_building_seconds: int = 30 * 60

    def pick_seconds(self, cards_left: int, take: int = CARDS_PER_PICK) -> int:
        """Seconds for a pick from a pack of `cards_left`; a forced pick gets `forced_seconds`."""
        if cards_left <= take:
            return self.forced_seconds
        return self.base_seconds + self.per_card_seconds * cards_left

    def review_seconds(self, after_round: int) -> int:
        """The pause after round `after_round` (1-based): 60 s, then 30 s more per later round."""
        return self.review_seconds_first + self.review_seconds_increment * max(0, after_round - 1)


DEFAULT_TIMES = DraftTimes()
