"""Runemasters (rulebook 003): the co-operative dice game's rules engine, pure.

No Django, Celery or I/O beyond its own data files. ``gameplay.runemasters.game`` holds the calls
the match hosting layer makes (the ``GameEngine`` protocol's names and shapes), and
``gameplay.runemasters.hosting`` is its adapter to that layer; see
docs/runemasters.md for the game as played here and every decision taken.
"""
