"""The only module that touches pyswip: one embedded SWI-Prolog per process.

Facts this is built on (measured, see ARCHITECTURE.md): pyswip queries must all
run on one thread (see Bridge for how that is kept); every
query is consumed at once; boards cross as strings; user text never becomes
Prolog code (`quote()` turns any text into a string literal that Prolog reads
as data); every call runs under call_with_time_limit/2.
"""

from __future__ import annotations

import concurrent.futures
import os
import queue
import re
import threading
from pathlib import Path

PROLOG_DIR = Path(__file__).resolve().parent.parent / "prolog"
#  The modules loaded at start (without importing their predicates into user):
#  the protocol and each game's rules, where the game exists.
MODULES = ("tablero", "go", "molinolog", "gorogo", "azul")
DEFAULT_TIMEOUT = float(os.environ.get("TABLERO_PROLOG_TIMEOUT", "20"))


class PrologError(Exception):
    """A Prolog goal raised an error; the message is Prolog's, in words."""


class PrologTimeout(PrologError):
    """A Prolog goal ran past its time limit and was stopped."""


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
    """pyswip answers with bytes for strings; give Python str instead."""
    if isinstance(value, bytes):
        return value.decode("utf-8")
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


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
        self._jobs: queue.Queue | None = None
        if dedicated_thread:
            self._jobs = queue.Queue()
            ready: concurrent.futures.Future = concurrent.futures.Future()
            threading.Thread(target=self._serve, args=(ready,), name="prolog", daemon=True).start()
            self.modules = ready.result()
        else:
            self._owner = threading.get_ident()
            self.modules = self._start()

    def _start(self) -> list[str]:
        from pyswip import Prolog  # initialises SWI-Prolog on this thread

        self._prolog = Prolog()
        self._run("set_prolog_flag(debug_on_error, false)", 1)
        self._run("use_module(library(time))", 1)
        modules = []
        for name in MODULES:
            path = self._prolog_dir / name
            if path.with_suffix(".pl").exists():
                self._run(f"use_module({quote(str(path))}, [])", 1)
                modules.append(name)
        return modules

    def _run(self, goal: str, maxresult: int) -> list[dict]:
        return _plain(list(self._prolog.query(goal, maxresult=maxresult)))

    def _serve(self, ready: concurrent.futures.Future) -> None:
        try:
            ready.set_result(self._start())
        except BaseException as exc:
            ready.set_exception(exc)
            return
        while True:
            goal, maxresult, future = self._jobs.get()
            if future.set_running_or_notify_cancel():
                try:
                    future.set_result(self._run(goal, maxresult))
                except BaseException as exc:
                    future.set_exception(exc)

    def query(self, goal: str, maxresult: int = 1, timeout: float | None = None) -> list[dict]:
        """Run `goal` (trusted Prolog text) and return up to `maxresult` answers.

        Each answer maps the goal's named variables to Python values (strings
        as str). Raises PrologTimeout past `timeout` seconds, PrologError for
        any other error raised by the goal.
        """
        limit = DEFAULT_TIMEOUT if timeout is None else timeout
        wrapped = f"call_with_time_limit({limit}, ({goal}))"
        try:
            if self._jobs is None:
                if threading.get_ident() != self._owner:
                    raise RuntimeError(
                        "Prolog belongs to another thread: use one thread per process, "
                        "or Bridge(dedicated_thread=True)"
                    )
                return self._run(wrapped, maxresult)
            future: concurrent.futures.Future = concurrent.futures.Future()
            self._jobs.put((wrapped, maxresult, future))
            return future.result()
        except Exception as exc:
            if type(exc).__name__ != "PrologError":
                raise
            message = str(exc)
            if "time_limit_exceeded" in message:
                raise PrologTimeout(f"Prolog ran past its {limit} s limit: {goal[:120]}") from None
            raise PrologError(message) from None


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
