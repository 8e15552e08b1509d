"""Every bench under bench/ runs as shipped: each one, with its smallest settings, exits 0
and prints its figures.  A smoke run, not a measurement (the figures are not judged).

    .venv/bin/python -m pytest -m bench tests/test_benches.py     # only these
    .venv/bin/python -m pytest -m "not bench"                     # a run without them

A bench added to bench/ must be added to BENCHES (test_every_bench_is_listed).
"""

from __future__ import annotations

import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GNUGO = Path("/usr/games/gnugo")

#  script -> (its smallest settings, a pattern its figures match, what it needs).
#  "{tmp}" is the test's own temporary folder (for caches and logs), "{root}" this checkout
#  (http_load.py's --before: the checkout to compare with, here the same one).
BENCHES = {
    "azul_sim.py": (["--quick"], r"lookahead\s+random\s+\d+\.\d%", ()),
    "go_critical.py": (["--size", "9", "--games", "2", "--limit", "2", "--seeds", "1",
                        "--playouts", "50"],
                       r"all\s+\d+ of 2\s+hits", ("gnugo",)),
    "go_deadstones.py": (["--games", "1", "--workers", "1", "--levels", "1",
                          "--cache", "{tmp}/deadstones.json"],
                         r"9x9: \d+/1 games give GNU Go's final_score", ("gnugo",)),
    "go_early_endings.py": (["--seeds", "1", "--plies", "8"],
                            r"GNU Go's dead stones exactly in \d+/1", ("gnugo",)),
    "go_eyeshapes.py": (["--sizes", "4", "--where", "corner", "--outside", "none"],
                        r"\d+/\d+ positions .* give GNU Go's dead stones", ("gnugo",)),
    "go_gnugo_seat.py": (["--size", "9", "--plies", "12", "--every", "6", "--rounds", "1"],
                         r"median ratio seat / gnugo: \d+\.\d+", ("gnugo",)),
    "go_machine.py": (["--games", "1", "--no-baseline", "--options", "playouts(20)"],
                      r"1 rounds in \d+ s", ("gnugo",)),
    "go_playout.py": (["--rounds", "1", "--playouts-timed", "5", "--duel", "2", "--games", "1",
                       "--playouts", "4"],
                      r"new policy won \d+/1", ()),
    "go_ply.py": (["--quick"], r"undo at ply \d+: \d+\.\d+ ms", ()),
    "go_rules.py": (["--quick"], r"goMove/4 per move / sgfmill\s+\d+\.\d+x", ("gnugo",)),
    "gorogo_ai.py": (["--quick"], r"machine won \d+/10", ()),
    "grade_class.py": (["--students", "2", "--rounds", "1"], r"--jobs 2 / --jobs 1 = ", ()),
    #  --quick is one cycle of 1 s rounds; 2 clients and 1 worker instead of 16 and 2 halve
    #  its CPU (22 s to 11 s), every route and ratio still printed.
    "http_load.py": (["--quick", "--floor", "--before", "{root}", "--two-pages",
                      "--clients", "2", "--workers", "1"],
                     r"throughput move / Pengines .*= \d+\.\d+x[\s\S]*"
                     r"the floor: throughput / Pengines .*= \d+\.\d+x[\s\S]*"
                     r"--before \(closed\): server CPU per move, ours / before's: .*= "
                     r"\d+\.\d+x[\s\S]*"
                     r"Prolog time per move / the rules' own .*= \d+\.\d+x", ()),
    "live.py": (["--quick"], r"delivery at 50 streams.* p50 \d", ()),
    #  --quick keeps 8 searches busy for 40 moves (10 s of CPU); 1 search for 10 moves is
    #  the same pool, phases and table (3.5 s).
    "machine_pool.py": (["--rounds", "1", "--moves", "10", "--searches", "1"],
                        r"p99.*\d", ()),                            # (others change it)
    "molinolog_ai.py": (["--quick"], r"s CPU per game", ()),
    "page_load.py": (["--rounds", "1", "--from-link", "--workers", "1"], r"(?m)^gorogo\s+\d+", ()),
    "pg_load.py": (["--clients", "2", "--seconds", "1", "--rounds", "1", "--workers", "1",
                    "--pg-fsync", "off"],
                   r"(?m)^pg x1\s+\d+\.\d+", ("postgres",)),
    "soak.py": (["--quick"], r"RSS: \d+\.\d+ MiB", ()),
    "stall.py": (["--quick"], r"round 1: .*\d", ()),
    "student_rules.py": (["--rounds", "1"], r"ratio \d+\.\d+", ()),
}
TIMEOUT = 300            # seconds for one bench, however loaded the machine


def _missing(needs: tuple[str, ...]) -> str | None:
    if "gnugo" in needs and not os.access(GNUGO, os.X_OK):
        return "GNU Go is not installed (/usr/games/gnugo)"
    if "postgres" in needs:
        from tests import pg

        if pg.bindir() is None:
            return "PostgreSQL's binaries are not installed"
    return None


def test_every_bench_is_listed():
    scripts = {path.name for path in (ROOT / "bench").glob("*.py")}
    assert scripts == set(BENCHES), "add the bench to BENCHES with its smallest settings"
    assert sorted(QUEUE) == sorted(BENCHES), "LONGEST_FIRST names a bench BENCHES does not"


#  The smoke runs wait on servers and clocks more than they compute: SMOKES_AT_ONCE at a
#  time, from the first bench test of the run on (the longest first), each test then waits
#  for its own.  Their figures are not judged, so sharing the CPUs changes nothing they
#  assert.  The tests run in the order the smokes start, so each test's time is the wait
#  for its own smoke (in sorted order, the first test, azul_sim.py's, waited for them all).
SMOKES_AT_ONCE = 3     # the module: 117 s with 2, 94 s with 3 (load 6-10).  The smokes
                       # use about 140 s of CPU, every process of theirs counted (a cgroup's
                       # cpuacct; /usr/bin/time misses Chromium's and the servers' processes)
LONGEST_FIRST = ("page_load.py", "soak.py", "http_load.py", "machine_pool.py", "live.py",
                 "pg_load.py", "stall.py", "molinolog_ai.py", "grade_class.py", "go_ply.py",
                 "go_machine.py", "azul_sim.py", "go_rules.py", "gorogo_ai.py")
QUEUE = [*LONGEST_FIRST, *sorted(set(BENCHES) - set(LONGEST_FIRST))]


@dataclass
class Smoke:
    argv: list[str]
    returncode: int | None = None
    stdout: str = ""
    stderr: str = ""
    took: float = 0.0
    timed_out: bool = False


def smoke(script: str, tmp: Path) -> Smoke:
    args, _, _ = BENCHES[script]
    argv = [sys.executable, str(ROOT / "bench" / script),
            *(a.replace("{tmp}", str(tmp)).replace("{root}", str(ROOT)) for a in args)]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PYTEST_", "TABLERO_"))}
    ran = Smoke(argv)
    started = time.monotonic()
    try:
        done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=TIMEOUT, start_new_session=True)
    except subprocess.TimeoutExpired as exc:
        ran.timed_out, ran.stdout, ran.stderr = True, _tail(exc.stdout), _tail(exc.stderr)
    else:
        ran.returncode, ran.stdout, ran.stderr = done.returncode, done.stdout, done.stderr
    ran.took = time.monotonic() - started
    return ran


@pytest.fixture(scope="module")
def smokes(request, tmp_path_factory):
    """The bench scripts this session tests, started SMOKES_AT_ONCE at a time."""
    wanted = [item.callspec.params["script"] for item in request.session.items
              if getattr(item, "originalname", "") == "test_bench_runs_as_shipped"]
    wanted = [s for s in wanted if not _missing(BENCHES[s][2])]
    wanted.sort(key=QUEUE.index)
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=SMOKES_AT_ONCE,
                                                 thread_name_prefix="bench")
    futures = {s: pool.submit(smoke, s, tmp_path_factory.mktemp(s.removesuffix(".py")))
               for s in wanted}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.mark.bench
@pytest.mark.timeout(3 * TIMEOUT)
@pytest.mark.parametrize("script", QUEUE)
def test_bench_runs_as_shipped(script, smokes):
    _, figures, needs = BENCHES[script]
    reason = _missing(needs)
    if reason:
        pytest.skip(reason)
    done = smokes[script].result()
    if done.timed_out:
        pytest.fail(f"{script} ran past {TIMEOUT} s:\n{done.stdout}\n{done.stderr}")
    keep = os.environ.get("TABLERO_BENCH_OUTPUT")         # a folder: keep what each printed
    if keep:
        Path(keep).mkdir(parents=True, exist_ok=True)
        (Path(keep) / f"{script}.txt").write_text(
            f"{shlex_join(done.argv)}\nexit {done.returncode} in {done.took:.1f} s\n\n"
            f"{done.stdout}\n--- stderr\n{done.stderr}")
    assert done.returncode == 0, f"{script} exited {done.returncode}:\n{_tail(done.stdout)}\n" \
                                 f"{_tail(done.stderr)}"
    assert re.search(figures, done.stdout), f"{script} printed no figures:\n{_tail(done.stdout)}"


def shlex_join(argv: list[str]) -> str:
    import shlex

    return shlex.join(argv)


def _tail(text, lines: int = 40) -> str:
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    return "\n".join((text or "").splitlines()[-lines:])


if shutil.which("swipl") is None:       # every bench runs SWI-Prolog
    pytestmark = pytest.mark.skip("swipl is not installed")
