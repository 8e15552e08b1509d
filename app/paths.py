"""Where Tablero's own files are: the rules (prolog/) and the pages (static/).

The one place that knows.  In a clone (or an editable install of one) they are the
clone's folders beside app/; in an installed package (`pip install .`, a wheel) they are
the copies installed inside it, app/_prolog and app/_static (pyproject.toml maps the
clone's prolog/ and static/ there).  Nothing here reads the working directory, so
Tablero works from any directory.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent


def _folder(name: str, installed: str, marker: str) -> Path:
    """The installed copy app/`installed` when it holds `marker`, else the clone's `name`."""
    inside = PACKAGE / installed
    if (inside / marker).is_file():
        return inside
    return PACKAGE.parent / name


PROLOG_DIR = _folder("prolog", "_prolog", "tablero.pl")
STATIC_DIR = _folder("static", "_static", "index.html")
