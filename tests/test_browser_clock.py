"""Issue 22, done as people do it: two people on two phone-sized screens start a game from
the index page, invite each other by the button, play a Fischer-clock Go game to its end
while a third person watches the moves and both clocks; a game whose clock runs out is lost
on time on every screen; and two people start a Molinolog game from the index page, invite
each other by the button, play it to its end while a third person watches, press Rematch and
play the rematch to its end.  Every game is made and played by clicks (Chromium, against a
real `tablero serve`)."""

from __future__ import annotations

import re

import pytest

from .conftest import call, open_page
from .test_browser_friend import invite_friend, point, seen_within

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def phone(browser, server):
    return open_page(browser, server, viewport=PHONE)


def clock(page, seat):
    return page.locator(f'.tb-clock[data-seat="{seat}"]')


def start_go_from_the_index(page, clock_choice, main=None):
    """The index, "Play a friend" for Go, the form: 9x9 and a clock; Start.  The game's id."""
    page.goto("/")
    page.click('#games li[data-game="go"] a.index-friend')
    page.wait_for_url("**/go?play=friend")
    page.select_option("#size", "9")
    page.select_option("#clock", clock_choice)
    if clock_choice == "custom":
        expect(page.locator("#clock-main")).to_be_visible()
        page.fill("#clock-main", main)
        page.fill("#clock-increment", "0")
    page.click("#start")
    page.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    return page.url.rsplit("/", 1)[1]


def friend_and_watcher(browser, server, black, game_id):
    """Black invites a friend by the button; the friend opens the link read from the page;
    a third person opens the plain link."""
    white = phone(browser, server)
    white.goto(invite_friend(black, "w"))
    expect(white.locator(".tb-seats-line")).to_have_text("You play: White")
    expect(black.locator(".tb-seats-line")).to_have_text("You play: Black")
    watcher = phone(browser, server)
    watcher.goto(f"/go/{game_id}")
    expect(watcher.locator(".tb-seats-line")).to_have_text("You are watching this game.")
    return white, watcher


def test_a_fischer_clock_go_game_between_two_phones_and_a_watcher(browser, server):
    black = phone(browser, server)
    game_id = start_go_from_the_index(black, "300+3")
    white, watcher = friend_and_watcher(browser, server, black, game_id)
    everyone = (black, white, watcher)
    for page in everyone:  # both clocks, stopped until the first move
        expect(clock(page, "b")).to_contain_text(re.compile(r"Black\s*5:00"))
        expect(clock(page, "w")).to_contain_text(re.compile(r"White\s*5:00"))
        expect(page.locator(".tb-clock-running")).to_have_count(0)

    black.click(point(4, 4))
    for page in everyone:  # White's clock runs, on every screen
        seen_within(page, f"{point(4, 4)} .stone", 1, 2)
        expect(clock(page, "w")).to_have_class(re.compile("tb-clock-running"))
        expect(clock(page, "b")).not_to_have_class(re.compile("tb-clock-running"))
    expect(clock(watcher, "w")).to_contain_text(re.compile(r"4:5\d"), timeout=3000)

    white.click(point(2, 2))
    for page in everyone:  # White got the increment; Black's clock runs
        seen_within(page, f"{point(2, 2)} .stone", 1, 2)
        expect(clock(page, "b")).to_have_class(re.compile("tb-clock-running"))
        expect(clock(page, "w")).to_contain_text(re.compile(r"5:0[0-3]"))
    shown = call(server, "GET", f"/api/games/{game_id}")["clock"]
    assert 300000 < shown["left"]["w"] <= 303000 and shown["left"]["b"] == 300000

    # Two passes (each asks once more), then the scoring phase: the clocks stop.
    black.click("#pass")
    black.click("#pass")
    expect(white.locator("#pass")).to_be_enabled()
    white.click("#pass")
    white.click("#pass")
    for page in everyone:
        expect(page.locator("#phase")).to_be_visible()
        expect(page.locator(".tb-clock-running")).to_have_count(0)
    black.click("#accept")
    expect(white.locator("#accept")).to_be_enabled()
    # White accepts once the page shows Black's acceptance (clicked before it arrives, the
    # page would say the game had moved on and reload, and White would accept again).
    expect(white.locator("#phase")).to_contain_text("Black accepted")
    white.click("#accept")
    expect(white.locator("#result")).to_contain_text("wins")  # counted: a tie, White by the rule
    result = call(server, "GET", f"/api/games/{game_id}")["view"]["result"]
    assert result["reason"] == "count"
    for page in everyone:
        expect(page.locator("#result")).to_contain_text(result["code"])
        expect(page.locator("#result")).to_contain_text("White wins")
        expect(page.locator(".tb-clock")).to_have_count(2)
    for page in everyone:
        assert page.errors == []
        page.context.close()


def test_the_time_runs_out_and_every_screen_shows_the_loss(browser, server):
    black = phone(browser, server)
    game_id = start_go_from_the_index(black, "custom", main="0.05")  # 3 seconds each
    white, watcher = friend_and_watcher(browser, server, black, game_id)
    everyone = (black, white, watcher)
    expect(clock(watcher, "w")).to_contain_text("0:03.0")
    black.click(point(4, 4))
    for page in everyone:
        seen_within(page, f"{point(4, 4)} .stone", 1, 2)
    # White lets the time run: low time is marked, then every screen shows the loss.
    expect(clock(white, "w")).to_have_class(re.compile("tb-clock-low"), timeout=4000)
    for page in everyone:
        expect(page.locator("#result")).to_contain_text("Black wins on time", timeout=6000)
        expect(page.locator("#result")).to_contain_text("B+T")
        expect(clock(page, "w")).to_have_class(re.compile("tb-clock-flag"))
        expect(clock(page, "w")).to_contain_text("0:00.0")
        expect(clock(page, "b")).to_contain_text("0:03.0")
    expect(white.locator("#pass")).to_be_disabled()
    white.click(point(2, 2))  # too late: nothing is played
    shown = call(server, "GET", f"/api/games/{game_id}")
    assert shown["plies"] == 1 and shown["view"]["result"]["code"] == "B+T"
    for page in everyone:
        assert page.errors == []
        page.context.close()


def test_a_byoyomi_go_game_lost_in_the_last_period(browser, server):
    """The Go page's form offers each kind of clock by name; Black picks a custom byo-yomi
    clock (1 s of main time, then 1 period of 1 s), invites White by the button; both pages
    show the periods; White lets its main time and its period run out and both pages show
    the loss on time."""
    black = phone(browser, server)
    black.goto("/")
    black.click('#games li[data-game="go"] a.index-friend')
    black.wait_for_url("**/go?play=friend")
    for kind in ("Fischer (seconds added a move)", "Absolute (sudden death)",
                 "Byo-yomi (main time, then periods)", "Correspondence (days a move)"):
        expect(black.locator(f'#clock optgroup[label="{kind}"]')).to_have_count(1)
    expect(black.locator('#clock option[value="600+3x30"]')).to_have_text(
        "10 min + 3 × 30 s byo-yomi")
    black.select_option("#size", "9")
    black.select_option("#clock", "custom")
    black.select_option("#clock-kind", "byoyomi")
    expect(black.locator("#clock-increment")).to_be_hidden()
    black.fill("#clock-main", str(1 / 60))  # one second
    black.fill("#clock-periods", "1")
    black.fill("#clock-period", "1")
    black.click("#start")
    black.wait_for_url(re.compile(r"/go/[0-9a-f]+$"))
    game_id = black.url.rsplit("/", 1)[1]
    white = phone(browser, server)
    white.goto(invite_friend(black, "w"))
    expect(white.locator(".tb-seats-line")).to_have_text("You play: White")
    for page in (black, white):
        expect(page.locator(".tb-clock-kind")).to_have_text("Byo-yomi: 1 s, then 1 × 1 s")
        for seat in ("b", "w"):
            expect(clock(page, seat)).to_contain_text("periods: 1 × 1 s")
            expect(clock(page, seat)).to_contain_text("0:01.0")
    black.click(point(4, 4))
    # White's main second runs out, then its one period: both pages see it in byo-yomi (its
    # last period), then lost on time.
    expect(clock(white, "w")).to_have_class(re.compile("tb-clock-byoyomi"), timeout=3000)
    for page in (black, white):
        expect(page.locator("#result")).to_contain_text("Black wins on time", timeout=6000)
        expect(page.locator("#result")).to_contain_text("B+T")
        expect(clock(page, "w")).to_have_class(re.compile("tb-clock-flag"))
        expect(clock(page, "w")).to_contain_text("periods: 0 × 1 s")
        expect(clock(page, "b")).to_contain_text("periods: 1 × 1 s")
    shown = call(server, "GET", f"/api/games/{game_id}")
    assert shown["clock"]["kind"] == "byoyomi" and shown["clock"]["periods_left"]["w"] == 0
    assert shown["plies"] == 1 and shown["view"]["result"]["code"] == "B+T"
    for page in (black, white):
        assert page.errors == []
        page.context.close()


def test_a_correspondence_game_against_the_computer_from_the_index(browser, server):
    """The index's "Play the computer" for Molinolog, on a clock of a day a move: the page
    names the clock and shows days and hours; after the machine's answer the person has the
    whole day again."""
    page = phone(browser, server)
    page.goto("/")
    form = page.locator('.index-computer[data-game="molinolog"]')
    form.locator('select[name="clock"]').select_option("1d")
    expect(form.locator('select[name="clock"] option[value="1d"]')).to_have_text("1 day a move")
    expect(form.locator('optgroup[label^="Byo-yomi"]')).to_have_count(0)  # Go's alone
    form.locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/molinolog/[0-9a-f]+$"))
    game_id = page.url.rsplit("/", 1)[1]
    expect(page.locator(".tb-clock-kind")).to_have_text("Correspondence: 1 day a move")
    expect(clock(page, "b")).to_contain_text("1 d 0 h")
    before = revision(page)
    page.click(molinolog_point("n,2"))
    page.wait_for_function("n => Number(document.body.dataset.revision) >= n + 2", arg=before,
                           timeout=10000)  # the place, and the machine's answer
    expect(clock(page, "b")).to_have_class(re.compile("tb-clock-running"))
    expect(clock(page, "b")).to_contain_text(re.compile(r"23 h 59 min|1 d 0 h"))
    expect(clock(page, "w")).to_contain_text("1 d 0 h")  # the machine's whole day again
    shown = call(server, "GET", f"/api/games/{game_id}")["clock"]
    assert shown["kind"] == "correspondence" and shown["left"]["w"] == 86400000
    assert page.errors == []
    page.context.close()


#  A T = 1 Molinolog game that Black wins (White is left with two pieces), and who plays
#  each step: mills and their captures are the same player's.
MOLINOLOG_GAME = [
    ("n,2",), ("w,1",), ("sw,2",), ("e,1",), ("sw,1",), ("e,2",), ("s,2",), ("nw,1",),
    ("se,2",), ("w,1",), ("nw,2",), ("se,1",), ("n,1",), ("s,2", "s,1"), ("e,1",),
    ("n,1", "ne,1"), ("s,1", "s,2"), ("nw,2",), ("e,2", "ne,2"), ("s,2", "s,1"), ("nw,1",),
]
MOLINOLOG_PLAYERS = "bwbwbwbwbbwbwbbwbbwbb"


def molinolog_point(where):
    return f'#board [data-point="{where}"]'


def play_molinolog(pages):
    """Play MOLINOLOG_GAME by clicks, each step on the page of the player whose it is
    (pages: {"b": page, "w": page}); wait for the other page to see it."""
    for clicks, player in zip(MOLINOLOG_GAME, MOLINOLOG_PLAYERS):
        page, other = pages[player], pages["w" if player == "b" else "b"]
        before = revision(page)
        for where in clicks:
            page.click(molinolog_point(where))
        page.wait_for_function("n => Number(document.body.dataset.revision) > n", arg=before)
        other.wait_for_function("n => Number(document.body.dataset.revision) >= n",
                                arg=revision(page), timeout=5000)


def revision(page):
    return int(page.evaluate("document.body.dataset.revision"))


def test_a_molinolog_game_and_its_rematch_to_their_ends(browser, server):
    first = phone(browser, server)
    first.goto("/")                    # the index, "Play a friend" for Molinolog
    first.click('#games li[data-game="molinolog"] a.index-friend')
    first.wait_for_url("**/molinolog?play=friend")
    first.select_option("#size", "1")  # the smallest board the page offers (White: a person's)
    first.click("#start")
    first.wait_for_url(re.compile(r"/molinolog/[0-9a-f]+$"))
    game_id = first.url.rsplit("/", 1)[1]
    second = phone(browser, server)
    second.goto(invite_friend(first, "w"))
    expect(second.locator(".tb-seats-line")).to_have_text("You play: White")
    expect(first.locator(".tb-seats-line")).to_have_text("You play: Black")
    watcher = phone(browser, server)  # a third person opens the plain link
    watcher.goto(f"/molinolog/{game_id}")
    expect(watcher.locator(".tb-seats-line")).to_have_text("You are watching this game.")

    play_molinolog({"b": first, "w": second})
    for page in (first, second, watcher):
        expect(page.locator("#end-dialog")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text("Black wins!")
        expect(page.locator("#end-reason")).to_have_text("White is left with two pieces.")
        page.click("#end-close")
    expect(watcher.locator('[data-rematch="offer"]')).to_have_count(0)  # a watcher offers none

    # The loser offers a rematch, the winner accepts: both pages go to the new game, the
    # colours swapped.
    second.click('[data-rematch="offer"]')
    expect(first.locator(".tb-rematch")).to_contain_text("White offers a rematch")
    first.click('[data-rematch="accept"]')
    for page in (first, second):
        page.wait_for_url(re.compile(r"/molinolog/(?!%s)[0-9a-f]+$" % game_id))
    expect(first.locator(".tb-seats-line")).to_have_text("You play: White")
    expect(second.locator(".tb-seats-line")).to_have_text("You play: Black")
    expect(second.locator("#status")).to_have_text("Black to place 6 pieces")

    play_molinolog({"b": second, "w": first})
    for page in (first, second):
        expect(page.locator("#end-dialog")).to_be_visible()
        expect(page.locator("#end-title")).to_have_text("Black wins!")
    rematch_id = first.url.rsplit("/", 1)[1]
    done = call(server, "GET", f"/api/games/{rematch_id}")
    assert done["view"]["over"] and done["view"]["result"]["winner"] == "b"
    assert done["plies"] == len(MOLINOLOG_GAME)
    for page in (first, second, watcher):
        assert page.errors == []
        page.context.close()
