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

That niceness counts where the server runs in a cgroup of its own (a systemd service).
Started from a shell, Linux's autogroup scheduling shares the CPU between sessions first
and by niceness only inside each: each search process leads a session of its own (it is
killed with its group), so it would weigh as much as the whole worker, and 8 searches 8
times as much (measured: a person's move p99 3.6-5.5x with 8 searches running).  So each
search session is given an autogroup niceness (/proc/PID/autogroup) such that the
pool's sessions together weigh about one session, as the worker's does: niceness
log_1.25(pool size), each step of niceness being 1.25x less weight (session_nice(); 3
for the default 2 per worker, 9 for 8), or TABLERO_MACHINE_SESSION_NICE (0: as any
session).  Not less: at niceness 19 each, on a machine that other work kept at load 15,
the searches got so little CPU that they could not even load in 30 s (503
machine_failed).  The price is paid where other programs keep the CPU busy: there one
search alone gets its session's share only (at load 18 on 2 cores, a pool of 8: a
Molinolog depth-5 turn took 1.5 s median, 8.4 s at worst, against 0.13 s and 1.4 s).  A
search server of its own per worker, forking every search into one shared session,
would give one search a whole session's share and 8 searches one between them.

Each worker process keeps at most MACHINE_WORKERS search processes (`tablero serve
--machine-workers`, TABLERO_MACHINE_WORKERS; 0: the search runs in the worker's own Prolog,
as before), started when first needed and reused; a game with a machine seat, started or
opened, has one started ahead of its first turn (warm()), which would otherwise wait for it.  A request takes an idle one, or starts
one while there is room, or waits up to MACHINE_WAIT seconds (TABLERO_MACHINE_WAIT) and is
then answered 503 `machines_busy` with Retry-After.  A search has the machine budget
(MACHINE_TIMEOUT, TABLERO_MACHINE_TIMEOUT): past it the search process stops itself
(call_with_time_limit/2), and one that has not answered GRACE seconds later is killed with
its process group and replaced; either way the answer is 504 `machine_timeout` and nothing
is played.
"""

from __future__ import annotations

import json
import math
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
SESSION_NICE = os.environ.get("TABLERO_MACHINE_SESSION_NICE", "auto")  # see session_nice()
ADDRESS_SPACE = 2 << 30  # bytes of address space of a search process (prlimit --as)
MAX_REPLY = 16 << 20    # bytes of one reply line; more and the process is dropped


def session_nice(size: int, setting: str = "auto") -> int:
    """The autogroup niceness of each of `size` search sessions: for `setting` "auto",
    such that together they weigh about as much as one session at niceness 0 (Linux:
    weight 1024 / 1.25**nice); else the niceness `setting` (0-19)."""
    if str(setting).strip().lower() != "auto":
        return max(0, min(19, int(setting)))
    return max(0, min(19, round(math.log(max(1, size)) / math.log(1.25))))


if SESSION_NICE.strip().lower() != "auto" and not SESSION_NICE.strip().isdigit():
    raise SystemExit(f"TABLERO_MACHINE_SESSION_NICE must be auto or a niceness 0-19, "
                     f"not {SESSION_NICE!r}")


def set_session_nice(pid: int, nice: int, wait: float = 1.5) -> bool:
    """Give the autogroup of the session that process `pid` leads the niceness `nice`;
    whether it was set.  Linux refuses a second change within 0.1 s by a process without
    CAP_SYS_ADMIN (EAGAIN): tried again for up to `wait` seconds.  False where there is no
    autogroup (a kernel without it: nothing to do)."""
    deadline = time.monotonic() + wait
    while True:
        try:
            with open(f"/proc/{pid}/autogroup", "w") as handle:
                handle.write(str(nice))
            return True
        except BlockingIOError:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.11)
        except OSError:
            return False


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

    def __init__(self, start_seconds: float = START_SECONDS, session_nice: int = 0):
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
        if session_nice:
            set_session_nice(self.proc.pid, session_nice)
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
        nice = session_nice(size, SESSION_NICE)   # each search session's: see session_nice()
        super().__init__(lambda: Searcher(session_nice=nice), size=size, wait=wait,
                         max_uses=max_searches,
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


def warm(view: dict, app=None) -> None:
    """Start a search process ahead of the machine's turn of a game whose view is `view`:
    one not over with a machine seat searched here (not GNU Go's), so that its first turn
    does not wait for a process to start (1.6 s, against 1 s for a 9x9 move's search).  A
    page that opens or starts such a game asks this (app/api.py)."""
    if view.get("over"):
        return
    if set((view.get("seats") or {}).values()) - {"human", "gnugo"}:
        machines = pool(app)
        if machines is not None:
            machines.warm()


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


def play(played, record, budget: float, delta: bool = False, before: dict | None = None) -> dict:
    """The machine seat to move in the saved game `record` (as `played`, a Game) plays its
    turn: chosen by a search process of this worker's pool within `budget` seconds, played
    by the worker's own Prolog (Game.machine_chosen).  Without a pool (MACHINE_WORKERS 0)
    the worker's own Prolog searches.  The action as accepted (delta, before: as
    Game.machine's: what it changed in the view is then played.view_delta)."""
    machines = pool()
    if machines is None:
        return played.machine(timeout=budget, delta=delta, before=before)
    choice = machines.search(request_for(record), budget)
    return played.machine_chosen(choice, delta=delta, before=before)
