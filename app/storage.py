"""Saved games in SQLite: a game's record is its settings, its actions and its state.

`games` holds one row per game with the state text Prolog returned after the
last action and a version (the number of actions).  `actions` holds every
action in order, so a game can be replayed (undo does) and read back.  A write
names the version it was computed from; if another request got there first the
write is refused with `Conflict` and nothing changes.  Every acknowledged
action is committed before the reply leaves.  The journal is WAL with
synchronous=NORMAL: a commit survives the server process dying (SIGKILL, crash)
at once, and the machine losing power once SQLite's next checkpoint has synced.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
import uuid
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from flask import current_app

SCHEMA = """
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
"""


def default_path() -> Path:
    """$TABLERO_DB, else tablero.db under $XDG_DATA_HOME (~/.local/share)/tablero."""
    if os.environ.get("TABLERO_DB"):
        return Path(os.environ["TABLERO_DB"])
    data = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return data / "tablero" / "tablero.db"


class Conflict(Exception):
    """The game changed since the request read it."""


@dataclass
class Record:
    id: str
    game: str
    options: dict
    casual: bool
    state: str
    version: int

    def actions(self) -> list[dict]:
        rows = get_db().execute(
            "SELECT action FROM actions WHERE game_id = ? ORDER BY ply", (self.id,)
        )
        return [json.loads(r[0]) for r in rows]


def connect(path: Path) -> sqlite3.Connection:
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("PRAGMA busy_timeout=10000")
    return db


_connections: dict[tuple[int, str], sqlite3.Connection] = {}


def get_db() -> sqlite3.Connection:
    """This thread's connection to the app's database, opened once and kept.

    A sync worker serves one request at a time on one thread, so one
    connection per thread and file saves opening it (and its PRAGMAs) per request.
    """
    key = (threading.get_ident(), current_app.config["DATABASE"])
    if key not in _connections:
        _connections[key] = connect(Path(key[1]))
    return _connections[key]


def init_app(app) -> None:
    db = connect(Path(app.config["DATABASE"]))
    db.executescript(SCHEMA)
    db.close()


def create(game: str, options: dict, casual: bool, state: str) -> Record:
    now = time.time()
    record = Record(uuid.uuid4().hex[:12], game, options, casual, state, 0)
    get_db().execute(
        "INSERT INTO games VALUES (?, ?, ?, ?, ?, 0, ?, ?)",
        (record.id, game, json.dumps(options), int(casual), state, now, now),
    )
    return record


def load(game_id: str) -> Record | None:
    row = get_db().execute(
        "SELECT id, game, options, casual, state, version FROM games WHERE id = ?", (game_id,)
    ).fetchone()
    if row is None:
        return None
    return Record(row[0], row[1], json.loads(row[2]), bool(row[3]), row[4], row[5])


def recent(limit: int = 50) -> list[dict]:
    rows = get_db().execute(
        "SELECT id, game, version, created, updated FROM games ORDER BY updated DESC LIMIT ?",
        (limit,),
    )
    keys = ("id", "game", "version", "created", "updated")
    return [dict(zip(keys, row)) for row in rows]


@contextmanager
def write():
    """A write transaction that holds SQLite's write lock from its first statement."""
    db = get_db()
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def append(record: Record, action: dict, state: str) -> int:
    """Store `action` and the state after it, if the game is still at record.version."""
    with write() as db:
        cur = db.execute(
            "UPDATE games SET state = ?, version = version + 1, updated = ? "
            "WHERE id = ? AND version = ?",
            (state, time.time(), record.id, record.version),
        )
        if cur.rowcount != 1:
            raise Conflict
        db.execute(
            "INSERT INTO actions VALUES (?, ?, ?)",
            (record.id, record.version + 1, json.dumps(action)),
        )
    return record.version + 1


def truncate(record: Record, state: str) -> int:
    """Remove the last action (undo), leaving `state`, if the game is still at record.version."""
    with write() as db:
        cur = db.execute(
            "UPDATE games SET state = ?, version = version - 1, updated = ? "
            "WHERE id = ? AND version = ? AND version > 0",
            (state, time.time(), record.id, record.version),
        )
        if cur.rowcount != 1:
            raise Conflict
        db.execute("DELETE FROM actions WHERE game_id = ? AND ply = ?", (record.id, record.version))
    return record.version - 1
