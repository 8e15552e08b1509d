"""A child process spoken to in JSON lines: one request a line on its standard input, one
reply a line on its standard output, within a deadline; and a pool of such children.

The console's workers (app/console.py), a student's rules served beside ours
(app/student_rules.py) and the machine's search processes (app/machine_pool.py) all talk
to their `swipl` this way; only how each is started differs.  A child says
{"ready": true} when it has loaded (await_ready()).  A child that does not answer by the
deadline raises Late, one that ended or said something that is not a JSON object raises
Died, and either way it is killed with its process group: it is never asked again.

The console's workers and the machine's search processes are kept in a ProcessPool: at
most a few a web process, started when first needed, reused, replaced after so many
requests or when found dead, and killed when the process exits.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import select
import signal
import subprocess
import threading
import time
import weakref
from typing import Callable

MAX_REPLY = 4 << 20    # bytes of one reply line; more and the child is dropped


class Late(Exception):
    """The child did not answer within the deadline (it has been killed)."""


class Died(Exception):
    """The child ended, or said something that is not a reply (it has been killed)."""


class JsonLinesProcess:
    """The channel to one child started by a subclass, which sets `proc` (a Popen with
    stdin and stdout pipes, bufsize=0, in a session of its own) and calls _attach()."""

    proc: subprocess.Popen
    max_reply = MAX_REPLY

    def _attach(self) -> None:
        self.queries = 0
        self._buffer = b""
        self._to_child = self.proc.stdin.fileno()
        self._from_child = self.proc.stdout.fileno()

    def await_ready(self, seconds: float) -> dict | None:
        """The child's first line (its {"ready": true}, and whatever else it reports),
        read within `seconds`; None when it did not come (late, or the child ended).  The
        caller kills a child that is not ready."""
        try:
            return self._read(time.monotonic() + seconds)
        except (Late, Died):
            return None
        except BaseException:
            self.kill()
            raise

    @property
    def pid(self) -> int:
        return self.proc.pid

    @property
    def alive(self) -> bool:
        return self.proc.poll() is None

    def ask(self, request: dict, deadline: float) -> dict:
        """Send one request; the reply, or Late / Died (the child is then killed: do not
        use it again)."""
        line = json.dumps(request, ensure_ascii=False).encode("utf-8") + b"\n"
        self.queries += 1
        try:
            self._write(line, deadline)
            return self._read(deadline)
        except (Late, Died):
            self.kill()
            raise

    def _wait(self, fd: int, events: int, left: float) -> bool:
        """Whether `fd` is ready for `events` within `left` seconds.  poll(), not select():
        a server process holding a thousand open streams has descriptors past select()'s
        1024."""
        poller = select.poll()
        poller.register(fd, events)
        return bool(poller.poll(max(0, int(left * 1000) + 1)))

    def _write(self, data: bytes, deadline: float) -> None:
        view = memoryview(data)
        while view:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Late()
            if not self._wait(self._to_child, select.POLLOUT, left):
                continue
            try:
                n = os.write(self._to_child, view[:65536])
            except OSError:
                raise Died() from None
            view = view[n:]

    def _read(self, deadline: float) -> dict:
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise Late()
            if not self._wait(self._from_child, select.POLLIN, left):
                continue
            try:
                chunk = os.read(self._from_child, 1 << 16)
            except OSError:
                chunk = b""
            if not chunk:
                raise Died()
            self._buffer += chunk
            if len(self._buffer) > self.max_reply:
                raise Died()
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            reply = json.loads(line.decode("utf-8"))
        except ValueError:
            raise Died() from None
        if not isinstance(reply, dict):
            raise Died()
        return reply

    def kill(self) -> None:
        """End the child's whole process group (a boxed one: its box), and close its
        pipes."""
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except OSError:
                pass


class ProcessPool:
    """At most `size` children for this process, made by `start()` (a JsonLinesProcess
    that has said it is ready) when first needed and reused.  take() gives an idle child,
    or starts one while there is room, or waits up to `wait` seconds for one (then raises
    `busy()`); give() takes it back, dropping (killing) one that is not healthy, has
    ended, or has answered `max_uses` requests.  A child found dead is replaced.  warm()
    starts one ahead of need, in the background (a child takes a second or more to start):
    take() waits for it rather than start another.  Every pool is closed when its process
    exits."""

    def __init__(self, start: Callable[[], JsonLinesProcess], size: int, wait: float,
                 max_uses: int, busy: Callable[[], Exception]):
        self.start = start
        self.size = max(1, size)
        self.wait = wait
        self.max_uses = max_uses
        self.busy = busy
        self.pid = os.getpid()
        self._idle: queue.LifoQueue[JsonLinesProcess] = queue.LifoQueue()
        self._lock = threading.Lock()
        self._count = 0            # children started and not yet dropped
        self._warming = 0          # children being started by warm()
        self._all: weakref.WeakSet[JsonLinesProcess] = weakref.WeakSet()
        self.killed = 0            # children killed past a deadline or after a death, or found dead
        with _POOLS_LOCK:
            _POOLS.add(self)

    def take(self) -> JsonLinesProcess:
        """A live child: an idle one, or a new one while the pool has room; waits up to
        `wait` seconds, then raises busy().  Give it back with give()."""
        deadline = time.monotonic() + self.wait
        while True:
            child = self._idle_or_new()
            if child is None:
                if self._warming:  # one is starting (warm()): its start is not a busy pool
                    deadline = max(deadline, time.monotonic() + 0.25)
                left = deadline - time.monotonic()
                if left <= 0:
                    raise self.busy()
                try:   # short waits: a child dropped meanwhile makes room for a new one
                    child = self._idle.get(timeout=min(left, 0.25))
                except queue.Empty:
                    continue
            if child.alive:
                return child
            self.killed += 1       # died while idle: start another
            self.drop(child)

    def _idle_or_new(self) -> JsonLinesProcess | None:
        try:
            return self._idle.get_nowait()
        except queue.Empty:
            pass
        with self._lock:
            if self._count >= self.size or self._warming:
                return None
            self._count += 1
        try:
            child = self.start()
        except BaseException:
            with self._lock:
                self._count -= 1
            raise
        self._all.add(child)
        return child

    def warm(self) -> None:
        """Start a child in the background when none is idle or starting and the pool has
        room, so that the next take() finds one ready; a child that fails to start is
        forgotten (the next take() starts its own and says why)."""
        with self._lock:
            if not self._idle.empty() or self._warming or self._count >= self.size:
                return
            self._count += 1
            self._warming += 1

        def start() -> None:
            try:
                child = self.start()
            except BaseException:
                with self._lock:
                    self._count -= 1
                    self._warming -= 1
                return
            self._all.add(child)
            self._idle.put(child)
            with self._lock:
                self._warming -= 1

        _in_background(start)

    def give(self, child: JsonLinesProcess, healthy: bool = True) -> None:
        """Give back a child taken with take(); one that is not healthy, has ended or has
        answered max_uses requests is dropped."""
        if healthy and child.alive and child.queries < self.max_uses:
            self._idle.put(child)
        else:
            self.drop(child)

    def drop(self, child: JsonLinesProcess) -> None:
        """Kill a child taken with take(): its place is free for a new one."""
        child.kill()
        with self._lock:
            self._count -= 1

    def close(self) -> None:
        """Kill every child of this pool."""
        for child in list(self._all):
            child.kill()
        while True:
            try:
                self._idle.get_nowait()
            except queue.Empty:
                break
        with self._lock:
            self._count = 0


_POOLS: weakref.WeakSet[ProcessPool] = weakref.WeakSet()
_POOLS_LOCK = threading.Lock()

#  warm()'s children are started on one thread that lives as long as the process, not on
#  a thread of their own: a child may be tied to the thread that started it (bubblewrap's
#  --die-with-parent, the console's box, is PR_SET_PDEATHSIG, which fires when that thread
#  ends: a worker started on a short-lived thread was killed as soon as it was ready).
_starts: queue.SimpleQueue = queue.SimpleQueue()
_starter: tuple[int, threading.Thread] | None = None     # (its process, the thread)


def _in_background(job: Callable[[], None]) -> None:
    """Run job() on this process's starter thread (made on first use, again after a fork)."""
    global _starter
    with _POOLS_LOCK:
        if _starter is None or _starter[0] != os.getpid() or not _starter[1].is_alive():
            thread = threading.Thread(target=_start_jobs, name="pool-starter", daemon=True)
            _starter = (os.getpid(), thread)
            thread.start()
    _starts.put(job)


def _start_jobs() -> None:
    while True:
        job = _starts.get()
        try:
            job()
        except BaseException:  # noqa: BLE001  (a job says nothing: warm()'s forgets the child)
            pass


@atexit.register
def _close_pools() -> None:
    """At exit, kill the children of this process's pools (a forked process's inherited
    pools are its parent's to close)."""
    for found in list(_POOLS):
        if found.pid == os.getpid():
            found.close()
