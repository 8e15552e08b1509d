"""`tablero serve`'s gunicorn worker: no client can hold the server.

gunicorn's gthread worker gives a connection to a request thread as soon as its first
byte arrives, and the thread then reads the request with blocking calls: a client that
sends a header line every few seconds (slowloris) holds a thread for as long as it
likes, an open event stream holds one for as long as the page is open, and a request
that finds every thread taken waits in an unbounded queue.  `Worker` (a subclass of
gunicorn.workers.gthread.ThreadWorker) changes three things:

- **Requests are read on the worker's main thread**, by its selector loop, without
  blocking: a request thread gets a connection only once its request (head and body,
  up to BUFFER bytes) is in memory.  The whole request must arrive within
  `header_timeout` seconds of its first byte (or of the connection's start): a total
  deadline, not one per read, so a header line every 3 s does not keep it alive.
- **Event streams live on one thread per worker** (`Streamer`): the events route checks
  the request on a request thread as any other, then hands its connection over
  (`StreamGate`, in the WSGI environ as "tablero.streams") and its thread is free.  The
  streamer thread writes every stream's events and keep-alives without blocking (a
  client that stops reading is dropped past BACKLOG bytes) and notices a closed page at
  once (its socket reads end of file).  On shutdown it ends every stream at once, so a
  worker stops without waiting for `graceful_timeout`.
- **Caps instead of queues**: a request that is ready when every request thread is busy
  is answered 503 (JSON, `server_busy`) at once; one client address may hold at most
  `client_connections` connections and `client_streams` streams per worker (503
  `too_many_connections`, `too_many_streams`), and a worker at most `streams` streams.

Behind a reverse proxy every connection comes from the proxy's address.  Addresses
listed in TABLERO_PROXIES are trusted: their connections are not counted per address
(bound them at the proxy), and a stream is counted against the last address of its
X-Forwarded-For header (the one the proxy added).  The list is Tablero's own, not
gunicorn's forwarded_allow_ips, whose default trusts 127.0.0.1: every client on the
machine would then be one proxy.

The settings come from the environment, which `tablero serve` fills from its flags.
"""

from __future__ import annotations

import collections
import errno
import ipaddress
import json
import os
import re
import selectors
import socket
import ssl
import sys
import threading
import time
from datetime import datetime

from gunicorn import http, util
from gunicorn.http import wsgi
from gunicorn.workers.gthread import STOP_KEEPALIVE_LINGER, TConn, ThreadWorker

#  Settings: (environment variable, default).  Counts are per worker process.
SETTINGS = {
    "header_timeout": ("TABLERO_HEADER_TIMEOUT", 10.0),
    "client_connections": ("TABLERO_CLIENT_CONNECTIONS", 128),
    "client_streams": ("TABLERO_CLIENT_STREAMS", 64),
    "streams": ("TABLERO_STREAMS", 2000),
}
PROXIES_ENV = "TABLERO_PROXIES"

BUFFER = 256 * 1024  # a request body up to this size is read before a thread gets it
HEAD_LIMIT = 64 * 1024  # a request head (line and fields) larger than this is refused (431)
BACKLOG = 256 * 1024  # bytes a stream may have waiting for a client that does not read
LINGER = 2.0  # seconds a closed connection is read from, so the client gets the answer
SEND_TIMEOUT = 10.0  # a request thread's socket operations (a reply to a client that stops reading)

HANDED = object()  # handle(): the connection went to the streamer

_CONTENT_LENGTH = re.compile(rb"^content-length[ \t]*:[ \t]*([0-9]+)[ \t]*\r?$", re.I | re.M)
_CHUNKED = re.compile(rb"^transfer-encoding[ \t]*:.*chunked", re.I | re.M)
_EXPECT = re.compile(rb"^expect[ \t]*:[ \t]*100-continue[ \t]*\r?$", re.I | re.M)


def setting(name: str):
    variable, default = SETTINGS[name]
    text = os.environ.get(variable)
    return default if not text else type(default)(text)


def proxies() -> list:
    """The trusted reverse proxies (TABLERO_PROXIES: addresses or networks, commas)."""
    text = os.environ.get(PROXIES_ENV, "")
    return [ipaddress.ip_network(item.strip(), strict=False)
            for item in text.split(",") if item.strip()]


def error_bytes(status: int, reason: str, code: str, message: str,
                retry: int | None = None) -> bytes:
    """A complete HTTP/1.1 answer in Tablero's error shape (app/api.py), closing."""
    from .security import SECURITY_HEADERS

    body = json.dumps({"error": {"code": code, "message": message, "explain": []}}).encode()
    head = [
        f"HTTP/1.1 {status} {reason}\r\n",
        "Connection: close\r\n",
        "Content-Type: application/json\r\n",
        f"Content-Length: {len(body)}\r\n",
        "Cache-Control: no-store\r\n",
        *([f"Retry-After: {retry}\r\n"] if retry is not None else []),
        *(f"{name}: {value}\r\n" for name, value in SECURITY_HEADERS.items()),
        "\r\n",
    ]
    return "".join(head).encode("latin-1") + body


BUSY = (503, "Service Unavailable", "server_busy",
        "The server is busy: try again in a moment")
TOO_MANY_CONNECTIONS = (503, "Service Unavailable", "too_many_connections",
                        "Too many open connections from your address: close some and try again")
TOO_MANY_STREAMS = (503, "Service Unavailable", "too_many_streams",
                    "Too many open live pages from your address: close some and try again")
STREAMS_FULL = (503, "Service Unavailable", "server_busy",
                "The server follows as many live pages as it can: try again in a moment")
TIMEOUT = (408, "Request Timeout", "request_timeout",
           "The request did not arrive in time")
HEAD_TOO_LARGE = (431, "Request Header Fields Too Large", "headers_too_large",
                  f"The request's head is longer than {HEAD_LIMIT} bytes")


class StreamRefused(Exception):
    """No stream for this client now: (status, reason, code, message) in `answer`."""

    def __init__(self, answer):
        super().__init__(answer[3])
        self.answer = answer


# ---- streams: one thread per worker -----------------------------------------------------


class Slot:
    """A stream's place, reserved by a request thread before its route does any work;
    the route then attaches the stream (`attach`) and the worker hands the connection
    over, or the worker gives the place back."""

    def __init__(self, streamer: "Streamer", client: str):
        self.streamer, self.client = streamer, client
        self.stream = None
        self.first = b""
        self.released = False

    def attach(self, stream, first: str) -> None:
        """`stream`: game_id, hub, interval, after; changed(seq), quiet(), close() -> text."""
        self.stream, self.first = stream, first.encode()

    def release(self) -> None:
        self.streamer.release(self)


class StreamGate:
    """What a route sees of the streamer (environ["tablero.streams"])."""

    def __init__(self, streamer: "Streamer", client: str):
        self.streamer, self.client = streamer, client
        self.slot: Slot | None = None

    def reserve(self) -> Slot:
        """A slot for one stream of this client; StreamRefused if it may not have one."""
        self.slot = self.streamer.reserve(self.client)
        return self.slot


class Live:
    """One stream on the streamer thread: its socket and what waits to be written."""

    __slots__ = ("sock", "slot", "stream", "chunked", "out", "due", "mask")

    def __init__(self, sock, slot: Slot, chunked: bool):
        self.sock, self.slot, self.stream, self.chunked = sock, slot, slot.stream, chunked
        self.out = bytearray()
        self.due = 0.0
        self.mask = selectors.EVENT_READ


class Streamer:
    """The streams of one worker, written by one thread that never blocks on a client."""

    def __init__(self, log, limit: int, per_client: int):
        self.log, self.limit, self.per_client = log, limit, per_client
        self.lock = threading.Lock()
        self.count = 0
        self.by_client: collections.Counter = collections.Counter()
        self.inbox: collections.deque = collections.deque()
        self.changed: set[str] = set()
        self.watched: collections.Counter = collections.Counter()  # game id -> open streams
        self.hubs: set = set()
        self.selector = selectors.DefaultSelector()
        self.wake_r, self.wake_w = os.pipe()
        os.set_blocking(self.wake_r, False)
        os.set_blocking(self.wake_w, False)
        self.selector.register(self.wake_r, selectors.EVENT_READ, None)
        self.live: dict[int, Live] = {}
        self.by_game: dict[str, set[Live]] = collections.defaultdict(set)
        self.stopping = False
        self.thread = threading.Thread(target=self._run, name="live-streams", daemon=True)
        self.thread.start()

    # -- called from other threads

    def reserve(self, client: str) -> Slot:
        with self.lock:
            if self.stopping or self.count >= self.limit:
                raise StreamRefused(STREAMS_FULL)
            if self.by_client[client] >= self.per_client:
                raise StreamRefused(TOO_MANY_STREAMS)
            self.count += 1
            self.by_client[client] += 1
        return Slot(self, client)

    def release(self, slot: Slot) -> None:
        with self.lock:
            if slot.released:
                return
            slot.released = True
            self.count -= 1
            self.by_client[slot.client] -= 1
            if self.by_client[slot.client] <= 0:
                del self.by_client[slot.client]

    def adopt(self, sock, slot: Slot, chunked: bool) -> None:
        """Take over a connection whose answer's head has been sent."""
        self.inbox.append((sock, slot, chunked))
        self._wake()

    def hear(self, game_ids) -> None:
        """The hub's news (on its thread): these games changed."""
        with self.lock:
            mine = {g for g in game_ids if g in self.watched}
            if not mine:
                return
            self.changed |= mine
        self._wake()

    def games(self) -> set[str]:
        with self.lock:
            return set(self.watched)

    def stop(self, timeout: float) -> None:
        """End every stream (each is told it closed), then the thread."""
        self.stopping = True
        self._wake()
        self.thread.join(timeout)

    def _wake(self) -> None:
        try:
            os.write(self.wake_w, b"\0")
        except OSError:  # the pipe is full: the thread is awake anyway
            pass

    # -- the thread

    def _run(self) -> None:
        while True:
            now = time.monotonic()
            due = min((live.due for live in self.live.values()), default=now + 1.0)
            try:
                events = self.selector.select(max(0.0, min(due - now, 1.0)))
            except OSError as exc:
                if exc.errno != errno.EINTR:
                    self.log.exception("live streams: select failed")
                continue
            for key, mask in events:
                if key.data is None:
                    try:
                        while os.read(self.wake_r, 4096):
                            pass
                    except OSError:
                        pass
                    continue
                live = key.data
                if mask & selectors.EVENT_READ:
                    self._readable(live)
                if mask & selectors.EVENT_WRITE and live.sock.fileno() in self.live:
                    self._flush(live)
            if self.stopping:
                break
            self._adopt()
            self._changes()
            self._keep_alive()
        for live in list(self.live.values()):
            self._close(live, farewell=True)
        while self.inbox:
            sock, slot, _ = self.inbox.popleft()
            self._end(sock, slot)
        self.selector.close()
        for fd in (self.wake_r, self.wake_w):
            os.close(fd)

    def _adopt(self) -> None:
        while self.inbox:
            sock, slot, chunked = self.inbox.popleft()
            live = Live(sock, slot, chunked)
            stream = live.stream
            try:
                sock.setblocking(False)
                self.selector.register(sock, selectors.EVENT_READ, live)
            except (OSError, ValueError):
                self._end(sock, slot)
                continue
            self.live[sock.fileno()] = live
            self.by_game[stream.game_id].add(live)
            with self.lock:
                self.watched[stream.game_id] += 1
            if stream.hub not in self.hubs:
                self.hubs.add(stream.hub)
                stream.hub.subscribe(self)
            live.due = time.monotonic() + stream.interval
            self._send(live, slot.first)
            #  A change between the route's look at the feed and now was not heard here.
            if stream.hub.position(stream.game_id) > stream.after:
                with self.lock:
                    self.changed.add(stream.game_id)

    def _changes(self) -> None:
        with self.lock:
            changed, self.changed = self.changed, set()
        for game_id in changed:
            for live in list(self.by_game.get(game_id, ())):
                stream = live.stream
                seq = stream.hub.position(game_id)
                if seq <= stream.after:
                    continue
                self._call(live, stream.changed, seq)

    def _keep_alive(self) -> None:
        now = time.monotonic()
        for live in [live for live in self.live.values() if live.due <= now]:
            self._call(live, live.stream.quiet)

    def _call(self, live: Live, step, *args) -> None:
        """One step of a stream (it reads storage); its text goes out."""
        try:
            text = step(*args)
        except Exception:
            self.log.exception("live streams: a stream failed")
            self._close(live)
            return
        live.due = time.monotonic() + live.stream.interval
        if text:
            self._send(live, text.encode())

    def _send(self, live: Live, data: bytes) -> None:
        if live.chunked:
            data = b"%X\r\n%s\r\n" % (len(data), data)
        live.out += data
        self._flush(live)

    def _flush(self, live: Live) -> None:
        try:
            while live.out:
                sent = live.sock.send(live.out)
                del live.out[:sent]
        except (BlockingIOError, InterruptedError):
            pass
        except OSError:
            self._close(live)
            return
        if len(live.out) > BACKLOG:  # the client stopped reading
            self._close(live)
            return
        mask = selectors.EVENT_READ | (selectors.EVENT_WRITE if live.out else 0)
        if mask != live.mask:
            live.mask = mask
            self.selector.modify(live.sock, mask, live)

    def _readable(self, live: Live) -> None:
        """A stream's client sends nothing: end of file (or an error) means it left."""
        try:
            data = live.sock.recv(4096)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._close(live)

    def _close(self, live: Live, farewell: bool = False) -> None:
        fd = live.sock.fileno()
        if self.live.pop(fd, None) is None:
            return
        try:
            self.selector.unregister(live.sock)
        except (KeyError, ValueError, OSError):
            pass
        game_id = live.stream.game_id
        self.by_game[game_id].discard(live)
        if not self.by_game[game_id]:
            del self.by_game[game_id]
        with self.lock:
            self.watched[game_id] -= 1
            if self.watched[game_id] <= 0:
                del self.watched[game_id]
        if farewell and live.chunked and not live.out:
            try:  # the chunked answer's end: the client sees a stream that ended
                live.sock.send(b"0\r\n\r\n")
            except OSError:
                pass
        self._end(live.sock, live.slot)

    def _end(self, sock, slot: Slot) -> None:
        try:
            sock.close()
        except OSError:
            pass
        try:
            if slot.stream is not None:
                slot.stream.close()
        except Exception:
            self.log.exception("live streams: closing a stream failed")
        slot.release()


# ---- the worker ----------------------------------------------------------------------------


class Worker(ThreadWorker):
    """gthread, with requests read on the main thread, streams on their own thread, and
    caps (see the module's documentation)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.header_timeout = float(setting("header_timeout"))
        self.client_connections = int(setting("client_connections"))
        self.proxies = proxies()
        self.by_peer: collections.Counter = collections.Counter()
        self.reading: dict[int, TConn] = {}  # connections whose request is being read
        self.lingering: dict[int, tuple] = {}  # fd -> (sock, deadline)
        self.busy = 0
        self.streamer: Streamer | None = None

    def init_process(self):
        if self.cfg.is_ssl:
            raise RuntimeError("tablero serve does not speak TLS: put a proxy in front")
        super().init_process()

    # -- who is the client

    def trusted(self, peer: str) -> bool:
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in self.proxies)

    def client_of(self, conn, req) -> str:
        """The client's address: the peer's, or behind a trusted proxy the last address
        of X-Forwarded-For."""
        if conn.peer_trusted:
            forwarded = [value for name, value in req.headers if name == "X-FORWARDED-FOR"]
            if forwarded:
                last = forwarded[-1].split(",")[-1].strip()
                try:
                    return str(ipaddress.ip_address(last))
                except ValueError:
                    pass
        return conn.peer

    # -- the main loop

    def run(self):
        self.streamer = Streamer(self.log, int(setting("streams")), int(setting("client_streams")))
        self.poller.register(self.method_queue.fileno(), selectors.EVENT_READ,
                             self.method_queue.run_callbacks)
        self.set_accept_enabled(True)
        while self.alive:
            self.notify()
            can_accept = self.nr_conns < self.worker_connections
            if can_accept != self._accepting:
                self.set_accept_enabled(can_accept)
            self.wait_for_and_dispatch_events(timeout=1.0)
            if not self.is_parent_alive():
                break
            self.expire()
        #  Stopping: no new connection and every stream ended at once.  The requests on
        #  threads and those being read get graceful_timeout to be answered (with
        #  Connection: close); an idle kept-alive connection STOP_KEEPALIVE_LINGER, for a
        #  request its client may be sending already (as gunicorn's gthread does).
        self.set_accept_enabled(False)
        self.streamer.stop(self.cfg.graceful_timeout)
        now = time.monotonic()
        deadline = now + self.cfg.graceful_timeout
        for conn in self.reading.values():
            conn.timeout = min(conn.timeout, deadline if conn.buf else now + STOP_KEEPALIVE_LINGER)
        while (self.busy > 0 or self.reading) and time.monotonic() < deadline:
            self.notify()
            self.wait_for_and_dispatch_events(timeout=0.2)
            self.expire()
        for conn in list(self.reading.values()):
            self.drop(conn)
        for fd, (sock, _) in list(self.lingering.items()):
            self._unlinger(fd, sock)
        self.tpool.shutdown(wait=False)
        self.poller.close()
        self.method_queue.close()
        for s in self.sockets:
            s.close()

    def expire(self) -> None:
        """Close the connections past their deadline."""
        now = time.monotonic()
        for conn in [c for c in self.reading.values() if c.timeout <= now]:
            if conn.buf:  # part of a request came, not all of it
                self.refuse(conn, TIMEOUT)
            else:  # an idle kept-alive connection, or one that never said anything
                self.drop(conn)
        for fd, (sock, deadline) in list(self.lingering.items()):
            if deadline <= now:
                self._unlinger(fd, sock)

    def accept(self, listener):
        for _ in range(64):
            try:
                sock, addr = listener.accept()
            except OSError as exc:
                if exc.errno in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                    return
                raise
            conn = TConn(self.cfg, sock, addr, listener.getsockname())  # non-blocking
            conn.peer = addr[0] if isinstance(addr, tuple) else "unix"
            conn.peer_trusted = self.trusted(conn.peer)
            if not conn.peer_trusted and self.by_peer[conn.peer] >= self.client_connections:
                self.linger(sock, error_bytes(*TOO_MANY_CONNECTIONS, retry=5))
                continue
            self.nr_conns += 1
            self.by_peer[conn.peer] += 1
            self.await_request(conn, b"", idle=False)

    def await_request(self, conn, data: bytes, idle: bool) -> None:
        """Read the connection's next request on this thread (`data`: what came already)."""
        conn.buf = bytearray(data)
        conn.sent_continue = False
        conn.timeout = time.monotonic() + (self.cfg.keepalive if idle and not data
                                           else self.header_timeout)
        conn.sock.setblocking(False)
        self.reading[conn.sock.fileno()] = conn
        self.poller.register(conn.sock, selectors.EVENT_READ, self.readable)
        if data:
            self.check_request(conn)

    def readable(self, sock) -> None:
        conn = self.reading.get(sock.fileno())
        if conn is None:
            return
        try:
            data = sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self.drop(conn)
            return
        if not conn.buf and self.alive:  # the deadline runs from a request's first byte
            conn.timeout = time.monotonic() + self.header_timeout
        conn.buf += data
        self.check_request(conn)

    def check_request(self, conn) -> None:
        """Hand the request to a thread once it is all here."""
        buf = conn.buf
        end = buf.find(b"\r\n\r\n")
        if end < 0:
            end = buf.find(b"\n\n")  # not HTTP/1.1 as gunicorn reads it: it answers 400
            if end >= 0:
                self.submit(conn)
            elif len(buf) > HEAD_LIMIT:
                self.refuse(conn, HEAD_TOO_LARGE)
            return
        if end > HEAD_LIMIT:
            self.refuse(conn, HEAD_TOO_LARGE)
            return
        head, body = bytes(buf[:end + 2]), len(buf) - end - 4
        if _CHUNKED.search(head):
            ready = buf.endswith(b"0\r\n\r\n") or body > BUFFER
        else:
            lengths = _CONTENT_LENGTH.findall(head)
            length = int(lengths[0]) if len(lengths) == 1 else 0  # several: gunicorn says 400
            ready = body >= length or length > BUFFER
            if not ready and not conn.sent_continue and _EXPECT.search(head):
                conn.sent_continue = True
                try:
                    conn.sock.send(b"HTTP/1.1 100 Continue\r\n\r\n")
                except OSError:
                    pass
        if ready:
            self.submit(conn)

    def submit(self, conn) -> None:
        self.unwatch(conn)
        if self.busy >= self.cfg.threads:
            self.refuse(conn, BUSY, watched=False)
            return
        self.busy += 1
        fs = self.tpool.submit(self.handle, conn)
        fs.add_done_callback(lambda fut: self.method_queue.defer(self.finish_request, conn, fut))

    def unwatch(self, conn) -> None:
        if self.reading.pop(conn.sock.fileno(), None) is not None:
            try:
                self.poller.unregister(conn.sock)
            except (KeyError, ValueError, OSError):
                pass

    def forget(self, conn) -> None:
        """The connection is no longer this loop's to count."""
        self.nr_conns -= 1
        if not conn.peer_trusted:
            self.by_peer[conn.peer] -= 1
            if self.by_peer[conn.peer] <= 0:
                del self.by_peer[conn.peer]

    def drop(self, conn) -> None:
        """Close a connection that has nothing to be answered."""
        self.unwatch(conn)
        self.forget(conn)
        util.close(conn.sock)

    def refuse(self, conn, answer, watched: bool = True) -> None:
        if watched:
            self.unwatch(conn)
        self.forget(conn)
        self.linger(conn.sock, error_bytes(*answer, retry=1 if answer[0] == 503 else None))

    def linger(self, sock, data: bytes) -> None:
        """Send a short answer and close, reading (and dropping) what the client still
        sends for LINGER seconds, so that it reads the answer rather than a reset."""
        try:
            sock.setblocking(False)
            sock.send(data)
            sock.shutdown(socket.SHUT_WR)
        except OSError:
            util.close(sock)
            return
        fd = sock.fileno()
        self.lingering[fd] = (sock, time.monotonic() + LINGER)
        self.poller.register(sock, selectors.EVENT_READ, self._drain)

    def _drain(self, sock) -> None:
        try:
            data = sock.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            data = b""
        if not data:
            self._unlinger(sock.fileno(), sock)

    def _unlinger(self, fd, sock) -> None:
        self.lingering.pop(fd, None)
        try:
            self.poller.unregister(sock)
        except (KeyError, ValueError, OSError):
            pass
        util.close(sock)

    def finish_request(self, conn, fs):
        """A request thread is done with the connection (on the main thread)."""
        self.busy -= 1
        try:
            result = fs.result() if not fs.cancelled() else False
            if result is HANDED:
                self.forget(conn)
                self.streamer.adopt(conn.sock, conn.slot, conn.chunked)
            elif result and self.alive:
                self.await_request(conn, conn.parser.unreader.take_buffered(), idle=True)
            else:
                self.forget(conn)
                self.linger(conn.sock, b"")
        except Exception:
            self.log.exception("finishing a request failed")
            util.close(conn.sock)

    # -- on a request thread

    def handle(self, conn):
        """Answer the request that is in `conn.buf` (a request thread)."""
        req = None
        try:
            conn.sock.settimeout(SEND_TIMEOUT)
            conn.parser = http.get_parser(self.cfg, conn.sock, conn.client)
            conn.initialized = True
            conn.parser.unreader.unread(bytes(conn.buf))
            conn.buf = bytearray()
            req = next(conn.parser)
            if not req:
                return False
            if conn.sent_continue:
                req._expected_100_continue = False
            result = self.handle_request(req, conn)
            if result is HANDED:
                return HANDED
            return self._keepalive_after(conn, result)
        except http.errors.NoMoreData as e:
            self.log.debug("Ignored premature client disconnection. %s", e)
        except StopIteration as e:
            self.log.debug("Closing connection. %s", e)
        except (TimeoutError, socket.timeout):
            self.log.debug("A client stopped reading or sending")
        except ssl.SSLError:
            self.log.debug("TLS error")
        except OSError as e:
            if e.errno not in (errno.EPIPE, errno.ECONNRESET, errno.ENOTCONN):
                self.log.exception("Socket error processing request.")
        except Exception as e:
            self.handle_error(req, conn.sock, conn.client, e)
        return False

    def handle_request(self, req, conn):
        """ThreadWorker.handle_request (gunicorn 27.0.1), with one more way out: an event
        stream's route attached a stream to its slot, and the connection goes to the
        streamer once the answer's head is sent."""
        environ = {}
        resp = None
        gate = StreamGate(self.streamer, self.client_of(conn, req))
        handed = False
        try:
            self.cfg.pre_request(self, req)
            request_start = datetime.now()
            resp, environ = wsgi.create(req, conn.sock, conn.client, conn.server, self.cfg)
            environ["wsgi.multithread"] = True
            environ["tablero.streams"] = gate
            self.nr += 1
            if self.nr >= self.max_requests:
                if self.alive:
                    self.log.info("Autorestarting worker after current request.")
                    self.alive = False
                resp.force_close()
            if not self.alive or not self.cfg.keepalive:
                resp.force_close()
            respiter = self.wsgi(environ, resp.start_response)
            try:
                slot = gate.slot
                if slot is not None and slot.stream is not None and resp.status_code == 200:
                    resp.force_close()  # a stream is its connection's last answer
                    resp.send_headers()
                    conn.slot, conn.chunked = slot, resp.chunked
                    handed = True
                elif isinstance(respiter, environ["wsgi.file_wrapper"]):
                    resp.write_file(respiter)
                else:
                    for item in respiter:
                        resp.write(item)
                if not handed:
                    resp.close()
            finally:
                self.log.access(resp, req, environ, datetime.now() - request_start)
                if hasattr(respiter, "close"):
                    respiter.close()
            if handed:
                return HANDED
            if resp.should_close():
                return False
        except OSError:
            util.reraise(*sys.exc_info())
        except (Exception, SystemExit):
            if resp and resp.headers_sent:
                self.log.exception("Error handling request")
                util.close_graceful(conn.sock)
                raise StopIteration()
            raise
        finally:
            if gate.slot is not None and not handed:
                if gate.slot.stream is not None:  # attached, but its head could not go out
                    try:
                        gate.slot.stream.close()
                    except Exception:
                        self.log.exception("closing a stream failed")
                gate.slot.release()
            try:
                self.cfg.post_request(self, req, environ, resp)
            except Exception:
                self.log.exception("Exception in post_request hook")
        return True
