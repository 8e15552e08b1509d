"""Saved games: migrations keep every game of an older release, revisions only grow, and a
write computed from an old revision loses the race and changes nothing."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

from app import create_app, storage
from app.games import Game

DATA = Path(__file__).with_name("data")

#  tests/data/release1.db was made by the first release (schema 1, states of its format):
#  one game of each kind with a few actions.
RELEASE1 = {
    "06a5df064325": ("go", 4),
    "37a39dcab35b": ("molinolog", 2),
    "629c2aace5fd": ("gorogo", 2),
    "438c4568fe37": ("azul", 1),
}


def test_a_database_of_the_first_release_opens_with_every_game(tmp_path):
    db = tmp_path / "old.db"
    shutil.copy(DATA / "release1.db", db)
    client = create_app({"TESTING": True, "DATABASE": str(db)}).test_client()
    for game_id, (game, plies) in RELEASE1.items():
        resp = client.get(f"/api/games/{game_id}")
        assert resp.status_code == 200, resp.json
        got = resp.json
        assert (got["game"], got["plies"], len(got["actions"])) == (game, plies, plies)
        # The stored game equals its replay by today's rules.
        replay = Game.resume(game, got["options"], got["actions"])
        assert got["view"] == replay.view
    go = client.get("/api/games/06a5df064325").json["view"]
    assert go["board"][2] == "--b---b--" and go["board"][6] == "--w---w--"
    assert go["to_move"] == "b"
    # Games saved before seats existed stay playable.
    moved = client.post("/api/games/06a5df064325/actions",
                        json={"action": {"kind": "move", "pos": [4, 4]}})
    assert moved.status_code == 200, moved.json
    assert moved.json["plies"] == 5 and moved.json["view"]["board"][4] == "----b----"
    version = sqlite3.connect(db).execute("PRAGMA user_version").fetchone()[0]
    assert version == len(storage.MIGRATIONS)


def test_migrations_run_once(tmp_path):
    db = tmp_path / "t.db"
    create_app({"TESTING": True, "DATABASE": str(db)})
    con = sqlite3.connect(db)
    assert storage.migrate(con) == len(storage.MIGRATIONS)
    assert con.execute("PRAGMA user_version").fetchone()[0] == len(storage.MIGRATIONS)


def test_a_slow_write_from_an_undone_revision_loses(tmp_path):
    """The red team's lost move: a machine request read the game; meanwhile another client
    undid and played (the action count back where it was); the machine's write must lose."""
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db")})
    client = app.test_client()
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    auth = {"Authorization": f"Bearer {game['secrets']['b']}"}
    url = f"/api/games/{game['id']}"
    assert client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [0, 0]}},
                       headers=auth).status_code == 200
    with app.app_context():
        slow = storage.load(game["id"])  # what the slow request read: 1 action
        slow_game = Game.resume("go", slow.options, [], slow.state)
        slow_game.act({"kind": "move", "pos": [8, 8]})
    assert client.post(f"{url}/undo", json={}, headers=auth).status_code == 200
    assert client.post(f"{url}/actions", json={"action": {"kind": "move", "pos": [4, 4]}},
                       headers=auth).status_code == 200
    with app.app_context():
        try:
            storage.append(slow, slow_game.actions[-1], slow_game.state, slow_game.view)
            lost = False
        except storage.Conflict:
            lost = True
    assert lost
    shown = client.get(url).json
    assert shown["actions"] == [{"kind": "move", "pos": [4, 4]}]
    assert shown["revision"] == 3 and shown["plies"] == 1
    replay = Game.resume("go", shown["options"], shown["actions"])
    assert shown["view"] == replay.view


def test_the_revision_only_grows(client):
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    auth = {"Authorization": f"Bearer {game['secrets']['b']}"}
    url = f"/api/games/{game['id']}"
    seen = [game["revision"]]
    for _ in range(3):
        seen.append(client.post(f"{url}/actions", json={"action": {"kind": "pass"}},
                                headers=auth).json["revision"])
        seen.append(client.post(f"{url}/undo", json={}, headers=auth).json["revision"])
    assert seen == sorted(seen) and len(set(seen)) == len(seen)


def test_history_has_a_bound(client, monkeypatch):
    monkeypatch.setattr(storage, "MAX_PLIES", 2)
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    auth = {"Authorization": f"Bearer {game['secrets']['b']}"}
    url = f"/api/games/{game['id']}/actions"
    for pos in ([0, 0], [1, 1]):
        assert client.post(url, json={"action": {"kind": "move", "pos": pos}},
                           headers=auth).status_code == 200
    resp = client.post(url, json={"action": {"kind": "move", "pos": [2, 2]}}, headers=auth)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "history_full"
