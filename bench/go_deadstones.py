"""How often does accepting our dead-stone proposal give GNU Go's final score?

Run from the repository root:  .venv/bin/python bench/go_deadstones.py [--games 60]

1. GNU Go (/usr/games/gnugo) plays itself WITHOUT --capture-all-dead, Chinese rules,
   komi 0, --never-resign, at levels 1-10, each game from a few seeded random stones
   (so the games differ), until two passes in a row.  A game is kept only when GNU Go
   calls some stones dead at the end (`final_status_list dead` not empty): those are the
   games where counting the board as it stands would be wrong.  Kept games go to a cache
   (--cache, JSON), so a second run measures at once; --more plays new ones.
2. Each kept game is replayed through our rules (app.go.GoGame: every move judged by
   prolog/go.pl).  Two passes open the scoring phase with our proposal; both players
   accept it, and our final score (area, komi 0) is compared with GNU Go's
   `final_score`.  The proposal's time is dead_stones/2's CPU time in Prolog, and the
   wall time of the second pass through the API (the proposal, its explanation and the
   view: a busy machine stretches this one).

It prints the exact-match rate (the goal is 90% or more), how often the dead stones
themselves are GNU Go's, the time per proposal, and the games that differ (with
--show, their boards and both markings).

With --japanese it also counts each game the Japanese way (territory and prisoners,
komi 0) after accepting the proposal, and compares with the final_score of a GNU Go
started with --japanese-rules on the same moves: an informal check, since GNU Go then
leaves out points it thinks must be filled, and its territory estimate differs at times.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app.go import GoGame, query  # noqa: E402
from app.gtp import GNUGO, GTP, GTPError  # noqa: E402

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
CACHE = Path("/tmp/tablero-go-deadstones.json")
LEVELS = (1, 3, 5, 7, 10)


def vertex(size: int, row: int, col: int) -> str:
    return f"{LETTERS[col]}{size - row}"


def self_play(size: int, seed: int, levels: tuple = LEVELS) -> dict:
    """One GNU Go self-play game from a few seeded random stones; its record."""
    rng = random.Random(seed)
    level = levels[seed % len(levels)]
    engine = GTP([GNUGO, "--mode", "gtp", "--chinese-rules", "--komi", "0", "--never-resign",
                  "--seed", str(seed), "--level", str(level)])
    try:
        engine(f"boardsize {size}")
        engine("clear_board")
        moves, colour, passes = [], "black", 0
        inner = range(2, size - 2)
        for _ in range(rng.randint(2, 5)):
            point = vertex(size, rng.choice(inner), rng.choice(inner))
            try:
                engine(f"play {colour} {point}")
            except GTPError:
                continue
            moves.append(point)
            colour = "white" if colour == "black" else "black"
        while passes < 2:
            move = engine(f"genmove {colour}").upper()
            passes = passes + 1 if move == "PASS" else 0
            moves.append(move)
            colour = "white" if colour == "black" else "black"
            if len(moves) > 4 * size * size:
                raise GTPError(f"seed {seed} did not finish")
        return {
            "size": size, "seed": seed, "level": level, "moves": moves,
            "final_score": engine("final_score"),
            "dead": engine("final_status_list dead").split(),
            "seki": engine("final_status_list seki").split(),
        }
    finally:
        engine.close()


def generate(cache: Path, wanted: dict[int, int], workers: int, levels: tuple = LEVELS,
             first_seed: int = 1) -> list[dict]:
    """The cached games, plus new ones until `wanted` {size: count} games with dead
    stones are kept (seeds go on from the largest tried, or start at first_seed in a
    new cache)."""
    data = json.loads(cache.read_text()) if cache.exists() else {"games": [], "tried": {}}
    for size, count in wanted.items():
        kept = [g for g in data["games"] if g["size"] == size]
        seed = data["tried"].get(str(size), first_seed - 1)
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            while len(kept) < count:
                batch = list(range(seed + 1, seed + 1 + workers))
                seed = batch[-1]
                for game in pool.map(self_play, [size] * len(batch), batch, [levels] * len(batch)):
                    if game["dead"] and len(kept) < count:
                        kept.append(game)
                        data["games"].append(game)
                data["tried"][str(size)] = seed
                cache.write_text(json.dumps(data))
                print(f"  {size}x{size}: {len(kept)}/{count} games with dead stones "
                      f"(seeds 1-{seed} tried)", file=sys.stderr, flush=True)
    return data["games"]


def margin(final_score: str) -> float:
    """GNU Go's "B+7.0", "W+2.0", "0" as Black's points minus White's."""
    if final_score == "0":
        return 0.0
    sign = 1 if final_score[0] == "B" else -1
    return sign * float(final_score[2:])


def measure(game: dict) -> dict:
    """Replay one game through our rules, accept our proposal; what came out."""
    size = game["size"]
    ours = GoGame(size=size, preset="chinese", komi=0)
    moves = game["moves"]
    for move in moves[:-1]:
        if move == "PASS":
            ours.pass_()
        else:
            ours.play(move)
    started = time.perf_counter()
    ours.pass_()
    seconds = time.perf_counter() - started
    view = ours.view
    assert view["phase"] == "scoring", view
    dead = sorted(vertex(size, r, c) for r, c in view["dead"])
    cpu = query("statistics(cputime, T0), dead_stones(B, _), statistics(cputime, T1), T is T1 - T0",
                maxresult=1, B=view["board"])[0]["T"]
    ours.act({"kind": "accept", "player": "b"})
    ours.act({"kind": "accept", "player": "w"})
    score = ours.view["result"]["score"]
    return {
        "seed": game["seed"], "size": size, "seconds": seconds, "cpu": cpu,
        "ours": score["b"] - score["w"], "gnugo": margin(game["final_score"]),
        "dead": dead, "gnugo_dead": sorted(game["dead"]), "board": view["board"],
        "seki": game["seki"],
    }


def gnugo_japanese(game: dict) -> float:
    """GNU Go's final_score of the game's moves under --japanese-rules, komi 0."""
    commands = [f"boardsize {game['size']}", "clear_board", "komi 0"]
    colour = "black"
    for move in game["moves"]:
        commands.append(f"play {colour} {move}")
        colour = "white" if colour == "black" else "black"
    engine = GTP([GNUGO, "--mode", "gtp", "--japanese-rules"])
    try:
        for command in commands:
            engine(command)
        return margin(engine("final_score"))
    finally:
        engine.close()


def ours_japanese(game: dict) -> float:
    ours = GoGame(size=game["size"], preset="japanese", komi=0)
    for move in game["moves"]:
        if move == "PASS":
            ours.pass_()
        else:
            ours.play(move)
    ours.accept()
    ours.accept()
    score = ours.view["result"]["score"]
    return score["b"] - score["w"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60, help="9x9 games with dead stones")
    parser.add_argument("--games13", type=int, default=0, help="13x13 games with dead stones")
    parser.add_argument("--games19", type=int, default=0, help="19x19 games with dead stones")
    parser.add_argument("--first-seed", type=int, default=1,
                        help="the first seed of a new cache (a held-out set: seeds not tried before)")
    parser.add_argument("--cache", type=Path, default=CACHE)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--levels", default=",".join(map(str, LEVELS)),
                        help="GNU Go levels of new games, by seed in turn (19x19 is slow above 1)")
    parser.add_argument("--show", action="store_true", help="draw the games that differ")
    parser.add_argument("--generate-only", action="store_true")
    parser.add_argument("--japanese", action="store_true",
                        help="also compare the Japanese count with GNU Go's --japanese-rules")
    args = parser.parse_args()

    wanted = {9: args.games} if args.games else {}
    if args.games13:
        wanted[13] = args.games13
    if args.games19:
        wanted[19] = args.games19
    levels = tuple(int(x) for x in args.levels.split(","))
    games = [g for g in generate(args.cache, wanted, args.workers, levels, args.first_seed)
             if g["size"] in wanted]
    games = [g for size, count in wanted.items()
             for g in [g for g in games if g["size"] == size][:count]]
    if args.generate_only:
        return
    results = [measure(g) for g in games]
    for size in wanted:
        rows = [r for r in results if r["size"] == size]
        exact = [r for r in rows if r["ours"] == r["gnugo"]]
        same_dead = [r for r in rows if r["dead"] == r["gnugo_dead"]]
        times = sorted(r["seconds"] for r in rows)
        cpus = sorted(r["cpu"] for r in rows)
        print(f"{size}x{size}: {len(exact)}/{len(rows)} games give GNU Go's final_score exactly "
              f"({100 * len(exact) / len(rows):.1f}%); the same dead stones in "
              f"{len(same_dead)}/{len(rows)}")
        print(f"  dead_stones/2 alone (CPU time in Prolog): median {statistics.median(cpus) * 1000:.1f} ms, "
              f"max {cpus[-1] * 1000:.1f} ms")
        print(f"  the second pass through the API (wall time, proposal and view included): "
              f"median {statistics.median(times) * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
        for r in rows:
            if r["ours"] != r["gnugo"]:
                print(f"  seed {r['seed']}: ours {r['ours']:+}, GNU Go {r['gnugo']:+}; "
                      f"dead ours {' '.join(r['dead'])} | GNU Go {' '.join(r['gnugo_dead'])}"
                      + (f"; seki {' '.join(r['seki'])}" if r["seki"] else ""))
                if args.show:
                    for row in r["board"]:
                        print("     ", " ".join(row.replace("-", ".")))
    if args.japanese:
        for size in wanted:
            rows = [g for g in games if g["size"] == size]
            differ = [(g["seed"], ours, theirs) for g in rows
                      for ours, theirs in [(ours_japanese(g), gnugo_japanese(g))] if ours != theirs]
            print(f"{size}x{size}, Japanese count: {len(rows) - len(differ)}/{len(rows)} give the final_score "
                  f"of GNU Go --japanese-rules" + "".join(f"; seed {seed}: ours {o:+}, GNU Go {t:+}"
                                                         for seed, o, t in differ))
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
