"""HTTP load on loopback: legal Go moves through `tablero serve`, against /api/echo and Pengines.

    .venv/bin/python bench/http_load.py [--clients 16] [--seconds 5] [--cycles 3]
                                        [--workers 2] [--rate 5] [--quick]
                                        [--floor] [--before DIR] [--two-pages]

Starts its own servers on free ports and kills their process groups at the end:
`tablero serve` (gunicorn gthread workers, --workers of them) with a temporary
database, and the peer, bench/pengines_peer.pl (SWI-Prolog's HTTP server with
library(pengines), serving goMove/4 of prolog/go.pl).  Three routes:

  move   POST /api/games/<id>/actions {"action": {"kind": "move", "pos": [r, c]},
         "revision": N, "delta": true} with the seat's secret (JSON, Prolog, SQLite),
         as the pages send a move: the reply has the view's delta, not the whole view
         (--whole-view: without "delta", the reply with the whole view);
  echo   POST /api/echo with a body of the same shape (the same app and server,
         no Prolog, no storage): the cost of the HTTP stack alone;
  peer   POST /pengine/create {"ask": "once(goMove(Board, Player, [R, C], RBoard))",
         "destroy": true, "format": "json", "src_text": ""}, the board in the query
         text, as the seed courses' web layer asks Prolog.

Only legal moves are played: each game follows its own shuffle of the 181 points
(r + c even) of the 19x19 board, Black and White alternating, so no stone ever
touches another one (no capture, no suicide, no ko); after 181 moves the client
goes on with a new game (created before the round, outside the timing).  The
peer's client plays the same sequences on the board the previous answer gave.
A refused move (any reply but 200, or a Pengines failure or error) is counted
apart and never as a move.

Each client is a process with one http.client connection that it keeps and
reuses, as a browser does; the script counts the TCP connections each round
opened, to show whether the server kept them alive (gunicorn's keepalive is 5 s).
Two modes: "closed", --clients clients with no think time (each sends its next
request as soon as the answer arrives); "paced", each client sends --rate
requests per second on a fixed schedule, its latency counted from the scheduled
time (so a server that falls behind shows it; the requests it could not send
before the round ended are counted as not sent in time).  A cycle runs one round of
--seconds for each route and mode, the routes in turn (move, echo, peer, then floor and
before when asked), each cycle starting one route further on, so that no route is always
the one measured first or last; --cycles cycles alternate them in one run, after a short
warm-up of each route.

Server CPU is read from /proc/<pid>/stat (utime + stime) of the gunicorn worker
processes (for the peer, the swipl process) before and after each round, and
divided by the requests answered in it.  The tables give, per route and mode,
pooled over the cycles: requests, refusals, connections opened, latency p50 and
p99, throughput (the mean of the rounds, with the lowest and highest), server CPU
per request, and the clients' own CPU per request (time.process_time: what the
load generator takes from the same CPUs).  Then whether every client kept its one
connection alive for a whole round, and the ratios of issue 13 with their goals: server CPU per
legal move / per echo (goal <= 1.5x), move throughput / peer throughput in the
closed mode (goal >= 4x), and the move's p99 in each mode (goal < 25 ms).  Last, with
the servers stopped, bench/prolog_move.pl's Prolog time per move (the worker's call,
tablero_cache:api_cached/10) against the rules' own (tablero:game_act/5) on the same
moves in plain swipl (goal <= 2x, issue 24).  The
load average (os.getloadavg) is printed with each round: client processes,
servers and whatever else runs share the same CPUs.  --quick: one cycle of
1-second rounds, for a smoke run under a minute.

--floor adds a fourth route, measured in the same cycles: the move again, on a
second `tablero serve` whose Prolog call for a move is taken out.  Its workers
load FLOOR (below) before the app: Bridge.call then answers each worker's
act_delta calls after its first with that first call's reply text, which the
worker parses, checks and stores as any other (the same state text, the delta
of that first move), so a "move" there costs everything a move costs the
server (HTTP, Flask, the seat's secret, the record's read, the SQL write, the
replies' JSON) but Prolog's call and its hand-off to the Prolog thread.  Its
ratios to echo and to the peer are what no work on the Prolog side can pass.

--two-pages: each client plays its games' Black moves over one connection and their White
moves over another, as two people's pages do; gunicorn gives each connection to either
worker, so about half the games alternate workers, and the worker that gets a move did
not play the ply before it: it does not keep the game at the state's key (app/games.py,
prolog/tablero/cache.pl) and sends the stored state.  Without it (the default) each
client's games stay on one connection, one worker, as one page playing both sides.

--before DIR adds a route "before": the same move on a second `tablero serve` run from
another checkout DIR (a `git worktree` of the commit to compare with; its own code and
prolog/, this Python and its packages: tests/conftest.py's LiveServer `code=`), measured
in the same cycles as ours, so that a change is compared with what it changes in one
run, under one load: server CPU per move, ours / before's, and throughput, ours /
before's (below 1.0x: ours costs less).
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import LiveServer  # noqa: E402

SIZE = 19
POINTS = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0]  # 181
ROUTES = ("move", "echo", "peer")  # and "floor" with --floor, "before" with --before
MOVES = ("move", "floor", "before")  # the routes that play legal moves (each its own server)
MODES = ("closed", "paced")
GOALS = {"cpu_ratio": 1.5, "peer_ratio": 4.0, "p99_ms": 25.0, "prolog_ratio": 2.0}
CLK_TCK = os.sysconf("SC_CLK_TCK")


# ---- servers ------------------------------------------------------------------------

#  --floor: the sitecustomize module of the second server's processes (see the docstring).
FLOOR = """
import app.prolog as _prolog

_call, _kept = _prolog.Bridge.call, {}


def call(self, module, name, *args, brief=False):
    if name == "api_cached" and str(args[0]) == "act_delta":
        if "text" in _kept:
            return _kept["text"]
        text = _call(self, module, name, *args, brief=brief)
        if not text.startswith("!") and '"ok":true' in text.split("\\n", 2)[2]:
            _kept["text"] = text
        return text
    return _call(self, module, name, *args, brief=brief)


_prolog.Bridge.call = call
"""



def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def children(pid: int) -> list[int]:
    """The processes whose parent is pid (gunicorn's workers, of its master)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry))
    return sorted(found)


def cpu_ticks(pids: list[int]) -> int:
    """utime + stime of the processes, in clock ticks (all their threads)."""
    total = 0
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])
    return total


class Peer:
    """bench/pengines_peer.pl in its own process group, on a free port."""

    def __init__(self, workers: int):
        self.port = free_port()
        self.proc = subprocess.Popen(
            ["swipl", str(ROOT / "bench" / "pengines_peer.pl"), f"--port={self.port}",
             f"--workers={workers}"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
            start_new_session=True)
        deadline = time.monotonic() + 30
        for line in self.proc.stdout:
            if line.strip() == "ready":
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the Pengines peer did not start")
        else:
            raise RuntimeError(f"the Pengines peer exited with {self.proc.wait()}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


# ---- clients ------------------------------------------------------------------------


class Connection(http.client.HTTPConnection):
    """An HTTP/1.1 connection that counts how often it had to (re)connect."""

    connects = 0

    def connect(self):
        Connection.connects += 1
        super().connect()


def new_game(conn: Connection, rnd: random.Random) -> dict:
    body = json.dumps({"game": "go", "options": {"size": SIZE}})
    conn.request("POST", "/api/games", body=body, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = json.loads(resp.read())
    if resp.status != 201:
        raise RuntimeError(f"could not create a game: {resp.status} {data}")
    order = POINTS[:]
    rnd.shuffle(order)
    return {"id": data["id"], "secret": data["secrets"]["b"], "revision": data["revision"],
            "order": order, "next": 0}


class MoveRoute:
    """Legal moves in this client's games (a list it keeps across rounds)."""

    delta = True  # the pages' move: the reply with the view's delta (--whole-view: False)
    two_pages = False  # --two-pages: Black's moves and White's over two connections

    def __init__(self, games: list[dict]):
        self.games = games
        self.created = 0

    def request(self, conn, rnd):
        while self.games and self.games[0]["next"] >= len(POINTS):
            self.games.pop(0)
        if not self.games:  # ran out in the round: counted, and not timed as a move
            self.games.append(new_game(conn, rnd))
            self.created += 1
        game = self.games[0]
        r, c = game["order"][game["next"]]
        move = {"action": {"kind": "move", "pos": [r, c]}, "revision": game["revision"]}
        body = json.dumps({**move, "delta": True} if self.delta else move)
        headers = {"Content-Type": "application/json", "Authorization": f"Bearer {game['secret']}"}
        return "POST", f"/api/games/{game['id']}/actions", body, headers

    def page(self) -> int:
        """The connection (0 or 1) the next move goes over: its colour's, with --two-pages."""
        return self.games[0]["next"] % 2 if self.two_pages else 0

    def answer(self, status, data):
        game = self.games[0]
        game["next"] += 1
        if status == 200:
            game["revision"] = data["revision"]
            return True
        if isinstance(data, dict) and data.get("error", {}).get("code") == "stale":
            game["revision"] = None  # the next move goes without a revision
        return False


class EchoRoute:
    def __init__(self):
        self.revision = 0

    def request(self, conn, rnd):
        r, c = rnd.choice(POINTS)
        body = json.dumps({"action": {"kind": "move", "pos": [r, c]}, "revision": self.revision})
        return "POST", "/api/echo", body, {"Content-Type": "application/json"}

    def answer(self, status, data):
        self.revision += 1
        return status == 200


class PeerRoute:
    """goMove/4 through Pengines: the board travels in the query and back in the answer."""

    def __init__(self, seed: int):
        self.rnd = random.Random(seed)
        self.start_game()

    def start_game(self):
        self.board = [["-"] * SIZE for _ in range(SIZE)]
        self.order = POINTS[:]
        self.rnd.shuffle(self.order)
        self.next = 0

    def request(self, conn, rnd):
        if self.next >= len(self.order):
            self.start_game()
        r, c = self.order[self.next]
        player = "b" if self.next % 2 == 0 else "w"
        board = json.dumps(self.board, separators=(",", ":"))
        ask = f'once(goMove({board}, "{player}", [{r},{c}], RBoard))'
        body = json.dumps({"src_text": "", "ask": ask, "destroy": True, "format": "json"})
        return "POST", "/pengine/create", body, {"Content-Type": "application/json"}

    def answer(self, status, data):
        self.next += 1
        answer = data.get("answer", {}).get("data", {}) if isinstance(data, dict) else {}
        if status == 200 and answer.get("event") == "success" and not answer.get("more"):
            self.board = answer["data"][0]["RBoard"]
            return True
        return False


def client(route_kind, port, seconds, interval, seed, state, start, out) -> None:
    """One client: requests back to back (interval 0) or on a fixed schedule, for
    `seconds` from `start`; puts its counts and latencies on `out`."""
    rnd = random.Random(seed)
    Connection.connects = 0
    pages = 2 if route_kind == "move" and MoveRoute.two_pages else 1
    conns = [Connection("127.0.0.1", port, timeout=60) for _ in range(pages)]
    conn = conns[0]
    route = (MoveRoute(state) if route_kind == "move" else EchoRoute() if route_kind == "echo"
             else PeerRoute(seed))
    latencies, refused, codes = [], 0, {}
    start.wait()
    cpu0 = time.process_time()
    began = time.perf_counter()
    deadline = began + seconds
    slots = round(seconds / interval) if interval else 0  # paced: requests due in the round
    sent = 0
    while True:
        now = time.perf_counter()
        if now >= deadline:
            break
        if interval:
            if sent >= slots:
                break
            scheduled = began + sent * interval
            if scheduled > now:
                time.sleep(scheduled - now)
            t0 = scheduled  # latency from the scheduled time
        else:
            t0 = now
        sent += 1
        method, path, body, headers = route.request(conns[0], rnd)
        conn = conns[route.page()] if pages == 2 else conns[0]
        if route_kind == "move" and not interval:
            t0 = time.perf_counter()  # a game created just now is not part of the move
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        elapsed = time.perf_counter() - t0
        if resp.status >= 500:
            raise RuntimeError(f"{route_kind}: server error {resp.status}: {raw[:200]!r}")
        try:
            data = json.loads(raw)
        except ValueError:
            data = None
        if route.answer(resp.status, data):
            latencies.append(elapsed)
        else:
            refused += 1
            code = (data or {}).get("error", {}).get("code") if isinstance(data, dict) else None
            key = f"{resp.status} {code or ''}".strip()
            codes[key] = codes.get(key, 0) + 1
    ended = time.perf_counter()
    unsent = slots - sent if interval else 0
    for conn in conns:
        conn.close()
    out.put({"latencies": latencies, "refused": refused, "codes": codes, "unsent": unsent,
             "client_cpu": time.process_time() - cpu0,
             "connects": Connection.connects, "began": began, "ended": ended,
             "created": getattr(route, "created", 0),
             "games": state if route_kind == "move" else None})


# ---- rounds -------------------------------------------------------------------------


class Bench:
    def __init__(self, args, server: LiveServer, peer: Peer, floor: LiveServer | None = None,
                 before: LiveServer | None = None):
        self.args = args
        self.server, self.peer, self.floor, self.before = server, peer, floor, before
        self.routes = ROUTES + (("floor",) if floor else ()) + (("before",) if before else ())
        #  The gunicorn workers whose CPU each move route is charged with.
        self.servers = {"move": server, "floor": floor, "before": before}
        self.move_workers = {route: children(live.proc.pid)
                             for route, live in self.servers.items() if live}
        self.workers = self.move_workers["move"]
        self.floor_workers = self.move_workers.get("floor", [])
        for found in self.move_workers.values():
            if len(found) != args.workers:
                raise RuntimeError(f"expected {args.workers} gunicorn workers, found {found}")
        self.rnd = random.Random(13)
        #  Each client's games, kept across rounds: on each move route's own server.
        self.games = {route: [[] for _ in range(args.clients)] for route in MOVES}
        self.most_moves = len(POINTS)  # most moves one client played in a round so far
        self.results = {(route, mode): [] for route in self.routes for mode in MODES}

    def top_up_games(self, route: str) -> None:
        """Enough fresh games for each client to play twice its busiest round so far."""
        server = self.servers[route]
        conn = Connection("127.0.0.1", server.port, timeout=60)
        for games in self.games[route]:
            left = sum(len(POINTS) - g["next"] for g in games)
            while left < 2 * self.most_moves:
                games.append(new_game(conn, self.rnd))
                left += len(POINTS)
        conn.close()

    def check_floor(self) -> None:
        """The floor's server must not have played its moves: a game of it that took
        several shows the board of the first move its worker played, not its own stones."""
        played = [g for games in self.games["floor"] for g in games if g["next"] >= 3]
        if not played:
            return
        conn = Connection("127.0.0.1", self.floor.port, timeout=60)
        conn.request("GET", f"/api/games/{played[0]['id']}")
        view = json.loads(conn.getresponse().read())["view"]
        conn.close()
        stones = sum(row.count("b") + row.count("w") for row in view["board"])
        if stones >= played[0]["next"]:
            raise RuntimeError("--floor: the floor's server played its moves (its "
                               "sitecustomize did not load): no floor was measured")

    def round(self, route: str, mode: str, seconds: float, record: bool = True) -> dict:
        args = self.args
        moves = route in MOVES
        if moves:
            self.top_up_games(route)
        port = self.peer.port if route == "peer" else self.servers.get(route, self.server).port
        pids = [self.peer.proc.pid] if route == "peer" else self.move_workers.get(route, self.workers)
        interval = 1 / args.rate if mode == "paced" else 0
        ctx = multiprocessing.get_context("fork")
        out, start = ctx.Queue(), ctx.Event()
        procs = [ctx.Process(target=client,
                             args=("move" if moves else route, port, seconds, interval,
                                   1000 * i + self.rnd.randrange(1000),
                                   self.games[route][i] if moves else None, start, out),
                             daemon=True)
                 for i in range(args.clients)]
        for p in procs:
            p.start()
        time.sleep(0.2)  # let every client reach the start line
        cpu0 = cpu_ticks(pids)
        start.set()
        reports = [out.get(timeout=seconds + 120) for _ in procs]
        cpu1 = cpu_ticks(pids)
        for p in procs:
            p.join()
            if p.exitcode != 0:
                raise RuntimeError(f"a {route} client failed (exit status {p.exitcode})")
        if moves:  # each client's games, as far as it played them (any order)
            self.games[route] = [r["games"] for r in reports]
        lat = [x for r in reports for x in r["latencies"]]
        window = max(r["ended"] for r in reports) - min(r["began"] for r in reports)
        result = {
            "route": route, "mode": mode, "answered": len(lat),
            "refused": sum(r["refused"] for r in reports),
            "codes": merge_codes(r["codes"] for r in reports),
            "connects": sum(r["connects"] for r in reports),
            "created": sum(r["created"] for r in reports),
            "window": window, "rate": len(lat) / window if window else 0.0,
            "cpu_s": (cpu1 - cpu0) / CLK_TCK, "latencies": lat,
            "unsent": sum(r["unsent"] for r in reports),
            "client_cpu": sum(r["client_cpu"] for r in reports),
            "load": os.getloadavg()[0],
        }
        if moves:
            most = max(len(r["latencies"]) + r["refused"] for r in reports)
            self.most_moves = max(self.most_moves, most)
        if record:
            self.results[(route, mode)].append(result)
            cpu_ms = 1000 * result["cpu_s"] / result["answered"] if result["answered"] else float("nan")
            qs = quantiles(lat)
            client_ms = (1000 * result["client_cpu"] / result["answered"] if result["answered"]
                         else float("nan"))
            late = f"  {result['unsent']} not sent in time" if result["unsent"] else ""
            print(f"  {route:<6} {mode:<6} {len(lat):>6} ok {result['refused']:>4} refused "
                  f"{result['connects']:>3} conns  p50 {qs[0]:7.2f} ms  p99 {qs[1]:7.2f} ms  "
                  f"{result['rate']:6.1f} req/s  server cpu {cpu_ms:5.2f} ms/req  "
                  f"client cpu {client_ms:4.2f} ms/req  load {result['load']:.2f}{late}",
                  flush=True)
        return result


def merge_codes(dicts) -> dict:
    merged = {}
    for d in dicts:
        for k, v in d.items():
            merged[k] = merged.get(k, 0) + v
    return merged


def quantiles(lat: list[float]) -> tuple[float, float]:
    """p50 and p99 in ms."""
    if len(lat) < 2:
        return (float("nan"), float("nan"))
    qs = statistics.quantiles(lat, n=100)
    return qs[49] * 1000, qs[98] * 1000


def summary(bench: Bench) -> dict:
    table = {}
    print()
    print(f"{'route':<7}{'mode':<8}{'requests':>9}{'refused':>8}{'conns':>7}{'p50 ms':>9}"
          f"{'p99 ms':>9}{'req/s':>9}{'(min-max)':>14}{'server cpu':>12}{'client cpu':>12}")
    print(f"{'':<7}{'':<8}{'':>9}{'':>8}{'':>7}{'':>9}{'':>9}{'':>9}{'':>14}{'ms/req':>12}"
          f"{'ms/req':>12}")
    for mode in MODES:
        for route in bench.routes:
            rounds = bench.results[(route, mode)]
            if not rounds:
                continue
            lat = [x for r in rounds for x in r["latencies"]]
            answered = sum(r["answered"] for r in rounds)
            rates = [r["rate"] for r in rounds]
            cpu = sum(r["cpu_s"] for r in rounds) / answered * 1000 if answered else float("nan")
            p50, p99 = quantiles(lat)
            row = {"answered": answered, "refused": sum(r["refused"] for r in rounds),
                   "unsent": sum(r["unsent"] for r in rounds),
                   "client_ms": sum(r["client_cpu"] for r in rounds) / answered * 1000
                   if answered else float("nan"),
                   "connects": sum(r["connects"] for r in rounds), "p50": p50, "p99": p99,
                   "rate": statistics.mean(rates), "cpu_ms": cpu,
                   "codes": merge_codes(r["codes"] for r in rounds),
                   "created": sum(r["created"] for r in rounds)}
            table[(route, mode)] = row
            spread = f"({min(rates):.0f}-{max(rates):.0f})"
            print(f"{route:<7}{mode:<8}{answered:>9}{row['refused']:>8}{row['connects']:>7}"
                  f"{p50:>9.2f}{p99:>9.2f}{row['rate']:>9.1f}{spread:>14}{cpu:>12.3f}"
                  f"{row['client_ms']:>12.3f}")
    for (route, mode), row in table.items():
        if row["unsent"]:
            print(f"{route} {mode}: {row['unsent']} requests could not be sent on schedule "
                  f"(the server was behind)")
        if row["codes"]:
            print(f"refusals, {route} {mode}: {row['codes']}")
        if row["created"]:
            print(f"games created during {route} {mode} rounds (not timed as moves): {row['created']}")
    return table


def verdict(value: float, goal: float, at_most: bool) -> str:
    ok = value <= goal if at_most else value >= goal
    return "met" if ok else "MISSED"


def ratios(table: dict, clients: int, cycles: int) -> None:
    print()
    for (route, mode), row in table.items():
        pages = 2 if route in MOVES and MoveRoute.two_pages else 1
        kept = row["connects"] == clients * cycles * pages
        print(f"keep-alive, {route} {mode}: {row['connects']} connections for {clients * cycles} "
              f"client rounds of {pages} page{'s' if pages > 1 else ''} "
              f"({'one each: kept alive' if kept else 'the server closed some'})")
    for mode in MODES:
        move, echo = table.get(("move", mode)), table.get(("echo", mode))
        if move and echo:
            r = move["cpu_ms"] / echo["cpu_ms"]
            print(f"server CPU per legal move / per echo ({mode}): {move['cpu_ms']:.3f} / "
                  f"{echo['cpu_ms']:.3f} ms = {r:.2f}x  (goal <= {GOALS['cpu_ratio']}x: "
                  f"{verdict(r, GOALS['cpu_ratio'], True)})")
    move, peer = table.get(("move", "closed")), table.get(("peer", "closed"))
    if move and peer:
        r = move["rate"] / peer["rate"]
        print(f"throughput move / Pengines (closed): {move['rate']:.1f} / {peer['rate']:.1f} req/s = "
              f"{r:.2f}x  (goal >= {GOALS['peer_ratio']}x: {verdict(r, GOALS['peer_ratio'], False)})")
        c = peer["cpu_ms"] / move["cpu_ms"]
        print(f"server CPU per move, Pengines / Tablero (closed): {peer['cpu_ms']:.3f} / "
              f"{move['cpu_ms']:.3f} ms = {c:.2f}x")
    for mode in MODES:
        move = table.get(("move", mode))
        if move:
            print(f"move p99 ({mode}): {move['p99']:.2f} ms  (goal < {GOALS['p99_ms']:.0f} ms: "
                  f"{verdict(move['p99'], GOALS['p99_ms'] - 1e-9, True)})")
    floor, echo, peer = (table.get((route, "closed")) for route in ("floor", "echo", "peer"))
    if floor and echo and peer:  # --floor: the same goals for a move without Prolog's call
        r = floor["cpu_ms"] / echo["cpu_ms"]
        print(f"the floor, a move with Prolog's call taken out: server CPU / per echo (closed): "
              f"{floor['cpu_ms']:.3f} / {echo['cpu_ms']:.3f} ms = {r:.2f}x  (the goal "
              f"<= {GOALS['cpu_ratio']}x {'within' if r <= GOALS['cpu_ratio'] else 'out of'} "
              f"reach of the Prolog side)")
        r = floor["rate"] / peer["rate"]
        print(f"the floor: throughput / Pengines (closed): {floor['rate']:.1f} / "
              f"{peer['rate']:.1f} req/s = {r:.2f}x  (the goal >= {GOALS['peer_ratio']}x "
              f"{'within' if r >= GOALS['peer_ratio'] else 'out of'} reach of the Prolog side)")
    for mode in MODES:  # --before: this checkout's move against another's, in the same run
        move, before, echo = (table.get((route, mode)) for route in ("move", "before", "echo"))
        if move and before:
            print(f"--before ({mode}): server CPU per move, ours / before's: {move['cpu_ms']:.3f}"
                  f" / {before['cpu_ms']:.3f} ms = {move['cpu_ms'] / before['cpu_ms']:.3f}x; "
                  f"per echo, before's: {before['cpu_ms'] / echo['cpu_ms']:.2f}x, ours: "
                  f"{move['cpu_ms'] / echo['cpu_ms']:.2f}x; throughput ours / before's: "
                  f"{move['rate']:.1f} / {before['rate']:.1f} req/s = "
                  f"{move['rate'] / before['rate']:.3f}x")


def prolog_move(games: int, cycles: int, call: str = "act_delta") -> None:
    """Prolog time per move against the rules' own (bench/prolog_move.pl, plain swipl:
    the same moves, alternating), with its goal (issue 24)."""
    out = subprocess.run(["nice", "-n", "5", "swipl", str(ROOT / "bench" / "prolog_move.pl"),
                          f"--games={games}", f"--cycles={cycles}", f"--call={call}"],
                         capture_output=True, text=True, timeout=600)
    line = next((x for x in out.stdout.splitlines() if x.startswith("prolog_move ")), None)
    if line is None:
        raise RuntimeError(f"bench/prolog_move.pl failed: {out.stderr[-2000:]}")
    fields = dict(part.split("=") for part in line.split()[1:])
    r = float(fields["ratio"])
    print(f"Prolog time per move / the rules' own (game_act/5, plain swipl): "
          f"{fields['cached_ms']} / {fields['rules_ms']} ms = {r:.2f}x  "
          f"(goal <= {GOALS['prolog_ratio']}x: {verdict(r, GOALS['prolog_ratio'], True)})",
          flush=True)


def floor_server(tmp: Path, workers: int) -> LiveServer:
    """--floor's server: `tablero serve` whose processes load FLOOR first (sitecustomize,
    found on PYTHONPATH before the system's)."""
    site = tmp / "floor-site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(FLOOR)
    before = os.environ.get("PYTHONPATH")
    os.environ["PYTHONPATH"] = os.pathsep.join([str(site), *([before] if before else [])])
    try:
        return LiveServer(tmp / "floor.db", workers=workers, args=("--max-requests", "0")).start()
    finally:
        if before is None:
            del os.environ["PYTHONPATH"]
        else:
            os.environ["PYTHONPATH"] = before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=5, help="length of one round")
    parser.add_argument("--cycles", type=int, default=3, help="rounds of each route and mode")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn worker processes")
    parser.add_argument("--rate", type=float, default=5,
                        help="requests per second of each client in the paced mode")
    parser.add_argument("--quick", action="store_true", help="one cycle of 1 s rounds")
    parser.add_argument("--whole-view", action="store_true",
                        help='moves without "delta": the reply carries the whole view')
    parser.add_argument("--floor", action="store_true",
                        help="a fourth route: the move on a server whose Prolog call for a "
                             "move is taken out (see the docstring)")
    parser.add_argument("--two-pages", action="store_true",
                        help="Black's moves and White's over two connections of each client "
                             "(two pages: the workers alternate on about half the games)")
    parser.add_argument("--before", metavar="DIR", type=Path,
                        help="a route 'before': the move on a server run from the checkout "
                             "DIR, measured in the same cycles as ours (see the docstring)")
    args = parser.parse_args()
    if args.before is not None and not (args.before / "app" / "cli.py").is_file():
        parser.error(f"--before {args.before}: not a checkout of Tablero (no app/cli.py)")
    MoveRoute.delta = not args.whole_view
    MoveRoute.two_pages = args.two_pages
    if args.quick:
        args.seconds, args.cycles = 1, 1
    started = time.time()
    print(f"{args.clients} clients, {args.cycles} cycles of {args.seconds:g} s rounds, "
          f"{args.workers} gunicorn workers, paced at {args.rate:g} req/s per client; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} ({os.cpu_count()} CPUs)",
          flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        server = peer = floor = before = None
        try:
            # No recycling mid-run (--max-requests): a worker replaced during a round
            # drops its connections, which is not what is measured here.
            server = LiveServer(Path(tmp) / "bench.db", workers=args.workers,
                                args=("--max-requests", "0")).start()
            if args.floor:
                floor = floor_server(Path(tmp), args.workers)
            if args.before is not None:
                before = LiveServer(Path(tmp) / "before.db", workers=args.workers,
                                    args=("--max-requests", "0"),
                                    code=args.before.resolve()).start()
            peer = Peer(workers=args.clients)
            bench = Bench(args, server, peer, floor, before)
            for route in bench.routes:  # warm-up: first requests load code and fill caches
                bench.round(route, "closed", min(1.0, args.seconds), record=False)
            for cycle in range(1, args.cycles + 1):
                print(f"cycle {cycle}", flush=True)
                turn = (cycle - 1) % len(bench.routes)  # rotate: no route always first
                for mode in MODES:
                    for route in bench.routes[turn:] + bench.routes[:turn]:
                        bench.round(route, mode, args.seconds)
            if floor:
                bench.check_floor()
            table = summary(bench)
            ratios(table, args.clients, args.cycles)
        finally:
            if peer:
                peer.kill()
            for live in (server, floor, before):
                if live:
                    live.kill(15)
    prolog_move(1 if args.quick else 3, args.cycles, "act" if args.whole_view else "act_delta")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
          f"total {time.time() - started:.0f} s")


if __name__ == "__main__":
    main()
