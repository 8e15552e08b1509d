"""Machine searches off the request path: does a person's move wait for them? (issue 20)

    .venv/bin/python bench/machine_pool.py [--quick] [--rounds 5] [--moves 300]
                                           [--searches 8] [--nice N|idle] [--before]
                                           [--against DIR ...]

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
search in the worker's own Prolog, as before the pool), for comparison.  --quick: 1 round of 40 moves
(a smoke run; short phases make a noisy p99).  --against DIR serves another checkout of
Tablero (`git archive COMMIT | tar -x -C DIR`) beside this one, with the same settings,
and alternates the rounds between the two: a before and after measured in the same
minutes.  The load average is printed at the start, after each loaded phase and at the
end: the machine is shared, and other work changes every figure.
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


class Server:
    """One server under test: its person, and the figures of its phases."""

    def __init__(self, tmp: str, label: str, machine_workers: int, searches: int,
                 code: Path | None = None):
        self.label, self.searches, self.machine_workers = label, searches, machine_workers
        self.server = LiveServer(Path(tmp) / f"{label}.db", workers=1, code=code,
                                 args=("--machine-workers", str(machine_workers))).start()
        self.person = Person(self.server.url)
        self.idle: list[float] = []
        self.loaded: list[float] = []
        self.ratios: list[float] = []
        phase(self.person, 30)                                   # warm-up
        with Machines(self.server.url, searches):                # start the search processes
            time.sleep(1.0)

    def round(self, r: int, moves: int) -> None:
        idle = phase(self.person, moves)
        with Machines(self.server.url, self.searches) as machines:
            loaded = phase(self.person, moves)
        self.idle += idle
        self.loaded += loaded
        ratio = pct(loaded, 99) / pct(idle, 99)
        self.ratios.append(ratio)
        print(f"{self.label:>8} {r:5} {'idle':>7} {len(idle):5} {ms(pct(idle, 50))} "
              f"{ms(pct(idle, 99))} {ms(max(idle))}")
        turns = ", ".join(f"{n} x {s}" for s, n in sorted(machines.statuses.items()))
        print(f"{self.label:>8} {r:5} {'loaded':>7} {len(loaded):5} {ms(pct(loaded, 50))} "
              f"{ms(pct(loaded, 99))} {ms(max(loaded))}  {ratio:8.2f}x  {turns}   "
              f"load {loadavg().split()[0]}")

    def overall(self) -> float:
        ratio = pct(self.loaded, 99) / pct(self.idle, 99)
        print(f"{self.label:>8}   all    idle {len(self.idle):5} {ms(pct(self.idle, 50))} "
              f"{ms(pct(self.idle, 99))} {ms(max(self.idle))}")
        print(f"{self.label:>8}   all  loaded {len(self.loaded):5} {ms(pct(self.loaded, 50))} "
              f"{ms(pct(self.loaded, 99))} {ms(max(self.loaded))}  {ratio:8.2f}x "
              f"(median of rounds {statistics.median(self.ratios):.2f}x)")
        return ratio


def run(specs: list[tuple[str, int, Path | None]], rounds: int, moves: int,
        searches: int) -> list[float]:
    """Each server of `specs` (label, --machine-workers, checkout or None), started side by
    side; the rounds alternate between them (an idle and a loaded phase on one, then on the
    next), so that the machine's other work falls on all of them alike."""
    with tempfile.TemporaryDirectory(prefix="tablero-bench-") as tmp:
        servers: list[Server] = []
        try:
            for label, machine_workers, code in specs:
                servers.append(Server(tmp, label, machine_workers, searches, code))
            nice = os.environ.get("TABLERO_MACHINE_NICE", "10")
            print(f"\n1 worker per server, search processes at nice {nice}, {searches} "
                  f"searches in the loaded phases; load average {loadavg()}")
            for one in servers:
                where = f" (code in {one.server.code})" if one.server.code else ""
                print(f"  {one.label}: --machine-workers {one.machine_workers}{where}")
            print(f"{'server':>8} {'round':>5} {'phase':>7} {'moves':>5} {'p50 ms':>8} "
                  f"{'p99 ms':>8} {'max ms':>8}  p99 ratio  machine turns")
            for r in range(1, rounds + 1):
                for one in servers:
                    one.round(r, moves)
            return [one.overall() for one in servers]
        finally:
            for one in servers:
                one.server.kill(15)


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
    parser.add_argument("--against", type=Path, action="append", default=[], metavar="DIR",
                        help="another checkout of Tablero (e.g. git archive COMMIT | tar -x "
                             "-C DIR), served beside this one, rounds alternating; may be "
                             "given more than once")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.moves = 1, 40
    if args.nice is not None:
        os.environ["TABLERO_MACHINE_NICE"] = args.nice
    start_load = loadavg()
    print(f"bench/machine_pool.py: {args.rounds} rounds of {args.moves} moves a phase; "
          f"load average at start {start_load}; {os.cpu_count()} CPUs")
    specs = [("pool", args.searches, None)]
    for i, other in enumerate(args.against, 1):
        specs.append((f"against{i}" if len(args.against) > 1 else "against", args.searches,
                      other.resolve()))
    ratios = run(specs, args.rounds, args.moves, args.searches)
    pooled = ratios[0]
    before = None
    if args.before:
        #  Each move then waits for searches of seconds: one short round is plenty.
        before = run([("before", 0, None)], 1, min(args.moves, 15), args.searches)[0]
    print(f"\nload average at end {loadavg()}")
    for other, ratio in zip(args.against, ratios[1:]):
        print(f"human move p99, {args.searches} searches running / none: {ratio:.2f}x "
              f"with the code in {other}")
    print(f"human move p99, {args.searches} searches running / none: {pooled:.2f}x with the "
          f"pool (goal: within {GOAL:g}x: {'met' if pooled <= GOAL else 'NOT met'})"
          + (f"; {before:.1f}x with searches in the worker's Prolog" if before else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
