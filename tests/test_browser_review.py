"""Review in real browsers: step back and forward through a game's moves (buttons, arrow
keys, the move list); a finished game opens at its end with review available; nothing is
played while an earlier move is shown."""

from __future__ import annotations

import json
import re
import urllib.request

import pytest

from .conftest import call, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

MOVES = [[2, 2], [6, 6], [2, 6], [6, 2], [4, 4]]


def played_go(server, moves=MOVES, end=False):
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    actions = [{"kind": "move", "pos": m} for m in moves]
    if end:
        actions += [{"kind": "resign"}]
    for action in actions:
        request = urllib.request.Request(
            f"{server.url}/api/games/{game['id']}/actions", method="POST",
            data=json.dumps({"action": action}).encode(),
            headers={"Content-Type": "application/json", "Authorization": f"Bearer {secret}"})
        with urllib.request.urlopen(request, timeout=30) as resp:
            resp.read()
    return game


def stones(page):
    return page.locator("svg.grid-board .stone")


def test_step_through_a_game(browser, server):
    game = played_go(server)
    page = open_page(browser, server)
    page.context.add_init_script(
        "localStorage.setItem('tablero.seats', JSON.stringify(%s));"
        % json.dumps({game["id"]: game["secrets"]}))
    page.goto(f"/go/{game['id']}")
    expect(stones(page)).to_have_count(5)
    expect(page.locator(".tb-review-at")).to_have_text("Move 5 of 5")
    page.keyboard.press("ArrowLeft")
    expect(stones(page)).to_have_count(4)
    expect(page.locator(".tb-review-at")).to_have_text("Move 4 of 5")
    expect(page.locator(".tb-moves li")).to_have_count(5)
    page.click('.tb-review-step[data-step="first"]')
    expect(stones(page)).to_have_count(0)
    page.click('.tb-moves li[data-ply="2"]')
    expect(stones(page)).to_have_count(2)
    page.keyboard.press("ArrowRight")
    expect(stones(page)).to_have_count(3)
    # Nothing is played while an earlier move is shown.
    page.click('svg.grid-board .grid-point[data-row="0"][data-col="0"]')
    expect(page.locator("#message")).to_contain_text("earlier move")
    assert call(server, "GET", f"/api/games/{game['id']}")["plies"] == 5
    page.click('.tb-review-step[data-step="last"]')
    expect(stones(page)).to_have_count(5)
    expect(page.locator(".tb-moves")).to_have_count(0)
    page.click('svg.grid-board .grid-point[data-row="0"][data-col="0"]')
    expect(stones(page)).to_have_count(6)
    assert page.errors == []
    page.context.close()


def test_a_finished_game_opens_at_its_end_with_review(browser, server):
    game = played_go(server, end=True)
    page = open_page(browser, server)  # a watcher
    page.goto(f"/go/{game['id']}")
    expect(page.locator("#result")).to_contain_text("resignation")
    # A resignation is no move (as in the SGF record): the last of the 5 moves shows the end.
    expect(page.locator(".tb-review-at")).to_have_text("Move 5 of 5")
    page.click('.tb-review-step[data-step="back"]')
    expect(stones(page)).to_have_count(4)
    expect(page.locator(".tb-moves li")).to_have_count(5)
    assert page.errors == []
    page.context.close()


def test_history_route(server):
    game = played_go(server, moves=MOVES[:2])
    history = call(server, "GET", f"/api/games/{game['id']}/history")
    assert len(history["views"]) == 3 and len(history["actions"]) == 2
    assert history["views"][0]["board"] == ["---------"] * 9
    assert history["views"][2]["board"][6] == "------w--"
    assert history["views"][2]["last"] == {"kind": "move", "player": "w", "pos": [6, 6]}


def point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def click_twice(page, selector):
    """Pass and Resign ask once more ("Really ...?"), the second click acts."""
    page.click(selector)
    expect(page.locator(selector)).to_have_class(re.compile(r"\btb-is-asking\b"))
    page.click(selector)


def test_review_words_and_buttons_follow_the_game_shown(page):
    """Played on the page (hot seat): after », nothing about the review stays said; while
    an earlier move of a finished game is shown, Pass and Resign are off."""
    page.goto("/go")
    page.select_option("#size", "9")
    page.click("#start")
    page.wait_for_url("**/go/*")
    for i, (row, col) in enumerate([(2, 2), (6, 6), (2, 6)]):
        page.click(point(row, col))
        expect(stones(page)).to_have_count(i + 1)
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".tb-review-at")).to_have_text("Move 2 of 3")
    click_twice(page, "#pass")
    expect(page.locator("#message")).to_contain_text("You are looking at an earlier move")
    page.click('.tb-review-step[data-step="last"]')
    expect(page.locator(".tb-review-at")).to_have_text("Move 3 of 3")
    expect(page.locator("#message")).to_have_text("")

    click_twice(page, "#resign")
    expect(page.locator("#result")).to_contain_text("resignation")
    expect(page.locator("#pass")).to_be_disabled()
    expect(page.locator("#resign")).to_be_disabled()
    page.keyboard.press("ArrowLeft")
    expect(page.locator(".tb-review-at")).to_have_text("Move 2 of 3")
    expect(page.locator("#pass")).to_be_disabled()
    expect(page.locator("#resign")).to_be_disabled()
    # A finished game is a record: nobody is invited to it.
    expect(page.locator(".tb-invite")).to_have_count(0)
