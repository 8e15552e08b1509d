"""docs/nginx/tablero.conf, as shipped (only its ports changed), in front of two app
servers on one database: games are played through it, a move made through one server
reaches a stream open through the other at once (unbuffered), and the app servers tell
clients apart behind it (TABLERO_PROXIES)."""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import ROOT, LiveServer, free_port

CONF = ROOT / "docs" / "nginx" / "tablero.conf"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"

pytestmark = pytest.mark.skipif(not Path(NGINX).exists(),
                                reason="nginx is installed by scripts/setup.sh for the tests")


def nginx_conf(tmp: Path, port: int, upstreams: list[int]) -> Path:
    text = CONF.read_text()
    servers = "".join(f"    server 127.0.0.1:{p} max_fails=0;\n" for p in upstreams)
    text, n = re.subn(r"(    server 127\.0\.0\.1:\d+ max_fails=0;\n)+", servers, text)
    assert n == 1
    text, n = re.subn(r"listen 8080;", f"listen 127.0.0.1:{port};", text)
    assert n == 1
    main = tmp / "nginx.conf"
    main.write_text(f"""
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
{'user root;' if __import__('os').geteuid() == 0 else ''}
events {{ worker_connections 1024; }}
http {{
    access_log {tmp}/access.log;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    include {tmp}/tablero.conf;
}}
""")
    (tmp / "tablero.conf").write_text(text)
    return main


class Nginx:
    def __init__(self, tmp: Path, upstreams: list[int]):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        conf = nginx_conf(tmp, self.port, upstreams)
        check = subprocess.run([NGINX, "-t", "-p", str(tmp), "-c", str(conf)],
                               capture_output=True, text=True)
        assert check.returncode == 0, check.stderr
        self.proc = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(conf)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline and self.proc.poll() is None
                time.sleep(0.1)

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=20)


@pytest.fixture
def behind_nginx(tmp_path):
    db = tmp_path / "shared.db"
    servers = [LiveServer(db, workers=1, args=("--proxies", "127.0.0.1",
                                               "--client-streams", "2")).start()
               for _ in range(2)]
    proxy = Nginx(tmp_path, [s.port for s in servers])
    yield proxy, servers
    proxy.stop()
    for s in servers:
        s.kill(15)


def call(url: str, path: str, body=None, secret=None, source: str | None = None):
    headers = {"Origin": url}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    req = urllib.request.Request(url + path, method="POST" if body is not None else "GET",
                                 data=json.dumps(body).encode() if body is not None else None,
                                 headers=headers)
    with urllib.request.urlopen(req, timeout=20) as resp:
        return resp.status, dict(resp.headers), json.loads(resp.read())


def open_stream(port: int, path: str, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=20,
                                 source_address=(source, 0))
    s.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
              f"Accept: text/event-stream\r\n\r\n".encode())
    return s


def read_until(s: socket.socket, needle: bytes, seconds: float = 10) -> bytes:
    got, deadline = b"", time.monotonic() + seconds
    while needle not in got:
        s.settimeout(max(0.05, deadline - time.monotonic()))
        try:
            chunk = s.recv(65536)
        except socket.timeout:
            break
        if not chunk:
            break
        got += chunk
    return got


def test_a_game_played_through_nginx_reaches_every_stream(behind_nginx):
    proxy, servers = behind_nginx
    status, headers, made = call(proxy.url, "/api/games", {"game": "go",
                                                           "options": {"size": 9}})
    assert status == 201 and re.fullmatch(r"[0-9a-f]{32}", headers["X-Request-ID"])
    gid, secret = made["id"], next(iter(made["secrets"].values()))
    # Two watchers through nginx: round robin puts them on both app servers.
    streams = [open_stream(proxy.port, f"/api/games/{gid}/events") for _ in range(2)]
    for s in streams:
        head = read_until(s, b"event: game")
        assert b"200 OK" in head and b"event: game" in head
    for ply, pos in enumerate(([2, 2], [6, 6], [2, 6], [6, 2]), start=1):
        status, _, moved = call(proxy.url, f"/api/games/{gid}/actions",
                                {"action": {"kind": "move", "pos": pos}}, secret)
        assert status == 200 and moved["plies"] == ply
        for s in streams:           # unbuffered: each event arrives by itself
            assert f'"plies":{ply}'.encode() in read_until(s, f'"plies":{ply}'.encode())
    for s in streams:
        s.close()
    # Both app servers answered through nginx.
    assert all(json.loads(urllib.request.urlopen(s.url + "/healthz").read())["status"] == "ok"
               for s in servers)


def test_behind_nginx_each_client_has_its_own_caps(tmp_path):
    """One app server with --client-streams 2 behind nginx: the app counts each client by
    the X-Forwarded-For nginx adds, so a second client still gets streams when the first
    used its two."""
    server = LiveServer(tmp_path / "one.db", workers=1,
                        args=("--proxies", "127.0.0.1", "--client-streams", "2")).start()
    proxy = Nginx(tmp_path, [server.port])
    try:
        _, _, made = call(proxy.url, "/api/games", {"game": "go", "options": {"size": 9}})
        path = f"/api/games/{made['id']}/events"
        first = [open_stream(proxy.port, path, "127.0.0.1") for _ in range(2)]
        assert all(b"200 OK" in read_until(s, b"event: game") for s in first)
        refused = open_stream(proxy.port, path, "127.0.0.1")
        answer = read_until(refused, b"}", 10)
        assert b"503" in answer and b"too_many_streams" in answer
        other = open_stream(proxy.port, path, "127.0.0.2")
        assert b"200 OK" in read_until(other, b"event: game")
        for s in (*first, refused, other):
            s.close()
    finally:
        proxy.stop()
        server.kill(15)
