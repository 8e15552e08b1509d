"""The JSON API with Molinolog: options, place / move / capture, refusals that change
nothing, the machine, a machine-against-machine game, the REPL facade, and the move
counts of molinolog.pl's count_moves/3 checked against an independent Python model.

A new game's creator holds its human seats: the secret the creation answers is kept
here (SECRETS) and sent with every action (Authorization: Bearer)."""

from __future__ import annotations

import random
from typing import NamedTuple

import pytest

from app.games import Refused
from app.molinolog import MolinologGame
from app.prolog import bridge

SECRETS: dict[str, str] = {}  # game id -> the secret of the seats its creator holds


def new_game(client, **options):
    options = {"size": 1, "black": "human", "white": "human", **options}
    resp = client.post("/api/games", json={"game": "molinolog", "options": options})
    assert resp.status_code == 201, resp.json
    for secret in resp.json["secrets"].values():
        SECRETS[resp.json["id"]] = secret
    return resp.json


def auth(game_id):
    """The Authorization header of the seats this test holds in the game."""
    return {"Authorization": f"Bearer {SECRETS[game_id]}"} if game_id in SECRETS else {}


def act(client, game_id, action, **extra):
    return client.post(f"/api/games/{game_id}/actions", json={"action": action, **extra},
                       headers=auth(game_id))


def machine(client, game_id, **extra):
    return client.post(f"/api/games/{game_id}/machine", json=extra, headers=auth(game_id))


def place(client, game_id, d, r):
    return act(client, game_id, {"kind": "place", "point": [d, r]})


def move(client, game_id, frm, to):
    return act(client, game_id, {"kind": "move", "from": list(frm), "to": list(to)})


def capture(client, game_id, d, r):
    return act(client, game_id, {"kind": "capture", "point": [d, r]})


def shown(client, game_id):
    return client.get(f"/api/games/{game_id}").json


def pieces(view) -> dict:
    """{(dir, ring): "b" | "w"} from the view's points."""
    return {tuple(p["point"]): p["piece"] for p in view["points"] if p["piece"]}


def play_all(client, game_id, points):
    for d, r in points:
        resp = place(client, game_id, d, r)
        assert resp.status_code == 200, resp.json
    return resp.json["view"]


#  T=1: twelve placements without a mill.  Then Black (s,1)-(se,1) closes (ne,1) (e,1) (se,1).
NO_MILL_T1 = [("s", 1), ("e", 2), ("nw", 2), ("w", 2), ("ne", 1), ("w", 1),
              ("e", 1), ("s", 2), ("sw", 2), ("nw", 1), ("ne", 2), ("se", 2)]


# ---- options -------------------------------------------------------------------------

@pytest.mark.parametrize("size, points, edges, mills", [(1, 16, 20, 8), (2, 24, 32, 16),
                                                        (3, 32, 44, 24)])
def test_create_each_size(client, size, points, edges, mills):
    g = new_game(client, size=size)
    view = g["view"]
    assert view["size"] == size and len(view["points"]) == points and len(view["edges"]) == edges
    assert all(p["piece"] is None for p in view["points"])
    n = 3 * (size + 1)
    assert view["in_hand"] == {"b": n, "w": n} and view["on_board"] == {"b": 0, "w": 0}
    assert view["status"] == {"es": f"Jugador negro, colocar {n} fichas",
                              "en": f"Black to place {n} pieces"}
    assert view["to_move"] == "b" and view["phase"] == "place" and view["over"] is False
    assert view["result"] is None and view["mill"] == []
    assert len(view["legal"]) == points and view["last"] is None
    assert view["seats"] == {"b": "human", "w": "human"} and view["depth"] == 3
    assert view["machine_to_move"] is False
    assert shown(client, g["id"])["view"] == view
    count = bridge().query(f"aggregate_all(count, molinolog:mill({size}, _), N)")[0]["N"]
    assert count == mills


def test_default_options(client):
    resp = client.post("/api/games", json={"game": "molinolog"})
    view = resp.json["view"]
    assert resp.status_code == 201 and view["size"] == 2 and view["protect_mills"] is False
    assert view["seats"] == {"b": "human", "w": "machine"}


@pytest.mark.parametrize("options", [
    {"size": 4}, {"size": 0}, {"size": "2"}, {"size": 1.5},
    {"depth": 9}, {"depth": 0}, {"depth": "3"},
    {"black": "robot"}, {"white": "maquina"}, {"black": 1},
    {"protect_mills": "yes"}, {"colour": "red"},
])
def test_bad_options(client, options):
    resp = client.post("/api/games", json={"game": "molinolog", "options": options})
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_option"
    assert resp.json["error"]["message"]


# ---- human play ----------------------------------------------------------------------

def test_place_alternates(client):
    gid = new_game(client)["id"]
    view = place(client, gid, "n", 1).json["view"]
    assert pieces(view) == {("n", 1): "b"} and view["to_move"] == "w"
    assert view["in_hand"] == {"b": 5, "w": 6} and view["on_board"] == {"b": 1, "w": 0}
    assert view["last"] == {"kind": "place", "point": ["n", 1], "player": "b"}
    assert view["status"]["es"] == "Jugador blanco, colocar 6 fichas"
    resp = place(client, gid, "s", 2)
    assert resp.json["plies"] == 2 and pieces(resp.json["view"])[("s", 2)] == "w"
    assert shown(client, gid)["actions"] == [{"kind": "place", "point": ["n", 1]},
                                             {"kind": "place", "point": ["s", 2]}]


@pytest.mark.parametrize("setup, action, status, code", [
    ([("n", 1)], {"kind": "place", "point": ["n", 1]}, 409, "occupied"),
    ([("n", 1)], {"kind": "move", "from": ["n", 1], "to": ["ne", 1]}, 409, "wrong_phase"),
    ([("n", 1)], {"kind": "capture", "point": ["n", 1]}, 409, "wrong_phase"),
    ([], {"kind": "place", "point": ["n", 3]}, 400, "off_board"),
    ([], {"kind": "place", "point": ["north", 1]}, 400, "off_board"),
    ([], {"kind": "place", "point": "n1"}, 400, "off_board"),
    ([], {"kind": "place"}, 400, "bad_action"),
    ([], {"kind": "fly", "point": ["n", 1]}, 400, "bad_kind"),
    ([], {"kind": "place", "point": ["n", 1], "colour": "b"}, 400, "bad_field"),
    ([("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)],
     {"kind": "place", "point": ["e", 1]}, 409, "must_capture"),
    ([("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)],
     {"kind": "capture", "point": ["n", 1]}, 409, "not_capturable"),
    ([("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)],
     {"kind": "capture", "point": ["e", 2]}, 409, "not_capturable"),
])
def test_refusals_change_nothing(client, setup, action, status, code):
    gid = new_game(client)["id"]
    for d, r in setup:
        assert place(client, gid, d, r).status_code == 200
    before = shown(client, gid)
    resp = act(client, gid, action)
    assert resp.status_code == status, resp.json
    assert resp.json["error"]["code"] == code and resp.json["error"]["message"]
    assert shown(client, gid) == before


def test_mill_then_capture(client):
    gid = new_game(client)["id"]
    view = play_all(client, gid, [("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)])
    assert view["phase"] == "capture" and view["to_move"] == "b"
    assert sorted(map(tuple, view["mill"])) == [("n", 1), ("ne", 1), ("nw", 1)]
    assert view["status"] == {"es": "Jugador negro, capturar", "en": "Black to capture"}
    assert sorted(a["point"] for a in view["legal"]) == [["s", 1], ["s", 2]]
    resp = capture(client, gid, "s", 2)
    assert resp.status_code == 200
    view = resp.json["view"]
    assert ("s", 2) not in pieces(view) and view["on_board"] == {"b": 3, "w": 1}
    assert view["phase"] == "place" and view["to_move"] == "w" and view["mill"] == []
    assert view["last"] == {"kind": "capture", "point": ["s", 2], "player": "b"}


def test_score(client):
    gid = new_game(client)["id"]
    play_all(client, gid, [("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)])
    resp = client.get(f"/api/games/{gid}/score")
    assert resp.status_code == 200
    assert resp.json["score"] == {"b": {"on_board": 3, "in_hand": 3, "pieces": 6},
                                  "w": {"on_board": 2, "in_hand": 4, "pieces": 6},
                                  "phase": "capture"}


def test_moving_phase(client):
    gid = new_game(client)["id"]
    view = play_all(client, gid, NO_MILL_T1)
    assert view["phase"] == "move" and view["to_move"] == "b"
    assert view["in_hand"] == {"b": 0, "w": 0} and view["status"]["es"] == "Jugador negro, mover"
    before = shown(client, gid)
    for frm, to, code in [
        (("e", 2), ("n", 2), "not_your_piece"),
        (("sw", 1), ("s", 1), "not_your_piece"),
        (("s", 1), ("e", 1), "occupied"),
        (("ne", 1), ("sw", 1), "not_adjacent"),
        (("s", 1), ("s", 3), "off_board"),
    ]:
        resp = move(client, gid, frm, to)
        status = 400 if code == "off_board" else 409
        assert resp.status_code == status and resp.json["error"]["code"] == code, (frm, to)
    assert place(client, gid, "n", 1).json["error"]["code"] == "wrong_phase"
    assert shown(client, gid) == before
    view = move(client, gid, ("s", 1), ("se", 1)).json["view"]
    assert view["phase"] == "capture" and view["to_move"] == "b"
    assert sorted(map(tuple, view["mill"])) == [("e", 1), ("ne", 1), ("se", 1)]
    assert view["last"] == {"kind": "move", "from": ["s", 1], "to": ["se", 1], "player": "b"}
    assert move(client, gid, ("ne", 2), ("n", 2)).json["error"]["code"] == "must_capture"
    view = capture(client, gid, "w", 1).json["view"]
    assert view["on_board"] == {"b": 6, "w": 5} and view["status"]["en"] == "White to move"
    view = move(client, gid, ("nw", 1), ("n", 1)).json["view"]
    assert pieces(view)[("n", 1)] == "w" and view["to_move"] == "b"


def test_protect_mills(client):
    gid = new_game(client, protect_mills=True)["id"]
    # White closes (se,1) (s,1) (sw,1) and takes (e,2); later Black closes the top of ring 1.
    play_all(client, gid, [("n", 1), ("s", 1), ("ne", 1), ("sw", 1), ("e", 2), ("se", 1)])
    assert capture(client, gid, "e", 2).status_code == 200
    play_all(client, gid, [("n", 2), ("w", 2), ("nw", 1)])
    resp = capture(client, gid, "s", 1)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "in_mill"
    assert [a["point"] for a in shown(client, gid)["view"]["legal"]] == [["w", 2]]
    assert capture(client, gid, "w", 2).status_code == 200


def test_stale_version(client):
    gid = new_game(client)["id"]
    assert place(client, gid, "n", 1).status_code == 200
    resp = act(client, gid, {"kind": "place", "point": ["s", 1]}, revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"
    resp = machine(client, gid, revision=0)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "stale"


def test_undo_takes_back_a_capture(client):
    gid = new_game(client)["id"]
    play_all(client, gid, [("n", 1), ("s", 1), ("ne", 1), ("s", 2), ("nw", 1)])
    capture(client, gid, "s", 2)
    view = client.post(f"/api/games/{gid}/undo", json={}, headers=auth(gid)).json["view"]
    assert view["phase"] == "capture" and view["on_board"]["w"] == 2


# ---- the machine ---------------------------------------------------------------------

def test_machine_plays_a_legal_step(client):
    g = new_game(client, size=2, white="machine", depth=2)
    gid = g["id"]
    view = place(client, gid, "n", 2).json["view"]
    assert view["machine_to_move"] is True
    resp = machine(client, gid, revision=1)
    assert resp.status_code == 200
    assert resp.json["action"] in view["legal"] and resp.json["plies"] == 2
    assert resp.json["view"]["last"] == {**resp.json["action"], "player": "w"}
    assert resp.json["view"]["to_move"] == "b"
    assert shown(client, gid)["actions"][-1] == resp.json["action"]


def test_machine_captures_after_its_mill(client):
    gid = new_game(client, white="machine", depth=1)["id"]
    # Black leaves White the line (sw,1) (w,1) (nw,1) open: after Black's fourth placement
    # the machine closes it, then captures, one step per call.
    for d, r in [("n", 1), ("ne", 1), ("se", 1)]:
        assert place(client, gid, d, r).status_code == 200
        assert machine(client, gid).json["view"]["phase"] == "place"
    assert place(client, gid, "s", 1).status_code == 200
    first = machine(client, gid).json
    assert first["action"] == {"kind": "place", "point": ["w", 1]}
    assert first["view"]["phase"] == "capture" and first["view"]["to_move"] == "w"
    assert first["view"]["machine_to_move"] is True
    second = machine(client, gid).json
    assert second["action"]["kind"] == "capture"
    assert second["view"]["on_board"]["b"] == 3 and second["view"]["to_move"] == "b"
    assert second["view"]["last"] == {**second["action"], "player": "w"}


@pytest.mark.parametrize("depth", [1, 2])
def test_machine_against_machine_ends(client, depth):
    gid = new_game(client, black="machine", white="machine", depth=depth)["id"]
    for calls in range(1, 600):
        resp = machine(client, gid)
        assert resp.status_code == 200, resp.json
        view = resp.json["view"]
        if view["over"]:
            break
    assert view["over"] is True and view["legal"] == [] and view["to_move"] is None
    result = view["result"]
    assert (result["winner"] or "draw", result["code"]) in {
        ("b", "two_pieces"), ("w", "two_pieces"), ("b", "no_moves"), ("w", "no_moves"),
        ("draw", "repetition"), ("draw", "fifty_moves")}
    assert result["message"] == view["status"]["en"] + "."
    assert view["machine_to_move"] is False
    resp = machine(client, gid)
    assert resp.status_code == 409 and resp.json["error"]["code"] == "not_machine_turn"
    assert place(client, gid, "n", 1).json["error"]["code"] == "game_over"
    assert shown(client, gid)["plies"] == calls


# ---- the REPL facade -----------------------------------------------------------------

def test_facade():
    g = MolinologGame(size=1, white="human")
    for where in [("n", 1), ("s", 1), ("ne", 1)]:
        g.place(where)
    g.place("s", 2)
    g.place("nw", 1)
    assert g.phase == "capture" and g.status["es"] == "Jugador negro, capturar"
    text = str(g)
    assert text.count("*") == 3 and text.count("O") == 2 and "nw" in text
    g.capture("s", 2)
    assert g.view["on_board"] == {"b": 3, "w": 1} and g.winner is None and g.result is None
    assert g.score() == {"b": {"on_board": 3, "in_hand": 3, "pieces": 6},
                         "w": {"on_board": 1, "in_hand": 4, "pieces": 5}, "phase": "place"}
    m = MolinologGame(size=1, black="human", white="machine", depth=1)
    m.place(("n", 1))
    step = m.machine()
    assert step["kind"] == "place" and m.view["to_move"] == "b"
    assert repr(m).startswith("<MolinologGame T=1 Black to place 5 pieces>")


def test_facade_move_and_refusal():
    g = MolinologGame(size=1, white="human")
    for where in NO_MILL_T1:
        g.place(where)
    with pytest.raises(Refused) as refused:
        g.move(("ne", 1), ("sw", 1))
    assert refused.value.code == "not_adjacent"
    g.move(["s", 1], ["se", 1])
    assert g.phase == "capture"


# ---- move counts: molinolog.pl against an independent Python model ------------------
#
# The model below is written from docs/molinolog.md and count_moves/3's documentation
# alone (it shares no code or table with molinolog.pl): a whole turn is a place or a move,
# counted once per capture choice when it closes a mill; a finished game has no turns.

DIRS = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
OTHER = {"b": "w", "w": "b"}


class Board:
    """Points (d, r): d counts the directions from n clockwise, r the ring from 1 inside."""

    def __init__(self, size: int):
        rings = range(1, size + 2)
        self.points = [(d, r) for r in rings for d in range(8)]
        self.adjacent = {p: set() for p in self.points}
        for d, r in self.points:
            self.adjacent[d, r] |= {((d + 1) % 8, r), ((d - 1) % 8, r)}
            if d % 2 == 0:
                self.adjacent[d, r] |= {(d, s) for s in (r - 1, r + 1) if s in rings}
        self.mills = [frozenset({((k - 1) % 8, r), (k, r), (k + 1, r)})
                      for r in rings for k in (0, 2, 4, 6)]
        self.mills += [frozenset({(d, r), (d, r + 1), (d, r + 2)})
                       for d in (0, 2, 4, 6) for r in range(1, size)]
        self.through = {p: [m for m in self.mills if p in m] for p in self.points}
        self.hand = 3 * (size + 1)


class Pos(NamedTuple):
    b: frozenset
    w: frozenset
    to_move: str
    hand: tuple          # (black, white): pieces still to place
    quiet: int           # turns since the last capture
    history: tuple       # position keys since the last placement or capture, this one last


def position(b, w, to_move, hand) -> Pos:
    b, w = frozenset(b), frozenset(w)
    return Pos(b, w, to_move, tuple(hand), 0, ((b, w, to_move),))


def sides(pos: Pos):
    """(own pieces, opponent's pieces, own hand) of the player to move."""
    if pos.to_move == "b":
        return pos.b, pos.w, pos.hand[0]
    return pos.w, pos.b, pos.hand[1]


def outcome(board: Board, pos: Pos):
    """None while the game goes on, else (winner or "draw", reason)."""
    for colour, mine, hand in (("b", pos.b, pos.hand[0]), ("w", pos.w, pos.hand[1])):
        if len(mine) + hand <= 2:
            return OTHER[colour], "two_pieces"
    own, _, hand = sides(pos)
    empty = set(board.points) - pos.b - pos.w
    if hand == 0 and not any(board.adjacent[p] & empty for p in own):
        return OTHER[pos.to_move], "no_moves"
    if pos.history.count(pos.history[-1]) >= 3:
        return "draw", "repetition"
    if pos.quiet >= 100:
        return "draw", "fifty_moves"
    return None


def capturable(board: Board, opp: frozenset, protect: bool) -> list:
    if not protect:
        return sorted(opp)
    in_mills = {p for m in board.mills if m <= opp for p in m}
    return sorted(opp - in_mills or opp)


def turns(board: Board, pos: Pos, protect: bool = False) -> list:
    """Every whole turn (from or None, to, captured or None); none once the game is over."""
    if outcome(board, pos):
        return []
    own, opp, hand = sides(pos)
    empty = {p for p in board.points if p not in pos.b and p not in pos.w}
    steps = ([(None, p) for p in sorted(empty)] if hand else
             [(f, t) for f in sorted(own) for t in sorted(board.adjacent[f] & empty)])
    found = []
    for frm, to in steps:
        mine = own - {frm} | {to}
        if any(m <= mine for m in board.through[to]):
            found += [(frm, to, c) for c in capturable(board, opp, protect)]
        else:
            found.append((frm, to, None))
    return found


def play(pos: Pos, turn) -> Pos:
    frm, to, cap = turn
    own, opp, _ = sides(pos)
    own, opp = own - {frm} | {to}, opp - {cap}
    b, w = (own, opp) if pos.to_move == "b" else (opp, own)
    hand = list(pos.hand)
    if frm is None:
        hand["bw".index(pos.to_move)] -= 1
    key = (b, w, OTHER[pos.to_move])
    reversible = frm is not None and cap is None
    return Pos(b, w, OTHER[pos.to_move], tuple(hand), 0 if cap else pos.quiet + 1,
               pos.history + (key,) if reversible else (key,))


def perft(board: Board, pos: Pos, depth: int, protect: bool = False) -> int:
    if depth == 0:
        return 1
    found = turns(board, pos, protect)
    if depth == 1:
        return len(found)
    return sum(perft(board, play(pos, t), depth - 1, protect) for t in found)


def point_text(p) -> str:
    return f"({DIRS[p[0]]},{p[1]})"


def turn_text(turn) -> str:
    """A turn as term_string/2 writes molinolog.pl's moves, e.g. place((n,1),(s,2))."""
    frm, to, cap = turn
    args = ",".join(point_text(p) for p in (frm, to, cap) if p is not None)
    return f"{'place' if frm is None else 'move'}({args})"


def prolog_position(size, pos: Pos, protect: bool) -> str:
    """molinolog:position_state/6 of pos, as Prolog text (trusted: built from the model)."""
    listed = [f"{point_text(p)}-{c}" for c, mine in (("b", pos.b), ("w", pos.w))
              for p in sorted(mine)]
    return (f"molinolog:position_state({size}, [protect_mills({str(protect).lower()})], "
            f"[{','.join(listed)}], {pos.to_move}, {pos.hand[0]}-{pos.hand[1]}, S)")


def count_moves(size: int, depth: int) -> int:
    return bridge().query(f"molinolog:count_moves({size}, {depth}, N)", timeout=60)[0]["N"]


def test_move_counts_of_the_issue():
    assert count_moves(2, 1) == 24
    assert count_moves(2, 2) == 552


@pytest.mark.parametrize("size, depth, expected", [
    (1, 1, 16), (1, 2, 240), (1, 3, 3360), (1, 4, 43680), (1, 5, 531648),
    (2, 1, 24), (2, 2, 552), (2, 3, 12144), (2, 4, 255024),
])
def test_count_moves_equals_the_python_model(size, depth, expected):
    board = Board(size)
    start = position((), (), "b", (board.hand, board.hand))
    assert perft(board, start, depth) == expected
    assert count_moves(size, depth) == expected


def random_positions(size: int, protect: bool, seed: int, every: int = 3):
    """Positions along a random game of the model, every few turns, and its last."""
    board, rnd = Board(size), random.Random(seed)
    pos = position((), (), "b", (board.hand, board.hand))
    for ply in range(400):
        found = turns(board, pos, protect)
        if ply % every == 0 or not found:
            yield board, pos
        if not found:
            return
        pos = play(pos, rnd.choice(found))


@pytest.mark.parametrize("size, protect", [(1, False), (1, True), (2, False), (2, True),
                                           (3, False), (3, True)])
def test_legal_turns_equal_the_python_model(size, protect):
    """Whole turns and outcomes along random games: placing, moving, captures, the end."""
    checked = ends = 0
    for seed in range(3):
        for board, pos in random_positions(size, protect, 100 * size + seed):
            fresh = position(pos.b, pos.w, pos.to_move, pos.hand)  # position_state/6's history
            goal = (f"{prolog_position(size, fresh, protect)}, "
                    "findall(T, (molinolog:legal_move(S, M), term_string(M, T)), Ts), "
                    "molinolog:state_outcome(S, O), term_string(O, OT)")
            answer = bridge().query(goal)[0]
            assert sorted(answer["Ts"]) == sorted(map(turn_text, turns(board, fresh, protect)))
            expected = outcome(board, fresh)
            assert answer["OT"] == ("none" if expected is None else
                                    f"draw({expected[1]})" if expected[0] == "draw" else
                                    f"win({expected[0]},{expected[1]})")
            checked += 1
            ends += expected is not None
    assert checked > 20 and ends >= 1


def test_perft_in_the_moving_phase():
    """Three turns deep from a moving position, through the exported play_move/3."""
    board = Board(1)
    names = {name: d for d, name in enumerate(DIRS)}
    black = [(names[d], r) for d, r in NO_MILL_T1[0::2]]
    white = [(names[d], r) for d, r in NO_MILL_T1[1::2]]
    pos = position(black, white, "b", (0, 0))
    goal = (f"{prolog_position(1, pos, False)}, aggregate_all(count, "
            "(molinolog:legal_move(S, M1), molinolog:play_move(S, M1, S1), "
            "molinolog:legal_move(S1, M2), molinolog:play_move(S1, M2, S2), "
            "molinolog:legal_move(S2, _)), N)")
    assert bridge().query(goal)[0]["N"] == perft(board, pos, 3)
