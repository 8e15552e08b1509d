"""`tablero grade --game gorogo|azul|molinolog FILE|FOLDER`: grade a kit game's solution.

Start reading here after app/grade.py (Go's grader, whose design this follows and whose
process machinery this reuses: run_driver() runs prolog/grade/driver.pl confined, with
CPU, inference and memory limits, restarting it after a case that ended its process).
The driver's kit_grade.pl asks each predicate of the game's kit contract (docs/kits.md)
on positions written by hand and on seeded random games, beside our rules, and writes one
{"kind":"check"} record a case; this module turns the records into a report (each
predicate's verdict, the distinct bugs with a count, the first failure of each shrunk to
a shorter game), and the report into text, HTML and a short feedback in the course's
language (GoRoGo Portuguese, Azul and Molinolog Spanish) or English.

A student's solution is a file or a folder.  A folder is graded through the same file a
tournament plays (app/tournament.py): its adapter.pl (the teacher's or the student's
mapping of their names and state to the kit's contract), else the kit's main file
(gorogo.pl, azul.pl, molinolog.pl), else the one Prolog file defining a contract
predicate.  See docs/grading.md.
"""

from __future__ import annotations

import html
import json
import re
import time
from pathlib import Path

from . import grade as go
from .kit import MAIN as KIT_MAIN, ours

GAMES = {
    "gorogo": {"predicates": ("gamestate/1", "jogada/3", "updateTable/2", "melhorJogada/2"),
               "lang": "pt", "course": "GoRoGo (Programação em Lógica, FEUP)",
               "sections": ("initial", "positions", "bot", "random")},
    "azul": {"predicates": ("new_game/1", "jugadas_legales/2", "aplicar_jugada/3",
                            "estrategia/3"),
             "lang": "es", "course": "Azul (Programación Declarativa, La Habana)",
             "sections": ("positions", "random", "games")},
    "molinolog": {"predicates": ("estado_inicial/3", "accion_legal/2", "aplicar/3",
                                 "fin_del_juego/2", "mejor_accion/3"),
                  "lang": "es", "course": "Molinolog (Programación Lógica, UdelaR 2019)",
                  "sections": ("positions", "random")},
}
ENTRIES = ("adapter.pl",)       # a folder's file to grade, before the kit's main file
CASE_BUDGET = 30.0              # CPU seconds of a driver run


def predicates(game: str) -> tuple:
    return GAMES[game]["predicates"]


def class_grader(game: str) -> go.ClassGrader:
    """The grader of `game`'s class folders (app/grade.py's grade_class()): its feedback
    in the class's language and in English, the bugs the class shares under the table."""
    return go.ClassGrader(
        grade=lambda entry, **options: grade(entry, game, **options),
        feedback=feedback, html=html_report, predicates=predicates(game),
        fatal=lambda report, message: finish(report, game, {}, fatal=message),
        english_too=True, bugs=class_bugs)


# ------------------------------------------------------------ grading


def grade(path: Path, game: str, seed: int | str = go.DEFAULT_SEEDS, only: str | None = None,
          call_seconds: float = go.CALL_SECONDS, wall_seconds: float = go.WALL_SECONDS,
          budget: float = CASE_BUDGET, require: str | None = None,
          weights: str | None = None, **_ignored) -> dict:
    """Grade the solution at `path` (a file, a folder or a zip) for `game`; the report."""
    if game not in GAMES:
        raise go.GradeError(f"--game {game!r}: known games are go, {', '.join(GAMES)}")
    started = time.monotonic()
    if not 0.01 <= call_seconds <= 10:
        raise go.GradeError("--call-seconds must be between 0.01 and 10")
    config = grade_config(game, require, weights)
    sections = _sections(game, only)
    with go.student_files(Path(path), find=lambda root: find_main_file(root, game)) \
            as (main_file, root):
        if main_file is None:
            return finish(go.unloadable_report(Path(path), root), game, config, fatal=root)
        problem, encoding = go.check_file(main_file)
        if problem:
            return finish(go.unloadable_report(Path(path), problem), game, config,
                          fatal=problem)
        options = [f"--game={game}", f"--encoding={encoding}", f"--seeds={go._seeds(seed)}",
                   f"--call-seconds={call_seconds:g}",
                   f"--call-inferences={go.CALL_INFERENCES}"]
        if sections:
            options.append(f"--sections={','.join(sections)}")
        records, process = go.run_driver(main_file.resolve(), options,
                                         started + wall_seconds, budget, root=root,
                                         replace=ours(game))
    report = build_report(Path(path), game, records, process, config)
    if Path(path) != main_file:
        report["graded_file"] = (str(main_file.resolve().relative_to(root)) if root
                                 else str(main_file))
    report["process"]["seconds"] = round(time.monotonic() - started, 1)
    return report


def find_main_file(root: Path, game: str) -> Path | None:
    """The file a folder is graded (and played) through: its adapter.pl when it defines
    a contract predicate (the kits' adapter.pl examples map only machine_move/2), else the
    kit's main file, else the shallowest Prolog file with a clause of a contract
    predicate, else the only Prolog file."""
    files = sorted((p for p in Path(root).rglob("*") if p.suffix.lower() in (".pl", ".pro")
                    and p.is_file() and not any(x.startswith(".") or x == "__MACOSX"
                                                for x in p.relative_to(root).parts)),
                   key=lambda p: (len(p.relative_to(root).parts), str(p)))
    heads = re.compile(rb"^(" + b"|".join(re.escape(pi.split("/")[0].encode())
                                          for pi in predicates(game)) + rb")\s*\(", re.M)

    def defines(p: Path) -> bool:
        try:
            return bool(heads.search(p.read_bytes()[:go.MAX_FILE_BYTES]))
        except OSError:
            return False
    for p in files:
        if p.name.lower() in ENTRIES and defines(p):
            return p
    for p in files:
        if p.name.lower() == KIT_MAIN[game]:
            return p
    for p in files:
        if p.name.lower() != "graficos.pl" and defines(p):
            return p
    return files[0] if len(files) == 1 else None


def is_solution_folder(folder: Path, game: str) -> bool:
    """A folder that is one student's solution, not a class: it holds an adapter.pl or
    the kit's main file, or else no subfolder, no zip and at most one Prolog file."""
    folder = Path(folder)
    names = {p.name.lower() for p in folder.iterdir() if p.is_file()}
    if names & {*ENTRIES, KIT_MAIN[game]}:
        return True
    subfolders = [p for p in folder.iterdir() if p.is_dir() and not p.name.startswith(".")]
    own = [n for n in names if n.endswith(".pl")]
    return not subfolders and not any(n.endswith(".zip") for n in names) and len(own) <= 1


def grade_config(game: str, require: str | None, weights: str | None) -> dict:
    """Which predicates must pass for an overall pass, and their weights in the mark."""
    preds = predicates(game)
    req = list(preds)
    if require:
        req = [x.strip() for x in require.split(",") if x.strip()]
        bad = [x for x in req if x not in preds]
        if bad:
            raise go.GradeError(f"--require: unknown {bad[0]!r} (known: {', '.join(preds)})")
    w = {k: 1 for k in preds}
    if weights:
        w = {k: 0 for k in preds}
        for part in weights.split(","):
            key, _, value = part.partition("=")
            if key.strip() not in preds or not value.strip().isdigit():
                raise go.GradeError(f"--weights: {part!r} (give "
                                    + ",".join(f"{p}=N" for p in preds) + ")")
            w[key.strip()] = int(value)
    return {"require": req, "weights": w}


def _sections(game: str, only: str | None) -> list[str]:
    if not only:
        return []
    known = GAMES[game]["sections"]
    names = [s.strip() for s in only.split(",") if s.strip()]
    unknown = [s for s in names if s not in known]
    if unknown:
        raise go.GradeError(f"--only: unknown section {unknown[0]!r} (known: {', '.join(known)})")
    return names


# ------------------------------------------------------------ the report


def build_report(path: Path, game: str, records: list[dict], process: dict,
                 config: dict) -> dict:
    """The report of a grade from the driver's records (keys as Go's report, plus game
    and each section's failures as the driver's check records)."""
    report = go._empty_report(path)
    report["game"] = game
    report["process"].update(runs=process["runs"], restarts=process["restarts"],
                             cpu=round(sum(r.get("cpu", 0) for r in records
                                           if r["kind"] == "done"), 2))
    load = next((r for r in records if r["kind"] == "load"), None)
    report["load"] = load or {"ok": False, "failure": "the driver did not start"}
    if load is None or any(r["kind"] == "died_loading" for r in records):
        report["load"]["failure"] = go._died_loading_words(records, process).replace(
            "checking emptyBoard/1", "checking the contract")
        return finish(report, game, config, fatal=report["load"]["failure"])
    if not load["ok"]:
        return finish(report, game, config, fatal=load["failure"])
    go._rename_module(records, load.get("module") or "")
    if load["syntax_errors"]:
        n = len(load["syntax_errors"])
        return finish(report, game, config, fatal=f"{n} syntax error{'s' * (n > 1)} in the file")
    report["contract"] = [{"check": r["check"], "ok": r["ok"], "message": r["message"]}
                          for r in records if r["kind"] == "contract"]
    fatal = [r["message"] for r in records if r["kind"] == "contract" and r.get("fatal")]
    if fatal:
        return finish(report, game, config, fatal="; ".join(fatal))
    plan = next((r for r in records if r["kind"] == "plan"), {"sections": []})
    report["sections"] = [section_report(s, records) for s in plan["sections"]]
    report["notes"] = [r["message"] for r in records if r["kind"] == "note"]
    report["internal"] = [f"[{r['section']}] {r['message']}" for r in records
                          if r["kind"] == "internal"]
    report["output"] = go.output_report(records, process)
    go._not_run_notes(report, records)
    return finish(report, game, config)


def section_report(plan: dict, records: list[dict]) -> dict:
    name = plan["name"]
    cases = [r for r in records if r.get("section") == name and r["kind"] == "check"]
    interrupted = [r for r in records if r["kind"] in ("crashed", "killed")
                   and _in_section(r["index"], name, records)]
    shrunk = {r["index"]: r for r in records if r["kind"] == "shrunk"}
    failures = [{**r, "shrunk": shrunk[r["index"]]} if r["index"] in shrunk else r
                for r in cases if not r["ok"]]
    for r in interrupted:
        failures.append({"name": r.get("name", f"case {r['index']}"), "title": "",
                         "title_local": "", "predicate": r.get("predicate", ""), **r,
                         "kind": "check", "section": name, "ok": False,
                         "problem": r["kind"], "detail": "", "goal": "", "expected": "",
                         "answer": ""})
    failures.sort(key=lambda r: r["index"])
    ran = len(cases) + len(interrupted)
    per_pred: dict = {}
    for r in cases + interrupted:
        p = per_pred.setdefault(r.get("predicate", ""), [0, 0])
        p[0] += 1
        p[1] += bool(r.get("ok"))
    return {"name": name, "title": plan["title"], "title_local": plan.get("title_local", ""),
            "contract": True, "cases": plan["cases"], "ran": ran,
            "passed": ran - len(failures), "failed": len(failures),
            "not_run": max(0, plan["cases"] - ran), "per_predicate": per_pred,
            "planned": plan.get("predicates", {}),
            "student_us": go._median(r["us"] for r in cases if r["got"] in ("answer", "failed")),
            "ours_us": None, "failures": failures}


def _in_section(index, name: str, records: list[dict]) -> bool:
    if not isinstance(index, int):
        return False
    said = next((r for r in records if r["kind"] in ("crashed", "killed")
                 and r["index"] == index and "section" in r), None)
    if said:
        return said["section"] == name
    before = [r for r in records if r["kind"] == "check" and r["index"] < index]
    after = [r for r in records if r["kind"] == "check" and r["index"] > index]
    if before:
        return max(before, key=lambda r: r["index"])["section"] == name
    return bool(after) and min(after, key=lambda r: r["index"])["section"] == name


def predicate_verdicts(report: dict, game: str) -> dict:
    """Each contract predicate judged on its own: verdict ("pass", "fail", "missing",
    "not written", "not run"), passed, cases, first (the first failure, in words)."""
    contract = {c["check"]: c for c in report["contract"]}
    out = {}
    for pred in predicates(game):
        c = contract.get(pred)
        ran = passed = planned = 0
        for s in report["sections"]:
            n, ok = s["per_predicate"].get(pred, (0, 0))
            ran += n
            passed += ok
            planned += s.get("planned", {}).get(pred, 0)
        failures = [f for s in report["sections"] for f in s["failures"]
                    if f.get("predicate") == pred]
        cases = max(ran, planned)           # the cases not run count as not passed
        entry = {"verdict": "pass", "passed": passed, "cases": cases, "first": "",
                 "first_words": {}}
        if c is not None and not c["ok"]:
            entry.update(verdict="missing", first=c["message"])
        elif failures:
            f = min(failures, key=lambda r: r["index"])
            entry["first"] = f"{f['title']}: {problem_words(f, 'en')}"
            lang = GAMES[game]["lang"]
            entry["first_words"] = {
                "en": entry["first"],
                lang: f"{f.get('title_local') or f['title']}: {problem_words(f, lang)}"}
            entry["verdict"] = ("not written" if all(_not_written(x) for x in failures)
                                else "fail")
        elif cases == 0:
            entry["verdict"] = "not run"
        if entry["verdict"] == "pass" and ran < planned:     # the budget, or a crash, stopped it
            entry.update(verdict="fail", first=f"{planned - ran} cases not run")
        out[pred] = entry
    return out


def _not_written(r: dict) -> bool:
    return r.get("problem") == "not_written" or r.get("got") == "not_written"


def finish(report: dict, game: str, config: dict, fatal: str | None = None) -> dict:
    """Verdicts of each predicate, the overall verdict, the mark, exit status, summary."""
    report["game"] = game
    report["config"] = config
    if fatal:
        report["verdicts"] = {}
        report.update(verdict="error", exit=2, mark=0, summary=f"COULD NOT GRADE: {fatal}")
        return report
    verdicts = report["verdicts"] = predicate_verdicts(report, game)
    total = sum(config["weights"].values()) or 1
    mark = sum(w * verdicts[k]["passed"] / verdicts[k]["cases"]
               for k, w in config["weights"].items()
               if verdicts[k]["cases"] and verdicts[k]["verdict"] not in ("missing", "not written"))
    report["mark"] = int(100 * mark / total)     # 100 only when every case passed
    passed = all(verdicts[k]["verdict"] == "pass" for k in config["require"])
    ran = sum(s["ran"] for s in report["sections"])
    failed = sum(s["failed"] for s in report["sections"])
    not_run = sum(s["not_run"] for s in report["sections"])
    missing = [k for k, v in verdicts.items() if v["verdict"] == "missing"]
    go.summarize(report, verdicts, passed=passed, mark=report["mark"], ran=ran, failed=failed,
                 not_run=not_run, problems=[f"{', '.join(missing)} not defined"] if missing
                 else [])
    return report


# ------------------------------------------------------------ words

#  What went wrong (the record's problem), then what it is about (its detail).
PROBLEMS = {
    "en": {
        "accepted_illegal": "accepts an illegal action",
        "refused_legal": "fails (refuses) a legal action",
        "wrong_state": "answers another state",
        "wrong_answer": "answers something else",
        "missing_moves": "leaves out legal moves",
        "extra_moves": "gives moves that are illegal",
        "not_greedy": "does not choose a move that scores most now",
        "illegal_move": "chooses an illegal move",
        "not_a_move": "answers something that is not a move",
        "changed_on_refusal": "fails but changes the stored game",
        "second_answer": "gives a second, different answer on backtracking",
        "no_stored_game": "the stored game jogo/1 cannot be set (it must be dynamic)",
        "false_end": "says the game is over while it goes on",
        "missed_end": "does not see that the game is over",
        "wrong_result": "gives another result",
        "no_output": "prints nothing",
        "error": "raises an error",
        "timeout": "does not answer within the time limit",
        "inferences": "does not answer within the inference limit (a loop?)",
        "halt": "calls halt",
        "abort": "calls abort/0",
        "resource": "runs out of memory",
        "not_written": "is not written yet (still the kit's stub)",
        "crashed": "ends the Prolog process",
        "killed": "the grade's wall-clock limit ran out",
        "failed": "fails",
    },
    "es": {
        "accepted_illegal": "acepta una acción ilegal",
        "refused_legal": "falla (rechaza) una acción legal",
        "wrong_state": "devuelve otro estado",
        "wrong_answer": "devuelve otra cosa",
        "missing_moves": "omite jugadas legales",
        "extra_moves": "da jugadas ilegales",
        "not_greedy": "no elige una jugada que sume más puntos ahora",
        "illegal_move": "elige una jugada ilegal",
        "not_a_move": "devuelve algo que no es una jugada",
        "changed_on_refusal": "falla pero cambia el juego guardado",
        "second_answer": "da una segunda respuesta, distinta, al reintentar (backtracking)",
        "no_stored_game": "no se puede fijar el juego guardado (debe ser dinámico)",
        "false_end": "dice que el juego terminó cuando sigue",
        "missed_end": "no ve que el juego terminó",
        "wrong_result": "da otro resultado",
        "no_output": "no escribe nada",
        "error": "lanza un error",
        "timeout": "no responde dentro del límite de tiempo",
        "inferences": "no responde dentro del límite de inferencias (¿un bucle?)",
        "halt": "llama a halt",
        "abort": "llama a abort/0",
        "resource": "se queda sin memoria",
        "not_written": "todavía no está escrito (sigue siendo el esqueleto del kit)",
        "crashed": "termina el proceso de Prolog",
        "killed": "se agotó el tiempo de la corrección",
        "failed": "falla",
    },
    "pt": {
        "accepted_illegal": "aceita uma jogada ilegal",
        "refused_legal": "falha (recusa) uma jogada legal",
        "wrong_state": "deixa outro jogo guardado",
        "wrong_answer": "responde outra coisa",
        "missing_moves": "omite jogadas legais",
        "extra_moves": "dá jogadas ilegais",
        "not_greedy": "não escolhe a jogada que mais pontua",
        "illegal_move": "escolhe uma jogada ilegal",
        "not_a_move": "responde algo que não é uma jogada",
        "changed_on_refusal": "falha mas muda o jogo guardado",
        "second_answer": "dá uma segunda resposta, diferente, ao voltar atrás (backtracking)",
        "no_stored_game": "o jogo guardado jogo/1 não pode ser definido (tem de ser dinâmico)",
        "false_end": "diz que o jogo acabou quando continua",
        "missed_end": "não vê que o jogo acabou",
        "wrong_result": "dá outro resultado",
        "no_output": "não escreve nada",
        "error": "lança um erro",
        "timeout": "não responde dentro do limite de tempo",
        "inferences": "não responde dentro do limite de inferências (um ciclo?)",
        "halt": "chama halt",
        "abort": "chama abort/0",
        "resource": "fica sem memória",
        "not_written": "ainda não está escrito (é o corpo provisório do kit)",
        "crashed": "termina o processo de Prolog",
        "killed": "acabou o tempo da correção",
        "failed": "falha",
    },
}

DETAILS = {
    "en": {
        "suicide": "a suicide (the piece's group has no empty neighbour and captures nothing)",
        "occupied": "an occupied point",
        "henge_first": "a regular piece in the opening (White places the Henge first)",
        "last_piece_henge": "a Henge as the player's last piece",
        "no_regular_left": "no regular piece left in hand",
        "no_henge_left": "no Henge left in hand",
        "off_board": "off the board",
        "not_one_piece": "a board that is not the stored one plus one piece",
        "board_captures": "captured pieces left on the board",
        "board_removed": "pieces taken off that stay",
        "board": "the board",
        "to_move": "whose turn it is",
        "hand": "the pieces in hand (the Henge count)",
        "captures": "the capture counts",
        "phase": "the phase",
        "not_a_state": "not a state",
        "not_a_board": "not a 5x5 board",
        "line_full": "a full pattern line",
        "colour_mismatch": "a line of another colour",
        "wall_has_colour": "a line whose wall row has the colour",
        "no_such_colour": "a colour the source lacks",
        "empty_source": "an empty source (the centre with the token alone)",
        "bad_source": "no such source",
        "bad_line": "no such line",
        "game_over": "the game is over",
        "not_a_move": "not a move",
        "missing_floor": "the floor",
        "missing_centre": "the centre",
        "missing_line": "a pattern line",
        "duplicates": "a move twice",
        "not_a_list": "not a list",
        "token_penalty": "the first-player token's floor penalty",
        "floor_overflow": "the floor's overflow (beyond 7 spaces, to the lid)",
        "round_scoring": "the round's tiling points (row and column)",
        "factories": "the factories",
        "centre": "the centre",
        "token": "the first-player token",
        "pattern_lines": "the pattern lines",
        "floor": "the floor (7 spaces; beyond them, the lid)",
        "lid": "the lid (the tiles a full floor cannot hold)",
        "other_fields": "another part of the state (score, wall, bag, round)",
        "random": "",
        "not_adjacent": "a piece that flies (not to an adjacent point)",
        "in_mill": "a capture out of a mill while another piece is not in one",
        "not_your_piece": "not the player's piece",
        "must_capture": "a capture is pending",
        "wrong_phase": "not this phase's action",
        "bad_step": "not an action",
        "not_capturable": "not an opponent's piece",
        "not_an_action": "not an action",
        "missing_colocar": "placements",
        "missing_mover": "moves",
        "missing_capturar": "captures",
        "fichas": "the pieces",
        "fase": "the phase (mill: capturar)",
        "turno": "whose turn it is",
        "mano": "the pieces in hand",
        "sin_captura": "the turns without a capture",
        "historia": "the history of positions",
        "dos_fichas": "a player with two pieces (board and hand)",
        "sin_movimientos": "a player who cannot move",
        "repeticion": "a position three times",
        "cincuenta_jugadas": "100 turns without a capture",
        "other": "another result",
    },
    "es": {
        "line_full": "una fila de preparación llena",
        "colour_mismatch": "una fila de otro color",
        "wall_has_colour": "una fila cuyo muro ya tiene el color",
        "no_such_colour": "un color que el origen no tiene",
        "empty_source": "un origen vacío (el centro con sólo la ficha inicial)",
        "bad_source": "un origen que no existe",
        "bad_line": "una fila que no existe",
        "game_over": "el juego terminó",
        "not_a_move": "no es una jugada",
        "missing_floor": "el suelo",
        "missing_centre": "el centro",
        "missing_line": "una fila de preparación",
        "duplicates": "una jugada repetida",
        "not_a_list": "no es una lista",
        "token_penalty": "el descuento de la ficha de jugador inicial en el suelo",
        "floor_overflow": "el suelo lleno (después de 7 lugares, a la tapa)",
        "round_scoring": "los puntos del fin de ronda (fila y columna)",
        "to_move": "el jugador de turno",
        "factories": "las fábricas",
        "centre": "el centro",
        "token": "la ficha de jugador inicial",
        "pattern_lines": "las filas de preparación",
        "floor": "el suelo (7 lugares; después, la tapa)",
        "lid": "la tapa (los azulejos que no caben en el suelo lleno)",
        "other_fields": "otra parte del estado (puntos, muro, bolsa, ronda)",
        "random": "",
        "not_adjacent": "una ficha que vuela (a un punto no adyacente)",
        "in_mill": "capturar de un molino cuando hay otra ficha fuera de molinos",
        "occupied": "un punto ocupado",
        "off_board": "fuera del tablero",
        "not_your_piece": "una ficha que no es suya",
        "must_capture": "hay una captura pendiente",
        "wrong_phase": "una acción de otra fase",
        "bad_step": "no es una acción",
        "not_capturable": "no es una ficha del contrario",
        "not_an_action": "no es una acción",
        "missing_colocar": "colocaciones",
        "missing_mover": "movimientos",
        "missing_capturar": "capturas",
        "fichas": "las fichas",
        "fase": "la fase (molino: capturar)",
        "turno": "el turno",
        "mano": "las fichas en la mano",
        "sin_captura": "los turnos sin captura",
        "historia": "la historia de posiciones",
        "not_a_state": "no es un estado",
        "dos_fichas": "un jugador con dos fichas (tablero y mano)",
        "sin_movimientos": "un jugador que no puede mover",
        "repeticion": "una posición por tercera vez",
        "cincuenta_jugadas": "100 turnos sin captura",
        "other": "otro resultado",
    },
    "pt": {
        "suicide": "um suicídio (o grupo da peça fica sem casa vazia vizinha e não captura)",
        "occupied": "uma casa ocupada",
        "henge_first": "uma peça normal na abertura (o branco põe primeiro o Henge)",
        "last_piece_henge": "um Henge como última peça do jogador",
        "no_regular_left": "sem peças normais na mão",
        "no_henge_left": "sem Henge na mão",
        "off_board": "fora do tabuleiro",
        "not_one_piece": "um tabuleiro que não é o guardado mais uma peça",
        "board_captures": "peças capturadas ficam no tabuleiro",
        "board_removed": "tira peças que ficam",
        "board": "o tabuleiro",
        "to_move": "de quem é a vez",
        "hand": "as peças na mão (a contagem dos Henge)",
        "captures": "as capturas contadas",
        "phase": "a fase",
        "not_a_state": "não é um estado",
        "not_a_board": "não é um tabuleiro 5x5",
        "not_a_move": "não é uma jogada",
    },
}


def detail_words(detail: str, lang: str) -> str:
    if not detail:
        return ""
    return DETAILS.get(lang, {}).get(detail) or DETAILS["en"].get(detail, detail)


def problem_words(r: dict, lang: str = "en") -> str:
    """What went wrong in a failed case, in words: the problem, then what about."""
    problem = r.get("problem", "")
    words = PROBLEMS[lang].get(problem, problem)
    detail = detail_words(r.get("detail") or "", lang)
    if detail:
        words += f": {detail}"
    if problem in ("error", "resource", "halt") and r.get("message"):
        words += f" ({r['message'][:200]})"
    return words


def bug_key(r: dict) -> tuple:
    return (r.get("predicate"), r.get("problem"), r.get("detail") or "")


def distinct_bugs(report: dict, lang: str = "en") -> list[dict]:
    """Every failure grouped by kind of bug (predicate, problem, detail): words, count
    and the first case, in case order."""
    groups: dict = {}
    for s in report["sections"]:
        for r in s["failures"]:
            g = groups.setdefault(bug_key(r), {"count": 0, "first": r, "shrunk": None})
            g["count"] += 1
            if r.get("shrunk") and not g["shrunk"]:
                g["shrunk"] = r["shrunk"]
    out = []
    for (pred, _, _), g in sorted(groups.items(), key=lambda kv: kv[1]["first"]["index"]):
        r = g["first"]
        title = r.get("title_local") if lang != "en" and r.get("title_local") else r.get("title")
        out.append({"count": g["count"], "predicate": pred, "key": list(bug_key(r)),
                    "words": f"{pred} {problem_words(r, lang)}", "case": title, "first": r,
                    "shrunk": g["shrunk"]})
    return out


# ------------------------------------------------------------ text, feedback, HTML

_FEEDBACK = {
    "en": {
        "feedback": "Feedback",
        "file": "file graded",
        "verdict": "verdict",
        "mark": "mark",
        "bugs": "What to fix (each problem once, with how many cases show it)",
        "all_good": "Every case passed.",
        "example": "first case",
        "goal": "goal",
        "expected": "expected",
        "got": "got",
        "shorter": "a shorter game shows it",
        "moves": "moves",
        "instead": "instead of",
        "cases": "cases",
        "pass": "pass",
        "fail": "fail",
        "missing": "missing",
        "not written": "not written yet",
        "not run": "not run",
        "error": "could not grade",
    },
    "es": {
        "feedback": "Devolución",
        "file": "archivo corregido",
        "verdict": "resultado",
        "mark": "nota",
        "bugs": "Qué corregir (cada problema una vez, con cuántos casos lo muestran)",
        "all_good": "Todos los casos pasaron.",
        "example": "primer caso",
        "goal": "objetivo",
        "expected": "esperado",
        "got": "obtenido",
        "shorter": "una partida más corta lo muestra",
        "moves": "jugadas",
        "instead": "en vez de",
        "cases": "casos",
        "pass": "aprobado",
        "fail": "falla",
        "missing": "no está",
        "not written": "todavía no escrito",
        "not run": "no se corrió",
        "error": "no se pudo corregir",
    },
    "pt": {
        "feedback": "Devolução",
        "file": "ficheiro corrigido",
        "verdict": "resultado",
        "mark": "nota",
        "bugs": "O que corrigir (cada problema uma vez, com quantos casos o mostram)",
        "all_good": "Todos os casos passaram.",
        "example": "primeiro caso",
        "goal": "objetivo",
        "expected": "esperado",
        "got": "obtido",
        "shorter": "uma partida mais curta mostra-o",
        "moves": "jogadas",
        "instead": "em vez de",
        "cases": "casos",
        "pass": "aprovado",
        "fail": "falha",
        "missing": "não existe",
        "not written": "ainda não escrito",
        "not run": "não corrido",
        "error": "não foi possível corrigir",
    },
}


def feedback(report: dict, lang: str = "en") -> str:
    """A short feedback for the student: the verdict of each predicate, then each
    distinct bug once with its count, its first case's goal, expected and got answers."""
    w = _FEEDBACK[lang]
    lines = [f"{w['feedback']}: {Path(report['file']).name}"]
    if report.get("graded_file"):
        lines.append(f"{w['file']}: {report['graded_file']}")
    if report["verdict"] == "error":
        why = report["summary"].split(": ", 1)[-1]
        return "\n".join(lines + ["", f"{w['error']}: {why}"]) + "\n"
    lines += [f"{w['verdict']}: {w[report['verdict']]} — {w['mark']} "
              f"{report.get('mark', 0)}/100", ""]
    for key, v in report["verdicts"].items():
        count = f" ({v['passed']}/{v['cases']} {w['cases']})" if v["cases"] > 1 else ""
        lines.append(f"- {key}: {w[v['verdict']]}{count}")
    bugs = distinct_bugs(report, lang)
    lines.append("")
    if not bugs:
        return "\n".join(lines + [w["all_good"]]) + "\n"
    lines.append(w["bugs"] + ":")
    for b in bugs[:10]:
        r = b["first"]
        lines.append(f"  * [{b['count']}x] {b['words']}")
        lines.append(f"      {w['example']}: {b['case']}")
        for shown in (r, b["shrunk"]) if b["shrunk"] else (r,):
            if shown is b["shrunk"]:
                lines.append(f"      {w['shorter']}: {shown['moves']} {w['moves']} "
                             f"{w['instead']} {shown['moves_before']}: "
                             f"{_shorten(shown.get('move_list', ''), 300)}")
            if shown.get("goal"):
                lines.append(f"      {w['goal']}: ?- {_shorten(shown['goal'], 400)}")
                lines.append(f"      {w['expected']}: "
                             f"{_shorten(localize(shown.get('expected', ''), lang), 300)}")
                lines.append(f"      {w['got']}: "
                             f"{_shorten(localize(shown.get('answer', ''), lang), 300)}")
    if len(bugs) > 10:
        lines.append(f"  ... {len(bugs) - 10}")
    return "\n".join(lines) + "\n"


#  The driver's expected and got texts are Prolog terms with a few English words around
#  them; the feedback says those words in the course's language.
_TERM_WORDS = {
    "es": [(r"^fails \(the game goes on\)", "falla (el juego sigue)"), (r"^fails", "falla"),
           (r"^(\d+) (?:actions|moves): ", r"\1 jugadas: "),
           (r"^a legal action$", "una acción legal"),
           (r"^a legal move$", "una jugada legal"),
           (r"^a move that scores (\S+) now: ", r"una jugada que sume \1 ahora: "),
           (r" \(scores (\S+) now\)$", r" (suma \1 ahora)"),
           (r"^a whole game, printed$", "una partida entera, escrita"),
           (r"^true, (\d+) characters printed$", r"true, escribe \1 caracteres")],
    "pt": [(r"^fails", "falha"), (r"^a legal placement$", "uma jogada legal")],
}


def localize(text: str, lang: str) -> str:
    for pattern, words in _TERM_WORDS.get(lang, []):
        text = re.sub(pattern, words, text)
    return text


def _shorten(text: str, n: int) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= n else text[:n - 3] + "..."


def text_report(report: dict) -> str:
    """The report for a terminal (English): load, contract, sections, bugs, summary."""
    lines = [f"Grading {report['file']} ({GAMES[report['game']]['course']})"]
    if report.get("graded_file"):
        lines.append(f"  through {report['graded_file']}")
    lines += ["", *go.load_and_contract_lines(report)]
    if report["sections"]:
        rows = [("Section", "cases", "passed", "failed", "not run")]
        rows += [(s["title"], s["cases"], s["passed"], s["failed"], s["not_run"])
                 for s in report["sections"]]
        width = max(len(str(r[0])) for r in rows)
        lines += [""] + [f"  {str(r[0]):<{width}}  {r[1]:>6}  {r[2]:>6}  {r[3]:>6}  {r[4]:>7}"
                         for r in rows]
    if report.get("verdicts"):
        lines += ["", "Predicates"]
        lines += [f"  {k:<20} {v['verdict']:<12} {v['passed']}/{v['cases']}"
                  for k, v in report["verdicts"].items()]
    bugs = distinct_bugs(report, "en") if report.get("verdicts") else []
    if bugs:
        lines += ["", "Bugs (each once, with how many cases show it)"]
        for b in bugs:
            lines += ["", f"  [{b['count']}x] {b['words']}", f"    first case: {b['case']}"]
            for shown in (b["first"], b["shrunk"]) if b["shrunk"] else (b["first"],):
                if shown is b["shrunk"]:
                    lines.append(f"    shrunk: a game of {shown['moves']} moves instead of "
                                 f"{shown['moves_before']} shows it: "
                                 f"{_shorten(shown.get('move_list', ''), 300)}")
                if shown.get("goal"):
                    lines += [f"    ?- {_shorten(shown['goal'], 500)}",
                              f"    expected: {_shorten(shown.get('expected', ''), 400)}",
                              f"    got:      {_shorten(shown.get('answer', ''), 400)}"]
    notes = list(report["notes"])
    out = report.get("output") or {}
    if out.get("calls"):
        notes.append(f"the student's code printed {out['chars']} characters in {out['calls']} "
                     f"calls (captured)")
    if report["process"].get("restarts"):
        notes.append(f"the Prolog process was started again {report['process']['restarts']} "
                     f"time(s) after the student's code ended it")
    if notes:
        lines += ["", "Notes"] + [f"  - {n}" for n in notes]
    if report["internal"]:
        lines += ["", "GRADER ERRORS (not the student's fault):"]
        lines += [f"  - {m}" for m in report["internal"]]
    lines += ["", report["summary"] + f"  (exit status {report['exit']})", ""]
    return "\n".join(lines)


def html_report(report: dict) -> str:
    """The report as one HTML page (English; no scripts, no external files)."""
    e = html.escape
    cls = {"pass": "pass", "fail": "fail"}.get(report["verdict"], "error")
    parts = [f"<!doctype html><html lang=en><meta charset=utf-8>"
             f"<title>Grade: {e(Path(report['file']).name)}</title><style>{go._CSS}</style>",
             f"<h1>Grade of <code>{e(report['file'])}</code> ({e(report['game'])})</h1>",
             f"<p class={cls}><strong>{e(report['summary'])}</strong></p>"]
    if report.get("verdicts"):
        parts.append("<table class=summary><tr><th>predicate</th><th>verdict</th><th>passed</th>"
                     "</tr>" + "".join(
                         f"<tr><td>{e(k)}</td>"
                         f"<td class={'pass' if v['verdict'] == 'pass' else 'fail'}>"
                         f"{e(v['verdict'])}</td><td>{v['passed']}/{v['cases']}</td></tr>"
                         for k, v in report["verdicts"].items()) + "</table>")
        for b in distinct_bugs(report, "en"):
            shown = b["shrunk"] or b["first"]
            parts.append(f"<div class=case><strong>[{b['count']}x] {e(b['words'])}</strong>"
                         f"<p>first case: {e(b['case'] or '')}</p>"
                         f"<pre>?- {e(shown.get('goal', ''))}\nexpected: "
                         f"{e(shown.get('expected', ''))}\ngot: {e(shown.get('answer', ''))}</pre>"
                         "</div>")
    return "\n".join(parts) + "\n</html>\n"


def class_bugs(rows: list[dict], lang: str) -> str:
    """The class's distinct bugs as HTML: each once, with the students who show it."""
    e = html.escape
    seen: dict = {}
    for row in rows:
        report = row["report"]
        if report.get("verdict") not in ("pass", "fail"):
            continue
        for b in distinct_bugs(report, lang):
            g = seen.setdefault(tuple(b["key"]), {"words": b["words"], "students": []})
            g["students"].append(f"{row['student']} ({b['count']}x)")
    if not seen:
        return ""
    title = {"en": "Bugs in the class", "es": "Errores de la clase",
             "pt": "Erros da turma"}[lang]
    return (f"<h2>{title}</h2><ul>" + "".join(
        f"<li>{e(g['words'])}: {len(g['students'])} — {e(', '.join(g['students']))}</li>"
        for g in seen.values()) + "</ul>")


def report_json(report: dict) -> str:
    return json.dumps(report, ensure_ascii=False, indent=1)
