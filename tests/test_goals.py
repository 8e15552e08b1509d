"""`POST /api/goals/<game>`: the Prolog panel's goals, written by the rules (tablero:game_goals/4).

A person's action answers its explain with the inputs named (`goMove(Board, "b", [4,4],
RBoard)`); the panel sends the views around the action back and the rules write each query as
a complete goal.  Here: Go's goals from a real game's views, run in swipl, give the answers
written; a refusal's goal answers false; the games whose rules write complete goals keep
them; the tic-tac-toe plug-in (no hook) keeps its queries as queries; bad contexts are 400 with
a reason, an unknown game 404, and nothing is stored.  The browser side (the panel asks while
open, goals pasted into swipl) is tests/test_panel_paste.py.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def create(client, game, options):
    resp = client.post("/api/games", json={"game": game, "options": options})
    assert resp.status_code == 201, resp.json
    return resp.json


def act(client, created, action, seat):
    secret = created["secrets"][seat]
    return client.post(f"/api/games/{created['id']}/actions",
                       json={"action": action, "revision": created["revision"]},
                       headers={"Authorization": f"Bearer {secret}"})


def goals(client, game, before, after, action, explain):
    return client.post(f"/api/goals/{game}", json={"before": before, "after": after,
                                                    "action": action, "explain": explain})


#  Runs the goal given after `--` on prolog/go.pl and prints its answer as the toplevel does.
HARNESS = r"""
:- initialization(main, main).
main :-
    current_prolog_flag(argv, [Text|_]),
    term_string(Goal, Text, [variable_names(Names)]),
    (   call(Goal)
    ->  exclude([N=_]>>sub_atom(N, 0, _, _, '_'), Names, Shown),
        (   Shown == []
        ->  writeln(true)
        ;   forall(member(N=V, Shown),
                   format("~w = ~W~n", [N, V, [quoted(true), spacing(next_argument)]]))
        )
    ;   writeln(false)
    ).
"""


def run_goal(goal: str, tmp_path: Path) -> str:
    harness = tmp_path / "harness.pl"
    harness.write_text(f":- use_module('{ROOT / 'prolog' / 'go.pl'}').\n{HARNESS}")
    done = subprocess.run(["swipl", str(harness), goal], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_go_a_move_and_a_refusal_become_goals_that_paste(client, tmp_path):
    created = create(client, "go", {"size": 9})
    before = created["view"]
    moved = act(client, created, {"kind": "move", "pos": [4, 4]}, "b")
    assert moved.status_code == 200, moved.json
    reply = goals(client, "go", before, moved.json["view"], moved.json.get("action", {"kind": "move", "pos": [4, 4], "player": "b"}),
                  moved.json["explain"])
    assert reply.status_code == 200, reply.json
    [goal] = reply.json["goals"]
    assert goal["goal"].startswith('goMove([["-","-","-","-","-","-","-","-","-"],')
    assert goal["goal"].endswith('"b", [4,4], RBoard)')
    assert goal["words"] == "0 stone(s) captured"
    assert goal["answer"].startswith("RBoard = [[")
    assert run_goal(goal["goal"], tmp_path) == goal["answer"]

    after = moved.json["view"]
    created2 = {**created, "revision": moved.json["revision"]}
    refused = act(client, created2, {"kind": "move", "pos": [4, 4]}, "w")
    assert refused.status_code == 409
    error = refused.json["error"]
    reply = goals(client, "go", after, None, {"kind": "move", "pos": [4, 4], "player": "w"},
                  error["explain"])
    [goal] = reply.json["goals"]
    assert goal == {"goal": goal["goal"], "answer": "false", "words": "the point is not empty"}
    assert run_goal(goal["goal"], tmp_path) == "false"
    # Nothing was stored: the game is where the move left it.
    assert client.get(f"/api/games/{created['id']}").json["revision"] == moved.json["revision"]


def test_go_two_passes_the_proposal_and_its_reasons(client, tmp_path):
    created = create(client, "go", {"size": 9})
    revision, view = created["revision"], created["view"]
    explain = None
    for seat, pos in [("b", [2, 2]), ("w", [6, 6]), ("b", None), ("w", None)]:
        action = {"kind": "move", "pos": pos} if pos else {"kind": "pass"}
        resp = act(client, {**created, "revision": revision}, action, seat)
        action = {**action, "player": seat}
        assert resp.status_code == 200, resp.json
        before, view, revision = view, resp.json["view"], resp.json["revision"]
        explain = resp.json["explain"]
    reply = goals(client, "go", before, view, action, explain)
    first = reply.json["goals"][0]
    assert first["goal"].startswith("dead_stones([[") and first["goal"].endswith(", Dead)")
    assert run_goal(first["goal"], tmp_path) == first["answer"] == "Dead = []"


def test_games_whose_rules_write_goals_keep_them(client):
    created = create(client, "molinolog", {"size": 2, "black": "human", "white": "human"})
    moved = act(client, created, {"kind": "place", "point": ["n", 2]}, "b")
    assert moved.status_code == 200, moved.json
    reply = goals(client, "molinolog", created["view"], moved.json["view"],
                  moved.json.get("action", {"kind": "move", "pos": [4, 4], "player": "b"}), moved.json["explain"])
    assert [g["goal"] for g in reply.json["goals"]] == [e["query"] for e in moved.json["explain"]]
    assert [g["answer"] for g in reply.json["goals"]] == [e["answer"] for e in moved.json["explain"]]


def test_a_game_without_the_hook_keeps_its_queries(client):
    if "tictactoe" not in [g["game"] for g in client.get("/api/games").json["games"]]:
        pytest.skip("the tic-tac-toe plug-in is not on TABLERO_GAMES")
    explain = [{"query": "ttt_place(Board, 4, B)", "answer": "true"}]
    reply = goals(client, "tictactoe", {"board": []}, None, None, explain)
    assert reply.status_code == 200, reply.json
    assert reply.json["goals"] == [{"query": "ttt_place(Board, 4, B)", "answer": "true",
                                    "words": None}]


@pytest.mark.parametrize("context", [
    {},                                                       # no explain
    {"explain": "goMove"},                                    # not a list
    {"before": {"board": ["-b", "--"]}, "explain": [{"query": 1, "answer": "x"}]},
    {"before": {"board": ["bbb"]}, "explain": []},              # not square
    {"before": {"board": ["-x", "--"]}, "explain": []},
    {"explain": [{"query": "q", "answer": "a"}] * 201},       # too many
])
def test_bad_contexts_are_400_with_a_reason(client, context):
    reply = client.post("/api/goals/go", json=context)
    assert reply.status_code == 400, reply.json
    assert reply.json["error"]["code"] == "bad_context"
    assert "views" in reply.json["error"]["message"]


def test_text_the_rules_did_not_write_is_never_read_as_prolog(client):
    """A query that merely looks like one of go_play's is never run or parsed as a term."""
    before = create(client, "go", {"size": 9})["view"]
    explain = [{"query": 'goMove(Board, "b", [shell(id),0], RBoard)', "answer": "true"},
               {"query": "go_play(Game0, halt, Game, _)", "answer": "true"},
               {"query": 'dead_verdicts(Board, Vs), member(dead("b", Stones, _), Vs)',
                "answer": "black 1 stone(s) at [halt]...: x"}]
    reply = goals(client, "go", before, None, {"kind": "pass"}, explain)
    assert reply.status_code == 200
    assert [g.get("goal") for g in reply.json["goals"]] == [None, None, None]
    assert [g["query"] for g in reply.json["goals"]] == [e["query"] for e in explain]


def test_an_unknown_game_is_404(client):
    reply = client.post("/api/goals/chess", json={"explain": []})
    assert reply.status_code == 404
    assert reply.json["error"]["code"] == "unknown_game"
