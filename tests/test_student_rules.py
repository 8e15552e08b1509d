"""A student's rules on our board: `tablero serve --rules go=FILE.pl` (app/student_rules.py).

Every Go move is also asked of the student's goMove/4 (tests/students/*.pl, in a swipl
process of its own, prolog/grade/play.pl); the reply's `student` (or a refusal's
`error.student`) says where it disagrees with ours, with both boards.  Our rules stay
authoritative: the stored game is ours whatever the student's code does.
"""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

from app import create_app, student_rules

from .conftest import LiveServer, call

STUDENTS = Path(__file__).resolve().parent / "students"
EMPTY = "-" * 19


def board(stones: dict[tuple[int, int], str]) -> list[str]:
    """A 19x19 board as view rows, from {(row, col): "b" | "w"}."""
    rows = [list(EMPTY) for _ in range(19)]
    for (r, c), colour in stones.items():
        rows[r][c] = colour
    return ["".join(row) for row in rows]


def client_for(tmp_path, fixture: str):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"go": str(STUDENTS / fixture)}})
    return app.test_client()


def new_game(client, size=19):
    reply = client.post("/api/games", json={"game": "go", "options": {"size": size}})
    assert reply.status_code == 201
    game = reply.json
    return game["id"], {"Authorization": f"Bearer {game['secrets']['b']}"}, game


def move(client, gid, headers, pos):
    """(status, reply JSON, the student's verdict or None)."""
    reply = client.post(f"/api/games/{gid}/actions",
                        json={"action": {"kind": "move", "pos": pos}}, headers=headers)
    body = reply.json
    verdict = body.get("student") if reply.status_code == 200 else body["error"].get("student")
    return reply.status_code, body, verdict


#  Black's seventh move [0,1] captures two white groups at once: [0,0] and [0,2].
DOUBLE = [[1, 0], [0, 0], [1, 2], [0, 2], [0, 3], [10, 10], [0, 1]]
DOUBLE_BEFORE = board({(1, 0): "b", (0, 0): "w", (1, 2): "b", (0, 2): "w", (0, 3): "b",
                       (10, 10): "w"})
DOUBLE_OURS = board({(1, 0): "b", (1, 2): "b", (0, 3): "b", (10, 10): "w", (0, 1): "b"})


def test_the_game_names_the_students_file(tmp_path):
    client = client_for(tmp_path, "correct.pl")
    _, _, game = new_game(client)
    assert game["student_rules"] == {"game": "go", "file": "correct.pl"}


def test_no_rules_no_field(client):
    _, headers, game = new_game(client)
    assert "student_rules" not in game
    status, body, verdict = move(client, game["id"], headers, [3, 3])
    assert status == 200 and verdict is None and "student" not in body


def test_missing_multiple_capture_is_marked_with_both_boards(tmp_path):
    client = client_for(tmp_path, "no_multi_capture.pl")
    gid, headers, _ = new_game(client)
    for pos in DOUBLE[:-1]:
        status, _, verdict = move(client, gid, headers, pos)
        assert status == 200 and verdict["agree"] is True and verdict["code"] == "agree"
    status, body, verdict = move(client, gid, headers, DOUBLE[-1])
    assert status == 200
    assert body["view"]["board"] == DOUBLE_OURS       # ours decide the game
    assert verdict["agree"] is False
    assert verdict["code"] == "board_differs"
    assert verdict["ours"] == {"accepted": True, "refusal": None, "board": DOUBLE_OURS}
    # The fixture takes off the first group its neighbour list finds ([0,0], left of the
    # move) and leaves the other.
    theirs = board({(1, 0): "b", (1, 2): "b", (0, 3): "b", (10, 10): "w", (0, 1): "b",
                    (0, 2): "w"})
    assert verdict["theirs"]["status"] == "answer"
    assert verdict["theirs"]["board"] == theirs
    assert verdict["diff"] == [[0, 2]] and verdict["points"] == 1
    assert verdict["before"] == DOUBLE_BEFORE
    assert verdict["query"] == 'goMove(Board, "b", [0,1], RBoard)'
    assert verdict["message"] == "Their board after the move differs from ours at 1 point"
    # The game stored is ours.
    assert client.get(f"/api/games/{gid}").json["view"]["board"] == DOUBLE_OURS


def test_suicide_refused_by_ours_accepted_by_theirs(tmp_path):
    client = client_for(tmp_path, "suicide.pl")
    gid, headers, _ = new_game(client)
    for pos in [[0, 1], [5, 5], [1, 0], [6, 6], [7, 7]]:
        assert move(client, gid, headers, pos)[0] == 200
    # White to move: [0,0] is a suicide.
    status, body, verdict = move(client, gid, headers, [0, 0])
    assert status == 409 and body["error"]["code"] == "suicide"
    assert verdict["code"] == "they_accept" and verdict["agree"] is False
    assert verdict["ours"] == {"accepted": False, "refusal": "suicide", "board": None}
    assert verdict["theirs"]["board"] == board({(0, 1): "b", (1, 0): "b", (7, 7): "b",
                                                (5, 5): "w", (6, 6): "w", (0, 0): "w"})
    assert verdict["diff"] == [[0, 0]]
    assert verdict["message"] == "Their rules accept this move; ours refuse it (suicide)"
    # Nothing was stored; the position is as before.
    shown = client.get(f"/api/games/{gid}").json
    assert shown["plies"] == 5 and shown["view"]["board"][0][0] == "-"


def test_both_refuse_an_occupied_point(tmp_path):
    client = client_for(tmp_path, "suicide.pl")
    gid, headers, _ = new_game(client)
    move(client, gid, headers, [3, 3])
    status, body, verdict = move(client, gid, headers, [3, 3])
    assert status == 409 and body["error"]["code"] == "occupied"
    assert verdict["agree"] is True and verdict["ours"]["board"] is None
    assert verdict["message"] == "Their rules agree: both refuse this move"


def test_a_looping_student_does_not_hang_the_server(tmp_path):
    client = client_for(tmp_path, "loops.pl")
    gid, headers, _ = new_game(client)
    started = time.monotonic()
    status, body, verdict = move(client, gid, headers, [0, 0])   # loops in a corner
    took = time.monotonic() - started
    assert status == 200 and body["view"]["board"][0][0] == "b"  # ours judged it
    assert verdict["code"] == "they_failed" and verdict["agree"] is False
    assert verdict["theirs"]["status"] in ("inferences", "timeout")
    assert verdict["message"].endswith("the move is judged by our rules only")
    assert took < student_rules.DEADLINE + 2
    # The next move is asked of a fresh process, and agrees.
    status, _, verdict = move(client, gid, headers, [9, 9])
    assert status == 200 and verdict["code"] == "agree"


def test_halt_through_call_ends_their_process_not_ours(tmp_path):
    client = client_for(tmp_path, "halts.pl")
    gid, headers, _ = new_game(client)
    for pos in [[0, 1], [5, 5], [1, 0]]:
        assert move(client, gid, headers, pos)[0] == 200
    # White's suicide in the corner: the fixture reaches halt through call/1.
    status, body, verdict = move(client, gid, headers, [0, 0])
    assert status == 409 and body["error"]["code"] == "suicide"
    assert verdict["code"] == "they_failed"
    assert verdict["theirs"]["status"] in ("crashed", "killed")
    # A capture: halt/0 in the clause, compiled as an exception (the process lives on).
    for pos in [[0, 2], [1, 2], [6, 6]]:
        assert move(client, gid, headers, pos)[0] == 200
    status, body, verdict = move(client, gid, headers, [0, 3])  # captures the stone at [0,2]
    assert status == 200 and body["view"]["board"][0][2] == "-"
    assert verdict["theirs"]["status"] == "halt"
    assert verdict["message"] == ("Their goMove/4 called halt: the move is judged by our "
                                  "rules only")
    status, _, verdict = move(client, gid, headers, [12, 12])
    assert status == 200 and verdict["code"] == "agree"


def test_a_second_board_on_backtracking_is_marked(tmp_path):
    client = client_for(tmp_path, "choicepoint.pl")
    gid, headers, _ = new_game(client)
    for pos in [[0, 1], [0, 0]]:
        move(client, gid, headers, pos)
    status, _, verdict = move(client, gid, headers, [1, 0])     # captures [0,0]
    assert status == 200
    assert verdict["code"] == "second_board"
    assert verdict["theirs"]["board"] == verdict["ours"]["board"]
    assert verdict["theirs"]["second_board"][0][0] == "w"
    assert verdict["diff"] == [[0, 0]]


#  A short game: White captures in the corner [0,0], Black at [18,17]; three refusals
#  (occupied [3,4], White's suicide at [18,17], occupied [3,3]).  The correct student
#  agrees on every move.
SHORT_GAME = [[3, 3], [3, 4], [4, 4], [2, 4], [4, 3], [3, 5], [2, 3], [4, 5], [3, 6],
              [2, 5], [5, 4], [1, 4], [3, 4], [0, 0], [0, 1], [18, 18], [1, 0],
              [17, 18], [18, 17], [17, 17], [9, 9], [18, 16], [18, 17], [3, 3]]


def test_the_correct_student_agrees_on_a_short_game(tmp_path):
    client = client_for(tmp_path, "correct.pl")
    gid, headers, _ = new_game(client)
    verdicts = []
    for pos in SHORT_GAME:
        status, _, verdict = move(client, gid, headers, pos)
        verdicts.append((status, verdict["code"], verdict["agree"]))
    assert all(agree for _, _, agree in verdicts), verdicts
    assert [i for i, (s, _, _) in enumerate(verdicts) if s == 409] == [12, 22, 23]
    assert client.get(f"/api/games/{gid}").json["view"]["captures"] == {"b": 1, "w": 1}


def test_the_machines_moves_are_asked_too(tmp_path):
    client = client_for(tmp_path, "correct.pl")
    reply = client.post("/api/games", json={"game": "go", "options": {
        "size": 9, "white": "machine"}})
    game = reply.json
    headers = {"Authorization": f"Bearer {game['secrets']['b']}"}
    gid = game["id"]
    status, _, verdict = move(client, gid, headers, [4, 4])
    assert status == 200 and verdict["agree"] is True
    reply = client.post(f"/api/games/{gid}/machine", json={})
    assert reply.status_code == 200
    verdict = reply.json["student"]
    assert verdict["player"] == "w" and verdict["pos"] == reply.json["action"]["pos"]
    assert verdict["agree"] is True and verdict["ours"]["board"] == reply.json["view"]["board"]


def test_passes_and_refusals_out_of_turn_are_not_asked(tmp_path):
    client = client_for(tmp_path, "correct.pl")
    gid, headers, _ = new_game(client)
    reply = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "pass"}},
                        headers=headers)
    assert reply.status_code == 200 and "student" not in reply.json
    reply = client.post(f"/api/games/{gid}/actions",
                        json={"action": {"kind": "move", "pos": [99, 0]}}, headers=headers)
    assert reply.status_code == 400 and "student" not in reply.json["error"]


def test_rules_option_is_checked():
    with pytest.raises(student_rules.StudentRulesError, match="can be served for go, molinolog"):
        student_rules.parse_option("chess=x.pl")
    with pytest.raises(student_rules.StudentRulesError, match="GAME=FILE.pl"):
        student_rules.parse_option("proylcc.pl")
    game, path = student_rules.parse_option(f"go={STUDENTS / 'correct.pl'}")
    assert game == "go" and path.is_absolute()
    assert student_rules.check(STUDENTS / "correct.pl")["ready"] is True
    assert student_rules.check(STUDENTS / "no_gomove.pl")["failure"] == "goMove/4 is not defined"


def test_serve_refuses_a_file_that_does_not_load():
    tablero = Path(sys.executable).with_name("tablero")
    done = subprocess.run([str(tablero), "serve", "--rules",
                           f"go={STUDENTS / 'syntax_error.pl'}", "--port", "1"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "syntax errors" in done.stderr and "syntax_error.pl" in done.stderr


def rules_server(db: Path, rules: Path) -> LiveServer:
    """`tablero serve --rules go=FILE.pl` (one worker)."""
    return LiveServer(db, workers=1, args=("--rules", f"go={rules}"))


def test_served_looping_student_keeps_the_server_answering(tmp_path):
    """Through `tablero serve --rules`: a looping student's move answers within the
    deadline, and the server answers other requests meanwhile."""
    import threading

    server = rules_server(tmp_path / "live.db", STUDENTS / "loops.pl").start()
    try:
        game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 19}})
        assert game["student_rules"]["file"] == "loops.pl"
        secret = game["secrets"]["b"]
        result = {}

        def corner():
            started = time.monotonic()
            result["reply"] = call(server, "POST", f"/api/games/{game['id']}/actions",
                                   {"action": {"kind": "move", "pos": [18, 18]}}, secret)
            result["seconds"] = time.monotonic() - started

        thread = threading.Thread(target=corner)
        thread.start()
        time.sleep(0.3)
        started = time.monotonic()
        call(server, "GET", f"/api/games/{game['id']}")
        assert time.monotonic() - started < 2.0          # not held up by the student
        thread.join(30)
        assert result["seconds"] < student_rules.DEADLINE + 3
        verdict = result["reply"]["student"]
        assert verdict["code"] == "they_failed"
        assert result["reply"]["view"]["board"][18][18] == "b"
        reply = call(server, "POST", f"/api/games/{game['id']}/actions",
                     {"action": {"kind": "move", "pos": [9, 9]}}, secret)
        assert reply["student"]["code"] == "agree"
    finally:
        server.kill(15)


def test_a_student_writing_to_the_channel_is_not_believed(tmp_path):
    """The student's code shares its process with the driver and can find the driver's
    standard output: a forged reply is refused, and the process started again."""
    forger = tmp_path / "forger.pl"
    forger.write_text(':- module(forger, [goMove/4]).\n'
                      'goMove(_, _, _, _) :-\n'
                      '    stream_property(S, file_no(1)),\n'
                      '    format(S, "{\\"ok\\": true, \\"theirs\\": 1}~n", []),\n'
                      '    flush_output(S), fail.\n')
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"go": str(forger)}})
    client = app.test_client()
    gid, headers, _ = new_game(client, size=9)
    status, body, verdict = move(client, gid, headers, [4, 4])
    assert status == 200 and body["view"]["board"][4][4] == "b"
    assert verdict["code"] == "they_failed" and verdict["theirs"]["status"] == "crashed"
    assert "unreadable" in verdict["theirs"]["message"]


# ---- verdicts kept with the game (issue 21, item 6) --------------------------------------

from .pg import app_on  # noqa: E402


@pytest.fixture
def rules_app(database):
    """The app on a new database of each backend, served with the student who forgets
    multiple captures."""
    with app_on(database, STUDENT_RULES={"go": str(STUDENTS / "no_multi_capture.pl")}) as app:
        yield app


def test_verdicts_are_kept_counted_and_undone_with_their_moves(rules_app):
    client = rules_app.test_client()  # SQLite and PostgreSQL
    gid, headers, _ = new_game(client)
    for pos in DOUBLE:
        assert move(client, gid, headers, pos)[0] == 200
    # A move our rules refuse (occupied: theirs too) is kept beside the game, which does
    # not change.
    status, body, verdict = move(client, gid, headers, [0, 1])
    assert status == 409 and verdict["agree"] is True
    counts = {"asked": 7, "differ": 1, "plies": [7], "tried": 1, "tried_differ": 0}
    assert body["error"]["student_verdicts"] == counts
    shown = client.get(f"/api/games/{gid}").json
    assert shown["student_verdicts"] == counts and shown["plies"] == 7
    kept = client.get(f"/api/games/{gid}/verdicts").json
    assert kept["plies"] == 7 and [v["ply"] for v in kept["verdicts"]] == list(range(1, 8))
    assert [(v["ply"], v["pos"], v["ours"]["refusal"]) for v in kept["tried"]] == [
        (7, [0, 1], "occupied")]
    differ = kept["verdicts"][-1]
    assert differ["code"] == "board_differs" and differ["diff"] == [[0, 2]]
    assert differ["ours"]["board"] == DOUBLE_OURS and differ["before"] == DOUBLE_BEFORE
    assert differ["theirs"]["board"][0][2] == "w"
    agree = kept["verdicts"][0]
    assert agree["code"] == "agree" and agree["pos"] == [1, 0] and agree["player"] == "b"
    assert agree["ours"]["board"] is None and "before" not in agree  # the game's own boards
    # A pass is no move to ask: the count stays.
    reply = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "pass"}},
                        headers=headers)
    assert reply.json["student_verdicts"]["asked"] == 7 and reply.json["plies"] == 8
    # Undo takes each verdict away with its move (and those tried on its position).
    for left in (7, 6):
        reply = client.post(f"/api/games/{gid}/undo", json={}, headers=headers)
        assert reply.status_code == 200 and reply.json["plies"] == left
    assert reply.json["student_verdicts"] == {"asked": 6, "differ": 0, "plies": [],
                                              "tried": 0, "tried_differ": 0}
    assert len(client.get(f"/api/games/{gid}/verdicts").json["verdicts"]) == 6
    # Played again, asked again.
    assert move(client, gid, headers, [0, 1])[2]["code"] == "board_differs"
    assert client.get(f"/api/games/{gid}").json["student_verdicts"]["plies"] == [7]


def test_the_machines_move_is_kept_with_its_verdict(rules_app):
    client = rules_app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {
        "size": 9, "white": "machine"}}).json
    headers = {"Authorization": f"Bearer {game['secrets']['b']}"}
    assert move(client, game["id"], headers, [4, 4])[0] == 200
    reply = client.post(f"/api/games/{game['id']}/machine", json={})
    assert reply.status_code == 200
    assert reply.json["student"]["pos"] == reply.json["action"]["pos"]
    assert reply.json["student_verdicts"]["asked"] == 2
    kept = client.get(f"/api/games/{game['id']}/verdicts").json["verdicts"]
    assert [(v["ply"], v["player"]) for v in kept] == [(1, "b"), (2, "w")]
    assert kept[1]["pos"] == reply.json["action"]["pos"]


def test_an_sgf_import_is_asked_move_by_move_and_its_record_has_the_comments(rules_app):
    client = rules_app.test_client()
    letters = "abcdefghijklmnopqrs"
    moves = "".join(f";{'BW'[i % 2]}[{letters[c]}{letters[r]}]" for i, (r, c) in enumerate(DOUBLE))
    reply = client.post("/api/games", json={"game": "go", "sgf": f"(;GM[1]FF[4]SZ[19]{moves})"})
    assert reply.status_code == 201, reply.json
    assert reply.json["student_verdicts"] == {"asked": 7, "differ": 1, "plies": [7],
                                              "tried": 0, "tried_differ": 0}
    gid = reply.json["id"]
    record = client.get(f"/api/games/{gid}/sgf")
    assert record.status_code == 200
    from sgfmill import sgf as sgfmill

    nodes = sgfmill.Sgf_game.from_bytes(record.data).get_main_sequence()
    commented = [i for i, node in enumerate(nodes) if node.has_property("C")]
    assert commented == [7]
    text = nodes[7].get("C")
    assert text.startswith("Student's rules (no_multi_capture.pl): Their board after the move "
                           "differs from ours at 1 point.")
    assert "Where they differ: C19" in text
    assert "Their board:\n   A B C D" in text and "19 . X O X" in text   # theirs keep C19
    assert "Our board:\n   A B C D" in text and "19 . X . X" in text


def test_verdicts_of_an_unknown_game_are_404(rules_app):
    client = rules_app.test_client()
    reply = client.get("/api/games/nosuchgame/verdicts")
    assert reply.status_code == 404 and reply.json["error"]["code"]


def test_gnu_gos_move_is_kept_with_its_verdict(tmp_path):
    from app.gtp import GNUGO

    if not Path(GNUGO).exists():
        pytest.skip(f"no GNU Go at {GNUGO}")
    client = client_for(tmp_path, "correct.pl")
    game = client.post("/api/games", json={"game": "go", "options": {
        "size": 9, "white": "gnugo", "level": 1}}).json
    headers = {"Authorization": f"Bearer {game['secrets']['b']}"}
    assert move(client, game["id"], headers, [4, 4])[0] == 200
    reply = client.post(f"/api/games/{game['id']}/machine", json={})
    assert reply.status_code == 200, reply.json
    assert reply.json["student"]["agree"] is True
    assert reply.json["student"]["pos"] == reply.json["action"]["pos"]
    assert reply.json["student_verdicts"] == {"asked": 2, "differ": 0, "plies": [],
                                              "tried": 0, "tried_differ": 0}


def test_a_suicide_theirs_accept_is_kept_by_its_position_and_commented(database):
    with app_on(database, STUDENT_RULES={"go": str(STUDENTS / "suicide.pl")}) as app:
        client = app.test_client()  # SQLite and PostgreSQL
        gid, headers, _ = new_game(client)
        for pos in [[0, 1], [5, 5], [1, 0], [6, 6], [7, 7]]:
            assert move(client, gid, headers, pos)[0] == 200
        status, body, verdict = move(client, gid, headers, [0, 0])   # White's suicide
        assert status == 409 and verdict["code"] == "they_accept"
        assert body["error"]["student_verdicts"]["tried_differ"] == 1
        shown = client.get(f"/api/games/{gid}").json
        assert shown["plies"] == 5 and shown["revision"] == 5      # the game is as it was
        tried = client.get(f"/api/games/{gid}/verdicts").json["tried"]
        assert [(t["ply"], t["code"], t["pos"]) for t in tried] == [(5, "they_accept", [0, 0])]
        from sgfmill import sgf as sgfmill

        record = client.get(f"/api/games/{gid}/sgf").data
        nodes = sgfmill.Sgf_game.from_bytes(record).get_main_sequence()
        assert [i for i, n in enumerate(nodes) if n.has_property("C")] == [5]
        text = nodes[5].get("C")
        assert text.startswith("Tried here, refused by our rules (suicide): White A19.\n"
                               "Student's rules (suicide.pl): Their rules accept this move; "
                               "ours refuse it (suicide).")
        assert "Our board: none, the move refused" in text and "19 O X" in text
        # The position it was tried on undone, the verdict goes with it.
        assert client.post(f"/api/games/{gid}/undo", json={}, headers=headers).status_code == 200
        assert client.get(f"/api/games/{gid}/verdicts").json["tried"] == []
        assert client.get(f"/api/games/{gid}").json["student_verdicts"]["tried"] == 0


def test_refused_moves_kept_at_once_are_numbered_in_turn(rules_app):
    """Two refusals of the same position kept at the same moment (threads: PostgreSQL's
    READ COMMITTED would let both read the same number) both keep their verdict."""
    import threading

    from app import storage

    client = rules_app.test_client()
    gid, _, _ = new_game(client)
    errors = []

    def keep(i):
        try:
            with rules_app.app_context():
                record = storage.load(gid)
                for _ in range(5):
                    assert storage.keep_tried(record, {"agree": True, "code": "agree", "i": i})
        except Exception as exc:  # noqa: BLE001  (reported below)
            errors.append(exc)

    threads = [threading.Thread(target=keep, args=(i,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert errors == []
    with rules_app.app_context():
        tried = storage.student_tried(gid)
    assert len(tried) == 20 and all(t["ply"] == 0 for t in tried)
