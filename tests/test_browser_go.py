"""The Go web board in Debian's Chromium, driven by Playwright against a real server.

The module gets `tablero serve` (one worker, its own SQLite file) on a free port and one
browser from conftest.py; every test gets a fresh browser context.  Screenshots go to
/tmp (tablero-go-*.png) so a person can look at them.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from .conftest import PHONE, call, hold_seats, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_LOCALE = None  # the browser's own language (English)
PAGE_TIMEOUT_MS = 10_000
SHOTS = Path("/tmp")


SECRETS: dict[str, dict] = {}  # game id -> {seat: secret} of the games made by new_game


def call_as(server, game_id, method, path, body):
    """call() with the secret of the seats new_game holds in the game (Authorization: Bearer)."""
    return call(server, method, path, body, next(iter(SECRETS[game_id].values())))


def new_game(server, size=9, preset="documents", moves=()):
    """A game made through the API, with `moves` ([r, c] or "pass") played; returns its id.
    Its seats' secrets are kept in SECRETS, for hold() to give to a page."""
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": size, "preset": preset}})
    SECRETS[game["id"]] = game["secrets"]
    revision = game["revision"]
    for move in moves:
        action = {"kind": "pass"} if move == "pass" else {"kind": "move", "pos": list(move)}
        revision = call_as(server, game["id"], "POST", f"/api/games/{game['id']}/actions",
                           {"action": action, "revision": revision})["revision"]
    return game["id"]


def hold(page, game_id):
    """The page's browser holds the seats of a game made by new_game."""
    hold_seats(page, game_id, SECRETS[game_id])


def point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def stone(page, row, col):
    return page.locator(f"{point(row, col)} .stone")


def play(page, row, col, colour):
    """Click a point and wait until the server's reply has put a `colour` stone there."""
    page.click(point(row, col))
    expect(stone(page, row, col)).to_have_class(re.compile(rf"\bstone {colour}\b"))


def click_twice(page, selector):
    """Pass and Resign ask once more: the first click turns the button into "Really ...?"
    (tests/test_browser_phone.py checks that it alone changes nothing), the second acts."""
    page.click(selector)
    expect(page.locator(selector)).to_have_class(re.compile(r"\btb-is-asking\b"))
    page.click(selector)


def open_game(page, game_id):
    hold(page, game_id)
    page.goto(f"/go/{game_id}")
    expect(page.locator("svg.grid-board")).to_be_visible()
    expect(page.locator("#to-move")).not_to_have_text("")


def test_new_game_form_then_a_capture_by_clicks(page):
    page.goto("/go")
    page.select_option("#size", "9")
    page.select_option("#preset", "documents")
    page.click("#start")
    expect(page).to_have_url(re.compile(r"/go/[^/]+$"))
    expect(page.locator("svg.grid-board")).to_have_attribute("data-size", "9")
    expect(page.locator(".grid-point")).to_have_count(81)
    expect(page.locator("#to-move")).to_have_text("Black")

    page.hover(point(4, 4))
    expect(page.locator(f"{point(4, 4)} .grid-ghost")).to_be_visible()

    play(page, 0, 1, "black")
    play(page, 0, 0, "white")
    play(page, 1, 0, "black")  # takes White's corner stone
    expect(stone(page, 0, 0)).to_have_count(0)
    expect(page.locator("#captures-b")).to_have_text("1")
    expect(page.locator("#captures-w")).to_have_text("0")
    expect(page.locator("#to-move")).to_have_text("White")
    expect(page.locator(".grid-is-last")).to_have_attribute("data-row", "1")
    expect(page.locator(".stone")).to_have_count(2)
    page.screenshot(path=SHOTS / "tablero-go-desktop.png")


def test_a_first_stone_on_the_empty_board_starts_a_game(page):
    page.goto("/go")
    page.select_option("#size", "13")
    page.select_option("#preset", "chinese")
    play(page, 3, 3, "black")
    expect(page).to_have_url(re.compile(r"/go/[^/]+$"))
    expect(page.locator("svg.grid-board")).to_have_attribute("data-size", "13")
    expect(page.locator("#settings")).to_contain_text("komi 7.5")
    expect(page.locator("#to-move")).to_have_text("White")


def test_resignation_shows_the_result(page, server):
    open_game(page, new_game(server, moves=[[4, 4]]))
    click_twice(page, "#resign")  # White, to move, resigns
    expect(page.locator("#result")).to_contain_text("Black wins by resignation")
    expect(page.locator("#result")).to_contain_text("B+R")
    expect(page.locator(".grid-owner")).to_have_count(0)
    page.click(point(2, 2))
    expect(page.locator("#message")).to_have_text("The game is over.")


def test_refused_suicide_is_explained_on_the_page(page, server):
    open_game(page, new_game(server))
    play(page, 0, 1, "black")
    play(page, 5, 5, "white")
    play(page, 1, 0, "black")
    page.click(point(0, 0))  # White into the corner: no liberty, captures nothing
    message = page.locator("#message")
    expect(message).to_have_attribute("role", "status")
    expect(message).to_contain_text("Suicide")
    expect(stone(page, 0, 0)).to_have_count(0)
    expect(page.locator("#to-move")).to_have_text("White")

    page.click(point(0, 1))
    expect(message).to_have_text("That point is already occupied.")
    play(page, 8, 8, "white")  # a legal move clears the reason
    expect(message).to_be_hidden()


def test_refused_ko_recapture_is_explained(page, server):
    moves = [[0, 1], [0, 2], [2, 1], [2, 2], [1, 0], [1, 3], [8, 8], [1, 1]]
    open_game(page, new_game(server, moves=moves))
    play(page, 1, 2, "black")  # takes the white stone at [1, 1]
    expect(page.locator("#captures-b")).to_have_text("1")
    page.click(point(1, 1))  # White retakes at once: simple ko
    expect(page.locator("#message")).to_contain_text("Ko:")
    expect(stone(page, 1, 1)).to_have_count(0)


def test_prolog_panel_lists_the_queries_newest_first(page, server):
    open_game(page, new_game(server, moves=[[0, 1], [5, 5], [1, 0]]))
    page.click(point(0, 0))
    expect(page.locator("#message")).to_contain_text("Suicide")
    play(page, 2, 2, "white")
    panel = page.locator("#prolog-panel")
    panel.locator("summary").click()
    entries = panel.locator(".prolog-entry")
    expect(entries).to_have_count(2)
    # Complete goals (the board bound: tests/test_panel_paste.py pastes them into swipl).
    expect(entries.nth(0)).to_contain_text('?- goMove([["-","b","-","-","-","-","-","-","-"],')
    expect(entries.nth(0)).to_contain_text('"w", [2,2], RBoard).')
    expect(entries.nth(0)).to_contain_text("0 stones captured")
    expect(entries.nth(1)).to_contain_text('"w", [0,0], RBoard).')
    expect(entries.nth(1)).to_contain_text("refused: suicide")
    expect(entries.nth(1).locator(".prolog-answer")).to_contain_text("false")


def test_two_passes_then_both_accept_show_the_score_and_the_owners(page, server):
    # Black walls off columns 0-4 (45 points), White columns 6-8 (27): B+18 with komi 0.
    moves = [m for row in range(9) for m in ([row, 4], [row, 6])]
    open_game(page, new_game(server, moves=moves))
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#phase")).to_be_hidden()
    click_twice(page, "#pass")
    expect(page.locator("#message")).to_have_text("Black passed")
    click_twice(page, "#pass")
    phase = page.locator("#phase")
    expect(phase).to_be_visible()
    expect(page.locator("#message")).to_contain_text("play has ended")
    expect(page.locator("#to-move")).to_have_text("Counting the score")
    expect(page.locator("#phase-score")).to_have_text("Count now: Black 45 · White 27")
    expect(page.locator(".grid-owner[data-owner=b]")).to_have_count(45)
    expect(page.locator(".grid-mark.go-dead")).to_have_count(0)
    expect(page.locator("#pass")).to_be_disabled()
    page.click("#accept")                 # this page holds both seats: Black, then White
    expect(page.locator('.go-phase-seat[data-player="b"]')).to_have_attribute("data-accepted", "true")
    expect(page.locator("#accept")).to_have_text("Accept for White")
    page.click("#accept")
    result = page.locator("#result")
    expect(result).to_be_visible()
    expect(phase).to_be_hidden()
    expect(result).to_contain_text("B+18")
    expect(result).to_contain_text("Black wins by 18 points")
    expect(result).to_contain_text("Black 45 · White 27")
    expect(page.locator(".grid-owner[data-owner=b]")).to_have_count(45)
    expect(page.locator(".grid-owner[data-owner=w]")).to_have_count(27)
    expect(page.locator("#to-move")).to_have_text("Game over")
    expect(page.locator("#pass")).to_be_disabled()
    expect(page.locator("#resign")).to_be_disabled()
    page.screenshot(path=SHOTS / "tablero-go-desktop-over.png")

    # A counted game is a record: Undo is disabled (the server refuses it: 409 game_over).
    expect(page.locator("#undo")).to_be_disabled()


def test_scoring_phase_marks_dead_stones_and_a_click_toggles_them(page, server):
    # The walls above, a White stone dead at [2, 1] in Black's area and a Black one at
    # [5, 7] in White's: two passes, and Prolog proposes both dead.
    moves = [m for row in range(9) for m in ([row, 4], [row, 6])] + [[5, 7], [2, 1]]
    open_game(page, new_game(server, moves=moves))
    click_twice(page, "#pass")
    expect(page.locator("#message")).to_have_text("Black passed")
    click_twice(page, "#pass")
    expect(page.locator("#phase")).to_be_visible()
    dead = page.locator(".grid-mark.go-dead")
    expect(dead).to_have_count(2)
    expect(page.locator(f"{point(2, 1)}.go-is-dead")).to_have_count(1)
    expect(page.locator(f"{point(5, 7)}.go-is-dead")).to_have_count(1)
    expect(page.locator("#phase-score")).to_have_text("Count now: Black 45 · White 27")
    page.screenshot(path=SHOTS / "tablero-go-scoring.png")

    page.click(point(2, 1))                                # "no, that stone is alive"
    expect(dead).to_have_count(1)
    expect(page.locator("#message")).to_have_text("Black marked the group on B7 alive")
    expect(page.locator("#phase-score")).to_have_text("Count now: Black 9 · White 28")
    page.click(point(2, 1))                                # dead after all
    expect(dead).to_have_count(2)
    page.click(point(0, 0))
    expect(page.locator("#message")).to_contain_text("There is no stone there")

    page.click("#accept")                 # Black, then (once the page has it) White
    expect(page.locator("#accept")).to_have_text("Accept for White")
    page.click("#accept")
    result = page.locator("#result")
    expect(result).to_contain_text("B+18")
    expect(result).to_contain_text("Black 45 · White 27")
    expect(dead).to_have_count(2)                          # the final position shows them still
    expect(page.locator("#phase")).to_be_hidden()
    assert page.errors == []


def test_reload_resumes_the_game(page, server):
    game_id = new_game(server, size=13)
    open_game(page, game_id)
    play(page, 3, 3, "black")
    play(page, 9, 9, "white")
    play(page, 3, 9, "black")
    page.reload()
    expect(page).to_have_url(re.compile(rf"/go/{game_id}$"))
    expect(page.locator("svg.grid-board")).to_have_attribute("data-size", "13")
    expect(page.locator(".stone")).to_have_count(3)
    expect(stone(page, 3, 3)).to_have_class(re.compile(r"\bblack\b"))
    expect(stone(page, 9, 9)).to_have_class(re.compile(r"\bwhite\b"))
    expect(stone(page, 3, 9)).to_have_class(re.compile(r"\bblack\b"))
    expect(page.locator("#to-move")).to_have_text("White")
    expect(page.locator(".grid-is-last")).to_have_attribute("data-col", "9")


def board_shown(page) -> list[str]:
    """Every point as the page draws it: its row, column and its stone's classes."""
    return page.locator("svg.grid-board .grid-point").evaluate_all(
        "points => points.map(p => [p.dataset.row, p.dataset.col, "
        "p.querySelector('.stone')?.getAttribute('class') ?? ''].join(' '))")


def test_a_page_that_followed_30_moves_shows_what_a_fresh_page_and_a_watcher_show(
        page, browser, server):
    page.goto("/go")  # the game made from the page's form, as a person makes it
    page.select_option("#size", "9")
    page.select_option("#preset", "documents")
    page.click("#start")
    expect(page).to_have_url(re.compile(r"/go/[^/]+$"))
    expect(page.locator("#to-move")).to_have_text("Black")
    game_id = page.url.rsplit("/", 1)[1]
    watcher = open_page(browser, server)  # another browser, holding no seat: the live stream
    watcher.goto(f"/go/{game_id}")
    expect(watcher.locator(".grid-point")).to_have_count(81)
    replies = []
    page.on("response", lambda r: replies.append(r) if r.url.endswith("/actions") else None)
    #  Stones on points r + c even never touch, but for a corner where Black takes one.
    apart = [(r, c) for r in range(9) for c in range(9)
             if (r + c) % 2 == 0 and (r, c) not in {(0, 0), (0, 2), (1, 1), (2, 0)}]
    random.Random(28).shuffle(apart)
    for ply, (r, c) in enumerate(apart[:26] + [(0, 1), (0, 0), (1, 0), apart[26]]):
        play(page, r, c, "black" if ply % 2 == 0 else "white")
    expect(stone(page, 0, 0)).to_have_count(0)
    expect(page.locator("#captures-b")).to_have_text("1")
    expect(page.locator(".stone")).to_have_count(29)
    expect(watcher.locator(".stone")).to_have_count(29)
    fresh = open_page(browser, server)
    fresh.goto(f"/go/{game_id}")
    expect(fresh.locator(".stone")).to_have_count(29)
    assert board_shown(page) == board_shown(fresh) == board_shown(watcher)
    for shown in (page, watcher, fresh):
        expect(shown.locator("#to-move")).to_have_text("Black")
        expect(shown.locator("#captures-b")).to_have_text("1")
        expect(shown.locator(".grid-is-last")).to_have_attribute("data-row", str(apart[26][0]))
    #  Every move was answered with what changed, not with the whole view.
    answers = [reply.json() for reply in replies]
    assert len(answers) == 30
    assert all("view_delta" in answer and "view" not in answer for answer in answers)
    for other in (watcher, fresh):
        assert other.errors == []
        other.context.close()


def test_a_stale_page_reloads_the_game(page, server):
    game_id = new_game(server)
    page.route("**/events?*", lambda route: route.abort())  # no live news: the page stays stale
    open_game(page, game_id)
    call_as(server, game_id, "POST", f"/api/games/{game_id}/actions",
            {"action": {"kind": "move", "pos": [4, 4]}, "revision": 0})
    page.click(point(2, 2))  # sent with revision 0: the server says stale
    expect(stone(page, 4, 4)).to_have_class(re.compile(r"\bblack\b"))
    expect(stone(page, 2, 2)).to_have_count(0)
    expect(page.locator("#message")).to_contain_text("moved on")
    play(page, 2, 2, "white")


def test_spanish_toggle_changes_the_interface(page, server):
    open_game(page, new_game(server, moves=[[4, 4]]))
    expect(page.locator("#pass")).to_have_text("Pass")
    expect(page.locator("#to-move")).to_have_text("White")
    page.click("#lang")
    expect(page.locator("html")).to_have_attribute("lang", "es")
    expect(page.locator("#pass")).to_have_text("Pasar")
    expect(page.locator("#undo")).to_have_text("Deshacer")
    expect(page.locator("#to-move")).to_have_text("Blancas")
    page.click(point(4, 4))
    expect(page.locator("#message")).to_have_text("Ese punto ya está ocupado.")
    page.reload()  # the choice is remembered
    expect(page.locator("#resign")).to_have_text("Abandonar")
    page.click("#lang")
    expect(page.locator("#resign")).to_have_text("Resign")


def test_black_against_the_machine(page):
    page.goto("/go")
    page.select_option("#size", "9")
    page.select_option("#black", "human")
    page.select_option("#white", "machine")
    page.click("#start")
    expect(page).to_have_url(re.compile(r"/go/[^/]+$"))
    expect(page.locator("#settings")).to_contain_text("Black: human · White: machine")
    expect(page.locator("#to-move")).to_have_text("Black")

    page.click(point(4, 4))                                # Black's one click; White answers
    expect(page.locator("#to-move")).to_have_text("White: the machine is thinking…")
    expect(page.locator(".stone.white")).to_have_count(1)
    expect(page.locator(".stone.black")).to_have_count(1)
    expect(page.locator("#to-move")).to_have_text("Black")
    last = page.locator(".grid-is-last")
    expect(last).to_have_count(1)
    assert last.locator(".stone.white").count() == 1       # the machine's move is the last one
    expect(page.locator("#prolog-panel")).to_contain_text("Machine: White")
    page.screenshot(path=SHOTS / "tablero-go-machine.png")

    page.click("#undo")                                    # back past the machine to Black
    expect(page.locator(".stone")).to_have_count(0)
    expect(page.locator("#to-move")).to_have_text("Black")
    assert page.errors == []


def test_phone_sized_screen(browser, server):
    page = open_page(browser, server, viewport=PHONE, scale=2,
                     locale=PAGE_LOCALE, timeout_ms=PAGE_TIMEOUT_MS)
    try:
        open_game(page, new_game(server, size=19, preset="chinese",
                                 moves=[[3, 3], [15, 15], [3, 15], [15, 3], [9, 9]]))
        expect(page.locator("svg.grid-board")).to_have_attribute("data-size", "19")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"]
        board = page.locator("svg.grid-board").bounding_box()
        assert board["x"] >= 0 and board["x"] + board["width"] <= PHONE["width"]
        assert board["width"] >= 340
        for button in ("#pass", "#resign", "#undo", "#new-game"):
            box = page.locator(button).bounding_box()
            assert box["y"] + box["height"] <= PHONE["height"], button
        play(page, 2, 16, "white")
        page.screenshot(path=SHOTS / "tablero-go-phone.png")
        assert page.errors == []
    finally:
        page.context.close()


def test_index_lists_games_and_saved_games(page, server):
    game_id = new_game(server, moves=[[2, 2]])
    hold(page, game_id)
    page.goto("/")
    expect(page.locator('#games [data-game="go"] a[href="/go?play=friend"]')).to_be_visible()
    link = page.locator(f'#recent a[href="/go/{game_id}"]')
    expect(link).to_be_visible()
    page.click("#lang")
    expect(page.locator("h2").first).to_have_text("Juegos")
    page.click("#lang")
    link.click()
    expect(page).to_have_url(re.compile(rf"/go/{game_id}$"))
    expect(stone(page, 2, 2)).to_have_class(re.compile(r"\bblack\b"))
    page.screenshot(path=SHOTS / "tablero-index-to-go.png")
