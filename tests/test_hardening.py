"""The red team's findings, one test each (issue "Play a friend", item 4: hardening).

Most run on the Flask test client (`client`); what gunicorn answers before the
application sees a request (414, 431, slow headers) runs on a live server, and
the Content-Security-Policy is checked in Chromium on the four game pages.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import time
import urllib.error
import urllib.request

import pytest

from app import storage

from .conftest import LiveServer, call, open_page


@pytest.fixture(scope="module")
def live_server(tmp_path_factory):
    """conftest's `tablero serve` (two workers), one for this module's tests: each makes
    its own games or asks what holds for any request, and closes what it opened, so none
    reads what another left (a server a test took a second or two to start and stop)."""
    server = LiveServer(tmp_path_factory.mktemp("hardening") / "live.db").start()
    yield server
    server.kill(15)


JSON = "application/json"


# ---- helpers ----------------------------------------------------------------------------


def assert_json_error(resp, status: int, code: str | None = None) -> dict:
    """The answer is `status` with a JSON body {"error": {code, message, explain: []}}."""
    assert resp.status_code == status, resp.get_data()[:300]
    assert resp.mimetype == JSON, (resp.mimetype, resp.get_data()[:300])
    error = resp.get_json()["error"]
    assert isinstance(error["code"], str) and isinstance(error["message"], str)
    assert error["explain"] == []
    if code is not None:
        assert error["code"] == code, error
    return error


def new_go_game(client) -> tuple[str, dict]:
    """A 9x9 Go game: its id, and the headers that hold its seats (if the API has seats)."""
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9}})
    assert resp.status_code == 201, resp.json
    secrets = resp.json.get("secrets") or {}
    headers = {"Authorization": f"Bearer {next(iter(secrets.values()))}"} if secrets else {}
    return resp.json["id"], headers


def get(client, path: str, **kwargs):
    """GET `path`, read in full and closed (a page is a file response: unclosed, it warns)."""
    resp = client.get(path, **kwargs)
    resp.get_data()
    resp.close()
    return resp


def play(client, gid: str, headers: dict, vertex: str):
    return client.post(f"/api/games/{gid}/actions", headers=headers,
                       json={"action": {"kind": "move", "vertex": vertex}})


def connection(app) -> sqlite3.Connection:
    """The cached SQLite connection the app uses on this thread (the test client's)."""
    with app.app_context():
        get = getattr(storage, "db", None) or storage.get_db
        return get()


def raw_http(port: int, data: bytes, timeout: float = 10) -> tuple[int, dict[str, str], bytes]:
    """Send `data` as it is; the status, headers (lower-case names) and body of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {}
    for line in lines[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return status, headers, body


def assert_raw_json_error(status, headers, body, expected: int, code: str) -> None:
    assert status == expected, body[:300]
    assert headers.get("content-type", "").startswith(JSON), (headers, body[:300])
    error = json.loads(body)["error"]
    assert error["code"] == code and error["message"] and error["explain"] == []


# ---- 1. every /api answer is JSON, errors included ----------------------------------------


def test_unknown_api_route_is_json_404(client):
    assert_json_error(client.get("/api/no/such/route"), 404, "not_found")


def test_wrong_method_is_json_405(client):
    resp = client.delete("/api/games")
    assert_json_error(resp, 405, "method_not_allowed")
    assert "POST" in resp.headers["Allow"]


def test_body_over_max_content_length_is_json_413(client):
    body = b'{"game": "go", "options": {"pad": "' + b"x" * (70 * 1024) + b'"}}'
    assert_json_error(client.post("/api/games", data=body, content_type=JSON), 413, "too_large")


def test_unexpected_exception_is_a_generic_json_500_with_the_traceback_logged(app, client, caplog):
    secret = "/srv/secret/path: internals nobody should see"

    def boom():
        raise RuntimeError(secret)

    app.add_url_rule("/api/boom", "boom", boom)
    resp = client.get("/api/boom")
    error = assert_json_error(resp, 500, "internal_error")
    assert secret not in resp.get_data(as_text=True) and "RuntimeError" not in error["message"]
    assert any(r.exc_info and r.exc_info[0] is RuntimeError for r in caplog.records)


def test_page_errors_stay_plain_pages(client):
    resp = get(client, "/no-such-game")
    assert resp.status_code == 404 and resp.mimetype == "text/html"


# ---- 2. bad JSON is a 400 that says why, never a 5xx ---------------------------------------


@pytest.mark.parametrize("data, code, says", [
    (b"[" * 30000 + b"]" * 30000, "too_deep", "deeper than"),         # RecursionError today
    (b'{"action": ' + b'{"a": ' * 40 + b"1" + b"}" * 41, "too_deep", "deeper than"),
    (b'{"game": "go", "options": {"preset": "\\ud800"}}', "unsupported_character", "surrogate"),
    (b'{"game": "go", "options": {"\\udfff": 1}}', "unsupported_character", "surrogate"),
    ('{"game": "go", "options": {"preset": "😀"}}'.encode(), "unsupported_character",
     "Basic Multilingual Plane"),
    (b'{"game": "go", "options": {"\\ud83d\\ude00": 1}}', "unsupported_character",
     "Basic Multilingual Plane"),
    (b'{"game": "go", "options": {"preset": "\\u0000"}}', "unsupported_character", "NUL"),
    (b'{"game": "go", "options": {"komi": NaN}}', "bad_json", "NaN"),
    (b'{"game": "go", "options": {"komi": 1e999}}', "bad_json", "too large"),
    (b'{"game": "go", "game": "azul"}', "bad_json", "twice"),
    (b'{"game": "go\xff"}', "bad_json", "UTF-8"),
    (b'\xef\xbb\xbf{"game": "go"}', "bad_json", "byte order mark"),
    (b'["go"]', "bad_json", "object"),
])
def test_bad_json_is_400_with_a_reason(client, data, code, says):
    error = assert_json_error(client.post("/api/games", data=data, content_type=JSON), 400, code)
    assert says in error["message"]


@pytest.mark.parametrize("data", [
    b'"\\' * 32000,                           # quadratic for a naive string-skipping regex
    b"[" * 65000,
    b'{"a": "' + b"\\" * 65000,
    b'[' + b'{"a": [1, "x"]},' * 4000 + b"1]",
])
def test_hostile_bodies_are_answered_quickly(client, data):
    start = time.monotonic()
    assert client.post("/api/games", data=data, content_type=JSON).status_code == 400
    assert time.monotonic() - start < 5.0  # linear: ~20 ms; the quadratic scanner took 77 s


def test_nesting_up_to_the_bound_is_accepted(client):
    from app.security import MAX_DEPTH

    nested = b'{"game": "go", "x": ' + b"[" * (MAX_DEPTH - 1) + b"]" * (MAX_DEPTH - 1) + b"}"
    assert client.post("/api/games", data=nested, content_type=JSON).status_code == 201


def test_bad_characters_in_an_action_never_reach_prolog(client):
    gid, headers = new_go_game(client)
    for vertex in ("\\ud800", "\\ud83d\\ude00"):
        data = b'{"action": {"kind": "move", "vertex": "' + vertex.encode() + b'"}}'
        resp = client.post(f"/api/games/{gid}/actions", data=data, content_type=JSON,
                           headers=headers)
        assert_json_error(resp, 400, "unsupported_character")


# ---- 3. state-changing requests come from this site, as JSON -------------------------------


def games_count(app) -> int:
    return connection(app).execute("SELECT count(*) FROM games").fetchone()[0]


def test_text_plain_form_post_from_another_site_fails(app, client):
    resp = client.post("/api/games", data='{"game": "go"}', content_type="text/plain",
                       headers={"Origin": "http://evil.example", "Sec-Fetch-Site": "cross-site"})
    assert_json_error(resp, 403, "bad_origin")
    assert games_count(app) == 0


def test_body_that_is_not_json_typed_is_415(app, client):
    for content_type in ("text/plain", "application/x-www-form-urlencoded",
                         "application/json; charset=latin-1"):
        resp = client.post("/api/games", data='{"game": "go"}', content_type=content_type)
        assert_json_error(resp, 415, "unsupported_media_type")
    assert games_count(app) == 0


def test_foreign_origin_is_403(client):
    for origin in ("http://evil.example", "null", "http://localhost.evil.example"):
        resp = client.post("/api/games", json={"game": "go"}, headers={"Origin": origin})
        assert_json_error(resp, 403, "bad_origin")


def test_sec_fetch_site_cross_site_is_403(client):
    for headers in ({"Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "cross-site", "Origin": "https://evil.example"}):
        resp = client.post("/api/games", json={"game": "go"}, headers=headers)
        assert_json_error(resp, 403, "bad_origin")


def test_own_and_configured_origins_and_no_origin_are_allowed(app, client):
    app.config["ALLOWED_ORIGINS"] = "https://tablero.example, http://play.example:8080"
    for headers in ({}, {"Origin": "http://localhost"}, {"Origin": "https://tablero.example"},
                    {"Origin": "http://play.example:8080", "Sec-Fetch-Site": "cross-site"},
                    {"Sec-Fetch-Site": "same-origin"}):
        assert client.post("/api/games", json={"game": "go"}, headers=headers).status_code == 201


# ---- 4. the Host header names this server --------------------------------------------------


def test_unknown_host_is_refused(client):
    resp = client.get("/api/games", headers={"Host": "rebound.evil.example"})
    assert_json_error(resp, 400, "bad_host")
    page = get(client, "/", headers={"Host": "rebound.evil.example"})
    assert page.status_code == 400 and page.mimetype == "text/plain"


def test_known_hosts_with_any_port_and_configured_hosts_are_served(app, client):
    for host in ("localhost", "localhost:5000", "127.0.0.1:8123", "[::1]:9000"):
        assert client.get("/api/games", headers={"Host": host}).status_code == 200
    app.config["ALLOWED_HOSTS"] = "tablero.example"
    assert get(client, "/", headers={"Host": "tablero.example:8443"}).status_code == 200
    assert get(client, "/", headers={"Host": "other.example"}).status_code == 400


# ---- 5. every answer carries the security headers ------------------------------------------

SECURITY_HEADERS = ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy",
                    "X-Frame-Options")


@pytest.mark.parametrize("path", ["/", "/go", "/azul/abc", "/static/go.js", "/static/tablero.css",
                                  "/api/games", "/api/openapi.json", "/api/no/such/route",
                                  "/no-such-page"])
def test_security_headers_on_every_answer(client, path):
    resp = get(client, path)
    for name in SECURITY_HEADERS:
        assert name in resp.headers, (path, name)
    csp = resp.headers["Content-Security-Policy"]
    for directive in ("default-src 'self'", "script-src 'self'", "frame-ancestors 'none'",
                      "base-uri 'none'", "form-action 'self'", "connect-src 'self'"):
        assert directive in csp
    assert "'unsafe-inline'" not in csp.split("script-src", 1)[1].split(";")[0]
    assert resp.headers["X-Content-Type-Options"] == "nosniff"
    assert resp.headers["X-Frame-Options"] == "DENY"
    assert resp.headers["Referrer-Policy"] in ("no-referrer", "same-origin")


BOARDS = {"go": "#board", "molinolog": "#board", "gorogo": "#board", "azul": "#boards"}


@pytest.mark.browser
def test_pages_work_under_the_csp(browser, server):
    """Each page loads, starts a game from its own form and draws the board, and the
    browser reports no Content-Security-Policy violation."""
    page = open_page(browser, server)
    violations: list[str] = []
    page.on("console", lambda msg: violations.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    page.context.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => console.error("
        "'Content Security Policy violation: ' + e.violatedDirective + ' ' + e.blockedURI))")
    try:
        response = page.goto("/")
        assert "Content-Security-Policy" in response.headers.keys() or \
            "content-security-policy" in response.headers
        page.wait_for_selector("#games li")
        for game, board in BOARDS.items():
            response = page.goto(f"/{game}")
            assert "content-security-policy" in response.headers
            if not page.is_visible("#start"):
                page.click("#new-game")
            page.click("#start")
            page.wait_for_function("g => new RegExp('^/' + g + '/[^/]+$').test(location.pathname)",
                                   arg=game)
            page.wait_for_function(  # the board container got drawn content
                "s => document.querySelector(s).querySelectorAll('*').length > 3", arg=board)
        assert violations == []
        assert page.errors == []
    finally:
        page.context.close()


# ---- 6. error bodies never show Prolog goals or states ------------------------------------


def test_prolog_timeout_shows_no_goal(client, monkeypatch):
    from app import games, prolog

    def slow(*_args, **_kwargs):
        raise prolog.PrologTimeout("Prolog ran past its 20 s limit: tablero:api_text("
                                   "tablero:api_new(go, \"{}\"), Text)")

    monkeypatch.setattr(games, "call_api", slow)
    monkeypatch.setattr(games, "call_cached", slow)  # the lean path (app/games.py)
    resp = client.post("/api/games", json={"game": "go"})
    error = assert_json_error(resp, 504, "timeout")
    text = resp.get_data(as_text=True)
    assert "took too long" in error["message"]
    for internal in ("tablero:", "api_", "call_with_time_limit", "Text)", "limit:"):
        assert internal not in text


def test_prolog_error_shows_no_goal(client, monkeypatch):
    from app import games, prolog

    goal = 'tablero:api_text(tablero:api_new(go, "{}"), Text) go_state(board([...]))'

    def broken(*_args, **_kwargs):
        raise prolog.PrologError(f"Caused by: {goal}. Returned: error(type_error(dict, []))")

    monkeypatch.setattr(games, "call_api", broken)
    monkeypatch.setattr(games, "call_cached", broken)  # the lean path (app/games.py)
    resp = client.post("/api/games", json={"game": "go"})
    assert_json_error(resp, 500, "prolog_error")
    assert "tablero:" not in resp.get_data(as_text=True)
    assert "type_error" not in resp.get_data(as_text=True)


# ---- 7. a database that is away: JSON 503, nothing acknowledged ------------------------------


def test_deleted_database_refuses_writes(app, client):
    """With the file deleted under a cached connection, SQLite would go on writing into the
    unlinked file and every acknowledged write would be lost at the next start."""
    gid, headers = new_go_game(client)
    os.remove(app.config["DATABASE"])
    assert_json_error(play(client, gid, headers, "E5"), 503, "storage_unavailable")
    resp = client.post("/api/games", json={"game": "go"})
    assert_json_error(resp, 503, "storage_unavailable")
    assert_json_error(client.get(f"/api/games/{gid}"), 503, "storage_unavailable")


def test_replaced_database_refuses_writes(app, client, tmp_path):
    gid, headers = new_go_game(client)
    other = tmp_path / "other.db"
    sqlite3.connect(other).close()
    os.replace(other, app.config["DATABASE"])
    assert_json_error(play(client, gid, headers, "E5"), 503, "storage_unavailable")
    assert_json_error(client.post("/api/games", json={"game": "go"}), 503, "storage_unavailable")


@pytest.mark.parametrize("sabotage", [
    "PRAGMA query_only = 1",                  # attempt to write a readonly database
    "ALTER TABLE games RENAME TO gone",       # no such table: games
])
def test_sqlite_errors_are_503(app, client, sabotage):
    new_go_game(client)
    connection(app).execute(sabotage)
    assert_json_error(client.post("/api/games", json={"game": "go"}), 503, "storage_unavailable")


def test_full_disk_is_503_and_nothing_is_acknowledged(app, client):
    con = connection(app)
    pages = con.execute("PRAGMA page_count").fetchone()[0]
    con.execute(f"PRAGMA max_page_count = {pages}")
    created = 0
    for _ in range(200):
        resp = client.post("/api/games", json={"game": "go", "options": {"size": 19}})
        if resp.status_code != 201:
            break
        created += 1
    assert_json_error(resp, 503, "storage_unavailable")
    con.execute("PRAGMA max_page_count = 1073741823")
    assert games_count(app) == created


# ---- gunicorn: what it answers before the application sees the request --------------------


def test_gunicorn_settings_state_the_limits():
    from app.security import gunicorn_settings

    settings = gunicorn_settings()
    assert settings["limit_request_line"] <= 8190
    assert 0 < settings["limit_request_field_size"] <= 8190
    assert 0 < settings["limit_request_fields"] <= 32768


def test_request_line_too_long_is_json_414(live_server):
    request = f"GET /api/games?{'x' * 9000} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    assert_raw_json_error(*raw_http(live_server.port, request), 414, "uri_too_long")


@pytest.mark.parametrize("headers", [
    "X-Big: " + "y" * 9000 + "\r\n",
    "".join(f"X-Many-{i}: z\r\n" for i in range(150)),
])
def test_headers_too_large_are_json_431(live_server, headers):
    request = f"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n{headers}\r\n".encode()
    assert_raw_json_error(*raw_http(live_server.port, request), 431, "headers_too_large")


def test_slow_headers_do_not_hold_the_server(live_server):
    """Two sockets that trickle their headers (slowloris) must not keep a normal GET waiting:
    under sync workers each such socket held a whole worker until its 60 s timeout."""
    stop = threading.Event()
    socks = []

    def trickle(sock):
        sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        i = 0
        while not stop.wait(0.5):
            try:
                sock.sendall(f"X-Slow-{i}: x\r\n".encode())
            except OSError:
                return
            i += 1

    threads = []
    for _ in range(2):
        sock = socket.create_connection(("127.0.0.1", live_server.port), timeout=10)
        socks.append(sock)
        threads.append(threading.Thread(target=trickle, args=(sock,), daemon=True))
        threads[-1].start()
    try:
        time.sleep(1.0)  # the trickling sockets are accepted and being read
        start = time.monotonic()
        try:
            with urllib.request.urlopen(live_server.url + "/api/games", timeout=5) as resp:
                assert resp.status == 200
        except (urllib.error.URLError, TimeoutError, OSError) as exc:
            pytest.fail(f"a normal GET got no answer while two sockets trickled headers: {exc}")
        assert time.monotonic() - start < 2.0
    finally:
        stop.set()
        for sock in socks:
            sock.close()
        for thread in threads:
            thread.join(5)


def test_live_server_answers_security_headers_and_json_errors(live_server):
    """The same answers through gunicorn as through the test client."""
    try:
        call(live_server, "DELETE", "/api/games")
    except urllib.error.HTTPError as exc:
        assert exc.code == 405 and exc.headers.get_content_type() == JSON
        assert json.load(exc)["error"]["code"] == "method_not_allowed"
        assert exc.headers["X-Frame-Options"] == "DENY"
    else:
        pytest.fail("DELETE /api/games was accepted")


# ---- issue 19, part 4: undo of a finished game, undo under races, OPTIONS ---------------


def finished_go_game(client, how: str, hold: str | None = None) -> tuple[str, dict, dict]:
    """A 9x9 Go game ended by resignation or by counting: its id, the headers of each held
    seat (all of them by one secret, or `hold` and the other by its invitation)."""
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9},
                                           **({"hold": [hold]} if hold else {})})
    assert resp.status_code == 201, resp.json
    gid, secrets = resp.json["id"], dict(resp.json["secrets"])
    for seat, link in resp.json["invitations"].items():
        token = link.split("#invite=")[1].split(".", 1)[1]
        taken = client.post(f"/api/games/{gid}/seats/{seat}", json={"invitation": token})
        secrets.update(taken.json["secrets"])
    headers = {seat: {"Authorization": f"Bearer {secrets[seat]}"} for seat in ("b", "w")}
    ending = ([("b", {"kind": "move", "pos": [4, 4]}), ("w", {"kind": "resign"})]
              if how == "resigned" else
              [("b", {"kind": "move", "pos": [4, 4]}), ("w", {"kind": "pass"}),
               ("b", {"kind": "pass"}), ("b", {"kind": "accept", "player": "b"}),
               ("w", {"kind": "accept", "player": "w"})])
    for seat, action in ending:
        resp = client.post(f"/api/games/{gid}/actions", headers=headers[seat],
                           json={"action": action})
        assert resp.status_code == 200, resp.json
    assert resp.json["view"]["over"] is True and resp.json["view"]["result"]
    return gid, headers, client.get(f"/api/games/{gid}").json


@pytest.mark.parametrize("how", ["resigned", "counted"])
@pytest.mark.parametrize("body", [{}, {"accept": False}, {"accept": True}])
def test_a_finished_game_refuses_every_undo_and_changes_nothing(client, how, body):
    """{"accept": false} by the holder of every seat took a move back from a finished game
    (a resigned or counted game reopened), where {} was refused."""
    gid, headers, before = finished_go_game(client, how)
    for seat in ("b", "w"):
        resp = client.post(f"/api/games/{gid}/undo", headers=headers[seat], json=body)
        assert_json_error(resp, 409, "game_over")
    assert client.get(f"/api/games/{gid}").json == before


@pytest.mark.parametrize("body", [{}, {"accept": False}, {"accept": True}])
def test_a_finished_game_between_two_people_refuses_every_undo(client, body):
    gid, headers, before = finished_go_game(client, "resigned", hold="b")
    for seat in ("b", "w"):
        resp = client.post(f"/api/games/{gid}/undo", headers=headers[seat], json=body)
        assert_json_error(resp, 409, "game_over")
    assert client.get(f"/api/games/{gid}").json == before


def test_an_undo_request_that_loses_a_race_is_409_conflict(app, client, monkeypatch):
    """storage.Conflict on the request and decline paths was a 500."""
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9}, "hold": ["b"]})
    gid, link = resp.json["id"], resp.json["invitations"]["w"]
    mine = {"Authorization": f"Bearer {resp.json['secrets']['b']}"}
    token = link.split("#invite=")[1].split(".", 1)[1]
    theirs = {"Authorization": "Bearer " + client.post(
        f"/api/games/{gid}/seats/w", json={"invitation": token}).json["secrets"]["w"]}
    assert play(client, gid, mine, "E5").status_code == 200

    def lose(record, seat):
        raise storage.Conflict

    real = storage.set_undo_request
    monkeypatch.setattr(storage, "set_undo_request", lose)
    before = client.get(f"/api/games/{gid}").json
    assert_json_error(client.post(f"/api/games/{gid}/undo", headers=mine, json={}), 409, "conflict")
    assert client.get(f"/api/games/{gid}").json == before
    monkeypatch.setattr(storage, "set_undo_request", real)
    assert client.post(f"/api/games/{gid}/undo", headers=mine, json={}).status_code == 202
    monkeypatch.setattr(storage, "set_undo_request", lose)
    before = client.get(f"/api/games/{gid}").json
    resp = client.post(f"/api/games/{gid}/undo", headers=theirs, json={"accept": False})
    assert_json_error(resp, 409, "conflict")
    assert client.get(f"/api/games/{gid}").json == before


def post_status(server, path: str, body: dict, secret: str) -> int:
    """POST JSON to the live server with a seat's secret; the status, whatever it is."""
    request = urllib.request.Request(
        server.url + path, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": JSON, "Authorization": f"Bearer {secret}"})
    try:
        with urllib.request.urlopen(request, timeout=60) as resp:
            resp.read()
            return resp.status
    except urllib.error.HTTPError as exc:
        exc.read()
        return exc.code


def test_concurrent_undo_requests_never_fail_and_keep_the_game_whole(live_server):
    """Rounds of 60 undo requests, answers and declines at once from both seats, on two workers:
    every answer is 200, 202 or 409 (never a 500 from storage's Conflict), and the game
    after them is whole: its plies are its actions, less one per accepted undo, and its
    revision grew by one per change acknowledged."""
    made = call(live_server, "POST", "/api/games",
                {"game": "go", "options": {"size": 9}, "hold": ["b"]})
    gid = made["id"]
    token = made["invitations"]["w"].split("#invite=")[1].split(".", 1)[1]
    secret = {"b": made["secrets"]["b"],
              "w": call(live_server, "POST", f"/api/games/{gid}/seats/w",
                        {"invitation": token})["secrets"]["w"]}
    for i in range(24):
        seat = "bw"[i % 2]
        call(live_server, "POST", f"/api/games/{gid}/actions",
             {"action": {"kind": "move", "pos": [i // 9, i % 9]}}, secret[seat])
    start = call(live_server, "GET", f"/api/games/{gid}")
    kinds = [(seat, body) for seat in "bw" for body in ({}, {"accept": True}, {"accept": False})]
    jobs = [kinds[i % len(kinds)] for i in range(60)]
    answers: list[tuple[dict, int]] = []

    def fire(i: int, barrier: threading.Barrier, round_: list) -> None:
        seat, body = jobs[i]
        barrier.wait()
        round_[i] = (body, post_status(live_server, f"/api/games/{gid}/undo", body, secret[seat]))

    for _ in range(4):  # a 500 came in about two rounds of three
        round_: list = [None] * len(jobs)
        barrier = threading.Barrier(len(jobs))
        threads = [threading.Thread(target=fire, args=(i, barrier, round_))
                   for i in range(len(jobs))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        answers += round_
    statuses = [status for _, status in answers]
    assert not [s for s in statuses if s >= 500], statuses
    assert set(statuses) <= {200, 202, 409}, statuses
    undone = sum(1 for body, status in answers if body.get("accept") is True and status == 200)
    acknowledged = sum(1 for _, status in answers if status in (200, 202))
    end = call(live_server, "GET", f"/api/games/{gid}")
    history = call(live_server, "GET", f"/api/games/{gid}/history")
    assert end["plies"] == start["plies"] - undone == len(history["actions"])
    assert end["revision"] == start["revision"] + acknowledged


@pytest.mark.parametrize("path", ["/api/games", "/api/games/abc123/undo", "/api/games/abc123",
                                  "/api/openapi.json"])
def test_options_under_api_is_a_json_405_with_allow(client, path):
    """OPTIONS answered 200 with an empty body: no CORS here, so no preflight to grant."""
    resp = client.open(path, method="OPTIONS")
    assert_json_error(resp, 405, "method_not_allowed")
    allow = {m.strip() for m in resp.headers["Allow"].split(",")}
    assert "OPTIONS" not in allow and allow & {"GET", "POST"}
    assert "Access-Control-Allow-Origin" not in resp.headers
    assert resp.headers["X-Frame-Options"] == "DENY"


def test_options_lists_every_method_of_the_path_and_unknown_paths_are_404(client):
    allow = client.open("/api/games", method="OPTIONS").headers["Allow"]
    assert {m.strip() for m in allow.split(",")} == {"GET", "HEAD", "POST"}
    assert_json_error(client.open("/api/no/such/route", method="OPTIONS"), 404, "not_found")
    assert "OPTIONS" not in client.delete("/api/games").headers["Allow"]
