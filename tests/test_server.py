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
