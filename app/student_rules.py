"""`tablero serve --rules GAME=FILE.pl`: a student's rules asked beside ours on every move.

A teacher serves the board with a student's rules module (or a student's folder: its
adapter.pl, else the kit's main file, as `tablero tournament` reads one).  Every move
played on a game of that kind (a person's or the machine's, on the page or through the
API) is then also asked of the student's rules, and the reply carries what both said.
The questions are the course kit's (docs/kits.md):

- Go: the UNS 2019 course's `goMove(Board, Player, [R, C], RBoard)` (`proylcc.pl`);
- Molinolog: `accion_legal/2`, `aplicar/3`, `fin_del_juego/2` on the course's estado/8;
- GoRoGo: `jogada(Peca, X, Y)` (or `updateTable/2`) on the stored game `jogo/1`;
- Azul: `jugadas_legales/2` and `aplicar_jugada/3` on azul/9.

For Go:

    "student": {"agree": false, "code": "board_differs", "points": 2,
                "diff": [[3, 4], [3, 5]], "message": "...", "query": "goMove(...)",
                "file": "proylcc.pl",
                "ours":   {"accepted": true, "refusal": null, "board": [rows] | null},
                "theirs": {"status": "answer", "board": [rows] | null,
                           "second_board": [rows] | null, "message": "", "output": "",
                           "us": 74}}

and for the other games the same fields, with positions as states and pictures
(prolog/grade/rules_games.pl):

    "student": {"agree", "code", "points", "diff": [points], "fields": ["fase", ...],
                "message", "query", "move": "colocar((n,2))", "file", "player",
                "action": {...}, "before": Picture, "before_state": Text,
                "ours":   {"accepted", "refusal", "legal", "state", "picture", "over"},
                "theirs": {"status", "step", "legal", "state", "picture", "over",
                           "message", "output", "us"}}

on the move's reply (200) and on a refusal's error body (409: `error.student`).  `code`
is agree, they_refuse (their rules refuse a move ours accept), they_accept (the
reverse), board_differs (another position after the move: `diff` the points whose
pieces differ, `fields` the parts of the state), over_differs (the same position, but
not the same end of the game), second_board (Go: our board, then another on
backtracking), not_a_board (an answer that is no board or state of the game),
they_failed (a limit, an error, halt, a crash, a predicate not written yet:
`theirs.status` says which, `theirs.step` which predicate) or unavailable (the module
could not be loaded).  Go's boards are rows of characters, as the view's.  `ours` is
our rules' answer to the same question: for Go our goMove/4 (`ours.refusal` the game's
refusal code: a ko recapture is refused by the game but not by goMove/4, which has no
history), for the others our course modules (the game's own judges).

**Our rules stay authoritative**: the game's state, what is stored, undo, the SGF and
the score are ours; the student's answer is shown beside each move, including the
moves their rules would refuse or judge otherwise.  So a student's module that loops,
answers a malformed board or calls halt never breaks or blocks a game, and every game
played remains a valid, replayable one.

The student's code runs in prolog/grade/play.pl, in a `swipl` process of its own (one
per web worker and game, started on the first move, kept, started again when it died,
passed the deadline or hit a Prolog limit), loaded as the grader loads it
(prolog/grade/sandbox.pl), in the box of app/confine.py (bubblewrap: user nobody, no
network, no environment, no new processes, only /usr, prolog/ and the student's Prolog
files, read-only) under the grader's OS limits (app/grade.py's LIMITS, and CPU time),
each call under a time (Go: wall clock; the others: CPU time) and an inference limit,
the process killed past DEADLINE.  The pipe I/O is app/pipes.py's, as for the console
and the machine's searches.  See docs/grading.md's Limits.
"""

from __future__ import annotations

import atexit
import os
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from flask import current_app, has_app_context

from . import confine, grade, pipes
from . import kit as kits

PLAY = confine.PROLOG_DIR / "grade" / "play.pl"
GAMES = ("go", "molinolog", "gorogo", "azul")  # the games a student's rules can be served for
#  What each game asks of the student's rules, for people (messages, the CLI).
ASKED = {"go": "goMove/4", "molinolog": "accion_legal/2, aplicar/3, fin_del_juego/2",
         "gorogo": "jogada/3 (or updateTable/2) on jogo/1",
         "azul": "jugadas_legales/2, aplicar_jugada/3"}
CALL_SECONDS = 2.0           # one call of the student's predicate (with its second answer)
CALL_INFERENCES = 10_000_000
DEADLINE = 2 * CALL_SECONDS + 3.0  # the process is killed when a move takes longer
START_SECONDS = 20.0         # to start swipl and load the file (loading has 10 s inside)
RETRY_SECONDS = 30.0         # a module that failed to load is tried again after this
ENV = "TABLERO_RULES"        # "go=/abs/path/proylcc.pl,...", set by `tablero serve --rules`
LIMITS = {**grade.LIMITS, "cpu": 3600}  # prlimit's, for a student's process (kept for moves)

#  Statuses after which the process is started afresh for the next move.
RESTART_AFTER = {"timeout", "inferences", "resource", "abort", "halt", "killed", "crashed"}


class StudentRulesError(Exception):
    """`--rules` cannot be served: why, in words."""


# ---- configuration -------------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Path]:
    """`go=FILE.pl` or `gorogo=FOLDER/` -> (game, absolute path of the file to load), or
    StudentRulesError.  A folder is read as `tablero tournament` reads one: its
    adapter.pl, else the game's kit's main file (app/kit.py)."""
    game, sep, file = text.partition("=")
    if not sep or not file:
        raise StudentRulesError(f"--rules {text!r}: write GAME=FILE.pl, as go=proylcc.pl")
    if game not in GAMES:
        raise StudentRulesError(f"--rules {text!r}: a student's rules can be served for "
                                f"{', '.join(GAMES)} (GAME=FILE.pl or GAME=FOLDER/)")
    path = Path(file).expanduser().resolve()
    if path.is_dir():
        entry = kits.folder_entry(game, path)
        if entry is None:
            raise StudentRulesError(f"--rules {text!r}: a student's folder holds "
                                    f"{kits.ADAPTER} or {kits.MAIN[game]}")
        path = entry.resolve()
    problem, _ = grade.check_file(path)
    if problem:
        raise StudentRulesError(f"--rules: {problem}")
    return game, path


def configured(game: str) -> Path | None:
    """The student's file served for `game`: the app's STUDENT_RULES ({game: path}), else
    $TABLERO_RULES (`tablero serve --rules` sets it for its workers)."""
    rules = None
    if has_app_context():
        rules = current_app.config.get("STUDENT_RULES")
    if rules is None:
        if not os.environ.get(ENV):   # the common case, asked three times a move
            return None
        rules = {}
        for item in filter(None, os.environ.get(ENV, "").split(",")):
            name, _, file = item.partition("=")
            rules[name] = file
    file = rules.get(game)
    if not file:
        return None
    path = Path(file)
    if path.is_dir():   # a student's folder: its adapter.pl, else the kit's main file
        path = kits.folder_entry(game, path) or path
    return path


def served(game: str) -> dict:
    """{"student_rules": {"game", "file"}} for a game served with a student's rules, else
    {} (added to every game reply, so the page can say so before the first move)."""
    path = configured(game)
    return {"student_rules": {"game": game, "file": shown_name(path)}} if path else {}


def shown_name(path: Path) -> str:
    """The student's file as the page names it: an adapter with its folder (rita/adapter.pl)."""
    return f"{path.parent.name}/{path.name}" if path.name == kits.ADAPTER else path.name


# ---- the process -----------------------------------------------------------------------


class StudentProcess(pipes.JsonLinesProcess):
    """prolog/grade/play.pl with the student's file loaded for `game`, in app/confine.py's
    box: one JSON request a line on its standard input, one reply a line on its standard
    output (app/pipes.py carries them and kills the process group).  `load` is
    load_student/3's report, from the process's first line.  The Prolog files beside the
    student's file are shown to the box (an adapter loads the solution next to it)."""

    def __init__(self, path: Path, encoding: str, game: str = "go"):
        argv = [grade.swipl_path(), f"--stack-limit={grade.STACK_LIMIT}", "-q",
                "-f", "none", "-g", "grade_play:play_main", "-t", "halt",
                str(PLAY), "--", f"--student={path}", f"--encoding={encoding}",
                f"--game={game}"]
        self._dir = tempfile.TemporaryDirectory(prefix="tablero-student-")
        try:
            self.proc = confine.popen(argv, read_only=grade.boxed_files(
                path, replace=kits.ours(game)), limits=LIMITS, stdin=subprocess.PIPE,
                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, cwd=self._dir.name,
                bufsize=0)
        except BaseException:
            self._dir.cleanup()
            raise
        self._attach()
        ready = self.await_ready(START_SECONDS) or {
            "load": {"ok": False, "failure": "loading did not end: its Prolog process "
                                             "stopped or was stopped"}}
        self.ready = ready.get("ready") is True
        self.load = ready.get("load") or {}
        if not self.ready:
            self.kill()

    def kill(self) -> None:
        """End the process group (its box), close its pipes, remove its folder."""
        super().kill()
        self._dir.cleanup()


def load_failure(load: dict) -> str:
    """Why a load report (load_student/3's, prolog/grade/sandbox.pl) does not give the
    game's predicates to call, in words: for --rules and tournaments alike."""
    if load.get("failure"):
        return load["failure"]
    if load.get("syntax_errors"):
        return "syntax errors: " + "; ".join(load["syntax_errors"][:3])
    if load.get("missing"):
        return load["missing"]
    if load.get("errors"):
        return "errors while loading: " + "; ".join(load["errors"][:3])
    return "the module could not be loaded"


class StudentRules:
    """One student's file for one game, in this process: its Prolog process and its
    state.  ask() is serialized (one move at a time per web worker)."""

    def __init__(self, path: Path, game: str = "go"):
        self.path = path
        self.game = game
        self.lock = threading.Lock()
        self.process: StudentProcess | None = None
        self.failure: str | None = None     # why it could not be loaded
        self.failed_at = 0.0
        self.starts = 0                     # processes started (the first included)

    def _started(self) -> StudentProcess | None:
        if self.process is not None and self.process.alive:
            return self.process
        if self.failure and time.monotonic() - self.failed_at < RETRY_SECONDS:
            return None
        problem, encoding = grade.check_file(self.path)
        if problem:
            self.failure, self.failed_at = problem, time.monotonic()
            return None
        self.starts += 1
        process = StudentProcess(self.path, encoding, self.game)
        if not process.ready:
            self.failure, self.failed_at = load_failure(process.load), time.monotonic()
            return None
        self.process, self.failure = process, None
        return process

    def ask(self, rows: list[str], player: str, pos: list[int]) -> dict:
        """Go: the process's reply to one move ({"ok": true, "theirs", "ours"}), or
        {"ok": false, "status": unavailable | killed | crashed, "message"}."""
        request = {"board": rows, "player": player, "pos": pos, "seconds": CALL_SECONDS,
                   "inferences": CALL_INFERENCES}
        return self._ask(request, lambda reply: _well_formed(reply, len(rows)))

    def ask_state(self, stored: dict, action: dict) -> dict:
        """Molinolog, GoRoGo, Azul: the reply to one action on the game as stored before it
        (`stored`: {"game", "state", "traces"} or {"game", "options", "actions"}, what the
        machine's search processes are given, app/machine_pool.py's request_for)."""
        request = {**stored, "action": action, "seconds": CALL_SECONDS,
                   "inferences": CALL_INFERENCES}
        return self._ask(request, _well_formed_state)

    def _ask(self, request: dict, well_formed) -> dict:
        with self.lock:
            try:
                process = self._started()
            except (grade.GradeError, confine.UnconfinedError, OSError) as exc:
                return {"ok": False, "status": "unavailable", "message": str(exc)}
            if process is None:
                return {"ok": False, "status": "unavailable", "message": self.failure}
            try:
                reply = process.ask(request, time.monotonic() + DEADLINE)
            except pipes.Late:
                self.process = None
                return {"ok": False, "status": "killed",
                        "message": f"no answer within {DEADLINE:g} s: its Prolog process was "
                                   "stopped (started again for the next move)"}
            except pipes.Died:
                self.process = None
                return {"ok": False, "status": "crashed",
                        "message": "its Prolog process ended (halt/0 reached through call/1, "
                                   "or out of memory): started again for the next move"}
            if not well_formed(reply):
                # Only the driver writes this channel, but the student's code runs in the
                # same process and could find its stream: never trust it further.
                process.kill()
                self.process = None
                return {"ok": False, "status": "crashed",
                        "message": "its Prolog process answered something unreadable: "
                                   "started again for the next move"}
            if reply.get("ok") and reply["theirs"]["status"] in RESTART_AFTER:
                process.kill()
                self.process = None
            return reply

    def close(self) -> None:
        with self.lock:
            if self.process is not None:
                self.process.kill()
                self.process = None


def _well_formed_state(reply: dict) -> bool:
    """A reply of prolog/grade/rules_games.pl's shape: {"ok": false, "message"} or ok with
    two sides, each a status, a legal flag, a state text or None and a picture dict or
    None, and `diff` and `fields` lists."""
    if reply.get("ok") is False:
        return isinstance(reply.get("message"), str)
    if reply.get("ok") is not True:
        return False
    sides = [reply.get("ours"), reply.get("theirs")]
    return (all(isinstance(side, dict) and isinstance(side.get("status"), str)
                and isinstance(side.get("legal"), bool)
                and (side.get("state") is None or isinstance(side["state"], str))
                and (side.get("picture") is None or isinstance(side["picture"], dict))
                for side in sides)
            and isinstance(reply.get("diff"), list) and isinstance(reply.get("fields"), list)
            and isinstance(reply.get("move"), str))


def _well_formed(reply: dict, size: int) -> bool:
    """A reply of prolog/grade/play.pl's shape: {"ok": false, "message"} or ok with two
    sides, each a status and boards that are None or `size` rows of `size` characters."""
    if reply.get("ok") is False:
        return isinstance(reply.get("message"), str)
    if reply.get("ok") is not True:
        return False

    def board(value) -> bool:
        return value is None or (isinstance(value, list) and len(value) == size and all(
            isinstance(row, str) and len(row) == size for row in value))

    sides = [reply.get("ours"), reply.get("theirs")]
    return all(isinstance(side, dict) and isinstance(side.get("status"), str)
               and board(side.get("board")) and board(side.get("second_board"))
               for side in sides)


_RULES: dict[tuple[int, str, str], StudentRules] = {}
_RULES_LOCK = threading.Lock()


def rules_for(game: str) -> StudentRules | None:
    """This process's StudentRules for the game, or None when none are served."""
    path = configured(game)
    if path is None:
        return None
    key = (os.getpid(), game, str(path))
    with _RULES_LOCK:
        found = _RULES.get(key)
        if found is None:
            found = _RULES[key] = StudentRules(path, game)
    return found


@atexit.register
def _close_all() -> None:
    for (pid, _, _), rules in list(_RULES.items()):
        if pid == os.getpid():
            rules.close()


def check(path: Path, game: str = "go") -> dict:
    """Load the file once (as the server will) and return the load report, with
    "ready": whether the game's predicates can be called (`tablero serve --rules` checks
    first)."""
    problem, encoding = grade.check_file(path)
    if problem:
        return {"ready": False, "failure": problem}
    boxed = confine.problem()
    if boxed:
        return {"ready": False, "failure": f"a student's code is only run confined: {boxed}"}
    process = StudentProcess(path, encoding, game)
    process.kill()
    return {**process.load, "ready": process.ready,
            "failure": "" if process.ready else load_failure(process.load)}


# ---- judging a move ------------------------------------------------------------------


def judge(game: str, before: dict, action: dict, refusal=None, record=None) -> dict | None:
    """What the student's rules say of a move played (refusal None) or refused by ours
    (refusal: the TableroError), from the view before it (and, for a game other than Go,
    `record`: the stored game before it); None when no student's rules are served for the
    game or the action is no move to ask (Go: a pass, a move off the board; any game: out
    of turn, after the game)."""
    rules = rules_for(game)
    if rules is None or not isinstance(action, dict) or before.get("over"):
        return None
    if game != "go":
        return judge_state(game, rules, before, action, refusal, record)
    if action.get("kind") != "move" or before.get("phase", "play") != "play":
        return None
    rows, player, pos = before.get("board"), action.get("player", before.get("to_move")), \
        action.get("pos")
    size = len(rows or [])
    if (player != before.get("to_move") or not isinstance(pos, list) or len(pos) != 2
            or not all(type(x) is int and 0 <= x < size for x in pos)):
        return None
    reply = rules.ask(rows, player, pos)
    refused = getattr(refusal, "code", None)
    return compare(rows, player, pos, reply, refused, shown_name(rules.path))


#  The codes our rules refuse with before any rule of the game is asked: the request is
#  no move of the game (a student's rules are not asked of it).
NOT_A_MOVE = {"bad_action", "bad_kind", "bad_field", "not_your_turn", "game_over"}


def judge_state(game: str, rules: StudentRules, before: dict, action: dict, refusal,
                record) -> dict | None:
    """judge() for Molinolog, GoRoGo and Azul: the student's rules asked of the action on
    the stored game before it (prolog/grade/rules_games.pl)."""
    from . import machine_pool

    refused = getattr(refusal, "code", None)
    player = before.get("to_move")
    if record is None or refused in NOT_A_MOVE or player is None:
        return None
    if str(action.get("player", player)) != str(player):
        return None
    reply = rules.ask_state(machine_pool.request_for(record), action)
    if reply.get("ok") is False and "status" not in reply:
        return None         # the driver read no move of the game in it
    return compare_state(game, player, action, reply, refused, shown_name(rules.path))


def compare_state(game: str, player, action: dict, reply: dict, refused: str | None,
                  file: str) -> dict:
    """The `student` field of a Molinolog, GoRoGo or Azul move (the module's docstring)."""
    ours = {"accepted": refused is None, "refusal": refused, "legal": refused is None,
            "state": None, "picture": None, "over": None}
    base = {"player": player, "action": action, "file": file, "game": game,
            "move": reply.get("move", ""), "before": reply.get("before"),
            "before_state": reply.get("before_state"), "fields": [], "diff": []}
    if not reply.get("ok"):
        status = reply.get("status", "error")
        theirs = {"status": status, "step": None, "legal": False, "state": None,
                  "picture": None, "over": None, "message": reply.get("message") or "",
                  "output": "", "us": None}
        code = "unavailable" if status == "unavailable" else "they_failed"
        return _student_state(game, False, code, base, ours, theirs)
    o, t = reply["ours"], reply["theirs"]
    ours.update({key: o.get(key) for key in ("legal", "state", "picture", "over")})
    theirs = {key: t.get(key) for key in ("status", "step", "legal", "state", "picture",
                                          "over", "message", "output", "us")}
    base.update(diff=reply["diff"], fields=reply["fields"])
    status = t["status"]
    theirs_legal = status == "answer" and t["legal"]
    if status == "not_a_board":
        code = "not_a_board"
    elif status not in ("answer", "failed") or (status == "failed" and t["legal"]):
        code = "they_failed"    # a fault, or no position for a move their rules take
    elif o["legal"] and not theirs_legal:
        code = "they_refuse"
    elif theirs_legal and not o["legal"]:
        code = "they_accept"
    elif not o["legal"]:
        code = "agree"
    elif reply["fields"] or reply["diff"]:
        code = "board_differs"
    elif o.get("over") != t.get("over"):
        code = "over_differs"
    else:
        code = "agree"
    return _student_state(game, code == "agree", code, base, ours, theirs)


def _student_state(game, agree, code, base, ours, theirs) -> dict:
    student = {"agree": agree, "code": code, "points": len(base["diff"]), **base,
               "query": query_text(game, base["move"], base["player"]), "ko": False,
               "ours": ours, "theirs": theirs}
    student["message"] = message(student)
    return student


def query_text(game: str, move: str, player) -> str:
    """The question asked of the student's rules, as a goal on the state before (E0)."""
    if not move:
        return ""
    if game == "molinolog":
        return (f"accion_legal(E0, {move}), aplicar(E0, {move}, E), "
                "fin_del_juego(E, Resultado)")
    if game == "gorogo":
        piece = "3" if move.startswith("place(henge") else {"b": "1", "w": "2"}.get(player, "?")
        args = move[move.index(",") + 1:-1] if "," in move else "X,Y"
        return f"retractall(jogo(_)), assertz(jogo(E0)), jogada({piece},{args}), jogo(E)"
    if game == "azul":
        return f"jugadas_legales(E0, Js), memberchk({move}, Js), aplicar_jugada(E0, {move}, E)"
    return move


def _diff(a: list[str], b: list[str]) -> list[list[int]]:
    return [[r, c] for r, (ra, rb) in enumerate(zip(a, b))
            for c, (x, y) in enumerate(zip(ra, rb)) if x != y]


def compare(rows: list[str], player: str, pos: list[int], reply: dict, refused: str | None,
            file: str) -> dict:
    """The `student` field from the process's reply (see the module's docstring)."""
    query = f'goMove(Board, "{player}", [{pos[0]},{pos[1]}], RBoard)'
    ours = {"accepted": refused is None, "refusal": refused, "board": None}
    if not reply.get("ok"):
        status = reply.get("status", "error")
        theirs = {"status": status, "board": None, "second_board": None,
                  "message": reply.get("message") or "", "output": "", "us": None}
        code = "unavailable" if status == "unavailable" else "they_failed"
        return _student(False, code, [], ours, theirs, query, file, refused, rows, player, pos)
    ours["board"] = reply["ours"]["board"]
    t = reply["theirs"]
    theirs = {key: t.get(key) for key in ("status", "board", "second_board", "message",
                                          "output", "us", "text")}
    ours_ok = reply["ours"]["status"] == "answer"
    status = t["status"]
    diff: list[list[int]] = []
    if status == "answer":
        if not ours_ok:
            code, diff = "they_accept", _diff(rows, t["board"])
        elif t["board"] != ours["board"]:
            code, diff = "board_differs", _diff(ours["board"], t["board"])
        elif t.get("second") == "different" and t.get("second_board"):
            code, diff = "second_board", _diff(ours["board"], t["second_board"])
        else:
            code = "agree"
    elif status == "failed":
        code = "agree" if not ours_ok else "they_refuse"
    elif status == "not_a_board":
        code = "not_a_board"
    else:
        code = "they_failed"
    return _student(code == "agree", code, diff, ours, theirs, query, file, refused, rows,
                    player, pos)


def _student(agree, code, diff, ours, theirs, query, file, refused, rows, player, pos) -> dict:
    student = {"agree": agree, "code": code, "points": len(diff), "diff": diff,
               "ko": refused in ("ko", "superko") and ours["board"] is not None,
               "player": player, "pos": pos, "query": query, "file": file, "before": rows,
               "ours": ours, "theirs": theirs}
    student["message"] = message(student)
    return student


_FAILED = {
    "timeout": "did not answer within its time limit (a loop?)",
    "inferences": "did not answer within its inference limit (a loop?)",
    "resource": "ran out of memory",
    "halt": "called halt",
    "abort": "called abort",
    "not_written": "is not written yet (still the kit's stub)",
    "killed": "did not answer in time: its Prolog process was stopped (started again for "
              "the next move)",
    "crashed": "ended its Prolog process (halt?): started again for the next move",
}


#  The predicate whose answer a message names, by game and step.
PREDICATES = {"accion_legal": "accion_legal/2", "aplicar": "aplicar/3",
              "fin_del_juego": "fin_del_juego/2", "jogada": "jogada/3",
              "updateTable": "updateTable/2", "jugadas_legales": "jugadas_legales/2",
              "aplicar_jugada": "aplicar_jugada/3"}


def message(student: dict) -> str:
    """The student's verdict on one move, in English (the page has its own words)."""
    code, theirs, ours = student["code"], student["theirs"], student["ours"]
    go = student.get("game", "go") == "go"
    n = student["points"]
    points = f"{n} point{'s' if n != 1 else ''}"
    ko = (" (ours refuse it by the ko rule, which goMove/4 does not judge)"
          if student["ko"] else "")
    predicate = "goMove/4" if go else PREDICATES.get(theirs.get("step"), "rules")
    if code == "agree":
        text = ("Their rules agree: the same board as ours" if go and ours["board"] is not None
                else "Their rules agree: the same position as ours" if not go and ours["legal"]
                else "Their rules agree: both refuse this move")
        return text + ko
    if code == "they_refuse":
        return "Their rules refuse this move; ours accept it" + ko
    if code == "they_accept":
        return f"Their rules accept this move; ours refuse it ({ours['refusal']})"
    if code == "board_differs" and go:
        return f"Their board after the move differs from ours at {points}" + ko
    if code == "board_differs":
        where = f" at {points}" if n else ""
        parts = f" ({', '.join(student.get('fields') or [])})" if student.get("fields") else ""
        return f"Their position after the move differs from ours{where}{parts}"
    if code == "over_differs":
        return (f"Their position is ours, but not the end of the game: theirs "
                f"{theirs.get('over') or 'goes on'}, ours {ours.get('over') or 'goes on'}")
    if code == "second_board":
        return ("Their goMove/4 gives our board, then on backtracking another one that "
                f"differs at {points}")
    if code == "not_a_board":
        if go:
            return f"Their goMove/4 answered something that is not a board: {theirs.get('text')}"
        return (f"Their {predicate} answered something that is not a state of the game: "
                f"{(theirs.get('state') or '')[:300]}")
    if code == "unavailable":
        return f"The student's rules could not be used: {theirs['message']}"
    if not go and theirs["status"] == "failed":
        return (f"Their {predicate} failed on a move their rules accept: the move is judged "
                "by our rules only")
    words = _FAILED.get(theirs["status"], f"raised an error: {theirs['message']}")
    return f"Their {predicate} {words}: the move is judged by our rules only"


# ---- verdicts kept with the game ---------------------------------------------------------
#
# A move's verdict is stored with its action (storage's `actions.student`, written in the
# same transaction as the action; an undo takes it away with the action), however the
# move was made: a person's, the machine's, GNU Go's, each move of a game read from SGF.
# A move our rules refuse is no action: its verdict (the 409's error.student) is kept
# beside the game, by the position it was tried on (storage's `student_tried`; an undo of
# that position takes it away), without changing the game.  Every game reply says how many
# were asked and where they disagree (`student_verdicts`); GET /api/games/<id>/verdicts
# gives them whole; the SGF record has each disagreement as a comment on its move (a
# refused one on the move before it).

#  Seconds of the student's rules a game read from SGF may take in all: the moves past it
#  are not asked (a looping student costs CALL_SECONDS a move).
IMPORT_SECONDS = 30.0


def kept(student: dict | None) -> dict | None:
    """A verdict as stored: an agreement without its boards or states (the game's own
    positions) nor what their code printed, a disagreement whole (its boards are the
    evidence)."""
    if not student:
        return None
    if not student.get("agree"):
        return student
    slim = {key: value for key, value in student.items()
            if key not in ("before", "before_state")}
    slim["ours"] = {**student["ours"], **{key: None for key in ("board", "state", "picture")
                                          if key in student["ours"]}}
    slim["theirs"] = {**student["theirs"], "output": "",
                      **{key: None for key in ("board", "second_board", "state", "picture")
                         if key in student["theirs"]}}
    return slim


def summary(game: str, game_id: str) -> dict:
    """{"student_verdicts": {"asked", "differ", "plies", "tried", "tried_differ"}} for a
    game whose moves a student's rules were asked of (plies: where they disagree; tried:
    the moves our rules refused, kept with their verdict), else {}."""
    if game not in GAMES:
        return {}
    from . import storage

    asked, plies, tried, tried_differ = storage.student_counts(game_id)
    if not asked and not tried:
        return {}
    return {"student_verdicts": {"asked": asked, "differ": len(plies), "plies": plies,
                                 "tried": tried, "tried_differ": tried_differ}}


def judge_record(game: str, views: list[dict], actions: list[dict],
                 seconds: float = IMPORT_SECONDS) -> list[dict | None]:
    """Each action's verdict (None: not a move, or past `seconds` in all) for a game read
    from a record: `views` the view before the first action and after each."""
    if rules_for(game) is None:
        return [None] * len(actions)
    deadline = time.monotonic() + seconds
    out: list[dict | None] = []
    for before, action in zip(views, actions):
        out.append(judge(game, before, action) if time.monotonic() < deadline else None)
    return out


def board_text(rows: list[str]) -> str:
    """A board as text lines, as GNU Go and sgfmill print one: X black, O white, . empty,
    the columns' letters above and the rows' numbers beside."""
    from .sgf import LETTERS

    size = len(rows)
    lines = ["   " + " ".join(LETTERS[:size])]
    for r, row in enumerate(rows):
        cells = " ".join({"b": "X", "w": "O"}.get(cell, ".") for cell in row)
        lines.append(f"{size - r:>2} {cells}")
    return "\n".join(lines)


def comment(student: dict) -> str:
    """A disagreement in words for the SGF record's comment on its move: the verdict, the
    points that differ and both boards."""
    from .sgf import vertex

    size = len(student.get("before") or student["ours"].get("board") or [])
    lines = [f"Student's rules ({student.get('file', '')}): {student.get('message', '')}."]
    if not student["ours"].get("accepted", True) and size:
        name = {"b": "Black", "w": "White"}.get(student.get("player"), student.get("player"))
        lines.insert(0, f"Tried here, refused by our rules ({student['ours'].get('refusal')}): "
                        f"{name} {vertex(size, student['pos'])}.")
    if student.get("diff") and size:
        lines.append("Where they differ: " + " ".join(vertex(size, p) for p in student["diff"]))
    second = student["code"] == "second_board"
    theirs = student["theirs"].get("second_board" if second else "board")
    if student["code"] not in ("board_differs", "second_board", "they_refuse", "they_accept"):
        return "\n".join(lines)  # their goMove/4 gave no board to compare
    for title, board in (("Their board" + (" (on backtracking)" if second else ""), theirs),
                         ("Our board", student["ours"].get("board"))):
        lines += ["", f"{title}:", board_text(board)] if board else \
            ["", f"{title}: none, the move refused"]
    return "\n".join(lines)
