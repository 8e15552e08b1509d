"""Playing the computer from the index, as a person does (issue 22): choose a game, a
difficulty in words and who moves first, press "Play the computer"; the game's page opens,
says that the machine is thinking, and the machine answers a move.  The seats say the
difficulty."""

from __future__ import annotations

import os
import re

import pytest

from app.gtp import GNUGO

from .conftest import call

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

#  game, difficulty, the words the page's seats show for the machine
GNUGO_HERE = os.access(GNUGO, os.X_OK)

CASES = [
    ("go", "easy", "machine, easy"),
    pytest.param("go", "hard", "GNU Go (level 10), hard", marks=pytest.mark.skipif(
        not GNUGO_HERE, reason="GNU Go is not installed")),
    ("molinolog", "hard", "machine, depth 5, hard"),
    ("gorogo", "medium", "machine, depth 2, medium"),
    ("azul", "hard", "lookahead, hard"),
]


@pytest.mark.parametrize("game, difficulty, words", CASES)
def test_play_the_computer_from_the_index(page, server, game, difficulty, words):
    page.goto("/")
    card = page.locator(f'#games [data-game="{game}"]')
    expect(card.get_by_role("link", name=re.compile("play a friend"))).to_have_attribute(
        "href", f"/{game}?play=friend")
    card.get_by_label("Difficulty").select_option(difficulty)
    if game != "azul":  # Azul's first player is drawn with the deal
        card.get_by_label("You move").select_option("second")  # the machine moves first
    else:
        expect(card.get_by_label("You move")).to_have_count(0)
    machine_replies = []
    page.on("response", lambda r: machine_replies.append(r) if r.url.endswith("/machine") else None)
    card.get_by_role("button", name=re.compile("play the computer")).click()
    page.wait_for_url(re.compile(rf"/{game}/[0-9a-f]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    made = call(server, "GET", f"/api/games/{game_id}")
    if game == "azul" and not made["view"]["machine_to_move"]:
        # Player 1 (this page) was drawn to start: one turn by clicks, then the machine.
        colour = made["view"]["factories"][0][0]
        page.locator(f'.azul-factory[data-source="0"] .azul-tile[data-colour="{colour}"]').first.click()
        page.click('.azul-board[data-player="0"] [data-line="5"]')

    expect(page.get_by_text(re.compile("is thinking")).first).to_be_visible()
    page.wait_for_function("n => Number(document.body.dataset.revision) > n",
                           arg=made["revision"] + (1 if game == "azul" and not made["view"]["machine_to_move"] else 0),
                           timeout=30_000)
    expect(page.get_by_text(re.compile("is thinking"))).to_have_count(0)
    shown = call(server, "GET", f"/api/games/{game_id}")
    #  The machine's turn was answered with what changed, not with the whole view.
    answers = [reply.json() for reply in machine_replies if reply.ok]
    assert answers and all("view_delta" in a and "view" not in a for a in answers)
    assert shown["plies"] >= 1 and not shown["view"]["machine_to_move"]
    assert shown["you"] == [] and len(shown["holders"]) == 1  # the person's seat, held here
    expect(page.locator(".tb-seats-line")).to_contain_text("You play")
    expect(page.locator("body")).to_contain_text(words)


def test_the_go_card_plays_the_board_the_person_chooses(page, server):
    """The index's Go card offers the board (9×9, 13×13, 19×19, as Go declares it in
    game_computer/2): a person chooses 13×13, presses "Play the computer", plays a stone
    by a click, and the machine answers on that board."""
    page.goto("/")
    card = page.locator('#games [data-game="go"]')
    board = card.get_by_label("Board")
    expect(board.locator("option")).to_have_text(["9×9", "13×13", "19×19"])
    expect(board).to_have_value("9")
    board.select_option(label="13×13")
    card.get_by_role("button", name=re.compile("play the computer")).click()
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator("svg.grid-board")).to_have_attribute("data-size", "13")
    expect(page.locator("body")).to_contain_text("13×13")
    page.click('svg.grid-board .grid-point[data-row="3"][data-col="9"]')
    page.wait_for_function("() => Number(document.body.dataset.revision) >= 2", timeout=30_000)
    expect(page.get_by_text(re.compile("is thinking"))).to_have_count(0)
    shown = call(server, "GET", f"/api/games/{game_id}")
    assert shown["options"]["size"] == 13 and len(shown["view"]["board"]) == 13
    assert shown["view"]["board"][3][9] == "b"
    assert shown["view"]["last"]["player"] == "w" and shown["view"]["to_move"] == "b"
    row, col = shown["view"]["last"]["pos"]
    expect(page.locator(f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'
                        )).to_have_attribute("data-cell", "w")
    expect(page.locator(".tb-seats-line")).to_contain_text("You play")


def test_the_molinolog_card_plays_the_board_the_person_chooses(page, server):
    """Molinolog declares its boards (T = 1, 2, 3; 2 unless chosen) the same way, with
    words in each language: chosen on the index, the game is on that board."""
    page.goto("/")
    card = page.locator('#games [data-game="molinolog"]')
    board = card.get_by_label("Board")
    expect(board).to_have_value("2")
    board.select_option(label="T = 1 (6 pieces)")
    card.get_by_role("button", name=re.compile("play the computer")).click()
    page.wait_for_url(re.compile(r"/molinolog/[0-9a-f]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator("body")).to_contain_text("T = 1")
    assert call(server, "GET", f"/api/games/{game_id}")["view"]["size"] == 1


def test_spanish_index_words(page):
    page.goto("/")
    page.click("#lang")
    card = page.locator('#games [data-game="molinolog"]')
    expect(card.get_by_role("button", name=re.compile("jugar contra la computadora"))).to_be_visible()
    expect(card.get_by_label("Dificultad").locator("option")).to_have_text(
        ["fácil", "media", "difícil"])
    expect(page.locator('#games [data-game="go"]').get_by_label("Tablero")).to_be_visible()
    expect(card.get_by_label("Tablero").locator("option")).to_have_text(
        ["T = 1 (6 fichas)", "T = 2 (9 fichas)", "T = 3 (12 fichas)"])
    page.click("#lang")
    expect(page.get_by_role("link", name="Play", exact=True)).to_have_count(0)


def test_saved_games_say_opponent_turn_and_result(page):
    """The index's saved games, for a person: the game and whom it is against, whose turn
    or how it ended, and when the last move was."""
    page.goto("/")
    card = page.locator('#games [data-game="molinolog"]')
    card.get_by_label("Difficulty").select_option("easy")
    card.get_by_label("You move").select_option("second")
    card.get_by_role("button", name=re.compile("play the computer")).click()
    page.wait_for_url(re.compile(r"/molinolog/[0-9a-f]+$"))
    page.wait_for_function("() => Number(document.body.dataset.revision) >= 1", timeout=30_000)
    molinolog = page.url.rsplit("/", 1)[1]

    page.goto("/go")  # both sides on this device; White resigns
    page.click("#start")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    go = page.url.rsplit("/", 1)[1]
    page.click('svg.grid-board .grid-point[data-row="3"][data-col="3"]')
    expect(page.locator(".stone")).to_have_count(1)
    page.click("#resign")
    page.click("#resign")
    expect(page.locator("#result")).to_contain_text("resignation")

    page.goto("/")
    first = page.locator(f'#recent li[data-id="{molinolog}"]')
    expect(first.locator("a")).to_have_text("Molinolog against the computer (easy)")
    expect(first.locator(".index-state")).to_have_text("Your turn")
    expect(first.locator(".index-meta")).to_have_text(re.compile(r"last move (just now|1 minute ago)"))
    second = page.locator(f'#recent li[data-id="{go}"]')
    expect(second.locator("a")).to_have_text("Go both sides on this device")
    expect(second.locator(".index-state")).to_have_text("Black won (B+R)")
    expect(page.locator("#recent li").first).to_have_attribute("data-id", go)  # latest first
    page.click("#lang")
    expect(first.locator("a")).to_have_text("Molinolog contra la computadora (fácil)")
    expect(first.locator(".index-state")).to_have_text("Tu turno")


def test_a_personal_link_takes_the_saved_games_to_another_browser(browser, server):
    from .conftest import open_page

    first = open_page(browser, server)
    first.goto("/")
    card = first.locator('#games [data-game="gorogo"]')
    card.get_by_role("button", name=re.compile("play the computer")).click()
    first.wait_for_url(re.compile(r"/gorogo/[0-9a-f]+$"))
    game_id = first.url.rsplit("/", 1)[1]
    first.goto("/")
    expect(first.locator(f'#recent li[data-id="{game_id}"]')).to_be_visible()
    first.click("#devices summary")
    first.click("#make-link")
    link = first.locator("#devices input").input_value()
    assert "/#seats=" in link

    other = open_page(browser, server)  # another browser: nothing saved
    other.goto("/")
    expect(other.locator("#message")).to_have_text("No saved games yet.")
    other.goto(link)
    expect(other.locator("#message")).to_have_text("Your link added 1 game to this browser.")
    assert other.url.endswith("/")
    saved = other.locator(f'#recent li[data-id="{game_id}"]')
    expect(saved.locator("a")).to_have_text("GoRoGo against the computer (easy)")
    saved.locator("a").click()
    expect(other.locator(".tb-seats-line")).to_contain_text("You play")
    for page in (first, other):
        assert page.errors == []
        page.context.close()
