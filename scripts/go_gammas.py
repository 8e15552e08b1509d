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

Prolog reads the features (go_prior:move_choices/3 replays each game on the fast board and
gives the features of every candidate with gamma_features/6, the reading the search uses):
this script only fits the numbers.  A shape is learned as one class with its turns and
mirrors (the smallest of their code/4 numbers) and written for each of them.
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

# ---- shapes ------------------------------------------------------------------------------------


def variants(code_: int) -> set[int]:
    """The code of each of the eight turns and mirrors of a neighbourhood (go_playout's
    code/4: two bits for each of NW N NE W E SW S SE, the first lowest)."""
    spots = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
    value = {spot: (code_ >> (2 * k)) & 3 for k, spot in enumerate(spots)}
    out = set()
    for turn in range(4):
        for mirror in (False, True):
            total = 0
            for k, (dr, dc) in enumerate(spots):
                r0, c0 = dr, (-dc if mirror else dc)
                for _ in range(turn):
                    r0, c0 = c0, -r0
                total += value[(r0, c0)] << (2 * k)
            out.add(total)
    return out


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
    """(candidates, index of the one GNU Go played) for every move GNU Go chose: each
    candidate a list of (feature, value), read by Prolog (go_prior:move_choices/3, the
    features the search uses), the 3x3 shape as its smallest turn or mirror."""
    from app.go import query

    for path in sorted(directory.glob("*.sgf")):
        game = sgf.Sgf_game.from_bytes(path.read_bytes())
        moves = []
        for node in game.get_main_sequence()[1:]:
            colour, move = node.get_move()
            learn = "true" if move is not None and not node.has_property("C") else "false"
            point = "pass" if move is None else f"[{SIZE - 1 - move[0]}, {move[1]}]"
            moves.append(f"m({1 if colour == 'b' else 2}, {point}, {learn})")
        goal = f"go_prior:move_choices({SIZE}, [{', '.join(moves)}], Choices)"
        for k, candidates in query(goal, maxresult=1)[0]["Choices"]:
            yield [[(name, min(variants(value)) if name == "pat3" else value)
                    for name, value in features] for features in candidates], k


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
    write(Path(args.out), names, gamma, len(rows), args)


def prod(xs) -> float:
    p = 1.0
    for x in xs:
        p *= x
    return p


def write(path: Path, names: dict, gamma: list, count: int, args) -> None:
    """The module go_gammas: a fact per feature value; a shape once, by its canonical
    number (go_prior turns and mirrors it), six facts a line (it is data)."""
    lines = [
        ":- module(go_gammas, [gamma/3]).",
        "",
        "/*  Generated by scripts/go_gammas.py: do not edit (run the script again).",
        f"    {count} moves of GNU Go level {args.level} playing itself on 9x9.",
        "",
        "    gamma(Feature, Value, Gamma): the strength of a feature value (scripts/go_gammas.py",
        "    explains the model); a point's strength is the product of its features' gammas.",
        "    pat3 values are go_playout's code/4 numbers from the mover's side (1 own,",
        "    2 opponent), the smallest of the numbers of a shape's turns and mirrors, for",
        f"    the shapes seen at least {args.min_seen} times among the candidates; go_prior",
        "    gives the same gamma to every turn and mirror, and gamma 1 to other shapes.",
        "*/",
        "",
    ]
    facts = sorted((names[i][0], names[i][1], g) for i, g in enumerate(gamma)
                   if names[i][0] != "pat3" or args.pattern_counts[names[i][1]] >= args.min_seen)
    body = [f"gamma({group}, {value}, {g:.4f})." for group, value, g in facts]
    rows = [" ".join(body[k:k + 6]) for k in range(0, len(body), 6)]
    path.write_text("\n".join(lines + rows) + "\n")
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
