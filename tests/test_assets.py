"""Pages that load fast (issue 20 item 6, app/assets.py): the static tree under a versioned
prefix, long-cached and compressed; the pages revalidated by ETag."""

from __future__ import annotations

import base64
import gzip
import hashlib
import re
import shutil

import pytest

import app as tablero
from app import assets, create_app

from .conftest import ROOT, call, hold_seats

STATIC = ROOT / "static"
PAGES = ["/", "/go", "/molinolog", "/gorogo", "/azul", "/go/abc123"]
REFERENCE = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")


def prefix(app) -> str:
    return app.extensions["tablero_assets"].prefix


def references(html: str) -> list[str]:
    return REFERENCE.findall(html)


# ---- the pages ----------------------------------------------------------------------------


@pytest.mark.parametrize("path", PAGES)
def test_pages_reference_only_versioned_assets(app, client, path):
    resp = client.get(path)
    assert resp.status_code == 200
    html = resp.get_data(as_text=True)
    static = [ref for ref in references(html) if ref.startswith("/static/")]
    assert static, "a page with no static reference?"
    assert all(ref.startswith(prefix(app)) for ref in static), static
    assert "/static/" not in html.replace(prefix(app), "")
    for ref in static:                       # every one of them is there, immutable
        asset = client.get(ref)
        assert asset.status_code == 200, ref
        assert asset.headers["Cache-Control"] == assets.IMMUTABLE


def test_pages_add_no_script_and_preload_no_module(app, client):
    """A page's only script is its module: nothing inline, and no modulepreload (Chromium
    compiles a preloaded module as it arrives, before the first paint: app/assets.py)."""
    html = client.get("/go").get_data(as_text=True)
    assert "modulepreload" not in html
    assert re.findall(r"<script\b[^>]*>", html) == [
        f'<script type="module" src="{prefix(app)}go.js">']


@pytest.mark.parametrize("path", ["/go", "/azul", "/"])
def test_stylesheets_are_written_into_the_page_and_allowed_by_hash(client, path):
    """The page's stylesheets come with it (no round trip before the first paint); its
    Content-Security-Policy allows exactly those styles, by hash: no 'unsafe-inline', and
    script-src as strict as everywhere."""
    resp = client.get(path)
    html = resp.get_data(as_text=True)
    assert 'rel="stylesheet"' not in html
    styles = re.findall(r"<style>(.*?)</style>", html, re.DOTALL)
    assert styles and styles[0] == (STATIC / "tablero.css").read_text()
    csp = resp.headers["Content-Security-Policy"]
    style_src = re.search(r"style-src ([^;]*)", csp).group(1).split()
    hashes = {"'sha256-%s'" % base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()
              for s in styles}
    assert set(style_src) == {"'self'"} | hashes
    assert "unsafe-inline" not in csp
    assert re.search(r"script-src ([^;]*)", csp).group(1) == "'self'"
    # the answers that are not pages keep the policy of every answer
    other = client.get("/api/games").headers["Content-Security-Policy"]
    assert re.search(r"style-src ([^;]*)", other).group(1) == "'self'"
    assert csp.replace(" " + " ".join(sorted(hashes, key=style_src.index)), "") == other


def test_page_etag_revalidation_answers_304(client):
    for encoding in ("gzip", "identity"):
        first = client.get("/go", headers={"Accept-Encoding": encoding})
        assert first.headers["Cache-Control"] == "no-cache"
        assert first.headers["ETag"]
        again = client.get("/go", headers={"Accept-Encoding": encoding,
                                           "If-None-Match": first.headers["ETag"]})
        assert again.status_code == 304 and again.data == b""
        assert again.headers["ETag"] == first.headers["ETag"]
    assert client.get("/go", headers={"If-None-Match": '"something-else"'}).status_code == 200


def test_pages_are_compressed_when_asked(client):
    plain = client.get("/azul")
    packed = client.get("/azul", headers={"Accept-Encoding": "gzip, deflate, br"})
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 2
    assert packed.headers["Vary"] == plain.headers["Vary"] == "Accept-Encoding"
    assert packed.headers["ETag"] != plain.headers["ETag"]


# ---- the static files ----------------------------------------------------------------------


def test_versioned_asset_is_immutable_and_gzipped_when_asked(app, client):
    url = prefix(app) + "game-session.js"
    raw = (STATIC / "game-session.js").read_bytes()
    packed = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert packed.status_code == 200
    assert packed.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert packed.headers["Content-Encoding"] == "gzip"
    assert packed.headers["Vary"] == "Accept-Encoding"
    assert packed.mimetype in ("text/javascript", "application/javascript")
    assert gzip.decompress(packed.data) == raw
    plain = client.get(url)
    assert "Content-Encoding" not in plain.headers and plain.data == raw
    refused = client.get(url, headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers and refused.data == raw
    again = client.get(url, headers={"Accept-Encoding": "gzip",
                                     "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304
    # the security headers of every answer are there too
    assert "script-src 'self'" in packed.headers["Content-Security-Policy"]


def test_plain_static_urls_still_work_revalidated(client):
    resp = client.get("/static/tablero.css")
    assert resp.status_code == 200
    assert resp.headers["Cache-Control"] == "no-cache"
    assert resp.data == (STATIC / "tablero.css").read_bytes()
    assert client.get("/static/tablero.css", headers={
        "If-None-Match": resp.headers["ETag"]}).status_code == 304
    assert client.get("/static/no-such-file.js").status_code == 404


def test_another_version_gets_todays_file_but_not_for_keeps(app, client):
    """A page made by another server of a deploy names its version: this one answers with
    its own file, revalidated, so nothing wrong is kept for a year."""
    other = "0" * assets.VERSION_LENGTH
    assert other != app.extensions["tablero_assets"].version
    resp = client.get(f"/static/{other}/go.js")
    assert resp.status_code == 200 and resp.headers["Cache-Control"] == "no-cache"
    assert resp.data == (STATIC / "go.js").read_bytes()


@pytest.mark.parametrize("path", ["no-such.js", "../app/__init__.py", "%2e%2e/pyproject.toml",
                                  ".hidden"])
def test_only_files_of_the_tree_are_served(app, client, path):
    assert client.get(prefix(app) + path).status_code == 404


def test_images_are_not_compressed_unless_text(app, client):
    svg = client.get(prefix(app) + "favicon.svg", headers={"Accept-Encoding": "gzip"})
    assert svg.mimetype == "image/svg+xml" and svg.headers.get("Vary") == "Accept-Encoding"


# ---- the version -----------------------------------------------------------------------------


def test_a_changed_file_changes_the_version(tmp_path, monkeypatch):
    copy = tmp_path / "static"
    shutil.copytree(STATIC, copy)
    first = assets.Assets(copy).version
    assert first == assets.Assets(STATIC).version              # the contents, not the place
    assert re.fullmatch(r"[0-9a-f]{12}", first)

    (copy / "go.css").write_bytes((copy / "go.css").read_bytes() + b"\n/* changed */\n")
    changed = assets.Assets(copy).version
    assert changed != first
    (copy / "extra.js").write_text("export {};\n")
    assert assets.Assets(copy).version not in (first, changed)

    # a server over the changed tree names its version in its pages
    monkeypatch.setattr(tablero, "STATIC", copy)
    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "t.db")})
    html = app.test_client().get("/go").get_data(as_text=True)
    assert f"/static/{assets.Assets(copy).version}/go.js" in html
    assert f"/static/{first}/" not in html
    assert "/* changed */" in html                  # go.css is written into the page
    css = app.test_client().get(f"/static/{assets.Assets(copy).version}/go.css")
    assert css.data.endswith(b"/* changed */\n")


# ---- in Chromium --------------------------------------------------------------------------------


@pytest.mark.browser
def test_go_page_loads_from_versioned_assets_and_plays(page, server):
    """The Go page loads every file from the versioned prefix (its modules too, found by
    the browser through their relative imports), nothing fails, nothing is logged as an
    error, and a move plays."""
    sync_api = pytest.importorskip("playwright.sync_api")
    game = call(server, "POST", "/api/games", {"game": "go", "options": {"size": 9}})
    hold_seats(page, game["id"], game["secrets"])
    failed, errors, responses = [], [], []
    page.on("requestfailed", lambda r: failed.append((r.url, r.failure)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("response", lambda r: responses.append(r))

    page.goto(f"/go/{game['id']}")
    sync_api.expect(page.locator("svg.grid-board")).to_be_visible()
    page.click('svg.grid-board .grid-point[data-row="2"][data-col="3"]')
    sync_api.expect(page.locator(
        'svg.grid-board .grid-point[data-row="2"][data-col="3"] .stone')).to_have_class(
        re.compile(r"\bstone black\b"))

    html = page.content()
    version = re.search(r'src="/static/([0-9a-f]{12})/go.js"', html).group(1)
    paths = [r.url.removeprefix(server.url) for r in responses]
    static = [p for p in paths if p.startswith("/static/")]
    assert static and all(p.startswith(f"/static/{version}/") for p in static), static
    modules = {p.removeprefix(f"/static/{version}/") for p in static if p.endswith(".js")}
    assert {"go.js", "board-grid.js", "game-session.js", "i18n.js", "prolog-panel.js",
            "student-rules.js", "api.js", "prolog-console.js"} <= modules
    assert f"/static/{version}/student-rules.css" in static   # resolved from its module
    assert all(r.status < 400 for r in responses), [(r.url, r.status) for r in responses]
    assert failed == [] and errors == []
    gzipped = [r for r in responses if r.url.endswith("/game-session.js")]
    assert gzipped and gzipped[0].headers.get("content-encoding") == "gzip"


@pytest.mark.browser
def test_what_a_page_paints_before_its_modules_run(browser, server):
    """The first frame of a cold load may come before the page's modules have run (they
    load after the HTML): what it shows is the page as its module will leave it with no
    game yet, never a control that then vanishes.  Seen in Chromium with script off: the
    heading and the language button; a grid board's box in its wood; no empty "Details"
    box (the Prolog panel, drawn by its module); none of what a page hides with no game
    (Go's turn line and Pass, GoRoGo's piece toggle and seats, Azul's table, Molinolog's
    counts)."""
    sync_api = pytest.importorskip("playwright.sync_api")
    expect = sync_api.expect
    context = browser.new_context(base_url=server.url, java_script_enabled=False,
                                  viewport={"width": 1280, "height": 800}, locale="en-GB")
    try:
        page = context.new_page()
        hidden = {"go": ["#turn-line", "#pass", "#resign", "#undo"],
                  "gorogo": ["#piece-toggle", "#hand-b"],
                  "azul": ["#round", "#factories"], "molinolog": [".molinolog-counts"]}
        titles = {"go": "Go", "gorogo": "GoRoGo", "azul": "Azul", "molinolog": "Molinolog"}
        for game, selectors in hidden.items():
            page.goto(f"/{game}")
            expect(page.locator("h1")).to_have_text(titles[game])
            expect(page.locator("#lang")).to_be_visible()
            expect(page.get_by_text("Details", exact=True)).to_have_count(0)
            expect(page.locator("#prolog-panel")).to_be_hidden()
            for selector in selectors:
                expect(page.locator(selector)).to_be_hidden()
            if game in ("go", "gorogo"):
                board = page.locator("#board.grid-box")
                expect(board).to_be_visible()
                assert board.evaluate("b => getComputedStyle(b).backgroundColor") == \
                    "rgb(220, 179, 96)"   # --grid-wood, #dcb360
                box = board.bounding_box()
                assert box["width"] > 300 and abs(box["width"] - box["height"]) < 2
    finally:
        context.close()
