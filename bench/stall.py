"""Can one client hold the server?  Other clients' move latency under slowloris and idle streams.

    .venv/bin/python bench/stall.py [--rounds 2] [--seconds 15] [--slowloris 500]
                                    [--streams 1000] [--movers 2] [--rate 10] [--workers 2]
                                    [--quick] [--server-log FILE]

Starts its own `tablero serve` (--workers, default settings otherwise: app/serving.py's
worker, its caps and its 10 s request deadline; a temporary database, a free port, its own
process group, killed at the end even on error), then runs alternating phases on that one
server, --rounds times:

    none, slowloris, none, streams

- slowloris: --slowloris connections from 127.0.0.1, each sending a request line and then
  one header line every 3 s, never ending its head; a connection the server closes or
  refuses is opened again at the next 3-second tick (as an attacker would);
- streams: --streams idle event streams (GET /api/games/<id>/events, no secret) from
  127.0.0.1, opened again at the next tick when refused (503) or closed.

The attack runs in a process of its own (this script with --attack, one selector loop), so
its work does not share this process's interpreter.  It is set up, then a phase measures
for --seconds: --movers threads, from 127.0.0.2 (another client), post legal moves in 19x19
Go games (the points (r, c) with r + c even, row-major, black and white alternating: no
stone is ever captured or refused) at --rate moves per second in all, evenly paced, each on
a keep-alive connection with a 10 s timeout; a move not answered 200 within it counts as an
error (its latency counted as the time it took), and the mover reads its game again before
the next move.

Printed per phase kind (rounds pooled): moves, errors, p50, p99 and worst latency, the
ratios of p50 and p99 against the no-attack phases of the same run, and what the attacker
held (connections or streams open at the end of the phase, refused, closed by the
server).  Goal (issue 19): with 500 slowloris connections and 1,000 idle streams from one
address, other clients' moves are answered within 1 s: the last line says met (every move
200, p99 and worst below 1 s) or MISSED.  The load average is printed before and after.
--quick: 1 round of 2 s phases, 60 slowloris connections and 100 streams (a smoke test).
--serve-args: more flags for the server, e.g. "--client-streams 100000 --client-connections
100000" to see the attack held in full (every stream open, every slowloris connection
read), where only the threads' design, not a cap, keeps the moves answered.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import selectors
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import http.client
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ATTACKER, VICTIM = "127.0.0.1", "127.0.0.2"
TICK = 3.0  # seconds between two slowloris header lines, and between reopenings
GOAL = 1.0  # seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raise_open_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def loadavg() -> str:
    return Path("/proc/loadavg").read_text().strip()


# ---- the server ------------------------------------------------------------------------------


class Server:
    def __init__(self, tmp: Path, workers: int, log: str | None, extra: list[str]):
        self.port = free_port()
        self.log = Path(log) if log else tmp / "server.log"
        self.argv = [str(Path(sys.executable).with_name("tablero")), "serve", "--port",
                     str(self.port), "--workers", str(workers), "--db", str(tmp / "bench.db"),
                     *extra]
        self.proc: subprocess.Popen | None = None

    def start(self) -> "Server":
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(self.argv, cwd=ROOT, stdout=log, stderr=log,
                                         start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                status, _ = request(self.port, "GET", "/api/games")
                if status == 200:
                    return self
            except OSError:
                pass
            if self.proc.poll() is not None:
                raise RuntimeError(f"tablero serve exited:\n{self.log.read_text()[-2000:]}")
            time.sleep(0.3)
        raise RuntimeError("tablero serve did not answer within 60 s")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


def request(port: int, method: str, path: str, body=None, secret=None, source=VICTIM):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10, source_address=(source, 0))
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers=headers)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null")
    finally:
        conn.close()


# ---- the attack (a process of its own: --attack) --------------------------------------------


def attack(kind: str, port: int, count: int, game: str) -> None:
    """Hold `count` connections of `kind` from ATTACKER until stdin closes; print "ready"
    once they were all tried, and a JSON line of counts at the end."""
    raise_open_files()
    if kind == "slowloris":
        opening = b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    else:
        opening = f"GET /api/games/{game}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".encode()
    sel = selectors.DefaultSelector()
    socks: dict[socket.socket, dict] = {}
    counts = {"opened": 0, "503": 0, "408": 0, "other": 0, "closed": 0, "failed": 0}
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()

    def open_one() -> None:
        s = socket.socket()
        try:
            s.bind((ATTACKER, 0))
            s.connect(("127.0.0.1", port))
            s.sendall(opening)
        except OSError:
            counts["failed"] += 1
            s.close()
            return
        s.setblocking(False)
        socks[s] = {"held": False, "n": 0}
        sel.register(s, selectors.EVENT_READ)
        counts["opened"] += 1

    def close(s: socket.socket, why: str) -> None:
        counts[why] += 1
        sel.unregister(s)
        socks.pop(s, None)
        s.close()

    for _ in range(count):
        open_one()
    print("ready", flush=True)
    next_tick = time.monotonic() + TICK
    while not stop.is_set():
        for key, _ in sel.select(max(0.0, min(next_tick - time.monotonic(), 0.5))):
            s = key.fileobj
            try:
                data = s.recv(65536)
            except BlockingIOError:
                continue
            except OSError:
                data = b""
            info = socks[s]
            if data.startswith(b"HTTP/1.1 200"):
                info["held"] = True
            elif data.startswith(b"HTTP/1.1 "):  # 503 (a cap) or 408 (the deadline)
                status = data[9:12].decode()
                close(s, status if status in ("503", "408") else "other")
            elif not data:
                close(s, "closed")
        if time.monotonic() >= next_tick:
            next_tick += TICK
            for s, info in list(socks.items()):
                if kind == "slowloris":
                    try:
                        s.send(b"X-Slow-%d: still coming\r\n" % info["n"])
                        info["n"] += 1
                    except OSError:
                        close(s, "closed")
            for _ in range(count - len(socks)):  # reopen what the server closed
                open_one()
    held = sum(1 for info in socks.values() if info["held"]) if kind == "streams" else len(socks)
    print(json.dumps({**counts, "open": len(socks), "held": held}), flush=True)


class Attack:
    def __init__(self, kind: str, port: int, count: int, game: str):
        self.proc = subprocess.Popen(
            [sys.executable, __file__, "--attack", kind, "--port", str(port),
             "--count", str(count), "--game", game],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.proc.stdout.readline()
        if line.strip() != "ready":
            raise RuntimeError(f"the attacker did not start: {line!r}")

    def end(self) -> dict:
        self.proc.stdin.close()
        out = self.proc.stdout.read()
        self.proc.wait(30)
        return json.loads(out.strip().splitlines()[-1])


# ---- the victims -----------------------------------------------------------------------------


class Mover:
    """One other client: plays legal moves in its own games, on a keep-alive connection."""

    POINTS = [(r, c) for r in range(19) for c in range(19) if (r + c) % 2 == 0]

    def __init__(self, port: int):
        self.port = port
        self.conn: http.client.HTTPConnection | None = None
        self.new_game()

    def new_game(self) -> None:
        status, game = request(self.port, "POST", "/api/games",
                               {"game": "go", "options": {"size": 19}})
        assert status == 201, game
        self.game, self.secret, self.revision, self.next = game["id"], game["secrets"]["b"], 0, 0
        self.lost = False

    def resync(self) -> None:
        """After a move without an answer (it may have been played): the game as stored."""
        try:
            status, game = request(self.port, "GET", f"/api/games/{self.game}")
        except (OSError, http.client.HTTPException):
            return
        if status == 200:
            self.revision, self.next, self.lost = game["revision"], game["plies"], False

    def move(self) -> tuple[float, bool]:
        """One move: (seconds from sending to the whole reply, answered 200)."""
        if self.lost:
            self.resync()
        if self.next >= len(self.POINTS):
            self.new_game()
        r, c = self.POINTS[self.next]
        body = json.dumps({"action": {"kind": "move", "pos": [r, c]}, "revision": self.revision})
        started = time.monotonic()
        ok = False
        try:
            if self.conn is None:
                self.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10,
                                                       source_address=(VICTIM, 0))
            self.conn.request("POST", f"/api/games/{self.game}/actions", body=body, headers={
                "Content-Type": "application/json", "Authorization": f"Bearer {self.secret}"})
            resp = self.conn.getresponse()
            reply = json.loads(resp.read() or b"null")
            ok = resp.status == 200
            if ok:
                self.revision, self.next = reply["revision"], self.next + 1
            self.lost = not ok
            if resp.will_close:
                self.conn.close()
                self.conn = None
        except (OSError, http.client.HTTPException):
            if self.conn is not None:
                self.conn.close()
            self.conn = None
            self.lost = True
        return time.monotonic() - started, ok


def measure(movers: list[Mover], seconds: float, rate: float) -> list[tuple[float, bool]]:
    samples: list[tuple[float, bool]] = []
    lock = threading.Lock()
    period = len(movers) / rate
    end = time.monotonic() + seconds

    def run(i: int, mover: Mover) -> None:
        at = time.monotonic() + i * period / len(movers)
        while at < end:
            pause = at - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            got = mover.move()
            with lock:
                samples.append(got)
            at = max(at + period, time.monotonic())

    threads = [threading.Thread(target=run, args=(i, m)) for i, m in enumerate(movers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return samples


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] if values else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--slowloris", type=int, default=500)
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--movers", type=int, default=2)
    parser.add_argument("--rate", type=float, default=10.0, help="moves per second in all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--server-log")
    parser.add_argument("--serve-args", default="", help="more flags for tablero serve, e.g. "
                        "'--client-streams 100000 --client-connections 100000' (no caps)")
    parser.add_argument("--attack", choices=("slowloris", "streams"), help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--count", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--game", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attack:
        attack(args.attack, args.port, args.count, args.game)
        return
    if args.quick:
        args.rounds, args.seconds, args.slowloris, args.streams = 1, 2.0, 60, 100
    raise_open_files()
    print(f"load average before: {loadavg()}  ({os.cpu_count()} cores)")
    with tempfile.TemporaryDirectory(prefix="tablero-stall-") as tmp:
        server = Server(Path(tmp), args.workers, args.server_log, args.serve_args.split()).start()
        try:
            print(f"server: {' '.join(server.argv)}")
            movers = [Mover(server.port) for _ in range(args.movers)]
            _, watched = request(server.port, "POST", "/api/games",
                                 {"game": "go", "options": {"size": 19}}, source=ATTACKER)
            counts = {"slowloris": args.slowloris, "streams": args.streams}
            results: dict[str, list[tuple[float, bool]]] = {}
            held: dict[str, list[dict]] = {}
            for round_ in range(1, args.rounds + 1):
                for kind in ("none", "slowloris", "none", "streams"):
                    attacker = None
                    if kind != "none":
                        attacker = Attack(kind, server.port, counts[kind], watched["id"])
                        time.sleep(1.0)  # its connections reach the workers
                    samples = measure(movers, args.seconds, args.rate)
                    if attacker is not None:
                        held.setdefault(kind, []).append(attacker.end())
                    results.setdefault(kind, []).extend(samples)
                    bad = sum(1 for _, ok in samples if not ok)
                    print(f"round {round_} {kind:9}: {len(samples)} moves, {bad} errors, "
                          f"p50 {1000 * quantile([s for s, _ in samples], 0.5):.1f} ms", flush=True)
        finally:
            server.stop()
    print()
    base = [s for s, _ in results["none"]]
    b50, b99 = quantile(base, 0.5), quantile(base, 0.99)
    print(f"{'phase':<28} {'moves':>6} {'errors':>6} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'worst ms':>9} {'p50 x':>6} {'p99 x':>6}")
    met = True
    for kind in ("none", "slowloris", "streams"):
        samples = results[kind]
        times = [s for s, _ in samples]
        errors = sum(1 for _, ok in samples if not ok)
        p50, p99, worst = quantile(times, 0.5), quantile(times, 0.99), max(times)
        label = {"none": "no attack (baseline)",
                 "slowloris": f"{args.slowloris} slowloris, one address",
                 "streams": f"{args.streams} idle streams, one address"}[kind]
        print(f"{label:<28} {len(samples):>6} {errors:>6} {1000 * p50:>8.1f} {1000 * p99:>8.1f} "
              f"{1000 * worst:>9.1f} {p50 / b50:>6.2f} {p99 / b99:>6.2f}")
        if kind != "none":
            met &= errors == 0 and p99 < GOAL and worst < GOAL
    for kind, ends in held.items():
        for i, end in enumerate(ends, 1):
            what = "connections open" if kind == "slowloris" else "streams held"
            print(f"attacker, {kind} round {i}: {end['held']} {what} at the end; opened "
                  f"{end['opened']}; the server answered 503 (a cap) to {end['503']}, 408 (the "
                  f"deadline) to {end['408']}, other {end['other']}; closed {end['closed']} "
                  f"without an answer; connect failed {end['failed']}")
    print(f"load average after: {loadavg()}")
    print(f"goal: other clients' moves answered within {GOAL:.0f} s under both attacks: "
          f"{'met' if met else 'MISSED'}")


if __name__ == "__main__":
    main()
