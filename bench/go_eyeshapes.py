"""Do our eye shapes agree with GNU Go?  Every eye space of a few points in the corner
and on the edge of 9x9, judged by GNU Go's final_status_list and by dead_stones/3.

Run from the repository root:  .venv/bin/python bench/go_eyeshapes.py [--sizes 4,5,6,7]

For each connected set of empty points (an *eye space*) of the given sizes that holds the
corner point A9 and fits in the 4x5 corner (mirror images along the diagonal counted
once), and each one that touches the top edge away from the corners (in a 3x5 box from
C9), it builds a 9x9 board: White's stones on every point around the eye space (its
eight neighbours, so White's wall has no cutting point), Black's everywhere else, with
three one-point eyes of Black's far away (J3, G1, J1) so that Black lives.  The wall's
*outside liberties* are then none; the variants `one` and `two` empty one or two of
Black's points next to White's wall.

Each board is asked twice, Black to move and White to move: GNU Go (/usr/games/gnugo,
Chinese rules) gets the stones with the side to move's last played first, and answers
`final_status_list dead`; our proposal is dead_stones(Board, ToMove, Dead).  It prints
the boards where the two differ and the count.  The killing shapes of prolog/go/dead.pl
(nakade_shape/2, corner_killing_shape/2) were checked with it; docs/go.md has the figures.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.go import query  # noqa: E402
from app.gtp import GNUGO, GTP  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
N = 9
BLACK_EYES = ((6, 8), (8, 6), (8, 8))


def vertex(row: int, col: int) -> str:
    return f"{LETTERS[col]}{N - row}"


def eye_spaces(size: int, rows: int, cols: int, start: tuple[int, int]) -> set[frozenset]:
    """Every connected set of `size` points holding `start`, inside rows x cols from
    start's column."""
    found: set[frozenset] = set()

    def grow(cells: frozenset) -> None:
        if len(cells) == size:
            found.add(cells)
            return
        for r, c in cells:
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                p = (r + dr, c + dc)
                if 0 <= p[0] < rows and start[1] <= p[1] < start[1] + cols and p not in cells:
                    grow(cells | {p})

    grow(frozenset([start]))
    return found


def shapes(where: str, size: int) -> list[tuple]:
    if where == "corner":
        return sorted({min(tuple(sorted(s)), tuple(sorted((c, r) for r, c in s)))
                       for s in eye_spaces(size, 4, 5, (0, 0))})
    return sorted(tuple(sorted(s)) for s in eye_spaces(size, 3, 5, (0, 2))
                  if min(c for _, c in s) == 2)


def board(shape: tuple, outside: str) -> list[str]:
    """The rows of the board of one eye space (see the module's text)."""
    wall = {(r + dr, c + dc) for r, c in shape for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if 0 <= r + dr < N and 0 <= c + dc < N} - set(shape)
    grid = [["b"] * N for _ in range(N)]
    for r, c in shape:
        grid[r][c] = "-"
    for r, c in wall:
        grid[r][c] = "w"
    liberties = sorted({(r + dr, c + dc) for r, c in wall for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                        if 0 <= r + dr < N and 0 <= c + dc < N} - wall - set(shape))
    for r, c in liberties[:{"none": 0, "one": 1, "two": 2}[outside]]:
        grid[r][c] = "-"
    for r, c in BLACK_EYES:
        grid[r][c] = "-"
    return ["".join(row) for row in grid]


def gnugo_dead(rows: list[str], to_move: str) -> list[str]:
    engine = GTP([GNUGO, "--mode", "gtp", "--chinese-rules", "--komi", "0"])
    try:
        engine(f"boardsize {N}")
        engine("clear_board")
        stones = [(cell, vertex(r, c)) for r, row in enumerate(rows) for c, cell in enumerate(row)
                  if cell in "bw"]
        stones.sort(key=lambda s: s[0] != to_move)      # the other side's stones last
        for cell, v in stones:
            engine(f"play {'black' if cell == 'b' else 'white'} {v}")
        return sorted(engine("final_status_list dead").split())
    finally:
        engine.close()


def ours_dead(rows: list[str], to_move: str) -> list[str]:
    dead = query(f'dead_stones(B, "{to_move}", D)', maxresult=1, B=rows)[0]["D"]
    return sorted(vertex(r, c) for r, c in dead)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="4,5,6,7", help="eye spaces of these many points")
    parser.add_argument("--where", default="corner,edge")
    parser.add_argument("--outside", default="none,one,two", help="the wall's outside liberties")
    parser.add_argument("--show", action="store_true", help="draw the boards that differ")
    args = parser.parse_args()
    sizes = [int(x) for x in args.sizes.split(",")]
    total = differ = 0
    for where in args.where.split(","):
        for size in sizes:
            if where == "edge" and size > 6:
                continue                       # the 3x5 box: larger ones touch the corner
            for shape in shapes(where, size):
                for outside in args.outside.split(","):
                    rows = board(shape, outside)
                    for to_move in "bw":
                        total += 1
                        theirs, ours = gnugo_dead(rows, to_move), ours_dead(rows, to_move)
                        if theirs != ours:
                            differ += 1
                            print(f"{where} {size} {' '.join(vertex(r, c) for r, c in shape)}, "
                                  f"outside {outside}, {to_move} to move: GNU Go dead {' '.join(theirs)} | "
                                  f"ours {' '.join(ours)}", flush=True)
                            if args.show:
                                for row in rows:
                                    print("     ", " ".join(row.replace("-", ".")))
    print(f"{total - differ}/{total} positions (eye spaces x outside liberties x side to move) "
          f"give GNU Go's dead stones")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
