"""Two people play each game to its end, each in their own Chromium context, against a real
`tablero serve`: the creator holds the first seat, the friend takes the other through the
invitation link.  The moves go through the API with the secret of the seat to move (a
seeded random choice among the view's legal actions), and after every single action both
pages must show the new revision (body[data-revision], set by game-session.js) by the live
event stream alone (no page is reloaded), each within LATE seconds (an event the stream lost
never comes), half of them within a second.  A single slow step on a loaded machine is
noise, not a failure: the delivery times themselves are bench/live.py's.  At the end both pages show
the result in their own words, and neither threw a JavaScript error.
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request

import pytest

from .conftest import call, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

SEATS = {"go": ("b", "w"), "molinolog": ("b", "w"), "gorogo": ("b", "w"), "azul": ("0", "1")}
OPTIONS = {
    "go": {"size": 9},
    "molinolog": {"size": 1, "black": "human", "white": "human"},
    "gorogo": {"black": "human", "white": "human"},
    "azul": {"players": ["human", "human"], "seed": 7},
}
COLOURS = {"b": "Black", "w": "White"}  # Molinolog's end dialog
LIMIT = {"go": 40, "molinolog": 300, "gorogo": 25, "azul": 300}  # actions, at most
GO_MOVES = 10          # Go: this many stones (or fewer, if refused), pass, pass, both accept
WITHIN = 1.0           # seconds: the median from sending an action to a page showing it
LATE = 5.0             # seconds: a page that has not shown a revision by then missed it
SEED = 2024


class Refused(Exception):
    def __init__(self, status, error):
        super().__init__(f"{status} {error}")
        self.status, self.error = status, error


def act(server, game_id, secret, action, revision):
    """POST one action as the seat whose secret this is; the reply, or Refused."""
    body = json.dumps({"action": action, "revision": revision}).encode()
    request = urllib.request.Request(
        f"{server.url}/api/games/{game_id}/actions", data=body, method="POST",
        headers={"Content-Type": "application/json", "Authorization": f"Bearer {secret}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as resp:
            return json.load(resp)
    except urllib.error.HTTPError as error:
        with error:
            raise Refused(error.code, json.load(error).get("error")) from None


def candidates(game, view, rng, played):
    """The actions to try, best first: one seeded random legal choice (Go: a few random
    empty points, then passes; the rules refuse a suicide or a ko, so more than one)."""
    if game == "go":
        if view.get("phase") == "scoring":  # after two passes each player accepts the count
            return [{"kind": "accept", "player": view["to_move"]}]
        if played >= GO_MOVES:
            return [{"kind": "pass"}]
        empty = [[r, c] for r, row in enumerate(view["board"]) for c, cell in enumerate(row)
                 if cell == "-"]
        rng.shuffle(empty)
        return [{"kind": "move", "pos": pos} for pos in empty[:8]] + [{"kind": "pass"}]
    if game == "gorogo":
        legal = [{"kind": "place", "piece": piece, "pos": pos}
                 for piece in ("regular", "henge") for pos in view["legal"][piece]]
        return [rng.choice(legal)]
    return [rng.choice(view["legal"])]


def revision_within(page, revision, started):
    """Wait until the page shows `revision`; seconds since `started` (a failed wait says what
    the page showed instead)."""
    try:
        page.wait_for_function("r => document.body.dataset.revision === r", arg=str(revision),
                               timeout=LATE * 1000)
    except sync_api.TimeoutError:
        shown = page.evaluate("document.body.dataset.revision")
        return None, shown
    return time.monotonic() - started, None


def open_both(browser, server, game):
    """The creator's page (holding the first seat) and the friend's (taking the second by
    the invitation link), both on the game; the friend's secret from its localStorage."""
    game_id = game["id"]
    first, second = SEATS[game["game"]]
    creator = open_page(browser, server)
    creator.context.add_init_script(
        "localStorage.setItem('tablero.seats', JSON.stringify(%s));"
        % json.dumps({game_id: game["secrets"]}))
    creator.goto(f"/{game['game']}/{game_id}")
    friend = open_page(browser, server)
    friend.goto(game["invitations"][second])
    expect(friend.locator(".tb-seats")).to_contain_text("You play:")
    expect(creator.locator(".tb-seats")).to_contain_text("You play:")
    held = friend.evaluate("JSON.parse(localStorage.getItem('tablero.seats'))")
    assert set(held[game_id]) == {second}
    # Taking the seat bumped the revision: both pages are on the game as it is now.
    revision = call(server, "GET", f"/api/games/{game_id}")["revision"]
    for page in (creator, friend):
        page.wait_for_function("r => document.body.dataset.revision === r", arg=str(revision),
                               timeout=5000)
        page.evaluate("window.__sameDocument = true")  # gone if the page ever reloads
    secrets = {first: game["secrets"][first], second: held[game_id][second]}
    return creator, friend, secrets, revision


def assert_result_shown(game, page, view):
    """The page's own result element says the game is over (and who won)."""
    result = view["result"]
    if game == "go":
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result .go-result-code")).to_have_text(result["code"])
    elif game == "molinolog":
        dialog = page.locator("#end-dialog")
        expect(dialog).to_be_visible()
        assert page.evaluate("document.querySelector('#end-dialog').open")
        title = f"{COLOURS[result['winner']]} wins!" if result["winner"] else "Draw"
        expect(page.locator("#end-title")).to_have_text(title)
        expect(page.locator("#end-reason")).not_to_be_empty()
    elif game == "gorogo":
        expect(page.locator("#result")).to_be_visible()
        expect(page.locator("#result-text")).to_have_text(view["status"]["en"])
        expect(page.locator("#result-code")).to_have_text(str(result["margin"]))
        expect(page.locator("#status")).to_be_hidden()
    elif game == "azul":
        expect(page.locator("#result table.azul-final")).to_be_visible()
        expect(page.locator("#result tr.azul-is-winner")).to_have_count(len(result["winners"]))
        scores = [str(player["score"]) for player in view["players"]]
        expect(page.locator("#result td.azul-final-score")).to_have_text(scores)


@pytest.mark.parametrize("game", ["go", "molinolog", "gorogo", "azul"])
def test_two_people_play_to_the_end(browser, server, game):
    made = call(server, "POST", "/api/games",
                {"game": game, "options": OPTIONS[game], "hold": [SEATS[game][0]]})
    creator, friend, secrets, revision = open_both(browser, server, made)
    try:
        game_id = made["id"]
        view = call(server, "GET", f"/api/games/{game_id}")["view"]
        rng = random.Random(SEED)
        played, times = 0, []
        t0 = time.monotonic()
        while not view["over"]:
            assert played < LIMIT[game], (
                f"{game}: still not over after {played} random legal actions "
                f"(revision {revision}, status {view.get('status')})")
            mover = view["to_move"]
            for action in candidates(game, view, rng, played):
                started = time.monotonic()
                try:
                    reply = act(server, game_id, secrets[mover], action, revision)
                    break
                except Refused as refused:
                    # Only Go's random stones may be refused (suicide, ko): legal lists may not.
                    assert game == "go" and action["kind"] == "move" and refused.status == 409 \
                        and refused.error.get("code") not in ("stale", "conflict"), (
                        f"{game}: step {played + 1}: {mover} {action} refused: {refused}")
            else:
                pytest.fail(f"{game}: step {played + 1}: no action of {mover} accepted")
            answered = time.monotonic() - started
            assert reply["revision"] > revision
            revision, view = reply["revision"], reply["view"]
            played += 1
            for name, page in (("creator", creator), ("friend", friend)):
                waited, shown = revision_within(page, revision, started)
                assert waited is not None, (
                    f"{game}: step {played} ({mover} {action}): the {name}'s page still shows "
                    f"revision {shown}, not {revision}, {LATE:.0f} s after the action")
                times.append((waited, played, name, answered))
        wall = time.monotonic() - t0

        for page in (creator, friend):
            assert_result_shown(game, page, view)
            assert page.evaluate("window.__sameDocument === true"), "the page was reloaded"
            assert page.evaluate("document.body.dataset.revision") == str(revision)
        errors = {"creator": creator.errors, "friend": friend.errors}
        times.sort()
        slowest = ", ".join(f"step {step} {name} {waited * 1000:.0f} ms (API {api * 1000:.0f})"
                            for waited, step, name, api in reversed(times[-3:]))
        print(f"\n{game}: {played} actions to {view['result'].get('code')} "
              f"(winner {view['result'].get('winner')}) in {wall:.1f} s; both pages' revision "
              f"after an action: median {times[len(times) // 2][0] * 1000:.0f} ms; "
              f"slowest: {slowest}")
    finally:
        for page in (creator, friend):
            page.context.close()
    median = times[len(times) // 2][0]
    assert median < WITHIN, f"{game}: half the pages took more than {median:.3f} s to show a move"
    assert errors == {"creator": [], "friend": []}
