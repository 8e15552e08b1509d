"""`tablero lab molinolog FILE.pl`: a student's Molinolog lab, unmodified, on our board.

The 2019 Molinolog lab drives its whole game through the course's `graficos.pl`, an
XPCE window.  Ours (prolog/graficos.pl, same name, exports and meanings) turns every
gr_* call into one JSON line on the process's standard output, and reads the answer of
the calls that wait for the person (gr_evento/2, gr_mensaje/2, gr_pregunta/3,
gr_opciones/4) on its standard input.  The student's file runs in
prolog/molinolog/lab.pl, inside app/confine.py's box (bubblewrap: user nobody, no
network, no environment, no new processes, prlimit's CPU, memory and file limits),
with its folder staged read-only and our graficos.pl in place of theirs (theirs is never
copied, let alone loaded).

Two back-ends read that channel:

- **the web board** (`LabSessions`, the blueprint `bp`): one process per page session,
  started by `POST /api/lab/sessions`; its draws, dialogs and status lines are kept as
  numbered events that the page long-polls (`GET /api/lab/<id>/events?after=N`: answered
  at once when there is something new, else after POLL_SECONDS: no request thread is held
  longer); the page's clicks and buttons (`POST .../event`) are queued for gr_evento/2 as
  the course's window queues them; the answers of its dialogs (`POST .../answer`) end the
  blocked gr_* call.  The process is killed when the page says it goes away
  (`POST .../close`, sent on `pagehide`), when no request of its page came for
  `idle` seconds, when its game ends, or past its CPU budget.
- **headless** (`judge_lab()`): `molinolog(maquina, maquina, T)` played out with no page
  (gr_pregunta/3 and gr_opciones/4 answered "no", gr_mensaje/2 closed, gr_evento/2
  answered `salir`), every board it draws recorded and judged by our rules
  (prolog/molinolog/judge.pl): each drawn position must follow from the one before by
  legal actions of ours, the end our rules see is compared with the winner its
  gr_mensaje/2 names, and a game our rules ended (the third repetition, 100 quiet turns)
  must not go on.

docs/molinolog.md ("A student's lab on our board") is the user's guide.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from . import confine, grade, kit
from .pipes import Died, JsonLinesProcess, Late

DRIVER = confine.PROLOG_DIR / "molinolog" / "lab.pl"
JUDGE = confine.PROLOG_DIR / "molinolog" / "judge.pl"
DEFAULT_GOAL = "molinolog(humano, maquina, 2)"
START_SECONDS = 20.0          # to start swipl and load the student's file
WEB_CPU = 600                 # CPU seconds of one page's lab process
HEADLESS_SECONDS = 120.0      # wall-clock budget of a headless game
MAX_DRAWS = 20_000            # gr_* calls of a headless game before it is stopped
MAX_WEB_CALLS = 200_000       # gr_* calls of one page's program (a flood ends it)
IDLE = 120.0                  # a page session with no request for this long is ended
POLL_SECONDS = 10.0           # the longest a long-poll waits for news
MAX_SESSIONS = 16             # lab processes at once in one server process
MAX_EVENTS = 2_000            # events kept per session (the page needs the newest)
MAX_QUEUED = 32               # clicks waiting for gr_evento/2
ENV = "TABLERO_LAB"           # "molinolog=/abs/FILE.pl", set by `tablero lab`
ENV_GOAL = "TABLERO_LAB_GOAL"
ENV_IDLE = "TABLERO_LAB_IDLE"
DIRS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")


class LabError(Exception):
    """The lab cannot be run: why, in words."""


def check_goal(goal: str) -> str:
    """The goal as given, or LabError: one Prolog goal, `molinolog(J1, J2, T)` usually."""
    goal = goal.strip().rstrip(".").strip()
    if not goal or len(goal) > 500 or "\n" in goal:
        raise LabError("--goal: write one goal, as molinolog(humano, maquina, 2)")
    return goal


def lab_files(path: Path) -> list:
    """What the lab's process sees, read-only: the student's folder staged with our
    graficos.pl in place of theirs, and our prolog/ folder (the driver)."""
    path = Path(path).resolve()
    folder = confine.student_folder(path, replace=kit.ours("molinolog"))
    return [(folder, path.parent), confine.PROLOG_DIR]


class LabProcess(JsonLinesProcess):
    """The student's program under prolog/molinolog/lab.pl in the box.  The child speaks
    first: receive() reads its next gr_* line, send() answers a waiting call."""

    def __init__(self, path: Path, goal: str, *, cpu: int, stderr=subprocess.DEVNULL,
                 seed: int | None = None):
        path = Path(path).resolve()
        problem, encoding = grade.check_file(path)
        if problem:
            raise LabError(problem)
        argv = [grade.swipl_path(), f"--stack-limit={grade.STACK_LIMIT}", "-q",
                "-f", "none", "-g", "molinolog_lab:lab_main", "-t", "halt", str(DRIVER),
                "--", f"--student={path}", f"--goal={goal}", f"--encoding={encoding}"]
        if seed is not None:
            argv.append(f"--seed={int(seed)}")
        self._dir = tempfile.TemporaryDirectory(prefix="tablero-lab-")
        self.proc = confine.popen(argv, read_only=lab_files(path),
                                  limits={**grade.LIMITS, "cpu": cpu}, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=stderr, cwd=self._dir.name,
                                  bufsize=0)
        self._attach()
        self.write_lock = threading.Lock()

    def receive(self, deadline: float) -> dict:
        """The child's next message (Late when none came by the deadline, Died at its end
        or on a line that is not a JSON object)."""
        return self._read(deadline)

    def send(self, reply: dict, seconds: float = 5.0) -> None:
        line = json.dumps(reply, ensure_ascii=False).encode("utf-8") + b"\n"
        with self.write_lock:
            try:
                self._write(line, time.monotonic() + seconds)
            except (Late, Died):
                self.stop()
                raise Died() from None

    def stop(self) -> None:
        """Kill the box (its process group) but leave the pipes open: a thread reading
        them sees their end, and closes them itself (close()); a descriptor closed under
        a reading thread could be reused by another file meanwhile."""
        confine.kill(self.proc)

    def close(self) -> None:
        """Kill the box and close the pipes (from the thread that reads them)."""
        super().kill()
        self._dir.cleanup()

    kill = close


# ---- what the program drew --------------------------------------------------------------


def _point(dir_, dist, size) -> tuple[str, int] | None:
    if dir_ in DIRS and isinstance(dist, int) and not isinstance(dist, bool) \
            and 1 <= dist <= size + 1:
        return dir_, dist
    return None


class Picture:
    """The window as the program drew it: the board's size, the piece on each point
    (`negro` / `blanco`), the points marked `seleccion`, the status line."""

    def __init__(self):
        self.size: int | None = None
        self.pieces: dict[tuple[str, int], str] = {}
        self.marks: set[tuple[str, int]] = set()
        self.status = ""

    def apply(self, msg: dict) -> str | None:
        """Take one message; "strict" when it drew a whole board, "paint" when it painted a
        piece's colour, else None."""
        kind = msg.get("gr")
        size = msg.get("t")
        if kind in ("crear", "dimensiones") and isinstance(size, int):
            self.size, self.pieces, self.marks = size, {}, set()
            return "strict" if kind == "dimensiones" else None
        if kind == "dibujar_tablero" and isinstance(size, int):
            self.size, self.pieces, self.marks = size, {}, set()
            for item in msg.get("fichas") or []:
                if isinstance(item, list) and len(item) == 3 and item[0] in ("negro", "blanco"):
                    point = _point(item[1], item[2], size)
                    if point:
                        self.pieces[point] = item[0]
            return "strict"
        if kind == "ficha" and isinstance(size, int):
            point = _point(msg.get("dir"), msg.get("dist"), size)
            if point is None:
                return None
            if msg.get("ficha") == "seleccion":
                self.marks.add(point)
                return None
            if msg.get("ficha") in ("negro", "blanco"):
                changed = self.pieces.get(point) != msg["ficha"]
                self.pieces[point] = msg["ficha"]
                return "paint" if changed else None
        if kind == "estado":
            self.status = str(msg.get("texto", ""))
        return None

    def fichas(self) -> list[list]:
        return sorted([colour, d, r] for (d, r), colour in self.pieces.items())


def board_lines(size: int) -> dict:
    """The points and lines of a board of size T, as the page draws them (the same board
    as the view of our Molinolog game: docs/molinolog.md, "The board")."""
    rings = size + 1
    points = [[d, r] for r in range(1, rings + 1) for d in DIRS]
    edges = []
    for r in range(1, rings + 1):
        for i, d in enumerate(DIRS):
            edges.append([[d, r], [DIRS[(i + 1) % 8], r]])
    for d in ("n", "e", "s", "w"):
        for r in range(1, rings):
            edges.append([[d, r], [d, r + 1]])
    return {"size": size, "points": points, "edges": edges}


# ---- headless ---------------------------------------------------------------------------


def _policy_answer(msg: dict, picture: "Picture | None" = None) -> dict:
    """The headless answer to a call that waits: "no" to every question (so "¿Jugar de
    nuevo?" ends the program), the option that reads no (else the last), OK to a message,
    `salir` to gr_evento/2 (nobody is there to click)."""
    kind = msg.get("gr")
    if kind == "pregunta":
        return {"respuesta": "no"}
    if kind == "opciones":
        options = [str(o) for o in msg.get("opciones") or []]
        if not options:
            return {"cerrado": True}
        for i, text in enumerate(options):
            if text.strip().lower().startswith("n"):
                return {"indice": i}
        return {"indice": len(options) - 1}
    if kind == "evento":
        return {"evento": "salir"}
    return {"ok": True}


WINNER = re.compile(r"\b(negro|blanco|negras|blancas|black|white)\b", re.IGNORECASE)
DRAWN = re.compile(r"\b(tablas|empate|empataron|draw)\b", re.IGNORECASE)
COLOUR = {"negro": "negro", "negras": "negro", "black": "negro",
          "blanco": "blanco", "blancas": "blanco", "white": "blanco"}


def their_winner(messages: list[str]) -> str | None:
    """Who the program's last end message names: "negro", "blanco", "tablas", or None when
    it names neither or both."""
    for text in reversed(messages):
        if DRAWN.search(text):
            return "tablas"
        named = {COLOUR[m.lower()] for m in WINNER.findall(text)}
        if len(named) == 1:
            return named.pop()
    return None


def judge_pictures(size: int, pictures: list[dict], protect_mills: bool = False,
                   seconds: float = 300.0) -> dict:
    """prolog/molinolog/judge.pl's report on a list of {"i", "strict", "fichas"} (our own
    code, on data: run as a plain swipl process)."""
    request = json.dumps({"t": size, "protect_mills": protect_mills, "pictures": pictures},
                         ensure_ascii=False)
    try:
        done = subprocess.run([grade.swipl_path(), "-q", "-f", "none", "-g",
                               "molinolog_judge:judge_main", "-t", "halt", str(JUDGE)],
                              input=request.encode("utf-8"), capture_output=True,
                              timeout=seconds)
    except subprocess.TimeoutExpired:
        raise LabError(f"the judge took more than {seconds:g} s over {len(pictures)} "
                       "boards") from None
    try:
        return json.loads(done.stdout.decode("utf-8").strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise LabError("the judge failed: " + done.stderr.decode("utf-8", "replace")[-500:]) \
            from None


def judge_lab(path: Path | str, size: int = 1, *, goal: str | None = None,
              seconds: float = HEADLESS_SECONDS, max_draws: int = MAX_DRAWS,
              protect_mills: bool = False, answer=None, seed: int | None = None) -> dict:
    """Play a student's lab headless, `molinolog(maquina, maquina, size)` unless `goal`
    says otherwise, and judge every board it drew.

    `seed` seeds the program's random numbers (SWI-Prolog's `set_random(seed(N))`
    before the goal), so a program that plays at random plays the same game each run;
    without it each run is a new game.  `answer(msg, picture) -> reply` answers the calls that wait (default: the policy of
    _policy_answer: "no", OK, `salir`): with a goal that has a `humano` seat, it can
    play that seat, e.g. `{"evento": "click", "dir": "n", "dist": 1}` to gr_evento/2
    (`picture`, a Picture, is the board as the program drew it; `msg["gr"]` the call:
    evento, mensaje, pregunta, opciones).  The verdict (a dict, JSON-ready):

    - `ok`: every drawn position legal, the program ended by itself, its end message
      names the winner our rules see, and it did not play past our end;
    - `status`: `ended` (the goal returned), `failed` (the goal failed), `error` (it
      raised: `error`), `closed`, `halt` (the program called halt/0 or halt/1 itself,
      as the course's template does after "¿Jugar de nuevo?" No: an end of its own),
      `halted` (the process ended without a last line: a crash, a limit), `timeout` (past `seconds`), `too_long` (past
      `max_draws` gr_* calls), `load_error` (the file did not load, or a directive
      failed or raised while it loaded and the program then did not end by itself:
      `error` says which, `then` what came of the program: {status, error});
    - `load_errors`: the errors printed while the file loaded (each `file:line: text`);
    - `legal`, `illegal` (the first position that no legal action of ours reaches: the
      position before, the board drawn, what appeared and disappeared, `code` and
      `reason`), `past_end` (a board drawn after our rules ended the game, with how);
    - `ours` (the result our rules see at the last judged position, or None),
      `theirs` ({messages, winner}: the texts of their gr_mensaje/2, gr_pregunta/3 and
      gr_opciones/4 dialogs, and the winner the last one naming one names),
      `agree` (True, False, or None when one side has no result);
    - `plies`, `drawings`, `calls` (gr_* calls by name), `seconds`, `output` (the end of
      what the program printed)."""
    path = Path(path).resolve()
    if size not in (1, 2, 3):
        raise LabError("the board's size T is 1, 2 or 3")
    goal = check_goal(goal or f"molinolog(maquina, maquina, {size})")
    started = time.monotonic()
    deadline = started + seconds
    with tempfile.TemporaryFile() as err:
        process = LabProcess(path, goal, cpu=int(seconds) + 10, stderr=err, seed=seed)
        picture = Picture()
        pictures: list[dict] = []
        messages: list[str] = []
        calls: dict[str, int] = {}
        status, error, n = "halted", None, 0
        load_errors: list[str] = []
        loaded = False
        try:
            while True:
                try:
                    msg = process.receive(min(deadline, time.monotonic() + START_SECONDS)
                                          if n == 0 else deadline)
                except Late:
                    if loaded:
                        status = "timeout"
                    else:       # headless, nothing waits for a person while it loads
                        status, error = "load_error", (
                            f"the file did not finish loading in "
                            f"{min(seconds, START_SECONDS) if n == 0 else seconds:g} s "
                            f"(a directive that loops or waits?)")
                    break
                except Died:
                    status = "halted"
                    break
                n += 1
                kind = str(msg.get("gr"))
                calls[kind] = calls.get(kind, 0) + 1
                if kind == "cargado":
                    if msg.get("ok") is not True:
                        status, error = "load_error", str(msg.get("error", ""))
                        break
                    load_errors = [str(e) for e in msg.get("errores") or []]
                    loaded = True
                    continue
                if kind == "fin":
                    result = msg.get("resultado")
                    status = {"true": "ended", "false": "failed", "cerrado": "closed",
                              "halt": "halt"}.get(str(result).lower(), "error")
                    error = msg.get("error")
                    break
                if n > max_draws:
                    status = "too_long"
                    break
                drawn = picture.apply(msg)
                if drawn and picture.size:
                    pictures.append({"i": len(pictures), "strict": drawn == "strict",
                                     "fichas": picture.fichas(), "call": n})
                if kind in ("mensaje", "pregunta", "opciones"):
                    #  The end is announced in a dialog: gr_mensaje/2, or the question
                    #  that asks to play again ("Ha ganado el jugador negro, jugar
                    #  nuevamente?", a real 2019 lab's gr_opciones/4).
                    messages.append(str(msg.get("texto", "")))
                if msg.get("espera"):
                    try:
                        process.send((answer or _policy_answer)(msg, picture))
                    except Died:
                        status = "halted"
                        break
        finally:
            process.kill()
        err.seek(0, os.SEEK_END)
        err.seek(max(0, err.tell() - 4000))
        output = err.read().decode("utf-8", "replace")
    size_drawn = picture.size or size
    verdict = judge_pictures(size_drawn, pictures, protect_mills) if pictures else {
        "legal": True, "plies": 0, "games": 0, "ours": None, "illegal": None,
        "past_end": None, "position": None}
    theirs = {"messages": messages, "winner": their_winner(messages)}
    ours = verdict.get("ours")
    ours_winner = None if ours is None else (ours.get("winner") or "tablas")
    agree = None if ours_winner is None or theirs["winner"] is None else \
        ours_winner == theirs["winner"]
    #  A directive that failed or raised while the file loaded (the program ran on, as in
    #  swipl) is the cause to report when the program did not end by itself: what came
    #  after it (a timeout, an unknown predicate) is its consequence.
    then = None
    if load_errors and status not in ("ended", "closed"):
        then = {"status": status, "error": error}
        status, error = "load_error", "\n".join(load_errors)
    report = {
        "file": str(path), "goal": goal, "size": size_drawn, "status": status, "error": error,
        "load_errors": load_errors, "then": then,
        "legal": verdict["legal"], "illegal": verdict["illegal"],
        "past_end": verdict["past_end"], "ours": ours, "theirs": theirs, "agree": agree,
        "plies": verdict["plies"], "drawings": len(pictures), "calls": calls,
        "seconds": round(time.monotonic() - started, 2), "output": output[-2000:],
    }
    report["ok"] = bool(status in ("ended", "halt") and report["legal"] and agree
                        and not report["past_end"])
    return report


def report_text(report: dict) -> str:
    """The verdict in words, for a terminal."""
    lines = [f"{report['file']}: {report['goal']}",
             f"  ended: {report['status']}" + (f" ({report['error'].strip()})"
                                                if report.get("error") else "")]
    then = report.get("then")
    if then:
        lines.append(f"  then: {then['status']}" + (f" ({str(then['error']).strip()})"
                                                     if then.get("error") else ""))
    elif report.get("load_errors"):
        lines.append("  while loading: " + "; ".join(report["load_errors"]))
    lines.append(f"  boards drawn: {report['drawings']}, actions judged: {report['plies']}")
    bad = report.get("illegal")
    if bad:
        pos = bad["position"]
        lines += ["  ILLEGAL at board " + str(bad["picture"] + 1) + f": {bad['reason']} "
                  f"[{bad['code']}]",
                  f"    position before: {pos['turno']} to play, phase {pos['fase']}, "
                  f"pieces {_pieces(pos['fichas'])}",
                  f"    board drawn:     {_pieces(bad['drawn'])}"]
    else:
        lines.append("  every board drawn follows from the one before by our rules")
    if report.get("past_end"):
        lines.append(f"  played on after our rules ended the game ({report['past_end']['result']})")
    ours = report.get("ours")
    lines.append(f"  our rules: {ours['message'] if ours else 'the game was not over'}")
    theirs = report["theirs"]
    lines.append(f"  their message: {theirs['messages'][-1] if theirs['messages'] else '(none)'}"
                 f" -> {theirs['winner'] or 'no winner named'}")
    lines.append("  verdict: " + ("OK" if report["ok"] else "NOT OK"))
    return "\n".join(lines)


def _pieces(fichas: list) -> str:
    return " ".join(f"{'X' if c == 'negro' else 'O'}({d},{r})" for c, d, r in fichas) or "none"


# ---- the web board ----------------------------------------------------------------------


def configured() -> tuple[Path, str, float] | None:
    """(file, goal, idle seconds) of the lab this server serves (`tablero lab` sets
    $TABLERO_LAB for its worker), or None."""
    from flask import current_app, has_app_context

    lab = current_app.config.get("LAB") if has_app_context() else None
    if lab is None:
        game, _, file = os.environ.get(ENV, "").partition("=")
        if game != "molinolog" or not file:
            return None
        lab = {"file": file, "goal": os.environ.get(ENV_GOAL, DEFAULT_GOAL),
               "idle": float(os.environ.get(ENV_IDLE, str(IDLE)))}
    return Path(lab["file"]), lab.get("goal", DEFAULT_GOAL), float(lab.get("idle", IDLE))


class LabSession:
    """One page's lab: the student's process, what its window shows now, the call it is
    blocked in (`pending`), and the clicks queued for gr_evento/2.  A thread of its own
    reads the process; request threads only look and answer (under `cond`)."""

    def __init__(self, path: Path, goal: str, idle: float):
        self.id = secrets.token_urlsafe(18)
        self.goal, self.idle, self.file = goal, idle, Path(path).name
        self.cond = threading.Condition()
        self.revision = 0
        self.picture = Picture()
        self.open = False               # a window of gr_crear/3 is open
        self.buttons: list[str] = []
        self.pending: dict | None = None   # the call waiting for the person, with its seq
        self.queue: list[dict] = []
        self.ended: str | None = None      # why the session ended
        self.error: str | None = None      # the program's error or load failure
        self.load_errors: list[str] = []   # directives that failed or raised as it loaded
        self.last_seen = time.monotonic()
        self.seq = 0
        self.calls = 0                     # gr_* calls read
        self.output = ""                   # the end of what it printed, once it ended
        self._stderr = tempfile.TemporaryFile()
        self.process = LabProcess(path, goal, cpu=WEB_CPU, stderr=self._stderr)
        self.thread = threading.Thread(target=self._read, name=f"lab-{self.id[:6]}",
                                       daemon=True)
        self.thread.start()

    # -- the process's side (the reader thread) --

    def _read(self) -> None:
        while True:
            try:
                msg = self.process.receive(time.monotonic() + 30)
            except Late:
                continue
            except Died:
                self.end("halted")
                self.process.close()
                return
            with self.cond:
                self.calls += 1
                if self.calls > MAX_WEB_CALLS:
                    self._end_locked("too_long")
                else:
                    self._take(msg)
                self.revision += 1
                self.cond.notify_all()

    def _take(self, msg: dict) -> None:
        kind = msg.get("gr")
        if kind == "cargado":
            if msg.get("ok") is not True:
                self.error = str(msg.get("error", ""))[:2000]
                self._end_locked("load_error")
            else:
                self.load_errors = [str(e)[:2000] for e in msg.get("errores") or []][:20]
            return
        if kind == "fin":
            result = str(msg.get("resultado")).lower()
            if result == "error":
                self.error = str(msg.get("error", ""))[:2000]
            self._end_locked({"true": "ended", "false": "failed", "halt": "halted"}.get(
                result, result))
            return
        if kind == "crear":
            self.open = True
            self.buttons = [str(b) for b in msg.get("botones") or []][:20]
        elif kind == "destruir" or kind == "purgar":
            self.open = False
            self.buttons = []
        self.picture.apply(msg)
        if kind == "dibujar_tablero" or kind == "dimensiones":
            self.picture.marks = set()
        if msg.get("espera"):
            self.seq += 1
            self.pending = {**msg, "seq": self.seq}
            if kind == "evento" and self.queue:
                self._deliver(self.queue.pop(0))

    def _deliver(self, reply: dict) -> None:
        self.pending = None
        try:
            self.process.send(reply)
        except Died:
            self._end_locked("halted")

    # -- the page's side (request threads) --

    def view(self) -> dict:
        """What the page shows now (under cond)."""
        pending = self.pending
        dialog = None
        if pending and pending.get("gr") in ("mensaje", "pregunta", "opciones"):
            dialog = {"seq": pending["seq"], "kind": pending["gr"],
                      "text": str(pending.get("texto", "")),
                      "options": [str(o) for o in pending.get("opciones") or []]}
        size = self.picture.size
        return {
            "id": self.id, "revision": self.revision, "file": self.file, "goal": self.goal,
            "open": self.open, "buttons": self.buttons,
            "board": board_lines(size) if size else None,
            "pieces": [[d, r, "b" if c == "negro" else "w"]
                       for (d, r), c in sorted(self.picture.pieces.items())],
            "marks": sorted([d, r] for d, r in self.picture.marks),
            "status": self.picture.status, "dialog": dialog,
            "waiting": bool(pending and pending.get("gr") == "evento"),
            "queued": len(self.queue), "ended": self.ended, "error": self.error,
            "output": self.output,
        }

    def wait(self, after: int, seconds: float) -> dict:
        self.last_seen = time.monotonic()
        with self.cond:
            self.cond.wait_for(lambda: self.revision > after or self.ended is not None,
                               timeout=seconds)
            return self.view()

    def event(self, body: dict) -> dict:
        """A click on a point, a button pressed, or the window closed (`salir`)."""
        self.last_seen = time.monotonic()
        with self.cond:
            if self.ended is not None:
                raise SessionRefused(409, "lab_ended", "The program has ended")
            reply = self._event_reply(body)
            if self.pending and self.pending.get("gr") == "evento":
                self._deliver(reply)
            elif len(self.queue) >= MAX_QUEUED:
                raise SessionRefused(409, "queue_full",
                                     "The program is busy: wait until it asks for a click")
            else:
                self.queue.append(reply)
            self.revision += 1
            self.cond.notify_all()
            return self.view()

    def _event_reply(self, body: dict) -> dict:
        if not self.open:
            raise SessionRefused(409, "no_window", "The program has no window open")
        if "click" in body:
            click = body["click"]
            size = self.picture.size
            point = (_point(click[0], click[1], size)
                     if isinstance(click, list) and len(click) == 2 and size else None)
            if point is None:
                raise SessionRefused(400, "off_board", "click: a point [dir, ring] of the board")
            return {"evento": "click", "dir": point[0], "dist": point[1]}
        if "boton" in body:
            index = body["boton"]
            if not isinstance(index, int) or isinstance(index, bool) \
                    or not 0 <= index < len(self.buttons):
                raise SessionRefused(400, "bad_button", "boton: the index of one of its buttons")
            return {"evento": "boton", "indice": index}
        if body.get("salir") is True:
            return {"evento": "salir"}
        raise SessionRefused(400, "bad_event", "send click, boton or salir")

    def answer(self, body: dict) -> dict:
        """The answer of the dialog `seq` (a message's OK, a question's text, an option's
        index, or closed without an answer)."""
        self.last_seen = time.monotonic()
        with self.cond:
            pending = self.pending
            if self.ended is not None:
                raise SessionRefused(409, "lab_ended", "The program has ended")
            if not pending or pending.get("gr") not in ("mensaje", "pregunta", "opciones") \
                    or body.get("seq") != pending["seq"]:
                raise SessionRefused(409, "no_dialog", "That dialog is not open any more")
            kind = pending["gr"]
            if body.get("cerrado") is True:
                reply = {"cerrado": True} if kind != "mensaje" else {"ok": True}
            elif kind == "mensaje":
                reply = {"ok": True}
            elif kind == "pregunta":
                text = body.get("respuesta")
                if not isinstance(text, str) or len(text) > 1000:
                    raise SessionRefused(400, "bad_answer", "respuesta: the text typed")
                reply = {"respuesta": text}
            else:
                index = body.get("indice")
                if not isinstance(index, int) or isinstance(index, bool) \
                        or not 0 <= index < len(pending.get("opciones") or []):
                    raise SessionRefused(400, "bad_answer", "indice: one of the options")
                reply = {"indice": index}
            self._deliver(reply)
            self.revision += 1
            self.cond.notify_all()
            return self.view()

    def end(self, why: str) -> None:
        with self.cond:
            self._end_locked(why)
            self.cond.notify_all()

    def _end_locked(self, why: str) -> None:
        if self.ended is None and self.load_errors and why in ("error", "failed", "halted",
                                                               "too_long"):
            #  The program ran on after a directive failed as it loaded (as in swipl);
            #  that is the cause to show, what came after it is its consequence.
            then = f"{why}: {self.error}" if self.error else why
            self.error = ("\n".join(self.load_errors) + f"\n(then: {then})")[:4000]
            why = "load_error"
        if self.ended is None:
            self.ended = why
            self.revision += 1
            self.process.stop()
            #  What it printed (errors, warnings, syntax errors of its file: its
            #  user_output and user_error go there), for the page to show.
            try:
                self._stderr.seek(0, os.SEEK_END)
                self._stderr.seek(max(0, self._stderr.tell() - 3000))
                self.output = self._stderr.read().decode("utf-8", "replace")
                self._stderr.close()
            except (OSError, ValueError):
                pass
        self.pending = None

    @property
    def pid(self) -> int:
        return self.process.pid


class SessionRefused(Exception):
    def __init__(self, status: int, code: str, message: str):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class LabSessions:
    """This server process's lab sessions, and the thread that ends the idle ones."""

    def __init__(self):
        self.lock = threading.Lock()
        self.sessions: dict[str, LabSession] = {}
        self.reaper: threading.Thread | None = None

    def start(self, path: Path, goal: str, idle: float) -> LabSession:
        with self.lock:
            self._sweep()
            live = [s for s in self.sessions.values() if s.ended is None]
            if len(live) >= MAX_SESSIONS:
                raise SessionRefused(503, "lab_busy", "Too many labs are running: try again "
                                     "in a minute")
            session = LabSession(path, goal, idle)
            self.sessions[session.id] = session
            if self.reaper is None or not self.reaper.is_alive():
                self.reaper = threading.Thread(target=self._reap, name="lab-reaper",
                                               daemon=True)
                self.reaper.start()
            return session

    def get(self, sid: str) -> LabSession:
        with self.lock:
            found = self.sessions.get(sid)
        if found is None:
            raise SessionRefused(404, "no_lab", "No such lab session (it ended, or the page "
                                 "was away too long): reload the page")
        return found

    def _sweep(self) -> None:
        now = time.monotonic()
        for sid, session in list(self.sessions.items()):
            if session.ended is None and now - session.last_seen > session.idle:
                session.end("idle")
            if session.ended is not None and now - session.last_seen > session.idle + 60:
                del self.sessions[sid]

    def _reap(self) -> None:
        while True:
            time.sleep(1.0)
            with self.lock:
                self._sweep()
                if not self.sessions:
                    self.reaper = None
                    return

    def close(self) -> None:
        with self.lock:
            for session in self.sessions.values():
                session.end("closed")
            self.sessions.clear()


SESSIONS = LabSessions()


# ---- the routes -------------------------------------------------------------------------

from flask import Blueprint, jsonify, request  # noqa: E402

bp = Blueprint("lab", __name__)


def _refused(exc: SessionRefused):
    from .security import error

    return error(exc.status, exc.code, exc.message)


def _body() -> dict:
    from .security import request_body

    return request_body()


@bp.get("/lab/molinolog")
def lab_page():
    """The lab's page: the student's program, started for this page only."""
    from . import assets
    from .security import error

    if configured() is None:
        return error(404, "no_lab", "This server runs no lab: start it with "
                     "`tablero lab molinolog FILE.pl`")
    return assets.page("molinolog-lab.html")


@bp.post("/api/lab/sessions")
def lab_start():
    lab = configured()
    if lab is None:
        return _refused(SessionRefused(404, "no_lab", "This server runs no lab"))
    path, goal, idle = lab
    try:
        session = SESSIONS.start(path, goal, idle)
    except SessionRefused as exc:
        return _refused(exc)
    except (LabError, confine.UnconfinedError, grade.GradeError, OSError) as exc:
        return _refused(SessionRefused(503, "lab_unavailable", str(exc)))
    with session.cond:
        view = session.view()
    return jsonify({**view, "poll": min(POLL_SECONDS, idle / 3)}), 201


@bp.get("/api/lab/<sid>")
def lab_view(sid):
    """The lab's window now; with ?after=N, once its revision passes N (or after the poll's
    seconds, whichever comes first)."""
    try:
        session = SESSIONS.get(sid)
        after = request.args.get("after", type=int)
    except SessionRefused as exc:
        return _refused(exc)
    seconds = 0 if after is None else min(POLL_SECONDS, session.idle / 3)
    return jsonify(session.wait(-1 if after is None else after, seconds))


@bp.post("/api/lab/<sid>/event")
def lab_event(sid):
    try:
        return jsonify(SESSIONS.get(sid).event(_body()))
    except SessionRefused as exc:
        return _refused(exc)


@bp.post("/api/lab/<sid>/answer")
def lab_answer(sid):
    try:
        return jsonify(SESSIONS.get(sid).answer(_body()))
    except SessionRefused as exc:
        return _refused(exc)


@bp.post("/api/lab/<sid>/close")
def lab_close(sid):
    """The page goes away: its program is ended at once."""
    try:
        session = SESSIONS.get(sid)
    except SessionRefused as exc:
        return _refused(exc)
    session.end("closed")
    return jsonify({"ended": session.ended})


# ---- the command ------------------------------------------------------------------------


def main(argv: list[str], serve=None) -> int:
    """`tablero lab molinolog FILE`: the lab on a page, served by `serve`, the command line's
    `tablero serve` (app/cli.py's main, which hands itself over: the lab does not import the
    command line that runs it), or --headless.  The exit status."""
    parser = argparse.ArgumentParser(
        prog="tablero lab",
        description="Run a student's Molinolog lab (its molinolog.pl, unmodified, with our "
        "graficos.pl): on a web page where a person plays it, or --headless, two machines "
        "judged by our rules (docs/molinolog.md).")
    parser.add_argument("game", choices=["molinolog"])
    parser.add_argument("file", type=Path, help="the student's molinolog.pl")
    parser.add_argument("--goal", help="the goal that starts the game (default "
                        f"{DEFAULT_GOAL!r}; headless: 'molinolog(maquina, maquina, T)')")
    parser.add_argument("--headless", action="store_true",
                        help="play it with no page and print the judge's verdict")
    parser.add_argument("--size", type=int, default=2, choices=[1, 2, 3],
                        help="headless: the board's size T (default 2)")
    parser.add_argument("--seconds", type=float, default=HEADLESS_SECONDS,
                        help=f"headless: the game's time budget (default {HEADLESS_SECONDS:g})")
    parser.add_argument("--json", action="store_true", help="headless: the verdict as JSON")
    parser.add_argument("--seed", type=int, help="headless: seed the program's random "
                        "numbers, so that it plays the same game each run")
    parser.add_argument("--host", default=os.environ.get("TABLERO_HOST", "127.0.0.1"))
    parser.add_argument("--port", type=int, default=int(os.environ.get("TABLERO_PORT", "5000")))
    parser.add_argument("--idle", type=float, default=IDLE,
                        help=f"seconds a page may be away before its program is ended "
                        f"(default {IDLE:g})")
    parser.add_argument("--db", help="as tablero serve's (the server's other pages)")
    args = parser.parse_args(argv)
    path = args.file.expanduser().resolve()
    problem, _ = grade.check_file(path)
    if problem:
        parser.error(problem)
    try:
        goal = check_goal(args.goal) if args.goal else None
    except LabError as exc:
        parser.error(str(exc))
    problem = confine.problem()
    if problem:
        parser.error(f"the lab runs only confined: {problem}")
    if args.headless:
        try:
            report = judge_lab(path, args.size, goal=goal, seconds=args.seconds,
                               seed=args.seed)
        except LabError as exc:
            parser.error(str(exc))
        print(json.dumps(report, ensure_ascii=False, indent=1) if args.json
              else report_text(report))
        return 0 if report["ok"] else 1
    if args.idle < 3:
        parser.error("--idle: 3 seconds or more")
    os.environ[ENV] = f"molinolog={path}"
    os.environ[ENV_GOAL] = goal or DEFAULT_GOAL
    os.environ[ENV_IDLE] = str(args.idle)
    print(f"Tablero: the lab {path.name} ({goal or DEFAULT_GOAL}) at "
          f"http://{args.host}:{args.port}/lab/molinolog", flush=True)
    if serve is None:
        parser.error("the lab's page is served by `tablero lab` (app/cli.py)")
    #  One worker, never recycled: the sessions and their processes live in it.
    command = ["serve", "--workers", "1", "--max-requests", "0", "--host", args.host,
               "--port", str(args.port)]
    if args.db:
        command += ["--db", args.db]
    serve(command)
    return 0
