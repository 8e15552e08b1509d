"""Game clocks kept by the server: what app/api.py asks of prolog/clock.pl, and stores.

A game made with {"clock": {"main": seconds, "increment": seconds}} is played on a Fischer
clock.  The arithmetic and the rules (who is charged what, when a flag falls, the result
on time) are prolog/clock.pl's; this module hands it the clock stored with the game
(storage.Record.clock), the instant (milliseconds since the epoch, this server's clock)
and what the new view says, and stores what it answers.

A flag falls without anyone moving: every read of a game (app/records.py's
record_or_404: GET, the event stream's opening, a move, an undo) first settles it.  That
check is one comparison with the clock's `deadline` (Prolog is asked only once it has
passed), so reads still never call Prolog for a game in play.  An open event stream whose
game's deadline passes asks for the same settlement (app/api.py's EventStream), and so does
a page whose displayed clock reaches zero (a GET).
"""

from __future__ import annotations

import json
import time

from . import storage
from .games import InvalidRequest, known
from .prolog import Atom, bridge


def now_ms() -> int:
    """This instant, in milliseconds since the epoch (the clocks' unit)."""
    return int(time.time() * 1000)


def ask(op: str, game: str, request: dict) -> dict:
    """clock:clock_api(op, game, request JSON, reply JSON) through the lean path."""
    if not known(game):
        raise InvalidRequest("unknown_game", f"No such game: {game!r}")
    text = bridge().call("clock", "clock_api", Atom(op), Atom(game),
                         json.dumps(request, separators=(",", ":")))
    return json.loads(text)


def new(game: str, setting, seats: list[str]) -> dict | None:
    """The clock of a new game from the request's `clock` (None or absent: untimed), or
    400 bad_clock."""
    if setting is None:
        return None
    if (not isinstance(setting, dict) or set(setting) - {"main", "increment"}
            or not all(isinstance(setting.get(k), int) and not isinstance(setting.get(k), bool)
                       for k in ("main", "increment"))):
        raise InvalidRequest("bad_clock", 'clock must be {"main": seconds, "increment": '
                                          'seconds} (whole numbers), or null for none')
    reply = ask("new", game, {"main": setting["main"], "increment": setting["increment"],
                              "seats": sorted(seats)})
    if not reply["ok"]:
        raise InvalidRequest(reply["code"], reply["message"])
    return reply["clock"]


def setting(clock: dict | None) -> dict | None:
    """A clock's setting, as a new game (a rematch) takes it."""
    return None if clock is None else {"main": clock["main"], "increment": clock["increment"]}


def after(record: storage.Record, view: dict, plies: int, now: int,
          takeback: bool = False) -> dict | None:
    """The clock of a timed game after an action (or an undo) accepted at `now`, `view` and
    `plies` being the game's after it; None if the flag fell before `now` (the action
    is too late: settle() then ends the game)."""
    request = {"clock": record.clock, "now": now, "plies": plies,
               "over": bool(view.get("over")), "phase": view.get("phase"),
               "to_move": view.get("to_move")}
    reply = ask("takeback" if takeback else "charge", record.game, request)
    return reply["clock"] if reply["ok"] else None


def due(record: storage.Record, now: int) -> bool:
    """Whether a timed game's running clock may have run out at `now` (no Prolog)."""
    clock = record.clock
    return bool(clock) and clock.get("flag") is None and clock.get("deadline") is not None \
        and now >= clock["deadline"]


def settle(record: storage.Record, now: int | None = None) -> storage.Record:
    """If the side to move's time is gone, end the game (lost on time: its view's result as
    the game writes it, stored with the stopped clock, a change the live streams hear of).
    Returns the record as it then stands (reloaded if another change came first)."""
    for _ in range(3):
        at = now_ms() if now is None else now
        if not due(record, at):
            return record
        reply = ask("settle", record.game, {"clock": record.clock, "now": at,
                                            "view": record.view})
        if not reply.get("ok") or not reply.get("fallen"):
            return record
        try:
            storage.flag_fallen(record, reply["clock"], reply["view"])
            return record
        except storage.Conflict:
            fresh = storage.load(record.id)
            if fresh is None:
                return record
            record = fresh
    return record


def public(clock: dict | None, now: int | None = None) -> dict | None:
    """A clock as the API shows it: as stored (each seat's time `left` when the running
    clock started, `since`), and the server's `now`, so a page works out the time left
    without trusting its own clock's setting."""
    if clock is None:
        return None
    return {**clock, "now": now_ms() if now is None else now}
