"""The one adapter between a game engine and the database for matches played on the site.

Every change locks the match row, checks the version the client saw, charges the clock of the
seat that was deciding, applies the engine action, appends it to the game's log, stores the
new state and restarts the clock of whoever must decide next. After commit a timer task is
queued for the new deadline (see ``gameplay.matches.timers``) and bots are asked to move. The
engine is reached only through the ``GameEngine`` protocol (``gameplay.matches.protocol``).

The rooms, each importing only those above it:

- ``clock``: the clock arithmetic (time used, charged, the next deadline);
- ``views``: each seat's view and the public one, replays, the game log;
- ``changes``: the row lock, the seat/status/version guard, and finishing a change (bump the
  version, save, push after commit);
- ``games``: creating a match, starting and ending games and the match, who goes first, the
  wait for both players before any clock runs;
- ``moves``: applying an action, losing on time;
- ``deadlines``: what a passed deadline does, late decisions, timer expiry, calling time;
- ``decisions``: a player's move and choice of who goes first;
- ``bots``, ``challenges``, ``referees``, ``lifecycle`` (conceding, rematches);
- ``tables``: tables of any number of seats (``create_table``, a person may hold several seats).

The names the rest of the site uses are imported here.
"""

from __future__ import annotations

from gameplay.matches.services.bots import bot_move
from gameplay.matches.services.challenges import answer_challenge, challenge
from gameplay.matches.services.changes import ChangeResult
from gameplay.matches.services.clock import clocks
from gameplay.matches.services.deadlines import NOTHING_DONE, call_time, expire
from gameplay.matches.services.decisions import choose_first, play
from gameplay.matches.services.games import (
    bot_seat,
    create_match,
    match_finished,
    match_started,
    players_arrived,
    roll_dice,
    seat_setup,
)
from gameplay.matches.services.lifecycle import Rematch, concede, concession_loses_match, rematch
from gameplay.matches.services.referees import add_time, decide, pause, resume, set_result
from gameplay.matches.services.tables import SeatSpec, create_table
from gameplay.matches.services.views import (
    Views,
    first_choice,
    game_log,
    load_state,
    log_page,
    player_view,
    replay_view,
    views_for,
)

__all__ = [
    "NOTHING_DONE",
    "ChangeResult",
    "Rematch",
    "SeatSpec",
    "Views",
    "add_time",
    "answer_challenge",
    "bot_move",
    "bot_seat",
    "call_time",
    "challenge",
    "choose_first",
    "clocks",
    "concede",
    "concession_loses_match",
    "create_match",
    "create_table",
    "decide",
    "expire",
    "first_choice",
    "game_log",
    "load_state",
    "log_page",
    "match_finished",
    "match_started",
    "pause",
    "play",
    "player_view",
    "players_arrived",
    "rematch",
    "replay_view",
    "resume",
    "roll_dice",
    "seat_setup",
    "set_result",
    "views_for",
]
