"""No client can hold the server (issue 19, part 3), against a real `tablero serve` with
two workers (app/serving.py): per-address caps on connections and streams, a total
deadline for reading a request, 503 JSON at once when every request thread is busy, open
streams that hold no request thread, streams ended cleanly at shutdown, and a page that
waits and says so when its stream is refused.

Outcomes only, no timings (a shared 2-core machine): bench/stall.py measures the latency."""

from __future__ import annotations

import http.client
import json
import selectors
import socket
import threading
import time
from types import SimpleNamespace

import pytest

from .conftest import LiveServer, open_page
from .test_live import Stream, call


def server(tmp_path, *args, workers=2) -> LiveServer:
    return LiveServer(tmp_path / "stall.db", workers=workers, args=args).start()


def request_from(source: str, port: int, method: str, path: str, body=None,
                 headers: dict | None = None) -> tuple[int, dict, dict]:
    """One request from the local address `source` (127.0.0.x): status, JSON, headers."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30,
                                      source_address=(source, 0))
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers={"Content-Type": "application/json", **(headers or {})})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null"), dict(resp.getheaders())
    finally:
        conn.close()


def answered(sock: socket.socket, wait: float) -> bytes | None:
    """What the server sent on `sock` within `wait` seconds (b"": it closed), or None."""
    sock.settimeout(wait)
    try:
        return sock.recv(65536)
    except TimeoutError:
        return None
    except ConnectionResetError:
        return b""


def answered_together(socks: list[socket.socket], wait: float) -> list:
    """[(sock, what answered() says of it)] for sockets all given the same `wait` seconds,
    counted from now."""
    got: dict[socket.socket, bytes | None] = {}
    with selectors.DefaultSelector() as selector:
        for sock in socks:
            selector.register(sock, selectors.EVENT_READ)
        deadline = time.monotonic() + wait
        while len(got) < len(socks) and (left := deadline - time.monotonic()) > 0:
            for key, _ in selector.select(left):
                got[key.fileobj] = answered(key.fileobj, 0.1)
                selector.unregister(key.fileobj)
    return [(sock, got.get(sock)) for sock in socks]


def new_go_game(port: int) -> dict:
    status, game = call_port(port, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    assert status == 201
    return game


def call_port(port, method, path, body=None, secret=None):
    """tests/test_live.py's call, on a port: (status, JSON)."""
    return call(SimpleNamespace(port=port), method, path, body, secret)


def test_a_client_over_its_connection_cap_is_refused_while_another_address_is_served(tmp_path):
    live = server(tmp_path, "--client-connections", "4", "--header-timeout", "120")
    held, refused = [], 0
    try:
        #  Idle connections from 127.0.0.1 until both workers hold their 4: a held one hears
        #  nothing, one over the cap is answered 503 at once.  As many are opened at a time
        #  as are still missing, and their half second is waited out together.
        for _ in range(50):
            batch = [socket.create_connection(("127.0.0.1", live.port))
                     for _ in range(8 - len(held))]
            for sock, got in answered_together(batch, 0.5):
                if got is None:
                    held.append(sock)
                else:
                    refused += 1
                    assert got == b"" or got.startswith(b"HTTP/1.1 503")
                    sock.close()
            if len(held) == 8:
                break
        assert len(held) == 8  # 4 per worker
        #  Both workers are full: every further connection from this address is refused
        #  (the first 8 may all have been held, when the kernel shared them out evenly).
        for _ in range(4):
            sock = socket.create_connection(("127.0.0.1", live.port))
            got = answered(sock, 5.0)
            sock.close()
            assert got is not None and (got == b"" or got.startswith(b"HTTP/1.1 503")), got
            refused += 1
        assert refused >= 4

        status, body, headers = request_from("127.0.0.1", live.port, "GET", "/api/games")
        assert status == 503
        assert body["error"]["code"] == "too_many_connections" and body["error"]["message"]
        assert headers["Content-Type"] == "application/json" and "Retry-After" in headers

        status, body, _ = request_from("127.0.0.2", live.port, "GET", "/api/games")
        assert status == 200 and "available" in body

        for sock in held[:4]:  # a connection given back is a place for the client again
            sock.close()
        for _ in range(50):
            status, body, _ = request_from("127.0.0.1", live.port, "GET", "/api/games")
            if status == 200:
                break
        assert status == 200
    finally:
        for sock in held:
            sock.close()
        live.kill(15)


def test_a_slow_header_client_is_dropped_after_the_deadline(tmp_path):
    live = server(tmp_path, "--header-timeout", "2")
    try:
        sock = socket.create_connection(("127.0.0.1", live.port))
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        lines, end = 0, None
        while lines < 60:  # a header line every half second: 30 s of them at most
            end = answered(sock, 0.5)
            if end is not None:
                break
            try:
                sock.sendall(b"X-Slow-%d: still coming\r\n" % lines)
            except OSError:  # the server closed already
                end = b""
                break
            lines += 1
        sock.close()
        assert end is not None, "the server still reads a request that never ends"
        assert lines > 1  # the client did send lines for a while: a deadline, not a refusal
        if end:  # the server says why before it closes
            assert end.startswith(b"HTTP/1.1 408")
            assert json.loads(end.split(b"\r\n\r\n", 1)[1])["error"]["code"] == "request_timeout"

        #  A request that comes in whole is answered as ever.
        status, body, _ = request_from("127.0.0.1", live.port, "GET", "/api/games")
        assert status == 200
    finally:
        live.kill(15)


def test_a_full_server_answers_503_json_at_once(tmp_path):
    live = server(tmp_path, "--threads", "4")  # 2 workers x 4 request threads
    try:
        games = []
        for _ in range(24):
            status, game = call_port(live.port, "POST", "/api/games",
                                     {"game": "molinolog",
                                      "options": {"black": "machine", "white": "machine",
                                                  "depth": 5}})
            assert status == 201
            games.append(game["id"])
        answers: list[tuple[int, dict, dict]] = []
        lock = threading.Lock()

        def machine(game_id: str) -> None:
            got = request_from("127.0.0.1", live.port, "POST", f"/api/games/{game_id}/machine", {})
            with lock:
                answers.append(got)

        threads = [threading.Thread(target=machine, args=(g,)) for g in games]
        for t in threads:  # each worker's searches wait for its one Prolog thread
            t.start()
        plain = request_from("127.0.0.1", live.port, "GET", "/api/games")
        for t in threads:
            t.join(120)
        assert len(answers) == len(games)
        statuses = sorted(status for status, _, _ in answers)
        assert set(statuses) <= {200, 503}, statuses
        busy = [(body, headers) for status, body, headers in answers if status == 503]
        assert busy, "every request was queued: none was refused"
        for body, headers in busy:
            # Refused by the full server (no request thread free), or by the machine pool
            # (every search process busy past MACHINE_WAIT): both at once, both JSON.
            assert body["error"]["code"] in ("server_busy", "machines_busy"), body
            assert body["error"]["message"]
            assert headers["Content-Type"] == "application/json"
            assert int(headers["Retry-After"]) >= 1
        assert 200 in statuses  # and the requests that had a thread were answered
        assert plain[0] in (200, 503)  # a plain read while full: answered, either way
        if plain[0] == 503:
            assert plain[1]["error"]["code"] == "server_busy"
    finally:
        live.kill(15)


def test_open_streams_hold_no_request_thread(tmp_path):
    live = server(tmp_path, "--threads", "4")  # 8 request threads in all
    streams = []
    try:
        game = new_go_game(live.port)
        streams = [Stream(live.port, game["id"]) for _ in range(24)]
        for s in streams:
            assert s.wait_for(0, timeout=30) is not None
        status, _ = call_port(live.port, "GET", "/api/games")
        assert status == 200
        status, reply = call_port(live.port, "POST", f"/api/games/{game['id']}/actions",
                                  {"action": {"kind": "move", "pos": [4, 4]}, "revision": 0},
                                  game["secrets"]["b"])
        assert status == 200
        for s in streams:
            got = s.wait_for(1, timeout=30)
            assert got is not None and got[1]["view"] == reply["view"]
    finally:
        for s in streams:
            s.close()
        live.kill(15)


def test_a_client_over_its_stream_cap_is_refused_while_another_address_is_served(tmp_path):
    live = server(tmp_path, "--client-streams", "2")
    opened = []
    try:
        game = new_go_game(live.port)
        refusals = []
        for _ in range(12):
            conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
            conn.request("GET", f"/api/games/{game['id']}/events")
            resp = conn.getresponse()
            if resp.status == 200:
                opened.append((conn, resp))
            else:
                refusals.append((resp.status, json.loads(resp.read()), resp.getheader("Retry-After")))
                conn.close()
        assert 1 <= len(opened) <= 4  # 2 per worker at most
        assert refusals
        for status, body, retry in refusals:
            assert status == 503 and body["error"]["code"] == "too_many_streams" and retry

        conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30,
                                          source_address=("127.0.0.2", 0))
        conn.request("GET", f"/api/games/{game['id']}/events")
        resp = conn.getresponse()
        assert resp.status == 200 and resp.getheader("Content-Type").startswith("text/event-stream")
        opened.append((conn, resp))
    finally:
        for conn, _ in opened:
            conn.sock and conn.sock.shutdown(socket.SHUT_RDWR)
            conn.close()
        live.kill(15)


def test_a_stream_open_at_shutdown_is_ended_cleanly(tmp_path):
    live = server(tmp_path)
    game = new_go_game(live.port)
    conn = http.client.HTTPConnection("127.0.0.1", live.port, timeout=30)
    conn.request("GET", f"/api/games/{game['id']}/events",
                 headers={"Authorization": f"Bearer {game['secrets']['b']}"})
    resp = conn.getresponse()
    assert resp.status == 200
    assert resp.readline().startswith(b"id: 0")
    live.kill(15)
    rest = resp.read()  # the whole answer, to its end: no IncompleteRead, no reset
    assert b"event: presence" in rest
    conn.close()


# ---- the page: a stream refused with 503 -------------------------------------------------


@pytest.mark.browser
def test_a_page_whose_stream_is_refused_says_so_and_follows_later(tmp_path, browser):
    sync_api = pytest.importorskip("playwright.sync_api")
    live = server(tmp_path, "--client-streams", "1", workers=1)
    game = new_go_game(live.port)
    holder = Stream(live.port, game["id"])  # this address's one stream
    page = open_page(browser, live)
    try:
        page.goto(f"/go/{game['id']}")
        sync_api.expect(page.locator(".tb-live")).to_be_visible(timeout=15000)
        sync_api.expect(page.locator(".tb-live")).to_contain_text("The server is busy")
        holder.close()
        sync_api.expect(page.locator(".tb-live")).to_be_hidden(timeout=30000)
        status, _ = call_port(live.port, "POST", f"/api/games/{game['id']}/actions",
                              {"action": {"kind": "move", "pos": [4, 4]}, "revision": 0},
                              game["secrets"]["b"])
        assert status == 200
        #  (not a string wait_for_function: the page's CSP forbids evaluating strings)
        sync_api.expect(page.locator("body")).to_have_attribute("data-revision", "1",
                                                                timeout=15000)
        assert page.errors == []
    finally:
        page.context.close()
        live.kill(15)
