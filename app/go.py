"""Go from a Python REPL.

    >>> from app.go import GoGame
    >>> g = GoGame(size=9)
    >>> g.play("E5"); g.play("C3"); g.pass_()
    >>> print(g)            # the board, with GTP coordinates (go_rules:board_text/2)
    >>> g.captures, g.to_move, g.score()
    >>> query('goMove(B0, "b", [0,0], B)', B0=...)   # any predicate of prolog/go.pl

Every rule runs in prolog/go.pl; this module only names things.
"""

from __future__ import annotations

import re

from .games import Game, InvalidRequest
from .prolog import bridge, quote

_BOARD = re.compile(r"^[-bw]+$")


class GoGame(Game):
    """A game of Go: size 2-25, preset documents/chinese/japanese, komi, ko."""

    game = "go"

    def __init__(self, size: int = 19, preset: str = "documents", komi=None, ko=None):
        options = {"size": size, "preset": preset}
        if komi is not None:
            options["komi"] = komi
        if ko is not None:
            options["ko"] = ko
        super().__init__(options=options)

    def play(self, where) -> dict:
        """Play a stone for the side to move at "D4" (GTP) or (row, col) from the top-left."""
        if isinstance(where, str):
            return self.act({"kind": "move", "vertex": where})
        row, col = where
        return self.act({"kind": "move", "pos": [int(row), int(col)]})

    def pass_(self) -> dict:
        return self.act({"kind": "pass"})

    def resign(self) -> dict:
        return self.act({"kind": "resign"})

    @property
    def board(self) -> list[str]:
        """Rows from the top, one character a point: "-", "b", "w"."""
        return self.view["board"]

    @property
    def captures(self) -> dict:
        return self.view["captures"]

    @property
    def result(self) -> str | None:
        """The result code ("B+3.5", "W+R", "W+0", "Draw"), or None while playing."""
        result = self.view["result"]
        return result and result["code"]

    def __repr__(self) -> str:
        size = self.view["size"]
        return f"<GoGame {size}x{size} {self.result or f'{self.to_move} to move'}>\n{self}"


def _board_literal(rows: list[str]) -> str:
    text = "".join(rows)
    if not _BOARD.match(text) or len(rows) * len(rows) != len(text):
        raise InvalidRequest("bad_board", "A board is N rows of N characters from '-', 'b', 'w'")
    return quote(text)


def query(goal: str, maxresult: int | None = 10, timeout: float | None = None,
          **boards) -> list[dict]:
    """Every answer (up to `maxresult`; None: all) of any goal in module go.

        >>> query('emptyBoard(3, B), adyacentes(B, 1, 1, A)')
        >>> query('member(P, ["b", "w"]), goMove(B0, P, [0,0], B)', B0=["--", "--"])

    Keyword arguments bind variables to boards given as rows of "-bw" text;
    boards in the answers come back as lists of lists of "-", "b", "w".  The
    goal is Prolog text that Prolog reads itself (Bridge.answers): a syntax
    error raises PrologSyntaxError; unbound variables come back as Var('_A'),
    other compound terms as Term (their Prolog text).  The goal is trusted (it
    may call any predicate), but one calling halt/0 or halt/1 is refused
    (PrologRefused) because it would end the Python process.  `timeout`
    seconds bound the whole enumeration (PrologTimeout).
    """
    binds = [f"board_string({name}, {_board_literal(rows)})" for name, rows in boards.items()]
    if any(not name.isidentifier() or not name[:1].isupper() for name in boards):
        raise InvalidRequest("bad_variable", "Boards bind variables: names such as B0 or Board")
    return bridge().answers(goal, maxresult=maxresult, timeout=timeout, module="go",
                            prelude=", ".join(binds) or "true")
