"""Pod events (multiplayer games played in pods, rulebook 004's Runebound): everything of them in
one folder. ``services`` (seating a round's pods, reports, confirmations, disputes, judges' places,
the round's end) with ``reading`` (settings, standings, history: read-only), ``views`` (the pages)
with ``presentation`` (their words) and ``downloads`` (CSV). Their templates are under
``templates/tournaments/pods/``; the event structure that sends pod events here is ``Pods`` in
``tournaments/structures/game_pods.py``, and the pure seating is ``tournaments/pairing/pod_seating.py``."""
