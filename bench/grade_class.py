"""A class of 30 solutions graded with one command (`tablero grade FOLDER/`): the issue's
goal is under 3 minutes on this 2-core machine.

    .venv/bin/python bench/grade_class.py [--rounds 1] [--jobs 2] [--students 30]

Builds a class folder of 30 solutions: the fixtures of tests/students/ (a correct one and
one each with a known fault: loops, halts, prints, captures single stones only, ...) and
the real 2019 solutions of tests/students/real/ (not committed, see its README) copied
under other names until there are 30; without the real ones, the fixtures are repeated.
Then grades it with the command a teacher types (`python -m app.grading FOLDER --lang es`,
every section, the default seeds), round by round, alternately with `--jobs 1` (the
baseline: one solution at a time, in the same run) and `--jobs N` (the default 2, one per
core), the order swapped each round; prints for each the wall-clock seconds, the CPU
seconds the students' Prolog processes used (from the reports; the machine's load does not
change it), the ratio to the baseline, and the load average before and after, since the
machine is shared.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STUDENTS = ROOT / "tests" / "students"
FIXTURES = ["correct", "no_multi_capture", "suicide", "choicepoint", "loops", "halts", "noisy",
            "plain", "swapped_score", "single_captures"]


def make_class(folder: Path, n: int) -> list[str]:
    """n solutions in folder: the fixtures, then the real ones (or the fixtures) again."""
    names = []
    for name in FIXTURES[:n]:
        shutil.copy(STUDENTS / f"{name}.pl", folder / f"{name}.pl")
        names.append(name)
    real = sorted(p for p in (STUDENTS / "real").glob("*") if p.is_dir() and any(p.glob("*.pl")))
    i = 0
    while len(names) < n:
        if real:
            source = real[i % len(real)]
            name = f"{source.name}-{i // len(real) + 1}"
            shutil.copytree(source, folder / name, symlinks=False)
        else:
            source = STUDENTS / f"{FIXTURES[i % len(FIXTURES)]}.pl"
            name = f"{source.stem}-{i // len(FIXTURES) + 1}"
            shutil.copy(source, folder / f"{name}.pl")
        names.append(name)
        i += 1
    return names


def grade_class(folder: Path, jobs: int) -> dict:
    out = folder.parent / f"grades-{jobs}"          # outside the class: not a student
    started = time.monotonic()
    load = os.getloadavg()[0]
    proc = subprocess.run([sys.executable, "-m", "app.grading", str(folder), "--lang", "es",
                           "--jobs", str(jobs), "--out", str(out)],
                          cwd=ROOT, capture_output=True, text=True)
    seconds = time.monotonic() - started
    if proc.returncode not in (0, 1):
        sys.exit(f"tablero grade failed ({proc.returncode}): {proc.stderr[-2000:]}")
    with open(out / "grades.csv", encoding="utf-8") as f:
        rows = list(csv.reader(f))[1:]
    cpu = {r["student"]: r["cpu"] for r in json.loads((out / "grades.json").read_text())}
    return {"seconds": seconds, "rows": len(rows), "cpu": sum(cpu.values()),
            "slowest": max(cpu.items(), key=lambda kv: kv[1]),
            "load": (load, os.getloadavg()[0])}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--students", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="tablero-class-") as tmp:
        folder = Path(tmp) / "clase"
        folder.mkdir()
        names = make_class(folder, args.students)
        print(f"{len(names)} solutions: {', '.join(names)}", flush=True)
        for round_ in range(1, args.rounds + 1):
            order = [1, args.jobs] if round_ % 2 else [args.jobs, 1]
            got = {jobs: grade_class(folder, jobs) for jobs in order}
            base, ours = got[1], got[args.jobs]
            for jobs in order:
                g = got[jobs]
                print(f"round {round_}, --jobs {jobs}: {g['rows']} graded in {g['seconds']:.0f} s "
                      f"wall, {g['cpu']:.0f} s CPU of the students' processes (slowest "
                      f"{g['slowest'][0]} {g['slowest'][1]:.1f} s); load average "
                      f"{g['load'][0]:.1f} -> {g['load'][1]:.1f}", flush=True)
            print(f"round {round_}: --jobs {args.jobs} / --jobs 1 = "
                  f"{ours['seconds'] / base['seconds']:.2f}; goal 180 s: "
                  f"{'met' if ours['seconds'] < 180 else 'NOT met'} ({ours['seconds']:.0f} s)",
                  flush=True)


if __name__ == "__main__":
    main()
