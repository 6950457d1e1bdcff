"""Booster drafts and sealed pools on the site: the Django side of the pure ``tournaments.limited``."""
