"""A rematch through the API (issue 22): offered after a finished game, accepted by the
other player, made with the sides swapped and each secret holding its new seat; at once
when the caller holds every person's seat (against the machine)."""

from __future__ import annotations

from app.api import rematch_options, swapped_seats


def post(client, path, body, secret=None):
    headers = {"Authorization": f"Bearer {secret}"} if secret else {}
    resp = client.post(path, json=body, headers=headers)
    return resp.status_code, resp.json


def test_a_rematch_between_two_friends(client):
    _, game = post(client, "/api/games", {"game": "go", "options": {"size": 9}, "hold": ["b"]})
    black = game["secrets"]["b"]
    token = game["invitations"]["w"].split("#invite=w.")[1]
    _, joined = post(client, f"/api/games/{game['id']}/seats/w", {"invitation": token})
    white = joined["secrets"]["w"]
    path = f"/api/games/{game['id']}/rematch"
    status, refused = post(client, path, {}, black)
    assert status == 409 and refused["error"]["code"] == "game_not_over"
    assert post(client, f"/api/games/{game['id']}/actions",
                {"action": {"kind": "resign", "player": "w"}}, white)[0] == 200
    assert post(client, path, {})[0] == 401
    status, offered = post(client, path, {}, black)
    assert status == 202 and offered["rematch"] == {"offer": "b"}
    assert post(client, path, {}, black)[1]["error"]["code"] == "rematch_offered"
    status, declined = post(client, path, {"decline": True}, white)
    assert status == 200 and declined["rematch"] is None
    post(client, path, {}, black)
    status, made = post(client, path, {}, white)
    assert status == 201
    rematch = made["rematch"]
    assert rematch["seats"] == {"b": "w", "w": "b"} and rematch["offer"] == "b"
    new = rematch["game"]
    assert client.get(f"/api/games/{new}", headers={"Authorization": f"Bearer {black}"}).json["you"] == ["w"]
    assert client.get(f"/api/games/{new}", headers={"Authorization": f"Bearer {white}"}).json["you"] == ["b"]
    assert post(client, path, {}, black)[1]["rematch"]["game"] == new  # made once


def test_a_rematch_against_the_machine_is_made_at_once(client):
    _, game = post(client, "/api/games", {"game": "go", "options": {"size": 9, "white": "machine"}})
    secret = game["secrets"]["b"]
    post(client, f"/api/games/{game['id']}/actions", {"action": {"kind": "resign", "player": "b"}},
         secret)
    status, made = post(client, f"/api/games/{game['id']}/rematch", {}, secret)
    assert status == 201
    new = client.get(f"/api/games/{made['rematch']['game']}",
                     headers={"Authorization": f"Bearer {secret}"}).json
    assert new["you"] == ["w"] and new["view"]["seats"] == {"b": "machine", "w": "human"}
    assert new["view"]["machine_to_move"]


def test_azul_players_move_one_seat_on():
    mapping = swapped_seats(["0", "1", "2"])
    assert mapping == {"0": "1", "1": "2", "2": "0"}
    assert rematch_options({"players": ["human", "greedy", "random"], "seed": 3}, mapping) == {
        "players": ["random", "human", "greedy"]}
