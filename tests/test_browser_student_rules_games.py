"""Molinolog, GoRoGo and Azul served with a student's rules (`tablero serve --rules
GAME=FILE.pl`), in Debian's Chromium: a person plays by clicking until the student's bug
shows; the box of the student's rules says so with both positions drawn, and after a
reload the disagreement is still counted, listed and drawn (tests/test_student_rules_games.py
has the students and their bugs)."""

from __future__ import annotations

import pytest

from .conftest import LiveServer, call, expect_text, hold_seats
from .test_student_rules_games import LUCIA, RITA, YOEL

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_LOCALE = "en-GB"
PAGE_TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One server, each game served with its student (a file, a folder, a folder)."""
    live = LiveServer(tmp_path_factory.mktemp("rules") / "live.db", workers=1,
                      args=("--rules", f"molinolog={LUCIA}", "--rules", f"gorogo={RITA}",
                            "--rules", f"azul={YOEL}")).start()
    yield live
    live.kill(15)


def disagreement_kept(page, counts: str, verdict: str, code: str):
    """The box says the counts and the verdict on the last move, with both positions."""
    box = page.locator("#student-rules")
    expect(box.locator(".student-counts")).to_have_text(counts)
    expect(box.locator(".student-verdict")).to_have_attribute("data-code", code)
    expect(box.locator(".student-verdict")).to_have_text(verdict)
    expect(box.locator(".student-boards")).to_be_visible()
    expect(box.locator(".student-pick")).to_have_count(1)
    expect(box.locator(".student-pick")).to_have_text(verdict)
    return box


def test_molinolog_a_missed_radial_mill(page, server):
    page.goto("/molinolog")
    page.select_option("#size", "2")
    page.select_option("#white", "human")
    page.click("#start")
    box = page.locator("#student-rules")
    expect(box.locator(".student-title")).to_have_text("Student's rules: molinolog_lucia.pl")
    for i, where in enumerate(["n,1", "s,1", "n,2", "s,2"]):
        page.click(f'#board [data-point="{where}"]')
        expect(box.locator(".student-counts")).to_have_text(
            f"Their rules disagreed on 0 of {i + 1} move{'s' if i else ''} asked.")
    page.click('#board [data-point="n,3"]')         # Black's mill across the rings
    expect_text(page, "#status", "Black to capture")
    verdict = ("Black colocar((n,3)): Their position after the move differs from ours "
               "(turno, fase, sin_captura, historia).")
    for reloaded in (False, True):
        if reloaded:
            page.reload()
            expect_text(page, "#status", "Black to capture")
        box = disagreement_kept(page, "Their rules disagreed on 1 of 5 moves asked.", verdict,
                                "board_differs")
        theirs, ours = box.locator(".student-theirs"), box.locator(".student-ours")
        expect(theirs.locator(".student-line")).to_have_attribute("data-to-move", "w")
        expect(theirs.locator(".student-line")).to_have_text("to move: White · colocar")
        expect(ours.locator(".student-line")).to_have_text("to move: Black · capturar")
        expect(ours.locator(".molinolog-is-mill")).to_have_count(3)
        expect(theirs.locator(".molinolog-is-mill")).to_have_count(0)
        expect(theirs.locator("svg")).to_have_attribute(
            "data-pieces", "n,1=b n,2=b n,3=b s,1=w s,2=w")
        expect(theirs.locator("figcaption")).to_have_text("Their board (Black colocar((n,3)))")


def test_gorogo_a_piece_joined_to_a_breathing_group(page, server):
    page.goto("/gorogo")
    page.select_option("#white", "human")
    page.click("#start")
    box = page.locator("#student-rules")
    expect(box.locator(".student-title")).to_have_text("Student's rules: rita/adapter.pl")
    moves = [(2, 2), (0, 1), (4, 4), (1, 0), (4, 3)]
    for i, (row, col) in enumerate(moves):
        page.click(f'#board .grid-point[data-row="{row}"][data-col="{col}"]')
        expect(box.locator(".student-counts")).to_have_text(
            f"Their rules disagreed on 0 of {i + 1} move{'s' if i else ''} asked.")
    page.click('#board .grid-point[data-row="0"][data-col="0"]')
    verdict = "Black place(regular,0,0): Their rules refuse this move; ours accept it."
    for reloaded in (False, True):
        if reloaded:
            page.reload()
        box = disagreement_kept(page, "Their rules disagreed on 1 of 6 moves asked.", verdict,
                                "they_refuse")
        expect(page.locator('#board .grid-point[data-row="0"][data-col="0"]')).to_have_attribute(
            "data-cell", "b")                                       # ours decide
        theirs, ours = box.locator(".student-theirs"), box.locator(".student-ours")
        expect(theirs).to_have_attribute("data-refused", "true")
        expect(theirs.locator("figcaption")).to_have_text(
            "Their board: refused (Black place(regular,0,0))")
        # Theirs refused: the position before the move; ours: the piece placed.
        expect(theirs.locator('.grid-point[data-row="0"][data-col="0"]')).to_have_attribute(
            "data-cell", "-")
        expect(ours.locator('.grid-point[data-row="0"][data-col="0"]')).to_have_attribute(
            "data-cell", "b")
        expect(ours.locator(".student-line")).to_have_text(
            "to move: White · Black 7+2 · White 8+2")


def test_azul_the_first_player_marker(page, server):
    game = call(server, "POST", "/api/games",
                {"game": "azul", "options": {"players": ["human", "human"], "seed": 1}})
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/azul/{game['id']}")
    box = page.locator("#student-rules")
    expect(box.locator(".student-title")).to_have_text("Student's rules: azul_yoel/adapter.pl")
    page.locator('.azul-factory[data-source="0"] .azul-tile[data-colour="black"]').first.click()
    page.click('.azul-board[data-player="1"] [data-line="1"]')
    expect(box.locator(".student-counts")).to_have_text("Their rules disagreed on 0 of 1 move asked.")
    page.locator('#centre .azul-tile[data-colour="white"]').first.click()
    page.click('.azul-board[data-player="0"] [data-line="2"]')
    verdict = ("Player 1 take(centre,white,2): Their position after the move differs from ours "
               "(suelo(0)).")
    for reloaded in (False, True):
        if reloaded:
            page.reload()
        box = disagreement_kept(page, "Their rules disagreed on 1 of 2 moves asked.", verdict,
                                "board_differs")
        theirs, ours = box.locator(".student-theirs"), box.locator(".student-ours")
        expect(ours.locator(".student-azul-floor")).to_have_attribute("data-tiles", "first")
        expect(theirs.locator(".student-azul-floor")).to_have_attribute("data-tiles", "")
        expect(theirs.locator('[data-line="2"]')).to_have_attribute("data-tiles", "whitex2")
        expect(ours.locator('[data-line="2"]')).to_have_attribute("data-tiles", "whitex2")
