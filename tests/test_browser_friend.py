"""Playing a friend, in real browsers: two (and three) Chromium contexts on one game against
a real `tablero serve`.  Each player sees the other's move appear by itself (by the live
stream: how soon is bench/live.py's to measure), a watcher cannot act, an invitation takes a seat once, and a page served by another site
cannot play a move.
"""

from __future__ import annotations

import http.server
import json
import re
import threading
import time
import urllib.error
import urllib.request

import pytest

from .conftest import call, free_port, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser


def point(row, col):
    return f'svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def stones(page):
    return page.locator("svg.grid-board .stone").count()


def friend_game(server):
    """A 9x9 Go game whose creator holds Black and invites someone to White."""
    game = call(server, "POST", "/api/games",
                {"game": "go", "options": {"size": 9}, "hold": ["b"]})
    return game


def holding(browser, server, game_id, secrets):
    """A page whose browser holds these seats (as the browser that made the game would)."""
    page = open_page(browser, server)
    page.context.add_init_script(
        "localStorage.setItem('tablero.seats', JSON.stringify(%s));"
        % json.dumps({game_id: secrets}))
    return page


def seen_within(page, selector, count, seconds):
    """Wait for `count` matches of selector; the time it took."""
    started = time.monotonic()
    page.wait_for_function(
        "([s, n]) => document.querySelectorAll(s).length === n", arg=[selector, count],
        timeout=seconds * 1000 + 2000)
    return time.monotonic() - started


def test_two_friends_and_a_watcher(browser, server):
    game = friend_game(server)
    black = holding(browser, server, game["id"], game["secrets"])
    black.goto(f"/go/{game['id']}")
    expect(black.locator(".tb-seats")).to_contain_text("You play: Black")

    # The friend opens the invitation link: takes White, once.
    white = open_page(browser, server)
    white.goto(game["invitations"]["w"])
    expect(white.locator(".tb-seats")).to_contain_text("You play: White")
    thief = open_page(browser, server)
    thief.goto(game["invitations"]["w"])
    expect(thief.locator("#message")).to_contain_text("used already")

    watcher = open_page(browser, server)
    watcher.goto(f"/go/{game['id']}")
    expect(watcher.locator(".tb-seats")).to_contain_text("watching")

    # Black plays: White and the watcher see it without a reload.
    black.click(point(4, 4))
    expect(black.locator(f"{point(4, 4)} .stone")).to_have_count(1)
    #  By the live stream alone (no reload); how soon is bench/live.py's to measure.
    seen_within(white, f"{point(4, 4)} .stone", 1, 3)
    seen_within(watcher, f"{point(4, 4)} .stone", 1, 3)
    expect(white.locator("#to-move")).to_have_text("White")
    assert white.title().startswith("Your turn")

    # Black cannot play White's move; the watcher cannot play at all: each page answers
    # the click itself, and sends nothing.
    expect(black.locator("#message")).not_to_contain_text("is to play")
    expect(watcher.locator("#message")).not_to_contain_text("watching")
    black.click(point(2, 2))
    watcher.click(point(6, 6))
    expect(black.locator("#message")).to_contain_text("White is to play")
    expect(watcher.locator("#message")).to_contain_text("You are watching this game.")
    shown = call(server, "GET", f"/api/games/{game['id']}")
    assert shown["plies"] == 1

    # White plays: Black sees it by itself.
    white.click(point(2, 6))
    seen_within(black, f"{point(2, 6)} .stone", 1, 3)
    assert call(server, "GET", f"/api/games/{game['id']}")["plies"] == 2
    for page in (black, white, watcher, thief):
        assert page.errors == []
        page.context.close()


def test_a_page_from_another_site_cannot_play(browser, server):
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    secret = game["secrets"]["b"]
    target = f"{server.url}/api/games/{game['id']}/actions"
    body = json.dumps({"action": {"kind": "move", "pos": [4, 4]}})
    evil = f"""<!doctype html><title>evil</title>
<form id=f method=post action="{target}" enctype="text/plain">
<input name='{body[:-1]}, "x": "' value='"}}'></form>
<script>
fetch("{target}", {{method: "POST", mode: "no-cors", headers: {{"Content-Type": "text/plain"}},
  body: {json.dumps(body)}}}).finally(() => {{
  fetch("{target}", {{method: "POST", headers: {{"Content-Type": "application/json",
    "Authorization": "Bearer {secret}"}}, body: {json.dumps(body)}}})
    .catch(() => {{}}).finally(() => document.getElementById("f").submit());
}});
</script>"""

    class Evil(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            data = evil.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args):
            pass

    port = free_port()
    httpd = http.server.HTTPServer(("127.0.0.1", port), Evil)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        page = browser.new_context().new_page()
        page.goto(f"http://127.0.0.1:{port}/")
        page.wait_for_url(target)       # the form's post, sent after both fetches ended
        page.context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
    shown = call(server, "GET", f"/api/games/{game['id']}")
    assert shown["plies"] == 0 and shown["revision"] == 0
    # The same request from a program with the secret (no Origin) is fine.
    request = urllib.request.Request(target, data=body.encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {secret}"})
    with urllib.request.urlopen(request, timeout=30) as resp:
        assert json.load(resp)["plies"] == 1
    # And with another site's Origin it is refused.
    request = urllib.request.Request(target, data=json.dumps(
        {"action": {"kind": "move", "pos": [3, 3]}}).encode(), method="POST", headers={
        "Content-Type": "application/json", "Authorization": f"Bearer {secret}",
        "Origin": f"http://127.0.0.1:{port}"})
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=30)
    assert refused.value.code == 403
    refused.value.close()


def test_a_player_sees_whether_the_opponent_is_there(browser, server):
    game = friend_game(server)
    black = holding(browser, server, game["id"], game["secrets"])
    black.goto(f"/go/{game['id']}")
    expect(black.locator('.tb-presence[data-seat="w"]')).to_contain_text("away")
    white = open_page(browser, server)
    white.goto(game["invitations"]["w"])
    expect(black.locator('.tb-presence[data-seat="w"]')).to_contain_text("is here")
    expect(white.locator('.tb-presence[data-seat="b"]')).to_contain_text("is here")
    white.context.close()
    expect(black.locator('.tb-presence[data-seat="w"]')).to_contain_text("away", timeout=20_000)
    black.context.close()


# ---- issue 22: inviting a friend as a person does it: from the page, by the button ----


def start_from_page(page, game):
    """The index, the game's "Play a friend", its new-game form as it opens there, Start; the
    new game's id.  The seats are not touched: the form opened by "Play a friend" has a
    person in each (Azul's, Molinolog's and GoRoGo's forms, opened at /<game>, start against
    the machine, and a person who pressed Start there played it, with nobody to invite)."""
    page.goto("/")
    page.click(f'#games li[data-game="{game}"] a.index-friend')
    page.wait_for_url(f"**/{game}?play=friend")
    if game == "go":
        page.select_option("#size", "9")
    page.click("#start")
    page.wait_for_url(f"**/{game}/*")
    expect(page.locator(".tb-invite")).not_to_have_count(0)
    return page.url.rsplit("/", 1)[1]


def invite_friend(page, seat):
    """Press "Invite a friend to play ...": the link, as read from the page (not the
    clipboard) after the invitation's own live event has redrawn the seats."""
    before = int(page.evaluate("document.body.dataset.revision"))
    page.click(f'.tb-invite[data-seat="{seat}"]')
    page.wait_for_function("n => Number(document.body.dataset.revision) > n", arg=before)
    time.sleep(0.5)  # the link used to go 10-65 ms after that event
    field = page.locator(".tb-invite-link")
    expect(field).to_be_visible()
    expect(page.locator(f'.tb-invite-box[data-seat="{seat}"]')).to_contain_text(
        re.compile("send (this link|it) to the friend", re.IGNORECASE))
    return field.input_value()


#  A place on each game's board that takes a click at the start (Azul: a factory's tile).
BOARD_SPOT = {"go": point(4, 4), "gorogo": point(2, 2),
              "molinolog": '#board [data-point="nw,1"]',
              "azul": '.azul-factory[data-source="0"] .azul-tile'}


@pytest.mark.parametrize("game, seat, name", [
    ("go", "w", "White"), ("molinolog", "w", "White"), ("gorogo", "w", "White"),
    ("azul", "1", "Player 2"),
])
def test_a_friend_invited_by_the_button_joins(browser, server, game, seat, name):
    creator = open_page(browser, server)
    game_id = start_from_page(creator, game)
    link = invite_friend(creator, seat)
    assert link.startswith(f"{server.url}/{game}/{game_id}#invite={seat}.")

    friend = open_page(browser, server)
    friend.goto(link)
    expect(friend.locator(".tb-seats-line")).to_have_text(f"You play: {name}")

    # The creator's page follows without a reload: one seat, no invitation left, and the
    # friend is there.
    expect(creator.locator(".tb-seats-line")).not_to_contain_text(name)
    expect(creator.locator(".tb-invite")).to_have_count(0)
    expect(creator.locator(".tb-invite-link")).to_have_count(0)
    expect(creator.locator(f'.tb-presence[data-seat="{seat}"]')).to_contain_text("is here")
    expect(friend.locator(".tb-presence")).to_contain_text("is here")

    # The page whose turn it is not takes no click: it sends nothing and says whose turn.
    game_now = call(server, "GET", f"/api/games/{game_id}")
    mover = str(game_now["view"]["to_move"])
    idle = friend if mover != seat else creator
    idle.click(BOARD_SPOT[game])
    mover_name = {"b": "Black", "w": "White"}.get(mover, f"Player {int(mover) + 1}"
                                                  if mover.isdigit() else mover)
    expect(idle.locator("#message")).to_have_text(
        f"{mover_name} is to play: wait for your opponent's move.")
    assert call(server, "GET", f"/api/games/{game_id}")["revision"] == game_now["revision"]
    if game == "go":  # the saved games of each say whom they play, and whose turn it is
        for page, turn in ((creator, "Your turn"), (friend, "Your opponent's turn")):
            page.goto("/")
            saved = page.locator(f'#recent li[data-id="{game_id}"]')
            expect(saved.locator("a")).to_have_text("Go against a friend")
            expect(saved.locator(".index-state")).to_have_text(turn)
    for page in (creator, friend):
        assert page.errors == []
        page.context.close()


def test_three_people_play_azul_each_on_their_own_page(browser, server):
    """Azul for three from the index: "Play a friend" (the table's place says what to do
    until a game starts), a third seat given to a person, Start, two friends invited by the
    button, and a round's first turns played by clicks, each on the page of the seat to move,
    every page showing each turn."""
    first = open_page(browser, server)
    first.goto("/")
    first.click('#games li[data-game="azul"] a.index-friend')
    first.wait_for_url("**/azul?play=friend")
    expect(first.locator("#board-empty")).to_have_text(
        "Choose who sits at each seat (2 to 4) and start a game.")
    expect(first.locator(".azul-table")).to_be_hidden()
    first.get_by_label("Player 3").select_option("human")
    first.click("#start")
    first.wait_for_url("**/azul/*")
    game_id = first.url.rsplit("/", 1)[1]
    expect(first.locator("#board-empty")).to_be_hidden()
    expect(first.locator(".azul-table")).to_be_visible()
    expect(first.locator(".azul-board")).to_have_count(3)

    pages = {"0": first}
    for seat, name in (("1", "Player 2"), ("2", "Player 3")):
        link = invite_friend(first, seat)
        friend = open_page(browser, server)
        friend.goto(link)
        expect(friend.locator(".tb-seats-line")).to_have_text(f"You play: {name}")
        pages[seat] = friend
    expect(first.locator(".tb-seats-line")).to_have_text("You play: Player 1")
    expect(first.locator(".tb-invite")).to_have_count(0)

    seats = []
    for turn in range(4):  # each in turn, then the first again
        game = call(server, "GET", f"/api/games/{game_id}")
        view, revision = game["view"], game["revision"]
        seat = str(view["to_move"])
        seats.append(int(seat))
        action = view["legal"][0]
        source = action["source"]
        where = "#centre" if source == "centre" else f'.azul-factory[data-source="{source}"]'
        page = pages[seat]
        mover = f"Player {int(seat) + 1}"
        for other in pages.values():  # the others' pages pick nothing and say whose turn
            if other is not page:
                other.locator(f'{where} .azul-tile[data-colour="{action["colour"]}"]').first.click()
                expect(other.locator("#message")).to_have_text(
                    f"{mover} is to play: wait for your opponent's move.")
                expect(other.locator(".azul-tile.azul-is-selected")).to_have_count(0)
        page.locator(f'{where} .azul-tile[data-colour="{action["colour"]}"]').first.click()
        page.click(f'.azul-board[data-player="{seat}"] [data-line="{action["line"]}"]')
        for other in pages.values():
            other.wait_for_function("r => document.body.dataset.revision === r",
                                    arg=str(revision + 1))
        after = call(server, "GET", f"/api/games/{game_id}")
        assert after["plies"] == turn + 1
        taken = after["view"]["players"][int(seat)]
        line = action["line"]
        if line != "floor":
            cells = pages["0"].locator(
                f'.azul-board[data-player="{seat}"] [data-line="{line}"] '
                f'.azul-tile[data-colour="{action["colour"]}"]')
            expect(cells).to_have_count(len(taken["lines"][line - 1]))
    assert seats == [(seats[0] + k) % 3 for k in range(4)]
    for page in pages.values():
        assert page.errors == []
        page.context.close()


def test_playing_a_friend_from_the_page_and_a_watcher(browser, server):
    black = open_page(browser, server)
    game_id = start_from_page(black, "go")
    link = invite_friend(black, "w")
    white = open_page(browser, server)
    white.goto(link)
    expect(white.locator(".tb-seats-line")).to_have_text("You play: White")
    expect(black.locator(".tb-seats-line")).to_have_text("You play: Black")

    black.click(point(4, 4))
    seen_within(white, f"{point(4, 4)} .stone", 1, 2)
    # White's turn: Black's page offers nothing for White (no hover stone, no Pass), and a
    # click sends nothing.
    expect(black.locator("#pass")).to_be_disabled()
    expect(black.locator("#resign")).to_be_enabled()
    black.hover(point(2, 2))
    expect(black.locator("svg.grid-board")).to_have_attribute("data-hover", "")
    expect(black.locator(f"{point(2, 2)} .grid-ghost")).to_be_hidden()
    black.click(point(2, 2))
    expect(black.locator("#message")).to_contain_text("White is to play")
    expect(white.locator("#pass")).to_be_enabled()
    white.hover(point(6, 6))
    expect(white.locator(f"{point(6, 6)} .grid-ghost")).to_be_visible()

    # A third person with the plain link watches: no controls, no hover stone.
    watcher = open_page(browser, server)
    watcher.goto(f"/go/{game_id}")
    expect(watcher.locator(".tb-seats-line")).to_have_text("You are watching this game.")
    expect(watcher.locator(f"{point(4, 4)} .stone")).to_have_count(1)
    for control in ("#pass", "#resign", "#undo"):
        expect(watcher.locator(control)).to_be_hidden()
    expect(watcher.locator("#new-game")).to_be_visible()  # for a game of one's own
    watcher.hover(point(6, 6))
    expect(watcher.locator("svg.grid-board")).to_have_attribute("data-hover", "")
    expect(watcher.locator(f"{point(6, 6)} .grid-ghost")).to_be_hidden()
    watcher.click(point(6, 6))
    white.click(point(2, 6))
    seen_within(black, f"{point(2, 6)} .stone", 1, 2)
    seen_within(watcher, f"{point(2, 6)} .stone", 1, 2)
    expect(watcher.locator(f"{point(6, 6)} .stone")).to_have_count(0)
    assert call(server, "GET", f"/api/games/{game_id}")["plies"] == 2
    for page in (black, white, watcher):
        assert page.errors == []
        page.context.close()


def test_a_rematch_with_the_colours_swapped(browser, server):
    """After a game, one friend offers a rematch, the other accepts: both pages go to the
    new game, each with the other colour; a watcher gets a link to it."""
    black = open_page(browser, server)
    game_id = start_from_page(black, "go")
    white = open_page(browser, server)
    white.goto(invite_friend(black, "w"))
    expect(white.locator(".tb-seats-line")).to_have_text("You play: White")
    watcher = open_page(browser, server)
    watcher.goto(f"/go/{game_id}")
    black.click(point(4, 4))
    seen_within(white, f"{point(4, 4)} .stone", 1, 2)
    white.click("#resign")
    white.click("#resign")
    for page in (black, white, watcher):
        expect(page.locator("#result")).to_contain_text("Black wins by resignation")
    expect(watcher.locator(".tb-rematch")).to_have_count(0)

    white.click('[data-rematch="offer"]')
    expect(white.locator(".tb-rematch")).to_contain_text("waiting for your opponent")
    expect(black.locator(".tb-rematch")).to_contain_text("White offers a rematch")
    black.click('[data-rematch="accept"]')
    for page in (black, white):
        page.wait_for_url(re.compile(r"/go/(?!%s)[0-9a-f]+$" % game_id))
    new_id = black.url.rsplit("/", 1)[1]
    assert white.url.endswith(new_id)
    expect(black.locator(".tb-seats-line")).to_have_text("You play: White")
    expect(white.locator(".tb-seats-line")).to_have_text("You play: Black")
    expect(black.locator('.tb-presence[data-seat="b"]')).to_contain_text("is here")
    white.click(point(2, 2))  # the new Black moves first
    seen_within(black, f"{point(2, 2)} .stone", 1, 2)
    expect(watcher.locator(".tb-rematch a")).to_have_attribute("href", f"/go/{new_id}")
    for page in (black, white, watcher):
        assert page.errors == []
        page.context.close()


NOTICES = """
window.__notes = [];
window.__tones = 0;
window.__hidden = false;
Object.defineProperty(document, "hidden", { get: () => window.__hidden });
window.Notification = class {
  constructor(title, options) { window.__notes.push([title, options.body]); }
  static permission = "default";
  static requestPermission() { window.Notification.permission = "granted"; return Promise.resolve("granted"); }
};
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
  createOscillator() { return { frequency: {}, connect: (g) => g, start: () => { window.__tones += 1; }, stop() {} }; }
};
"""


def test_your_turn_is_noticed_when_asked_for(browser, server):
    """Off by default; turned on, the player's page chimes when it becomes their turn, and
    notifies while the tab is in the background."""
    black = open_page(browser, server)
    black.context.add_init_script(NOTICES)
    start_from_page(black, "go")
    expect(black.locator("#notify-turn")).not_to_be_checked()
    black.check("#notify-turn")
    tones = black.evaluate("window.__tones")
    white = open_page(browser, server)
    white.goto(invite_friend(black, "w"))
    expect(black.locator(".tb-seats-line")).to_have_text("You play: Black")
    black.click(point(4, 4))
    seen_within(white, f"{point(4, 4)} .stone", 1, 2)
    black.evaluate("window.__hidden = true")
    white.click(point(2, 2))
    black.wait_for_function("() => window.__notes.length === 1")
    [[title, body]] = black.evaluate("window.__notes")
    assert title == "Your turn" and "Go" in body
    assert black.evaluate("window.__tones") > tones
    assert black.evaluate("document.body.dataset.noticed") == "turn"
    # The setting is kept; White's page, without it, stays quiet.
    black.reload()
    expect(black.locator("#notify-turn")).to_be_checked()
    assert white.evaluate("document.body.dataset.noticed") is None
    for page in (black, white):
        assert page.errors == []
        page.context.close()
