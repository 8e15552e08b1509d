"""Costs that do not grow: a move at ply 10 and at ply 300 of a superko 19x19 game, undo,
and listing saved games.

    .venv/bin/python bench/go_ply.py [--rounds 5] [--moves 20] [--quick]

One legal game is made first (seeded random legal moves on 19x19 with the Chinese preset,
positional superko; captures happen), then, in --rounds alternating rounds (the order of
ply 10 and ply 300 swapped every round, each round from freshly replayed games):

1. Prolog side: `Game.act` (app/games.py: the bridge's lean call, tablero_cache:api_cached/10
   with the game kept parsed by this process) for --moves moves from ply 10 and from
   ply 300 (process CPU time per move).  Beside it the classic call that sends and
   receives the whole state text (tablero:api_act/5, `call_api`: the state of a superko
   game holding every position), at the same plies.  And the control: the same moves
   under simple ko (the same boards, a history of two positions), whose ply 300 / ply 10
   is what the board itself costs more at ply 300 (larger chains to count liberties of).
2. HTTP move: POST /api/games/<id>/actions through the Flask app (its test client: WSGI,
   SQLite, seats, the view's JSON; no sockets), CPU time per move from ply 10 and ply 300.
3. Undo at ply 300: POST /api/games/<id>/undo then the move again, alternating, CPU time
   of each, and their ratio.
4. Listing saved games: POST /api/games/mine with one seat's secret, in a database of
   100 and of 100,000 games (the rows written straight into SQLite: no Prolog), CPU time
   (and wall time, which on a busy machine is mostly waiting for a CPU).

Each figure is the median of the rounds, with min-max; the ratios are of medians measured
in the same run.  Goals (issue 13): ply 300 at most 1.2x ply 10 (Prolog side and HTTP),
undo at ply 300 under 5 ms, listing with 100,000 games under 5 ms.  --quick: two rounds of
5 moves, 10,000 games instead of 100,000.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from app import create_app  # noqa: E402
from app.games import Game, Refused, _json, call_api  # noqa: E402

OPTIONS = {"size": 19, "preset": "chinese"}  # positional superko


def legal_game(plies: int, seed: int = 13) -> list[dict]:
    """`plies` legal moves of a 19x19 superko game (random points, refusals skipped)."""
    rnd = random.Random(seed)
    game = Game("go", OPTIONS)
    points = [[r, c] for r in range(19) for c in range(19)]
    while len(game.actions) < plies:
        try:
            game.act({"kind": "move", "pos": rnd.choice(points)})
        except Refused:
            continue
    return game.actions


def cpu() -> float:
    return time.process_time()


def acts(options: dict, actions: list[dict], at: int, moves: int) -> float:
    """CPU seconds per Game.act from ply `at` (the game kept parsed)."""
    game = Game.restore("go", options, actions[:at])
    game.view  # noqa: B018  (kept parsed from here on)
    start = cpu()
    for action in actions[at:at + moves]:
        game.act(action)
    return (cpu() - start) / moves


def prolog_round(actions: list[dict], at: int, moves: int) -> tuple[float, float, float]:
    """CPU seconds per move from ply `at`: the cached Game.act, the classic call, and the
    cached Game.act of the same moves under simple ko."""
    cached = acts(OPTIONS, actions, at, moves)
    simple = acts({**OPTIONS, "ko": "simple"}, actions, at, moves)
    state = call_api("api_replay", "go", _json(OPTIONS), _json(actions[:at]))["state"]
    start = cpu()
    for action in actions[at:at + moves]:
        state = call_api("api_act", "go", state, _json(action))["state"]
    classic = (cpu() - start) / moves
    return cached, classic, simple


class Http:
    """The app in this process, a game made through it, played to a ply."""

    def __init__(self, database: str):
        self.app = create_app({"TESTING": True, "DATABASE": database})
        self.client = self.app.test_client()

    def game_at(self, actions: list[dict]) -> tuple[str, dict]:
        resp = self.client.post("/api/games", json={"game": "go", "options": OPTIONS})
        assert resp.status_code == 201, resp.json
        gid = resp.json["id"]
        headers = {"Authorization": "Bearer " + next(iter(resp.json["secrets"].values()))}
        for action in actions:
            self.move(gid, headers, action)
        return gid, headers

    def move(self, gid: str, headers: dict, action: dict) -> None:
        resp = self.client.post(f"/api/games/{gid}/actions", headers=headers,
                                json={"action": action})
        assert resp.status_code == 200, resp.json

    def undo(self, gid: str, headers: dict) -> None:
        resp = self.client.post(f"/api/games/{gid}/undo", headers=headers, json={})
        assert resp.status_code == 200, resp.json


def http_round(http: Http, actions: list[dict], at: int, moves: int) -> float:
    gid, headers = http.game_at(actions[:at])
    start = cpu()
    for action in actions[at:at + moves]:
        http.move(gid, headers, action)
    return (cpu() - start) / moves


def undo_round(http: Http, gid: str, headers: dict, last: dict, times: int) -> tuple[float, float]:
    """CPU seconds of an undo at the game's ply, and of the move played again after it."""
    undo = move = 0.0
    for _ in range(times):
        start = cpu()
        http.undo(gid, headers)
        undo += cpu() - start
        start = cpu()
        http.move(gid, headers, last)
        move += cpu() - start
    return undo / times, move / times


def fill_games(database: str, games: int, mine: str) -> None:
    """`games` saved games straight into SQLite (ten of them with the seat of `mine`)."""
    con = sqlite3.connect(database)
    now = time.time()
    with con:
        con.executemany(
            "INSERT INTO games (id, game, options, casual, state, plies, created, updated, "
            "revision, view, format) VALUES (?, 'go', '{}', 1, 'x', 0, ?, ?, 0, '{}', 0)",
            ((f"g{i:08d}", now - i, now - i) for i in range(games)))
        con.executemany(
            "INSERT INTO seats (game_id, seat, secret_hash) VALUES (?, ?, ?)",
            ((f"g{i:08d}", seat, hashlib.sha256(f"s{i}".encode()).hexdigest())
             for i in range(games) for seat in ("b", "w")))
        con.executemany("UPDATE seats SET secret_hash = ? WHERE game_id = ?",
                        ((mine, f"g{i:08d}") for i in range(0, games, games // 10)))
    con.close()


def listing(http: Http, secret: str, times: int) -> tuple[float, float]:
    """CPU and wall seconds of one listing."""
    start, wall = cpu(), time.perf_counter()
    for _ in range(times):
        resp = http.client.post("/api/games/mine", json={"secrets": [secret]})
        assert resp.status_code == 200 and len(resp.json["games"]) == 10, resp.json
    return (cpu() - start) / times, (time.perf_counter() - wall) / times


def show(name: str, values: list[float], unit: float = 1e3, suffix: str = "ms") -> float:
    med = statistics.median(values)
    print(f"  {name:<44} {med * unit:8.3f} {suffix}  ({min(values) * unit:.3f}-"
          f"{max(values) * unit:.3f})")
    return med


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    rounds, moves, many = args.rounds, args.moves, 100_000
    if args.quick:
        rounds, moves, many = 2, 5, 10_000
    low, high = 10, 300
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}; {rounds} rounds of {moves} moves")
    actions = legal_game(high + moves)
    with tempfile.TemporaryDirectory() as tmp:
        http = Http(str(Path(tmp) / "bench.db"))
        http.game_at(actions[:2])  # warm-up
        figures: dict[str, list[float]] = {k: [] for k in (
            "cached10", "cached300", "classic10", "classic300", "simple10", "simple300",
            "http10", "http300",
            "undo", "remove")}
        for r in range(rounds):
            for at in ((low, high) if r % 2 == 0 else (high, low)):
                cached, classic, simple = prolog_round(actions, at, moves)
                figures[f"cached{at}"].append(cached)
                figures[f"classic{at}"].append(classic)
                figures[f"simple{at}"].append(simple)
                figures[f"http{at}"].append(http_round(http, actions, at, moves))
            gid, headers = http.game_at(actions[:high])
            undo, again = undo_round(http, gid, headers, actions[high - 1], moves)
            figures["undo"].append(undo)
            figures["remove"].append(again)
        print("Prolog side, one move (Game.act, the game kept parsed), CPU:")
        c10 = show("ply 10", figures["cached10"])
        c300 = show("ply 300", figures["cached300"])
        print("  the classic call with the whole state text (tablero:api_act/5):")
        k10 = show("ply 10", figures["classic10"])
        k300 = show("ply 300", figures["classic300"])
        print("  the control: the same moves under simple ko (Game.act):")
        s10 = show("ply 10", figures["simple10"])
        s300 = show("ply 300", figures["simple300"])
        print("HTTP move (Flask test client: the app, SQLite, seats, JSON), CPU:")
        h10 = show("ply 10", figures["http10"])
        h300 = show("ply 300", figures["http300"])
        print("Undo at ply 300 and the move played again, CPU:")
        u = show("undo", figures["undo"])
        m = show("the move again", figures["remove"])
        print("Listing one secret's games (POST /api/games/mine), CPU (and wall time):")
        listers = {}
        for count in (100, many):
            path = str(Path(tmp) / f"list{count}.db")
            listers[count] = Http(path)
            fill_games(path, count, hashlib.sha256(b"bench-secret").hexdigest())
            listing(listers[count], "bench-secret", 5)
        times: dict[int, list[tuple[float, float]]] = {100: [], many: []}
        for r in range(rounds):
            for count in ((100, many) if r % 2 == 0 else (many, 100)):
                times[count].append(listing(listers[count], "bench-secret", 50))
        lists = {}
        for count in (100, many):
            lists[count] = show(f"{count:,} games", [c for c, _ in times[count]])
            show(f"{count:,} games, wall time", [w for _, w in times[count]])
    print("Ratios (medians of this run) and goals:")
    print(f"  Prolog side ply 300 / ply 10: {c300 / c10:.2f}x (goal <= 1.2x); "
          f"classic call: {k300 / k10:.2f}x; classic / cached at ply 300: {k300 / c300:.2f}x")
    print(f"  the board alone (simple ko) ply 300 / ply 10: {s300 / s10:.2f}x; so the superko "
          f"history costs {c300 / s300:.2f}x at ply 300 (superko / simple ko, same boards)")
    print(f"  HTTP move ply 300 / ply 10: {h300 / h10:.2f}x (goal <= 1.2x)")
    print(f"  undo at ply 300: {u * 1e3:.2f} ms (goal < 5 ms), {u / m:.2f}x a move")
    print(f"  listing {many:,} games: {lists[many] * 1e3:.2f} ms CPU (goal < 5 ms), "
          f"{lists[many] / lists[100]:.2f}x listing 100")
    print(f"load average {os.getloadavg()[0]:.2f} {os.getloadavg()[1]:.2f} "
          f"{os.getloadavg()[2]:.2f}")


if __name__ == "__main__":
    main()
