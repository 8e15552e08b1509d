"""Phones and words, in Debian's Chromium against a real server (issue 11).

- A move on the board can wait for a second tap ("Confirm moves with a second tap", on by
  default where the pointer is coarse): the first tap only shows the stone (the game's
  revision stays), a tap elsewhere moves it, Escape clears it, a second tap plays it.
  Go, GoRoGo, Molinolog (board clicks) and Azul (the line a take goes to) all do it.
- Pass and Resign ask once more ("Really resign?", with Cancel): one click changes nothing.
- Counts agree with their number: "1 point", "2.5 points", "1 punto".
- Azul calls its first player "Player 1".
- Go's "Move numbers": each stone shows the number of the move that placed it.
"""

from __future__ import annotations

import re

import pytest

from .conftest import PHONE, call, hold_seats, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_TIMEOUT_MS = 10_000


def phone_page(browser, server, locale="en-GB", viewport=PHONE):
    """A page in a touch phone's context (has_touch, is_mobile, a phone's viewport)."""
    context = browser.new_context(base_url=server.url, viewport=viewport, device_scale_factor=2,
                                  has_touch=True, is_mobile=True, locale=locale)
    context.set_default_timeout(PAGE_TIMEOUT_MS)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


def close(page):
    errors = page.errors
    page.context.close()
    assert errors == []


@pytest.fixture
def phone(browser, server):
    page = phone_page(browser, server)
    yield page
    close(page)


@pytest.fixture
def desktop(browser, server):
    page = open_page(browser, server, timeout_ms=PAGE_TIMEOUT_MS)
    yield page
    close(page)


def new_game(server, game, options, moves=()):
    """A game made through the API with `moves` (actions) played by the seat to move;
    returns the creation reply (id, secrets)."""
    made = call(server, "POST", "/api/games", {"game": game, "options": options})
    made["game"] = game
    for action in moves:
        view = call(server, "GET", f"/api/games/{made['id']}")["view"]
        seat = action.get("player", view["to_move"])
        call(server, "POST", f"/api/games/{made['id']}/actions", {"action": action},
             made["secrets"][seat])
    return made


def state(server, made):
    return call(server, "GET", f"/api/games/{made['id']}")


def open_game(page, made):
    hold_seats(page, made["id"], made["secrets"])
    page.goto(f"/{made['game']}/{made['id']}")


def go_point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def moves(*points):
    return [{"kind": "move", "pos": list(p)} for p in points]


# ---- a second tap confirms a move -------------------------------------------------------


def test_go_on_a_phone_the_first_tap_only_shows_the_stone(phone, server):
    made = new_game(server, "go", {"size": 9})
    open_game(phone, made)
    expect(phone.locator("#confirm-taps")).to_be_checked()  # a coarse pointer: on by default
    expect(phone.locator("#to-move")).to_have_text("Black")
    revision = state(server, made)["revision"]

    phone.tap(go_point(2, 2))
    expect(phone.locator(f"{go_point(2, 2)}.grid-proposed.grid-proposed-b")).to_have_count(1)
    expect(phone.locator(f"{go_point(2, 2)} .grid-proposal")).to_have_count(1)
    expect(phone.locator("#message")).to_contain_text("Tap the same place again")
    expect(phone.locator("#message")).not_to_contain_text("Esc")  # a phone has no Escape key
    expect(phone.locator(".stone")).to_have_count(0)
    assert state(server, made)["revision"] == revision

    phone.tap(go_point(6, 6))  # elsewhere: the pending stone moves
    expect(phone.locator(".grid-proposed")).to_have_count(1)
    expect(phone.locator(f"{go_point(6, 6)}.grid-proposed")).to_have_count(1)
    phone.keyboard.press("Escape")  # and goes
    expect(phone.locator(".grid-proposed")).to_have_count(0)
    expect(phone.locator(".grid-proposal")).to_have_count(0)
    assert state(server, made)["revision"] == revision

    phone.tap(go_point(4, 4))
    expect(phone.locator(f"{go_point(4, 4)}.grid-proposed")).to_have_count(1)
    assert state(server, made)["plies"] == 0
    phone.tap(go_point(4, 4))  # the second tap plays it
    expect(phone.locator(f"{go_point(4, 4)} .stone.black")).to_have_count(1)
    expect(phone.locator(".grid-proposed")).to_have_count(0)
    game = state(server, made)
    assert game["plies"] == 1 and game["revision"] > revision
    assert game["view"]["last"] == {"kind": "move", "player": "b", "pos": [4, 4]}


def test_the_setting_is_off_on_a_desktop_and_kept(desktop, server):
    made = new_game(server, "go", {"size": 9})
    open_game(desktop, made)
    box = desktop.locator("#confirm-taps")
    expect(box).not_to_be_checked()  # a mouse: one click plays
    desktop.click(go_point(3, 3))
    expect(desktop.locator(f"{go_point(3, 3)} .stone.black")).to_have_count(1)
    assert state(server, made)["plies"] == 1
    box.check()  # kept in localStorage: after a reload a click only shows the stone
    desktop.reload()
    expect(desktop.locator("#confirm-taps")).to_be_checked()
    expect(desktop.locator(f"{go_point(3, 3)} .stone")).to_have_count(1)
    desktop.click(go_point(5, 5))
    expect(desktop.locator(f"{go_point(5, 5)}.grid-proposed-w")).to_have_count(1)
    assert state(server, made)["plies"] == 1
    desktop.click(go_point(5, 5))
    expect(desktop.locator(f"{go_point(5, 5)} .stone.white")).to_have_count(1)
    assert state(server, made)["plies"] == 2


def test_gorogo_molinolog_and_azul_wait_for_the_second_tap(phone, server):
    # GoRoGo: the game opens with White placing the surplus Henge (kind "h").
    made = new_game(server, "gorogo", {"black": "human", "white": "human"})
    open_game(phone, made)
    expect(phone.locator("#status")).to_contain_text("surplus Henge")
    phone.tap(go_point(0, 0))
    expect(phone.locator(f"{go_point(0, 0)}.grid-proposed-h")).to_have_count(1)
    assert state(server, made)["plies"] == 0
    phone.tap(go_point(0, 0))
    expect(phone.locator(f'{go_point(0, 0)}[data-cell="h"]')).to_have_count(1)
    assert state(server, made)["view"]["last"]["pos"] == [0, 0]

    # Molinolog: a placement.
    made = new_game(server, "molinolog", {"size": 2, "black": "human", "white": "human"})
    open_game(phone, made)
    target = '.molinolog-point[data-point="n,1"]'
    phone.tap(target)
    expect(phone.locator(f"{target}.molinolog-is-proposed")).to_have_count(1)
    expect(phone.locator(f"{target}[data-piece=\"\"]")).to_have_count(1)
    assert state(server, made)["plies"] == 0
    phone.tap('.molinolog-point[data-point="s,1"]')  # elsewhere
    expect(phone.locator(".molinolog-is-proposed")).to_have_count(1)
    phone.tap('.molinolog-point[data-point="s,1"]')
    expect(phone.locator('.molinolog-point[data-point="s,1"][data-piece="b"]')).to_have_count(1)
    view = state(server, made)["view"]
    assert view["last"]["kind"] == "place" and view["last"]["point"] == ["s", 1]

    # Azul: pick a colour (no confirm: nothing is played), then the line twice.
    made = new_game(server, "azul", {"players": ["human", "human"], "seed": 5})
    open_game(phone, made)
    view = state(server, made)["view"]
    take = view["legal"][0]
    line = "floor" if take["line"] == "floor" else str(take["line"])
    mover = view["to_move"]
    phone.locator(f'.azul-tile[data-source="{take["source"]}"][data-colour="{take["colour"]}"]').first.tap()
    where = f'.azul-board[data-player="{mover}"] [data-line="{line}"]'
    phone.tap(where)
    expect(phone.locator(f"{where}.azul-is-proposed")).to_have_count(1)
    revision = state(server, made)["revision"]
    expect(phone.locator("body")).to_have_attribute("data-revision", str(revision))
    assert state(server, made)["plies"] == 0
    phone.tap(where)
    expect(phone.locator("body")).not_to_have_attribute("data-revision", str(revision))
    expect(phone.locator(".azul-is-proposed")).to_have_count(0)
    assert state(server, made)["view"]["last"]["action"] == take


AZUL_BOXES = """() => {
    const box = (el) => { const r = el.getBoundingClientRect();
                          return {top: r.top, bottom: r.bottom, width: r.width, height: r.height}; };
    const all = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.offsetParent).map(box);
    const toMove = document.querySelector('.azul-board.azul-is-to-move');
    const boards = [...document.querySelectorAll('.azul-board')].filter((e) => e.offsetParent);
    return {table: box(document.querySelector('.azul-table')),
            message: box(document.querySelector('#message')),
            board: box(toMove), below: box(boards.sort((a, b) => box(a).top - box(b).top)[0]),
            tiles: all('.azul-factory button.azul-tile, .azul-centre button.azul-tile'),
            lines: all('.azul-board.azul-is-to-move .azul-line, .azul-board.azul-is-to-move .azul-floor'),
            height: window.innerHeight};
}"""


def test_azul_on_a_phone_44px_targets_and_a_turn_on_one_screen(browser, server):
    """On a 390x844 phone (the issue's) every tile a player picks, every pattern line and the floor are at
    least 44 px on their short side, and the table with the board of the player to move fit
    one screen under the message: a whole turn (a tile, a line, its confirming tap) is
    played at one scroll position, turn after turn."""
    phone = phone_page(browser, server, viewport={"width": 390, "height": 844})
    made = new_game(server, "azul", {"players": ["human", "human"], "seed": 5})
    open_game(phone, made)
    expect(phone.locator(".azul-board.azul-is-to-move")).to_have_count(1)
    # The person scrolls once, the table just under the message ...
    phone.locator(".azul-table").evaluate(
        "(el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY"
        " - document.querySelector('#message').getBoundingClientRect().height - 8)")
    for turn in range(4):
        view = state(server, made)["view"]
        mover = str(view["to_move"])
        expect(phone.locator(".azul-board.azul-is-to-move")).to_have_attribute("data-player", mover)
        boxes = phone.evaluate(AZUL_BOXES)
        assert all(min(t["width"], t["height"]) >= 44 for t in boxes["tiles"]), boxes["tiles"]
        assert len(boxes["lines"]) == 6
        assert all(min(t["width"], t["height"]) >= 44 for t in boxes["lines"]), boxes["lines"]
        # ... and, turn after turn, the board of the player to move comes first under the
        # table, and the table and that whole board are on the screen.
        assert boxes["below"] == boxes["board"]
        assert boxes["table"]["top"] >= boxes["message"]["bottom"] - 1, boxes
        assert boxes["board"]["bottom"] <= boxes["height"], boxes
        take = view["legal"][turn * 7 % len(view["legal"])]
        line = "floor" if take["line"] == "floor" else str(take["line"])
        revision = state(server, made)["revision"]
        tile = phone.locator(f'.azul-tile[data-source="{take["source"]}"]'
                             f'[data-colour="{take["colour"]}"]').first
        where = phone.locator(f'.azul-board[data-player="{mover}"] [data-line="{line}"]')
        for target in (tile, where):  # on the screen as they are: a tap needs no scroll
            box = target.bounding_box()
            assert boxes["message"]["bottom"] - 1 <= box["y"] and box["y"] + box["height"] <= 844
        tile.tap()
        where.tap()
        where.tap()
        expect(phone.locator("body")).not_to_have_attribute("data-revision", str(revision))
        assert state(server, made)["view"]["last"]["action"] == take
    close(phone)


# ---- Pass and Resign ask once more ------------------------------------------------------


def test_resign_and_pass_need_a_second_click(desktop, server):
    made = new_game(server, "go", {"size": 9}, moves([4, 4]))
    open_game(desktop, made)
    resign = desktop.locator("#resign")
    expect(resign).to_be_enabled()
    before = state(server, made)
    resign.click()
    expect(resign).to_have_text("Really resign?")
    expect(desktop.locator(".tb-confirm-cancel")).to_have_text("Cancel")
    after = state(server, made)
    assert after["revision"] == before["revision"] and not after["view"]["over"]
    desktop.click(".tb-confirm-cancel")
    expect(resign).to_have_text("Resign")
    expect(desktop.locator(".tb-confirm-cancel")).to_have_count(0)
    resign.click()  # asks again: Cancel put it back
    expect(resign).to_have_text("Really resign?")
    assert not state(server, made)["view"]["over"]

    passing = desktop.locator("#pass")
    passing.click()  # asking about Pass forgets Resign's question
    expect(passing).to_have_text("Really pass?")
    expect(resign).to_have_text("Resign")
    expect(desktop.locator(".tb-confirm-cancel")).to_have_count(1)
    expect(passing).to_have_text("Pass", timeout=9_000)  # a few seconds, then back
    assert state(server, made)["plies"] == 1

    resign.click()
    resign.click()
    expect(desktop.locator("#result")).to_contain_text("Black wins by resignation")
    game = state(server, made)
    assert game["view"]["over"] and game["view"]["result"]["code"] == "B+R"
    assert game["view"]["last"] == {"kind": "resign", "player": "w"}


# ---- counts agree with their number ----------------------------------------------------

# On 9x9, Black's wall holds columns 0-3 and the top five points of column 4 (41 points
# by area), White's the rest (40): B+1 with komi 0.
BLACK_WALL = [(r, 4) for r in range(5)] + [(r, 3) for r in range(5, 9)]
WHITE_WALL = [(r, 5) for r in range(5)] + [(r, 4) for r in range(5, 9)]


def counted_go(server, komi):
    walls = [p for pair in zip(BLACK_WALL, WHITE_WALL) for p in pair]
    actions = moves(*walls) + [{"kind": "pass"}, {"kind": "pass"},
                               {"kind": "accept", "player": "b"}, {"kind": "accept", "player": "w"}]
    made = new_game(server, "go", {"size": 9, "komi": komi}, actions)
    result = state(server, made)["view"]["result"]
    assert (result["score"]["b"], result["score"]["w"]) == (41, 40 + komi)
    return made


@pytest.mark.parametrize(("komi", "locale", "words", "code"), [
    (0, "en-GB", "Black wins by 1 point", "B+1"),
    (0, "es-ES", "Ganan Negras por 1 punto", "B+1"),
    (3.5, "en-GB", "White wins by 2.5 points", "W+2.5"),
    (3.5, "es-ES", "Ganan Blancas por 2,5 puntos", "W+2.5"),
])
def test_the_result_counts_points_in_words(browser, server, komi, locale, words, code):
    made = counted_go(server, komi)
    page = open_page(browser, server, locale=locale, timeout_ms=PAGE_TIMEOUT_MS)
    page.goto(f"/go/{made['id']}")
    result = page.locator("#result strong")
    expect(result).to_have_text(words)
    expect(page.locator(".go-result-code")).to_have_text(code)
    close(page)


def test_azul_calls_its_first_player_player_1(desktop, server):
    made = new_game(server, "azul", {"players": ["greedy", "greedy"], "seed": 3})
    game = state(server, made)
    while not game["view"]["over"]:
        game = call(server, "POST", f"/api/games/{made['id']}/machine", {})
    view = game["view"]
    winner = int(view["result"]["winner"])
    points = view["players"][winner]["score"]
    noun = "point" if points == 1 else "points"
    assert view["status"]["en"] == f"Game over: player {winner + 1} wins with {points} {noun}."
    assert view["result"]["message"].endswith(f"player {winner + 1} wins with {points} {noun}.")
    desktop.goto(f"/azul/{made['id']}")
    expect(desktop.locator('.azul-board[data-player="0"] .azul-board-name')).to_contain_text("Player 1")
    expect(desktop.locator('.azul-board[data-player="1"] .azul-board-name')).to_contain_text("Player 2")
    expect(desktop.locator(".azul-final tr").nth(1)).to_contain_text("Player 1 (greedy, medium)")
    expect(desktop.locator("#status")).to_have_text(view["status"]["en"])
    assert "layer 0" not in desktop.inner_text("body")


# ---- move numbers on Go stones ----------------------------------------------------------


def numbers(page):
    """{(row, col): (number, stone colour, text colour)} of the numbered stones drawn."""
    return {
        (int(row), int(col)): (int(n), cell, fill)
        for row, col, n, cell, fill in page.eval_on_selector_all(
            ".grid-number",
            "ts => ts.map(t => [t.closest('.grid-point').dataset.row, t.closest('.grid-point').dataset.col,"
            " t.textContent, t.closest('.grid-point').dataset.cell, getComputedStyle(t).fill])")
    }


WHITE_TEXT, BLACK_TEXT = "rgb(255, 255, 255)", "rgb(0, 0, 0)"


def test_move_numbers_on_the_stones(desktop, server):
    # 1 B (0,1), 2 W (0,0), 3 B (1,0) takes it, 4 W (4,4), 5 B (0,0) again.
    made = new_game(server, "go", {"size": 9}, moves((0, 1), (0, 0), (1, 0), (4, 4), (0, 0)))
    open_game(desktop, made)
    expect(desktop.locator(".stone")).to_have_count(4)
    expect(desktop.locator(".grid-number")).to_have_count(0)
    box = desktop.locator("#move-numbers")
    expect(desktop.locator(".tb-review-numbers")).to_contain_text("Move numbers")
    box.check()
    expect(desktop.locator(".grid-number")).to_have_count(4)
    assert numbers(desktop) == {
        (0, 1): (1, "b", WHITE_TEXT),
        (1, 0): (3, "b", WHITE_TEXT),
        (4, 4): (4, "w", BLACK_TEXT),
        (0, 0): (5, "b", WHITE_TEXT),  # the latest move there, not White's captured 2
    }
    desktop.click('.tb-review-step[data-step="back"]')  # move 4: (0,0) is empty
    expect(desktop.locator(".tb-review-at")).to_have_text("Move 4 of 5")
    expect(desktop.locator(".grid-number")).to_have_count(3)
    assert (0, 0) not in numbers(desktop)
    desktop.click('.tb-moves li[data-ply="2"]')  # move 2: White's stone, still there
    expect(desktop.locator(".grid-number")).to_have_count(2)
    assert numbers(desktop) == {(0, 1): (1, "b", WHITE_TEXT), (0, 0): (2, "w", BLACK_TEXT)}
    expect(box).to_be_checked()
    box.uncheck()
    expect(desktop.locator(".grid-number")).to_have_count(0)
    box.check()
    desktop.click('.tb-review-step[data-step="last"]')  # live again, then a new move
    expect(desktop.locator(".grid-number")).to_have_count(4)
    desktop.click(go_point(8, 8))
    expect(desktop.locator(f'{go_point(8, 8)} .grid-number')).to_have_text("6")
    assert numbers(desktop)[(8, 8)] == (6, "w", BLACK_TEXT)
