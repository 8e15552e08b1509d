"""The grader on real course solutions, split solutions, a class folder, a busy machine.

- Real 2019 solutions (tests/students/real/, see its README; skipped when not there): the
  grader's verdict on GNU Go's recorded 19x19 game agrees with an independent judge, which
  replays the same game with sgfmill and asks the student's goMove/4 every move itself.
- A solution split over modules (`:- use_module(reglas)`), a zip of a repository.
- `tablero grade FOLDER/`: a class, its CSV, HTML and Spanish feedback.
- The same report idle and beside a CPU-burning process (limits in CPU time).
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from sgfmill import boards

from app import confine, grade, grading

STUDENTS = Path(__file__).resolve().parent / "students"
REAL = STUDENTS / "real"
HELD_OUT = {"SergioAndrade22-Prolog_GO", "carloza-go-prolog"}
REAL_FOLDERS = ["GuidoChia-GO-Prolog", "joaquin699-Proyecto-Prolog",
                "FabioCampetti-Prolog-Project", "SergioAndrade22-Prolog_GO", "carloza-go-prolog"]


def gnugo_moves(name: str = "19x19-seed1-level1") -> list[str]:
    data = grade.GAMES_FILE.read_text()
    stored = data[data.index(f'gnugo_game("{name}"'):]
    stored = stored[:stored.index(").")]
    return re.findall(r'"([A-T]\d+|PASS)"', stored.split("\n    \"")[0])


def rows(board: boards.Board) -> list[str]:
    """sgfmill's board as goMove/4's rows (row 0 at the top)."""
    n = board.side
    return ["".join({"b": "b", "w": "w", None: "-"}[board.get(n - 1 - r, c)] for c in range(n))
            for r in range(n)]


JUDGE = r"""
:- initialization(main, main).
main :-
    current_prolog_flag(argv, Argv), append(_, [Student, Cases], Argv),
    catch(load_files(Student, [if(true)]), _, true),
    read_file_to_terms(Cases, Terms, []),
    forall(member(case(I, Rows, P, Pos), Terms),
           ( ask(I, Rows, P, Pos) -> true ; format("~w error~n", [I]) )).
ask(I, Rows, P, Pos) :-
           ( maplist(row_cells, Rows, Board),
             (   catch(call_with_inference_limit(
                           once(findnsols(21, R, proylcc:goMove(Board, P, Pos, R), [R1|Rs])),
                           10000000, Lim), _, fail),
                 Lim \== inference_limit_exceeded
             ->  (   member(R2, Rs), R2 \=@= R1
             ->  format("~w second~n", [I])             % another board on backtracking
                 ;   maplist(row_cells, Out, R1) -> format("~w ~q~n", [I, Out])
                 ;   format("~w malformed~n", [I])
                 )
             ;   format("~w refused~n", [I])
             ) ).
row_cells(Row, Cells) :- nonvar(Row), !, string_chars(Row, Cs), maplist(cell, Cs, Cells).
row_cells(Row, Cells) :- maplist(cell, Cs, Cells), string_chars(Row, Cs).
cell('-', "-"). cell(b, "b"). cell(w, "w").
"""


def independent_judge(student: Path, tmp: Path) -> bool:
    """True if the student's goMove/4 gives sgfmill's board on every move of the game, and
    no other board on backtracking (the grader's rule, docs/grading.md)."""
    moves = gnugo_moves()
    board = boards.Board(19)
    cases, expected, colour = [], {}, "b"
    for i, v in enumerate(moves):
        if v != "PASS":
            col = "ABCDEFGHJKLMNOPQRST".index(v[0])
            row = int(v[1:]) - 1
            before = rows(board)
            board.play(row, col, colour)
            cases.append(f"case({i}, {json.dumps(before)}, \"{colour}\", [{18 - row},{col}]).")
            expected[i] = rows(board)
        colour = "w" if colour == "b" else "b"
    (tmp / "cases.pl").write_text("\n".join(cases) + "\n")
    (tmp / "judge.pl").write_text(JUDGE)
    for p in (tmp / "cases.pl", tmp / "judge.pl"):
        p.chmod(0o644)
    tmp.chmod(0o755)
    # `--`: without it swipl takes the two files for more files to load, and argv is empty
    proc = confine.popen(["swipl", "-q", str(tmp / "judge.pl"), "--", str(student),
                          str(tmp / "cases.pl")],
                         read_only=[(confine.student_folder(student), student.parent), tmp],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    out, _ = proc.communicate(timeout=300)
    answers = {}
    for line in out.decode().splitlines():
        i, _, rest = line.partition(" ")
        answers[int(i)] = rest
    assert answers.keys() == expected.keys(), "the judge did not answer every move"
    return all(answers.get(i) == "[" + ",".join(f"\"{r}\"" for r in b) + "]"
               or answers.get(i) == str(b).replace("'", "\"").replace(", ", ",")
               for i, b in expected.items())


@pytest.mark.parametrize("name", REAL_FOLDERS)
def test_real_solution_agrees_with_independent_judge(name, tmp_path):
    folder = REAL / name
    if not (folder / "proylcc.pl").exists():
        pytest.skip(f"{folder} is not here (see tests/students/real/README.md)")
    report = grade.grade(folder, only="gnugo19", seed=1)
    assert report["exit"] in (0, 1), report["summary"]
    section = next(s for s in report["sections"] if s["name"] == "gnugo19")
    graded = section["failed"] == 0 and section["not_run"] == 0
    judged = independent_judge((folder / "proylcc.pl").resolve(), tmp_path)
    assert graded == judged, (name, report["summary"])


def test_real_solutions_found_score_by_behaviour():
    folder = REAL / "GuidoChia-GO-Prolog"
    if not folder.exists():
        pytest.skip("real solutions are not here")
    report = grade.grade(folder, only="positions,score", seed=1)
    assert report["score"]["name"] == "winPoints" and report["score"]["how"] == "behaviour"
    assert report["verdicts"]["goMove/4"]["verdict"] == "pass"     # its goMove/4 is right
    assert report["verdicts"]["score"]["verdict"] == "fail"


def test_split_solution_and_zip(tmp_path):
    text = (STUDENTS / "correct.pl").read_text()
    solution = tmp_path / "grupo1" / "src"
    solution.mkdir(parents=True)
    (solution / "reglas.pl").write_text(text.replace(":- module(proylcc,", ":- module(reglas,"))
    (solution.parent / "proylcc.pl").write_text(
        ":- module(proylcc, [emptyBoard/1, goMove/4, terminarJuego/3]).\n"
        ":- use_module(src/reglas).\n")
    report = grade.grade(solution.parent, only="positions,score", seed=1)
    assert report["exit"] == 0, grade.text_report(report)
    archive = tmp_path / "grupo1.zip"
    with zipfile.ZipFile(archive, "w") as z:
        for p in solution.parent.rglob("*.pl"):
            z.write(p, "repo/" + str(p.relative_to(solution.parent)))
        z.writestr("../evil.pl", "x.")
    report = grade.grade(archive, only="positions", seed=1)
    assert report["exit"] == 0 and report["graded_file"] == "repo/proylcc.pl"


def test_a_class_in_one_command(tmp_path, capsys):
    klass = tmp_path / "clase"
    klass.mkdir()
    for name in ("correct", "suicide", "no_multi_capture"):
        shutil.copy(STUDENTS / f"{name}.pl", klass / f"{name}.pl")
    status = grading.main([str(klass), "--only", "positions", "--seed", "1", "--lang", "es"])
    assert status == 1
    with open(klass / "grades" / "grades.csv", encoding="utf-8") as f:
        table = list(csv.reader(f))
    assert table[0][:3] == ["estudiante", "resultado", "nota"]
    by_name = {r[0]: r for r in table[1:]}
    assert by_name["correct"][1] == "aprobado" and by_name["suicide"][1] == "falla"
    assert "suicide_single" in by_name["suicide"][6]
    text = (klass / "grades" / "feedback" / "suicide.txt").read_text()
    assert text.startswith("Devolución: suicide") and "acepta un suicidio" in text
    assert re.search(r"\[6x\] goMove", text)            # the six suicides: one line, a count
    assert "<table" in (klass / "grades" / "grades.html").read_text()


def test_same_report_on_a_busy_machine():
    def summary(report):
        return ([(s["name"], s["passed"], s["failed"], s["not_run"]) for s in report["sections"]],
                sorted(f["name"] for s in report["sections"] for f in s["failures"]),
                report["verdicts"])
    idle = grade.grade(STUDENTS / "loops.pl", only="positions", seed=1)
    burners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(3)]
    try:
        busy = grade.grade(STUDENTS / "loops.pl", only="positions", seed=1)
    finally:
        for b in burners:
            b.kill()
            b.wait()
    assert summary(idle) == summary(busy)
