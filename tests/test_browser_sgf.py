"""SGF records in a real browser: Open SGF in the new-game form uploads a file and opens its
game at the last position, whose moves the review bar steps through; a refused file is
said on the page and opens nothing; Download SGF gives the API's record."""

from __future__ import annotations

import datetime
import re
import urllib.request
from pathlib import Path

import pytest

from .conftest import call, hold_seats

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

DATA = Path(__file__).parent / "data" / "sgf"


def stones(page):
    return page.locator("svg.grid-board .stone")


def test_open_an_sgf_file_and_step_through_it(page):
    page.goto("/go")
    expect(page.locator("#new-game-form")).to_be_visible()
    page.set_input_files("#sgf-file", str(DATA / "ogs-9x9-capture.sgf"))
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    expect(page.locator("#message")).to_have_text(
        "Opened ogs-9x9-capture.sgf: 8 moves. Use the review bar to step through them.")
    expect(page.locator("#new-game-form")).to_be_hidden()
    # The last position: Black E5, B9, A8 (A9's white stone captured), White C7, G3; then
    # two passes, so the scoring phase is open.
    expect(stones(page)).to_have_count(5)
    expect(page.locator("#captures-b")).to_have_text("1")
    expect(page.locator("#phase")).to_be_visible()
    expect(page.locator(".tb-review-at")).to_have_text("Move 8 of 8")
    page.click('.tb-review-step[data-step="first"]')
    expect(stones(page)).to_have_count(0)
    expect(page.locator(".tb-moves li")).to_have_count(8)
    page.click('.tb-moves li[data-ply="4"]')
    expect(stones(page)).to_have_count(4)  # E5, A9, B9, C7
    page.keyboard.press("ArrowRight")  # B A8 takes A9
    expect(stones(page)).to_have_count(4)
    corner = 'svg.grid-board .grid-point[data-row="0"][data-col="0"] .stone'
    expect(page.locator(corner)).to_have_count(0)
    expect(page.locator(".tb-review-at")).to_have_text("Move 5 of 8")
    page.click('.tb-review-step[data-step="last"]')
    expect(stones(page)).to_have_count(5)
    expect(page.locator(".tb-moves")).to_have_count(0)
    # The uploader holds both seats: it may resume play and move.
    expect(page.locator(".tb-seats-line")).to_contain_text("Black, White")
    page.click("#resume")
    expect(page.locator("#phase")).to_be_hidden()


def test_a_refused_file_is_said_and_opens_nothing(page):
    page.goto("/go")
    page.set_input_files("#sgf-file", str(DATA / "illegal-move-7.sgf"))
    # Worded by the page from the error's code and params (the server's message says
    # "move 7 (B at C7): occupied: ..."; tests/test_browser_go_records.py: in Spanish).
    expect(page.locator("#message")).to_have_text(
        "Move 7 (Black at C7) is refused: That point is already occupied.")
    assert page.url.endswith("/go")
    expect(page.locator("#new-game-form")).to_be_visible()
    expect(stones(page)).to_have_count(0)


def test_download_from_the_page_is_the_api_record(page, server):
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    for vertex in ["E5", "C3", "G7"]:
        call(server, "POST", f"/api/games/{game['id']}/actions",
             {"action": {"kind": "move", "vertex": vertex}}, secret=secret)
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/go/{game['id']}")
    expect(stones(page)).to_have_count(3)
    link = page.locator("#download-sgf")
    expect(link).to_have_text("Download SGF")
    with page.expect_download() as info:
        link.click()
    download = info.value
    with urllib.request.urlopen(f"{server.url}/api/games/{game['id']}/sgf", timeout=30) as resp:
        from_api = resp.read()
    assert Path(download.path()).read_bytes() == from_api
    assert b";B[ee];W[cg];B[gc])" in from_api
    today = datetime.datetime.now(datetime.timezone.utc).date().isoformat()
    assert download.suggested_filename == f"tablero-go-9x9-{today}-{game['id']}.sgf"


def test_spanish_words(page):
    page.goto("/go")
    page.click("#lang")
    expect(page.locator(".go-open-sgf span")).to_have_text("Abrir SGF")
    page.set_input_files("#sgf-file", str(DATA / "sabaki-13x13.sgf"))
    expect(page.locator("#message")).to_have_text(
        "sabaki-13x13.sgf abierto: 20 jugadas. Recórrelas con la barra de repaso.")
    expect(page.locator("#download-sgf")).to_have_text("Descargar SGF")
    expect(stones(page)).to_have_count(17)


def test_an_opened_finished_record_invites_nobody(page, tmp_path):
    """A file whose game ended (RE[W+R]) opens as a record: no invitation buttons; three
    passes in a row (legal SGF) are read."""
    record = tmp_path / "three-passes.sgf"
    record.write_text("(;GM[1]FF[4]SZ[9]RE[W+R];B[ee];W[cc];B[];W[];B[];W[gg];B[dd])")
    page.goto("/go")
    page.set_input_files("#sgf-file", str(record))
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    expect(page.locator("#result")).to_contain_text("White wins by resignation")
    expect(stones(page)).to_have_count(4)
    expect(page.locator(".tb-seats-line")).to_contain_text("Black, White")
    expect(page.locator(".tb-invite")).to_have_count(0)
    expect(page.locator("#pass")).to_be_disabled()
