"""The console: a goal a student types about a game's position, answered by a sandboxed Prolog.

    POST /api/games/<id>/query  {"goal": "encerrados(Board, \"w\", 3, 4, A, [], E)", "max": 10}

answers the goal as SWI-Prolog's toplevel would, with the variables the game
binds (Go's `Board`, Molinolog's `State`, ...; see prolog/console.pl and
docs/console.md) bound to the game's stored position:

    200 {"game", "id", "revision", "goal", "bound": ["Board", ...],
         "answers": [{"bindings": {"A": "[...]"}, "text": "A = [...]", "output": ""}],
         "more": bool, "det": bool, "output": "", "stopped": null | {"code", "message"},
         "toplevel": "A = ... ;\\nfalse.", "hint": null | why a goal without answers may
         have failed (Go: a player written as an atom), "time_ms": N, "inferences": N}
    4xx {"error": {"code", "message", "explain": []}}

with codes bad_goal (400: no goal, not a string, too long, bad max), syntax
(400), unknown_game_id (404), refused (403: library(sandbox) said no; the
message gives its reason), timeout, inferences, memory, error (the goal
raised one) and crashed (the goal ended its Prolog process) (422), and
console_busy / console_unavailable (503).

Start reading at `query`.  The goal never runs in this process, nor in the
pyswip Prolog of a web worker: it goes, as data in a JSON line, to a `swipl`
worker process running prolog/console.pl (its own session, an address-space
limit, no core files, an empty working directory; requests and replies
travel on its standard input and output, which no goal can reach).  A
process keeps a pool of at most WORKERS such workers, started on first use (or
ahead of it: `POST /api/console`, sent by a page whose console input is
focused) and reused (a query costs milliseconds instead of the ~0.3 s a worker
takes to load the games); a worker that passes the deadline of a query is killed, one
that died is forgotten, and each is retired after MAX_QUERIES queries.  Inside
the worker each query runs in a thread of its own and a temporary module (see
prolog/console.pl), so nothing one query asserts or sets is seen by the next.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import threading
import time

from flask import Blueprint, current_app, jsonify

from . import confine, paths, pipes, security
from .records import record_or_404
from .games import InvalidRequest, TableroError

bp = Blueprint("console", __name__, url_prefix="/api")

CONSOLE = confine.PROLOG_DIR / "console.pl"

WORKERS = 2                # swipl workers per web process (CONSOLE_WORKERS)
MAX_GOAL_CHARS = 2000      # the longest goal text
MAX_ANSWERS = 10           # answers collected at most (the request's "max", 1..10)
DEADLINE = 12.0            # seconds a worker has for one query before it is killed
#   (the worker's own limits, in prolog/console.pl: 3 s for the sandbox check, 3 s for
#   the search, 20M inferences, 256 MB of Prolog stacks a query, and its watchdog, which
#   aborts a query that caught those limits' exceptions at 7 s and ends the process if
#   that does not stop it within 3 s more)
BUSY_WAIT = 10.0           # seconds a request waits for a free worker
START_SECONDS = 60.0       # seconds a new worker has to load the games
MAX_QUERIES = 500          # queries a worker answers before it is replaced
MAIN_STACK = "64m"         # the worker's main thread (the queries' threads have their own)
ADDRESS_SPACE = 2 << 30    # bytes of address space of a worker (prlimit --as)

#  A code of the worker's error replies -> the HTTP status it is answered with.
STATUS = {
    "bad_request": 400,
    "syntax": 400,
    "refused": 403,
    "timeout": 422,
    "inferences": 422,
    "memory": 422,
    "error": 422,
    "crashed": 422,
}


class ConsoleError(TableroError):
    """The goal could not be answered: refused, syntax, a limit, an error (status by code)."""

    def __init__(self, code: str, message: str):
        super().__init__(code, message)
        self.status = STATUS.get(code, 422)


class ConsoleUnavailable(TableroError):
    """No worker can answer now (all busy, or swipl cannot start)."""

    status = 503


#  The worker did not answer within the deadline / ended or said something that is not a
#  reply (it has been killed either way): app/pipes.py's.
WorkerTimeout = pipes.Late
WorkerDied = pipes.Died


# ---- one worker ------------------------------------------------------------------------


class Worker(pipes.JsonLinesProcess):
    """One `swipl` process running console:console_main/0 (prolog/console.pl).

    Requests go down its standard input and replies come up its standard
    output, one JSON object a line; console_main/0 rebinds Prolog's user_input
    and user_output to an empty and a null stream first, so nothing a goal
    prints or reads can be taken for a reply.  It runs in a session of its own
    (killed as a group), in the box of app/confine.py: bubblewrap, user nobody, no
    network, no environment, no new processes, only /usr and prolog/ read-only."""

    def __init__(self, start_seconds: float = START_SECONDS):
        swipl = shutil.which("swipl")
        if not swipl:
            raise ConsoleUnavailable("console_unavailable",
                                     "The console needs swipl, which is not installed here")
        self._dir = tempfile.TemporaryDirectory(prefix="tablero-console-")
        argv = [swipl, f"--stack-limit={MAIN_STACK}", "-q", "-f", "none",
                "-g", "console:console_main", "-t", "halt", str(CONSOLE),
                "--", *paths.games_argument()]
        problem = confine.problem()
        if problem:
            self._dir.cleanup()
            raise ConsoleUnavailable("console_unavailable", f"The console is off: {problem}")
        try:
            self.proc = confine.popen(
                argv, read_only=[confine.PROLOG_DIR, *paths.extra_game_folders()],
                limits={"as": ADDRESS_SPACE},
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=None if os.environ.get("TABLERO_CONSOLE_DEBUG") else subprocess.DEVNULL,
                cwd=self._dir.name, bufsize=0)
        except (OSError, confine.UnconfinedError) as exc:
            self._dir.cleanup()
            raise ConsoleUnavailable("console_unavailable",
                                     f"The console's Prolog cannot start: {exc}") from None
        self._attach()
        if self.await_ready(start_seconds) != {"ready": True}:
            self.kill()
            raise ConsoleUnavailable("console_unavailable",
                                     "The console's Prolog did not start")

    def kill(self) -> None:
        """End the worker's whole process group (its box), close its pipes, and remove its
        temporary directory."""
        super().kill()
        self._dir.cleanup()


# ---- the pool --------------------------------------------------------------------------


class Pool(pipes.ProcessPool):
    """At most `size` workers for this process, started when first needed (app/pipes.py's
    pool: a worker found dead is replaced, one is retired after `max_queries` queries)."""

    def __init__(self, size: int = WORKERS, deadline: float = DEADLINE,
                 busy_wait: float = BUSY_WAIT, max_queries: int = MAX_QUERIES):
        super().__init__(Worker, size=size, wait=busy_wait, max_uses=max_queries,
                         busy=lambda: ConsoleUnavailable(
                             "console_busy", "Every console is busy answering other goals: "
                             "try again in a few seconds"))
        self.deadline = deadline

    @property
    def max_queries(self) -> int:
        """Queries a worker answers before it is replaced."""
        return self.max_uses

    @max_queries.setter
    def max_queries(self, value: int) -> None:
        self.max_uses = value

    def ask(self, request: dict) -> dict:
        """The worker's reply to one request.  A worker that passed the deadline or died is
        dropped (ConsoleError timeout / crashed); the next request starts a new one."""
        worker = self.take()
        started = time.monotonic()
        try:
            try:
                reply = worker.ask(request, started + self.deadline)
            except WorkerDied:
                #  A worker used before that ends at once may have been ending already
                #  (a previous goal's memory bomb ends it just after its reply): the goal
                #  gets one fresh worker; one that ends that one too is reported.
                if worker.queries <= 1 or time.monotonic() - started > 0.5:
                    raise
                self.killed += 1
                self.drop(worker)
                worker = self.take()
                reply = worker.ask(request, time.monotonic() + self.deadline)
        except WorkerTimeout:
            self.killed += 1
            self.drop(worker)
            raise ConsoleError("timeout", f"The goal did not finish within {self.deadline:g} "
                               "seconds: its Prolog process was stopped") from None
        except WorkerDied:
            self.killed += 1
            self.drop(worker)
            raise ConsoleError("crashed", "The goal ended its Prolog process (it ran out of "
                               "memory, or the process was killed): nothing else was "
                               "affected") from None
        except BaseException:
            self.drop(worker)
            raise
        self.give(worker)
        return reply


_POOLS_LOCK = threading.Lock()


def pool() -> Pool:
    """This process's pool for the current app (a forked process starts its own)."""
    extensions = current_app.extensions
    with _POOLS_LOCK:
        found = extensions.get("tablero_console")
        if found is None or found.pid != os.getpid():
            found = Pool(size=int(current_app.config.get("CONSOLE_WORKERS", WORKERS)),
                         deadline=float(current_app.config.get("CONSOLE_DEADLINE", DEADLINE)))
            extensions["tablero_console"] = found
    return found


# ---- the routes ------------------------------------------------------------------------


@bp.post("/console")
def start_console():
    """A page's console is about to be asked (its input was focused): one of this worker's
    console processes is started ahead of the first query, which then does not wait the
    0.3 s (several on a busy machine) a process takes to load.  Nothing is started when one
    is idle or starting, or the pool is full; 202 at once either way."""
    pool().warm()
    return jsonify({}), 202


@bp.post("/games/<game_id>/query")
def query(game_id: str):
    """Answer a goal about the game's current position (see the module's docstring)."""
    data = security.request_body()
    goal = data.get("goal")
    if not isinstance(goal, str) or not goal.strip():
        raise InvalidRequest("bad_goal", "goal must be a non-empty string: a Prolog goal such "
                             "as X is 1 + 2")
    if len(goal) > MAX_GOAL_CHARS:
        raise InvalidRequest("bad_goal", f"The goal is longer than {MAX_GOAL_CHARS} characters")
    limit = data.get("max", MAX_ANSWERS)
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_ANSWERS:
        raise InvalidRequest("bad_goal", f"max must be an integer from 1 to {MAX_ANSWERS}")
    record = record_or_404(game_id)
    #  The plies' traces, newest first (None: some unknown), give back what the stored state
    #  leaves out (Go's superko history; tablero:game_restore/4), so the goals see it all.
    traces = record.traces()
    traces = None if None in traces else traces[::-1]
    reply = pool().ask({"game": record.game, "state": record.state, "traces": traces,
                        "goal": goal, "max": limit})
    if not reply.get("ok"):
        error = reply.get("error") or {}
        code = str(error.get("code") or "error")
        raise ConsoleError(code, str(error.get("message") or "The goal could not be answered"))
    body = {"game": record.game, "id": record.id, "revision": record.revision, "goal": goal}
    body.update({key: reply.get(key) for key in
                 ("bound", "answers", "more", "det", "output", "stopped", "toplevel", "hint",
                  "time_ms", "inferences")})
    return jsonify(body)
