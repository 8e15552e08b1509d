"""GoRoGo (5×5 Go with neutral Henge pieces) from a Python REPL.

    >>> from app.gorogo import GorogoGame
    >>> g = GorogoGame(white="human")
    >>> g.henge(2, 2)              # White's first placement: the surplus Henge
    >>> g.place(0, 0); g.place(0, 1); g.place(4, 4, "henge")
    >>> print(g)                   # the report's text board (print_state/1): B, W, H
    >>> g.captures, g.in_hand, g.status["en"], g.score()
    >>> g.machine()                # the machine player places for the side to move
    >>> g.winner, g.result         # "b" | "w" | None; None or {"code", "winner", "message", "margin"}

Rows and columns go from 0 to 4, row 0 at the top.  Every rule runs in
prolog/gorogo.pl; this module only names what the view holds, and the board
text is the report's print_state/1 (Game.show(), tablero:game_show/3).
"""

from __future__ import annotations

from .games import Game


class GorogoGame(Game):
    """A game of GoRoGo: each side "human" or "machine"; depth 1-5 (the rules' default 4)."""

    game = "gorogo"

    def __init__(self, black: str = "human", white: str = "machine", depth: int | None = None):
        options = {"black": black, "white": white}
        if depth is not None:
            options["depth"] = depth
        super().__init__(options=options)

    def place(self, row: int, col: int, piece: str | None = None) -> dict:
        """Place a piece of the side to move: piece "regular" or "henge".

        Left out, the rules choose as the protocol says: the surplus Henge for
        White's opening placement, a regular piece afterwards.
        """
        action = {"kind": "place", "pos": [row, col]}
        if piece is not None:
            action["piece"] = piece
        return self.act(action)

    def henge(self, row: int, col: int) -> dict:
        """Place a Henge (in the opening, the surplus one)."""
        return self.place(row, col, "henge")

    @property
    def board(self) -> list[str]:
        """Rows from the top, one character a point: "." empty, "B", "W", "H" (Henge)."""
        return self.view["board"]

    @property
    def phase(self) -> str:
        """"opening_henge" (White places the surplus Henge) or "play"."""
        return self.view["phase"]

    @property
    def captures(self) -> dict:
        """{"b": n, "w": n}: the opponent pieces each side has captured."""
        return self.view["captures"]

    @property
    def in_hand(self) -> dict:
        """{"b": {"regular": n, "henge": n}, "w": {...}}."""
        return self.view["in_hand"]

    @property
    def legal(self) -> dict:
        """{"regular": [[r, c], ...], "henge": [...]}: where the side to move may place."""
        return self.view["legal"]

    @property
    def legal_moves(self) -> list[dict]:
        """Every placement the rules allow now, as act() takes it ({"kind": "place",
        "pos": [r, c], "piece": "regular" | "henge"}); [] once over."""
        if self.over:
            return []
        return [{"kind": "place", "pos": pos, "piece": piece}
                for piece in ("regular", "henge") for pos in self.legal.get(piece, [])]

    @property
    def result(self) -> dict | None:
        """None while playing; then {"code": "captures" | "no_legal_move", "winner",
        "message", "margin": "B+2" (won by 2 captures), "W+0" (a tie, White's) or "W+F"
        (Black had no legal placement)}."""
        return self.view["result"]

    def __repr__(self) -> str:
        return f"<GorogoGame {self.status['en']}>\n{self}"
