"""Soak: does one worker's memory stay flat over tens of thousands of moves? (issue 20)

    .venv/bin/python bench/soak.py [--moves 50000] [--every 100] [--quick]
                                   [--keep-buffers] [--max-requests 0] [--seed 1]

Starts `tablero serve` with ONE worker (its own SQLite file in a temporary folder,
worker recycling off unless --max-requests says otherwise) and plays games on it
through the HTTP API, one request at a time over a kept-alive connection, until
--moves moves were played.  A move is any action the server accepted: a person's
(POST .../actions) or a machine's (POST .../machine).  Each round plays, in turn:

  go19       19x19 Go between two people, 40 moves (the issue's workload), the 20th
             taken back once and played again, then a resignation;
  go9        9x9 Go against the machine (level 1; each of its moves is a search of
             about 0.3 s, so this game is kept to --go9-plies plies), then a resignation;
  molinolog  size 2 against the machine (depth 1), to its end or 80 plies;
  gorogo     against the machine (depth 1), to its end or 80 plies;
  azul       two players, a person and `greedy`, to its end or 120 plies.

A person's move is drawn (seeded) from the view's legal actions (Go has none in its
view: an empty point, the next refused one skipped).  Each finished game is also
read whole: GET the game, its score and its history (a replay in Prolog).  So every
bridge path a server uses runs: the lean call (act, machine, view, undo, score, the
replay) and pyswip's queries.

The worker's resident memory is read (VmRSS of /proc/<pid>/status; the worker
is the serving process's only child) and printed with the moves and games so
far, at the end of each round once --every moves were played since the last
sample: between rounds no game is in play, so every sample is taken at the same
kind of moment.  (Samples taken every --every moves on the dot fell in the
middle of one game or another, and the same seeded run swung by 6 MiB from one
to the next, with malloc's arenas limited to two and freed memory given back
alike: the live memory of the game in play, not a leak.)  The worker's Prolog keeps the last 256 games it
served (prolog/tablero/cache.pl), so memory rightly grows until that many games
were made: warm-up ends at the first sample past 300 games (or after a fifth of
the moves, whichever is later).  The summary gives, by a robust fit (Theil-Sen) over the
samples, KiB per move after warm-up (goal: under 1) and over the last two fifths
of the run (the last 20,000 of 50,000; goal: no growth, under 1 MiB over the
stretch), and whether the worker was ever replaced (a replaced worker makes the
figures meaningless: the run says so).

Each sample also prints the worker's Prolog atoms (tablero_prolog_atoms of /metrics): a
count that keeps growing is a leak of its own.  The bridge once left every atom it handed
Prolog registered, so the cache keys of every move stayed (about one atom a move) until,
at move 45,271 of the default run, the atom table took a new 3 MiB block.

--keep-buffers starts the server with TABLERO_RELEASE_STRINGS=0: the bridge then
leaves the text Prolog hands it in SWI-Prolog's string buffers, as before issue 20
(5.5 KiB a 19x19 move); run it to see the leak this bench is there to catch.
--quick: 400 moves (every game once) sampled every 100, for a smoke run (far too short
to judge the goals; it says so).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import LiveServer  # noqa: E402

CACHED_GAMES = 256  # prolog/tablero/cache.pl keeps this many games per worker
WARM_GAMES = 300
GOAL_KIB_PER_MOVE = 1.0
GOAL_LAST_KIB = 1024.0


class Client:
    """JSON over one kept-alive HTTP connection (reopened if the server closed it)."""

    def __init__(self, url: str):
        host, port = url.removeprefix("http://").split(":")
        self.host, self.port = host, int(port)
        self.conn: http.client.HTTPConnection | None = None
        self.requests = 0

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
                payload = resp.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
                continue
            self.requests += 1
            if resp.getheader("Connection", "").lower() == "close":
                self.conn.close()
                self.conn = None
            if resp.status >= 500:
                raise RuntimeError(f"{method} {path}: {resp.status} {payload[:300]!r}")
            return resp.status, json.loads(payload or b"{}")
        raise AssertionError("unreachable")


def rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def prolog_atoms(url: str) -> int | None:
    """The worker's Prolog atoms, from /metrics (tablero_prolog_atoms; read by the
    worker at most every 5 s, so a count from the last few seconds)."""
    with urllib.request.urlopen(url + "/metrics", timeout=30) as resp:
        for line in resp.read().decode().splitlines():
            if line.startswith("tablero_prolog_atoms{"):
                return int(float(line.rpartition(" ")[2]))
    return None


def workers(server: LiveServer) -> list[int]:
    pid = server.proc.pid
    return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


class Soak:
    def __init__(self, client: Client, rng: random.Random, go9_plies: int):
        self.client, self.rng, self.go9_plies = client, rng, go9_plies
        self.moves = self.games = self.refused = self.undos = self.machine = 0

    # -- one game --------------------------------------------------------------------

    def new(self, game: str, options: dict) -> tuple[str, str, dict]:
        status, body = self.client.call("POST", "/api/games", {"game": game, "options": options})
        assert status == 201, body
        self.games += 1
        return body["id"], next(iter(body["secrets"].values())), body["view"]

    def act(self, gid: str, secret: str, action: dict) -> dict | None:
        status, body = self.client.call("POST", f"/api/games/{gid}/actions",
                                        {"action": action}, secret)
        if status != 200:
            self.refused += 1
            return None
        self.moved()
        return body["view"]

    def machine_move(self, gid: str) -> dict:
        status, body = self.client.call("POST", f"/api/games/{gid}/machine", {})
        assert status == 200, body
        self.machine += 1
        self.moved()
        return body["view"]

    def moved(self) -> None:
        self.moves += 1

    def read_whole(self, gid: str) -> None:
        for path in ("", "/score", "/history"):
            status, body = self.client.call("GET", f"/api/games/{gid}{path}")
            assert status == 200, (path, body)

    def go_point(self, view: dict, points: list) -> dict:
        board = view["board"]
        while points:
            r, c = points.pop()
            if board[r][c] == "-":
                return {"kind": "move", "pos": [r, c]}
        return {"kind": "pass"}

    def go19(self) -> None:
        gid, secret, view = self.new("go", {"size": 19})
        points = [(r, c) for r in range(19) for c in range(19)]
        self.rng.shuffle(points)
        played = 0
        while played < 40:
            action = self.go_point(view, points)
            after = self.act(gid, secret, action)
            if after is None:
                continue
            view, played = after, played + 1
            if played == 20:  # take it back and play it again
                status, body = self.client.call("POST", f"/api/games/{gid}/undo", {}, secret)
                assert status == 200, body
                self.undos += 1
                view = self.act(gid, secret, action) or view
        self.act(gid, secret, {"kind": "resign"})
        self.read_whole(gid)

    def go9(self) -> None:
        gid, secret, view = self.new("go", {"size": 9, "white": "machine", "level": 1})
        points = [(r, c) for r in range(9) for c in range(9)]
        self.rng.shuffle(points)
        for _ in range(self.go9_plies // 2):
            if view["over"]:
                break
            after = None
            while after is None:
                after = self.act(gid, secret, self.go_point(view, points))
            view = after
            if not view["over"] and view["machine_to_move"]:
                view = self.machine_move(gid)
        if not view["over"]:
            self.act(gid, secret, {"kind": "resign"})
        self.read_whole(gid)

    def with_legal(self, game: str, options: dict, limit: int, pick) -> None:
        gid, secret, view = self.new(game, options)
        for _ in range(limit):
            if view["over"]:
                break
            if view["machine_to_move"]:
                view = self.machine_move(gid)
                continue
            after = self.act(gid, secret, pick(view))
            if after is None:  # a legal action refused: a bug; stop this game
                print(f"  ({game}: a legal action was refused)", flush=True)
                break
            view = after
        self.read_whole(gid)

    def molinolog(self) -> None:
        self.with_legal("molinolog", {"size": 2, "white": "machine", "depth": 1}, 80,
                        lambda view: self.rng.choice(view["legal"]))

    def gorogo(self) -> None:
        def pick(view):
            pieces = [(piece, pos) for piece, where in view["legal"].items() for pos in where]
            piece, pos = self.rng.choice(pieces)
            return {"kind": "place", "piece": piece, "pos": pos}

        self.with_legal("gorogo", {"white": "machine", "depth": 1}, 80, pick)

    def azul(self) -> None:
        self.with_legal("azul", {"players": ["human", "greedy"],
                                 "seed": self.rng.randrange(1, 2**31 - 1)}, 120,
                        lambda view: self.rng.choice(view["legal"]))

    ROUND = ("go19", "go9", "molinolog", "gorogo", "azul")


def fit(samples: list[tuple[int, int]]) -> float:
    """Slope of RSS (KiB) against moves, by Theil and Sen: the median of the slopes between
    every two samples.  A worker's RSS swings by a few MiB from one sample to the next (a
    request's garbage not yet given back, a thread's malloc arena): least squares let one
    high sample near the end of a stretch read as growth (a 50,000-move run: 2.5 MiB "grown"
    over its last 20,000 moves while its floor stayed at 63.4-63.9 MiB), the median does
    not, and a leak still moves it (every pair of samples sees it)."""
    slopes = sorted((r2 - r1) / (m2 - m1) for i, (m1, r1) in enumerate(samples)
                    for m2, r2 in samples[i + 1:] if m2 != m1)
    if not slopes:
        return float("nan")
    mid = len(slopes) // 2
    return slopes[mid] if len(slopes) % 2 else (slopes[mid - 1] + slopes[mid]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=50_000)
    parser.add_argument("--every", type=int, default=100,
                        help="sample RSS at the end of a round once N moves were played")
    parser.add_argument("--go9-plies", type=int, default=12,
                        help="plies of each 9x9 game against the machine (default 12)")
    parser.add_argument("--max-requests", type=int, default=0,
                        help="tablero serve --max-requests (default 0: never recycle)")
    parser.add_argument("--keep-buffers", action="store_true",
                        help="TABLERO_RELEASE_STRINGS=0: the leak before issue 20")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="400 moves, for a smoke run")
    args = parser.parse_args()
    if args.quick:
        args.moves, args.every = 400, 100

    if args.keep_buffers:
        os.environ["TABLERO_RELEASE_STRINGS"] = "0"
    else:
        os.environ.pop("TABLERO_RELEASE_STRINGS", None)
    folder = tempfile.TemporaryDirectory(prefix="tablero-soak-")
    server = LiveServer(Path(folder.name) / "soak.db", workers=1,
                        args=("--threads", "8", "--max-requests", str(args.max_requests)))
    print(f"load average before: {loadavg()}", flush=True)
    server.start()
    try:
        run(server, args)
    finally:
        server.kill(15)
        folder.cleanup()
    print(f"load average after: {loadavg()}", flush=True)


def run(server: LiveServer, args) -> None:
    (pid,) = workers(server)
    client = Client(server.url)
    soak = Soak(client, random.Random(args.seed), args.go9_plies)
    samples: list[tuple[int, int, int]] = []  # (moves, games, rss KiB)
    atoms: list[tuple[int, int]] = []          # (moves, Prolog's atoms)
    start = time.monotonic()
    mode = "left in Prolog's buffers (--keep-buffers)" if args.keep_buffers else "released"
    print(f"tablero serve, 1 worker (pid {pid}), --max-requests {args.max_requests}; "
          f"{args.moves} moves; string buffers {mode}", flush=True)
    print(f"{'moves':>7} {'games':>6} {'RSS MiB':>8} {'KiB/move':>9} {'atoms':>7} {'moves/s':>8}"
          "  loadavg", flush=True)

    def sample() -> None:
        rss = rss_kib(pid)
        step = ""
        if samples:
            dm = soak.moves - samples[-1][0]
            step = f"{(rss - samples[-1][2]) / dm:9.2f}" if dm else ""
        samples.append((soak.moves, soak.games, rss))
        held = prolog_atoms(server.url)
        if held is not None:
            atoms.append((soak.moves, held))
        rate = soak.moves / (time.monotonic() - start)
        print(f"{soak.moves:7d} {soak.games:6d} {rss / 1024:8.1f} {step:>9} {held or '':>7} "
              f"{rate:8.1f}  {loadavg().split(' ')[0]}", flush=True)

    sample()
    done = False
    while not done:
        for name in Soak.ROUND:
            getattr(soak, name)()
            if soak.moves >= args.moves:
                done = True
                break
        if not done and soak.moves - samples[-1][0] >= args.every:
            sample()     # between rounds: see the module's header
    if samples[-1][0] != soak.moves:
        sample()
    elapsed = time.monotonic() - start
    now = workers(server)
    print(f"\n{soak.moves} moves ({soak.machine} by the machine, {soak.undos} undos, "
          f"{soak.refused} refused and not counted) in {soak.games} games, "
          f"{client.requests} requests, {elapsed:.0f} s")
    if now != [pid]:
        print(f"THE WORKER WAS REPLACED ({pid} -> {now}): the figures below mix two processes")
    warm_at = next((m for m, g, _ in samples if g >= WARM_GAMES), None)
    warm_at = max(warm_at if warm_at is not None else 0, args.moves // 5)
    after = [(m, r) for m, _, r in samples if m >= warm_at]
    last_from = soak.moves - soak.moves * 2 // 5
    last = [(m, r) for m, _, r in samples if m >= last_from]
    first_rss, end_rss = samples[0][2], samples[-1][2]
    print(f"RSS: {first_rss / 1024:.1f} MiB at start, {end_rss / 1024:.1f} MiB at the end "
          f"({(end_rss - first_rss) / max(soak.moves, 1):.2f} KiB a move overall)")
    slope = fit(after)
    print(f"after warm-up (moves {warm_at}-{soak.moves}; warm-up: {WARM_GAMES} games, the "
          f"worker keeps {CACHED_GAMES}, or a fifth of the moves): {slope:.3f} KiB a move "
          f"(goal under {GOAL_KIB_PER_MOVE:g})")
    last_slope = fit(last)
    grown = last_slope * (soak.moves - last_from)
    print(f"last {soak.moves - last_from} moves ({last_from}-{soak.moves}): {last_slope:.3f} KiB "
          f"a move, {grown:.0f} KiB over the stretch by the fit; RSS {last[0][1] / 1024:.1f} -> "
          f"{last[-1][1] / 1024:.1f} MiB (goal: no growth, under {GOAL_LAST_KIB:g} KiB)")
    held = [a for m, a in atoms if m >= warm_at]
    if held:
        print(f"Prolog's atoms after warm-up: {held[0]} -> {held[-1]} (the uncollected ones "
              "vary by up to 10,000, SWI-Prolog's agc_margin; a count that keeps growing is "
              "a leak)")
    if args.quick or len(after) < 3 or not any(g >= WARM_GAMES for _, g, _ in samples):
        print("goals: not judged (too few moves for the worker's cache to fill: "
              f"{samples[-1][1]} games of {WARM_GAMES})")
    else:
        met = slope < GOAL_KIB_PER_MOVE and grown < GOAL_LAST_KIB
        print(f"goals: {'met' if met else 'NOT met'}")


if __name__ == "__main__":
    main()
