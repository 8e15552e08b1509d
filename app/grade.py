"""`tablero grade FILE.pl`: grade a student's Go rules module (the UNS 2019 course).

Start reading here: grade() runs the student's file and returns a report (a
dict), text_report()/html_report() draw it, and grade_class() grades a class's
folder (with this grader, GO, or a kit game's: app/grade_games.py).  The command
line, `tablero grade`, is app/grading.py's.

The student's code never runs in this process, nor in the pyswip-embedded
Prolog of a web worker: prolog/grade/driver.pl runs in a `swipl` subprocess of
its own, in its own process group (session), with a Prolog stack limit,
address-space, file-size and CPU-time limits (prlimit), and a wall-clock
deadline after which the whole group is killed.  Inside, every call of the
student's code runs under call_with_time_limit/2 and
call_with_inference_limit/3 with its output captured (prolog/grade/sandbox.pl).
The driver writes one JSON record a line to a results file of its own, so
nothing the student prints can be taken for a result.  If the student's code
ends the process (halt/0 reached through call/1, abort/0, a crash), the case it
was running is marked and the driver starts again after it, at most
MAX_RESTARTS times.

Every rule decision (the expected boards, the random games, the replay of the
GNU Go games, the scores) is made in Prolog by our rules (prolog/go.pl); this
module runs processes, counts, and draws.

Exit status: 0 every contract check passed, 1 some failed, 2 the file could not
be graded (not text, syntax errors, no emptyBoard/1 or goMove/4, loading did not
end).  See docs/grading.md.
"""

from __future__ import annotations

import contextlib
import html
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Callable, NamedTuple

from . import confine

ROOT = Path(__file__).resolve().parent.parent
DRIVER = confine.PROLOG_DIR / "grade" / "driver.pl"
GAMES_FILE = confine.PROLOG_DIR / "grade" / "gnugo_games.pl"
GNUGO = "/usr/games/gnugo"  # Debian's package puts it here, off the default PATH

WALL_SECONDS = 300.0     # the whole grade, every driver run included: a backstop only
CASE_BUDGET = 38.0       # CPU seconds of a driver run (load and cases); the rest is not run
CALL_SECONDS = 2.0       # CPU seconds of one call of goMove/4 (the score gets twice)
CALL_INFERENCES = 10_000_000  # one call of goMove/4 (the score gets ten times)
STACK_LIMIT = "512m"     # Prolog stacks (swipl --stack-limit)
ADDRESS_SPACE = 2 << 30  # bytes of address space of the driver
OUTPUT_LIMIT = 16 << 20  # bytes the driver may write to any one file
MAX_RESTARTS = 3
DEFAULT_SEEDS = "1,2,3"  # the random games: several seeds by default
SHOWN_FAILURES = 8       # failures drawn per section in the text report
HTML_FAILURES = 40       # and in the HTML report
MAX_FILE_BYTES = 2 << 20

_NAME = re.compile(r"^[a-z][A-Za-z0-9_]*$")
_DOCUMENTED_ORDER = {"terminarJuego": "wb", "finDelJuego": "bw"}
_ORDER_WORDS = {
    "wb": "White's points first, as document 000's terminarJuego(Board, PuntosW, PuntosB)",
    "bw": "Black's points first, as document 004's "
          "finDelJuego(Board, PuntajeNegras, PuntajeBlancas)",
}


class GradeError(Exception):
    """The grader itself cannot run (no swipl, a bad option): not the student's fault."""


# ------------------------------------------------------------ command line


# ------------------------------------------------------------ grading


def grade(path: Path, score: str | None = None, score_order: str | None = None,
          seed: int | str = DEFAULT_SEEDS, only: str | None = None,
          call_seconds: float = CALL_SECONDS, wall_seconds: float = WALL_SECONDS,
          budget: float = CASE_BUDGET, require: str | None = None,
          weights: str | None = None) -> dict:
    """Grade the file at `path` and return the report (see build_report())."""
    started = time.monotonic()
    score_name = _score_name(score)
    sections = _sections(only)
    if not 0.01 <= call_seconds <= 10:
        raise GradeError("--call-seconds must be between 0.01 and 10")
    config = grade_config(require, weights)
    shown = Path(path)
    with student_files(Path(path)) as (main_file, root):
        if main_file is None:
            report = unloadable_report(shown, root)
            report["config"] = config
            return _finish(report, fatal=root)
        report = _grade_file(shown, main_file, root, score_name, score_order, seed, sections,
                             call_seconds, wall_seconds, budget, config, started)
    return report


def _grade_file(shown, path, root, score_name, score_order, seed, sections, call_seconds,
                wall_seconds, budget, config, started) -> dict:
    problem, encoding = check_file(path)
    if problem:
        report = unloadable_report(shown, problem)
        report["config"] = config
        return _finish(report, fatal=problem)
    options = [f"--encoding={encoding}", f"--seeds={_seeds(seed)}",
               f"--call-seconds={call_seconds:g}", f"--call-inferences={CALL_INFERENCES}"]
    if score_name:
        options.append(f"--score={score_name}")
    if sections:
        options.append(f"--sections={','.join(sections)}")
    records, process = run_driver(path.resolve(), options, started + wall_seconds, budget,
                                  root=root)
    report = build_report(shown, records, process, score_order, config)
    if Path(shown) != Path(path):
        report["graded_file"] = str(path.resolve().relative_to(root)) if root else str(path)
    report["process"]["seconds"] = round(time.monotonic() - started, 1)
    return report



def _seeds(seed) -> str:
    seeds = [s for s in str(seed).replace(" ", "").split(",") if s]
    if not seeds or not all(re.fullmatch(r"\d{1,9}", s) for s in seeds) or len(seeds) > 20:
        raise GradeError(f"--seed {seed!r}: give one seed or several, as 1,2,3")
    return ",".join(seeds)


def grade_config(require: str | None, weights: str | None) -> dict:
    """The teacher's overall grade: which predicates must pass, and their weights."""
    req = list(PREDICATES)
    if require:
        req = [x.strip() for x in require.split(",") if x.strip()]
        bad = [x for x in req if x not in PREDICATES]
        if bad:
            raise GradeError(f"--require: unknown {bad[0]!r} (known: {', '.join(PREDICATES)})")
    w = dict(DEFAULT_WEIGHTS)
    if weights:
        w = {k: 0 for k in PREDICATES}
        for part in weights.split(","):
            key, _, value = part.partition("=")
            if key.strip() not in PREDICATES or not value.strip().isdigit():
                raise GradeError(f"--weights: {part!r} (give goMove/4=70,score=20,emptyBoard/1=10)")
            w[key.strip()] = int(value)
    return {"require": req, "weights": w}


def _score_name(score: str | None) -> str | None:
    if not score:
        return None
    name, _, arity = score.partition("/")
    if arity not in ("", "3") or not _NAME.match(name):
        raise GradeError(f"--score {score!r}: give a predicate name of arity 3, as terminarJuego/3")
    return name


def _sections(only: str | None) -> list[str]:
    known = ["positions", "score", "gnugo19", "random19", "gnugo9", "random9", "score9"]
    if not only:
        return []
    names = [s.strip() for s in only.split(",") if s.strip()]
    unknown = [s for s in names if s not in known]
    if unknown:
        raise GradeError(f"--only: unknown section {unknown[0]!r} (known: {', '.join(known)})")
    return names


def check_file(path: Path) -> tuple[str | None, str]:
    """(problem, encoding): why the file cannot be Prolog text at all, or None."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        return f"cannot read {path}: {exc.strerror}", ""
    if len(data) > MAX_FILE_BYTES:
        return f"{path} is {len(data)} bytes: not a student's rules module", ""
    if b"\0" in data:
        return f"{path} is not a text file (it holds NUL bytes)", ""
    if not data.strip():
        return f"{path} is empty", ""
    try:
        data.decode("utf-8")
        return None, "utf8"
    except UnicodeDecodeError:
        return None, "iso_latin_1"


def run_driver(path: Path, options: list[str], deadline: float,
               budget: float, root: Path | None = None,
               replace: dict | None = None) -> tuple[list[dict], dict]:
    """Run the driver until it ends normally, restarting it after a case that
    ended its process; return every record and how the process went.  `replace`
    ({file name: our file}) stages our file in the student's folder in place of
    theirs (Molinolog's graficos.pl, app/confine.py's student_folder())."""
    swipl = swipl_path()
    records: list[dict] = []
    process = {"runs": 0, "restarts": 0, "stdout": "", "stderr": ""}
    skip = 0
    problem = confine.problem()
    if problem:
        raise GradeError(f"a student's code is only run confined: {problem}")
    with confine.writable_dir("tablero-grade-") as tmp:
        while True:
            run = process["runs"]
            results = Path(tmp) / f"results-{run}.jsonl"
            left = deadline - time.monotonic()
            argv = [swipl, f"--stack-limit={STACK_LIMIT}", "-f", "none", str(DRIVER),
                    "--", f"--student={path}", f"--results={results}", f"--skip={skip}",
                    f"--budget={budget:.1f}", *options]
            limits = {**LIMITS, "cpu": int(budget * 2) + 30}
            status, killed = _run_once(argv, Path(tmp), run, left, process, path, limits, root,
                                       replace)
            process["runs"] += 1
            new = read_records(results)
            if run > 0:  # a restart says again what the first run said
                new = [r for r in new if r["kind"] not in
                       ("start", "load", "contract", "score_predicate", "plan")]
            records.extend(new)
            if any(r["kind"] == "done" for r in new):
                break
            index = _interrupted_index(new, skip)
            died = next((r for r in new if r["kind"] == "died"), {})
            if killed:
                records.append({**died, "kind": "killed", "index": index})
                break
            if index in ("load", "contract") or not any(r["kind"] == "load" for r in records):
                records.append({"kind": "died_loading", "status": status,
                                "phase": "contract" if index == "contract" else "load"})
                break
            records.append({**died, "kind": "crashed", "index": index, "status": status,
                            "halted": bool(died)})
            if process["restarts"] >= MAX_RESTARTS or deadline - time.monotonic() < 8:
                records.append({"kind": "gave_up", "index": index + 1})
                break
            process["restarts"] += 1
            skip = index + 1
    return records, process


def swipl_path() -> str:
    """The `swipl` to run a student's code with (GradeError if there is none)."""
    swipl = shutil.which("swipl")
    if not swipl:
        raise GradeError("swipl is not installed (apt-get install swi-prolog-nox)")
    return swipl


LIMITS = {"as": ADDRESS_SPACE, "fsize": OUTPUT_LIMIT}   # prlimit's, for every student process


def boxed_files(student: Path, root: Path | None = None, replace: dict | None = None) -> list:
    """What a student's process sees, read-only (app/confine.py): our prolog/ folder, and
    the student's file with the Prolog files beside it (nothing else of its folder), or,
    for a folder or a zip graded whole, every Prolog file under its `root` (with our
    files of `replace` in place of theirs of the same name)."""
    student = Path(student).resolve()
    if student.is_relative_to(confine.PROLOG_DIR):     # our own rules, graded as a student's
        return [confine.PROLOG_DIR]
    #  The student's folder first: when it holds our prolog/ folder, ours is shown over it.
    if root:
        root = Path(root).resolve()
        return [(confine.student_folder(student, root, replace=replace), root),
                confine.PROLOG_DIR]
    return [(confine.student_folder(student, replace=replace), student.parent),
            confine.PROLOG_DIR]


MAX_ZIP_BYTES = 50 << 20
MAX_ZIP_FILES = 5000


@contextlib.contextmanager
def student_files(path: Path, find=None):
    """(main file, root): a .pl file as it is (root None); a folder or a .zip (a
    repository): the file to grade in it (`find`(root): Go's find_main_file by default,
    proylcc.pl, else the one defining goMove/4) and the folder it is graded in (a zip is
    unzipped into a temporary folder, shown read-only to the student's process).  (None,
    why) when there is nothing to grade."""
    path = Path(path)
    find = find or find_main_file
    what = "defining goMove/4" if find is find_main_file else "to grade (docs/grading.md)"
    if path.is_dir():
        main = find(path)
        yield (main, path.resolve()) if main else (None, f"no Prolog file {what} "
                                                          f"in the folder {path}")
        return
    if path.suffix.lower() == ".zip" and path.is_file():
        with tempfile.TemporaryDirectory(prefix="tablero-zip-") as tmp:
            why = unzip_safely(path, Path(tmp))
            if why:
                yield None, why
                return
            os.chmod(tmp, 0o755)
            main = find(Path(tmp))
            yield (main, Path(tmp).resolve()) if main else (
                None, f"no Prolog file {what} in the zip {path.name}")
        return
    yield path, None


def unzip_safely(zip_path: Path, target: Path) -> str | None:
    """Unzip the Prolog files of `zip_path` into `target` (no absolute paths, no ..,
    no links, bounded sizes); why not, or None."""
    try:
        with zipfile.ZipFile(zip_path) as z:
            infos = z.infolist()
            if len(infos) > MAX_ZIP_FILES:
                return f"{zip_path.name} holds {len(infos)} files: not a student's solution"
            total = 0
            for info in infos:
                name = info.filename
                parts = Path(name).parts
                if (info.is_dir() or name.startswith("/") or ".." in parts
                        or Path(name).suffix.lower() not in confine.PROLOG_SUFFIXES
                        or "__MACOSX" in parts):
                    continue
                total += info.file_size
                if info.file_size > MAX_FILE_BYTES or total > MAX_ZIP_BYTES:
                    return f"{zip_path.name}: {name} is too large"
                dest = target / name
                dest.parent.mkdir(parents=True, exist_ok=True)
                with z.open(info) as src, open(dest, "wb") as out:
                    out.write(src.read(MAX_FILE_BYTES + 1))
                os.chmod(dest, 0o644)
            for folder, dirs, _ in os.walk(target):
                for d in dirs:
                    os.chmod(os.path.join(folder, d), 0o755)
    except (zipfile.BadZipFile, OSError) as exc:
        return f"{zip_path.name} is not a zip file that can be read: {exc}"
    return None


_DEFINES_GOMOVE = re.compile(rb"^\s*goMove\s*\(", re.M)


def find_main_file(root: Path) -> Path | None:
    """The file to grade in a folder: proylcc.pl (the shallowest), else the shallowest
    Prolog file with a clause of goMove, else the only Prolog file."""
    files = []
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__MACOSX")
        files += [Path(folder, n) for n in sorted(names)
                  if Path(n).suffix.lower() in (".pl", ".pro", ".prolog")]
    files.sort(key=lambda p: (len(p.relative_to(root).parts), str(p)))
    for p in files:
        if p.name.lower() == "proylcc.pl":
            return p
    for p in files:
        try:
            if _DEFINES_GOMOVE.search(p.read_bytes()[:MAX_FILE_BYTES]):
                return p
        except OSError:
            continue
    return files[0] if len(files) == 1 else None


def _run_once(argv: list[str], tmp: Path, run: int, seconds: float,
              process: dict, student: Path, limits: dict,
              root: Path | None = None, replace: dict | None = None) -> tuple[int | None, bool]:
    """Run one driver; keep the start of its stdout/stderr; (status, killed)."""
    out_path, err_path = tmp / f"stdout-{run}", tmp / f"stderr-{run}"
    with open(out_path, "wb") as out, open(err_path, "wb") as err:
        proc = confine.popen(argv, read_only=boxed_files(student, root, replace),
                             writable=[tmp],
                             limits=limits, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                             cwd=tmp)
        killed = False
        try:
            proc.wait(timeout=max(0.5, seconds))
        except subprocess.TimeoutExpired:
            killed = True
        finally:
            _kill_group(proc)
    for name, file in (("stdout", out_path), ("stderr", err_path)):
        with open(file, "rb") as f:
            text = f.read(4000).decode("utf-8", "replace")
        if text and len(process[name]) < 4000:
            process[name] += text
    return proc.returncode, killed


def _kill_group(proc: subprocess.Popen) -> None:
    """Kill the driver's whole process group (anything the student's code started too)."""
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    proc.wait()


def _interrupted_index(records: list[dict], skip: int):
    """The case a run was in when its process ended: its "died" record says, or
    the one after the last case it finished."""
    for r in records:
        if r["kind"] == "died":
            return r["index"]
    done = [r["index"] for r in records if r["kind"] in ("move", "score", "check", "internal")]
    if not any(r["kind"] == "plan" for r in records) and not done:
        return "load" if not any(r["kind"] == "load" for r in records) else skip
    return max(done) + 1 if done else skip


def read_records(path: Path) -> list[dict]:
    """The JSON records of a results file; a line cut short by a kill is dropped."""
    records = []
    if not path.exists():
        return records
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError:
                continue
    return records


# ------------------------------------------------------------ the report


def unloadable_report(path: Path, problem: str) -> dict:
    """The report of a file that is not Prolog text at all."""
    report = _empty_report(path)
    report.update(verdict="error", exit=2, summary=f"COULD NOT GRADE: {problem}")
    report["load"] = {"ok": False, "failure": problem}
    return report


def _empty_report(path: Path) -> dict:
    return {"file": str(path), "verdict": "", "exit": 2, "summary": "", "load": {},
            "contract": [], "score": {}, "sections": [], "notes": [], "internal": [],
            "timing": {}, "determinism": {}, "output": {},
            "process": {"runs": 0, "restarts": 0, "seconds": 0}}


def build_report(path: Path, records: list[dict], process: dict,
                 score_order: str | None, config: dict | None = None) -> dict:
    """The report of a grade from the driver's records.

    Keys: file, verdict ("pass", "fail", "error"), exit (0, 1, 2), summary (one
    line), load, contract (checks: check, ok, message), score (the score
    predicate and its order), sections (counts, timing and failures of each),
    notes, internal (the grader's own errors), timing, determinism, output,
    process.
    """
    report = _empty_report(path)
    if config:
        report["config"] = config
    report["process"].update(runs=process["runs"], restarts=process["restarts"],
                             cpu=round(sum(r.get("cpu", 0) for r in records
                                           if r["kind"] == "done"), 2))
    load = next((r for r in records if r["kind"] == "load"), None)
    report["load"] = load or {"ok": False, "failure": "the driver did not start"}
    if load is None:
        report["load"]["failure"] = _died_loading_words(records, process)
        return _finish(report, fatal=report["load"]["failure"])
    if any(r["kind"] == "died_loading" for r in records):
        report["load"]["failure"] = _died_loading_words(records, process)
        return _finish(report, fatal=report["load"]["failure"])
    if not load["ok"]:
        return _finish(report, fatal=load["failure"])
    _rename_module(records, load.get("module") or "")
    if load["syntax_errors"]:
        n = len(load["syntax_errors"])
        return _finish(report, fatal=f"{n} syntax error{'s' * (n > 1)} in the file")
    report["contract"] = [{"check": r["check"], "ok": r["ok"], "message": r["message"]}
                          for r in records if r["kind"] == "contract"]
    fatal = [r["message"] for r in records if r["kind"] == "contract" and r.get("fatal")]
    if fatal:
        return _finish(report, fatal="; ".join(fatal))
    scores = [r for r in records if r["kind"] == "score"]
    report["score"] = score_check(records, scores, score_order, report["contract"])
    plan = next((r for r in records if r["kind"] == "plan"), {"sections": []})
    report["sections"] = [section_report(s, records) for s in plan["sections"]]
    report["notes"] = [r["message"] for r in records if r["kind"] == "note"]
    report["internal"] = [f"[{r['section']}] {r['message']}" for r in records
                          if r["kind"] == "internal"]
    moves = [r for r in records if r["kind"] == "move"]
    report["timing"] = timing(moves, scores)
    report["determinism"] = determinism(moves)
    report["output"] = output_report(records, process)
    _not_run_notes(report, records)
    return _finish(report)


def _rename_module(records: list[dict], module: str) -> None:
    """Messages name the student's module as the student wrote it (the driver
    loads it as grade_student), or no module for a plain file."""
    def rename(text):
        if isinstance(text, list):
            return [rename(t) for t in text]
        if not isinstance(text, str):
            return text
        return text.replace("grade_student:", f"{module}:" if module else "")\
                   .replace("grade_student", module or "user")
    for r in records:
        for key in ("message", "got_text", "errors", "warnings", "syntax_errors", "failure"):
            if key in r:
                r[key] = rename(r[key])


def _died_loading_words(records: list[dict], process: dict) -> str:
    crashed = next((r for r in records if r["kind"] == "died_loading"), {})
    status = crashed.get("status")
    if crashed.get("phase") == "contract":
        words = ("the Prolog process ended while checking emptyBoard/1 (it reached halt "
                 "through call/1?)")
    else:
        words = "the Prolog process ended while loading the file"
        if status is not None:
            words += f" (exit status {status}: a directive reached halt through call/1?)"
    tail = process.get("stderr", "").strip().splitlines()[-3:]
    if tail:
        words += ": " + " / ".join(tail)
    return words


def score_check(records: list[dict], scores: list[dict], order: str | None,
                contract: list[dict]) -> dict:
    """Decide the score predicate's argument order, mark each score record ok or
    not, and add the score check to `contract`."""
    found = next((r for r in records if r["kind"] == "score_predicate"), None)
    if found is None:
        return {}
    name, how = found["name"], found["how"]
    result = {"name": name, "how": how, "candidates": found["candidates"], "order": None,
              "order_how": "", "tried": found.get("tried", [])}
    if how in ("missing", "missing_option"):
        hint = ""
        others = [c for c in found["candidates"] if c not in ("terminarJuego/3", "finDelJuego/3")]
        if others:
            hint = f" (perhaps {', '.join(others)}: grade again with --score NAME/3)"
        what = f"{name}/3" if how == "missing_option" else "terminarJuego/3 or finDelJuego/3"
        if how == "missing" and found.get("tried"):
            hint += (" and none of the file's predicates of arity 3 scores known boards ("
                     + "; ".join(found["tried"]) + ")")
        contract.append({"check": "score", "ok": False,
                         "message": f"no score predicate: {what} is not defined{hint}"})
        return result
    documented = order or _DOCUMENTED_ORDER.get(name)
    passes = {o: sum(_score_ok(r, o, first_only=True) for r in scores) for o in ("wb", "bw")}
    if order:
        chosen, result["order_how"] = order, "given with --score-order"
    elif documented and passes[_other(documented)] > passes[documented]:
        chosen = _other(documented)
        result["order_how"] = "detected: the other order than its document's"
    elif documented:
        chosen, result["order_how"] = documented, "its document's"
    else:
        chosen = "bw" if passes["bw"] > passes["wb"] else "wb"
        result["order_how"] = "detected from the answers"
    result["order"] = chosen
    for r in scores:
        r["ok"] = _score_ok(r, chosen)
        if r["ok"]:
            r["problem"] = ""
        elif r["got"] != "answer":
            r["problem"] = r["got"]
        elif _score_ok(r, chosen, first_only=True):
            r["problem"] = "second_answer"
        else:
            r["problem"] = "wrong_score"
    swapped = documented and chosen != documented and not order
    message = f"score: {name}/3, {_ORDER_WORDS[chosen]}"
    if how == "behaviour":
        tried = found.get("tried", [])
        message = (f"score: {name}/3, taken by its answers on known boards (no terminarJuego/3 "
                   f"or finDelJuego/3; {len(tried)} predicates of arity 3 tried, "
                   f"{next((t for t in tried if t.startswith(name + '/')), '')}), "
                   f"{_ORDER_WORDS[chosen]}")
    if swapped:
        message = (f"score: {name}/3 gives its points in the other order than its document: "
                   f"{_ORDER_WORDS[chosen]} (graded in that order)")
    contract.append({"check": "score", "ok": not swapped, "message": message})
    return result


def _other(order: str) -> str:
    return "bw" if order == "wb" else "wb"


def _score_ok(r: dict, order: str, first_only: bool = False) -> bool:
    if r["got"] != "answer" or (r.get("second") == "different" and not first_only):
        return False
    b, w = (r["y"], r["x"]) if order == "wb" else (r["x"], r["y"])
    return _is_number(b) and _is_number(w) and b == r["expected_b"] and w == r["expected_w"]


def _is_number(x) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def section_report(plan: dict, records: list[dict]) -> dict:
    """Counts, timing and failures of one section (failures as the driver wrote them)."""
    name = plan["name"]
    cases = [r for r in records if r.get("section") == name and r["kind"] in ("move", "score")]
    interrupted = [r for r in records if r["kind"] in ("crashed", "killed")
                   and _in_section(r["index"], name, records)]
    shrunk = {r["index"]: r for r in records if r["kind"] == "shrunk"}
    failures = [_shrunk(r, shrunk.get(r["index"])) for r in cases if not r.get("ok")]
    for r in interrupted:
        failures.append({"name": f"case {r['index']}", "title": "", **r, "kind": "move",
                         "section": name, "ok": False, "problem": r["kind"]})
    failures.sort(key=lambda r: r["index"])
    ran = len(cases) + len(interrupted)
    timed = [r for r in cases if r["got"] in ("answer", "failed")]
    return {"name": name, "title": plan["title"], "contract": plan["contract"],
            "cases": plan["cases"], "ran": ran, "passed": ran - len(failures),
            "failed": len(failures), "not_run": max(0, plan["cases"] - ran),
            "student_us": _median(r["us"] for r in timed),
            "ours_us": _median(r["ref_us"] for r in timed),
            "failures": failures}


SHRUNK_KEYS = ("before", "expected", "expected_board", "got", "got_board", "second_board",
               "got_text", "message", "second")


def _shrunk(r: dict, small: dict | None) -> dict:
    """A failure drawn on the smallest board that still fails the same way (the driver's
    shrinking, see maybe_shrink/6 in prolog/grade/go_grade.pl); the board of the game it
    came from is kept under "original", and "shrunk" says how many stones were taken off."""
    if not small:
        return r
    return {**r, "original": {k: r.get(k) for k in SHRUNK_KEYS},
            **{k: small.get(k) for k in SHRUNK_KEYS},
            "shrunk": {"stones_before": small["stones_before"], "stones": small["stones"],
                       "tries": small["tries"]}}


def shrunk_words(r: dict, lang: str = "en") -> str:
    """How a shrunk failure's board was made, in words."""
    s = r["shrunk"]
    if lang == "es":
        return (f"el tablero de la partida tenía {s['stones_before']} piedras; se muestra el "
                f"más chico que sigue fallando igual ({s['stones']} piedras, sin contar la "
                f"jugada)")
    return (f"the game's board had {s['stones_before']} stones; this is the smallest that still "
            f"fails the same way ({s['stones']} stones, the move aside)")


def _median(values) -> int | None:
    values = list(values)
    return round(statistics.median(values)) if values else None


def _in_section(index, name: str, records: list[dict]) -> bool:
    """Whether case `index` is in section `name`: between that section's cases."""
    if not isinstance(index, int):
        return False
    said = next((r for r in records if r["kind"] in ("crashed", "killed")
                 and r["index"] == index and "section" in r), None)
    if said:
        return said["section"] == name
    before = [r for r in records if r["kind"] in ("move", "score") and r["index"] < index]
    after = [r for r in records if r["kind"] in ("move", "score") and r["index"] > index]
    if before:
        return max(before, key=lambda r: r["index"])["section"] == name
    return bool(after) and min(after, key=lambda r: r["index"])["section"] == name


def _not_run_notes(report: dict, records: list[dict]) -> None:
    budget = next((r for r in records if r["kind"] == "budget"), None)
    gave_up = next((r for r in records if r["kind"] == "gave_up"), None)
    killed = next((r for r in records if r["kind"] == "killed"), None)
    not_run = sum(s["not_run"] for s in report["sections"])
    if budget:
        report["notes"].append(f"{not_run} cases were not run: the time budget of the grade "
                               f"({budget['seconds']:g} s) ran out (the student's code is "
                               f"slow, or loops)")
    elif gave_up:
        report["notes"].append(f"{not_run} cases were not run: the student's code ended the "
                               f"Prolog process {MAX_RESTARTS + 1} times")
    elif killed:
        report["notes"].append(f"{not_run} cases were not run: the grade's wall-clock limit "
                               f"({WALL_SECONDS:g} s) ran out")
    elif not_run and any(r["kind"] == "score_predicate" and r["how"].startswith("missing")
                         for r in records):
        report["notes"].append("the score cases were not run: no score predicate")


def timing(moves: list[dict], scores: list[dict]) -> dict:
    """µs a call of the student's code beside ours (medians): goMove/4 on 19x19
    and on 9x9, and the score predicate."""
    groups = {"move19": [r for r in moves if r["size"] == 19],
              "move9": [r for r in moves if r["size"] == 9],
              "score": scores}
    result = {}
    for key, calls in groups.items():
        timed = [r for r in calls if r["got"] in ("answer", "failed")]
        if timed:
            student = _median(r["us"] for r in timed)
            ours = _median(r["ref_us"] for r in timed)
            result[key] = {"calls": len(timed), "student_us": student, "ours_us": ours,
                           "ratio": round(student / ours, 1) if ours else None}
    return result


def determinism(moves: list[dict]) -> dict:
    answered = [r for r in moves if r["got"] == "answer"]
    return {"answered": len(answered),
            "choice_point": sum(1 for r in answered if not r["det"]),
            "second_different": sum(1 for r in answered if r["second"] == "different"),
            "second_same": sum(1 for r in answered if r["second"] == "same"),
            "second_limit": sum(1 for r in answered if r["second"] == "limit")}


def output_report(records: list[dict], process: dict) -> dict:
    printing = [r for r in records if r.get("output_chars")]
    load = next((r for r in records if r["kind"] == "load"), {})
    return {"calls": len(printing),
            "chars": sum(r["output_chars"] for r in printing),
            "sample": printing[0]["output"] if printing else "",
            "load": load.get("output", ""),
            "stdout": process.get("stdout", ""),
            "stderr": process.get("stderr", "")}


PREDICATES = ("goMove/4", "score", "emptyBoard/1")
DEFAULT_WEIGHTS = {"goMove/4": 70, "score": 20, "emptyBoard/1": 10}
MOVE_SECTIONS = ("positions", "gnugo19", "random19")


def predicate_verdicts(report: dict) -> dict:
    """Each predicate judged on its own: goMove/4 (the 19x19 move sections), the score
    predicate (whatever its name) and emptyBoard/1.  Each: verdict ("pass", "fail",
    "missing", "not run"), passed, cases, first (the first failure, in words)."""
    contract = {c["check"]: c for c in report["contract"]}
    out = {}
    eb = contract.get("emptyBoard/1")
    if eb is None:
        out["emptyBoard/1"] = {"verdict": "not run", "passed": 0, "cases": 1, "first": ""}
    else:
        verdict = "pass" if eb["ok"] else ("missing" if "not defined" in eb["message"]
                                           else "not written" if "not written yet"
                                           in eb["message"] else "fail")
        out["emptyBoard/1"] = {"verdict": verdict, "passed": int(eb["ok"]), "cases": 1,
                               "first": "" if eb["ok"] else eb["message"]}
    for key, names in (("goMove/4", MOVE_SECTIONS), ("score", ("score",))):
        sections = [x for x in report["sections"] if x["name"] in names]
        cases = sum(x["cases"] for x in sections)
        passed = sum(x["passed"] for x in sections)
        failed = sum(x["failed"] for x in sections)
        not_run = sum(x["not_run"] for x in sections)
        failures = [f for x in sections for f in x["failures"]]
        first = ""
        if failures:
            f = min(failures, key=lambda r: r["index"])
            first = f"{_case_title(f)}: {_first_words(f, report)}"
        entry = {"verdict": "pass", "passed": passed, "cases": cases, "first": first}
        if key == "score":
            check = contract.get("score")
            entry["name"] = report["score"].get("name") or ""
            entry["how"] = report["score"].get("how") or ""
            if report["score"].get("how", "").startswith("missing"):
                entry.update(verdict="missing", first=check["message"] if check else "")
                out[key] = entry
                continue
            if check and not check["ok"]:
                entry.update(verdict="fail", first=first or check["message"])
        if failed:
            entry["verdict"] = "fail"
            if failures and all(_not_written(f) for f in failures):
                entry["verdict"] = "not written"       # the kit's stub (docs/kits.md)
        elif not_run and entry["verdict"] == "pass":
            entry["verdict"] = "not run" if not passed else "fail"
            entry["first"] = entry["first"] or f"{not_run} cases not run"
        if cases == 0 and entry["verdict"] == "pass":
            entry["verdict"] = "not run"       # its sections were not asked (--only)
        out[key] = entry
    return out


def _not_written(r: dict) -> bool:
    """A case answered by a kit's stub: error(not_written_yet(PI), _) (docs/kits.md)."""
    return r.get("problem") == "not_written" or r.get("got") == "not_written"


def _first_words(r: dict, report: dict) -> str:
    if r.get("kind") == "score":
        return _text_score_failure(r, report)[0].strip()
    if "pos" in r:
        return f'goMove(Board, "{r["player"]}", {_pos(r["pos"])}, RBoard) {problem_words(r)}'
    return problem_words(r)


def summarize(report: dict, verdicts: dict, *, passed: bool, mark: int, ran: int,
              failed: int, not_run: int, problems: list[str], beyond: str = "") -> None:
    """Give `report` its verdict ("pass" or "fail"), its exit status and its one-line
    summary, the same words for every game's grader (app/grade_games.py): the cases run
    and failed, each predicate's verdict, the mark; `problems` are what failed besides the
    cases (contract checks, predicates not defined), `beyond` what failed outside the
    contract."""
    tail = f"; {not_run} not run" if not_run else ""
    tail += f"; {beyond}" if beyond else ""
    words = ", ".join(f"{k} {v['verdict']}" + (f" ({v['passed']}/{v['cases']})"
                                                if v["cases"] > 1 else "")
                      for k, v in verdicts.items())
    if passed:
        report.update(verdict="pass", exit=0,
                      summary=f"PASS: all {ran} cases passed{tail} [{words}; mark {mark}]"
                      if not failed else f"PASS: {words}; mark {mark}{tail}")
    else:
        parts = problems + ([f"{failed} of {ran} cases failed"] if failed else [])
        report.update(verdict="fail", exit=1,
                      summary="FAIL: " + ", ".join(parts or ["required predicates"]) + tail
                      + f" [{words}; mark {mark}]")


def overall(verdicts: dict, require=PREDICATES, weights=None) -> tuple[bool, int]:
    """(passed, mark out of 100): passed when every required predicate passes; the mark
    weighs each predicate's share of cases passed (a missing one scores 0)."""
    weights = weights or DEFAULT_WEIGHTS
    total = sum(weights.values()) or 1
    mark = 0.0
    for key, w in weights.items():
        v = verdicts.get(key)
        if v and v["cases"] and v["verdict"] not in ("missing", "not written"):
            mark += w * v["passed"] / v["cases"]
    passed = all(verdicts.get(k, {}).get("verdict") in ("pass", "not run")
                 and not (verdicts.get(k, {}).get("verdict") == "not run"
                          and verdicts.get(k, {}).get("cases"))
                 for k in require)
    return passed, round(100 * mark / total)


def _finish(report: dict, fatal: str | None = None) -> dict:
    """Set the verdicts of each predicate, the overall verdict (the predicates the
    teacher requires, report["config"]), exit status and summary line."""
    config = report.setdefault("config", {"require": list(PREDICATES),
                                          "weights": dict(DEFAULT_WEIGHTS)})
    if fatal:
        report["verdicts"] = {}
        report.update(verdict="error", exit=2, mark=0, summary=f"COULD NOT GRADE: {fatal}")
        return report
    verdicts = report["verdicts"] = predicate_verdicts(report)
    passed, mark = overall(verdicts, config["require"], config["weights"])
    report["mark"] = mark
    warned = sum(s["failed"] for s in report["sections"] if not s["contract"])
    ran = sum(s["ran"] for s in report["sections"] if s["contract"])
    not_run = sum(s["not_run"] for s in report["sections"] if s["contract"])
    failed = sum(s["failed"] for s in report["sections"] if s["contract"])
    contract_failures = sum(1 for c in report["contract"] if not c["ok"])
    problems = ([f"{contract_failures} contract check{'s' * (contract_failures > 1)} failed"]
                if contract_failures else [])
    beyond = (f"{warned} failure{'s' * (warned != 1)} beyond the contract (9x9)"
              if warned else "")
    summarize(report, verdicts, passed=passed, mark=mark, ran=ran, failed=failed,
              not_run=not_run, problems=problems, beyond=beyond)
    return report


# ------------------------------------------------------------ failures in words


PROBLEM_WORDS = {
    "accepted_illegal": "answered a board, but the move is illegal",
    "refused_legal": "failed (refused the move), but the move is legal",
    "malformed": "answered something that is not a board of \"-\", \"b\", \"w\" strings",
    "error": "raised an error",
    "timeout": "did not answer within the time limit",
    "inferences": "did not answer within the inference limit (a loop?)",
    "halt": "called halt (the grader caught it)",
    "abort": "called abort/0 (the grader caught it)",
    "resource": "ran out of stack or memory",
    "second_answer": "gave the right board, then a second, different board on backtracking "
                     "(a missing cut or a clause that should not apply?)",
    "crashed": "ended the Prolog process (abort/0, a crash, or a limit of the system); the "
               "grader went on after it",
    "killed": "the grade's wall-clock limit ran out during this case",
    "wrong_score": "gave another score",
    "failed": "failed",
    "not_written": "is not written yet (still the kit's stub: it throws not_written_yet)",
}

REFUSAL_WORDS = {
    "suicide": "accepted a suicide (the stone's group has no liberty after the captures)",
    "occupied": "placed a stone on an occupied point",
    "off_board": "accepted a move off the board",
}


def problem_words(r: dict) -> str:
    """What went wrong in a failed case, in words."""
    problem = r.get("problem", "")
    if problem == "accepted_illegal":
        return REFUSAL_WORDS.get(r.get("expected"), PROBLEM_WORDS[problem])
    if problem == "refused_legal" and r.get("expected") == "board":
        return "failed: refused a legal move"
    if problem == "wrong_board":
        return board_difference_words(r)
    words = PROBLEM_WORDS.get(problem, problem)
    if r.get("message") and problem in ("error", "resource", "halt"):
        words += f": {r['message']}"
    if problem == "crashed" and r.get("halted"):
        words = ("reached halt where the grader cannot catch it (through call/1?) and ended "
                 "the Prolog process; the grader went on after it")
    elif problem == "crashed" and r.get("status") is not None:
        words += f" (exit status {r['status']})"
    return words


def board_difference_words(r: dict) -> str:
    """What the student's board has wrong, in words a player uses."""
    before, expected, got = r["before"], r["expected_board"], r["got_board"]
    kept = taken = other = 0
    placed = True
    for i, (b_row, e_row, g_row) in enumerate(zip(before, expected, got)):
        for j, (b, e, g) in enumerate(zip(b_row, e_row, g_row)):
            if e == g:
                continue
            if [i, j] == r.get("pos"):
                placed = False
            elif e == "-" and g == b and b != "-":
                kept += 1
            elif g == "-" and e == b and b != "-":
                taken += 1
            else:
                other += 1
    parts = [] if placed else ["did not place the stone"]
    if kept:
        parts.append(f"left {kept} captured stone{'s' * (kept > 1)} on the board")
    if taken:
        parts.append(f"took off {taken} stone{'s' * (taken > 1)} that stay")
    if other:
        parts.append(f"{other} other point{'s' * (other > 1)} differ")
    return "answered another board: " + ", ".join(parts or ["the boards differ"])


def differences(r: dict) -> list[tuple[int, int, str, str]]:
    """(row, col, expected, got) of every point where the boards differ."""
    expected, got = r.get("expected_board"), r.get("got_board")
    if not expected or not got:
        return []
    return [(i, j, e, g) for i, (e_row, g_row) in enumerate(zip(expected, got))
            for j, (e, g) in enumerate(zip(e_row, g_row)) if e != g]


# ------------------------------------------------------------ text report

_TEXT_CELL = {"-": ".", "b": "X", "w": "O"}


def text_report(report: dict) -> str:
    """The report for a terminal: contract, sections, failures drawn, notes, verdict."""
    lines = [f"Grading {report['file']}", "", *load_and_contract_lines(report)]
    if report["sections"]:
        lines += ["", _sections_table(report)]
    for section in report["sections"]:
        if section["failures"]:
            lines += _text_failures(section, report)
    extra = _notes(report)
    if extra:
        lines += ["", "Notes"] + [f"  - {n}" for n in extra]
    if report["internal"]:
        lines += ["", "GRADER ERRORS (our rules disagree with the recorded data; not the "
                  "student's fault):"] + [f"  - {m}" for m in report["internal"]]
    lines += ["", report["summary"] + f"  (exit status {report['exit']})", ""]
    return "\n".join(lines)


def load_and_contract_lines(report: dict) -> list[str]:
    """A text report's lines on loading the student's file and on the contract (this
    grader's and app/grade_games.py's)."""
    lines = []
    load = report["load"]
    if load.get("ok"):
        what = f"module {load['module']}" if load.get("module") else "a plain file (no module)"
        lines.append(f"Loaded {what} in {load.get('ms', 0)} ms")
        for title, key in (("Errors while loading", "errors"),
                           ("Warnings while loading", "warnings")):
            items = load.get(key) or []
            if items:
                lines.append(f"  {title} ({len(items)}):")
                lines += [f"    {_first_line(m)}" for m in items[:5]]
                if len(items) > 5:
                    lines.append(f"    ... {len(items) - 5} more")
    for m in load.get("syntax_errors") or []:
        lines.append(f"  syntax error: {_first_line(m)}")
    if report["contract"]:
        lines += ["", "Contract"]
        lines += [f"  {'ok  ' if c['ok'] else 'FAIL'}  {c['message']}" for c in report["contract"]]
    return lines


def _first_line(text: str) -> str:
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    return " / ".join(lines[:3])


def _sections_table(report: dict) -> str:
    rows = [("Section", "cases", "passed", "failed", "not run", "µs a call: student / ours")]
    for s in report["sections"]:
        title = s["title"] if len(s["title"]) <= 58 else s["title"][:55] + "..."
        rows.append((title, s["cases"], s["passed"], s["failed"], s["not_run"], _us_pair(s)))
    width = max(len(str(r[0])) for r in rows)
    return "\n".join(f"  {str(r[0]):<{width}}  {r[1]:>6}  {r[2]:>6}  {r[3]:>6}  {r[4]:>7}  "
                     f"{r[5]}".rstrip() for r in rows)


def _us_pair(section: dict) -> str:
    """"1234 / 56" (the medians of the section's calls), or "" if none was timed."""
    if section.get("student_us") is None:
        return ""
    return f"{section['student_us']:>9} / {section['ours_us']}"


def _notes(report: dict) -> list[str]:
    notes = list(report["notes"])
    t = report["timing"]
    for key, what in (("move19", "goMove/4 on 19x19"), ("move9", "goMove/4 on 9x9"),
                      ("score", "the score predicate")):
        if key in t:
            x = t[key]
            ratio = f" ({x['ratio']:g}x ours)" if x["ratio"] else ""
            notes.append(f"time: {what} takes {_us(x['student_us'])} a call (median of "
                         f"{x['calls']}), ours {_us(x['ours_us'])}{ratio}")
    d = report["determinism"]
    if d.get("choice_point"):
        notes.append(f"goMove/4 left a choice point in {d['choice_point']} of {d['answered']} "
                     f"answers ({d['second_different']} gave a second, different board; "
                     f"{d['second_same']} the same board again)")
    out = report["output"]
    if out.get("calls"):
        notes.append(f"the student's code printed {out['chars']} characters in {out['calls']} "
                     f"calls (captured; it does not disturb the grade), e.g. "
                     f"{_shorten(out['sample'])!r}")
    if out.get("load"):
        notes.append(f"loading printed {_shorten(out['load'])!r}")
    if out.get("stdout", "").strip():
        notes.append(f"printed straight to standard output: {_shorten(out['stdout'])!r}")
    if report["process"]["restarts"]:
        notes.append(f"the Prolog process was started again {report['process']['restarts']} "
                     f"time(s) after the student's code ended it")
    return notes


def _us(us: float) -> str:
    return f"{us / 1000:.1f} ms" if us >= 10_000 else f"{us:g} µs"


def _shorten(text: str, n: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= n else text[:n - 3] + "..."


def _text_failures(section: dict, report: dict) -> list[str]:
    label = "Failures" if section["contract"] else "Warnings (beyond the contract)"
    lines = ["", f"{label}: {section['title']} ({section['failed']})"]
    if all(_not_written(r) for r in section["failures"]):
        r = section["failures"][0]
        return lines + [f"  every case: {r.get('message') or problem_words(r)}"]
    for r in shown_failures(section["failures"], SHOWN_FAILURES):
        lines += [""] + _text_failure(r, report)
    if section["failed"] > SHOWN_FAILURES:
        lines += ["", f"  ... {section['failed'] - SHOWN_FAILURES} more (see --html or --json)"]
    return lines


def _case_title(r: dict) -> str:
    """A targeted case by its name and title; a game's move by its title alone."""
    if not r.get("title"):
        return r["name"]
    if re.fullmatch(r"[a-z0-9_]+", r["name"]):
        return f"{r['name']}: {r['title']}"
    return r["title"]


def shown_failures(failures: list[dict], n: int) -> list[dict]:
    """Up to n failures to draw: the first of each kind of problem, then the
    others in order (case order either way)."""
    first = {}
    for r in failures:
        first.setdefault(r.get("problem"), r["index"])
    chosen = set(list(first.values())[:n])
    for r in failures:
        if len(chosen) >= n:
            break
        chosen.add(r["index"])
    return [r for r in failures if r["index"] in chosen]


def _text_failure(r: dict, report: dict) -> list[str]:
    head = f"  FAIL {_case_title(r)}"
    if r["kind"] == "score":
        return [head] + _text_score_failure(r, report)
    lines = [head]
    if "pos" in r:
        lines.append(f"    goMove(Board, \"{r['player']}\", {_pos(r['pos'])}, RBoard) "
                     f"{problem_words(r)}")
    else:
        lines.append(f"    {problem_words(r)}")
    if r.get("problem") == "malformed" and r.get("got_text"):
        lines.append(f"    got: {_shorten(r['got_text'], 200)}")
    if r.get("shrunk"):
        lines.append(f"    shrunk: {shrunk_words(r)}")
    boards = [("before", r.get("before"))]
    if r.get("expected_board"):
        boards.append(("expected", r["expected_board"]))
    else:
        boards.append((f"expected: refused ({r.get('expected')})", None))
    if r.get("got_board") and r["got_board"] != r.get("expected_board"):
        boards.append(("got", r["got_board"]))
    if r.get("second_board"):
        boards.append(("2nd answer", r["second_board"]))
    drawn = [(t, b) for t, b in boards if b]
    if drawn:
        lines += ["    " + line for line in draw_boards(drawn, r.get("pos"), _crop(r))]
    for t, b in boards:
        if not b:
            lines.append(f"    {t}")
    diffs = differences(r)
    if diffs:
        shown = ", ".join(f"[{i},{j}] expected {_TEXT_CELL.get(e, e)} got {_TEXT_CELL.get(g, g)}"
                          for i, j, e, g in diffs[:6])
        more = f" and {len(diffs) - 6} more" if len(diffs) > 6 else ""
        lines.append(f"    differs at {shown}{more}")
    return lines


def _text_score_failure(r: dict, report: dict) -> list[str]:
    name = report["score"].get("name") or "score"
    order = report["score"].get("order") or "wb"
    if order == "wb":
        call = f"{name}(Board, PuntosW, PuntosB)"
        expected = f"PuntosW = {r['expected_w']}, PuntosB = {r['expected_b']}"
        got = f"PuntosW = {r['x']}, PuntosB = {r['y']}"
    else:
        call = f"{name}(Board, PuntajeNegras, PuntajeBlancas)"
        expected = f"Negras = {r['expected_b']}, Blancas = {r['expected_w']}"
        got = f"Negras = {r['x']}, Blancas = {r['y']}"
    if r["got"] != "answer":
        got = problem_words({"problem": r["got"], "message": r.get("message")})
    elif r.get("second") == "different":
        got += f", then on backtracking {r['second_x']}, {r['second_y']}"
    lines = [f"    {call}: expected {expected}; got {got}"]
    if r.get("board"):
        lines += ["    " + line for line in draw_boards([("board", r["board"])], None, None)]
    return lines


def _pos(pos) -> str:
    return "[" + ",".join(str(x) for x in pos) + "]"


def _crop(r: dict) -> tuple[int, int, int, int] | None:
    """The rows and columns to draw: around the move and every difference."""
    board = r.get("before") or r.get("expected_board")
    if not board:
        return None
    n = len(board)
    points = [(i, j) for i, j, _, _ in differences(r)]
    for other in ("got_board", "second_board"):
        if r.get(other) and len(r[other]) == n:
            points += [(i, j) for i in range(n) for j in range(min(n, len(r[other][i])))
                       if r[other][i][j] != board[i][j]]
    if r.get("expected_board"):
        points += [(i, j) for i in range(n) for j in range(n)
                   if r["expected_board"][i][j] != board[i][j]]
    pos = r.get("pos")
    if pos and all(0 <= x < n for x in pos):
        points.append(tuple(pos))
    if not points:
        return None
    rows = [p[0] for p in points]
    cols = [p[1] for p in points]
    r0, r1 = max(0, min(rows) - 2), min(n - 1, max(rows) + 2)
    c0, c1 = max(0, min(cols) - 2), min(n - 1, max(cols) + 2)
    return r0, r1, c0, c1


def draw_boards(boards: list[tuple[str, list[str]]], pos, crop) -> list[str]:
    """Boards side by side as text: X black, O white, . empty, * the move point
    (empty, in the first board), ? anything else; rows and columns numbered
    from 0 as goMove/4 counts them."""
    n = len(boards[0][1])
    r0, r1, c0, c1 = crop or (0, n - 1, 0, n - 1)
    cols = range(c0, c1 + 1)
    width = 3 + 2 * len(cols)
    out = ["  ".join(f"{title:<{width}}" for title, _ in boards).rstrip()]
    if c1 >= 10:
        out.append("  ".join(("   " + " ".join(str(c // 10) if c >= 10 else " " for c in cols))
                             .ljust(width) for _ in boards).rstrip())
    out.append("  ".join(("   " + " ".join(str(c % 10) for c in cols)).ljust(width)
                         for _ in boards).rstrip())
    for i in range(r0, r1 + 1):
        parts = []
        for k, (_, board) in enumerate(boards):
            row = board[i] if i < len(board) else ""
            cells = []
            for j in cols:
                x = row[j] if j < len(row) else " "
                ch = _TEXT_CELL.get(x, "?")
                if k == 0 and pos and [i, j] == list(pos) and x == "-":
                    ch = "*"
                cells.append(ch)
            parts.append(f"{i:>2} " + " ".join(cells))
        out.append("  ".join(p.ljust(width) for p in parts).rstrip())
    return out


# ------------------------------------------------------------ HTML report

_CSS = """
body { font-family: system-ui, sans-serif; margin: 1.5rem; color: #222; max-width: 70rem; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; margin-top: 1.6rem; }
.pass { color: #176617; } .fail { color: #b00020; } .error { color: #b00020; }
table.summary { border-collapse: collapse; } table.summary td, table.summary th {
  padding: .2rem .6rem; border-bottom: 1px solid #ddd; text-align: right; }
table.summary td:first-child, table.summary th:first-child { text-align: left; }
.case { border: 1px solid #ddd; border-radius: 6px; padding: .6rem .8rem; margin: .8rem 0; }
.boards { display: flex; flex-wrap: wrap; gap: 1.2rem; margin-top: .5rem; }
.boards figure { margin: 0; } figcaption { font-size: .85rem; color: #555; }
table.board { border-collapse: collapse; background: #dcb35c; }
table.board td { width: 13px; height: 13px; padding: 0; text-align: center;
  font-size: 11px; line-height: 13px; border: 1px solid #b8913f; }
td.b::after { content: "●"; color: #111; } td.w::after { content: "●"; color: #fff;
  text-shadow: 0 0 1px #000; } td.x::after { content: "?"; color: #b00020; }
td.move { outline: 2px solid #1565c0; } td.diff { background: #f28b82; }
code, pre { background: #f4f4f4; padding: 0 .2rem; }
"""


def html_report(report: dict) -> str:
    """The report as one HTML page (no scripts, no external files)."""
    e = html.escape
    verdict_class = {"pass": "pass", "fail": "fail"}.get(report["verdict"], "error")
    parts = [f"<!doctype html><html lang=en><meta charset=utf-8>"
             f"<title>Grade: {e(Path(report['file']).name)}</title><style>{_CSS}</style>",
             f"<h1>Grade of <code>{e(report['file'])}</code></h1>",
             f"<p class={verdict_class}><strong>{e(report['summary'])}</strong> "
             f"(exit status {report['exit']})</p>"]
    load = report["load"]
    if not load.get("ok") and load.get("failure"):
        parts.append(f"<p class=error>{e(load['failure'])}</p>")
    for m in load.get("syntax_errors") or []:
        parts.append(f"<pre class=error>{e(m)}</pre>")
    for key in ("errors", "warnings"):
        items = load.get(key) or []
        if items:
            parts.append(f"<details><summary>{len(items)} {key} while loading</summary>"
                         + "".join(f"<pre>{e(m)}</pre>" for m in items) + "</details>")
    if report["contract"]:
        parts.append("<h2>Contract</h2><ul>" + "".join(
            f"<li class={'pass' if c['ok'] else 'fail'}>{'ok' if c['ok'] else 'FAIL'}: "
            f"{e(c['message'])}</li>" for c in report["contract"]) + "</ul>")
    if report["sections"]:
        rows = "".join(
            f"<tr><td>{e(s['title'])}</td><td>{s['cases']}</td><td>{s['passed']}</td>"
            f"<td class={'fail' if s['failed'] and s['contract'] else ''}>{s['failed']}</td>"
            f"<td>{s['not_run']}</td><td>{e(' '.join(_us_pair(s).split()))}</td></tr>"
            for s in report["sections"])
        parts.append("<h2>Sections</h2><table class=summary><tr><th>Section</th><th>cases</th>"
                     "<th>passed</th><th>failed</th><th>not run</th>"
                     f"<th>µs a call: student / ours</th></tr>{rows}</table>")
    notes = _notes(report)
    if notes:
        parts.append("<h2>Notes</h2><ul>" + "".join(f"<li>{e(n)}</li>" for n in notes) + "</ul>")
    if report["internal"]:
        parts.append("<h2 class=error>Grader errors (not the student's fault)</h2><ul>"
                     + "".join(f"<li>{e(m)}</li>" for m in report["internal"]) + "</ul>")
    for s in report["sections"]:
        if s["failures"]:
            label = "Failures" if s["contract"] else "Warnings (beyond the contract)"
            parts.append(f"<h2>{label}: {e(s['title'])} ({s['failed']})</h2>")
            parts += [_html_failure(r, report)
                      for r in shown_failures(s["failures"], HTML_FAILURES)]
            if s["failed"] > HTML_FAILURES:
                parts.append(f"<p>... {s['failed'] - HTML_FAILURES} more (see --json)</p>")
    return "\n".join(parts) + "\n</html>\n"


def _html_failure(r: dict, report: dict) -> str:
    e = html.escape
    title = f"<strong>{e(_case_title(r))}</strong>"
    if r["kind"] == "score":
        text = _text_score_failure(r, report)[0].strip()
        board = _html_board(r["board"], None, set()) if r.get("board") else ""
        return f"<div class=case>{title}<p>{e(text)}</p><div class=boards>{board}</div></div>"
    call = (f"<code>goMove(Board, \"{e(r['player'])}\", {_pos(r['pos'])}, RBoard)</code> "
            if "pos" in r else "")
    diff = {(i, j) for i, j, _, _ in differences(r)}
    second = {(i, j) for i, j, _, _ in differences({**r, "got_board": r.get("second_board")})}
    figures = []
    for caption, key, marks in (("before", "before", set()), ("expected", "expected_board", set()),
                                ("got", "got_board", diff), ("2nd answer", "second_board", second)):
        if key == "got_board" and r.get(key) == r.get("expected_board"):
            continue
        if r.get(key):
            figures.append(f"<figure>{_html_board(r[key], r.get('pos'), marks)}"
                           f"<figcaption>{caption}</figcaption></figure>")
    if "expected" in r and r["expected"] != "board":
        figures.insert(1, f"<figure><figcaption>expected: refused ({e(r['expected'])})"
                          f"</figcaption></figure>")
    extra = ""
    if r.get("problem") == "malformed" and r.get("got_text"):
        extra = f"<pre>{e(r['got_text'])}</pre>"
    if r.get("shrunk"):
        extra += f"<p>Shrunk: {e(shrunk_words(r))}</p>"
    return (f"<div class=case>{title}<p>{call}{e(problem_words(r))}</p>{extra}"
            f"<div class=boards>{''.join(figures)}</div></div>")


def _html_board(rows: list[str], pos, marks: set) -> str:
    classes = {"-": "", "b": "b", "w": "w"}
    out = ["<table class=board>"]
    for i, row in enumerate(rows):
        cells = []
        for j, x in enumerate(row):
            cls = [classes.get(x, "x")]
            if pos and [i, j] == list(pos):
                cls.append("move")
            if (i, j) in marks:
                cls.append("diff")
            cells.append(f"<td class='{' '.join(c for c in cls if c)}' title='[{i},{j}]'></td>")
        out.append("<tr>" + "".join(cells) + "</tr>")
    out.append("</table>")
    return "".join(out)


# ------------------------------------------------------------ a class


CLASS_JOBS = 2            # solutions graded at once (a grade is one swipl process)

_WORDS = {
    "en": {"student": "student", "verdict": "verdict", "mark": "mark", "first": "first failure",
           "seconds": "seconds", "pass": "pass", "fail": "fail", "missing": "missing",
           "not written": "not written yet", "not run": "not run", "error": "could not grade", "title": "Grades",
           "bugs": "What to fix (each problem once, with how many cases show it)",
           "cases": "cases", "example": "e.g.", "all_good": "Every case passed.",
           "file": "file graded", "feedback": "Feedback"},
    "es": {"student": "estudiante", "verdict": "resultado", "mark": "nota",
           "first": "primer caso que falla", "seconds": "segundos", "pass": "aprobado",
           "fail": "falla", "missing": "no está",
           "not written": "todavía no escrito", "not run": "no se corrió",
           "error": "no se pudo corregir", "title": "Notas",
           "bugs": "Qué corregir (cada problema una vez, con cuántos casos lo muestran)",
           "cases": "casos", "example": "p. ej.", "all_good": "Todos los casos pasaron.",
           "file": "archivo corregido", "feedback": "Devolución"},
    "pt": {"student": "estudante", "verdict": "resultado", "mark": "nota",
           "first": "primeiro caso que falha", "seconds": "segundos", "pass": "aprovado",
           "fail": "falha", "missing": "não existe", "not written": "ainda não escrito",
           "not run": "não corrido", "error": "não foi possível corrigir", "title": "Notas",
           "bugs": "O que corrigir (cada problema uma vez, com quantos casos o mostram)",
           "cases": "casos", "example": "p. ex.", "all_good": "Todos os casos passaram.",
           "file": "ficheiro corrigido", "feedback": "Devolução"},
}

_PROBLEM_ES = {
    "accepted_illegal": "acepta una jugada ilegal",
    "suicide": "acepta un suicidio (el grupo de la piedra queda sin libertades tras las capturas)",
    "occupied": "pone una piedra en un punto ocupado",
    "off_board": "acepta una jugada fuera del tablero",
    "refused_legal": "falla (rechaza) una jugada legal",
    "wrong_board": "devuelve otro tablero",
    "malformed": "devuelve algo que no es un tablero de \"-\", \"b\", \"w\"",
    "second_answer": "da el tablero correcto y, al reintentar (backtracking), otro distinto",
    "timeout": "no responde dentro del límite de tiempo",
    "inferences": "no responde dentro del límite de inferencias (¿un bucle?)",
    "error": "lanza un error", "halt": "llama a halt", "abort": "llama a abort/0",
    "resource": "se queda sin memoria", "crashed": "termina el proceso de Prolog",
    "wrong_score": "da otro puntaje",
    "not_written": "todavía no está escrito (sigue siendo el esqueleto del kit)",
}


def bug_key(r: dict) -> tuple:
    """What kind of bug a failure shows: the same key, the same bug (a shrunk failure by
    the board it was found on, as the others)."""
    r = {**r, **r.get("original", {})}
    problem = r.get("problem", "")
    if problem == "accepted_illegal":
        return (r.get("kind"), r.get("expected"))
    if problem == "wrong_board":
        words = board_difference_words(r).split(":", 1)[-1] if r.get("got_board") else problem
        return (r.get("kind"), re.sub(r"\d+ (\w+?)s?\b", r"N \1", words).strip()[:40])
    return (r.get("kind"), problem)


def distinct_bugs(report: dict, lang: str = "en") -> list[dict]:
    """Every failure of the contract sections grouped by kind of bug: words, count and
    the first case (its goal), in case order."""
    groups: dict = {}
    for s in report["sections"]:
        if not s["contract"]:
            continue
        for r in s["failures"]:
            key = bug_key(r)
            g = groups.setdefault(key, {"count": 0, "first": r})
            g["count"] += 1
    out = []
    for key, g in sorted(groups.items(), key=lambda kv: kv[1]["first"]["index"]):
        r = g["first"]
        words = _first_words(r, report)
        if lang == "es":
            what = _PROBLEM_ES.get(r.get("expected") if r.get("problem") == "accepted_illegal"
                                   else r.get("problem"), problem_words(r))
            words = (f'goMove(Board, "{r["player"]}", {_pos(r["pos"])}, RBoard) {what}'
                     if "pos" in r else what)
        out.append({"count": g["count"], "words": words, "case": _case_title(r), "first": r})
    return out


def feedback(report: dict, lang: str = "en") -> str:
    """A short feedback text for the student, in Spanish or English."""
    w = _WORDS[lang]
    lines = [f"{w['feedback']}: {Path(report['file']).name}"]
    if report.get("graded_file"):
        lines.append(f"{w['file']}: {report['graded_file']}")
    if report["verdict"] == "error":
        lines += ["", f"{w['error']}: {report['summary'].split(': ', 1)[-1]}"]
        return "\n".join(lines) + "\n"
    lines.append(f"{w['verdict']}: {w[report['verdict']]} — {w['mark']} {report.get('mark', 0)}/100")
    lines.append("")
    for key, v in report.get("verdicts", {}).items():
        count = f" ({v['passed']}/{v['cases']} {w['cases']})" if v["cases"] > 1 else ""
        name = key if key != "score" else f"score ({v.get('name') or '-'}/3)"
        lines.append(f"- {name}: {w[v['verdict']]}{count}")
    bugs = distinct_bugs(report, lang)
    lines.append("")
    if bugs:
        lines.append(w["bugs"] + ":")
        for b in bugs[:10]:
            lines.append(f"  * [{b['count']}x] {b['words']}  ({w['example']} {b['case']})")
            if b["first"].get("shrunk"):
                lines += _feedback_boards(b["first"], lang)
        if len(bugs) > 10:
            lines.append(f"  ... {len(bugs) - 10}")
    else:
        lines.append(w["all_good"])
    return "\n".join(lines) + "\n"


_BOARD_WORDS = {"en": ("before", "expected", "got", "refused"),
                "es": ("antes", "esperado", "obtenido", "rechaza")}


def _feedback_boards(r: dict, lang: str) -> list[str]:
    """The smallest board a shrunk failure shows, drawn for the feedback."""
    before, expected, got, refused = _BOARD_WORDS[lang]
    boards = [(before, r["before"])]
    if r.get("expected_board"):
        boards.append((expected, r["expected_board"]))
    if r.get("got_board") and r["got_board"] != r.get("expected_board"):
        boards.append((got, r["got_board"]))
    lines = [f"      {shrunk_words(r, lang)}:"]
    lines += ["      " + line for line in draw_boards(boards, r.get("pos"), _crop(r))]
    if not r.get("expected_board"):
        lines.append(f"      {expected}: {refused} ({r.get('expected')})")
    if not r.get("got_board"):
        lines.append(f"      {got}: {refused}" if r.get("got") == "failed" else
                     f"      {got}: {r.get('got')}")
    return lines


def class_entries(folder: Path) -> list[Path]:
    """The solutions of a class folder: each subfolder, .pl or .zip file is a student."""
    return sorted(p for p in Path(folder).iterdir()
                  if not p.name.startswith(".") and (
                      p.is_dir() or p.suffix.lower() in (".pl", ".zip")))


def _solution_bytes(entry: Path) -> int:
    """The size of a solution's Prolog text (a folder's .pl files; a zip as it is)."""
    try:
        if entry.is_dir():
            return sum(p.stat().st_size for p in entry.rglob("*.pl") if p.is_file())
        return entry.stat().st_size
    except OSError:
        return 0


def is_class_folder(folder: Path) -> bool:
    """A folder holding solutions (not one solution: no Prolog file of its own that
    defines goMove/4, and no proylcc.pl)."""
    folder = Path(folder)
    own = [p for p in folder.iterdir() if p.is_file() and p.suffix.lower() == ".pl"]
    if any(p.name.lower() == "proylcc.pl" for p in own):
        return False
    subfolders = [p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
    if subfolders or any(p.suffix.lower() == ".zip" for p in folder.iterdir()):
        return True
    return len(own) > 1


class ClassGrader(NamedTuple):
    """What grade_class() needs of a game's grader: Go's is GO (below), a kit game's
    app/grade_games.py's class_grader(game)."""

    grade: Callable[..., dict]             # grade(entry, **options) -> report
    feedback: Callable[[dict, str], str]   # feedback(report, lang) -> text
    html: Callable[[dict], str]            # html(report) -> an HTML page
    predicates: tuple                      # the columns of the table
    fatal: Callable[[dict, str], object]   # fatal(report, message): a report that could not be made
    english_too: bool                      # feedback in English beside `lang`'s
    bugs: Callable[[list, str], str]       # bugs(rows, lang) -> HTML under the table


def grade_class(folder: Path, out: Path | None = None, lang: str = "es",
                jobs: int = CLASS_JOBS, progress=None, grader: ClassGrader | None = None,
                **options) -> list[dict]:
    """Grade every solution of `folder`, `jobs` at a time; write grades.csv, grades.html
    and feedback/<student>.txt to `out` (default FOLDER/grades); return the rows.
    `grader`: Go's (GO, the default) or a kit game's (app/grade_games.py's
    class_grader(game), whose feedback is in `lang` and in English beside it,
    feedback/<student>.en.txt)."""
    import concurrent.futures
    import csv

    grader = grader or GO
    grade_one, feedback_of, html_of, preds = (grader.grade, grader.feedback, grader.html,
                                              grader.predicates)
    entries = class_entries(folder)
    out = Path(out) if out else Path(folder) / "grades"
    (out / "feedback").mkdir(parents=True, exist_ok=True)
    entries = [e for e in entries if e.resolve() != out.resolve()]

    def one(entry: Path) -> dict:
        started = time.monotonic()
        try:
            report = grade_one(entry, **options)
        except GradeError as exc:
            report = unloadable_report(entry, str(exc))
            grader.fatal(report, str(exc))
        seconds = round(time.monotonic() - started, 1)
        name = entry.stem if entry.is_file() else entry.name
        (out / "feedback" / f"{name}.txt").write_text(feedback_of(report, lang),
                                                      encoding="utf-8")
        if grader.english_too and lang != "en":
            (out / "feedback" / f"{name}.en.txt").write_text(feedback_of(report, "en"),
                                                             encoding="utf-8")
        (out / "feedback" / f"{name}.html").write_text(html_of(report), encoding="utf-8")
        row = {"student": name, "verdict": report["verdict"], "mark": report.get("mark", 0),
               "seconds": seconds, "cpu": report.get("process", {}).get("cpu", 0),
               "report": report}
        for key in preds:
            v = report.get("verdicts", {}).get(key)
            row[key] = v["verdict"] if v else ("error" if report["verdict"] == "error" else "")
        firsts = [v.get("first_words", {}).get(lang) or v["first"]
                  for v in report.get("verdicts", {}).values() if v.get("first")]
        row["first"] = (firsts[0] if firsts else
                        report["summary"] if report["verdict"] == "error" else "")
        if progress:
            progress(row)
        return row

    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        # the largest solutions first (the slow ones, as a rule): the last to end is then a
        # short one, and the cores stay busy to the end; the rows stay in the folder's order
        futures = {e: pool.submit(one, e) for e in sorted(entries, key=_solution_bytes,
                                                            reverse=True)}
        rows = [futures[e].result() for e in entries]
    w = _WORDS[lang]
    with open(out / "grades.csv", "w", newline="", encoding="utf-8") as f:
        writer = csv.writer(f)
        writer.writerow([w["student"], w["verdict"], w["mark"], *preds, w["first"],
                         w["seconds"]])
        for r in rows:
            writer.writerow([r["student"], w[r["verdict"]], r["mark"],
                             *(w.get(r[k], r[k]) for k in preds), r["first"], r["seconds"]])
    (out / "grades.html").write_text(
        class_html(rows, lang, preds, grader.bugs(rows, lang)),
        encoding="utf-8")
    (out / "grades.json").write_text(json.dumps(
        [{k: v for k, v in r.items() if k != "report"} for r in rows], ensure_ascii=False,
        indent=1), encoding="utf-8")
    return rows


def class_html(rows: list[dict], lang: str, preds=PREDICATES, extra: str = "") -> str:
    e = html.escape
    w = _WORDS[lang]
    head = "".join(f"<th>{e(h)}</th>" for h in (w["student"], w["verdict"], w["mark"],
                                                   *preds, w["first"], w["seconds"]))
    body = []
    for r in rows:
        cells = [f"<td><a href='feedback/{e(r['student'])}.html'>{e(r['student'])}</a></td>",
                 f"<td class={'pass' if r['verdict'] == 'pass' else 'fail'}>"
                 f"{e(w[r['verdict']])}</td>", f"<td>{r['mark']}</td>"]
        cells += [f"<td class={'pass' if r[k] == 'pass' else 'fail'}>{e(w.get(r[k], r[k]))}</td>"
                  for k in preds]
        cells += [f"<td class=first>{e(r['first'])}</td>", f"<td>{r['seconds']}</td>"]
        body.append("<tr>" + "".join(cells) + "</tr>")
    return (f"<!doctype html><html lang={lang}><meta charset=utf-8><title>{e(w['title'])}"
            f"</title><style>{_CSS} td.first {{ text-align: left; font-size: .85rem; }}</style>"
            f"<h1>{e(w['title'])}</h1><table class=summary><tr>{head}</tr>{''.join(body)}"
            f"</table>{extra}</html>\n")


#  Go's grader, for grade_class().
GO = ClassGrader(grade=grade, feedback=feedback, html=html_report, predicates=PREDICATES,
                 fatal=lambda report, message: _finish(report, fatal=message),
                 english_too=False, bugs=lambda rows, lang: "")


# ------------------------------------------------------------ GNU Go games

#  (size, seed, level) of the self-play games in prolog/grade/gnugo_games.pl.
RECORDED_GAMES = [(19, 1, 1), (19, 2, 1), (9, 1, 1), (9, 2, 1), (9, 3, 0)]


def gtp_command(engine: subprocess.Popen, command: str) -> str:
    """Send one GTP command; return the answer without its "= " (raise on "? ")."""
    engine.stdin.write(command + "\n")
    engine.stdin.flush()
    lines = []
    while True:
        line = engine.stdout.readline()
        if not line:
            raise RuntimeError(f"GNU Go exited on {command!r}")
        if not line.strip():
            if lines:
                break
            continue
        lines.append(line.strip())
    answer = " ".join(lines)
    if not answer.startswith("="):
        raise RuntimeError(f"GNU Go refused {command!r}: {answer}")
    return answer[1:].strip()


def self_play(size: int, seed: int, level: int, gnugo: str = GNUGO) -> dict:
    """One GNU Go self-play game to two passes: moves, final score and stones."""
    argv = [gnugo, "--mode", "gtp", "--chinese-rules", "--capture-all-dead", "--komi", "0",
            "--never-resign", "--seed", str(seed), "--level", str(level)]
    engine = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, text=True)
    try:
        gtp_command(engine, f"boardsize {size}")
        gtp_command(engine, "clear_board")
        moves, passes, colour = [], 0, "black"
        while passes < 2:
            vertex = gtp_command(engine, f"genmove {colour}").upper()
            moves.append(vertex)
            passes = passes + 1 if vertex == "PASS" else 0
            colour = "white" if colour == "black" else "black"
            if len(moves) > 4 * size * size:
                raise RuntimeError(f"GNU Go seed {seed} did not end in {len(moves)} moves")
        return {
            "name": f"{size}x{size}-seed{seed}-level{level}", "size": size, "moves": moves,
            "score": gtp_command(engine, "final_score"),
            "black": gtp_command(engine, "list_stones black").upper().split(),
            "white": gtp_command(engine, "list_stones white").upper().split(),
        }
    finally:
        engine.kill()
        engine.wait()
        engine.stdin.close()
        engine.stdout.close()


def prolog_strings(items: list[str], indent: str) -> str:
    """A Prolog list of strings (GTP vertices: no quoting needed), wrapped at 80 columns."""
    lines, line = [], ""
    for item in items:
        word = f'"{item}",'
        if len(indent) + len(line) + len(word) > 78:
            lines.append(line.rstrip())
            line = ""
        line += word + " "
    lines.append(line.rstrip().rstrip(","))
    return "[ " + f"\n{indent}".join(lines) + "\n" + indent[:-2] + "]"


def record_gnugo_games(path: Path = GAMES_FILE, gnugo: str = GNUGO) -> None:
    """Play RECORDED_GAMES with GNU Go and write them as Prolog facts to `path`.

    Run once (a 19x19 game takes about a minute):
    .venv/bin/python -c "import app.grade as g; g.record_gnugo_games()"
    """
    version = subprocess.run([gnugo, "--version"], capture_output=True, text=True).stdout
    facts = []
    for size, seed, level in RECORDED_GAMES:
        game = self_play(size, seed, level, gnugo)
        facts.append(
            f'gnugo_game("{game["name"]}", {size},\n'
            f'    {prolog_strings(game["moves"], "      ")},\n'
            f'    "{game["score"]}",\n'
            f'    {prolog_strings(game["black"], "      ")},\n'
            f'    {prolog_strings(game["white"], "      ")}).\n'
        )
    header = f"""\
:- module(grade_gnugo_games,
          [ gnugo_game/6            % ?Name, ?Size, ?Moves, ?Score, ?Black, ?White
          ]).

/** <module> GNU Go self-play games for the grader (data)

Written by app.grade.record_gnugo_games() with {version.splitlines()[0]}:
`gnugo --mode gtp --chinese-rules --capture-all-dead --komi 0 --never-resign
--seed N --level L`, genmove for Black and White in turn until two passes.
Do not edit by hand: record again.
*/

%!  gnugo_game(?Name, ?Size, ?Moves, ?Score, ?Black, ?White) is nondet.
%
%   Moves are GTP vertices ("D4", "PASS"), Black first, in turn.  Score is
%   GNU Go's final_score (area, komi 0).  Black and White are the vertices of
%   the stones on the board at the end.

"""
    Path(path).write_text(header + "\n".join(facts))

