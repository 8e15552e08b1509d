"""The Prolog console ("Ask the position") on every game page, in Debian's Chromium.

The module runs its own server: gunicorn as `tablero serve` runs it (one gthread worker,
Prolog on a dedicated thread, JSON gunicorn errors), with the console's blueprint
registered on the app if create_app does not register it yet.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .conftest import PHONE, ROOT, call, free_port, open_page

sync_api = pytest.importorskip("playwright.sync_api")
expect = sync_api.expect

pytestmark = pytest.mark.browser

PAGE_LOCALE = "en-GB"
PAGE_TIMEOUT_MS = 20_000

SERVE = """
import sys
from app import console, security
from app.cli import Server, warm_up

class ConsoleServer(Server):
    def load(self):
        app = super().load()
        if "console" not in app.blueprints:
            app.register_blueprint(console.bp)
        return app

ConsoleServer({
    "bind": f"127.0.0.1:{sys.argv[1]}", "workers": 1, "worker_class": "gthread",
    "threads": 16, "post_worker_init": warm_up, "accesslog": None, "timeout": 60,
    "graceful_timeout": 5, **security.gunicorn_settings(),
}).run()
"""


class ConsoleServer:
    def __init__(self, db: Path):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "TABLERO_DB": str(db), "TABLERO_PROLOG_THREAD": "dedicated",
               "TABLERO_HOSTS": "127.0.0.1,localhost"}
        self.proc = subprocess.Popen([sys.executable, "-c", SERVE, str(self.port)], env=env,
                                     cwd=ROOT, stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("the console's test server did not start")
                time.sleep(0.2)

    def stop(self):
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, 15)
            self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    live = ConsoleServer(tmp_path_factory.mktemp("console-browser") / "live.db")
    yield live
    live.stop()


@pytest.fixture
def csp_violations(page):
    """Console messages about the Content Security Policy (an inline style or script)."""
    found = []
    page.on("console", lambda msg: found.append(msg.text)
            if "Content Security Policy" in msg.text else None)
    return found


def new_game(server, game, **options):
    return call(server, "POST", "/api/games", {"game": game, "options": options})["id"]


def open_console(page, path):
    page.goto(path)
    panel = page.locator("#prolog-panel")
    expect(panel.locator(".prolog-console-input")).to_be_attached()
    if not panel.evaluate("el => el.open"):
        panel.locator("summary").click()
    return panel


def run(panel, goal):
    panel.locator(".prolog-console-input").fill(goal)
    panel.locator(".prolog-console-run").click()
    entry = panel.locator(".prolog-console-entry").last
    expect(entry).not_to_contain_text("Running")
    expect(entry).not_to_contain_text("Ejecutando")
    return entry


def test_go_example_answers_like_the_toplevel(page, server, csp_violations):
    gid = new_game(server, "go", size=9)
    panel = open_console(page, f"/go/{gid}")
    expect(panel.locator(".prolog-console-title")).to_have_text("Ask the position")
    example = panel.locator(".prolog-console-example")
    expect(example).to_have_text("adyacentes(Board, 3, 4, A)")
    example.click()
    expect(panel.locator(".prolog-console-input")).to_have_value("adyacentes(Board, 3, 4, A)")
    panel.locator(".prolog-console-run").click()
    entry = panel.locator(".prolog-console-entry").last
    expect(entry.locator(".prolog-console-goal")).to_have_text("?- adyacentes(Board, 3, 4, A).")
    expect(entry.locator(".prolog-console-answer")).to_have_text(
        'A = [["-", 2, 4], ["-", 4, 4], ["-", 3, 3], ["-", 3, 5]].')
    entry = run(panel, "member(X, [1, 2])")
    expect(entry.locator(".prolog-console-answer")).to_have_text(["X = 1 ;", "X = 2."])
    entry = run(panel, "between(1, 3, X), X < 2")
    expect(entry.locator(".prolog-console-answer")).to_have_text(["X = 1 ;", "false."])
    entry = run(panel, 'format("hello~n"), Player = P')
    expect(entry.locator(".prolog-console-output")).to_have_text("hello")
    expect(entry.locator(".prolog-console-answer")).to_have_text('P = "b".')
    entry = run(panel, "between(1, inf, X)")
    expect(entry.locator(".prolog-console-answer")).to_have_count(10)
    expect(entry.locator(".prolog-console-note")).to_contain_text("More answers were not shown")
    assert csp_violations == []


def test_hostile_goals_get_a_reason_and_the_next_goal_works(page, server):
    gid = new_game(server, "go", size=9)
    panel = open_console(page, f"/go/{gid}")
    entry = run(panel, "shell(ls)")
    expect(entry.locator(".prolog-console-error")).to_have_text(
        "The sandbox does not allow this goal.")
    expect(entry.locator(".prolog-console-detail")).to_contain_text(
        "No permission to call sandboxed `shell(")
    entry = run(panel, "foo(")
    expect(entry.locator(".prolog-console-error")).to_have_text("The goal is not valid Prolog.")
    entry = run(panel, "repeat, fail")
    expect(entry.locator(".prolog-console-error")).to_contain_text("stopped")
    entry = run(panel, "X is 2 + 2")
    expect(entry.locator(".prolog-console-answer")).to_have_text("X = 4.")


def test_history_under_the_arrow_keys(page, server):
    gid = new_game(server, "go", size=9)
    panel = open_console(page, f"/go/{gid}")
    run(panel, "X = 1")
    run(panel, "Y = 2")
    field = panel.locator(".prolog-console-input")
    field.fill("draft")
    field.press("ArrowUp")
    expect(field).to_have_value("Y = 2")
    field.press("ArrowUp")
    expect(field).to_have_value("X = 1")
    field.press("ArrowDown")
    field.press("ArrowDown")
    expect(field).to_have_value("draft")
    page.reload()                                   # kept in localStorage
    panel = open_console(page, f"/go/{gid}")
    panel.locator(".prolog-console-input").press("ArrowUp")
    expect(panel.locator(".prolog-console-input")).to_have_value("Y = 2")


def test_spanish(page, server):
    gid = new_game(server, "go", size=9)
    panel = open_console(page, f"/go/{gid}")
    page.click("#lang")
    expect(panel.locator(".prolog-console-title")).to_have_text("Pregúntale a la posición")
    expect(panel.locator(".prolog-console-run")).to_have_text("Ejecutar")
    entry = run(panel, "halt")
    expect(entry.locator(".prolog-console-error")).to_have_text(
        "El sandbox no permite este objetivo.")
    entry = run(panel, "fail")
    expect(entry.locator(".prolog-console-answer")).to_have_text("false.")   # Prolog's word


@pytest.mark.parametrize("game, options, example, answer", [
    ("molinolog", {"size": 1}, "legal_move(State, M)", "M = place((n, 1)) ;"),
    ("gorogo", {"white": "human"}, "gorogo_legal(State, M)", "M = place(henge, 0, 0) ;"),
    ("azul", {"players": ["human", "human"], "seed": 3}, "legal_takes(State, Ms), length(Ms, N)",
     None),
])
def test_every_game_page_has_the_console(page, server, game, options, example, answer):
    gid = new_game(server, game, **options)
    panel = open_console(page, f"/{game}/{gid}")
    expect(panel.locator(".prolog-console-example")).to_have_text(example)
    panel.locator(".prolog-console-example").click()
    panel.locator(".prolog-console-run").click()
    entry = panel.locator(".prolog-console-entry").last
    expect(entry).not_to_contain_text("Running")
    expect(entry.locator(".prolog-console-error")).to_have_count(0)
    if answer:
        expect(entry.locator(".prolog-console-answer").first).to_have_text(answer)
    else:
        expect(entry.locator(".prolog-console-answer").first).to_contain_text("N = ")


def test_without_a_game_it_says_to_start_one(page, server):
    panel = open_console(page, "/go")
    entry = run(panel, "X = 1")
    expect(entry.locator(".prolog-console-error")).to_contain_text("Start or open a game first")


def test_phone_width(browser, server):
    gid = new_game(server, "go", size=9)
    page = open_page(browser, server, viewport=PHONE)
    try:
        panel = open_console(page, f"/go/{gid}")
        entry = run(panel, "numlist(1, 40, L)")
        expect(entry.locator(".prolog-console-answer")).to_contain_text("L = [1, 2, 3")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width
        box = panel.locator(".prolog-console-run").bounding_box()
        assert box["x"] + box["width"] <= PHONE["width"]
        assert page.errors == []
    finally:
        page.context.close()


# ---- a console process started as the console is about to be asked ------------------------


def console_processes(server: ConsoleServer) -> list[int]:
    """The console's swipl processes under the server (inside their boxes)."""
    from .test_machine_pool import descendants

    found = []
    for pid in descendants(server.proc.pid):
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if argv[0].endswith(b"swipl") and b"console:console_main" in argv:
            found.append(pid)
    return found


def test_the_console_focused_has_its_process_before_the_first_goal(browser, tmp_path):
    """A person opens the panel and clicks into the console to type: the server starts a
    console process then (POST /api/console), not at the first goal, so the goal does not
    wait for one to load; that process answers it.  Opening the page starts none."""
    server = ConsoleServer(tmp_path / "warm.db")
    page = open_page(browser, server, timeout_ms=PAGE_TIMEOUT_MS)
    try:
        gid = new_game(server, "go", size=9)
        panel = open_console(page, f"/go/{gid}")
        expect(panel.locator(".prolog-console-title")).to_have_text("Ask the position")
        assert console_processes(server) == []
        panel.locator(".prolog-console-input").click()
        waited = time.monotonic()
        while not console_processes(server):
            assert time.monotonic() - waited < 60, "no console process was started"
            time.sleep(0.05)
        [pid] = console_processes(server)
        entry = run(panel, "X is 2 + 2")
        expect(entry.locator(".prolog-console-answer")).to_have_text("X = 4.")
        assert console_processes(server) == [pid]
        assert page.errors == []
    finally:
        page.context.close()
        server.stop()
