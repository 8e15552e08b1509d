"""`tablero serve`: Tablero under gunicorn, sync workers, one embedded Prolog each."""

from __future__ import annotations

import argparse
import os

from gunicorn.app.base import BaseApplication


class Server(BaseApplication):
    def __init__(self, options: dict):
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)

    def load(self):
        from . import create_app

        return create_app()


def warm_up(_worker) -> None:
    """Start this worker's Prolog before its first request, on the thread that serves."""
    from .prolog import bridge

    bridge()


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
    serve.add_argument("--db", help="SQLite file for saved games (default $TABLERO_DB "
                       "or ~/.local/share/tablero/tablero.db)")
    args = parser.parse_args(argv)
    if args.db:
        os.environ["TABLERO_DB"] = args.db
    print(f"Tablero: http://{args.host}:{args.port}/", flush=True)
    Server({
        "bind": f"{args.host}:{args.port}",
        "workers": args.workers,
        "worker_class": "sync",
        "post_worker_init": warm_up,
        "accesslog": None,
        "timeout": 60,
    }).run()


if __name__ == "__main__":
    main()
