"""The Prolog panel's goals can be pasted (static/prolog-panel.js, issue 12 item 3).

Every goal the panel shows is complete (the board, the game's state bound): run with
`swipl -q prolog/<game>.pl` it gives the answer the panel shows.  The tests play Go,
Molinolog, GoRoGo and Azul in Chromium against a real server (accepted actions, refused
ones, the machine's), read each goal and answer from the panel, run each goal in a swipl
subprocess of its own that prints the answer the way the panel writes it (the toplevel's
`Var = Value` with a space after each argument's comma, `true`, `false`), and compare.
The machine's choice is a goal too and pastes exactly: Go's names the seed of its random
playouts (and the game term with its whole history), Molinolog's, GoRoGo's and Azul's
searches are deterministic (unless the panel says the machine's time ran out before it
could repeat it).  The Copy button puts the goal and its full stop on the clipboard.  The
Spanish page shows the panel's words in Spanish.
"""

from __future__ import annotations

import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
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
    """The answer of `goal` pasted into `swipl -q prolog/<game>.pl`, a process of its own."""
    done = subprocess.run(
        ["swipl", "-q", "-g", f"consult('{harness}')", "-g", "paste_answer", "-t", "halt",
         str(ROOT / "prolog" / f"{game}.pl"), "--", goal],
        capture_output=True, text=True, timeout=120, cwd=ROOT)
    return done.stdout.strip().splitlines()[-1] if done.stdout.strip() else f"(no answer) {done.stderr[-400:]}"


def run_goals(harness: Path, game: str, goals: list[str]) -> list[str]:
    """run_goal of each goal, a few of the processes at a time (they wait on loading more
    than they compute); the answers in the goals' order."""
    with ThreadPoolExecutor(max_workers=4) as pool:
        return list(pool.map(lambda goal: run_goal(harness, game, goal), goals))


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


def written(page):
    """Wait until the rules have written every entry's goals (POST /api/goals/<game>)."""
    expect(page.locator(".prolog-entry[data-pending]")).to_have_count(0)


def goals(page):
    """[(goal, answer)] of every complete goal in the panel, newest first, but the
    machine's choice (see test_the_machines_choice_is_a_goal)."""
    written(page)
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
    pasted = run_goals(harness, "go", [goal for goal, _ in shown])
    for (goal, answer), got in zip(shown, pasted):
        assert got == answer, goal[:200]
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


def machine_goals(page):
    """[(goal, answer)] of the machine's choices in the panel, newest first."""
    written(page)
    return page.evaluate("""() => [...document.querySelectorAll('#prolog-panel .prolog-is-machine')]
        .map((g) => [g.querySelector('.prolog-query').dataset.goal,
                     g.querySelector('.prolog-answer').dataset.answer])""")


def test_the_machines_choice_is_a_goal(page, server, harness):
    #  Positional superko: the server keeps the game's history outside its stored state,
    #  and the machine sees the full one (every position so far), so the goal must hold it.
    open_go(page, server, {"size": 9, "white": "machine", "ko": "superko"})
    page.click(point(4, 4))
    expect(page.locator(".prolog-is-machine")).to_have_count(1, timeout=40_000)
    page.click(point(2, 2))
    expect(page.locator(".prolog-is-machine")).to_have_count(2, timeout=40_000)
    expect(page.locator(".prolog-entry")).to_have_count(4)     # Black, the machine, twice
    expect(page.locator(".prolog-is-machine .prolog-gloss").first).to_have_text(
        "The machine plays as many random playouts as this goal says, drawn from its seed: "
        "pasted, it chooses the same move.")
    played = page.evaluate("""() => [...document.querySelectorAll('#board svg.grid-board .grid-point')]
        .filter((p) => p.querySelector('.stone.white'))
        .map((p) => [Number(p.dataset.row), Number(p.dataset.col)])""")
    shown = machine_goals(page)
    assert len(shown) == 2
    moves, pastes = [], []
    for (goal, answer), plies in zip(shown, (3, 1)):
        assert "\n" not in goal
        m = re.fullmatch(r"go_machine_action\((go\(settings\(9,documents,superko,0,white,"
                         r"players\(human,machine\)\),.*\)), \[seed\((\d+)\), simulations\((\d+)\)\], "
                         r"Action\)", goal)
        assert m, goal[:200]
        r, c = map(int, re.fullmatch(r'Action = move\("w", \[(\d), (\d)\]\)', answer).groups())
        assert [r, c] in played                                # the move the board shows
        moves.append((r, c))
        # Pasted, the goal chooses the same move: the seed and the count make the playouts
        # repeat, though the machine searched on the clock.
        pastes.append((goal, answer))
        # The game term is the one the machine saw: every position of the game so far.
        pastes.append((f"_G = {m[1]}, arg(6, _G, _H), length(_H, N)", f"N = {plies + 1}"))
    for (goal, answer), got in zip(pastes, run_goals(harness, "go", [g for g, _ in pastes])):
        assert got == answer, goal[:200]
    # The move it chose, as goMove/4 on the board before it, pastes exactly too.
    r, c = moves[0]
    goal = check_all(page, harness, 4)[0][0]
    assert goal.startswith("goMove(") and goal.endswith(f'"w", [{r},{c}], RBoard)')


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
        expect(page.locator(f"{point(0, 0)} .stone")).to_have_count(1)  # Black's, shown
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


# ---- Molinolog, GoRoGo, Azul: goals their rules write --------------------------------------


def panel_goals(page):
    """[{goal, answer, machine, exact}] of every goal in the panel, newest first."""
    written(page)
    return page.evaluate("""() => [...document.querySelectorAll('#prolog-panel .prolog-goal')]
        .map((g) => ({goal: g.querySelector('.prolog-query').dataset.goal ?? null,
                      answer: g.querySelector('.prolog-answer').dataset.answer ?? null,
                      machine: g.classList.contains('prolog-is-machine'),
                      exact: g.dataset.exact !== 'false'}))""")


def check_pasted(page, harness, game, count):
    """Each of the `count` goals shown pastes: the same answer from swipl prolog/<game>.pl
    (the machine's too, when the panel says it repeats exactly)."""
    shown = panel_goals(page)
    assert len(shown) == count, [g["goal"] and g["goal"][:80] for g in shown]
    for g in shown:
        assert g["goal"], g                                   # no "not a complete goal"
        assert "\n" not in g["goal"]
        assert not re.search(r"\b(Board|State0|S0|E0|Game0)\b", g["goal"]), g["goal"][:200]
    exact = [g for g in shown if g["exact"]]
    for g, got in zip(exact, run_goals(harness, game, [g["goal"] for g in exact])):
        assert got == g["answer"], g["goal"][:200]
    expect(page.locator(".prolog-is-incomplete")).to_have_count(0)
    return shown


def open_game(page, server, game, options, actions=()):
    made = call(server, "POST", "/api/games", {"game": game, "options": options})
    secret = next(iter(made["secrets"].values()))
    for action in actions:
        call(server, "POST", f"/api/games/{made['id']}/actions", {"action": action}, secret)
    hold_seats(page, made["id"], made["secrets"])
    page.goto(f"/{game}/{made['id']}")
    page.evaluate("document.querySelector('#prolog-panel').open = true")
    return made


def mill_point(where):
    return f'#board [data-point="{where}"]'


def test_molinolog_a_placement_the_machine_and_a_refusal_paste(page, server, harness):
    open_game(page, server, "molinolog", {"size": 1, "white": "machine", "depth": 2})
    page.wait_for_selector(mill_point("n,1"))
    page.click(mill_point("n,1"))                              # Black places
    expect(page.locator(".prolog-is-machine")).to_have_count(1, timeout=40_000)
    expect(page.locator(".prolog-entry")).to_have_count(2)     # Black, the machine (White)
    page.click(mill_point("n,1"))                              # occupied
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    shown = check_pasted(page, harness, "molinolog", 1 + 4 + 3)
    refused, machine = shown[0], shown[1]
    assert refused["goal"].startswith("rechazo(estado(1,false,negro,colocar,[")
    assert refused["goal"].endswith(", colocar((n,1)), Codigo)")
    assert refused["answer"] == "Codigo = occupied"
    # The machine's choice: its search at the depth it reached, on the engine's state.
    assert machine["machine"] and machine["exact"]
    assert machine["goal"].startswith("best_move(molinolog(rules(1,false),")
    assert re.fullmatch(r"Move = place\(\((n|ne|e|se|s|sw|w|nw), [12]\)\)", machine["answer"])
    assert shown[2]["goal"].startswith("rechazo(estado(1,false,blanco,colocar,[ficha(negro,n,1)],")
    assert shown[3]["answer"] == "Turno = negro, Fase = colocar"
    assert shown[4]["answer"] == "false"                       # fin_del_juego/2: not over
    expect(page.locator(".prolog-is-machine .prolog-gloss")).to_have_text(
        "The machine's search is deterministic: pasted, this goal chooses the same move.")


#  test_browser_molinolog.py's game on the board of size 1: Black's (s,2)-(s,1), played by
#  clicks, closes the mill (sw,1) (s,1) (se,1), and its capture of (nw,1) leaves White with
#  two pieces.
ALMOST_OVER = [
    ("place", "n", 2), ("place", "w", 1), ("place", "sw", 2), ("place", "e", 1),
    ("place", "sw", 1), ("place", "e", 2), ("place", "s", 2), ("place", "nw", 1),
    ("place", "se", 2), ("capture", "w", 1), ("place", "nw", 2), ("place", "se", 1),
    ("place", "n", 1), ("move", ("s", 2), ("s", 1)), ("capture", "e", 1),
    ("move", ("n", 1), ("ne", 1)), ("move", ("s", 1), ("s", 2)), ("capture", "nw", 2),
    ("move", ("e", 2), ("ne", 2)),
]


def mill_action(kind, *where):
    if kind == "move":
        return {"kind": "move", "from": list(where[0]), "to": list(where[1])}
    return {"kind": kind, "point": list(where)}


def test_molinolog_a_move_a_mill_and_the_end_paste(page, server, harness):
    open_game(page, server, "molinolog", {"size": 1, "white": "human"},
              [mill_action(*a) for a in ALMOST_OVER])
    page.wait_for_selector(mill_point("s,2"))
    page.click(mill_point("s,2"))
    page.click(mill_point("e,2"))                              # not a neighbour
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    page.click(mill_point("s,1"))                              # (s,2)-(s,1): a mill
    expect(page.locator(".prolog-entry")).to_have_count(2)
    page.click(mill_point("nw,1"))                             # the capture that ends it
    expect(page.locator(".prolog-entry")).to_have_count(3)
    shown = check_pasted(page, harness, "molinolog", 3 + 4 + 1)
    assert shown[-1]["goal"].endswith(", mover((s,2),(e,2)), Codigo)")
    assert shown[-1]["answer"] == "Codigo = not_adjacent"
    move = shown[3:7]
    assert move[0]["answer"] == "false"                        # rechazo/3: not refused
    assert move[1]["goal"] == "adyacentes(1, (s,2), (s,1))" and move[1]["answer"] == "true"
    assert move[2]["answer"] == "Turno = negro, Fase = capturar([(s, 1), (se, 1), (sw, 1)])"
    assert move[3]["answer"] == "false"                        # fin_del_juego/2
    capture = shown[:3]
    assert ", capturar((nw,1)), _E), fin_del_juego(_E, Resultado)" in capture[2]["goal"]
    assert capture[2]["answer"] == "Resultado = gana(negro, dos_fichas)"


def gorogo_point(row, col):
    return f'#board .grid-point[data-row="{row}"][data-col="{col}"]'


def test_gorogo_placements_the_machine_and_a_refusal_paste(page, server, harness):
    open_game(page, server, "gorogo", {"white": "machine", "depth": 2})
    expect(page.locator(".prolog-is-machine")).to_have_count(1, timeout=40_000)   # the Henge
    henge = page.locator('#board .grid-point[data-cell="h"]')
    expect(henge).to_have_count(1)
    target = page.locator("#board .gorogo-legal").first
    target.click()                                             # Black
    expect(page.locator(".prolog-is-machine")).to_have_count(2, timeout=40_000)
    henge.click()                                              # occupied
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    shown = check_pasted(page, harness, "gorogo", 1 + 3 + 2 + 3)
    assert shown[0]["goal"].startswith("gorogo_refusal(gorogo([[")
    assert shown[0]["answer"] == "Code = occupied"
    machine = [g for g in shown if g["machine"]]
    assert len(machine) == 2
    assert machine[-1]["goal"].startswith("gorogo_best_move(gorogo([[0,0,0,0,0],")
    assert machine[-1]["goal"].endswith("captures(0,0),opening_henge), 2, Move)")
    assert re.fullmatch(r"Move = place\(henge, \d, \d\)", machine[-1]["answer"])
    placed = [g for g in shown if g["goal"].startswith("gorogo_place(")]
    assert len(placed) == 3 and all(g["answer"].startswith("State = gorogo([[") for g in placed)
    expect(page.locator(".prolog-gloss", has_text="0 pieces captured")).to_have_count(3)


def azul_tile(source, colour):
    where = "#centre" if source == "centre" else f'.azul-factory[data-source="{source}"]'
    return f'{where} .azul-tile[data-colour="{colour}"]'


def azul_line(player, target):
    return f'.azul-board[data-player="{player}"] [data-line="{target}"]'


def test_azul_a_turn_the_machine_and_a_refusal_paste(page, server, harness):
    made = open_game(page, server, "azul", {"players": ["human", "greedy"], "seed": 11})
    game_id = made["id"]
    expect(page.locator("#status")).to_contain_text("player 1 (human) to move", timeout=40_000)
    view = call(server, "GET", f"/api/games/{game_id}")["view"]
    assert view["to_move"] == "0"
    machine_first = view["round"] == 1 and view["last"] is not None
    take = next(a for a in view["legal"] if a["line"] == 5 and a["source"] != "centre")
    page.locator(azul_tile(take["source"], take["colour"])).first.click()
    page.click(azul_line("0", 5))
    expect(page.locator(".prolog-is-machine")).to_have_count(1 + machine_first, timeout=40_000)
    view = call(server, "GET", f"/api/games/{game_id}")["view"]
    source, wrong = next((i, c) for i, f in enumerate(view["factories"]) for c in f
                         if c != take["colour"])
    page.locator(azul_tile(source, wrong)).first.click()
    page.click(azul_line("0", 5))                              # the line holds another colour
    expect(page.locator(".prolog-entry.prolog-is-refused")).to_have_count(1)
    shown = check_pasted(page, harness, "azul", 1 + 2 + 3 * (1 + machine_first))
    assert shown[0]["goal"].startswith("azul_rules:take_refusal(azul(11,")
    assert shown[0]["answer"] == "Code = colour_mismatch"
    machine = [g for g in shown if g["machine"]]
    assert machine and all(g["goal"].startswith("azul_machine:choose_move(greedy, azul(11,")
                           for g in machine)
    took = [g for g in shown if g["goal"].startswith("azul_rules:take_turn(")]
    assert all(g["answer"].startswith("Events = [took(") for g in took)


def test_the_spanish_page_speaks_spanish_about_the_machine(browser, server):
    from .conftest import open_page

    page = open_page(browser, server, locale="es-AR", timeout_ms=15_000)
    try:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        open_game(page, server, "gorogo", {"white": "machine", "depth": 1})
        expect(page.locator(".prolog-is-machine")).to_have_count(1, timeout=40_000)
        expect(page.locator(".prolog-is-machine .prolog-gloss")).to_have_text(
            "La búsqueda de la máquina es determinista: pegado, este objetivo elige la misma jugada.")
        expect(page.locator(".prolog-hint")).to_contain_text("péguelo en swipl prolog/gorogo.pl")
        expect(page.locator(".prolog-gloss", has_text="0 piezas capturadas")).to_have_count(1)
        copy = page.locator(".prolog-is-machine .prolog-copy")
        expect(copy).to_have_text("Copiar")
        goal = page.locator(".prolog-is-machine .prolog-query").get_attribute("data-goal")
        copy.click()
        expect(copy).to_have_text("Copiado")
        assert page.evaluate("navigator.clipboard.readText()") == goal + "."
        assert goal.startswith("gorogo_best_move(gorogo(")
        assert page.errors == []
    finally:
        page.context.close()
