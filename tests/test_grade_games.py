"""`tablero grade --game gorogo|azul|molinolog`: the kit games' grader (docs/grading.md).

Each game's class is a folder of five solutions written here in the real shapes of each
course: GoRoGo an integer-matrix solution with its own names (1 white, 2 black) and the
teacher's adapter.pl (tests/students/gorogo/), Azul an asserted-facts simulator with its
own start goal startAzulGame/1 and an adapter.pl (tests/students/azul/), Molinolog a lab
on estado/8 beside the course's XPCE graficos.pl, which must never be loaded (a stand-in
that halts: tests/students/molinolog/clase/).  One of each is right, four have a bug
each.  A class is graded in one command, as a teacher does, by tests/test_course_kits.py
(which then plays the same folders in a tournament) with check_class_graded() below: each
student's verdicts are asserted exactly, and the feedback in the course's language names
the bug.
"""

from __future__ import annotations

import json

import pytest

from app import confine, grade, grade_games, grading, kit

from .test_grade_class import STUDENTS

needs_box = pytest.mark.skipif(confine.problem() is not None,
                               reason=f"no bubblewrap box here: {confine.problem()}")

P, F = "pass", "fail"

#  game: (class folder, {student: verdict of each contract predicate in order},
#         {student: words its feedback in the course's language must hold})
CLASSES = {
    "gorogo": (STUDENTS / "gorogo", {
        "joana": (P, P, P, P),
        "ana": (P, F, F, F),            # no suicide rule (the bot plays one too)
        "bruno": (P, F, F, P),          # the Henge is neutral: it never helps to capture
        "carla": (P, F, F, P),          # captures only next to the new piece
        "duarte": (P, F, F, P),         # a Henge as the last piece
    }, {
        "ana": ["jogada/3 aceita uma jogada ilegal: um suicídio"],
        "bruno": ["peças capturadas ficam no tabuleiro",
                  "o Henge conta como a cor de quem joga"],
        "carla": ["um grupo sem casa vazia vizinha é capturado onde estiver",
                  "uma partida mais curta mostra-o"],
        "duarte": ["um Henge como última peça do jogador"],
        "joana": ["Todos os casos passaram."],
    }),
    "azul": (STUDENTS / "azul", {
        "carlos": (P, P, P, P),
        "diego": (P, P, F, F),          # the floor never ends: overflow costs (and stays)
        "elena": (P, F, P, F),          # a full pattern line still takes tiles (random plays one)
        "fabio": (P, P, P, F),          # the round's tiling counts the row only
        "gabriela": (F, P, P, P),       # format/2 with an argument too many (SWI-Prolog 9)
    }, {
        "diego": ["estrategia/3 no elige una jugada que sume más puntos ahora: el suelo lleno",
                  "aplicar_jugada/3 devuelve otro estado: el suelo (7 lugares; después, la tapa)"],
        "elena": ["jugadas_legales/2 da jugadas ilegales: una fila de preparación llena"],
        "fabio": ["los puntos del fin de ronda (fila y columna)"],
        "gabriela": ["new_game/1 lanza un error", "too many arguments"],
        "carlos": ["Todos los casos pasaron."],
    }),
    "molinolog": (STUDENTS / "molinolog" / "clase", {
        "lucia": (P, P, P, P, P),
        "hugo": (P, F, F, F, P),        # three pieces fly
        "ines": (P, F, F, P, P),        # Proteger ignored
        "juan": (P, P, P, F, P),        # a player who cannot move does not lose
        "karen": (P, F, F, P, P),       # any mill on the board is a new mill
    }, {
        "hugo": ["accion_legal/2 da jugadas ilegales: una ficha que vuela"],
        "ines": ["capturar de un molino cuando hay otra ficha fuera de molinos"],
        "juan": ["fin_del_juego/2 no ve que el juego terminó: un jugador que no puede mover"],
        "karen": ["aplicar/3 devuelve otro estado: la fase (molino: capturar)",
                  "una partida más corta lo muestra"],
        "lucia": ["Todos los casos pasaron."],
    }),
}


def check_class_graded(game: str, out, printed: str) -> None:
    """`tablero grade --game GAME CLASS --out OUT` printed `printed` and wrote OUT: each
    student's verdicts exactly, the right one passes with 100, the CSV and HTML, and the
    feedback in the course's language names each bug once.  Run by
    tests/test_course_kits.py, which grades each class as a teacher does after handing
    out the kit, then plays the same folders in a tournament."""
    _folder, verdicts, words = CLASSES[game]
    assert "5 solutions graded" in printed and "1 pass" in printed
    rows = {r["student"]: r for r in json.loads((out / "grades.json").read_text())}
    preds = grade_games.predicates(game)
    assert {s: tuple(r[p] for p in preds) for s, r in rows.items()} == verdicts
    right = next(s for s, v in verdicts.items() if set(v) == {P})
    assert rows[right]["verdict"] == "pass" and rows[right]["mark"] == 100
    assert all(r["verdict"] == "fail" and r["mark"] < 100 and r["first"]
               for s, r in rows.items() if s != right)
    lang = grade_games.GAMES[game]["lang"]
    csv_text = (out / "grades.csv").read_text()
    assert csv_text.splitlines()[0].startswith(grade._WORDS[lang]["student"])
    assert len(csv_text.splitlines()) == 6
    page = (out / "grades.html").read_text()
    assert all(f">{s}</a>" in page for s in verdicts)
    assert {"pt": "Erros da turma", "es": "Errores de la clase"}[lang] in page
    for student, expected in words.items():
        feedback = (out / "feedback" / f"{student}.txt").read_text()
        for w in expected:
            assert w in feedback, (student, w, feedback)
        english = (out / "feedback" / f"{student}.en.txt").read_text()
        assert ("Every case passed." in english) == (student == right)
    # each distinct bug once, with a count: no line of bugs says the same twice
    for student in verdicts:
        bugs = [line for line in (out / "feedback" / f"{student}.txt").read_text().splitlines()
                if line.startswith("  * [")]
        assert len(bugs) == len({b.split("] ", 1)[1] for b in bugs})


@needs_box
@pytest.mark.parametrize("game", ["gorogo", "azul", "molinolog"])
def test_the_kit_as_handed_out_is_not_written(game, tmp_path):
    """The kit's stubs throw not_written_yet: each left predicate is "not written", not a
    wrong answer; the mark is 0."""
    kit.write_kit(game, tmp_path / "kit")
    report = grade_games.grade(tmp_path / "kit", game, seed="1")
    left = {"gorogo": grade_games.predicates("gorogo"),
            "azul": grade_games.predicates("azul"),
            "molinolog": grade_games.predicates("molinolog")}[game]
    assert {k: v["verdict"] for k, v in report["verdicts"].items()} == \
        {k: "not written" for k in left}
    assert report["verdict"] == "fail" and report["mark"] == 0
    assert report["graded_file"] == kit.MAIN[game]       # not the example adapter.pl


@needs_box
def test_one_solution_report_and_bad_input(tmp_path, capsys):
    """One student's folder: the English report with its bug; a missing predicate is its
    own verdict; bad options and a folder with nothing to grade are refused (exit 2)."""
    assert grading.main(["--game", "gorogo", str(STUDENTS / "gorogo" / "duarte")]) == 1
    text = capsys.readouterr().out
    assert "jogada/3 accepts an illegal action: a Henge as the player's last piece" in text
    assert "FAIL:" in text and "melhorJogada/2 pass (18/18)" in text
    partial = tmp_path / "partial.pl"
    partial.write_text("gamestate([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],"
                       "[0,0,0,0,0]]).\n")
    report = grade_games.grade(partial, "gorogo", seed="1")
    assert {k: v["verdict"] for k, v in report["verdicts"].items()} == {
        "gamestate/1": "pass", "jogada/3": "missing", "updateTable/2": "missing",
        "melhorJogada/2": "missing"}
    assert report["summary"].startswith("FAIL: jogada/3, updateTable/2, melhorJogada/2 not "
                                        "defined")
    # a lab that ends the Prolog process (halt through call/1): the driver goes on after
    # the case, at most four runs; the cases it never asked count as not passed
    halting = tmp_path / "halting.pl"
    course = kit.PROLOG_DIR / "molinolog" / "course"
    halting.write_text(
        f":- use_module({str(course)!r}, []).\n"
        "estado_inicial(T, P, E) :- molinolog_course:estado_inicial(T, P, E).\n"
        "accion_legal(E, A) :- molinolog_course:accion_legal(E, A).\n"
        "aplicar(_, mover(_, _), _) :- G = halt, call(G).\n"
        "aplicar(E0, A, E) :- molinolog_course:aplicar(E0, A, E).\n"
        "fin_del_juego(E, R) :- molinolog_course:fin_del_juego(E, R).\n"
        "mejor_accion(E, _, A) :- once(accion_legal(E, A)).\n")
    report = grade_games.grade(halting, "molinolog")
    assert report["process"]["restarts"] == 3
    bugs = grade_games.distinct_bugs(report, "es")
    assert bugs[0]["words"] == "aplicar/3 termina el proceso de Prolog" and bugs[0]["count"] == 4
    assert {v["verdict"] for v in report["verdicts"].values()} == {"pass", "fail"}
    assert report["verdicts"]["estado_inicial/3"]["verdict"] == "pass"
    assert report["verdicts"]["accion_legal/2"]["first"].endswith("cases not run")
    assert grading.main(["--game", "azul", "--only", "nope", str(partial)]) == 2
    assert "unknown section 'nope'" in capsys.readouterr().err
    (tmp_path / "empty").mkdir()
    (tmp_path / "empty" / "notes.txt").write_text("no Prolog here\n")
    assert grading.main(["--game", "molinolog", str(tmp_path / "empty")]) == 2
    assert "COULD NOT GRADE: no Prolog file to grade" in capsys.readouterr().out
