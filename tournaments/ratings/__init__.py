"""Ratings: Glicko-2 for one-on-one Runeslingers (The Awakening and Classic apart) and a Plackett-Luce
rating for pod events, recomputed from the results (docs/ratings.md). The maths is the pure
``maths.py``; the rest is the Django app (label ``ratings``)."""
