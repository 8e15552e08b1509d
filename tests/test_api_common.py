"""What every game's API does alike, run for each of the four games: options checked by one
parser, refusals that change nothing, stale writes, undo, machine turns, the normalised
action that is stored, seats held by secrets, invitations and undo requests.

Per-game particulars live in tests/test_api_<game>.py.
"""

from __future__ import annotations

import pytest

from app.games import Game, game_options

#  For each game: options for two people; the first action, one the rules refuse right
#  after it (and its code), a point off the board, and options with a machine second.
GAMES = {
    "go": dict(
        people={"size": 9},
        first=lambda view: {"kind": "move", "pos": [4, 4]},
        second=lambda view: {"kind": "move", "pos": [0, 0]},
        refused=({"kind": "move", "pos": [4, 4]}, "occupied"),
        off_board={"kind": "move", "pos": [9, 4]},
        machine_second={"size": 9, "black": "human", "white": "machine"},
    ),
    "molinolog": dict(
        people={"size": 2, "black": "human", "white": "human"},
        first=lambda view: {"kind": "place", "point": ["n", 2]},
        second=lambda view: {"kind": "place", "point": ["s", 2]},
        refused=({"kind": "place", "point": ["n", 2]}, "occupied"),
        off_board={"kind": "place", "point": ["n", 7]},
        machine_second={"size": 2, "black": "human", "white": "machine"},
    ),
    "gorogo": dict(
        people={"black": "human", "white": "human"},
        first=lambda view: {"kind": "place", "piece": "henge", "pos": [2, 2]},
        second=lambda view: {"kind": "place", "piece": "regular", "pos": [0, 0]},
        refused=({"kind": "place", "piece": "regular", "pos": [2, 2]}, "occupied"),
        off_board={"kind": "place", "piece": "regular", "pos": [5, 0]},
        machine_second={"black": "machine", "white": "human", "depth": 1},
    ),
    "azul": dict(
        people={"players": ["human", "human"], "seed": 7},
        first=lambda view: view["legal"][0],
        second=lambda view: view["legal"][0],
        refused=None,
        off_board=None,
        machine_second={"players": ["human", "greedy"], "seed": 7},
    ),
}

pytestmark = pytest.mark.parametrize("name", list(GAMES))


def create(client, name, options, **extra):
    resp = client.post("/api/games", json={"game": name, "options": options, **extra})
    assert resp.status_code == 201, resp.json
    return resp.json


def auth(secret):
    return {"Authorization": f"Bearer {secret}"}


def post(client, game, path, secret=None, **body):
    headers = auth(secret) if secret else {}
    return client.post(f"/api/games/{game['id']}/{path}", json=body, headers=headers)


def shown(client, game):
    resp = client.get(f"/api/games/{game['id']}")
    assert resp.status_code == 200
    return resp.json


def secret_of(game):
    return next(iter(game["secrets"].values()))


# ---- options -----------------------------------------------------------------------


def test_unknown_option_is_refused_by_the_one_parser(client, name):
    resp = client.post("/api/games", json={"game": name, "options": {"colour_of_sky": 1}})
    assert resp.status_code == 400
    assert resp.json["error"]["code"] == "bad_option"
    assert "colour_of_sky" in resp.json["error"]["message"]


def test_every_declared_option_is_type_checked(client, name):
    declared = game_options()[name]
    assert declared
    for option in declared:
        resp = client.post("/api/games", json={"game": name, "options": {option["name"]: {"x": 1}}})
        assert resp.status_code == 400, option
        assert resp.json["error"]["code"] == "bad_option"
        assert option["name"] in resp.json["error"]["message"]


# ---- the vocabulary every view shares ------------------------------------------------


def test_view_vocabulary(client, name):
    game = create(client, name, GAMES[name]["people"])
    view = game["view"]
    for key in ("to_move", "over", "last", "result", "seats", "machine_to_move"):
        assert key in view, key
    assert view["over"] is False and view["result"] is None and view["last"] is None
    assert set(view["seats"].values()) == {"human"}
    assert view["machine_to_move"] is False
    first = GAMES[name]["first"](view)
    resp = post(client, game, "actions", secret_of(game), action=first, revision=0)
    assert resp.status_code == 200, resp.json
    last = resp.json["view"]["last"]
    assert last["player"] == view["to_move"]
    assert "kind" in last


# ---- refusals that change nothing ---------------------------------------------------


def test_refusals_change_nothing(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["people"])
    secret = secret_of(game)
    first = spec["first"](game["view"])
    assert post(client, game, "actions", secret, action=first).status_code == 200
    before = shown(client, game)
    cases = [({"kind": "fly"}, 400, "bad_kind"), ({**first, "junk": [1]}, 400, "bad_field")]
    if spec["refused"]:
        cases.append((spec["refused"][0], 409, spec["refused"][1]))
    if spec["off_board"]:
        cases.append((spec["off_board"], 400, "off_board"))
    for action, status, code in cases:
        resp = post(client, game, "actions", secret, action=action)
        assert (resp.status_code, resp.json["error"]["code"]) == (status, code), action
        assert shown(client, game) == before


def test_a_stale_revision_changes_nothing(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["people"])
    secret = secret_of(game)
    first = spec["first"](game["view"])
    assert post(client, game, "actions", secret, action=first, revision=0).status_code == 200
    before = shown(client, game)
    resp = post(client, game, "actions", secret, action=spec["second"](before["view"]), revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"
    assert shown(client, game) == before


def test_only_the_action_as_accepted_is_stored(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["people"])
    first = spec["first"](game["view"])
    resp = post(client, game, "actions", secret_of(game), action=first)
    assert resp.status_code == 200
    assert shown(client, game)["actions"] == [first]


# ---- undo --------------------------------------------------------------------------


def test_undo_goes_back_and_the_revision_still_grows(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["people"])
    secret = secret_of(game)
    first = spec["first"](game["view"])
    played = post(client, game, "actions", secret, action=first).json
    assert (played["revision"], played["plies"]) == (1, 1)
    undone = post(client, game, "undo", secret, revision=1)
    assert undone.status_code == 200, undone.json
    assert (undone.json["revision"], undone.json["plies"]) == (2, 0)
    assert undone.json["view"] == game["view"]
    again = post(client, game, "undo", secret)
    assert again.status_code == 409 and again.json["error"]["code"] == "nothing_to_undo"


# ---- machine turns ------------------------------------------------------------------


def test_machine_turns(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["machine_second"])
    secret = secret_of(game)
    view = game["view"]
    if not view["machine_to_move"]:
        resp = post(client, game, "machine", secret)
        assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"
        resp = post(client, game, "actions", secret, action=spec["first"](view))
        assert resp.status_code == 200, resp.json
        view = resp.json["view"]
    assert view["machine_to_move"] is True
    before = shown(client, game)
    machine_seat = view["to_move"]
    assert view["seats"][machine_seat] != "human"
    resp = post(client, game, "actions", secret, action=spec["second"](view))
    assert resp.status_code == 409 and resp.json["error"]["code"] == "machine_turn"
    assert shown(client, game) == before
    resp = post(client, game, "machine")
    assert resp.status_code == 200, resp.json
    assert resp.json["view"]["last"]["player"] == machine_seat
    assert shown(client, game)["actions"][-1] == resp.json["action"]


# ---- seats --------------------------------------------------------------------------


def test_creator_holds_every_human_seat_and_others_only_watch(client, name):
    spec = GAMES[name]
    game = create(client, name, spec["people"])
    humans = sorted(game["view"]["seats"])
    assert sorted(game["secrets"]) == humans
    assert len(set(game["secrets"].values())) == 1
    assert game["invitations"] == {}
    first = spec["first"](game["view"])
    assert post(client, game, "actions", None, action=first).status_code == 401
    assert post(client, game, "actions", "not-a-secret", action=first).status_code == 403
    assert shown(client, game)["plies"] == 0
    watcher = shown(client, game)
    assert watcher["you"] == [] and watcher["view"] == game["view"]


def test_invitation_takes_a_seat_once(client, name):
    spec = GAMES[name]
    seats = sorted(create(client, name, spec["people"])["view"]["seats"])
    mine, theirs = seats[0], seats[1]
    game = create(client, name, spec["people"], hold=[mine])
    assert list(game["secrets"]) == [mine]
    link = game["invitations"][theirs]
    token = link.split("#invite=")[1].split(".", 1)[1]
    assert post(client, game, f"seats/{theirs}", invitation="wrong").status_code == 403
    taken = post(client, game, f"seats/{theirs}", invitation=token)
    assert taken.status_code == 200, taken.json
    friend = taken.json["secrets"][theirs]
    again = post(client, game, f"seats/{theirs}", invitation=token)
    assert again.status_code == 409 and again.json["error"]["code"] == "seat_taken"
    # Each plays only their own seat.
    view = shown(client, game)["view"]
    to_move = view["to_move"]
    right = game["secrets"][mine] if to_move == mine else friend
    wrong = friend if to_move == mine else game["secrets"][mine]
    first = spec["first"](view)
    resp = post(client, game, "actions", wrong, action=first)
    assert resp.status_code == 403 and resp.json["error"]["code"] == "not_your_seat"
    assert post(client, game, "actions", right, action=first).status_code == 200


def test_undo_between_two_people_is_a_request_the_other_answers(client, name):
    spec = GAMES[name]
    seats = sorted(create(client, name, spec["people"])["view"]["seats"])
    game = create(client, name, spec["people"], hold=[seats[0]])
    token = game["invitations"][seats[1]].split(".", 1)[1]
    friend = post(client, game, f"seats/{seats[1]}", invitation=token).json["secrets"][seats[1]]
    secret = {seats[0]: game["secrets"][seats[0]], seats[1]: friend}
    view = shown(client, game)["view"]
    mover = view["to_move"]
    other = next(s for s in seats if s != mover)
    assert post(client, game, "actions", secret[mover], action=spec["first"](view)).status_code == 200
    asked = post(client, game, "undo", secret[mover])
    assert asked.status_code == 202 and asked.json["undo_request"] == mover
    assert shown(client, game)["plies"] == 1
    assert post(client, game, "undo", secret[mover], accept=True).status_code == 409
    declined = post(client, game, "undo", secret[other], accept=False)
    assert declined.status_code == 200 and declined.json["undo_request"] is None
    assert shown(client, game)["plies"] == 1
    assert post(client, game, "undo", secret[mover]).status_code == 202
    accepted = post(client, game, "undo", secret[other], accept=True)
    assert accepted.status_code == 200 and accepted.json["plies"] == 0


def test_listing_shows_only_the_callers_games(client, name):
    spec = GAMES[name]
    mine = create(client, name, spec["people"])
    other = create(client, name, spec["people"])
    listed = client.get("/api/games", headers=auth(secret_of(mine))).json["recent"]
    assert [g["id"] for g in listed] == [mine["id"]]
    assert client.get("/api/games").json["recent"] == []
    both = client.post("/api/games/mine", json={"secrets": [secret_of(mine), secret_of(other)]})
    assert {g["id"] for g in both.json["games"]} == {mine["id"], other["id"]}


def test_the_machine_plays_no_human_seat(client, name):
    game = create(client, name, GAMES[name]["people"])
    resp = post(client, game, "machine")
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"
    assert shown(client, game)["plies"] == 0


def test_score_route_for_every_game(client, name):
    game = create(client, name, GAMES[name]["people"])
    resp = client.get(f"/api/games/{game['id']}/score")
    assert resp.status_code == 200
    assert isinstance(resp.json["score"], dict) and resp.json["score"]


def test_text_board_from_prolog(name):
    played = Game(name, dict(GAMES[name]["people"]))
    text = str(played)
    assert isinstance(text, str) and len(text.splitlines()) >= 3


def test_the_declared_difficulties_make_games_against_the_computer(client, name):
    """Each difficulty the game declares (tablero:game_difficulty/4, served under the
    catalog's `computer`) makes a game, for a person moving first and second: the person's
    seat a person's, the other the difficulty's kind, its settings in the options."""
    listed = next(g for g in client.get("/api/games").json["games"] if g["game"] == name)
    assert listed["clocks"] == ([] if name == "azul" else ["fischer", "absolute", "correspondence"]
                                + (["byoyomi"] if name == "go" else []))
    computer = listed["computer"]
    seats = [s["seat"] for s in computer["seats"]]
    assert [d["difficulty"] for d in computer["difficulties"]] == ["easy", "medium", "hard"]
    for declared in computer["difficulties"]:
        orders = ["first", "second"] if computer["order"] == "chosen" else ["first"]
        assert sorted(declared["games"]) == orders
        for person, order in zip(seats, orders):
            game = create(client, name, declared["games"][order])
            machine = next(s for s in seats if s != person)
            assert game["view"]["seats"][person] == "human"
            assert game["view"]["seats"][machine] == declared["kind"]
            for key, value in declared["settings"].items():
                assert game["options"][key] == value


def test_the_declared_choices_make_games_of_each_value(client, name):
    """What a person chooses beside the difficulty (game_computer/2's `choices`: Go's
    board) is served with its words and label, and each value makes a game against the
    computer that has it (the index's card: static/difficulty.js, computerOptions)."""
    listed = next(g for g in client.get("/api/games").json["games"] if g["game"] == name)
    choices = listed["computer"]["choices"]
    assert [c["option"] for c in choices] == (["size"] if name in ("go", "molinolog") else [])
    for choice in choices:
        assert len(choice["words"]) == len(choice["values"]) and choice["label"]["es"]
        easy = listed["computer"]["difficulties"][0]["games"]["first"]
        assert easy[choice["option"]] == choice["default"]  # the card's default
        assert choice["default"] in choice["values"]
        for value in choice["values"]:
            game = create(client, name, {**easy, choice["option"]: value})
            assert game["options"][choice["option"]] == value
    if name == "go":
        assert choices[0]["values"] == [9, 13, 19] and choices[0]["default"] == 9
        assert choices[0]["words"] == ["9×9", "13×13", "19×19"]
    if name == "molinolog":
        assert choices[0]["values"] == [1, 2, 3] and choices[0]["default"] == 2
        assert choices[0]["words"][2] == {"en": "T = 3 (12 pieces)", "es": "T = 3 (12 fichas)"}
