"""A move answered with the view's delta ("delta": true, as the pages send a move): what
changed in the view, in place of the whole view (docs/architecture.md).  A client that follows the
deltas holds the game as a fresh read gives it, for every game; the row keeps no view
while the game goes on, and a read (this worker's, or another's) works it out again."""

from __future__ import annotations

import random

import pytest
from flask import Flask

from app import api, storage
from app.games import Game, apply_delta, view_delta
from app.prolog import bridge

from .test_api_common import auth, create, post, secret_of, shown


def go_move(view: dict, rnd: random.Random) -> dict:
    empty = [[r, c] for r, row in enumerate(view["board"]) for c, cell in enumerate(row)
             if cell == "-"]
    return {"kind": "move", "pos": rnd.choice(empty)}


def gorogo_move(view: dict, rnd: random.Random) -> dict:
    piece = rnd.choice([p for p, points in sorted(view["legal"].items()) if points])
    return {"kind": "place", "piece": piece, "pos": rnd.choice(view["legal"][piece])}


#  Each game: options for two people, and a way to choose an action from a view.
GAMES = {
    "go": ({"size": 9}, go_move),
    "molinolog": ({"size": 2, "black": "human", "white": "human"},
                  lambda view, rnd: rnd.choice(view["legal"])),
    "gorogo": ({"black": "human", "white": "human"}, gorogo_move),
    "azul": ({"players": ["human", "human"], "seed": 7},
             lambda view, rnd: rnd.choice(view["legal"])),
}


def another_worker() -> None:
    """Forget what this process keeps of every game (its Prolog's parsed games and the
    views the API worked out), as a second worker that never served them."""
    bridge().query("tablero_cache:cache_clear")
    api._views.clear()


def stored_view(app: Flask, game_id: str) -> str | None:
    with app.app_context():
        return storage.load(game_id).view_json


def the_row_kept_no_view_and_a_read_works_it_out(app: Flask, client, game: dict,
                                                 view: dict) -> None:
    """A game played with deltas: its row keeps no view while it goes on, and a read by a
    worker that holds nothing of it works out the view the client holds."""
    if not view["over"]:
        assert stored_view(app, game["id"]) is None
    another_worker()
    assert shown(client, game)["view"] == view  # worked out again from the stored state


@pytest.mark.parametrize("name", list(GAMES))
def test_a_client_that_follows_30_deltas_holds_the_game_a_read_gives(app, client, name):
    options, choose = GAMES[name]
    rnd = random.Random(24)
    game = create(client, name, options)
    secret, view, revision, played = secret_of(game), game["view"], game["revision"], 0
    twin = Game(name, options)  # the same actions, each answered with the whole view
    while played < 30 and not view["over"]:
        action = choose(view, rnd)
        resp = post(client, game, "actions", secret, action=action, revision=revision,
                    delta=True)
        if resp.status_code == 409:  # a Go move the rules refuse (suicide, ko): nothing moved
            assert shown(client, game)["revision"] == revision
            continue
        assert resp.status_code == 200, resp.json
        reply = resp.json
        assert "view" not in reply and reply["revision"] == revision + 1
        assert set(reply["view_delta"]) == {"changed", "items", "removed"}
        before = view
        view, revision, played = apply_delta(view, reply["view_delta"]), reply["revision"], played + 1
        assert view == shown(client, game)["view"] == twin.act(action)
        #  Python's view_delta (a live stream's) writes what Prolog's wrote.
        assert view_delta(before, view) == reply["view_delta"]
        if played == 15:
            another_worker()  # the next move misses every cache
    assert played == 30 or view["over"]
    the_row_kept_no_view_and_a_read_works_it_out(app, client, game, view)


def test_a_capture_comes_in_the_delta(app, client):
    game = create(client, "go", {"size": 9})
    secret, view = secret_of(game), game["view"]
    for pos in ([0, 1], [0, 0], [1, 0]):  # Black takes White's stone in the corner
        reply = post(client, game, "actions", secret, action={"kind": "move", "pos": pos},
                     delta=True).json
        view = apply_delta(view, reply["view_delta"])
    delta = reply["view_delta"]
    assert delta["changed"]["captures"] == {"b": 1, "w": 0}
    assert delta["items"] == {"board": [[0, "-b-------"], [1, "b--------"]]}
    assert view["board"][:2] == ["-b-------", "b--------"]
    assert view == shown(client, game)["view"]


def test_undo_after_deltas_goes_back_to_the_view_before(app, client):
    game = create(client, "go", {"size": 9})
    secret = secret_of(game)
    first = post(client, game, "actions", secret, action={"kind": "move", "pos": [4, 4]},
                 delta=True).json
    after_first = apply_delta(game["view"], first["view_delta"])
    post(client, game, "actions", secret, action={"kind": "move", "pos": [3, 3]}, delta=True)
    another_worker()
    undone = post(client, game, "undo", secret)
    assert undone.status_code == 200, undone.json
    assert undone.json["view"] == after_first == shown(client, game)["view"]


def test_a_game_a_delta_move_ends_keeps_its_view_in_its_row(app, client):
    game = create(client, "go", {"size": 9})
    reply = post(client, game, "actions", secret_of(game), action={"kind": "resign"},
                 delta=True).json
    view = apply_delta(game["view"], reply["view_delta"])
    assert view["over"] and view["result"]["winner"] == "w"
    assert stored_view(app, game["id"]) is not None  # a finished game's record
    another_worker()
    assert shown(client, game)["view"] == view


def test_delta_must_be_a_boolean_and_a_refused_one_changes_nothing(app, client):
    game = create(client, "go", {"size": 9})
    resp = post(client, game, "actions", secret_of(game), action={"kind": "move", "pos": [4, 4]},
                delta="yes")
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_request"
    after = shown(client, game)
    assert (after["revision"], after["plies"], after["view"]) == (0, 0, game["view"])


def test_a_watcher_may_not_move_with_a_delta_either(app, client):
    game = create(client, "go", {"size": 9})
    resp = client.post(f"/api/games/{game['id']}/actions",
                       json={"action": {"kind": "move", "pos": [4, 4]}, "delta": True},
                       headers=auth("not-a-secret"))
    assert resp.status_code == 403
    assert shown(client, game)["plies"] == 0


@pytest.mark.parametrize("name", list(GAMES))
def test_the_python_game_s_act_delta_is_act_s_view(name):
    options, choose = GAMES[name]
    rnd = random.Random(5)
    whole, lean = Game(name, options), Game(name, options)
    view = lean.view
    for _ in range(12):
        if view["over"]:
            break
        action = choose(view, rnd)
        try:
            expected = whole.act(action)
        except Exception:  # refused: both games refuse it alike
            with pytest.raises(Exception):
                lean.act_delta(action)
            continue
        view = apply_delta(view, lean.act_delta(action))
        assert view == expected == lean.view


def test_deltas_hold_on_both_databases_and_a_timed_game_keeps_its_view(any_app):
    client = any_app.test_client()  # SQLite and PostgreSQL
    game = create(client, "go", {"size": 9})
    timed = create(client, "go", {"size": 9}, clock={"main": 60, "increment": 5})
    for made in (game, timed):
        secret, view = secret_of(made), made["view"]
        for pos in ([2, 2], [6, 6], [2, 6]):
            reply = post(client, made, "actions", secret, action={"kind": "move", "pos": pos},
                         delta=True).json
            view = apply_delta(view, reply["view_delta"])
        another_worker()
        assert shown(client, made)["view"] == view and view["to_move"] == "w"
    #  A timed game's clock reads its view: stored with each move, and charged as ever.
    assert stored_view(any_app, game["id"]) is None
    assert stored_view(any_app, timed["id"]) is not None
    clock = reply["clock"]  # both moved once since the first move: each got its increment
    assert clock["running"] == "w" and clock["left"]["w"] > 60000 and clock["left"]["b"] > 60000
    assert shown(client, timed)["clock"]["left"] == clock["left"]


# ---- the machine's turns answered with a delta (as the pages ask them) ---------------

#  Each game against the machine (a person and a machine seat), and how the person chooses.
AGAINST_THE_MACHINE = {
    "go": ({"size": 9, "black": "human", "white": "machine", "level": 1}, go_move),
    "go-gnugo": ({"size": 9, "black": "human", "white": "gnugo", "level": 1}, go_move),
    "molinolog": ({"size": 2, "black": "human", "white": "machine"},
                  lambda view, rnd: rnd.choice(view["legal"])),
    "gorogo": ({"black": "machine", "white": "human", "depth": 1}, gorogo_move),
    "azul": ({"players": ["human", "greedy"], "seed": 7},
             lambda view, rnd: rnd.choice(view["legal"])),
}


#  Go's machine searches about a second a turn, and GNU Go is a peer: the full run's.
@pytest.mark.parametrize("name", [
    pytest.param(name, marks={"go": [pytest.mark.slow],
                              "go-gnugo": [pytest.mark.peer]}.get(name, []))
    for name in AGAINST_THE_MACHINE])
def test_a_client_that_follows_the_machine_s_deltas_holds_the_game_a_read_gives(app, client,
                                                                             name):
    """The machine's turn asked with "delta": true (POST /machine, as game-session.js asks
    it: its own search process, GNU Go for a "gnugo" seat) answers what changed, as a
    move does; the row keeps no view, and another worker works it out again."""
    options, choose = AGAINST_THE_MACHINE[name]
    rnd = random.Random(7)
    game = create(client, name.split("-")[0], options)
    secret, view, revision = secret_of(game), game["view"], game["revision"]
    machine_turns = steps = 0
    while machine_turns < 4 and not view["over"]:
        if view["machine_to_move"]:
            resp = post(client, game, "machine", secret, revision=revision, delta=True)
            assert resp.status_code == 200, resp.json
            assert isinstance(resp.json["action"], dict)  # the machine's, as accepted
            machine_turns += 1
        else:
            resp = post(client, game, "actions", secret, action=choose(view, rnd),
                        revision=revision, delta=True)
            if resp.status_code == 409:  # a Go move the rules refuse: nothing moved
                continue
            assert resp.status_code == 200, resp.json
        reply = resp.json
        assert "view" not in reply and reply["revision"] == revision + 1
        view, revision, steps = apply_delta(view, reply["view_delta"]), reply["revision"], steps + 1
        assert view == shown(client, game)["view"]
        if steps == 3:
            another_worker()  # the next step misses every cache
    assert machine_turns == 4 or view["over"]
    the_row_kept_no_view_and_a_read_works_it_out(app, client, game, view)


def test_the_machine_s_delta_must_be_a_boolean_and_a_refused_one_plays_nothing(app, client):
    game = create(client, "go", {"size": 9, "black": "machine", "white": "human"})
    resp = post(client, game, "machine", secret_of(game), delta="yes")
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_request"
    after = shown(client, game)
    assert (after["revision"], after["plies"], after["view"]) == (0, 0, game["view"])


def test_python_s_view_delta_tells_true_from_1_and_lists_of_other_lengths():
    before = {"a": 1, "b": ["x", "y"], "c": [1], "d": True, "gone": 0}
    after = {"a": True, "b": ["x", "z"], "c": [1, 2], "d": True, "new": []}
    assert view_delta(before, after) == {"changed": {"a": True, "c": [1, 2], "new": []},
                                         "items": {"b": [[1, "z"]]}, "removed": ["gone"]}
    assert apply_delta(before, view_delta(before, after)) == after
