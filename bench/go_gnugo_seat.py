"""What does a GNU Go seat's turn cost beyond GNU Go itself?

Run from the repository root:  .venv/bin/python bench/go_gnugo_seat.py [--size 19] [--rounds 5]

GNU Go (level --level) first plays itself for --plies moves; then, at every --every-th
position of that game, in alternating rounds:

  - gnugo:  one fresh GNU Go, told the game with the same GTP script and asked `genmove`
    (app.gnugo_seat.run: what any program that plays GNU Go must pay);
  - seat:   the whole turn of a gnugo seat (app.gnugo_seat.play_turn on the game as the
    machine route has it: the new game's setup from Prolog, the same GNU Go, and its move
    played through our rules with Game.machine_act).

It prints, per position and over all, the median wall time of each and their ratio
(seat / gnugo): the part of a turn that is ours.  The machine's load average is printed
too: GNU Go's own time grows with it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import gnugo_seat  # noqa: E402
from app.games import Game  # noqa: E402
from app.gtp import GNUGO, GTP  # noqa: E402


def self_play(size: int, level: int, plies: int) -> list[dict]:
    """GNU Go's moves against itself as our actions ({"kind", "player", "pos"})."""
    actions = []
    with GTP([GNUGO, "--mode", "gtp", "--level", str(level), "--chinese-rules",
              "--never-resign"]) as engine:
        engine(f"boardsize {size}")
        engine("clear_board")
        for n in range(plies):
            colour = "bw"[n % 2]
            answer = engine(f"genmove {colour}").upper()
            if answer == "PASS":
                break
            actions.append({"kind": "move", "player": colour,
                            "pos": gnugo_seat.point(size, answer)})
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--size", type=int, default=19)
    parser.add_argument("--level", type=int, default=1)
    parser.add_argument("--plies", type=int, default=120)
    parser.add_argument("--every", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    options = {"size": args.size, "preset": "chinese", "black": "gnugo", "white": "gnugo",
               "level": args.level}
    game = self_play(args.size, args.level, args.plies)
    budget = 60.0
    command = gnugo_seat.argv(args.level, "chinese", "superko", int(budget) + 1)
    all_ratios = []
    print(f"{args.size}x{args.size}, GNU Go level {args.level}, load average "
          f"{os.getloadavg()[0]:.1f}")
    for plies in range(0, len(game) + 1, args.every):
        actions = game[:plies]
        start = Game("go", options).view
        script = gnugo_seat.gtp_script(start, actions, 7.5)
        colour = "bw"[plies % 2]
        times = {"gnugo": [], "seat": []}
        for _ in range(args.rounds):
            t = time.perf_counter()
            gnugo_seat.run(command, script + [f"genmove {colour}"],
                           time.monotonic() + budget, budget)
            times["gnugo"].append(time.perf_counter() - t)
            played = Game.restore("go", options, actions)
            played.view  # noqa: B018  (the stored game's view, as the route has it)
            t = time.perf_counter()
            gnugo_seat.play_turn(played, options, actions, budget)
            times["seat"].append(time.perf_counter() - t)
        gnugo, seat = statistics.median(times["gnugo"]), statistics.median(times["seat"])
        all_ratios.append(seat / gnugo)
        print(f"  move {plies:3d}: gnugo {gnugo * 1000:7.1f} ms   seat {seat * 1000:7.1f} ms"
              f"   ratio {seat / gnugo:.2f}")
    print(f"median ratio seat / gnugo: {statistics.median(all_ratios):.2f} "
          f"(load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
