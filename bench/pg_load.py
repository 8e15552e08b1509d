"""Moves per second and their p99 on PostgreSQL with one and with two app servers, beside
SQLite on one server, in one run.

    .venv/bin/python bench/pg_load.py [--clients 8] [--seconds 15] [--rounds 2]
                                      [--workers 2] [--think 0] [--pg-fsync on]

Starts a throw-away PostgreSQL cluster (tests/pg.py: Debian's binaries, a temporary
directory; fsync and synchronous commit on by default, as a real deployment has them), then
three `tablero serve` (gthread, --workers each, free ports): one on a SQLite file, two on
one PostgreSQL database.  Then alternating rounds, the sequence repeated --rounds times:

- sqlite x1: every client on the SQLite server;
- pg x1:     every client on PostgreSQL server A;
- pg x2:     the clients split between servers A and B (one service, two servers).

Each client is a process of its own (no shared GIL), on one keep-alive HTTP connection,
playing its own 19x19 Go games as fast as answers come (--think ms between moves):
legal moves only (the points with r + c even, row-major, Black and White alternating:
no stone ever loses its last liberty, so nothing is captured or refused); a new game after
181 moves (its creation is not counted).  Any answer but 200 is counted apart and makes the
run fail.  Latency is POST sent -> answer read; throughput is moves answered per second of
the round.

Printed: the command, the machine (cores, load average before and after), each round,
then per configuration (rounds pooled) moves/s, p50 and p99, and the ratios against
sqlite x1 and pg x1.  All servers share this machine's cores with the clients and with
PostgreSQL: a second server adds workers, not CPUs, so on a small machine "pg x2" shows
the cost of the shared database, not the gain of a second host.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import shlex
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conftest import LiveServer  # noqa: E402
from tests.pg import Cluster  # noqa: E402

SIZE = 19
POINTS = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0]
CONFIGS = ("sqlite x1", "pg x1", "pg x2")


def client(port: int, seconds: float, think: float, start_at: float, out) -> None:
    """Play moves on the server at `port` from start_at for `seconds`; put (latencies,
    refusals) on `out`."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"Content-Type": "application/json"}

    def request(method, path, body, secret=None):
        h = dict(headers, Authorization=f"Bearer {secret}") if secret else headers
        conn.request(method, path, json.dumps(body), h)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())

    def new_game():
        status, game = request("POST", "/api/games", {"game": "go", "options": {"size": SIZE}})
        assert status == 201, game
        return game["id"], game["secrets"]["b"]

    gid, secret = new_game()
    latencies, refused, played = [], [], 0
    time.sleep(max(0.0, start_at - time.time()))
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if played == len(POINTS):
            gid, secret = new_game()
            played = 0
        r, c = POINTS[played]
        t0 = time.perf_counter()
        status, body = request("POST", f"/api/games/{gid}/actions",
                               {"action": {"kind": "move", "pos": [r, c]}}, secret)
        latencies.append(time.perf_counter() - t0)
        played += 1
        if status != 200:
            refused.append((status, str(body)[:200]))
        if think:
            time.sleep(think / 1000)
    conn.close()
    out.put((latencies, refused))


def round_(ports: list[int], clients: int, seconds: float, think: float) -> tuple[list, list]:
    out = multiprocessing.Queue()
    start_at = time.time() + 2.0  # every client has made its game and connection by then
    procs = [multiprocessing.Process(target=client,
                                     args=(ports[i % len(ports)], seconds, think, start_at, out))
             for i in range(clients)]
    for p in procs:
        p.start()
    results = [out.get(timeout=seconds + 120) for _ in procs]
    for p in procs:
        p.join()
    return [x for lat, _ in results for x in lat], [x for _, ref in results for x in ref]


def quantile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100)[q - 1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="worker processes per server")
    parser.add_argument("--think", type=float, default=0, help="ms each client waits between moves")
    parser.add_argument("--pg-fsync", choices=("on", "off"), default="on",
                        help="PostgreSQL fsync and synchronous_commit (default on, as deployed)")
    args = parser.parse_args()
    print("command:", shlex.join([sys.executable, *sys.argv]))
    print(f"machine: {os.cpu_count()} cores, load average before "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    cluster = Cluster({"fsync": args.pg_fsync, "synchronous_commit": args.pg_fsync,
                       "full_page_writes": args.pg_fsync}).start()
    servers: list[LiveServer] = []
    tmp = tempfile.TemporaryDirectory()
    try:
        url = cluster.new_database()
        steady = ("--max-requests", "0")   # no worker recycled mid-round
        sqlite = LiveServer(Path(tmp.name) / "bench.db", workers=args.workers, args=steady).start()
        servers.append(sqlite)
        pg_a = LiveServer(url, workers=args.workers, args=steady).start()
        servers.append(pg_a)
        pg_b = LiveServer(url, workers=args.workers, args=steady).start()
        servers.append(pg_b)
        print(f"{args.clients} clients (keep-alive), {args.seconds:.0f} s a round, "
              f"{args.rounds} rounds of each, {args.workers} workers a server, think "
              f"{args.think:.0f} ms; PostgreSQL fsync/synchronous_commit {args.pg_fsync}, "
              "SQLite WAL synchronous=NORMAL")
        ports = {"sqlite x1": [sqlite.port], "pg x1": [pg_a.port],
                 "pg x2": [pg_a.port, pg_b.port]}
        pooled: dict[str, list[float]] = {name: [] for name in CONFIGS}
        rates: dict[str, list[float]] = {name: [] for name in CONFIGS}
        failures = []
        for n in range(args.rounds):
            for name in CONFIGS:
                lat, refused = round_(ports[name], args.clients, args.seconds, args.think)
                rate = len(lat) / args.seconds
                pooled[name] += lat
                rates[name].append(rate)
                failures += refused
                print(f"round {n + 1} {name:<10} {len(lat):>6} moves {rate:8.1f}/s  "
                      f"p50 {quantile(lat, 50):7.2f} ms  p99 {quantile(lat, 99):7.2f} ms"
                      + (f"  REFUSED {len(refused)}" if refused else ""), flush=True)
        print("\nconfiguration   moves/s     p50 ms     p99 ms   vs sqlite x1 (rate, p99)"
              "   vs pg x1 (rate, p99)")
        base = {name: (statistics.mean(rates[name]), quantile(pooled[name], 99))
                for name in CONFIGS}
        for name in CONFIGS:
            rate, p99 = base[name]
            sq, one = base["sqlite x1"], base["pg x1"]
            print(f"{name:<12} {rate:10.1f} {quantile(pooled[name], 50):10.2f} {p99:10.2f}"
                  f"       {rate / sq[0]:5.2f}x {p99 / sq[1]:5.2f}x"
                  f"           {rate / one[0]:5.2f}x {p99 / one[1]:5.2f}x")
        print("load average after " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
        if failures:
            print(f"FAILED: {len(failures)} moves refused, e.g. {failures[:3]}")
            raise SystemExit(1)
    finally:
        for s in servers:
            if s.proc and s.proc.poll() is None:
                os.killpg(s.proc.pid, signal.SIGTERM)
        for s in servers:
            if s.proc:
                s.proc.wait(timeout=30)
        cluster.stop()
        tmp.cleanup()


if __name__ == "__main__":
    main()
