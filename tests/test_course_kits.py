"""A course's lab from end to end, for each of the four games (issue 25's "Done when"):
the teacher writes the kit (`tablero kit`), grades the class's folder of five solutions
in one command (`tablero grade`: one right, four with a real-looking bug each), ends the
lab with a tournament of the same five and our machine (`tablero tournament`), and plays
one of the right solution's games again on the board with its rules asked of every move
(`tablero serve --rules`).

The classes are the grader's (tests/test_grade_games.py: GoRoGo, Azul and Molinolog
folders with the teacher's adapters; Go's solutions of tests/students/, each with a
machine of its own style: captures first, at random, the first free point, the nearest
to the centre, passes when its swapped score says it leads).  Every solution's machine
plays through its own rules, so a bug in the rules shows in the tournament too: the
GoRoGo solution without a suicide rule plays one, the Molinolog one whose pieces fly at
three flies, the Azul one that fills a full pattern line does so, and the random Go one
plays suicides and ko recaptures.  What the ranking must say is what the players'
strength says: our machine (a search, at a level that costs little) first, above every
student, with none of its games lost; the student whose machine plays illegal moves
last (or tied last), every game it lost by a fault lost for that illegal move, with the
rules' reason; the right solution never faulted.  Small on purpose: 5x5 Go capped at 40
actions, Molinolog on the size-1 board.  Seeded: the same games every run.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from app import confine, create_app, grade_games, grading, kit, student_rules, tournament

from .conftest import close_app
from .test_grade_games import CLASSES, check_class_graded

STUDENTS = Path(__file__).resolve().parent / "students"

needs_box = pytest.mark.skipif(confine.problem() is not None,
                               reason=f"no bubblewrap box here: {confine.problem()}")

P, F = "pass", "fail"

#  Go's class: the grader's solutions (tests/students/NAME.pl), with each one's verdicts
#  (goMove/4, the score, emptyBoard/1) and the words its first failure says.
GO_CLASS = {
    "correct": ((P, P, P), ""),
    "suicide": ((F, P, P), "accepted a suicide"),
    "no_multi_capture": ((F, P, P), "two separate groups captured by one stone"),
    "single_captures": ((F, P, P), "a group of two stones captured"),
    "swapped_score": ((P, F, P), "in the other order than its document"),
}

#  game: our machine, the tournament's options, the student whose machine plays illegal
#  moves and the rules' refusals it gets, the right student.
TOURNAMENTS = {
    "go": {"machine": "machine:200", "options": ["--option", "size=5", "--max-plies", "40"],
           "illegal": "suicide", "refusals": {"suicide", "ko"}, "right": "correct"},
    "gorogo": {"machine": "machine:2", "options": [],
               "illegal": "ana", "refusals": {"suicide"}, "right": "joana"},
    "azul": {"machine": "machine:lookahead", "options": [],
             "illegal": "elena", "refusals": {"line_full"}, "right": "carlos"},
    "molinolog": {"machine": "machine:2", "options": ["--option", "size=1"],
                  "illegal": "hugo", "refusals": {"not_adjacent"}, "right": "lucia"},
}


def go_class(tmp_path: Path) -> Path:
    """The Go class as a teacher collects it: one file per student in a folder."""
    folder = tmp_path / "entregas"
    folder.mkdir()
    for name in GO_CLASS:
        shutil.copy(STUDENTS / f"{name}.pl", folder / f"{name}.pl")
    return folder


def grade_class(game: str, folder: Path, out: Path, capsys) -> None:
    """`tablero grade [--game GAME] FOLDER --out OUT`: one command, every verdict right."""
    args = [str(folder), "--out", str(out), "--seed", "1"]
    assert grading.main(args if game == "go" else ["--game", game, *args]) == 1
    printed = capsys.readouterr().out
    if game != "go":
        check_class_graded(game, out, printed)
        return
    assert "5 solutions graded" in printed and "1 pass" in printed
    rows = {r["student"]: r for r in json.loads((out / "grades.json").read_text())}
    assert {s: (r["goMove/4"], r["score"], r["emptyBoard/1"]) for s, r in rows.items()} == \
        {s: v for s, (v, _) in GO_CLASS.items()}
    for student, (_, words) in GO_CLASS.items():
        assert words in rows[student]["first"], rows[student]
    assert rows["correct"]["verdict"] == "pass" and rows["correct"]["mark"] == 100
    assert "acepta un suicidio" in (out / "feedback" / "suicide.txt").read_text()


def on_the_board(game: str, path: Path, record_file: Path, tmp_path: Path) -> list[dict]:
    """A server with the student's rules beside ours (`tablero serve --rules`): the
    record's game played on it again, move by move as the page sends them (Go: its SGF
    opened), and what the student's rules said of each of its first moves."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "board.db"),
                      "STUDENT_RULES": {game: str(path)}})
    try:
        client = app.test_client()
        if game == "go":
            made = client.post("/api/games", json={"game": "go",
                                                   "sgf": record_file.read_text()}).get_json()
            return client.get(f"/api/games/{made['id']}/verdicts").get_json()["verdicts"]
        record = json.loads(record_file.read_text())
        made = client.post("/api/games", json={"game": game, "options": record["options"]})
        assert made.status_code == 201, made.get_json()
        made = made.get_json()
        verdicts = []
        for action in record["actions"][:12]:
            seat = str(client.get(f"/api/games/{made['id']}").get_json()["view"]["to_move"])
            reply = client.post(f"/api/games/{made['id']}/actions", json={"action": action},
                                headers={"Authorization": f"Bearer {made['secrets'][seat]}"})
            assert reply.status_code == 200, reply.get_json()
            verdicts.append(reply.get_json()["student"])
        return verdicts
    finally:
        close_app(app)


@needs_box
@pytest.mark.slow           # a class graded, a 30-game round robin, a game on the board:
                            # 10-20 s a game (27 s of CPU the four, measured)
@pytest.mark.parametrize("game", ["go", "gorogo", "azul", "molinolog"])
def test_a_course_kit_graded_and_played_in_a_tournament(game, tmp_path, capsys):
    # 1. The kit: what the grader grades is what the kit leaves for the student.
    handed = tmp_path / "kit"
    assert kit.main([game, str(handed)]) == 0
    main_text = (handed / kit.MAIN[game]).read_text()
    graded = ["goMove/4", "terminarJuego/3"] if game == "go" else grade_games.predicates(game)
    for pi in graded:
        assert f"not_written_yet({pi})" in main_text, pi

    # 2. The class, graded in one command.
    folder = go_class(tmp_path) if game == "go" else CLASSES[game][0]
    grade_class(game, folder, tmp_path / "notas", capsys)
    students = sorted(GO_CLASS if game == "go" else CLASSES[game][1])
    entries = [str(folder / f"{s}.pl") if game == "go" else str(folder / s) + "/"
               for s in students]

    # 3. The tournament: the five and our machine, a round robin.
    spec = TOURNAMENTS[game]
    out = tmp_path / "torneo"
    assert tournament.main([game, spec["machine"], *entries, "--out", str(out), "--seed", "1",
                            "--jobs", "2", "--seconds", "2", *spec["options"]]) == 0
    capsys.readouterr()
    summary = json.loads((out / "tournament.json").read_text())
    games = summary["games"]
    assert len(games) == 30                     # 6 players, every pair twice
    table = {row["player"]: row for row in summary["standings"]}
    assert set(table) == {spec["machine"], *students}
    ours = table.pop(spec["machine"])
    #  Our machine first, none of its ten games lost, its rating's interval above the
    #  faulting student's.
    assert ours["rank"] == 1 and ours["losses"] == 0 and ours["faults"] == 0
    assert all(ours["points"] > row["points"] for row in table.values())
    bad = table[spec["illegal"]]
    assert ours["rating_low"] > bad["rating_high"]
    #  The student whose machine plays illegal moves: last (or tied last), most faults,
    #  every game it lost by a fault lost for an illegal move, with the rules' reason.
    assert bad["points"] == min(row["points"] for row in table.values())
    assert bad["faults"] >= 3 and all(row["faults"] == 0 for name, row in table.items()
                                      if name != spec["illegal"])
    for g in games:
        result = g["result"]
        if "loser" in result:
            assert g["seats"][result["loser"]] == spec["illegal"], g
            assert result["reason"] == "illegal" and result["refusal"] in spec["refusals"], g
            assert "refused by the rules" in result["message"]
    assert table[spec["right"]]["faults"] == 0
    #  Every record is there and replays through our rules to its end (a fault's game to
    #  the position the fault ended it at).
    for g in games:
        record = json.loads((out / "games" / g["record"].replace(".sgf", ".json")).read_text())
        again = tournament.replay(record)
        if "loser" in g["result"]:
            assert not again.over and len(record["actions"]) == g["plies"]
        elif g["result"]["reason"] != "max_plies":
            assert again.over and again.winner == g["result"]["winner"]
    if game == "go":
        assert all((out / "games" / g["record"]).read_bytes().startswith(b"(;")
                   for g in games)
    standings = (out / "standings.csv").read_text().splitlines()
    assert standings[1].split(",")[1] == spec["machine"]

    # 4. The right solution on the board (`tablero serve --rules GAME=its folder`, the
    #    Molinolog lab with our graficos.pl in place of the course's, which would halt):
    #    one of its tournament games played there again, its rules asked of every move,
    #    agree with ours on each.
    served, path = student_rules.parse_option(f"{game}={entries[students.index(spec['right'])]}")
    assert served == game and student_rules.check(path, game)["ready"] is True
    played = next(g for g in games if spec["right"] in g["seats"].values())
    verdicts = on_the_board(game, path, out / "games" / played["record"], tmp_path)
    assert len(verdicts) >= 8 and all(v["code"] == "agree" for v in verdicts), verdicts
