"""Shared fixtures: the Flask app on a temporary database, and a live server."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from app import create_app

ROOT = Path(__file__).resolve().parent.parent

#  A game that lives only under tests/games/ (tic-tac-toe) plugs in for the whole test run,
#  in this process and in every server it starts: each layer must pick it up with no edit
#  to a shared file (tests/test_plugin_game.py).
os.environ.setdefault("TABLERO_GAMES", str(ROOT / "tests" / "games"))
#  The Go machine searches on the clock (1 s a turn on 9x9, 3 s on 19x19): the tests check
#  what it plays, not how strong it is, so its turns think a quarter of that here (the
#  server's setting, docs/go.md).  bench/ measures the defaults.
os.environ.setdefault("TABLERO_GO_THINK", "0.25")


@pytest.fixture
def app(tmp_path):
    made = create_app({"TESTING": True, "DATABASE": str(tmp_path / "tablero.db")})
    yield made
    close_app(made)


def close_app(app) -> None:
    """Let go of what an app of this process holds: its console workers, its live hub, its
    database connections (a test run makes hundreds of apps; kept, their files and
    processes ran the run out of descriptors)."""
    from app import live, storage

    pool = app.extensions.get("tablero_console")
    if pool is not None:
        pool.close()
    live.stop(app)
    storage.close(app)


@pytest.fixture
def client(app):
    return app.test_client()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`tablero serve` in its own process group, on a free port, with its own database."""

    def __init__(self, db: Path, workers: int = 2, args: tuple[str, ...] = (),
                 code: Path | None = None):
        """`code`: another checkout of Tablero to serve (a bench's "before"), run with this
        Python and its packages; this one by default."""
        self.db, self.workers, self.args = db, workers, list(args)
        self.code = code
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "LiveServer":
        env = {**os.environ, "TABLERO_DB": str(self.db)}
        if self.code is None:
            command, cwd = [str(Path(sys.executable).with_name("tablero"))], ROOT
        else:
            command = [sys.executable, "-c", "import sys; from app.cli import main; sys.exit(main())"]
            cwd, env["PYTHONPATH"] = self.code, str(self.code)
        self.proc = subprocess.Popen(
            [*command, "serve", "--port", str(self.port), "--workers", str(self.workers),
             *self.args],
            env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"tablero serve exited with {self.proc.returncode}")
                time.sleep(0.2)
        raise RuntimeError("tablero serve did not answer within 40 s")

    def kill(self, sig: int = 9) -> None:
        """Signal the whole process group (master and workers)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=30)


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(tmp_path / "live.db").start()
    yield server
    server.kill(15)


#  Browser tests (tests/test_browser_*.py): one live server per module and one Debian
#  Chromium per pytest process (started by the first module that asks for it), driven by
#  Playwright; every test gets a fresh browser context.

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 800}

#  Playwright's expect() waits 5 s by default.  The full run shares the CPUs between two
#  pytest workers (scripts/run_tests.sh), their servers, Chromium and GNU Go: a machine
#  move or a page load can take longer than that without anything being wrong.  A passing
#  expectation returns as soon as it holds, so the longer wait costs nothing when all is well.
EXPECT_TIMEOUT_MS = 15_000
try:
    from playwright.sync_api import expect as _expect
except ImportError:          # the fast run needs no browser
    pass
else:
    _expect.set_options(timeout=EXPECT_TIMEOUT_MS)
PHONE = {"width": 375, "height": 667}


@pytest.fixture(scope="module")
def server(request, tmp_path_factory):
    """`tablero serve` (one worker, its own SQLite file) for one test module."""
    name = request.module.__name__.rsplit(".", 1)[-1]
    live = LiveServer(tmp_path_factory.mktemp(name) / "live.db", workers=1).start()
    yield live
    live.kill(15)


class _Chromium:
    """Playwright and its Chromium, started once per pytest process: a launch costs about
    2 s of CPU (Chromium's processes and Playwright's driver), and the run has some thirty
    modules that use a browser.  A Chromium that died is started again."""

    def __init__(self, sync_api):
        self.manager = sync_api.sync_playwright()
        self.playwright = self.manager.start()
        self.chromium = None

    def get(self):
        if self.chromium is None or not self.chromium.is_connected():
            self.chromium = self.playwright.chromium.launch(executable_path=CHROMIUM,
                                                            args=CHROMIUM_ARGS)
        return self.chromium

    def stop(self) -> None:
        if self.chromium is not None and self.chromium.is_connected():
            self.chromium.close()
        self.manager.__exit__(None, None, None)


@pytest.fixture(scope="session")
def _chromium():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}")
    shared = _Chromium(sync_api)
    yield shared
    shared.stop()


@pytest.fixture(scope="module")
def browser(_chromium):
    """Debian's Chromium, launched by Playwright, for the tests of one module: the pytest
    process's one, with no context left open by another module (each test opens its own),
    and none of this module's left open after it."""
    chromium = _chromium.get()
    for context in chromium.contexts:
        context.close()
    yield chromium
    if chromium.is_connected():
        for context in chromium.contexts:
            context.close()


def open_page(browser, server, viewport=DESKTOP, scale=1, locale="en-GB", timeout_ms=None):
    """A page in a fresh context whose relative URLs go to `server`; the JavaScript errors
    it throws are collected in page.errors."""
    context = browser.new_context(base_url=server.url, viewport=viewport,
                                  device_scale_factor=scale, locale=locale)
    if timeout_ms is not None:
        context.set_default_timeout(timeout_ms)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    return page


@pytest.fixture
def page(request, browser, server):
    """A desktop-sized page; fails the test if the page threw a JavaScript error.  A module
    may set PAGE_LOCALE and PAGE_TIMEOUT_MS (Playwright's default timeout otherwise)."""
    page = open_page(browser, server,
                     locale=getattr(request.module, "PAGE_LOCALE", "en-GB"),
                     timeout_ms=getattr(request.module, "PAGE_TIMEOUT_MS", None))
    yield page
    errors = page.errors
    page.context.close()
    assert errors == []


def call(server, method, path, body=None, secret=None):
    """One JSON request to the live server (with a seat's secret, if given); the decoded reply."""
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    request = urllib.request.Request(server.url + path, data=data, method=method, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as resp:
        return json.load(resp)


def hold_seats(page, game_id, secrets):
    """The page's browser holds these seats of a game made through the API (as the browser
    that made it would): the secrets go into localStorage before any page script runs."""
    seats = json.dumps({game_id: secrets})
    page.context.add_init_script(
        "const all = JSON.parse(localStorage.getItem('tablero.seats') || '{}');"
        f"localStorage.setItem('tablero.seats', JSON.stringify({{...all, ...{seats}}}));")


def expect_text(page, selector, text):
    """Wait until the element's text contains `text`."""
    page.wait_for_function(
        "([s, t]) => document.querySelector(s).textContent.includes(t)", arg=[selector, text])


# ---- PostgreSQL (issue 14) --------------------------------------------------------------
#  One throw-away cluster (tests/pg.py: initdb + pg_ctl in a temporary directory, as the
#  `postgres` user when root) for the whole session, started by the first test that asks
#  for it and stopped at the end.  Without PostgreSQL installed its tests are skipped,
#  except under CI, where they fail (scripts/setup.sh installs it for the tests).

from .pg import Cluster, app_on  # noqa: E402


@pytest.fixture(scope="session")
def pg_cluster():
    try:
        cluster = Cluster()
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            pytest.fail(str(exc))
        pytest.skip(str(exc))
    cluster.start()
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_database(pg_cluster):
    """The URL of a new empty PostgreSQL database, dropped after the test."""
    url = pg_cluster.new_database()
    yield url
    pg_cluster.drop_database(url)


@pytest.fixture(params=["sqlite", "postgres"])
def database(request, tmp_path):
    """A new empty database of each backend: a SQLite path, then a PostgreSQL URL."""
    if request.param == "sqlite":
        yield str(tmp_path / "tablero.db")
    else:
        yield request.getfixturevalue("pg_database")


@pytest.fixture
def any_app(database):
    """The Flask app on a new database of each backend (tests that must hold on both)."""
    with app_on(database) as app:
        yield app


#  The fast run (./scripts/run_tests.sh --fast, under two minutes): every rule, API and
#  storage property, without browsers, peers (GNU Go, sgfmill), benchmarks and the tests
#  that start `tablero serve` or another server process.  Those are marked `slow` here,
#  by the fixtures they use or by their module, so a new test is sorted by what it does.
SLOW_FIXTURES = {"live_server", "server", "two_servers", "behind_nginx", "pg_cluster"}
SLOW_MODULES = {"test_stall", "test_nginx", "test_live", "test_server", "test_escapes",
                "test_postgres_live", "test_postgres_outage", "test_notebook",
                "test_gtp_engine", "test_go_gnugo", "test_go_gammas", "test_fuzz",
                "test_tournament"}


#  Tests that wait out a deadline or play long machine games on purpose.
SLOW_TESTS = ("test_deadline_kills_a_stuck_worker", "test_worker_retires_after_max_queries",
              "test_hostile_goal[catch((repeat", "test_count_moves_equals_the_python_model",
              "test_machine_against_machine_ends", "test_facade_machine_to_the_end",
              "test_a_search_past_its_budget", "test_bot_game_matches_play_azul",
              #  the 2019 class's own solutions (tests/students/real, where present):
              #  2-20 s each, their own code's speed
              "test_real_solutions_found_score_by_behaviour",
              "test_real_solution_agrees_with_independent_judge")


#  Each test file's seconds in a full run (scripts/test_seconds.py writes it): the longest
#  files run first, so that pytest-xdist's processes (each takes the next whole file when
#  it is free) end together instead of one finishing a long file alone.
FILE_SECONDS = json.loads((Path(__file__).parent / "seconds.json").read_text())


def pytest_collection_modifyitems(config, items):
    items.sort(key=lambda item: -FILE_SECONDS.get(item.path.name, 0.0))   # stable: in file order
    for item in items:
        module = item.module.__name__.rsplit(".", 1)[-1] if item.module else ""
        uses = set(getattr(item, "fixturenames", ()))
        names = getattr(getattr(item, "function", None), "__code__", None)
        names = names.co_names if names else ()
        if (module in SLOW_MODULES or uses & SLOW_FIXTURES or "LiveServer" in names
                or "Popen" in names or item.name.startswith(SLOW_TESTS)):
            item.add_marker(pytest.mark.slow)
