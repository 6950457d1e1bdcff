"""Invitations: a person asked to join something (a Runemasters table, a challenge team, a
rematch) accepts or declines; nobody is seated or put on a team without accepting.

One model for every kind (``models.py``), with what it is for held as a generic relation, so the
model lives in ``gameplay`` and an app above it (``tournaments/coop`` for teams) keeps its own
side: what accepting does. The two signals (``signals.py``) are the hook for notices.
"""
