"""The Molinolog page in Debian's Chromium (Playwright): placing, a mill and its capture by
clicks, refusals in words, moving a piece, the machine answering, the end dialog and
playing again, reloading a saved game, and Spanish."""

from __future__ import annotations

import re

import pytest

from .conftest import call, expect_text, hold_seats

pytestmark = pytest.mark.browser

#  A T=1 game (found with the Python model of test_api_molinolog.py) that Black wins in
#  its last two steps: (s,2)-(s,1) closes (sw,1) (s,1) (se,1), then the capture of (nw,1)
#  leaves White with two pieces.
ALMOST_OVER = [
    ("place", "n", 2), ("place", "w", 1), ("place", "sw", 2), ("place", "e", 1),
    ("place", "sw", 1), ("place", "e", 2), ("place", "s", 2), ("place", "nw", 1),
    ("place", "se", 2), ("capture", "w", 1), ("place", "nw", 2), ("place", "se", 1),
    ("place", "n", 1), ("move", ("s", 2), ("s", 1)), ("capture", "e", 1),
    ("move", ("n", 1), ("ne", 1)), ("move", ("s", 1), ("s", 2)), ("capture", "nw", 2),
    ("move", ("e", 2), ("ne", 2)),
]


def call_as(server, secrets, path, body):
    """A POST to the live server with the secret of the seats a game's creator holds."""
    return call(server, "POST", path, body, next(iter(secrets.values())))




def action(kind, *where):
    if kind == "move":
        return {"kind": "move", "from": list(where[0]), "to": list(where[1])}
    return {"kind": kind, "point": list(where)}


def point(where: str) -> str:
    return f'#board [data-point="{where}"]'


def start_from_form(page, server, size="1", white="human", depth="3"):
    page.goto(server.url + "/molinolog")
    page.select_option("#size", size)
    page.select_option("#white", white)
    page.select_option("#depth", depth)
    page.click("#start")
    page.wait_for_selector(point("n,1"))
    assert re.search(r"/molinolog/[^/]+$", page.url)


def test_place_mill_capture_by_clicks(server, page):
    start_from_form(page, server)
    assert page.inner_text("#status") == "Black to place 6 pieces"
    assert page.locator("#board .molinolog-point").count() == 16
    assert page.locator(".molinolog-counts").is_visible()         # hidden until a game
    for where, status in [("n,1", "White to place 6"), ("s,1", "Black to place 5"),
                          ("ne,1", "White to place 5"), ("s,2", "Black to place 4")]:
        page.click(point(where))                   # one request at a time: wait for each
        expect_text(page, "#status", status)
    page.click(point("nw,1"))
    expect_text(page, "#status", "Black to capture")
    assert page.locator("#board .molinolog-is-mill").count() == 3
    assert page.get_attribute(point("nw,1"), "class").count("molinolog-is-mill") == 1
    assert page.locator("#board .molinolog-is-capturable").count() == 2

    page.click(point("e,2"))                       # nothing to capture there
    expect_text(page, "#message", "Capture one of your opponent's pieces.")
    page.click(point("n,1"))                       # one's own piece
    expect_text(page, "#message", "Capture one of your opponent's pieces.")
    assert page.inner_text("#on-board-w") == "2"

    page.click(point("s,2"))
    expect_text(page, "#status", "White to place 4 pieces")
    assert page.get_attribute(point("s,2"), "data-piece") == ""
    assert page.inner_text("#on-board-w") == "1" and page.inner_text("#in-hand-b") == "3"
    assert page.locator("#board .molinolog-is-mill").count() == 0
    assert page.locator('#board [data-captured="s,2"]').count() == 1
    assert page.inner_text("#message") == ""
    assert "Black: places on (nw,1), captures (s,2)" in page.inner_text("#last-turn")

    page.click(point("n,1"))                       # occupied
    expect_text(page, "#message", "That point is already occupied.")
    page.click("#prolog-panel summary")
    page.wait_for_selector(".prolog-entry[data-pending]", state="detached")  # goals written
    refused = page.locator(".prolog-is-refused .prolog-query").first.get_attribute("data-goal")
    assert refused.startswith("rechazo(estado(1,false,blanco,colocar,[")
    assert refused.endswith(", colocar((n,1)), Codigo)")
    assert "Codigo = occupied" in page.inner_text("#prolog-panel")

    page.click("#lang")
    expect_text(page, "#status", "Jugador blanco, colocar 4 fichas")
    expect_text(page, "#message", "Ese punto ya está ocupado.")
    page.click("#lang")

    page.reload()                                  # the saved game resumes
    expect_text(page, "#status", "White to place 4 pieces")
    assert page.get_attribute(point("nw,1"), "data-piece") == "b"
    assert page.get_attribute(point("s,1"), "data-piece") == "w"
    assert page.inner_text("#on-board-b") == "3" and page.inner_text("#on-board-w") == "1"


def test_move_by_clicks_to_the_end_dialog(server, page):
    g = call(server, "POST", "/api/games",
             {"game": "molinolog", "options": {"size": 1, "black": "human", "white": "human"}})
    for kind, *where in ALMOST_OVER:
        call_as(server, g["secrets"], f"/api/games/{g['id']}/actions",
                {"action": action(kind, *where)})
    hold_seats(page, g["id"], g["secrets"])
    page.goto(f"{server.url}/molinolog/{g['id']}")
    expect_text(page, "#status", "Black to move")

    page.click(point("s,2"))
    assert "molinolog-is-selected" in page.get_attribute(point("s,2"), "class")
    assert "molinolog-is-target" in page.get_attribute(point("s,1"), "class")
    page.click(point("e,2"))                       # not a neighbour
    expect_text(page, "#message", "A piece moves only along a line to a neighbouring empty point.")
    assert "molinolog-is-selected" in page.get_attribute(point("s,2"), "class")

    page.click(point("s,1"))
    expect_text(page, "#status", "Black to capture")
    assert page.get_attribute(point("s,1"), "data-piece") == "b"
    assert page.get_attribute(point("s,2"), "data-piece") == ""
    assert page.locator("#board .molinolog-is-mill").count() == 3
    assert page.locator("#board .molinolog-arrow").count() == 1

    page.click(point("nw,1"))
    dialog = page.locator("#end-dialog")
    dialog.wait_for(state="visible")
    assert page.inner_text("#end-title") == "Black wins!"
    assert page.inner_text("#end-reason") == "White is left with two pieces."
    assert page.inner_text("#status") == "Black wins (White is left with two pieces)"
    assert page.inner_text("#on-board-w") == "2"

    old_url = page.url
    page.click("#play-again")                      # the same settings, a new game
    page.wait_for_function("u => location.href !== u", arg=old_url)
    expect_text(page, "#status", "Black to place 6 pieces")
    assert not dialog.is_visible()
    assert page.locator('#board [data-piece="b"], #board [data-piece="w"]').count() == 0
    assert page.locator("#board .molinolog-point").count() == 16
    assert page.inner_text("#settings") == "T = 1 · Black: human · White: human"


def test_the_machine_answers(server, page):
    start_from_form(page, server, white="machine", depth="2")
    assert "White: machine, depth 2" in page.inner_text("#settings")
    page.click(point("n,1"))
    expect_text(page, "#last-turn", "White (machine): places on")
    expect_text(page, "#status", "Black to place 5 pieces")
    assert page.inner_text("#on-board-w") == "1"
    assert page.locator('#board [data-piece="w"]').count() == 1
    assert page.locator("#board .molinolog-is-last [data-piece]").count() == 0
    assert page.locator('#board .molinolog-is-last[data-piece="w"]').count() == 1

    page.click("#undo")                            # back to Black's turn, before both steps
    expect_text(page, "#status", "Black to place 6 pieces")
    assert page.locator('#board [data-piece="b"], #board [data-piece="w"]').count() == 0
    page.click(point("s,2"))
    expect_text(page, "#status", "Black to place 5 pieces")
    assert page.get_attribute(point("s,2"), "data-piece") == "b"
    assert page.locator('#board [data-piece="w"]').count() == 1
