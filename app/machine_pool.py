"""Machine searches off the request path: a pool of `swipl` search processes per worker.

    action = machine_pool.play(played, record, budget)     # from the machine route

A web worker has one Prolog on one thread (app/prolog.py): a machine's search there (Go's
UCT player searches on its clock, 1 s on 9x9 to 3 s on 19x19, Molinolog's and GoRoGo's
minimax up to their own budgets) held every other move of that worker.  Here the search runs in a process of
its own: a `swipl` running prolog/tablero/search.pl, which loads the four games and answers
one JSON line per request with the action the game's own game_machine/3 hook chooses and
the goal that made the choice (the Prolog panel's "machine: ..." pair, Go's seed in it).
The worker's own Prolog then plays that action (Game.machine_chosen: judged by its rules
like any action, refused unless a machine seat is to move, the search's goal first in the
explain), so the rules stay authoritative and the reply is what the page expects.  While
a search runs, the request thread waits on a pipe and the worker's Prolog thread serves
everyone else.

Why `swipl` processes and not Python ones: a search needs only Prolog, which a `swipl`
loads in about 0.3 s into 25 MB; a Python process would add pyswip's one-thread bridge,
Flask's imports and its own interpreter for nothing, and the protocol is one JSON line each
way (as the console's workers, app/console.py).  These run our own code, so they are not
boxed as the console's are; they do run under prlimit (address space, no core files) and at
a lower CPU priority (TABLERO_MACHINE_NICE: a niceness, 10 by default, or "idle", Linux's
SCHED_IDLE), so that a search yields the CPU to people's moves on the same machine.

Each worker process keeps at most MACHINE_WORKERS search processes (`tablero serve
--machine-workers`, TABLERO_MACHINE_WORKERS; 0: the search runs in the worker's own Prolog,
as before), started when first needed and reused.  A request takes an idle one, or starts
one while there is room, or waits up to MACHINE_WAIT seconds (TABLERO_MACHINE_WAIT) and is
then answered 503 `machines_busy` with Retry-After.  A search has the machine budget
(MACHINE_TIMEOUT, TABLERO_MACHINE_TIMEOUT): past it the search process stops itself
(call_with_time_limit/2), and one that has not answered GRACE seconds later is killed with
its process group and replaced; either way the answer is 504 `machine_timeout` and nothing
is played.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import threading
import time

from flask import current_app

from .games import InvalidRequest, Refused, TableroError
from . import paths, pipes
from .paths import PROLOG_DIR

SEARCH = PROLOG_DIR / "tablero" / "search.pl"

WORKERS = 2             # search processes per web worker process (MACHINE_WORKERS)
WAIT = 2.0              # seconds a request waits for a free search process (MACHINE_WAIT)
GRACE = 1.0             # seconds past the budget before a silent search process is killed
START_SECONDS = 30.0    # seconds a new search process has to load the games
MAX_SEARCHES = 1000     # searches a process answers before it is replaced
NICE = os.environ.get("TABLERO_MACHINE_NICE", "10")  # CPU priority: see priority()
ADDRESS_SPACE = 2 << 30  # bytes of address space of a search process (prlimit --as)
MAX_REPLY = 16 << 20    # bytes of one reply line; more and the process is dropped


def priority(setting: str) -> list[str]:
    """The command that starts a search process at the CPU priority `setting`: a niceness
    (0-19), or "idle" (Linux's SCHED_IDLE: it runs when nothing else wants the CPU, and
    any other process that wakes up takes the CPU from it at once)."""
    setting = str(setting).strip().lower()
    if setting == "idle":
        chrt = shutil.which("chrt")
        return [chrt, "--idle", "0"] if chrt else []
    nice = shutil.which("nice")
    return [nice, "-n", str(int(setting))] if nice and int(setting) else []


class MachinesBusy(TableroError):
    """Every search process of this worker is busy, and stayed so for the short wait."""

    status = 503

    def __init__(self, retry_after: int):
        super().__init__("machines_busy", "Every machine player of this server is thinking "
                         "about other games: nothing was played; try again in a few seconds")
        self.headers = {"Retry-After": str(retry_after)}


class MachineTimeout(TableroError):
    """The search passed the machine budget and was stopped: nothing was played."""

    status = 504

    def __init__(self, seconds: float):
        super().__init__("machine_timeout",
                         f"The machine did not choose within {seconds:g} s and was stopped; "
                         "nothing was played: try again")


class MachineFailed(TableroError):
    """A search process could not start, died, or answered an error: nothing was played."""

    status = 503

    def __init__(self, message: str):
        super().__init__("machine_failed", message)
        self.headers = {"Retry-After": "2"}


#  A search process that did not answer in time / ended or said something that is not a
#  reply (killed either way): app/pipes.py's.
_Late = pipes.Late
_Died = pipes.Died

# ---- one search process ----------------------------------------------------------------


class Searcher(pipes.JsonLinesProcess):
    """One `swipl` process running tablero_search:search_main/0 (prolog/tablero/search.pl),
    one JSON object a line each way, in a session of its own (killed as a group)."""

    max_reply = MAX_REPLY

    def __init__(self, start_seconds: float = START_SECONDS):
        swipl = shutil.which("swipl")
        if not swipl:
            raise MachineFailed("The machine needs swipl, which is not installed here")
        command = [swipl, "-q", "-f", "none", "-g", "tablero_search:search_main", "-t", "halt",
                   str(SEARCH), "--", *paths.games_argument()]
        prlimit = shutil.which("prlimit")
        if prlimit:
            command = [prlimit, f"--as={ADDRESS_SPACE}", "--core=0", "--", *command]
        command = priority(NICE) + command
        try:
            self.proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, start_new_session=True,
                                         bufsize=0, cwd=SEARCH.parent)
        except OSError as exc:
            raise MachineFailed(f"The machine's Prolog could not start: {exc}") from None
        self._attach()
        if self.await_ready(start_seconds) != {"ready": True}:
            self.kill()
            raise MachineFailed("The machine's Prolog did not start")

    @property
    def searches(self) -> int:
        """The searches asked of this process."""
        return self.queries


# ---- the pool --------------------------------------------------------------------------


class Pool(pipes.ProcessPool):
    """At most `size` search processes for this worker process, started when first needed
    (app/pipes.py's pool: take(), give(), close(), `killed`)."""

    def __init__(self, size: int = WORKERS, wait: float = WAIT, grace: float = GRACE,
                 max_searches: int = MAX_SEARCHES):
        super().__init__(Searcher, size=size, wait=wait, max_uses=max_searches,
                         busy=lambda: MachinesBusy(retry_after=max(1, round(self.wait))))
        self.grace = grace
        self.running = 0           # searches running now
        self.answered = 0          # searches answered (a choice, a refusal, a time-out)

    @property
    def max_searches(self) -> int:
        """Searches a process answers before it is replaced."""
        return self.max_uses

    def take(self) -> Searcher:
        """An idle process, or a new one while the pool has room; waits up to `wait`
        seconds, then MachinesBusy.  Give it back with give()."""
        searcher = super().take()
        with self._lock:
            self.running += 1
        return searcher

    def give(self, searcher: Searcher, healthy: bool = True) -> None:
        """Give back a process taken with take(); one that is not healthy is dropped."""
        with self._lock:
            self.running -= 1
        super().give(searcher, healthy)

    def search(self, request: dict, budget: float) -> dict:
        """The search process's reply to one request, with `budget` seconds (the process
        stops itself then; it is killed `grace` seconds later).  MachinesBusy, MachineTimeout
        or MachineFailed when there is no choice."""
        searcher = self.take()
        healthy = False
        try:
            reply = searcher.ask({**request, "limit": budget},
                                 time.monotonic() + budget + self.grace)
            healthy = True
            self.answered += 1
        except _Late:
            self.killed += 1
            raise MachineTimeout(budget) from None
        except _Died:
            self.killed += 1
            raise MachineFailed("The machine's Prolog process ended during its search: "
                                "nothing was played; try again") from None
        finally:
            self.give(searcher, healthy)
        if reply.get("ok"):
            return reply
        code = str(reply.get("code") or "error")
        if code == "timeout":
            raise MachineTimeout(budget)
        if code == "error" or "kind" not in reply:
            current_app.logger.error("machine search failed: %s", reply.get("message"))
            raise MachineFailed("The machine's search failed: nothing was played")
        kind = Refused if reply["kind"] == "refused" else InvalidRequest
        raise kind(code, str(reply.get("message") or code))


_POOLS: dict[tuple[int, float], Pool] = {}
_POOLS_LOCK = threading.Lock()


def pool(app=None) -> Pool | None:
    """This process's pool for the app's MACHINE_WORKERS and MACHINE_WAIT (current_app by
    default; apps of one process with the same settings share it, a forked process starts
    its own), or None when MACHINE_WORKERS is 0 (searches in the worker's own Prolog)."""
    config = (app or current_app).config
    size = int(config.get("MACHINE_WORKERS", WORKERS))
    if size <= 0:
        return None
    key = (size, float(config.get("MACHINE_WAIT", WAIT)))
    with _POOLS_LOCK:
        found = _POOLS.get(key)
        if found is None or found.pid != os.getpid():
            found = _POOLS[key] = Pool(size=key[0], wait=key[1])
    return found


def request_for(record) -> dict:
    """What a search process needs of a saved game: its stored state and the traces of its
    plies (newest first, as prolog/tablero/cache.pl reads them), or, when a trace is
    unknown (a game stored before traces existed), its options and actions to replay."""
    traces = record.traces()
    if None in traces:
        return {"game": record.game, "options": json.dumps(record.options, ensure_ascii=False),
                "actions": json.dumps(record.actions(), ensure_ascii=False)}
    text = " ".join(t or "." for t in reversed(traces))
    return {"game": record.game, "state": record.state, "traces": text}


def play(played, record, budget: float) -> dict:
    """The machine seat to move in the saved game `record` (as `played`, a Game) plays its
    turn: chosen by a search process of this worker's pool within `budget` seconds, played
    by the worker's own Prolog (Game.machine_chosen).  Without a pool (MACHINE_WORKERS 0)
    the worker's own Prolog searches.  The action as accepted."""
    machines = pool()
    if machines is None:
        return played.machine(timeout=budget)
    choice = machines.search(request_for(record), budget)
    return played.machine_chosen(choice)
