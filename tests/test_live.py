"""Live games over a real `tablero serve` (gthread workers, Prolog on its own thread):
every change reaches every open event stream within a second, a stream that was away
catches up with Last-Event-ID, and the server refuses settings that break its model."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from app.cli import check_model
from app.games import apply_delta

from .conftest import LiveServer


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """conftest's `tablero serve` (two workers), one for this module's tests: each makes
    its own games and closes the streams it opened, so none reads what another left (a
    server a test took a second or two to start and stop)."""
    server = LiveServer(tmp_path_factory.mktemp("live") / "live.db").start()
    yield server
    server.kill(15)


class Stream:
    """An open GET /api/games/<id>/events, read on a thread of its own."""

    def __init__(self, port: int, game_id: str, headers: dict | None = None, query: str = ""):
        self.events: list[tuple[float, dict]] = []
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        self.conn.request("GET", f"/api/games/{game_id}/events{query}", headers=headers or {})
        self.sock = self.conn.sock  # the response may take it over: kept to shut it down
        self.response = self.conn.getresponse()
        assert self.response.status == 200
        assert self.response.getheader("Content-Type").startswith("text/event-stream")
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        data, kind = [], "message"
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\n")
                if line.startswith("data:"):
                    data.append(line[5:].strip())
                elif line.startswith("event:"):
                    kind = line[6:].strip()
                elif not line and data:
                    if kind == "game":
                        self.events.append((time.monotonic(), json.loads("\n".join(data))))
                    data, kind = [], "message"
        except Exception:  # closed by the test, or the server went away
            pass

    def wait_for(self, revision: int, timeout: float = 5.0) -> tuple[float, dict] | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for at, event in self.events:
                if event["revision"] >= revision:
                    return at, event
            time.sleep(0.01)
        return None

    def close(self) -> None:
        """Shut the socket down first: the reader thread, blocked in recv, returns at once
        (closing alone would wait for the next byte, up to the keep-alive)."""
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.thread.join(5)
        self.response.close()
        self.conn.close()
        self.sock.close()


def call(server, method, path, body=None, secret=None):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    data = json.loads(resp.read() or b"null")
    conn.close()
    return resp.status, data


def test_every_change_reaches_every_open_stream_within_a_second(live_server):
    status, game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    assert status == 201
    secret = game["secrets"]["b"]
    streams = [Stream(live_server.port, game["id"]) for _ in range(4)]  # across both workers
    try:
        for s in streams:
            assert s.wait_for(0) is not None  # the current game, at once
        for revision, action in enumerate(
                [{"kind": "move", "pos": [2, 2]}, {"kind": "move", "pos": [6, 6]}], start=1):
            sent = time.monotonic()
            status, reply = call(live_server, "POST", f"/api/games/{game['id']}/actions",
                                 {"action": action, "revision": revision - 1}, secret)
            assert status == 200 and reply["revision"] == revision
            for s in streams:
                got = s.wait_for(revision)
                assert got is not None, "a stream missed a move"
                at, event = got
                assert at - sent < 1.0
                assert event["view"] == reply["view"]
        status, reply = call(live_server, "POST", f"/api/games/{game['id']}/undo", {}, secret)
        assert status == 200
        for s in streams:
            assert s.wait_for(reply["revision"])[1]["plies"] == 1
    finally:
        for s in streams:
            s.close()


def test_a_stream_that_was_away_catches_up(live_server):
    status, game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    call(live_server, "POST", f"/api/games/{game['id']}/actions",
         {"action": {"kind": "move", "pos": [2, 2]}}, secret)
    up_to_date = Stream(live_server.port, game["id"], {"Last-Event-ID": "1"})
    behind = Stream(live_server.port, game["id"], {"Last-Event-ID": "0"})
    try:
        got = behind.wait_for(1)
        assert got is not None and got[1]["view"]["board"][2] == "--b------"
        #  The stream that had seen revision 1 is sent nothing until the next move: the
        #  first event it hears is that move's (events come in order on a stream).
        call(live_server, "POST", f"/api/games/{game['id']}/actions",
             {"action": {"kind": "move", "pos": [6, 6]}}, secret)
        assert up_to_date.wait_for(2) is not None
        assert [event["revision"] for _, event in up_to_date.events] == [2]
    finally:
        up_to_date.close()
        behind.close()


def test_a_slow_machine_search_does_not_hold_up_reads(live_server):
    status, game = call(live_server, "POST", "/api/games",
                        {"game": "molinolog", "options": {"black": "machine", "white": "machine",
                                                           "depth": 4}})
    assert status == 201
    done = threading.Event()

    def machine():
        for _ in range(3):
            call(live_server, "POST", f"/api/games/{game['id']}/machine", {})
        done.set()

    threading.Thread(target=machine, daemon=True).start()
    worst = 0.0
    while not done.is_set():
        started = time.monotonic()
        status, _ = call(live_server, "GET", "/api/games")
        assert status == 200
        status, _ = call(live_server, "GET", f"/api/games/{game['id']}")
        assert status == 200
        worst = max(worst, time.monotonic() - started)
    assert worst < 1.0


def test_serve_refuses_settings_that_break_the_model():
    assert check_model("gthread", 200) is None
    assert "gevent" in check_model("gevent", 200)
    assert "threads" in check_model("gthread", 1)
    tablero = Path(sys.executable).with_name("tablero")
    done = subprocess.run([str(tablero), "serve", "--threads", "1"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "too few" in done.stderr


def test_one_machine_request_per_game_at_a_time(live_server):
    status, game = call(live_server, "POST", "/api/games",
                        {"game": "molinolog", "options": {"black": "machine", "white": "machine",
                                                           "depth": 4}})
    results = []

    def ask():
        results.append(call(live_server, "POST", f"/api/games/{game['id']}/machine",
                            {"revision": 0})[0])

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(results) == [200, 409]
    status, shown = call(live_server, "GET", f"/api/games/{game['id']}")
    assert shown["plies"] == 1


def test_a_stream_asked_for_deltas_sends_what_each_move_changed(live_server):
    """A stream opened with ?delta=1 (as the pages open it) sends the whole game first, then
    each change that follows the revision it sent last as view_delta (what the move changed
    in the view), the first change too: the worker keeps the game its streams opened on to
    compare it with.  Across both workers; applied in turn, the deltas give the view a read
    gives.  A stream that did not ask gets whole views."""
    status, game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    streams = [Stream(live_server.port, game["id"], query="?delta=1") for _ in range(4)]
    whole = Stream(live_server.port, game["id"])
    try:
        views = [s.wait_for(0)[1]["view"] for s in streams]  # the whole game at first
        #  Black surrounds White's C8 and takes it with the last move.
        moves = [[2, 2], [1, 2], [1, 1], [6, 6], [1, 3], [6, 5], [0, 2]]
        for revision, pos in enumerate(moves, start=1):
            status, reply = call(live_server, "POST", f"/api/games/{game['id']}/actions",
                                 {"action": {"kind": "move", "pos": pos},
                                  "revision": revision - 1, "delta": True}, secret)
            assert status == 200 and reply["revision"] == revision
            status, read = call(live_server, "GET", f"/api/games/{game['id']}")
            for i, s in enumerate(streams):
                got = s.wait_for(revision)
                assert got is not None, "a stream missed a move"
                event = got[1]
                assert event["revision"] == revision
                assert "view" not in event
                views[i] = apply_delta(views[i], event["view_delta"])
                assert views[i] == read["view"]
            assert whole.wait_for(revision)[1]["view"] == read["view"]
        assert read["view"]["captures"]["b"] == 1 and read["view"]["board"][1] == "-b-b-----"
    finally:
        for s in [*streams, whole]:
            s.close()


def test_a_page_that_opens_or_comes_back_mid_game_hears_the_next_move_as_a_delta(live_server):
    """Streams opened on a game three moves in, fresh ones (the whole game first), ones
    coming back up to date (Last-Event-ID: nothing first) and a player's: the fourth move
    reaches each of them as view_delta, on whichever worker it opened, and the view it
    gives is the one a read gives."""
    status, game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    for revision, pos in enumerate([[4, 4], [2, 2], [4, 2]], start=1):
        status, reply = call(live_server, "POST", f"/api/games/{game['id']}/actions",
                             {"action": {"kind": "move", "pos": pos}, "delta": True}, secret)
        assert status == 200 and reply["revision"] == revision
    status, before = call(live_server, "GET", f"/api/games/{game['id']}")
    fresh = [Stream(live_server.port, game["id"], query="?delta=1") for _ in range(3)]
    back = [Stream(live_server.port, game["id"], headers={"Last-Event-ID": "3"},
                   query="?delta=1") for _ in range(3)]
    player = Stream(live_server.port, game["id"], headers={"Authorization": f"Bearer {secret}"},
                    query="?delta=1")
    streams = [*fresh, *back, player]
    try:
        for s in [*fresh, player]:
            assert s.wait_for(3)[1]["view"] == before["view"]
        status, reply = call(live_server, "POST", f"/api/games/{game['id']}/actions",
                             {"action": {"kind": "move", "pos": [6, 6]}, "revision": 3}, secret)
        assert status == 200 and reply["revision"] == 4
        status, read = call(live_server, "GET", f"/api/games/{game['id']}")
        assert read["view"]["board"][6] == "------w--"
        for s in streams:
            got = s.wait_for(4)
            assert got is not None, "a stream missed the move"
            event = got[1]
            assert "view" not in event, "the move came whole"
            assert apply_delta(before["view"], event["view_delta"]) == read["view"]
        assert all(s.events[0][1]["revision"] == 4 for s in back)  # up to date: no game first
        assert player.wait_for(4)[1]["you"] == ["b", "w"]  # the creator holds both seats
    finally:
        for s in streams:
            s.close()

