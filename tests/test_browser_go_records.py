"""A finished Go game as a record, in Debian's Chromium against a real `tablero serve`
(issue 11's leftovers):

- the review bar counts moves and passes, as the SGF record and the stones' numbers do:
  the scoring phase's toggles and acceptances are no moves, and the last step is the
  finished game with its dead stones ringed and its result;
- Undo is disabled once the game is over (the server refuses it: 409 game_over);
- Open SGF with a record whose result our count gives opens it finished with that result;
  one whose result it does not give opens the scoring phase and says "The record says
  B+12.5" beside our count;
- an SGF file refused is said in the page's language (Spanish here), from the error's
  code and params, and again in English after the switch."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from .conftest import call, hold_seats, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

DATA = Path(__file__).parent / "data" / "sgf"


def cell(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def stones(page):
    return page.locator("svg.grid-board .stone")


def at(page):
    return page.locator(".tb-review-at")


def open_sgf(page, name, text=None):
    """Choose a file in the form's "Open SGF" (the form shows on /go)."""
    text = (DATA / name).read_text() if text is None else text
    page.set_input_files("#sgf-file", {"name": name, "mimeType": "application/x-go-sgf",
                                       "buffer": text.encode("utf-8")})


def test_the_review_counts_moves_and_passes_and_ends_with_the_result(page, server):
    # Black E5, White A1, Black C7, two passes (5 moves and passes); then, in the scoring
    # phase, Black marks C7 dead and alive again and accepts (3 actions that are no moves).
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    path = f"/api/games/{game['id']}/actions"
    for action in ({"kind": "move", "pos": [4, 4]}, {"kind": "move", "pos": [8, 0]},
                   {"kind": "move", "pos": [2, 2]}, {"kind": "pass"}, {"kind": "pass"},
                   {"kind": "toggle", "pos": [2, 2], "player": "b"},
                   {"kind": "toggle", "pos": [2, 2], "player": "b"},
                   {"kind": "accept", "player": "b"}):
        call(server, "POST", path, {"action": action}, secret)
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/go/{game['id']}")
    expect(page.locator("#phase")).to_be_visible()
    expect(at(page)).to_have_text("Move 5 of 5")   # 8 actions, 5 of them moves and passes
    expect(page.locator("#undo")).to_be_enabled()  # the scoring phase can be undone

    page.click("#accept")                          # White's acceptance, on the page
    expect(page.locator(".go-result-code")).to_have_text("B+81")
    expect(at(page)).to_have_text("Move 5 of 5")
    expect(page.locator("#undo")).to_be_disabled()
    assert call(server, "GET", f"/api/games/{game['id']}")["plies"] == 9

    page.click('.tb-review-step[data-step="back"]')  # after White's pass: still playing
    expect(at(page)).to_have_text("Move 4 of 5")
    expect(page.locator("#result")).to_be_hidden()
    expect(page.locator("#phase")).to_be_hidden()
    expect(stones(page)).to_have_count(3)
    expect(page.locator("#undo")).to_be_disabled()  # the game as it stands is over
    moves = page.locator(".tb-moves li")
    expect(moves).to_have_count(5)
    expect(moves.nth(3)).to_have_text("White passes")
    expect(moves.nth(4)).to_have_text("Black passes")  # not Black's toggles nor the accepts
    page.click('.tb-review-step[data-step="first"]')
    expect(at(page)).to_have_text("Move 0 of 5")
    expect(stones(page)).to_have_count(0)
    for k in (1, 2, 3):
        page.click('.tb-review-step[data-step="forward"]')
        expect(at(page)).to_have_text(f"Move {k} of 5")
        expect(stones(page)).to_have_count(k)
    page.click("#move-numbers")  # the stones' numbers are the review's
    for (row, col), n in (((4, 4), "1"), ((8, 0), "2"), ((2, 2), "3")):
        expect(page.locator(f"{cell(row, col)} .grid-number")).to_have_text(n)
    page.evaluate("document.activeElement.blur()")  # arrow keys in a checkbox stay there
    page.keyboard.press("ArrowRight")
    expect(at(page)).to_have_text("Move 4 of 5")
    page.keyboard.press("ArrowRight")  # the end: the game as it stands, counted
    expect(at(page)).to_have_text("Move 5 of 5")
    expect(page.locator(".tb-moves")).to_have_count(0)
    expect(page.locator(".go-result-code")).to_have_text("B+81")
    expect(page.locator("svg.grid-board .go-dead")).to_have_count(1)
    expect(page.locator(f"{cell(8, 0)}.go-is-dead")).to_have_count(1)
    page.keyboard.press("ArrowLeft")
    expect(at(page)).to_have_text("Move 4 of 5")
    page.click('.tb-moves li[data-ply="2"]')
    expect(at(page)).to_have_text("Move 2 of 5")
    expect(stones(page)).to_have_count(2)
    page.click('.tb-review-step[data-step="last"]')
    expect(at(page)).to_have_text("Move 5 of 5")
    expect(page.locator("#undo")).to_be_disabled()


def test_a_record_with_our_result_opens_finished(page, server):
    page.goto("/go")
    open_sgf(page, "gnugo-9x9-selfplay.sgf")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    expect(page.locator("#message")).to_have_text(
        "Opened gnugo-9x9-selfplay.sgf: 48 moves. Use the review bar to step through them.")
    expect(page.locator(".go-result-code")).to_have_text("B+17.5")
    expect(page.locator("#to-move")).to_have_text("Game over")
    expect(page.locator("#phase")).to_be_hidden()
    expect(page.locator("#record-result")).to_be_hidden()
    expect(at(page)).to_have_text("Move 48 of 48")
    expect(page.locator("#undo")).to_be_disabled()
    game = call(server, "GET", f"/api/games/{page.url.rsplit('/', 1)[1]}")
    assert game["plies"] == 50 and game["view"]["result"]["code"] == "B+17.5"
    page.keyboard.press("ArrowLeft")
    expect(at(page)).to_have_text("Move 47 of 48")
    expect(page.locator("#result")).to_be_hidden()


def test_a_record_with_another_result_shows_it_beside_our_count(page, server):
    page.goto("/go")
    open_sgf(page, "ogs-9x9-capture.sgf")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    expect(page.locator("#phase")).to_be_visible()
    expect(page.locator("#phase-score")).to_have_text(
        "Count now: Black 2 · White 5.5 (komi 5.5 included)")  # an open board: none dead
    record = page.locator("#record-result")
    expect(record).to_have_text("The record says B+12.5.")
    expect(at(page)).to_have_text("Move 8 of 8")
    page.click("#lang")
    expect(record).to_have_text("El registro dice B+12.5.")
    page.click("#accept")  # this page holds both seats: Black, then White
    expect(page.locator("#accept")).to_have_text("Aceptar por Blancas")
    page.click("#accept")
    expect(page.locator(".go-result-code")).to_have_text("W+3.5")
    expect(record).to_have_text("El registro dice B+12.5.")  # still shown beside ours


def test_a_refused_file_is_said_in_the_page_language(browser, server):
    page = open_page(browser, server, locale="es-ES")
    try:
        page.goto("/go")
        expect(page.locator("#lang")).to_have_text("English")
        message = page.locator("#message")
        open_sgf(page, "illegal-move-7.sgf")
        expect(message).to_have_text(
            "La jugada 7 (Negras en C7) no se acepta: Ese punto ya está ocupado.")
        page.click("#lang")
        expect(message).to_have_text(
            "Move 7 (Black at C7) is refused: That point is already occupied.")
        page.click("#lang")
        open_sgf(page, "big.sgf", "(;GM[1]FF[4]SZ[30];B[aa])")
        expect(message).to_have_text(
            "SZ[30]: Tablero juega al Go en tableros cuadrados de 2 a 25 líneas.")
        open_sgf(page, "two.sgf", "(;GM[1]SZ[9];B[ee];W[zz])")
        expect(message).to_have_text(
            "La jugada 2 (Blancas, [zz]) no es un punto de un tablero de 9×9.")
        open_sgf(page, "notes.txt", "hola")
        expect(message).to_have_text("Este archivo no es una partida en formato SGF.")
        expect(page).to_have_url(re.compile(r"/go$"))  # nothing was opened
        assert page.errors == []
    finally:
        page.context.close()


def test_gorogo_review_still_steps_through_every_placement(page, server):
    """Pages without Go's move filter (GoRoGo here; Molinolog and Azul alike) keep one step
    per action."""
    game = call(server, "POST", "/api/games",
                {"game": "gorogo", "options": {"black": "human", "white": "human"}})
    for pos in ([0, 0], [4, 4], [2, 2]):
        call(server, "POST", f"/api/games/{game['id']}/actions",
             {"action": {"kind": "place", "pos": pos}}, game["secrets"]["b"])
    page.goto(f"/gorogo/{game['id']}")
    pieces = page.locator('#board .grid-point[data-cell="b"], #board .grid-point[data-cell="w"],'
                          ' #board .grid-point[data-cell="h"]')  # "h": a Henge
    expect(pieces).to_have_count(3)
    expect(at(page)).to_have_text("Move 3 of 3")
    page.click('.tb-review-step[data-step="back"]')
    expect(at(page)).to_have_text("Move 2 of 3")
    expect(pieces).to_have_count(2)
    expect(page.locator(".tb-moves li")).to_have_count(3)
    page.keyboard.press("ArrowLeft")
    expect(pieces).to_have_count(1)
    page.click('.tb-review-step[data-step="last"]')
    expect(at(page)).to_have_text("Move 3 of 3")
    expect(pieces).to_have_count(3)


def test_the_bar_follows_live_play_and_undo(page, server):
    """The count follows each move, pass and undo made on the page (no reload)."""
    page.goto("/go")
    page.select_option("#size", "9")
    page.click("#start")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    page.click(cell(4, 4))
    expect(at(page)).to_have_text("Move 1 of 1")
    page.click(cell(2, 2))
    expect(at(page)).to_have_text("Move 2 of 2")
    page.click("#pass")
    page.click("#pass")  # "Really pass?"
    expect(at(page)).to_have_text("Move 3 of 3")
    page.click("#pass")
    page.click("#pass")  # the scoring phase
    expect(page.locator("#phase")).to_be_visible()
    expect(at(page)).to_have_text("Move 4 of 4")
    page.click(cell(2, 2))  # White's stone marked dead: no move
    expect(page.locator("svg.grid-board .go-dead")).to_have_count(1)
    expect(at(page)).to_have_text("Move 4 of 4")
    page.click("#undo")  # the toggle
    expect(page.locator("svg.grid-board .go-dead")).to_have_count(0)
    expect(at(page)).to_have_text("Move 4 of 4")
    page.click("#undo")  # the second pass
    expect(page.locator("#phase")).to_be_hidden()
    expect(at(page)).to_have_text("Move 3 of 3")
