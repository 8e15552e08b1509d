"""Saved games, on both backends (SQLite and PostgreSQL): migrations keep every game of an
older release and run once however many processes start together, revisions only grow, a
write computed from an old revision loses the race and changes nothing, and a game saved
in an older state format is rebuilt from its actions."""

from __future__ import annotations

import shutil
import sqlite3
import threading
from pathlib import Path

import psycopg
import pytest

from app import create_app, db_copy, db_postgres, live, storage
from app.games import Game

from .pg import app_on

DATA = Path(__file__).with_name("data")

#  tests/data/release1.db was made by the first release (schema 1, states of its format):
#  one game of each kind with a few actions.
RELEASE1 = {
    "06a5df064325": ("go", 4),
    "37a39dcab35b": ("molinolog", 2),
    "629c2aace5fd": ("gorogo", 2),
    "438c4568fe37": ("azul", 1),
}

#  tests/data/release2.db was made by the release that added PostgreSQL (SQLite schema 2):
#  its games, with the secrets and the open invitation its players hold.
RELEASE2 = {
    # Go between two friends: White took the invitation; three moves; Black asks to undo.
    "c7348e59e80f": dict(game="go", plies=3, revision=5, undo_request="b",
                         secrets={"b": "NEKm9FaNmH3Hi8rfXOT1X983dMNT3bDh",
                                  "w": "9qJHVV5HN-NlMsBhTlhj4cNyZSdaeSoI"}),
    # Go 13x13 whose White invitation is still open.
    "4fa1f7707cef": dict(game="go", plies=1, revision=1, undo_request=None,
                         secrets={"b": "5i0lLOpcVIobp3M75_DonCJ0Xxvju-Wh"},
                         invite=("w", "ZQPjy83rv1fyZd-QiH-Zdb4K")),
    # Molinolog against the machine.
    "d659518bab97": dict(game="molinolog", plies=2, revision=2, undo_request=None,
                         secrets={"b": "0lr11-JGDchZ3oGT14XgR7mOTPJw3hQg"}),
    # GoRoGo on one device (hot seat), with an undo.
    "d6f3ec6f0634": dict(game="gorogo", plies=2, revision=4, undo_request=None,
                         secrets={"b": "WJtrLrey3sxE_bG3FMd3ywiqh5Uzghz1",
                                  "w": "WJtrLrey3sxE_bG3FMd3ywiqh5Uzghz1"}),
    # Azul against the greedy machine.
    "5c69c1587358": dict(game="azul", plies=2, revision=2, undo_request=None,
                         secrets={"0": "_edAkofFF-oVO7ngcNfq2V7uRUh_yRR-"}),
}


def auth(secret: str) -> dict:
    return {"Authorization": f"Bearer {secret}"}


def schema_version(database: str) -> int:
    if storage.is_url(database):
        with psycopg.connect(database) as con:
            return con.execute("SELECT version FROM schema_version").fetchone()[0]
    return sqlite3.connect(database).execute("PRAGMA user_version").fetchone()[0]


def migrations(database: str) -> list[str]:
    return db_postgres.MIGRATIONS if storage.is_url(database) else storage.MIGRATIONS


# ---- databases of earlier releases -----------------------------------------------------


def test_a_database_of_the_first_release_opens_with_every_game(database, tmp_path):
    copy_release("release1.db", database, tmp_path)
    with app_on(database) as app:
        check_release1(app.test_client())
    assert schema_version(database) == len(migrations(database))


def check_release1(client):
    for game_id, (game, plies) in RELEASE1.items():
        resp = client.get(f"/api/games/{game_id}")
        assert resp.status_code == 200, resp.json
        got = resp.json
        assert (got["game"], got["plies"], len(got["actions"])) == (game, plies, plies)
        # The stored game equals its replay by today's rules.
        replay = Game.restore(game, got["options"], got["actions"])
        assert got["view"] == replay.view
    go = client.get("/api/games/06a5df064325").json["view"]
    assert go["board"][2] == "--b---b--" and go["board"][6] == "--w---w--"
    assert go["to_move"] == "b"
    # Games saved before seats existed stay playable.
    moved = client.post("/api/games/06a5df064325/actions",
                        json={"action": {"kind": "move", "pos": [4, 4]}})
    assert moved.status_code == 200, moved.json
    assert moved.json["plies"] == 5 and moved.json["view"]["board"][4] == "----b----"


def copy_release(name: str, database: str, tmp_path) -> None:
    """Put the games of tests/data/<name> into `database`: a copy of the file for SQLite;
    for PostgreSQL, the way a SQLite server's games move to PostgreSQL (app/db_copy.py)."""
    if not storage.is_url(database):
        shutil.copy(DATA / name, database)
        return
    copied = tmp_path / name  # db_copy migrates the file first: a copy, not the test data
    shutil.copy(DATA / name, copied)
    counts = db_copy.copy(copied, database)
    assert counts["games"] == len(RELEASE2 if name == "release2.db" else RELEASE1)


def test_a_database_of_the_second_release_opens_with_every_game(database, tmp_path):
    copy_release("release2.db", database, tmp_path)
    with app_on(database) as app:
        client = app.test_client()
        assert schema_version(database) == len(migrations(database))
        for game_id, want in RELEASE2.items():
            got = client.get(f"/api/games/{game_id}", headers=auth(next(iter(
                want["secrets"].values())))).json
            assert (got["game"], got["plies"], got["revision"], got["undo_request"]) == (
                want["game"], want["plies"], want["revision"], want["undo_request"])
            assert len(got["actions"]) == want["plies"]
            assert set(got["you"]) >= {s for s, v in want["secrets"].items()
                                       if v == next(iter(want["secrets"].values()))}
            replay = Game.restore(want["game"], got["options"], got["actions"])
            assert got["view"] == replay.view
            # Each player's secret still finds the game in their list.
            for secret in want["secrets"].values():
                listed = client.get("/api/games", headers=auth(secret)).json["recent"]
                assert game_id in [g["id"] for g in listed]
        # Friends go on: White accepts Black's undo request, then Black plays.
        friends = RELEASE2["c7348e59e80f"]["secrets"]
        url = "/api/games/c7348e59e80f"
        accepted = client.post(f"{url}/undo", json={"accept": True}, headers=auth(friends["w"]))
        assert accepted.status_code == 200 and accepted.json["plies"] == 2, accepted.json
        moved = client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [3, 3]}},
                            headers=auth(friends["b"]))
        assert moved.status_code == 200 and moved.json["revision"] == 7, moved.json
        # The open invitation still takes its seat, once.
        seat, token = RELEASE2["4fa1f7707cef"]["invite"]
        taken = client.post(f"/api/games/4fa1f7707cef/seats/{seat}", json={"invitation": token})
        assert taken.status_code == 200 and taken.json["holders"][seat]["taken"]
        again = client.post(f"/api/games/4fa1f7707cef/seats/{seat}", json={"invitation": token})
        assert again.status_code == 409


# ---- migrations --------------------------------------------------------------------------


def test_migrations_run_once(tmp_path):
    db = tmp_path / "t.db"
    create_app({"TESTING": True, "DATABASE": str(db)})
    con = sqlite3.connect(db)
    assert storage.migrate(con) == len(storage.MIGRATIONS)
    assert con.execute("PRAGMA user_version").fetchone()[0] == len(storage.MIGRATIONS)


def test_processes_starting_together_run_each_migration_once(database):
    """Eight workers start at once on a new database: every one finds the schema whole,
    none fails on a table another made."""
    results, errors = [], []
    backend = storage.db_sqlite.SQLite(database, storage.KEEP_CHANGES) if not storage.is_url(
        database) else db_postgres.Postgres(database, storage.KEEP_CHANGES)
    start = threading.Barrier(8)

    def worker():
        try:
            start.wait()
            results.append(backend.migrate())
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert results == [len(migrations(database))] * 8
    assert schema_version(database) == len(migrations(database))
    with app_on(database) as app:  # and the app opens it
        assert app.test_client().post("/api/games", json={"game": "go"}).status_code == 201


# ---- optimistic writes ---------------------------------------------------------------------


def test_a_slow_write_from_an_undone_revision_loses(any_app):
    """The red team's lost move: a machine request read the game; meanwhile another client
    undid and played (the action count back where it was); the machine's write must lose."""
    app = any_app
    client = app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    headers = auth(game["secrets"]["b"])
    url = f"/api/games/{game['id']}"
    assert client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [0, 0]}},
                       headers=headers).status_code == 200
    with app.app_context():
        slow = storage.load(game["id"])  # what the slow request read: 1 action
        slow_game = Game.restore("go", slow.options, [], slow.state)
        slow_game.act({"kind": "move", "pos": [8, 8]})
    assert client.post(f"{url}/undo", json={}, headers=headers).status_code == 200
    assert client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [4, 4]}},
                       headers=headers).status_code == 200
    with app.app_context():
        with pytest.raises(storage.Conflict):
            storage.append(slow, slow_game.actions[-1], slow_game.state, slow_game.view)
    assert slow.revision == 1 and slow.plies == 1  # the loser's record is left as it was
    shown = client.get(url).json
    assert shown["actions"] == [{"kind": "move", "pos": [4, 4]}]
    assert shown["revision"] == 3 and shown["plies"] == 1
    replay = Game.restore("go", shown["options"], shown["actions"])
    assert shown["view"] == replay.view


def test_writers_racing_on_one_revision_one_wins(any_app):
    """Eight threads write from the same revision at the same moment: exactly one wins, the
    others lose and change nothing (no doubled action, no lost one)."""
    app = any_app
    client = app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    with app.app_context():
        base = storage.load(game["id"])
    outcomes, start, writes = [], threading.Barrier(8), []
    for i in range(8):  # Prolog answers on this thread only: the moves are computed first
        with app.app_context():
            record = storage.load(game["id"])
        played = Game.restore("go", record.options, [], record.state)
        played.act({"kind": "move", "pos": [i, i]})
        writes.append((record, played))

    def writer(i):
        record, played = writes[i]
        with app.app_context():
            start.wait()
            try:
                storage.append(record, played.actions[-1], played.state, played.view)
                outcomes.append(("won", i))
            except storage.Conflict:
                outcomes.append(("lost", i))

    threads = [threading.Thread(target=writer, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    won = [i for kind, i in outcomes if kind == "won"]
    assert len(outcomes) == 8 and len(won) == 1
    shown = client.get(f"/api/games/{game['id']}").json
    assert shown["actions"] == [{"kind": "move", "pos": [won[0], won[0]]}]
    assert (shown["revision"], shown["plies"]) == (base.revision + 1, 1)


def test_the_revision_only_grows(any_app):
    client = any_app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    headers = auth(game["secrets"]["b"])
    url = f"/api/games/{game['id']}"
    seen = [game["revision"]]
    for _ in range(3):
        seen.append(client.post(f"{url}/actions", json={"action": {"kind": "pass"}},
                                headers=headers).json["revision"])
        seen.append(client.post(f"{url}/undo", json={}, headers=headers).json["revision"])
    assert seen == sorted(seen) and len(set(seen)) == len(seen)


def test_history_has_a_bound(any_app, monkeypatch):
    monkeypatch.setattr(storage, "MAX_PLIES", 2)
    client = any_app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    headers = auth(game["secrets"]["b"])
    url = f"/api/games/{game['id']}/actions"
    for pos in ([0, 0], [1, 1]):
        assert client.post(url, json={"action": {"kind": "move", "pos": pos}},
                           headers=headers).status_code == 200
    resp = client.post(url, json={"action": {"kind": "move", "pos": [2, 2]}}, headers=headers)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "history_full"


# ---- state formats ---------------------------------------------------------------------------


def test_a_game_in_an_older_state_format_is_rebuilt_from_its_actions(any_app):
    """A state saved before a change of its game's state format (game_format/2) is replaced,
    at its first read, by the replay of its actions; revision and actions stay."""
    app = any_app
    client = app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    headers = auth(game["secrets"]["b"])
    url = f"/api/games/{game['id']}"
    for pos in ([2, 2], [6, 6], [4, 4]):
        client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": pos}},
                    headers=headers)
    before = client.get(url).json
    with app.app_context(), storage.backend().write() as con:
        con.execute("UPDATE games SET format = 0, state = ?, view = NULL WHERE id = ?",
                    ("an old state term", game["id"]))
    after = client.get(url).json
    assert after == before
    with app.app_context():
        record = storage.load(game["id"])
    assert record.format != 0 and record.state != "an old state term"
    moved = client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [0, 8]}},
                        headers=headers)
    assert moved.status_code == 200 and moved.json["plies"] == 4


# ---- PostgreSQL only ----------------------------------------------------------------------


def test_postgres_away_is_503_and_back_again(pg_cluster, monkeypatch):
    """A database that cannot be reached answers 503 (nothing changed) within the pool's
    time-out; the pool's connections, ended under it, cost no request once it is back (the
    pool checks a connection before handing it out, and waits about a second after a failed
    check before the next: well within the time-out)."""
    monkeypatch.setattr(db_postgres, "CONNECT_TIMEOUT", 4.0)
    url = pg_cluster.new_database()
    with app_on(url) as app:
        client = app.test_client()
        game = client.post("/api/games", json={"game": "go"}).json
        # Every connection of the pool is ended (a restarted server): the next request works.
        pg_cluster.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         f"WHERE datname = '{url.rsplit('/', 1)[1]}'")
        assert client.get(f"/api/games/{game['id']}").status_code == 200
        # The database gone: 503, JSON, within the time-out.
        pg_cluster.drop_database(url)
        resp = client.post("/api/games", json={"game": "go"})
        assert resp.status_code == 503 and resp.json["error"]["code"] == "storage_unavailable"
        live.stop(app)


def test_storage_db_is_sqlites_alone(pg_database):
    with app_on(pg_database) as app, app.app_context():
        assert storage.backend().name == "postgres"
        with pytest.raises(TypeError):
            storage.db()


def test_games_copied_once_from_sqlite_to_postgres(pg_database, tmp_path):
    """app/db_copy.py: all or nothing; a second copy of the same games is refused whole."""
    copy_release("release2.db", pg_database, tmp_path)
    with pytest.raises(ValueError, match="already"):
        db_copy.copy(tmp_path / "release2.db", pg_database)
    with psycopg.connect(pg_database) as con:
        assert con.execute("SELECT count(*) FROM games").fetchone()[0] == len(RELEASE2)
        assert con.execute("SELECT count(*) FROM actions").fetchone()[0] == sum(
            g["plies"] for g in RELEASE2.values())
    assert db_copy.main(["only-one-argument"]) == 2


def test_db_copy_leaves_its_source_alone_and_never_shows_a_password(pg_database, tmp_path,
                                                                     capsys):
    """app/db_copy.py reads the SQLite file through a backup (its migrations run on a copy),
    answers a missing file and every failure in one line, and names the target database
    without its password."""
    import hashlib

    source = tmp_path / "release1.db"
    shutil.copy(DATA / "release1.db", source)
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    with_password = pg_database.replace("://", "://postgres:hunter2@", 1) \
        if "@" not in pg_database else pg_database.replace("@", ":hunter2@", 1)
    assert db_copy.main([str(source), with_password]) == 0
    assert hashlib.sha256(source.read_bytes()).hexdigest() == digest
    assert db_copy.main([str(source), with_password]) == 1      # the games are there already
    assert db_copy.main([str(tmp_path / "nothing.db"), with_password]) == 2
    assert db_copy.main([str(source), "postgresql://someone:hunter2@127.0.0.1:1/x"]) == 1
    out, err = capsys.readouterr()
    assert "hunter2" not in out + err and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 3 and all(line.startswith("db_copy: ") for line in lines)
    assert "already" in lines[0] and "no such SQLite file" in lines[1]
