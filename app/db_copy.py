"""Move saved games from a SQLite file into a PostgreSQL database (one machine to several).

    .venv/bin/python -m app.db_copy ~/.local/share/tablero/tablero.db postgresql://user@host/db

The SQLite file is first brought to today's schema (its migrations, as a server start
would run them), the PostgreSQL database too; then every game, its actions and its seats
are copied in one transaction: all or nothing.  Games whose id is already in PostgreSQL
are refused (nothing is copied).  Live-stream bookkeeping (the change feed, presence) is
not copied.  Stop the servers using the file first; games saved in an older state format
are rebuilt from their actions at their first read, as under SQLite.
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import db_postgres, db_sqlite

TABLES = ("games", "actions", "seats")


def copy(path: str | Path, url: str) -> dict[str, int]:
    """Copy every game of the SQLite file at `path` into the database at `url`; the number
    of rows copied per table."""
    if not Path(path).exists():
        raise FileNotFoundError(path)
    source = db_sqlite.connect(Path(path))
    try:
        db_sqlite.migrate(source)
        with db_postgres.connect(url) as target:
            db_postgres.migrate(target)
            counts = {}
            with target.transaction():
                ids = [row[0] for row in source.execute("SELECT id FROM games")]
                clash = target.execute("SELECT count(*) FROM games WHERE id = ANY(%s::text[])",
                                       (ids,)).fetchone()[0]
                if clash:
                    raise ValueError(f"{clash} of these games are in {url} already")
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
    finally:
        source.close()


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 2 or not db_postgres.is_url(args[1]):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    counts = copy(args[0], args[1])
    print(", ".join(f"{n} {table}" for table, n in counts.items()) + " copied")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
