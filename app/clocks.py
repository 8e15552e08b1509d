"""Game clocks kept by the server: what app/api.py asks of prolog/clock.pl, and stores.

A game made with a `clock` setting is played on a clock of its `kind`:
{"kind": "fischer", "main": seconds, "increment": seconds} (the kind may be left out: the
API's first shape), {"kind": "absolute", "main": seconds}, {"kind": "byoyomi", "main":
seconds, "periods": count, "period": seconds} (Go) or {"kind": "correspondence", "days":
days a move}.  A clock stored before kinds existed has none: it is read as Fischer's.  The
arithmetic and the rules (who is charged what, when a flag falls, the result
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


#  The fields a clock's setting may have, besides its kind (prolog/clock.pl's kind_fields/2
#  says which each kind has and their ranges).
SETTING_FIELDS = ("main", "increment", "periods", "period", "days")


def new(game: str, setting, seats: list[str]) -> dict | None:
    """The clock of a new game from the request's `clock` (None or absent: untimed), or
    400 bad_clock with the reason (prolog/clock.pl's clock_fault/4)."""
    if setting is None:
        return None
    try:
        fit = isinstance(setting, dict) and len(json.dumps(setting, allow_nan=False)) < 400
    except ValueError:  # Infinity or NaN, which JSON itself does not have
        fit = False
    if not fit:
        raise InvalidRequest("bad_clock", 'clock must be a setting such as {"kind": "fischer", '
                                          '"main": 300, "increment": 3}, or null for none')
    reply = ask("new", game, {"setting": setting, "seats": sorted(seats)})
    if not reply["ok"]:
        raise InvalidRequest("bad_clock", reply["message"])
    return reply["clock"]


def setting(clock: dict | None) -> dict | None:
    """A clock's setting (its kind and the fields of that kind), as a new game (a rematch)
    takes it."""
    if clock is None:
        return None
    return {"kind": clock.get("kind", "fischer"),
            **{key: clock[key] for key in SETTING_FIELDS if key in clock}}


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
    """A clock as the API shows it: as stored (its setting; each seat's time `left` when
    the running clock started and, byo-yomi, `periods_left`; `since`...), its `kind` (one
    stored before kinds is Fischer's), and the server's `now`, so a page works out the time left
    without trusting its own clock's setting."""
    if clock is None:
        return None
    return {"kind": "fischer", **clock, "now": now_ms() if now is None else now}
