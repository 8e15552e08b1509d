"""Machine searches off the request path: does a person's move wait for them? (issue 20)

    .venv/bin/python bench/machine_pool.py [--quick] [--rounds 5] [--moves 300]
                                           [--searches 8] [--nice N|idle] [--before]

Starts `tablero serve` with ONE worker (so every request below lands on the same worker's
one Prolog thread) and --machine-workers equal to --searches, on a temporary SQLite file,
and measures a person's move (POST /api/games/<id>/actions, a 9x9 Go move between two
people, one at a time over a kept-alive connection, 10 ms apart) in two alternating
phases, --rounds times each:

  idle     no search running;
  loaded   --searches clients each asking machine turns without pause (POST .../machine
           on games whose seats are all machines: five 9x9 Go games, whose UCT search
           costs about 0.44 s of CPU, and Molinolog depth 5, GoRoGo depth 4 and Azul
           `lookahead`, so all four games search), so that --searches searches run all the
           time.  Timing starts once every client has a search under way.

It prints p50, p99 and max of each phase of each round, the loaded/idle ratio of the p99
for each round (the idle phase just before it), and overall, with the machine turns
answered (and any 503/504) during the loaded phases; the goal is a p99 ratio within 3x.
--nice sets the search processes' CPU priority (TABLERO_MACHINE_NICE: a niceness, 10 by
default, or "idle", SCHED_IDLE).  --before then runs one round of at most 15 moves a phase with --machine-workers 0 (every
search in the worker's own Prolog, as before the pool), for comparison.  --quick: 2 rounds of 60 moves
(a smoke run; short phases make a noisy p99).  The load average is printed at the start
and the end: the machine is shared, and other work changes every figure.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import LiveServer  # noqa: E402

GOAL = 3.0
#  The machine games the loaded phase keeps searching (options; all seats machines).
MACHINE_GAMES = [
    ("go", {"size": 9, "black": "machine", "white": "machine"}),
    ("molinolog", {"size": 2, "black": "machine", "white": "machine", "depth": 5}),
    ("go", {"size": 9, "black": "machine", "white": "machine"}),
    ("gorogo", {"black": "machine", "white": "machine", "depth": 4}),
    ("go", {"size": 9, "black": "machine", "white": "machine"}),
    ("azul", {"players": ["lookahead", "lookahead"]}),
    ("go", {"size": 9, "black": "machine", "white": "machine"}),
    ("go", {"size": 9, "black": "machine", "white": "machine"}),
]
#  A person's moves: 25 points no two of which touch, so no stone is ever captured.
POINTS = [[r, c] for r in range(0, 9, 2) for c in range(0, 9, 2)]


class Client:
    """JSON over one kept-alive HTTP connection (reopened if the server closed it)."""

    def __init__(self, url: str):
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.conn: http.client.HTTPConnection | None = None

    def call(self, method: str, path: str, body=None, secret: str | None = None):
        headers = {"Content-Type": "application/json"}
        if secret:
            headers["Authorization"] = f"Bearer {secret}"
        data = None if body is None else json.dumps(body)
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=120)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                resp = self.conn.getresponse()
                return resp.status, json.loads(resp.read() or b"{}")
            except (http.client.HTTPException, ConnectionError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


class Person:
    """Moves of a person in 9x9 Go games between two people (a new game every 25 moves)."""

    def __init__(self, url: str):
        self.client = Client(url)
        self.game = None
        self.moves = 0

    def move(self) -> float:
        if self.game is None or self.moves == len(POINTS):
            status, g = self.client.call("POST", "/api/games",
                                         {"game": "go", "options": {"size": 9}})
            assert status == 201, g
            self.game, self.moves = g, 0
        g = self.game
        player = "b" if self.moves % 2 == 0 else "w"
        start = time.perf_counter()
        status, reply = self.client.call(
            "POST", f"/api/games/{g['id']}/actions",
            {"action": {"kind": "move", "pos": POINTS[self.moves]}}, g["secrets"][player])
        took = time.perf_counter() - start
        assert status == 200, reply
        self.moves += 1
        return took


class Machines:
    """`n` clients, each asking machine turns of its own game without pause."""

    def __init__(self, url: str, n: int):
        self.url, self.n = url, n
        self.stop = threading.Event()
        self.started = threading.Barrier(n + 1)
        self.statuses: dict[int, int] = {}
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self.run, args=(i,), daemon=True)
                        for i in range(n)]

    def __enter__(self):
        for t in self.threads:
            t.start()
        self.started.wait()          # every client has made its game and asks its first turn
        time.sleep(0.2)
        return self

    def __exit__(self, *_):
        self.stop.set()
        for t in self.threads:
            t.join()

    def run(self, i: int) -> None:
        client = Client(self.url)
        game, options = MACHINE_GAMES[i % len(MACHINE_GAMES)]
        gid, first = None, True
        while not self.stop.is_set():
            if gid is None:
                status, g = client.call("POST", "/api/games", {"game": game, "options": options})
                assert status == 201, g
                gid = g["id"]
            if first:
                first = False
                self.started.wait()
            status, reply = client.call("POST", f"/api/games/{gid}/machine", {})
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
            if status == 200 and reply["view"]["over"]:
                gid = None
            elif status == 409:        # not the machine's turn any more, or the like
                gid = None


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def phase(person: Person, moves: int) -> list[float]:
    times = []
    for _ in range(moves):
        times.append(person.move())
        time.sleep(0.01)
    return times


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def run(machine_workers: int, rounds: int, moves: int, searches: int, label: str) -> float:
    with tempfile.TemporaryDirectory(prefix="tablero-bench-") as tmp:
        server = LiveServer(Path(tmp) / "bench.db", workers=1,
                            args=("--machine-workers", str(machine_workers))).start()
        try:
            person = Person(server.url)
            phase(person, 30)                                   # warm-up
            with Machines(server.url, searches):                # start the search processes
                time.sleep(1.0)
            nice = os.environ.get("TABLERO_MACHINE_NICE", "10")
            print(f"\n{label}: 1 worker, --machine-workers {machine_workers} (nice {nice}), "
                  f"{searches} searches in the loaded phases; load average {loadavg()}")
            print(f"{'round':>5} {'phase':>7} {'moves':>5} {'p50 ms':>8} {'p99 ms':>8} "
                  f"{'max ms':>8}  p99 ratio  machine turns")
            idle_all, loaded_all, ratios = [], [], []
            for r in range(1, rounds + 1):
                idle = phase(person, moves)
                with Machines(server.url, searches) as machines:
                    loaded = phase(person, moves)
                idle_all += idle
                loaded_all += loaded
                ratio = pct(loaded, 99) / pct(idle, 99)
                ratios.append(ratio)
                print(f"{r:5} {'idle':>7} {len(idle):5} {ms(pct(idle, 50))} {ms(pct(idle, 99))} "
                      f"{ms(max(idle))}")
                turns = ", ".join(f"{n} x {s}" for s, n in sorted(machines.statuses.items()))
                print(f"{r:5} {'loaded':>7} {len(loaded):5} {ms(pct(loaded, 50))} "
                      f"{ms(pct(loaded, 99))} {ms(max(loaded))}  {ratio:8.2f}x  {turns}")
            overall = pct(loaded_all, 99) / pct(idle_all, 99)
            print(f"  all    idle {len(idle_all):5} {ms(pct(idle_all, 50))} "
                  f"{ms(pct(idle_all, 99))} {ms(max(idle_all))}")
            print(f"  all  loaded {len(loaded_all):5} {ms(pct(loaded_all, 50))} "
                  f"{ms(pct(loaded_all, 99))} {ms(max(loaded_all))}  {overall:8.2f}x "
                  f"(median of rounds {statistics.median(ratios):.2f}x)")
            return overall
        finally:
            server.kill(15)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--searches", type=int, default=8)
    parser.add_argument("--nice", default=None,
                        help="TABLERO_MACHINE_NICE for the server: a niceness or idle")
    parser.add_argument("--before", action="store_true",
                        help="also run with --machine-workers 0 (searches in the worker)")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.moves = 2, 60
    if args.nice is not None:
        os.environ["TABLERO_MACHINE_NICE"] = args.nice
    start_load = loadavg()
    print(f"bench/machine_pool.py: {args.rounds} rounds of {args.moves} moves a phase; "
          f"load average at start {start_load}; {os.cpu_count()} CPUs")
    pooled = run(args.searches, args.rounds, args.moves, args.searches, "pool")
    before = None
    if args.before:
        #  Each move then waits for searches of seconds: one short round is plenty.
        before = run(0, 1, min(args.moves, 15), args.searches, "before (in-process)")
    print(f"\nload average at end {loadavg()}")
    print(f"human move p99, {args.searches} searches running / none: {pooled:.2f}x with the "
          f"pool (goal: within {GOAL:g}x: {'met' if pooled <= GOAL else 'NOT met'})"
          + (f"; {before:.1f}x with searches in the worker's Prolog" if before else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
