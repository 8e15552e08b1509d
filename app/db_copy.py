"""Move saved games from a SQLite file into a PostgreSQL database (one machine to several).

    .venv/bin/python -m app.db_copy ~/.local/share/tablero/tablero.db postgresql://user@host/db

The SQLite file is never changed: it is read through SQLite's backup into a temporary
copy, which is brought to today's schema (its migrations, as a server start would run
them), the PostgreSQL database too; then every game, its actions and its seats are copied
in one transaction: all or nothing.  Messages never show the database URL's password;
a missing file, a refused copy or an unreachable database is one line and exit status
2 (bad arguments, missing file) or 1.  Games whose id is already in PostgreSQL
are refused (nothing is copied).  Live-stream bookkeeping (the change feed, presence) is
not copied.  Stop the servers using the file first; games saved in an older state format
are rebuilt from their actions at their first read, as under SQLite.
"""

from __future__ import annotations

import re
import sqlite3
import sys
import tempfile
from pathlib import Path

from . import db_postgres, db_sqlite

TABLES = ("games", "actions", "seats", "student_tried")


def redacted(url: str) -> str:
    """`url` without its password (postgresql://user:secret@host/db -> user:***@host)."""
    url = re.sub(r"(://[^:/@]*):[^@/]*@", r"\1:***@", url)
    return re.sub(r"(password=)\S+", r"\1***", url)


def copy(path: str | Path, url: str) -> dict[str, int]:
    """Copy every game of the SQLite file at `path` into the database at `url`; the number
    of rows copied per table.  The file itself is only read."""
    path = Path(path)
    if not path.is_file():
        raise FileNotFoundError(f"no such SQLite file: {path}")
    with tempfile.TemporaryDirectory(prefix="tablero-copy-") as tmp:
        snapshot = Path(tmp) / "games.db"
        original = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            with sqlite3.connect(snapshot) as into:
                original.backup(into)
        finally:
            original.close()
        source = db_sqlite.connect(snapshot)
        try:
            db_sqlite.migrate(source)
            return _copy(source, url)
        finally:
            source.close()


def _copy(source, url: str) -> dict[str, int]:
    with db_postgres.connect(url) as target:
        db_postgres.migrate(target)
        counts = {}
        with target.transaction():
            ids = [row[0] for row in source.execute("SELECT id FROM games")]
            clash = target.execute("SELECT count(*) FROM games WHERE id = ANY(%s::text[])",
                                   (ids,)).fetchone()[0]
            if clash:
                raise ValueError(f"{clash} of these games are in {redacted(url)} already: "
                                 "nothing was copied")
            for table in TABLES:
                cur = source.execute(f"SELECT * FROM {table}")
                names = [d[0] for d in cur.description]
                counts[table] = 0
                with target.cursor().copy(
                        f"COPY {table} ({', '.join(names)}) FROM STDIN") as out:
                    for row in cur:
                        out.write_row(row)
                        counts[table] += 1
        return counts


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or not db_postgres.is_url(args[1]):
        print("usage: " + __doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    try:
        counts = copy(args[0], args[1])
    except FileNotFoundError as exc:
        print(f"db_copy: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - one line, never a traceback or a password
        text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        print(f"db_copy: {redacted(text).replace(args[1], redacted(args[1]))}", file=sys.stderr)
        return 1
    print(", ".join(f"{n} {table}" for table, n in counts.items()) + " copied")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
