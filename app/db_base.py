"""What both storage backends share: their errors, and the shape app/storage.py expects.

A backend (app/db_sqlite.py, app/db_postgres.py) is an object for one database with:

- `migrate()`: run the numbered migrations this database has not run yet (once, even when
  several processes start together); the schema version after;
- `read()`: a context manager giving a connection for reads;
- `write(durable=True)`: a context manager giving a connection inside one transaction,
  committed when the block ends (the commit is done before the caller acknowledges
  anything) and rolled back, with nothing changed, when it raises; durable=False allows a
  commit that does not wait for the disk (presence only);
- `changed(con, game_id, revision, kind)`: add a change to the feed inside that transaction
  (the live streams of every process, on every host, hear of it after the commit);
- `seat_list`: the SQL aggregate that joins a game's seat names with commas;
- `notifies`: True when changes are pushed (`listener()`), False when app/live.py polls
  the change feed;
- `close()`.

A connection's `execute(sql, args)` takes qmark (`?`) placeholders on both backends and
answers a cursor (`fetchone`, `fetchall`, iteration, `rowcount`); `executemany` too.
"""

from __future__ import annotations


class Conflict(Exception):
    """The game changed since the request read it: the write lost the race, nothing changed."""


class Unavailable(Exception):
    """The database cannot be used now (its file vanished or was replaced, the server is
    away, disk full, ...): nothing was changed."""
