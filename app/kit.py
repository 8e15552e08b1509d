"""`tablero kit GAME DIR`: write the files a student starts from (docs/kits.md).

Each game's kit is a folder of prolog/kit/ (shipped with the rules): the course's files
in the course's language and names, every predicate documented with its contract and
examples, the bodies left for the student as stubs that throw
`error(not_written_yet(Name/Arity), _)` (the grader and the tournament report it as
`not_written`: prolog/grade/sandbox.pl), a README for the student and, where a
tournament needs one, an adapter example.  The Molinolog kit also gets our graficos.pl
(prolog/graficos.pl), so that the lab runs on our board unmodified.

Nothing is written unless everything can be: an unknown game, a DIR that is a file, or
a non-empty DIR without --force is refused (exit 2) with the reason.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from .paths import PROLOG_DIR

KIT_DIR = PROLOG_DIR / "kit"
#  What each kit holds beyond its folder of prolog/kit/: our files copied in, by name.
EXTRA = {"molinolog": {"graficos.pl": PROLOG_DIR / "graficos.pl"}}
GAMES = ("go", "molinolog", "gorogo", "azul")
#  Each kit's main file: the one `tablero tournament` takes from a student's folder that
#  holds no adapter.pl or machine.pl, and names after the folder (app/tournament.py).
MAIN = {"go": "proylcc.pl", "molinolog": "molinolog.pl", "gorogo": "gorogo.pl",
        "azul": "azul.pl"}


#  The file a student's folder is played or judged by first: the teacher's adapter (it
#  loads the solution beside it and maps its names to the kit's contract, docs/kits.md).
ADAPTER = "adapter.pl"


def folder_entry(game: str, folder: Path, first: tuple[str, ...] = (ADAPTER,)) -> Path | None:
    """The file a student's folder is loaded by: the first of `first` found in it, else the
    game's kit's main file; None when it holds none of them.  `tablero tournament` (with
    machine.pl after the adapter) and `tablero serve --rules` read folders this way."""
    names = first + ((MAIN[game],) if game in MAIN else ())
    return next((folder / name for name in names if (folder / name).is_file()), None)


class KitError(Exception):
    """The kit cannot be written (a reason for the person who asked)."""


def kit_files(game: str) -> dict[str, Path]:
    """The files of a game's kit: {name in DIR: our file}."""
    if game not in GAMES:
        raise KitError(f"unknown game {game!r}: the kits are {', '.join(GAMES)}")
    files = {p.name: p for p in sorted((KIT_DIR / game).iterdir()) if p.is_file()}
    files.update(EXTRA.get(game, {}))
    return files


def write_kit(game: str, target: Path | str, force: bool = False) -> list[Path]:
    """Write a game's kit into `target` (made if missing); the paths written.  Refuses a
    non-empty folder unless `force` (then the kit's files replace those of the same
    name; nothing else of the folder is touched)."""
    files = kit_files(game)
    target = Path(target)
    if target.exists() and not target.is_dir():
        raise KitError(f"{target} is a file, not a folder")
    if target.is_dir() and any(target.iterdir()) and not force:
        raise KitError(f"{target} is not empty (use --force to write the kit's files over "
                       f"those of the same name)")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, source in files.items():
        shutil.copyfile(source, target / name)
        written.append(target / name)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="tablero kit",
        description="Write a course kit (what a student starts from) into DIR: "
                    "docs/kits.md.")
    parser.add_argument("game", metavar="GAME", help=f"one of {', '.join(GAMES)}")
    parser.add_argument("dir", metavar="DIR", type=Path, help="the folder to write it in")
    parser.add_argument("--force", action="store_true",
                        help="write into a folder that is not empty")
    args = parser.parse_args(argv)
    try:
        written = write_kit(args.game, args.dir, args.force)
    except (KitError, OSError) as exc:
        print(f"tablero kit: {exc}", file=sys.stderr)
        return 2
    print(f"The {args.game} kit is in {args.dir}:")
    for path in written:
        print(f"  {path.name}")
    print(f"Start with {args.dir / 'README.md'}.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
