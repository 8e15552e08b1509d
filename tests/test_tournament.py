"""`tablero tournament` (app/tournament.py, prolog/tablero/tournament.pl): real games between
our machine players, GNU Go (as itself and as a GTP command) and students' machine_move/2
files run in app/confine.py's box; standings, cross table and records checked against the
games themselves.  Small on purpose: 5x5 Go capped at 30 actions, Molinolog students that
fault early."""

from __future__ import annotations

import csv
import json
import os
import sqlite3
from pathlib import Path

import pytest

from app import confine, sgf, tournament
from app.games import Game
from app.gtp import GNUGO

STUDENTS = Path(__file__).parent / "students" / "tournament" / "molinolog"

needs_gnugo = pytest.mark.skipif(not os.access(GNUGO, os.X_OK), reason="GNU Go is not installed")
needs_box = pytest.mark.skipif(confine.problem() is not None,
                               reason=f"no bubblewrap box here: {confine.problem()}")


def read_csv(path: Path) -> list[list[str]]:
    with open(path, newline="") as f:
        return list(csv.reader(f))


def check_cross_table(out: Path, summary: dict) -> None:
    """The cross table agrees with the games and the standings: each pair's points add up
    to the games they played, each row's total is the player's points."""
    rows = read_csv(out / "crosstable.csv")
    names = rows[0][1:-2]
    byes = summary.get("byes") or {}
    points = {row["player"]: row["points"] - byes.get(row["player"], 0)
              for row in summary["standings"]}
    for i, row in enumerate(rows[1:]):
        assert row[0] == names[i]
        for j, cell in enumerate(row[1:-2]):
            other = rows[1 + j][1 + i]
            if i == j or cell == "":        # oneself, or never met (Swiss)
                assert other == ""
                continue
            got, games = cell.split("/")
            their, their_games = other.split("/")
            assert games == their_games
            assert float(got) + float(their) == int(games)
        assert float(row[-2]) == points[row[0]]
        assert sum(float(c.split("/")[0]) for c in row[1:-2] if c) == points[row[0]]
    assert sum(points.values()) == len(summary["games"])
    assert sum(row["points"] for row in summary["standings"]) == \
        len(summary["games"]) + sum(byes.values())


def check_ratings_follow_points(summary: dict) -> None:
    table = summary["standings"]
    for a in table:
        assert a["rating_low"] <= a["rating"] <= a["rating_high"]
        for b in table:
            if a["points"] > b["points"]:
                assert a["rating"] > b["rating"], (a, b)
                assert a["rank"] < b["rank"]


@needs_gnugo
def test_go_round_robin_between_our_machines_and_gnugo(tmp_path):
    out = tmp_path / "go"
    summary = tournament.run("go", ["machine:simple", "strong=machine:30", "gnugo:1"],
                             out=out, seed=7, options={"size": 5}, max_plies=30, jobs=2)
    games = summary["games"]
    names = ["machine:simple", "strong", "gnugo:1"]
    assert len(games) == 6
    #  Each pair played twice, each player Black once against each other one.
    pairs = sorted((g["first"], g["second"]) for g in games)
    assert pairs == sorted((a, b) for a in names for b in names if a != b)
    for name in names:
        assert sum(g["seats"]["b"] == name for g in games) == 2
    check_cross_table(out, summary)
    check_ratings_follow_points(summary)
    for g in games:
        assert g["plies"] <= 30 + 4          # the cap, then the referee's passes and accepts
        assert "loser" not in g["result"]    # ended by the rules: nobody faulted
        text = (out / "games" / g["record"]).read_bytes()
        record = json.loads((out / "games" / g["record"].replace(".sgf", ".json")).read_text())
        #  The SGF replays through our rules (every move judged) to the stored end.
        again = sgf.sgf_to_game(text)
        assert again.over
        assert again.result["code"] == Game.restore("go", record["options"],
                                                    record["actions"]).result["code"]
        assert again.winner == g["result"]["winner"]
        assert f"PB[{g['seats']['b']}]".encode() in text
    assert (out / "index.html").read_text().count("<tr>") >= 3 + 4 + 7


@needs_gnugo
def test_swiss_with_a_gtp_engine_and_byes(tmp_path):
    out = tmp_path / "swiss"
    summary = tournament.run(
        "go", ["gnugo:1", f"engine=gtp:{GNUGO} --mode gtp --level 1", "machine:simple"],
        out=out, seed=3, swiss=True, rounds=2, options={"size": 5}, max_plies=20, jobs=2)
    games = summary["games"]
    assert len(games) == 2                   # three players: one game and a bye a round
    assert sum(summary["byes"].values()) == 2 and len(summary["byes"]) == 2
    met = [frozenset((g["first"], g["second"])) for g in games]
    assert len(set(met)) == 2                # no rematch while another opponent is left
    assert all(g["result"]["reason"] not in ("crashed", "timeout", "not_a_move")
               for g in games)
    check_cross_table(out, summary)


@needs_box
def test_students_machines_confined_and_their_faults(tmp_path):
    out = tmp_path / "molinolog"
    players = [str(STUDENTS / "ana" / "adapter.pl"), str(STUDENTS / "illegal.pl"),
               str(STUDENTS / "loop.pl"), str(STUDENTS / "crash.pl")]
    summary = tournament.run("molinolog", players, out=out, seed=5, seconds=0.3, jobs=2)
    games = summary["games"]
    assert len(games) == 12
    by = {row["player"]: row for row in summary["standings"]}
    assert list(by) == ["ana", "illegal", "crash", "loop"] or \
        list(by) == ["ana", "illegal", "loop", "crash"]
    assert by["ana"]["wins"] == 6 and by["ana"]["faults"] == 0
    assert by["illegal"]["points"] == 4      # it beats the two that never answer
    assert by["illegal"]["faults"] == 2 and by["loop"]["faults"] == by["crash"]["faults"] == 5
    for g in games:
        result = g["result"]
        loser = result.get("loser")
        if loser is None:
            continue
        name = g["seats"][loser]
        expected = {"illegal": "illegal", "loop": "timeout", "crash": "crashed"}[name]
        assert result["reason"] == expected, g
        if name == "illegal":
            assert result["refusal"] == "occupied"
            assert "colocar((n,2))" in result["message"]
        #  The record keeps the actions played before the fault, and replays.
        record = json.loads((out / "games" / g["record"]).read_text())
        assert len(record["actions"]) == g["plies"]
        assert Game.restore("molinolog", record["options"], record["actions"]).over is False
    #  Ana's games against the faulting players end at their first fault; the adapter
    #  maps machine_move/2 onto her own mi_jugada/2.
    check_cross_table(out, summary)
    check_ratings_follow_points(summary)
    standings = read_csv(out / "standings.csv")
    assert standings[1][1] == "ana" and standings[1][8] == "0"


@needs_box
def test_a_seed_plays_the_same_games_again(tmp_path):
    players = ["machine:1", str(STUDENTS / "beto.pl")]
    runs = [tournament.run("molinolog", players, out=tmp_path / str(n), seed=11,
                           max_plies=24, jobs=2) for n in range(2)]
    first, second = ([json.loads((tmp_path / str(n) / "games" / g["record"]).read_text())
                      ["actions"] for g in run["games"]] for n, run in enumerate(runs))
    assert first == second and all(len(a) == 24 for a in first)
    other = tournament.run("molinolog", players, out=tmp_path / "other", seed=12,
                           max_plies=24, jobs=1)
    assert [json.loads((tmp_path / "other" / "games" / g["record"]).read_text())["actions"]
            for g in other["games"]] != first
    #  A game stopped at the cap is a draw; the record replays to the position it stopped.
    record = json.loads((tmp_path / "0" / "games" / runs[0]["games"][0]["record"]).read_text())
    assert record["result"]["reason"] == "max_plies"
    assert tournament.replay(record).actions == record["actions"]


def test_pairings_are_balanced_and_seeded():
    games = tournament.round_robin(5, seed=2)
    assert len(games) == 20
    assert sorted((g.first, g.second) for g in games) == \
        sorted((a, b) for a in range(5) for b in range(5) if a != b)
    for p in range(5):                        # colours balanced: first in half its games
        assert sum(g.first == p for g in games) == sum(g.second == p for g in games) == 4
    for g in games:                           # both games of a pair share their deal
        twin = next(h for h in games if (h.first, h.second) == (g.second, g.first))
        assert twin.seed == g.seed
    same = tournament.round_robin(5, seed=2)
    assert [(g.first, g.second, g.seed) for g in same] == [(g.first, g.second, g.seed)
                                                           for g in games]
    assert [(g.first, g.second) for g in tournament.round_robin(5, seed=3)] != \
        [(g.first, g.second) for g in games]


def test_players_are_read_or_refused_with_a_reason(tmp_path):
    assert tournament.parse_player("molinolog", "hard").level == "5"
    assert tournament.parse_player("azul", "greedy").level == "greedy"
    assert tournament.parse_player("go", "machine:200").level == "200"
    folder = tournament.parse_player("molinolog", str(STUDENTS / "ana"))
    assert (folder.name, folder.path, folder.root) == ("ana", STUDENTS / "ana" / "adapter.pl",
                                                       STUDENTS / "ana")
    assert tournament.parse_player("molinolog", str(STUDENTS / "ana" / "adapter.pl")).name \
        == "ana"
    named = tournament.parse_player("go", "tablero=easy")
    assert (named.name, named.kind, named.level) == ("tablero", "machine", "default")
    for game, text, words in (("molinolog", "machine:9", "levels are 1, 2, 3, 4, 5"),
                              ("molinolog", "gnugo:1", "GNU Go plays Go only"),
                              ("go", "missing.pl", "no such file"),
                              ("go", str(STUDENTS.parent), "adapter.pl or machine.pl"),
                              ("go", "chess", "not a player of go")):
        with pytest.raises(tournament.TournamentError, match=words):
            tournament.parse_player(game, text)
    with pytest.raises(tournament.TournamentError, match="two players"):
        tournament.run("go", ["machine"], out=tmp_path)
    with pytest.raises(tournament.TournamentError, match="--option"):
        tournament.run("go", ["machine", "machine:simple"], out=tmp_path,
                       options={"size": 99})


def test_bradley_terry_orders_by_results():
    #  0 beat 1 twice, 1 beat 2 twice, 0 and 2 drew: 0 > 1 > 2, all finite.
    ratings = tournament.bradley_terry(3, [(0, 1, 1), (0, 1, 1), (1, 2, 1), (1, 2, 1),
                                           (0, 2, 0.5)])
    assert ratings[0] > ratings[1] > ratings[2]
    assert tournament.bradley_terry(2, [(0, 1, 0.5)]) == pytest.approx([1500, 1500])


@needs_box
@pytest.mark.parametrize("game, student, opponent, extra", [
    ("go", "go/centre.pl", "machine:simple", {"options": {"size": 5}, "max_plies": 12}),
    ("gorogo", "gorogo/first.pl", "machine:1", {}),
    #  a solution with its own names and its own matrix (1 white, 2 black), and the
    #  teacher's adapter that translates both ways
    ("gorogo", "gorogo/rita", "machine:1", {}),
    ("azul", "azul/floor.pl", "random", {}),
])
def test_each_games_contract_plays_a_students_machine(tmp_path, game, student, opponent,
                                                      extra):
    """machine_move/2 on each game's state and move terms (prolog/tablero/tournament.pl):
    the student's moves are played, and every game ends by the rules; its record replays
    to the same end."""
    path = Path(__file__).parent / "students" / "tournament" / student
    summary = tournament.run(game, [str(path), opponent], out=tmp_path, seed=2, jobs=2,
                             **extra)
    name = summary["players"][0]["name"]
    assert name == (path.name if path.is_dir() else path.stem)
    assert len(summary["games"]) == 2
    for g in summary["games"]:
        assert "loser" not in g["result"], g["result"]
        record = json.loads((tmp_path / "games" / g["record"].replace(".sgf", ".json"))
                            .read_text())
        seat = next(k for k, v in record["players"].items() if v == name)
        assert sum(t.get("by") == seat for t in record["turns"]) >= 5
        again = tournament.replay(record)
        if g["result"]["reason"] == "max_plies":
            assert not again.over
        else:
            assert again.over and again.winner == g["result"]["winner"]


@needs_box
def test_a_student_that_tries_to_leave_its_box_loses_with_the_error(tmp_path):
    summary = tournament.run("molinolog", [str(STUDENTS / "escape.pl"), "machine:1"],
                             out=tmp_path, seed=1, jobs=2)
    for g in summary["games"]:
        result = g["result"]
        assert result["reason"] == "error" and g["seats"][result["loser"]] == "escape"
        assert "escaped.txt" in result["message"], result["message"]
    assert not (STUDENTS / "escaped.txt").exists()
    assert not Path("/tmp/tablero-escape-shell").exists()


def test_a_folder_played_without_a_database_is_loaded_into_one(tmp_path):
    """`tablero tournament load FOLDER --db`: the records are replayed by the rules and
    saved; the server on that database answers each game with its actions and its page."""
    from app import create_app

    out = tmp_path / "t"
    tournament.run("azul", ["random", "greedy"], out=out, seed=3, max_plies=8, jobs=2)
    db = str(tmp_path / "tablero.db")
    assert tournament.main(["load", str(out), "--db", db, "--url", "http://example.org"]) == 0
    summary = json.loads((out / "tournament.json").read_text())
    client = create_app({"DATABASE": db}).test_client()
    for g in summary["games"]:
        assert g["page"] == f"http://example.org/azul/{g['id']}"
        record = json.loads((out / "games" / g["record"]).read_text())
        stored = client.get(f"/api/games/{g['id']}").get_json()
        assert stored["actions"] == record["actions"] and len(record["actions"]) == 8
        assert client.get(f"/azul/{g['id']}").status_code == 200
        assert f'href="{g["page"]}"' in (out / "index.html").read_text()
    assert tournament.main(["load", str(tmp_path), "--db", db]) == 2    # not a tournament


def test_a_record_file_is_opened_as_a_new_game_or_refused_with_a_reason(tmp_path):
    """POST /api/games {"game", "record"} (the pages' "Open record"): a tournament's record
    becomes a new game with every action, judged by the rules; a file that is no record,
    another game's record, options beside it, or an action the rules refuse: 400, with the
    reason, and no game made."""
    from app import create_app

    #  A record as write_outputs() writes one (tests/test_browser_tournament.py opens real
    #  ones on the pages): six placements on the size-1 board.
    points = [["n", 1], ["s", 1], ["e", 1], ["w", 1], ["n", 2], ["s", 2]]
    record = {"tablero": "tournament game", "game": "molinolog", "number": 1, "round": 1,
              "players": {"b": "ana", "w": "beto"},
              "options": {"size": 1, "black": "human", "white": "human"},
              "actions": [{"kind": "place", "point": p} for p in points],
              "result": {"winner": None, "reason": "max_plies", "message": ""}}
    client = create_app({"DATABASE": str(tmp_path / "tablero.db")}).test_client()
    made = client.post("/api/games", json={"game": "molinolog", "record": record})
    assert made.status_code == 201
    game = made.get_json()
    assert game["actions"] == record["actions"] and game["plies"] == 6
    assert game["options"]["size"] == 1 and game["view"]["to_move"] == "b"
    assert game["view"] == client.get(f"/api/games/{game['id']}").get_json()["view"]
    bad = [record["actions"][0]] * 2                 # the same point twice
    for body, code, words in (
            ({"game": "molinolog", "record": [1, 2]}, "bad_record", "game, options and actions"),
            ({"game": "azul", "record": record}, "record_game", "a game of 'molinolog'"),
            ({"game": "molinolog", "record": record, "options": {"size": 2}}, "bad_option",
             "the options are the record's"),
            ({"game": "molinolog", "record": {**record, "actions": bad}}, "record_action",
             "action 2 of the record: occupied")):
        reply = client.post("/api/games", json=body)
        assert reply.status_code == 400, reply.get_json()
        error = reply.get_json()["error"]
        assert error["code"] == code and words in error["message"], error
    with sqlite3.connect(tmp_path / "tablero.db") as db:
        assert db.execute("SELECT count(*) FROM games").fetchone() == (1,)
