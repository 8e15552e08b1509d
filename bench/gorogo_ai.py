"""The GoRoGo machine player: its search speed per depth against a plain search, and its
games against a seeded random player.

    python bench/gorogo_ai.py [--games N] [--depth D] [--seed S] [--rounds R] [--quick]

Starts SWI-Prolog as a subprocess (app/ is not imported) and loads prolog/gorogo.pl.

1. Search speed per depth.  On a few positions of seeded random play (the surplus Henge
   and 2, 4, 6 more random placements: all far from the end, so both searches stop at the
   depth asked), the machine's search (gorogo_best_move/4: iterative deepening, a
   transposition table, moves ordered) and a baseline measured in the same run, a plain
   negamax with alpha-beta on the same move generator and the same leaf values but
   without the table and without ordering (written in this file's driver), search each
   depth from 1 to D.  The two alternate, in reversed order every other round.  For each
   depth it prints the positions each visited, their Prolog CPU time, nodes per CPU
   second, and the machine's time as a fraction of the baseline's.
2. Games.  N games between the machine (gorogo_best_move/4, D placements deep, to the end
   of the game once few placements remain; no time budget) and a player choosing
   uniformly among the legal placements with random.Random(seed + game) (the random
   player asks the bit-mask rules, gorogo_rules:mask_legal/2 and mask_place/3, which
   the tests hold equal to the course's).  The machine plays Black in the even games and
   White in the odd ones.  Prints the score, the time per machine move (Prolog CPU
   seconds, for the depth-limited search and for the search to the end) and the
   positions searched per CPU second.

--quick: depths 1-3 for the speed table, 10 games at depth 3.
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
    findall(M, gorogo_rules:mask_legal(S0, M), Ms),
    nth0(I, Ms, M),
    gorogo_rules:mask_place(S0, M, S).
command(["search", Engine, DS], S, S, _{nodes: N, cpu: T}) :-
    number_string(D, DS),
    statistics(cputime, T0),
    (   Engine == "machine"
    ->  gorogo:gorogo_best_move(S, D, _, N)
    ;   plain_best_move(S, D, _, N)
    ),
    statistics(cputime, T1),
    T is T1 - T0.
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
    aggregate_all(count, gorogo_rules:mask_legal(S, _), NLegal),
    (   gorogo_rules:mask_over(S, W, Reason)
    ->  Over = _{winner: W, reason: Reason}
    ;   Over = _{winner: null, reason: null}
    ),
    put_dict(Over, Extra, D1),
    put_dict(_{to_move: ToMove, legal: NLegal, captures: [CB, CW]}, D1, D),
    json_write_dict(current_output, D, [width(0)]),
    nl,
    flush_output.

%   The baseline: negamax with alpha-beta, Depth placements deep, on the
%   machine's own move generator and leaf values (gorogo_machine's
%   root_children/2, evaluate/2, terminal_value/2), but no transposition
%   table, no iterative deepening and the moves in the generator's order.
%   Nodes are counted as gorogo_best_move/4 counts them: one per position
%   given to the search below the root.
plain_best_move(State, Depth, Move, Nodes) :-
    gorogo_machine:root_children(State, Children),
    Children = [r(_, First, _)|_],
    gorogo_machine:win_score(Win),
    Alpha is -Win,
    Depth1 is Depth - 1,
    plain_root(Children, Depth1, Alpha, Win, First, Move, 0, Nodes).

plain_root([], _, _, _, Best, Best, N, N).
plain_root([r(_, M, Pos)|Rs], Depth, Alpha, Beta, Best0, Best, N0, N) :-
    NAlpha is -Beta,
    NBeta is -Alpha,
    plain(Pos, Depth, NAlpha, NBeta, V0, N0, N1),
    V is -V0,
    (   V > Alpha
    ->  plain_root(Rs, Depth, V, Beta, M, Best, N1, N)
    ;   plain_root(Rs, Depth, Alpha, Beta, Best0, Best, N1, N)
    ).

plain(Pos, Depth, Alpha, Beta, Value, N0, N) :-
    N1 is N0 + 1,
    (   Depth =:= 0, gorogo_machine:can_place(Pos)
    ->  gorogo_machine:evaluate(Pos, Value),
        N = N1
    ;   gorogo_rules:pos_moves(Pos, Moves),
        (   Moves == []
        ->  gorogo_machine:terminal_value(Pos, Value),
            N = N1
        ;   Depth =:= 0
        ->  gorogo_machine:evaluate(Pos, Value),
            N = N1
        ;   Depth1 is Depth - 1,
            plain_moves(Moves, Pos, Depth1, Alpha, Beta, Value, N1, N)
        )
    ).

plain_moves([], _, _, Alpha, _, Alpha, N, N).
plain_moves([m(Piece, X, Dead)|Ms], Pos, Depth, Alpha, Beta, Value, N0, N) :-
    gorogo_rules:pos_child(Pos, Piece, X, Dead, Child),
    NAlpha is -Beta,
    NBeta is -Alpha,
    plain(Child, Depth, NAlpha, NBeta, V0, N0, N1),
    V is -V0,
    (   V >= Beta
    ->  Value = Beta,
        N = N1
    ;   V > Alpha
    ->  plain_moves(Ms, Pos, Depth, V, Beta, Value, N1, N)
    ;   plain_moves(Ms, Pos, Depth, Alpha, Beta, Value, N1, N)
    ).
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


#  The positions of the speed table: the surplus Henge and then this many random
#  placements, with random.Random(seed).  All leave more than 9 + depth placements, so
#  the machine's search stops at the depth asked, as the baseline does.
SPEED_PLIES = (3, 5, 7)


def position(prolog, plies, rng):
    game = prolog.ask("new")
    for _ in range(plies):
        game = prolog.ask(f"play {rng.randrange(game['legal'])}")
    return game


def speed_table(prolog, depths, seed, rounds):
    """{(engine, depth): [nodes, cpu]} over the positions, the engines alternating."""
    totals = {}
    for round_ in range(rounds):
        engines = ("machine", "plain") if round_ % 2 == 0 else ("plain", "machine")
        for depth in depths:
            for i, plies in enumerate(SPEED_PLIES):
                for engine in engines:
                    position(prolog, plies, random.Random(seed * 1000 + i))
                    found = prolog.ask(f"search {engine} {depth}")
                    total = totals.setdefault((engine, depth), [0, 0.0])
                    total[0] += found["nodes"]
                    total[1] += found["cpu"]
    return totals


def print_speed(totals, depths, rounds):
    print(f"search speed per depth, {len(SPEED_PLIES)} positions x {rounds} rounds "
          f"(the machine's search and the plain baseline alternating):")
    print("  depth   machine: nodes     CPU s     nodes/s   plain: nodes     CPU s     nodes/s"
          "   machine time / plain")
    for depth in depths:
        mn, mc = totals[("machine", depth)]
        pn, pc = totals[("plain", depth)]
        rate = lambda n, c: f"{n / c:>11,.0f}" if c > 0 else f"{'-':>11}"
        ratio = f"{mc / pc:.2f}x" if pc > 0 else "-"
        print(f"  {depth:>5} {mn:>16,} {mc:>9.3f} {rate(mn, mc)} {pn:>14,} {pc:>9.3f} {rate(pn, pc)}"
              f"   {ratio:>8}")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--depth", type=int, default=4, choices=range(1, 9),
                        help="the web offers 1-5; deeper ones take long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=2, help="rounds of the speed table")
    parser.add_argument("--quick", action="store_true", help="depth 3, 10 games")
    args = parser.parse_args(argv)
    if args.quick:
        args.depth, args.games = 3, 10
    depths = range(1, args.depth + 1)

    prolog = Prolog()
    wins = {"b": [0, 0], "w": [0, 0]}
    reasons = {}
    moves = []
    try:
        totals = speed_table(prolog, depths, args.seed, args.rounds)
        start = time.monotonic()
        for game in range(args.games):
            machine = "b" if game % 2 == 0 else "w"
            end = play_game(prolog, machine, args.depth, random.Random(args.seed + game), moves)
            wins[machine][1] += 1
            if end["winner"] == machine:
                wins[machine][0] += 1
            else:
                reasons[end["reason"]] = reasons.get(end["reason"], 0) + 1
        wall = time.monotonic() - start
    finally:
        prolog.close()

    print_speed(totals, depths, args.rounds)
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
