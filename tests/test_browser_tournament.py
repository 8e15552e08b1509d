"""A tournament's games on the board: `tablero tournament --db` saves each game in the
server's database as it is played; its page (the link in the tournament's index.html) shows
the finished game to a watcher, with the result and the review.  Without a database, each
game's record file opens on its game's page (Go's SGF with "Open SGF", the others' JSON
with "Open record"), for every game."""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app import tournament

from .conftest import call, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parent.parent


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


def test_a_tournament_game_is_watched_live(browser, server, tmp_path):
    """A page opened on a game while the tournament plays it shows each action as it comes
    and the result at the end, without a reload."""
    started = time.time()
    proc = subprocess.Popen(
        [sys.executable, "-m", "app.tournament", "gorogo", "machine:2", "machine:2",
         "--out", str(tmp_path / "t"), "--db", str(server.db), "--url", server.url,
         "--jobs", "1", "--seed", "9"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        game_id = None
        deadline = time.monotonic() + 60
        while game_id is None and time.monotonic() < deadline:
            with sqlite3.connect(server.db) as con:
                row = con.execute("SELECT id FROM games WHERE game = 'gorogo' AND created >= ? "
                                  "ORDER BY created LIMIT 1", (started,)).fetchone()
            game_id = row[0] if row else None
            time.sleep(0.05)
        assert game_id, "the tournament saved no game"
        page = open_page(browser, server)
        page.goto(f"/gorogo/{game_id}")
        expect(page.locator("svg.grid-board")).to_be_visible()
        at_open = call(server, "GET", f"/api/games/{game_id}")["plies"]
        expect(page.locator("#result")).to_be_visible(timeout=120_000)
        final = call(server, "GET", f"/api/games/{game_id}")
        assert final["view"]["over"] and at_open < final["plies"]
        expect(page.locator("#result-code")).to_have_text(final["view"]["result"]["margin"])
        assert page.errors == []
        page.context.close()
        assert proc.wait(timeout=120) == 0
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


#  game: two of our machines that play a short game fast, and the tournament's options.
RECORDS = {
    "go": (["machine:simple", "other=machine:simple"], {"options": {"size": 5},
                                                       "max_plies": 12}),
    "molinolog": (["machine:1", "other=machine:1"], {"options": {"size": 1}, "max_plies": 12}),
    "gorogo": (["machine:1", "other=machine:1"], {"max_plies": 12}),
    "azul": (["random", "greedy"], {"max_plies": 12}),
}


@pytest.mark.parametrize("game", sorted(RECORDS))
def test_a_tournament_record_file_opens_on_its_page(page, server, tmp_path, game):
    """The folder's record of a game, chosen in the page's new-game form ("Open SGF" on
    Go's page, "Open record" on the others'), opens as a new game at its last position,
    every action judged by the rules, with the review bar over its actions."""
    players, extra = RECORDS[game]
    out = tmp_path / "t"
    summary = tournament.run(game, players, out=out, seed=2, jobs=1, **extra)
    entry = summary["games"][0]
    record_file = out / "games" / entry["record"]
    record = json.loads(record_file.with_suffix(".json").read_text())
    page.goto(f"/{game}")
    if game == "go":
        page.set_input_files("#sgf-file", str(record_file))
        noun = "move"
    else:
        expect(page.locator("label.tb-open-record")).to_contain_text("Open record")
        page.set_input_files("#record-file", str(record_file))
        noun = "action"
    page.wait_for_url(re.compile(rf"/{game}/[0-9a-f]+$"))
    message = page.locator("#message")
    expect(message).to_contain_text(f"Opened {record_file.name}: ")
    count = int(re.search(rf": (\d+) {noun}", message.inner_text()).group(1))
    assert 0 < count <= len(record["actions"])
    expect(page.locator(".tb-review-at")).to_contain_text(f"{count} of {count}")
    stored = call(server, "GET", f"/api/games/{page.url.rsplit('/', 1)[1]}")
    assert stored["actions"][:len(record["actions"])] == record["actions"]
    page.click('.tb-review-step[data-step="first"]')
    expect(page.locator(".tb-review-at")).to_contain_text(f"0 of {count}")
    page.keyboard.press("ArrowRight")
    expect(page.locator(".tb-review-at")).to_contain_text(f"1 of {count}")
    assert page.errors == []
    if game != "go":
        #  A file that is no record is refused on the page, and nothing is made.
        page.goto(f"/{game}")
        page.set_input_files("#record-file", {"name": "notes.json", "mimeType":
                                              "application/json", "buffer": b"[1, 2]"})
        expect(message).to_have_text("notes.json is not a game record (a JSON file with "
                                     "game, options and actions).")
        assert page.url.endswith(f"/{game}")
