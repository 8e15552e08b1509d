"""The Python face's bad input, as a student types it in a REPL: every mistake is a
TableroError (InvalidRequest) with a reason in words, never a bare TypeError or
ValueError, never a move played elsewhere than asked, and the game is left as it was."""

from __future__ import annotations

import pytest

from app.azul import AzulGame
from app.games import InvalidRequest, Refused
from app.go import GoGame
from app.gorogo import GorogoGame
from app.molinolog import MolinologGame


def _unchanged(game, call, code: str, words: str) -> InvalidRequest:
    before = (game.position(), list(game.actions))
    with pytest.raises(InvalidRequest) as refused:
        call()
    assert refused.value.code == code, refused.value
    assert words in refused.value.message, refused.value.message
    assert (game.position(), list(game.actions)) == before
    return refused.value


@pytest.mark.parametrize("where", [5, None, (1, 2, 3), (1,), ["a", "b"], (1.5, 2), (2, 0.0),
                                   (True, False)])
def test_go_a_point_that_is_no_point_is_refused_with_its_forms(where):
    g = GoGame(size=9)
    g.play("E5")
    _unchanged(g, lambda: g.play(where), "bad_action", 'GTP vertex such as "D4" or (row, col)')
    g.pass_()
    g.pass_()
    assert g.phase == "scoring"
    _unchanged(g, lambda: g.toggle(where), "bad_action", "two whole numbers")


def test_go_points_as_before():
    g = GoGame(size=9)
    g.play("E5")
    g.play((2, 2))
    g.play([0, 8])
    assert g.board[2][2] == "w" and g.board[0][8] == "b" and g.board[4][4] == "b"
    with pytest.raises(InvalidRequest) as off:
        g.play((9, 0))
    assert off.value.code == "off_board"


@pytest.mark.parametrize("args", [("n",), (None,), (5,), (("n", 1, 2),), ("ne",)])
def test_molinolog_a_point_that_is_no_pair_is_refused(args):
    m = MolinologGame(size=1, white="human")
    _unchanged(m, lambda: m.place(*args), "bad_action", '("n", 2)')
    m.place("n", 1)
    m.place(("s", 1))
    assert m.view["board"] if "board" in m.view else True
    assert len(m.actions) == 2


@pytest.mark.parametrize("komi", [float("nan"), float("inf")])
def test_a_number_json_cannot_hold_says_so(komi):
    with pytest.raises(InvalidRequest) as refused:
        GoGame(size=9, komi=komi)
    assert refused.value.code == "bad_json"
    assert "finite number" in refused.value.message


def test_a_value_of_another_type_says_which():
    g = GoGame(size=9)
    _unchanged(g, lambda: g.act({"kind": "move", "pos": {1, 2}}), "bad_json", "set")


@pytest.mark.parametrize("position", [None, "", "   ", 5])
def test_from_position_of_no_text_is_a_bad_state(position):
    with pytest.raises(InvalidRequest) as refused:
        GoGame.from_position(position)
    assert refused.value.code == "bad_state"
    assert "position()" in refused.value.message


def test_from_sgf_takes_only_the_seats():
    g = GoGame(size=9)
    for vertex in ["E5", "D4"]:
        g.play(vertex)
    record = g.sgf()
    for option in ({"size": 13}, {"komi": 6.5}, {"preset": "chinese"}):
        with pytest.raises(InvalidRequest) as refused:
            GoGame.from_sgf(record, **option)
        assert refused.value.code == "bad_option"
        assert "may only name the seats" in refused.value.message
    again = GoGame.from_sgf(record, white="machine")
    assert again.view["seats"] == {"b": "human", "w": "machine"}
    assert again.position().replace("machine", "human") == g.position()


@pytest.mark.parametrize("module", ["app.go", "app.molinolog", "app.gorogo", "app.azul"])
def test_the_modules_examples_run_as_typed(module):
    """help(app.go) and the others show a session: each line runs as a student types it
    (their outputs are not shown, so only that nothing is refused or raised)."""
    import doctest
    import importlib

    namespace: dict = {}
    for example in doctest.DocTestParser().get_examples(importlib.import_module(module).__doc__):
        exec(compile(example.source, module, "single"), namespace)


def _go_position() -> str:
    g = GoGame(size=5)
    g.play("C3")
    return g.position()


@pytest.mark.parametrize("part, bad", [
    ('"--b--"', '"--X--"'),                    # a point that is no stone
    ('"-----",', ''),                         # 4 rows on a 5x5 board
    ('"--b--"', '"--b---"'),                  # a row too long
    (',"w",0-0', ',"x",0-0'),                 # nobody's turn
    ('0-0,0', '-3-0,0'),                      # captures below 0
    ('move("b",[2,2])', 'move("b",[9,9])'),   # the last move off the board
    ('settings(5,', 'settings(9,'),           # the size and the rows disagree
    ('simple,0,white', 'simple,x,white'),     # a komi that is no number
    ('players(human,human)', 'players(robot,human)'),
    ('"-----","-----","--b--"', '["-","-","-","-","-"],"-----","--b--"'),
])
def test_go_from_position_refuses_what_is_no_go_position(part, bad):
    """docs: "A text that is no position of the game raises InvalidRequest (bad_state)";
    these parsed, and then print(g) said "a bug in the rules", svg() an IndexError, or
    the game went on with "x" to move."""
    position = _go_position()
    wrong = position.replace(part, bad, 1)
    assert wrong != position
    with pytest.raises(InvalidRequest) as refused:
        GoGame.from_position(wrong)
    assert refused.value.code == "bad_state"
    assert "not a state of go" in refused.value.message


def _molinolog_position() -> str:
    g = MolinologGame(size=2, white="human")
    g.place(("n", 1))
    return g.position()    # ...,3,place((n,1)),molinolog(rules(2,false),1,0,w,hand(8,9),...


def _gorogo_position() -> str:
    g = GorogoGame(white="human")
    g.place(2, 2)          # White's surplus Henge
    g.place(0, 0)          # Black's first piece
    return g.position()    # gorogo_game(options(human,human,4),gorogo([[1,0,0,0,0],...


@pytest.mark.parametrize("game, part, bad", [
    ("molinolog", "hand(8,", "hand(-5,"),              # fewer than no pieces in hand
    ("molinolog", "rules(2,", "rules(9,"),             # no board of size 9
    ("molinolog", "hand(8,9)", "hand(9,9)"),           # ten pieces of Black's nine
    ("molinolog", "false),1,0,", "false),1,1,"),       # both colours on one point
    ("molinolog", "place((n,1))", "place((n,7))"),     # the last step off the board
    ("molinolog", "players(human,human)", "players(robot,human)"),
    ("gorogo", "[[1,0,0,0,0],", "[[1,0],"),             # a row of two points
    ("gorogo", "[[1,0,0,0,0],", "[[1,0,0,0,7],"),       # a piece code 7
    ("gorogo", "hand(9,", "hand(-1,"),
    ("gorogo", "),play),", "),middle),"),              # no such phase
    ("gorogo", "last(b,regular,0,0,", "last(b,regular,0,9,"),
])
def test_molinolog_and_gorogo_from_position_refuse_what_is_none_of_theirs(game, part, bad):
    """These parsed, and were played on (hand(-5, 6), rules(9, false)) or then failed
    when drawn (a row of two points: print(g) said "a bug in the rules")."""
    cls, position = ((MolinologGame, _molinolog_position()) if game == "molinolog"
                     else (GorogoGame, _gorogo_position()))
    wrong = position.replace(part, bad, 1)
    assert wrong != position, position
    with pytest.raises(InvalidRequest) as refused:
        cls.from_position(wrong)
    assert refused.value.code == "bad_state"
    assert f"not a state of {game}" in refused.value.message
    assert cls.from_position(position).position() == position


def test_go_from_position_reads_every_phase_back():
    games = [GoGame(size=9, preset="chinese"), GoGame(size=9, handicap=2, black="gnugo"),
             GoGame(size=5, ko="superko", komi=-2.5)]
    for g in games:
        g.play((2, 2))
    resigned = GoGame(size=3)
    resigned.resign()
    scoring = GoGame(size=5)
    for vertex in ["B1", "A1", "A2"]:
        scoring.play(vertex)
    scoring.pass_()
    scoring.pass_()
    scoring.toggle("A2")
    accepted = scoring.copy()
    accepted.accept()
    counted = accepted.copy()
    counted.accept()
    for g in games + [resigned, scoring, accepted, counted]:
        again = GoGame.from_position(g.position())
        assert again.position() == g.position() and again.view == g.view
        assert str(again) == str(g)


def test_a_notebook_call_with_the_wrong_thing_says_what_it_takes():
    """query(5) raised AttributeError and svg("chess", {}) KeyError: a student reads a
    reason instead."""
    from app import notebook

    with pytest.raises(TypeError, match="Prolog text"):
        notebook.query(5)
    with pytest.raises(ValueError, match="Not a module name"):
        notebook.query("true", module=None)
    with pytest.raises(ValueError, match="No picture of the game 'chess': one of azul, go"):
        notebook.svg("chess", {})
    assert notebook.query("X is 1 + 1") == [{"X": 2}]


def test_go_play_pass_as_gtp_writes_it():
    g = GoGame(size=9)
    g.play("E5")
    g.play("pass")
    assert g.last == {"kind": "pass", "player": "w"}
    g.play("PASS")
    assert g.phase == "scoring"


def test_go_a_pos_and_a_vertex_that_disagree_are_refused():
    g = GoGame(size=9)
    _unchanged(g, lambda: g.act({"kind": "move", "pos": [0, 0], "vertex": "B9"}),
               "bad_action", "not an action")
    g.act({"kind": "move", "pos": [0, 0], "vertex": "A9"})  # the same point: played
    assert g.board[0] == "b--------"


@pytest.mark.parametrize("game", ["go", "azul"])
def test_the_machine_on_a_finished_game_says_it_is_over(game):
    if game == "go":
        g = GoGame(size=5)
        g.resign()
    else:
        g = AzulGame(("greedy", "random"), seed=3)
        g.play_machines()
    assert g.over
    before = (g.position(), list(g.actions))
    with pytest.raises(Refused) as refused:
        g.machine()
    assert refused.value.code == "game_over", refused.value
    assert (g.position(), list(g.actions)) == before


def test_azul_machine_plays_a_persons_seat_as_greedy_does():
    """As machine() plays for a person in Go, Molinolog and GoRoGo (a hint in a REPL)."""
    person = AzulGame(("human", "human"), seed=4)
    greedy = AzulGame(("greedy", "human"), seed=4)
    assert person.machine() == greedy.machine()
    assert person.to_move == greedy.to_move and person.position() == greedy.position().replace("greedy", "human")


def test_an_sgf_setup_point_off_the_board_is_named():
    with pytest.raises(InvalidRequest) as refused:
        GoGame.from_sgf("(;GM[1]FF[4]SZ[9]AB[aa][zz])")
    assert "AB[aa][zz] is no point of a 9x9 board" in refused.value.message
