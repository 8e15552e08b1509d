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


def query(goal: str, maxresult: int = 10, **boards) -> list[dict]:
    """Run any goal in module go, e.g. query('emptyBoard(9, B), adyacentes(B, 0, 0, A)').

    Keyword arguments bind variables to boards given as rows of "-bw" text:
    query('goMove(B0, "b", [0,0], B)', B0=["--", "--"]).  Boards in the answer
    come back as lists of lists of "-", "b", "w".
    """
    binds = [f"board_string({name}, {_board_literal(rows)})" for name, rows in boards.items()]
    return bridge().query(f"go:({', '.join([*binds, goal])})", maxresult=maxresult)
