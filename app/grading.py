"""`tablero grade`: the command line of the graders, Go's (app/grade.py) and the kit
games' (app/grade_games.py): one student's solution, or a whole class's folder.

Start reading at main(): it parses the command line and hands the file to Go's
grader, or with --game to a kit game's; a class folder goes to grade.grade_class()
with that game's grader.  See docs/grading.md.

    .venv/bin/python -m app.grading FILE.pl [options]     (as `tablero grade`)
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from . import grade as go
from . import grade_games


def main(argv: list[str] | None = None) -> int:
    """`tablero grade FILE.pl [options]`: print the report; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="tablero grade",
        description="Grade a student's Go rules module (emptyBoard/1, goMove/4 and a score "
                    "predicate, UNS 2019) against our rules, GNU Go games and random games; "
                    "or, with --game, a GoRoGo, Azul or Molinolog solution on its kit's "
                    "contract (docs/grading.md).")
    parser.add_argument("file", help="the student's Prolog file (proylcc.pl), their folder "
                                     "(its adapter.pl, else the kit's main file), or a class "
                                     "folder")
    parser.add_argument("--game", choices=["go", "gorogo", "azul", "molinolog"], default="go",
                        help="the course's game (default go)")
    parser.add_argument("--score", metavar="NAME/3",
                        help="the score predicate (default: terminarJuego/3, else finDelJuego/3)")
    parser.add_argument("--score-order", choices=["wb", "bw"],
                        help="its argument order: wb = (Board, White, Black) as terminarJuego, "
                             "bw = (Board, Black, White) as finDelJuego (default: by name, or "
                             "detected)")
    parser.add_argument("--html", metavar="FILE", help="also write an HTML report to FILE")
    parser.add_argument("--json", action="store_true",
                        help="print the report as JSON instead of text")
    parser.add_argument("--seed", default=go.DEFAULT_SEEDS,
                        help="seeds of the random games, one or several "
                             f"(default {go.DEFAULT_SEEDS})")
    parser.add_argument("--require", metavar="PRED,...",
                        help="the predicates that must pass for an overall PASS (default all: "
                             "goMove/4,score,emptyBoard/1)")
    parser.add_argument("--weights", metavar="PRED=N,...",
                        help="weights of the mark out of 100 (default goMove/4=70,score=20,"
                             "emptyBoard/1=10)")
    parser.add_argument("--only", metavar="SECTION,...",
                        help="run only these sections: positions, score, gnugo19, random19, "
                             "gnugo9, random9, score9")
    parser.add_argument("--call-seconds", type=float, default=go.CALL_SECONDS,
                        help=f"time limit of one goMove/4 call (default {go.CALL_SECONDS:g} s)")
    parser.add_argument("--lang", choices=["es", "en", "pt"],
                        help="language of a class's table and feedback (default the course's: "
                             "es; GoRoGo pt)")
    parser.add_argument("--out", metavar="FOLDER",
                        help="where a class's grades go (default FOLDER/grades)")
    parser.add_argument("--jobs", type=int, default=go.CLASS_JOBS,
                        help=f"solutions of a class graded at once (default {go.CLASS_JOBS})")
    args = parser.parse_args(argv)
    if args.game != "go":
        return _main_game(args)
    args.lang = args.lang or "es"
    if args.lang == "pt":
        parser.error("--lang pt: the Go course's feedback is in Spanish or English")
    if Path(args.file).is_dir() and go.is_class_folder(Path(args.file)):
        return main_class(args)
    try:
        report = go.grade(Path(args.file), score=args.score, score_order=args.score_order,
                       seed=args.seed, only=args.only, call_seconds=args.call_seconds,
                       require=args.require, weights=args.weights)
    except go.GradeError as exc:
        print(f"tablero grade: {exc}", file=sys.stderr)
        return 2
    if args.html:
        Path(args.html).write_text(go.html_report(report), encoding="utf-8")
    if args.json:
        print(json.dumps(report, ensure_ascii=False, indent=1))
    else:
        print(go.text_report(report), end="")
    return report["exit"]


def _main_game(args) -> int:
    """`tablero grade --game GAME FILE|FOLDER`: a kit game's solution, or a class."""
    args.lang = args.lang or grade_games.GAMES[args.game]["lang"]
    path = Path(args.file)
    if path.is_dir() and not grade_games.is_solution_folder(path, args.game):
        return main_class(args)
    try:
        report = grade_games.grade(path, args.game, seed=args.seed, only=args.only,
                                   call_seconds=args.call_seconds, require=args.require,
                                   weights=args.weights)
    except go.GradeError as exc:
        print(f"tablero grade: {exc}", file=sys.stderr)
        return 2
    if args.html:
        Path(args.html).write_text(grade_games.html_report(report), encoding="utf-8")
    print(grade_games.report_json(report) if args.json else grade_games.text_report(report),
          end="\n" if args.json else "")
    return report["exit"]


def main_class(args) -> int:
    """`tablero grade FOLDER/`: every solution of a class; exit 0 if all pass, 1 else."""
    started = time.monotonic()
    try:
        rows = go.grade_class(Path(args.file), args.out, args.lang, args.jobs,
                              grader=(go.GO if args.game == "go"
                                      else grade_games.class_grader(args.game)),
                              progress=lambda r: print(f"{r['student']:<40} {r['verdict']:<6} "
                                                       f"{r['mark']:>3}  {r['seconds']:>5} s",
                                                       flush=True),
                              score=args.score, score_order=args.score_order, seed=args.seed,
                              only=args.only, call_seconds=args.call_seconds,
                              require=args.require, weights=args.weights)
    except go.GradeError as exc:
        print(f"tablero grade: {exc}", file=sys.stderr)
        return 2
    out = Path(args.out) if args.out else Path(args.file) / "grades"
    passed = sum(r["verdict"] == "pass" for r in rows)
    print(f"{len(rows)} solutions graded in {time.monotonic() - started:.0f} s: {passed} pass; "
          f"{out / 'grades.csv'}, {out / 'grades.html'}, {out / 'feedback'}/")
    return 0 if passed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
