"""GNU Go in a seat of a Go game: a `gnugo` seat's turn, played by a GNU Go process.

    action = play_turn(played, options, actions, budget)   # from the machine route

A game created with black="gnugo" or white="gnugo" (and level=1..10, GNU Go's level) is
played by GNU Go on that seat's turns.  The pages ask POST /api/games/<id>/machine as for
the Prolog player (the view's machine_to_move is true for any seat that is not a
person's); the route hands the turn here.  For each turn one GNU Go process of its own:

    gnugo --mode gtp --level L (--chinese-rules | --japanese-rules) [--positional-superko]

under prlimit (address space, CPU seconds, no core, no files) and in a process group of
its own, which is killed when the budget (TABLERO_MACHINE_TIMEOUT, app config
MACHINE_TIMEOUT) runs out.  It is told the board size, the komi, the stones placed before
the first move (handicap and setup stones, each with `play`: our count gives no handicap
compensation, and GNU Go's set_free_handicap would only be for Black), every move and pass
of the game so far (`play b D4`, `play w pass`), then `genmove`.  Its answer ("D4", "PASS",
"resign") becomes a move, pass or resign action for its colour, played through
Game.machine_act: judged by our rules like any action.

In the scoring phase GNU Go is asked `final_status_list dead` instead, within half the
budget: when its dead stones are the marking, the seat accepts; otherwise, or when GNU Go
takes longer (in an unfinished 19x19 position it can take a minute), the Prolog player's
phase action decides (prolog/go/machine.pl, phase_action/2: it marks back a chain marked
to its loss, once, and accepts the rest), so the phase always ends.

GNU Go breaks ties between moves at random, so that two games of GNU Go against itself
differ.  TABLERO_GNUGO_SEED (a number) gives it that `--seed`: the same position then
always gets the same move (a test's game, a reproducible opponent).

Failures are JSON errors and leave the game as it was: GNU Go past the budget is
engine_timeout (504), GNU Go missing, crashing or refusing a command is engine_failed
(503), an answer our rules refuse is engine_illegal (409, with our refusal's explain).
"""

from __future__ import annotations

import functools
import json
import math
import os
import shutil
import signal
import subprocess
import time

from .games import Game, Refused, TableroError
from .gtp import GNUGO

_LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I

ADDRESS_SPACE = 1 << 30  # bytes of address space for GNU Go (it needs about 20 MB)


class EngineFailed(TableroError):
    """GNU Go is missing, crashed, or refused a command: nothing was played."""

    status = 503

    def __init__(self, message: str):
        super().__init__("engine_failed", message)


class EngineTimeout(TableroError):
    """GNU Go did not answer within the budget and was killed: nothing was played."""

    status = 504

    def __init__(self, seconds: float):
        super().__init__("engine_timeout",
                         f"GNU Go did not answer within {seconds:g} s and was stopped; "
                         "nothing was played")


class EngineIllegal(TableroError):
    """GNU Go answered an action our rules refuse: nothing was played."""

    status = 409

    def __init__(self, answer: str, refused: Refused):
        super().__init__("engine_illegal",
                         f"GNU Go answered {answer}, which the rules refuse: {refused.message}",
                         refused.explain)


def vertex(size: int, pos) -> str:
    """The GTP vertex of a point [row, col] (row 0 at the top): [8, 0] on 9x9 is "A1"."""
    row, col = pos
    return f"{_LETTERS[col]}{size - row}"


def point(size: int, name: str) -> list[int]:
    """The point [row, col] of a GTP vertex such as "D4" (any case)."""
    name = name.upper()
    return [size - int(name[1:]), _LETTERS.index(name[0])]


def argv(level: int, preset: str, ko: str, cpu_seconds: int) -> list[str]:
    """The command line of one GNU Go for a turn, under prlimit where it is installed."""
    rules = "--japanese-rules" if preset == "japanese" else "--chinese-rules"
    command = [GNUGO, "--mode", "gtp", "--level", str(int(level)), rules]
    seed = os.environ.get("TABLERO_GNUGO_SEED", "")
    if seed.isdigit():      # GNU Go's random choices fixed: the same position, the same move
        command += ["--seed", seed]
    if ko == "superko":
        command.append("--positional-superko")
    prlimit = shutil.which("prlimit")
    if not prlimit:
        return command
    return [prlimit, f"--as={ADDRESS_SPACE}", f"--cpu={cpu_seconds}", "--core=0",
            "--fsize=0", "--", *command]


def gtp_script(start: dict, actions: list[dict], komi) -> list[str]:
    """The GTP commands that set up the game in GNU Go: the board, the komi, the stones
    placed before the first move (`start`, the view of the new game), then every move and
    pass played so far (the colours alternate from the first player; the scoring phase's
    toggle, accept and resume play no stone)."""
    size = start["size"]
    commands = [f"boardsize {size}", "clear_board", f"komi {komi}"]
    for colour in "bw":
        commands += [f"play {colour} {vertex(size, (r, c))}"
                     for r, row in enumerate(start["board"]) for c, cell in enumerate(row)
                     if cell == colour]
    colour = start["to_move"]
    for action in actions:
        kind = action.get("kind")
        if kind not in ("move", "pass"):
            continue
        colour = action.get("player", colour)
        if kind == "pass":
            commands.append(f"play {colour} pass")
        elif "pos" in action:
            commands.append(f"play {colour} {vertex(size, action['pos'])}")
        else:
            commands.append(f"play {colour} {str(action['vertex']).upper()}")
        colour = "w" if colour == "b" else "b"
    return commands


def run(command: list[str], script: list[str], deadline: float, budget: float,
        program: str | None = None) -> str:
    """Run one GNU Go (or another GTP engine: `program`, the engine in `command`) on the
    script (plus `quit`) until `deadline` (time.monotonic()); the answer to the last
    command of the script.  Its process group is killed past the deadline (EngineTimeout,
    which names the `budget`)."""
    program = program or GNUGO
    if not os.access(program, os.X_OK):
        raise EngineFailed(f"GNU Go is not installed ({GNUGO})" if program == GNUGO
                           else f"{program} cannot be run")
    lines = [f"{n} {c}" for n, c in enumerate(script, 1)] + ["quit"]
    try:
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, text=True, start_new_session=True)
    except OSError as exc:
        raise EngineFailed(f"GNU Go could not be started: {exc}") from None
    with proc:  # closes the pipes and waits for the process
        try:
            out, _ = proc.communicate("\n".join(lines) + "\n",
                                      timeout=max(deadline - time.monotonic(), 0.001))
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            proc.communicate()
            raise EngineTimeout(budget) from None
        finally:
            _kill_group(proc)
    answers = {}
    for block in out.split("\n\n"):
        block = block.strip()
        if block[:1] in "=?" and block[1:].split(" ", 1)[0].isdigit():
            head, _, rest = block[1:].partition(" ")
            answers[int(head)] = (block[0], rest.strip())
    for n, command_text in enumerate(script, 1):
        status, text = answers.get(n, (None, ""))
        if status != "=":
            why = f"answered {text!r}" if status else "gave no answer (it exited)"
            raise EngineFailed(f"GNU Go {why} to {command_text!r}")
    return answers[len(script)][1]


@functools.lru_cache(maxsize=128)
def _start(options: str) -> dict:
    """The position before the first move of a game with these options (JSON), and who
    moves first: {"size", "board", "to_move"} (asked of Prolog once per game's options)."""
    view = Game("go", json.loads(options)).view
    return {"size": view["size"], "board": list(view["board"]), "to_move": view["to_move"]}


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill GNU Go's whole process group (it started it as its leader), unless it has
    already been waited for (its process id may then be another's)."""
    if proc.returncode is not None:
        return
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def play_turn(played: Game, options: dict, actions: list[dict], budget: float,
              delta: bool = False) -> dict:
    """GNU Go plays the turn of the gnugo seat to move in `played` (a saved game with its
    creation `options` and its `actions`), within `budget` seconds; the action as the
    rules accepted it (with `delta`, what it changed in the view is then
    played.view_delta: Game.machine_act).  Raises EngineTimeout, EngineFailed or
    EngineIllegal (nothing played)."""
    deadline = time.monotonic() + budget
    view = played.view
    seat = view["to_move"]
    start = _start(json.dumps(options, sort_keys=True))
    settings = view["settings"]
    script = gtp_script(start, actions, settings["komi"])
    command = argv(options.get("level", 5), settings["preset"], settings["ko"],
                   math.ceil(budget) + 1)
    size = view["size"]
    if view.get("phase") == "scoring":
        return _scoring_turn(played, command, script, seat, deadline, budget, delta)
    answer = run(command, script + [f"genmove {seat}"], deadline, budget)
    word = answer.upper()
    if word == "PASS":
        action = {"kind": "pass", "player": seat}
    elif word == "RESIGN":
        action = {"kind": "resign", "player": seat}
    else:
        try:
            action = {"kind": "move", "pos": point(size, word), "player": seat}
        except ValueError:
            raise EngineFailed(f"GNU Go answered {answer!r} to genmove") from None
    try:
        return played.machine_act(action, delta=delta, before=view)
    except Refused as exc:
        raise EngineIllegal(answer, exc) from None


def _scoring_turn(played: Game, command: list[str], script: list[str], seat: str,
                  deadline: float, budget: float, delta: bool = False) -> dict:
    """The gnugo seat's action in the scoring phase: accept when GNU Go's dead stones are
    the marking, else the Prolog player's phase action.  GNU Go gets half the budget here
    (its final_status_list can take much longer in an unfinished 19x19 position); past it,
    the Prolog player's phase action decides too."""
    view = played.view
    try:
        answer = run(command, script + ["final_status_list dead"],
                     time.monotonic() + budget / 2, budget / 2)
    except EngineTimeout:
        answer = None
    if answer is not None:
        try:
            dead = sorted(point(view["size"], v) for v in answer.split())
        except ValueError:
            raise EngineFailed(f"GNU Go answered {answer!r} to final_status_list") from None
        if dead == sorted(view["dead"]):
            return played.machine_act({"kind": "accept", "player": seat}, delta=delta,
                                      before=view)
    return played.machine(timeout=max(deadline - time.monotonic(), 0.5), delta=delta,
                          before=view)
