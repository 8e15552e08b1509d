"""The JSON API with Azul: creation, a human take, every refusal, the machine, undo,
a whole bot game against play_azul/4, tile conservation, and the REPL facade."""

from __future__ import annotations

import pytest

from app.azul import AzulGame, simulate
from app.prolog import bridge


SECRETS: dict[str, str] = {}  # game id -> the secret of the human seats new_game holds


def new_game(client, players=("human", "human"), seed=11):
    options = {"players": list(players), "seed": seed}
    resp = client.post("/api/games", json={"game": "azul", "options": options})
    assert resp.status_code == 201, resp.json
    SECRETS[resp.json["id"]] = next(iter(resp.json["secrets"].values()), None)
    return resp.json


def auth(game_id) -> dict:
    """The Authorization header of the seats new_game holds in the game (none for bots only)."""
    secret = SECRETS.get(game_id)
    return {"Authorization": f"Bearer {secret}"} if secret else {}


def act(client, game_id, action, **extra):
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, **extra},
                       headers=auth(game_id))


def take(source, colour, line):
    return {"kind": "take", "source": source, "colour": colour, "line": line}


def revision(client, game_id) -> int:
    return client.get(f"/api/games/{game_id}").json["revision"]


def shown(client, game_id):
    """The saved game but its revision (a count of changes that an undo raises too)."""
    record = client.get(f"/api/games/{game_id}", headers=auth(game_id)).json
    record.pop("revision")
    return record


def tile_count(view) -> int:
    """Every tile the view shows, the first-player token apart."""
    players = view["players"]
    return (
        view["bag_count"]
        + view["lid_count"]
        + sum(len(f) for f in view["factories"])
        + len(view["centre"])
        + sum(len(line) for p in players for line in p["lines"])
        + sum(cell is not None for p in players for row in p["wall"] for cell in row)
        + sum(tile != "first" for p in players for tile in p["floor"])
    )


@pytest.mark.parametrize("n, factories", [(2, 5), (3, 7), (4, 9)])
def test_create(client, n, factories):
    g = new_game(client, ["human"] + ["greedy"] * (n - 1))
    view = g["view"]
    assert len(view["players"]) == n and len(view["factories"]) == factories
    assert all(len(f) == 4 for f in view["factories"])
    assert view["bag_count"] == 100 - 4 * factories and view["lid_count"] == 0
    assert view["centre"] == [] and view["first_token_in_centre"] is True
    assert view["round"] == 1 and view["over"] is False and view["seed"] == 11
    assert view["to_move"] in {str(i) for i in range(n)}
    assert g["options"]["seed"] == 11
    assert shown(client, g["id"])["view"] == view


def test_seed_is_kept_in_the_options(client):
    resp = client.post("/api/games", json={"game": "azul", "options": {}})
    assert resp.status_code == 201
    assert resp.json["options"]["seed"] == resp.json["view"]["seed"]
    assert [resp.json["view"]["seats"][p] for p in ("0", "1")] == ["human", "greedy"]


@pytest.mark.parametrize(
    "options",
    [
        {"players": ["human"]},
        {"players": ["human", "greedy", "random", "lookahead", "greedy"]},
        {"players": ["human", "clever"]},
        {"players": "human"},
        {"seed": "x"},
        {"seed": 1.5},
        {"colour": "blue"},
    ],
)
def test_bad_options(client, options):
    resp = client.post("/api/games", json={"game": "azul", "options": options})
    assert resp.status_code == 400
    assert resp.json["error"]["code"] == "bad_option" and resp.json["error"]["message"]


def test_a_human_take(client):
    g = new_game(client)
    view = g["view"]
    p = int(view["to_move"])
    factory = view["factories"][0]
    colour = factory[0]
    n = factory.count(colour)
    resp = act(client, g["id"], take(0, colour, 5), revision=g["revision"])
    assert resp.status_code == 200, resp.json
    after = resp.json["view"]
    assert after["players"][p]["lines"][4] == [colour] * n
    assert after["factories"][0] == []
    assert sorted(after["centre"]) == sorted(t for t in factory if t != colour)
    assert after["factories"][1:] == view["factories"][1:]
    assert after["to_move"] == str(1 - p)
    assert after["last"]["player"] == str(p) and after["last"]["tiles"] == n
    assert after["last"]["action"] == take(0, colour, 5)
    assert resp.json["plies"] == 1
    assert any("take_turn" in e["query"] for e in resp.json["explain"])


def first_other(view, colour):
    """A source and colour of the table other than `colour`."""
    for i, f in enumerate(view["factories"]):
        for c in f:
            if c != colour:
                return i, c
    raise AssertionError("no other colour on the table")


def setup_empty_source(client, gid):
    view = shown(client, gid)["view"]
    act(client, gid, take(0, view["factories"][0][0], "floor"))
    return take(0, "blue", "floor")


def setup_centre_empty(client, gid):
    return take("centre", "blue", 1)


def setup_no_such_colour(client, gid):
    view = shown(client, gid)["view"]
    missing = next(c for c in ("blue", "yellow", "red", "black", "white")
                   if c not in view["factories"][0])
    return take(0, missing, 1)


def setup_colour_mismatch(client, gid):
    view = shown(client, gid)["view"]
    colour = view["factories"][0][0]
    assert act(client, gid, take(0, colour, 5)).status_code == 200
    view = shown(client, gid)["view"]
    source, other = first_other(view, colour)
    assert act(client, gid, take(source, other, "floor")).status_code == 200
    source, other = first_other(shown(client, gid)["view"], colour)
    return take(source, other, 5)


def setup_line_full(client, gid):
    view = shown(client, gid)["view"]
    colour = view["factories"][0][0]
    assert act(client, gid, take(0, colour, 1)).status_code == 200
    view = shown(client, gid)["view"]
    source, other = first_other(view, "none")
    assert act(client, gid, take(source, other, "floor")).status_code == 200
    source, other = first_other(shown(client, gid)["view"], "none")
    return take(source, other, 1)


def setup_wall_has_colour(client, gid):
    """Player p fills line 1 with its first take; every other take of round 1 goes to
    the floor; in round 2 player p asks for that colour on line 1 again."""
    view = shown(client, gid)["view"]
    p = view["to_move"]
    colour = view["factories"][0][0]
    assert act(client, gid, take(0, colour, 1)).status_code == 200
    while True:
        view = shown(client, gid)["view"]
        if view["round"] == 2 and view["to_move"] == p:
            sources = [i for i, f in enumerate(view["factories"]) if colour in f]
            sources += ["centre"] if colour in view["centre"] else []
            assert sources, "the seed should deal that colour again"
            return take(sources[0], colour, 1)
        a = next(a for a in view["legal"] if a["line"] == "floor")
        assert act(client, gid, a).status_code == 200


def setup_game_over(client, gid):
    while not shown(client, gid)["view"]["over"]:
        assert client.post(f"/api/games/{gid}/machine", json={}).status_code == 200
    return take(0, "blue", 1)


@pytest.mark.parametrize(
    "players, setup, status, code",
    [
        (("human", "human"), setup_empty_source, 409, "empty_source"),
        (("human", "human"), setup_centre_empty, 409, "empty_source"),
        (("human", "human"), setup_no_such_colour, 409, "no_such_colour"),
        (("human", "human"), setup_colour_mismatch, 409, "colour_mismatch"),
        (("human", "human"), setup_line_full, 409, "line_full"),
        (("human", "human"), setup_wall_has_colour, 409, "wall_has_colour"),
        (("greedy", "greedy"), setup_game_over, 409, "game_over"),
        (("human", "human"), lambda c, g: take(9, "blue", 1), 400, "bad_source"),
        (("human", "human"), lambda c, g: take(0, "green", 1), 400, "bad_colour"),
        (("human", "human"), lambda c, g: take(0, "blue", 6), 400, "bad_line"),
        (("human", "human"), lambda c, g: {"kind": "pass"}, 400, "bad_kind"),
    ],
)
def test_refusals_change_nothing(client, players, setup, status, code):
    gid = new_game(client, players)["id"]
    action = setup(client, gid)
    before = shown(client, gid)
    resp = act(client, gid, action)
    assert resp.status_code == status, resp.json
    assert resp.json["error"]["code"] == code and resp.json["error"]["message"]
    assert shown(client, gid) == before


def test_refusal_explains_its_query(client):
    gid = new_game(client)["id"]
    resp = act(client, gid, take("centre", "blue", 1))
    explain = resp.json["error"]["explain"]
    assert explain and explain[0]["query"].startswith("azul_rules:take_refusal(azul(")
    assert explain[0]["query"].endswith("), take(centre,blue,1), Code)")
    assert explain[0]["answer"] == "Code = empty_source"


def test_machine_plays_bot_seats_only(client):
    g = new_game(client, ("human", "greedy"), seed=4)
    gid, view = g["id"], g["view"]
    if view["to_move"] == "0":
        a = view["legal"][0]
        view = act(client, gid, a).json["view"]
    assert view["to_move"] == "1"
    legal = view["legal"]
    resp = client.post(f"/api/games/{gid}/machine", json={"revision": revision(client, gid)})
    assert resp.status_code == 200, resp.json
    assert resp.json["action"] in legal
    assert resp.json["view"]["last"]["player"] == "1"
    assert resp.json["view"]["to_move"] == "0"
    before = shown(client, gid)
    resp = client.post(f"/api/games/{gid}/machine", json={})
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"
    assert shown(client, gid) == before


def test_stale_revision_is_refused(client):
    g = new_game(client)
    resp = act(client, g["id"], g["view"]["legal"][0], revision=g["revision"] + 3)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"


def final_scores_in_prolog(players, seed):
    goal = (
        f"azul:play_azul([{', '.join(players)}], {int(seed)}, S, _), "
        "arg(6, S, Ps), findall(Sc, member(player(_, Sc, _, _, _), Ps), Scores), "
        "arg(9, S, over(_, _, Ws))"
    )
    answer = bridge().query(goal, timeout=60)[0]
    return answer["Scores"], answer["Ws"]


def test_bot_game_matches_play_azul_and_conserves_tiles(client):
    players, seed = ["greedy", "random", "lookahead"], 2024
    g = new_game(client, players, seed=seed)
    gid, view = g["id"], g["view"]
    assert tile_count(view) == 100
    turns = 0
    while not view["over"]:
        resp = client.post(f"/api/games/{gid}/machine", json={"revision": turns})
        assert resp.status_code == 200, resp.json
        view = resp.json["view"]
        turns += 1
        assert tile_count(view) == 100, f"turn {turns}"
        assert shown(client, gid)["view"] == view
    scores, winners = final_scores_in_prolog(players, seed)
    assert [p["score"] for p in view["players"]] == scores
    assert view["result"]["winners"] == [str(w) for w in winners]
    assert all(p["bonus"] is not None for p in view["players"])
    assert view["legal"] == [] and view["result"]["winners"] and view["result"]["code"]


def test_undo_restores_the_previous_view(client):
    g = new_game(client, ("human", "greedy"), seed=9)
    gid = g["id"]
    for _ in range(3):
        view = shown(client, gid)["view"]
        if view["seats"][view["to_move"]] == "human":
            act(client, gid, view["legal"][-1])
        else:
            client.post(f"/api/games/{gid}/machine", json={})
    before = shown(client, gid)
    view = before["view"]
    if view["seats"][view["to_move"]] == "human":
        assert act(client, gid, view["legal"][0]).status_code == 200
    else:
        assert client.post(f"/api/games/{gid}/machine", json={}).status_code == 200
    assert shown(client, gid)["view"] != before["view"]
    resp = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(gid))
    assert resp.status_code == 200
    assert resp.json["view"] == before["view"]
    assert shown(client, gid) == before


def test_facade_simulate_and_text():
    players, seed = ["greedy", "greedy"], 42
    game = simulate(players, seed)
    view = game.view
    assert view["over"] is True and view["seed"] == seed
    scores, winners = final_scores_in_prolog(players, seed)
    assert [p["score"] for p in view["players"]] == scores
    assert view["result"]["winners"] == [str(w) for w in winners]
    text = str(game)
    assert text.startswith("Azul, seed 42") and "Game over" in text


def test_facade_take_machine_undo():
    g = AzulGame(("human", "greedy"), seed=5)
    assert g.round == 1 and g.scores == [0, 0] and g.options["seed"] == 5
    g.play_machines()
    assert g.to_move == "0"
    before = g.view
    a = g.legal[0]
    view = g.take(a["source"], a["colour"], a["line"])
    assert view["last"]["action"] == a and view["to_move"] == "1"
    g.undo()
    assert g.view == before
    assert "Factories" in str(g) and "Player 1: human" in str(g) and "Player 2: greedy" in str(g)
