"""A tournament's games on the board: `tablero tournament --db` saves each game in the
server's database as it is played; its page (the link in the tournament's index.html) shows
the finished game to a watcher, with the result and the review."""

from __future__ import annotations

import json

import pytest

from app import tournament

from .conftest import call, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def test_a_tournament_game_opens_on_its_page_for_review(browser, server, tmp_path):
    out = tmp_path / "t"
    summary = tournament.run("gorogo", ["machine:1", "machine:2"], out=out, seed=4, jobs=1,
                             db=str(server.db), url=server.url)
    game = summary["games"][0]
    assert game["page"] == f"{server.url}/gorogo/{game['id']}"
    assert f'href="{game["page"]}"' in (out / "index.html").read_text()
    record = json.loads((out / "games" / game["record"]).read_text())
    stored = call(server, "GET", f"/api/games/{game['id']}")
    assert stored["actions"] == record["actions"]
    view = stored["view"]
    assert view["over"] and view["result"]["winner"] == game["result"]["winner"]

    page = open_page(browser, server)                  # nobody holds a seat: a watcher
    page.goto(f"/gorogo/{game['id']}")
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-code")).to_have_text(view["result"]["margin"])
    plies = len(record["actions"])
    expect(page.locator(".tb-review-at")).to_contain_text(f"{plies} of {plies}")
    stones = sum(row.count("B") + row.count("W") for row in view["board"])
    assert stones > 0
    expect(page.locator("svg.grid-board .stone")).to_have_count(stones)
    page.click('.tb-review-step[data-step="first"]')
    expect(page.locator("svg.grid-board .stone")).to_have_count(0)
    page.keyboard.press("ArrowRight")
    expect(page.locator(".tb-review-at")).to_contain_text(f"1 of {plies}")
    assert page.errors == []
    page.context.close()
