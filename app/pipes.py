"""A child process spoken to in JSON lines: one request a line on its standard input, one
reply a line on its standard output, within a deadline.

The console's workers (app/console.py), a student's rules served beside ours
(app/student_rules.py) and the machine's search processes (app/machine_pool.py) all talk
to their `swipl` this way; only how each is started differs.  A child that does not
answer by the deadline raises Late, one that ended or said something that is not a JSON
object raises Died, and either way it is killed with its process group: it is never
asked again.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import time

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
