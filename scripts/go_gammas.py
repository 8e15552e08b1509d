"""Learn the Go machine's move priors from GNU Go's own games: prolog/go/gammas.pl.

    .venv/bin/python scripts/go_gammas.py games --count 400 --level 5 --out DIR
    .venv/bin/python scripts/go_gammas.py learn DIR [--out prolog/go/gammas.pl]

`games` has GNU Go (Debian's /usr/games/gnugo) play itself on 9x9 (Chinese rules, komi 7.5),
each game opened with 0-3 random moves (marked with a comment, so the games differ), and
writes them as SGF files with sgfmill.  `learn` reads them and, for every move GNU Go chose
(not the random ones, not passes), compares it with every other point it could have played:
each point is described by a few *features* (the 3x3 shape around it seen from the side to
move, its distance to the last move and to the mover's previous move, its line, whether it
captures (and whether it takes the stone just played), puts a chain in atari, is a
self-atari, saves a chain in atari), and each feature
value gets a strength, a *gamma*, such that a point's strength is the product of its
features' gammas and the chance that GNU Go plays a point is its strength over the sum of
all the points' strengths (the generalized Bradley-Terry model of Remi Coulom, "Computing
Elo Ratings of Move Patterns in the Game of Go", 2007, fitted by his minorization-
maximization updates, with one virtual win and one virtual loss against a gamma of 1 for
each value).  The gammas are written as Prolog facts that go_uct turns into priors.

The features must be read the same way here and in Prolog (prolog/go/uct.pl, prior/5 and
go_gammas): the shape is go_playout's code/4 number (two bits per point, NW N NE W E SW S
SE, 0 empty, 1 the mover's, 2 the opponent's, 3 off the board), written for each of its
eight turns and mirrors; a distance is |dr| + |dc| + max(|dr|, |dc|) - 1 (1 next to,
2 diagonal, 3 two away on a line), 8 for anything farther, 0 for none (a pass, or no move).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from sgfmill import sgf  # noqa: E402

SIZE = 9
LETTERS = "ABCDEFGHJ"
FAR = 8                          # distances of 8 or more share one value

# ---- a small board (rows from the top, as ours) ------------------------------------------------


class Board:
    def __init__(self, n: int = SIZE):
        self.n = n
        self.cells = [[0] * n for _ in range(n)]
        self.ko = None               # the point a simple ko forbids now

    def on(self, r: int, c: int) -> bool:
        return 0 <= r < self.n and 0 <= c < self.n

    def neighbours(self, r: int, c: int):
        for dr, dc in ((-1, 0), (1, 0), (0, 1), (0, -1)):
            if self.on(r + dr, c + dc):
                yield r + dr, c + dc

    def chain(self, r: int, c: int) -> tuple[set, set]:
        """The stones of the chain at (r, c) and its liberties."""
        colour = self.cells[r][c]
        stones, libs, todo = {(r, c)}, set(), [(r, c)]
        while todo:
            p = todo.pop()
            for q in self.neighbours(*p):
                v = self.cells[q[0]][q[1]]
                if v == 0:
                    libs.add(q)
                elif v == colour and q not in stones:
                    stones.add(q)
                    todo.append(q)
        return stones, libs

    def play(self, r: int, c: int, x: int) -> int | None:
        """x's stone on (r, c): the stones captured, or None if illegal (occupied, suicide,
        the point a simple ko forbids).  Sets the ko point, as fb_play/4 does."""
        if self.cells[r][c] != 0 or (r, c) == self.ko:
            return None
        self.cells[r][c] = x
        taken, last_taken = 0, None
        for q in list(self.neighbours(r, c)):
            if self.cells[q[0]][q[1]] == 3 - x:
                stones, libs = self.chain(*q)
                if not libs:
                    for s in stones:
                        self.cells[s[0]][s[1]] = 0
                    taken += len(stones)
                    last_taken = q
        stones, libs = self.chain(r, c)
        if taken == 0 and not libs:
            self.cells[r][c] = 0
            return None
        self.ko = last_taken if taken == 1 and len(stones) == 1 and len(libs) == 1 else None
        return taken

    def copy(self) -> "Board":
        b = Board(self.n)
        b.cells = [row[:] for row in self.cells]
        b.ko = self.ko
        return b


# ---- features ----------------------------------------------------------------------------------


def code(board: Board, r: int, c: int, x: int) -> int:
    """go_playout's code/4 around (r, c), colours as seen by x (1 own, 2 opponent)."""
    k, total = 0, 0
    for dr, dc in ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)):
        if board.on(r + dr, c + dc):
            v = board.cells[r + dr][c + dc]
            v = 0 if v == 0 else (1 if v == x else 2)
        else:
            v = 3
        total += v << k
        k += 2
    return total


def variants(code_: int) -> set[int]:
    """The code of each of the eight turns and mirrors of a neighbourhood."""
    grid = [(code_ >> (2 * k)) & 3 for k in range(8)]
    # positions NW N NE W E SW S SE as (dr, dc)
    spots = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    value = dict(zip(spots, grid))
    out = set()
    for turn in range(4):
        for mirror in (False, True):
            total = 0
            for k, (dr, dc) in enumerate(spots):
                r0, c0 = dr, dc
                if mirror:
                    c0 = -c0
                for _ in range(turn):
                    r0, c0 = c0, -r0
                total += value[(r0, c0)] << (2 * k)
            out.add(total)
    return out


def distance(a, b) -> int:
    if a is None:
        return 0
    dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
    return min(FAR, dr + dc + max(dr, dc) - 1)


def line(r: int, c: int) -> int:
    return min(r, c, SIZE - 1 - r, SIZE - 1 - c) + 1


def features(board: Board, x: int, p, last, last2) -> list[tuple] | None:
    """The features of x's move on p (None if x may not play there)."""
    after = board.copy()
    taken = after.play(p[0], p[1], x)
    if taken is None:
        return None
    canonical = min(variants(code(board, p[0], p[1], x)))
    fs = [("pat3", canonical), ("dist", distance(last, p)), ("dist2", distance(last2, p)),
          ("line", line(*p))]
    if taken:
        fs.append(("capture", min(taken, 2)))
        if last is not None and board.cells[last[0]][last[1]] == 3 - x \
                and after.cells[last[0]][last[1]] == 0:
            fs.append(("takelast", 1))
    stones, libs = after.chain(*p)
    if taken == 0 and len(libs) == 1:
        fs.append(("selfatari", min(len(stones), 2)))
    for q in board.neighbours(*p):
        v = board.cells[q[0]][q[1]]
        if v == x and len(board.chain(*q)[1]) == 1 and len(libs) >= 2:
            fs.append(("escape", 1))
            break
    for q in after.neighbours(*p):
        if after.cells[q[0]][q[1]] == 3 - x and len(after.chain(*q)[1]) == 1:
            fs.append(("atari", 1))
            break
    return fs


def eye(board: Board, x: int, p) -> bool:
    """A point all of whose neighbours are x's: not a candidate (as fb_eye/3 roughly)."""
    return all(board.cells[q[0]][q[1]] == x for q in board.neighbours(*p))


# ---- the games ---------------------------------------------------------------------------------


def games(args) -> None:
    from app.gtp import GNUGO, GTP

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for number in range(args.first, args.first + args.count):
        rnd = random.Random(number)
        engine = GTP([GNUGO, "--mode", "gtp", "--chinese-rules", "--komi", "7.5",
                      "--level", str(args.level), "--seed", str(number)])
        engine(f"boardsize {SIZE}")
        engine("clear_board")
        game = sgf.Sgf_game(size=SIZE)
        game.get_root().set("KM", 7.5)
        colour, passes, plies, opening = "b", 0, 0, rnd.randint(0, 3)
        while passes < 2 and plies < 160:
            name = "black" if colour == "b" else "white"
            node = game.extend_main_sequence()
            if plies < opening:
                while True:
                    r, c = rnd.randint(1, SIZE - 2), rnd.randint(1, SIZE - 2)
                    try:
                        engine(f"play {name} {LETTERS[c]}{SIZE - r}")
                        break
                    except Exception:  # noqa: BLE001 - occupied: another point
                        continue
                node.set_move(colour, (SIZE - 1 - r, c))
                node.set("C", "random")
            else:
                answer = engine(f"genmove {name}").upper()
                if answer == "RESIGN":
                    break
                if answer == "PASS":
                    passes += 1
                    node.set_move(colour, None)
                else:
                    passes = 0
                    node.set_move(colour, (int(answer[1:]) - 1, LETTERS.index(answer[0])))
            plies += 1
            colour = "w" if colour == "b" else "b"
        engine.close()
        (out / f"g{number:05d}.sgf").write_bytes(game.serialise())


# ---- learning ----------------------------------------------------------------------------------


def positions(directory: Path):
    """(candidate feature lists, index of the one GNU Go played) for every GNU Go move."""
    for path in sorted(directory.glob("*.sgf")):
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        board = Board()
        last = last2 = None
        for node in game.get_main_sequence()[1:]:
            colour, move = node.get_move()
            x = 1 if colour == "b" else 2
            played = None if move is None else (SIZE - 1 - move[0], move[1])
            if played is not None and not node.has_property("C"):
                cands, winner = [], None
                for r in range(SIZE):
                    for c in range(SIZE):
                        if board.cells[r][c] or ((r, c) != played and eye(board, x, (r, c))):
                            continue
                        fs = features(board, x, (r, c), last, last2)
                        if fs is None:
                            continue
                        if (r, c) == played:
                            winner = len(cands)
                        cands.append(fs)
                if winner is not None and len(cands) > 1:
                    yield cands, winner
            if played is not None:
                board.play(played[0], played[1], x)
            else:
                board.ko = None
            last2, last = last, played


def learn(args) -> None:
    data = list(positions(Path(args.games)))
    print(f"{len(data)} positions, {sum(len(c) for c, _ in data)} candidates", flush=True)
    # Features as integers; a candidate is a tuple of feature ids.
    ids: dict[tuple, int] = {}
    rows = []
    for cands, winner in data:
        rows.append(([tuple(ids.setdefault(f, len(ids)) for f in fs) for fs in cands], winner))
    names = {v: k for k, v in ids.items()}
    groups = defaultdict(list)
    for f, i in ids.items():
        groups[f[0]].append(i)
    gamma = [1.0] * len(ids)
    wins = [0] * len(ids)
    args.pattern_counts = defaultdict(int)
    for cands, _ in rows:
        for fs in cands:
            args.pattern_counts[names[fs[0]][1]] += 1      # pat3 is each candidate's first
    for cands, winner in rows:
        for f in cands[winner]:
            wins[f] += 1
    for sweep in range(args.sweeps):
        for group, members in groups.items():
            member = set(members)
            denom = defaultdict(float)
            for cands, _ in rows:
                strengths = []
                for fs in cands:
                    s = 1.0
                    for f in fs:
                        s *= gamma[f]
                    strengths.append(s)
                total = sum(strengths)
                for fs, s in zip(cands, strengths):
                    for f in fs:
                        if f in member:
                            denom[f] += s / gamma[f] / total
            for f in members:
                gamma[f] = (wins[f] + 1) / (denom[f] + 2 / (gamma[f] + 1))
        hits = 0
        for cands, winner in rows:
            best = max(range(len(cands)), key=lambda k: prod(gamma[f] for f in cands[k]))
            hits += best == winner
        print(f"sweep {sweep + 1}: the highest strength is GNU Go's move in "
              f"{hits}/{len(rows)} positions ({hits / len(rows):.1%})", flush=True)
    write(Path(args.out), names, gamma, wins, len(rows), args)


def prod(xs) -> float:
    p = 1.0
    for x in xs:
        p *= x
    return p


def write(path: Path, names: dict, gamma: list, wins: list, count: int, args) -> None:
    lines = [
        ":- module(go_gammas, [gamma/3]).",
        "",
        "/*  Generated by scripts/go_gammas.py: do not edit (run the script again).",
        f"    {count} moves of GNU Go level {args.level} playing itself on 9x9.",
        "",
        "    gamma(Feature, Value, Gamma): the strength of a feature value (scripts/go_gammas.py",
        "    explains the model); a point's strength is the product of its features' gammas.",
        "    pat3 values are go_playout's code/4 numbers from the mover's side (1 own,",
        "    2 opponent), one fact for each turn and mirror of a shape seen at least",
        f"    {args.min_seen} times; a shape without a fact has gamma 1.",
        "*/",
        "",
    ]
    seen = defaultdict(int)
    body = []
    for f, g in sorted(((names[i], g) for i, g in enumerate(gamma)), key=lambda t: (t[0][0], t[0][1])):
        group, value = f
        if group == "pat3":
            continue
        body.append(f"gamma({group}, {value}, {g:.4f}).")
    pats = []
    for i, g in enumerate(gamma):
        group, value = names[i]
        if group == "pat3":
            pats.append((value, g))
    counts = args.pattern_counts
    for value, g in sorted(pats):
        if counts.get(value, 0) < args.min_seen:
            continue
        for v in sorted(variants(value)):
            body.append(f"gamma(pat3, {v}, {g:.4f}).")
            seen[v] += 1
    path.write_text("\n".join(lines + body) + "\n")
    print(f"wrote {path}: {len(body)} facts")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    g = sub.add_parser("games", help="GNU Go self-play games as SGF files")
    g.add_argument("--count", type=int, default=400)
    g.add_argument("--first", type=int, default=1)
    g.add_argument("--level", type=int, default=5)
    g.add_argument("--out", required=True)
    learn_p = sub.add_parser("learn", help="fit the gammas and write prolog/go/gammas.pl")
    learn_p.add_argument("games")
    learn_p.add_argument("--out", default=str(ROOT / "prolog" / "go" / "gammas.pl"))
    learn_p.add_argument("--sweeps", type=int, default=6)
    learn_p.add_argument("--level", type=int, default=5, help="the games' GNU Go level (noted)")
    learn_p.add_argument("--min-seen", type=int, default=3,
                         help="shapes seen fewer times among the candidates keep gamma 1")
    args = parser.parse_args()
    if args.command == "games":
        games(args)
    else:
        learn(args)


if __name__ == "__main__":
    main()
