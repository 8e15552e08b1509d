"""Two app servers on one PostgreSQL (separate `tablero serve` processes on their own
ports, two workers each): a change made on one reaches the streams open on the other
within a second (LISTEN/NOTIFY), also after the LISTEN connection was lost; clients racing
on both lose and double nothing; a server killed with SIGKILL under load loses no
acknowledged move; and two people in real browsers, each on a server of their own, play
one Go game and see each other's moves by the live stream alone."""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import threading
import time

import pytest

from app.games import Game

from .conftest import LiveServer, open_page
from .http import Client
from .test_live import Stream, call

SIZE = 19
#  Points no capture can touch (every neighbour has r + c odd and is never played).
POINTS = [[r, c] for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0]


@pytest.fixture(scope="module")
def shared_db(pg_cluster):
    url = pg_cluster.new_database()
    yield url
    pg_cluster.drop_database(url)


def start_all(servers: list[LiveServer]) -> list[LiveServer]:
    """Start these servers side by side (each loads its own Prolog)."""
    errors: list[Exception] = []

    def start(server):
        try:
            server.start()
        except Exception as exc:  # noqa: BLE001 - raised below
            errors.append(exc)

    threads = [threading.Thread(target=start, args=(s,)) for s in servers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        stop_all(servers)
        raise errors[0]
    return servers


def stop_all(servers: list[LiveServer]) -> None:
    """SIGTERM to every server at once, then wait for each (each may take its graceful
    time-out to close its open streams)."""
    for s in servers:
        if s.proc and s.proc.poll() is None:
            os.killpg(s.proc.pid, signal.SIGTERM)
    for s in servers:
        if s.proc:
            s.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def two_servers(shared_db):
    """Servers A and B, each `tablero serve` with two workers, on one PostgreSQL database."""
    servers = start_all([LiveServer(shared_db), LiveServer(shared_db)])
    yield servers
    stop_all(servers)


def new_game(server, size=SIZE, **extra) -> dict:
    status, game = call(server, "POST", "/api/games",
                        {"game": "go", "options": {"size": size}, **extra})
    assert status == 201, game
    return game


def test_a_move_on_one_server_reaches_streams_on_the_other_within_a_second(two_servers):
    a, b = two_servers
    game = new_game(a, 9)
    secret, gid = game["secrets"]["b"], game["id"]
    # Two streams on each server: across both workers of each.
    streams = [Stream(server.port, gid) for server in (a, a, b, b)]
    try:
        for s in streams:
            assert s.wait_for(0) is not None
        moves = [(b, {"kind": "move", "pos": [2, 2]}), (a, {"kind": "move", "pos": [6, 6]}),
                 (b, {"kind": "move", "pos": [4, 4]})]
        for revision, (server, action) in enumerate(moves, start=1):
            sent = time.monotonic()
            status, reply = call(server, "POST", f"/api/games/{gid}/actions",
                                 {"action": action, "revision": revision - 1}, secret)
            assert status == 200 and reply["revision"] == revision, reply
            for s in streams:
                got = s.wait_for(revision)
                assert got is not None, "a stream missed a move made on the other server"
                at, event = got
                assert at - sent < 1.0, f"{at - sent:.3f} s"
                assert event["view"] == reply["view"]
        status, reply = call(a, "POST", f"/api/games/{gid}/undo", {}, secret)
        assert status == 200
        for s in streams:
            assert s.wait_for(reply["revision"])[1]["plies"] == 2
    finally:
        for s in streams:
            s.close()


def listeners(pg_cluster, where: str) -> set[int]:
    """The processes of the connections that LISTEN (`where`: pg_stat_activity's rows of
    the database)."""
    import psycopg

    with psycopg.connect(pg_cluster.url(), autocommit=True) as con:
        return {row[0] for row in con.execute(f"SELECT pid {where}")}


def test_the_feed_survives_a_lost_listen_connection(two_servers, pg_cluster, shared_db):
    """PostgreSQL restarted, or a network cut: the LISTEN connections end.  Each worker
    opens its own again and streams go on."""
    a, b = two_servers
    game = new_game(a, 9)
    secret, gid = game["secrets"]["b"], game["id"]
    stream = Stream(a.port, gid)
    where = f"FROM pg_stat_activity WHERE datname = '{shared_db.rsplit('/', 1)[1]}' " \
            "AND query LIKE 'LISTEN%'"
    try:
        assert stream.wait_for(0) is not None
        listening = listeners(pg_cluster, where)
        assert len(listening) >= 1                       # the worker holding the stream
        pg_cluster.admin(f"SELECT pg_terminate_backend(pid) {where}")
        #  A move made while the LISTEN connections are lost reaches the stream once its
        #  worker has opened its own again (every open stream looks again then).
        status, reply = call(b, "POST", f"/api/games/{gid}/actions",
                             {"action": {"kind": "move", "pos": [3, 3]}}, secret)
        assert status == 200
        assert stream.wait_for(1, timeout=10) is not None
        deadline = time.monotonic() + 10             # as many new LISTEN connections
        while len(listeners(pg_cluster, where) - listening) < len(listening):
            assert time.monotonic() < deadline, "a worker did not LISTEN again"
            time.sleep(0.05)
        sent = time.monotonic()
        status, reply = call(b, "POST", f"/api/games/{gid}/actions",
                             {"action": {"kind": "move", "pos": [5, 5]}}, secret)
        at, _ = stream.wait_for(2)
        assert at - sent < 1.0
    finally:
        stream.close()


def test_racing_clients_on_both_servers_lose_and_double_nothing(two_servers):
    a, b = two_servers
    game = new_game(a)
    gid, secret = game["id"], game["secrets"]["b"]
    wins, outcomes, lock = [], [], threading.Lock()

    def racer(i: int) -> None:
        client = Client((a, b)[i % 2].url, secret)
        rnd = random.Random(200 + i)
        for _ in range(12):
            status, body = client.call("GET", f"/api/games/{gid}")
            revision = body["revision"]
            pos = [rnd.randrange(SIZE), rnd.randrange(SIZE)]
            status, body = client.call("POST", f"/api/games/{gid}/actions",
                                       {"action": {"kind": "move", "pos": pos},
                                        "revision": revision})
            with lock:
                outcomes.append((status, body.get("error", {}).get("code")))
                if status == 200:
                    wins.append((revision, pos))

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert all(s in (200, 409) for s, _ in outcomes), outcomes
    assert any(code in ("stale", "conflict") for _, code in outcomes)  # the races happened
    revisions = [v for v, _ in wins]
    assert sorted(revisions) == list(range(len(wins)))  # one winner per revision
    for server in (a, b):
        status, body = Client(server.url).call("GET", f"/api/games/{gid}")
        assert [x["pos"] for x in body["actions"]] == [p for _, p in sorted(wins)]


def test_sigkill_under_load_loses_nothing_acknowledged(two_servers, shared_db):
    """Six clients play their own games as fast as they can on server C; C is killed with
    SIGKILL mid-stream.  Every acknowledged move is stored (at most the move in flight more),
    and the games go on on server A."""
    a, _ = two_servers
    c = LiveServer(shared_db).start()
    players = 6
    games = [new_game(c) for _ in range(players)]
    acknowledged: list[list] = [[] for _ in range(players)]
    errors: list = []
    stop = threading.Event()

    def player(i: int) -> None:
        gid, client = games[i]["id"], Client(c.url, games[i]["secrets"]["b"])
        conn = http.client.HTTPConnection("127.0.0.1", c.port, timeout=30)  # keep-alive
        headers = {"Content-Type": "application/json",
                   "Authorization": f"Bearer {client.secret}"}
        try:
            for pos in POINTS:
                if stop.is_set():
                    return
                try:
                    conn.request("POST", f"/api/games/{gid}/actions",
                                 json.dumps({"action": {"kind": "move", "pos": pos}}), headers)
                    resp = conn.getresponse()
                    body = resp.read()
                except (OSError, http.client.HTTPException):
                    return  # the server died under us: this move was not acknowledged
                if resp.status != 200:
                    errors.append((resp.status, body[:200]))
                    return
                acknowledged[i].append(pos)
        finally:
            conn.close()

    threads = [threading.Thread(target=player, args=(i,)) for i in range(players)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while sum(map(len, acknowledged)) < 60 and time.monotonic() < deadline:
        time.sleep(0.02)
    c.kill(signal.SIGKILL)  # the whole process group: master and workers, mid-request
    stop.set()
    for t in threads:
        t.join(60)
    assert errors == []  # every answer before the kill was a 200
    total = sum(map(len, acknowledged))
    assert total >= 60, f"only {total} moves acknowledged before the kill"
    for i, game in enumerate(games):
        status, shown = Client(a.url).call("GET", f"/api/games/{game['id']}")
        assert status == 200
        stored = [x["pos"] for x in shown["actions"]]
        assert stored[:len(acknowledged[i])] == acknowledged[i]  # nothing acknowledged lost
        assert len(stored) - len(acknowledged[i]) in (0, 1)    # at most the move in flight
        assert shown["plies"] == len(stored)
        assert shown["view"] == Game.restore("go", shown["options"], shown["actions"]).view
        status, moved = Client(a.url, game["secrets"]["b"]).call(
            "POST", f"/api/games/{game['id']}/actions", {"action": {"kind": "pass"}})
        assert status == 200 and moved["plies"] == len(stored) + 1


# ---- two people, two browsers, two servers ---------------------------------------------


def point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def seen_within(page, selector, seconds):
    started = time.monotonic()
    page.wait_for_function("s => document.querySelectorAll(s).length === 1", arg=selector,
                           timeout=seconds * 1000 + 2000)
    return time.monotonic() - started


@pytest.mark.browser
def test_two_browsers_on_two_servers_play_one_go_game_live(browser, two_servers):
    sync_api = pytest.importorskip("playwright.sync_api")
    expect = sync_api.expect
    a, b = two_servers
    game = new_game(a, 9, hold=["b"])
    black = open_page(browser, a)
    black.context.add_init_script(
        "localStorage.setItem('tablero.seats', JSON.stringify(%s));"
        % json.dumps({game["id"]: game["secrets"]}))
    black.goto(f"/go/{game['id']}")
    expect(black.locator(".tb-seats")).to_contain_text("You play: Black")
    white = open_page(browser, b)  # the friend's invitation link, opened on server B
    white.goto(game["invitations"]["w"])
    expect(white.locator(".tb-seats")).to_contain_text("You play: White")
    expect(black.locator('.tb-presence[data-seat="w"]')).to_contain_text("is here")
    try:
        for mover, watcher, (row, col) in [(black, white, (4, 4)), (white, black, (2, 6)),
                                           (black, white, (6, 2)), (white, black, (2, 2))]:
            mover.click(point(row, col))
            expect(mover.locator(f"{point(row, col)} .stone")).to_have_count(1)
            seen_within(watcher, f"{point(row, col)} .stone", 3)  # by the stream alone
        expect(black.locator("#to-move")).to_have_text("Black")
        for server in (a, b):
            status, shown = call(server, "GET", f"/api/games/{game['id']}")
            assert shown["plies"] == 4
        assert black.errors == [] and white.errors == []
    finally:
        black.context.close()
        white.context.close()
