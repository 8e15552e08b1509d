"""A game is a plug-in: tic-tac-toe lives only under tests/games/ (named by TABLERO_GAMES,
set by tests/conftest.py), and the API, the machine's search processes, the console, the
REPL, the OpenAPI description and the pages pick it up; no file outside tests/ names it."""

from __future__ import annotations

import json
import re
import subprocess

import pytest

from app.games import Game, available_games, game_titles
from tests.conftest import ROOT

H = {"Origin": "http://localhost"}


def new(client, **options):
    made = client.post("/api/games", json={"game": "tictactoe", "options": options}, headers=H)
    assert made.status_code == 201, made.json
    return made.json["id"], {**H, "Authorization": f"Bearer {next(iter(made.json['secrets'].values()))}"}


def move(client, gid, auth, r, c):
    return client.post(f"/api/games/{gid}/actions",
                       json={"action": {"kind": "move", "pos": [r, c]}}, headers=auth)


def test_no_shared_file_names_the_game():
    found = subprocess.run(["git", "grep", "-l", "-i", "tictactoe", "--", "app", "prolog",
                            "static", "scripts", "bench", "pyproject.toml"],
                           cwd=ROOT, capture_output=True, text=True)
    assert found.stdout == "", found.stdout


def test_it_is_listed_with_its_declarations(client):
    assert available_games()[-1] == "tictactoe"
    assert game_titles()["tictactoe"] == {"en": "Tic-tac-toe", "es": "Tres en raya"}
    assert "tictactoe" in client.get("/api/games").json["available"]
    enum = client.get("/api/openapi.json").json["components"]["schemas"]["NewGame"][
        "properties"]["game"]["enum"]
    assert enum[-1] == "tictactoe" and enum[:4] == ["go", "molinolog", "gorogo", "azul"]


def test_played_through_the_api_to_a_win(client):
    gid, auth = new(client)
    for r, c in ((0, 0), (1, 1), (0, 1), (2, 2)):
        assert move(client, gid, auth, r, c).status_code == 200
    taken = move(client, gid, auth, 1, 1)
    assert taken.status_code == 409 and taken.json["error"]["code"] == "occupied"
    off = move(client, gid, auth, 3, 0)
    assert off.status_code == 400 and off.json["error"]["code"] == "off_board"
    won = move(client, gid, auth, 0, 2)
    assert won.status_code == 200
    view = won.json["view"]
    assert view["board"] == ["xxx", "-o-", "--o"]
    assert view["over"] is True and view["result"]["winner"] == "x"
    after = move(client, gid, auth, 2, 0)
    assert after.status_code == 409 and after.json["error"]["code"] == "game_over"
    assert client.get(f"/api/games/{gid}").json["plies"] == 5


def test_the_machine_seat_plays_through_the_search_processes(client):
    gid, auth = new(client, o="machine")
    assert move(client, gid, auth, 1, 1).status_code == 200
    turn = client.post(f"/api/games/{gid}/machine", json={}, headers=auth)
    assert turn.status_code == 200, turn.json
    assert turn.json["view"]["board"] == ["o--", "-x-", "---"]      # the first empty cell
    refused = move(client, gid, auth, 0, 0)
    assert refused.status_code == 409


def test_the_console_answers_about_its_position(client):
    gid, auth = new(client)
    for r, c in ((0, 0), (1, 1), (0, 1), (2, 2), (0, 2)):
        move(client, gid, auth, r, c)
    asked = client.post(f"/api/games/{gid}/query", json={"goal": "ttt_winner(Board, W)"},
                        headers=H)
    assert asked.status_code == 200, asked.json
    assert asked.json["toplevel"] == "W = x."
    assert asked.json["bound"] == ["Board", "Player"]
    other = client.post(f"/api/games/{gid}/query", json={"goal": "go:emptyBoard(B)"},
                        headers=H)
    assert other.status_code == 403 and "module go" in other.json["error"]["message"]


def test_the_repl_plays_it():
    game = Game("tictactoe")
    for r, c in ((0, 0), (1, 1), (2, 2)):
        game.act({"kind": "move", "pos": [r, c]})
    assert game.view["board"] == ["x--", "-o-", "--x"]
    copy = game.copy()
    copy.act({"kind": "move", "pos": [0, 2]})
    assert game.view["to_move"] == "o" and copy.view["to_move"] == "x"
    assert str(game) == "x--\n-o-\n--x"



def test_its_declared_difficulties_play_against_the_computer(client):
    """Tic-tac-toe declares two difficulties (tests/games/tictactoe/protocol.pl): the
    catalog serves the new-game options of each, and "hard" blocks a line "easy" leaves."""
    listed = next(g for g in client.get("/api/games").json["games"] if g["game"] == "tictactoe")
    assert listed["clocks"] == []                    # no game_time_result/4: untimed
    computer = listed["computer"]
    assert [d["difficulty"] for d in computer["difficulties"]] == ["easy", "hard"]
    assert computer["order"] == "chosen" and [s["seat"] for s in computer["seats"]] == ["x", "o"]
    played = {}
    for declared in computer["difficulties"]:
        options = declared["games"]["first"]
        assert options == {"x": "human", "o": "machine", "level": declared["settings"]["level"]}
        assert declared["games"]["second"] == {"x": "machine", "o": "human",
                                               "level": declared["settings"]["level"]}
        gid, auth = new(client, **options)
        for r, c in ((0, 0), (1, 0)):
            assert move(client, gid, auth, r, c).status_code == 200
            turn = client.post(f"/api/games/{gid}/machine", json={}, headers=auth)
            assert turn.status_code == 200, turn.json
        played[declared["difficulty"]] = turn.json["view"]["board"]
    assert played == {"easy": ["xoo", "x--", "---"], "hard": ["xo-", "x--", "o--"]}


@pytest.mark.browser
def test_the_generic_page_plays_it_by_clicks(browser, server):
    """/tictactoe has no page of its own: the generic one draws its board from the view,
    clicks play, the machine answers, a watcher sees the moves live and cannot move, a
    reload resumes, and its Prolog console says what it binds and runs its example, as the
    game declares them."""
    from playwright.sync_api import expect

    from tests.conftest import open_page

    def cell(p, pos):
        return p.locator(f'.plugin-cell[data-pos="{pos}"]')

    page = open_page(browser, server)
    page.goto(server.url + "/tictactoe")
    expect(page.locator("#new-game-form")).to_be_visible()
    expect(page.locator("#title")).to_have_text("Tic-tac-toe")
    page.select_option('select[name="o"]', "machine")
    page.click("#start")
    expect(cell(page, "1,1")).to_be_enabled()
    cell(page, "1,1").click()
    expect(cell(page, "0,0")).to_have_text("o")          # the machine's first empty cell
    expect(cell(page, "1,1")).to_have_text("x")
    watcher = open_page(browser, server)
    watcher.goto(page.url)
    expect(cell(watcher, "0,0")).to_have_text("o")
    expect(watcher.locator(".plugin-cell:not([disabled])")).to_have_count(0)
    expect(cell(page, "2,2")).to_be_enabled()
    cell(page, "2,2").click()
    expect(cell(watcher, "2,2")).to_have_text("x")        # live, without a reload
    expect(cell(page, "0,1")).to_have_text("o")
    page.reload()
    expect(cell(page, "2,2")).to_have_text("x")
    expect(page.locator("#status")).to_have_text("To move: x")
    panel = page.locator("#prolog-panel")                 # its console, in its own words
    panel.locator("summary").click()
    expect(panel.locator(".prolog-console-hint")).to_contain_text(
        "Board is the nine cells now, Player the one to move.")
    panel.locator(".prolog-console-example").click()      # nth0(4, Board, Centre)
    panel.locator(".prolog-console-run").click()
    expect(panel.locator(".prolog-console-answer").first).to_have_text("Centre = x.")
    errors = page.errors + watcher.errors
    page.context.close()
    watcher.context.close()
    assert errors == []


@pytest.mark.browser
def test_the_index_offers_it_by_its_declared_title(browser, server):
    """The index lists the plug-in by the title and line it declares, in the page's language, with
    a way to play a friend, and the computer at the difficulties it declares: "hard",
    moving second, opens its page, where the machine has moved first."""
    from playwright.sync_api import expect

    from tests.conftest import open_page

    page = open_page(browser, server)
    page.goto(server.url + "/")
    card = page.locator('.index-game[data-game="tictactoe"]')
    expect(card.locator("h3")).to_have_text("Tic-tac-toe")
    expect(card.locator("h3 + p")).to_have_text("Three in a row on a 3x3 grid.")   # its own
    expect(page.locator('.index-game[data-game="go"] h3 + p')).to_have_text(
        "The classic game of surrounding territory, on 9×9, 13×13 or 19×19.")
    assert page.locator(".index-game h3").all_inner_texts()[:4] == [
        "Go", "Molinolog", "GoRoGo", "Azul"]                  # the declared order
    expect(card.locator('.index-friend[href="/tictactoe?play=friend"]')).to_have_count(1)
    expect(card.get_by_label("Difficulty").locator("option")).to_have_text(["easy", "hard"])
    card.get_by_label("Difficulty").select_option("hard")
    card.get_by_label("You move").select_option("second")
    card.locator(".index-play-computer").click()
    page.wait_for_url(re.compile(r"/tictactoe/[0-9a-f]+$"))
    expect(page.locator('.plugin-cell[data-pos="0,0"]')).to_have_text("x")  # the machine's
    expect(page.locator("#status")).to_have_text("To move: o")
    page.locator('.plugin-cell[data-pos="1,1"]').click()
    expect(page.locator('.plugin-cell[data-pos="1,1"]')).to_have_text("o")
    expect(page.locator('.plugin-cell[data-pos="0,1"]')).to_have_text("x")
    page.goto(server.url + "/")
    page.click("#lang")
    expect(card.locator("h3")).to_have_text("Tres en raya")
    expect(card.locator("h3 + p")).to_have_text("Tres en línea en una cuadrícula de 3x3.")
    expect(page.locator("#recent li").first.locator("a")).to_have_text(
        "Tres en raya contra la computadora (difícil)")
    card.locator(".index-friend").click()
    page.wait_for_url(server.url + "/tictactoe?play=friend")
    expect(page.locator("#title")).to_have_text("Tres en raya")
    errors = page.errors
    page.context.close()
    assert errors == []


# ---- tournaments: what the game declares (tablero:game_tournament/2 and the contract) ----


def test_a_tournament_between_its_machine_levels(client, tmp_path):
    """`tablero tournament tictactoe machine:1 machine:2`: the levels, seats and machine are
    the game's declarations (tests/games/tictactoe/protocol.pl), served by the catalog; level 2
    (first it wins, else it blocks) beats level 1 (the first empty cell) as x and draws as o."""
    from app import tournament

    listed = next(g for g in client.get("/api/games").json["games"] if g["game"] == "tictactoe")
    assert listed["tournament"]["levels"] == ["1", "2"]
    assert [s["seat"] for s in listed["tournament"]["seats"]] == ["x", "o"]
    with pytest.raises(tournament.TournamentError, match="levels are 1, 2$"):
        tournament.parse_player("tictactoe", "machine:3")
    with pytest.raises(tournament.TournamentError, match="GNU Go plays Go only"):
        tournament.parse_player("tictactoe", "gnugo:1")
    assert tournament.parse_player("tictactoe", "hard").level == "2"     # its difficulty

    summary = tournament.run("tictactoe", ["machine:1", "machine:2"], out=tmp_path, seed=1,
                             jobs=1)
    played = {}
    for g in summary["games"]:
        record = json.loads((tmp_path / "games" / g["record"]).read_text())
        again = tournament.replay(record)            # every action judged by the rules again
        assert again.over and again.winner == g["result"]["winner"]
        played[g["seats"]["x"]] = (g["result"]["reason"], g["result"]["winner"],
                                   again.view["board"], g["score"])
    assert played == {
        "machine:2": ("line", "x", ["xox", "oxo", "x--"], [1.0, 0.0]),
        "machine:1": ("draw", None, ["xox", "oxx", "oxo"], [0.5, 0.5])}
    assert [(r["player"], r["points"], r["wins"], r["draws"]) for r in summary["standings"]] \
        == [("machine:2", 1.5, 1, 1), ("machine:1", 0.5, 0, 1)]


@pytest.mark.slow
@pytest.mark.skipif(__import__("app.confine").confine.problem() is not None,
                    reason="no bubblewrap box here")
def test_a_students_machine_plays_it_in_its_box(tmp_path):
    """A student's machine_move/2 on the state the game declares (ttt(Board, Player)) runs
    in app/confine.py's box, which shows it the game's folder: its marks are played, and a
    student answering a cell off the board loses every game it is asked a move in."""
    from app import tournament

    students = ROOT / "tests" / "students" / "tournament" / "tictactoe"
    summary = tournament.run("tictactoe", [str(students / "centre.pl"),
                                           str(students / "nine.pl"), "machine:2"],
                             out=tmp_path, seed=1, jobs=2)
    results = {}
    for g in summary["games"]:
        record = json.loads((tmp_path / "games" / g["record"]).read_text())
        results[(g["seats"]["x"], g["seats"]["o"])] = (
            g["result"]["reason"], g["result"].get("loser"),
            [tuple(a["pos"]) for a in record["actions"]])
    assert results[("centre", "machine:2")] == (
        "line", None, [(1, 1), (0, 0), (0, 2), (2, 0), (2, 2), (1, 0)])
    assert results[("machine:2", "centre")][:2] == ("line", None)
    assert results[("machine:2", "centre")][2][1] == (1, 1)     # the student took the centre
    for (x, o), (reason, loser, _) in results.items():
        if "nine" in (x, o):
            assert reason == "not_a_move" and loser == ("x" if x == "nine" else "o")
    assert [(r["player"], r["points"], r["faults"]) for r in summary["standings"]] == \
        [("machine:2", 4.0, 0), ("centre", 2.0, 0), ("nine", 0.0, 4)]
