"""Watching a running server: request ids, a health route and Prometheus metrics.

- **Request id**: every answer carries `X-Request-ID`: the client's own (letters, digits,
  `.`, `_`, `-`, at most 64) or a new one.  The access log (`tablero serve`, on by default)
  and every line the application logs during the request carry it too.
- **`GET /healthz`**: 200 `{"status": "ok", "checks": {...}}` when this process answers,
  its database can be read and its Prolog answers within a second; else 503 with the
  failed check named.  For a load balancer's health check and a person's first look.
- **`GET /metrics`**: Prometheus' text format (`prometheus_client`), summed over every
  worker process of `tablero serve` (its multiprocess mode: `tablero serve` gives the
  workers one fresh folder in PROMETHEUS_MULTIPROC_DIR, and a worker that exits is
  marked dead).  What is counted:

  | metric | what |
  |---|---|
  | `tablero_requests_total{route,method,status}` | answers, by route (the URL rule) |
  | `tablero_request_seconds{route}` | time to answer, by route |
  | `tablero_move_seconds{game}` | a person's action, from request to answer |
  | `tablero_machine_seconds{game}` | a machine's move (the search and the play) |
  | `tablero_machine_running` | machine moves being computed now |
  | `tablero_open_streams` | open live event streams |
  | `tablero_database_errors_total` | requests answered 503 because storage failed |
  | `tablero_worker_rss_bytes{pid}` | each worker's resident memory |
  | `tablero_prolog_atoms{pid}` | atoms in each worker's Prolog (collected ones go) |
  | `tablero_prolog_stack_bytes{pid}` | stack memory each worker's Prolog holds |

  The last three are read at most every 5 s; Prolog's after one of its calls (app/prolog.py
  `Bridge.memory`), so no request waits on Prolog for them.

Start reading at `init_app`, called by create_app.
"""

from __future__ import annotations

import logging
import os
import re
import threading
import time
import uuid

from flask import Response, g, has_request_context, jsonify, request

_ID = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"

_metrics: dict | None = None
_last_rss = [0.0]
_metrics_lock = threading.Lock()


def metrics() -> dict:
    """The metric objects of this process (made once; multiprocess when the server set
    PROMETHEUS_MULTIPROC_DIR)."""
    global _metrics
    with _metrics_lock:
        if _metrics is None:
            from prometheus_client import Counter, Gauge, Histogram

            fast = (.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10)
            _metrics = {
                "requests": Counter("tablero_requests_total", "Answers by route and status",
                                    ["route", "method", "status"]),
                "seconds": Histogram("tablero_request_seconds", "Time to answer, by route",
                                     ["route"], buckets=fast),
                "move": Histogram("tablero_move_seconds", "A person's action, request to "
                                  "answer", ["game"], buckets=fast),
                "machine": Histogram("tablero_machine_seconds", "A machine's move, request "
                                     "to answer", ["game"], buckets=(.05, .1, .25, .5, 1, 2,
                                                                     4, 8, 16)),
                "machine_running": Gauge("tablero_machine_running", "Machine moves being "
                                         "computed now", multiprocess_mode="livesum"),
                "streams": Gauge("tablero_open_streams", "Open live event streams",
                                 multiprocess_mode="livesum"),
                "db_errors": Counter("tablero_database_errors_total",
                                     "Requests answered 503 because storage failed"),
                "rss": Gauge("tablero_worker_rss_bytes", "Resident memory of each worker",
                             multiprocess_mode="liveall"),
                "prolog_atoms": Gauge("tablero_prolog_atoms", "Atoms in each worker's Prolog",
                                      multiprocess_mode="liveall"),
                "prolog_stack": Gauge("tablero_prolog_stack_bytes", "Stack memory each "
                                      "worker's Prolog holds", multiprocess_mode="liveall"),
                "prolog_cache": Gauge("tablero_prolog_cache_calls", "Each worker's cached "
                                      "Prolog calls on a saved game's state, by outcome "
                                      "(hit, miss, skipped, text: app/games.py), as of its "
                                      "last reading", ["outcome"],
                                      multiprocess_mode="liveall"),
            }
    return _metrics


def request_id() -> str:
    """This request's id ("-" outside a request)."""
    if has_request_context():
        return getattr(g, "request_id", "-")
    return "-"


class _RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id()
        return True


def _memory_gauges() -> None:
    """This worker's RSS, and what its Prolog held at its last reading (if it started)."""
    from . import prolog

    m = metrics()
    m["rss"].set(_rss())
    held = prolog._bridge.memory if prolog._bridge is not None else {}
    if held:
        m["prolog_atoms"].set(held["atoms"])
        m["prolog_stack"].set(held["stack"])
    from . import games

    for outcome, count in games.CACHE_CALLS.items():
        m["prolog_cache"].labels(outcome).set(count)


def _rss() -> int:
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


def _route() -> str:
    rule = request.url_rule
    return rule.rule if rule is not None else "unmatched"


def _before():
    given = request.headers.get("X-Request-ID", "")
    g.request_id = given if _ID.match(given) else uuid.uuid4().hex[:16]
    g.started = time.perf_counter()
    if request.endpoint == "api.machine":
        metrics()["machine_running"].inc()
        g.machine_counted = True


def _after(response):
    response.headers["X-Request-ID"] = getattr(g, "request_id", "-")
    now = time.monotonic()
    if now - _last_rss[0] > 5:          # each worker's memory, at most every 5 s
        _last_rss[0] = now
        _memory_gauges()
    started = getattr(g, "started", None)
    if started is None:
        return response
    took = time.perf_counter() - started
    route = _route()
    m = metrics()
    if route not in ("/metrics", "/healthz"):
        m["requests"].labels(route, request.method, str(response.status_code)).inc()
        m["seconds"].labels(route).observe(took)
        game = getattr(g, "game_name", None) or "-"
        if request.endpoint == "api.act":
            m["move"].labels(game).observe(took)
        elif request.endpoint == "api.machine":
            m["machine"].labels(game).observe(took)
    if response.status_code == 503 and response.is_json:
        body = response.get_json(silent=True) or {}
        if (body.get("error") or {}).get("code") == "storage_unavailable":
            m["db_errors"].inc()
    return response


def _teardown(_exc):
    if getattr(g, "machine_counted", False):
        metrics()["machine_running"].dec()
        g.machine_counted = False


def healthz():
    """200 when the process, its database and its Prolog answer; 503 naming what did not."""
    from . import games, storage

    checks = {"process": "ok"}
    try:
        storage.last_change()
        checks["database"] = "ok"
    except Exception as exc:  # noqa: BLE001 - any failure is the answer
        checks["database"] = f"failed: {type(exc).__name__}"
    result: list = []

    def ask():
        try:
            games.bridge().query("true", timeout=1)
            result.append("ok")
        except Exception as exc:  # noqa: BLE001
            result.append(f"failed: {type(exc).__name__}")

    if games.bridge().dedicated:     # a worker of `tablero serve`: wait at most 1.5 s
        thread = threading.Thread(target=ask, daemon=True)
        thread.start()
        thread.join(1.5)
    else:                            # Prolog belongs to this thread (tests, development)
        ask()
    checks["prolog"] = result[0] if result else "busy: no answer within 1.5 s"
    ok = all(v == "ok" for v in checks.values())
    response = jsonify(status="ok" if ok else "failing", checks=checks, pid=os.getpid())
    response.status_code = 200 if ok else 503
    response.headers["Cache-Control"] = "no-store"
    return response


def metrics_route():
    """Prometheus' text format, every worker summed (multiprocess) or this process."""
    from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

    _memory_gauges()
    folder = os.environ.get(MULTIPROC_ENV)
    if folder and os.path.isdir(folder):
        from prometheus_client import multiprocess

        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry, path=folder)
        text = generate_latest(registry)
    else:
        text = generate_latest()
    return Response(text, mimetype=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


def init_app(app) -> None:
    """Request ids, timing and the two routes on `app`."""
    app.before_request(_before)
    app.after_request(_after)
    app.teardown_request(_teardown)
    app.add_url_rule("/healthz", "healthz", healthz, methods=["GET"])
    app.add_url_rule("/metrics", "metrics", metrics_route, methods=["GET"])
    for handler in app.logger.handlers:
        handler.addFilter(_RequestIdFilter())
        handler.setFormatter(logging.Formatter(
            "[%(asctime)s] %(levelname)s [%(request_id)s] in %(module)s: %(message)s"))
    metrics()


def worker_started() -> None:
    """In a worker of `tablero serve`, after it forked: its memory, once."""
    metrics()["rss"].set(_rss())


def child_exit(_server, worker) -> None:
    """gunicorn's child_exit hook: the worker's live gauges leave the sums."""
    if os.environ.get(MULTIPROC_ENV):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)
