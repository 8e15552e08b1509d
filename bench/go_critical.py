"""Does our Go machine defend a group that GNU Go calls critical?

Run from the repository root:  .venv/bin/python bench/go_critical.py [--options OPTIONS]
[--seeds 2] [--playouts 900] [--size 9|13] [--games N] [--limit N] [SGF ...]

The positions are found by GNU Go, the outside judge, in games our player lost to it
(default: bench/data/go_critical/, below): each game is replayed into GNU Go
(/usr/games/gnugo --mode gtp, Chinese rules) and, before each of our moves from the
ninth ply on, asked `dragon_status`.  A dragon of ours of --min-stones stones or more
that GNU Go calls *critical* (it lives if we move, dies if they do) with a defence point
on the board is a position; GNU Go's defence point is the move wanted.  Our player
(go_machine_action/3, the same as the server's, with options seed(S) for S in 1..--seeds,
playouts(--playouts) and --options) is then asked its move in each position, and a *hit*
is a move on GNU Go's defence point.  A search that plays elsewhere there loses the
group in most games (docs/go.md, *The machine player*).

It prints each position (the game, the ply, the dragon and its stones and liberties, the
point wanted, our moves), then the hits over all tries, and by the group's liberties (1,
2-3, 4+), and by where the point wanted lies: on a liberty of the group, next to another
chain of ours (a connection), two points away from the group (eye space, a net), or
touching the opponent's stones elsewhere.  Compare two players by running it twice with
other --options (the same positions, the same seeds).

bench/data/go_critical/ holds the games our player lost to GNU Go level 1 in two runs of
bench/go_machine.py, as it wrote them (--sgf): 9x9, seeds 921-960, the 31 lost of 40
(9x9-921-960-NNN.sgf, NNN the game of the run), and 13x13, seeds 1001-1010, all ten lost
(13x13-1001-1010-NNN.sgf, `--options "clock(cpu), seconds(3)"`).  GNU Go finds the
positions in them anew at every run.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sgfmill import boards, sgf  # noqa: E402

from app.gtp import GNUGO, GTP  # noqa: E402
from app.prolog import bridge  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRST"  # GTP columns: no I
DATA = ROOT / "bench" / "data" / "go_critical"
OURS = "Tablero"


def vertex(move) -> str:
    return "pass" if move is None else f"{LETTERS[move[1]]}{move[0] + 1}"


def point(text: str) -> tuple[int, int]:
    return int(text[1:]) - 1, LETTERS.index(text[0].upper())


def neighbours(size: int, p: tuple[int, int]) -> list[tuple[int, int]]:
    r, c = p
    return [(a, b) for a, b in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1))
            if 0 <= a < size and 0 <= b < size]


def chain(board: boards.Board, p: tuple[int, int]) -> set[tuple[int, int]]:
    colour, seen, todo = board.get(*p), {p}, [p]
    while todo:
        for q in neighbours(board.side, todo.pop()):
            if q not in seen and board.get(*q) == colour:
                seen.add(q)
                todo.append(q)
    return seen


def where(board: boards.Board, stones: set, want: tuple[int, int]) -> tuple[int, str]:
    """The group's liberties, and where the point wanted lies (see the module's text)."""
    size, colour = board.side, board.get(*next(iter(stones)))
    liberties = {q for p in stones for q in neighbours(size, p) if board.get(*q) is None}
    friend = any(board.get(*q) == colour and q not in stones for q in neighbours(size, want))
    if want in liberties:
        kind = "a liberty"
    elif friend:
        kind = "next to another chain of ours"
    elif any(q in liberties for q in neighbours(size, want)):
        kind = "two points away (eye space, a net)"
    elif any(board.get(*q) not in (None, colour) for q in neighbours(size, want)):
        kind = "touching their stones"
    else:
        kind = "farther"
    return len(liberties), kind


def positions(files: list[Path], min_stones: int, size_wanted: int | None,
              games: int | None = None) -> list[dict]:
    """GNU Go's critical dragons of ours, before each of our moves, in these games (the
    first `games` of them of size `size_wanted`)."""
    found, read = [], 0
    with GTP([GNUGO, "--mode", "gtp", "--chinese-rules"]) as gnugo:
        for path in files:
            game = sgf.Sgf_game.from_bytes(path.read_bytes())
            size, root = game.get_size(), game.get_root()
            if size_wanted and size != size_wanted:
                continue
            ours = "b" if root.get("PB") == OURS else "w" if root.get("PW") == OURS else None
            if ours is None or (games is not None and read >= games):
                continue
            read += 1
            moves = [node.get_move() for node in game.get_main_sequence()[1:]]
            gnugo(f"boardsize {size}")
            gnugo("clear_board")
            gnugo(f"komi {game.get_komi()}")
            board = boards.Board(size)
            for ply, (colour, move) in enumerate(moves):
                if colour == ours and ply >= 8:
                    for line in gnugo("dragon_status").splitlines():
                        parts = line.replace(":", "").split()
                        if len(parts) < 4 or parts[1] != "critical" or parts[3] == "PASS":
                            continue
                        if board.get(*point(parts[0])) != ours:
                            continue
                        stones = chain(board, point(parts[0]))
                        dragon = gnugo(f"dragon_stones {parts[0]}").split()
                        if len(dragon) < min_stones:
                            continue
                        liberties, kind = where(board, stones, point(parts[3]))
                        found.append({"file": path.name, "ply": ply + 1, "size": size,
                                      "dragon": parts[0], "stones": len(dragon),
                                      "liberties": liberties, "kind": kind,
                                      "want": parts[3].upper(), "moves": moves[:ply]})
                gnugo(f"play {colour} {vertex(move)}")
                if move is not None:
                    board.play(move[0], move[1], colour)
    return found


def our_moves(position: dict, seeds: int, playouts: int, options: str) -> list[str]:
    """Our player's move in the position, once per seed, as GTP vertices."""
    size = position["size"]
    plays = ", ".join(f'move("{c}", [{m[0]}, {m[1]}])' if m else f'pass("{c}")'
                      for c, m in position["moves"])
    extra = f", {options}" if options else ""
    goal = (f"go:go_new([size({size}), preset(chinese)], G0), "
            f"foldl([A, X0, X]>>(go:go_play(X0, A, X, _)), [{plays}], G0, G), "
            f"findall(S, ( between(1, {seeds}, Seed), "
            f"go:go_machine_action(G, [seed(Seed), playouts({playouts}){extra}], M), "
            f"format(string(S), '~q', [M]) ), Ms)")
    answer = bridge().query(goal, maxresult=1, timeout=600)[0]
    out = []
    for text in answer["Ms"]:
        if text.startswith("move("):
            r, c = (int(x) for x in text.split("[")[1].rstrip(")]").split(","))
            out.append(vertex((r, c)))
        else:
            out.append(text.split("(")[0])
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sgf", nargs="*", type=Path,
                        help="games our player lost (default: bench/data/go_critical/*.sgf)")
    parser.add_argument("--options", default="",
                        help="more go_machine_action/3 options, Prolog text: reading(true)")
    parser.add_argument("--seeds", type=int, default=2, help="tries a position (default 2)")
    parser.add_argument("--playouts", type=int, default=900,
                        help="simulations a try (default 900: 1 s on 9x9, by count)")
    parser.add_argument("--size", type=int, choices=(9, 13, 19), help="only games of this size")
    parser.add_argument("--min-stones", type=int, default=3, help="smallest dragon (default 3)")
    parser.add_argument("--games", type=int, help="only the first N games (GNU Go reads each "
                        "position of ours anew: about 3 s a 9x9 game)")
    parser.add_argument("--limit", type=int, help="only the first N positions")
    args = parser.parse_args(argv)
    files = sorted(args.sgf) or sorted(DATA.glob("*.sgf"))
    start = time.monotonic()
    found = positions(files, args.min_stones, args.size, args.games)[: args.limit]
    print(f"{len(found)} positions where GNU Go calls a dragon of ours critical "
          f"({time.monotonic() - start:.0f} s)", flush=True)
    hits = collections.Counter()
    tries = collections.Counter()
    for p in found:
        moves = our_moves(p, args.seeds, args.playouts, args.options)
        n = sum(m == p["want"] for m in moves)
        libs = "1" if p["liberties"] == 1 else "2-3" if p["liberties"] <= 3 else "4+"
        for key in ("all", f"{p['size']}x{p['size']}", f"liberties {libs}", p["kind"]):
            hits[key] += n
            tries[key] += len(moves)
        print(f"{p['file']} ply {p['ply']}: {p['dragon']} ({p['stones']} stones, "
              f"{p['liberties']} liberties) wants {p['want']} ({p['kind']}); ours "
              f"{' '.join(moves)}: {n} of {len(moves)}", flush=True)
    print(f"\noptions [seed(S), playouts({args.playouts}){', ' + args.options if args.options else ''}]"
          f", S in 1..{args.seeds}")
    for key in sorted(tries, key=lambda k: (k != "all", k)):
        share = hits[key] / tries[key] if tries[key] else 0.0
        print(f"  {key:<40} {hits[key]:>4} of {tries[key]:<4} hits ({share:.0%})")
    print(f"{time.monotonic() - start:.0f} s in all")
    return 0


if __name__ == "__main__":
    sys.exit(main())
