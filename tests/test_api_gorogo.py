"""The JSON API with GoRoGo: options, the opening Henge, captures (a Henge counting as the
mover's colour included), refusals that change nothing, the machine, machine-against-machine
games to the end, and the REPL facade.

A new game's creator holds its human seats: the secret the creation answers is kept
here (SECRETS) and sent with every action (Authorization: Bearer)."""

from __future__ import annotations

import re

import pytest

from app.games import Refused
from app.gorogo import GorogoGame

SECRETS: dict[str, str] = {}  # game id -> the secret of the seats its creator holds


def new_game(client, **options):
    options = {"black": "human", "white": "human", **options}
    resp = client.post("/api/games", json={"game": "gorogo", "options": options})
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


def machine(client, game_id, **extra):
    return client.post(f"/api/games/{game_id}/machine", json=extra, headers=auth(game_id))


def place(client, game_id, row, col, piece=None):
    action = {"kind": "place", "pos": [row, col]}
    if piece is not None:
        action["piece"] = piece
    return act(client, game_id, action)


def shown(client, game_id):
    return client.get(f"/api/games/{game_id}").json


def play_all(client, game_id, placements):
    """Placements (row, col) or (row, col, piece), each of which must be accepted."""
    view = None
    for placement in placements:
        resp = place(client, game_id, *placement)
        assert resp.status_code == 200, (placement, resp.json)
        view = resp.json["view"]
    return view


def cell(view, row, col):
    return view["board"][row][col]


ALL_POINTS = [[r, c] for r in range(5) for c in range(5)]

#  The surplus Henge at (4,4); Black (0,0) is taken when White closes (1,0).
CAPTURE_ONE = [(4, 4), (0, 0), (0, 1), (2, 2), (1, 0)]


# ---- options -------------------------------------------------------------------------

def test_new_game_view(client):
    g = new_game(client)
    view = g["view"]
    assert view["board"] == ["....."] * 5
    assert view["to_move"] == "w" and view["phase"] == "opening_henge"
    assert view["in_hand"] == {"b": {"regular": 10, "henge": 2}, "w": {"regular": 10, "henge": 2}}
    assert view["captures"] == {"b": 0, "w": 0} and view["last"] is None
    assert view["legal"] == {"regular": [], "henge": ALL_POINTS}
    assert view["status"] == {"en": "White: place the surplus Henge anywhere",
                              "es": "Blanco: coloca la Henge sobrante donde quieras"}
    assert view["over"] is False and view["result"] is None
    assert view["seats"] == {"b": "human", "w": "human"} and view["depth"] == 4
    assert view["machine_to_move"] is False and "players" not in view
    assert shown(client, g["id"])["view"] == view


def test_default_options(client):
    resp = client.post("/api/games", json={"game": "gorogo"})
    assert resp.status_code == 201
    view = resp.json["view"]
    assert view["seats"] == {"b": "human", "w": "machine"} and view["depth"] == 4
    assert view["machine_to_move"] is True


@pytest.mark.parametrize("options", [
    {"depth": 0}, {"depth": 6}, {"depth": 9}, {"depth": "4"}, {"depth": 2.5}, {"depth": None},
    {"black": "robot"}, {"white": "maquina"}, {"black": 1}, {"size": 5},
])
def test_bad_options(client, options):
    resp = client.post("/api/games", json={"game": "gorogo", "options": options})
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_option"
    assert resp.json["error"]["message"]


# ---- the opening and placements ------------------------------------------------------

@pytest.mark.parametrize("piece", [None, "henge"])
def test_opening_henge_by_white(client, piece):
    gid = new_game(client)["id"]
    resp = place(client, gid, 2, 2, piece)
    assert resp.status_code == 200 and resp.json["plies"] == 1
    view = resp.json["view"]
    assert view["board"] == [".....", ".....", "..H..", ".....", "....."]
    assert view["to_move"] == "b" and view["phase"] == "play"
    # The surplus Henge is in nobody's hand.
    assert view["in_hand"] == {"b": {"regular": 10, "henge": 2}, "w": {"regular": 10, "henge": 2}}
    assert view["last"] == {"player": "w", "kind": "place", "piece": "henge", "pos": [2, 2],
                            "captured": []}
    assert [2, 2] not in view["legal"]["regular"] and len(view["legal"]["regular"]) == 24
    assert view["status"]["en"] == "Black to place: 10 regular and 2 Henge in hand"
    start = "gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0]],w,hand(10,2,10,2),captures(0,0),opening_henge)"
    assert resp.json["explain"] == [
        {"query": f"gorogo_refusal({start}, place(henge,2,2), Code)", "answer": "false"},
        {"query": f"gorogo_place({start}, place(henge,2,2), State)",
         "answer": "State = gorogo([[0, 0, 0, 0, 0], [0, 0, 0, 0, 0], [0, 0, 3, 0, 0], [0, 0, 0, 0, 0], "
                   "[0, 0, 0, 0, 0]], b, hand(10, 2, 10, 2), captures(0, 0), play)"}]


def test_placements_alternate_and_count_down(client):
    gid = new_game(client)["id"]
    view = play_all(client, gid, [(0, 0), (1, 1), (3, 3), (4, 0, "henge")])
    assert view["board"] == ["H....", ".B...", ".....", "...W.", "H...."]
    assert view["in_hand"] == {"b": {"regular": 9, "henge": 1}, "w": {"regular": 9, "henge": 2}}
    assert view["last"] == {"player": "b", "kind": "place", "piece": "henge", "pos": [4, 0],
                            "captured": []}
    assert view["to_move"] == "w"
    assert [a["pos"] for a in shown(client, gid)["actions"]] == [[0, 0], [1, 1], [3, 3], [4, 0]]


def test_capture_flow(client):
    gid = new_game(client)["id"]
    play_all(client, gid, CAPTURE_ONE[:-1])
    resp = place(client, gid, *CAPTURE_ONE[-1])
    assert resp.status_code == 200
    view = resp.json["view"]
    assert view["board"] == [".W...", "W....", "..B..", ".....", "....H"]
    assert view["captures"] == {"b": 0, "w": 1}
    assert view["last"] == {"player": "w", "kind": "place", "piece": "regular", "pos": [1, 0],
                            "captured": [[0, 0]]}
    assert resp.json["explain"][1]["query"].startswith("gorogo_place(gorogo([[1,2,0,0,0],")
    assert resp.json["explain"][1]["answer"].startswith("State = gorogo([[0, 2, 0, 0, 0], [2, 0, 0, 0, 0],")
    assert resp.json["explain"][1]["answer"].endswith("captures(0, 1), play)")
    assert [0, 0] not in view["legal"]["regular"]       # suicide for Black now
    assert [0, 0] in view["legal"]["henge"]             # a Henge may go anywhere empty
    # Then a group of two on the edge, next to the Henge (White's on White's turn).
    view = play_all(client, gid, [(3, 4), (1, 4), (2, 4), (2, 3), (0, 3), (3, 3)])
    assert view["board"] == [".W.B.", "W...W", "..BW.", "...W.", "....H"]
    assert view["captures"] == {"b": 0, "w": 3}
    assert sorted(view["last"]["captured"]) == [[2, 4], [3, 4]]
    assert shown(client, gid)["view"]["captures"] == {"b": 0, "w": 3}


def test_a_henge_counts_as_the_movers_colour(client):
    gid = new_game(client)["id"]
    # White's (0,0) lives through the Henge at (0,1), which is White's on White's turn...
    view = play_all(client, gid, [(0, 1), (1, 0), (0, 0)])
    assert view["board"][:2] == ["WH...", "B...."]
    # ...and Black's on Black's: any Black placement removes it.
    view = play_all(client, gid, [(4, 4)])
    assert view["board"][:2] == [".H...", "B...."] and view["captures"] == {"b": 1, "w": 0}
    assert view["last"]["captured"] == [[0, 0]]


#  The surplus Henge, then 20 regular pieces that capture nothing: both players hold only
#  their two Henge, Black to place.
ONLY_HENGE = [(2, 2)] + [(r, c) for r, c in [
    (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 1), (1, 0), (1, 3), (1, 4), (2, 1),
    (2, 0), (2, 3), (2, 4), (3, 1), (3, 0), (3, 2), (3, 3), (4, 1), (3, 4), (4, 2)]]


def test_two_henge_left_then_one(client):
    gid = new_game(client)["id"]
    view = play_all(client, gid, ONLY_HENGE)
    assert view["in_hand"] == {"b": {"regular": 0, "henge": 2}, "w": {"regular": 0, "henge": 2}}
    assert view["status"]["en"] == "Black to place: 0 regular and 2 Henge in hand"
    assert view["legal"] == {"regular": [], "henge": [[1, 2], [4, 0], [4, 3], [4, 4]]}
    resp = place(client, gid, 4, 0)                  # no piece named: a regular one
    assert resp.status_code == 409 and resp.json["error"]["code"] == "no_regular_left"
    view = play_all(client, gid, [(4, 4, "henge")])  # a Henge remains after it: allowed
    assert view["to_move"] == "w" and view["over"] is False
    view = play_all(client, gid, [(4, 3, "henge")])  # White too; Black's last piece is a Henge
    assert view["over"] is True and view["to_move"] is None
    assert view["in_hand"]["b"] == {"regular": 0, "henge": 1}
    assert view["result"] == {"code": "no_legal_move", "winner": "w", "margin": "W+F",
                              "message": "White wins: Black has no legal placement"}


# ---- refusals change nothing -----------------------------------------------------------

@pytest.mark.parametrize("setup, action, status, code", [
    ([], {"kind": "place", "piece": "regular", "pos": [2, 2]}, 409, "henge_first"),
    ([(2, 2)], {"kind": "place", "pos": [2, 2]}, 409, "occupied"),
    ([(2, 2)], {"kind": "place", "piece": "henge", "pos": [2, 2]}, 409, "occupied"),
    (CAPTURE_ONE, {"kind": "place", "pos": [0, 1]}, 409, "occupied"),
    (CAPTURE_ONE, {"kind": "place", "pos": [0, 0]}, 409, "suicide"),
    (CAPTURE_ONE, {"kind": "place", "piece": "regular", "pos": [0, 0]}, 409, "suicide"),
    ([(2, 2), (0, 0, "henge"), (1, 1), (0, 4, "henge"), (1, 3)],
     {"kind": "place", "piece": "henge", "pos": [4, 4]}, 409, "no_henge_left"),
    ([(2, 2)], {"kind": "place", "pos": [5, 0]}, 400, "off_board"),
    ([(2, 2)], {"kind": "place", "pos": [0, -1]}, 400, "off_board"),
    ([(2, 2)], {"kind": "place", "pos": "c3"}, 400, "bad_action"),
    ([(2, 2)], {"kind": "place", "pos": [1]}, 400, "bad_action"),
    ([(2, 2)], {"kind": "place", "piece": "king", "pos": [1, 1]}, 400, "bad_action"),
    ([(2, 2)], {"kind": "move", "pos": [1, 1]}, 400, "bad_kind"),
    ([(2, 2)], {"kind": "place", "pos": [1, 1], "colour": "b"}, 400, "bad_field"),
])
def test_refusals_change_nothing(client, setup, action, status, code):
    gid = new_game(client)["id"]
    play_all(client, gid, setup)
    before = shown(client, gid)
    resp = act(client, gid, action)
    assert resp.status_code == status, resp.json
    assert resp.json["error"]["code"] == code and resp.json["error"]["message"]
    if status == 409:
        explain = resp.json["error"]["explain"]
        assert len(explain) == 1
        assert re.fullmatch(r"gorogo_refusal\(gorogo\(.*\), place\((regular|henge),-?\d,-?\d\), Code\)",
                            explain[0]["query"])
        assert explain[0]["answer"] == f"Code = {code}"
    assert shown(client, gid) == before


def test_stale_version(client):
    gid = new_game(client)["id"]
    assert place(client, gid, 2, 2).status_code == 200
    resp = act(client, gid, {"kind": "place", "pos": [0, 0]}, revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"
    resp = machine(client, gid, revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"
    assert shown(client, gid)["plies"] == 1


def test_undo_gives_back_a_capture(client):
    gid = new_game(client)["id"]
    play_all(client, gid, CAPTURE_ONE)
    view = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(gid)).json["view"]
    assert cell(view, 0, 0) == "B" and view["captures"] == {"b": 0, "w": 0}
    assert view["to_move"] == "w" and view["in_hand"]["w"]["regular"] == 9


# ---- the machine ---------------------------------------------------------------------

def test_machine_plays_legal_moves(client):
    gid = new_game(client, white="machine", depth=2)["id"]
    view = shown(client, gid)["view"]
    for plies in range(1, 9):
        if view["to_move"] == "b":
            assert view["machine_to_move"] is False
            row, col = view["legal"]["regular"][-1]
            resp = place(client, gid, row, col, "regular")
        else:
            assert view["machine_to_move"] is True
            resp = machine(client, gid, revision=shown(client, gid)["revision"])
            assert resp.status_code == 200, resp.json
            action = resp.json["action"]
            assert action["kind"] == "place" and action["piece"] in ("regular", "henge")
            assert action["pos"] in view["legal"][action["piece"]]
            assert resp.json["view"]["last"]["pos"] == action["pos"]
            assert resp.json["view"]["last"]["player"] == "w"
            assert shown(client, gid)["actions"][-1] == action
        assert resp.status_code == 200 and resp.json["plies"] == plies
        view = resp.json["view"]
    assert view["to_move"] == "w" and view["phase"] == "play"


@pytest.mark.parametrize("depth", [1, 2])
def test_machine_against_machine_ends(client, depth):
    gid = new_game(client, black="machine", white="machine", depth=depth)["id"]
    for calls in range(1, 30):
        resp = machine(client, gid)
        assert resp.status_code == 200, resp.json
        view = resp.json["view"]
        if view["over"]:
            break
    result = view["result"]
    assert view["over"] is True and result["winner"] in ("b", "w") and view["to_move"] is None
    assert view["legal"] == {"regular": [], "henge": []}
    assert view["machine_to_move"] is False
    match = re.fullmatch(r"([BW])\+(\d+|F)", result["margin"])
    assert match and match[1].lower() == result["winner"]
    assert result["message"] == view["status"]["en"]
    b, w = view["captures"]["b"], view["captures"]["w"]
    if result["code"] == "captures":
        assert calls == 25 and int(match[2]) == abs(b - w)
        assert result["winner"] == ("b" if b > w else "w")
        assert all(hand == {"regular": 0, "henge": 0} for hand in view["in_hand"].values())
    else:
        assert result["code"] == "no_legal_move" and match[2] == "F"
    before = shown(client, gid)
    resp = place(client, gid, 2, 2)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "game_over"
    resp = machine(client, gid)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"
    assert shown(client, gid) == before and before["plies"] == calls


# ---- the REPL facade -----------------------------------------------------------------

def test_facade():
    g = GorogoGame(white="human")
    assert g.phase == "opening_henge" and g.winner is None and g.result is None
    g.henge(4, 4)
    for row, col in CAPTURE_ONE[1:]:
        g.place(row, col)
    assert g.captures == {"b": 0, "w": 1}
    assert g.in_hand == {"b": {"regular": 8, "henge": 2}, "w": {"regular": 8, "henge": 2}}
    g.place(3, 3, "henge")
    assert g.in_hand["b"]["henge"] == 1 and g.board[3] == "...H."
    text = str(g)
    assert "0 |   | W |   |   |   |" in text and "4 |   |   |   |   | H |" in text
    assert text.count("H") == 2 and text.count("B") == 1 and text.count("W") == 2
    assert repr(g).startswith("<GorogoGame White to place: 8 regular and 2 Henge in hand>")
    with pytest.raises(Refused) as refused:
        g.place(0, 1)
    assert refused.value.code == "occupied"
    g.place(4, 0)
    with pytest.raises(Refused) as refused:
        g.place(0, 0)                       # Black, between White's (0,1) and (1,0)
    assert refused.value.code == "suicide" and g.to_move == "b"


def test_facade_machine_to_the_end():
    g = GorogoGame(black="machine", white="machine", depth=1)
    played = g.play_machines()
    assert len(played) == len(g.actions) and g.over
    assert g.winner in ("b", "w") and re.fullmatch(r"[BW]\+(\d+|F)", g.result["margin"])
    assert g.result["winner"] == g.winner and g.result["code"] in ("captures", "no_legal_move")
    score = g.score()
    assert score["captures"] == g.captures and score["in_hand"] == g.in_hand
    assert score["leader"] == ("b" if g.captures["b"] > g.captures["w"] else "w")
    h = GorogoGame(depth=2)                 # human Black, machine White
    assert h.play_machines()[0]["piece"] == "henge" and h.to_move == "b"
    h.place(*h.legal["regular"][0])
    assert h.machine()["kind"] == "place" and h.to_move == "b"
