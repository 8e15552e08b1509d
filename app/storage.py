"""Saved games in SQLite: a game's record is its settings, its actions, its state and its seats.

Start reading at `MIGRATIONS` (the schema, numbered) and `Record`.

`games` holds one row per game: the state text Prolog returned after the last
action, the view drawn from it (JSON, so a read or a live stream never asks
Prolog), the number of actions (`plies`) and a `revision` that grows by one with
every change (an action, an undo, a seat taken, an undo request) and never goes
back: a write names the revision it was computed from, and if another request
got there first the write is refused with `Conflict` and nothing changes (undo
makes `plies` smaller, so `plies` cannot serve for this: an acknowledged move
was lost that way).  `actions` holds every action in order, as the rules
accepted it.  `seats` holds, for each human seat, the hash of its holder's
secret and of an open invitation.  `changes` is the feed the live streams read:
one row per change, in commit order.

Every acknowledged change is committed before the reply leaves.  The journal is
WAL with synchronous=NORMAL: a commit survives the server process dying
(SIGKILL, crash) at once, and the machine losing power once SQLite's next
checkpoint has synced.  A database file that vanished or was replaced while the
server runs is noticed before each request (`Unavailable`), instead of writing
into an unlinked file.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from flask import current_app

#  A game's history has this bound; a longer one is refused (history_full).
MAX_PLIES = 2000
#  The change feed keeps this many rows (a stream that fell further behind reloads).
KEEP_CHANGES = 20000

#  Numbered migrations, run in order at start; PRAGMA user_version is the last one run.
#  Never edit one that has shipped: add the next.
MIGRATIONS = [
    # 1: the first release's schema.
    """
    CREATE TABLE IF NOT EXISTS games (
        id       TEXT PRIMARY KEY,
        game     TEXT NOT NULL,
        options  TEXT NOT NULL,
        casual   INTEGER NOT NULL,
        state    TEXT NOT NULL,
        version  INTEGER NOT NULL,
        created  REAL NOT NULL,
        updated  REAL NOT NULL
    );
    CREATE TABLE IF NOT EXISTS actions (
        game_id  TEXT NOT NULL REFERENCES games(id),
        ply      INTEGER NOT NULL,
        action   TEXT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    """,
    # 2: revisions, stored views, seats, undo requests, the change feed, indexes.
    """
    ALTER TABLE games RENAME COLUMN version TO plies;
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
    UPDATE games SET revision = plies;
    ALTER TABLE games ADD COLUMN view TEXT;
    ALTER TABLE games ADD COLUMN undo_request TEXT;
    ALTER TABLE games ADD COLUMN machine_until REAL NOT NULL DEFAULT 0;
    ALTER TABLE games ADD COLUMN format INTEGER NOT NULL DEFAULT 0;
    CREATE INDEX games_updated ON games(updated);
    CREATE TABLE seats (
        game_id      TEXT NOT NULL REFERENCES games(id),
        seat         TEXT NOT NULL,
        secret_hash  TEXT,
        invite_hash  TEXT,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_secret ON seats(secret_hash);
    CREATE TABLE changes (
        seq      INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id  TEXT NOT NULL,
        revision INTEGER NOT NULL,
        kind     TEXT NOT NULL
    );
    CREATE TABLE presence (
        stream   TEXT PRIMARY KEY,
        game_id  TEXT NOT NULL,
        seat     TEXT NOT NULL,
        seen     REAL NOT NULL
    );
    CREATE INDEX presence_game ON presence(game_id);
    """,
]


def default_path() -> Path:
    """$TABLERO_DB, else tablero.db under $XDG_DATA_HOME (~/.local/share)/tablero."""
    if os.environ.get("TABLERO_DB"):
        return Path(os.environ["TABLERO_DB"])
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "tablero" / "tablero.db"


class Conflict(Exception):
    """The game changed since the request read it."""


class Unavailable(Exception):
    """The database cannot be used now (its file vanished or was replaced, disk full, ...)."""


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

    def actions(self) -> list[dict]:
        rows = db().execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY ply", (self.id,)
        )
        return [json.loads(r[0]) for r in rows]


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path, timeout=10, isolation_level=None, check_same_thread=False)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA synchronous=NORMAL")
    con.execute("PRAGMA busy_timeout=10000")
    return con


def migrate(con: sqlite3.Connection) -> int:
    """Run the migrations this database has not run yet, each in a transaction that
    first reads the version (so processes starting together run each one once); the
    schema version after."""
    while True:
        con.execute("BEGIN IMMEDIATE")
        try:
            version = con.execute("PRAGMA user_version").fetchone()[0]
            if version >= len(MIGRATIONS):
                con.execute("COMMIT")
                return version
            for statement in filter(str.strip, MIGRATIONS[version].split(";")):
                con.execute(statement)
            con.execute(f"PRAGMA user_version = {version + 1}")
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise


_local = threading.local()


def _file_id(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def db() -> sqlite3.Connection:
    """This thread's connection to the app's database, opened once and kept.

    Before handing it out, checks that the file is still the one it opened: a
    deleted or replaced file raises Unavailable (SQLite would go on writing into
    the unlinked file, and every write would be lost at the next start).
    """
    path = current_app.config["DATABASE"]
    cons = _local.__dict__.setdefault("cons", {})
    entry = cons.get(path)
    now_id = _file_id(path)
    if entry is not None and entry[1] != now_id:
        entry[0].close()
        del cons[path]
        raise Unavailable("The database file vanished or was replaced")
    if entry is None:
        if now_id is None:
            raise Unavailable("The database file is missing")
        con = connect(Path(path))
        entry = cons[path] = (con, _file_id(path))
    return entry[0]


def init_app(app) -> None:
    con = connect(Path(app.config["DATABASE"]))
    try:
        migrate(con)
    finally:
        con.close()


@contextmanager
def write():
    """A write transaction that holds SQLite's write lock from its first statement.

    A file deleted or replaced while the transaction ran is reported (Unavailable)
    instead of acknowledged: its write would be lost."""
    con = db()
    path = current_app.config["DATABASE"]
    opened = _local.cons[path][1]
    con.execute("BEGIN IMMEDIATE")
    try:
        yield con
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    if _file_id(path) != opened:
        raise Unavailable("The database file vanished or was replaced during a write")


def _changed(con: sqlite3.Connection, game_id: str, revision: int, kind: str) -> None:
    cur = con.execute(
        "INSERT INTO changes (game_id, revision, kind) VALUES (?, ?, ?)", (game_id, revision, kind)
    )
    if cur.lastrowid % 1000 == 0:
        con.execute("DELETE FROM changes WHERE seq <= ?", (cur.lastrowid - KEEP_CHANGES,))


def create(game: str, options: dict, casual: bool, state: str, view: dict,
           seats: dict[str, Seat], format: int) -> Record:
    now = time.time()
    record = Record(uuid.uuid4().hex[:12], game, options, casual, state, 0, 0, view, None,
                    format, seats)
    with write() as con:
        con.execute(
            "INSERT INTO games (id, game, options, casual, state, plies, created, updated, "
            "revision, view, format) VALUES (?, ?, ?, ?, ?, 0, ?, ?, 0, ?, ?)",
            (record.id, game, json.dumps(options), int(casual), state, now, now,
             json.dumps(view), format),
        )
        con.executemany(
            "INSERT INTO seats VALUES (?, ?, ?, ?)",
            [(record.id, name, s.secret_hash, s.invite_hash) for name, s in seats.items()],
        )
        _changed(con, record.id, 0, "created")
    return record


def load(game_id: str) -> Record | None:
    con = db()
    row = con.execute(
        "SELECT id, game, options, casual, state, plies, revision, view, undo_request, format "
        "FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    seats = {
        name: Seat(secret, invite)
        for name, secret, invite in con.execute(
            "SELECT seat, secret_hash, invite_hash FROM seats WHERE game_id = ?", (game_id,)
        )
    }
    view = json.loads(row[7]) if row[7] else None
    return Record(row[0], row[1], json.loads(row[2]), bool(row[3]), row[4], row[5], row[6],
                  view, row[8], row[9], seats)


def rebuilt(record: Record, state: str, view: dict, format: int) -> None:
    """Store the state and view rebuilt from the game's actions in the current state
    format (the game itself, its actions and its revision do not change)."""
    with write() as con:
        con.execute("UPDATE games SET state = ?, view = ?, format = ? WHERE id = ?",
                    (state, json.dumps(view), format, record.id))
    record.state, record.view, record.format = state, view, format


def games_of(secret_hashes: list[str], limit: int = 50) -> list[dict]:
    """The games in which one of these secrets holds a seat, most recently played first."""
    if not secret_hashes:
        return []
    marks = ", ".join("?" * len(secret_hashes))
    rows = db().execute(
        "SELECT g.id, g.game, g.revision, g.plies, g.created, g.updated, "
        "group_concat(s.seat) FROM seats s JOIN games g ON g.id = s.game_id "
        f"WHERE s.secret_hash IN ({marks}) GROUP BY g.id ORDER BY g.updated DESC LIMIT ?",
        (*secret_hashes, limit),
    )
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
    record.revision += 1
    _changed(con, record.id, record.revision, kind)
    return record.revision


def append(record: Record, action: dict, state: str, view: dict) -> int:
    """Store `action` and the state after it, if the game is still at record.revision."""
    with write() as con:
        _bump(con, record, "state = ?, view = ?, plies = plies + 1, undo_request = NULL",
              (state, json.dumps(view)), "action")
        con.execute(
            "INSERT INTO actions VALUES (?, ?, ?)",
            (record.id, record.plies + 1, json.dumps(action)),
        )
    record.plies += 1
    record.state, record.view, record.undo_request = state, view, None
    return record.revision


def truncate(record: Record, state: str, view: dict) -> int:
    """Remove the last action (undo), leaving `state`, if the game is still at record.revision."""
    if record.plies == 0:
        raise Conflict
    with write() as con:
        _bump(con, record, "state = ?, view = ?, plies = plies - 1, undo_request = NULL",
              (state, json.dumps(view)), "undo")
        con.execute("DELETE FROM actions WHERE game_id = ? AND ply = ?", (record.id, record.plies))
    record.plies -= 1
    record.state, record.view, record.undo_request = state, view, None
    return record.revision


def set_undo_request(record: Record, seat: str | None) -> int:
    """Record (or, with None, withdraw) a request by `seat` to take back the last action."""
    with write() as con:
        _bump(con, record, "undo_request = ?", (seat,), "undo_request")
    record.undo_request = seat
    return record.revision


def set_seat(record: Record, seat: str, secret_hash: str | None, invite_hash: str | None,
             expect_invite: str | None = None) -> int:
    """Give `seat` a new holder and/or invitation.  With expect_invite, only while that
    invitation is still open (an invitation takes a seat once)."""
    with write() as con:
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
        _bump(con, record, "undo_request = undo_request", (), "seat")
    record.seats[seat] = Seat(secret_hash, invite_hash)
    return record.revision


def claim_machine(record: Record, seconds: float) -> bool:
    """Mark the game as having a machine request in flight; False if one already is."""
    now = time.time()
    with write() as con:
        cur = con.execute(
            "UPDATE games SET machine_until = ? WHERE id = ? AND machine_until < ?",
            (now + seconds, record.id, now),
        )
    return cur.rowcount == 1


def release_machine(record: Record) -> None:
    with write() as con:
        con.execute("UPDATE games SET machine_until = 0 WHERE id = ?", (record.id,))


def last_change() -> int:
    """The sequence number of the newest change (0 for none)."""
    return db().execute("SELECT coalesce(max(seq), 0) FROM changes").fetchone()[0]


def changes_since(seq: int) -> list[tuple[int, str, int, str]]:
    """(seq, game_id, revision, kind) of every change after `seq`, oldest first."""
    return db().execute(
        "SELECT seq, game_id, revision, kind FROM changes WHERE seq > ? ORDER BY seq", (seq,)
    ).fetchall()


#  A page's stream says it is there at least this often (seconds); a seat whose streams
#  have not said so for PRESENCE_TTL is away.
PRESENCE_TTL = 30.0


def here(game_id: str, seats: list[str], stream: str, revision: int, first: bool) -> None:
    """A stream holding `seats` is open on the game (first: it just opened)."""
    now = time.time()
    with write() as con:
        con.executemany(
            "INSERT OR REPLACE INTO presence VALUES (?, ?, ?, ?)",
            [(f"{stream}:{seat}", game_id, seat, now) for seat in seats],
        )
        if first:
            _changed(con, game_id, revision, "presence")


def gone(game_id: str, stream: str, revision: int) -> None:
    """The stream closed."""
    with write() as con:
        con.execute("DELETE FROM presence WHERE stream LIKE ? AND game_id = ?",
                    (f"{stream}:%", game_id))
        con.execute("DELETE FROM presence WHERE seen < ?", (time.time() - 10 * PRESENCE_TTL,))
        _changed(con, game_id, revision, "presence")


def present(game_id: str) -> list[str]:
    """The seats of the game whose holder has a page open on it now."""
    rows = db().execute(
        "SELECT DISTINCT seat FROM presence WHERE game_id = ? AND seen > ? ORDER BY seat",
        (game_id, time.time() - PRESENCE_TTL),
    )
    return [row[0] for row in rows]


def view_of(game_id: str) -> tuple[int, dict | None, str | None, dict[str, Seat]] | None:
    """What a live stream sends: the game's revision, view, undo request and seats."""
    record = load(game_id)
    if record is None:
        return None
    return record.revision, record.view, record.undo_request, record.seats
