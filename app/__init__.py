"""Tablero: board games whose rules are written in SWI-Prolog, with a Python face.

Start reading at `create_app` (the web server), `app.go` (Go from a REPL) or
`app.prolog` (the bridge to SWI-Prolog).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from .paths import STATIC_DIR as STATIC  # the clone's static/ or the installed copy

if TYPE_CHECKING:
    from flask import Flask


def create_app(test_config: dict | None = None) -> Flask:
    """The Flask application: the JSON API under /api and the pages.  Flask is imported
    here, not with the package: `app.go` in a REPL and the `tablero gtp`, `grade` and
    `play` commands never load it (215 ms of a 260 ms start)."""
    from flask import Flask

    from . import api, assets, console, lab, observe, pages, security, storage

    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config.from_mapping(
        DATABASE=str(storage.default_path()),
        MACHINE_TIMEOUT=float(os.environ.get("TABLERO_MACHINE_TIMEOUT", "10")),
        MACHINE_WORKERS=int(os.environ.get("TABLERO_MACHINE_WORKERS", "2")),
        MACHINE_WAIT=float(os.environ.get("TABLERO_MACHINE_WAIT", "2")),
        MAX_CONTENT_LENGTH=64 * 1024,
        JSON_SORT_KEYS=False,
    )
    if test_config:
        app.config.update(test_config)
    storage.init_app(app)
    security.init_app(app)
    observe.init_app(app)
    assets.init_app(app)
    app.register_blueprint(api.bp)
    app.register_blueprint(console.bp)
    app.register_blueprint(lab.bp)
    app.register_blueprint(pages.bp)
    return app
