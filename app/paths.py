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

GAMES_ENV = "TABLERO_GAMES"


def game_entries(folder: Path) -> list[Path]:
    """The games of a folder: each `NAME.pl` beside a folder `NAME/` holding `protocol.pl`
    (how a game plugs in: docs/architecture.md, "A game is a plug-in")."""
    folder = Path(folder)
    if not folder.is_dir():
        return []
    return sorted(entry for entry in folder.glob("*.pl")
                  if (folder / entry.stem / "protocol.pl").is_file())


def extra_games() -> list[Path]:
    """The games kept outside Tablero's prolog/ folder: $TABLERO_GAMES, a list separated
    by ':' of entry files (`NAME.pl`) or folders of games (as game_entries() reads them)."""
    import os

    found: list[Path] = []
    for item in filter(None, os.environ.get(GAMES_ENV, "").split(":")):
        path = Path(item).expanduser().resolve()
        found.extend([path] if path.is_file() else game_entries(path))
    return found


def all_game_entries() -> list[Path]:
    """Tablero's own games, then the extra ones."""
    return [*game_entries(PROLOG_DIR), *extra_games()]


def games_argument() -> list[str]:
    """What a `swipl` process serving the games gets on its command line after `--`, for
    prolog/tablero/plugins.pl to load the extra games ([] when there are none)."""
    extra = extra_games()
    return [f"--games={':'.join(str(p) for p in extra)}"] if extra else []


def extra_game_folders() -> list[Path]:
    """The folders the extra games live in (a boxed process is shown them read-only)."""
    return sorted({entry.parent for entry in extra_games()})
