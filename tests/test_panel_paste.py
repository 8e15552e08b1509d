"""The Prolog panel's goals can be pasted (static/prolog-panel.js, issue 12 item 3).

Every goal the panel shows for a Go game is complete (the board, the game term bound):
run with `swipl -q prolog/go.pl` it gives the answer the panel shows.  The test plays in
Chromium against a real server, reads each goal and answer from the panel, runs each goal
in a swipl subprocess that prints the answer the way the panel writes it (the toplevel's
`Var = Value` with a space after each argument's comma, `true`, `false`), and compares.
The Copy button puts the goal and its full stop on the clipboard.  The Spanish page shows
the panel's words in Spanish.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from .conftest import call, hold_seats

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_LOCALE = "en-GB"
PAGE_TIMEOUT_MS = 15_000
ROOT = Path(__file__).resolve().parent.parent

#  Prints the first answer of the goal given after `--` as the panel writes it.
HARNESS = r"""
paste_answer :-
    current_prolog_flag(argv, [Text|_]),
    term_string(Goal, Text, [variable_names(Names)]),
    (   catch(Goal, E, (print_message(error, E), fail))
    ->  exclude(anonymous, Names, Shown),
        (   Shown == []
        ->  Answer = "true"
        ;   maplist(binding, Shown, Parts),
            atomic_list_concat(Parts, ', ', Answer)
        )
    ;   Answer = "false"
    ),
    format("~w~n", [Answer]).

anonymous(Name = _) :- sub_atom(Name, 0, _, _, '_').

binding(Name = Value, Text) :-
    format(string(Text), "~w = ~W", [Name, Value, [quoted(true), spacing(next_argument)]]).
"""


def run_goal(harness: Path, game: str, goal: str) -> str:
    done = subprocess.run(
        ["swipl", "-q", "-g", f"consult('{harness}')", "-g", "paste_answer", "-t", "halt",
         str(ROOT / "prolog" / f"{game}.pl"), "--", goal],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else f"(no answer) {done.stderr[-400:]}"


@pytest.fixture(scope="module")
def harness(tmp_path_factory):
    path = tmp_path_factory.mktemp("paste") / "harness.pl"
    path.write_text(HARNESS)
    return path


def point(row, col):
    return f'#board svg.grid-board .grid-point[data-row="{row}"][data-col="{col}"]'


def open_go(page, server, options, moves=()):
    game = call(server, "POST", "/api/games", {"game": "go", "options": options})
    secret = game["secrets"]["b"]
    for pos in moves:
        call(server, "POST", f"/api/games/{game['id']}/actions",
             {"action": {"kind": "move", "pos": pos}}, secret)
    hold_seats(page, game["id"], game["secrets"])
    page.goto(f"/go/{game['id']}")
    expect(page.locator("#board svg.grid-board")).to_be_visible()
    page.evaluate("document.querySelector('#prolog-panel').open = true")
    return game


def goals(page):
    """[(goal, answer)] of every complete goal in the panel, newest first, but the
    machine's choice (random: see test_the_machines_choice_is_a_goal)."""
    return page.evaluate("""() => [...document.querySelectorAll('#prolog-panel .prolog-goal')]
        .filter((g) => g.querySelector('.prolog-query[data-goal]'))
        .filter((g) => !g.classList.contains('prolog-is-machine'))
        .map((g) => [g.querySelector('.prolog-query').dataset.goal,
                     g.querySelector('.prolog-answer').dataset.answer])""")


def check_all(page, harness, expected_count):
    shown = goals(page)
    assert len(shown) == expected_count, shown
    for goal, answer in shown:
        assert "\n" not in goal
        assert not re.search(r"\b(Board|Game0)\b", goal), goal      # every input bound
        assert run_goal(harness, "go", goal) == answer, goal[:200]
    return shown


def test_go_moves_refusals_and_passes_paste(page, server, harness):
    open_go(page, server, {"size": 9})
    page.click(point(2, 2))                                    # Black
    expect(page.locator(f"{point(2, 2)} .stone")).to_have_count(1)
    page.click(point(2, 2))                                    # White: occupied
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    page.click(point(3, 2))                                    # White
    expect(page.locator(f"{point(3, 2)} .stone")).to_have_count(1)
    page.click("#pass")                                        # Black passes (asks twice)
    page.click("#pass")
    expect(page.locator(".prolog-entry")).to_have_count(4)
    shown = check_all(page, harness, 4)
    assert shown[0][0].startswith('go_play(go(settings(9,documents,simple,0,white,')
    assert shown[0][1] == "true"
    assert shown[1][1].startswith('RBoard = [["-", "-", "-"')
    assert shown[2][1] == "false"
    assert shown[2][0].startswith('goMove([["-","-","-","-","-","-","-","-","-"],')
    expect(page.locator(".prolog-goal .prolog-gloss").nth(2)).to_have_text("the point is not empty")


def test_a_capture_and_a_ko_paste(page, server, harness):
    #  A ko on 9x9: Black's [1,2] takes White's [1,1]; White's retake is refused.
    open_go(page, server, {"size": 9}, moves=[[1, 0], [0, 2], [0, 1], [2, 2], [2, 1], [1, 3],
                                              [8, 8], [1, 1]])
    page.click(point(1, 2))                                    # Black captures [1,1]
    expect(page.locator(f"{point(1, 1)} .stone")).to_have_count(0)
    page.click(point(1, 1))                                    # White's retake: ko
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    shown = check_all(page, harness, 3)
    assert shown[0][0].startswith("goMove(") and shown[0][1] == "true"
    assert " \\== " in shown[1][0] and shown[1][1] == "false"
    expect(page.locator(".prolog-gloss", has_text="ko rule")).to_have_count(1)
    expect(page.locator(".prolog-gloss", has_text="1 stone captured")).to_have_count(2)


def test_the_machines_choice_is_a_goal(page, server, harness):
    open_go(page, server, {"size": 9, "white": "machine"})
    page.click(point(4, 4))
    expect(page.locator(".prolog-is-machine")).to_have_count(1, timeout=40_000)
    expect(page.locator(".prolog-entry")).to_have_count(2)     # Black, the machine
    goal = page.locator(".prolog-is-machine .prolog-query").get_attribute("data-goal")
    answer = page.locator(".prolog-is-machine .prolog-answer").get_attribute("data-answer")
    assert goal.startswith("go_machine_action(go(settings(9,documents,simple,0,white,"
                           "players(human,machine)),")
    # The machine draws random playouts: pasted, the goal answers a move of White's (the
    # same one or another, as the panel says).
    got = run_goal(harness, "go", goal)
    assert re.fullmatch(r'Action = (move\("w", \[\d, \d\]\)|pass\("w"\))', got), got
    assert re.fullmatch(r'Action = move\("w", \[\d, \d\]\)', answer), answer
    # The move it chose, as goMove/4 on the board before it, pastes exactly.
    shown = check_all(page, harness, 2)
    r, c = re.fullmatch(r'Action = move\("w", \[(\d), (\d)\]\)', answer).groups()
    assert shown[0][0].startswith("goMove(") and shown[0][0].endswith(f'"w", [{r},{c}], RBoard)')


def test_copy_puts_the_goal_on_the_clipboard(browser, server):
    from .conftest import open_page

    page = open_page(browser, server, locale="en-GB", timeout_ms=15_000)
    try:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        open_go(page, server, {"size": 9})
        page.click(point(0, 0))
        expect(page.locator(".prolog-copy")).to_have_count(1)
        goal = page.locator(".prolog-query[data-goal]").first.get_attribute("data-goal")
        page.locator(".prolog-copy").first.click()
        expect(page.locator(".prolog-copy").first).to_have_text("Copied")
        assert page.evaluate("navigator.clipboard.readText()") == goal + "."
        assert page.errors == []
    finally:
        page.context.close()


def test_the_spanish_page_speaks_spanish(browser, server):
    from .conftest import open_page

    page = open_page(browser, server, locale="es-AR", timeout_ms=15_000)
    try:
        open_go(page, server, {"size": 9})
        page.click(point(0, 0))
        page.click(point(0, 0))                                # occupied
        expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
        expect(page.locator(".prolog-copy").first).to_have_text("Copiar")
        expect(page.locator(".prolog-gloss").first).to_have_text("el punto no está vacío")
        expect(page.locator(".prolog-gloss").nth(1)).to_have_text("0 piedras capturadas")
        expect(page.locator(".prolog-hint")).to_contain_text("péguelo en swipl prolog/go.pl")
        page.click("#lang")                                    # to English, redrawn
        expect(page.locator(".prolog-gloss").first).to_have_text("the point is not empty")
        assert page.errors == []
    finally:
        page.context.close()
