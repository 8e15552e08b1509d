"""The games a worker keeps parsed (prolog/tablero/cache.pl), Go's superko history kept out
of the stored state, and undo from the state stored with each action (issue 13).

Superko here is the triple ko of prolog/go.plt (go_superko): after SETUP and CYCLE,
White's retake at [0, 6] would bring back the position after the setup's sixth ply.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app import create_app, storage
from app.games import Game, Refused, call_cached
from app.go import GoGame
from app.prolog import PrologTimeout, bridge, quote

from .test_storage import RELEASE2, auth, copy_release

ROOT = Path(__file__).resolve().parent.parent
OPTIONS = {"size": 9, "ko": "superko"}
SETUP = [("b", 0, 0), ("w", 0, 3), ("b", 1, 1), ("w", 0, 4), ("b", 0, 7), ("w", 1, 2),
         ("b", 1, 6), ("w", 1, 5), ("b", 8, 0), ("w", 0, 1), ("b", 7, 1), ("w", 0, 6),
         ("b", 8, 2), ("w", 8, 3), ("b", None, None), ("w", 7, 2)]
CYCLE = [("b", 0, 2), ("w", 8, 1), ("b", 0, 5), ("w", 0, 1), ("b", 8, 2)]
RETAKE = {"kind": "move", "player": "w", "pos": [0, 6]}
HASH = re.compile(r"\b[0-9a-f]{40}\b")


def action(player, r, c) -> dict:
    if r is None:
        return {"kind": "pass", "player": player}
    return {"kind": "move", "player": player, "pos": [r, c]}


ACTIONS = [action(*a) for a in SETUP + CYCLE]


def forget_all() -> None:
    """This process's Prolog forgets every game it kept (as a new worker would)."""
    assert bridge().query("tablero_cache:cache_clear")


def new_game(client) -> tuple[str, dict]:
    resp = client.post("/api/games", json={"game": "go", "options": OPTIONS})
    assert resp.status_code == 201, resp.json
    return resp.json["id"], auth(next(iter(resp.json["secrets"].values())))


def play(client, gid, headers, act: dict):
    return client.post(f"/api/games/{gid}/actions", headers=headers, json={"action": act})


@pytest.fixture
def client(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db")}).test_client()


# ---- the REPL ---------------------------------------------------------------------------


def test_repl_superko_after_a_cache_miss_and_after_undo():
    g = Game("go", OPTIONS)
    for a in ACTIONS:
        g.act(a)
    assert len(HASH.findall(g.state)) == 1  # the stored form: the first position only
    with pytest.raises(Refused) as err:
        g.act(RETAKE)
    assert err.value.code == "superko"
    forget_all()  # the next call sends the state text and the traces
    with pytest.raises(Refused) as err:
        g.act(RETAKE)
    assert err.value.code == "superko"
    # Undo the last move and play it again: superko still sees the whole history.
    g.undo()
    forget_all()
    g.undo()
    assert g.view["board"] == Game.restore("go", OPTIONS, ACTIONS[:-2]).view["board"]
    for a in ACTIONS[-2:]:
        g.act(a)
    with pytest.raises(Refused) as err:
        g.act(RETAKE)
    assert err.value.code == "superko"
    # A game resumed from its state and actions alone (no traces) replays to know them.
    forget_all()
    h = Game.restore("go", OPTIONS, ACTIONS, g.state)
    with pytest.raises(Refused) as err:
        h.act(RETAKE)
    assert err.value.code == "superko"
    # Under simple ko the same retake is allowed.
    s = GoGame(size=9, ko="simple")
    for a in ACTIONS:
        s.act(a)
    s.act(RETAKE)


def test_repl_undo_is_the_replay():
    rnd = random.Random(3)
    g = Game("go", OPTIONS)
    while len(g.actions) < 60:
        try:
            g.act({"kind": "move", "pos": [rnd.randrange(9), rnd.randrange(9)]})
        except Refused:
            pass
    for _ in range(5):
        g.undo()
        replay = Game.restore("go", OPTIONS, g.actions)
        assert (g.state, g.view) == (replay.state, replay.view)


def test_a_move_past_its_limit_times_out_and_leaves_the_game_as_it_was():
    """A move (a brief call: an inference limit, no clock) stopped by its limit answers
    PrologTimeout; the kept game is still at its key and plays on."""
    g = Game("go", OPTIONS)
    g.act({"kind": "move", "pos": [2, 2]})
    with pytest.raises(PrologTimeout):
        call_cached("act", "go", g._cache_id, g.key, "past-limit", "", "",
                    json.dumps({"kind": "move", "pos": [3, 3]}), timeout=1e-6)
    assert g.act({"kind": "move", "pos": [3, 3]})["board"][3][3] == "w"



#  JSON as Python writes it, and texts where Prolog's term reader and JSON's could differ.
JSON_TEXTS = [
    {"kind": "move", "pos": [3, -4]}, {}, [], [{}, [], "", True, False, None],
    {"a": 1.5e10, "b": -0.0, "c": 12345678901234567890123, "d": 2.5e-3, "": 1, "K": "_k"},
    {"s": "q\"b\\s/n\n\t\u00e9\u0001 \u00f1 \U0001f600 it's"}, {"a": [1, [2, [3, {"b": None}]]]},
    {"a": float("nan")}, {"a": float("inf")}, {"a": -float("inf")}, "text", 3, True,
]
TRICKY = ['{"a": 1, "a": 2}', '{"k": "\\ud83d\\ude00"}', '{"a":-1}', '{"a": 1.0e400}', '[1,2|3]',
          '{"a": 0\'a}', '{"a": 1r3}', '{"a": "\\x41\\"}', '{"a":1,}', "f(x)", '{1:2}', "[1, 2"]


@pytest.mark.parametrize("text", [json.dumps(v, ensure_ascii=False) for v in JSON_TEXTS] + TRICKY)
def test_json_read_by_prolog_is_library_json_s_reading(text):
    """tablero:json_dict/2 reads JSON with Prolog's term reader where that gives what
    library(http/json) gives (tablero_json:text_json/2), and with library(http/json)
    wherever the two could differ: the same dict, or the same refusal."""
    goal = ("catch((tablero:json_dict({t}, _D), format(string(A), '~q', [_D])), _E, "
            "(_E = tablero(_, _C, _, _) -> format(string(A), 'refused ~w', [_C]) ; "
            "format(string(A), 'error ~q', [_E]))), "
            "catch((json:atom_json_dict({t}, _J, [value_string_as(string)]), "
            "format(string(B), '~q', [_J])), _F, (_F = error(syntax_error(_), _) -> "
            "B = \"refused bad_json\" ; format(string(B), 'error ~q', [_F])))")
    (answer,) = bridge().answers(goal.format(t=quote(text)), maxresult=1)
    mine, theirs = answer["A"], answer["B"]
    assert re.sub(r"_\d+", "_", mine) == re.sub(r"_\d+", "_", theirs)


# ---- the server -------------------------------------------------------------------------


def test_server_superko_after_a_cache_miss_and_after_undo(client):
    gid, headers = new_game(client)
    for a in ACTIONS:
        assert play(client, gid, headers, a).status_code == 200
    with client.application.app_context():
        state = storage.load(gid).state
    assert len(HASH.findall(state)) == 1
    forget_all()
    refused = play(client, gid, headers, RETAKE)
    assert refused.status_code == 409 and refused.json["error"]["code"] == "superko"
    for _ in range(2):
        undone = client.post(f"/api/games/{gid}/undo", headers=headers, json={})
        assert undone.status_code == 200, undone.json
        forget_all()
    for a in ACTIONS[-2:]:
        assert play(client, gid, headers, a).status_code == 200
    refused = play(client, gid, headers, RETAKE)
    assert refused.status_code == 409 and refused.json["error"]["code"] == "superko"


def spy_calls(monkeypatch) -> list:
    """The cached calls made from now on, each as (call, sent no state text, True or the
    refusal's code)."""
    from app import games

    calls = []
    real = games.call_cached

    def spy(call, game, cache_id, key, new_key, state, *args, **kwargs):
        reply = real(call, game, cache_id, key, new_key, state, *args, **kwargs)
        calls.append((call, state == "", reply["ok"] or reply["code"]))
        return reply

    monkeypatch.setattr(games, "call_cached", spy)
    return calls


def test_a_new_games_moves_are_served_from_the_cache_and_a_fresh_worker_gets_the_same(
        client, monkeypatch):
    """A new game is kept parsed under its record's id from its creation: its first move,
    and every one after, is one call that sends no state text.  A worker that never held
    it (the cache forgotten) is sent the stored state and comes to the same position,
    view and answer as the worker that played it."""
    calls = spy_calls(monkeypatch)
    gid, headers = new_game(client)
    calls.clear()
    moves = [action(p, r, c) for p, r, c in SETUP[:6]]
    for a in moves[:3]:
        assert play(client, gid, headers, a).status_code == 200
    assert calls == [("act", True, True)] * 3
    kept = client.get(f"/api/games/{gid}").json
    calls.clear()
    forget_all()
    again = client.get(f"/api/games/{gid}").json
    assert again["view"] == kept["view"] and calls == []  # a read asks no Prolog
    answers = []
    for a in moves[3:]:
        answers.append(play(client, gid, headers, a).json)
    assert calls[:2] == [("act", True, "cache_miss"), ("act", False, True)]
    assert calls[2:] == [("act", True, True)] * 2
    with client.application.app_context():
        state = storage.load(gid).state
    replayed = Game.restore("go", OPTIONS, moves)
    assert state == replayed.state and answers[-1]["view"] == replayed.view


def cache_gauge(client, outcome: str) -> float:
    """tablero_prolog_cache_calls{outcome=...} as /metrics shows it for this process."""
    text = client.get("/metrics").data.decode()
    found = re.search(r'^tablero_prolog_cache_calls\{outcome="%s"\} (\S+)$' % outcome, text,
                      re.M)
    return float(found.group(1)) if found else 0.0


def test_a_worker_that_knows_it_does_not_hold_the_state_sends_the_text_at_once(
        client, monkeypatch):
    """A worker keeps in Python what its Prolog keeps (app/games.py's _held): the first move
    of a new game is asked by key and served from the cache (one call, counted a hit); a
    worker whose Prolog holds the game at another key (the other worker played the last
    ply) sends the stored state at once, without a call refused cache_miss first, and a
    delta move there is two calls (the view, the move) where it was three; /metrics counts
    them.  The game comes to the same state as one played on a single worker."""
    from app import api, games

    calls = spy_calls(monkeypatch)
    gid, headers = new_game(client)
    moves = [action(p, r, c) for p, r, c in SETUP[:6]]
    counts = dict(games.CACHE_CALLS)
    calls.clear()
    first = client.post(f"/api/games/{gid}/actions", headers=headers,
                        json={"action": moves[0], "delta": True})
    assert first.status_code == 200
    assert calls == [("act_delta", True, True)]
    assert games.CACHE_CALLS["hit"] == counts["hit"] + 1
    assert games.CACHE_CALLS["text"] == counts["text"]
    skipped = cache_gauge(client, "skipped")
    for a in moves[1:]:
        forget_all()                              # as the other worker, which played before
        monkeypatch.setitem(games._held, gid, "a key of an older state")
        api._views.clear()
        calls.clear()
        resp = client.post(f"/api/games/{gid}/actions", headers=headers,
                           json={"action": a, "delta": True})
        assert resp.status_code == 200, resp.json
        assert calls == [("view", False, True), ("act_delta", True, True)]
    assert cache_gauge(client, "skipped") == skipped + len(moves) - 1
    assert games.CACHE_CALLS["miss"] == counts["miss"]
    with client.application.app_context():
        state = storage.load(gid).state
    assert state == Game.restore("go", OPTIONS, moves).state
    # A worker whose Prolog dropped the game it thinks it holds asks by key, is refused
    # cache_miss, and sends the text (the view, which the row keeps none of after delta
    # moves), then plays the move by key.
    forget_all()
    api._views.clear()
    calls.clear()
    assert play(client, gid, headers, action(*SETUP[6])).status_code == 200
    assert calls == [("view", True, "cache_miss"), ("view", False, True), ("act", True, True)]


def test_server_undo_gives_the_state_of_the_replay(client):
    """Undo at ply N stores exactly the state (and view) of a replay of the first N-1
    actions, from the state stored with action N-1, hit or miss."""
    gid, headers = new_game(client)
    rnd = random.Random(5)
    plies = 0
    while plies < 40:
        resp = play(client, gid, headers, {"kind": "move", "pos": [rnd.randrange(9),
                                                                   rnd.randrange(9)]})
        plies += resp.status_code == 200
    for n in range(40, 30, -1):
        if n % 3 == 0:
            forget_all()
        undone = client.post(f"/api/games/{gid}/undo", headers=headers, json={})
        assert undone.status_code == 200 and undone.json["plies"] == n - 1
        with client.application.app_context():
            record = storage.load(gid)
            actions = record.actions()
        replay = Game.restore("go", OPTIONS, actions)
        assert len(actions) == n - 1
        assert (record.state, record.view) == (replay.state, replay.view)
        assert undone.json["view"] == replay.view


SECOND_WORKER = r"""
import json, sys
from app import create_app
database, gid, secret, script = sys.argv[1:]
client = create_app({"TESTING": True, "DATABASE": database}).test_client()
headers = {"Authorization": "Bearer " + secret}
for step in json.loads(script):
    if step == "undo":
        resp = client.post(f"/api/games/{gid}/undo", headers=headers, json={})
    else:
        resp = client.post(f"/api/games/{gid}/actions", headers=headers, json={"action": step})
    assert resp.status_code == 200, resp.json
"""


def test_a_stale_cache_entry_is_never_used(tmp_path):
    """Two workers (two processes, each with its Prolog and its cache) on one SQLite file:
    whatever one of them keeps parsed, a move always starts from the stored state."""
    database = str(tmp_path / "t.db")
    client = create_app({"TESTING": True, "DATABASE": database}).test_client()
    gid, headers = new_game(client)
    first = [action("b", 4, 4), action("w", 2, 2)]
    for a in first:
        assert play(client, gid, headers, a).status_code == 200
    # This worker now holds the game after [4,4], [2,2].  The other one takes [2,2] back
    # and plays [6,6] instead, then takes that back and plays [2,2] again: the same
    # position as this worker holds, by another write.
    secret = headers["Authorization"].split()[1]
    script = ["undo", action("w", 6, 6), "undo", action("w", 2, 2), action("b", 3, 3)]
    subprocess.run([sys.executable, "-c", SECOND_WORKER, database, gid, secret,
                    json.dumps(script)], cwd=ROOT, check=True, timeout=120)
    moved = play(client, gid, headers, action("w", 5, 5))
    assert moved.status_code == 200, moved.json
    assert moved.json["revision"] == 8 and moved.json["plies"] == 4
    board = moved.json["view"]["board"]
    assert board[3][3] == "b" and board[6][6] == "-" and board[5][5] == "w"
    with client.application.app_context():
        record = storage.load(gid)
        replay = Game.restore("go", OPTIONS, record.actions())
    assert (record.state, record.view) == (replay.state, replay.view)
    # A write that lost its race leaves nothing this worker would use later.
    with client.application.app_context():
        slow = storage.load(gid)
        from app.api import playing
        lost = playing(slow)
        lost.act(action("b", 7, 7))  # kept parsed here under a key nobody stores
    assert play(client, gid, headers, action("b", 1, 7)).status_code == 200
    with client.application.app_context():
        with pytest.raises(storage.Conflict):
            storage.append(slow, lost.actions[-1], lost.state, lost.view, lost.key, lost.trace)
    moved = play(client, gid, headers, action("w", 7, 1))
    assert moved.status_code == 200 and moved.json["view"]["board"][7][7] == "-"


def test_an_old_database_upgrades_plays_and_undoes(tmp_path):
    """release2.db (no states or traces with its actions): undo across the old rows
    replays, across the new ones reads the stored state; each gives the replay's state."""
    database = str(tmp_path / "t.db")
    copy_release("release2.db", database, tmp_path)
    client = create_app({"TESTING": True, "DATABASE": database}).test_client()
    gid = "c7348e59e80f"
    friends = RELEASE2[gid]["secrets"]
    url = f"/api/games/{gid}"
    assert client.post(f"{url}/undo", json={"accept": False},
                       headers=auth(friends["w"])).status_code == 200
    for seat, pos in (("w", [3, 3]), ("b", [5, 5]), ("w", [4, 6])):
        resp = client.post(f"{url}/actions", headers=auth(friends[seat]),
                           json={"action": {"kind": "move", "pos": pos}})
        assert resp.status_code == 200, resp.json
    for plies in (5, 4, 3, 2):
        asked = client.post(f"{url}/undo", json={}, headers=auth(friends["b"]))
        assert asked.status_code == 202, asked.json
        undone = client.post(f"{url}/undo", json={"accept": True}, headers=auth(friends["w"]))
        assert undone.status_code == 200 and undone.json["plies"] == plies, undone.json
        with client.application.app_context():
            record = storage.load(gid)
            replay = Game.restore("go", record.options, record.actions())
        assert (record.state, record.view) == (replay.state, replay.view)
