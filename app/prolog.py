"""The only module that touches pyswip: one embedded SWI-Prolog per process.

Facts this is built on (measured; docs/architecture.md, "The bridge"): pyswip queries must all
run on one thread (see Bridge for how that is kept); every
query is consumed at once; boards cross as strings; user text never becomes
Prolog code (`quote()` turns any text into a string literal that Prolog reads
as data); every call runs under call_with_time_limit/2 (one ply of our own rules,
a brief lean call, under an inference limit: prolog/tablero/cache.pl's brief_call/1).

Three ways to ask: `Bridge.call()` (the games' lean path: one predicate called
through SWI-Prolog's C interface, its arguments put as terms, no goal text at all;
app/games.py calls tablero_cache:api_cached/10 this way), `Bridge.query()`
(trusted goal text, one answer as pyswip converts it) and `Bridge.answers()` (for
people at a REPL or a notebook: the goal text is read by Prolog itself, every
answer up to a limit under one time limit, values readable, syntax errors and
halt refused).
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import queue
import re
import sys
import threading
import time
from pathlib import Path

from . import paths  # noqa: E402
from .paths import PROLOG_DIR  # noqa: E402  (the clone's prolog/ or the installed copy)
#  The modules loaded at start (without importing their predicates into user):
#  the protocol and each game's rules, where the game exists.
DEFAULT_TIMEOUT = float(os.environ.get("TABLERO_PROLOG_TIMEOUT", "20"))
BIG_REPLY = 64 << 10  # characters of a lean call's reply past which its stacks are trimmed
MEMORY_EVERY = 5.0    # seconds between two readings of Prolog's atoms and stacks (Bridge.memory)


#  Bridge.answers() runs goals through this module, loaded from this text at start
#  (prolog/ holds the games; this belongs to the Python face).
QUERY_MODULE = r""":- module(tablero_python, [py_query/6]).
/** <module> query() for Python: goals read from text, answers as JSON

py_query/6 reads a goal from a string (so the goal text is data until Prolog
parses it), refuses halt/0 and halt/1, enumerates up to Max answers under one
time limit, and writes each answer's variables as JSON: numbers as numbers,
atoms and strings as strings, proper lists as arrays, an unbound variable as
{"$v": "_A"} and any other term as {"$t": Text}, its quoted Prolog text.
*/
:- use_module(library(time)).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(solution_sequences)).
:- use_module(library(http/json)).

:- dynamic guarding/0, halt_tried/0.

%!  py_query(+Module, +PreludeText, +GoalText, +Max, +Limit, -Reply) is det.
%
%   Reply is JSON text: {"answers": [[[Name, Value], ...], ...], "output": Text}
%   or {"error": Kind, "message": Text, "term": Text} with Kind one of
%   syntax, halt, timeout, error.  Max is a positive integer or the atom all.
py_query(Module, PreludeText, GoalText, Max, Limit, Reply) :-
    catch(run(Module, PreludeText, GoalText, Max, Limit, Dict), E, error_dict(E, "", Dict)),
    with_output_to(string(Reply), json_write_dict(current_output, Dict, [width(0)])).

run(Module, PreludeText, GoalText, Max, Limit, Dict) :-
    read_goal(Module, GoalText, Goal, Names),
    read_goal(Module, PreludeText, Prelude, PreludeNames),
    (   mentions_halt(Goal) -> throw(py_refused(halt)) ; true ),
    share_names(PreludeNames, Names, Bindings),
    with_output_to(string(Output),
                   catch(enumerate(Module:(Prelude, Goal), Bindings, Max, Limit, Answers),
                         E, true)),
    (   retract(halt_tried) -> E1 = py_refused(halt) ; E1 = E ),
    (   var(E1)
    ->  Dict = _{answers:Answers, output:Output}
    ;   error_dict(E1, Output, Dict)
    ).

enumerate(Goal, Bindings, Max, Limit, Answers) :-
    (   Max == all -> Limited = Goal ; Limited = limit(Max, Goal) ),
    setup_call_cleanup(
        guard_halt,
        call_with_time_limit(Limit, findall(A, (Limited, answer(Bindings, A)), Answers)),
        retractall(guarding)).

read_goal(Module, Text, Goal, Names) :-
    catch(term_string(Goal, Text, [variable_names(Names), module(Module)]),
          E, throw(py_syntax(E))),
    (   Goal == end_of_file -> throw(py_syntax(empty)) ; true ).

%   share_names(+PreludeNames, +GoalNames, -Bindings): a variable named in both
%   is one variable; Bindings holds the names not starting with "_", in order.
share_names(PreludeNames, Names, Bindings) :-
    maplist(share_name(Names), PreludeNames),
    append(PreludeNames, Names, All),
    foldl(keep_name, All, [], Kept),
    reverse(Kept, Bindings).

share_name(Names, N=V) :-
    (   memberchk(N=V0, Names) -> V = V0 ; true ).

keep_name(N=V, Kept, Kept1) :-
    (   ( memberchk(N=_, Kept) ; sub_atom(N, 0, _, _, '_') )
    ->  Kept1 = Kept
    ;   Kept1 = [N=V|Kept]
    ).

%   mentions_halt(+Goal): halt or halt(_) occurs anywhere in Goal (also as
%   data: a goal built from it could be called).
mentions_halt(Goal) :-
    sub_term(T, Goal),
    (   T == halt ; compound(T), compound_name_arity(T, halt, 1) ),
    !.

%   While a query runs, halt/0,1 reached in a way the text check did not see
%   is cancelled (the hook runs first: at_halt/1 adds hooks in front) and
%   reported after the query.
guard_halt :-
    retractall(halt_tried),
    assertz(guarding),
    retractall(system:'$at_halt'(tablero_python:halt_hook, _)),
    at_halt(tablero_python:halt_hook).

halt_hook :-
    (   guarding
    ->  assertz(halt_tried),
        cancel_halt('query() refuses halt')
    ;   true
    ).

%   answer(+Bindings, -Pairs): [Name, JSON] pairs of one answer; the unbound
%   variables are named _A, _B, ... (the same name wherever one occurs).
answer(Bindings, Pairs) :-
    copy_term(Bindings, Copy, _),
    term_variables(Copy, Vars),
    foldl(name_var, Vars, 0, _),
    maplist(pair_json, Copy, Pairs).

name_var('$VAR'(Name), I, I1) :-
    Letter is 0'A + I mod 26,
    N is I // 26,
    (   N =:= 0
    ->  format(atom(Name), "_~c", [Letter])
    ;   format(atom(Name), "_~c~d", [Letter, N])
    ),
    I1 is I + 1.

pair_json(Name=Value, [NameS, JSON]) :-
    atom_string(Name, NameS),
    value_json(Value, JSON).

value_json(V, J) :-
    (   V = '$VAR'(Name), atom(Name), sub_atom(Name, 0, _, _, '_')
    ->  atom_string(Name, S), J = _{'$v':S}
    ;   integer(V)
    ->  J = V
    ;   float(V), float_class(V, Class), memberchk(Class, [zero, subnormal, normal])
    ->  J = V
    ;   atom(V)
    ->  atom_string(V, J)
    ;   string(V)
    ->  J = V
    ;   is_list(V)
    ->  maplist(value_json, V, J)
    ;   term_text(V, Text),
        J = _{'$t':Text}
    ).

term_text(T, Text) :-
    format(string(Text), "~W",
           [T, [quoted(true), numbervars(true), portray(true), priority(699),
                spacing(next_argument)]]).

%   error_dict(+Error, +Output, -Dict): the error reply, with what the goal
%   printed before it.
error_dict(E, Output, Dict) :-
    error_kind(E, Kind, Message, Term),
    Dict = _{error:Kind, message:Message, term:Term, output:Output}.

error_kind(py_syntax(empty), syntax, "The goal is empty", "") :- !.
error_kind(py_syntax(E), syntax, M, T) :- !,
    message_text(E, M), error_text(E, T).
error_kind(py_refused(halt), halt, M, "halt") :- !,
    M = "query() refuses halt/0 and halt/1: they would end the Python process".
error_kind(time_limit_exceeded, timeout, "time_limit_exceeded", "time_limit_exceeded") :- !.
error_kind(E, error, M, T) :-
    message_text(E, M), error_text(E, T).

error_text(E, Text) :-
    copy_term(E, Copy, _),
    numbervars(Copy, 0, _, [singletons(true)]),
    term_text(Copy, Text).

message_text(E, Text) :-
    (   catch('$messages':translate_message(E, Lines, []), _, fail)
    ->  with_output_to(string(Text0), print_message_lines(current_output, '', Lines)),
        split_string(Text0, "", "\n ", [Text])
    ;   term_text(E, Text)
    ).
"""


class PrologError(Exception):
    """A Prolog goal raised an error; the message is Prolog's, in words."""


class PrologTimeout(PrologError):
    """A Prolog goal ran past its time limit and was stopped."""


class PrologSyntaxError(PrologError):
    """The goal text given to Bridge.answers() (and go.query()) is not Prolog."""


class PrologRefused(PrologError):
    """Bridge.answers() refuses the goal: it calls halt/0 or halt/1, which would end
    the Python process (a notebook's kernel, the server's worker)."""


class Var:
    """An unbound Prolog variable in an answer, named as the toplevel names them:
    the same name ("_A", "_B", ...) wherever one variable occurs in one answer."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def __repr__(self) -> str:
        return f"Var({self.name!r})"

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other) -> bool:
        return isinstance(other, Var) and other.name == self.name

    def __hash__(self) -> int:
        return hash(("Var", self.name))


class Term(str):
    """A compound term (or any term that is not a number, atom, string, list or
    variable) in an answer, as its quoted Prolog text: Term('f(_A, "s", [a, b])').

    A str, so it prints as Prolog writes it and compares with text."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"Term({str.__repr__(self)})"


_UNSAFE = re.compile(r'[^ !#-\[\]-~]')  # all but printable ASCII without " and \\


def quote(text: str) -> str:
    """Return a Prolog string literal whose value is exactly `text`.

    Every character outside printable ASCII, and the quote and backslash, is
    written as an escape (\\xHEX\\), so no input can end the literal early.
    """
    if text.isascii() and text.isprintable():
        return '"' + text.replace("\\", "\\x5c\\").replace('"', "\\x22\\") + '"'
    return '"' + _UNSAFE.sub(lambda m: f"\\x{ord(m.group()):x}\\", text) + '"'


def _plain(value):
    """pyswip's answer values made readable: bytes as str, a nested atom as its name
    (not Atom('331269')), an unbound variable as Var('_G81'), a compound as Term."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, (str, int, float)):
        return value
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    kind = type(value).__name__
    if kind == "Atom":
        return _plain(value.value)
    if kind == "Variable":
        return Var(f"_G{value.handle}")
    if kind == "Functor":
        return Term(str(value))
    return value


def _answer_value(obj: dict):
    """json object_hook for tablero_python's answers: {"$v": name}, {"$t": text}."""
    if "$v" in obj:
        return Var(obj["$v"])
    if "$t" in obj:
        return Term(obj["$t"])
    return obj


class Atom(str):
    """An argument of Bridge.call() passed as a Prolog atom (a plain str is a string)."""

    __slots__ = ()


class Name(Atom):
    """An Atom from a small closed set (a call's name, a game's): made in Prolog once per
    process and kept, so that passing it is one C call, not three (an Atom is made, put
    and let go at every call, so that Prolog can collect it)."""

    __slots__ = ()


def _strings_mark(lib):
    """A context manager over PL_mark_string_buffers/PL_release_string_buffers_from_mark
    (SWI-Prolog's PL_STRINGS_MARK()): text that Prolog hands C with BUF_STACK
    (PL_get_nchars, PL_get_chars) lives in per-thread buffers that only a foreign
    predicate's return releases.  Python calls Prolog from the top, outside any
    foreign predicate, so without a mark every reply stays allocated for the life
    of the process (about 5.5 KiB a 19x19 move, issue 20).  Copy the text out
    before the block ends.

    TABLERO_RELEASE_STRINGS=0 leaves them (the old leak), only for bench/soak.py to
    show the difference."""
    import contextlib
    import ctypes

    if os.environ.get("TABLERO_RELEASE_STRINGS", "1") == "0":
        return contextlib.nullcontext
    # lib[...] makes function objects of our own: pyswip's (lib.PL_...) keep their types.
    mark_ = lib["PL_mark_string_buffers"]
    mark_.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
    mark_.restype = None
    release = lib["PL_release_string_buffers_from_mark"]
    release.argtypes = [ctypes.c_size_t]
    release.restype = None

    class Mark:  # a class, not @contextmanager: a third of the cost, on every call
        __slots__ = ("where",)

        def __enter__(self):
            self.where = ctypes.c_size_t()
            mark_(ctypes.byref(self.where))

        def __exit__(self, *exc):
            release(self.where)

    return Mark


def _holding_gil(lib):
    """SWI-Prolog's library as ctypes.PyDLL: its functions keep the GIL while they run.
    ctypes.CDLL (pyswip's) lets the GIL go around every call, so that each of the dozen
    short calls of a lean call (a frame, each argument, the reply's text) handed the GIL
    to a waiting request thread and queued to take it back: a move then waited on the GIL
    about 15 times, most of its server CPU beyond the echo route being the kernel's
    futex waits and thread switches (perf, bench/http_load.py).  Only the call that runs
    Prolog (PL_next_solution: a rule, a machine's search) lets it go."""
    import ctypes

    return ctypes.PyDLL(lib._name, handle=lib._handle)


class _Lean:
    """Calls of one predicate through SWI-Prolog's C interface (pyswip's own library):
    arguments put as terms, so no goal text is written or parsed; the last argument
    answers a string.  Used on the thread that owns Prolog only.  Every C call but the
    one that runs Prolog keeps the GIL (_holding_gil)."""

    PL_STRING, REP_UTF8 = 6, 0x00100000
    CVT_STRING, BUF_STACK = 0x2, 0x00010000
    FLAGS = 0x0004 | 0x0008  # PL_Q_NODEBUG | PL_Q_CATCH_EXCEPTION

    def __init__(self):
        import ctypes

        from pyswip import core

        lib = _holding_gil(core._lib)
        self.c = ctypes
        self.open_frame = lib.PL_open_foreign_frame
        self.open_frame.restype = ctypes.c_void_p
        self.discard_frame = lib.PL_discard_foreign_frame
        self.discard_frame.argtypes = [ctypes.c_void_p]
        self.new_refs = lib.PL_new_term_refs
        self.new_refs.argtypes = [ctypes.c_int]
        self.new_refs.restype = ctypes.c_size_t
        self.put_chars = lib.PL_put_chars
        self.put_chars.argtypes = [ctypes.c_size_t, ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p]
        self.put_float = lib.PL_put_float
        self.put_float.argtypes = [ctypes.c_size_t, ctypes.c_double]
        #  An atom argument: PL_put_chars(PL_ATOM) leaves the atom it makes registered,
        #  so no atom given that way was ever collected (a worker kept every state key
        #  of every move: bench/soak.py).  Made, put, then unregistered: the term holds it.
        self.new_atom = lib.PL_new_atom_mbchars
        self.new_atom.argtypes = [ctypes.c_int, ctypes.c_size_t, ctypes.c_char_p]
        self.new_atom.restype = ctypes.c_size_t
        self.put_atom = lib.PL_put_atom
        self.put_atom.argtypes = [ctypes.c_size_t, ctypes.c_size_t]
        self.unregister_atom = lib.PL_unregister_atom
        self.unregister_atom.argtypes = [ctypes.c_size_t]
        self.predicate = lib.PL_predicate
        self.predicate.argtypes = [ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p]
        self.predicate.restype = ctypes.c_void_p
        self.open_query = lib.PL_open_query
        self.open_query.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t]
        self.open_query.restype = ctypes.c_void_p
        self.next_solution = core._lib["PL_next_solution"]  # lets the GIL go
        self.next_solution.argtypes = [ctypes.c_void_p]
        self.next_solution_held = lib.PL_next_solution      # keeps it (a brief call)
        self.next_solution_held.argtypes = [ctypes.c_void_p]
        self.cut_query = lib.PL_cut_query
        self.cut_query.argtypes = [ctypes.c_void_p]
        self.get_nchars = lib.PL_get_nchars
        self.get_nchars.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_size_t),
                                    ctypes.POINTER(ctypes.c_char_p), ctypes.c_uint]
        self.mark = _strings_mark(lib)
        self.preds: dict[tuple[str, str, int], int] = {}
        self.names: dict[str, int] = {}  # Name -> its atom, registered for good

    def call(self, module: str, name: str, args: tuple, brief: bool = False) -> str | None:
        """module:name(args..., Text); Text, or None when the call failed or raised.
        `brief`: Prolog runs holding the GIL (see Bridge.call)."""
        arity = len(args) + 1
        pred = self.preds.get((module, name, arity))
        if pred is None:
            pred = self.preds[(module, name, arity)] = self.predicate(
                name.encode(), arity, module.encode())
        with self.mark():  # the reply's BUF_STACK buffer is freed when the call ends
            return self._call(pred, arity, args, brief)

    def _call(self, pred: int, arity: int, args: tuple, brief: bool) -> str | None:
        c = self.c
        frame = self.open_frame()
        try:
            t0 = self.new_refs(arity)
            for i, value in enumerate(args):
                if isinstance(value, float):
                    self.put_float(t0 + i, value)
                    continue
                if isinstance(value, Name):
                    atom = self.names.get(value)
                    if atom is None:
                        data = value.encode("utf-8")
                        atom = self.new_atom(self.REP_UTF8, len(data), data)
                        if not atom:
                            raise MemoryError("Prolog could not take an argument")
                        self.names[value] = atom
                    self.put_atom(t0 + i, atom)
                    continue
                data = value.encode("utf-8")
                if isinstance(value, Atom):
                    atom = self.new_atom(self.REP_UTF8, len(data), data)
                    if not atom:
                        raise MemoryError("Prolog could not take an argument")
                    self.put_atom(t0 + i, atom)
                    self.unregister_atom(atom)
                elif not self.put_chars(t0 + i, self.PL_STRING | self.REP_UTF8, len(data), data):
                    raise MemoryError("Prolog could not take an argument")
            qid = self.open_query(None, self.FLAGS, pred, t0)
            try:
                if not (self.next_solution_held if brief else self.next_solution)(qid):
                    return None
                size, text = c.c_size_t(), c.c_char_p()
                if not self.get_nchars(t0 + arity - 1, c.byref(size), c.byref(text),
                                       self.CVT_STRING | self.REP_UTF8 | self.BUF_STACK):
                    return None
                return c.string_at(text, size.value).decode("utf-8")
            finally:
                self.cut_query(qid)
        finally:
            self.discard_frame(frame)


class Bridge:
    """One embedded SWI-Prolog, always driven from the same thread.

    By default the thread that first uses the bridge owns Prolog and runs the
    queries itself (a gunicorn sync worker, the REPL, a benchmark): no hand-off
    cost.  A query from any other thread is refused with RuntimeError instead of
    corrupting Prolog.  `Bridge(dedicated_thread=True)` starts a worker thread
    that owns Prolog and runs every query for callers on any thread.
    """

    def __init__(self, prolog_dir: Path = PROLOG_DIR, dedicated_thread: bool = False):
        self._prolog_dir = Path(prolog_dir)
        self._jobs: queue.SimpleQueue | None = None
        #  What Prolog holds (statistics/2's atoms and stack bytes), read on the owner
        #  thread after a call at most every MEMORY_EVERY seconds: /metrics shows them.
        self.memory: dict[str, int] = {}
        self._memory_at = 0.0
        if dedicated_thread:
            #  SimpleQueue (C): a job in, and its answer back on the caller's own queue
            #  (one per calling thread), cost a fraction of a Queue and a Future each.
            self._jobs = queue.SimpleQueue()
            self._replies = threading.local()
            ready: concurrent.futures.Future = concurrent.futures.Future()
            threading.Thread(target=self._serve, args=(ready,), name="prolog", daemon=True).start()
            self.modules = ready.result()
        else:
            self._owner = threading.get_ident()
            self.modules = self._start()

    def _start(self) -> list[str]:
        from pyswip import Prolog  # initialises SWI-Prolog on this thread

        self._lean = None                      # set once the games are loaded

        self._prolog = Prolog()
        from pyswip import core

        self._strings_mark = _strings_mark(_holding_gil(core._lib))
        self._run("set_prolog_flag(debug_on_error, false)", 1)
        self._run("use_module(library(time))", 1)
        self._run(
            "setup_call_cleanup(open_string(" + quote(QUERY_MODULE) + ", S), "
            "load_files(tablero_python, [stream(S), if(true)]), close(S))",
            1,
        )
        modules = []
        entries = [self._prolog_dir / "tablero.pl", self._prolog_dir / "tablero" / "plugins.pl",
                   *paths.game_entries(self._prolog_dir), *paths.extra_games()]
        for entry in entries:                  # tablero, then every game that plugs in
            if entry.exists():
                self._run(f"use_module({quote(str(entry.with_suffix('')))}, [])", 1)
                if entry.parent.name != "tablero":
                    modules.append(entry.stem)
        self._run(f"use_module({quote(str(self._prolog_dir / 'tablero' / 'cache'))}, [])", 1)
        self._run(f"use_module({quote(str(self._prolog_dir / 'clock'))}, [])", 1)
        self._lean = _Lean()
        return modules

    def _run(self, goal: str, maxresult: int) -> list[dict]:
        # pyswip marks the buffers of each answer it reads (getTerm); this mark also
        # covers whatever else its query reads (an error term, a variable's name).
        with self._strings_mark():
            answers = _plain(list(self._prolog.query(goal, maxresult=maxresult)))
        if self._lean is not None:
            self._give_back()
            self._read_memory()
        return answers

    def _lean_call(self, module: str, name: str, args: tuple, brief: bool) -> str | None:
        text = self._lean.call(module, name, args, brief)
        if text is not None and len(text) > BIG_REPLY:
            self._give_back()
        self._read_memory()
        return text

    def _read_memory(self) -> None:
        now = time.monotonic()
        if now - self._memory_at < MEMORY_EVERY:
            return
        self._memory_at = now
        with self._strings_mark():
            (answer,) = self._prolog.query("statistics(atoms, A), statistics(stack, S)",
                                           maxresult=1)
        self.memory = {"atoms": int(answer["A"]), "stack": int(answer["S"])}

    def _give_back(self) -> None:
        """Once a query is closed, give back the stacks it grew (prolog/tablero/memory.pl):
        inside the call its garbage still stood below the stacks' top (a game's history,
        4-8 MiB), and the worker kept that memory until some later call trimmed it: its RSS
        jumped between two levels 4-8 MiB apart (bench/soak.py, issue 20).  After every
        pyswip query (the rarer calls), and after a lean call whose reply is big."""
        list(self._prolog.query("tablero_memory:give_back_stacks", maxresult=1))

    def _serve(self, ready: concurrent.futures.Future) -> None:
        try:
            modules = self._start()
            #  pyswip's exit hook calls PL_cleanup() from the main thread, which cannot stop
            #  this Prolog's own thread ("Failed to stop Prolog threads" at every worker
            #  exit): the process is ending, and the system takes its memory back.
            import atexit

            from pyswip import core

            atexit.unregister(core.cleanupProlog)
            ready.set_result(modules)
        except BaseException as exc:
            ready.set_exception(exc)
            return
        while True:
            run, args, reply, job = self._jobs.get()
            try:
                answer = (job, True, run(*args))
            except BaseException as exc:
                answer = (job, False, exc)
            reply.put(answer)

    @property
    def dedicated(self) -> bool:
        """Whether Prolog runs on a thread of its own (any thread may call)."""
        return self._jobs is not None

    def _on_owner(self, run, *args):
        """run(*args) on the thread that owns Prolog; its errors as is."""
        if self._jobs is None:
            if threading.get_ident() != self._owner:
                raise RuntimeError(
                    "Prolog belongs to another thread: use one thread per process, "
                    "or Bridge(dedicated_thread=True)"
                )
            return run(*args)
        mine = self._replies
        if not hasattr(mine, "queue"):
            mine.queue, mine.job = queue.SimpleQueue(), 0
        mine.job += 1
        self._jobs.put((run, args, mine.queue, mine.job))
        while True:  # an answer to a call of this thread that was interrupted is dropped
            job, ok, answer = mine.queue.get()
            if job == mine.job:
                break
        if not ok:
            raise answer
        return answer

    def _call(self, goal: str, maxresult: int) -> list[dict]:
        """Run one pyswip query on the thread that owns Prolog; pyswip's errors as is."""
        return self._on_owner(self._run, goal, maxresult)

    def call(self, module: str, name: str, *args, brief: bool = False) -> str:
        """Call module:name(args..., Text) once and return Text (a string): the lean path.

        Each argument is put as a term (str as a Prolog string, Atom as an atom, float
        as a number): no goal text is written or parsed.  The predicate must succeed and
        bind Text to text, catching its own errors and time limit (as
        tablero_cache:api_cached/10 does); PrologError if it failed or raised.

        `brief`: a call whose work is bounded and short (one ply of our own rules, well
        under a millisecond) runs holding the GIL.  Letting the GIL go for it cost more
        than it gave: the Prolog thread then queued to take it back behind the request
        threads, two more thread switches a move (bench/http_load.py).  A long call (a
        machine's search, a replay) lets it go, so that the worker's other threads run."""
        text = self._on_owner(self._lean_call, module, name, args, brief)
        if text is None:
            raise PrologError(f"{module}:{name}/{len(args) + 1} failed or raised an error")
        return text

    def query(self, goal: str, maxresult: int = 1, timeout: float | None = None) -> list[dict]:
        """Run `goal` (trusted Prolog text) and return up to `maxresult` answers.

        With maxresult=1 (what the games ask, the fast path) the goal runs once
        under call_with_time_limit/2 and its named variables come back as pyswip
        converts them (strings as str, nested atoms as str, an unbound variable
        as Var, a compound as its text).  With more, or None for all, every
        answer up to maxresult is collected by answers() under one time limit.
        Raises PrologTimeout past `timeout` seconds, PrologError for any other
        error raised by the goal.
        """
        if maxresult is None or maxresult > 1:
            return self.answers(goal, maxresult=maxresult, timeout=timeout)
        limit = DEFAULT_TIMEOUT if timeout is None else timeout
        wrapped = f"call_with_time_limit({limit}, ({goal}))"
        try:
            return self._call(wrapped, maxresult)
        except Exception as exc:
            if type(exc).__name__ != "PrologError":
                raise
            message = str(exc)
            if "time_limit_exceeded" in message:
                raise PrologTimeout(f"Prolog ran past its {limit} s limit: {goal[:120]}") from None
            raise PrologError(message) from None

    def answers(self, goal: str, maxresult: int | None = 10, timeout: float | None = None,
                module: str = "user", prelude: str = "true") -> list[dict]:
        """Every answer of `goal` up to `maxresult` (None: all), for people.

        `goal` is Prolog text that Prolog itself reads (term_string/3, with
        `module`'s operators), so it reaches Prolog as data: a syntax error is
        PrologSyntaxError, with Prolog's message and where.  The goal runs in
        `module`, after `prelude` (trusted text, e.g. bindings of the goal's
        variables: a variable named in both is one variable).

        It runs a *trusted* goal (a teacher's, a student's at their own
        notebook): it can call any predicate, assert, read files.  One thing is
        refused, halt/0 and halt/1, which would end this Python process: a
        goal mentioning halt is refused before it runs (PrologRefused), and a
        halt reached at run time in a way the text did not show is cancelled
        and refused afterwards.

        The time limit (`timeout` seconds, PrologTimeout past it) bounds the
        whole enumeration.  Each answer maps the goal's variables (not those
        starting with "_") to numbers, str (atoms and strings), lists, Var('_A')
        for an unbound variable (one name wherever it occurs in the answer) or
        Term('f(_A, "s")'), the quoted text of any other term.  Whatever the
        goal prints (write/1, format/2) is written to sys.stdout, so that a
        notebook shows it under the cell.
        """
        if not isinstance(goal, str):
            raise TypeError(f"The goal must be Prolog text (a str), not {goal!r}")
        if not isinstance(module, str) or not _MODULE.match(module):
            raise ValueError(f"Not a module name: {module!r}")
        if maxresult is not None and (not isinstance(maxresult, int) or maxresult < 1):
            raise ValueError(f"maxresult must be a positive integer or None, not {maxresult!r}")
        limit = DEFAULT_TIMEOUT if timeout is None else float(timeout)
        call = (
            f"tablero_python:py_query({module}, {quote(prelude)}, {quote(goal)}, "
            f"{'all' if maxresult is None else maxresult}, {limit:f}, Reply)"
        )
        try:
            reply = json.loads(self._call(call, 1)[0]["Reply"], object_hook=_answer_value)
        except Exception as exc:
            if type(exc).__name__ != "PrologError":
                raise
            raise PrologError(str(exc)) from None
        if reply.get("output"):
            sys.stdout.write(reply["output"])
            sys.stdout.flush()
        if "error" in reply:
            kind, message = reply["error"], reply["message"]
            if kind == "timeout":
                raise PrologTimeout(f"Prolog ran past its {limit} s limit: {goal[:120]}")
            error = _ERRORS[kind](message)
            error.term = reply["term"]
            raise error
        return [dict(answer) for answer in reply["answers"]]


_MODULE = re.compile(r"^[a-z][A-Za-z0-9_]*$")
_ERRORS = {"syntax": PrologSyntaxError, "halt": PrologRefused, "error": PrologError}


_bridge: Bridge | None = None
_bridge_lock = threading.Lock()


def bridge() -> Bridge:
    """The process's one Bridge, started on first use.

    With TABLERO_PROLOG_THREAD=dedicated (set by `tablero serve`, whose workers
    serve requests on several threads) Prolog runs on a thread of its own that
    every request thread hands its queries to; otherwise the first caller's
    thread owns it (the REPL, tests, a benchmark).
    """
    global _bridge
    with _bridge_lock:
        if _bridge is None:
            dedicated = os.environ.get("TABLERO_PROLOG_THREAD") == "dedicated"
            _bridge = Bridge(dedicated_thread=dedicated)
        return _bridge
