"""Signal receivers of the deck swap (connected in SwapsConfig.ready): a published pod round has
the swap of each of its pods opened, when the event's plan names that round, by a worker
(``tournaments.swaps.tasks.open_round``): reading a 1,024-player round's decks and writing its
256 swaps is not the publish request's work. A lost task is made good by beat's sweep
(``services.open_missing_swaps``), within its 2 seconds."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from common.tasks import queue_after_commit
from tournaments.models import Round
from tournaments.pods.services import pod_round_published
from tournaments.swaps import services


@receiver(pod_round_published, dispatch_uid="swaps-open-round")
def open_round_swaps(sender: Any, round: Round, **kwargs: Any) -> None:
    queue_after_commit(services.OPEN_TASK, round.pk)
