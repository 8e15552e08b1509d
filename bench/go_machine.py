"""How often does our Go machine player beat GNU Go level 1 (on 9x9, 13x13 or 19x19), or
another of our players, and how fast is it?

Run from the repository root:  .venv/bin/python bench/go_machine.py [--games 50] [--seed 1]
[--size 9|13|19] [--versus OPTIONS]

Each round plays two games against GNU Go (/usr/games/gnugo --mode gtp --level 1,
Chinese rules, komi 7.5) with the same colours and the same GNU Go seed: one with our
player (go_machine_action/3 with seed(S), S the round's seed), one with the beginner's
evaluator it replaced (option player(simple)) as the baseline measured in the same run.
Our colour alternates by round, so half the games are played with each colour.

`--versus OPTIONS` replaces GNU Go by our own player with those go_machine_action/3
options (seeded with the round's seed + 1000), e.g. `--size 19 --versus "mc_max_size(9)"`:
the searching player against the player that searched up to 9x9 only (shape and tactics
on larger boards).  GNU Go still judges each game's end (`final_score`).

Every move of both sides is judged by our rules: the game is a go_rules game term kept
in the bridge's Prolog (go_play/4 on each move, positional superko; GNU Go runs with
--positional-superko too); a game ends with two passes in a row or a resignation (or
after 3 x 81 moves, counted as it stands).  A finished game is scored twice: by GNU Go's `final_score` after replaying its
moves into a fresh GNU Go (default level, same rules), and by our count once both
players accept our proposal of dead stones.  The winner is GNU Go's verdict.

`--sgf DIR` writes every game to DIR as an SGF file (sgfmill), to look at them.  A long
run sent SIGUSR1 (`kill -USR1 PID`) finishes the game under way and prints the figures of
the games played (with --jobs 1).

It prints each game, then the win rates with a 95% interval (Wilson), and the time per
move of our player (the go_machine_action/3 query through the bridge, wall clock, and
its CPU time in Prolog) against GNU Go's genmove (wall clock, and the CPU time of the
GNU Go process), as ratios: the peer is measured in the same run, move by move.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import re
import signal
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sgfmill import sgf  # noqa: E402

from app.gtp import GNUGO, GTP  # noqa: E402
from app.prolog import bridge, quote  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
SIZE = 9                # the board's size: --size (set in each process by play_round)
KOMI = 7.5
TICK = os.sysconf("SC_CLK_TCK")
TIMEOUT = 120           # seconds of wall clock a move of ours may take (a busy machine)
ACTION = re.compile(r'^(move|pass|resign)\("([bw])"(?:,\[(\d+),(\d+)\])?\)$')


def vertex(row: int, col: int) -> str:
    return f"{LETTERS[col]}{SIZE - row}"


def point(v: str) -> tuple[int, int]:
    return SIZE - int(v[1:]), LETTERS.index(v[0])


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (from /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICK


class RulesGame:
    """A game of our rules, its go_rules term kept as text (every action through go_play/4)."""

    def __init__(self):
        self.text = self._ask(f"go:go_new([size({SIZE}), preset(chinese)], G)")

    @staticmethod
    def _ask(goal: str) -> str:
        answer = bridge().query(goal + ", format(string(S), '~q', [G])", maxresult=1)
        return answer[0]["S"]

    def act(self, action: str) -> None:
        """Play an action term such as move("b",[2,3]); a refusal raises PrologError."""
        self.text = self._ask(f"term_string(G0, {quote(self.text)}), go:go_play(G0, {action}, G, _)")

    @property
    def to_move(self) -> str:
        return bridge().query(f"term_string(G, {quote(self.text)}), go:go_to_move(G, P)")[0]["P"]

    def count(self) -> str:
        """Both players accept our proposal of dead stones: the result code."""
        self.act('accept("b")')
        self.act('accept("w")')
        goal = (f"term_string(G, {quote(self.text)}), go:go_outcome(G, O), "
                "go:go_result_code(O, C)")
        return bridge().query(goal)[0]["C"]


def our_action(game: RulesGame, options: str) -> tuple[str, str, list[int] | None, float, float,
                                                       int]:
    """Ask our machine for the side to move: (kind, player, pos, wall s, Prolog CPU s,
    simulations of its search)."""
    assert options.endswith("]")
    options = options[:-1] + (", " if options != "[]" else "") + "simulations(N)]"
    goal = ("term_string(G, " + quote(game.text) + "), statistics(cputime, T0), "
            f"go:go_machine_action(G, {options}, A), statistics(cputime, T1), "
            "T is T1 - T0, format(string(S), '~q', [A])")
    start = time.perf_counter()
    # a generous limit: with clock(cpu) on a busy shared machine a move of 1 s of CPU
    # can take many seconds of wall clock (the bridge's default is 20 s)
    answer = bridge().query(goal, maxresult=1, timeout=TIMEOUT)[0]
    wall = time.perf_counter() - start
    m = ACTION.match(answer["S"])
    if not m:
        raise RuntimeError(f"unexpected action {answer['S']}")
    pos = [int(m.group(3)), int(m.group(4))] if m.group(1) == "move" else None
    return m.group(1), m.group(2), pos, wall, float(answer["T"]), int(answer["N"])


def gnugo(seed: int, level: int | None = 1) -> GTP:
    argv = [GNUGO, "--mode", "gtp", "--chinese-rules", "--positional-superko", "--komi", str(KOMI),
            "--seed", str(seed)]
    if level is not None:
        argv += ["--level", str(level)]
    engine = GTP(argv)
    engine(f"boardsize {SIZE}")
    engine("clear_board")
    return engine


def play_game(ours: str, options: str, seed: int, times: dict, versus: str | None = None) -> dict:
    """One game of our player (colour `ours`, "b" or "w") against GNU Go level 1, or
    against our player with the options `versus` (a Prolog list's text)."""
    game = RulesGame()
    engine = gnugo(seed)
    moves: list[str] = []          # GTP moves in order, "PASS" for a pass
    passes, resigned = 0, None
    try:
        while passes < 2 and resigned is None and len(moves) < 3 * SIZE * SIZE:
            player = game.to_move
            colour = "black" if player == "b" else "white"
            if player == ours:
                kind, _, pos, wall, cpu, sims = our_action(game, options)
                times["ours_wall"].append(wall)
                times["ours_cpu"].append(cpu)
                times["ours_sims"].append(sims)
                if kind == "resign":
                    resigned = player
                    break
                if kind == "pass":
                    game.act(f'pass("{player}")')
                    engine(f"play {colour} pass")
                    moves.append("PASS")
                    passes += 1
                else:
                    game.act(f'move("{player}",{pos})')
                    engine(f"play {colour} {vertex(*pos)}")
                    moves.append(vertex(*pos))
                    passes = 0
            elif versus is not None:          # our other player, told through GNU Go too
                kind, _, pos, wall, cpu, _ = our_action(game, versus)
                times["gnugo_wall"].append(wall)
                times["gnugo_cpu"].append(cpu)
                answer = {"resign": "RESIGN", "pass": "PASS"}.get(kind) or (
                    vertex(*pos) if pos else "PASS")
                if answer not in ("RESIGN", "PASS"):
                    engine(f"play {colour} {answer}")
                elif answer == "PASS":
                    engine(f"play {colour} pass")
                if answer == "RESIGN":
                    resigned = player
                    break
                if answer == "PASS":
                    game.act(f'pass("{player}")')
                    moves.append("PASS")
                    passes += 1
                else:
                    game.act(f'move("{player}",{pos})')
                    moves.append(answer)
                    passes = 0
            else:
                cpu0, start = cpu_seconds(engine.proc.pid), time.perf_counter()
                answer = engine(f"genmove {colour}").upper()
                times["gnugo_wall"].append(time.perf_counter() - start)
                times["gnugo_cpu"].append(cpu_seconds(engine.proc.pid) - cpu0)
                if answer == "RESIGN":
                    resigned = player
                    break
                if answer == "PASS":
                    game.act(f'pass("{player}")')
                    moves.append("PASS")
                    passes += 1
                else:
                    game.act(f'move("{player}",{list(point(answer))})')  # our rules judge it too
                    moves.append(answer)
                    passes = 0
    finally:
        engine.close()
    record = {"ours": ours, "moves": len(moves), "resigned": resigned, "gtp_moves": moves,
              "versus": versus}
    if resigned:
        winner = "w" if resigned == "b" else "b"
        record.update(winner=winner, gnugo_score=f"{winner.upper()}+R", our_score=f"{winner.upper()}+R")
        return record
    record["gnugo_score"] = final_score(moves, seed)
    if passes >= 2:
        record["our_score"] = game.count()
    else:                                  # the move limit: the position as it stands
        goal = f"term_string(G, {quote(game.text)}), go:go_estimate(G, score(_, _, _, C), _)"
        record["our_score"] = bridge().query(goal)[0]["C"]
    score = record["gnugo_score"]
    record["winner"] = score[0].lower() if score[0] in "BW" else None
    return record


def final_score(moves: list[str], seed: int) -> str:
    """GNU Go's final_score of the moves, replayed into a fresh GNU Go (default level)."""
    judge = gnugo(seed, level=None)
    try:
        colour = "black"
        for move in moves:
            judge(f"play {colour} {move}")
            colour = "white" if colour == "black" else "black"
        return judge("final_score")
    finally:
        judge.close()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def p95(xs: list[float]) -> float:
    return sorted(xs)[max(0, math.ceil(0.95 * len(xs)) - 1)] if xs else float("nan")


def summary(name: str, records: list[dict], times: dict, peer: str = "GNU Go") -> None:
    n = len(records)
    wins = sum(r["winner"] == r["ours"] for r in records)
    lo, hi = wilson(wins, n)
    by_colour = {c: sum(r["winner"] == r["ours"] for r in records if r["ours"] == c) for c in "bw"}
    games = {c: sum(r["ours"] == c for r in records) for c in "bw"}
    agree = sum(r["gnugo_score"][:1] == r["our_score"][:1] for r in records)
    print(f"{name}: {wins}/{n} wins = {wins / n:.0%} (95% interval {lo:.0%}-{hi:.0%}); "
          f"as Black {by_colour['b']}/{games['b']}, as White {by_colour['w']}/{games['w']}; "
          f"our count names the same winner as GNU Go's in {agree}/{n}")
    if times["ours_sims"]:
        sims = times["ours_sims"]
        print(f"  simulations a move: mean {statistics.mean(sims):.0f}, median "
              f"{statistics.median(sims):.0f}, min {min(sims)}, max {max(sims)}")
    ow, gw = times["ours_wall"], times["gnugo_wall"]
    oc, gc = times["ours_cpu"], times["gnugo_cpu"]
    if ow and gw:
        print(f"  per move, wall: ours mean {statistics.mean(ow):.3f} s, p95 {p95(ow):.3f} s "
              f"({len(ow)} moves); {peer} mean {statistics.mean(gw):.3f} s, p95 {p95(gw):.3f} s "
              f"({len(gw)} moves); ratio ours/{peer} {statistics.mean(ow) / statistics.mean(gw):.1f}x")
        gmean = statistics.mean(gc)
        ratio = f"{statistics.mean(oc) / gmean:.1f}x" if gmean > 0 else "n/a"
        print(f"  per move, CPU:  ours mean {statistics.mean(oc):.3f} s, p95 {p95(oc):.3f} s; "
              f"{peer} mean {gmean:.3f} s, p95 {p95(gc):.3f} s; ratio {ratio}")


TIMES = ("ours_wall", "ours_cpu", "ours_sims", "gnugo_wall", "gnugo_cpu")


def play_round(task: tuple) -> tuple[int, list]:
    """One round: each player's game with the same colour and GNU Go seed, alternating."""
    global SIZE
    (k, seed, ours), players, size, versus = task
    SIZE = size
    outcome = []
    for name, options in players:
        times = {k: [] for k in TIMES}
        record = play_game(ours, options.format(seed=seed), seed, times,
                           versus.format(seed=seed + 1000) if versus else None)
        outcome.append((name, record, times))
    return k, outcome


def save_sgf(directory: str, name: str, k: int, ours: str, record: dict) -> None:
    """The game as an SGF file (sgfmill), named by round and player, for a look at it."""
    game = sgf.Sgf_game(size=SIZE)
    root = game.get_root()
    root.set("KM", KOMI)
    root.set("RU", "Chinese")
    other = "Tablero (the other player)" if record.get("versus") else "GNU Go level 1"
    root.set("PB", "Tablero" if ours == "b" else other)
    root.set("PW", "Tablero" if ours == "w" else other)
    root.set("RE", record["gnugo_score"])
    colour = "b"
    for move in record["gtp_moves"]:
        node = game.extend_main_sequence()
        if move == "PASS":
            node.set_move(colour, None)
        else:
            row, col = point(move)
            node.set_move(colour, (SIZE - 1 - row, col))      # sgfmill counts rows from the bottom
        colour = "w" if colour == "b" else "b"
    Path(directory).mkdir(parents=True, exist_ok=True)
    Path(directory, f"{name}-{k + 1:03d}.sgf").write_bytes(game.serialise())


def report(k: int, ours: str, outcome: list, results: dict, times: dict,
           sgf_dir: str | None = None) -> None:
    for name, record, round_times in outcome:
        if sgf_dir:
            save_sgf(sgf_dir, name, k, ours, record)
        results[name].append(record)
        for key, values in round_times.items():
            times[name][key].extend(values)
        won = "won" if record["winner"] == ours else "lost"
        cpu, sims = round_times["ours_cpu"], round_times["ours_sims"]
        mean = (f"; ours {statistics.mean(cpu):.2f} s CPU, {statistics.mean(sims):.0f} "
                "simulations a move") if cpu else ""
        print(f"game {k + 1:3d} {name}: ours {ours}, {record['moves']} moves, {won}; "
              f"GNU Go {record['gnugo_score']}, ours {record['our_score']}{mean}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50, help="games per player (default 50)")
    parser.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="rounds played at once, each process with its own Prolog and "
                             "GNU Go (default 1; CPU times are per process)")
    parser.add_argument("--no-baseline", action="store_true", help="skip the old player's games")
    parser.add_argument("--options", default="",
                        help="more go_machine_action/3 options for our player, Prolog text "
                             "such as 'playouts(400)' (default none)")
    parser.add_argument("--baseline", default="player(simple)",
                        help="the baseline player's options (default player(simple), the "
                             "beginner's evaluator; search(flat) is the flat Monte Carlo player)")
    parser.add_argument("--sgf", metavar="DIR", help="write each game to DIR as an SGF file")
    parser.add_argument("--size", type=int, default=9, choices=(9, 13, 19),
                        help="the board (default 9)")
    parser.add_argument("--versus", metavar="OPTIONS",
                        help="play our player with these go_machine_action/3 options instead "
                             "of GNU Go, e.g. 'mc_max_size(9)' (GNU Go still counts the end)")
    args = parser.parse_args()
    global SIZE
    SIZE = args.size
    print(f"load average at start: {os.getloadavg()}; {SIZE}x{SIZE}", flush=True)
    extra = f", {args.options}" if args.options else ""
    players = [("new", "[seed({seed})" + extra + "]")]
    if not args.no_baseline:
        base = args.baseline
        players.append(("old", "[seed({seed}), " + base + "]" if "simple" not in base else f"[{base}]"))
    results = {name: [] for name, _ in players}
    times = {name: {k: [] for k in TIMES} for name, _ in players}
    versus = f"[seed({{seed}}), {args.versus}]" if args.versus else None
    started = time.perf_counter()
    rounds = [(k, args.seed + k, "b" if k % 2 == 0 else "w") for k in range(args.games)]
    if args.jobs > 1:            # rounds shared by processes, each with its own Prolog
        context = multiprocessing.get_context("spawn")
        with context.Pool(args.jobs) as pool:
            for k, outcome in pool.imap(play_round,
                                        [(r, players, SIZE, versus) for r in rounds]):
                report(k, rounds[k][2], outcome, results, times, args.sgf)
    else:
        stop = []                # SIGUSR1: finish the game under way, then the figures
        signal.signal(signal.SIGUSR1, lambda *_: stop.append(True))
        for r in rounds:
            k, outcome = play_round((r, players, SIZE, versus))
            report(k, r[2], outcome, results, times, args.sgf)
            if stop:
                print(f"\nstopped (SIGUSR1) after {k + 1} of {args.games} rounds")
                break
    played = len(results[players[0][0]])
    print(f"\n{played} rounds in {time.perf_counter() - started:.0f} s; "
          f"load average at end: {os.getloadavg()}")
    for name, _ in players:
        if not results[name]:
            continue
        label = (f"new player (go_machine_action/3, options {players[0][1]})" if name == "new"
                 else f"baseline ({args.baseline})")
        summary(label, results[name], times[name],
                f"the other player ({args.versus})" if args.versus else "GNU Go")


if __name__ == "__main__":
    main()
