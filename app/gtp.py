"""A GTP engine (GNU Go, or any Go program that speaks GTP v2) in a subprocess of its own.

    with GTP([GNUGO, "--mode", "gtp", "--level", "1"]) as engine:
        engine("boardsize 9")
        move = engine("genmove black")

Used by the peer tests (tests/test_go_peers.py) and bench/go_deadstones.py.
"""

from __future__ import annotations

import subprocess

GNUGO = "/usr/games/gnugo"  # where Debian's gnugo puts it, off the default PATH


class GTPError(Exception):
    """The engine answered `?` (its message is the error), or exited."""


class GTP:
    """One engine process, one command at a time."""

    def __init__(self, argv: list[str]):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True)

    def __call__(self, command: str) -> str:
        """Send one command; return the answer without its '= ' (raise GTPError on '? ')."""
        self.proc.stdin.write(command + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise GTPError(f"{command!r}: the engine exited")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        answer = "\n".join(lines)
        if not answer.startswith("="):
            raise GTPError(f"{command!r}: {answer}")
        return answer[1:].strip()

    def close(self) -> None:
        """Ask the engine to quit and wait for it."""
        if self.proc.poll() is None:
            try:
                self("quit")
            except (GTPError, OSError):
                pass
        self.proc.stdin.close()
        self.proc.stdout.close()
        self.proc.wait(timeout=30)

    def __enter__(self) -> "GTP":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
