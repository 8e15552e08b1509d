"""The GoRoGo page in Debian's Chromium (Playwright): the opening Henge and a capture by
clicks, refusals in words, the Henge toggle, Spanish, reloading a saved game, the machine
answering and undo against it, and the result at the end.

Games made through the API are played with the secret of the seats their creator holds
(call_as), and a page is given those seats (hold) as the browser that made them would."""

from __future__ import annotations

import re

import pytest

from app.gorogo import GorogoGame

from .conftest import call, expect_text, hold_seats

pytestmark = pytest.mark.browser


def call_as(server, secrets, path, body):
    """A POST to the live server with the secret of the seats a game's creator holds."""
    return call(server, "POST", path, body, next(iter(secrets.values())))




def point(row, col) -> str:
    return f'#board .grid-point[data-row="{row}"][data-col="{col}"]'


def cell(page, row, col) -> str:
    return page.get_attribute(point(row, col), "data-cell")


def start_from_form(page, server, white="human", depth="4"):
    page.goto(server.url + "/gorogo")
    page.select_option("#white", white)
    page.select_option("#depth", depth)
    page.click("#start")
    page.wait_for_selector(point(0, 0))
    page.wait_for_function("() => /\\/gorogo\\/[^/]+$/.test(location.pathname)")


def test_capture_refusals_henge_and_reload(server, page):
    start_from_form(page, server)
    expect_text(page, "#status", "White: place the surplus Henge anywhere")
    assert page.locator("#board .gorogo-legal").count() == 25
    assert page.is_disabled("#piece-regular") and page.inner_text("#piece-henge") == "Surplus Henge"

    page.click(point(4, 4))
    expect_text(page, "#status", "Black to place: 10 regular and 2 Henge in hand")
    assert cell(page, 4, 4) == "h" and page.locator(f"{point(4, 4)} .gorogo-henge").count() == 1
    for (row, col), status in [((0, 0), "White to place: 10"), ((0, 1), "Black to place: 9"),
                               ((2, 2), "White to place: 9")]:
        page.click(point(row, col))                  # one request at a time: wait for each
        expect_text(page, "#status", status)
    assert cell(page, 0, 0) == "b" and cell(page, 0, 1) == "w"
    assert page.inner_text("#captures-w") == "0"

    page.click(point(1, 0))                          # White closes the corner
    expect_text(page, "#status", "Black to place: 8 regular")
    assert cell(page, 0, 0) == "-" and page.locator(f"{point(0, 0)} .stone").count() == 0
    assert page.inner_text("#captures-w") == "1" and page.inner_text("#captures-b") == "0"
    assert page.locator("#prisoners-w .gorogo-chip").count() == 1
    assert "White placed on (1, 0), capturing 1" in page.inner_text("#last-turn")
    page.wait_for_selector('#board [data-captured="0,0"]', state="detached")  # flashed away
    assert "gorogo-legal" not in page.get_attribute(point(0, 0), "class")

    page.click(point(0, 0))                          # suicide for Black
    expect_text(page, "#message", "A regular piece may not go where its group would have no empty neighbour")
    assert cell(page, 0, 0) == "-"
    page.click(point(0, 1))
    expect_text(page, "#message", "That point is already taken.")
    page.click("#prolog-panel summary")
    page.wait_for_selector(".prolog-entry[data-pending]", state="detached")  # goals written
    panel = page.inner_text("#prolog-panel")
    assert ", place(regular,0,0), Code)" in panel and "Code = suicide" in panel
    assert "Black: a regular piece on (0, 0) refused: suicide" in panel
    assert "captures(0, 1), play)" in panel and "1 piece captured" in panel

    page.click("#piece-henge")                       # a Henge may go where a stone may not
    assert page.get_attribute("#piece-henge", "aria-pressed") == "true"
    assert "gorogo-legal" in page.get_attribute(point(0, 0), "class")
    page.click(point(0, 0))
    expect_text(page, "#status", "White to place")
    assert cell(page, 0, 0) == "h"
    assert page.get_attribute("#hand-b", "data-henge") == "1"
    assert page.get_attribute("#hand-b", "data-regular") == "8"
    assert "Black placed a Henge on (0, 0)" in page.inner_text("#last-turn")
    assert page.get_attribute("#piece-regular", "aria-pressed") == "true"
    assert page.inner_text("#message") == ""

    page.click("#lang")
    expect_text(page, "#status", "Coloca Blanco: 8 normales y 2 Henge en mano")
    assert page.inner_text("#piece-henge") == "Henge" and page.inner_text("#captures-w") == "1"
    page.click("#lang")

    page.reload()                                    # the saved game resumes
    expect_text(page, "#status", "White to place: 8 regular and 2 Henge in hand")
    assert [cell(page, 0, c) for c in range(5)] == ["h", "w", "-", "-", "-"]
    assert cell(page, 1, 0) == "w" and cell(page, 4, 4) == "h"
    assert page.inner_text("#captures-w") == "1"
    assert "grid-is-last" in page.get_attribute(point(0, 0), "class")


def test_henge_toggle_disabled_without_henge(server, page):
    g = call(server, "POST", "/api/games",
             {"game": "gorogo", "options": {"black": "human", "white": "human"}})
    for row, col, piece in [(2, 2, None), (0, 0, "henge"), (1, 1, None), (0, 4, "henge"),
                            (1, 3, None)]:
        action = {"kind": "place", "pos": [row, col], **({"piece": piece} if piece else {})}
        call_as(server, g["secrets"], f"/api/games/{g['id']}/actions", {"action": action})
    hold_seats(page, g["id"], g["secrets"])
    page.goto(f"{server.url}/gorogo/{g['id']}")
    expect_text(page, "#status", "Black to place: 10 regular and 0 Henge in hand")
    assert page.is_disabled("#piece-henge") and page.is_enabled("#piece-regular")
    assert page.get_attribute("#hand-b", "data-henge") == "0"


def test_only_henge_left(server, page):
    g = call(server, "POST", "/api/games",
             {"game": "gorogo", "options": {"black": "human", "white": "human"}})
    placements = [(2, 2), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 1), (1, 0), (1, 3),
                  (1, 4), (2, 1), (2, 0), (2, 3), (2, 4), (3, 1), (3, 0), (3, 2), (3, 3),
                  (4, 1), (3, 4), (4, 2)]             # no capture: both hold two Henge
    for row, col in placements:
        call_as(server, g["secrets"], f"/api/games/{g['id']}/actions",
                {"action": {"kind": "place", "pos": [row, col]}})
    hold_seats(page, g["id"], g["secrets"])
    page.goto(f"{server.url}/gorogo/{g['id']}")
    expect_text(page, "#status", "Black to place: 0 regular and 2 Henge in hand")
    assert page.is_disabled("#piece-regular") and page.is_enabled("#piece-henge")
    assert page.get_attribute("#piece-henge", "aria-pressed") == "true"
    assert page.locator("#board .gorogo-legal").count() == 4
    page.click(point(4, 4))
    expect_text(page, "#status", "White to place: 0 regular and 2 Henge in hand")
    assert cell(page, 4, 4) == "h"
    page.click(point(4, 3))
    page.wait_for_selector("#result", state="visible")
    assert page.inner_text("#result-code") == "W+F"
    assert page.inner_text("#result-text") == "White wins: Black has no legal placement"


def test_the_machine_answers(server, page):
    start_from_form(page, server, white="machine", depth="2")
    assert "White: machine, depth 2" in page.inner_text("#settings")
    expect_text(page, "#status", "Black to place: 10 regular")   # the machine's opening Henge
    assert page.locator('#board .grid-point[data-cell="h"]').count() == 1
    assert "White (machine) placed a Henge" in page.inner_text("#last-turn")

    target = page.locator("#board .gorogo-legal").first
    row, col = int(target.get_attribute("data-row")), int(target.get_attribute("data-col"))
    target.click()
    page.wait_for_selector("#hint.gorogo-is-thinking")
    expect_text(page, "#hint", "White (the machine) is thinking…")
    expect_text(page, "#status", "Black to place: 9 regular")
    assert cell(page, row, col) == "b"
    assert page.locator('#board .grid-point[data-cell="w"]').count() == 1
    assert "White (machine) placed on" in page.inner_text("#last-turn")
    last = page.locator("#board .grid-is-last")
    assert last.count() == 1 and last.get_attribute("data-cell") == "w"

    page.reload()
    expect_text(page, "#status", "Black to place: 9 regular")
    assert cell(page, row, col) == "b"
    assert page.locator('#board .grid-point[data-cell="w"]').count() == 1

    page.click("#undo")                              # back to Black's turn, before both
    expect_text(page, "#status", "Black to place: 10 regular")
    assert page.locator('#board .grid-point[data-cell="b"], #board .grid-point[data-cell="w"]').count() == 0
    assert page.locator('#board .grid-point[data-cell="h"]').count() == 1


def test_the_result_at_the_end(server, page):
    g = call(server, "POST", "/api/games",
             {"game": "gorogo", "options": {"black": "human", "white": "human", "depth": 1}})
    chooser = GorogoGame(black="machine", white="machine", depth=1)
    for _ in range(24):                              # the machine chooses both sides but the last
        action = chooser.machine()
        reply = call_as(server, g["secrets"], f"/api/games/{g['id']}/actions", {"action": action})
        if reply["view"]["over"]:
            break
    hold_seats(page, g["id"], g["secrets"])
    page.goto(f"{server.url}/gorogo/{g['id']}")
    page.wait_for_selector(point(0, 0))
    if not reply["view"]["over"]:
        expect_text(page, "#status", "White to place: 1 regular and 0 Henge")
        page.locator("#board .gorogo-legal").first.click()
    page.wait_for_selector("#result", state="visible")
    view = call(server, "GET", f"/api/games/{g['id']}")["view"]
    assert page.inner_text("#result-code") == view["result"]["margin"]
    assert page.inner_text("#result-text") == view["status"]["en"]
    assert re.fullmatch(r"(Black|White) wins.*", view["status"]["en"]) and page.is_hidden("#status")
    b, w = view["captures"]["b"], view["captures"]["w"]
    assert page.inner_text("#result-score") == f"Captures: Black {b} · White {w}"
    assert page.is_hidden("#piece-toggle")
    page.click(point(2, 2))
    expect_text(page, "#message", "The game is over.")

    old_url = page.url
    page.click("#play-again")                        # the same settings, a new game
    page.wait_for_function("u => location.href !== u", arg=old_url)
    expect_text(page, "#status", "White: place the surplus Henge anywhere")
    assert page.is_hidden("#result")
