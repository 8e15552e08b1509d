"""Saved games: a game's record is its settings, its actions, its state and its seats.

Start reading at `Record`, then the functions below it: this module is the one storage
interface, and each function is written once, in SQL that both backends run.  A backend
(app/db_base.py) is chosen by the app's DATABASE (TABLERO_DB): a file path is SQLite
(app/db_sqlite.py, the embedded default, one machine); a postgresql:// URL is PostgreSQL
(app/db_postgres.py: several app servers on one database, live changes pushed to all).
Each backend has its own numbered migrations, run at start.

`games` holds one row per game: the state text Prolog returned after the last
action, the view drawn from it (JSON, so a read or a live stream never asks
Prolog), the number of actions (`plies`) and a `revision` that grows by one with
every change (an action, an undo, a seat taken, an undo request) and never goes
back: a write names the revision it was computed from, and if another request
got there first the write is refused with `Conflict` and nothing changes (undo
makes `plies` smaller, so `plies` cannot serve for this: an acknowledged move
was lost that way).  `actions` holds every action in order, as the rules
accepted it.  `seats` holds, for each human seat, the hash of its holder's
secret and of an open invitation.  `changes` is the feed the live streams hear
of: one row per change, added in the change's own transaction.

Every acknowledged change is committed before the reply leaves (see each backend
for what a commit survives).  A database that cannot be used now raises
`Unavailable` (503, nothing changed).
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from flask import current_app

from . import db_sqlite
from .db_base import Conflict, Unavailable  # noqa: F401  (part of this interface)

#  A game's history has this bound; a longer one is refused (history_full).
MAX_PLIES = 2000
#  The change feed keeps this many rows (a stream that fell further behind reloads).
KEEP_CHANGES = 20000

#  SQLite's migrations (PostgreSQL's are in app/db_postgres.py).
MIGRATIONS = db_sqlite.MIGRATIONS
migrate = db_sqlite.migrate  # migrate(sqlite3 connection): run SQLite's migrations


def default_path() -> Path | str:
    """$TABLERO_DB (a SQLite file, or a postgresql:// URL), else tablero.db under
    $XDG_DATA_HOME (~/.local/share)/tablero."""
    if os.environ.get("TABLERO_DB"):
        database = os.environ["TABLERO_DB"]
        return database if is_url(database) else Path(database)
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "tablero" / "tablero.db"


def is_url(database: str) -> bool:
    """Whether DATABASE names a PostgreSQL database (else it is a SQLite file)."""
    return database.startswith(("postgresql://", "postgres://"))


# ---- the backend of each database ----------------------------------------------------

_backends: dict[str, object] = {}
_backends_lock = threading.Lock()


def backend(app=None):
    """The backend of the app's DATABASE (the current app's by default), made once per
    process."""
    database = (app or current_app).config["DATABASE"]
    found = _backends.get(database)
    if found is not None:
        return found
    with _backends_lock:
        if database not in _backends:
            if is_url(database):
                from . import db_postgres

                _backends[database] = db_postgres.Postgres(database, KEEP_CHANGES)
            else:
                _backends[database] = db_sqlite.SQLite(database, KEEP_CHANGES)
        return _backends[database]


def init_app(app) -> None:
    """Run the database's migrations (each once, even with several processes starting)."""
    backend(app).migrate()


def close(app) -> None:
    """Let go of this process's connections to the app's database (its pool)."""
    with _backends_lock:
        found = _backends.pop(app.config["DATABASE"], None)
    if found is not None:
        found.close()


def db():
    """This thread's SQLite connection to the app's database (SQLite only: PostgreSQL's
    connections are pooled, see `backend().read()`)."""
    found = backend()
    if not isinstance(found, db_sqlite.SQLite):
        raise TypeError("storage.db() is SQLite's; use storage.backend().read()")
    return found.connection()


def _read():
    return backend().read()


def _write(durable: bool = True):
    return backend().write(durable)


# ---- saved games ---------------------------------------------------------------------


@dataclass
class Seat:
    secret_hash: str | None
    invite_hash: str | None


@dataclass
class Record:
    id: str
    game: str
    options: dict
    casual: bool
    state: str
    plies: int
    revision: int
    view: dict | None
    undo_request: str | None
    format: int = 0
    seats: dict[str, Seat] = field(default_factory=dict)
    #  The key of `state` in the workers' caches of parsed games (app/games.py): made
    #  anew with every new state, stored with it; None for a state stored without one.
    cache_key: str | None = None
    #  A rematch of a finished game: {"offer": the seat that offered it} until the other
    #  accepts, then also {"game": the new game's id, "seats": old seat -> new seat}.
    rematch: dict | None = None
    #  The game's clock (app/clocks.py, prolog/clock.pl), None for an untimed game.
    clock: dict | None = None
    #  Whether verdicts of a student's rules are kept with the game (app/student_rules.py:
    #  on its actions or on moves tried), as read with it; None when not known.  A reply
    #  counts them (two queries) only when there may be some.
    verdicts: bool | None = None

    def actions(self) -> list[dict]:
        with _read() as con:
            rows = con.execute(
                "SELECT action FROM actions WHERE game_id = ? ORDER BY ply", (self.id,)
            ).fetchall()
        return [json.loads(r[0]) for r in rows]

    def traces(self) -> list[str | None]:
        """The trace each action left, in order (None: stored before traces were)."""
        with _read() as con:
            rows = con.execute(
                "SELECT trace FROM actions WHERE game_id = ? ORDER BY ply", (self.id,)
            ).fetchall()
        return [r[0] for r in rows]

    def state_before(self) -> str | None:
        """The state stored with the next-to-last action (what undo goes back to), or None:
        no action before the last one, or one stored before states were kept per ply."""
        if self.plies < 2:
            return None
        with _read() as con:
            row = con.execute("SELECT state FROM actions WHERE game_id = ? AND ply = ?",
                              (self.id, self.plies - 1)).fetchone()
        return None if row is None else row[0]


def _record_view(self) -> dict | None:
    view = self.__dict__.get("_view")
    if isinstance(view, str):  # the stored text, parsed the first time it is asked
        view = self.__dict__["_view"] = json.loads(view)
    return view


def _set_record_view(self, view: dict | str | None) -> None:
    self.__dict__["_view"] = view


def _record_view_json(self) -> str | None:
    view = self.__dict__.get("_view")
    return view if view is None or isinstance(view, str) else json.dumps(view)


#  A record's view: a dict, set from the stored JSON text and parsed only when asked
#  (a move's answer carries Prolog's text, and storage keeps it, unparsed); view_json: as
#  text.
Record.view = property(_record_view, _set_record_view)
Record.view_json = property(_record_view_json)


def _changed(con, game_id: str, revision: int, kind: str) -> None:
    backend().changed(con, game_id, revision, kind)


def create(game: str, options: dict, casual: bool, state: str, view: dict,
           seats: dict[str, Seat], format: int, actions: list[dict] = (),
           cache_key: str | None = None, traces: list[str | None] | None = None,
           game_id: str | None = None, clock: dict | None = None,
           students: list[dict | None] | None = None) -> Record:
    """A new game (`clock`: its clock, None for none); with `actions` (an imported record, already judged by the rules, `state`
    the state after them), the game and all its actions in one transaction.  `cache_key`:
    the key of `state` in this worker's cache; `traces`: what each action left; `game_id`:
    its id, made beforehand (new_id(): the worker keeps the game parsed under it).  `view`
    may be its JSON text as Prolog wrote it (stored as it is).  `students`: what a
    student's rules said of each action (app/student_rules.py; None where nothing)."""
    now = time.time()
    record = Record(game_id or new_id(), game, options, casual, state, len(actions), 0,
                    view, None, format, seats, cache_key, None, clock)
    traces = list(traces) if traces is not None else [None] * len(actions)
    students = list(students) if students is not None else [None] * len(actions)
    record.verdicts = any(students)
    with _write() as con:
        con.execute(
            "INSERT INTO games (id, game, options, casual, state, plies, created, updated, "
            "revision, view, format, cache_key, clock) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?)",
            (record.id, game, json.dumps(options), int(casual), state, len(actions), now, now,
             _view_text(view), format, cache_key, _json_or_null(clock)),
        )
        if actions:
            con.executemany(
                "INSERT INTO actions (game_id, ply, action, trace, student, student_code) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [(record.id, ply, json.dumps(action), trace, *_student_columns(student))
                 for ply, (action, trace, student)
                 in enumerate(zip(actions, traces, students), 1)],
            )
        if seats:
            con.executemany(
                "INSERT INTO seats (game_id, seat, secret_hash, invite_hash) VALUES (?, ?, ?, ?)",
                [(record.id, name, s.secret_hash, s.invite_hash) for name, s in seats.items()],
            )
        _changed(con, record.id, 0, "created")
    return record


def new_id() -> str:
    """A new game's id."""
    return uuid.uuid4().hex[:12]


def load(game_id: str) -> Record | None:
    """The saved game, with its seats, in one statement (every request reads one)."""
    with _read() as con:
        row = con.execute(
            "SELECT id, game, options, casual, state, plies, revision, view, undo_request, "
            "format, cache_key, rematch, clock, " + _VERDICTS + ", " + backend().seats_json +
            " FROM games WHERE id = ?",
            (game_id,)
        ).fetchone()
    if row is None:
        return None
    listed = json.loads(row[14]) if isinstance(row[14], str) else row[14] or []
    seats = {name: Seat(secret, invite) for name, secret, invite in listed}
    view = row[7] or None
    return Record(row[0], row[1], json.loads(row[2]), bool(row[3]), row[4], row[5], row[6],
                  view, row[8], row[9], seats, row[10], json.loads(row[11]) if row[11] else None,
                  json.loads(row[12]) if row[12] else None, bool(row[13]))


#  Whether a game keeps verdicts of a student's rules (load()'s last column; both backends
#  run it, through the indexes on student_code and on student_tried's key).
_VERDICTS = ("(EXISTS (SELECT 1 FROM actions a WHERE a.game_id = games.id "
             "AND a.student_code IS NOT NULL) "
             "OR EXISTS (SELECT 1 FROM student_tried t WHERE t.game_id = games.id))")


def _json_or_null(value) -> str | None:
    return None if value is None else json.dumps(value)


def created(game_id: str) -> float | None:
    """When the game was created (seconds since the epoch), or None if there is no such game."""
    with _read() as con:
        row = con.execute("SELECT created FROM games WHERE id = ?", (game_id,)).fetchone()
    return None if row is None else float(row[0])


def rebuilt(record: Record, state: str, view: dict, format: int, cache_key: str | None = None,
            traces: list[str | None] | None = None) -> None:
    """Store the state and view rebuilt from the game's actions in the current state
    format, with the trace of each action when given (the game itself, its actions and its
    revision do not change; the states stored per action are dropped: another format's)."""
    with _write() as con:
        con.execute("UPDATE games SET state = ?, view = ?, format = ?, cache_key = ? WHERE id = ?",
                    (state, json.dumps(view), format, cache_key, record.id))
        con.execute("UPDATE actions SET state = NULL, trace = NULL WHERE game_id = ?",
                    (record.id,))
        if traces:
            con.executemany("UPDATE actions SET trace = ? WHERE game_id = ? AND ply = ?",
                            [(t, record.id, ply) for ply, t in enumerate(traces, 1)])
    record.state, record.view, record.format = state, view, format
    record.cache_key = cache_key


def games_of(secret_hashes: list[str], limit: int = 50) -> list[dict]:
    """The games in which one of these secrets holds a seat, most recently played first."""
    if not secret_hashes:
        return []
    marks = ", ".join("?" * len(secret_hashes))
    with _read() as con:
        rows = con.execute(
            f"SELECT g.id, g.game, g.revision, g.plies, g.created, g.updated, "
            f"{backend().seat_list} FROM seats s JOIN games g ON g.id = s.game_id "
            f"WHERE s.secret_hash IN ({marks}) GROUP BY g.id ORDER BY g.updated DESC LIMIT ?",
            (*secret_hashes, limit),
        ).fetchall()
    keys = ("id", "game", "revision", "plies", "created", "updated")
    return [{**dict(zip(keys, row)), "seats": sorted(row[6].split(","))} for row in rows]


def _bump(con, record: Record, sets: str, args: tuple, kind: str) -> int:
    """Apply `sets` to the game if it is still at record.revision; the new revision."""
    cur = con.execute(
        f"UPDATE games SET {sets}, revision = revision + 1, updated = ? "
        "WHERE id = ? AND revision = ?",
        (*args, time.time(), record.id, record.revision),
    )
    if cur.rowcount != 1:
        raise Conflict
    _changed(con, record.id, record.revision + 1, kind)
    return record.revision + 1


def append(record: Record, action: dict, state: str, view: dict | str | None,
           cache_key: str | None = None, trace: str | None = None,
           clock: dict | None = None, student: dict | None = None) -> int:
    """Store `action`, the state after it (in the game's row and with the action: undo goes
    back to it) and its trace, if the game is still at record.revision.  `view`: the view,
    or its JSON text as Prolog wrote it (stored as it is; the record's `view` is then
    parsed from it only when asked), or None to store none (NULL: a move answered with a
    delta; app/api.py's view_of works it out when read).  `clock`: the game's clock after
    it (a timed game).  `student`: what a student's rules said of it
    (app/student_rules.py), kept with it (an undo takes it away with the action)."""
    with _write() as con:
        revision = _bump(con, record,
                         "state = ?, view = ?, plies = plies + 1, undo_request = NULL, "
                         "cache_key = ?, clock = ?",
                         (state, _view_text(view), cache_key,
                          _json_or_null(clock if clock is not None else record.clock)), "action")
        con.execute(
            "INSERT INTO actions (game_id, ply, action, state, trace, student, student_code) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (record.id, record.plies + 1, json.dumps(action), state, trace,
             *_student_columns(student)),
        )
    record.revision = revision
    record.plies += 1
    record.state, record.view, record.undo_request = state, view, None
    record.cache_key = cache_key
    if clock is not None:
        record.clock = clock
    if student:
        record.verdicts = True
    return record.revision


def _student_columns(student: dict | None) -> tuple[str | None, str | None]:
    """The actions row's `student` (the verdict as JSON) and `student_code` (its code)."""
    if not student:
        return None, None
    return json.dumps(student, separators=(",", ":")), str(student.get("code"))


def student_counts(game_id: str) -> tuple[int, list[int], int, int]:
    """How many of the game's actions a student's rules were asked of, the plies where
    they disagree (from the index on the codes alone: no verdict is read), and how many
    of the moves our rules refused were kept with their verdict, and on how many of those
    theirs disagree."""
    with _read() as con:
        rows = con.execute(
            "SELECT ply, student_code FROM actions WHERE game_id = ? "
            "AND student_code IS NOT NULL ORDER BY ply", (game_id,)).fetchall()
        tried, agreed = con.execute(
            "SELECT count(*), coalesce(sum(agree), 0) FROM student_tried WHERE game_id = ?",
            (game_id,)).fetchone()
    return (len(rows), [ply for ply, code in rows if code != "agree"], int(tried),
            int(tried) - int(agreed))


#  A game keeps at most this many verdicts on moves our rules refused.
MAX_TRIED = 200


def keep_tried(record: Record, student: dict) -> bool:
    """Keep a student's rules' verdict on a move our rules refused, by the position it was
    tried on (record.plies), if the game is still at record.revision and keeps fewer than
    MAX_TRIED; the game itself (its revision, state, actions) does not change."""
    with _write() as con:
        #  A no-op update: it checks the revision and, under PostgreSQL, holds the game's
        #  row until the commit, so that two refusals at once number their rows in turn.
        cur = con.execute("UPDATE games SET revision = revision WHERE id = ? AND revision = ?",
                          (record.id, record.revision))
        if cur.rowcount != 1:
            return False
        kept, last = con.execute(
            "SELECT count(*), coalesce(max(CASE WHEN ply = ? THEN seq END), 0) "
            "FROM student_tried WHERE game_id = ?", (record.plies, record.id)).fetchone()
        if kept >= MAX_TRIED:
            return False
        con.execute("INSERT INTO student_tried (game_id, ply, seq, agree, student) "
                    "VALUES (?, ?, ?, ?, ?)",
                    (record.id, record.plies, last + 1, int(bool(student.get("agree"))),
                     json.dumps(student, separators=(",", ":"))))
    record.verdicts = True
    return True


def student_tried(game_id: str) -> list[dict]:
    """The verdicts kept on moves our rules refused, oldest position first: each with its
    `ply` (the position it was tried on: after that many actions)."""
    with _read() as con:
        rows = con.execute("SELECT ply, student FROM student_tried WHERE game_id = ? "
                           "ORDER BY ply, seq", (game_id,)).fetchall()
    return [{**json.loads(text), "ply": ply} for ply, text in rows]


def student_verdicts(game_id: str) -> list[dict]:
    """What a student's rules said of each action asked, oldest first: the verdicts as
    stored, each with its `ply`."""
    with _read() as con:
        rows = con.execute(
            "SELECT ply, student FROM actions WHERE game_id = ? AND student_code IS NOT NULL "
            "ORDER BY ply", (game_id,)).fetchall()
    return [{**json.loads(text), "ply": ply} for ply, text in rows]


def _view_text(view: dict | str | None) -> str | None:
    """The view as stored: its JSON text, or NULL for none (a move answered with a delta:
    the view is worked out when read, app/api.py's view_of)."""
    return view if view is None or isinstance(view, str) else json.dumps(view)


def truncate(record: Record, state: str, view: dict | str, cache_key: str | None = None,
             clock: dict | None = None) -> int:
    """Remove the last action (undo), leaving `state` (and `clock`, a timed game's), if the
    game is still at record.revision."""
    if record.plies == 0:
        raise Conflict
    with _write() as con:
        revision = _bump(con, record,
                         "state = ?, view = ?, plies = plies - 1, undo_request = NULL, "
                         "cache_key = ?, clock = ?",
                         (state, _view_text(view), cache_key,
                          _json_or_null(clock if clock is not None else record.clock)), "undo")
        con.execute("DELETE FROM actions WHERE game_id = ? AND ply = ?",
                    (record.id, record.plies))
        #  The moves tried on the position that goes (a student's rules' verdicts) go too.
        con.execute("DELETE FROM student_tried WHERE game_id = ? AND ply >= ?",
                    (record.id, record.plies))
    record.revision = revision
    record.plies -= 1
    record.state, record.view, record.undo_request = state, view, None
    record.cache_key = cache_key
    if clock is not None:
        record.clock = clock
    return record.revision


def flag_fallen(record: Record, clock: dict, view: dict) -> int:
    """A timed game lost on time: its stopped clock and its view (over, the result on
    time), if the game is still at record.revision (Conflict otherwise); an open undo
    request goes (a finished game has none)."""
    with _write() as con:
        revision = _bump(con, record, "clock = ?, view = ?, undo_request = NULL",
                         (json.dumps(clock), json.dumps(view)), "clock")
    record.revision = revision
    record.clock, record.view, record.undo_request = clock, view, None
    return record.revision


def set_undo_request(record: Record, seat: str | None) -> int:
    """Record (or, with None, withdraw) a request by `seat` to take back the last action."""
    with _write() as con:
        revision = _bump(con, record, "undo_request = ?", (seat,), "undo_request")
    record.revision = revision
    record.undo_request = seat
    return record.revision


def set_rematch(record: Record, rematch: dict | None) -> int:
    """Record a rematch offer or the rematch made (None: an offer declined); Conflict if
    the game changed meanwhile."""
    with _write() as con:
        revision = _bump(con, record, "rematch = ?",
                         (None if rematch is None else json.dumps(rematch),), "rematch")
    record.revision = revision
    record.rematch = rematch
    return record.revision


def set_seat(record: Record, seat: str, secret_hash: str | None, invite_hash: str | None,
             expect_invite: str | None = None) -> int:
    """Give `seat` a new holder and/or invitation.  With expect_invite, only while that
    invitation is still open (an invitation takes a seat once)."""
    with _write() as con:
        if expect_invite is not None:
            cur = con.execute(
                "UPDATE seats SET secret_hash = ?, invite_hash = ? "
                "WHERE game_id = ? AND seat = ? AND invite_hash = ?",
                (secret_hash, invite_hash, record.id, seat, expect_invite),
            )
        else:
            cur = con.execute(
                "UPDATE seats SET secret_hash = ?, invite_hash = ? WHERE game_id = ? AND seat = ?",
                (secret_hash, invite_hash, record.id, seat),
            )
        if cur.rowcount != 1:
            raise Conflict
        revision = _bump(con, record, "undo_request = undo_request", (), "seat")
    record.revision = revision
    record.seats[seat] = Seat(secret_hash, invite_hash)
    return record.revision


def machine_owner() -> str:
    """This process, as a machine turn's holder: host, process id and the process's start
    (a process id can be reused)."""
    return f"{socket.gethostname()} {os.getpid()} {_started(os.getpid())}"


def _started(pid: int) -> str:
    """When process `pid` started (clock ticks since boot), "" if there is none."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            return f.read().rsplit(b")", 1)[1].split()[19].decode()
    except (OSError, IndexError):
        return ""


def _dead_here(owner: str | None) -> bool:
    """Whether a holder is a process of this host that no longer runs."""
    if not owner:
        return False
    host, _, rest = owner.partition(" ")
    pid, _, started = rest.partition(" ")
    if host != socket.gethostname() or not pid.isdigit():
        return False
    return _started(int(pid)) != started


def claim_machine(record: Record, seconds: float) -> bool:
    """Mark the game as having a machine request in flight, held by this process; False if
    one already is.  A turn held by a process of this host that died (a server killed in
    the middle of a search) is free at once; one held on another host, when its time is up."""
    now = time.time()
    me = machine_owner()
    with _write() as con:
        cur = con.execute(
            "UPDATE games SET machine_until = ?, machine_owner = ? "
            "WHERE id = ? AND machine_until < ?",
            (now + seconds, me, record.id, now),
        )
        if cur.rowcount == 1:
            return True
        row = con.execute("SELECT machine_owner FROM games WHERE id = ?",
                          (record.id,)).fetchone()
        if row is None or not _dead_here(row[0]):
            return False
        cur = con.execute(
            "UPDATE games SET machine_until = ?, machine_owner = ? "
            "WHERE id = ? AND machine_owner = ?",
            (now + seconds, me, record.id, row[0]),
        )
        return cur.rowcount == 1


def release_machine(record: Record) -> None:
    with _write() as con:
        con.execute("UPDATE games SET machine_until = 0, machine_owner = NULL WHERE id = ?",
                    (record.id,))


# ---- the change feed and presence ----------------------------------------------------


def last_change() -> int:
    """The sequence number of the newest change (0 for none)."""
    with _read() as con:
        return con.execute("SELECT coalesce(max(seq), 0) FROM changes").fetchone()[0]


def changes_since(seq: int) -> list[tuple[int, str, int, str]]:
    """(seq, game_id, revision, kind) of every change after `seq`, oldest first.

    (SQLite's live streams poll this.  Under PostgreSQL a sequence number is taken
    before its transaction commits, so a later one may commit first: streams there
    are woken by NOTIFY instead.)"""
    with _read() as con:
        return [tuple(row) for row in con.execute(
            "SELECT seq, game_id, revision, kind FROM changes WHERE seq > ? ORDER BY seq", (seq,)
        ).fetchall()]


#  A page's stream says it is there at least this often (seconds); a seat whose streams
#  have not said so for PRESENCE_TTL is away.
PRESENCE_TTL = 30.0


def here(game_id: str, seats: list[str], stream: str, revision: int, first: bool) -> None:
    """A stream holding `seats` is open on the game (first: it just opened)."""
    now = time.time()
    with _write(durable=False) as con:
        con.executemany(
            "INSERT INTO presence (stream, game_id, seat, seen) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (stream) DO UPDATE SET game_id = excluded.game_id, "
            "seat = excluded.seat, seen = excluded.seen",
            [(f"{stream}:{seat}", game_id, seat, now) for seat in seats],
        )
        if first:
            _changed(con, game_id, revision, "presence")


def gone(game_id: str, stream: str, revision: int) -> None:
    """The stream closed."""
    with _write(durable=False) as con:
        con.execute("DELETE FROM presence WHERE stream LIKE ? AND game_id = ?",
                    (f"{stream}:%", game_id))
        con.execute("DELETE FROM presence WHERE seen < ?", (time.time() - 10 * PRESENCE_TTL,))
        _changed(con, game_id, revision, "presence")


def present(game_id: str) -> list[str]:
    """The seats of the game whose holder has a page open on it now."""
    with _read() as con:
        rows = con.execute(
            "SELECT DISTINCT seat FROM presence WHERE game_id = ? AND seen > ? ORDER BY seat",
            (game_id, time.time() - PRESENCE_TTL),
        ).fetchall()
    return [row[0] for row in rows]


def view_of(game_id: str) -> tuple[int, dict | None, str | None, dict[str, Seat]] | None:
    """What a live stream sends: the game's revision, view, undo request and seats."""
    record = load(game_id)
    if record is None:
        return None
    return record.revision, record.view, record.undo_request, record.seats


class Before:
    """A saved game without its last action, as app/games.py's Game.restore(load=) asks it."""

    def __init__(self, record: Record):
        self.record = record

    def traces(self) -> list[str | None]:
        return self.record.traces()[:-1]

    def actions(self) -> list[dict]:
        return self.record.actions()[:-1]
