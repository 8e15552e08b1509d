"""`tablero serve`: Tablero under gunicorn; `tablero grade`: grade a student's rules of any
of the four games, one file or folder or a class of them (app/grade.py, app/grade_games.py);
`tablero gtp`: Go as a GTP engine (app/gtp_engine.py); `tablero tournament`: machines, engines
and students' machines play each other (app/tournament.py); `tablero kit`: a course kit
(app/kit.py).

The server model (docs/architecture.md): gthread workers, each a process with
its own embedded Prolog on one dedicated thread, and a pool of request threads
that hand their Prolog calls to it.  The worker class is app/serving.py's
subclass of gunicorn's gthread worker: requests are read on its main thread and
live streams written by one thread of their own, so no slow client or open page
holds a request thread; per-client caps and a read deadline bound the rest.
Settings that would break that model (an async worker class, too few threads
per worker) are refused.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys

from gunicorn.app.base import BaseApplication

from . import observe, security, student_rules


class Server(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)
        #  gunicorn's own settings from $GUNICORN_CMD_ARGS (e.g. "--log-level debug") win,
        #  as with the gunicorn command; the server model's are checked again after them.
        env_args = self.cfg.get_cmd_args_from_env()
        if env_args:
            parsed = self.cfg.parser().parse_args(env_args)
            for key, value in vars(parsed).items():
                if value is not None and key in self.cfg.settings and key != "args":
                    self.cfg.set(key.lower(), value)

    def load(self):
        from . import create_app

        return create_app()


def warm_up(_worker) -> None:
    """Start this worker's Prolog (on its own thread) and read what the games declare, before
    the first request."""
    from . import observe
    from .games import available_games

    available_games()
    observe.worker_started()


#  The access log: gunicorn's combined format, the time taken (microseconds) and the
#  request id (X-Request-ID, app/observe.py), one line a request.
ACCESS_LOG_FORMAT = ('%(h)s - - %(t)s "%(r)s" %(s)s %(B)s "%(f)s" "%(a)s" %(D)sus '
                     'rid=%({x-request-id}o)s')


def metrics_folder() -> None:
    """One fresh folder for the workers' Prometheus metrics (app/observe.py), unless the
    operator named one; emptied at start, as prometheus_client's multiprocess mode asks."""
    import shutil
    import tempfile

    from .observe import MULTIPROC_ENV

    folder = os.environ.get(MULTIPROC_ENV)
    if folder:
        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if name.endswith(".db"):
                os.unlink(os.path.join(folder, name))
    else:
        folder = tempfile.mkdtemp(prefix="tablero-metrics-")
        os.environ[MULTIPROC_ENV] = folder
        import atexit

        made_by = os.getpid()  # the workers inherit this hook: only the master removes it
        atexit.register(lambda: os.getpid() == made_by and shutil.rmtree(folder, True))


WORKER_CLASSES = ("gthread",)
#  What "gthread" means here: gunicorn's gthread worker with requests read off the request
#  threads, streams on a thread of their own, and caps (app/serving.py).
WORKER_CLASS = "app.serving.Worker"
MIN_THREADS = 4
#  A backstop against memory that a worker never gives back (issue 20: the bridge's string
#  buffers grew a worker 5.5 KiB a move; released now, see app/prolog.py): a worker is
#  replaced after this many requests, with a jitter of a tenth of it so that workers
#  started together do not all restart at once.  A restart closes that worker's streams
#  (pages reconnect with Last-Event-ID) and its Prolog's cache (games are sent again).
MAX_REQUESTS = 10_000


def recycling(max_requests: int) -> dict:
    """gunicorn's max_requests and max_requests_jitter for --max-requests (0: never)."""
    if max_requests <= 0:
        return {"max_requests": 0, "max_requests_jitter": 0}
    return {"max_requests": max_requests, "max_requests_jitter": max_requests // 10}


def check_model(worker_class: str, threads: int) -> str | None:
    """Why these settings would break the server model, or None."""
    if worker_class not in WORKER_CLASSES:
        return (f"worker class {worker_class!r} is not supported: Prolog needs real threads "
                f"(gevent or eventlet would freeze every stream during a Prolog call); use gthread")
    if threads < MIN_THREADS:
        return (f"--threads {threads} is too few: requests wait on their thread for the "
                f"worker's one Prolog thread; use {MIN_THREADS} or more")
    return None


def open_files_for(workers: int, threads: int, streams: int = 0) -> None:
    """Raise this process's open-file limit (inherited by the workers) to its hard limit:
    each open page holds a socket, and each request thread its database files; warn when
    even the hard limit is below what the threads may need."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    need = 4 * threads + streams + max(1000, threads * 2) + 64
    if hard != resource.RLIM_INFINITY and hard < need:
        print(f"tablero: warning: {hard} open files per process allow fewer live pages than "
              f"--threads {threads}; raise the hard limit (ulimit -Hn) to {need}", flush=True)


def student_rules_option(parser: argparse.ArgumentParser, rules: list[str]) -> str:
    """`--rules GAME=FILE.pl` (or GAME=FOLDER/), checked (the file loads and defines what
    the game asks: goMove/4 for Go...), as the workers read it ($TABLERO_RULES:
    app/student_rules.py)."""
    served = {}
    for text in rules:
        try:
            game, path = student_rules.parse_option(text)
        except student_rules.StudentRulesError as exc:
            parser.error(str(exc))
        load = student_rules.check(path, game)
        if not load["ready"]:
            parser.error(f"--rules {text}: cannot use {path}: {load['failure']}")
        served[game] = path
        print(f"Tablero: {game} moves are also asked of {path} "
              f"({student_rules.ASKED[game]})", flush=True)
    return ",".join(f"{game}={path}" for game, path in served.items())


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="tablero", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    serve = sub.add_parser("serve", help="serve the web boards and the JSON API")
    serve.add_argument("--host", default=os.environ.get("TABLERO_HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("TABLERO_PORT", "5000")))
    serve.add_argument(
        "--workers", type=int, default=int(os.environ.get("TABLERO_WORKERS", "2")),
        help="worker processes, each with its own Prolog (default 2)",
    )
    serve.add_argument(
        "--threads", type=int, default=int(os.environ.get("TABLERO_THREADS", "200")),
        help="request threads per worker (default 200); a request that finds them all busy "
        "is answered 503 at once",
    )
    serve.add_argument(
        "--header-timeout", type=float,
        default=float(os.environ.get("TABLERO_HEADER_TIMEOUT", "10")),
        help="seconds a request (head and body) has to arrive, in all (default 10)")
    serve.add_argument(
        "--client-connections", type=int,
        default=int(os.environ.get("TABLERO_CLIENT_CONNECTIONS", "128")),
        help="open connections one client address may hold, per worker (default 128)")
    serve.add_argument(
        "--client-streams", type=int,
        default=int(os.environ.get("TABLERO_CLIENT_STREAMS", "64")),
        help="live streams (open pages) one client address may hold, per worker (default 64)")
    serve.add_argument(
        "--streams", type=int, default=int(os.environ.get("TABLERO_STREAMS", "2000")),
        help="live streams per worker (default 2000)")
    serve.add_argument(
        "--proxies", default=os.environ.get("TABLERO_PROXIES", ""),
        help="trusted reverse proxies (addresses or networks, commas): their clients are "
        "told apart by X-Forwarded-For (default none)")
    serve.add_argument(
        "--access-log", action=argparse.BooleanOptionalAction,
        default=os.environ.get("TABLERO_ACCESS_LOG", "1").lower() not in ("0", "false", "no",
                                                                          "off"),
        help="one line a request on standard output, with its request id (default on)")
    serve.add_argument(
        "--max-requests", type=int,
        default=int(os.environ.get("TABLERO_MAX_REQUESTS", str(MAX_REQUESTS))),
        help=f"restart a worker after this many requests, give or take a tenth so that the "
        f"workers do not restart together; 0 never (default {MAX_REQUESTS})",
    )
    serve.add_argument(
        "--machine-workers", type=int,
        default=int(os.environ.get("TABLERO_MACHINE_WORKERS", "2")),
        help="machine search processes per worker (app/machine_pool.py), at a lower CPU "
        "priority than the moves; a turn that finds them all busy for 2 s is answered 503; "
        "0 searches in the worker's own Prolog (default 2)")
    serve.add_argument("--worker-class", default="gthread", help=argparse.SUPPRESS)
    serve.add_argument("--db", help="SQLite file or postgresql:// URL for saved games (default "
                       "$TABLERO_DB or ~/.local/share/tablero/tablero.db)")
    serve.add_argument("--rules", action="append", default=[], metavar="GAME=FILE.pl",
                       help="also ask a student's rules (a file, or a folder: its adapter.pl "
                       "or the kit's main file) on every move of GAME (go, molinolog, gorogo, "
                       "azul), and show where they disagree with ours (docs/grading.md)")
    grade = sub.add_parser("grade", add_help=False,
                           help="grade a student's rules (Go's proylcc.pl, or --game gorogo, "
                           "azul, molinolog), a file, a folder or a class folder, with "
                           "CSV/HTML grades and feedback (docs/grading.md)")
    grade.add_argument("rest", nargs=argparse.REMAINDER)
    gtp = sub.add_parser("gtp", help="Go and its machine player as a GTP engine (stdin/stdout; "
                         "--preset, --size, --komi)", add_help=False)
    gtp.add_argument("rest", nargs=argparse.REMAINDER)
    tournament = sub.add_parser("tournament", add_help=False,
                                help="a round robin or Swiss tournament between machines, GTP "
                                "engines and students' machine_move/2 (docs/tournaments.md)")
    tournament.add_argument("rest", nargs=argparse.REMAINDER)
    lab = sub.add_parser("lab", help="a student's Molinolog lab (molinolog.pl with our "
                         "graficos.pl) on a web page, or --headless judged", add_help=False)
    lab.add_argument("rest", nargs=argparse.REMAINDER)
    kit = sub.add_parser("kit", help="write a course kit (what a student starts from) for "
                         "GAME into DIR (docs/kits.md)", add_help=False)
    kit.add_argument("rest", nargs=argparse.REMAINDER)
    given = sys.argv[1:] if argv is None else list(argv)
    #  grade, gtp, tournament, lab and kit parse their own options (argparse's REMAINDER would drop a
    #  leading --option such as --help), so they are handed the rest of the line as it is.
    if given[:1] == ["gtp"]:
        from . import gtp_engine

        raise SystemExit(gtp_engine.main(given[1:]))
    if given[:1] == ["tournament"]:
        from . import tournament as tournaments

        raise SystemExit(tournaments.main(given[1:]))
    if given[:1] == ["lab"]:
        from . import lab as labs

        raise SystemExit(labs.main(given[1:], serve=main))
    if given[:1] == ["kit"]:
        from . import kit as kits

        raise SystemExit(kits.main(given[1:]))
    if given[:1] == ["grade"]:
        from . import grading

        raise SystemExit(grading.main(given[1:]))
    args = parser.parse_args(argv)
    problem = check_model(args.worker_class, args.threads)
    if problem:
        parser.error(problem)
    if args.db:
        os.environ["TABLERO_DB"] = args.db
    if args.machine_workers < 0:
        parser.error("--machine-workers must be 0 or more")
    os.environ["TABLERO_MACHINE_WORKERS"] = str(args.machine_workers)  # read by create_app
    if args.rules:
        os.environ[student_rules.ENV] = student_rules_option(parser, args.rules)
    os.environ["TABLERO_PROLOG_THREAD"] = "dedicated"
    for variable, value in (("TABLERO_HEADER_TIMEOUT", args.header_timeout),
                            ("TABLERO_CLIENT_CONNECTIONS", args.client_connections),
                            ("TABLERO_CLIENT_STREAMS", args.client_streams),
                            ("TABLERO_STREAMS", args.streams),
                            ("TABLERO_PROXIES", args.proxies)):
        os.environ[variable] = str(value)  # read by the workers (app/serving.py)
    if min(args.header_timeout, args.client_connections, args.client_streams, args.streams) <= 0:
        parser.error("--header-timeout, --client-connections, --client-streams and --streams "
                     "must be above 0")
    try:
        from .serving import proxies

        proxies()
    except ValueError as exc:
        parser.error(f"--proxies {args.proxies!r}: {exc}")
    open_files_for(args.workers, args.threads, args.streams)
    metrics_folder()
    hosts = os.environ.get("TABLERO_HOSTS")
    if not hosts:
        os.environ["TABLERO_HOSTS"] = f"{args.host},127.0.0.1,localhost,[::1]"
    print(f"Tablero: http://{args.host}:{args.port}/", flush=True)
    Server({
        "bind": f"{args.host}:{args.port}",
        "workers": args.workers,
        "worker_class": WORKER_CLASS if args.worker_class == "gthread" else args.worker_class,
        "threads": args.threads,
        "worker_connections": max(1000, args.threads * 2),
        "post_worker_init": warm_up,
        "accesslog": "-" if args.access_log else None,
        "access_log_format": ACCESS_LOG_FORMAT,
        "child_exit": observe.child_exit,
        "timeout": 60,
        "graceful_timeout": 5,
        "control_socket_disable": True,
        "keepalive": 5,
        **recycling(args.max_requests),
        **security.gunicorn_settings(),
    }).run()


if __name__ == "__main__":
    main()
