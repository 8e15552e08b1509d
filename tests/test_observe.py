"""Watching the server: request ids, the access log, /healthz and Prometheus metrics, also
against `tablero serve` with two workers."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from tests.conftest import ROOT, free_port

H = {"Origin": "http://localhost"}


def new_go(client):
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9}}, headers=H)
    assert resp.status_code == 201
    return resp.json["id"], next(iter(resp.json["secrets"].values()))


def test_every_answer_carries_a_request_id(client):
    mine = client.get("/api/games", headers={"X-Request-ID": "class-7.probe_1"})
    assert mine.headers["X-Request-ID"] == "class-7.probe_1"
    made = client.get("/api/games", headers={"X-Request-ID": "no spaces; or <html>"})
    assert re.fullmatch(r"[0-9a-f]{16}", made.headers["X-Request-ID"])
    page = client.get("/")
    assert page.headers["X-Request-ID"]
    page.close()
    err = client.get("/api/games/nosuchgame")
    assert err.status_code == 404 and err.headers["X-Request-ID"]


def test_healthz_names_each_check(client):
    resp = client.get("/healthz")
    assert resp.status_code == 200
    assert resp.json["status"] == "ok"
    assert resp.json["checks"] == {"process": "ok", "database": "ok", "prolog": "ok"}
    assert resp.headers["Cache-Control"] == "no-store"


def test_healthz_says_which_check_failed(app, tmp_path, monkeypatch):
    from app import db_sqlite

    #  A read looks at the file at most once a second (CHECK_EVERY): here, at every read.
    monkeypatch.setattr(db_sqlite, "CHECK_EVERY", 0.0)
    client = app.test_client()
    assert client.get("/healthz").status_code == 200
    db = Path(app.config["DATABASE"])
    db.rename(tmp_path / "moved")          # the database file vanished under the server
    try:
        resp = client.get("/healthz")
    finally:
        (tmp_path / "moved").rename(db)
    assert resp.status_code == 503, resp.json
    assert resp.json["status"] == "failing"
    assert resp.json["checks"]["database"].startswith("failed")
    assert resp.json["checks"]["prolog"] == "ok"


def metric(text: str, name: str, **labels) -> float:
    total = 0.0
    for line in text.splitlines():
        if not line.startswith(name):
            continue
        head, _, value = line.rpartition(" ")
        if head.split("{")[0] != name:
            continue
        if all(f'{k}="{v}"' in head for k, v in labels.items()):
            total += float(value)
    return total


def test_metrics_count_requests_and_moves(client):
    before = client.get("/metrics").data.decode()
    gid, secret = new_go(client)
    moved = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "move",
                                                                      "pos": [2, 2]}},
                        headers={**H, "Authorization": f"Bearer {secret}"})
    assert moved.status_code == 200
    refused = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "move",
                                                                        "pos": [2, 2]}},
                          headers={**H, "Authorization": f"Bearer {secret}"})
    assert refused.status_code == 409
    after = client.get("/metrics")
    assert after.mimetype == "text/plain"
    text = after.data.decode()
    route = "/api/games/<game_id>/actions"
    assert metric(text, "tablero_requests_total", route=route, status="200") \
        == metric(before, "tablero_requests_total", route=route, status="200") + 1
    assert metric(text, "tablero_requests_total", route=route, status="409") \
        == metric(before, "tablero_requests_total", route=route, status="409") + 1
    assert metric(text, "tablero_move_seconds_count", game="go") \
        == metric(before, "tablero_move_seconds_count", game="go") + 2
    assert metric(text, "tablero_worker_rss_bytes") > 10 << 20
    # What this process's Prolog holds: its atoms (the rules' own are thousands) and stacks.
    assert metric(text, "tablero_prolog_atoms") > 5000
    assert metric(text, "tablero_prolog_stack_bytes") > 64 << 10


def test_a_server_with_two_workers_logs_and_sums_them(tmp_path):
    port = free_port()
    tablero = Path(sys.executable).with_name("tablero")
    log = open(tmp_path / "out.log", "wb")
    proc = subprocess.Popen([str(tablero), "serve", "--port", str(port), "--workers", "2"],
                            env={**os.environ, "TABLERO_DB": str(tmp_path / "t.db")},
                            cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 40
        while True:
            try:
                urllib.request.urlopen(url + "/healthz", timeout=2).read()
                break
            except OSError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.2)
        pids = set()
        for i in range(40):
            req = urllib.request.Request(url + "/healthz", headers={"X-Request-ID": f"p{i}"})
            with urllib.request.urlopen(req, timeout=10) as resp:
                assert resp.headers["X-Request-ID"] == f"p{i}"
                pids.add(__import__("json").loads(resp.read())["pid"])
            urllib.request.urlopen(url + "/api/games", timeout=10).read()
        text = urllib.request.urlopen(url + "/metrics", timeout=10).read().decode()
        # Every worker's answers are in the sum, whichever worker was asked.
        assert metric(text, "tablero_requests_total", route="/api/games", method="GET") >= 40
        rss = [line for line in text.splitlines() if line.startswith("tablero_worker_rss")]
        assert len(rss) == 2, rss
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(timeout=30)
        log.close()
    out = (tmp_path / "out.log").read_text()
    assert '"GET /healthz HTTP/1.1" 200' in out and "rid=p7" in out
    assert "Failed to stop Prolog threads" not in out
    assert "Worker exiting" in out


def test_open_streams_are_counted_across_workers(live_server):
    """tablero_open_streams sums the streams open on every worker, and falls when they
    close."""
    import json
    import socket

    url = live_server.url
    req = urllib.request.Request(url + "/api/games", data=json.dumps(
        {"game": "go", "options": {"size": 9}}).encode(), method="POST",
        headers={"Content-Type": "application/json", "Origin": url})
    gid = json.loads(urllib.request.urlopen(req, timeout=10).read())["id"]

    def open_streams() -> float:
        text = urllib.request.urlopen(url + "/metrics", timeout=10).read().decode()
        return metric(text, "tablero_open_streams")

    assert open_streams() == 0
    socks = []
    for _ in range(6):
        s = socket.create_connection(("127.0.0.1", live_server.port), timeout=10)
        s.sendall(f"GET /api/games/{gid}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode())
        assert b"200" in s.recv(64)
        socks.append(s)
    deadline = time.monotonic() + 10
    while open_streams() != 6:
        assert time.monotonic() < deadline
        time.sleep(0.1)
    for s in socks:
        s.close()
    deadline = time.monotonic() + 10
    while open_streams() != 0:
        assert time.monotonic() < deadline
        time.sleep(0.1)
