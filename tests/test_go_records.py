"""A finished game is a record (issue 11's leftovers), through the API and the REPL:

- undo of a finished game (Go counted or resigned, GoRoGo won) is refused with 409
  game_over and changes nothing; the scoring phase can still be undone; the REPL's
  Game.undo still takes back anything (a student exploring);
- an SGF record whose moves end in the scoring phase and whose RE is the score that
  accepting our proposed dead stones gives is opened finished with that result (both
  acceptances appended); another RE leaves the scoring phase open and the reply carries
  `record_result`, the file's RE;
- an SGF refusal carries its reason as data (`params`: reason, move, player, vertex,
  value...) beside its English message, for the page to word it in its language.

The SGF files are tests/data/sgf/'s, written by GNU Go and in the shape of OGS's; a few are
changed here in their RE only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sgfmill import sgf

from app.go import GoGame

DATA = Path(__file__).parent / "data" / "sgf"


def auth(secret):
    return {"Authorization": f"Bearer {secret}"}


def create(client, game="go", **options):
    resp = client.post("/api/games", json={"game": game, "options": options})
    assert resp.status_code == 201, resp.json
    return resp.json


def act(client, game, action, seat=None):
    secret = game["secrets"][seat] if seat else next(iter(game["secrets"].values()))
    resp = client.post(f"/api/games/{game['id']}/actions", json={"action": action},
                       headers=auth(secret))
    assert resp.status_code == 200, resp.json
    return resp.json


def shown(client, game):
    return client.get(f"/api/games/{game['id']}").json


def undo(client, game, seat=None, **body):
    secret = game["secrets"][seat] if seat else next(iter(game["secrets"].values()))
    return client.post(f"/api/games/{game['id']}/undo", json=body, headers=auth(secret))


def upload(client, text, **extra):
    return client.post("/api/games", json={"game": "go", "sgf": text, **extra})


def with_result(name: str, result: str) -> str:
    """A file of tests/data/sgf/ with its RE replaced."""
    text = (DATA / name).read_text()
    assert "RE[" in text
    return re.sub(r"RE\[[^]]*\]", f"RE[{result}]", text, count=1)


def counted_go(client, **options):
    """A 9x9 Go game: Black E5, White A1, two passes, both accept.  White's corner stone is
    dead; the documents' preset counts B+81."""
    game = create(client, size=9, **options)
    for action in ({"kind": "move", "pos": [4, 4]}, {"kind": "move", "pos": [8, 0]},
                   {"kind": "pass"}, {"kind": "pass"}):
        act(client, game, action)
    view = shown(client, game)["view"]
    assert view["phase"] == "scoring" and view["dead"] == [[8, 0]]
    act(client, game, {"kind": "accept", "player": "b"})
    view = act(client, game, {"kind": "accept", "player": "w"})["view"]
    assert view["over"] is True and view["result"]["code"] == "B+81"
    return game


# ---- undo of a finished game ------------------------------------------------------------


def test_a_counted_go_game_is_not_undone(client):
    game = counted_go(client)
    before = shown(client, game)
    resp = undo(client, game)
    assert resp.status_code == 409
    assert resp.json["error"]["code"] == "game_over"
    assert resp.json["error"]["message"] == "The game is over: its record stays as it ended"
    after = shown(client, game)
    assert (after["revision"], after["plies"], after["view"]) == (
        before["revision"], 6, before["view"])
    assert after["actions"][-1] == {"kind": "accept", "player": "w"}


def test_a_resigned_go_game_is_not_undone_but_the_scoring_phase_is(client):
    game = create(client, size=9)
    act(client, game, {"kind": "move", "pos": [4, 4]})
    act(client, game, {"kind": "resign", "player": "w"})
    resp = undo(client, game)
    assert (resp.status_code, resp.json["error"]["code"]) == (409, "game_over")
    assert shown(client, game)["plies"] == 2
    # Not over yet: the scoring phase (one acceptance) is undone as before.
    scoring = create(client, size=9)
    for action in ({"kind": "pass"}, {"kind": "pass"}, {"kind": "accept", "player": "b"}):
        act(client, scoring, action)
    resp = undo(client, scoring)
    assert resp.status_code == 200
    assert resp.json["view"]["phase"] == "scoring" and resp.json["view"]["accepted"] == {
        "b": False, "w": False}


def test_between_two_people_a_finished_game_takes_no_undo_request(client):
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9}, "hold": ["b"]})
    game = resp.json
    token = game["invitations"]["w"].rsplit(".", 1)[1]
    white = client.post(f"/api/games/{game['id']}/seats/w", json={"invitation": token}).json
    game["secrets"]["w"] = white["secrets"]["w"]
    act(client, game, {"kind": "move", "pos": [4, 4]}, "b")
    act(client, game, {"kind": "resign", "player": "w"}, "w")
    for seat, body in (("b", {}), ("w", {}), ("w", {"accept": True})):
        resp = undo(client, game, seat, **body)
        assert (resp.status_code, resp.json["error"]["code"]) == (409, "game_over"), (seat, body)
    after = shown(client, game)
    assert after["undo_request"] is None and after["plies"] == 2


#  GoRoGo (5x5): the surplus Henge, then 20 regular pieces that capture nothing; then Black
#  and White place a Henge each and Black has no legal placement left: White wins.
GOROGO_TO_THE_END = [(2, 2)] + [
    (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 1), (1, 0), (1, 3), (1, 4), (2, 1),
    (2, 0), (2, 3), (2, 4), (3, 1), (3, 0), (3, 2), (3, 3), (4, 1), (3, 4), (4, 2)]


def test_a_won_gorogo_game_is_not_undone(client):
    game = create(client, "gorogo", black="human", white="human")
    for row, col in GOROGO_TO_THE_END:
        act(client, game, {"kind": "place", "pos": [row, col]})
    act(client, game, {"kind": "place", "pos": [4, 4], "piece": "henge"})
    undone = undo(client, game)  # not over yet: taken back
    assert undone.status_code == 200 and undone.json["plies"] == 21
    act(client, game, {"kind": "place", "pos": [4, 4], "piece": "henge"})
    view = act(client, game, {"kind": "place", "pos": [4, 3], "piece": "henge"})["view"]
    assert view["over"] is True and view["result"]["winner"] == "w"
    before = shown(client, game)
    resp = undo(client, game)
    assert (resp.status_code, resp.json["error"]["code"]) == (409, "game_over")
    assert shown(client, game)["revision"] == before["revision"]


def test_the_repl_still_undoes_a_finished_game():
    g = GoGame(size=5)
    g.play("C3")
    g.play("A1")
    g.pass_()
    g.pass_()
    g.accept()
    g.accept()
    assert g.result == "B+25"
    g.undo()  # a student exploring: the REPL takes back the acceptance
    assert g.result is None and g.phase == "scoring"
    assert g.view["accepted"] == {"b": True, "w": False}


# ---- an SGF record with a result --------------------------------------------------------


def moves_of(text: str) -> list:
    game = sgf.Sgf_game.from_bytes(text.encode("utf-8"))
    return [node.get_move() for node in game.get_main_sequence()[1:] if node.get_move()[0]]


def test_a_record_whose_result_our_count_gives_opens_finished(client):
    text = (DATA / "gnugo-9x9-selfplay.sgf").read_text()
    assert "RE[B+17.5]" in text and len(moves_of(text)) == 48
    resp = upload(client, text)
    assert resp.status_code == 201, resp.json
    game = resp.json
    view = game["view"]
    assert view["over"] is True and view["phase"] == "over"
    assert view["result"]["code"] == "B+17.5" and view["result"]["reason"] == "count"
    assert game["record_result"] is None
    assert game["plies"] == 50
    kinds = [a["kind"] for a in game["actions"]]
    assert kinds[-4:] == ["pass", "pass", "accept", "accept"]
    assert {a["player"] for a in game["actions"][-2:]} == {"b", "w"}
    assert game["actions"][-1] == view["last"]
    # Stored as it was answered, and written back with the file's moves and result.
    assert shown(client, game)["actions"] == game["actions"]
    record = client.get(f"/api/games/{game['id']}/sgf").data.decode()
    assert "RE[B+17.5]" in record
    assert moves_of(record) == moves_of(text)
    # A finished record: no undo.
    resp = client.post(f"/api/games/{game['id']}/undo", json={},
                       headers=auth(game["secrets"]["b"]))
    assert (resp.status_code, resp.json["error"]["code"]) == (409, "game_over")


@pytest.mark.parametrize("name, result", [("gnugo-19x19-selfplay.sgf", "B+16.5"),
                                          ("gnugo-13x13-handicap3.sgf", "B+42.5")])
def test_gnugo_records_with_dead_stones_open_finished(client, name, result):
    game = upload(client, (DATA / name).read_text()).json
    assert game["view"]["result"]["code"] == result and game["record_result"] is None
    assert game["view"]["dead"]  # counted with dead stones still on the board, as GNU Go did


def test_a_machine_seat_of_a_finished_record(client):
    text = (DATA / "gnugo-9x9-selfplay.sgf").read_text()
    game = upload(client, text, options={"white": "gnugo", "level": 1}).json
    assert game["view"]["result"]["code"] == "B+17.5"
    assert game["view"]["seats"] == {"b": "human", "w": "gnugo"}
    assert game["view"]["machine_to_move"] is False


def test_a_record_whose_result_our_count_does_not_give_stays_in_the_scoring_phase(client):
    text = (DATA / "ogs-9x9-capture.sgf").read_text()
    assert "RE[B+12.5]" in text
    game = upload(client, text).json
    view = game["view"]
    assert view["phase"] == "scoring" and view["over"] is False and view["result"] is None
    assert game["record_result"] == "B+12.5" and game["plies"] == 8
    assert view["accepted"] == {"b": False, "w": False}
    # Our count, as the phase shows it: five stones on an open board, nothing proposed
    # dead (go_dead's open ground), Black's A9 and its prisoner against White's komi.
    assert view["dead"] == []
    assert (view["score"]["b"], view["score"]["w"]) == (2, 5.5)


@pytest.mark.parametrize("result, over, code, record", [
    ("B+17.5", True, "B+17.5", None),
    ("b+17.5", True, "B+17.5", None),   # as some programs write it
    ("B+17", False, None, "B+17"),      # half a point away: not ours
    ("W+17.5", False, None, "W+17.5"),
    ("0", False, None, "0"),            # a draw
    ("B+T", False, None, "B+T"),        # on time: not a score
    ("Void", False, None, "Void"),
])
def test_the_file_result_against_ours(client, result, over, code, record):
    game = upload(client, with_result("gnugo-9x9-selfplay.sgf", result)).json
    assert game["view"]["over"] is over
    assert (game["view"]["result"] or {}).get("code") == code
    assert game["record_result"] == record
    assert game["plies"] == (50 if over else 48)


def test_a_draw_is_read_as_a_draw():
    """A 3x3 Japanese game, komi 0, two passes: nobody's points, a draw, RE[0]."""
    g = GoGame.from_sgf("(;GM[1]FF[4]SZ[3]KM[0]RU[Japanese]RE[0];B[];W[])")
    assert g.result == "Draw" and g.record_result is None and len(g.actions) == 4
    g = GoGame.from_sgf("(;GM[1]FF[4]SZ[3]KM[0]RU[Japanese]RE[Jigo];B[];W[])")
    assert g.result == "Draw"
    # The documents' preset gives a tie to White: W+0, not a draw.
    g = GoGame.from_sgf("(;GM[1]FF[4]SZ[3]KM[0]RU[Tablero documents]RE[0];B[];W[])")
    assert g.phase == "scoring" and g.record_result == "0"
    g = GoGame.from_sgf("(;GM[1]FF[4]SZ[3]KM[0]RU[Tablero documents]RE[W+0];B[];W[])")
    assert g.result == "W+0" and g.record_result is None


def test_a_result_before_two_passes_and_no_result(client):
    # The record ends in play: nothing to count, the file's result is shown beside.
    game = upload(client, "(;GM[1]SZ[9]KM[6.5]RE[W+2.5];B[ee];W[cc])").json
    assert game["view"]["phase"] == "play" and game["record_result"] == "W+2.5"
    game = upload(client, (DATA / "sabaki-13x13.sgf").read_text()).json  # no RE
    assert game["view"]["phase"] == "scoring" and game["record_result"] is None
    # A resignation is played as before; nothing is left to show beside.
    game = upload(client, (DATA / "kgs-19x19-handicap2.sgf").read_text()).json
    assert game["view"]["result"]["code"] == "W+R" and game["record_result"] is None


# ---- SGF refusals as data -----------------------------------------------------------------


@pytest.mark.parametrize("text, code, params", [
    ((DATA / "illegal-move-7.sgf").read_text(), "sgf_move",
     {"reason": "occupied", "move": 7, "player": "b", "vertex": "C7", "kind": "move"}),
    ("(;GM[1]SZ[9];B[ee];B[cc])", "sgf_move",
     {"reason": "not_your_turn", "move": 2, "player": "b", "vertex": "C7", "kind": "move"}),
    ("(;GM[1]SZ[19];B[tt];W[tt];W[ss])", "sgf_move",
     {"reason": "not_your_turn", "move": 3, "player": "w", "vertex": "T1", "kind": "move"}),
    ("(;GM[1]SZ[9];B[ee];W[zz])", "sgf_unreadable",
     {"reason": "no_point", "move": 2, "player": "w", "value": "zz", "size": 9}),
    ("hello", "sgf_unreadable", {"reason": "not_sgf"}),
    ("(;GM[1]FF[4]SZ[30];B[aa])", "sgf_size", {"value": "30", "min": 2, "max": 25}),
    ("(;GM[2]SZ[8])", "sgf_not_go", {"value": "2"}),
    ("(;GM[1]SZ[9]KM[6.3])", "sgf_komi", {"reason": "range", "value": "6.3"}),
    ("(;GM[1]SZ[9]KM[lots])", "sgf_komi", {"reason": "not_a_number", "value": "lots"}),
    ("(;GM[1]SZ[9];B[ee];W[cc];AB[gg];B[gc])", "sgf_setup", {"reason": "after_move", "move": 2}),
    ("(;GM[1]SZ[9]AB[aa:ii]AW[aa])", "sgf_setup", {"reason": "twice"}),
    ("(;GM[1]SZ[9]AB[aa]AW[ab][ba])", "sgf_options", {"reason": "bad_option"}),
])
def test_refusals_carry_their_reason_as_data(client, text, code, params):
    resp = upload(client, text)
    assert resp.status_code == 400, resp.json
    error = resp.json["error"]
    assert error["code"] == code and error["params"] == params
    assert error["message"]  # the English message is kept
    if code == "sgf_move":
        assert error["message"].startswith(f"move {params['move']} (")


def test_a_refusal_without_params_has_none(client):
    resp = client.post("/api/games/nope/undo", json={})
    assert resp.status_code == 404 and "params" not in resp.json["error"]


# ---- the console sees a superko game's whole history ----------------------------------------


def test_the_console_refuses_a_move_that_repeats_an_older_position(tmp_path):
    """The triple ko of tests/test_cache.py (prolog/go.plt's go_superko): White's retake at
    [0, 6] would bring back the position after the setup's sixth ply.  The stored state holds
    only the first position's hash; the console gets the others from the plies' traces."""
    from app import console, create_app

    from .test_cache import ACTIONS, OPTIONS, RETAKE

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db")})
    if "console" not in app.blueprints:
        app.register_blueprint(console.bp)
    client = app.test_client()
    try:
        game = create(client, **OPTIONS)
        for action in ACTIONS:
            act(client, game, action)
        refused = client.post(f"/api/games/{game['id']}/actions", json={"action": RETAKE},
                              headers=auth(game["secrets"]["b"]))
        assert refused.json["error"]["code"] == "superko"

        def ask(goal):
            resp = client.post(f"/api/games/{game['id']}/query", json={"goal": goal})
            assert resp.status_code == 200, resp.json
            return resp.json

        retake = 'catch(go_play(Game, move("w", [0,6]), _, _), refusal(Code, _), true)'
        reply = ask(retake)
        assert [a["text"] for a in reply["answers"]] == ['Code = superko']
        # The history is all there: one hash per position, the first included.
        reply = ask("Game = go(_, _, _, _, _, History, _, _), length(History, N)")
        assert reply["answers"][0]["bindings"]["N"] == str(len(ACTIONS))  # 20 moves and a pass
        # Another move is played as before.
        reply = ask('go_play(Game, move("w", [4,4]), G, _), go_board(G, B), nth0(4, B, Row)')
        row = reply["answers"][0]["bindings"]["Row"]
        assert row == '["-", "-", "-", "-", "w", "-", "-", "-", "-"]'
    finally:
        pool = app.extensions.get("tablero_console")
        if pool is not None:
            pool.close()
