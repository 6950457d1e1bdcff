"""Runeslingers, the site's first game (rulebooks 000 Classic, 001 and 002 The Awakening): all of
its code in one folder.

Pure (no Django, Celery, Channels or Redis; ``tests/site/test_pure_modules.py`` checks):

- ``engine/``: the rules engine (new game, pending decision, legal actions, apply, views per seat,
  result, JSON and hash) and its bots;
- ``cards/``: the card catalog: the YAML under ``cards/data/`` (``data/classic/`` for Classic), its
  schema, lint and loader, and the card faces;
- ``formats.py``: the deck formats and their legality checks;
- ``decklists.py``: deck list text, read and written.

Site side (they use Django or the hosting layer):

- ``site_catalog.py``: the bridge between the pure catalog and the database (the catalog rows,
  the current catalog, deck checking for the pages and the API);
- ``hosting.py``: the engine as a ``GameEngine`` of the match hosting layer
  (``gameplay.matches.protocol``).

Its board script, templates and rules page live with the site's others (``docs/README.md``, "Where
a game lives"). This file imports nothing, so importing the engine loads no site code.
"""
