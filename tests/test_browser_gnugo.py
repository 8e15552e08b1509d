"""GNU Go on the Go page, in Debian's Chromium (Playwright) against a real server and a
real GNU Go: the form's GNU Go seat, level and handicap, and GNU Go's answer on the board."""

from __future__ import annotations

import os
import re

import pytest

from app.gtp import GNUGO

from .conftest import call

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not os.access(GNUGO, os.X_OK), reason="GNU Go is not installed")]

PAGE_LOCALE = None  # the browser's own language (English)
PAGE_TIMEOUT_MS = 15_000


def point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def test_gnugo_as_white_answers_a_click(page, server):
    page.goto("/go")
    expect(page.locator("#level-field")).to_be_hidden()
    page.select_option("#size", "9")
    page.select_option("#white", "gnugo")
    expect(page.locator("#level-field")).to_be_visible()   # asked only for a GNU Go seat
    page.select_option("#level", "1")
    page.click("#start")
    expect(page).to_have_url(re.compile(r"/go/[^/]+$"))
    expect(page.locator("#settings")).to_contain_text("Black: human · White: GNU Go (level 1)")
    expect(page.locator("#to-move")).to_have_text("Black")

    page.click(point(4, 4))                                # Black; GNU Go answers
    expect(page.locator(".stone.white")).to_have_count(1)
    expect(page.locator(".stone.black")).to_have_count(1)
    expect(page.locator("#to-move")).to_have_text("Black")
    last = page.locator(".grid-is-last")
    expect(last).to_have_count(1)
    assert last.locator(".stone.white").count() == 1       # GNU Go's stone is the last move
    expect(page.locator("#prolog-panel")).to_contain_text("GNU Go: White")
    row, col = int(last.get_attribute("data-row")), int(last.get_attribute("data-col"))
    game_id = page.url.rsplit("/", 1)[1]
    stored = call(server, "GET", f"/api/games/{game_id}")
    assert stored["view"]["board"][row][col] == "w" and stored["plies"] == 2
    page.screenshot(path="/tmp/tablero-go-gnugo.png")


def test_a_handicap_game_shows_its_stones_and_gnugo_thinking(page, server):
    """A watcher's page (no seat) of a handicap game: the stones, White to move, and the
    status line says GNU Go is thinking (only the players' pages ask it to play)."""
    game = call(server, "POST", "/api/games",
                {"game": "go", "options": {"size": 9, "handicap": 3, "white": "gnugo"}})
    page.goto(f"/go/{game['id']}")
    expect(page.locator(".stone.black")).to_have_count(3)
    for row, col in [(2, 2), (2, 6), (6, 2)]:               # C7, G7, C3
        expect(page.locator(f"{point(row, col)} .stone.black")).to_have_count(1)
    expect(page.locator("#to-move")).to_have_text("White: GNU Go is thinking…")
    page.click("#new-game")
    expect(page.locator("#handicap")).to_have_value("3")
    expect(page.locator("#white")).to_have_value("gnugo")
    expect(page.locator("#level-field")).to_be_visible()
    page.click("#lang")
    expect(page.locator("#to-move")).to_have_text("Blancas: GNU Go está pensando…")
