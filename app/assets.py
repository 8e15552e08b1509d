"""Pages that load fast: the static files fingerprinted, long-cached, compressed.

Start reading at `init_app`, called by create_app.

- **One version for the whole tree.**  At start each process reads static/ once (about
  300 KB) into memory; its version is a hash of every file's name and bytes.  The tree is
  served under `/static/<version>/...` with `Cache-Control: public, max-age=31536000,
  immutable`: a browser never asks for those files again until a file changes, which
  changes the version.  Because the whole tree moves together, the pages' relative module
  imports (`import ... from "./api.js"`) stay consistent with no build step and no renamed
  files.  A version that is not this process's (a page made by another server during a
  deploy) still gets this process's file, but `no-cache`, so nothing wrong is kept.
- **Plain `/static/<path>`** (old links, bookmarks) keeps working: the same bytes,
  `Cache-Control: no-cache` with an ETag, so the browser revalidates (304).
- **The pages** (`/`, `/<game>`, `/<game>/<id>`, app/pages.py) are static/<name>.html with
  their stylesheets written in (`<style>`, allowed by their SHA-256 in the page's
  Content-Security-Policy, never 'unsafe-inline'): the first paint waits for no second
  request, which is what kept it at more than twice a one-line page's; and every other
  `/static/` reference in `href`/`src` rewritten to the versioned prefix.  Made once, kept
  in memory, served `no-cache` with an ETag (a 304 costs no more than before).  No inline
  script is added: script-src stays 'self'.
- **No module preloads.**  The pages once carried a `<link rel="modulepreload">` for every
  module of their import graph, so that the browser fetched them all at once.  Chromium
  fetches *and compiles* a preloaded module as soon as it arrives, on the page's main
  thread, and over loopback they all arrived before the first frame: the first paint
  waited for 13-15 modules to compile (bench/page_load.py, 12-25 rounds on this 2-core
  machine at load 11-23: a cold first contentful paint 1.8-3.2x the one-line page's with
  them, 1.3-2.6x without, as with no script at all; at low or default priority alike, and
  `rel=preload as=script`, fetched without compiling, was no better).  Without them the
  module graph loads one level of imports at a time, after the page has painted: on a
  network with 40 ms of latency the `load` event comes about 35-50 ms later, and the first
  paint no later.
- **Compressed**: text (JavaScript, CSS, HTML, SVG, JSON) is gzipped once, at its first
  request, and kept; answered when the request's Accept-Encoding takes gzip, with
  `Vary: Accept-Encoding` on every compressible answer.

Why not WhiteNoise: outside Django it serves files as they are on disk: the fingerprinted
names and the compressed copies are written into the static folder beforehand (Django's
collectstatic, `python -m whitenoise.compress`): a build step, and a folder that must be
writable, which an installed package's may not be.  It also wraps the WSGI application,
outside Flask, so its answers would miss the security headers and metrics of
app/security.py and app/observe.py, and it cannot rewrite the pages.  What is left to do
here is small: werkzeug answers the conditional requests (ETag, 304) and the standard
library's gzip compresses.

Editing a file under static/ needs a restart of the server to be seen (its version is
computed once per process).
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import mimetypes
import re
from pathlib import Path

from flask import Response, abort, current_app, request
from werkzeug.routing import BaseConverter

#  How long a versioned file may be kept: a year (RFC 9111 caps max-age at about 68 years;
#  a year is what every browser and proxy honours), and never revalidated.
IMMUTABLE = "public, max-age=31536000, immutable"
#  Anything whose bytes may change under the same URL: ask every time (a 304 is cheap).
REVALIDATE = "no-cache"

VERSION_LENGTH = 12
#  The types worth compressing: every text/* and these.
COMPRESSIBLE = frozenset({"application/javascript", "application/json", "image/svg+xml",
                          "application/xml", "application/manifest+json"})

_LINK = re.compile(r"<link\b([^>]*)>", re.IGNORECASE)
_ATTRIBUTE = re.compile(r"""([\w-]+)\s*=\s*["']([^"']*)["']""")
_STATIC_REFERENCE = re.compile(r"""(\b(?:href|src)\s*=\s*["'])/static/""", re.IGNORECASE)


class VersionConverter(BaseConverter):
    """The version segment of /static/<version>/...: exactly VERSION_LENGTH hex digits."""
    regex = f"[0-9a-f]{{{VERSION_LENGTH}}}"


def read_tree(root: Path) -> dict[str, bytes]:
    """Every file under `root` by its path relative to it ('/'-separated), hidden files and
    __pycache__ left out."""
    files = {}
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part.startswith(".") or part == "__pycache__" for part in relative.parts):
            continue
        if path.is_file():
            files[relative.as_posix()] = path.read_bytes()
    return files


def tree_version(files: dict[str, bytes]) -> str:
    """A hash of every file's name and bytes: changes when any file is added, removed,
    renamed or changed."""
    digest = hashlib.sha256()
    for name in sorted(files):
        data = files[name]
        digest.update(f"{name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:VERSION_LENGTH]


class Asset:
    """One answer's bytes, type and ETag, and its gzip, made at the first request for it;
    headers of its own (a page's Content-Security-Policy)."""

    __slots__ = ("data", "mimetype", "etag", "compressible", "headers", "_gzip")

    def __init__(self, data: bytes, mimetype: str, headers: dict | None = None):
        self.data, self.mimetype, self.headers = data, mimetype, headers or {}
        self.etag = hashlib.sha256(data).hexdigest()[:24]
        self.compressible = mimetype.startswith("text/") or mimetype in COMPRESSIBLE
        self._gzip: bytes | None = None

    def gzipped(self) -> bytes | None:
        """The gzip of the bytes (made once; mtime 0, so always the same), or None when it
        would not be smaller.  Two threads may both make it the first time: same result."""
        if not self.compressible:
            return None
        if self._gzip is None:
            packed = gzip.compress(self.data, compresslevel=9, mtime=0)
            self._gzip = packed if len(packed) < len(self.data) else b""
        return self._gzip or None


class Assets:
    """The static tree of one process, its version, and the pages made from it."""

    def __init__(self, root: str | Path, inline_styles: bool = True):
        self.root, self.inline_styles = Path(root), inline_styles
        self.files = read_tree(self.root)
        self.version = tree_version(self.files)
        self.prefix = f"/static/{self.version}/"
        self._assets: dict[str, Asset] = {}
        self._pages: dict[str, Asset] = {}

    # ---- files --------------------------------------------------------------------------

    def asset(self, name: str) -> Asset | None:
        """The file `name` (relative to the tree), or None if there is none."""
        found = self._assets.get(name)
        if found is None and name in self.files:
            mimetype = mimetypes.guess_type(name)[0] or "application/octet-stream"
            found = self._assets[name] = Asset(self.files[name], mimetype)
        return found

    # ---- pages --------------------------------------------------------------------------

    def render(self, name: str) -> tuple[bytes, list[str]]:
        """The page static/<name> as served, and the hashes of the styles written into it:
        its stylesheets written in (`<style>`), every other /static/ reference under the
        versioned prefix."""
        html = self.files[name].decode("utf-8")
        hashes: list[str] = []

        def inline(match: re.Match) -> str:
            attributes = {k.lower(): v for k, v in _ATTRIBUTE.findall(match.group(1))}
            href = attributes.get("href", "")
            css = self.files.get(href.removeprefix("/static/")) if href.startswith(
                "/static/") else None
            if attributes.get("rel", "").lower() != "stylesheet" or css is None:
                return match.group(0)
            text = css.decode("utf-8")
            if "</style" in text.lower():
                return match.group(0)
            hashes.append(base64.b64encode(hashlib.sha256(css).digest()).decode())
            return f"<style>{text}</style>"

        if self.inline_styles:
            html = _LINK.sub(inline, html)
        html = _STATIC_REFERENCE.sub(lambda m: m.group(1) + self.prefix, html)
        return html.encode("utf-8"), hashes

    def page(self, name: str) -> Asset | None:
        """The served page made from static/<name> (made once), or None if there is none;
        its Content-Security-Policy allows its own styles, by their hashes."""
        found = self._pages.get(name)
        if found is None and name in self.files:
            html, hashes = self.render(name)
            headers = {"Content-Security-Policy": page_policy(hashes)} if hashes else {}
            found = self._pages[name] = Asset(html, "text/html", headers)
        return found


def page_policy(hashes: list[str]) -> str:
    """security.py's Content-Security-Policy, its style-src also allowing these styles (by
    their SHA-256): no 'unsafe-inline', and script-src untouched."""
    from .security import CONTENT_SECURITY_POLICY

    allowed = " ".join(f"'sha256-{h}'" for h in dict.fromkeys(hashes))
    return re.sub(r"(^|; )style-src ([^;]*)", lambda m: f"{m.group(1)}style-src {m.group(2)} "
                  f"{allowed}", CONTENT_SECURITY_POLICY, count=1)


# ---- answers ------------------------------------------------------------------------------


def respond(asset: Asset, cache_control: str) -> Response:
    """The asset, gzipped if the request takes it, with its ETag; 304 when the request's
    If-None-Match names it (werkzeug's make_conditional)."""
    body, etag = asset.data, asset.etag
    headers = {"Cache-Control": cache_control, **asset.headers}
    if asset.compressible:
        headers["Vary"] = "Accept-Encoding"
        packed = asset.gzipped()
        if packed is not None and request.accept_encodings["gzip"]:
            body, etag = packed, etag + "-gzip"
            headers["Content-Encoding"] = "gzip"
    response = Response(body, mimetype=asset.mimetype, headers=headers)
    response.set_etag(etag)
    return response.make_conditional(request)


def current() -> Assets:
    return current_app.extensions["tablero_assets"]


def versioned(version: str, filename: str):
    """/static/<version>/<path>: immutable when the version is this process's."""
    assets = current()
    asset = assets.asset(filename)
    if asset is None:
        abort(404)
    return respond(asset, IMMUTABLE if version == assets.version else REVALIDATE)


def plain(filename: str):
    """/static/<path> (Flask's static route): the same bytes, revalidated every time."""
    asset = current().asset(filename)
    if asset is None:
        abort(404)
    return respond(asset, REVALIDATE)


def page(name: str):
    """A page (app/pages.py): static/<name> rewritten, revalidated every time."""
    asset = current().page(name)
    if asset is None:
        abort(404)
    return respond(asset, REVALIDATE)


def init_app(app) -> None:
    """Read the static tree once, and serve it: versioned, plain (Flask's static route,
    whose view this replaces) and as pages."""
    app.extensions["tablero_assets"] = Assets(app.static_folder)
    app.url_map.converters["version"] = VersionConverter
    app.add_url_rule("/static/<version:version>/<path:filename>", "versioned_static",
                     versioned)
    app.view_functions["static"] = plain
