"""Live streams under load: move-to-watcher delivery, and what open streams cost the moves.

    .venv/bin/python bench/live.py [--streams 100,1000] [--rounds 2] [--seconds 20]
                                   [--games 20] [--movers 4] [--rate 20] [--workers 2]
                                   [--threads auto] [--quick] [--server-log FILE] [--dump FILE]

Starts its own `tablero serve` (gthread, --workers, --threads, a temporary database, a
free port, in its own process group, killed at the end even on error), then runs
alternating rounds: no streams, then each --streams count, the whole sequence --rounds
times, on the same server.  Each round creates --games fresh 19x19 Go games and opens its
streams across them round-robin (GET /api/games/<id>/events, no secret: watchers).  A
stream counts as open once its first event (the game as it stands) has arrived.  Then
--movers threads each play one of those games at --rate moves per second in all, evenly
paced (legal moves only: the points (r, c) with r + c even, row-major, black and white
alternating; no stone ever loses a liberty, so nothing is captured or refused), each on
one keep-alive connection; a refusal or error is counted apart.

The streams are read by one asyncio event loop in a process of its own (raw sockets,
chunked transfer decoding, the SSE `id:` line is the revision), so neither 1,000 Python
threads nor the movers' timing distort the measure; arrival times and move times are
both time.monotonic(), which is one clock for every process of the machine.

Printed per round and per configuration (the rounds of one configuration pooled):

- move latency: POST sent -> reply read, by the movers;
- delivery: POST *sent* -> a watcher read the event with that revision (or a later one:
  a stream that wakes after two changes sends only the newest); one sample per (move,
  watcher of that game).  "after ack" is the same measured from the reply being read
  (negative when the event arrived first);
  Delivery is also split by where the watcher's stream is held: on the worker that
  played the move (woken at once) or on another one (woken by its poller, every
  live.POLL s); which worker holds a connection is read from /proc/net/tcp;
- missed: (move, watcher) pairs without an event by the end of the round;
- CPU during the moves (utime + stime from /proc, % of one core; this machine has
  os.cpu_count() cores): of the server's workers (also per move), of the stream reader,
  and of everything else on the machine (other people's work shows there: the figures
  mean little when it is high); and the server's with the streams open, before moving;
- streams held per worker, the workers' open files and threads, how long the streams
  took to open; a worker that died and was replaced (see --server-log);
- ratios of move latency and server CPU per move against the no-stream rounds.

Goal (issue): 1,000 open streams, delivery p99 < 250 ms, move p50 within 1.2x of the
run without streams; the last line says met or MISSED.

A closed stream keeps its server thread until the server next writes to it (the next
change of its game, or the keep-alive comment every live.KEEP_ALIVE seconds), so
between rounds the bench waits until the workers hold no more sockets than before the
round, and prints how long that took.  Each stream holds one request thread of its
worker, so --threads (per worker) must exceed the streams one worker holds; auto is
1.4x an even share, rounded up to 100 (at least 200).  The open-files limit is raised
to the hard limit in this process before the server starts (the server and the reader
inherit it); the workers' own limit is read back from /proc and printed.

--quick: 50 streams, one round of 3 s, 10 games (a smoke run).  --dump writes every
sample (moves, arrivals per stream, which worker held each connection) as JSON.
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import http.client
import json
import math
import multiprocessing
import os
import resource
import shlex
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")
SIZE = 19
#  The points no capture can ever touch: every neighbour of one has r + c odd, never played.
POINTS = [(r, c) for r in range(SIZE) for c in range(SIZE) if (r + c) % 2 == 0]


# ---- the server ---------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def raise_nofile() -> tuple[int, int]:
    """Raise this process's soft open-files limit to its hard limit; the new (soft, hard)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != target:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        except (ValueError, OSError):
            pass
    return resource.getrlimit(resource.RLIMIT_NOFILE)


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return sorted(found)


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
        except OSError:
            pass
    return total / CLK_TCK


def machine_busy() -> float:
    """CPU seconds every process of the machine has used (all cores, from /proc/stat)."""
    with open("/proc/stat") as f:
        cols = [int(x) for x in f.readline().split()[1:]]
    return (sum(cols[:8]) - cols[3] - cols[4]) / CLK_TCK  # all but idle and iowait


def sockets_of(pid: int) -> int:
    n = 0
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                if os.readlink(f"/proc/{pid}/fd/{fd}").startswith("socket:"):
                    n += 1
            except OSError:
                pass
    except OSError:
        pass
    return n


def owners(port: int, pids: list[int]) -> dict[int, int]:
    """Client port -> index (in pids) of the worker holding that connection to `port`."""
    inodes = {}
    for k, pid in enumerate(pids):
        try:
            for fd in os.listdir(f"/proc/{pid}/fd"):
                try:
                    link = os.readlink(f"/proc/{pid}/fd/{fd}")
                except OSError:
                    continue
                if link.startswith("socket:["):
                    inodes[link[8:-1]] = k
        except OSError:
            pass
    found = {}
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            with open(table) as f:
                next(f)
                for line in f:
                    cols = line.split()
                    local, remote, inode = cols[1], cols[2], cols[9]
                    if int(local.rsplit(":", 1)[1], 16) == port and inode in inodes:
                        found[int(remote.rsplit(":", 1)[1], 16)] = inodes[inode]
        except OSError:
            pass
    return found


def fds_of(pid: int) -> int:
    try:
        return len(os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return 0


def threads_of(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def nofile_of(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/limits") as f:
            for line in f:
                if line.startswith("Max open files"):
                    soft, hard = line.split()[3:5]
                    return f"{soft}/{hard}"
    except OSError:
        pass
    return "?"


class Server:
    """`tablero serve` in its own process group, on a free port, with its own database."""

    def __init__(self, tmp: Path, workers: int, threads: int, log: str | None = None):
        self.port = free_port()
        self.workers, self.threads = workers, threads
        self.log = Path(log) if log else tmp / "server.log"
        self.argv = [str(Path(sys.executable).with_name("tablero")), "serve", "--port",
                     str(self.port), "--workers", str(workers), "--threads", str(threads),
                     "--db", str(tmp / "bench.db"),
                     #  every stream comes from this one address: pages, not an attack
                     "--client-streams", "100000", "--client-connections", "100000"]
        self.proc: subprocess.Popen | None = None
        self.worker_pids: list[int] = []

    def start(self) -> "Server":
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(self.argv, cwd=ROOT, stdout=log, stderr=log,
                                         stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"tablero serve exited with {self.proc.returncode}:\n"
                                   + self.tail())
            self.worker_pids = children(self.proc.pid)
            if len(self.worker_pids) == self.workers:
                try:
                    urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/games",
                                           timeout=5).read()
                    return self
                except OSError:
                    pass
            time.sleep(0.2)
        raise RuntimeError("tablero serve did not answer within 60 s:\n" + self.tail())

    def tail(self, lines: int = 30) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def stop(self) -> None:
        """Signal the whole process group (master and workers), TERM then KILL."""
        if self.proc is None:
            return
        for sig, wait in ((signal.SIGTERM, 15), (signal.SIGKILL, 10)):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            try:
                self.proc.wait(timeout=wait)
                break
            except subprocess.TimeoutExpired:
                continue

    def sockets(self) -> list[int]:
        return [sockets_of(pid) for pid in self.worker_pids]


# ---- HTTP from the main process -----------------------------------------------------------


def call(port: int, method: str, path: str, body=None, secret: str | None = None,
         conn: http.client.HTTPConnection | None = None):
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body),
                     headers=headers)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read() or b"null")
    finally:
        if own:
            conn.close()


def new_game(port: int) -> tuple[str, str]:
    status, game = call(port, "POST", "/api/games", {"game": "go", "options": {"size": SIZE}})
    if status != 201:
        raise RuntimeError(f"creating a game: {status} {game}")
    return game["id"], game["secrets"]["b"]


@dataclass
class Move:
    game: str
    revision: int | None  # None: refused or failed
    sent: float
    acked: float | None
    outcome: str = "ok"
    port: int = 0  # the mover's local port (which worker answered: see owners)


def mover(port: int, game: str, secret: str, start: float, interval: float, deadline: float,
          out: list[Move], conns: list) -> None:
    """Play POINTS in order on `game`, one POST at start + k * interval, until deadline;
    leaves its connection open in `conns` (the caller sees which worker holds it)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.connect()
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {secret}"}
    path = f"/api/games/{game}/actions"
    revision = 0
    try:
        for k, (r, c) in enumerate(POINTS):
            at = start + k * interval
            if at >= deadline:
                break
            delay = at - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            body = json.dumps({"action": {"kind": "move", "pos": [r, c]}, "revision": revision})
            sent = time.monotonic()
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                acked = time.monotonic()
            except (OSError, http.client.HTTPException) as exc:
                out.append(Move(game, None, sent, None, f"error {type(exc).__name__}"))
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
                conn.connect()
                continue
            if resp.status == 200:
                revision = json.loads(data)["revision"]
                out.append(Move(game, revision, sent, acked, port=conn.sock.getsockname()[1]))
            else:
                try:
                    code = json.loads(data)["error"]["code"]
                except (ValueError, KeyError, TypeError):
                    code = "?"
                out.append(Move(game, None, sent, acked, f"{resp.status} {code}"))
                status, shown = call(port, "GET", f"/api/games/{game}")
                if status == 200:
                    revision = shown["revision"]
    finally:
        conns.append(conn)


def play(port: int, games: list[tuple[str, str]], rate: float, seconds: float,
         pids: list[int] | None = None) -> tuple[list[Move], dict[int, int]]:
    """Each game its own mover thread; together `rate` moves per second, evenly spaced.
    The moves, and which worker held each mover's connection (see owners)."""
    interval = len(games) / rate
    start = time.monotonic() + 0.05
    out: list[Move] = []
    conns: list[http.client.HTTPConnection] = []
    threads = [threading.Thread(target=mover, args=(port, g, s, start + i * interval / len(games),
                                                    interval, start + seconds, out, conns))
               for i, (g, s) in enumerate(games)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    held = owners(port, pids) if pids else {}
    for conn in conns:
        conn.close()
    return out, held


# ---- the stream reader (a process of its own) ---------------------------------------------


class Reader:
    """Every open stream, read by one event loop; commands come over a pipe."""

    def __init__(self, pipe):
        self.pipe = pipe
        self.port = 0
        self.games: list[str] = []
        self.arrivals: list[list[tuple[int, float]]] = []
        self.state: list[str] = []
        self.opened: list[asyncio.Future] = []
        self.writers: dict[int, asyncio.StreamWriter] = {}
        self.ports: list[int] = []
        self.tasks: list[asyncio.Task] = []
        self.closing = False

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            command, *args = await loop.run_in_executor(None, self.pipe.recv)
            if command == "quit":
                self.pipe.send("bye")
                return
            self.pipe.send(await getattr(self, command)(*args))

    async def open(self, port: int, games: list[str], concurrency: int, timeout: float) -> dict:
        loop = asyncio.get_running_loop()
        self.port, self.games, self.closing = port, games, False
        self.arrivals = [[] for _ in games]
        self.state = ["connecting"] * len(games)
        self.ports = [0] * len(games)
        self.opened = [loop.create_future() for _ in games]
        self.writers = {}
        gate = asyncio.Semaphore(concurrency)
        started = time.monotonic()
        self.tasks = [asyncio.create_task(self.stream(i, gate)) for i in range(len(games))]
        if self.opened:
            await asyncio.wait(self.opened, timeout=timeout)
        return {"seconds": time.monotonic() - started, "states": Counter(self.state),
                "ports": self.ports}

    async def stream(self, i: int, gate: asyncio.Semaphore) -> None:
        opened = self.opened[i]
        await gate.acquire()
        holding = True

        def first() -> None:  # the first event: the stream is open
            nonlocal holding
            self.state[i] = "open"
            opened.set_result(True)
            gate.release()
            holding = False

        try:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port,
                                                               limit=1 << 22)
            except OSError as exc:
                self.state[i] = f"connect failed: {exc.strerror or type(exc).__name__}"
                return
            self.writers[i] = writer
            self.ports[i] = writer.get_extra_info("sockname")[1]
            writer.write(f"GET /api/games/{self.games[i]}/events HTTP/1.1\r\n"
                         f"Host: 127.0.0.1:{self.port}\r\nAccept: text/event-stream\r\n"
                         f"Cache-Control: no-cache\r\n\r\n".encode())
            status = await reader.readline()
            if not status:
                self.state[i] = "closed before answering"
                return
            code = int(status.split()[1])
            chunked = False
            while True:
                line = await reader.readline()
                if line in (b"\r\n", b"\n", b""):
                    break
                name, _, value = line.decode("latin-1").partition(":")
                if name.strip().lower() == "transfer-encoding" and "chunked" in value.lower():
                    chunked = True
            if code != 200:
                self.state[i] = f"status {code}"
                return
            self.state[i] = "waiting for first event"
            await self.events(i, reader, chunked, first)
            if not self.closing:
                self.state[i] = "closed by server" if opened.done() else "closed before an event"
        except asyncio.CancelledError:
            raise
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as exc:
            if not self.closing:
                self.state[i] = f"{self.state[i]}: {type(exc).__name__}"
        finally:
            if not opened.done():
                opened.set_result(False)
            if holding:
                gate.release()

    async def events(self, i: int, reader: asyncio.StreamReader, chunked: bool, first) -> None:
        """Read events into self.arrivals[i] until the stream ends; first() at the first."""
        arrivals = self.arrivals[i]
        buf, revision, kind = b"", None, None
        while True:
            if chunked:
                size_line = await reader.readline()
                if not size_line:
                    return
                size = int(size_line.split(b";")[0], 16)
                if size == 0:
                    return
                data = (await reader.readexactly(size + 2))[:-2]
            else:
                data = await reader.read(1 << 16)
                if not data:
                    return
            now = time.monotonic()
            buf += data
            *lines, buf = buf.split(b"\n")
            for line in lines:
                line = line.rstrip(b"\r")
                if not line:
                    if kind == b"game" and revision is not None:
                        arrivals.append((revision, now))
                        if first is not None:
                            first()
                            first = None
                    kind = None
                elif line.startswith(b"id:"):
                    revision = int(line[3:])
                elif line.startswith(b"event:"):
                    kind = line[6:].strip()

    async def wait(self, targets: dict[str, int], timeout: float) -> float:
        """Wait until every open stream of each game saw its target revision."""
        started = time.monotonic()
        while time.monotonic() - started < timeout:
            if all(not arr or arr[-1][0] >= targets[g] or self.state[i] != "open"
                   for i, (g, arr) in enumerate(zip(self.games, self.arrivals)) if g in targets):
                break
            await asyncio.sleep(0.02)
        return time.monotonic() - started

    async def collect(self) -> dict:
        return {"games": self.games, "arrivals": self.arrivals, "states": Counter(self.state),
                "ports": self.ports}

    async def close(self, abort: bool) -> None:
        self.closing = True
        for writer in self.writers.values():
            if abort:
                sock = writer.get_extra_info("socket")
                if sock is not None:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\0\0\0\0\0\0\0")
            writer.close()
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        self.tasks, self.writers = [], {}

    async def cpu(self) -> float:
        t = os.times()
        return t.user + t.system


def reader_main(pipe) -> None:
    asyncio.run(Reader(pipe).run())


class Streams:
    """The main process's handle on the reader process."""

    def __init__(self):
        ctx = multiprocessing.get_context("spawn")
        self.pipe, theirs = ctx.Pipe()
        self.proc = ctx.Process(target=reader_main, args=(theirs,), daemon=True)
        self.proc.start()

    def __call__(self, *command):
        self.pipe.send(command)
        return self.pipe.recv()

    def stop(self) -> None:
        if self.proc.is_alive():
            try:
                self("quit")
                self.proc.join(5)
            except (OSError, EOFError):
                pass
        if self.proc.is_alive():
            self.proc.kill()


# ---- rounds -------------------------------------------------------------------------------


def quantile(values: list[float], q: int) -> float:
    if not values:
        return math.nan
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1]


@dataclass
class Round:
    streams: int
    rep: int
    opened: int = 0
    open_seconds: float = 0.0
    open_failures: Counter = field(default_factory=Counter)
    per_worker: list[int] = field(default_factory=list)
    fds: list[int] = field(default_factory=list)
    threads: list[int] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)  # latencies, s
    refused: Counter = field(default_factory=Counter)
    delivery: list[float] = field(default_factory=list)  # from sent, s
    same: list[float] = field(default_factory=list)  # ... to streams on the move's worker
    other: list[float] = field(default_factory=list)  # ... to streams on another worker
    after_ack: list[float] = field(default_factory=list)
    coalesced: int = 0
    missed: int = 0
    lost_streams: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    server_cpu: float = 0.0
    reader_cpu: float = 0.0
    others_cpu: float = 0.0  # every other process of the machine (the bench's own included)
    idle_cpu: float = 0.0  # the server's, streams open and no moves, per second
    released: float | None = None
    raw: dict = field(default_factory=dict)  # for --dump
    restarted: str = ""  # workers that died during the round (their CPU is then not counted)


def deliveries(moves: list[Move], result: dict, held: dict[int, int], rnd: Round) -> None:
    by_game: dict[str, list[Move]] = {}
    for m in moves:
        if m.revision is not None:
            by_game.setdefault(m.game, []).append(m)
    for game, arrivals, port in zip(result["games"], result["arrivals"], result["ports"]):
        if not arrivals or game not in by_game:
            continue
        worker = held.get(port)
        revisions = [rev for rev, _ in arrivals]
        for m in by_game[game]:
            k = bisect.bisect_left(revisions, m.revision)
            if k == len(revisions):
                rnd.missed += 1
                continue
            rev, at = arrivals[k]
            rnd.coalesced += rev != m.revision
            rnd.delivery.append(at - m.sent)
            mover_worker = held.get(m.port)
            if worker is not None and mover_worker is not None:
                (rnd.same if worker == mover_worker else rnd.other).append(at - m.sent)
            rnd.after_ack.append(at - m.acked)


def run_round(server: Server, streams: Streams, args, n: int, rep: int,
              baseline_sockets: int, last: bool) -> Round:
    rnd = Round(n, rep)
    games = [new_game(server.port) for _ in range(args.games)]
    ids = [g for g, _ in games]
    before = server.sockets()
    held: dict[int, int] = {}
    if n:
        opened = streams("open", server.port, [ids[i % len(ids)] for i in range(n)],
                         args.open_concurrency, args.open_timeout)
        rnd.open_seconds = opened["seconds"]
        rnd.opened = opened["states"].get("open", 0)
        rnd.open_failures = Counter({k: v for k, v in opened["states"].items() if k != "open"})
        time.sleep(0.5)
        held = owners(server.port, server.worker_pids)
    rnd.per_worker = [a - b for a, b in zip(server.sockets(), before)]
    rnd.fds = [fds_of(pid) for pid in server.worker_pids]
    rnd.threads = [threads_of(pid) for pid in server.worker_pids]
    idle0, i0 = cpu_seconds(server.worker_pids), time.monotonic()
    time.sleep(args.settle)
    rnd.idle_cpu = (cpu_seconds(server.worker_pids) - idle0) / (time.monotonic() - i0)
    cpu0, rcpu0, t0 = cpu_seconds(server.worker_pids), streams("cpu"), time.monotonic()
    all0 = machine_busy()
    moves, movers_held = play(server.port, games[:args.movers], args.rate, args.seconds,
                              server.worker_pids)
    held.update(movers_held)
    all1 = machine_busy()
    cpu1, rcpu1, t1 = cpu_seconds(server.worker_pids), streams("cpu"), time.monotonic()
    now = children(server.proc.pid)
    if now != server.worker_pids:
        rnd.restarted = f"workers {server.worker_pids} -> {now}"
        server.worker_pids = now
        cpu1 = cpu0 = 0.0
    rnd.seconds, rnd.server_cpu, rnd.reader_cpu = t1 - t0, cpu1 - cpu0, rcpu1 - rcpu0
    rnd.others_cpu = max(0.0, all1 - all0 - rnd.server_cpu - rnd.reader_cpu)
    rnd.moves = [m.acked - m.sent for m in moves if m.revision is not None]
    rnd.refused = Counter(m.outcome for m in moves if m.revision is None)
    if n:
        targets = {}
        for m in moves:
            if m.revision is not None:
                targets[m.game] = max(targets.get(m.game, 0), m.revision)
        streams("wait", targets, 5.0)
        result = streams("collect")
        rnd.lost_streams = Counter({k: v for k, v in result["states"].items() if k != "open"})
        deliveries(moves, result, held, rnd)
        if args.dump:
            rnd.raw = {"moves": [m.__dict__ for m in moves], "held": held, **result}
        streams("close", args.abort_close)
        if not last:
            started = time.monotonic()
            while time.monotonic() - started < args.release_timeout:
                if sum(server.sockets()) <= baseline_sockets:
                    rnd.released = time.monotonic() - started
                    break
                time.sleep(0.25)
    return rnd


# ---- report -------------------------------------------------------------------------------


def ms(x: float) -> str:
    return "     -" if math.isnan(x) else f"{x * 1000:6.1f}"


def ratio(a: float, b: float) -> str:
    return "    -" if math.isnan(a) or math.isnan(b) or b == 0 else f"{a / b:5.2f}"


def print_rounds(rounds: list[Round], cores: int) -> None:
    print()
    print("per round (ms; CPU in % of one core: srv the server's workers, rdr the stream "
          "reader, else every other process of the machine, all over the moving phase; idle "
          "the server's with the streams open before the moves)")
    print(f"{'round':<11}{'open':>11}{'per worker':>12}{'moves':>7}{'mv p50':>8}{'mv p99':>8}"
          f"{'dl p50':>8}{'dl p99':>8}{'ack p99':>8}{'missed':>7}{'srv':>6}{'rdr':>6}"
          f"{'else':>6}{'idle':>6}{'freed':>7}")
    for r in rounds:
        label = f"{'off' if not r.streams else r.streams} #{r.rep}"
        open_ = f"{r.opened}/{r.streams}" if r.streams else "-"
        freed = "-" if r.released is None else f"{r.released:5.1f}s"
        if r.streams and r.released is None and r is not rounds[-1]:
            freed = "never"
        print(f"{label:<11}{open_:>11}{'/'.join(map(str, r.per_worker)):>12}{len(r.moves):>7}"
              f"{ms(quantile(r.moves, 50)):>8}{ms(quantile(r.moves, 99)):>8}"
              f"{ms(quantile(r.delivery, 50)):>8}{ms(quantile(r.delivery, 99)):>8}"
              f"{ms(quantile(r.after_ack, 99)):>8}{r.missed:>7}"
              f"{100 * r.server_cpu / r.seconds:5.0f}%{100 * r.reader_cpu / r.seconds:5.0f}%"
              f"{100 * r.others_cpu / r.seconds:5.0f}%{100 * r.idle_cpu:5.0f}%{freed:>7}")
    for r in rounds:
        notes = []
        if r.open_failures:
            notes.append(f"not open: {dict(r.open_failures)} (after {r.open_seconds:.1f} s)")
        if r.lost_streams:
            notes.append(f"streams lost during the round: {dict(r.lost_streams)}")
        if r.refused:
            notes.append(f"moves refused or failed: {dict(r.refused)}")
        if r.restarted:
            notes.append(f"a worker died and was replaced ({r.restarted}): see the server log")
        if r.coalesced:
            notes.append(f"{r.coalesced} deliveries came as a later revision")
        if notes:
            print(f"  {'off' if not r.streams else r.streams} #{r.rep}: " + "; ".join(notes))
    details = [r for r in rounds if r.streams]
    if details:
        print("opening: " + ", ".join(
            f"{r.streams} #{r.rep} {r.open_seconds:.1f} s" for r in details))
        print("worker fds / threads after opening: " + ", ".join(
            f"{r.streams} #{r.rep} {'/'.join(map(str, r.fds))} fds "
            f"{'/'.join(map(str, r.threads))} thr" for r in details))
    print(f"({cores} cores: 100% is one core busy)")


def print_summary(rounds: list[Round], counts: list[int]) -> dict:
    pooled = {}
    for n in [0, *counts]:
        rs = [r for r in rounds if r.streams == n]
        moves = [x for r in rs for x in r.moves]
        pooled[n] = {
            "opened": min((r.opened for r in rs), default=0),
            "p50": quantile(moves, 50), "p99": quantile(moves, 99),
            "d50": quantile([x for r in rs for x in r.delivery], 50),
            "d99": quantile([x for r in rs for x in r.delivery], 99),
            "a50": quantile([x for r in rs for x in r.after_ack], 50),
            "a99": quantile([x for r in rs for x in r.after_ack], 99),
            "same": [x for r in rs for x in r.same], "other": [x for r in rs for x in r.other],
            "missed": sum(r.missed for r in rs),
            "samples": sum(len(r.delivery) for r in rs),
            "cpu_move": sum(r.server_cpu for r in rs) / max(1, len(moves)),
            "moves": len(moves),
        }
    base = pooled[0]
    print()
    print("pooled over rounds (ms); x off: ratio to the rounds without streams")
    print(f"{'streams':>8}{'moves':>7}{'mv p50':>8}{'x off':>7}{'mv p99':>8}{'x off':>7}"
          f"{'dl p50':>8}{'dl p99':>8}{'ack p50':>8}{'ack p99':>8}{'samples':>9}{'missed':>7}"
          f"{'cpu/mv':>8}{'x off':>7}")
    for n, p in pooled.items():
        print(f"{n if n else 'off':>8}{p['moves']:>7}"
              f"{ms(p['p50']):>8}{ratio(p['p50'], base['p50']):>7}"
              f"{ms(p['p99']):>8}{ratio(p['p99'], base['p99']):>7}"
              f"{ms(p['d50']):>8}{ms(p['d99']):>8}{ms(p['a50']):>8}{ms(p['a99']):>8}"
              f"{p['samples']:>9}{p['missed']:>7}{ms(p['cpu_move']):>8}"
              f"{ratio(p['cpu_move'], base['cpu_move']):>7}")
    print("mv: move latency (POST sent -> reply read); dl: delivery (POST sent -> watcher read "
          "the event); ack: delivery from the reply read; cpu/mv: server CPU ms per move")
    for n, p in pooled.items():
        if n:
            print(f"delivery at {n} streams, POST sent -> event read (ms): to streams on the "
                  f"worker that played the move p50 {ms(quantile(p['same'], 50)).strip()} "
                  f"p99 {ms(quantile(p['same'], 99)).strip()} ({len(p['same'])}); on another "
                  f"worker p50 {ms(quantile(p['other'], 50)).strip()} "
                  f"p99 {ms(quantile(p['other'], 99)).strip()} ({len(p['other'])})")
    return pooled


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--streams", default="100,1000",
                        help="stream counts to compare with none, comma-separated")
    parser.add_argument("--rounds", type=int, default=2, help="times the whole sequence runs")
    parser.add_argument("--seconds", type=float, default=20, help="moving time per round")
    parser.add_argument("--games", type=int, default=20, help="games the streams spread over")
    parser.add_argument("--movers", type=int, default=4, help="games moved (one thread each)")
    parser.add_argument("--rate", type=float, default=20, help="moves per second in all")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=0, help="per worker (0: auto)")
    parser.add_argument("--settle", type=float, default=2.0,
                        help="s between opening and moving (the server's idle CPU is read then)")
    parser.add_argument("--open-timeout", type=float, default=60)
    parser.add_argument("--open-concurrency", type=int, default=100)
    parser.add_argument("--release-timeout", type=float, default=45)
    parser.add_argument("--abort-close", action="store_true",
                        help="close streams with a reset (SO_LINGER 0) instead of a FIN")
    parser.add_argument("--server-log", help="keep the server's output in this file")
    parser.add_argument("--dump", help="write every sample (moves, arrivals) to this JSON file")
    parser.add_argument("--quick", action="store_true",
                        help="smoke run: 50 streams, 1 round of 3 s, 10 games")
    args = parser.parse_args()
    if args.quick:
        args.streams, args.rounds, args.seconds, args.games = "50", 1, 3, 10
    counts = [int(x) for x in args.streams.split(",") if x.strip()]
    args.movers = min(args.movers, args.games)
    per_game = args.rate / args.movers * args.seconds
    if per_game > len(POINTS):
        parser.error(f"{per_game:.0f} moves per game per round, a game holds {len(POINTS)} "
                     f"safe points: raise --movers or lower --rate or --seconds")
    most = max(counts, default=0)
    if not args.threads:
        args.threads = max(200, 100 * math.ceil(1.4 * most / args.workers / 100))
    soft, hard = raise_nofile()
    cores = os.cpu_count() or 1

    print(f"command: {shlex.join(sys.orig_argv)}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
          f"({cores} cores)")
    print(f"rounds: off, {', '.join(map(str, counts))} streams, x{args.rounds}; {args.seconds:g} s "
          f"of moves each; {args.movers} movers, {args.rate:g} moves/s in all; streams over "
          f"{args.games} games; open files limit {soft}/{hard}")
    if most > args.threads * args.workers:
        print(f"warning: {most} streams > {args.threads} threads x {args.workers} workers")

    def stop(signum, _frame):  # so that `finally` kills the server on SIGTERM too
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, stop)
    streams = Streams()
    rounds: list[Round] = []
    with tempfile.TemporaryDirectory(prefix="tablero-live-") as tmp:
        server = Server(Path(tmp), args.workers, args.threads, args.server_log)
        try:
            server.start()
            print(f"server: {shlex.join(server.argv)}")
            print(f"workers {server.worker_pids}, open files limit "
                  f"{' '.join(nofile_of(p) for p in server.worker_pids)}")
            # Warm-up, not measured: both workers' Prolog, connections, a few games.
            for _ in range(4 * args.workers):
                call(server.port, "GET", "/api/games")
            play(server.port, [new_game(server.port) for _ in range(args.movers)], args.rate, 2)
            time.sleep(0.5)
            baseline = sum(server.sockets())
            sequence = [0, *counts] * args.rounds
            for k, n in enumerate(sequence):
                rnd = run_round(server, streams, args, n, k // (len(counts) + 1) + 1, baseline,
                                last=k == len(sequence) - 1)
                rounds.append(rnd)
                print(f"  round {k + 1}/{len(sequence)}: {n or 'no'} streams"
                      f"{f' ({rnd.opened} open)' if n else ''}, {len(rnd.moves)} moves, "
                      f"move p50 {ms(quantile(rnd.moves, 50)).strip()} ms, "
                      f"delivery p99 {ms(quantile(rnd.delivery, 99)).strip()} ms", flush=True)
                if not server.alive():
                    raise RuntimeError("the server died:\n" + server.tail())
            errors = [line for line in server.tail(1000).splitlines()
                      if "error" in line.lower() or "Traceback" in line]
        finally:
            streams.stop()
            server.stop()
    if args.dump:
        with open(args.dump, "w") as f:
            json.dump([{k: v for k, v in r.__dict__.items()} for r in rounds], f)
    print_rounds(rounds, cores)
    pooled = print_summary(rounds, counts)
    if errors:
        print(f"server log: {len(errors)} error lines before shutdown, the first: {errors[0]}; "
              f"the last: {errors[-1]}")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if 1000 in pooled:
        p, base = pooled[1000], pooled[0]
        held = p["opened"] >= 1000
        fast = p["d99"] < 0.250
        cheap = p["p50"] <= 1.2 * base["p50"]
        print(f"goal: 1,000 open streams {'met' if held else 'MISSED'} "
              f"({p['opened']} in the worst round); delivery p99 < 250 ms "
              f"{'met' if fast else 'MISSED'} ({ms(p['d99']).strip()} ms); move p50 within "
              f"1.2x {'met' if cheap else 'MISSED'} ({ratio(p['p50'], base['p50']).strip()}x)")


if __name__ == "__main__":
    main()
