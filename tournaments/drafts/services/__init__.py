"""The only bridge between the draft models and the pure ``tournaments.limited`` package.

- ``state``: the card set, a pod's times, and its state rebuilt from the pick rows;
- ``draft_pods``: seating players into pods, start, pause, resume, swap a player for a bot;
- ``picking``: picks, marks, the server's auto-picks and the review pause (clock expiry);
- ``pools``: sealed openings, deck submission and the deck-building deadline;
- ``reading``: what each person may see (a player only their own pack and picks);
- ``clock`` and ``push``: timer tasks queued after commit, websocket pushes after commit.

Every change locks the pod row (``select_for_update``) in one short transaction and raises an
``EventError`` before writing anything when it refuses.
"""
