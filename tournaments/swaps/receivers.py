"""Signal receivers of the deck swap (connected in SwapsConfig.ready): a published pod round opens
the swap of each of its pods when the event's plan names that round."""

from __future__ import annotations

from typing import Any

from django.dispatch import receiver

from tournaments.models import Round
from tournaments.pods.services import pod_round_published
from tournaments.swaps import services


@receiver(pod_round_published, dispatch_uid="swaps-open-round")
def open_round_swaps(sender: Any, round: Round, **kwargs: Any) -> None:
    services.open_swaps(round)
