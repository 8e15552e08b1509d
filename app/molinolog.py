"""Molinolog (nine men's morris) from a Python REPL.

    >>> from app.molinolog import MolinologGame
    >>> g = MolinologGame(size=1, white="human")
    >>> g.place("n", 1); g.place(("s", 2))      # a point is (direction, ring)
    >>> print(g)                                 # the board, as the terminal game draws it
    >>> g.status["es"]                           # 'Jugador negro, colocar 5 fichas'
    >>> g.machine()                              # the machine plays for the side to move
    >>> # once all are placed: g.move(("n", 1), ("ne", 1)); after a mill: g.capture(("s", 2))
    >>> g.score()                                # pieces on the board and in hand, the phase

Every rule runs in prolog/molinolog.pl; the board text is the terminal game's
(tablero:game_show/3).
"""

from __future__ import annotations

from .games import Game, InvalidRequest


def _point(where, dist=None) -> list:
    """("n", 2), ["n", 2] or "n", 2 as the JSON point ["n", 2]; Prolog judges it.  What is
    no pair (a bare "n", None, three items) raises InvalidRequest("bad_action")."""
    if dist is not None:
        return [where, dist]
    if not isinstance(where, str):
        try:
            direction, ring = where
            return [direction, ring]
        except (TypeError, ValueError):
            pass
    raise InvalidRequest("bad_action", f"A point is a direction and a ring, such as "
                         f"(\"n\", 2) or \"n\", 2; not {where!r:.40}")


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
    def phase(self) -> str:
        """"place", "move" or "capture"."""
        return self.view["phase"]

    @property
    def result(self) -> dict | None:
        """None while playing, else {"code": "two_pieces"|..., "winner": ..., "message": ...}."""
        return self.view["result"]

    def __repr__(self) -> str:
        return f"<MolinologGame T={self.view['size']} {self.status['en']}>\n{self}"
