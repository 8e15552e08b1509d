"""The random games (playouts) of the Go machine: the new policy against the old, speed and strength.

    .venv/bin/python bench/go_playout.py [--rounds 5] [--playouts-timed 300]
                                         [--duel 400] [--games 20] [--playouts 200] [--seed 1]
                                         [--variant new|nopat] [--baseline-rev 523b9f7]

1. Speed, in --rounds alternating rounds (the order turned every round), CPU time per
   playout (ms) from the empty 9x9 board and from a mid-game position (bench/go_playout.pl):
   - `base`: montecarlo.pl's random game (captures and rescues next to the last move, else
     a random move) on the board of --baseline-rev (prolog/go/fastboard.pl before its speed
     work; the files are read with `git show` into a temporary directory);
   - `old`: the same random game on today's board;
   - `new`: go_playout's policy_game/6 (prolog/go/playout.pl: atari replies, MoGo's 3x3
     patterns, captures, random moves without self-atari of two stones or more).
   Each figure is the median of the rounds (min-max); the ratios are of medians.
2. The policies as players: --duel games where each side plays its policy's move (no search).
3. Strength: two flat Monte Carlo players (--playouts random games per move spread over the
   legal points by UCB1, the best win rate played), one finishing its random games with the
   new policy and the other with the old, play --games games on 9x9 (komi 7.5, area count
   of the fast board, simple ko), the new one Black in odd games; each game seeded
   (--seed). Prints the new policy's win rate with a 95% (Wilson) interval.  --variant nopat:
   the new side plays the new policy without its patterns (rule 2), an ablation.

Goals: a new playout no slower than 3.5 ms on the empty 9x9, and a clear win rate over the
old policy.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "go_playout.pl"


def swipl(lib: Path, goal: str) -> list[str]:
    env = dict(os.environ, GO_LIB=str(lib))
    out = subprocess.run(["swipl", "-q", "-g", goal, "-t", "halt", str(SCRIPT)],
                         env=env, capture_output=True, text=True, check=True)
    if out.stderr.strip():
        print(out.stderr, file=sys.stderr)
    return out.stdout.splitlines()


def speed_lines(lib: Path, which: str, n: int, seed: int) -> dict[str, float]:
    res = {}
    for line in swipl(lib, f"speed({which}, {n}, {seed})"):
        _, w, pos, ms = line.split()
        res[pos] = float(ms)
    return res


def baseline_lib(rev: str, tmp: Path) -> Path:
    for name in ("board", "fastboard", "montecarlo"):
        text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:prolog/go/{name}.pl"],
                              capture_output=True, text=True, check=True).stdout
        (tmp / f"{name}.pl").write_text(text)
    return tmp


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def fmt(xs: list[float]) -> str:
    return f"{statistics.median(xs):.3f} ms ({min(xs):.3f}-{max(xs):.3f})"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=5, help="0: no speed rounds")
    ap.add_argument("--playouts-timed", type=int, default=300, help="playouts timed per round and position")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--playouts", type=int, default=200, help="playouts per move of the flat players")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", choices=["new", "nopat"], default="new",
                    help="the strength games' new side: the policy, or the policy without its patterns (an ablation)")
    ap.add_argument("--duel", type=int, default=400, help="games between the policies themselves (0: none)")
    ap.add_argument("--baseline-rev", default="523b9f7",
                    help="the commit whose fastboard.pl/montecarlo.pl are the 'base' column")
    args = ap.parse_args()
    lib = ROOT / "prolog" / "go"
    print(f"load average at start: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")

    with tempfile.TemporaryDirectory() as tmp:
        if args.rounds <= 0:
            base = None
        else:
            base = baseline_lib(args.baseline_rev, Path(tmp))
        times: dict[tuple[str, str], list[float]] = {}
        runs = [("base", base, "old"), ("old", lib, "old"), ("new", lib, "new")]
        for r in range(args.rounds):
            order = runs if r % 2 == 0 else list(reversed(runs))
            for name, where, which in order:
                for pos, ms in speed_lines(where, which, args.playouts_timed, args.seed + r).items():
                    times.setdefault((name, pos), []).append(ms)
        if args.rounds > 0:
            print(f"\nCPU time per playout, median of {args.rounds} rounds of {args.playouts_timed} (min-max):")
        for pos in ("empty", "mid") if args.rounds > 0 else ():
            label = "empty 9x9" if pos == "empty" else "mid-game "
            med = {n: statistics.median(times[(n, pos)]) for n, _, _ in runs}
            print(f"  {label}  base {fmt(times[('base', pos)])}  old {fmt(times[('old', pos)])}"
                  f"  new {fmt(times[('new', pos)])}")
            print(f"             old/base {med['old'] / med['base']:.2f}x   new/old {med['new'] / med['old']:.2f}x"
                  f"   new/base {med['new'] / med['base']:.2f}x")

    if args.duel > 0:
        _, wins, n = swipl(lib, f"duel({args.duel}, {args.seed})")[0].split()
        wins, n = int(wins), int(n)
        lo, hi = wilson(wins, n)
        print(f"\nThe policies as players (one move a turn, no search), {n} games on 9x9, komi 7.5:"
              f" the new won {wins} = {100 * wins / n:.0f}% (95% interval {100 * lo:.0f}-{100 * hi:.0f}%)")

    if args.games > 0:
        print(f"\nStrength ({args.variant} against old): flat Monte Carlo, {args.playouts} playouts a move, 9x9, komi 7.5, "
              f"{args.games} games (new policy Black in odd games)")
        t0 = time.time()
        env = dict(os.environ, GO_LIB=str(lib))
        proc = subprocess.Popen(["swipl", "-q", "-g", f"strength({args.games}, {args.playouts}, {args.seed}, {args.variant})",
                                 "-t", "halt", str(SCRIPT)], env=env, stdout=subprocess.PIPE, text=True)
        wins = n = 0
        assert proc.stdout is not None
        for line in proc.stdout:
            _, k, colour, score, moves, who = line.split()
            n += 1
            wins += who == "new"
            print(f"  game {k}: new plays {'Black' if colour == '1' else 'White'}, Black-White area {score}"
                  f" after {moves} plies: {who} policy wins", flush=True)
        if proc.wait() != 0:
            print("swipl failed", file=sys.stderr)
            return 1
        lo, hi = wilson(wins, n)
        print(f"new policy won {wins}/{n} = {100 * wins / max(n, 1):.0f}% (95% interval {100 * lo:.0f}-{100 * hi:.0f}%)"
              f" in {time.time() - t0:.0f} s")
    print(f"load average at end: {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} {os.getloadavg()[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
