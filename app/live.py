"""Live games: every change of a game reaches its open pages as Server-Sent Events.

Start reading at `Hub`.  One hub per worker process: a poller thread reads the
change feed (storage.changes_since) a few times a second, or at once after a
write made in this process, and wakes the streams of the games that changed.
A stream only reads storage (the view stored with each change), never Prolog,
so it can wait on any thread while Prolog stays on its own (see
docs/architecture.md, "The server model").
"""

from __future__ import annotations

import json
import threading

from . import storage

POLL = 0.1  # seconds between two reads of the change feed
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
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        with self.lock:
            if self.thread is not None:
                return
            with self.app.app_context():
                self.seq = storage.last_change()
            self.thread = threading.Thread(target=self._run, name="live-hub", daemon=True)
            self.thread.start()

    def _run(self) -> None:
        while True:
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
                for game_id in {row[1] for row in rows}:
                    cond = self.waiting.get(game_id)
                    if cond is not None:
                        with cond:
                            cond.notify_all()

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


def event(revision: int, payload: str) -> str:
    """One Server-Sent Event: its id is the game's revision, its data one line of JSON."""
    return f"id: {revision}\nevent: game\ndata: {payload}\n\n"


def presence(seats: list[str]) -> str:
    """A presence event: the seats whose holders have a page open (no id: the revision
    last seen stays the one to resume from)."""
    return f"event: presence\ndata: {json.dumps({'present': seats})}\n\n"
