"""`tablero serve --rules go=FILE.pl`: a student's goMove/4 asked beside ours on every move.

A teacher serves the Go page with a student's rules module (the UNS 2019 course's
`proylcc.pl`).  Every move played on a Go game (a person's or the machine's) is then
also asked of the student's `goMove(Board, Player, [R, C], RBoard)`, and the reply
carries what both said:

    "student": {"agree": false, "code": "board_differs", "points": 2,
                "diff": [[3, 4], [3, 5]], "message": "...", "query": "goMove(...)",
                "file": "proylcc.pl",
                "ours":   {"accepted": true, "refusal": null, "board": [rows] | null},
                "theirs": {"status": "answer", "board": [rows] | null,
                           "second_board": [rows] | null, "message": "", "output": "",
                           "us": 74}}

on the move's reply (200) and on a refusal's error body (409: `error.student`).  `code`
is agree, they_refuse (their rules refuse a move ours accept), they_accept (the
reverse), board_differs, second_board (our board, then another on backtracking),
not_a_board, they_failed (a limit, an error, halt, a crash: `theirs.status` says
which) or unavailable (the module could not be loaded).  Boards are rows of
characters, as the view's.  `ours.board` is our goMove/4's answer; `ours.refusal` the
game's refusal code: a ko recapture is refused by the game but not by goMove/4 (the
course's goMove/4 has no history), so its student is compared with our goMove/4 and
the message says so.

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
files, read-only) under the grader's OS limits (app/grade.py's LIMITS),
each call under a time and an inference limit, the process killed past DEADLINE.
The pipe I/O is the console's (app/console.py's Worker).  See docs/grading.md's Limits.
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

from . import confine, grade
from .console import Worker, WorkerDied, WorkerTimeout

PLAY = confine.PROLOG_DIR / "grade" / "play.pl"
GAMES = ("go",)              # the games a student's rules can be served for
CALL_SECONDS = 2.0           # one call of the student's goMove/4 (with its second answer)
CALL_INFERENCES = 10_000_000
DEADLINE = 2 * CALL_SECONDS + 3.0  # the process is killed when a move takes longer
START_SECONDS = 20.0         # to start swipl and load the file (loading has 10 s inside)
RETRY_SECONDS = 30.0         # a module that failed to load is tried again after this
ENV = "TABLERO_RULES"        # "go=/abs/path/proylcc.pl", set by `tablero serve --rules`

#  Statuses after which the process is started afresh for the next move.
RESTART_AFTER = {"timeout", "inferences", "resource", "abort", "halt", "killed", "crashed"}


class StudentRulesError(Exception):
    """`--rules` cannot be served: why, in words."""


# ---- configuration -------------------------------------------------------------------


def parse_option(text: str) -> tuple[str, Path]:
    """`go=FILE.pl` -> ("go", absolute path), or StudentRulesError."""
    game, sep, file = text.partition("=")
    if not sep or not file:
        raise StudentRulesError(f"--rules {text!r}: write GAME=FILE.pl, as go=proylcc.pl")
    if game not in GAMES:
        raise StudentRulesError(f"--rules {text!r}: only Go can be played with a student's "
                                f"rules ({', '.join(g + '=FILE.pl' for g in GAMES)})")
    path = Path(file).expanduser().resolve()
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
        rules = {}
        for item in filter(None, os.environ.get(ENV, "").split(",")):
            name, _, file = item.partition("=")
            rules[name] = file
    file = rules.get(game)
    return Path(file) if file else None


def served(game: str) -> dict:
    """{"student_rules": {"game", "file"}} for a game served with a student's rules, else
    {} (added to every game reply, so the page can say so before the first move)."""
    path = configured(game)
    return {"student_rules": {"game": game, "file": path.name}} if path else {}


# ---- the process -----------------------------------------------------------------------


class StudentProcess(Worker):
    """prolog/grade/play.pl with the student's file loaded: one JSON request a line on
    its standard input, one reply a line on its standard output (app/console.py's Worker
    carries them and kills the process group).  `load` is load_student/3's report."""

    def __init__(self, path: Path, encoding: str):
        argv = [grade.swipl_path(), f"--stack-limit={grade.STACK_LIMIT}", "-q",
                "-f", "none", "-g", "grade_play:play_main", "-t", "halt",
                str(PLAY), "--", f"--student={path}", f"--encoding={encoding}"]
        self._dir = tempfile.TemporaryDirectory(prefix="tablero-student-")
        self.proc = confine.popen(argv, read_only=grade.boxed_files(path),
                                  limits=grade.LIMITS, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  cwd=self._dir.name, bufsize=0)
        self._attach()
        try:
            ready = self._read(time.monotonic() + START_SECONDS)
        except (WorkerTimeout, WorkerDied):
            self.kill()
            ready = {"ready": False, "load": {"ok": False, "failure": "loading did not end: "
                                              "its Prolog process stopped or was stopped"}}
        except BaseException:
            self.kill()
            raise
        self.ready = ready.get("ready") is True
        self.load = ready.get("load") or {}
        if not self.ready:
            self.kill()


def load_failure(load: dict) -> str:
    """Why a load report does not give a goMove/4 to call, in words."""
    if load.get("failure"):
        return load["failure"]
    if load.get("syntax_errors"):
        return "syntax errors: " + "; ".join(load["syntax_errors"][:3])
    return load.get("missing") or "the module could not be loaded"


class StudentRules:
    """One student's file for one game, in this process: its Prolog process and its
    state.  ask() is serialized (one move at a time per web worker)."""

    def __init__(self, path: Path):
        self.path = path
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
        process = StudentProcess(self.path, encoding)
        if not process.ready:
            self.failure, self.failed_at = load_failure(process.load), time.monotonic()
            return None
        self.process, self.failure = process, None
        return process

    def ask(self, rows: list[str], player: str, pos: list[int]) -> dict:
        """The process's reply to one move ({"ok": true, "theirs", "ours"}), or
        {"ok": false, "status": unavailable | killed | crashed, "message"}."""
        request = {"board": rows, "player": player, "pos": pos, "seconds": CALL_SECONDS,
                   "inferences": CALL_INFERENCES}
        with self.lock:
            try:
                process = self._started()
            except (grade.GradeError, confine.UnconfinedError, OSError) as exc:
                return {"ok": False, "status": "unavailable", "message": str(exc)}
            if process is None:
                return {"ok": False, "status": "unavailable", "message": self.failure}
            try:
                reply = process.ask(request, time.monotonic() + DEADLINE)
            except WorkerTimeout:
                self.process = None
                return {"ok": False, "status": "killed",
                        "message": f"no answer within {DEADLINE:g} s: its Prolog process was "
                                   "stopped (started again for the next move)"}
            except WorkerDied:
                self.process = None
                return {"ok": False, "status": "crashed",
                        "message": "its Prolog process ended (halt/0 reached through call/1, "
                                   "or out of memory): started again for the next move"}
            if not _well_formed(reply, len(rows)):
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
            found = _RULES[key] = StudentRules(path)
    return found


@atexit.register
def _close_all() -> None:
    for (pid, _, _), rules in list(_RULES.items()):
        if pid == os.getpid():
            rules.close()


def check(path: Path) -> dict:
    """Load the file once (as the server will) and return the load report, with
    "ready": whether goMove/4 can be called (`tablero serve --rules` checks first)."""
    problem, encoding = grade.check_file(path)
    if problem:
        return {"ready": False, "failure": problem}
    boxed = confine.problem()
    if boxed:
        return {"ready": False, "failure": f"a student's code is only run confined: {boxed}"}
    process = StudentProcess(path, encoding)
    process.kill()
    return {**process.load, "ready": process.ready,
            "failure": "" if process.ready else load_failure(process.load)}


# ---- judging a move ------------------------------------------------------------------


def judge(game: str, before: dict, action: dict, refusal=None) -> dict | None:
    """What the student's rules say of a move played (refusal None) or refused by ours
    (refusal: the TableroError), from the view before it; None when no student's rules
    are served for the game or the action is no move to ask (a pass, a move off the
    board, out of turn, after the game)."""
    rules = rules_for(game)
    if rules is None or not isinstance(action, dict) or action.get("kind") != "move":
        return None
    if before.get("over") or before.get("phase", "play") != "play":
        return None
    rows, player, pos = before.get("board"), action.get("player", before.get("to_move")), \
        action.get("pos")
    size = len(rows or [])
    if (player != before.get("to_move") or not isinstance(pos, list) or len(pos) != 2
            or not all(type(x) is int and 0 <= x < size for x in pos)):
        return None
    reply = rules.ask(rows, player, pos)
    refused = getattr(refusal, "code", None)
    return compare(rows, player, pos, reply, refused, rules.path.name)


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


def message(student: dict) -> str:
    """The student's verdict on one move, in English (the page has its own words)."""
    code, theirs, ours = student["code"], student["theirs"], student["ours"]
    n = student["points"]
    points = f"{n} point{'s' if n != 1 else ''}"
    ko = (" (ours refuse it by the ko rule, which goMove/4 does not judge)"
          if student["ko"] else "")
    if code == "agree":
        text = ("Their rules agree: the same board as ours" if ours["board"] is not None
                else "Their rules agree: both refuse this move")
        return text + ko
    if code == "they_refuse":
        return "Their rules refuse this move; ours accept it" + ko
    if code == "they_accept":
        return f"Their rules accept this move; ours refuse it ({ours['refusal']})"
    if code == "board_differs":
        return f"Their board after the move differs from ours at {points}" + ko
    if code == "second_board":
        return ("Their goMove/4 gives our board, then on backtracking another one that "
                f"differs at {points}")
    if code == "not_a_board":
        return f"Their goMove/4 answered something that is not a board: {theirs.get('text')}"
    if code == "unavailable":
        return f"The student's rules could not be used: {theirs['message']}"
    words = _FAILED.get(theirs["status"], f"raised an error: {theirs['message']}")
    return f"Their goMove/4 {words}: the move is judged by our rules only"


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
    """A verdict as stored: an agreement without its boards (the game's own positions)
    nor what their code printed, a disagreement whole (its boards are the evidence)."""
    if not student:
        return None
    if not student.get("agree"):
        return student
    slim = {key: value for key, value in student.items() if key != "before"}
    slim["ours"] = {**student["ours"], "board": None}
    slim["theirs"] = {**student["theirs"], "board": None, "second_board": None, "output": ""}
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
