"""The real server (gunicorn, two workers, SQLite): races, parallel games, and a SIGKILL."""

from __future__ import annotations

import random
import signal
import threading

from .conftest import LiveServer
from .http import Client


def new_game(client: Client, size: int = 9) -> str:
    """A game whose seats the client holds from now on (hot seat)."""
    status, body = client.call("POST", "/api/games", {"game": "go", "options": {"size": size}})
    assert status == 201
    client.secret = body["secrets"]["b"]
    return body["id"]


def run_threads(n: int, target) -> None:
    threads = [threading.Thread(target=target, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)


def test_parallel_clients_on_many_games(live_server):
    clients = [Client(live_server.url) for _ in range(8)]
    games = [new_game(client) for client in clients]
    played: dict[str, list] = {g: [] for g in games}
    errors: list = []

    def player(i: int) -> None:
        gid, client = games[i], clients[i]
        points = [(r, c) for r in range(9) for c in range(9)]
        random.Random(i).shuffle(points)
        for r, c in points[:20]:
            status, body = client.call(
                "POST", f"/api/games/{gid}/actions", {"action": {"kind": "move", "pos": [r, c]}}
            )
            if status == 200:
                played[gid].append([r, c])
            elif status >= 500 or body["error"]["code"] not in ("suicide", "occupied", "ko"):
                errors.append((status, body))

    run_threads(len(games), player)
    assert errors == []
    for gid in games:
        status, body = Client(live_server.url).call("GET", f"/api/games/{gid}")
        assert status == 200
        assert [a["pos"] for a in body["actions"]] == played[gid]
        assert body["plies"] == len(played[gid]) > 10


def test_racing_clients_on_one_game(live_server):
    client = Client(live_server.url)
    gid = new_game(client, 19)
    wins: list = []
    outcomes: list = []
    lock = threading.Lock()

    def racer(i: int) -> None:
        rnd = random.Random(100 + i)
        for _ in range(15):
            status, body = client.call("GET", f"/api/games/{gid}")
            revision = body["revision"]
            pos = [rnd.randrange(19), rnd.randrange(19)]
            status, body = client.call(
                "POST", f"/api/games/{gid}/actions",
                {"action": {"kind": "move", "pos": pos}, "revision": revision},
            )
            with lock:
                outcomes.append(status)
                if status == 200:
                    wins.append((revision, pos))

    run_threads(8, racer)
    assert all(s in (200, 409) for s in outcomes), outcomes
    assert 409 in outcomes                              # the races happened
    revisions = [v for v, _ in wins]
    assert sorted(revisions) == list(range(len(wins)))  # one winner per revision: nothing doubled
    status, body = Client(live_server.url).call("GET", f"/api/games/{gid}")
    assert [a["pos"] for a in body["actions"]] == [p for _, p in sorted(wins)]  # nothing lost


def test_sigkill_loses_no_acknowledged_move(tmp_path):
    server = LiveServer(tmp_path / "crash.db").start()
    client = Client(server.url)
    gid = new_game(client)
    acknowledged = []
    for r in range(9):
        status, _ = client.call("POST", f"/api/games/{gid}/actions",
                                {"action": {"kind": "move", "pos": [r, (r * 4) % 9]}})
        assert status == 200
        acknowledged.append([r, (r * 4) % 9])
    server.kill(signal.SIGKILL)
    server = LiveServer(tmp_path / "crash.db").start()
    try:
        status, body = Client(server.url).call("GET", f"/api/games/{gid}")
        assert status == 200
        assert [a["pos"] for a in body["actions"]] == acknowledged
        assert body["view"]["board"][8][(8 * 4) % 9] == "b"
        status, body = Client(server.url, client.secret).call(
            "POST", f"/api/games/{gid}/actions", {"action": {"kind": "pass"}})
        assert status == 200 and body["plies"] == 10
    finally:
        server.kill(signal.SIGTERM)


def serve_options(monkeypatch, argv: list[str], env: dict | None = None) -> dict:
    """The gunicorn settings `tablero serve argv...` would run with (nothing is started)."""
    from app import cli

    seen = {}
    monkeypatch.setattr(cli.Server, "run", lambda self: seen.update(self.options))
    monkeypatch.setattr(cli, "open_files_for", lambda *args: None)
    import os

    environ = {name: value for name, value in os.environ.items()
               if name not in ("TABLERO_MAX_REQUESTS", "TABLERO_HOSTS", "TABLERO_DB")}
    monkeypatch.setattr(os, "environ", {**environ, **(env or {})})  # main() writes to it
    cli.main(["serve", *argv])
    return seen


def test_workers_are_recycled_after_max_requests_with_jitter(monkeypatch):
    """A backstop for memory a worker never gives back (issue 20)."""
    from app.cli import MAX_REQUESTS

    default = serve_options(monkeypatch, [])
    assert default["max_requests"] == MAX_REQUESTS > 0
    assert 0 < default["max_requests_jitter"] < MAX_REQUESTS
    assert serve_options(monkeypatch, ["--max-requests", "500"])["max_requests"] == 500
    from_env = serve_options(monkeypatch, [], {"TABLERO_MAX_REQUESTS": "700"})
    assert (from_env["max_requests"], from_env["max_requests_jitter"]) == (700, 70)
    never = serve_options(monkeypatch, ["--max-requests", "0"])
    assert never["max_requests"] == 0 and never["max_requests_jitter"] == 0


def worker_pids(server: LiveServer) -> set[int]:
    import pathlib

    children = pathlib.Path(f"/proc/{server.proc.pid}/task/{server.proc.pid}/children")
    return {int(pid) for pid in children.read_text().split()}


def test_a_worker_past_max_requests_is_replaced_and_no_request_is_lost(tmp_path):
    server = LiveServer(tmp_path / "recycle.db", workers=1, args=("--max-requests", "20")).start()
    try:
        first = worker_pids(server)
        client = Client(server.url)
        game = new_game(client)
        for i in range(60):
            status, _ = client.call("GET", f"/api/games/{game}")
            assert status == 200, (i, status)
        assert worker_pids(server) - first, "the worker was never replaced"
    finally:
        server.kill(15)
