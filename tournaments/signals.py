"""Signals the events app sends for other parts of the site to act on.

``place_offered(sender=Event, event=..., user=...)``: a place at a full event has freed and is
offered to ``user``, the first on its waiting list (``tournaments.services.waiting``). Sent once
the offer is committed. The event page shows the offer with its accept and decline buttons; a
receiver may tell the player elsewhere too (the home page, notices, e-mail). The offer holds until
the player accepts or declines it.
"""

from __future__ import annotations

from django.dispatch import Signal

place_offered = Signal()
