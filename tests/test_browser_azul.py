"""The Azul page in Debian's Chromium (Playwright): a human turn by clicks, a refusal in
words, watch mode's Step, bots answering a human, and resuming a saved game."""

from __future__ import annotations

import json
import urllib.request

import pytest

from .conftest import call, hold_seats

pytestmark = pytest.mark.browser

SECRETS: dict[str, dict] = {}  # game id -> {seat: secret} of the games made by new_game


def new_game(server, players, seed=11):
    """A game made through the API; the secrets of its human seats are kept in SECRETS, for
    take() and for hold() to give to a page."""
    game = call(server, "POST", "/api/games",
                {"game": "azul", "options": {"players": players, "seed": seed}})
    SECRETS[game["id"]] = game["secrets"]
    return game


def hold(page, game_id):
    """The page's browser holds the seats of a game made by new_game."""
    hold_seats(page, game_id, SECRETS[game_id])


def shown(server, game_id):
    return call(server, "GET", f"/api/games/{game_id}")


def take(server, game_id, source, colour, line):
    action = {"kind": "take", "source": source, "colour": colour, "line": line}
    secret = next(iter(SECRETS[game_id].values()))
    request = urllib.request.Request(
        f"{server.url}/api/games/{game_id}/actions", data=json.dumps({"action": action}).encode(),
        method="POST", headers={"Content-Type": "application/json",
                                "Authorization": f"Bearer {secret}"})
    with urllib.request.urlopen(request, timeout=30) as resp:
        return json.load(resp)


def tile(source, colour):
    where = "#centre" if source == "centre" else f'.azul-factory[data-source="{source}"]'
    return f'{where} .azul-tile[data-colour="{colour}"]'


def line(player, target):
    return f'.azul-board[data-player="{player}"] [data-line="{target}"]'


def test_a_human_turn_by_clicks(server, page):
    g = new_game(server, ["human", "human"])
    view, p = g["view"], g["view"]["to_move"]
    factory = view["factories"][0]
    colour = factory[0]
    n = factory.count(colour)
    hold(page, g["id"])
    page.goto(f"{server.url}/azul/{g['id']}")
    page.locator(tile(0, colour)).first.click()
    assert page.locator(".azul-tile.azul-is-selected").count() == n
    assert f"{n} {colour}" in page.inner_text("#message")
    page.click(line(p, 4))
    page.wait_for_selector(f'{line(p, 4)} .azul-tile[data-colour="{colour}"]')
    assert page.locator(f"{line(p, 4)} .azul-tile").count() == n
    assert page.locator(f"{line(p, 4)} .azul-slot").count() == 4 - n
    assert page.locator(tile(0, colour)).count() == 0
    rest = sorted(c for c in factory if c != colour)
    centre = page.locator("#centre .azul-tile[data-source]")
    assert sorted(centre.nth(i).get_attribute("data-colour") for i in range(centre.count())) == rest
    after = shown(server, g["id"])
    assert after["plies"] == 1 and after["view"]["players"][int(p)]["lines"][3] == [colour] * n
    assert "Last: player" in page.inner_text("#last")


def test_a_refusal_is_explained_and_changes_nothing(server, page):
    g = new_game(server, ["human", "human"])
    gid, view = g["id"], g["view"]
    p = view["to_move"]
    colour = view["factories"][0][0]
    take(server, gid, 0, colour, 5)  # p starts line 5 with colour
    other = next((i, c) for i, f in enumerate(view["factories"][1:], 1) for c in f if c != colour)
    take(server, gid, other[0], other[1], "floor")  # the other player
    before = shown(server, gid)
    source, wrong = next((i, c) for i, f in enumerate(before["view"]["factories"])
                         for c in f if c != colour)
    hold(page, gid)
    page.goto(f"{server.url}/azul/{gid}")
    page.locator(tile(source, wrong)).first.click()
    page.click(line(p, 5))
    message = page.locator("#message.tb-error")
    message.wait_for()
    assert message.inner_text() == "That pattern line already holds tiles of another colour."
    assert page.get_attribute("#message", "role") == "status"
    assert shown(server, gid) == before
    assert page.locator(".azul-tile.azul-is-selected").count() >= 1  # still chosen: pick a line
    page.click("#lang")
    assert message.inner_text() == "Esa fila de preparación ya tiene azulejos de otro color."
    page.click("#prolog-panel summary")
    page.wait_for_selector(".prolog-entry[data-pending]", state="detached")  # goals written
    assert "colour_mismatch" in page.inner_text("#prolog-panel")


def test_watch_mode_steps_one_turn(server, page):
    g = new_game(server, ["greedy", "random"], seed=5)
    gid = g["id"]
    page.goto(f"{server.url}/azul/{gid}")
    page.wait_for_selector("#step:not([disabled])")
    assert "Every seat is a machine" in page.inner_text("#message")
    page.click("#step")
    page.wait_for_selector("#last:not(:empty)")
    page.wait_for_timeout(1200)  # no more than one turn: watch mode is paused
    record = shown(server, gid)
    assert record["plies"] == 1
    mover = record["view"]["last"]["player"]
    assert page.locator(f'.azul-board[data-player="{mover}"] .azul-is-last').count() == 1
    page.click("#play")
    page.wait_for_function(
        "() => document.querySelector('#prolog-panel .prolog-count').textContent === '(4)'",
        timeout=10_000)
    page.click("#pause")
    page.wait_for_timeout(1000)
    version = shown(server, gid)["plies"]
    assert version >= 3
    page.wait_for_timeout(1000)
    assert shown(server, gid)["plies"] == version


def test_bots_answer_and_reload_resumes(server, page):
    g = new_game(server, ["human", "greedy"], seed=3)
    gid = g["id"]
    hold(page, gid)
    page.goto(f"{server.url}/azul/{gid}")
    view = g["view"]
    if view["to_move"] == "1":  # the machine starts by itself
        page.wait_for_selector('.azul-board[data-player="0"].azul-is-to-move')
        view = shown(server, gid)["view"]
    action = view["legal"][0]
    page.locator(tile(action["source"], action["colour"])).first.click()
    page.click(line(0, action["line"]))
    page.wait_for_selector('.azul-board[data-player="1"].azul-is-to-move')
    page.wait_for_selector('.azul-board[data-player="0"].azul-is-to-move', timeout=10_000)
    record = shown(server, gid)
    assert record["view"]["last"]["player"] == "1"
    board = page.inner_html("#boards")
    status = page.inner_text("#status")
    assert status == record["view"]["status"]["en"]
    page.reload()
    page.wait_for_selector('.azul-board[data-player="0"].azul-is-to-move')
    assert page.inner_text("#status") == status
    # The board is drawn before the catalog is read; the seats' difficulty words ("greedy,
    # medium") follow it: the page ends as it was, at once or a moment later.
    page.wait_for_function("board => document.querySelector('#boards').innerHTML === board",
                           arg=board, timeout=5_000)
    assert page.url.endswith(f"/azul/{gid}")
