"""`tablero gtp`: Tablero's Go (our rules, the Prolog player) as a GTP v2 engine.

    tablero gtp --preset chinese --size 19

reads Go Text Protocol commands on stdin and answers on stdout, so Sabaki, GoGui, a
tournament referee or a student's own engine can play against the machine player of
prolog/go/machine.pl, with every rule decided by prolog/go (docs/go.md, "GTP engine").
The GTP *client* that talks to GNU Go is app/gtp.py; this is the other side.

The protocol as GTP v2 (draft 2) says: `[id] command [arguments]`, answers `=[id] result`
or `?[id] message`, each ended by an empty line; control characters dropped, tabs read as
spaces, `#` comments and blank lines ignored; command names are case sensitive (lower
case), colours and vertices are not.  Nothing but answers is written on stdout: the
process's file descriptor 1 is pointed at stderr at start (Prolog's own output, Python
warnings), and the answers go to a private copy of the original stdout.

GTP lets a controller play two moves of one colour in a row (`play b D4` twice); our game
keeps turns.  The engine inserts a pass of the other colour before such a move, as the
controller's sequence means (the other side did not move): it changes no count (area,
or territory and prisoners) and, as any pass, lifts a simple ko ban.  When that inserted
pass would be the second pass in a row, or when play goes on after two passes (GTP has no
scoring phase), the engine resumes play (go_play/4's resume) and goes on.  `undo` takes
back one GTP move together with the passes and resumes inserted for it.  A move the rules
refuse is `? illegal move` and changes nothing (the game is replayed as it was if a pass
had been inserted before it).  fixed_handicap, place_free_handicap and set_free_handicap
start the game again with the Go options `handicap` or `black_stones` (prolog/go/setup.pl;
White moves first).  genmove plays the machine player's move (app.go.GoGame.machine(),
go_machine_action/2); a resignation is answered and not played.

final_score and final_status_list answer what our scoring phase would: the position as
if both players passed now, the dead stones proposed by prolog/go/dead.pl taken off, and
the count of the preset (area for documents and chinese, territory for japanese, komi to
White).  A count of equal points answers `0` (the documents' rule that a tie goes to
White is a rule of our game, not a score).
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import traceback
from importlib import metadata

from .games import Game, PrologTimeout, TableroError
from .go import GoGame, query

NAME = "Tablero"
PRESETS = ("documents", "chinese", "japanese")
SIZES = range(2, 26)
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
COLOURS = {"b": "b", "black": "b", "w": "w", "white": "w"}
SETUP = ("handicap", "black_stones", "first")  # Go options of a handicap, gone at clear_board
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_VERTEX = re.compile(r"^([a-hj-z])([0-9]{1,2})$", re.IGNORECASE)


class Failure(Exception):
    """A GTP failure: the message is the answer after `? `."""


class _Resigned(Exception):
    """The machine player resigned (genmove answers it, nothing is played)."""


def _replay(options: dict, actions: list[dict]) -> GoGame:
    """A GoGame with these options after these actions (api_replay)."""
    return GoGame.restore("go", dict(options), list(actions))


class Engine:
    """One GTP session: the game, and what each GTP move added to it (for undo)."""

    def __init__(self, preset: str = "documents", size: int = 19, komi: float | None = None):
        self.options = {"size": size, "preset": preset}
        if komi is not None:
            self.options["komi"] = komi
        self.game = _replay(self.options, [])
        self.steps: list[int] = []  # the number of game actions of each GTP move
        self.done = False
        self.commands = {
            "protocol_version": lambda args: "2",
            "name": lambda args: NAME,
            "version": lambda args: _version(),
            "known_command": self.known_command,
            "list_commands": lambda args: "\n".join(self.commands),
            "quit": self.quit,
            "boardsize": self.boardsize,
            "clear_board": self.clear_board,
            "komi": self.komi,
            "play": self.play,
            "genmove": self.genmove,
            "undo": self.undo,
            "showboard": self.showboard,
            "final_score": self.final_score,
            "final_status_list": self.final_status_list,
            "fixed_handicap": self.fixed_handicap,
            "place_free_handicap": self.fixed_handicap,
            "set_free_handicap": self.set_free_handicap,
            "time_settings": lambda args: "",
            "time_left": lambda args: "",
        }

    @property
    def size(self) -> int:
        return self.options["size"]

    # -- the protocol ---------------------------------------------------------

    def answer(self, line: str) -> str | None:
        """The whole answer to one input line (ending with its empty line), or None for
        a line the protocol ignores (blank, or only a comment)."""
        line = _CONTROL.sub("", line.replace("\t", " ")).split("#", 1)[0].strip()
        if not line:
            return None
        words = line.split()
        ident = ""
        if words[0].isascii() and words[0].isdigit():
            ident = words.pop(0)
        if not words:
            return f"?{ident} syntax error\n\n"
        handler = self.commands.get(words[0])
        try:
            if handler is None:
                raise Failure("unknown command")
            result = handler(words[1:])
        except Failure as exc:
            return f"?{ident} {exc}\n\n"
        except PrologTimeout:
            return f"?{ident} the rules took too long\n\n"
        except Exception as exc:  # a bug of ours: say so on stderr, answer, go on
            traceback.print_exc()
            reason = " ".join(str(exc).split())[:200]  # one line: no empty line inside
            return f"?{ident} internal error: {reason}\n\n"
        return f"={ident} {result}\n\n"

    def known_command(self, args: list[str]) -> str:
        self._arity(args, 1)
        return "true" if args[0] in self.commands else "false"

    def quit(self, args: list[str]) -> str:
        self.done = True
        return ""

    # -- setting up -----------------------------------------------------------

    def boardsize(self, args: list[str]) -> str:
        self._arity(args, 1)
        size = self._int(args[0])
        if size not in SIZES:
            raise Failure("unacceptable size")
        self.options["size"] = size
        return self.clear_board([])

    def clear_board(self, args: list[str]) -> str:
        for setup in SETUP:
            self.options.pop(setup, None)
        self.game = _replay(self.options, [])
        self.steps = []
        return ""

    def komi(self, args: list[str]) -> str:
        self._arity(args, 1)
        try:
            komi = float(args[0])
        except ValueError:
            raise Failure("syntax error") from None
        if not (-150 <= komi <= 150 and (komi * 2).is_integer()):
            raise Failure("komi must be a whole or half number from -150 to 150")
        options = {**self.options, "komi": int(komi) if komi.is_integer() else komi}
        self.game = _replay(options, self.game.actions)
        self.options = options
        return ""

    def fixed_handicap(self, args: list[str]) -> str:
        """fixed_handicap and place_free_handicap: the standard points, GNU Go's (the Go
        option `handicap`: prolog/go/setup.pl)."""
        self._arity(args, 1)
        stones = self._int(args[0])
        if not 2 <= stones <= 9:
            raise Failure("invalid number of stones")
        self._set_handicap({"handicap": stones}, "invalid number of stones")
        size = self.size
        return " ".join(f"{LETTERS[c]}{size - r}" for r, row in enumerate(self.game.board)
                        for c, cell in enumerate(row) if cell == "b")

    def set_free_handicap(self, args: list[str]) -> str:
        points = [self._vertex(a) for a in args]
        if len(points) < 2 or any(p in (None, "pass") for p in points):
            raise Failure("bad vertex list")
        self._set_handicap({"black_stones": points, "first": "w"}, "bad vertex list")
        return ""

    def _set_handicap(self, setup: dict, refusal: str) -> None:
        """A new game with these setup options (Black's stones placed, White to move); the
        rules refuse a placement the board cannot take (a stone off the board, two on one
        point, too many stones)."""
        if self.game.actions or any("b" in row or "w" in row for row in self.game.board):
            raise Failure("board not empty")
        options = {**self.options, **setup}
        try:
            self.game = _replay(options, [])
        except TableroError:
            raise Failure(refusal) from None
        self.options = options
        self.steps = []

    # -- playing --------------------------------------------------------------

    def play(self, args: list[str]) -> str:
        self._arity(args, 2)
        colour = self._colour(args[0])
        vertex = self._vertex(args[1])
        if vertex is None:
            raise Failure("syntax error")
        if vertex == "pass":
            action = {"kind": "pass", "player": colour}
        elif self._on_board(vertex):
            action = {"kind": "move", "vertex": vertex, "player": colour}
        else:
            raise Failure("illegal move")
        try:
            self._step(colour, lambda game: game.act(action))
        except TableroError as exc:  # occupied, suicide, ko, superko, ...
            print(f"tablero gtp: play {colour} {vertex}: {exc.code}", file=sys.stderr)
            raise Failure("illegal move") from None
        return ""

    def genmove(self, args: list[str]) -> str:
        self._arity(args, 1)
        colour = self._colour(args[0])

        def machine(game: GoGame) -> dict:
            action = game.machine()
            if action["kind"] == "resign":
                raise _Resigned  # not played: the controller ends the game
            return action

        try:
            action = self._step(colour, machine)
        except _Resigned:
            return "resign"
        if action["kind"] == "pass":
            return "pass"
        row, col = action["pos"]
        return f"{LETTERS[col]}{self.size - row}"

    def undo(self, args: list[str]) -> str:
        if not self.steps:
            raise Failure("cannot undo")
        keep = len(self.game.actions) - self.steps[-1]
        self.game = _replay(self.options, self.game.actions[:keep])
        self.steps.pop()
        return ""

    def _step(self, colour: str, play):
        """One GTP move: make `colour` the side to move (a resume if the game is in the
        scoring phase; a pass of the other colour if it was to move, and a resume if that
        pass was the second in a row), then `play(game)`.  All of it or nothing: when
        `play` raises, the game is rebuilt as it was."""
        game = self.game
        before = len(game.actions)
        try:
            if game.phase == "scoring":
                game.act({"kind": "resume"})
            if game.to_move != colour:
                game.act({"kind": "pass", "player": game.to_move})
                if game.phase == "scoring":
                    game.act({"kind": "resume"})
            result = play(game)
        except BaseException:
            if len(game.actions) != before or game.over:
                self.game = _replay(self.options, game.actions[:before])
            raise
        self.steps.append(len(game.actions) - before)
        return result

    # -- looking --------------------------------------------------------------

    def showboard(self, args: list[str]) -> str:
        captures = self.game.captures
        board = self.game.show().rstrip("\n")
        return (f"\n{board}\nBlack (X) has captured {captures['b']} stones, "
                f"White (O) {captures['w']}; {self._who()} to move")

    def _who(self) -> str:
        return {"b": "Black", "w": "White"}.get(self.game.to_move, "nobody")

    def _scored(self) -> GoGame:
        """The game in its scoring phase: as it is if there, else a copy (replayed) after
        the passes that end play, with the dead stones proposed by prolog/go/dead.pl."""
        if self.game.phase == "scoring":
            return self.game
        game = _replay(self.options, self.game.actions)
        while game.phase == "play":
            game.act({"kind": "pass"})
        return game

    def final_score(self, args: list[str]) -> str:
        score = self._scored().score()
        margin = score["b"] - score["w"]
        if margin == 0:
            return "0"
        return f"{'B' if margin > 0 else 'W'}+{_number(abs(margin))}"

    def final_status_list(self, args: list[str]) -> str:
        self._arity(args, 1)
        status = args[0]
        if status not in ("alive", "dead", "seki"):
            raise Failure("syntax error")
        game = self._scored()
        dead = {tuple(p) for p in game.dead}
        seki: set[tuple[int, int]] = set()
        if status != "dead":
            answers = query('dead_verdicts(B, Vs), findall(P, (member(seki(_, S, _), Vs), '
                            'member(P, S)), Seki)', B=game.board)
            seki = {tuple(p) for p in answers[0]["Seki"]} - dead
        stones = {(r, c) for r, row in enumerate(game.board) for c, cell in enumerate(row)
                  if cell in "bw"}
        chosen = {"dead": dead, "seki": seki, "alive": stones - dead - seki}[status]
        return " ".join(f"{LETTERS[c]}{self.size - r}" for r, c in sorted(chosen))

    # -- arguments ------------------------------------------------------------

    @staticmethod
    def _arity(args: list[str], n: int) -> None:
        if len(args) != n:
            raise Failure("syntax error")

    @staticmethod
    def _int(word: str) -> int:
        if not word.isascii() or not word.isdigit():
            raise Failure("syntax error")
        return int(word) if len(word) < 10 else 10 ** 9  # too many, whatever the digits

    @staticmethod
    def _colour(word: str) -> str:
        colour = COLOURS.get(word.lower())
        if colour is None:
            raise Failure("syntax error")
        return colour

    @staticmethod
    def _vertex(word: str) -> str | None:
        """"pass", or the vertex in upper case ("D4"), or None if it is no vertex."""
        if word.lower() == "pass":
            return "pass"
        found = _VERTEX.match(word)
        return word.upper() if found and int(found.group(2)) > 0 else None

    def _on_board(self, vertex: str) -> bool:
        return LETTERS.index(vertex[0]) < self.size and int(vertex[1:]) <= self.size


def _version() -> str:
    try:
        return metadata.version("tablero")
    except metadata.PackageNotFoundError:  # run from a checkout that was not installed
        return "unknown"


def _number(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


def serve(engine: Engine, lines, out) -> None:
    """Answer each line of `lines` on `out` until quit or the end of input."""
    for raw in lines:
        if isinstance(raw, bytes):
            raw = raw.decode("utf-8", errors="replace")
        reply = engine.answer(raw)
        if reply is not None:
            out.write(reply)
            out.flush()
        if engine.done:
            break


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tablero gtp", description="Tablero's Go and its machine player as a GTP v2 engine "
        "(commands on stdin, answers on stdout).")
    parser.add_argument("--preset", choices=PRESETS, default="documents",
                        help="the rules: komi, ko and count (docs/go.md; default documents)")
    parser.add_argument("--size", type=int, default=19, metavar="2..25",
                        help="the board size until a boardsize command (default 19)")
    parser.add_argument("--komi", type=float, help="the komi until a komi command "
                        "(default: the preset's)")
    args = parser.parse_args(argv)
    if args.size not in SIZES:
        parser.error("--size must be from 2 to 25")
    komi = args.komi
    if komi is not None and not (-150 <= komi <= 150 and (komi * 2).is_integer()):
        parser.error("--komi must be a whole or half number from -150 to 150")
    if komi is not None and komi.is_integer():
        komi = int(komi)
    # Only answers on stdout: fd 1 (Prolog's output, stray prints) goes to stderr from now.
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "w", encoding="ascii", errors="replace", newline="\n")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    engine = Engine(args.preset, args.size, komi)
    try:
        serve(engine, sys.stdin.buffer, out)
    except (BrokenPipeError, KeyboardInterrupt):
        pass
    finally:
        try:
            out.close()
        except BrokenPipeError:
            pass
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
