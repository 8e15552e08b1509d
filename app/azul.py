"""Azul from a Python REPL.

    >>> from app.azul import AzulGame, simulate
    >>> g = AzulGame(("human", "greedy"), seed=7)
    >>> print(g)                      # factories, centre, every player's board
    >>> g.legal[:3]                   # the actions the rules allow now
    >>> g.take(2, "blue", 3)          # all blue tiles of factory 2 to pattern line 3
    >>> g.machine()                   # the machine seat to move plays
    >>> g.take("centre", "red", "floor")
    >>> g.scores, g.round, g.over
    >>> simulate(["greedy", "lookahead"], seed=3).winners

Every rule runs in prolog/azul.pl (and prolog/azul/); this module only names
things.  The printed table is drawn by Prolog (tablero:game_show/3, see
prolog/azul/log.pl): colours are letters, B blue, Y yellow, R red, K black,
W white; "1" is the first-player token; on a wall a placed tile is upper case
and an empty cell shows its printed colour in lower case.
"""

from __future__ import annotations

from .games import Game


class AzulGame(Game):
    """A game of Azul: 2 to 4 seats, each "human", "greedy", "random" or "lookahead"."""

    game = "azul"

    def __init__(self, players=("human", "greedy"), seed: int | None = None):
        options: dict = {"players": list(players)}
        if seed is not None:
            options["seed"] = seed
        super().__init__(options=options)
        # Keep the dealt seed, so that undo replays this very game (as the server does).
        self.options["seed"] = self.view["seed"]

    def take(self, source, colour: str, line) -> dict:
        """The player to move takes every `colour` tile of `source` ("centre" or a
        factory number from 0) and places them on pattern `line` (1..5 or "floor")."""
        return self.act({"kind": "take", "source": source, "colour": colour, "line": line})

    @property
    def scores(self) -> list[int]:
        """The players' scores, player "0" first."""
        score = self.score()
        return [score[str(i)] for i in range(len(score))]

    @property
    def round(self) -> int:
        return self.view["round"]

    @property
    def seed(self) -> int:
        return self.view["seed"]

    @property
    def legal(self) -> list[dict]:
        return self.view["legal"]

    @property
    def winners(self) -> list[int]:
        """The winning players (more than one: a shared victory); [] while playing."""
        result = self.view["result"]
        return [int(w) for w in result["winners"]] if result else []

    def __repr__(self) -> str:
        return f"<AzulGame seed {self.seed}>\n{self}"


def simulate(players, seed: int | None = None) -> AzulGame:
    """Play a whole game between machine seats through the API; return the game."""
    game = AzulGame(players, seed)
    game.play_machines()
    return game
