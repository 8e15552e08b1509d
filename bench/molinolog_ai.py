"""Benchmark of Molinolog's machine player (prolog/molinolog.pl).

Run from anywhere:  python bench/molinolog_ai.py [--games N] [--seed S]

Starts `swipl` as a subprocess (nothing from app/ is imported) with a small
Prolog helper program (HELPER below) that prints one line per measurement;
this script reads those lines and prints:

1. search speed on the board of size 2: for a few fixed positions (the start,
   and positions reached by seeded random turns) and depths 2 to 5, the nodes
   the alpha-beta search visited (positions given to negamax; the static
   evaluations that sort moves are not counted), the growth factor over the
   previous depth, the CPU time of that one move and nodes per second;
2. the machine's score over N games (default 100) of minimax depth 2 against
   a random player, and of depth 3 against depth 1 (each game opens with 4
   random turns so that the deterministic players do not repeat one game).
   The machine plays Black in odd games and White in even ones; a win scores
   1, a draw 1/2.  Game I uses random seed S + I, so runs are repeatable.
"""

import argparse
import collections
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = os.path.join(ROOT, "prolog", "molinolog.pl")

# Positions for the speed table: name, random seed, random turns from the start.
POSITIONS = [("start", 0, 0), ("placing", 1, 8), ("moving", 2, 24), ("late", 3, 40)]
DEPTHS = [2, 3, 4, 5]

HELPER = r"""
:- use_module(library(random)).
:- use_module(library(lists)).

walk(S, 0, S) :- !.
walk(S0, N, S) :-
    (   random_move(S0, M)
    ->  play_move(S0, M, S1),
        N1 is N - 1,
        walk(S1, N1, S)
    ;   S = S0
    ).

position(Seed, Turns, S) :-
    molinolog_initial(2, S0),
    set_random(seed(Seed)),
    walk(S0, Turns, S).

speed(Name, Seed, Turns, Depths) :-
    position(Seed, Turns, S),
    state_phase(S, Phase),
    state_on_board(S, b, OB), state_on_board(S, w, OW),
    forall(member(D, Depths),
           ( statistics(cputime, T0),
             best_move_nodes(S, D, M, N),
             statistics(cputime, T1),
             T is T1 - T0,
             format("speed ~w ~w ~w-~w ~w ~w ~6f ~q~n", [Name, Phase, OB, OW, D, N, T, M]),
             flush_output )).

match(Label, Games, Seed, Machine, Opponent, Opening) :-
    forall(between(1, Games, I),
           ( Seed1 is Seed + I,
             set_random(seed(Seed1)),
             molinolog_initial(2, S0),
             walk(S0, Opening, S1),
             (   I mod 2 =:= 1
             ->  MC = b, B = Machine, W = Opponent
             ;   MC = w, B = Opponent, W = Machine
             ),
             statistics(cputime, T0),
             self_play(S1, B, W, Moves, Outcome),
             statistics(cputime, T1),
             T is T1 - T0,
             length(Moves, L),
             outcome_words(Outcome, Result, Winner),
             format("game ~w ~w ~w ~w ~w ~w ~6f~n", [Label, I, MC, Result, Winner, L, T]),
             flush_output )).

outcome_words(win(C, Why), Why, C).
outcome_words(draw(Why), Why, none).
"""


def prolog_atom(text):
    """Text as a quoted Prolog atom."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def run_prolog(goals):
    """Runs swipl with the helper and the goals; yields its output lines."""
    with tempfile.NamedTemporaryFile("w", suffix=".pl", delete=False) as f:
        f.write(":- use_module(%s).\n" % prolog_atom(MODULE))
        f.write(HELPER)
        helper = f.name
    try:
        goal = "consult(%s), %s" % (prolog_atom(helper), ", ".join(goals))
        proc = subprocess.Popen(["swipl", "-q", "-g", goal, "-t", "halt"],
                                stdout=subprocess.PIPE, text=True)
        for line in proc.stdout:
            yield line.rstrip("\n")
        if proc.wait() != 0:
            sys.exit("swipl failed (exit status %d)" % proc.returncode)
    finally:
        os.unlink(helper)


def speed_table():
    print("Search speed, board size 2 (CPU time of one best_move/3 call)")
    print("%-8s %-6s %-6s %5s %8s %6s %9s %9s  %s"
          % ("position", "phase", "pieces", "depth", "nodes", "growth", "s/move", "nodes/s", "move"))
    goals = ["speed(%s, %d, %d, %s)" % (name, seed, turns, DEPTHS)
             for name, seed, turns in POSITIONS]
    totals = collections.defaultdict(lambda: [0, 0.0])
    previous = {}
    for line in run_prolog(goals):
        _, name, phase, pieces, depth, nodes, secs, move = line.split(" ", 7)
        nodes, secs = int(nodes), float(secs)
        totals[int(depth)][0] += nodes
        totals[int(depth)][1] += secs
        nps = nodes / secs if secs > 0 else float("nan")
        growth = "%6.1f" % (nodes / previous[name]) if name in previous else "%6s" % "-"
        previous[name] = nodes
        print("%-8s %-6s %-6s %5s %8d %s %9.3f %9.0f  %s"
              % (name, phase, pieces, depth, nodes, growth, secs, nps, move))
    for depth in sorted(totals):
        nodes, secs = totals[depth]
        print("depth %d: %d nodes in %.3f s over %d positions, %.0f nodes/s, %.3f s/move"
              % (depth, nodes, secs, len(POSITIONS), nodes / secs if secs else 0,
                 secs / len(POSITIONS)))
    print()


def match(label, title, games, seed, machine, opponent, opening):
    goal = "match(%s, %d, %d, %s, %s, %d)" % (label, games, seed, machine, opponent, opening)
    wins = draws = losses = 0
    reasons = collections.Counter()
    turns = secs = 0.0
    started = time.time()
    for line in run_prolog([goal]):
        _, _, _, colour, reason, winner, length, cpu = line.split()
        if winner == "none":
            draws += 1
            reasons["draw by " + reason] += 1
        elif winner == colour:
            wins += 1
            reasons["win by " + reason] += 1
        else:
            losses += 1
            reasons["loss by " + reason] += 1
        turns += int(length)
        secs += float(cpu)
    score = wins + draws / 2
    print(title)
    print("  %d games: %d wins, %d draws, %d losses; score %.1f/%d (%.1f%%)"
          % (games, wins, draws, losses, score, games, 100 * score / games))
    print("  " + ", ".join("%s %d" % kv for kv in sorted(reasons.items())))
    print("  %.1f turns per game, %.3f s CPU per game, %.1f s wall in all"
          % (turns / games, secs / games, time.time() - started))
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--seed", type=int, default=1000, help="base random seed (default 1000)")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    started = time.time()
    speed_table()
    match("d2_random", "Minimax depth 2 against a random player (board size 2)",
          args.games, args.seed, "minimax(2)", "random", 0)
    match("d3_d1", "Minimax depth 3 against minimax depth 1 (board size 2, 4 random opening turns)",
          args.games, args.seed, "minimax(3)", "minimax(1)", 4)
    print("Total %.1f s" % (time.time() - started))


if __name__ == "__main__":
    main()
