"""A battery of escapes (issue 19): untrusted Prolog must do no harm on any path.

Three paths run other people's Prolog:

  (a) the console, `POST /api/games/<id>/query` (the Flask test client, every game, and a
      few goals through a live `tablero serve`);
  (b) `tablero serve --rules go=FILE.pl`: a student's module, whose directives run when
      it is loaded and whose goMove/4 is asked on every Go move;
  (c) `tablero grade FILE.pl`.

Every goal (or attempt of a student's file, tests/escapes/proylcc.pl) tries to do harm
and leaves evidence the test can check, in an arena it sets up outside any temporary
directory of the code under test (/tmp/tablero-escapes-*, readable by anyone, its
`marks` directory writable by anyone, so that only confinement stops a write):

  - a marker file `marks/<goal id>`: a shell command, a process, a file written;
  - the canary, TABLERO_CANARY=<random> in the environment of the server and of the
    grader: it must appear in no reply, report or marker;
  - a secret file, a database file and a project file (pyproject.toml): their content
    must appear in no reply or report;
  - a process that outlives the path (`setsid ... sleep 60; touch marker`): none may be
    left (`ps`);
  - a TCP connection to a port the test listens on: none may arrive.

Each console goal also gets a 4xx or 200 JSON reply, never a 5xx, and the console still
answers `X is 1 + 1` after it; atom and memory bombs are refused or stopped within the
console's deadline; calls into other games' modules are refused.

The goals are built from families (how the harm is reached: print_message/2 of a
format/2 message with ~@, format/2,3 and its string sinks, ~W with portray_goal, throw
of terms whose printing runs code, hooks, flags, attributes, read and expansion,
cleanup, threads, files, consult, assert, global variables, caught time limits) crossed
with payloads (what the harm is: shell, a file, the environment, a secret, the
database, a setsid child, the network).  The goal id `family-payload` names the marker,
so a failure says which goal escaped.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import secrets
import shutil
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from app import console, create_app

from .conftest import LiveServer, call

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = Path(__file__).resolve().parent / "escapes" / "proylcc.pl"
PROJECT = ROOT / "pyproject.toml"
PROJECT_TEXT = 'build-backend = "setuptools.build_meta"'   # a line of PROJECT
SQLITE_HEADER = "SQLite format 3"
GAMES = ("go", "molinolog", "gorogo", "azul")


# ---- the arena ---------------------------------------------------------------------------


class Listener:
    """A TCP port on 127.0.0.1 that records every connection and what it sent."""

    def __init__(self):
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.connections: list[str] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            conn.settimeout(1)
            try:
                data = conn.recv(400)
            except OSError:
                data = b""
            conn.close()
            self.connections.append(data.decode("utf-8", "replace").strip() or "(nothing)")

    def close(self):
        self._stop.set()
        self._thread.join(2)
        self.sock.close()


@dataclass
class Arena:
    base: Path
    marks: Path
    secret: Path
    secret_text: str
    db: Path
    db_text: str
    canary: str
    listener: Listener
    replies: list[str] = field(default_factory=list)

    def markers(self, prefix: str = "") -> list[str]:
        return sorted(p.name for p in self.marks.iterdir() if p.name.startswith(prefix))

    def processes(self, needle: str | None = None) -> list[tuple[int, str]]:
        """Processes (pid, command line) that name the arena (or `needle`), but not ps."""
        out = subprocess.run(["ps", "-ww", "-eo", "pid=,args="], capture_output=True, text=True,
                             check=True).stdout
        found = []
        for line in out.splitlines():
            pid, _, args = line.strip().partition(" ")
            if (needle or str(self.base)) in args and "ps -eo" not in args \
                    and int(pid) != os.getpid():
                found.append((int(pid), args))
        return found

    def settle(self, *needles: str, seconds: float = 3.0, least: float = 0.5) -> None:
        """Wait until no process of the arena names one of `needles` (at least `least`
        seconds, at most `seconds`): a goal's process that is gone writes no marker
        later, so the checks that follow see all it left."""
        started = time.monotonic()
        while time.monotonic() - started < seconds:
            if time.monotonic() - started >= least and not any(
                    n in args for _, args in self.processes() for n in needles):
                return
            time.sleep(0.1)

    def leaks(self, text: str) -> list[str]:
        """What of the secrets shows in `text`."""
        found = []
        for name, secret in (("canary", self.canary), ("secret file", self.secret_text),
                             ("database", self.db_text), ("database", SQLITE_HEADER),
                             ("project file", PROJECT_TEXT)):
            if secret in text:
                found.append(name)
        return found

    def fill(self, text: str, gid: str = "x", tag: str = "x") -> str:
        """The placeholders of a goal or a student's file."""
        for key, value in (("@M@", str(self.marks / gid)), ("@ID@", gid),
                           ("@DIR@", str(self.marks)), ("@TAG@", tag),
                           ("@SECRET@", str(self.secret)), ("@DB@", str(self.db)),
                           ("@PROJECT@", str(PROJECT)), ("@PORT@", str(self.listener.port))):
            text = text.replace(key, value)
        return text


@pytest.fixture(scope="module")
def arena():
    base = Path(tempfile.mkdtemp(prefix="tablero-escapes-"))
    base.chmod(0o755)
    marks = base / "marks"
    marks.mkdir()
    marks.chmod(0o777)
    secret_text = "SECRET-" + secrets.token_hex(12)
    secret = base / "secret.pl"
    secret.write_text(f"secret_token('{secret_text}').\n")
    secret.chmod(0o644)
    db_text = "DBSECRET-" + secrets.token_hex(12)
    db = base / "other.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE seats (game TEXT, hash TEXT)")
        conn.execute("INSERT INTO seats VALUES ('g', ?)", (db_text,))
    conn.close()
    db.chmod(0o644)
    listener = Listener()
    canary = "CANARY" + secrets.token_hex(13)
    found = Arena(base, marks, secret, secret_text, db, db_text, canary, listener)
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TABLERO_CANARY", canary)     # the console's workers, the servers and
        yield found                             # the grader inherit it
    listener.close()
    for pid, _ in found.processes():     # what an escape left running (a test reports it)
        try:
            os.kill(pid, 9)
        except OSError:
            pass
    shutil.rmtree(base, ignore_errors=True)


# ---- the console's goals ------------------------------------------------------------------

#  Payloads: what a goal tries to do once it runs unchecked (@M@: its marker).
PAYLOADS = {
    "sh": "shell('touch @M@')",
    "file": "(open('@M@', write, S), write(S, x), close(S))",
    "env": "(getenv('TABLERO_CANARY', V), write(V), open('@M@', write, S), write(S, V), "
           "close(S))",
    "secret": "(read_file_to_string('@SECRET@', T, []), write(T))",
    "db": "(read_file_to_codes('@DB@', C, [type(binary)]), atom_codes(A, C), write(A))",
    "setsid": "process_create(path(setsid), [sh, '-c', 'sleep 60; touch @M@'], "
              "[stdin(null), stdout(null), stderr(null), detached(true)])",
    "net": "(tcp_connect('127.0.0.1':@PORT@, S, []), format(S, '~w~n', ['@ID@']), close(S))",
}

#  Wrappers: the ways to reach a payload G, each crossed with every payload.
WRAPPERS = {
    "direct": "{G}",
    "pm_error": "print_message(error, format('~@', [{G}]))",
    "pm_warning": "print_message(warning, format('~@', [{G}]))",
    "pm_informational": "print_message(informational, format('~@', [{G}]))",
    "pm_args": "print_message(error, format('~w: ~@', [x, {G}]))",
    "pm_context": "print_message(error, error(type_error(integer, a), "
                  "context(f/1, format('~@', [{G}]))))",
    "pm_codes": "atom_codes(F, [0'~, 0'@]), print_message(error, format(F, [{G}]))",
    "message_lines": "print_message_lines(current_output, '', ['~@'-[{G}]])",
    "format2": "format('~@', [{G}])",
    "format2_var": "atom_codes(F, [0'~, 0'@]), format(F, [{G}])",
    "format3_atom": "format(atom(_), '~@', [{G}])",
    "format3_string": "format(string(_), '~@', [{G}])",
    "format3_codes": "format(codes(_), '~@', [{G}])",
    "with_output_to": "with_output_to(string(_), format('~@', [{G}]))",
    "sformat": "sformat(_, '~@', [{G}])",
    "portray_goal": "format('~W', [x, [portray_goal([_, _]>>({G}))]])",
    "pm_portray_goal": "print_message(error, format('~W', [x, [portray_goal([_, _]>>({G}))]]))",
    "throw_format": "throw(format('~@', [{G}]))",
    "throw_error": "throw(error(format('~@', [{G}]), _))",
    "throw_context": "throw(error(type_error(integer, a), context(_, format('~@', [{G}]))))",
    "throw_resource": "throw(error(resource_error(format('~@', [{G}])), _))",
    "throw_after_answer": "(X = 1 ; throw(format('~@', [{G}])))",
    "catch_recovery": "catch(throw(x), _, print_message(error, format('~@', [{G}])))",
    "cleanup": "setup_call_cleanup(true, true, print_message(error, format('~@', [{G}])))",
    "thread": "thread_create(print_message(error, format('~@', [{G}])), Id, []), "
              "thread_join(Id, _)",
    "nb_setval": "nb_setval(esc, format('~@', [{G}])), nb_getval(esc, T), "
                 "print_message(error, T)",
}

FILE = PAYLOADS["file"]
SH = PAYLOADS["sh"]

#  Families with a goal of their own: (id, goal, trigger run after it or None).
SPECIAL = [
    # hooks installed through an escape, then triggered by an innocent goal
    ("hook_message_installed",
     "print_message(error, format('~@', [asserta((user:message_hook(_, _, _) :- "
     "open('@M@', write, S), close(S), fail))]))", "print_message(error, format(x, []))"),
    ("hook_portray_installed",
     "print_message(error, format('~@', [assertz((user:portray(_) :- "
     "open('@M@', write, S), close(S), fail))]))", "print(x)"),
    ("hook_prolog_message_installed",
     "print_message(error, format('~@', [assertz((prolog:message(esc_@ID@, L, L) :- "
     "open('@M@', write, S), close(S)))]))", "print_message(error, esc_@ID@)"),
    ("hook_goal_expansion_installed",
     "print_message(error, format('~@', [assertz((user:goal_expansion(esc_goal, true) :- "
     "open('@M@', write, S), close(S)))]))", "expand_goal(esc_goal, _)"),
    # hooks asked for directly
    ("hook_message", "asserta((user:message_hook(_, _, _) :- " + FILE + ", fail))",
     "print_message(error, format(x, []))"),
    ("hook_message_local", "assertz((message_hook(_, _, _) :- " + FILE + ", fail)), "
     "print_message(error, format(x, []))", None),
    ("hook_portray", "assertz((user:portray(_) :- " + FILE + ", fail)), print(x)", None),
    ("hook_portray_local", "assertz((portray(_) :- " + FILE + ", fail)), print(x)", None),
    ("hook_prolog_message", "asserta((prolog:message(esc, L, L) :- " + FILE + ")), "
     "print_message(error, esc)", None),
    ("hook_term_expansion", "assertz((user:term_expansion(_, _) :- " + FILE + ", fail)), "
     "expand_term(a, _)", None),
    ("hook_goal_expansion", "assertz((system:goal_expansion(_, _) :- " + FILE + ", fail)), "
     "expand_goal(a, _)", None),
    ("hook_term_expansion_local", "assertz((term_expansion(_, _) :- " + FILE + ", fail)), "
     "expand_term(a, _)", None),
    # attributed variables: hooks the answer's printing and unification call
    ("attr_goals", "assertz((attribute_goals(_, L, L) :- " + FILE + ")), "
     "strip_module(x, M, _), put_attr(X, M, 1)", None),
    ("attr_unify", "assertz((attr_unify_hook(_, _) :- " + FILE + ")), "
     "strip_module(x, M, _), put_attr(X, M, 1), X = 2", None),
    ("attr_copy", "assertz((attribute_goals(_, L, L) :- " + FILE + ")), "
     "strip_module(x, M, _), put_attr(X, M, 1), copy_term(X, _, _)", None),
    ("attr_portray", "assertz((attr_portray_hook(_, _) :- " + FILE + ")), "
     "strip_module(x, M, _), put_attr(X, M, 1), print(X)", None),
    ("attr_throw", "assertz((attribute_goals(_, L, L) :- " + FILE + ")), "
     "strip_module(x, M, _), put_attr(X, M, 1), throw(error(type_error(integer, X), _))",
     None),
    ("freeze", "freeze(X, " + FILE + "), X = 1", None),
    ("freeze_residual", "freeze(X, " + FILE + ")", None),
    ("when", "when(ground(X), " + FILE + "), X = 1", None),
    # flags
    ("flag_answer_write_options",
     "set_prolog_flag(answer_write_options, [portray_goal([_, _]>>" + FILE + ")]), X = 1",
     None),
    ("flag_print_write_options",
     "set_prolog_flag(print_write_options, [portray(true), portray_goal([_, _]>>" + FILE +
     ")]), print(x)", None),
    ("flag_answer_write_options_installed",
     "print_message(error, format('~@', [set_prolog_flag(answer_write_options, "
     "[portray_goal([_, _]>>(open('@M@', write, S), close(S)))])]))", "X = 1"),
    ("flag_unknown", "set_prolog_flag(unknown, fail), esc_undefined", None),
    ("flag_debug_on_error", "set_prolog_flag(debug_on_error, true), X is 1 / 0", None),
    ("flag_autoload", "set_prolog_flag(autoload, false), shell('touch @M@')", None),
    ("flag_report_error", "set_prolog_flag(report_error, false)", None),
    ("flag_toplevel", "set_prolog_flag(toplevel_print_anon, true), "
     "set_prolog_flag(toplevel_mode, recursive)", None),
    ("flag_create", "create_prolog_flag(esc, x, [])", None),
    ("flag_stack", "set_prolog_flag(stack_limit, 100000000000)", None),
    # reading and expansion
    ("qq_goal", "X = {|shell('touch @M@')||x|}", None),
    ("qq_term_string", "term_string(T, \"{|shell('touch @M@')||x|}\")", None),
    ("qq_term_to_atom", "term_to_atom(T, '{|shell(\"touch @M@\")||x|}')", None),
    ("read_term_from_atom", "read_term_from_atom('shell(\\'touch @M@\\')', T, []), call(T)",
     None),
    ("term_to_atom_call", "term_to_atom(T, 'shell(\\'touch @M@\\')'), call(T)", None),
    ("term_string_module", "term_string(T, \"f(X)\", [module(user)])", None),
    ("read_term_user", "read_term(user_input, T, [])", None),
    ("expand_call", "expand_goal(shell('touch @M@'), G), call(G)", None),
    ("univ_call", "G =.. [shell, 'touch @M@'], call(G)", None),
    ("call_n", "call(shell, 'touch @M@')", None),
    ("apply", "apply(shell, ['touch @M@'])", None),
    ("system_shell", "system:shell('touch @M@')", None),
    ("syspreds_shell", "'$syspreds':shell('touch @M@')", None),
    ("findall_shell", "findall(x, shell('touch @M@'), _)", None),
    ("forall_shell", "forall(true, shell('touch @M@'))", None),
    ("not_not_shell", "\\+ \\+ shell('touch @M@')", None),
    ("catch_shell", "catch(shell('touch @M@'), _, true)", None),
    # cleanup
    ("call_cleanup", "call_cleanup(true, " + FILE + ")", None),
    ("setup_call_cleanup", "setup_call_cleanup(" + FILE + ", true, true)", None),
    ("cleanup_on_cut", "setup_call_cleanup(true, (X = 1 ; X = 2), " + FILE + ")", None),
    ("cleanup_shell", "call_cleanup(fail, " + SH + ")", None),
    # threads
    ("thread_create", "thread_create(" + FILE + ", Id, []), thread_join(Id, _)", None),
    ("thread_detached", "thread_create(" + FILE + ", _, [detached(true)])", None),
    ("thread_signal", "thread_signal(main, " + FILE + ")", None),
    ("thread_message", "thread_send_message(main, console_reply(x, _{ok: true}))", None),
    # processes
    ("shell2", "shell('touch @M@', _)", None),
    ("process_create", "process_create(path(touch), ['@M@'], [])", None),
    ("process_create_abs", "process_create('/usr/bin/touch', ['@M@'], [])", None),
    ("pipe", "open(pipe('touch @M@'), read, S), close(S)", None),
    # files
    ("open_write", "open('@M@', write, S), close(S)", None),
    ("open_append", "open('@M@', append, S), close(S)", None),
    ("tell", "tell('@M@'), told", None),
    ("see_secret", "see('@SECRET@'), read(T), seen", None),
    ("read_secret", "read_file_to_string('@SECRET@', T, [])", None),
    ("delete_secret", "delete_file('@SECRET@')", None),
    ("make_directory", "make_directory('@M@')", None),
    ("tmp_file", "tmp_file(esc, F), open(F, write, S), close(S), rename_file(F, '@M@')",
     None),
    ("tmp_file_stream", "tmp_file_stream(text, F, S), close(S), copy_file(F, '@M@')", None),
    ("tmp_file_consult", "tmp_file_stream(F, S, [extension(pl)]), "
     "format(S, ':- open(\\'@M@\\', write, O), close(O).~n', []), close(S), consult(F)", None),
    # consult
    ("consult_secret", "consult('@SECRET@'), secret_token(X)", None),
    ("load_files_secret", "load_files('@SECRET@', []), secret_token(X)", None),
    ("ensure_loaded_secret", "ensure_loaded('@SECRET@')", None),
    ("list_consult", "['@SECRET@']", None),
    ("use_module_process", "use_module(library(process)), "
     "process_create(path(touch), ['@M@'], [])", None),
    ("load_string", "open_string(\":- open('@M@', write, S), close(S).\", In), "
     "load_files(esc, [stream(In)])", None),
    ("consult_via_message",
     "print_message(error, format('~@', [(open_string(\":- shell('touch @M@').\", In), "
     "load_files(esc, [stream(In)]))]))", None),
    # assert of clauses with bodies
    ("assert_body", "assertz((esc :- " + SH + ")), esc", None),
    ("assert_body_call", "assertz((esc :- " + SH + ")), call(esc)", None),
    ("assert_meta", "assertz((esc(G) :- call(G))), esc(" + SH + ")", None),
    ("assert_user", "assertz((user:esc :- " + SH + ")), user:esc", None),
    ("assert_system", "assertz(system:esc_@ID@)", None),
    ("retract_sandbox", "retract(sandbox:safe_primitive(_))", None),
    ("assert_sandbox", "assertz(sandbox:safe_primitive(system:shell(_))), shell('touch @M@')",
     None),
    ("assert_sandbox_installed",
     "print_message(error, format('~@', [assertz(sandbox:safe_primitive(system:shell(_)))]))",
     "shell('touch @M@')"),
    # global variables
    ("nb_console_module", "nb_setval(console_module, user)", None),
    ("nb_call", "nb_setval(esc, " + SH + "), nb_getval(esc, G), call(G)", None),
    ("b_call", "b_setval(esc, " + SH + "), b_getval(esc, G), G", None),
    # output to the request/reply channel
    ("channel_stream", "stream_property(S, file_no(1)), format(S, '{}~n', [])", None),
    ("set_output_user", "set_stream(user_error, alias(user_output))", None),
]

#  Other games' modules from a console: refused (the worker's state is not theirs).
CROSS = [
    ("cross_gorogo_set_current", "go",
     "gorogo:gorogo_set_current(gorogo([[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],[0,0,0,0,0],"
     "[0,0,0,0,0]], 1, [], [0,0], play))"),
    ("cross_molinolog_guardar_estado", "go", "molinolog:guardar_estado(_)"),
    ("cross_molinolog_depth", "go", "molinolog:set_minimax_depth(1)"),
    ("cross_gorogo_from_molinolog", "molinolog", "gorogo:gorogo_current(S)"),
    ("cross_molinolog_from_gorogo", "gorogo", "molinolog:estado_actual(E)"),
    ("cross_go_from_azul", "azul", "go:go_board(_, B)"),
    ("cross_azul_from_go", "go", "azul_rules:legal_takes(_, Ms)"),
    ("cross_console_restore", "go", "console:restore"),
    ("cross_console_prepare", "go", "console:prepare(gorogo, gorogo_game(x, y, z))"),
    ("cross_console_proven", "go", "console:proven(M, N, A)"),
]

#  Bombs: refused or stopped (4xx, or 200 with `stopped`), within the console's deadline.
BOMBS = [
    ("bomb_length", "length(L, 300000000)"),
    ("bomb_numlist", "numlist(1, 100000000, L)"),
    ("bomb_atoms", "between(1, inf, N), atom_number(A, N), fail"),
    ("bomb_atoms_format", "between(1, inf, N), format(atom(_), 'esc~d', [N]), fail"),
    ("bomb_atom_codes", "length(L, 30000000), maplist(=(0'a), L), atom_codes(A, L)"),
    ("bomb_findall", "findall(X, between(1, 200000000, X), L)"),
    ("bomb_format_foreign", "format('~*c', [300000000, 0'x])"),
    ("bomb_catch_loop", "catch((repeat, fail), _, (repeat, fail))"),
    ("bomb_catch_time_limit", "catch(call_with_time_limit(100, (repeat, fail)), _, true)"),
    ("bomb_catch_then_escape",
     "catch((repeat, fail), _, print_message(error, format('~@', [" + FILE + "])))"),
]

#  A few goals through a live `tablero serve` (the gunicorn workers' environment).
LIVE = ["pm_error-sh", "pm_error-env", "throw_format-file", "portray_goal-env",
        "format3_atom-net", "pm_error-setsid"]


def console_goals() -> list[tuple[str, str, str, str | None]]:
    """(id, game, goal, trigger) of every escaping goal of the console."""
    goals = []
    for w, wrapper in WRAPPERS.items():
        for p, payload in PAYLOADS.items():
            goals.append((f"{w}-{p}", wrapper.replace("{G}", payload), None))
    goals += SPECIAL
    return [(gid, GAMES[i % len(GAMES)], goal, then) for i, (gid, goal, then) in
            enumerate(goals)]


CONSOLE_GOALS = console_goals()


@pytest.fixture(scope="module")
def console_app(arena):
    app = create_app({"TESTING": True, "DATABASE": str(arena.base / "tablero.db"),
                      "CONSOLE_WORKERS": 2})
    if "console" not in app.blueprints:
        app.register_blueprint(console.bp)
    yield app
    pool = app.extensions.get("tablero_console")
    if pool is not None:
        pool.close()


@pytest.fixture(scope="module")
def console_client(console_app):
    return console_app.test_client()


@pytest.fixture(scope="module")
def games(console_client):
    """One game of each kind: its id."""
    ids = {}
    for game, options in (("go", {"size": 9}), ("molinolog", {"size": 1}),
                          ("gorogo", {"white": "human"}),
                          ("azul", {"players": ["human", "greedy"], "seed": 7})):
        resp = console_client.post("/api/games", json={"game": game, "options": options})
        assert resp.status_code == 201, resp.json
        ids[game] = resp.json["id"]
    return ids


def ask(client, gid: str, goal: str):
    resp = client.post(f"/api/games/{gid}/query", json={"goal": goal})
    return resp.status_code, resp.get_data(as_text=True), resp.is_json


def check_reply(arena: Arena, what: str, status: int, text: str, is_json: bool,
                allowed=(200, 400, 403, 422)) -> list[str]:
    """What is wrong with one reply of the console."""
    problems = []
    arena.replies.append(text)
    if status not in allowed or not is_json:
        problems.append(f"{what} answered {status} {'JSON' if is_json else 'not JSON'}: "
                        f"{text[:300]}")
    for leak in arena.leaks(text):
        problems.append(f"{what}'s reply shows the {leak}: {text[:300]}")
    return problems


def evidence(arena: Arena, gid: str, wait: float = 0.0) -> list[str]:
    """The evidence goal `gid` left: its marker, its process, its connection."""
    if wait:
        time.sleep(wait)
    problems = []
    marker = arena.marks / gid
    if marker.exists():
        content = marker.read_text(errors="replace") if marker.is_file() else ""
        problems.append(f"{gid} wrote its marker {marker}" +
                        (" (with the canary)" if arena.canary in content else ""))
    procs = arena.processes(str(marker))
    if procs:
        problems.append(f"{gid} started a process that is still running: {procs}")
    if any(gid in c for c in arena.listener.connections):
        problems.append(f"{gid} connected to the test's TCP port")
    return problems


def healthy(client, arena: Arena, game_id: str) -> list[str]:
    status, text, is_json = ask(client, game_id, "X is 1 + 1")
    arena.replies.append(text)
    if status != 200 or not is_json or json.loads(text).get("toplevel") != "X = 2.":
        return [f"the console no longer answers X is 1 + 1: {status} {text[:300]}"]
    return []


# ---- (a) the console ----------------------------------------------------------------------


@pytest.mark.parametrize("gid, game, goal, then", CONSOLE_GOALS,
                         ids=[g[0] for g in CONSOLE_GOALS])
def test_console_goal(arena, console_client, games, gid, game, goal, then):
    text_goal = arena.fill(goal, gid)
    problems = []
    status, text, is_json = ask(console_client, games[game], text_goal)
    problems += check_reply(arena, gid, status, text, is_json)
    if then:
        status, text, is_json = ask(console_client, games[game], arena.fill(then, gid))
        problems += check_reply(arena, f"{gid}'s trigger", status, text, is_json)
    problems += healthy(console_client, arena, games[game])
    wait = 0.05 if ("net" in gid or "thread" in gid or "setsid" in gid) else 0.0
    problems += evidence(arena, gid, wait)
    assert arena.secret.exists(), f"{gid} deleted the secret file"
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("gid, game, goal", CROSS, ids=[c[0] for c in CROSS])
def test_console_other_games_modules_refused(arena, console_client, games, gid, game, goal):
    status, text, is_json = ask(console_client, games[game], goal)
    problems = check_reply(arena, gid, status, text, is_json, allowed=(403, 422))
    if is_json and status == 422:
        message = json.loads(text)["error"]["message"]
        if "procedure" not in message and "permission" not in message.lower():
            problems.append(f"{gid} ran (422 {message})")
    problems += healthy(console_client, arena, games[game])
    assert not problems, "\n".join(problems)


def test_console_bombs(arena, console_client, games):
    """Atom and memory bombs, and goals that catch the time limit: refused or stopped
    within the console's deadline (12 s; a little more for the new worker), never
    holding the route; the console answers afterwards.  Two at a time (two workers)."""
    limit = console.DEADLINE + 4

    def one(item):
        gid, goal = item
        started = time.monotonic()
        status, text, is_json = ask(console_client, games["go"], arena.fill(goal, gid))
        seconds = time.monotonic() - started
        problems = check_reply(arena, gid, status, text, is_json, allowed=(200, 403, 422))
        if seconds > limit:
            problems.append(f"{gid} held the route {seconds:.1f} s (limit {limit:g} s)")
        return problems + evidence(arena, gid)

    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        problems = [p for ps in pool.map(one, BOMBS) for p in ps]
    problems += healthy(console_client, arena, games["go"])
    assert not problems, "\n".join(problems)


def test_console_leaves_nothing_behind(arena, console_app, console_client, games):
    """After the console's workers are gone: no process of any goal still runs, no goal
    connected to the network, and no marker of a console goal exists."""
    pool = console_app.extensions.get("tablero_console")
    if pool is not None:
        pool.close()
    arena.settle("/marks/")
    ids = [g[0] for g in CONSOLE_GOALS] + [b[0] for b in BOMBS]
    problems = []
    procs = [p for p in arena.processes() if "/marks/" in p[1]]
    if procs:
        problems.append(f"{len(procs)} processes outlived the console's workers: "
                        + "; ".join(args for _, args in procs[:20]))
    markers = [m for m in arena.markers() if m in ids]
    if markers:
        problems.append(f"{len(markers)} console goals wrote their marker: {markers}")
    if arena.listener.connections:
        problems.append(f"connections to the test's port: {arena.listener.connections}")
    assert not problems, "\n".join(problems)


# ---- (b) `tablero serve --rules` and (a) through a live server ----------------------------


def student_file(arena: Arena, tag: str) -> Path:
    path = arena.base / tag / "proylcc.pl"
    path.parent.mkdir(exist_ok=True)
    path.parent.chmod(0o755)
    path.write_text(arena.fill(TEMPLATE.read_text(), tag=tag))
    path.chmod(0o644)
    return path


def post(server, path, body, secret=None) -> tuple[int, str]:
    """(status, text) of one JSON request to the live server, errors included."""
    import urllib.error
    import urllib.request
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    request = urllib.request.Request(server.url + path, data=json.dumps(body).encode(),
                                     method="POST", headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return resp.status, resp.read().decode("utf-8", "replace")
    except urllib.error.HTTPError as exc:
        return exc.code, exc.read().decode("utf-8", "replace")


def test_serve_rules_and_console_through_a_live_server(arena):
    """`tablero serve --rules go=proylcc.pl` with the attacker's file: its directives run
    when the server checks the file and when a worker loads it, its goMove/4 on the first
    move.  Then a few console goals through the same server.  Nothing escapes: no marker
    `serve-*`, no canary or secret in any reply, no process left once the server is
    stopped, no connection."""
    rules = student_file(arena, "serve")
    db = arena.base / "serve.db"
    server = LiveServer(db, workers=1, args=("--rules", f"go={rules}"))
    problems = []
    try:
        server.start()
        game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 19}})
        arena.replies.append(json.dumps(game))
        secret = game["secrets"]["b"]
        for pos in ([3, 3], [15, 15], [3, 15]):
            status, text = post(server, f"/api/games/{game['id']}/actions",
                                {"action": {"kind": "move", "pos": pos}}, secret)
            problems += check_reply(arena, f"move {pos}", status, text, True,
                                    allowed=(200, 409))
        status, text = post(server, f"/api/games/{game['id']}/actions",
                            {"action": {"kind": "move", "pos": [9, 9]}}, secret)
        if status != 200:
            problems.append(f"the server no longer plays a move: {status} {text[:200]}")
        for gid in LIVE:
            live_id = f"live-{gid}"
            wrapper, payload = gid.split("-")
            goal = WRAPPERS[wrapper].replace("{G}", PAYLOADS[payload])
            status, text = post(server, f"/api/games/{game['id']}/query",
                                {"goal": arena.fill(goal, live_id)})
            problems += check_reply(arena, live_id, status, text, True)
            problems += evidence(arena, live_id, 0.05)
        status, text = post(server, f"/api/games/{game['id']}/query", {"goal": "X is 1 + 1"})
        if status != 200 or '"X = 2."' not in text:
            problems.append(f"the live console no longer answers: {status} {text[:200]}")
    finally:
        server.kill(15)
    arena.settle("/serve-", "/live-")
    procs = [p for p in arena.processes() if "/serve-" in p[1] or "/live-" in p[1]]
    if procs:
        problems.append(f"{len(procs)} processes outlived `tablero serve --rules`: "
                        + "; ".join(args for _, args in procs))
    markers = arena.markers("serve-") + arena.markers("live-")
    if markers:
        problems.append(f"{len(markers)} markers of `tablero serve --rules`: {markers}")
    connections = [c for c in arena.listener.connections if "/serve-" in c or "live-" in c]
    if connections:
        problems.append(f"connections from `tablero serve --rules`: {connections}")
    assert not problems, "\n".join(problems)


# ---- (c) `tablero grade` ------------------------------------------------------------------


def test_grade(arena):
    """`tablero grade proylcc.pl` with the attacker's file: a report (exit 0, 1 or 2),
    and nothing escapes: no marker `grade-*`, no canary or secret in the report or the
    command's output, no process left, no connection."""
    rules = student_file(arena, "grade")
    tablero = Path(sys.executable).with_name("tablero")
    done = subprocess.run([str(tablero), "grade", str(rules), "--json", "--only", "positions",
                           "--call-seconds", "5"],
                          capture_output=True, text=True, timeout=120, cwd=arena.base)
    problems = []
    if done.returncode not in (0, 1, 2):
        problems.append(f"tablero grade exited with {done.returncode}: {done.stderr[-500:]}")
    for leak in arena.leaks(done.stdout + done.stderr):
        problems.append(f"the grade's report or output shows the {leak}")
    try:
        json.loads(done.stdout)
    except ValueError:
        problems.append(f"the grade's report is not JSON: {done.stdout[:300]}")
    arena.settle("/grade-")
    procs = [p for p in arena.processes() if "/grade-" in p[1]]
    if procs:
        problems.append(f"{len(procs)} processes outlived `tablero grade`: "
                        + "; ".join(args for _, args in procs))
    markers = arena.markers("grade-")
    if markers:
        problems.append(f"{len(markers)} markers of `tablero grade`: {markers}")
    connections = [c for c in arena.listener.connections if "/grade-" in c]
    if connections:
        problems.append(f"connections from `tablero grade`: {connections}")
    assert not problems, "\n".join(problems)


# ---- everything -----------------------------------------------------------------------


def test_nothing_escaped_anywhere(arena):
    """Last: no marker at all, no connection, no process naming the arena, the secret
    file still there, the canary in no reply of any path."""
    arena.settle("/marks/")
    problems = []
    if arena.markers():
        problems.append(f"markers: {arena.markers()}")
    if arena.listener.connections:
        problems.append(f"connections: {arena.listener.connections}")
    procs = [p for p in arena.processes() if "/marks/" in p[1]]
    if procs:
        problems.append(f"processes: {procs}")
    if not arena.secret.exists():
        problems.append("the secret file was deleted")
    leaked = [r[:200] for r in arena.replies if arena.leaks(r)]
    if leaked:
        problems.append(f"{len(leaked)} replies leak a secret, e.g. {leaked[:3]}")
    assert not problems, "\n".join(problems)
