"""`tablero serve --rules GAME=FILE.pl` for Molinolog, GoRoGo and Azul (app/student_rules.py,
prolog/grade/rules_games.pl): every move is asked of the student's rules in the kit's
terms, the verdict stored with the action, counted, and given whole by GET /verdicts.

The students are written here in the shapes real solutions have, each with one real
bug: Lucía's Molinolog rules on estado/8 (no radial mills), Rita's GoRoGo on her own
facts and matrix through the teacher's adapter (a piece's own liberties, not its
group's: tests/students/tournament/gorogo/rita/, which also plays tournaments) and
Yoel's Azul on asserted facts through an adapter (the first-player marker never
reaches the floor).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from app import confine, create_app, student_rules

from .pg import app_on

STUDENTS = Path(__file__).resolve().parent / "students"
LUCIA = STUDENTS / "rules" / "molinolog_lucia.pl"
RITA = STUDENTS / "tournament" / "gorogo" / "rita"
YOEL = STUDENTS / "rules" / "azul_yoel"

pytestmark = pytest.mark.skipif(confine.problem() is not None,
                                reason="a student's code runs only confined")


def start(client, game, options):
    reply = client.post("/api/games", json={"game": game, "options": options})
    assert reply.status_code == 201
    return reply.json


def play(client, game, action):
    """(status, body, verdict): the action for the seat to move."""
    gid = game["id"]
    seat = str(client.get(f"/api/games/{gid}").json["view"]["to_move"])
    reply = client.post(f"/api/games/{gid}/actions", json={"action": action},
                        headers={"Authorization": f"Bearer {game['secrets'][seat]}"})
    body = reply.json
    verdict = body.get("student") if reply.status_code == 200 else body["error"].get("student")
    return reply.status_code, body, verdict


def place(d, r):
    return {"kind": "place", "point": [d, r]}


def test_molinolog_a_radial_mill_is_missed_and_kept(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"molinolog": str(LUCIA)}})
    client = app.test_client()
    game = start(client, "molinolog", {"black": "human", "white": "human"})
    assert game["student_rules"] == {"game": "molinolog", "file": "molinolog_lucia.pl"}
    for point in (("n", 1), ("s", 1), ("n", 2), ("s", 2)):
        status, _, verdict = play(client, game, place(*point))
        assert status == 200 and verdict["code"] == "agree", verdict
    # Black closes the mill (n,1) (n,2) (n,3): ours ask Black to capture, hers pass the turn.
    status, body, verdict = play(client, game, place("n", 3))
    assert status == 200 and body["view"]["phase"] == "capture"      # ours decide
    assert verdict["code"] == "board_differs" and verdict["agree"] is False
    assert verdict["fields"] == ["turno", "fase", "sin_captura", "historia"]
    assert verdict["diff"] == [] and verdict["move"] == "colocar((n,3))"
    assert verdict["ours"]["picture"]["phase"] == "capturar"
    assert verdict["ours"]["picture"]["mill"] == [["n", 1], ["n", 2], ["n", 3]]
    assert verdict["theirs"]["picture"]["to_move"] == "w"
    assert verdict["theirs"]["picture"]["phase"] == "colocar"
    assert verdict["theirs"]["state"].startswith("estado(2,false,blanco,colocar,")
    assert verdict["ours"]["state"].startswith("estado(2,false,negro,capturar([(n,1),(n,2),(n,3)]),")
    assert sorted(verdict["before"]["pieces"]) == [[["n", 1], "b"], [["n", 2], "b"],
                                                   [["s", 1], "w"], [["s", 2], "w"]]
    assert verdict["query"] == ("accion_legal(E0, colocar((n,3))), aplicar(E0, colocar((n,3)), E), "
                                "fin_del_juego(E, Resultado)")
    assert verdict["message"] == ("Their position after the move differs from ours "
                                  "(turno, fase, sin_captura, historia)")
    # Black must capture: a placement is refused by both (kept beside the game), the
    # capture is asked of their rules on our state and they agree.
    status, body, verdict = play(client, game, place("e", 1))
    assert status == 409 and body["error"]["code"] == "must_capture"
    assert verdict["code"] == "agree" and verdict["ours"]["refusal"] == "must_capture"
    status, _, verdict = play(client, game, {"kind": "capture", "point": ["s", 1]})
    assert status == 200 and verdict["code"] == "agree"
    counts = {"asked": 6, "differ": 1, "plies": [5], "tried": 1, "tried_differ": 0}
    shown = client.get(f"/api/games/{game['id']}").json
    assert shown["student_verdicts"] == counts
    kept = client.get(f"/api/games/{game['id']}/verdicts").json
    assert [v["code"] for v in kept["verdicts"]] == ["agree"] * 4 + ["board_differs", "agree"]
    assert kept["verdicts"][4]["theirs"]["picture"]["to_move"] == "w"    # kept whole
    assert kept["verdicts"][0]["theirs"]["state"] is None                 # an agreement: slim
    assert [(v["ply"], v["ours"]["refusal"]) for v in kept["tried"]] == [(5, "must_capture")]
    # An undo takes the capture's verdict with it.
    undo = client.post(f"/api/games/{game['id']}/undo", json={},
                       headers={"Authorization": f"Bearer {game['secrets']['b']}"})
    assert undo.status_code == 200
    assert client.get(f"/api/games/{game['id']}").json["student_verdicts"]["asked"] == 5


def test_molinolog_the_machines_move_is_asked_too(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"molinolog": str(LUCIA)}})
    client = app.test_client()
    game = start(client, "molinolog", {"size": 1, "depth": 1})
    assert play(client, game, place("n", 1))[0] == 200
    reply = client.post(f"/api/games/{game['id']}/machine", json={})
    assert reply.status_code == 200 and reply.json["student"]["code"] == "agree"
    assert client.get(f"/api/games/{game['id']}").json["student_verdicts"]["asked"] == 2


@pytest.mark.parametrize("database", ["sqlite", "postgresql"], indirect=True)
def test_gorogo_a_folder_with_its_adapter_refuses_a_connected_piece(database):
    with app_on(database, STUDENT_RULES={"gorogo": str(RITA)}) as app:
        client = app.test_client()
        game = start(client, "gorogo", {"black": "human", "white": "human"})
        assert game["student_rules"]["file"] == "rita/adapter.pl"
        moves = [("henge", [2, 2]), ("regular", [0, 1]), ("regular", [4, 4]),
                 ("regular", [1, 0]), ("regular", [4, 3])]
        for piece, pos in moves:
            status, _, verdict = play(client, game, {"kind": "place", "piece": piece, "pos": pos})
            assert status == 200 and verdict["code"] == "agree", verdict
        # Black's (0,0) has no empty neighbour, but joins (0,1) and (1,0), which breathe.
        status, body, verdict = play(client, game, {"kind": "place", "piece": "regular",
                                                    "pos": [0, 0]})
        assert status == 200 and body["view"]["board"][0] == "BB..."
        assert verdict["code"] == "they_refuse"
        assert verdict["theirs"] == {**verdict["theirs"], "status": "failed", "step": "jogada",
                                     "legal": False, "picture": None}
        assert verdict["ours"]["picture"]["board"] == ["BB...", "B....", "..H..", ".....",
                                                       "...WW"]
        assert verdict["before"]["board"][0] == ".B..."
        assert verdict["query"] == "retractall(jogo(_)), assertz(jogo(E0)), jogada(1,0,0), jogo(E)"
        assert verdict["message"] == "Their rules refuse this move; ours accept it"
        # Occupied: both refuse; kept beside the game.
        status, _, verdict = play(client, game, {"kind": "place", "piece": "regular",
                                                 "pos": [0, 0]})
        assert status == 409 and verdict["code"] == "agree"
        kept = client.get(f"/api/games/{game['id']}/verdicts").json
        assert [v["code"] for v in kept["verdicts"]] == ["agree"] * 5 + ["they_refuse"]
        assert kept["verdicts"][5]["ours"]["picture"]["board"][0] == "BB..."
        assert client.get(f"/api/games/{game['id']}").json["student_verdicts"] == {
            "asked": 6, "differ": 1, "plies": [6], "tried": 1, "tried_differ": 0}


def test_azul_the_first_player_marker_never_reaches_their_floor(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"azul": str(YOEL)}})
    client = app.test_client()
    game = start(client, "azul", {"players": ["human", "human"], "seed": 1})
    status, _, verdict = play(client, game, {"kind": "take", "source": 0, "colour": "black",
                                             "line": 1})
    assert status == 200 and verdict["code"] == "agree"
    status, _, verdict = play(client, game, {"kind": "take", "source": "centre",
                                             "colour": "white", "line": 2})
    assert status == 200 and verdict["code"] == "board_differs"
    assert verdict["fields"] == ["suelo(0)"] and verdict["player"] == "0"
    assert verdict["ours"]["picture"]["floor"] == ["first"]
    assert verdict["theirs"]["picture"]["floor"] == []
    assert verdict["ours"]["picture"]["lines"][1] == verdict["theirs"]["picture"]["lines"][1] \
        == ["white", 2]
    assert verdict["message"] == "Their position after the move differs from ours (suelo(0))"
    # A take of a colour the factory does not have: both refuse.
    status, _, verdict = play(client, game, {"kind": "take", "source": 0, "colour": "red",
                                             "line": 1})
    assert status == 409 and verdict["code"] == "agree"
    assert client.get(f"/api/games/{game['id']}").json["student_verdicts"]["differ"] == 1


@pytest.mark.slow              # waits out the student's CPU limit
def test_a_looping_or_missing_student_never_holds_the_game(tmp_path):
    loops = tmp_path / "loops.pl"
    loops.write_text("accion_legal(E, A) :- accion_legal(E, A).\n"
                     "aplicar(_, _, _).\nfin_del_juego(_, _) :- fail.\n")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"molinolog": str(loops)}})
    client = app.test_client()
    game = start(client, "molinolog", {"black": "human", "white": "human"})
    status, body, verdict = play(client, game, place("n", 1))
    assert status == 200 and body["plies"] == 1
    assert verdict["code"] == "they_failed"
    assert verdict["theirs"]["status"] in ("timeout", "inferences")
    assert verdict["message"].startswith("Their accion_legal/2 did not answer within its")
    assert "student" in play(client, game, place("s", 1))[1]          # started again
    # What each game asks is checked when served.
    assert student_rules.check(RITA / "adapter.pl", "gorogo")["ready"] is True
    assert student_rules.check(LUCIA, "azul")["failure"] == "jugadas_legales/2 is not defined"
    assert student_rules.parse_option(f"gorogo={RITA}") == ("gorogo", RITA / "adapter.pl")
    with pytest.raises(student_rules.StudentRulesError, match="adapter.pl or azul.pl"):
        student_rules.parse_option(f"azul={tmp_path}")
