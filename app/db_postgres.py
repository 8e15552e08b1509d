"""The PostgreSQL backend of app/storage.py: one database shared by any number of app
servers (TABLERO_DB=postgresql://user@host:port/dbname).

Start reading at `MIGRATIONS` (the schema, numbered; the `schema_version` table holds the
last one run) and `Postgres`, the object app/storage.py talks to.

- Connections come from a pool per worker process (psycopg_pool, at most TABLERO_DB_POOL,
  default 10), in autocommit for reads; a write is one transaction.  Each connection is
  checked before use, so a restarted PostgreSQL costs no failed request (the pool waits
  about a second after a failed check, then opens a new connection).  A server that
  cannot be reached, or no free connection within 10 s, is `Unavailable` (503, nothing
  changed).
- Optimistic writes are the same SQL as SQLite's: `UPDATE games ... WHERE id = ? AND
  revision = ?` under READ COMMITTED.  A second writer of the same game waits for the
  first's row lock and then finds the revision moved on: it changes no row and loses
  (`Conflict`), and its transaction is rolled back.  A deadlock or serialisation failure
  is a lost race too.  Commits are synchronous (PostgreSQL's default): an acknowledged
  change is on disk.
- Live changes: the transaction that adds a change to the feed also sends
  `NOTIFY tablero_changes` ("<game id> <revision> <kind>"), which PostgreSQL delivers to
  every listening connection, on every host, only when (and if) that transaction commits.
  Each worker process keeps one `Listener` (app/live.py).
- Migrations run at start under an advisory lock, so that workers and servers starting
  together run each one once.
"""

from __future__ import annotations

import functools
import os
import threading
from contextlib import contextmanager

import psycopg
from psycopg import errors
from psycopg_pool import ConnectionPool, PoolTimeout

from .db_base import Conflict, Unavailable

#  The channel of NOTIFY / LISTEN.
CHANNEL = "tablero_changes"
#  The key of the advisory lock held while migrating ("tablero" in ASCII).
MIGRATION_LOCK = 0x7461626C65726F
#  Seconds to wait to open a connection (libpq's least is 2): a refused one fails at once.
CONNECT_TIMEOUT = 2
#  Seconds a request waits for a connection from the pool.  The pool gives none while
#  PostgreSQL is away (and, after it returns, while the pool backs off before its next
#  try): the request then opens one connection of its own, which fails at once while the
#  server is down (503) and works as soon as it is back.
POOL_WAIT = 0.5
#  Connections of their own that a process's requests may hold at once, beyond the pool.
SPARE_CONNECTIONS = 4

#  Numbered migrations, run in order at start; schema_version.version is the last one run.
#  Never edit one that has shipped: add the next.  (1 is SQLite's schema after its 2.)
MIGRATIONS = [
    # 1: games, actions, seats, the change feed, presence.
    """
    CREATE TABLE games (
        id            text PRIMARY KEY,
        game          text NOT NULL,
        options       text NOT NULL,
        casual        integer NOT NULL,
        state         text NOT NULL,
        plies         integer NOT NULL,
        created       double precision NOT NULL,
        updated       double precision NOT NULL,
        revision      bigint NOT NULL DEFAULT 0,
        view          text,
        undo_request  text,
        machine_until double precision NOT NULL DEFAULT 0,
        format        integer NOT NULL DEFAULT 0
    );
    CREATE INDEX games_updated ON games(updated);
    CREATE TABLE actions (
        game_id  text NOT NULL REFERENCES games(id),
        ply      integer NOT NULL,
        action   text NOT NULL,
        PRIMARY KEY (game_id, ply)
    );
    CREATE TABLE seats (
        game_id      text NOT NULL REFERENCES games(id),
        seat         text NOT NULL,
        secret_hash  text,
        invite_hash  text,
        PRIMARY KEY (game_id, seat)
    );
    CREATE INDEX seats_secret ON seats(secret_hash);
    CREATE TABLE changes (
        seq       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        game_id   text NOT NULL,
        revision  bigint NOT NULL,
        kind      text NOT NULL
    );
    CREATE TABLE presence (
        stream   text PRIMARY KEY,
        game_id  text NOT NULL,
        seat     text NOT NULL,
        seen     double precision NOT NULL
    );
    CREATE INDEX presence_game ON presence(game_id);
    """,
    # 2: the key of a game's state in the workers' caches; with each action, the state
    # after it (undo goes back to it) and its trace (Go's superko history).
    """
    ALTER TABLE games ADD COLUMN cache_key text;
    ALTER TABLE actions ADD COLUMN state text;
    ALTER TABLE actions ADD COLUMN trace text;
    """,
    # 3: who holds a machine turn (host, process, its start): one that died frees it.
    """
    ALTER TABLE games ADD COLUMN machine_owner text;
    """,
    # 4: a finished game's rematch (JSON: the offer, then the new game and its seats).
    """
    ALTER TABLE games ADD COLUMN rematch text;
    """,
    # 5: the game's clock (JSON, app/clocks.py; NULL: an untimed game).
    """
    ALTER TABLE games ADD COLUMN clock text;
    """,
    # 6: with each action, what a student's rules said of it (`tablero serve --rules`,
    # app/student_rules.py): the verdict (JSON) and its code, indexed for the counts; and
    # their verdicts on the moves our rules refused, by the position (ply) they were tried on.
    """
    ALTER TABLE actions ADD COLUMN student text;
    ALTER TABLE actions ADD COLUMN student_code text;
    CREATE INDEX actions_student ON actions(game_id, ply, student_code)
        WHERE student_code IS NOT NULL;
    CREATE TABLE student_tried (
        game_id  text NOT NULL REFERENCES games(id),
        ply      integer NOT NULL,
        seq      integer NOT NULL,
        agree    integer NOT NULL,
        student  text NOT NULL,
        PRIMARY KEY (game_id, ply, seq)
    );
    """,
]


def is_url(database: str) -> bool:
    return database.startswith(("postgresql://", "postgres://"))


@functools.lru_cache(maxsize=256)
def _pg(sql: str) -> str:
    """qmark placeholders (the SQL app/storage.py writes) as psycopg's %s."""
    return sql.replace("?", "%s")


class Connection:
    """A pooled psycopg connection that takes storage's qmark SQL."""

    __slots__ = ("con",)

    def __init__(self, con: psycopg.Connection):
        self.con = con

    def execute(self, sql: str, args=()) -> psycopg.Cursor:
        return self.con.execute(_pg(sql), args)

    def executemany(self, sql: str, rows) -> psycopg.Cursor:
        cur = self.con.cursor()
        cur.executemany(_pg(sql), list(rows))
        return cur


def connect(url: str, **kwargs) -> psycopg.Connection:
    try:
        return psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT, **kwargs)
    except psycopg.OperationalError as exc:
        raise Unavailable(f"PostgreSQL cannot be reached: {exc}") from exc


def migrate(con: psycopg.Connection) -> int:
    """Run the migrations this database has not run yet, each in a transaction, under an
    advisory lock (servers and workers starting together run each once); the schema
    version after."""
    con.execute("SELECT pg_advisory_lock(%s)", (MIGRATION_LOCK,))
    try:
        con.execute("CREATE TABLE IF NOT EXISTS schema_version (version integer NOT NULL)")
        while True:
            with con.transaction():
                row = con.execute("SELECT version FROM schema_version").fetchone()
                if row is None:
                    con.execute("INSERT INTO schema_version VALUES (0)")
                version = row[0] if row else 0
                if version >= len(MIGRATIONS):
                    return version
                con.execute(MIGRATIONS[version])
                con.execute("UPDATE schema_version SET version = %s", (version + 1,))
    finally:
        if not con.closed:
            con.execute("SELECT pg_advisory_unlock(%s)", (MIGRATION_LOCK,))


def pool_size() -> int:
    return max(2, int(os.environ.get("TABLERO_DB_POOL", "10")))


class Postgres:
    """One PostgreSQL database, as app/storage.py uses it."""

    name = "postgres"
    notifies = True  # live streams LISTEN (`listener()`)
    seat_list = "string_agg(s.seat, ',')"
    #  A game's seats as one JSON array of [seat, secret_hash, invite_hash] (load();
    #  NULL for none; psycopg reads json as Python lists).
    seats_json = ("(SELECT json_agg(json_build_array(seat, secret_hash, invite_hash)) "
                  "FROM seats WHERE game_id = games.id)")

    def __init__(self, url: str, keep_changes: int):
        self.url = url
        self.keep_changes = keep_changes
        self.lock = threading.Lock()
        self._pool: ConnectionPool | None = None
        self._pid = 0
        self._spare = threading.BoundedSemaphore(SPARE_CONNECTIONS)

    def migrate(self) -> int:
        with connect(self.url) as con:
            return migrate(con)

    def pool(self) -> ConnectionPool:
        """This process's pool (a forked child opens its own; the parent's is left alone)."""
        pool = self._pool
        if pool is not None and self._pid == os.getpid():
            return pool
        with self.lock:
            if self._pool is None or self._pid != os.getpid():
                pool = ConnectionPool(
                    self.url, min_size=1, max_size=pool_size(), timeout=POOL_WAIT,
                    reconnect_timeout=24 * 3600,   # keep trying through a long outage
                    kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT},
                    check=ConnectionPool.check_connection, open=False,
                    name="tablero",
                )
                pool.open(wait=False)
                self._pool, self._pid = pool, os.getpid()
            return self._pool

    @contextmanager
    def _connection(self):
        """A connection from the pool, or, when the pool has none to give within POOL_WAIT
        (PostgreSQL away or just back, every connection busy), one of this request's own:
        so an outage is answered at once and ends when PostgreSQL is back."""
        pool = self.pool()
        try:
            con = pool.getconn(timeout=POOL_WAIT)
        except PoolTimeout:
            con = None
        if con is not None:
            try:
                yield con
            finally:
                pool.putconn(con)
            return
        if not self._spare.acquire(blocking=False):
            raise Unavailable("PostgreSQL: no connection free in the pool, nor a spare one")
        try:
            own = connect(self.url)
            try:
                yield own
            finally:
                own.close()
        finally:
            self._spare.release()

    @contextmanager
    def read(self):
        try:
            with self._connection() as con:
                yield Connection(con)
        except psycopg.OperationalError as exc:
            raise Unavailable(f"PostgreSQL failed: {exc}") from exc

    @contextmanager
    def write(self, durable: bool = True):
        """One transaction, committed when the block ends (rolled back if it raises).
        durable=False: its commit does not wait for the disk (presence: a page's "I am
        here", worth nothing after a crash, written by every stream at every change)."""
        try:
            with self._connection() as con, con.transaction():
                if not durable:
                    con.execute("SET LOCAL synchronous_commit TO OFF")
                yield Connection(con)
        except errors.TransactionRollback as exc:  # deadlock, serialisation failure
            raise Conflict from exc
        except psycopg.OperationalError as exc:
            raise Unavailable(f"PostgreSQL failed: {exc}") from exc

    def changed(self, con: Connection, game_id: str, revision: int, kind: str) -> None:
        """Append to the change feed and NOTIFY, in the writing transaction (the
        notification goes out at its commit, and not at all if it rolls back)."""
        seq = con.execute(
            "WITH c AS (INSERT INTO changes (game_id, revision, kind) VALUES (?, ?, ?) "
            "RETURNING seq) SELECT seq, pg_notify(?, ?) FROM c",
            (game_id, revision, kind, CHANNEL, f"{game_id} {revision} {kind}"),
        ).fetchone()[0]
        if seq % 1000 == 0:
            con.execute("DELETE FROM changes WHERE seq <= ?", (seq - self.keep_changes,))

    def listener(self) -> "Listener":
        return Listener(self.url)

    def close(self) -> None:
        with self.lock:
            if self._pool is not None and self._pid == os.getpid():
                self._pool.close()
            self._pool = None


class Listener:
    """One connection LISTENing to the change feed's notifications."""

    def __init__(self, url: str):
        # Keep-alives: a PostgreSQL host that vanished is noticed within a minute.
        self.con = connect(url, keepalives=1, keepalives_idle=20, keepalives_interval=5,
                           keepalives_count=4)
        self.con.execute(f"LISTEN {CHANNEL}")

    def wait(self, timeout: float) -> list[str]:
        """The ids of the games changed, as soon as a notification arrives (all those that
        came with it), or [] after `timeout` seconds.  Unavailable if the connection broke."""
        try:
            return [n.payload.split(" ", 1)[0]
                    for n in self.con.notifies(timeout=timeout, stop_after=1)]
        except psycopg.OperationalError as exc:
            raise Unavailable(f"lost the LISTEN connection: {exc}") from exc

    def close(self) -> None:
        self.con.close()
