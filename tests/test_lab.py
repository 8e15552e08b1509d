"""A student's Molinolog lab run unmodified with our graficos.pl (app/lab.py).

The labs under tests/students/molinolog/ are written in the 2019 lab's shape (their own
board, a minimax with minimax_depth/1, a main loop on gr_evento/2); beside each stands a
`graficos.pl` like the course's that halts the process with status 86 if it is ever
loaded: ours must be the one the lab gets.  Headless games are played machine against
machine in the box and every board they draw is judged by our rules.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from app import confine, create_app, lab

ROOT = Path(__file__).resolve().parent.parent
LABS = ROOT / "tests" / "students" / "molinolog"
CORRECT = LABS / "molinolog.pl"
OLD_MILL = LABS / "molino_viejo" / "molinolog.pl"

pytestmark = pytest.mark.skipif(confine.problem() is not None,
                                reason=f"no confinement here: {confine.problem()}")


@pytest.mark.slow
def test_the_correct_lab_plays_to_a_legal_end_that_agrees_with_ours():
    report = lab.judge_lab(CORRECT, 2)
    assert report["status"] == "ended", report          # its graficos.pl would halt(86)
    assert report["legal"] is True and report["illegal"] is None
    assert report["plies"] > 30 and report["drawings"] > 30
    assert report["ours"]["winner"] == "negro" and report["ours"]["reason"] == "dos_fichas"
    assert report["theirs"] == {"messages": ["¡Ganó el jugador negro!", "¿Jugar de nuevo? (si/no)"],
                                "winner": "negro"}     # the question names no one
    assert report["agree"] is True and report["past_end"] is None
    #  "¿Jugar de nuevo?" was answered no: the program closed its window and returned.
    assert report["calls"]["pregunta"] == 1 and report["calls"]["destruir"] == 1
    assert report["ok"] is True
    assert "verdict: OK" in lab.report_text(report)


def test_the_buggy_lab_is_caught_at_the_capture_without_a_new_mill():
    report = lab.judge_lab(OLD_MILL, 2)
    assert report["status"] == "ended" and report["ok"] is False
    bad = report["illegal"]
    assert bad["code"] == "no_mill"
    #  Black's mill on e1-e2-e3 stood since an earlier turn; its placement on (s,2)
    #  formed none, yet it took White's piece on (se,2).
    assert bad["position"]["turno"] == "negro" and bad["position"]["fase"] == "colocar"
    assert bad["position"]["mano"] == [1, 1]
    assert bad["position"]["fichas"] == [
        ["blanco", "n", 3], ["blanco", "ne", 1], ["blanco", "nw", 1], ["blanco", "nw", 2],
        ["blanco", "se", 1], ["blanco", "se", 2], ["blanco", "sw", 1],
        ["negro", "e", 1], ["negro", "e", 2], ["negro", "e", 3], ["negro", "n", 1],
        ["negro", "n", 2], ["negro", "ne", 2], ["negro", "s", 1], ["negro", "w", 1]]
    assert bad["appeared"] == [["negro", "s", 2]]
    assert bad["disappeared"] == [["blanco", "se", 2]]
    assert "formed no new mill" in bad["reason"]
    text = lab.report_text(report)
    assert "ILLEGAL" in text and "X(s,2)" in text and "verdict: NOT OK" in text


@pytest.mark.slow
def test_a_lab_that_ignores_the_third_repetition_plays_past_our_end(tmp_path):
    """Size 1: the machines repeat a position a third time, where our rules draw; a lab
    without that rule plays on (until its own 100 quiet turns)."""
    source = CORRECT.read_text(encoding="utf-8")
    rule = ("    ;   H = [Actual|Antes],\n        include(==(Actual), Antes, [_, _|_])\n"
            "    ->  Fin = tablas\n")
    assert rule in source
    folder = tmp_path / "sin_repeticion"
    folder.mkdir()
    (folder / "molinolog.pl").write_text(source.replace(rule, ""), encoding="utf-8")
    correct = lab.judge_lab(CORRECT, 1)
    assert correct["ok"] is True and correct["ours"]["reason"] == "repeticion"
    assert correct["theirs"]["winner"] == "tablas"
    report = lab.judge_lab(folder / "molinolog.pl", 1)
    assert report["legal"] is True and report["ok"] is False
    assert report["past_end"]["result"] == "tablas(repeticion)"
    assert report["past_end"]["picture"] == correct["drawings"]


def test_a_human_seat_played_by_a_function():
    """What a tournament needs: the lab's `humano` seat played from outside (here: the
    first empty point, three times, then the window closed)."""
    clicks = []

    def answer(msg, picture):
        if msg["gr"] != "evento" or len(clicks) == 3:
            return {"evento": "salir"}
        empty = next((d, r) for r in (1, 2) for d in lab.DIRS if (d, r) not in picture.pieces)
        clicks.append(empty)
        return {"evento": "click", "dir": empty[0], "dist": empty[1]}

    report = lab.judge_lab(CORRECT, 1, goal="molinolog(humano, maquina, 1)", answer=answer)
    assert report["status"] == "ended" and report["legal"] is True
    assert report["plies"] == 6 and len(clicks) == 3
    assert report["calls"]["evento"] == 4 and report["calls"]["destruir"] == 1
    assert clicks[0] == ("n", 1)


def test_a_lab_that_does_not_load_or_raises_says_why(tmp_path):
    broken = tmp_path / "roto.pl"
    broken.write_text(":- module(molinolog, [molinolog/3]).\n:- use_module(graficos).\n"
                      "molinolog(_, _, T) :- gr_crear(V, T, []), gr_ficha(V, T, n, 9, negro).\n",
                      encoding="utf-8")
    report = lab.judge_lab(broken, 1)
    assert report["status"] == "error" and "punto" in report["error"]
    missing = tmp_path / "falta.pl"
    missing.write_text(":- use_module(library(pce)).\n", encoding="utf-8")
    assert lab.judge_lab(missing, 1)["status"] in ("load_error", "failed", "error")


def test_a_seeded_lab_that_plays_at_random_plays_the_same_game_each_run(tmp_path):
    dice = tmp_path / "dados.pl"
    dice.write_text(":- module(molinolog, [molinolog/3]).\n:- use_module(graficos).\n"
                    "molinolog(_, _, T) :- gr_crear(V, T, []), random_between(1, 1000000000, X),\n"
                    "    format(atom(A), '~w', [X]), gr_mensaje(V, A).\n", encoding="utf-8")

    def drawn(**seed):
        report = lab.judge_lab(dice, 1, **seed)
        assert report["status"] == "ended", report.get("error")
        (text,) = report["theirs"]["messages"]
        return int(text)

    assert drawn(seed=7) == drawn(seed=7)
    assert len({drawn(seed=7), drawn(seed=8), drawn()}) == 3


ATTACKER = r"""
:- module(molinolog, [molinolog/3]).
:- use_module(graficos).
:- use_module(library(process)).
:- use_module(library(socket)).
:- use_module(library(unix)).

molinolog(_, _, T) :-
    gr_crear(V, T, []),
    intento(V, shell, (shell('touch @MARK@/shell'), exists_file('@MARK@/shell'))),
    intento(V, proceso, process_create(path(touch), ['@MARK@/process'], [])),
    intento(V, fork, (fork(P), (P == child -> halt ; true))),
    intento(V, archivo, (open('@MARK@/file', write, S), write(S, x), close(S))),
    intento(V, junto, (open('@HERE@/pwned.pl', write, S2), close(S2))),
    intento(V, red, (tcp_connect('127.0.0.1':@PORT@, St, []), close(St))),
    intento(V, entorno, (getenv('TABLERO_CANARY', C), atom(C))),
    intento(V, proyecto, exists_file('@PROJECT@')),
    gr_destruir(V).

intento(V, Nombre, Meta) :-
    (   catch(Meta, E, true)
    ->  (   var(E) -> R = hecho ; R = rechazado )
    ;   R = fallo
    ),
    format(atom(Texto), '~w: ~w', [Nombre, R]),
    gr_mensaje(V, Texto).
"""


def test_an_attacker_lab_is_refused_by_the_box(tmp_path):
    marks = Path(os.environ.get("TMPDIR", "/tmp")) / f"tablero-lab-marks-{os.getpid()}"
    marks.mkdir(mode=0o777, exist_ok=True)
    os.chmod(marks, 0o777)
    here = tmp_path / "ataque"
    here.mkdir()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(4)
    listener.settimeout(0.2)
    try:
        code = (ATTACKER.replace("@MARK@", str(marks)).replace("@HERE@", str(here))
                .replace("@PORT@", str(listener.getsockname()[1]))
                .replace("@PROJECT@", str(ROOT / "pyproject.toml")))
        (here / "molinolog.pl").write_text(code, encoding="utf-8")
        os.environ["TABLERO_CANARY"] = "lab-canary"
        report = lab.judge_lab(here / "molinolog.pl", 1, seconds=30)
        said = dict(m.split(": ") for m in report["theirs"]["messages"])
        #  shell/1 cannot start sh (SWI-Prolog 9.0.4 then answers status 0 and leaves
        #  its EPERM pending, so the attempt checks its own effect).
        assert said == {"shell": "fallo", "proceso": "rechazado", "fork": "rechazado",
                        "archivo": "rechazado", "junto": "rechazado", "red": "rechazado",
                        "entorno": "fallo", "proyecto": "fallo"}, report
        assert report["status"] == "ended"
        assert list(marks.iterdir()) == []
        assert not (here / "pwned.pl").exists()
        with pytest.raises(OSError):
            listener.accept()
    finally:
        os.environ.pop("TABLERO_CANARY", None)
        listener.close()
        shutil.rmtree(marks, ignore_errors=True)


# ---- the web session's routes (the Flask test client; the page is in test_browser_lab) --


@pytest.fixture
def lab_client(tmp_path):
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "LAB": {"file": str(CORRECT), "goal": "molinolog(humano, maquina, 1)",
                              "idle": 30}})
    yield app.test_client()
    lab.SESSIONS.close()
    from .conftest import close_app

    close_app(app)


def wait_view(client, sid, test, revision=-1):
    for _ in range(40):
        view = client.get(f"/api/lab/{sid}?after={revision}").get_json()
        if test(view):
            return view
        revision = view["revision"]
    raise AssertionError(view)


def test_the_routes_play_a_click_and_refuse_bad_input(lab_client):
    c = lab_client
    view = c.post("/api/lab/sessions", json={}).get_json()
    sid = view["id"]
    view = wait_view(c, sid, lambda v: v["waiting"])
    assert view["status"] == "Jugador negro, colocar 6 fichas"
    assert view["buttons"] == ["Reiniciar", "Salir"] and view["board"]["size"] == 1
    for body, status, code in (({"click": ["n", 3]}, 400, "off_board"),
                               ({"click": ["x", 1]}, 400, "off_board"),
                               ({"boton": 2}, 400, "bad_button"),
                               ({"nada": 1}, 400, "bad_event")):
        reply = c.post(f"/api/lab/{sid}/event", json=body)
        assert (reply.status_code, reply.get_json()["error"]["code"]) == (status, code)
    assert c.post(f"/api/lab/{sid}/answer", json={"seq": 1}).status_code == 409
    assert c.get("/api/lab/nope").status_code == 404
    c.post(f"/api/lab/{sid}/event", json={"click": ["n", 1]})
    view = wait_view(c, sid, lambda v: len(v["pieces"]) == 2 and v["waiting"])
    assert ["n", 1, "b"] in view["pieces"]
    assert view["status"] == "Jugador negro, colocar 5 fichas"
    #  The Reiniciar button asks with gr_pregunta/3; "no" goes on with the same game.
    c.post(f"/api/lab/{sid}/event", json={"boton": 0})
    view = wait_view(c, sid, lambda v: v["dialog"] is not None)
    assert view["dialog"]["kind"] == "pregunta"
    assert view["dialog"]["text"] == "¿Reiniciar la partida? (si/no)"
    reply = c.post(f"/api/lab/{sid}/answer", json={"seq": view["dialog"]["seq"], "respuesta": 5})
    assert reply.status_code == 400
    c.post(f"/api/lab/{sid}/answer", json={"seq": view["dialog"]["seq"], "respuesta": "no"})
    view = wait_view(c, sid, lambda v: v["waiting"] and v["dialog"] is None)
    assert len(view["pieces"]) == 2
    #  Salir: the program closes its window and ends.
    c.post(f"/api/lab/{sid}/event", json={"salir": True})
    view = wait_view(c, sid, lambda v: v["ended"] is not None)
    assert view["ended"] == "ended" and view["open"] is False
    assert c.post(f"/api/lab/{sid}/event", json={"salir": True}).status_code == 409


@pytest.mark.slow
def test_the_cli_judges_headless(tmp_path):
    tablero = Path(sys.executable).with_name("tablero")
    done = subprocess.run([str(tablero), "lab", "molinolog", str(CORRECT), "--headless",
                           "--size", "1"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "verdict: OK" in done.stdout and "Tablas" in done.stdout


# ---- the judge alone, on boards written here ---------------------------------------------


def board(*pieces):
    return sorted([{"X": "negro", "O": "blanco"}[p[0]], p[1], p[2]] for p in pieces)


def test_the_judge_follows_rounds_paints_and_names_a_jump():
    pictures = [
        {"i": 0, "strict": True, "fichas": []},
        #  Drawn once a round: Black's and White's placements together.
        {"i": 1, "strict": True, "fichas": board(("X", "n", 1), ("O", "s", 1))},
        #  A paint (gr_ficha) that does not follow yet is left for the next full drawing.
        {"i": 2, "strict": False, "fichas": board(("X", "n", 1), ("O", "s", 1),
                                                  ("X", "e", 2), ("X", "w", 2))},
        {"i": 3, "strict": True, "fichas": board(("X", "n", 1), ("O", "s", 1), ("X", "e", 2))},
        #  White places on (ne,1); then Black's piece on (e,2) "moves" to (se,1) though
        #  Black still has pieces to place: refused.
        {"i": 4, "strict": True, "fichas": board(("X", "n", 1), ("O", "s", 1), ("X", "e", 2),
                                                 ("O", "ne", 1))},
        {"i": 5, "strict": True, "fichas": board(("X", "n", 1), ("O", "s", 1), ("X", "se", 1),
                                                 ("O", "ne", 1))},
    ]
    report = lab.judge_pictures(1, pictures)
    assert report["legal"] is False and report["plies"] == 4
    bad = report["illegal"]
    assert bad["picture"] == 5 and bad["code"] == "wrong_phase"
    assert bad["appeared"] == [["negro", "se", 1]] and bad["disappeared"] == [["negro", "e", 2]]
    assert bad["position"]["turno"] == "negro" and bad["position"]["mano"] == [4, 4]


def test_the_judge_names_a_move_along_no_line():
    #  Size 1: six placements each (no mill), then Black's first move jumps.
    order = [("X", "n", 1), ("O", "n", 2), ("X", "e", 1), ("O", "e", 2), ("X", "sw", 1),
             ("O", "s", 2), ("X", "nw", 2), ("O", "w", 1), ("X", "se", 2), ("O", "ne", 2),
             ("X", "sw", 2), ("O", "nw", 1)]
    pictures, shown = [], []
    for n, p in enumerate(order):
        shown.append(p)
        pictures.append({"i": n, "strict": True, "fichas": board(*shown)})
    jumped = [p for p in shown if p != ("X", "sw", 1)] + [("X", "se", 1)]
    pictures.append({"i": len(order), "strict": True, "fichas": board(*jumped)})
    report = lab.judge_pictures(1, pictures)
    bad = report["illegal"]
    assert report["plies"] == 12 and bad["picture"] == 12, report
    assert bad["position"]["fase"] == "mover"
    #  (sw,1) and (se,1) are two corners of ring 1 with (s,1) between: no line joins them.
    assert bad["code"] == "not_adjacent"
    assert bad["reason"] == "negro moved from (sw,1) to (se,1): refused by our rules (not_adjacent)"


def test_a_page_lab_that_does_not_load_says_why(tmp_path):
    broken = tmp_path / "molinolog.pl"
    broken.write_text("molinolog(_, _, T :- .\n", encoding="utf-8")
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db"),
                      "LAB": {"file": str(broken), "goal": "molinolog(humano, maquina, 1)",
                              "idle": 30}})
    try:
        c = app.test_client()
        sid = c.post("/api/lab/sessions", json={}).get_json()["id"]
        view = wait_view(c, sid, lambda v: v["ended"] is not None)
        #  SWI-Prolog loads what it can (the syntax error is printed); the goal then has
        #  no molinolog/3 to call: the page names the syntax error first, then that.
        assert view["ended"] == "load_error", view
        first, then = view["error"].split("\n(then: ")
        assert first.startswith("molinolog.pl:1: ") and "Syntax error" in first
        assert then.startswith("error: ") and "molinolog/3" in then
        assert "Syntax error" in view["output"]
        assert view["open"] is False
    finally:
        lab.SESSIONS.close()
        from .conftest import close_app

        close_app(app)


#  A lab whose directive fails as it loads (its board is never set up) and whose game
#  then waits for that board forever.
HALF_LOADED = """:- module(molinolog, [molinolog/3]).
:- use_module(graficos).
:- dynamic listo/1.
:- preparar_tablero.
molinolog(_, _, T) :-
    gr_crear(V, T, []),
    repeat, listo(V), !.
"""


@pytest.mark.slow                   # waits for the timeout it reports
def test_a_lab_whose_directive_fails_reports_the_load_error(tmp_path):
    """The program runs on after a failed directive, as in swipl; when it then does not
    end by itself, the verdict names the directive (file, line, error), not the timeout
    that followed."""
    looping = tmp_path / "molinolog.pl"
    looping.write_text(HALF_LOADED, encoding="utf-8")
    report = lab.judge_lab(looping, 1, seconds=4)
    assert report["status"] == "load_error", report
    assert report["then"]["status"] == "timeout"
    assert report["error"].startswith("molinolog.pl:4: ")
    assert "preparar_tablero/0" in report["error"]
    text = lab.report_text(report)
    assert "ended: load_error (molinolog.pl:4: " in text and "then: timeout" in text


def test_a_lab_whose_directive_loops_did_not_load(tmp_path, monkeypatch):
    looping = tmp_path / "molinolog.pl"
    looping.write_text(":- module(molinolog, [molinolog/3]).\n:- repeat, fail.\n"
                       "molinolog(_, _, _).\n", encoding="utf-8")
    monkeypatch.setattr(lab, "START_SECONDS", 2.0)
    report = lab.judge_lab(looping, 1, seconds=30)
    assert report["status"] == "load_error" and report["then"] is None
    assert report["error"] == ("the file did not finish loading in 2 s (a directive that "
                               "loops or waits?)")


def test_a_lab_that_ends_despite_a_failed_directive_keeps_the_load_errors(tmp_path):
    (tmp_path / "ends").mkdir()
    ending = tmp_path / "ends" / "molinolog.pl"
    ending.write_text(":- module(molinolog, [molinolog/3]).\n:- fail.\n"
                      "molinolog(_, _, _).\n", encoding="utf-8")
    report = lab.judge_lab(ending, 1, seconds=10)
    assert report["status"] == "ended" and report["then"] is None
    assert report["load_errors"] == ["molinolog.pl:2: Goal (directive) failed: molinolog:fail"]
    assert "while loading: molinolog.pl:2: Goal (directive) failed" in lab.report_text(report)


def test_the_course_template_s_shape_plays_to_its_own_halt(tmp_path):
    """What the course's template does and our labs did not (a real 2019 lab showed it:
    tests/test_lab_real.py): `pce_image_directory(icons)` (XPCE) before gr_crear/3, the
    winner announced in the gr_opciones/4 question that asks to play again, and halt/0
    when the answer is No.  Our correct lab, rewritten to that shape here."""
    text = CORRECT.read_text(encoding="utf-8")
    text = text.replace(
        "molinolog(JugadorNegro, JugadorBlanco, T) :-\n",
        "molinolog(JugadorNegro, JugadorBlanco, T) :-\n    pce_image_directory(icons),\n", 1)
    text = text.replace(
        "        gr_mensaje(Visual, Texto),\n"
        "        (   gr_pregunta(Visual, '¿Jugar de nuevo? (si/no)', R),\n"
        "            afirmativo(R)\n"
        "        ->  sesion(Visual, Jugadores, T)\n"
        "        ;   gr_destruir(Visual)\n"
        "        )\n",
        "        format(atom(Pregunta), '~w ¿Jugar nuevamente?', [Texto]),\n"
        "        (   gr_opciones(Visual, Pregunta, ['Sí', 'No'], 'Sí')\n"
        "        ->  sesion(Visual, Jugadores, T)\n"
        "        ;   gr_destruir(Visual), halt\n"
        "        )\n", 1)
    assert text.count("pce_image_directory") == 1 and text.count("gr_opciones(Visual, Pregunta") == 1
    template = tmp_path / "molinolog.pl"
    template.write_text(text, encoding="utf-8")
    report = lab.judge_lab(template, 2)
    assert report["status"] == "halt", report.get("error")      # its own halt, not a crash
    assert report["legal"] is True and report["illegal"] is None
    assert report["ours"]["winner"] == "negro"
    assert report["theirs"]["winner"] == "negro"                # read from the question
    assert report["theirs"]["messages"] == ["¡Ganó el jugador negro! ¿Jugar nuevamente?"]
    assert report["agree"] is True and report["ok"] is True
