"""Runemasters challenges (issue 21 §3): seeded co-operative challenges with teams, attempts and
leaderboards, and the daily challenge. A Django app of its own (label ``coop``); the ranking is the
pure ``gameplay/runemasters/scores.py``. See docs/runemasters.md, "Challenges"."""
