"""Fischer clocks through the API (issue 22): the server alone keeps the time.  A move
charges its mover and adds the increment, a refused move charges nothing, a flag that
falls ends the game on any read or move attempt without anyone moving (Go: B+T / W+T),
nobody acts for a seat they do not hold, and a rematch keeps the clock.  Real time, short
clocks: each wait is a real wait."""

from __future__ import annotations

import time

import pytest

from sgfmill import sgf

from app import clocks


class Instant:
    """The server's now (app.clocks.now_ms), standing still until a test moves it on."""

    def __init__(self, start: int):
        self.at = start

    def __call__(self) -> int:
        return self.at

    def wait(self, seconds: float) -> None:
        """As if `seconds` went by: for the clocks, they did."""
        self.at += round(seconds * 1000)


@pytest.fixture
def instant(monkeypatch):
    now = Instant(clocks.now_ms())
    monkeypatch.setattr(clocks, "now_ms", now)
    return now


def post(client, path, body, secret=None):
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    resp = client.post(path, json=body, headers=headers)
    return resp.status_code, resp.json


def friends(client, game="go", clock=None, options=None):
    """A game between two people, each with a secret of their own: (game, black, white)."""
    body = {"game": game, "options": options or ({"size": 9} if game == "go" else {}),
            "hold": ["b"], "clock": clock}
    if game in ("molinolog", "gorogo"):
        body["options"] = {**body["options"], "white": "human"}
    status, made = post(client, "/api/games", body)
    assert status == 201, made
    token = made["invitations"]["w"].split("#invite=w.")[1]
    _, joined = post(client, f"/api/games/{made['id']}/seats/w", {"invitation": token})
    return made, made["secrets"]["b"], joined["secrets"]["w"]


def move(client, game_id, pos, secret, player=None):
    action = {"kind": "move", "pos": pos}
    if player:
        action["player"] = player
    return post(client, f"/api/games/{game_id}/actions", {"action": action}, secret)


def test_a_game_without_a_clock_has_none(client):
    _, game = post(client, "/api/games", {"game": "go", "options": {"size": 9}})
    assert game["clock"] is None
    assert client.get(f"/api/games/{game['id']}").json["clock"] is None


@pytest.mark.parametrize("clock, code", [
    ({"main": 0, "increment": 3}, "bad_clock"),
    ({"main": 300, "increment": -1}, "bad_clock"),
    ({"main": 300}, "bad_clock"),
    ({"main": "300", "increment": 3}, "bad_clock"),
    ({"main": 300, "increment": 3, "byoyomi": 5}, "bad_clock"),
    ({"main": 1.5, "increment": 3}, "bad_clock"),
    ({"main": True, "increment": 3}, "bad_clock"),
    ("5+3", "bad_clock"),
])
def test_a_bad_clock_is_refused(client, clock, code):
    status, refused = post(client, "/api/games",
                           {"game": "go", "options": {"size": 9}, "clock": clock})
    assert status == 400 and refused["error"]["code"] == code


def test_azul_has_no_clock(client):
    status, refused = post(client, "/api/games", {
        "game": "azul", "options": {"players": ["human", "human"]},
        "clock": {"main": 300, "increment": 3}})
    assert status == 400 and refused["error"]["code"] == "bad_clock"


def test_a_move_charges_its_mover_and_adds_the_increment(any_app):
    client = any_app.test_client()  # SQLite and PostgreSQL
    game, black, white = friends(client, clock={"main": 60, "increment": 5})
    gid = game["id"]
    clock = game["clock"]
    assert clock["left"] == {"b": 60000, "w": 60000} and clock["running"] is None
    # The first move costs nothing; then White's clock runs.
    status, after = move(client, gid, [4, 4], black)
    assert status == 200
    assert after["clock"]["left"] == {"b": 60000, "w": 60000}
    assert after["clock"]["running"] == "w"
    since = after["clock"]["since"]
    assert after["clock"]["deadline"] == since + 60000
    time.sleep(0.4)
    status, after = move(client, gid, [2, 2], white)
    assert status == 200
    spent = after["clock"]["since"] - since
    assert spent >= 400
    assert after["clock"]["left"]["w"] == 60000 - spent + 5000
    assert after["clock"]["left"]["b"] == 60000
    assert after["clock"]["running"] == "b"
    # A read shows the same clock, and the server's instant to count from.
    shown = client.get(f"/api/games/{gid}").json["clock"]
    assert shown["left"] == after["clock"]["left"] and shown["now"] >= shown["since"]


def test_a_refused_move_charges_nothing(client, instant):
    game, black, white = friends(client, clock={"main": 60, "increment": 5})
    gid = game["id"]
    _, after = move(client, gid, [4, 4], black)
    before = after["clock"]
    instant.wait(0.2)
    status, refused = move(client, gid, [4, 4], white)  # occupied
    assert status == 409 and refused["error"]["code"] == "occupied"
    status, refused = move(client, gid, [3, 3], black, player="w")  # not Black's seat
    assert status == 403
    status, refused = move(client, gid, [3, 3], None, player="w")
    assert status == 401
    shown = client.get(f"/api/games/{gid}").json
    assert shown["clock"]["left"] == before["left"]
    assert shown["clock"]["since"] == before["since"]
    assert shown["revision"] == after["revision"]


def test_a_flag_falls_on_a_read_without_anyone_moving(any_app, instant):
    client = any_app.test_client()  # SQLite and PostgreSQL
    game, black, white = friends(client, clock={"main": 1, "increment": 0})
    gid = game["id"]
    _, after = move(client, gid, [4, 4], black)
    assert after["clock"]["running"] == "w"
    instant.wait(0.999)  # White's last millisecond
    assert client.get(f"/api/games/{gid}").json["view"]["over"] is False
    instant.wait(0.101)
    shown = client.get(f"/api/games/{gid}").json
    view = shown["view"]
    assert view["over"] is True and view["to_move"] is None
    assert view["result"]["code"] == "B+T"
    assert view["result"]["winner"] == "b" and view["result"]["reason"] == "time"
    assert view["result"]["message"] == "White lost on time: Black wins."
    assert shown["clock"]["flag"] == "w" and shown["clock"]["left"]["w"] == 0
    assert shown["clock"]["running"] is None
    assert shown["revision"] == after["revision"] + 1
    # Settled once: the next read changes nothing.
    assert client.get(f"/api/games/{gid}").json["revision"] == shown["revision"]
    # Nothing more is played; the game is a record (no undo) and may be rematched.
    status, refused = move(client, gid, [2, 2], white)
    assert status == 409 and refused["error"]["code"] == "game_over"
    assert "White lost on time" in refused["error"]["message"]
    status, refused = post(client, f"/api/games/{gid}/undo", {}, black)
    assert status == 409 and refused["error"]["code"] == "game_over"
    # The SGF record says so: RE[B+T], with the clock's settings.
    text = client.get(f"/api/games/{gid}/sgf").data.decode()
    assert "RE[B+T]" in text and "TM[1]" in text and "OT[0 fischer]" in text
    root = sgf.Sgf_game.from_string(text).get_root()
    assert root.get("RE") == "B+T" and root.get("TM") == 1 and root.get("OT") == "0 fischer"


def test_a_flag_falls_on_a_move_attempt(client, instant):
    game, black, white = friends(client, game="molinolog", clock={"main": 1, "increment": 0})
    gid = game["id"]
    status, after = post(client, f"/api/games/{gid}/actions",
                          {"action": {"kind": "place", "point": after_point(client, gid)}}, black)
    assert status == 200 and after["clock"]["running"] == "w"
    point = after_point(client, gid)  # read before the time is up: a read would settle it
    instant.wait(1.1)
    status, refused = post(client, f"/api/games/{gid}/actions",
                           {"action": {"kind": "place", "point": point}}, white)
    assert status == 409 and refused["error"]["code"] == "game_over"
    view = client.get(f"/api/games/{gid}").json["view"]
    assert view["over"] is True
    assert view["result"] == {"code": "time", "winner": "b", "reason": "time",
                              "message": "White lost on time: Black wins."}
    assert view["status"]["en"] == "White lost on time: Black wins"
    assert view["legal"] == []


def after_point(client, gid):
    """A point the side to move may place on (the first legal action's)."""
    legal = client.get(f"/api/games/{gid}").json["view"]["legal"]
    return next(a["point"] for a in legal if a["kind"] == "place")


def test_go_scoring_phase_stops_the_clocks(client, instant):
    game, black, white = friends(client, clock={"main": 2, "increment": 0})
    gid = game["id"]
    move(client, gid, [4, 4], black)
    status, after = post(client, f"/api/games/{gid}/actions", {"action": {"kind": "pass"}}, white)
    assert after["clock"]["running"] == "b"
    status, after = post(client, f"/api/games/{gid}/actions", {"action": {"kind": "pass"}}, black)
    assert after["view"]["phase"] == "scoring"
    assert after["clock"]["running"] is None and after["clock"]["deadline"] is None
    instant.wait(2.1)  # longer than anyone's time: nobody loses it while counting
    shown = client.get(f"/api/games/{gid}").json
    assert shown["view"]["over"] is False and shown["clock"]["flag"] is None
    post(client, f"/api/games/{gid}/actions", {"action": {"kind": "accept", "player": "b"}}, black)
    status, done = post(client, f"/api/games/{gid}/actions",
                        {"action": {"kind": "accept", "player": "w"}}, white)
    assert status == 200 and done["view"]["over"] is True
    assert done["view"]["result"]["code"] == "B+81"  # counted, not on time
    assert done["clock"]["running"] is None


def test_undo_gives_no_time_back(client, instant):
    _, game = post(client, "/api/games", {"game": "go", "options": {"size": 9},
                                          "clock": {"main": 60, "increment": 5}})
    gid, secret = game["id"], game["secrets"]["b"]
    move(client, gid, [4, 4], secret)
    instant.wait(0.2)
    _, after = move(client, gid, [2, 2], secret)
    left_w = after["clock"]["left"]["w"]
    assert left_w == 60000 - 200 + 5000
    instant.wait(0.3)
    status, undone = post(client, f"/api/games/{gid}/undo", {}, secret)
    assert status == 200 and undone["plies"] == 1
    clock = undone["clock"]
    # Black's clock ran 0.3 s until the undo: charged, no increment; now White's runs.
    assert clock["running"] == "w"
    assert clock["left"]["b"] == 60000 - 300
    assert clock["left"]["w"] == left_w


def test_a_rematch_keeps_the_clock(client):
    game, black, white = friends(client, clock={"main": 120, "increment": 2})
    gid = game["id"]
    post(client, f"/api/games/{gid}/actions", {"action": {"kind": "resign", "player": "w"}}, white)
    post(client, f"/api/games/{gid}/rematch", {}, black)
    status, made = post(client, f"/api/games/{gid}/rematch", {}, white)
    assert status == 201
    new = client.get(f"/api/games/{made['rematch']['game']}").json
    assert new["clock"]["main"] == 120 and new["clock"]["increment"] == 2
    assert new["clock"]["left"] == {"b": 120000, "w": 120000}
    assert new["clock"]["running"] is None


def test_the_machine_is_charged_too(client):
    _, game = post(client, "/api/games", {"game": "molinolog",
                                          "options": {"size": 1, "white": "machine"},
                                          "clock": {"main": 30, "increment": 1}})
    gid, secret = game["id"], game["secrets"]["b"]
    status, after = post(client, f"/api/games/{gid}/actions",
                         {"action": {"kind": "place", "point": after_point(client, gid)}}, secret)
    assert after["clock"]["running"] == "w"
    status, played = post(client, f"/api/games/{gid}/machine", {}, secret)
    assert status == 200, played
    clock = played["clock"]
    spent = clock["since"] - after["clock"]["since"]
    assert clock["left"]["w"] == 30000 - spent + 1000
    assert clock["running"] == "b"


def test_an_open_stream_settles_the_flag_when_nobody_asks(live_server):
    """Against `tablero serve`: a page's live stream, open before the time is up, hears the
    loss on time although no request reads the game (the stream wakes at the deadline)."""
    import json
    import urllib.request

    from .conftest import call

    game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9},
                                                    "clock": {"main": 1, "increment": 0}})
    gid, secret = game["id"], game["secrets"]["b"]
    call(live_server, "POST", f"/api/games/{gid}/actions",
         {"action": {"kind": "move", "pos": [4, 4]}}, secret)
    request = urllib.request.Request(f"{live_server.url}/api/games/{gid}/events",
                                     headers={"Accept": "text/event-stream"})
    started = time.monotonic()
    seen = []
    with urllib.request.urlopen(request, timeout=10) as stream:
        for line in stream:
            if line.startswith(b"data:"):
                data = json.loads(line[5:])
                seen.append(data["view"]["over"])
                if data["view"]["over"]:
                    assert data["view"]["result"]["code"] == "B+T"
                    assert data["clock"]["flag"] == "w"
                    break
    assert seen[0] is False and seen[-1] is True
    assert time.monotonic() - started < 3


# ---- the kinds of clock: absolute, byo-yomi (Go), correspondence ---------------------

DAY = 86400000


@pytest.mark.parametrize("game, clock, reason", [
    ("go", {"kind": "absolute", "main": 0}, "main must be whole seconds from 1 to 10800"),
    ("go", {"kind": "absolute", "main": 60, "increment": 2},
     'An absolute clock is {"kind": "absolute", "main": seconds}'),
    ("go", {"kind": "byoyomi", "main": 60, "periods": 0, "period": 30},
     "periods must be a whole number of periods from 1 to 30"),
    ("go", {"kind": "byoyomi", "main": 60, "period": 30}, "A byoyomi clock is"),
    ("go", {"kind": "byoyomi", "main": 60, "periods": 3, "period": 0},
     "period must be whole seconds from 1 to 3600"),
    ("go", {"kind": "correspondence", "days": 0}, "days must be a whole number of days from 1 to 30"),
    ("go", {"kind": "correspondence", "days": 2.5}, "days must be"),
    ("go", {"kind": "correspondence", "days": 3, "main": 60}, "A correspondence clock is"),
    ("go", {"kind": "canadian", "main": 600}, "kind must be fischer, absolute, byoyomi or correspondence"),
    ("go", {"kind": 3, "main": 600}, "kind must be"),
    ("molinolog", {"kind": "byoyomi", "main": 60, "periods": 3, "period": 30},
     "A byoyomi clock is for go only"),
    ("gorogo", {"kind": "byoyomi", "main": 60, "periods": 3, "period": 30}, "for go only"),
    ("azul", {"kind": "correspondence", "days": 3}, "azul is not played on a clock"),
])
def test_a_bad_clock_says_why(client, game, clock, reason):
    options = {"go": {"size": 9}, "azul": {"players": ["human", "human"]}}.get(game, {})
    status, refused = post(client, "/api/games", {"game": game, "options": options, "clock": clock})
    assert status == 400, refused
    assert refused["error"]["code"] == "bad_clock"
    assert reason in refused["error"]["message"]


def test_an_absolute_clock_adds_nothing(client, instant):
    game, black, white = friends(client, game="gorogo", clock={"kind": "absolute", "main": 60})
    gid = game["id"]
    assert game["clock"]["kind"] == "absolute" and "increment" not in game["clock"]
    _, after = post(client, f"/api/games/{gid}/actions",  # White opens GoRoGo
                    {"action": {"kind": "place", "pos": [2, 2], "piece": "henge"}}, white)
    assert "clock" in after, after
    since = after["clock"]["since"]
    instant.wait(0.3)
    status, after = post(client, f"/api/games/{gid}/actions",
                         {"action": {"kind": "place", "pos": [1, 1], "piece": "regular"}}, black)
    assert status == 200, after
    spent = after["clock"]["since"] - since
    assert spent == 300 and after["clock"]["left"]["b"] == 60000 - spent
    assert after["clock"]["left"]["w"] == 60000 and after["clock"]["running"] == "w"


def test_byoyomi_periods_kept_used_up_and_the_last_one_lost(any_app, instant):
    """Go, 1 s of main time and 3 periods of 1 s (SQLite and PostgreSQL).  Each wait ends
    half-way through a second (the clock is `instant`'s, which stands still between its
    waits: the periods are counted exactly)."""
    client = any_app.test_client()
    setting = {"kind": "byoyomi", "main": 1, "periods": 3, "period": 1}
    game, black, white = friends(client, clock=setting)
    gid = game["id"]
    clock = game["clock"]
    assert clock["kind"] == "byoyomi" and clock["left"] == {"b": 1000, "w": 1000}
    assert clock["periods_left"] == {"b": 3, "w": 3}
    _, after = move(client, gid, [4, 4], black)  # free; White's main second starts
    assert after["clock"]["deadline"] == after["clock"]["since"] + 1000 + 3 * 1000
    # 1.5 s: the main time gone, half of the first period: the move keeps it.
    since = after["clock"]["since"]
    instant.wait(1.5)
    status, after = move(client, gid, [2, 2], white)
    assert status == 200, after
    spent = after["clock"]["since"] - since
    assert spent == 1500, spent
    assert after["clock"]["left"]["w"] == 0 and after["clock"]["periods_left"]["w"] == 3
    instant.wait(0.1)
    _, after = move(client, gid, [6, 6], black)  # 0.1 s: still Black's main time
    assert after["clock"]["left"]["b"] == 900 and after["clock"]["periods_left"]["b"] == 3
    assert after["clock"]["deadline"] == after["clock"]["since"] + 3 * 1000  # three whole periods
    # 1.5 s in byo-yomi: the first period run past is used up, the move is made in the second.
    since = after["clock"]["since"]
    instant.wait(1.5)
    status, after = move(client, gid, [2, 6], white)
    assert status == 200, after
    assert after["clock"]["since"] - since == 1500
    assert after["clock"]["periods_left"]["w"] == 2
    _, after = move(client, gid, [6, 2], black)
    assert after["clock"]["deadline"] == after["clock"]["since"] + 2 * 1000
    # White lets both periods run out: the last one gone, Black wins on time.
    instant.wait(1.5)
    shown = client.get(f"/api/games/{gid}").json
    assert shown["view"]["over"] is False  # in White's last period
    instant.wait(0.7)
    shown = client.get(f"/api/games/{gid}").json
    assert shown["view"]["over"] is True and shown["view"]["result"]["code"] == "B+T"
    assert shown["clock"]["flag"] == "w"
    assert shown["clock"]["periods_left"]["w"] == 0 and shown["clock"]["left"]["w"] == 0
    status, refused = move(client, gid, [3, 3], white)
    assert status == 409 and refused["error"]["code"] == "game_over"
    # The SGF: the main time, the periods as other programs write them, the result.
    root = sgf.Sgf_game.from_bytes(client.get(f"/api/games/{gid}/sgf").data).get_root()
    assert root.get("TM") == 1 and root.get("OT") == "3x1 byo-yomi" and root.get("RE") == "B+T"
    # A rematch is played on the same clock, every period whole again.
    post(client, f"/api/games/{gid}/rematch", {}, white)
    status, made = post(client, f"/api/games/{gid}/rematch", {}, black)
    assert status == 201, made
    new = client.get(f"/api/games/{made['rematch']['game']}").json["clock"]
    assert {k: new[k] for k in setting} == setting
    assert new["periods_left"] == {"b": 3, "w": 3} and new["left"] == {"b": 1000, "w": 1000}


def age(app, gid, ms):
    """Move a game's running clock `ms` into the past, as if its last move had been made
    that long ago (a correspondence game's days are not waited for in a test)."""
    import json

    from app import storage

    with app.app_context():
        clock = storage.load(gid).clock
        clock = {**clock, "since": clock["since"] - ms, "deadline": clock["deadline"] - ms}
        with storage.backend().write() as con:
            con.execute("UPDATE games SET clock = ? WHERE id = ?", (json.dumps(clock), gid))


def test_correspondence_days_a_move_and_a_flag_nobody_watched(app):
    """Correspondence, 2 days a move (lichess's kind: each move has the whole allowance
    again).  Nobody has a page open when White's days run out: the next read of any kind
    (here the saved-games list, then the game) finds the game lost on time."""
    client = app.test_client()
    game, black, white = friends(client, game="molinolog",
                                 clock={"kind": "correspondence", "days": 2})
    gid = game["id"]
    assert game["clock"]["left"] == {"b": 2 * DAY, "w": 2 * DAY}
    post(client, f"/api/games/{gid}/actions",
         {"action": {"kind": "place", "point": after_point(client, gid)}}, black)
    age(app, gid, DAY + 3600000)  # White thought a day and an hour
    point = after_point(client, gid)
    status, after = post(client, f"/api/games/{gid}/actions",
                         {"action": {"kind": "place", "point": point}}, white)
    assert status == 200, after
    clock = after["clock"]
    assert clock["left"]["w"] == 2 * DAY  # its next move has two whole days again
    assert clock["running"] == "b" and clock["deadline"] == clock["since"] + 2 * DAY
    age(app, gid, 2 * DAY - 60000)  # Black has a minute left
    assert client.get(f"/api/games/{gid}").json["view"]["over"] is False
    age(app, gid, 60001)
    _, listed = post(client, "/api/games/mine", {"secrets": [white]})
    mine = next(g for g in listed["games"] if g["id"] == gid)
    assert mine["view"]["over"] is True and mine["view"]["result"]["winner"] == "w"
    shown = client.get(f"/api/games/{gid}").json
    assert shown["view"]["result"]["message"] == "Black lost on time: White wins."
    assert shown["clock"]["flag"] == "b"
    assert client.get(f"/api/games/{gid}").json["revision"] == shown["revision"]


def test_correspondence_go_in_the_sgf(client):
    game, black, _ = friends(client, clock={"kind": "correspondence", "days": 3})
    move(client, game["id"], [4, 4], black)
    root = sgf.Sgf_game.from_bytes(client.get(f"/api/games/{game['id']}/sgf").data).get_root()
    assert root.get("TM") == 0 and root.get("OT") == "3 days per move"


def test_a_clock_saved_before_kinds_still_plays(any_app, instant):
    """A clock in the shape the first (Fischer-only) clocks were stored in: no kind, no
    periods (SQLite and PostgreSQL).  It loads as Fischer's, charges and adds the increment,
    its flag falls, and a rematch is played on it: no upgrade loses a saved game."""
    import json

    from app import storage

    client = any_app.test_client()
    game, black, white = friends(client, clock={"main": 60, "increment": 5})
    gid = game["id"]
    _, after = move(client, gid, [4, 4], black)
    since = after["clock"]["since"]
    old = {"main": 60, "increment": 5, "left": {"b": 60000, "w": 42000}, "running": "w",
           "since": since, "deadline": since + 42000, "flag": None}
    with any_app.app_context(), storage.backend().write() as con:
        con.execute("UPDATE games SET clock = ? WHERE id = ?", (json.dumps(old), gid))
    shown = client.get(f"/api/games/{gid}").json["clock"]
    assert shown["kind"] == "fischer" and shown["left"] == {"b": 60000, "w": 42000}
    instant.wait(0.25)
    status, after = move(client, gid, [2, 2], white)
    assert status == 200, after
    spent = after["clock"]["since"] - since
    assert spent == 250 and after["clock"]["left"]["w"] == 42000 - spent + 5000
    assert after["clock"]["kind"] == "fischer" and after["clock"]["running"] == "b"
    # The same shape with Black's time nearly gone: its flag falls on a read.
    at = after["clock"]["since"]
    old = {**old, "left": {"b": 300, "w": 40000}, "running": "b", "since": at,
           "deadline": at + 300}
    with any_app.app_context(), storage.backend().write() as con:
        con.execute("UPDATE games SET clock = ? WHERE id = ?", (json.dumps(old), gid))
    instant.wait(0.4)
    shown = client.get(f"/api/games/{gid}").json
    assert shown["view"]["result"]["code"] == "W+T" and shown["clock"]["flag"] == "b"
    text = client.get(f"/api/games/{gid}/sgf").data.decode()
    assert "OT[5 fischer]" in text and "RE[W+T]" in text
    post(client, f"/api/games/{gid}/rematch", {}, black)
    status, made = post(client, f"/api/games/{gid}/rematch", {}, white)
    assert status == 201, made
    new = client.get(f"/api/games/{made['rematch']['game']}").json["clock"]
    assert new["kind"] == "fischer" and (new["main"], new["increment"]) == (60, 5)
