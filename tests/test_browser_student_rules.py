"""The Go page served with a student's rules (`tablero serve --rules go=FILE.pl`), in
Debian's Chromium: a move where the student's goMove/4 disagrees is marked on the board
and in the student's box with both boards; the correct student's moves give no mark."""

from __future__ import annotations

import re

import pytest

from .conftest import call, hold_seats
from .test_student_rules import DOUBLE, DOUBLE_OURS, STUDENTS, board, rules_server

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_LOCALE = "en-GB"
PAGE_TIMEOUT_MS = 15_000


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The page fixture's server: served with the student who forgets multiple captures."""
    live = rules_server(tmp_path_factory.mktemp("rules") / "live.db",
                       STUDENTS / "no_multi_capture.pl").start()
    yield live
    live.kill(15)


def point(row, col):
    return f'#board svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def play(page, row, col, colour):
    page.click(point(row, col))
    expect(page.locator(f"{point(row, col)} .stone")).to_have_class(
        re.compile(rf"\bstone {colour}\b"))


def new_game(page, server):
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 19}})
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/go/{game['id']}")
    expect(page.locator("#board svg.grid-board")).to_have_attribute("data-size", "19")
    return game


def test_a_disagreement_is_marked_with_both_boards(page, server):
    new_game(page, server)
    box = page.locator("#student-rules")
    expect(box).to_be_visible()
    expect(box.locator(".student-title")).to_have_text("Student's rules: no_multi_capture.pl")
    for i, (r, c) in enumerate(DOUBLE[:-1]):
        play(page, r, c, "black" if i % 2 == 0 else "white")
        expect(box.locator(".student-counts")).to_have_text(
            f"Their rules disagreed on 0 of {i + 1} move{'s' if i else ''} asked.")
    expect(page.locator(".grid-mark.student-diff")).to_have_count(0)

    play(page, 0, 1, "black")                          # captures [0,0] and [0,2]
    verdict = box.locator(".student-verdict")
    expect(verdict).to_have_attribute("data-code", "board_differs")
    expect(verdict).to_have_text(
        "Black B19: Their board after the move differs from ours at 1 point.")
    expect(box.locator(".student-counts")).to_have_text(
        "Their rules disagreed on 1 of 7 moves asked.")
    # Ours decide the game: both white stones are off the main board ...
    expect(page.locator(f"{point(0, 0)} .stone")).to_have_count(0)
    expect(page.locator(f"{point(0, 2)} .stone")).to_have_count(0)
    # ... and the point where theirs differ is ringed there.
    expect(page.locator(f"{point(0, 2)}.student-is-diff")).to_have_count(1)
    expect(page.locator("#board .grid-mark.student-diff")).to_have_count(1)
    # Both boards, exactly.
    theirs = board({(1, 0): "b", (1, 2): "b", (0, 3): "b", (10, 10): "w", (0, 1): "b",
                    (0, 2): "w"})
    expect(box.locator(".student-theirs")).to_have_attribute("data-board", "/".join(theirs))
    expect(box.locator(".student-ours")).to_have_attribute("data-board", "/".join(DOUBLE_OURS))
    small = box.locator(".student-theirs .grid-point[data-row='0'][data-col='2']")
    expect(small).to_have_attribute("data-cell", "w")
    expect(box.locator(".student-ours .grid-point[data-row='0'][data-col='2']")).to_have_attribute(
        "data-cell", "-")
    expect(box.locator(".student-list .student-pick")).to_have_count(1)

    # In Spanish.
    page.click("#lang")
    expect(verdict).to_have_text(
        "Negras B19: Su tablero después de la jugada difiere del nuestro en 1 punto.")
    expect(box.locator(".student-counts")).to_have_text(
        "Sus reglas difirieron en 1 de 7 jugadas consultadas.")
    expect(box.locator(".student-theirs figcaption")).to_have_text("Su tablero (Negras B19)")

    # The next move agrees: the main board's ring goes; the list keeps the disagreement.
    page.click("#lang")
    play(page, 15, 15, "white")
    expect(verdict).to_have_attribute("data-code", "agree")
    expect(page.locator("#board .grid-mark.student-diff")).to_have_count(0)
    expect(box.locator(".student-list .student-pick")).to_have_count(1)


def test_a_refused_move_shows_what_theirs_say(page, server):
    new_game(page, server)
    play(page, 3, 3, "black")
    page.click(point(3, 3))                             # occupied: both refuse
    verdict = page.locator("#student-rules .student-verdict")
    expect(verdict).to_have_text("White D16: Their rules agree: both refuse this move.")
    expect(page.locator("#student-rules .student-counts")).to_have_text(
        "Their rules disagreed on 0 of 1 move asked, and on 0 of 1 that ours refused.")
    expect(page.locator("#message")).not_to_have_text("")


def test_no_box_without_student_rules(browser, live_server):
    from .conftest import open_page

    page = open_page(browser, live_server)
    try:
        game = call(live_server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
        hold_seats(page, game["id"], game["secrets"])
        page.goto(f"/go/{game['id']}")
        page.click('#board .grid-point[data-row="4"][data-col="4"]')
        expect(page.locator('#board .grid-point[data-row="4"][data-col="4"] .stone')).to_have_count(1)
        expect(page.locator("#student-rules")).to_be_hidden()
        assert page.errors == []
    finally:
        page.context.close()


def test_the_correct_student_gives_no_marks(browser, tmp_path):
    from .conftest import open_page
    from .test_student_rules import SHORT_GAME

    live = rules_server(tmp_path / "live.db", STUDENTS / "correct.pl").start()
    page = open_page(browser, live, locale="en-GB", timeout_ms=15_000)
    try:
        new_game(page, live)
        asked = 0
        for r, c in SHORT_GAME[:12]:
            page.click(point(r, c))
            asked += 1
            expect(page.locator("#student-rules .student-counts")).to_have_text(
                f"Their rules disagreed on 0 of {asked} moves asked." if asked > 1
                else "Their rules disagreed on 0 of 1 move asked.")
        expect(page.locator("#student-rules .student-verdict")).to_have_attribute("data-agree", "true")
        expect(page.locator(".grid-mark.student-diff")).to_have_count(0)
        expect(page.locator("#student-rules .student-boards")).to_be_hidden()
        assert page.errors == []
    finally:
        page.context.close()
        live.kill(15)


def test_kept_verdicts_after_a_reload_in_another_browser_and_in_the_sgf(page, browser, server,
                                                                         tmp_path):
    """The verdicts are the game's: a reload and another browser show the count and the
    disagreement (its review step draws both boards, large enough to read), a move made on
    one page is counted on the other, and the SGF record has the disagreement as a comment."""
    from pathlib import Path

    from .conftest import open_page

    game = new_game(page, server)
    for i, (r, c) in enumerate(DOUBLE):                 # the 7th captures two groups
        play(page, r, c, "black" if i % 2 == 0 else "white")
    counts = "#student-rules .student-counts"
    expect(page.locator(counts)).to_have_text("Their rules disagreed on 1 of 7 moves asked.")

    page.reload()
    box = page.locator("#student-rules")
    expect(box.locator(".student-counts")).to_have_text(
        "Their rules disagreed on 1 of 7 moves asked.")
    expect(box.locator(".student-verdict")).to_have_text(
        "Black B19: Their board after the move differs from ours at 1 point.")
    expect(box.locator(".student-theirs")).to_have_attribute(
        "data-board", re.compile(r"^-bwb"))
    expect(box.locator(".student-ours")).to_have_attribute("data-board", "/".join(DOUBLE_OURS))
    expect(page.locator(f"{point(0, 2)}.student-is-diff")).to_have_count(1)

    other = open_page(browser, server)                  # another browser: a watcher
    try:
        other.goto(f"/go/{game['id']}")
        mine = other.locator("#student-rules")
        expect(mine.locator(".student-counts")).to_have_text(
            "Their rules disagreed on 1 of 7 moves asked.")
        expect(mine.locator(".student-pick")).to_have_count(1)
        expect(mine.locator(".student-pick")).to_have_text(
            "Black B19: Their board after the move differs from ours at 1 point.")
        # A move on the first page is asked by the server and counted on the other.
        play(page, 15, 15, "white")
        expect(mine.locator(".student-counts")).to_have_text(
            "Their rules disagreed on 1 of 8 moves asked.")
        expect(mine.locator(".student-verdict")).to_have_attribute("data-code", "agree")
        expect(mine.locator(".student-boards")).to_be_hidden()
        # The disagreement in the list: the review goes to its move and draws both boards.
        mine.locator(".student-pick").click()
        expect(other.locator(".tb-review-at")).to_have_text("Move 7 of 8")
        expect(mine.locator(".student-verdict")).to_have_attribute("data-ply", "7")
        expect(mine.locator(".student-boards")).to_be_visible()
        expect(other.locator(f"{point(0, 0)} .stone")).to_have_count(0)  # the board at move 7
        expect(other.locator(f"{point(15, 15)} .stone")).to_have_count(0)
        expect(other.locator(f"{point(0, 2)}.student-is-diff")).to_have_count(1)
        theirs = mine.locator(".student-theirs svg").bounding_box()
        ours = mine.locator(".student-ours svg").bounding_box()
        assert theirs["width"] >= 240 and ours["width"] >= 240, (theirs, ours)
        assert abs(theirs["y"] - ours["y"]) < 1 and ours["x"] > theirs["x"]  # side by side
        mine.screenshot(path=str(tmp_path / "desktop.png"))
        assert other.errors == []
    finally:
        other.context.close()

    # On a phone, one above the other, each wider than on the desktop.
    phone = open_page(browser, server, viewport={"width": 390, "height": 844})
    try:
        phone.goto(f"/go/{game['id']}")
        phone.locator("#student-rules .student-pick").click()
        boards = phone.locator("#student-rules .student-boards")
        expect(boards).to_be_visible()
        theirs = boards.locator(".student-theirs svg").bounding_box()
        ours = boards.locator(".student-ours svg").bounding_box()
        assert theirs["width"] >= 300 and ours["y"] >= theirs["y"] + theirs["height"]
        assert theirs["x"] + theirs["width"] <= 390
        boards.screenshot(path=str(tmp_path / "phone.png"))
        assert phone.errors == []
    finally:
        phone.context.close()

    # The SGF record, downloaded from the page: the disagreement is the 7th move's comment.
    with page.expect_download() as info:
        page.click("#download-sgf")
    from sgfmill import sgf as sgfmill

    nodes = sgfmill.Sgf_game.from_bytes(Path(info.value.path()).read_bytes()).get_main_sequence()
    assert [i for i, n in enumerate(nodes) if n.has_property("C")] == [7]
    assert nodes[7].get_move() == ("b", (18, 1))                      # B19
    text = nodes[7].get("C")
    assert text.startswith("Student's rules (no_multi_capture.pl): Their board after the move "
                           "differs from ours at 1 point.")
    assert "Where they differ: C19" in text and "19 . X O X" in text


def test_the_machines_move_gets_a_verdict_on_the_page(page, server):
    game = call(server, "POST", "/api/games", {"game": "go", "options": {
        "size": 9, "white": "machine"}})
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/go/{game['id']}")
    play(page, 4, 4, "black")
    box = page.locator("#student-rules")
    expect(box.locator(".student-counts")).to_have_text(
        "Their rules disagreed on 0 of 2 moves asked.")
    expect(box.locator(".student-verdict")).to_have_text(
        re.compile(r"^White [A-J]\d: Their rules agree: the same board as ours\.$"))
    page.reload()
    expect(box.locator(".student-counts")).to_have_text(
        "Their rules disagreed on 0 of 2 moves asked.")
    expect(box.locator(".student-verdict")).to_have_attribute("data-ply", "2")
    expect(box.locator(".student-verdict")).to_have_text(       # kept without its boards
        re.compile(r"^White [A-J]\d: Their rules agree: the same board as ours\.$"))


def test_a_refused_move_their_rules_accept_is_kept_and_reviewed(browser, tmp_path):
    """suicide.pl accepts a suicide: the move ours refuse is kept by its position, listed
    after a reload, and its boards (theirs with the stone, ours refused) shown there."""
    from .conftest import open_page

    live = rules_server(tmp_path / "live.db", STUDENTS / "suicide.pl").start()
    page = open_page(browser, live, timeout_ms=15_000)
    try:
        new_game(page, live)
        for i, (r, c) in enumerate([[0, 1], [5, 5], [1, 0], [6, 6], [7, 7]]):
            play(page, r, c, "black" if i % 2 == 0 else "white")
        page.click(point(0, 0))                           # White's suicide: ours refuse
        box = page.locator("#student-rules")
        expect(box.locator(".student-verdict")).to_have_text(
            "White A19: Their rules accept this move; ours refuse it (Suicide: that stone "
            "would have no liberty and captures nothing.).")
        expect(box.locator(".student-counts")).to_have_text(
            "Their rules disagreed on 0 of 5 moves asked, and on 1 of 1 that ours refused.")
        page.reload()
        expect(box.locator(".student-counts")).to_have_text(
            "Their rules disagreed on 0 of 5 moves asked, and on 1 of 1 that ours refused.")
        pick = box.locator(".student-pick")
        expect(pick).to_have_count(1)
        expect(pick).to_have_attribute("data-tried", "true")
        pick.click()
        expect(box.locator(".student-verdict")).to_have_attribute("data-tried", "true")
        expect(box.locator(".student-ours")).to_have_attribute("data-refused", "true")
        expect(box.locator(".student-theirs .grid-point[data-row='0'][data-col='0']")
               ).to_have_attribute("data-cell", "w")
        expect(page.locator(f"{point(0, 0)}.student-is-diff")).to_have_count(1)
        assert page.errors == []
    finally:
        page.context.close()
        live.kill(15)
