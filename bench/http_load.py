"""HTTP load on loopback: many clients playing Go moves against `tablero serve`.

    .venv/bin/python bench/http_load.py [--clients 16] [--seconds 20] [--workers 2] [--think 0]

Starts its own server (gunicorn, sync workers) on a free port with a temporary
database, then runs the same load for the same time twice: against the move
route (JSON, Prolog, SQLite) and against /api/echo (the same app and server, no
Prolog, no storage).  Each client is its own process (so the load generator is
not held back by one GIL), plays its own 19x19 games, and waits --think ms
between requests (0: back to back, a closed loop).  Prints p50/p99 latency and
requests per second of each, and the ratios, so the cost of our layers shows
apart from the HTTP stack's.  Goal (issue 3): p50 < 5 ms and p99 < 25 ms per
move with 16 clients.  With --think 0 and 2 cores, latency is mostly queueing
(clients / throughput), for echo too: compare the ratios, and --think 100 for
16 players who each move ten times a second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import multiprocessing
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.conftest import LiveServer  # noqa: E402
from tests.http import Client  # noqa: E402


def client_process(url: str, seconds: float, think: float, kind: str, seed: int, out) -> None:
    client, rnd, state, latencies = Client(url), random.Random(seed), {}, []
    make_request = move_request if kind == "move" else echo_request
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        method, path, body = make_request(client, rnd, state)
        t0 = time.perf_counter()
        status, _ = client.call(method, path, body)
        latencies.append(time.perf_counter() - t0)
        if status >= 500:
            raise RuntimeError(f"server error {status}")
        if think:
            time.sleep(think / 1000)
    out.put(latencies)


def load(url: str, clients: int, seconds: float, think: float, kind: str) -> list[float]:
    out = multiprocessing.Queue()
    procs = [multiprocessing.Process(target=client_process, args=(url, seconds, think, kind, i, out))
             for i in range(clients)]
    for p in procs:
        p.start()
    latencies = [x for _ in procs for x in out.get()]
    for p in procs:
        p.join()
    return latencies


def move_request(client: Client, rnd: random.Random, state: dict):
    """A random move in this client's own 19x19 game; a new game when it is full."""
    if "game" not in state or state.get("moves", 0) >= 150:
        _, body = client.call("POST", "/api/games", {"game": "go", "options": {"size": 19}})
        state.update(game=body["id"], moves=0)
    state["moves"] += 1
    pos = [rnd.randrange(19), rnd.randrange(19)]
    return "POST", f"/api/games/{state['game']}/actions", {"action": {"kind": "move", "pos": pos}}


def echo_request(client, rnd, state):
    return "POST", "/api/echo", {"action": {"kind": "move", "pos": [rnd.randrange(19), 3]}}


def summary(name: str, lat: list[float], seconds: float) -> tuple[float, float, float]:
    qs = statistics.quantiles(lat, n=100)
    p50, p99, rate = qs[49] * 1000, qs[98] * 1000, len(lat) / seconds
    print(f"{name:<12} {len(lat):>7} req  p50 {p50:6.2f} ms  p99 {p99:6.2f} ms  {rate:8.1f} req/s")
    return p50, p99, rate


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=16)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--think", type=float, default=0, help="ms each client waits between requests")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = LiveServer(Path(tmp) / "bench.db", workers=args.workers).start()
        try:
            print(f"{args.clients} clients, {args.seconds:.0f} s each, {args.workers} workers, "
                  f"think {args.think:.0f} ms")
            move = summary("go move", load(server.url, args.clients, args.seconds, args.think,
                                           "move"), args.seconds)
            echo = summary("echo", load(server.url, args.clients, args.seconds, args.think,
                                        "echo"), args.seconds)
        finally:
            server.kill(15)
    print(f"ratio move/echo: p50 {move[0] / echo[0]:.2f}x  p99 {move[1] / echo[1]:.2f}x  "
          f"throughput {move[2] / echo[2]:.2f}x")
    print(f"goal p50 < 5 ms: {'met' if move[0] < 5 else 'MISSED'} ({move[0]:.2f} ms); "
          f"goal p99 < 25 ms: {'met' if move[1] < 25 else 'MISSED'} ({move[1]:.2f} ms)")


if __name__ == "__main__":
    main()
