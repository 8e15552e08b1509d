"""Databases made by earlier releases open with every game, and every finished game stays
finished with its result.

tests/data/upgrade-<commit>.db were made by scripts/release_db.py with the code of that
commit (its own API, machine against machine for Molinolog, GoRoGo and Azul):
f0de60a, the first release's rules (two passes ended and counted a Go game); e0ac614, the
scoring phase (two passes, then both accept); 08fdff7, Go's state format 3 and GNU Go
seats; 1199a67, the release before this one.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from app import create_app

DATA = Path(__file__).with_name("data")
RELEASES = sorted(p.name for p in DATA.glob("upgrade-*.db"))


def stored_games(path: Path) -> list[tuple[str, str, dict]]:
    con = sqlite3.connect(path)
    try:
        return [(gid, game, json.loads(view))
                for gid, game, view in con.execute("SELECT id, game, view FROM games")]
    finally:
        con.close()


def test_every_release_is_here():
    assert len(RELEASES) >= 4


@pytest.mark.parametrize("name", RELEASES)
def test_a_release_database_keeps_every_finished_game_finished(name, tmp_path):
    database = tmp_path / name
    shutil.copy(DATA / name, database)
    before = stored_games(database)
    assert any(view.get("over") for _, _, view in before)
    client = create_app({"TESTING": True, "DATABASE": str(database)}).test_client()
    for gid, game, old in before:
        resp = client.get(f"/api/games/{gid}")
        assert resp.status_code == 200, resp.json
        view = resp.json["view"]
        if old.get("over"):
            assert view["over"] is True, (name, game, gid, view.get("phase"))
            for key in ("code", "winner"):
                assert view["result"][key] == old["result"][key], (name, game, key)
            assert view["result"]["message"] == old["result"]["message"]
            # A record refuses undo, whatever the body.
            undo = client.post(f"/api/games/{gid}/undo", json={"accept": False},
                               headers={"Origin": "http://localhost"})
            assert undo.status_code in (401, 403, 409), undo.json
        else:
            assert view["over"] is False
            assert view["board" if game in ("go", "gorogo") else "to_move"] is not None
        # The game reads the same a second time (rebuilt once, stored).
        again = client.get(f"/api/games/{gid}").json["view"]
        assert again == view


@pytest.mark.parametrize("name", RELEASES)
def test_a_release_database_keeps_student_verdicts_after_its_upgrade(name, tmp_path):
    """The migration that keeps a student's rules' verdicts with each action (issue 21):
    an old database opens, its Go games read and write their SGF without verdicts, and a
    new game's moves keep theirs."""
    database = tmp_path / name
    shutil.copy(DATA / name, database)
    rules = {"go": str(Path(__file__).with_name("students") / "no_multi_capture.pl")}
    client = create_app({"TESTING": True, "DATABASE": str(database),
                         "STUDENT_RULES": rules}).test_client()
    old = [gid for gid, game, _ in stored_games(database) if game == "go"]
    assert old
    for gid in old:
        shown = client.get(f"/api/games/{gid}").json
        assert "student_verdicts" not in shown
        assert client.get(f"/api/games/{gid}/verdicts").json["verdicts"] == []
        assert client.get(f"/api/games/{gid}/sgf").status_code == 200
    game = client.post("/api/games", json={"game": "go", "options": {"size": 9}}).json
    reply = client.post(f"/api/games/{game['id']}/actions",
                        json={"action": {"kind": "move", "pos": [4, 4]}},
                        headers={"Authorization": f"Bearer {game['secrets']['b']}"})
    assert reply.status_code == 200 and reply.json["student"]["code"] == "agree"
    assert reply.json["student_verdicts"] == {"asked": 1, "differ": 0, "plies": [],
                                              "tried": 0, "tried_differ": 0}
