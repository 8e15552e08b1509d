"""Azul simulator benchmark: the strategies' strength, and their cost against random's.

    python bench/azul_sim.py [--games N] [--jobs J] [--speed-games M] [--speed-rounds R] [--quick]

Runs SWI-Prolog as a subprocess (it does not import app/): prolog/azul.pl's
pure play_azul/4 plays every game, log included.  Prints

  1. each strategy's CPU time per self-play game with 2, 3 and 4 players as a
     ratio to random's (the baseline: random self-play with as many
     players), measured in one swipl process in R alternating rounds (random,
     greedy, lookahead, random, ...), M games each on the same seeds, so a
     change of machine load reaches every strategy alike;
  2. a table of win rates and average scores over N games (default 200) for
     each pair of strategies, 2 players, seats alternated (even seeds: the
     first strategy sits first), seeds 1..N shared by every pair.  A shared
     victory counts as a tie.  Random is the baseline of the first and the
     last pair.

The games of a pair are split over --jobs swipl processes (default 2).
--quick (a smoke run of a few seconds): two speed games with 2 players, 2 games per pair.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PAIRS = [("greedy", "random"), ("lookahead", "greedy"), ("lookahead", "random")]
STRATEGIES = ("random", "greedy", "lookahead")
BASELINE = "random"
PLAYERS = (2, 3, 4)

# One line per game: the seed, the scores of the seats, then the winning seats.
GAMES_GOAL = """
use_module('prolog/azul'),
forall(between({first}, {last}, Seed),
       ( (Seed mod 2 =:= 0 -> Kinds = [{a}, {b}] ; Kinds = [{b}, {a}]),
         play_azul(Kinds, Seed, azul(_, _, _, _, _, Ps, _, _, over(_, _, Ws)), _),
         findall(S, member(player(_, S, _, _, _), Ps), Scores),
         format("~w ~w ~w~n", [Seed, Scores, Ws]) ))
"""

# One line per block: round, strategy, players, CPU seconds of {games} games.
SPEED_GOAL = """
use_module('prolog/azul'),
forall(between(1, {rounds}, Round),
  forall(member(N, {players}),
    forall(member(Kind, {strategies}),
           ( length(Kinds, N), maplist(=(Kind), Kinds),
             First is Round * 1000, Last is First + {games} - 1,
             statistics(cputime, T0),
             forall(between(First, Last, Seed), play_azul(Kinds, Seed, _, _)),
             statistics(cputime, T1),
             Seconds is T1 - T0,
             format("~w ~w ~w ~w~n", [Round, Kind, N, Seconds]) ))))
"""


def swipl(goal: str) -> str:
    """Output of one swipl process running goal from the repository root."""
    done = subprocess.run(
        ["swipl", "-q", "-g", " ".join(goal.split()), "-t", "halt"],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        sys.exit(f"swipl failed ({done.returncode}):\n{done.stderr}")
    return done.stdout


def prolog_list(items) -> str:
    return "[" + ", ".join(str(i) for i in items) + "]"


def parse_list(text: str) -> list[int]:
    return [int(x) for x in text.strip("[]").split(",") if x]


def speed_ratios(games: int, rounds: int, counts=PLAYERS) -> dict[tuple[str, int], float]:
    """(strategy, players) -> CPU time per game over the baseline's, same players."""
    seconds: dict[tuple[str, int], float] = defaultdict(float)
    out = swipl(SPEED_GOAL.format(rounds=rounds, games=games, players=prolog_list(counts),
                                  strategies=prolog_list(STRATEGIES)))
    for line in out.splitlines():
        _, kind, players, secs = line.split()
        seconds[kind, int(players)] += float(secs)
    return {(kind, n): seconds[kind, n] / seconds[BASELINE, n] if seconds[BASELINE, n]
            else float("nan")             # a baseline too fast for the clock (--quick)
            for kind in STRATEGIES for n in counts}


def play_range(a: str, b: str, first: int, last: int) -> list[tuple[int, list[int], list[int]]]:
    """(seed, scores by seat, winning seats) of the games first..last."""
    out = swipl(GAMES_GOAL.format(a=a, b=b, first=first, last=last))
    games = []
    for line in out.splitlines():
        seed, scores, winners = line.split(" ")
        games.append((int(seed), parse_list(scores), parse_list(winners)))
    return games


def chunks(n: int, jobs: int) -> list[tuple[int, int]]:
    size = -(-n // jobs)
    return [(lo, min(n, lo + size - 1)) for lo in range(1, n + 1, size)]


def pair_stats(a: str, b: str, games: list) -> dict:
    wins_a = wins_b = ties = 0
    total_a = total_b = 0
    for seed, scores, winners in games:
        seat_a = 0 if seed % 2 == 0 else 1
        seat_b = 1 - seat_a
        total_a += scores[seat_a]
        total_b += scores[seat_b]
        if len(winners) > 1:
            ties += 1
        elif winners[0] == seat_a:
            wins_a += 1
        else:
            wins_b += 1
    n = len(games)
    return {"a": a, "b": b, "n": n, "wins_a": wins_a, "wins_b": wins_b, "ties": ties,
            "avg_a": total_a / n, "avg_b": total_b / n}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per pair (default 200)")
    parser.add_argument("--jobs", type=int, default=2, help="swipl processes per pair (default 2)")
    parser.add_argument("--speed-games", type=int, default=3,
                        help="self-play games per strategy, player count and round (default 3)")
    parser.add_argument("--speed-rounds", type=int, default=2,
                        help="alternating rounds of the speed measure (default 2)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 2 speed games with 2 players, 2 games per pair")
    args = parser.parse_args()
    players = PLAYERS
    if args.quick:
        args.games, args.jobs, args.speed_games, args.speed_rounds = 2, 1, 2, 1
        players = (2,)

    ratios = speed_ratios(args.speed_games, args.speed_rounds, players)
    print(f"CPU time per self-play game over {BASELINE}'s with as many players "
          f"({args.speed_rounds} alternating rounds of {args.speed_games} games, one swipl process):")
    print(f"  {'strategy':<10} " + " ".join(f"{f'{n} players':>10}" for n in players))
    for kind in STRATEGIES:
        print(f"  {kind:<10} " + " ".join(f"{ratios[kind, n]:9.1f}x" for n in players))

    print(f"\n{args.games} games per pair, 2 players, seats alternated, seeds 1..{args.games}:")
    print(f"  {'A':<10} {'B':<10} {'A wins':>7} {'B wins':>7} {'ties':>6} "
          f"{'A avg':>7} {'B avg':>7}")
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        for a, b in PAIRS:
            parts = pool.map(lambda r: play_range(a, b, *r), chunks(args.games, args.jobs))
            stats = pair_stats(a, b, [g for part in parts for g in part])
            n = stats["n"]
            print(f"  {a:<10} {b:<10} {100 * stats['wins_a'] / n:6.1f}% "
                  f"{100 * stats['wins_b'] / n:6.1f}% {100 * stats['ties'] / n:5.1f}% "
                  f"{stats['avg_a']:7.1f} {stats['avg_b']:7.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
