"""Molinolog (nine men's morris) from a Python REPL.

    >>> from app.molinolog import MolinologGame
    >>> g = MolinologGame(size=1, white="human")
    >>> g.place("n", 1); g.place(("s", 2))      # a point is (direction, ring)
    >>> print(g)                                 # the board, as the terminal game draws it
    >>> g.status["es"]                           # 'Jugador negro, colocar 5 fichas'
    >>> g.move(("n", 1), ("ne", 1)); g.capture(("s", 2)); g.machine()

Every rule runs in prolog/molinolog.pl; the board text is molinolog_cli.pl's.
"""

from __future__ import annotations

from .games import Game
from .prolog import PROLOG_DIR, bridge, quote

_CLI = PROLOG_DIR / "molinolog_cli.pl"


def _point(where, dist=None) -> list:
    """("n", 2), ["n", 2] or "n", 2 as the JSON point ["n", 2]; Prolog judges it."""
    if dist is not None:
        return [where, dist]
    direction, ring = where
    return [direction, ring]


class MolinologGame(Game):
    """A game of Molinolog: size 1-3 (T+1 rings), each side "human" or "machine"."""

    game = "molinolog"

    def __init__(self, size: int = 2, black: str = "human", white: str = "machine",
                 depth: int | None = None, protect_mills: bool = False):
        options = {"size": size, "black": black, "white": white, "protect_mills": protect_mills}
        if depth is not None:
            options["depth"] = depth
        super().__init__(options=options)

    def place(self, where, dist=None) -> dict:
        """Place a piece of the side to move: place("n", 2) or place(("n", 2))."""
        return self.act({"kind": "place", "point": _point(where, dist)})

    def move(self, frm, to) -> dict:
        """Move a piece along an edge: move(("n", 2), ("ne", 2))."""
        return self.act({"kind": "move", "from": _point(frm), "to": _point(to)})

    def capture(self, where, dist=None) -> dict:
        """After a mill, take the opponent's piece on that point."""
        return self.act({"kind": "capture", "point": _point(where, dist)})

    @property
    def status(self) -> dict:
        """The status line, {"es": "Jugador negro, colocar 6 fichas", "en": ...}."""
        return self.view["status"]

    @property
    def phase(self) -> str:
        """"place", "move" or "capture"."""
        return self.view["phase"]

    @property
    def winner(self) -> str | None:
        """"b" or "w" once a side has won; None while playing or after a draw."""
        return self.view["winner"]

    def __str__(self) -> str:
        return board_text(self.state)

    def __repr__(self) -> str:
        return f"<MolinologGame T={self.view['size']} {self.status['en']}>\n{self}"


def board_text(state: str) -> str:
    """The board of a stored game drawn by molinolog_cli: X black, O white, * the new mill."""
    goal = (
        f"use_module({quote(str(_CLI))}, []), term_string(G, {quote(state)}), arg(4, G, S), "
        "molinolog_cli:board_lines(S, Lines), "
        "with_output_to(string(Text), forall(member(L, Lines), format('~s~n', [L])))"
    )
    return bridge().query(goal)[0]["Text"]
