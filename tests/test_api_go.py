"""The JSON API with Go: every route, every bad input, and that a refusal changes nothing.

A new game's creator holds its human seats: the secret the creation answers is kept
here (SECRETS) and sent with every action (Authorization: Bearer).
"""

from __future__ import annotations

import pytest

SECRETS: dict[str, str] = {}  # game id -> the secret of the seats its creator holds


def new_game(client, **options):
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9, **options}})
    assert resp.status_code == 201, resp.json
    for secret in resp.json["secrets"].values():
        SECRETS[resp.json["id"]] = secret
    return resp.json


def auth(game_id):
    """The Authorization header of the seats this test holds in the game."""
    return {"Authorization": f"Bearer {SECRETS[game_id]}"} if game_id in SECRETS else {}


def act(client, game_id, action, **extra):
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, **extra},
                       headers=auth(game_id))


def move(client, game_id, r, c):
    return act(client, game_id, {"kind": "move", "pos": [r, c]})


def test_create_and_show(client):
    g = new_game(client)
    assert g["view"]["board"] == ["-" * 9] * 9
    assert g["view"]["to_move"] == "b" and g["plies"] == 0
    shown = client.get(f"/api/games/{g['id']}").json
    assert shown["view"] == g["view"] and shown["actions"] == []


def test_capture_in_the_corner(client):
    gid = new_game(client)["id"]
    for r, c in [(0, 1), (0, 0), (1, 0)]:
        resp = move(client, gid, r, c)
        assert resp.status_code == 200
    view = resp.json["view"]
    assert view["board"][0] == "-b-------" and view["board"][1] == "b--------"
    assert view["captures"] == {"b": 1, "w": 0}
    assert resp.json["explain"][0]["query"] == 'goMove(Board, "b", [1,0], RBoard)'
    assert resp.json["explain"][0]["answer"].startswith("true: 1 stone")
    assert resp.json["plies"] == 3


def test_vertex_coordinates(client):
    gid = new_game(client)["id"]
    view = act(client, gid, {"kind": "move", "vertex": "A9"}).json["view"]
    assert view["board"][0][0] == "b"
    view = act(client, gid, {"kind": "move", "vertex": "j1"}).json["view"]
    assert view["board"][8][8] == "w"


@pytest.mark.parametrize(
    "setup, action, status, code",
    [
        ([(4, 4)], {"kind": "move", "pos": [4, 4]}, 409, "occupied"),
        ([(0, 1), (5, 5), (1, 0)], {"kind": "move", "pos": [0, 0]}, 409, "suicide"),
        ([], {"kind": "move", "pos": [9, 0]}, 400, "off_board"),
        ([], {"kind": "move", "pos": [-1, 0]}, 400, "off_board"),
        ([], {"kind": "move", "vertex": "Z99"}, 400, "off_board"),
        ([], {"kind": "move", "pos": ["a", 0]}, 400, "bad_action"),
        ([], {"kind": "move"}, 400, "bad_action"),
        ([], {"kind": "move", "vertex": "hello"}, 400, "bad_action"),
        ([], {"kind": "fly"}, 400, "bad_kind"),
        ([], {"kind": "pass", "colour": "b"}, 400, "bad_field"),
        ([], {"kind": "move", "pos": [0, 0], "player": "w"}, 409, "not_your_turn"),
        ([], {"kind": "move", "pos": [0, 0], "player": "x"}, 400, "bad_action"),
    ],
)
def test_refusals_change_nothing(client, setup, action, status, code):
    gid = new_game(client)["id"]
    for r, c in setup:
        assert move(client, gid, r, c).status_code == 200
    before = client.get(f"/api/games/{gid}").json
    resp = act(client, gid, action)
    assert resp.status_code == status
    assert resp.json["error"]["code"] == code
    assert resp.json["error"]["message"]
    after = client.get(f"/api/games/{gid}").json
    assert after == before


def test_ko_refused_then_allowed(client):
    gid = new_game(client)["id"]
    # Black: (0,1) (1,0) (2,1); White: (0,2) (1,3) (2,2) then (1,1) captures the ko stone.
    for r, c in [(0, 1), (0, 2), (1, 0), (1, 3), (2, 1), (2, 2), (1, 2), (8, 8)]:
        assert move(client, gid, r, c).status_code == 200
    assert move(client, gid, 5, 5).status_code == 200     # black elsewhere
    resp = move(client, gid, 1, 1)                          # white takes the ko
    assert resp.json["view"]["board"][1][:4] == "bw-w"
    resp = move(client, gid, 1, 2)                          # black retakes at once
    assert resp.status_code == 409 and resp.json["error"]["code"] == "ko"
    assert move(client, gid, 7, 7).status_code == 200     # black plays elsewhere
    assert move(client, gid, 7, 6).status_code == 200     # white answers
    resp = move(client, gid, 1, 2)                          # now black may retake
    assert resp.status_code == 200 and resp.json["view"]["board"][1][:4] == "b-bw"


def test_two_passes_open_the_scoring_phase_and_two_accepts_end_it(client):
    gid = new_game(client)["id"]
    move(client, gid, 4, 4)
    act(client, gid, {"kind": "pass"})
    resp = act(client, gid, {"kind": "pass"})
    view = resp.json["view"]
    assert view["phase"] == "scoring" and view["over"] is False and view["result"] is None
    assert view["passes"] == 2 and view["dead"] == [] and view["to_move"] == "w"  # Black passed last
    assert view["accepted"] == {"b": False, "w": False}
    assert view["score"]["b"] == 81 and view["score"]["owner"] == ["b" * 9] * 9
    assert resp.json["explain"][0] == {"query": "dead_stones(Board, Dead)", "answer": "Dead = []"}
    view = act(client, gid, {"kind": "accept"}).json["view"]       # for White, whom it waits for
    assert view["accepted"] == {"b": False, "w": True} and view["to_move"] == "b"
    resp = act(client, gid, {"kind": "accept", "player": "b"})
    view = resp.json["view"]
    assert view["over"] is True and view["phase"] == "over" and view["result"]["code"] == "B+81"
    assert view["result"]["winner"] == "b" and view["result"]["tie_break"] is False
    assert view["result"]["score"]["owner"] == ["b" * 9] * 9
    assert view["to_move"] is None
    assert resp.json["explain"][0]["query"] == "terminarJuego(Board, PuntosW, PuntosB)"
    late = move(client, gid, 0, 0)
    assert late.status_code == 409 and late.json["error"]["code"] == "game_over"


#  Black walls off columns 0-4, White columns 6-8; a white stone lies dead at [2, 1] in
#  Black's area and a black one at [5, 7] in White's.  Then two passes (Black, White).
WALLS = [m for row in range(9) for m in ((row, 4), (row, 6))] + [(5, 7), (2, 1)]


def scoring_game(client, **options):
    gid = new_game(client, **options)["id"]
    for r, c in WALLS:
        assert move(client, gid, r, c).status_code == 200
    act(client, gid, {"kind": "pass"})
    view = act(client, gid, {"kind": "pass"}).json["view"]
    assert view["phase"] == "scoring"
    return gid, view


def test_dead_stones_are_proposed_and_counted_off(client):
    gid, view = scoring_game(client)
    assert view["dead"] == [[2, 1], [5, 7]] and view["to_move"] == "b"
    assert (view["score"]["b"], view["score"]["w"]) == (45, 27)
    assert view["score"]["owner"][2] == "bbbbb-www" and view["score"]["owner"][5] == "bbbbb-www"
    act(client, gid, {"kind": "accept", "player": "w"})
    view = act(client, gid, {"kind": "accept", "player": "b"}).json["view"]
    assert view["result"]["code"] == "B+18" and view["dead"] == [[2, 1], [5, 7]]
    assert view["result"]["score"]["b"] == 45 and view["result"]["score"]["w"] == 27


def test_toggle_marks_a_group_and_clears_the_acceptances(client):
    gid, _ = scoring_game(client)
    act(client, gid, {"kind": "accept", "player": "b"})
    resp = act(client, gid, {"kind": "toggle", "pos": [2, 1], "player": "w"})
    assert resp.status_code == 200, resp.json
    view = resp.json["view"]
    assert view["dead"] == [[5, 7]] and view["accepted"] == {"b": False, "w": False}
    assert view["last"] == {"kind": "toggle", "player": "w", "pos": [2, 1]}
    # [2, 1] alive: Black's area touches White, so it is nobody's; White counts the stone
    assert (view["score"]["b"], view["score"]["w"]) == (9, 28)
    view = act(client, gid, {"kind": "toggle", "vertex": "B7", "player": "b"}).json["view"]
    assert view["dead"] == [[2, 1], [5, 7]]


def test_resume_goes_back_to_play(client):
    gid, _ = scoring_game(client)
    view = act(client, gid, {"kind": "resume", "player": "w"}).json["view"]
    assert view["phase"] == "play" and view["passes"] == 0 and view["dead"] == []
    assert view["to_move"] == "b" and view["score"] is None    # White passed last: Black moves
    assert move(client, gid, 0, 0).status_code == 200


def test_undo_the_second_pass(client):
    gid, _ = scoring_game(client)
    resp = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(gid))
    assert resp.status_code == 200
    view = resp.json["view"]
    assert view["phase"] == "play" and view["passes"] == 1 and view["to_move"] == "w"


@pytest.mark.parametrize(
    "action, status, code",
    [
        ({"kind": "toggle", "pos": [0, 0]}, 409, "not_a_stone"),
        ({"kind": "toggle", "pos": [9, 0]}, 400, "off_board"),
        ({"kind": "toggle"}, 400, "bad_action"),
        ({"kind": "move", "pos": [0, 0]}, 409, "scoring_phase"),
        ({"kind": "pass"}, 409, "scoring_phase"),
        ({"kind": "accept", "pos": [0, 0]}, 400, "bad_field"),
    ],
)
def test_refusals_in_the_scoring_phase_change_nothing(client, action, status, code):
    gid, _ = scoring_game(client)
    before = client.get(f"/api/games/{gid}").json
    resp = act(client, gid, action)
    assert resp.status_code == status and resp.json["error"]["code"] == code
    assert resp.json["error"]["message"]
    assert client.get(f"/api/games/{gid}").json == before


def test_phase_actions_in_play_and_twice_are_refused(client):
    gid = new_game(client)["id"]
    resp = act(client, gid, {"kind": "accept"})
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_scoring"
    gid, _ = scoring_game(client)
    assert act(client, gid, {"kind": "accept", "player": "b"}).status_code == 200
    resp = act(client, gid, {"kind": "accept", "player": "b"})
    assert resp.status_code == 409 and resp.json["error"]["code"] == "already_accepted"


def test_japanese_counts_territory_and_prisoners(client):
    gid, view = scoring_game(client, preset="japanese")
    # territory (the dead stones' points included): Black 36, White 18; one prisoner each
    assert (view["score"]["b"], view["score"]["w"]) == (36 + 1, 18 + 1 + 6.5)
    assert view["settings"]["rule"] == "territory"
    assert view["score"]["owner"][2] == "bbbb---ww"


def test_the_machine_accepts_like_a_person(client):
    g = new_game(client, white="machine")
    gid = g["id"]
    # Black plays; the machine answers; Black passes until the machine passes too.
    assert move(client, gid, 4, 4).status_code == 200
    for _ in range(60):
        view = client.get(f"/api/games/{gid}").json["view"]
        if view["phase"] != "play":
            break
        if view["machine_to_move"]:
            assert client.post(f"/api/games/{gid}/machine", json={}).status_code == 200
        else:
            assert act(client, gid, {"kind": "pass"}).status_code == 200
    assert view["phase"] == "scoring"
    if view["machine_to_move"]:                      # White passed first: it looks first
        resp = client.post(f"/api/games/{gid}/machine", json={})
        assert resp.json["action"] == {"kind": "accept", "player": "w"}
        view = resp.json["view"]
    assert view["to_move"] == "b" and not view["machine_to_move"]
    view = act(client, gid, {"kind": "accept", "player": "b"}).json["view"]
    if not view["over"]:
        resp = client.post(f"/api/games/{gid}/machine", json={})
        assert resp.json["action"]["kind"] == "accept"
        view = resp.json["view"]
    assert view["over"] and view["result"]["reason"] == "count"


def test_resign_and_komi(client):
    gid = new_game(client, preset="chinese")["id"]
    view = act(client, gid, {"kind": "resign"}).json["view"]
    assert view["over"] and view["result"]["code"] == "W+R"
    assert view["result"]["winner"] == "w" and view["result"]["score"] is None
    score = client.get(f"/api/games/{gid}/score").json["score"]
    assert score["komi"] == 7.5 and score["w"] == 7.5 and score["b"] == 0


def test_score_mid_game_has_owners(client):
    gid = new_game(client)["id"]
    move(client, gid, 0, 0)
    score = client.get(f"/api/games/{gid}/score").json["score"]
    assert score["b"] == 81 and score["owner"][8] == "b" * 9 and score["result"] == "B+81"


def test_undo(client):
    gid = new_game(client)["id"]
    move(client, gid, 0, 1)
    move(client, gid, 0, 0)
    move(client, gid, 1, 0)                                 # captures
    resp = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(gid))
    assert resp.status_code == 200 and resp.json["plies"] == 2
    assert resp.json["view"]["board"][0][:2] == "wb" and resp.json["view"]["captures"]["b"] == 0
    shown = client.get(f"/api/games/{gid}").json
    assert len(shown["actions"]) == 2 and shown["view"] == resp.json["view"]


def test_undo_refusals(client):
    gid = new_game(client)["id"]
    resp = client.post(f"/api/games/{gid}/undo", headers=auth(gid))
    assert resp.status_code == 409 and resp.json["error"]["code"] == "nothing_to_undo"
    ranked = client.post("/api/games", json={"game": "go", "options": {"size": 9}, "casual": False})
    SECRETS[ranked.json["id"]] = ranked.json["secrets"]["b"]
    move(client, ranked.json["id"], 0, 0)
    resp = client.post(f"/api/games/{ranked.json['id']}/undo", headers=auth(ranked.json["id"]))
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_casual"


def test_stale_version_is_refused(client):
    gid = new_game(client)["id"]
    assert act(client, gid, {"kind": "move", "pos": [0, 0]}, revision=0).status_code == 200
    resp = act(client, gid, {"kind": "move", "pos": [1, 1]}, revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"
    assert client.get(f"/api/games/{gid}").json["plies"] == 1


@pytest.mark.parametrize(
    "payload, code",
    [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "go", "options": {"size": 7}}, "unsupported_size"),
        ({"game": "go", "options": {"size": "19"}}, "bad_option"),
        ({"game": "go", "options": {"preset": "korean"}}, "bad_option"),
        ({"game": "go", "options": {"komi": 7.25}}, "bad_option"),
        ({"game": "go", "options": {"komi": "x"}}, "bad_option"),
        ({"game": "go", "options": {"colour": "red"}}, "bad_option"),
        ({"game": "go", "options": []}, "bad_option"),
        ({"game": "go", "casual": "yes"}, "bad_option"),
    ],
)
def test_bad_new_game(client, payload, code):
    resp = client.post("/api/games", json=payload)
    assert resp.status_code == 400 and resp.json["error"]["code"] == code


@pytest.mark.parametrize("data", [b"{", b"[1,2]", b"\xff\xfe", b'"move"', b"null"])
def test_malformed_json(client, data):
    gid = new_game(client)["id"]
    resp = client.post(f"/api/games/{gid}/actions", data=data, content_type="application/json")
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_json"


def test_injection_is_data(client):
    gid = new_game(client)["id"]
    evil = {"kind": "move\", halt, \"", "pos": [0, 0]}
    resp = act(client, gid, evil)
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_kind"
    resp = client.post("/api/games", json={"game": "go), halt, (x", "options": {}})
    assert resp.status_code == 400
    assert move(client, gid, 0, 0).status_code == 200       # Prolog is still there


def test_the_machine_plays_white(client):
    g = new_game(client, white="machine")
    assert g["view"]["seats"] == {"b": "human", "w": "machine"}
    gid = g["id"]
    assert move(client, gid, 4, 4).status_code == 200
    resp = client.post(f"/api/games/{gid}/machine", json={"revision": 1})
    assert resp.status_code == 200, resp.json
    action, view = resp.json["action"], resp.json["view"]
    assert action["kind"] == "move" and view["last"]["player"] == "w"
    r, c = action["pos"]
    assert (r, c) != (4, 4) and view["board"][r][c] == "w"
    assert view["to_move"] == "b" and resp.json["plies"] == 2
    assert view["seats"] == {"b": "human", "w": "machine"}    # kept in the stored state
    assert client.get(f"/api/games/{gid}").json["view"]["seats"]["w"] == "machine"


def test_players_default_to_human_and_bad_ones_are_refused(client):
    assert new_game(client)["view"]["seats"] == {"b": "human", "w": "human"}
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9, "black": "robot"}})
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_option"


def test_unknown_ids_and_routes(client):
    assert client.get("/api/games/nope").status_code == 404
    assert client.get("/api/games/nope").json["error"]["code"] == "unknown_game_id"
    assert client.post("/api/games/nope/actions", json={"action": {}}).status_code == 404
    assert client.get("/api/games/nope/score").status_code == 404
    assert client.get("/api/nothing").status_code == 404
    assert client.put("/api/games").status_code == 405


def test_list_and_openapi(client):
    gid = new_game(client)["id"]
    listing = client.get("/api/games", headers=auth(gid)).json
    assert "go" in listing["available"] and listing["recent"][0]["id"] == gid
    spec = client.get("/api/openapi.json").json
    assert spec["openapi"].startswith("3.")
    for path in ["/api/games", "/api/games/{id}", "/api/games/{id}/actions",
                 "/api/games/{id}/undo", "/api/games/{id}/score", "/api/games/{id}/machine"]:
        assert path in spec["paths"]


def test_echo_baseline(client):
    assert client.post("/api/echo", json={"a": 1}).json == {"echo": {"a": 1}}


@pytest.mark.parametrize("path, status", [("/", 200), ("/go", 200), ("/go/abc123", 200),
                                          ("/chess", 404)])
def test_pages(client, path, status):
    with client.get(path) as resp:
        assert resp.status_code == status


def test_a_person_cannot_play_the_machines_turn(client):
    gid = new_game(client, white="machine")["id"]
    assert move(client, gid, 4, 4).status_code == 200
    before = client.get(f"/api/games/{gid}").json
    resp = move(client, gid, 3, 3)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "machine_turn"
    assert client.get(f"/api/games/{gid}").json == before
    assert move(client, gid, 4, 4).json["error"]["code"] == "occupied"   # what is wrong comes first
    assert client.post(f"/api/games/{gid}/machine").status_code == 200
