"""The console (app/console.py, prolog/console.pl): POST /api/games/<id>/query.

A goal about a game's position, answered by a sandboxed `swipl` worker as the
toplevel would; hostile goals (an endless loop, a huge list, assertz, open/3,
shell/1, halt/0, a syntax error, output) each get a clear answer and leave the
server healthy: the next query works, no worker hangs, no 5xx.

The app fixture is module-scoped (a console worker takes a second or more to
start) and registers the console's blueprint itself until create_app does.
"""

from __future__ import annotations

import os
import re
import signal
import threading
import time
from pathlib import Path

import pytest

from app import console, create_app

ROOT = Path(__file__).resolve().parent.parent


def console_app(db: Path, **config):
    app = create_app({"TESTING": True, "DATABASE": str(db), **config})
    if "console" not in app.blueprints:
        app.register_blueprint(console.bp)
    return app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = console_app(tmp_path_factory.mktemp("console") / "tablero.db")
    yield app
    pool = app.extensions.get("tablero_console")
    if pool is not None:
        pool.close()


@pytest.fixture(scope="module")
def client(app):
    return app.test_client()


def new_game(client, game, **options):
    resp = client.post("/api/games", json={"game": game, "options": options})
    assert resp.status_code == 201, resp.json
    secret = next(iter(resp.json["secrets"].values()), None)
    return resp.json["id"], secret


def act(client, gid, secret, action):
    resp = client.post(f"/api/games/{gid}/actions", json={"action": action},
                       headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 200, resp.json
    return resp.json


def ask(client, gid, goal, **extra):
    return client.post(f"/api/games/{gid}/query", json={"goal": goal, **extra})


@pytest.fixture(scope="module")
def go_game(client):
    """A 9x9 Go game after Black 3-4 (row 3, column 4) and White 4-4."""
    gid, secret = new_game(client, "go", size=9)
    act(client, gid, secret, {"kind": "move", "pos": [3, 4]})
    act(client, gid, secret, {"kind": "move", "pos": [4, 4]})
    return gid


def answer_texts(reply: dict) -> list[str]:
    return [a["text"] for a in reply["answers"]]


# ---- answers -----------------------------------------------------------------------


def test_the_issue_example_go(client, go_game):
    resp = ask(client, go_game, 'encerrados(Board, "w", 3, 4, A, [], E)')
    assert resp.status_code == 200, resp.json
    assert resp.json["toplevel"] == "false."
    assert resp.json["answers"] == [] and resp.json["more"] is False
    assert resp.json["bound"] == ["Board", "Player", "Game"]
    assert isinstance(resp.json["time_ms"], int)


def test_board_is_the_stored_position(client, go_game):
    resp = ask(client, go_game, "adyacentes(Board, 3, 4, A), P = Player")
    assert resp.status_code == 200, resp.json
    [answer] = resp.json["answers"]
    assert answer["text"] == 'A = [["-", 2, 4], ["w", 4, 4], ["-", 3, 3], ["-", 3, 5]],\nP = "b"'
    assert answer["bindings"] == {"A": '[["-", 2, 4], ["w", 4, 4], ["-", 3, 3], ["-", 3, 5]]',
                                  "P": '"b"'}
    assert resp.json["toplevel"] == answer["text"] + "."
    assert resp.json["det"] is True


def test_course_predicates_on_the_board(client, go_game):
    resp = ask(client, go_game, "terminarJuego(Board, PuntosW, PuntosB), "
                                "finDelJuego(Board, PuntajeNegras, PuntajeBlancas)")
    assert resp.status_code == 200, resp.json
    assert resp.json["toplevel"] == ("PuntosW = PuntosB, PuntosB = PuntajeNegras, "
                                     "PuntajeNegras = PuntajeBlancas, PuntajeBlancas = 1.")
    resp = ask(client, go_game, 'goMove(Board, Player, [0,0], B), getElem(R, 0, B)')
    assert resp.json["answers"][0]["bindings"]["R"] == '["b", "-", "-", "-", "-", "-", "-", "-", "-"]'


def test_several_answers_up_to_max(client, go_game):
    resp = ask(client, go_game, "member(X, [a, b, c])")
    assert resp.json["toplevel"] == "X = a ;\nX = b ;\nX = c."
    resp = ask(client, go_game, "between(1, 3, X), X < 2")
    assert resp.json["toplevel"] == "X = 1 ;\nfalse."
    resp = ask(client, go_game, "between(1, inf, X)")
    assert answer_texts(resp.json) == [f"X = {n}" for n in range(1, 11)]
    assert resp.json["more"] is True
    assert resp.json["toplevel"].endswith("X = 10 ;\n...")
    resp = ask(client, go_game, "between(1, inf, X)", max=2)
    assert answer_texts(resp.json) == ["X = 1", "X = 2"] and resp.json["more"] is True


def test_printed_like_the_toplevel(client, go_game):
    cases = {
        'X = "w", Y = \'hello world\', Z = [a|b]': "X = \"w\",\nY = 'hello world',\nZ = [a|b].",
        "X = 1, Y = 1": "X = Y, Y = 1.",
        "length(L, 2)": "L = [_, _].",
        "dif(X, a)": "dif(X, a).",
        "true": "true.",
        "fail": "false.",
        "X = f(X)": "X = f(X).",
        "X = 'A b', Y = []": "X = 'A b',\nY = [].",
        "_Hidden = 1, X = 2": "X = 2.",
    }
    for goal, text in cases.items():
        resp = ask(client, go_game, goal)
        assert resp.status_code == 200, (goal, resp.json)
        assert resp.json["toplevel"] == text, goal


def test_output_is_shown_with_its_answer(client, go_game):
    resp = ask(client, go_game, 'format("hi ~w~n", [there]), X = 1 ; write(bye), nl, X = 2')
    assert resp.status_code == 200, resp.json
    assert [(a["output"], a["text"]) for a in resp.json["answers"]] == [
        ("hi there\n", "X = 1"), ("bye\n", "X = 2")]
    resp = ask(client, go_game, 'print_message(error, format("careful", []))')
    assert resp.json["answers"][0]["output"] == "ERROR: careful\n"
    resp = ask(client, go_game, "write_term(x, [portray_goal(shell)])")
    assert resp.status_code == 403 and "write_term(" in resp.json["error"]["message"]
    resp = ask(client, go_game, "write(user_output, x)")
    assert resp.status_code == 403


def test_a_final_full_stop_is_allowed(client, go_game):
    resp = ask(client, go_game, "X is 6 * 7.")
    assert resp.json["toplevel"] == "X = 42."


def test_assert_lasts_one_query(client, go_game):
    resp = ask(client, go_game, "assertz(mine(1)), assertz(mine(2)), mine(X)")
    assert resp.json["toplevel"] == "X = 1 ;\nX = 2."
    resp = ask(client, go_game, "mine(X)")
    assert resp.status_code == 422
    assert resp.json["error"] == {"code": "error", "message": "Unknown procedure: mine/1",
                                  "explain": []}


def test_molinolog(client):
    gid, _ = new_game(client, "molinolog", size=1)
    resp = ask(client, gid, "Size = S, Player = P, state_phase(State, Ph), "
                            "aggregate_all(count, legal_move(State, _), N)")
    assert resp.status_code == 200, resp.json
    assert resp.json["toplevel"] == "S = 1,\nP = b,\nPh = place,\nN = 16."
    assert resp.json["bound"] == ["State", "Size", "Player"]


def test_gorogo(client):
    gid, secret = new_game(client, "gorogo", white="human")
    act(client, gid, secret, {"kind": "place", "pos": [2, 2]})   # White's surplus Henge
    resp = ask(client, gid, "Player = P, nth0(2, Board, R)")
    assert resp.json["toplevel"] == "P = 1,\nR = [0, 0, 3, 0, 0]."
    resp = ask(client, gid, "jogada(1, 0, 0), gorogo_current(S), S = gorogo(B, _, _, _, _)",
               max=1)
    assert resp.json["answers"][0]["bindings"]["B"].startswith("[[1, 0, 0, 0, 0], ")
    resp = ask(client, gid, "print_state(Board)")
    assert "| H |" in resp.json["answers"][0]["output"]
    assert ask(client, gid, "gorogo_current(gorogo(B, _, _, _, _)), nth0(0, B, R)").json[
        "answers"][0]["bindings"]["R"] == "[0, 0, 0, 0, 0]"      # jogada/3 lasted one query


def test_azul(client):
    gid, _ = new_game(client, "azul", players=["human", "greedy"], seed=7)
    resp = ask(client, gid, "legal_takes(State, _Ms), length(_Ms, N), Player = P")
    assert resp.status_code == 200, resp.json
    assert re.fullmatch(r"N = \d+,\nP = [01]\.", resp.json["toplevel"])
    resp = ask(client, gid, "azul_rules:take_refusal(State, take(factory(0), blue, 9), C)")
    assert resp.status_code in (200, 422)


# ---- hostile goals -------------------------------------------------------------------


HOSTILE = [
    ("repeat, fail", ("timeout", "inferences"), None),
    ("catch((repeat, fail), _, true), catch((repeat, fail), _, (repeat, fail))",
     ("timeout",), None),
    ("numlist(1, 100000000, L)", ("memory", "timeout", "inferences"), None),
    ("length(L, 100000000)", ("memory",), "Stack limit"),
    ("assertz(user:evil(1))", ("refused",), "the module user is not allowed"),
    ("open('/tmp/tablero-evil', write, S)", ("refused",), "open("),
    ("shell('touch /tmp/tablero-evil')", ("refused",), "No permission to call sandboxed `shell("),
    ("halt", ("refused",), "halt("),
    ("G = halt, call(G)", ("refused",), None),
    ("read(X)", ("refused",), "read("),
    ("foo(", ("syntax",), "Syntax error"),
    ("42", ("syntax",), None),
    ("X is foo + 1", ("error",), "Arithmetic"),
    ("set_prolog_flag(stack_limit, 100000000000)", ("refused",), None),
    ("use_module('/etc/passwd')", ("refused",), None),
]


@pytest.mark.parametrize("goal, codes, words", HOSTILE)
def test_hostile_goal(client, go_game, goal, codes, words):
    resp = ask(client, go_game, goal)
    assert resp.status_code in (400, 403, 422), resp.json
    error = resp.json["error"]
    assert error["code"] in codes, error
    if words:
        assert words in error["message"]
    status = {"syntax": 400, "refused": 403}.get(error["code"], 422)
    assert resp.status_code == status
    after = ask(client, go_game, "X is 1 + 1")
    assert after.status_code == 200 and after.json["toplevel"] == "X = 2."
    assert not Path("/tmp/tablero-evil").exists()


def test_flags_a_goal_sets_do_not_last(client, go_game):
    assert ask(client, go_game, "set_prolog_flag(occurs_check, true)").status_code == 200
    resp = ask(client, go_game, "current_prolog_flag(occurs_check, F)")
    assert resp.json["toplevel"] == "F = false."


def test_error_after_answers(client, go_game):
    resp = ask(client, go_game, "member(X, [1, a]), Y is X + 1")
    assert resp.status_code == 200
    assert answer_texts(resp.json) == ["X = 1,\nY = 2"]
    assert resp.json["stopped"]["code"] == "error"
    assert "Arithmetic" in resp.json["stopped"]["message"]
    assert resp.json["toplevel"].startswith("X = 1,\nY = 2 ;\nERROR: ")


@pytest.mark.parametrize("body, status, code", [
    ({}, 400, "bad_goal"),
    ({"goal": ""}, 400, "bad_goal"),
    ({"goal": "   "}, 400, "bad_goal"),
    ({"goal": 42}, 400, "bad_goal"),
    ({"goal": "a" * 2001}, 400, "bad_goal"),
    ({"goal": "true", "max": 0}, 400, "bad_goal"),
    ({"goal": "true", "max": 11}, 400, "bad_goal"),
    ({"goal": "true", "max": True}, 400, "bad_goal"),
])
def test_bad_requests(client, go_game, body, status, code):
    resp = client.post(f"/api/games/{go_game}/query", json=body)
    assert resp.status_code == status and resp.json["error"]["code"] == code


def test_unknown_game(client):
    resp = ask(client, "no-such-game", "true")
    assert resp.status_code == 404 and resp.json["error"]["code"] == "unknown_game_id"


def test_hardening_applies(client, go_game):
    resp = client.post(f"/api/games/{go_game}/query", data="goal=true",
                       content_type="application/x-www-form-urlencoded")
    assert resp.status_code == 415
    resp = client.post(f"/api/games/{go_game}/query", json={"goal": "true"},
                       headers={"Origin": "http://evil.example"})
    assert resp.status_code == 403 and resp.json["error"]["code"] == "bad_origin"
    resp = client.get(f"/api/games/{go_game}/query")
    assert resp.status_code == 405


def test_goal_text_is_data(client, go_game):
    """Quotes, backslashes and full stops in the goal cannot end it and start another."""
    for goal in ['X = "a\\", halt, \\"b"', "X = 'a', halt. foo", 'X = "\\x22\\), halt"']:
        resp = ask(client, go_game, goal)
        assert resp.status_code in (200, 400, 403), resp.json
        assert ask(client, go_game, "true").status_code == 200
    resp = ask(client, go_game, 'X = "a\\", halt, \\"b"')
    assert resp.json["answers"][0]["bindings"] == {"X": '"a\\", halt, \\"b"'}


# ---- the workers ---------------------------------------------------------------------


def test_queries_in_parallel(app, go_game):
    results = []

    def run(n):
        with app.test_client() as c:
            results.append(ask(c, go_game, f"X is {n} * 2").json["toplevel"])

    threads = [threading.Thread(target=run, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert sorted(results) == sorted(f"X = {n * 2}." for n in range(8))


def test_a_killed_worker_is_replaced(app, client, go_game):
    assert ask(client, go_game, "true").status_code == 200
    pool = app.extensions["tablero_console"]
    for worker in list(pool._all):
        os.killpg(worker.proc.pid, signal.SIGKILL)
        worker.proc.wait(10)
    resp = ask(client, go_game, "X = 1")
    assert resp.status_code == 200 and resp.json["toplevel"] == "X = 1."


def test_deadline_kills_a_stuck_worker(tmp_path):
    """One foreign call that ignores the time limit (a 100-million-character format):
    the worker is killed at the deadline and the next query gets a new one."""
    app = console_app(tmp_path / "t.db", CONSOLE_DEADLINE=3.0, CONSOLE_WORKERS=1)
    try:
        client = app.test_client()
        gid, _ = new_game(client, "go", size=9)
        started = time.monotonic()
        resp = ask(client, gid, 'format("~*c", [300000000, 0\'x])')
        assert resp.status_code == 422, resp.json
        assert resp.json["error"]["code"] in ("timeout", "memory", "crashed")
        assert time.monotonic() - started < 30
        resp = ask(client, gid, "X = 1")
        assert resp.status_code == 200 and resp.json["toplevel"] == "X = 1."
    finally:
        app.extensions["tablero_console"].close()


def test_worker_retires_after_max_queries(tmp_path):
    app = console_app(tmp_path / "t.db", CONSOLE_WORKERS=1)
    try:
        client = app.test_client()
        gid, _ = new_game(client, "go", size=9)
        assert ask(client, gid, "true").status_code == 200
        pool = app.extensions["tablero_console"]
        pool.max_queries = 2
        [first] = list(pool._all)
        assert ask(client, gid, "true").status_code == 200       # its second: retired
        assert not first.alive
        assert ask(client, gid, "X = 3").json["toplevel"] == "X = 3."
    finally:
        app.extensions["tablero_console"].close()


# ---- the documented examples, through the console -------------------------------------

#  A goal may go on over lines indented under its "?- " (a line ending with a comma goes
#  on); its answer follows.
EXAMPLE = re.compile(r"^\?- ((?:[^\n]*,\n   )*[^\n]*)\n(.*?)(?=\n\n|\n```|\Z)", re.S | re.M)
#  Not through the console: settings, whole games on a terminal, and goals whose answer
#  depends on the machine's clock (seconds(S): how many simulations fit varies).
SKIP = ("set_prolog_flag(", "new_game(", "molinolog(humano", "gorogo(humano",
        "azul([", "set_minimax_depth(", "seconds(")


def doc_examples():
    for game in ("go", "molinolog", "gorogo", "azul"):
        text = (ROOT / "docs" / f"{game}.md").read_text()
        for block in re.findall(r"```prolog\n(.*?)```", text, re.S):
            for goal, answer in EXAMPLE.findall(block):
                goal = " ".join(goal.split())
                if not any(s in goal for s in SKIP):
                    yield pytest.param(game, goal, answer.strip(), id=f"{game}:{goal[:40]}")


@pytest.mark.parametrize("game, goal, answer", list(doc_examples()))
def test_documented_examples_answer_as_written(client, game, goal, answer):
    """Every example of docs/<game>.md gives, through the console, the first answer the
    docs show (they print with max_depth 0; the console prints to depth 64)."""
    gid, _ = new_game(client, game, **({"size": 9} if game == "go" else {}))
    resp = ask(client, gid, goal.rstrip("."), max=1)
    if resp.status_code == 422 and resp.json["error"]["code"] == "timeout":
        #  The console's limit is 3 s of wall clock: a machine's search of a fraction of a
        #  second of CPU passed it once on a machine at load 9.  Asked once more.
        resp = ask(client, gid, goal.rstrip("."), max=1)
    assert resp.status_code == 200, resp.json
    first = answer.rstrip(".").removesuffix(" ;")
    if resp.json["answers"]:
        got = resp.json["answers"][0]["output"] + resp.json["answers"][0]["text"]
    else:
        got = resp.json["toplevel"]
    if "|..." in got:
        pytest.skip("deeper than the console prints")
    assert got.rstrip(".").strip() == first.strip()


# ---- a console that teaches ------------------------------------------------------------


@pytest.mark.parametrize("goal, words", [
    ('goMove(Board, "b", [0,0])', "However, there are definitions for: [goMove/4]"),
    ('gomove(Board, "b", [0,0], R)', "Correct to: goMove/4?"),
    ("emptyboard(B)", "Correct to: emptyBoard/1?"),
    ("a :- b", "rules are written in a file"),
])
def test_unknown_procedures_get_swipls_hints(client, go_game, goal, words):
    resp = ask(client, go_game, goal)
    assert resp.status_code == 422
    assert resp.json["error"]["message"].startswith("Unknown procedure")
    assert words in resp.json["error"]["message"]


def test_an_atom_where_the_course_writes_a_string_is_explained(client, go_game):
    resp = ask(client, go_game, "goMove(Board, b, [0,0], R)")
    assert resp.status_code == 200 and resp.json["answers"] == []
    assert '"b" (with double quotes)' in resp.json["hint"]
    assert resp.json["toplevel"].startswith("false.\n% Hint:")
    right = ask(client, go_game, 'goMove(Board, "b", [0,0], R)')
    assert right.status_code == 200 and right.json["answers"] and right.json["hint"] is None


def test_a_process_with_descriptors_past_1024_still_asks_its_workers(client, go_game):
    """A server worker holding a thousand open streams has descriptors past select()'s
    1024: the channel to a console worker waits with poll() (app/pipes.py)."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 2048:
        pytest.skip(f"the hard limit of open files is {hard}")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 2048), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        resp = ask(client, go_game, "X is 6 * 7")
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    assert resp.status_code == 200, resp.json
    assert resp.json["toplevel"] == "X = 42."
