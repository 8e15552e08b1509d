"""Azul from a Python REPL.

    >>> from app.azul import AzulGame, simulate
    >>> g = AzulGame(("human", "greedy"), seed=7)
    >>> print(g)                      # factories, centre, every player's board
    >>> g.legal[:3]                   # the actions the rules allow now
    >>> g.take(2, "blue", 3)          # all blue tiles of factory 2 to pattern line 3
    >>> g.take("centre", "red", "floor")
    >>> g.machine()                   # the machine seat to move plays
    >>> g.scores, g.round, g.over
    >>> simulate(["greedy", "lookahead"], seed=3)["winners"]

Every rule runs in prolog/azul.pl (and prolog/azul/); this module only names
things and prints the view.  In the printed table colours are letters: B blue,
Y yellow, R red, K black, W white; "1" is the first-player token; on a wall a
placed tile is upper case and an empty cell shows its printed colour in lower case.
"""

from __future__ import annotations

from .games import Game

LETTERS = {"blue": "B", "yellow": "Y", "red": "R", "black": "K", "white": "W", "first": "1"}
FLOOR_POINTS = (-1, -1, -2, -2, -2, -3, -3)


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

    def play_machines(self) -> list[dict]:
        """Let machine seats play until a human seat is to move or the game ends."""
        played = []
        while not self.over and self.view["players"][int(self.to_move)]["kind"] != "human":
            played.append(self.machine())
        return played

    @property
    def scores(self) -> list[int]:
        return [p["score"] for p in self.view["players"]]

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
        return [int(w) for w in self.view["winners"]]

    def __str__(self) -> str:
        return view_text(self.view)

    def __repr__(self) -> str:
        return f"<AzulGame seed {self.seed}: {self.view['status']['en']}>\n{self}"


def simulate(players, seed: int | None = None) -> dict:
    """Play a whole game between machine seats through the API; return the final view."""
    game = AzulGame(players, seed)
    while not game.over:
        game.machine()
    return game.view


# ---- the text table (formatting only: every number comes from the view) ----------


def _tiles(colours) -> str:
    return "".join(LETTERS[c] for c in colours)


def _player_lines(i: int, player: dict, pattern: list[list[str]], to_move: bool) -> list[str]:
    marks = [player["kind"], f"score {player['score']}"]
    if player["has_first_token"]:
        marks.append("first-player token")
    if player["bonus"]:
        b = player["bonus"]
        marks.append(
            f"bonus +{b['points']} ({b['rows']} rows, {b['columns']} columns, {b['colours']} colours)"
        )
    rows = [f"{'>' if to_move else ' '} Player {i}: " + ", ".join(marks)]
    for k in range(5):
        line = player["lines"][k]
        slots = ("." * (k + 1 - len(line)) + _tiles(line)).rjust(5)
        wall = " ".join(
            LETTERS[cell] if cell else LETTERS[pattern[k][c]].lower()
            for c, cell in enumerate(player["wall"][k])
        )
        rows.append(f"    {k + 1} {slots} | {wall}")
    floor = player["floor"]
    penalty = sum(FLOOR_POINTS[: len(floor)])
    rows.append(f"    floor {_tiles(floor) or '-'} ({penalty})")
    return rows


def view_text(view: dict) -> str:
    """The view as a compact table: factories, centre, then each player's board."""
    state = "over" if view["over"] else f"player {view['to_move']} to move"
    out = [
        f"Azul, seed {view['seed']}, round {view['round']}: {state}; "
        f"bag {view['bag_count']}, lid {view['lid_count']}"
    ]
    factories = "  ".join(f"{i}:{_tiles(f) or '-'}" for i, f in enumerate(view["factories"]))
    out.append(f"Factories  {factories}")
    centre = ("1" if view["first_token_in_centre"] else "") + _tiles(view["centre"])
    out.append(f"Centre     {centre or '-'}")
    for i, player in enumerate(view["players"]):
        to_move = not view["over"] and view["to_move"] == str(i)
        out.extend(_player_lines(i, player, view["wall_pattern"], to_move))
    if view["over"]:
        out.append(view["status"]["en"])
    return "\n".join(out)
