"""The pyswip bridge: text stays data, errors become exceptions, one thread owns Prolog."""

from __future__ import annotations

import threading

import pytest

from app.games import InvalidRequest, Refused
from app.go import GoGame, query
from app.prolog import PrologError, PrologTimeout, bridge, quote

HOSTILE = ['"), halt, ("', "\\", '\\"', "x\ny\x00z"[:3], "ñé€ 𝄞", "'q'", "0'a", "%", "/*", "\\x22\\"]


@pytest.mark.parametrize("text", HOSTILE)
def test_quote_round_trips(text):
    assert bridge().query(f"X = {quote(text)}")[0]["X"] == text


def test_prolog_errors_become_exceptions():
    with pytest.raises(PrologError, match="existence_error|Unknown procedure"):
        bridge().query("no_such_predicate_here(1)")
    assert bridge().query("X is 1 + 1")[0]["X"] == 2        # and Prolog is still fine


def test_time_limit():
    with pytest.raises(PrologTimeout):
        bridge().query("repeat, fail", timeout=0.3)
    assert bridge().query("X = ok")[0]["X"] == "ok"


def test_other_threads_are_refused():
    bridge()
    caught = []
    t = threading.Thread(target=lambda: caught.append(_try_query()))
    t.start()
    t.join()
    assert isinstance(caught[0], RuntimeError)


def _try_query():
    try:
        bridge().query("true")
    except RuntimeError as exc:
        return exc


def test_repl_game():
    g = GoGame(size=5)
    g.play("B5")
    g.play((0, 0))
    g.play((1, 0))
    assert g.board[0] == "-b---" and g.captures == {"b": 1, "w": 0}
    assert "X" in str(g) and "A B C D E" in str(g)
    with pytest.raises(Refused) as err:
        g.play((1, 0))
    assert err.value.code == "occupied"
    with pytest.raises(InvalidRequest) as err:
        g.play((5, 0))
    assert err.value.code == "off_board"
    g.undo()
    assert g.board[1] == "-----" and g.to_move == "b"
    g.pass_(), g.pass_()
    assert g.over and g.result == "W+0"                     # 1-1: the documents give ties to White


def test_query_any_predicate_with_boards():
    answers = query('goMove(B0, "w", [0,0], B)', B0=["-b", "b-"])
    assert answers == []                                     # suicide
    answers = query("terminarJuego(B, W, Bl)", B=["-b", "w-"])
    assert (answers[0]["W"], answers[0]["Bl"]) == (1, 1)
    with pytest.raises(InvalidRequest):
        query("true", B=["-b", "x-"])
