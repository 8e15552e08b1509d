"""Reading a saved game for a request: the record, rebuilt once after an upgrade.

app/api.py's routes and the console (app/console.py) read a game through
record_or_404(); playing() gives the Game of a record without replaying it.  A module of
its own so that the console, which the API's modules use, need not import the API.
"""

from __future__ import annotations

from flask import current_app, g

from . import clocks, live, storage
from .games import Game, NotFound, TableroError, state_format


def record_or_404(game_id: str) -> storage.Record:
    """The saved game.  One stored by other rules or in another state format (an upgrade)
    is first rebuilt from its actions; should today's rules refuse one of them, the stored
    state is kept and only its view is drawn anew, so no upgrade loses a game.  A timed
    game whose side to move has run out of time is lost on time first (app/clocks.py)."""
    record = storage.load(game_id)
    if record is None:
        raise NotFound("unknown_game_id", f"There is no game {game_id[:64]!r}")
    g.game_name = record.game
    current = state_format(record.game)
    if record.format != current:
        old = record.view or {}
        try:
            played = Game.restore(record.game, record.options, record.actions(),
                                 cache_id=record.id)
            traces = played.traces
        except TableroError:
            current_app.logger.warning("game %s no longer replays; its stored state is kept",
                                       record.id)
            played, traces = playing(record), None
        if old.get("over") and not same_result(old, played.view):
            #  A finished game is a record: today's rules may end it otherwise (two passes
            #  ended and counted a Go game in the first release; now a scoring phase
            #  follows).  Its stored state keeps the result it was given, drawn anew.
            current_app.logger.warning("game %s: today's rules end it otherwise; its stored "
                                       "state and result are kept", record.id)
            try:
                kept = playing(record)
            except TableroError:
                kept = None
            if kept is not None and same_result(old, kept.view):
                storage.rebuilt(record, kept.state, kept.view, current, kept.key, None)
            else:
                storage.rebuilt(record, record.state, old, current, None, None)
            return lost_on_time(record)
        storage.rebuilt(record, played.state, played.view, current, played.key, traces)
    return lost_on_time(record)


def lost_on_time(record: storage.Record) -> storage.Record:
    """The record, its flag settled if its time is up (app/clocks.py); this process's live
    streams are woken at once when that ended the game."""
    revision = record.revision
    record = clocks.settle(record)
    if record.revision != revision:
        live.hub(current_app._get_current_object()).poke.set()
    return record


def same_result(old: dict, view: dict) -> bool:
    """Whether a view ends its game as the stored view `old` did (code, winner, words)."""
    a, b = old.get("result") or {}, view.get("result") or {}
    return bool(view.get("over")) and all(a.get(k) == b.get(k)
                                          for k in ("code", "winner", "message"))


def playing(record: storage.Record) -> Game:
    """The saved game as a Game, from its stored state (no replay): this worker's parsed
    game when it holds the record's state (by its cache key), else the stored state text
    and the traces of its actions (app/games.py)."""
    return Game.restore(record.game, record.options, [], record.state, cache_id=record.id,
                       key=record.cache_key, load=record)
