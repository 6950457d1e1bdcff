"""The draft's three kinds of deadline (``common.deadlines``; declared in
``tournaments.drafts.deadlines``), scheduled after commit on the `timers` queue with the row's
version. Never revoked: a task whose version moved on does nothing, and beat's sweep fires
anything a lost task missed.
"""

from __future__ import annotations

#: The pick clocks of a pod's seats: one task per pod, for the earliest, under ``Pod.clock_version``.
DRAFT_PICKS = "draft-picks"
#: The review pause between rounds: ``Pod.deadline`` under ``Pod.timer_version``.
DRAFT_REVIEW = "draft-review"
#: A pool's deck building: ``Pool.build_deadline`` under ``Pool.build_timer_version``.
DECK_BUILD = "deck-build"
