"""Benchmark of Go's rules (prolog/go.pl) next to sgfmill, on real games.

Run from anywhere:  python bench/go_rules.py [--rounds N] [--quick]

First GNU Go (/usr/games/gnugo) plays itself: two games on 19x19 and three on
9x9 (Chinese rules, komi 0, seeded, level 1), recorded as move lists; nothing
is cached, so this takes a minute or two.  Then, on those same move sequences:

1. goMove/4, timed inside SWI-Prolog (statistics(cputime) around a goal that
   replays a whole game N times through the bridge), against sgfmill's
   Board.play (time.process_time around the same replays): microseconds per
   move.  The two are measured in alternating rounds and each keeps its best
   round, so a busy machine slows both alike.
2. One move through the Python API (app.go.GoGame.play, wall time of each
   call: JSON, the bridge, tablero:api_act/5, the game layer and goMove/4):
   median and mean.
3. The area score of the finished 19x19 positions: terminarJuego/3 in Prolog
   against sgfmill's Board.area_score (their results are checked to agree).

Last come the ratios against the goals: goMove/4 <= 1.0x sgfmill per move;
a Python API move < 0.5 ms median; 19x19 scoring <= 2x sgfmill.

--quick (a smoke run of a few seconds): two 9x9 games, one round, the API once, and
the finished 9x9 positions scored in place of the 19x19 ones.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from sgfmill import boards

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # app/, run from anywhere

from app.go import GoGame
from app.prolog import bridge, quote

GNUGO = "/usr/games/gnugo"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
GAMES = [(19, 1), (19, 2), (9, 1), (9, 2), (9, 3)]  # (size, GNU Go seed)
QUICK_GAMES = [(9, 1), (9, 2)]
LEVEL = 1

GOALS = {"move": 1.0, "api_ms": 0.5, "score": 2.0}

# Loaded into the bridge's Prolog from this text: nothing goes into prolog/.
HELPER = r"""
:- module(go_bench, []).

replay([], B, B).
replay([m(P, R, C)|Ms], B0, B) :-
    go:goMove(B0, P, [R, C], B1),
    replay(Ms, B1, B).

%   replay_cpu(+Size, +Moves, +N, -Seconds): CPU time of N replays of Moves
%   from the empty board; fails if goMove/4 refuses one of the moves.
replay_cpu(Size, Moves, N, Seconds) :-
    go:emptyBoard(Size, B0),
    statistics(cputime, T0),
    forall(between(1, N, _), replay(Moves, B0, _)),
    statistics(cputime, T1),
    Seconds is T1 - T0.

%   score_cpu(+Text, +N, -Seconds, -W, -B): CPU time of N terminarJuego/3
%   on the board of board_string/2 text Text, and its answer.
score_cpu(Text, N, Seconds, W, B) :-
    go:board_string(Board, Text),
    statistics(cputime, T0),
    forall(between(1, N, _), go:terminarJuego(Board, _, _)),
    statistics(cputime, T1),
    Seconds is T1 - T0,
    go:terminarJuego(Board, W, B).
"""


def gtp_game(size: int, seed: int) -> list:
    """GNU Go against itself: the turns as (colour, (row, col) from the top-left, or None)."""
    argv = [GNUGO, "--mode", "gtp", "--chinese-rules", "--capture-all-dead", "--komi", "0",
            "--never-resign", "--seed", str(seed), "--level", str(LEVEL)]
    engine = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def command(line: str) -> str:
        engine.stdin.write(line + "\n")
        engine.stdin.flush()
        answer = []
        while True:
            reply = engine.stdout.readline()
            if not reply:
                raise RuntimeError(f"GNU Go exited on {line!r}")
            if reply.strip():
                answer.append(reply.strip())
            elif answer:
                break
        text = " ".join(answer)
        if not text.startswith("="):
            raise RuntimeError(f"GNU Go: {line!r} -> {text}")
        return text[1:].strip()

    command(f"boardsize {size}")
    command("clear_board")
    turns, passes, colour = [], 0, "b"
    while passes < 2:
        vertex = command(f"genmove {colour}").upper()
        if vertex == "PASS":
            passes += 1
            turns.append((colour, None))
        else:
            passes = 0
            turns.append((colour, (size - int(vertex[1:]), LETTERS.index(vertex[0]))))
        colour = "w" if colour == "b" else "b"
    command("quit")
    engine.wait()
    return turns


def record_games(games: list[tuple[int, int]]) -> list[tuple[int, list]]:
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(gtp_game, size, seed) for size, seed in games]
        return [(size, f.result()) for (size, _), f in zip(games, futures)]


def moves_of(turns: list) -> list:
    """The stones played (passes dropped): goMove/4 and Board.play know no pass."""
    return [(colour, point) for colour, point in turns if point is not None]


def prolog_replay(size: int, moves: list, n: int) -> float:
    """Seconds of CPU for n replays of the moves through goMove/4, inside Prolog."""
    terms = ",".join(f'm("{colour}",{r},{c})' for colour, (r, c) in moves)
    answer = bridge().query(f"go_bench:replay_cpu({size}, [{terms}], {n}, T)", timeout=600)
    if not answer:
        raise RuntimeError("goMove/4 refused a move GNU Go played")
    return answer[0]["T"]


def sgfmill_replay(size: int, moves: list, n: int) -> float:
    start = time.process_time()
    for _ in range(n):
        board = boards.Board(size)
        for colour, (r, c) in moves:
            board.play(size - 1 - r, c, colour)
    return time.process_time() - start


def sgfmill_board(size: int, moves: list) -> boards.Board:
    board = boards.Board(size)
    for colour, (r, c) in moves:
        board.play(size - 1 - r, c, colour)
    return board


def board_text(board: boards.Board) -> str:
    size = board.side
    cells = {None: "-", "b": "b", "w": "w"}
    return "".join(cells[board.get(size - 1 - r, c)] for r in range(size) for c in range(size))


def api_moves(size: int, turns: list) -> list[float]:
    """Wall seconds of each GoGame.play of one game (passes are played, not timed).
    GNU Go's two passes end its game: here they open the scoring phase, where both
    players accept the proposed dead stones (not timed either)."""
    game = GoGame(size=size)
    times = []
    for colour, point in turns:
        if point is None:
            game.pass_()
            continue
        start = time.perf_counter()
        game.play(point)
        times.append(time.perf_counter() - start)
    if game.phase != "scoring":
        raise RuntimeError("the Python API did not open the scoring phase on two passes")
    game.accept("b")
    game.accept("w")
    if not game.over:
        raise RuntimeError("the Python API did not end the game when both accepted")
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="alternating timing rounds (best kept)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: two 9x9 games, one round, 9x9 positions scored")
    args = parser.parse_args()
    if args.quick:
        args.rounds = 1

    started = time.perf_counter()
    games = record_games(QUICK_GAMES if args.quick else GAMES)
    scored = max(size for size, _ in games)     # the positions of section 3
    recorded = time.perf_counter() - started
    b = bridge()
    b.query(f"setup_call_cleanup(open_string({quote(HELPER)}, S), "
            "load_files(go_bench, [stream(S), silent(true)]), close(S))")

    # 1. per move: goMove/4 in Prolog against sgfmill, alternating rounds, best kept
    reps = {19: 20, 9: 100}
    best_pl = [float("inf")] * len(games)
    best_sg = [float("inf")] * len(games)
    for _ in range(args.rounds):
        for i, (size, turns) in enumerate(games):
            moves = moves_of(turns)
            best_pl[i] = min(best_pl[i], prolog_replay(size, moves, reps[size]) / reps[size])
            best_sg[i] = min(best_sg[i], sgfmill_replay(size, moves, reps[size]) / reps[size])

    def per_move(best: list, sizes: tuple) -> float:
        seconds = sum(t for t, (size, _) in zip(best, games) if size in sizes)
        count = sum(len(moves_of(turns)) for size, turns in games if size in sizes)
        return seconds / count * 1e6 if count else float("nan")

    # 2. the Python API, three times over every game
    api = {19: [], 9: []}
    for _ in range(1 if args.quick else 3):
        for size, turns in games:
            api[size] += api_moves(size, turns)
    api_all = api[19] + api[9]

    # 3. scoring the finished positions of the largest size (19x19; 9x9 with --quick)
    score_pl, score_sg = [], []
    for size, turns in games:
        if size != scored:
            continue
        board = sgfmill_board(size, moves_of(turns))
        n = 200
        pl_best = sg_best = float("inf")
        for _ in range(args.rounds):
            a = b.query(f'go_bench:score_cpu("{board_text(board)}", {n}, T, W, B)', timeout=600)[0]
            pl_best = min(pl_best, a["T"] / n)
            start = time.process_time()
            for _ in range(n):
                board.area_score()
            sg_best = min(sg_best, (time.process_time() - start) / n)
        if a["B"] - a["W"] != board.area_score():
            raise RuntimeError("terminarJuego/3 and sgfmill disagree on a final position")
        score_pl.append(pl_best)
        score_sg.append(sg_best)

    load = os.getloadavg()[0]
    print(f"Go rules, prolog/go.pl against sgfmill, on {len(games)} GNU Go self-play games "
          f"(level {LEVEL}, recorded in {recorded:.0f} s):")
    for size in (19, 9):
        lengths = [len(moves_of(t)) for s, t in games if s == size]
        print(f"  {size}x{size}: {len(lengths)} games, {sum(lengths)} moves ({', '.join(map(str, lengths))})")
    print(f"  load average {load:.1f} on {os.cpu_count()} cores; best of {args.rounds} alternating rounds")
    print()
    print(f"{'per move':34}{'19x19':>10}{'9x9':>10}{'all':>10}")
    rows = [("goMove/4 in Prolog (us)", best_pl), ("sgfmill Board.play (us)", best_sg)]
    for name, best in rows:
        print(f"{name:34}{per_move(best, (19,)):10.1f}{per_move(best, (9,)):10.1f}"
              f"{per_move(best, (19, 9)):10.1f}")
    for name, f in (("GoGame.play median (us)", statistics.median), ("GoGame.play mean (us)", statistics.mean)):
        print(f"{name:34}" + "".join(f"{f(ts) * 1e6 if ts else float('nan'):10.0f}"
                                     for ts in (api[19], api[9], api_all)))
    print()
    print(f"{f'score of a finished {scored}x{scored} position':34}" + "".join(f"{'game ' + str(i + 1):>10}" for i in range(len(score_pl))))
    print(f"{'terminarJuego/3 in Prolog (us)':34}" + "".join(f"{t * 1e6:10.0f}" for t in score_pl))
    print(f"{'sgfmill area_score (us)':34}" + "".join(f"{t * 1e6:10.0f}" for t in score_sg))
    print()

    move_ratio = per_move(best_pl, (19, 9)) / per_move(best_sg, (19, 9))
    api_median = statistics.median(api_all) * 1e3
    score_ratio = sum(score_pl) / sum(score_sg)
    checks = [
        ("goMove/4 per move / sgfmill", f"{move_ratio:.2f}x", f"<= {GOALS['move']:.1f}x", move_ratio <= GOALS["move"]),
        ("Python API move, median", f"{api_median:.2f} ms", f"< {GOALS['api_ms']} ms", api_median < GOALS["api_ms"]),
        (f"{scored}x{scored} scoring / sgfmill", f"{score_ratio:.2f}x", f"<= {GOALS['score']:.1f}x", score_ratio <= GOALS["score"]),
    ]
    print(f"{'goal':34}{'measured':>10}{'target':>10}")
    for name, measured, target, ok in checks:
        print(f"{name:34}{measured:>10}{target:>10}  {'met' if ok else 'MISSED'}")


if __name__ == "__main__":
    main()
