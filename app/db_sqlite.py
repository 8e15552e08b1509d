"""The SQLite backend of app/storage.py: one file, the embedded default.

Start reading at `MIGRATIONS` (the schema, numbered; `PRAGMA user_version` is the last one
run) and `SQLite`, the object app/storage.py talks to.

Each thread keeps one connection to the file, opened once.  Writes hold SQLite's write
lock from their first statement (`BEGIN IMMEDIATE`), so every write of every process on
the machine is serialised.  The threads of one process first queue on a lock of their own
(`SQLite.writing`): SQLite's busy handler waits by sleeping 1, 2, 5, 10, 15, 20... ms
between tries, so a write that met another thread's went on sleeping after the lock was
free (a person's move took 40-50 ms beside machine turns' writes, issue 20), whereas a
waiter on a Python lock takes it the moment it is let go.  The busy handler is left for
other processes.  The journal is WAL with synchronous=NORMAL: a commit survives
the server process dying (SIGKILL, crash) at once, and the machine losing power once
SQLite's next checkpoint has synced.  A database file that vanished or was replaced while
the server runs is noticed (`Unavailable`) after each write's commit, before it is
acknowledged, and before a read at most once a second, instead of writing into an
unlinked file.  Live streams learn of changes by polling the `changes` table (app/live.py).
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from contextlib import contextmanager
from pathlib import Path

from .db_base import Unavailable

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
    # 3: the key of a game's state in the workers' caches; with each action, the state
    # after it (undo goes back to it) and its trace (Go's superko history).
    """
    ALTER TABLE games ADD COLUMN cache_key TEXT;
    ALTER TABLE actions ADD COLUMN state TEXT;
    ALTER TABLE actions ADD COLUMN trace TEXT;
    """,
    # 4: who holds a machine turn (host, process, its start): one that died frees it.
    """
    ALTER TABLE games ADD COLUMN machine_owner TEXT;
    """,
    # 5: a finished game's rematch (JSON: the offer, then the new game and its seats).
    """
    ALTER TABLE games ADD COLUMN rematch TEXT;
    """,
    # 6: the game's clock (JSON, app/clocks.py; NULL: an untimed game).
    """
    ALTER TABLE games ADD COLUMN clock TEXT;
    """,
    # 7: with each action, what a student's rules said of it (`tablero serve --rules`,
    # app/student_rules.py): the verdict (JSON) and its code, indexed for the counts; and
    # their verdicts on the moves our rules refused, by the position (ply) they were tried on.
    """
    ALTER TABLE actions ADD COLUMN student TEXT;
    ALTER TABLE actions ADD COLUMN student_code TEXT;
    CREATE INDEX actions_student ON actions(game_id, ply, student_code)
        WHERE student_code IS NOT NULL;
    CREATE TABLE student_tried (
        game_id  TEXT NOT NULL REFERENCES games(id),
        ply      INTEGER NOT NULL,
        seq      INTEGER NOT NULL,
        agree    INTEGER NOT NULL,
        student  TEXT NOT NULL,
        PRIMARY KEY (game_id, ply, seq)
    );
    """,
]


#  Seconds between two checks that the file is still the one a connection opened (before a
#  read; a write also checks after its commit, so no write into a lost file is acknowledged).
CHECK_EVERY = 1.0


#  KiB of pages each connection keeps in memory (SQLite's default: 2,000).  A connection
#  is kept per request thread (up to --threads, 200, per worker), so the default let a
#  worker's memory grow by up to 400 MiB of page caches, slowly, as its threads met more of
#  a growing file (bench/soak.py: a worker still grew 4.3 MiB over its last 20,000 moves,
#  issue 20).  The pages are in the system's file cache anyway, and in WAL mode another
#  connection's commit empties a connection's cache at its next read: a big one bought
#  next to nothing.
CACHE_KIB = 256

#  Seconds a write waits for the lock (another process's: SQLite's busy handler; another
#  thread's: SQLite.writing) before "database is locked".
BUSY_SECONDS = 10


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    con = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None,
                          check_same_thread=False)
    con.execute(f"PRAGMA busy_timeout={BUSY_SECONDS * 1000}")
    con.execute(f"PRAGMA cache_size=-{CACHE_KIB}")
    _journal_wal(con)
    con.execute("PRAGMA synchronous=NORMAL")
    return con


def _journal_wal(con: sqlite3.Connection, wait: float = 10.0) -> None:
    """Put the file in WAL mode.  On a new file several processes starting together race
    to switch it, and SQLite answers the losers "database is locked" at once, without its
    busy handler (measured: 1 start in 27 of eight threads); so the switch is retried for
    up to `wait` seconds, like any other lock."""
    deadline = time.monotonic() + wait
    while True:
        try:
            con.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


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


def _file_id(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


class SQLite:
    """One SQLite file, as app/storage.py uses it: `read()` and `write()` hand out this
    thread's connection (qmark placeholders), `changed()` appends to the change feed."""

    name = "sqlite"
    notifies = False  # live streams poll the change feed
    #  The aggregate that joins a game's seat names with commas (games_of).
    seat_list = "group_concat(s.seat)"
    #  A game's seats as one JSON array of [seat, secret_hash, invite_hash] (load()).
    seats_json = ("(SELECT json_group_array(json_array(seat, secret_hash, invite_hash)) "
                  "FROM seats WHERE game_id = games.id)")

    def __init__(self, path: str, keep_changes: int):
        self.path = path
        self.keep_changes = keep_changes
        self.local = threading.local()
        #  One write at a time from this process's threads (see the module's comment).
        self.writing = threading.Lock()

    def migrate(self) -> int:
        con = connect(Path(self.path))
        try:
            return migrate(con)
        finally:
            con.close()

    def connection(self) -> sqlite3.Connection:
        """This thread's connection, opened once and kept.

        Before handing it out, checks that the file is still the one it opened (at most
        once a second: CHECK_EVERY; every write checks again after its commit): a deleted
        or replaced file raises Unavailable (SQLite would go on writing into the unlinked
        file, and every write would be lost at the next start)."""
        entry = getattr(self.local, "entry", None)
        now = time.monotonic()
        if entry is not None and now - entry[2] < CHECK_EVERY:
            return entry[0]
        now_id = _file_id(self.path)
        if entry is not None and entry[1] != now_id:
            self.forget()
            raise Unavailable("The database file vanished or was replaced")
        if entry is None:
            if now_id is None:
                raise Unavailable("The database file is missing")
            con = connect(Path(self.path))
            entry = (con, _file_id(self.path), now)
        self.local.entry = (entry[0], entry[1], now)
        return entry[0]

    def forget(self) -> None:
        """Close this thread's connection: the next use opens the file anew, if it is there."""
        entry = getattr(self.local, "entry", None)
        if entry is not None:
            entry[0].close()
            self.local.entry = None

    @contextmanager
    def read(self):
        yield self.connection()

    @contextmanager
    def write(self, durable: bool = True):
        """A write transaction that holds SQLite's write lock from its first statement
        (every commit is as durable as synchronous=NORMAL makes it: `durable` is moot).

        A file deleted or replaced while the transaction ran is reported (Unavailable)
        instead of acknowledged: its write would be lost."""
        con = self.connection()
        opened = self.local.entry[1]
        if not self.writing.acquire(timeout=BUSY_SECONDS):
            raise sqlite3.OperationalError("database is locked")
        try:
            con.execute("BEGIN IMMEDIATE")
            try:
                yield con
                con.execute("COMMIT")
            except BaseException:
                con.execute("ROLLBACK")
                raise
        finally:
            self.writing.release()
        if _file_id(self.path) != opened:
            self.forget()
            raise Unavailable("The database file vanished or was replaced during a write")

    def changed(self, con, game_id: str, revision: int, kind: str) -> None:
        """Append to the change feed (in the writing transaction); keep it bounded."""
        cur = con.execute("INSERT INTO changes (game_id, revision, kind) VALUES (?, ?, ?)",
                          (game_id, revision, kind))
        if cur.lastrowid % 1000 == 0:
            con.execute("DELETE FROM changes WHERE seq <= ?", (cur.lastrowid - self.keep_changes,))

    def close(self) -> None:
        """Close this thread's connection (the others close with their threads)."""
        entry = getattr(self.local, "entry", None)
        if entry is not None:
            entry[0].close()
            self.local.entry = None
