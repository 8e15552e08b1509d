"""Does our dead-stone proposal leave an unsettled position alone, as GNU Go does?

Run from the repository root:  .venv/bin/python bench/go_early_endings.py --size 9 --plies 12

GNU Go level 1 plays itself from one to three seeded random stones for --plies plies in
all, and the game stops there: two passes in an open position, as a person who passes
early makes it.  For each seed it prints GNU Go's `final_status_list dead` and our
proposal (app.go.GoGame: the moves through our rules, then two passes), and at the end
how often they are the same, and how often ours holds no stone that GNU Go calls alive
(the open ground of docs/go.md, step 4 of the proposal).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.go import GoGame  # noqa: E402
from app.gtp import GNUGO, GTP, GTPError  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I


def vertex(size: int, row: int, col: int) -> str:
    return f"{LETTERS[col]}{size - row}"


def early_game(size: int, seed: int, plies: int) -> tuple[list[str], list[str]]:
    """GNU Go's moves from seeded stones, `plies` in all, and its dead stones then."""
    rng = random.Random(seed)
    engine = GTP([GNUGO, "--mode", "gtp", "--chinese-rules", "--komi", "0",
                  "--seed", str(seed), "--level", "1"])
    try:
        engine(f"boardsize {size}")
        engine("clear_board")
        moves, colour = [], "black"
        for _ in range(rng.randint(1, 3)):
            point = vertex(size, rng.randrange(2, size - 2), rng.randrange(2, size - 2))
            try:
                engine(f"play {colour} {point}")
            except GTPError:
                continue
            moves.append(point)
            colour = "white" if colour == "black" else "black"
        while len(moves) < plies:
            moves.append(engine(f"genmove {colour}").upper())
            colour = "white" if colour == "black" else "black"
        return moves, sorted(engine("final_status_list dead").split())
    finally:
        engine.close()


def our_dead(size: int, moves: list[str]) -> list[str]:
    """Our proposal once both players pass after `moves`."""
    game = GoGame(size=size, preset="chinese", komi=0)
    for move in moves:
        if move == "PASS":
            game.pass_()
        else:
            game.play(move)
    game.pass_()
    game.pass_()
    return sorted(vertex(size, r, c) for r, c in game.view["dead"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--plies", type=int, default=12)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--seeds", type=int, default=12)
    args = parser.parse_args()
    same = subset = 0
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        moves, theirs = early_game(args.size, seed, args.plies)
        ours = our_dead(args.size, moves)
        same += ours == theirs
        subset += set(ours) <= set(theirs)
        print(f"seed {seed}: GNU Go {' '.join(theirs) or '-'} | ours {' '.join(ours) or '-'}",
              flush=True)
    print(f"{args.size}x{args.size} after {args.plies} plies: GNU Go's dead stones exactly in "
          f"{same}/{args.seeds}; none GNU Go calls alive proposed dead in {subset}/{args.seeds}")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
