"""`tablero grade`: the grader of students' Go modules (app/grade.py, prolog/grade/).

Each fixture in tests/students/ is a student's proylcc.pl with one known fault
(or none); each is graded once, two at a time in worker threads (a grade is a
`swipl` subprocess, so the threads only wait), and the tests check the verdict,
the exit status, what the report says, and that every grade ended within its
limit.  Most fixtures are graded on the sections that show their fault
(`only=`); the correct one, the one that loops and the unloadable ones on every
section, as an instructor runs them.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import time
from pathlib import Path

import pytest
from sgfmill import boards

from app import grade, grading

STUDENTS = Path(__file__).resolve().parent / "students"
LIMIT = 60.0  # seconds: the whole grade of one file

#  fixture -> sections graded (None: all of them, as `tablero grade FILE` does)
GRADED = {
    "correct": None,
    "loops": None,
    "syntax_error": None,
    "no_gomove": None,
    "no_multi_capture": "positions",
    "suicide": "positions,random19",
    "choicepoint": "positions,gnugo19",
    "halts": "positions",
    "noisy": "positions,score",
    "plain": "positions,score",
    "swapped_score": "score",
    "single_captures": "random19",
    "sticky_score": "score,gnugo19",
}


def timed_grade(name: str, only: str | None) -> tuple[dict, float]:
    start = time.monotonic()
    report = grade.grade(STUDENTS / f"{name}.pl", only=only)
    return report, time.monotonic() - start


@pytest.fixture(scope="module")
def graded():
    """name -> Future of (report, seconds); the slow grades are started first."""
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="grade")
    futures = {name: pool.submit(timed_grade, name, only) for name, only in GRADED.items()}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


def result(graded, name: str) -> dict:
    report, seconds = graded[name].result()
    assert seconds < LIMIT, f"grading {name}.pl took {seconds:.1f} s"
    return report


def failures(report: dict, section: str) -> dict:
    """name -> failure record of one section."""
    found = next(s for s in report["sections"] if s["name"] == section)
    return {f["name"]: f for f in found["failures"]}


# ---------------------------------------------------------------- verdicts


def test_correct_passes_everything(graded):
    report = result(graded, "correct")
    assert (report["verdict"], report["exit"]) == ("pass", 0), grade.text_report(report)
    assert report["internal"] == []  # our rules agree with the hand-written positions and GNU Go
    names = [s["name"] for s in report["sections"]]
    assert names == ["positions", "score", "gnugo19", "random19", "gnugo9", "random9", "score9"]
    for s in report["sections"]:
        assert s["cases"] > 0 and s["passed"] == s["cases"] and s["not_run"] == 0, s["name"]
    assert all(c["ok"] for c in report["contract"])
    assert report["score"]["name"] == "terminarJuego" and report["score"]["order"] == "wb"
    move = report["timing"]["move19"]
    assert move["calls"] > 1000 and move["student_us"] > 0 and move["ours_us"] > 0
    assert report["determinism"]["second_different"] == 0
    assert report["summary"].startswith("PASS")


def test_forgotten_multiple_captures_fail(graded):
    report = result(graded, "no_multi_capture")
    assert report["exit"] == 1
    failed = failures(report, "positions")
    assert {"capture_two_groups", "capture_three_groups", "capture_four_groups",
            "capture_two_groups_corner"} <= failed.keys()
    assert "capture_open" not in failed and "capture_group_corner" not in failed
    two = failed["capture_two_groups"]
    assert two["problem"] == "wrong_board"
    assert grade.problem_words(two) == "answered another board: left 1 captured stone on the board"


def test_suicide_fails(graded):
    report = result(graded, "suicide")
    assert report["exit"] == 1
    failed = failures(report, "positions")
    suicides = {n for n in failed if n.startswith("suicide_")}
    assert suicides == {"suicide_single", "suicide_corner", "suicide_far_corner", "suicide_edge",
                        "suicide_group", "suicide_big_group"}
    assert set(failed) == suicides  # the captures that look like suicide pass
    assert failed["suicide_corner"]["problem"] == "accepted_illegal"
    assert "accepted a suicide" in grade.problem_words(failed["suicide_corner"])
    assert failures(report, "random19")  # random games try suicides too


def test_second_answer_on_backtracking_fails(graded):
    report = result(graded, "choicepoint")
    assert report["exit"] == 1
    failed = failures(report, "positions")
    capture = failed["capture_open"]
    assert capture["problem"] == "second_answer"
    assert capture["got_board"] == capture["expected_board"]
    assert capture["second_board"] == capture["before"][:9] + [
        capture["before"][9][:10] + "b" + capture["before"][9][11:]] + capture["before"][10:]
    assert "suicide_single" not in failed and "first_move_centre" not in failed
    assert report["determinism"]["second_different"] > 10
    assert failures(report, "gnugo19")


def captured_groups(rows: list[str], player: str, pos: list[int]) -> list[int]:
    """sgfmill's answer: the sizes of the groups the move at pos takes off the board."""
    n = len(rows)
    board = boards.Board(n)
    for i, row in enumerate(rows):
        for j, x in enumerate(row):
            if x != "-":
                board.play(n - 1 - i, j, x)
    other = "w" if player == "b" else "b"
    before = {p for c, p in board.list_occupied_points() if c == other}
    board.play(n - 1 - pos[0], pos[1], player)
    gone = before - {p for c, p in board.list_occupied_points() if c == other}
    sizes = []
    while gone:
        group, todo = set(), [gone.pop()]
        while todo:
            r, c = todo.pop()
            group.add((r, c))
            for q in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if q in gone:
                    gone.discard(q)
                    todo.append(q)
        sizes.append(len(group))
    return sizes


def test_first_failing_random_case_is_shrunk(graded):
    """single_captures.pl leaves groups of two stones or more on the board; the random games
    find it on crowded boards, and the report draws the smallest board that still fails."""
    report = result(graded, "single_captures")
    assert report["exit"] == 1
    section = next(s for s in report["sections"] if s["name"] == "random19")
    wrong = [f for f in section["failures"] if f["problem"] == "wrong_board"]
    first = wrong[0]
    assert [f for f in wrong if f.get("shrunk")] == [first]      # the first of its kind only
    stones = sum(row.count("b") + row.count("w") for row in first["before"])
    raw = first["original"]["before"]
    assert stones == first["shrunk"]["stones"] < first["shrunk"]["stones_before"] == sum(
        row.count("b") + row.count("w") for row in raw)
    # the small board still shows the bug: sgfmill takes a group of 2+ stones off, the
    # student's board keeps it, and the grader's expected board is sgfmill's
    assert max(captured_groups(first["before"], first["player"], first["pos"])) >= 2
    assert first["got_board"] != first["expected_board"]
    assert grade.problem_words(first).startswith("answered another board: left")
    # and no stone of it can be taken off: without any one, no group of 2+ is captured
    for i, row in enumerate(first["before"]):
        for j, x in enumerate(row):
            if x != "-":
                smaller = list(first["before"])
                smaller[i] = row[:j] + "-" + row[j + 1:]
                assert max(captured_groups(smaller, first["player"], first["pos"]) or [0]) < 2
    text = grade.text_report(report)
    assert f"the game's board had {first['shrunk']['stones_before']} stones" in text
    feedback = grade.feedback(report, "es")
    assert f"{stones} piedras, sin contar la jugada" in feedback
    drawn = feedback[feedback.index("sin contar la jugada"):].splitlines()[1].split()
    assert drawn == ["antes", "esperado", "obtenido"]
    assert feedback.count("devuelve otro tablero") == 1          # one bug, with its count
    assert re.search(r"\[(\d+)x\] goMove\(Board, \"\w\", \[\d+,\d+\], RBoard\) devuelve otro",
                     feedback).group(1) == str(len(wrong))


def test_marks_left_by_the_score_do_not_fail_the_moves(graded):
    """sticky_score.pl's terminarJuego/3 leaves every point marked and its goMove/4 takes
    marked points off: each is right on its own, and the grader judges each on its own."""
    report = result(graded, "sticky_score")
    assert (report["verdict"], report["exit"]) == ("pass", 0), grade.text_report(report)
    sections = {s["name"]: (s["passed"], s["cases"]) for s in report["sections"]}
    assert sections == {"score": (11, 11), "gnugo19": (518, 518)}


def test_endless_loop_is_stopped_and_the_rest_graded(graded):
    report = result(graded, "loops")
    assert report["exit"] == 1
    failed = failures(report, "positions")
    assert {"first_move_corner", "first_move_far_corner", "suicide_corner"} <= failed.keys()
    assert {f["problem"] for f in failed.values()} <= {"timeout", "inferences"}
    assert all(f["pos"] in ([0, 0], [0, 18], [18, 0], [18, 18]) for f in failed.values())
    positions = next(s for s in report["sections"] if s["name"] == "positions")
    assert positions["passed"] == positions["cases"] - len(failed)
    assert sum(s["not_run"] for s in report["sections"]) == 0


def test_halt_is_caught_or_survived(graded):
    report = result(graded, "halts")
    assert report["exit"] == 1
    failed = failures(report, "positions")
    assert failed["capture_open"]["problem"] == "halt"  # halt/0 in a clause: an exception
    crashed = failed["suicide_corner"]                   # call(halt): the process ended
    assert crashed["problem"] == "crashed" and crashed["halted"]
    assert crashed["pos"] == [0, 0] and crashed["before"]
    assert report["process"]["restarts"] == 1
    positions = next(s for s in report["sections"] if s["name"] == "positions")
    assert positions["not_run"] == 0 and positions["ran"] == positions["cases"]
    assert "first_move_centre" not in failed


def test_printing_does_not_disturb_the_grade(graded):
    report = result(graded, "noisy")
    assert report["exit"] == 0, grade.text_report(report)
    out = report["output"]
    assert out["calls"] > 20 and out["sample"].startswith("goMove b [9,9]")
    assert "hola" in out["load"] and "cargando" in out["load"]
    assert "to user_output" in out["stdout"] and "to user_error" in out["stderr"]
    assert "printed" in grade.text_report(report)


def test_plain_file_with_fin_del_juego(graded):
    report = result(graded, "plain")
    assert report["exit"] == 0, grade.text_report(report)
    assert report["load"]["module"] == ""
    assert (report["score"]["name"], report["score"]["order"]) == ("finDelJuego", "bw")
    assert "a plain file" in grade.text_report(report)


def test_score_in_the_other_order_is_detected(graded):
    report = result(graded, "swapped_score")
    assert report["exit"] == 1
    assert report["score"]["order"] == "bw"
    check = next(c for c in report["contract"] if c["check"] == "score")
    assert not check["ok"] and "other order" in check["message"]
    assert failures(report, "score") == {}  # graded in the detected order


def test_syntax_error_cannot_be_graded(graded):
    report = result(graded, "syntax_error")
    assert (report["verdict"], report["exit"]) == ("error", 2)
    assert report["summary"] == "COULD NOT GRADE: 1 syntax error in the file"
    assert re.search(r"syntax_error\.pl:11:\d+: Syntax error", report["load"]["syntax_errors"][0])
    assert report["sections"] == []
    # errors name the student's module, not the grader's
    assert any("proylcc:goMove/4" in e for e in report["load"]["errors"])


def test_missing_gomove_cannot_be_graded(graded):
    report = result(graded, "no_gomove")
    assert report["exit"] == 2
    assert report["summary"] == "COULD NOT GRADE: goMove/4 is not defined (goMove/5 is)"


def test_not_prolog_cannot_be_graded(tmp_path):
    binary = tmp_path / "proylcc.pl"
    binary.write_bytes(b"\x7fELF\x00\x01\x02")
    report = grade.grade(binary)
    assert report["exit"] == 2 and "not a text file" in report["summary"]
    python = tmp_path / "game.pl"
    python.write_text("def goMove(board, player):\n    return board\n")
    report = grade.grade(python)
    assert report["exit"] == 2 and "syntax error" in report["summary"]


# ---------------------------------------------------------------- the reports


def test_text_report_draws_the_failure(graded):
    text = grade.text_report(result(graded, "no_multi_capture"))
    block = text[text.index("FAIL capture_two_groups"):]
    block = block[:block.index("\n\n")]
    assert 'goMove(Board, "b", [9,10], RBoard) answered another board' in block
    lines = block.splitlines()
    assert lines[2].split() == ["before", "expected", "got"]
    row9 = next(line for line in lines if line.strip().startswith("9 "))
    assert row9.split() == ["9", ".", "X", "O", "*", "O", "X", ".",
                            "9", ".", "X", ".", "X", ".", "X", ".",
                            "9", ".", "X", ".", "X", "O", "X", "."]
    assert "differs at [9,11] expected . got O" in block
    assert text.rstrip().endswith("(exit status 1)")


def test_main_writes_html_and_json(tmp_path, capsys):
    page = tmp_path / "report.html"
    status = grading.main([str(STUDENTS / "suicide.pl"), "--only", "positions",
                         "--html", str(page), "--json"])
    assert status == 1
    report = json.loads(capsys.readouterr().out)
    assert report["exit"] == 1 and report["sections"][0]["failed"] == 6
    html = page.read_text()
    assert html.startswith("<!doctype html>") and "suicide_corner" in html
    assert "accepted a suicide" in html and "<script" not in html
    assert html.count("<table class=board>") >= 12


def test_main_refuses_bad_options(capsys):
    assert grading.main([str(STUDENTS / "correct.pl"), "--score", "x), halt, (y"]) == 2
    assert "--score" in capsys.readouterr().err
    assert grading.main([str(STUDENTS / "correct.pl"), "--only", "everything"]) == 2


def test_score_named_on_the_command_line(tmp_path):
    student = tmp_path / "puntos.pl"
    text = (STUDENTS / "plain.pl").read_text().replace("finDelJuego", "puntaje")
    student.write_text(text)
    report = grade.grade(student, score="puntaje/3", only="score")
    assert report["exit"] == 0, grade.text_report(report)
    assert (report["score"]["how"], report["score"]["order"]) == ("option", "bw")
    report = grade.grade(student, only="score")       # found by its answers on known boards
    assert report["score"]["how"] == "behaviour"
    assert report["score"]["name"] in ("puntaje", "puntos")   # plain.pl's helper scores too
    assert report["verdicts"]["score"]["verdict"] == "pass"


# ---------------------------------------------------------------- --require and --weights


def graded_json(capsys, *argv) -> tuple[int, dict]:
    """`tablero grade ... --json` as a teacher runs it: (exit status, the report)."""
    capsys.readouterr()
    status = grading.main([str(a) for a in argv] + ["--json"])
    return status, json.loads(capsys.readouterr().out)


def test_require_a_missing_score_predicate(tmp_path, capsys):
    """Without a score predicate the grade fails and says why; required away, it passes;
    the mark is the documented one either way (70 for goMove/4, 20 score, 10 emptyBoard/1)."""
    text = (STUDENTS / "correct.pl").read_text()
    text = text.replace("goMove/4,       % +Board, +Player, +Pos, -RBoard\n"
                        "            terminarJuego/3 % +Board, -PuntosW, -PuntosB",
                        "goMove/4        % +Board, +Player, +Pos, -RBoard")
    student = tmp_path / "sin_puntaje.pl"
    student.write_text(text[:text.index("%   terminarJuego(+Board")])
    status, report = graded_json(capsys, student, "--only", "positions,score")
    assert (status, report["verdict"]) == (1, "fail")
    assert report["verdicts"]["score"]["verdict"] == "missing"
    assert report["verdicts"]["score"]["first"].startswith("no score predicate: terminarJuego/3 "
                                                           "or finDelJuego/3 is not defined")
    assert "score missing (0/11)" in report["summary"]
    assert report["mark"] == 80                           # 70 * 42/42 + 20 * 0 + 10 * 1
    assert "- score (-/3): no está" in grade.feedback(report, "es")
    status, report = graded_json(capsys, student, "--only", "positions,score",
                                 "--require", "goMove/4,emptyBoard/1")
    assert (status, report["verdict"], report["mark"]) == (0, "pass", 80)
    assert report["summary"].startswith("PASS")
    status, report = graded_json(capsys, student, "--only", "positions,score",
                                 "--require", "goMove/4,score")
    assert (status, report["verdict"]) == (1, "fail")
    status, report = graded_json(capsys, student, "--only", "positions,score",
                                 "--require", "goMove/4", "--weights", "score=1")
    assert (status, report["mark"]) == (0, 0)             # passes, and scores nothing
    assert grading.main([str(student), "--require", "puntaje/3"]) == 2
    assert "--require: unknown 'puntaje/3'" in capsys.readouterr().err


def test_weights_weigh_each_share_of_cases(capsys):
    """suicide.pl fails the 6 suicides of the 42 positions: goMove/4 passes 36/42."""
    student = STUDENTS / "suicide.pl"
    status, report = graded_json(capsys, student, "--only", "positions")
    assert status == 1
    assert (report["verdicts"]["goMove/4"]["passed"], report["verdicts"]["goMove/4"]["cases"]) \
        == (36, 42)
    assert report["verdicts"]["emptyBoard/1"]["verdict"] == "pass"
    assert report["mark"] == 70                           # (70 * 36/42 + 20 * 0 + 10) / 100
    _, report = graded_json(capsys, student, "--only", "positions", "--weights", "goMove/4=1")
    assert report["mark"] == 86                           # 36/42 = 85.7%
    _, report = graded_json(capsys, student, "--only", "positions",
                            "--weights", "goMove/4=3,emptyBoard/1=1")
    assert report["mark"] == 89                           # (3 * 36/42 + 1) / 4 = 89.3%
    assert report["config"]["weights"] == {"goMove/4": 3, "score": 0, "emptyBoard/1": 1}
    assert grading.main([str(student), "--weights", "goMove/4=much"]) == 2
    assert "--weights" in capsys.readouterr().err


# ---------------------------------------------------------------- recorded games


@pytest.mark.peer
def test_recorded_gnugo_game_replays(tmp_path):
    """GNU Go plays the shortest recorded game again, move for move."""
    if not os.access(grade.GNUGO, os.X_OK):
        pytest.fail(f"GNU Go is missing at {grade.GNUGO}: apt-get install gnugo")
    size, seed, level = 9, 3, 0
    game = grade.self_play(size, seed, level)
    data = grade.GAMES_FILE.read_text()
    stored = data[data.index(f'gnugo_game("{game["name"]}"'):]
    stored = stored[:stored.index(").")]
    moves = re.findall(r'"([A-T]\d+|PASS)"', stored.split("\n    \"")[0])
    assert moves == game["moves"]
    assert f'"{game["score"]}"' in stored
