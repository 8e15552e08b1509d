"""Live games: every change of a game reaches its open pages as Server-Sent Events.

Start reading at `Hub`.  One hub per worker process, with one thread that hears
of every change and wakes the streams of the games that changed:

- SQLite (one machine): the thread polls the change feed (storage.changes_since)
  ten times a second, or at once after a write made in this process (`poke`);
- PostgreSQL (any number of app servers on one database): the thread LISTENs on
  one connection of its own; every writing transaction NOTIFYs at its commit, so a
  move made on one server reaches the streams open on every other.  A lost
  connection is opened again, and then every waiting stream looks again (a
  notification may have been missed meanwhile).

A stream only reads storage (the view stored with each change), never Prolog,
so it can wait on any thread while Prolog stays on its own (see
docs/architecture.md, "The server model").
"""

from __future__ import annotations

import json
import threading

from . import storage

POLL = 0.1  # seconds between two reads of the change feed (SQLite)
LISTEN_TIMEOUT = 1.0  # seconds a LISTEN wait lasts before the thread looks at `stopping`
RECONNECT = (0.2, 5.0)  # first and longest pause before opening a lost LISTEN connection again
KEEP_ALIVE = 10.0  # seconds of silence after which a stream sends a comment (and says it is there)


class Hub:
    """The change feed of one process, and the streams waiting on it."""

    def __init__(self, app):
        self.app = app
        self.seq = 0
        self.waiting: dict[str, threading.Condition] = {}
        self.latest: dict[str, int] = {}  # game id -> seq of its newest change seen
        self.lock = threading.Lock()
        self.poke = threading.Event()
        self.stopping = threading.Event()
        self.thread: threading.Thread | None = None
        self.listener = None
        self.subscribers: list = []  # e.g. app/serving.py's Streamer: hear(game_ids), games()

    def start(self) -> None:
        with self.lock:
            if self.thread is not None:
                return
            pushed = storage.backend(self.app).notifies
            if not pushed:
                with self.app.app_context():
                    self.seq = storage.last_change()
            self.thread = threading.Thread(target=self._listen if pushed else self._poll,
                                           name="live-hub", daemon=True)
            self.thread.start()

    def stop(self) -> None:
        """End the thread (tests: before their database goes)."""
        self.stopping.set()
        self.poke.set()
        if self.thread is not None:
            self.thread.join(LISTEN_TIMEOUT + 1)

    def _poll(self) -> None:
        """SQLite: read the change feed ten times a second, or when poked."""
        while not self.stopping.is_set():
            self.poke.wait(POLL)
            self.poke.clear()
            try:
                with self.app.app_context():
                    rows = storage.changes_since(self.seq)
            except Exception:  # the database is away for a moment: try again
                self.app.logger.exception("live: reading the change feed failed")
                continue
            if not rows:
                continue
            with self.lock:
                for seq, game_id, _revision, _kind in rows:
                    self.latest[game_id] = seq
                self.seq = rows[-1][0]
                self._wake({row[1] for row in rows})

    def _listen(self) -> None:
        """PostgreSQL: wait for the notifications of every change, from any server.  The
        positions handed to streams (`now`, `wait`) are this process's own count of them."""
        pause = RECONNECT[0]
        backend = storage.backend(self.app)
        while not self.stopping.is_set():
            try:
                if self.listener is None:
                    self.listener = backend.listener()
                    with self.lock:  # notifications may have been missed: all look again
                        watched = set(self.waiting)
                        for subscriber in self.subscribers:
                            watched |= subscriber.games()
                        self._wake(watched, count=True)
                    pause = RECONNECT[0]
                changed = self.listener.wait(LISTEN_TIMEOUT)
            except Exception:  # the database is away: open the connection again, later
                if self.stopping.is_set():
                    break
                self.app.logger.warning("live: the LISTEN connection failed; again in %.1f s",
                                        pause, exc_info=True)
                self._drop_listener()
                self.stopping.wait(pause)
                pause = min(pause * 2, RECONNECT[1])
                continue
            if changed:
                with self.lock:
                    self._wake(set(changed), count=True)
        self._drop_listener()

    def _drop_listener(self) -> None:
        if self.listener is not None:
            try:
                self.listener.close()
            except Exception:
                pass
            self.listener = None

    def _wake(self, game_ids: set[str], count: bool = False) -> None:
        """Wake the streams of these games (self.lock held).  count: give each a new
        position of its own (PostgreSQL, where positions are this process's count)."""
        for game_id in game_ids:
            if count:
                self.seq += 1
                self.latest[game_id] = self.seq
            cond = self.waiting.get(game_id)
            if cond is not None:
                with cond:
                    cond.notify_all()
        for subscriber in self.subscribers:
            subscriber.hear(game_ids)

    def subscribe(self, subscriber) -> None:
        """Tell `subscriber.hear(game_ids)` of every change from now on (on the hub's
        thread: it must return at once); `subscriber.games()` names the games it follows
        (asked when notifications may have been missed)."""
        self.start()
        with self.lock:
            self.subscribers.append(subscriber)

    def position(self, game_id: str) -> int:
        """The feed position of the newest change of `game_id` seen (0: none)."""
        return self.latest.get(game_id, 0)

    def now(self) -> int:
        """The newest change this process has seen."""
        self.start()
        return self.seq

    def wait(self, game_id: str, after: int, timeout: float) -> int | None:
        """Wait until `game_id` changes after feed position `after`; its newest position,
        or None after `timeout` seconds without a change."""
        self.start()
        with self.lock:
            cond = self.waiting.setdefault(game_id, threading.Condition())
        with cond:
            cond.wait_for(lambda: self.latest.get(game_id, 0) > after, timeout)
        with self.lock:
            seq = self.latest.get(game_id, 0)
        return seq if seq > after else None


_hubs: dict[int, Hub] = {}
_hubs_lock = threading.Lock()


def hub(app) -> Hub:
    """The process's hub for this app."""
    with _hubs_lock:
        if id(app) not in _hubs:
            _hubs[id(app)] = Hub(app)
        return _hubs[id(app)]


def stop(app) -> None:
    """Stop this app's hub, if it has one (tests, before their database goes)."""
    with _hubs_lock:
        found = _hubs.pop(id(app), None)
    if found is not None:
        found.stop()


def event(revision: int, payload: str) -> str:
    """One Server-Sent Event: its id is the game's revision, its data one line of JSON."""
    return f"id: {revision}\nevent: game\ndata: {payload}\n\n"


def presence(seats: list[str]) -> str:
    """A presence event: the seats whose holders have a page open (no id: the revision
    last seen stays the one to resume from)."""
    return f"event: presence\ndata: {json.dumps({'present': seats})}\n\n"
