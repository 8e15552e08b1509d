"""Go from a Python REPL.

    >>> from app.go import GoGame
    >>> g = GoGame(size=9)
    >>> g.play("E5"); g.play("C3"); g.pass_()
    >>> print(g)            # the board, with GTP coordinates (go_rules:board_text/2)
    >>> g.captures, g.to_move, g.score()
    >>> g.pass_(); g.dead                 # two passes: the scoring phase, the proposed dead
    >>> g.toggle("C3"); g.accept("b"); g.accept("w")   # or g.resume()
    >>> from app.go import query         # any predicate of prolog/go.pl, boards as rows
    >>> query('goMove(B0, "b", [0,0], B)', B0=["---", "---", "---"])

Every rule runs in prolog/go.pl; this module only names things.  GNU Go, where it is
installed, can give a second opinion on the dead stones (gnugo_dead_stones); the rules
never depend on it.
"""

from __future__ import annotations

import operator
import os
import re
import subprocess

from .games import Game, InvalidRequest
from .gtp import GNUGO
from .sgf import game_to_sgf, sgf_to_game
from .prolog import bridge, quote

_BOARD = re.compile(r"^[-bw]+$")
_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I


class GoGame(Game):
    """A game of Go: size 2-25, preset documents/chinese/japanese, komi, ko, seats,
    handicap and setup stones."""

    game = "go"

    def __init__(self, size: int = 19, preset: str = "documents", komi=None, ko=None,
                 black=None, white=None, level=None, handicap=None, **setup):
        """`black`/`white`: "human", "machine" or "gnugo" (who plays that colour on a page:
        the rules ignore it); `level`: GNU Go's, 1-10; `handicap`: 0-9 stones for Black on
        the standard points (White then moves first); `setup` may name black_stones and
        white_stones (GTP vertices) and first ("b" or "w"): see prolog/go/setup.pl."""
        options = {"size": size, "preset": preset}
        named = {"komi": komi, "ko": ko, "black": black, "white": white, "level": level,
                 "handicap": handicap, **setup}
        options.update({k: v for k, v in named.items() if v is not None})
        super().__init__(options=options)

    def play(self, where) -> dict:
        """Play a stone for the side to move at "D4" (GTP) or (row, col) from the top-left;
        "pass" (as GTP writes it) passes."""
        if isinstance(where, str) and where.strip().lower() == "pass":
            return self.pass_()
        return self.act({"kind": "move", **self._pos(where)})

    def pass_(self) -> dict:
        return self.act({"kind": "pass"})

    def resign(self) -> dict:
        return self.act({"kind": "resign"})

    def _pos(self, where) -> dict:
        """A point: "D4" as {"vertex": "D4"}, (row, col) as {"pos": [row, col]}; else (a
        number, None, a float such as 1.5, three numbers) raises InvalidRequest
        ("bad_action") with the forms a point takes, rather than being cut to integers."""
        if isinstance(where, str):
            return {"vertex": where}
        try:
            row, col = where
            if isinstance(row, bool) or isinstance(col, bool):
                raise TypeError
            return {"pos": [operator.index(row), operator.index(col)]}
        except (TypeError, ValueError):
            raise InvalidRequest("bad_action", f"A point is a GTP vertex such as \"D4\" or "
                                 f"(row, col), two whole numbers from 0 at the top-left; "
                                 f"not {where!r:.40}") from None

    def toggle(self, where, player: str | None = None) -> dict:
        """In the scoring phase: mark the chain at "D4" or (row, col) dead, or alive again."""
        action = {"kind": "toggle", **self._pos(where)}
        if player:
            action["player"] = player
        return self.act(action)

    def accept(self, player: str | None = None) -> dict:
        """In the scoring phase: `player` ("b", "w"; default the one the phase waits for)
        accepts the marking; when both have, the game is counted."""
        return self.act({"kind": "accept", **({"player": player} if player else {})})

    def resume(self) -> dict:
        """In the scoring phase: go back to play (the opponent of the last passer moves)."""
        return self.act({"kind": "resume"})

    @property
    def phase(self) -> str:
        """"play", "scoring" (after two passes) or "over"."""
        return self.view.get("phase", "over" if self.over else "play")

    @property
    def dead(self) -> list[list[int]]:
        """The points [row, col] marked dead (in the phase, or agreed at the count)."""
        return self.view.get("dead", [])

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

    @property
    def legal_moves(self) -> list[dict]:
        """The actions the rules allow now, as act() takes them: in play, a move on every
        legal point ({"kind": "move", "pos": [r, c]}, row-major) and the pass; in the
        scoring phase, a toggle on every stone, accept and resume ([] once over; resign
        is always allowed and not listed).  Each candidate is judged by go_play/4."""
        if self.over:
            return []
        size, rows = self.view["size"], self.board
        if self.phase == "scoring":
            points = [[r, c] for r in range(size) for c in range(size) if rows[r][c] != "-"]
            candidates = [{"kind": "toggle", "pos": p} for p in points]
            candidates += [{"kind": "accept"}, {"kind": "resume"}]
        else:
            points = [[r, c] for r in range(size) for c in range(size) if rows[r][c] == "-"]
            candidates = [{"kind": "move", "pos": p} for p in points] + [{"kind": "pass"}]
        player = quote(self.to_move)
        terms = {"move": "move({p}, {pos})", "pass": "pass({p})", "toggle": "toggle({p}, {pos})",
                 "accept": "accept({p})", "resume": "resume({p})"}
        listed = ", ".join(terms[a["kind"]].format(p=player, pos=a.get("pos")) for a in candidates)
        traces = " ".join("?" if t is None else t or "." for t in reversed(self._all_traces()))
        found = bridge().query(
            f"tablero_cache:traces({quote(traces)}, Ts), "
            f"( catch(tablero_cache:restored(go, {quote(self.state)}, Ts, G), _, fail) -> true "
            f"; tablero:state_text(G, {quote(self.state)}) ), "
            f"findall(I, (nth0(I, [{listed}], T), catch(go_rules:go_play(G, T, _, _), _, fail)), L)")
        return [candidates[i] for i in found[0]["L"]] if found else []

    def sgf(self) -> str:
        """The game as an SGF record (app/sgf.py says what is written)."""
        return game_to_sgf(self.options, self.actions, views=self.history()).decode("utf-8")

    @classmethod
    def from_sgf(cls, text: str, **options) -> "GoGame":
        """The game of an SGF record's main line, every move judged by the rules (an illegal
        one raises app.sgf.SgfError naming its move number); `options` name the seats
        (black, white, level: white="machine"), everything else comes from the file (another
        option raises InvalidRequest bad_option, as POST /api/games does)."""
        return sgf_to_game(text, options, cls)

    def __repr__(self) -> str:
        size = self.view["size"]
        return f"<GoGame {size}x{size} {self.result or f'{self.to_move} to move'}>\n{self}"


def gnugo_dead_stones(rows: list[str], komi: float = 0, timeout: float = 30) -> list[list[int]] | None:
    """GNU Go's opinion of the dead stones of a position (rows of "-bw"), as sorted
    points [row, col]; None when GNU Go is not installed.  A second opinion only: the
    scoring phase proposes with prolog/go/dead.pl (bench/go_deadstones.py compares)."""
    if not os.access(GNUGO, os.X_OK):
        return None
    size = len(rows)
    commands = [f"boardsize {size}", "clear_board", f"komi {komi}"]
    commands += [f"play {'black' if cell == 'b' else 'white'} {_LETTERS[c]}{size - r}"
                 for r, row in enumerate(rows) for c, cell in enumerate(row) if cell in "bw"]
    commands += ["final_status_list dead", "quit"]
    done = subprocess.run([GNUGO, "--mode", "gtp", "--chinese-rules"], input="\n".join(commands) + "\n",
                          capture_output=True, text=True, timeout=timeout, check=True)
    answers = [block.strip() for block in done.stdout.split("\n\n") if block.strip()]
    dead = answers[-2]
    if not dead.startswith("="):
        raise RuntimeError(f"GNU Go: {dead}")
    return sorted([size - int(v[1:]), _LETTERS.index(v[0])] for v in dead[1:].split())


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
