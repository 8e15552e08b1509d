"""A machine turn held by a server that died is free at once (issue 20: a game stayed
machine_busy for about 14 s after its app server was killed during a search)."""

from __future__ import annotations

import socket
import subprocess
import time

from app import storage

H = {"Origin": "http://localhost"}


def machine_game(client):
    made = client.post("/api/games", json={"game": "molinolog", "options": {
        "size": 1, "black": "machine", "white": "machine", "depth": 1}}, headers=H)
    assert made.status_code == 201, made.json
    return made.json["id"], {**H, "Authorization": "Bearer x"}


def hold(app, game_id: str, owner: str, seconds: float = 100) -> None:
    with app.app_context():
        with storage._write() as con:
            con.execute("UPDATE games SET machine_until = ?, machine_owner = ? WHERE id = ?",
                        (time.time() + seconds, owner, game_id))


def test_a_turn_held_by_a_dead_process_of_this_host_is_free_at_once(app, client):
    game_id, headers = machine_game(client)
    gone = subprocess.Popen(["true"])
    gone.wait()
    hold(app, game_id, f"{socket.gethostname()} {gone.pid} 12345")
    played = client.post(f"/api/games/{game_id}/machine", json={}, headers=headers)
    assert played.status_code == 200, played.json
    assert played.json["plies"] == 1
    with app.app_context():
        row = storage.db().execute("SELECT machine_until, machine_owner FROM games WHERE id = ?",
                                   (game_id,)).fetchone()
    assert tuple(row) == (0, None)


def test_a_turn_held_by_a_live_process_or_another_host_waits(app, client):
    game_id, headers = machine_game(client)
    with app.app_context():
        hold(app, game_id, storage.machine_owner())          # this very process: alive
    busy = client.post(f"/api/games/{game_id}/machine", json={}, headers=headers)
    assert busy.status_code == 409 and busy.json["error"]["code"] == "machine_busy"
    hold(app, game_id, "some-other-host 1 1")                # cannot be told: its time runs
    busy = client.post(f"/api/games/{game_id}/machine", json={}, headers=headers)
    assert busy.status_code == 409 and busy.json["error"]["code"] == "machine_busy"
    hold(app, game_id, "some-other-host 1 1", seconds=-1)    # its time is up
    played = client.post(f"/api/games/{game_id}/machine", json={}, headers=headers)
    assert played.status_code == 200, played.json
    assert client.get(f"/api/games/{game_id}").json["plies"] == 1
