"""SGF game records (app/sgf.py): GET /api/games/<id>/sgf, POST /api/games {"game": "go",
"sgf": text}, GoGame.sgf() and GoGame.from_sgf().

Every download is read back by sgfmill on its own (not by app/sgf.py); every imported
file's final position is checked against sgfmill's own replay of it (sgfmill.boards), and
a GNU Go game against GNU Go's `list_stones`.  The files under tests/data/sgf/ were written
by GNU Go 3.8 (`gnugo --mode ascii ... -o FILE` after `play N`: self-play games; GTP
`printsgf`: a position) and by hand in the shape of KGS/CGoban, Sabaki and OGS files
(comments, variations, `[tt]` and `[]` passes, HA with AB, PL)."""

from __future__ import annotations

import datetime
import json
import os
import random
import sqlite3
from pathlib import Path

import pytest
from sgfmill import sgf, sgf_moves

from app.go import GoGame
from app.gtp import GNUGO, GTP
from app.sgf import MAX_MOVES, SgfError, version

DATA = Path(__file__).parent / "data" / "sgf"
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


# ---- helpers -------------------------------------------------------------------------


def create(client, **options) -> dict:
    resp = client.post("/api/games", json={"game": "go", "options": {"size": 9, **options}})
    assert resp.status_code == 201, resp.json
    return resp.json


def act(client, game: dict, action: dict):
    secret = next(iter(game["secrets"].values()))
    resp = client.post(f"/api/games/{game['id']}/actions", json={"action": action},
                       headers={"Authorization": f"Bearer {secret}"})
    assert resp.status_code == 200, resp.json
    return resp.json


def upload(client, text, **extra):
    return client.post("/api/games", json={"game": "go", "sgf": text, **extra})


def count_games(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as con:
        return con.execute("SELECT count(*) FROM games").fetchone()[0]


def count_actions(app) -> int:
    with sqlite3.connect(app.config["DATABASE"]) as con:
        return con.execute("SELECT count(*) FROM actions").fetchone()[0]


def sgfmill_position(text: str) -> list[str]:
    """The final position of a file's main line as sgfmill plays it (rows from the top)."""
    game = sgf.Sgf_game.from_bytes(text.encode("utf-8"))
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is not None:
            board.play(*move, colour)
    size = game.get_size()
    return ["".join(board.get(r, c) or "-" for c in range(size)) for r in range(size - 1, -1, -1)]


def main_moves(game: sgf.Sgf_game) -> list[tuple[str, tuple | None]]:
    return [node.get_move() for node in game.get_main_sequence()[1:]]


def gtp_point(vertex: str, size: int) -> tuple[int, int]:
    """sgfmill's (row from the bottom, col) of a GTP vertex."""
    return int(vertex[1:]) - 1, LETTERS.index(vertex[0].upper())


# ---- downloads -----------------------------------------------------------------------


#  A 9x9 game: Black captures White's corner stone A9, each side passes once in play, and
#  Black resigns.
PLAYED = [("b", [0, 1]), ("w", [0, 0]), ("b", [1, 0]), ("w", None), ("b", [4, 4]),
          ("w", [2, 2]), ("b", None), ("w", [6, 6])]


def test_download_round_trip_with_capture_passes_and_resignation(client, app):
    game = create(client, preset="chinese")
    for player, pos in PLAYED:
        act(client, game, {"kind": "move", "pos": pos} if pos else {"kind": "pass"})
    final = act(client, game, {"kind": "resign", "player": "b"})
    assert final["view"]["result"]["code"] == "W+R" and final["view"]["captures"]["b"] == 1

    resp = client.get(f"/api/games/{game['id']}/sgf")
    assert resp.status_code == 200
    assert resp.headers["Content-Type"] == "application/x-go-sgf"
    disposition = resp.headers["Content-Disposition"]
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert disposition == f'attachment; filename="tablero-go-9x9-{today}-{game["id"]}.sgf"'

    record = sgf.Sgf_game.from_bytes(resp.data)
    root = record.get_root()
    assert root.get("FF") == 4 and root.get("GM") == 1 and root.get("CA") == "UTF-8"
    assert root.get("AP") == ("Tablero", version())
    assert record.get_size() == 9 and record.get_komi() == 7.5
    assert root.get("RU") == "Chinese"
    assert record.get_player_name("b") == "Human" and record.get_player_name("w") == "Human"
    assert root.get("RE") == "W+R" and record.get_winner() == "w"
    assert root.get("DT") == today
    for prop in ("HA", "AB", "AW", "PL"):
        assert not root.has_property(prop)
    expected = [(p, None if pos is None else (8 - pos[0], pos[1])) for p, pos in PLAYED]
    assert main_moves(record) == expected
    nodes = record.get_main_sequence()[1:]
    assert nodes[3].get_raw("W") == b"" and nodes[6].get_raw("B") == b""  # passes as []
    assert len(nodes) == len(PLAYED)  # the resignation is no move

    before = count_games(app)
    again = upload(client, resp.data.decode())
    assert again.status_code == 201, again.json
    assert count_games(app) == before + 1
    assert again.json["view"]["board"] == final["view"]["board"]
    assert again.json["view"]["result"]["code"] == "W+R"
    assert again.json["view"]["captures"] == {"b": 1, "w": 0}
    assert again.json["options"] == {"size": 9, "preset": "chinese", "komi": 7.5}
    actions = client.get(f"/api/games/{again.json['id']}").json["actions"]
    assert [a["kind"] for a in actions] == ["move", "move", "move", "pass", "move", "move",
                                            "pass", "move", "resign"]
    assert client.get(f"/api/games/{again.json['id']}/sgf").data == resp.data


def test_a_counted_game_has_its_result_and_territory():
    g = GoGame(size=5, preset="chinese")
    for vertex in ["C3", "A1", "B3", "A2"]:
        g.play(vertex)
    g.pass_()
    g.pass_()
    assert g.dead == [[3, 0], [4, 0]]
    g.accept()
    g.accept()
    record = sgf.Sgf_game.from_string(g.sgf())
    root = record.get_root()
    assert root.get("RE") == g.result == "B+17.5"
    last = record.get_main_sequence()[-1]
    assert last.get_move() == ("w", None)
    #  Black's points: all but its own stones B3 and C3 (the dead A1 and A2 included).
    black_stones = {gtp_point("B3", 5), gtp_point("C3", 5)}
    everything = {(r, c) for r in range(5) for c in range(5)}
    assert last.get("TB") == everything - black_stones
    assert not last.has_property("TW")
    assert last.get("C") == "Dead stones agreed: A2 A1"
    assert root.get("KM") == 7.5 and root.get("RU") == "Chinese"


def test_documents_preset_and_draw_are_written_as_said():
    g = GoGame(size=3)  # documents: a tie goes to White, W+0
    g.pass_()
    g.pass_()
    g.accept()
    g.accept()
    root = sgf.Sgf_game.from_string(g.sgf()).get_root()
    assert root.get("RU") == "Tablero documents" and root.get("RE") == "W+0"
    assert root.get("KM") == 0
    g = GoGame(size=3, preset="japanese", komi=0)  # a draw is RE[0]
    for _ in range(2):
        g.pass_()
    g.accept()
    g.accept()
    assert g.result == "Draw"
    root = sgf.Sgf_game.from_string(g.sgf()).get_root()
    assert root.get("RE") == "0" and root.get("RU") == "Japanese"
    assert GoGame.from_sgf(g.sgf()).options["preset"] == "japanese"


def test_machine_seat_is_named(client):
    game = create(client, white="machine")
    act(client, game, {"kind": "move", "pos": [4, 4]})
    record = sgf.Sgf_game.from_bytes(client.get(f"/api/games/{game['id']}/sgf").data)
    assert record.get_player_name("b") == "Human" and record.get_player_name("w") == "Tablero"
    game = create(client, black="gnugo", level=3)
    record = sgf.Sgf_game.from_bytes(client.get(f"/api/games/{game['id']}/sgf").data)
    assert record.get_player_name("b") == "GNU Go level 3"
    assert record.get_player_name("w") == "Human"


def test_download_refusals(client):
    resp = client.get("/api/games/nosuchgame/sgf")
    assert resp.status_code == 404 and resp.json["error"]["code"] == "unknown_game_id"
    azul = client.post("/api/games", json={"game": "azul", "options": {}}).json
    resp = client.get(f"/api/games/{azul['id']}/sgf")
    assert resp.status_code == 400 and resp.json["error"]["code"] == "not_go"


# ---- handicap and setup stones (the options handicap, black_stones, white_stones, first) --


def test_handicap_round_trip(client):
    game = create(client, size=19, handicap=4)
    start = game["view"]["board"]
    act(client, game, {"kind": "move", "pos": [2, 2]})
    data = client.get(f"/api/games/{game['id']}/sgf").data
    record = sgf.Sgf_game.from_bytes(data)
    root = record.get_root()
    black = {(18 - r, c) for r, row in enumerate(start)
             for c, cell in enumerate(row) if cell == "b"}
    assert len(black) == 4
    assert root.get("HA") == 4 and root.get("AB") == black and not root.has_property("AW")
    assert root.get("PL") == "w" and main_moves(record) == [("w", (16, 2))]
    again = upload(client, data.decode())
    assert again.status_code == 201, again.json
    assert again.json["options"] == {"size": 19, "preset": "documents", "komi": 0, "handicap": 4}
    assert again.json["view"]["board"] == sgfmill_position(data.decode())


def test_setup_stones_round_trip(client):
    options = {"black_stones": ["C3", "E5"], "white_stones": ["G7"], "first": "w"}
    game = create(client, **options)
    act(client, game, {"kind": "move", "vertex": "D4"})
    data = client.get(f"/api/games/{game['id']}/sgf").data
    root = sgf.Sgf_game.from_bytes(data).get_root()
    assert root.get("AB") == {gtp_point("C3", 9), gtp_point("E5", 9)}
    assert root.get("AW") == {gtp_point("G7", 9)}
    assert root.get("PL") == "w" and not root.has_property("HA")
    again = upload(client, data.decode())
    assert again.status_code == 201, again.json
    assert again.json["options"] == {"size": 9, "preset": "documents", "komi": 0, **options}
    assert again.json["view"]["board"] == game_board_after(client, game)


def game_board_after(client, game):
    return client.get(f"/api/games/{game['id']}").json["view"]["board"]


def test_free_placement_handicap_as_black_moves():
    text = "(;GM[1]SZ[9]HA[2]KM[0.5];B[cc];B[gg];W[ee];B[ce])"
    g = GoGame.from_sgf(text)
    assert g.options["black_stones"] == ["C7", "G3"] and g.options["first"] == "w"
    assert g.board[2][2] == "b" and g.board[6][6] == "b" and g.board[4][4] == "w"
    assert len(g.actions) == 2


# ---- uploads of files written by other programs ---------------------------------------


FIXTURES = {
    #  file: (options, plies, phase, result code or None)
    #  A record ending in two passes whose RE is what accepting our proposed dead stones
    #  gives ends counted as the file says: both acceptances are appended (2 actions).
    "gnugo-9x9-selfplay.sgf": ({"size": 9, "preset": "japanese", "komi": 5.5}, 50, "over",
                               "B+17.5"),
    "gnugo-19x19-selfplay.sgf": ({"size": 19, "preset": "japanese", "komi": 6.5}, 176, "over",
                                 "B+16.5"),
    "sabaki-13x13.sgf": ({"size": 13, "preset": "chinese", "komi": 6.5}, 20, "scoring", None),
    "ogs-9x9-capture.sgf": ({"size": 9, "preset": "japanese", "komi": 5.5}, 8, "scoring", None),
    #  With a handicap White moves first: no `first` option.
    "kgs-19x19-handicap2.sgf": ({"size": 19, "preset": "japanese", "komi": 0.5, "handicap": 2},
                                20, "over", "W+R"),
    "gnugo-13x13-handicap3.sgf": ({"size": 13, "preset": "japanese", "komi": 0.5,
                                   "handicap": 3}, 85, "over", "B+42.5"),
    "gnugo-9x9-printsgf-position.sgf": (
        {"size": 9, "preset": "japanese", "komi": 5.5, "black_stones": ["E3", "E5", "G5"],
         "white_stones": ["C3", "C5"], "first": "w"}, 0, "play", None),
}


@pytest.mark.parametrize("name", sorted(FIXTURES))
def test_upload_files_of_other_programs(client, app, name):
    text = (DATA / name).read_text()
    options, plies, phase, result = FIXTURES[name]
    before = count_games(app)
    resp = upload(client, text)
    assert resp.status_code == 201, resp.json
    assert count_games(app) == before + 1
    game = resp.json
    assert game["options"] == options
    assert game["plies"] == plies and game["view"]["phase"] == phase
    assert game["view"]["board"] == sgfmill_position(text)
    assert (game["view"]["result"] or {}).get("code") == result
    shown = client.get(f"/api/games/{game['id']}").json
    assert len(shown["actions"]) == plies and shown["view"] == game["view"]
    #  The review has a view per action; the last is the game as it stands.
    history = client.get(f"/api/games/{game['id']}/history").json
    assert len(history["views"]) == plies + 1
    assert history["views"][-1]["board"] == game["view"]["board"]


def test_comments_and_variations_are_ignored():
    ogs = GoGame.from_sgf((DATA / "ogs-9x9-capture.sgf").read_text())
    #  The main line's W[aa] was captured by B[ab]; the variation's W[ba] is not there.
    assert ogs.board[0] == "-b-------" and ogs.board[1] == "b--------"
    assert ogs.captures == {"b": 1, "w": 0}
    kgs = (DATA / "kgs-19x19-handicap2.sgf").read_text()
    assert "B[rg]" in kgs and "B[ph]" in kgs
    board = GoGame.from_sgf(kgs).board
    assert board[6][17] == "-" and board[7][15] == "-"  # R13 and Q12: the variation's
    assert board[6][16] == "b"  # Q13: the main line's B[qg]


def test_gnugo_19x19_game_ends_where_gnugo_says(client):
    if not os.access(GNUGO, os.X_OK):
        pytest.skip("GNU Go is not installed")
    path = DATA / "gnugo-19x19-selfplay.sgf"
    game = upload(client, path.read_text()).json
    with GTP([GNUGO, "--mode", "gtp"]) as engine:
        engine(f"loadsgf {path}")
        stones = {colour: engine(f"list_stones {colour}").split()
                  for colour in ("black", "white")}
    board = game["view"]["board"]
    ours = {colour: sorted(f"{LETTERS[c]}{19 - r}" for r, row in enumerate(board)
                           for c, cell in enumerate(row) if cell == colour[0])
            for colour in ("black", "white")}
    assert ours == {colour: sorted(found) for colour, found in stones.items()}
    assert len(ours["black"]) + len(ours["white"]) > 100


def test_rules_names_are_read():
    def preset(ru):
        return GoGame.from_sgf(f"(;GM[1]SZ[9]{ru}KM[7.5];B[ee])").options.get("preset")

    assert preset("RU[Chinese]") == "chinese" and preset("RU[AGA]") == "chinese"
    assert preset("RU[NZ]") == "chinese" and preset("RU[japanese]") == "japanese"
    assert preset("RU[Korean]") == "japanese" and preset("RU[Tablero documents]") == "documents"
    assert preset("RU[Ing]") is None and preset("") is None
    #  KataGo's rule sets, by name and whole (what its self-play records carry)
    assert preset("RU[tromp-taylor]") == "chinese" and preset("RU[chinese-ogs]") == "chinese"
    assert preset("RU[koPOSITIONALscoreAREAtaxALLsui1]") == "chinese"
    assert preset("RU[koSIMPLEscoreTERRITORYtaxSEKIsui0]") == "japanese"
    assert preset("RU[korean]") == "japanese"
    g = GoGame.from_sgf("(;GM[1]SZ[9]RU[Ing]KM[8];B[ee])")
    assert g.options == {"size": 9, "komi": 8} and g.view["settings"]["komi"] == 8


def test_uploader_holds_the_seats(client):
    text = (DATA / "sabaki-13x13.sgf").read_text()
    game = upload(client, text).json
    assert set(game["secrets"]) == {"b", "w"} and game["you"] == ["b", "w"]
    gid = game["id"]
    resp = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "resume"}})
    assert resp.status_code == 401
    resp = client.post(f"/api/games/{gid}/actions", json={"action": {"kind": "resume"}},
                       headers={"Authorization": "Bearer " + game["secrets"]["b"]})
    assert resp.status_code == 200 and resp.json["view"]["phase"] == "play"
    one = upload(client, text, hold=["b"]).json
    assert set(one["secrets"]) == {"b"} and set(one["invitations"]) == {"w"}
    machine = upload(client, text, options={"white": "machine"}).json
    assert machine["view"]["seats"] == {"b": "human", "w": "machine"}
    assert machine["options"]["white"] == "machine"


def test_file_bytes_are_read_in_their_encoding():
    text = "(;GM[1]FF[4]CA[ISO-8859-1]SZ[9]PB[Peñarol]C[¡Buena partida!];B[ee];W[cc])"
    g = GoGame.from_sgf(text.encode("latin-1"))
    assert g.board[4][4] == "b" and g.board[2][2] == "w"
    from app.sgf import read_sgf
    assert read_sgf(text.encode("latin-1")).players == {"b": "Peñarol"}


def test_repl_round_trip():
    g = GoGame(size=9)
    for vertex in ["E5", "C3", "G7"]:
        g.play(vertex)
    g.pass_()
    again = GoGame.from_sgf(g.sgf(), white="machine")
    assert isinstance(again, GoGame)
    assert again.board == g.board and again.to_move == "b"
    assert again.options == {"size": 9, "preset": "documents", "komi": 0, "white": "machine"}
    with pytest.raises(SgfError) as refused:
        GoGame.from_sgf("(;SZ[9];B[ee];W[ee])")
    assert refused.value.code == "sgf_move"
    assert str(refused.value).startswith("move 2 (W at E5): occupied")


# ---- refusals: a 400 that names the reason, and nothing stored ------------------------


def junk(seed: int, n: int = 3000) -> str:
    rng = random.Random(seed)
    return bytes(rng.randrange(1, 256) for _ in range(n)).decode("latin-1")


REFUSED = [
    ((DATA / "illegal-move-7.sgf").read_text(), "sgf_move",
     "move 7 (B at C7): occupied"),
    ("(;GM[1]SZ[9];B[ee];B[cc])", "sgf_move", "move 2 (B at C7): not_your_turn"),
    ("(;GM[1]SZ[9];B[ba];W[ee];B[ab];W[aa])", "sgf_move", "move 4 (W at A9): suicide"),
    ("(;GM[1]SZ[9];B[ee];W[cc];AB[gg];B[gc])", "sgf_setup", "After move 2: setup stones"),
    ("(;GM[1]SZ[9];B[ee];AE[ee])", "sgf_setup", "After move 1"),
    ("(;GM[1]FF[4]SZ[30];B[aa])", "sgf_size", "SZ[30]: Tablero plays Go on square boards of 2"),
    ("(;GM[1]SZ[19:13])", "sgf_size", "SZ[19:13]"),
    ("(;GM[1]SZ[1])", "sgf_size", "SZ[1]"),
    ("(;GM[2]SZ[8])", "sgf_not_go", "GM[2]"),
    ("(;GM[1]SZ[9]KM[6.3])", "sgf_komi", "KM[6.3]"),
    ("(;GM[1]SZ[9]KM[lots])", "sgf_komi", "KM[lots]"),
    ("(;GM[1]SZ[9];B[ee];W[zz])", "sgf_unreadable", "move 2 (W[zz]) is no point of a 9x9"),
    ("(;GM[1]SZ[19];B[tt];W[tt];W[ss])", "sgf_move", "move 3 (W at T1): not_your_turn"),
    ("(;GM[1]SZ[9]AB[zz])", "sgf_unreadable", "The setup stones or PL before the first move"),
    ("(;GM[1]SZ[9]AB[aa:ii]AW[aa])", "sgf_setup", "A point is set up twice in one node"),
    ("hello", "sgf_unreadable", "This is not an SGF game record"),
    ("", "sgf_unreadable", "This is not an SGF game record"),
    ("(;GM[1]SZ[9];B[ee]", "sgf_unreadable", "This is not an SGF game record"),
    (junk(1), "sgf_unreadable", "This is not an SGF game record"),
    ("(;" + junk(2), "sgf_unreadable", "This is not an SGF game record"),
    ("(;GM[1]SZ[9]" + ";B[]" * (MAX_MOVES + 1) + ")", "sgf_too_many_moves",
     f"at most {MAX_MOVES} moves"),
]


@pytest.mark.parametrize("text, code, message", REFUSED,
                         ids=[f"{i}-{code}" for i, (_, code, _) in enumerate(REFUSED)])
def test_refused_files_store_nothing(client, app, text, code, message):
    create(client)  # one game stored already
    before = count_games(app), count_actions(app)
    resp = upload(client, text)
    assert resp.status_code == 400, resp.json
    assert resp.json["error"]["code"] == code
    assert message in resp.json["error"]["message"]
    assert (count_games(app), count_actions(app)) == before


def test_other_bad_uploads(client, app):
    before = count_games(app)
    text = (DATA / "sabaki-13x13.sgf").read_text()
    for body, status, code in [
        ({"game": "azul", "sgf": text}, 400, "not_go"),
        ({"game": "go", "sgf": 17}, 400, "sgf_unreadable"),
        ({"game": "go", "sgf": ["(;)"]}, 400, "sgf_unreadable"),
        ({"game": "go", "sgf": text, "options": {"size": 19}}, 400, "bad_option"),
        ({"game": "go", "sgf": text, "options": {"white": "robot"}}, 400, "bad_option"),
        ({"game": "go", "sgf": text, "hold": ["x"]}, 400, "bad_seat"),
        ({"game": "go", "sgf": "(;GM[1]SZ[9]C[" + "x" * 70000 + "])"}, 413, "too_large"),
    ]:
        resp = client.post("/api/games", json=body)
        assert (resp.status_code, resp.json["error"]["code"]) == (status, code), body.get("sgf")
    assert count_games(app) == before


def test_binary_body_is_refused(client, app):
    before = count_games(app)
    raw = json.dumps({"game": "go", "sgf": "x"}).encode()[:-2] + bytes(range(128, 256)) + b'"}'
    resp = client.post("/api/games", data=raw, content_type="application/json")
    assert resp.status_code == 400 and resp.json["error"]["code"] == "bad_json"
    assert count_games(app) == before


def test_three_or_more_passes_are_read(client):
    """Passes after the first two (legal SGF; Little Go writes them, GNU Go reads them):
    at the end of the file the game stays in the scoring phase; before a move they resume
    play and pass, the turns going on as in the file."""
    ended = upload(client, "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[];W[];B[];W[])")
    assert ended.status_code == 201, ended.json
    assert ended.json["view"]["phase"] == "scoring"
    assert [a["kind"] for a in ended.json["actions"]] == ["move", "move", "pass", "pass"]
    on = upload(client, "(;GM[1]FF[4]SZ[9];B[ee];W[cc];B[];W[];B[];W[gg];B[dd])")
    assert on.status_code == 201, on.json
    view = on.json["view"]
    assert view["phase"] == "play" and view["to_move"] == "w"
    assert view["board"][6][6] == "w" and view["board"][3][3] == "b"
    assert [a["kind"] for a in on.json["actions"]] == [
        "move", "move", "pass", "pass", "resume", "pass", "move", "move"]
