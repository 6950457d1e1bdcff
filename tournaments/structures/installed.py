"""The structures the site plays, by the ``Event.Structure`` value an event stores.

Installed by ``tournaments.apps`` once the app registry is ready: the implementations call the
page, service and webhook modules that in turn ask the seam, so the seam cannot import them.
"""

from __future__ import annotations

from functools import partial

from tournaments.models import Event
from tournaments.structures import Maker
from tournaments.structures.game_pods import Pods
from tournaments.structures.pairs import Pairs

STRUCTURES: dict[str, Maker] = {
    Event.Structure.SWISS: Pairs,
    Event.Structure.SWISS_TOP_CUT: partial(Pairs, top_cut=True),
    Event.Structure.ROUND_ROBIN: partial(Pairs, round_robin=True),
    Event.Structure.PODS: Pods,
}
