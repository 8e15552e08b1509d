"""Machine searches off the request path (app/machine_pool.py, prolog/tablero/search.pl).

A machine's turn is searched by a `swipl` process of the worker's pool and played by the
worker's own Prolog: the four games' machine moves go through it with the panel's
"machine: ..." goal first; a search past its budget is 504 machine_timeout and plays
nothing; a full pool is 503 machines_busy with Retry-After; and a person's move on the same
worker is answered while a search is in flight (its process stopped with SIGSTOP, so the
search is known to be running: no timing thresholds).
"""

from __future__ import annotations

import fcntl
import json
import os
import signal
import struct
import termios
import threading
import time
from pathlib import Path

import pytest

from app import create_app, machine_pool

from .conftest import LiveServer
from .http import Client

#  For each game: options of a game whose first turn is a machine seat's.
MACHINE_FIRST = {
    "go": {"size": 9, "black": "machine", "white": "human"},
    "molinolog": {"size": 2, "black": "machine", "white": "human"},
    "gorogo": {"black": "machine", "white": "machine", "depth": 2},
    "azul": {"players": ["greedy", "human"], "seed": 7},
}


def make_app(tmp_path, **config):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "pool.db"), **config})


def create(client, game, options):
    resp = client.post("/api/games", json={"game": game, "options": options})
    assert resp.status_code == 201, resp.json
    return resp.json


@pytest.mark.parametrize("game", list(MACHINE_FIRST))
def test_a_machine_move_is_searched_by_the_pool_and_played_by_the_rules(tmp_path, game):
    app = make_app(tmp_path, MACHINE_WORKERS=2)
    client = app.test_client()
    machines = machine_pool.pool(app)
    answered = machines.answered
    g = create(client, game, MACHINE_FIRST[game])
    assert g["view"]["machine_to_move"] is True
    resp = client.post(f"/api/games/{g['id']}/machine", json={"revision": g["revision"]})
    assert resp.status_code == 200, resp.json
    assert machines.answered == answered + 1          # the pool's process chose it
    reply = resp.json
    assert reply["view"]["last"]["player"] == g["view"]["to_move"]
    assert reply["plies"] == 1 and reply["revision"] > g["revision"]
    first = reply["explain"][0]
    assert first["query"].startswith("machine")       # the search's goal, as the panel shows
    assert first["answer"]
    if game == "go":
        assert "[seed(" in first["query"] and first["query"].startswith(
            "machine: go_machine_action(")
    stored = client.get(f"/api/games/{g['id']}").json
    assert stored["actions"][-1] == reply["action"]
    assert stored["view"] == reply["view"]


def test_the_pool_refuses_what_the_rules_refuse(tmp_path):
    app = make_app(tmp_path, MACHINE_WORKERS=2)
    client = app.test_client()
    g = create(client, "go", {"size": 9})  # two people: no machine seat
    resp = client.post(f"/api/games/{g['id']}/machine", json={})
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"


def test_without_a_pool_the_worker_searches_itself(tmp_path):
    app = make_app(tmp_path, MACHINE_WORKERS=0)
    assert machine_pool.pool(app) is None
    client = app.test_client()
    g = create(client, "molinolog", MACHINE_FIRST["molinolog"])
    resp = client.post(f"/api/games/{g['id']}/machine", json={})
    assert resp.status_code == 200 and resp.json["explain"][0]["query"].startswith("machine")


def test_the_searches_of_a_pool_weigh_together_as_one_session(tmp_path):
    """Each search process leads a session of its own at the machine niceness (10 more
    than the worker's), and
    where Linux shares the CPU between sessions first (autogroup), each session of a pool
    of 8 is at niceness 9: 8 x 1024/1.25**9 is about the one session of a worker."""
    assert [machine_pool.session_nice(n) for n in (1, 2, 4, 8, 100)] == [0, 3, 6, 9, 19]
    assert machine_pool.session_nice(8, "0") == 0 and machine_pool.session_nice(2, "12") == 12
    app = make_app(tmp_path, MACHINE_WORKERS=8)
    machines = machine_pool.pool(app)
    taken = [machines.take(), machines.take()]
    try:
        for searcher in taken:
            assert os.getsid(searcher.pid) == searcher.pid != os.getsid(0)
            assert os.getpriority(os.PRIO_PROCESS, searcher.pid) == min(
                19, os.getpriority(os.PRIO_PROCESS, 0) + int(machine_pool.NICE))
            autogroup = Path(f"/proc/{searcher.pid}/autogroup")
            if autogroup.exists() and machine_pool.SESSION_NICE == "auto":
                assert autogroup.read_text().split()[-2:] == ["nice", "9"]
    finally:
        for searcher in taken:
            machines.give(searcher)


def test_a_search_past_its_budget_is_504_and_changes_nothing(tmp_path):
    """A search process that does not answer within the budget (stopped here) is killed:
    504 machine_timeout, JSON, nothing played; the next turn gets a new process."""
    app = make_app(tmp_path, MACHINE_WORKERS=1, MACHINE_WAIT=0.5, MACHINE_TIMEOUT=1.0)
    client = app.test_client()
    machines = machine_pool.pool(app)
    g = create(client, "molinolog", MACHINE_FIRST["molinolog"])
    searcher = machines.take()                         # started now, and idle
    machines.give(searcher)
    killed = machines.killed
    os.kill(searcher.pid, signal.SIGSTOP)
    try:
        resp = client.post(f"/api/games/{g['id']}/machine", json={"revision": g["revision"]})
    finally:
        if searcher.alive:
            os.kill(searcher.pid, signal.SIGCONT)
    assert resp.status_code == 504 and resp.is_json
    assert resp.json["error"]["code"] == "machine_timeout"
    assert not searcher.alive and machines.killed == killed + 1
    after = client.get(f"/api/games/{g['id']}").json
    assert after["revision"] == g["revision"] and after["plies"] == 0
    assert after["view"]["machine_to_move"] is True
    resp = client.post(f"/api/games/{g['id']}/machine", json={"revision": g["revision"]})
    assert resp.status_code == 200, resp.json


def test_a_search_that_stops_itself_at_the_budget_is_504(tmp_path):
    """Go's 9x9 search takes longer than 50 ms: the search process stops it (and stays)."""
    app = make_app(tmp_path, MACHINE_WORKERS=1, MACHINE_WAIT=0.5, MACHINE_TIMEOUT=0.05)
    client = app.test_client()
    machines = machine_pool.pool(app)
    g = create(client, "go", MACHINE_FIRST["go"])
    machines.give(machines.take())                     # started beforehand
    killed = machines.killed
    resp = client.post(f"/api/games/{g['id']}/machine", json={})
    assert resp.status_code == 504 and resp.json["error"]["code"] == "machine_timeout"
    assert machines.killed == killed
    assert client.get(f"/api/games/{g['id']}").json["plies"] == 0


def test_a_full_pool_answers_503_with_retry_after(tmp_path):
    app = make_app(tmp_path, MACHINE_WORKERS=1, MACHINE_WAIT=0.2)
    client = app.test_client()
    machines = machine_pool.pool(app)
    g = create(client, "gorogo", MACHINE_FIRST["gorogo"])
    held = machines.take()                             # the only process, busy elsewhere
    try:
        resp = client.post(f"/api/games/{g['id']}/machine", json={})
    finally:
        machines.give(held)
    assert resp.status_code == 503 and resp.is_json
    assert resp.json["error"]["code"] == "machines_busy"
    assert int(resp.headers["Retry-After"]) >= 1
    assert client.get(f"/api/games/{g['id']}").json["plies"] == 0
    resp = client.post(f"/api/games/{g['id']}/machine", json={})  # free again
    assert resp.status_code == 200, resp.json


# ---- a live server: a person's move while a search runs on the same worker ---------------


def descendants(pid: int) -> list[int]:
    parents = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            parents[int(entry.name)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        children = [p for p, pp in parents.items() if pp == parent]
        found += children
        todo += children
    return found


def searchers(server: LiveServer) -> list[int]:
    pids = []
    for pid in descendants(server.proc.pid):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"tablero_search:search_main" in cmdline and b"swipl" in cmdline.split(b"\0")[0]:
            pids.append(pid)
    return pids


def waits(server: LiveServer) -> dict:
    """Where each thread of the server's processes waits (its kernel wait channel, by
    process and state), for a failure to say where a request stuck."""
    found = {}
    for pid in [server.proc.pid, *descendants(server.proc.pid)]:
        try:
            name = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[:3]
            for task in Path(f"/proc/{pid}/task").iterdir():
                state = (task / "stat").read_text().rsplit(")", 1)[1].split()[0]
                key = (pid, b" ".join(name).decode(errors="replace")[:60])
                found.setdefault(key, []).append(f"{state}:{(task / 'wchan').read_text()}")
        except OSError:
            continue
    return found


def waiting_input(pid: int) -> int:
    """Bytes written to the process's standard input (a pipe) that it has not read yet."""
    fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NONBLOCK)
    try:
        return struct.unpack("i", fcntl.ioctl(fd, termios.FIONREAD, b"\0\0\0\0"))[0]
    finally:
        os.close(fd)


def test_a_human_move_is_answered_while_a_search_runs_on_the_same_worker(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setenv("TABLERO_MACHINE_TIMEOUT", "120")
    server = LiveServer(tmp_path / "live.db", workers=1,
                        args=("--machine-workers", "1")).start()
    try:
        client = Client(server.url)
        status, g = client.call("POST", "/api/games", {"game": "go", "options": {
            "size": 9, "black": "machine", "white": "machine"}})
        assert status == 201
        machine = Client(server.url, g["secrets"].get("b") if g.get("secrets") else None)
        status, first = machine.call("POST", f"/api/games/{g['id']}/machine", {})
        assert status == 200, first                     # the pool's process is started
        [pid] = searchers(server)
        os.kill(pid, signal.SIGSTOP)                    # its next search cannot end
        answer = {}
        thread = threading.Thread(target=lambda: answer.update(
            reply=machine.call("POST", f"/api/games/{g['id']}/machine", {})))
        try:
            thread.start()
            waited = time.monotonic()
            while waiting_input(pid) == 0:              # the search request is in its input
                assert thread.is_alive(), answer
                # (once, in a full run at load 20, the request never reached it: say where)
                if time.monotonic() - waited > 30:
                    states = [(p, Path(f"/proc/{p}/stat").read_text().split()[2])
                              for p in searchers(server)]
                    pytest.fail(f"no request in {pid}'s input after 30 s; searchers {states}; "
                                f"where the server's threads wait: {waits(server)}")
                thread.join(0.02)
            status, h = client.call("POST", "/api/games", {"game": "go",
                                                            "options": {"size": 9}})
            assert status == 201
            human = Client(server.url, h["secrets"]["b"])
            status, moved = human.call("POST", f"/api/games/{h['id']}/actions",
                                       {"action": {"kind": "move", "pos": [4, 4]}})
            assert status == 200, moved
            assert moved["view"]["to_move"] == "w"
            assert thread.is_alive() and waiting_input(pid) > 0   # the search still runs
        finally:
            os.kill(pid, signal.SIGCONT)
            thread.join(150)
        status, played = answer["reply"]
        assert status == 200, played
        assert played["plies"] == 2 and played["action"]["player"] == "w"
        assert played["explain"][0]["query"].startswith("machine: go_machine_action(")
    finally:
        server.kill(15)


# ---- a search process started ahead of the machine's first turn ---------------------------


def test_warm_starts_one_process_that_the_next_take_gets(tmp_path):
    """warm() starts a search process in the background; a take() made while it starts
    waits for that one instead of starting a second, and a second warm() starts nothing."""
    started = []

    def start():
        started.append(machine_pool.Searcher())
        return started[-1]

    machines = machine_pool.Pool(size=2, wait=0.1)
    machines.start = start
    try:
        machines.warm()
        machines.warm()                           # one is starting already: nothing more
        searcher = machines.take()                # waits for it, past `wait` (0.1 s)
        assert started == [searcher] and searcher.alive
        reply = searcher.ask({"game": "molinolog", "options": json.dumps(MACHINE_FIRST["molinolog"]),
                              "actions": "[]", "limit": 10}, time.monotonic() + 30)
        assert reply["ok"] is True and reply["action"]["kind"] == "place"
        machines.give(searcher)
        machines.warm()                           # one is idle: nothing more
        assert machines.take() is searcher and len(started) == 1
    finally:
        machines.close()


def test_a_game_against_the_machine_has_its_search_process_before_its_first_turn(tmp_path):
    """A game started with a machine seat (its person to move first) has a search process
    of the worker's pool started at once, before any machine turn is asked; the machine's
    first turn is then searched by that same process."""
    server = LiveServer(tmp_path / "warm.db", workers=1,
                        args=("--machine-workers", "1")).start()
    try:
        client = Client(server.url)
        status, g = client.call("POST", "/api/games", {"game": "go", "options": {
            "size": 9, "black": "human", "white": "machine"}})
        assert status == 201 and g["view"]["to_move"] == "b"
        waited = time.monotonic()
        while not searchers(server):              # started by the game's creation alone
            assert time.monotonic() - waited < 60, "no search process was started"
            time.sleep(0.05)
        [pid] = searchers(server)
        person = Client(server.url, g["secrets"]["b"])
        status, moved = person.call("POST", f"/api/games/{g['id']}/actions",
                                    {"action": {"kind": "move", "pos": [4, 4]}})
        assert status == 200, moved
        status, played = person.call("POST", f"/api/games/{g['id']}/machine", {})
        assert status == 200, played
        assert played["action"]["player"] == "w" and played["plies"] == 2
        assert searchers(server) == [pid]         # that process searched it; no other
    finally:
        server.kill(15)
