"""`tablero kit GAME DIR` (app/kit.py, prolog/kit/, docs/kits.md): every kit is written,
every file loads in swipl without a warning, the documented examples parse, the stubs say
"not written yet" (in swipl, in `tablero grade` and in `tablero tournament`), and each kit
completed here (Go: the reference of tests/kits/go_reference.pl; the others: our own
rules wrapped) passes `tablero grade` (Go) or plays a real tournament game.  Bad input
(an unknown game, a non-empty folder) is refused with a reason and writes nothing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from app import cli, confine, grade, kit, lab, tournament

HERE = Path(__file__).parent
needs_box = pytest.mark.skipif(confine.problem() is not None,
                               reason=f"no bubblewrap box here: {confine.problem()}")

EXPECTED = {
    "go": {"README.md", "proylcc.pl"},
    "molinolog": {"README.md", "molinolog.pl", "graficos.pl"},
    "gorogo": {"README.md", "gorogo.pl", "adapter.pl"},
    "azul": {"README.md", "azul.pl", "adapter.pl"},
}
#  Each kit's stubs: (file, the goal that calls one, its Name/Arity).
STUBS = {
    "go": ("proylcc.pl", 'emptyBoard(B), goMove(B, "b", [0,0], _)', "goMove/4"),
    "molinolog": ("molinolog.pl", "estado_inicial(1, false, _)", "estado_inicial/3"),
    "gorogo": ("gorogo.pl", "jogada(3, 2, 2)", "jogada/3"),
    "azul": ("azul.pl", "new_game([greedy, greedy])", "new_game/1"),
}
WORDS = {"go": "todavía no está escrito", "molinolog": "todavía no está escrito",
         "gorogo": "ainda não está escrito", "azul": "todavía no está escrito"}


def swipl(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["swipl", "--on-warning=status", "--on-error=status", *args],
                          cwd=folder, capture_output=True, text=True, timeout=60)


def fill(path: Path, bodies: dict[str, str], extra: str = "") -> None:
    """Replace the stub clause of each Name/Arity by `bodies[...]`, and add `extra`."""
    text = path.read_text()
    for pi, body in bodies.items():
        name = pi.split("/")[0]
        stub = re.compile(rf"^{name}\([^\n]*\) :-\n    throw\(error\(not_written_yet\("
                          rf"{re.escape(pi)}\), _\)\)\.\n", re.M)
        text, n = stub.subn(lambda _m: body.strip() + "\n", text)
        assert n == 1, pi
    path.write_text(text + "\n" + extra)


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_kit_written_loads_and_its_stubs_say_so(game, tmp_path, capsys):
    folder = tmp_path / game
    with pytest.raises(SystemExit) as done:
        cli.main(["kit", game, str(folder)])
    assert done.value.code == 0
    assert {p.name for p in folder.iterdir()} == EXPECTED[game]
    assert f"The {game} kit is in" in capsys.readouterr().out
    for pl in folder.glob("*.pl"):
        loaded = swipl(folder, "-q", "-g", "halt", pl.name)
        assert loaded.returncode == 0 and loaded.stderr == "", (pl.name, loaded.stderr)
    #  The documented examples: every `%   ?- Goal.` and its answer lines parse.
    main = folder / STUBS[game][0]
    examples = [line.split("?-", 1)[1].strip() for line in main.read_text().splitlines()
                if line.startswith("%   ?- ")]
    assert len(examples) >= 2
    answers = re.findall(r"^%   \?- [^\n]*\n((?:%   [A-Za-z][^\n]*\n)+)", main.read_text(), re.M)
    assert answers
    terms = examples + [line[4:].strip() for a in answers for line in a.splitlines()]
    listed = "[" + ", ".join(f'"{t}"' for t in (x.replace('"', '\\"') for x in terms)) + "]"
    parsed = swipl(folder, "-q", "-g",
                   f"forall(member(S, {listed}), term_string(_, S)), halt", "-t", "halt(1)")
    assert parsed.returncode == 0, parsed.stderr
    #  A stub called in swipl says it is not written yet, in the course's language.
    file, goal, pi = STUBS[game]
    called = swipl(folder, "-q", "-g", goal, "-t", "halt", file)
    assert called.returncode != 0
    assert f"{pi} {WORDS[game]}" in called.stderr, called.stderr
    assert "graficos" not in EXPECTED[game] or \
        (folder / "graficos.pl").read_bytes() == (kit.PROLOG_DIR / "graficos.pl").read_bytes()


def test_bad_input_is_refused_and_writes_nothing(tmp_path, capsys):
    assert kit.main(["chess", str(tmp_path / "chess")]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert not (tmp_path / "chess").exists()
    full = tmp_path / "full"
    full.mkdir()
    (full / "proylcc.pl").write_text("% mine\n")
    assert kit.main(["go", str(full)]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert [p.name for p in full.iterdir()] == ["proylcc.pl"]
    assert (full / "proylcc.pl").read_text() == "% mine\n"
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert kit.main(["gorogo", str(afile)]) == 2
    assert "is a file" in capsys.readouterr().err
    assert kit.main(["go", str(full), "--force"]) == 0
    assert {p.name for p in full.iterdir()} == EXPECTED["go"]


@needs_box
@pytest.mark.slow               # plays tournament games, as tests/test_tournament.py
def test_go_kit_graded_stub_then_completed(tmp_path):
    folder = tmp_path / "go"
    kit.write_kit("go", folder)
    report = grade.grade(folder / "proylcc.pl", only="positions,score")
    assert report["exit"] == 1
    v = report["verdicts"]
    assert v["emptyBoard/1"]["verdict"] == "pass"
    assert v["goMove/4"]["verdict"] == "not written" and v["score"]["verdict"] == "not written"
    text = grade.text_report(report)
    assert "every case: goMove/4 is not written yet (still the kit's stub" in text
    assert "goMove/4 not written" in report["summary"]
    #  Completed with the reference written here: every case passes.
    reference = (HERE / "kits" / "go_reference.pl").read_text()
    head, helpers = reference.split("\nrival(", 1)
    clauses = {pi: "\n".join(c for c in re.split(r"\n(?=\S)", head)
                             if c.startswith(pi.split("/")[0] + "("))
               for pi in ("goMove/4", "terminarJuego/3", "jugadaMaquina/3")}
    fill(folder / "proylcc.pl", clauses, "rival(" + helpers)
    report = grade.grade(folder / "proylcc.pl")                   # every section
    assert report["exit"] == 0, grade.text_report(report)
    assert {k: v["verdict"] for k, v in report["verdicts"].items()} == \
        {"goMove/4": "pass", "score": "pass", "emptyBoard/1": "pass"}
    #  And its machine plays a tournament game on 5x5 against ours.
    summary = tournament.run("go", ["machine:simple", str(folder / "proylcc.pl")],
                             out=tmp_path / "t", seed=3, options={"size": 5}, max_plies=12,
                             jobs=1)
    assert len(summary["games"]) == 2
    for g in summary["games"]:
        assert g["result"]["reason"] not in ("error", "not_written", "load_failed", "failed"), g
        assert g["plies"] >= 10
    #  The kit as handed out loses every game, each with the reason not_written.
    summary = tournament.run("go", ["machine:simple", f"stub={_fresh('go', tmp_path)}"],
                             out=tmp_path / "t2", seed=3, options={"size": 5}, max_plies=12,
                             jobs=1)
    for g in summary["games"]:
        assert g["seats"][g["result"]["loser"]] == "stub"
        assert g["result"]["reason"] == "not_written"
        assert "jugadaMaquina/3 is not written yet" in g["result"]["message"]


def _fresh(game: str, tmp_path: Path) -> str:
    folder = tmp_path / f"{game}-as-handed-out"
    kit.write_kit(game, folder)
    return str(folder / STUBS[game][0])


COURSE = kit.PROLOG_DIR


def _molinolog_completed(folder: Path) -> None:
    fill(folder / "molinolog.pl", {
        "estado_inicial/3": "estado_inicial(T, P, E) :- molinolog_course:estado_inicial(T, P, E).",
        "accion_legal/2": "accion_legal(E, A) :- molinolog_course:accion_legal(E, A).",
        "aplicar/3": "aplicar(E0, A, E) :- molinolog_course:aplicar(E0, A, E).",
        "fin_del_juego/2": "fin_del_juego(E, R) :- molinolog_course:fin_del_juego(E, R).",
        "mejor_accion/3": "mejor_accion(E, _, A) :- findall(X, accion_legal(E, X), [A|_]).",
    }, f":- use_module({str(COURSE / 'molinolog' / 'course')!r}, []).\n")


def _gorogo_completed(folder: Path) -> None:
    fill(folder / "gorogo.pl", {
        "gamestate/1": "gamestate(B) :- gorogo_course:gamestate(B).",
        "jogada/3": """
jogada(Peca, X, Y) :-
    jogo(E0), arg(2, E0, Vez), peca(Peca, Vez, Piece),
    gorogo_course:gorogo_place(E0, place(Piece, X, Y), E),
    retractall(jogo(_)), assertz(jogo(E)).""",
        "updateTable/2": """
updateTable(Board, Jogador) :-
    jogo(E0), arg(2, E0, Vez), peca(Jogador, Vez, regular),
    gorogo_course:update_table(E0, Board, E),
    retractall(jogo(_)), assertz(jogo(E)).""",
        "melhorJogada/2": "melhorJogada(E, J) :- findall(M, gorogo_course:gorogo_legal(E, M), [J|_]).",
    }, f":- use_module({str(COURSE / 'gorogo' / 'course')!r}, []).\n"
       "peca(3, _, henge).\npeca(1, b, regular).\npeca(2, w, regular).\n")


def _azul_completed(folder: Path) -> None:
    fill(folder / "azul.pl", {
        "jugadas_legales/2": "jugadas_legales(E, Js) :- azul_rules:legal_takes(E, Js).",
        "aplicar_jugada/3": """
aplicar_jugada(E, J, E2) :- azul_rules:legal_takes(E, Js), memberchk(J, Js),
    azul_rules:apply_take(E, J, E2).""",
        "estrategia/3": """
estrategia(Tipo, E, J) :- azul_machine:choose_move(Tipo, E, J).""",
    }, f":- use_module({str(COURSE / 'azul' / 'rules')!r}, []).\n"
       f":- use_module({str(COURSE / 'azul' / 'machine')!r}, []).\n")


COMPLETED = {"molinolog": (_molinolog_completed, "machine:1", {"size": 1}, 60),
             "gorogo": (_gorogo_completed, "machine:1", {}, None),
             "azul": (_azul_completed, "random", {}, None)}


@needs_box
@pytest.mark.slow               # plays tournament games, as tests/test_tournament.py
@pytest.mark.parametrize("game", sorted(COMPLETED))
def test_kit_completed_plays_a_tournament(game, tmp_path):
    """The kit completed with our rules wrapped plays real games against our machine and
    the kit as handed out (which loses each of its games: not_written)."""
    complete, machine, options, plies = COMPLETED[game]
    folder = tmp_path / "done"
    kit.write_kit(game, folder)
    complete(folder)
    loaded = swipl(folder, "-q", "-g", "halt", STUBS[game][0])
    assert loaded.returncode == 0 and loaded.stderr == "", loaded.stderr
    #  A student's folder: its adapter.pl, else the kit's main file; named after the folder.
    summary = tournament.run(game, [machine, f"{folder}/", f"stub={_fresh(game, tmp_path)}"],
                             out=tmp_path / "t", seed=2, options=options, max_plies=plies,
                             jobs=2, seconds=2)
    assert len(summary["games"]) == 6
    for g in summary["games"]:
        names = set(g["seats"].values()) if isinstance(g["seats"], dict) else set(g["seats"])
        reason, loser = g["result"]["reason"], g["result"].get("loser")
        if "stub" in names:
            assert reason == "not_written" and g["seats"][loser] == "stub", g
            assert "is not written yet" in g["result"]["message"]
        else:       # the completed kit against our machine: a real game, no fault
            assert reason not in ("not_written", "error", "failed", "illegal", "not_a_move",
                                  "load_failed", "timeout", "crashed"), g
            assert g["plies"] >= 8
    points = {row["player"]: row["points"] for row in summary["standings"]}
    assert points["stub"] == 0 and points["done"] >= 2


@needs_box
def test_molinolog_kit_completed_runs_as_a_lab(tmp_path):
    """The Molinolog kit's molinolog/3 (written: the interaction with graficos) plays two
    machines to the end on our headless board, every drawn board legal; as handed out,
    it ends at once with the stub's error."""
    folder = tmp_path / "lab"
    kit.write_kit("molinolog", folder)
    stub = lab.judge_lab(folder / "molinolog.pl", size=1, seconds=30)
    assert stub["status"] == "error" and "estado_inicial/3" in str(stub["error"])
    _molinolog_completed(folder)
    verdict = lab.judge_lab(folder / "molinolog.pl", size=1, seconds=60)
    assert verdict["ok"] is True, lab.report_text(verdict)
    assert verdict["plies"] >= 10 and verdict["theirs"]["messages"]


def examples(path: Path) -> list[tuple[str, str]]:
    """Each documented example of a kit file: (goal, answer), the answer `true`, `false`
    or the bindings, as one line without its full stop."""
    found = []
    lines = path.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.startswith("%   ?- "):
            answer = []
            for nxt in lines[i + 1:]:
                if not re.match(r"%   [A-Za-z]", nxt) or nxt.startswith("%   ?- "):
                    break
                answer.append(nxt[4:].strip())
            found.append((line[7:].strip().rstrip("."), " ".join(answer).rstrip(".")))
    return found


@needs_box
@pytest.mark.parametrize("game", sorted(STUBS))
def test_completed_kits_answer_their_documented_examples(game, tmp_path):
    """Every documented example, asked of the kit completed here (the reference, or our
    rules wrapped), gives the answer written under it."""
    folder = tmp_path / game
    kit.write_kit(game, folder)
    if game == "go":
        reference = (HERE / "kits" / "go_reference.pl").read_text()
        head, helpers = reference.split("\nrival(", 1)
        fill(folder / "proylcc.pl",
             {pi: "\n".join(c for c in re.split(r"\n(?=\S)", head)
                            if c.startswith(pi.split("/")[0] + "("))
              for pi in ("goMove/4", "terminarJuego/3", "jugadaMaquina/3")},
             "rival(" + helpers)
    elif game == "azul":
        _azul_completed(folder)
        fill(folder / "azul.pl", {"new_game/1": "new_game(Ps) :- length(Ps, N), between(2, 4, N)."})
    else:
        COMPLETED[game][0](folder)
    main = STUBS[game][0]
    cases = examples(folder / main)
    assert len(cases) >= 2
    for goal, answer in cases:
        query = (f"\\+ ({goal})" if answer == "false" else
                 f"({goal})" if answer == "true" else f"({goal}), ({answer})")
        ran = swipl(folder, "-q", "-g", f"term_string(G, {query!r}), once(G) -> halt(0) ; halt(1)",
                    "-t", "halt(2)", main)
        assert ran.returncode == 0, (goal, answer, ran.stderr)


@needs_box
def test_go_kit_as_handed_out_on_the_board(tmp_path):
    """`tablero serve --rules go=proylcc.pl` with the kit as handed out: every move is
    played by our rules, and the student's side says its goMove/4 is not written yet."""
    from app import create_app
    folder = tmp_path / "go"
    kit.write_kit("go", folder)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "STUDENT_RULES": {"go": str(folder / "proylcc.pl")}})
    client = app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 19}}).json
    reply = client.post(f"/api/games/{game['id']}/actions",
                        json={"action": {"kind": "move", "pos": [3, 3]}},
                        headers={"Authorization": f"Bearer {game['secrets']['b']}"})
    assert reply.status_code == 200
    assert reply.json["view"]["board"][3][3] == "b"                # ours decide the game
    student = reply.json["student"]
    assert student["code"] == "they_failed" and student["theirs"]["status"] == "not_written"
    assert "goMove/4 is not written yet" in student["message"]
