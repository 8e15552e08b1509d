"""Benchmark of Molinolog's machine player (prolog/molinolog/machine.pl).

Run from anywhere:  python bench/molinolog_ai.py [--rounds R] [--games N] [--seed S] [--quick]

Starts `swipl` as a subprocess (nothing from app/ is imported) with a small
Prolog helper program (HELPER below) that prints one line per measurement;
this script reads those lines and prints:

1. search speed on the board of size 2, against a reference measured in the
   same process: REFERENCE below is the previous search (negamax with
   alpha-beta on the state term, every child sorted by its static value,
   arithmetic not compiled), kept here verbatim as module
   molinolog_reference.  For depths 2 to 5 and a fixed set of positions (the
   start and positions reached by seeded random turns), each round runs the
   reference and the machine on every position, one after the other, the
   order alternating from round to round; each search starts after a
   garbage collection and is timed in CPU seconds.  Per depth it prints the
   nodes each search visited (the root and every position given to the
   search; children only valued to sort them are not counted), the median
   over rounds of the CPU time of all positions, nodes per second (nodes /
   that time), the speed-up (reference time / machine time) and on how many
   positions both chose the same move.  The goal (issue 13) is 100,000
   nodes per second at depth 4; the line "goal" says whether this run met it.
2. the machine's score over N games (default 100) of minimax depth 2 against
   a random player, and of depth 3 against depth 1 (each game opens with 4
   random turns so that the deterministic players do not repeat one game),
   played by the machine and, with the same seeds, by the reference: the
   same moves give the same games, and the script says whether they did.
   The machine plays Black in odd games and White in even ones; a win scores
   1, a draw 1/2.  Game I uses random seed S + I, so runs are repeatable.

The load average (os.getloadavg) is printed before and after each part: the
figures are CPU times, but a loaded machine still slows them (caches, a
shared core).  --quick: 2 rounds, depths 2 to 4, 10 games, for a smoke run.
"""

import argparse
import collections
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULE = os.path.join(ROOT, "prolog", "molinolog.pl")
BOARD = os.path.join(ROOT, "prolog", "molinolog", "board.pl")
RULES = os.path.join(ROOT, "prolog", "molinolog", "rules.pl")

# Positions for the speed table: name, random seed, random turns from the start.
POSITIONS = [("start", 0, 0), ("placing", 1, 8), ("moving", 2, 24), ("late", 3, 40),
             ("p4", 4, 4), ("p6", 5, 6), ("p10", 6, 10), ("p12", 7, 12),
             ("p14", 8, 14), ("p17", 9, 17), ("m20", 10, 20), ("m30", 11, 30)]
DEPTHS = [2, 3, 4, 5]
GOAL_DEPTH, GOAL_NPS = 4, 100_000

# The previous search (git 9d87542, prolog/molinolog/machine.pl), unchanged
# but for its module name and exports; it reads the rules and the board
# through the same modules as the machine.
REFERENCE = r"""
:- module(molinolog_reference, [ref_best_move/4, ref_self_play/5]).
:- use_module(library(lists)).
:- use_module(library(apply)).
:- use_module(library(pairs)).
:- use_module(library(error)).
:- use_module(library(random)).
:- use_module(%(board)s).
:- use_module(%(rules)s).

ref_best_move(S, Depth, Move, Nodes) :- best_move_nodes(S, Depth, Move, Nodes).

ref_self_play(S0, Black, White, Moves, Outcome) :-
    state_outcome(S0, Outcome0),
    (   Outcome0 == none
    ->  state_to_move(S0, C),
        (   C == b -> Player = Black ; Player = White ),
        (   Player = minimax(D)
        ->  best_move_nodes(S0, D, M, _)
        ;   findall(M0, legal_move(S0, M0), Ms),
            random_member(M, Ms)
        ),
        play_move(S0, M, S),
        Moves = [M|Moves1],
        ref_self_play(S, Black, White, Moves1, Outcome)
    ;   Moves = [],
        Outcome = Outcome0
    ).

weights(1000, 40, 25, 15, 4).
win_value(100000).
infinity(1000000).

leaf_value(S, Ply, V) :-
    S = molinolog(rules(T, _), B, W, C, H, _, _, _),
    other(C, O),
    colour_bits(C, B, W, Me),
    colour_bits(O, B, W, Op),
    hand_count(C, H, HMe),
    hand_count(O, H, HOp),
    empty_neighbours(T, B, W, Empty, Sides),
    mobility(Me, Sides, MobMe, BlkMe),
    (   HMe =:= 0,
        MobMe =:= 0
    ->  win_value(Win),
        V is Ply - Win
    ;   drawn(S, _)
    ->  V = 0
    ;   mobility(Op, Sides, MobOp, BlkOp),
        t_masks(T, _, Start),
        lines(Me, Empty, Start, MillsMe, TwosMe),
        lines(Op, Empty, Start, MillsOp, TwosOp),
        weights(WP, WM, W2, WB, WMob),
        V is WP * (popcount(Me) + HMe - popcount(Op) - HOp)
           + WM * (MillsMe - MillsOp) + W2 * (TwosMe - TwosOp)
           + WB * (BlkOp - BlkMe) + WMob * (MobMe - MobOp)
    ).

best_move_nodes(S, Depth, Move, Nodes) :-
    must_be(positive_integer, Depth),
    state_outcome(S, none),
    i_moves(S, Ms0),
    order_moves(S, Ms0, Ms),
    infinity(Inf),
    Alpha is -Inf,
    D1 is Depth - 1,
    Ms = [First|_],
    root(Ms, S, D1, Alpha, First, Best, 1, Nodes),
    i_move_move(Best, Move).

root([], _, _, _, Best, Best, N, N).
root([M|Ms], S, D, Alpha, Best0, Best, N0, N) :-
    i_play(S, M, S1),
    infinity(Inf),
    NegInf is -Inf,
    Beta is -Alpha,
    negamax(S1, D, 1, NegInf, Beta, V1, N0, N1),
    V is -V1,
    (   V > Alpha
    ->  root(Ms, S, D, V, M, Best, N1, N)
    ;   root(Ms, S, D, Alpha, Best0, Best, N1, N)
    ).

negamax(S, Depth, Ply, Alpha, Beta, V, N0, N) :-
    N1 is N0 + 1,
    (   two_pieces_loser(S, Loser)
    ->  lost_value(S, Loser, Ply, V),
        N = N1
    ;   Depth =:= 0
    ->  leaf_value(S, Ply, V),
        N = N1
    ;   i_moves(S, Moves),
        inner_value(Moves, S, Depth, Ply, Alpha, Beta, V, N1, N)
    ).

lost_value(molinolog(_, _, _, C, _, _, _, _), Loser, Ply, V) :-
    win_value(Win),
    (   Loser == C
    ->  V is Ply - Win
    ;   V is Win - Ply
    ).

inner_value([], _, _, Ply, _, _, V, N, N) :-
    win_value(Win),
    V is Ply - Win.
inner_value([M|Ms], S, Depth, Ply, Alpha, Beta, V, N0, N) :-
    (   drawn(S, _)
    ->  V = 0,
        N = N0
    ;   D1 is Depth - 1,
        Ply1 is Ply + 1,
        ordered_children(S, D1, [M|Ms], Children),
        infinity(Inf),
        Best0 is -Inf,
        children(Children, D1, Ply1, Alpha, Beta, Best0, V, N0, N)
    ).

children([], _, _, _, _, Best, Best, N, N).
children([S1|Ss], D, Ply, Alpha, Beta, Best0, Best, N0, N) :-
    A1 is -Beta,
    B1 is -Alpha,
    negamax(S1, D, Ply, A1, B1, V1, N0, N1),
    V is -V1,
    Best1 is max(Best0, V),
    Alpha1 is max(Alpha, V),
    (   Alpha1 >= Beta
    ->  Best = Best1,
        N = N1
    ;   children(Ss, D, Ply, Alpha1, Beta, Best1, Best, N1, N)
    ).

ordered_children(S, Depth, Ms0, Children) :-
    (   Depth >= 1
    ->  maplist(valued_child(S), Ms0, Keyed),
        keysort(Keyed, Sorted),
        pairs_values(Sorted, Children)
    ;   order_moves(S, Ms0, Ms),
        maplist(i_play(S), Ms, Children)
    ).

valued_child(S, M, V-S1) :-
    i_play(S, M, S1),
    leaf_value(S1, 0, V).

order_moves(S, Ms, Ordered) :-
    S = molinolog(rules(T, _), B, W, C, _, _, _, _),
    other(C, O),
    colour_bits(O, B, W, Op),
    map_list_to_pairs(move_class(T, Op), Ms, Keyed),
    keysort(Keyed, Sorted),
    pairs_values(Sorted, Ordered).

move_class(T, Op, Move, K) :-
    move_class_(Move, T, Op, K).

move_class_(pl(_, _), _, _, 0).
move_class_(mv(_, _, _), _, _, 0).
move_class_(cp(_), _, _, 0).
move_class_(pl(I), T, Op, K) :-
    block_class(T, I, Op, K).
move_class_(mv(_, J), T, Op, K) :-
    block_class(T, J, Op, K).

block_class(T, I, Op, K) :-
    t_point_mills(T, I, Ms),
    (   member(M, Ms),
        popcount(M /\ Op) =:= 2
    ->  K = 1
    ;   K = 2
    ).
"""

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

search(machine, S, D, M, N) :- best_move_nodes(S, D, M, N).
search(reference, S, D, M, N) :- ref_best_move(S, D, M, N).

%   speed(+Depth, +Round, +Positions): one round at Depth, the two searches
%   one after the other (the reference first in odd rounds).
speed(Depth, Round, Positions) :-
    (   Round mod 2 =:= 1 -> Order = [reference, machine] ; Order = [machine, reference] ),
    forall(member(Impl, Order),
           forall(member(Name-Seed-Turns, Positions),
                  ( position(Seed, Turns, S),
                    garbage_collect,
                    statistics(cputime, T0),
                    search(Impl, S, Depth, M, N),
                    statistics(cputime, T1),
                    T is T1 - T0,
                    format("speed ~w ~w ~w ~w ~w ~6f ~q~n", [Depth, Round, Impl, Name, N, T, M]),
                    flush_output ))).

match(Impl, Label, Games, Seed, Machine, Opponent, Opening) :-
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
             (   Impl == machine
             ->  self_play(S1, B, W, Moves, Outcome)
             ;   ref_self_play(S1, B, W, Moves, Outcome)
             ),
             statistics(cputime, T1),
             T is T1 - T0,
             length(Moves, L),
             term_hash(Moves, H),
             outcome_words(Outcome, Result, Winner),
             format("game ~w ~w ~w ~w ~w ~w ~6f ~w~n", [Label, I, MC, Result, Winner, L, T, H]),
             flush_output )).

outcome_words(win(C, Why), Why, C).
outcome_words(draw(Why), Why, none).
"""


def prolog_atom(text):
    """Text as a quoted Prolog atom."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def run_prolog(goals):
    """Runs swipl with the machine, the reference and the helper, then the goals;
    yields its output lines."""
    with tempfile.TemporaryDirectory() as tmp:
        reference = os.path.join(tmp, "molinolog_reference.pl")
        with open(reference, "w") as f:
            f.write(REFERENCE % {"board": prolog_atom(BOARD), "rules": prolog_atom(RULES)})
        helper = os.path.join(tmp, "helper.pl")
        with open(helper, "w") as f:
            f.write(":- use_module(%s).\n" % prolog_atom(MODULE))
            f.write(":- use_module(%s).\n" % prolog_atom(reference))
            f.write(HELPER)
        goal = "consult(%s), %s" % (prolog_atom(helper), ", ".join(goals))
        proc = subprocess.Popen(["swipl", "-q", "-g", goal, "-t", "halt"],
                                stdout=subprocess.PIPE, text=True)
        for line in proc.stdout:
            yield line.rstrip("\n")
        if proc.wait() != 0:
            sys.exit("swipl failed (exit status %d)" % proc.returncode)


def load_line():
    one, five, fifteen = os.getloadavg()
    return "load average %.2f %.2f %.2f (%d CPUs)" % (one, five, fifteen, os.cpu_count())


def speed_table(depths, rounds):
    positions = "[%s]" % ", ".join("%s-%d-%d" % p for p in POSITIONS)
    print("Search speed, board size 2: the machine against the previous search (reference),")
    print("%d positions, %d rounds alternating, median CPU time of a round; %s"
          % (len(POSITIONS), rounds, load_line()))
    goals = ["speed(%d, %d, %s)" % (d, r, positions)
             for d in depths for r in range(1, rounds + 1)]
    # times[depth][impl] = one total per round; nodes/moves[depth][impl][position]
    times = collections.defaultdict(lambda: collections.defaultdict(lambda: collections.defaultdict(float)))
    nodes = collections.defaultdict(lambda: collections.defaultdict(dict))
    moves = collections.defaultdict(lambda: collections.defaultdict(dict))
    for line in run_prolog(goals):
        _, depth, rnd, impl, name, n, secs, move = line.split(" ", 7)
        depth, n = int(depth), int(n)
        times[depth][impl][int(rnd)] += float(secs)
        nodes[depth][impl][name] = n
        moves[depth][impl][name] = move
    print("%5s  %10s %10s  %9s %9s  %9s %9s  %8s  %s"
          % ("depth", "nodes ref", "nodes new", "s ref", "s new", "nodes/s ref", "new",
             "speed-up", "same move"))
    results = {}
    for depth in depths:
        row = {}
        for impl in ("reference", "machine"):
            total_nodes = sum(nodes[depth][impl].values())
            secs = statistics.median(times[depth][impl].values())
            row[impl] = (total_nodes, secs, total_nodes / secs if secs > 0 else float("inf"))
        same = sum(moves[depth]["reference"][p] == moves[depth]["machine"][p]
                   for p in moves[depth]["machine"])
        ref, new = row["reference"], row["machine"]
        print("%5d  %10d %10d  %9.4f %9.4f  %11.0f %9.0f  %7.2fx  %d/%d"
              % (depth, ref[0], new[0], ref[1], new[1], ref[2], new[2],
                 ref[1] / new[1] if new[1] > 0 else float("inf"), same, len(POSITIONS)))
        results[depth] = (row, same)
    if GOAL_DEPTH in results:
        nps = results[GOAL_DEPTH][0]["machine"][2]
        print("goal: >= %d nodes/s at depth %d: %s (%.0f nodes/s)"
              % (GOAL_NPS, GOAL_DEPTH, "met" if nps >= GOAL_NPS else "MISSED", nps))
    print("(s: CPU seconds for all %d positions; the machine orders moves more cheaply one and two"
          % len(POSITIONS))
    print(" turns above the leaves, so it visits other nodes than the reference; same move: the")
    print(" move both chose.)  %s" % load_line())
    print()
    return results


def match(label, title, games, seed, machine, opponent, opening):
    summary = {}
    for impl in ("machine", "reference"):
        goal = "match(%s, %s, %d, %d, %s, %s, %d)" % (impl, label, games, seed, machine,
                                                       opponent, opening)
        wins = draws = losses = 0
        reasons = collections.Counter()
        turns = secs = 0.0
        hashes = []
        started = time.time()
        for line in run_prolog([goal]):
            _, _, _, colour, reason, winner, length, cpu, moves_hash = line.split()
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
            hashes.append(moves_hash)
        summary[impl] = (wins, draws, losses, reasons, turns, secs, time.time() - started, hashes)
    wins, draws, losses, reasons, turns, secs, wall, hashes = summary["machine"]
    score = wins + draws / 2
    print(title)
    print("  %d games: %d wins, %d draws, %d losses; score %.1f/%d (%.1f%%)"
          % (games, wins, draws, losses, score, games, 100 * score / games))
    print("  " + ", ".join("%s %d" % kv for kv in sorted(reasons.items())))
    print("  %.1f turns per game, %.3f s CPU per game, %.1f s wall in all"
          % (turns / games, secs / games, wall))
    ref = summary["reference"]
    same = sum(a == b for a, b in zip(hashes, ref[7]))
    print("  reference: score %.1f/%d, %.3f s CPU per game; the same game (every move) in %d/%d"
          % (ref[0] + ref[1] / 2, games, ref[5] / games, same, games))
    print("  %s" % load_line())
    print()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--seed", type=int, default=1000, help="base random seed (default 1000)")
    parser.add_argument("--rounds", type=int, default=5, help="rounds of the speed table (default 5)")
    parser.add_argument("--quick", action="store_true", help="2 rounds, depths 2-4, 10 games")
    args = parser.parse_args()
    depths = DEPTHS
    if args.quick:
        args.rounds, args.games, depths = 2, 10, [2, 3, 4]
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    started = time.time()
    speed_table(depths, args.rounds)
    match("d2_random", "Minimax depth 2 against a random player (board size 2)",
          args.games, args.seed, "minimax(2)", "random", 0)
    match("d3_d1", "Minimax depth 3 against minimax depth 1 (board size 2, 4 random opening turns)",
          args.games, args.seed, "minimax(3)", "minimax(1)", 4)
    print("Total %.1f s" % (time.time() - started))


if __name__ == "__main__":
    main()
