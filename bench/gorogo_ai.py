"""The GoRoGo machine player against a seeded random player.

    python bench/gorogo_ai.py [--games N] [--depth D] [--seed S]

Starts SWI-Prolog as a subprocess (app/ is not imported), loads
prolog/gorogo.pl and plays N games (default 100) between the machine player
(gorogo_best_move/4, Depth placements deep, to the end of the game once few
placements remain; the exact search, without the web's time budget) and a
player choosing uniformly among the legal placements with Python's
random.Random(seed + game).  The machine plays Black in the even games and
White in the odd ones.  Prints the score, the time per machine move (Prolog
CPU seconds, for the depth-limited search and for the search to the end) and
the positions searched per second.

One run of `python bench/gorogo_ai.py` printed, on two cores shared with
other work (the wall time counts that work too; the CPU times do not):

    GoRoGo machine (depth 4) against a seeded random player (seed 1), 100 games in 682.3 s
    score: machine won 100/100 (as Black 50/50, as White 50/50)
    time per machine move (Prolog CPU): 1250 moves, mean 0.109 s, median 0.084 s, max 0.491 s
      depth-limited search:             800 moves, mean 0.152 s, median 0.123 s, max 0.491 s
      search to the end of the game:    450 moves, mean 0.032 s, median 0.004 s, max 0.448 s
    positions searched: 4588728, 33,815 per CPU second
"""

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The driver reads one command a line and answers one JSON line:
#   new            a new game
#   play I         the random player plays the I-th legal placement
#   machine D      the machine plays, searching D placements deep
# Every answer describes the game: legal placements, whose turn, the end.
DRIVER = r"""
:- use_module(library(http/json)).
:- use_module(library(readutil)).

main :-
    gorogo:gorogo_initial(S0),
    loop(S0).

loop(S0) :-
    read_line_to_string(user_input, Line),
    (   Line == end_of_file
    ->  true
    ;   split_string(Line, " ", "", Words),
        command(Words, S0, S, Extra),
        answer(S, Extra),
        loop(S)
    ).

command(["new"], _, S, _{}) :-
    gorogo:gorogo_initial(S).
command(["play", IS], S0, S, _{}) :-
    number_string(I, IS),
    findall(M, gorogo:gorogo_legal(S0, M), Ms),
    nth0(I, Ms, M),
    gorogo:gorogo_place(S0, M, S).
command(["machine", DS], S0, S, _{move: [P, R, C], nodes: N, cpu: T, to_end: ToEnd}) :-
    number_string(D, DS),
    gorogo:remaining(S0, Left),
    gorogo:endgame_plies(Endgame),
    (   Left =< max(Endgame, D)
    ->  ToEnd = true
    ;   ToEnd = false
    ),
    statistics(cputime, T0),
    gorogo:gorogo_best_move(S0, D, place(P, R, C), N),
    statistics(cputime, T1),
    T is T1 - T0,
    gorogo:gorogo_place(S0, place(P, R, C), S).

answer(S, Extra) :-
    S = gorogo(_, ToMove, _, captures(CB, CW), _),
    aggregate_all(count, gorogo:gorogo_legal(S, _), NLegal),
    (   gorogo:gorogo_over(S, W, Reason)
    ->  Over = _{winner: W, reason: Reason}
    ;   Over = _{winner: null, reason: null}
    ),
    put_dict(Over, Extra, D1),
    put_dict(_{to_move: ToMove, legal: NLegal, captures: [CB, CW]}, D1, D),
    json_write_dict(current_output, D, [width(0)]),
    nl,
    flush_output.
"""


class Prolog:
    """One swipl process running the driver."""

    def __init__(self):
        fd, self.driver = tempfile.mkstemp(suffix=".pl", prefix="gorogo_bench_")
        with os.fdopen(fd, "w") as f:
            f.write(DRIVER)
        module = os.path.join(ROOT, "prolog", "gorogo.pl")
        self.proc = subprocess.Popen(
            ["swipl", "-q", "-g", f"use_module('{module}')", "-g", "main", "-t", "halt",
             self.driver],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def ask(self, command):
        self.proc.stdin.write(command + "\n")
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"swipl stopped after: {command}")
        return json.loads(line)

    def close(self):
        self.proc.stdin.close()
        self.proc.wait()
        os.unlink(self.driver)


def play_game(prolog, machine, depth, rng, moves):
    """Plays one game; appends the machine's moves to moves; returns the game's end."""
    game = prolog.ask("new")
    while game["winner"] is None:
        if game["to_move"] == machine:
            game = prolog.ask(f"machine {depth}")
            moves.append(game)
        else:
            game = prolog.ask(f"play {rng.randrange(game['legal'])}")
    return game


def summary(times):
    if not times:
        return "none"
    return (f"{len(times)} moves, mean {statistics.mean(times):.3f} s, "
            f"median {statistics.median(times):.3f} s, max {max(times):.3f} s")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=4, choices=range(1, 9),
                        help="the web offers 1-5; deeper ones take long")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    prolog = Prolog()
    wins = {"b": [0, 0], "w": [0, 0]}
    reasons = {}
    moves = []
    start = time.monotonic()
    try:
        for game in range(args.games):
            machine = "b" if game % 2 == 0 else "w"
            end = play_game(prolog, machine, args.depth, random.Random(args.seed + game), moves)
            wins[machine][1] += 1
            if end["winner"] == machine:
                wins[machine][0] += 1
            else:
                reasons[end["reason"]] = reasons.get(end["reason"], 0) + 1
    finally:
        prolog.close()
    wall = time.monotonic() - start

    won = wins["b"][0] + wins["w"][0]
    print(f"GoRoGo machine (depth {args.depth}) against a seeded random player "
          f"(seed {args.seed}), {args.games} games in {wall:.1f} s")
    print(f"score: machine won {won}/{args.games} "
          f"(as Black {wins['b'][0]}/{wins['b'][1]}, as White {wins['w'][0]}/{wins['w'][1]})")
    if reasons:
        print(f"machine losses by reason: {reasons}")
    heuristic = [m["cpu"] for m in moves if not m["to_end"]]
    to_end = [m["cpu"] for m in moves if m["to_end"]]
    print(f"time per machine move (Prolog CPU): {summary([m['cpu'] for m in moves])}")
    print(f"  depth-limited search:             {summary(heuristic)}")
    print(f"  search to the end of the game:    {summary(to_end)}")
    nodes = sum(m["nodes"] for m in moves)
    cpu = sum(m["cpu"] for m in moves)
    if cpu > 0:
        print(f"positions searched: {nodes}, {nodes / cpu:,.0f} per CPU second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
