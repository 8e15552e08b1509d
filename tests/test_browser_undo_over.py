"""Undo on a finished game, in Debian's Chromium (Playwright): the server refuses it
(409 game_over), so the Molinolog, GoRoGo and Azul pages disable their Undo button once
the view says the game is over, keep it disabled after a reload, and (GoRoGo) while an
earlier move of the finished game is reviewed.

Each game is played through the API to one action before its end, by the creator's
secret, and the page that holds its seats plays that last action by clicks."""

from __future__ import annotations

import pytest

from app.azul import AzulGame
from app.gorogo import GorogoGame

from .conftest import call, expect_text, hold_seats
from .test_browser_molinolog import ALMOST_OVER, action

pytestmark = pytest.mark.browser


def new_game(server, game, options):
    """A casual game between two people made through the API; its secrets go to the page."""
    return call(server, "POST", "/api/games", {"game": game, "options": options})


def play(server, g, act):
    secret = next(iter(g["secrets"].values()))
    return call(server, "POST", f"/api/games/{g['id']}/actions", {"action": act}, secret)


def open_game(page, server, g):
    hold_seats(page, g["id"], g["secrets"])
    page.goto(f"{server.url}/{g['game']}/{g['id']}")


def undo_enabled(page):
    """Wait until the page has drawn #undo enabled (the game loaded and under way)."""
    page.wait_for_selector("#undo:not([disabled])", timeout=10_000)
    assert page.is_enabled("#undo")


def undo_disabled(page):
    page.wait_for_selector("#undo[disabled]", timeout=10_000)
    assert page.is_disabled("#undo")


def test_molinolog_undo_disabled_once_over(server, page):
    g = new_game(server, "molinolog", {"size": 1, "black": "human", "white": "human"})
    for kind, *where in ALMOST_OVER:
        play(server, g, action(kind, *where))
    open_game(page, server, g)
    expect_text(page, "#status", "Black to move")
    undo_enabled(page)

    page.click('#board [data-point="s,2"]')        # (s,2)-(s,1) closes a mill
    page.click('#board [data-point="s,1"]')
    expect_text(page, "#status", "Black to capture")
    assert page.is_enabled("#undo")
    page.click('#board [data-point="nw,1"]')       # White is left with two pieces
    page.locator("#end-dialog").wait_for(state="visible")
    assert page.inner_text("#status") == "Black wins (White is left with two pieces)"
    undo_disabled(page)

    page.reload()
    expect_text(page, "#status", "Black wins (White is left with two pieces)")
    undo_disabled(page)
    record = call(server, "GET", f"/api/games/{g['id']}")
    assert record["view"]["over"] and record["plies"] == len(ALMOST_OVER) + 2


def test_gorogo_undo_disabled_once_over_and_in_review(server, page):
    chooser = GorogoGame(black="machine", white="machine", depth=1)
    actions = []
    while not chooser.over and len(actions) < 40:
        actions.append(chooser.machine())
    assert chooser.over                              # a whole game, played locally first
    g = new_game(server, "gorogo", {"black": "human", "white": "human"})
    for act in actions[:-1]:
        assert not play(server, g, act)["view"]["over"]
    open_game(page, server, g)
    page.wait_for_selector('#board .grid-point[data-row="0"][data-col="0"]')
    undo_enabled(page)
    assert page.is_hidden("#result")

    last = actions[-1]
    assert last["kind"] == "place"
    piece = last.get("piece", "regular")
    if page.is_enabled(f"#piece-{piece}"):           # the toggle picks the piece to place
        page.click(f"#piece-{piece}")
    row, col = last["pos"]
    page.click(f'#board .grid-point[data-row="{row}"][data-col="{col}"]')
    page.wait_for_selector("#result", state="visible")
    view = call(server, "GET", f"/api/games/{g['id']}")["view"]
    assert view["over"] and page.inner_text("#result-text") == view["status"]["en"]
    undo_disabled(page)

    page.keyboard.press("ArrowLeft")                 # an earlier move, not over, is shown
    expect_text(page, "#message", f"Reviewing: the game after move {len(actions) - 1} of")
    assert page.is_hidden("#result")
    assert page.is_disabled("#undo")                 # the game as it stands decides

    page.reload()
    page.wait_for_selector("#result", state="visible")
    assert page.inner_text("#result-text") == view["status"]["en"]
    undo_disabled(page)


def test_azul_undo_disabled_once_over(server, page):
    seed = 7
    local = AzulGame(players=("human", "human"), seed=seed)
    actions = []
    while not local.over and len(actions) < 400:
        act = local.view["legal"][0]
        local.act(act)
        actions.append(act)
    assert local.over                                # a whole game, played locally first
    g = new_game(server, "azul", {"players": ["human", "human"], "seed": seed})
    for act in actions[:-1]:
        view = play(server, g, act)["view"]
        assert not view["over"]
    open_game(page, server, g)
    player = view["to_move"]
    page.wait_for_selector(f'.azul-board[data-player="{player}"].azul-is-to-move')
    undo_enabled(page)

    last = actions[-1]
    where = "#centre" if last["source"] == "centre" else f'.azul-factory[data-source="{last["source"]}"]'
    page.locator(f'{where} .azul-tile[data-colour="{last["colour"]}"]').first.click()
    page.click(f'.azul-board[data-player="{player}"] [data-line="{last["line"]}"]')
    page.wait_for_selector(".azul-final")             # the final scores
    record = call(server, "GET", f"/api/games/{g['id']}")
    assert record["view"]["over"] and record["plies"] == len(actions)
    assert page.inner_text("#status") == record["view"]["status"]["en"]
    undo_disabled(page)

    page.reload()
    page.wait_for_selector(".azul-final")
    assert page.inner_text("#status") == record["view"]["status"]["en"]
    undo_disabled(page)
