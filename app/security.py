"""Hardening of the web server: what a request must look like, what every answer carries.

Start reading at `init_app`, which registers all of it on a Flask app:

- Every answer under /api is JSON, errors included, in the documented shape
  {"error": {"code", "message", "explain": []}}: 400, 404, 405, 413, 414, 415,
  431, 503, 504 and any unexpected exception (500, traceback logged, never shown).
  OPTIONS is a 405 there, with Allow (no CORS: `refuse_options`).
  Pages keep Flask's plain error pages.
- The Host header must name this server (ALLOWED_HOSTS, from $TABLERO_HOSTS):
  a page fetched through some other name (DNS rebinding) is refused.
- A state-changing request (POST, PUT, PATCH, DELETE) under /api must come from
  this site: an Origin header, if present, must be the server's own origin or
  one of ALLOWED_ORIGINS (from $TABLERO_ORIGINS); `Sec-Fetch-Site: cross-site`
  is refused; a body must be `Content-Type: application/json`.
- A JSON body is read by `parse_body`: UTF-8, at most MAX_DEPTH levels of
  nesting (checked before Python's parser, which dies near 1000), an object,
  no duplicate keys, no NaN or Infinity, and only characters of the Basic
  Multilingual Plane (SWI-Prolog 9.0.4's JSON reader splits a character outside
  it into two halves, see docs/architecture.md, "Hardening"), in keys and values.
- Every answer (pages, static files, API) carries a Content-Security-Policy
  without inline script, X-Content-Type-Options, Referrer-Policy and
  X-Frame-Options.
- Errors never show a Prolog goal or state: a time-out is 504 "timeout", any
  other Prolog error 500 "prolog_error"; a database that is away (file gone
  or replaced, disk full, read-only) is 503 "storage_unavailable".

Outside Flask: gunicorn answers a too long request line (414) or too large
headers (431) itself, before the application sees the request.
`gunicorn_settings()` states those limits and makes those answers JSON too.
"""

from __future__ import annotations

import json
import math
import os
import re
import socket
import sqlite3
from itertools import accumulate

from flask import current_app, g, jsonify, request
from werkzeug.exceptions import HTTPException

from .games import InvalidRequest, TableroError
from .prolog import PrologError, PrologTimeout

#  The deepest nesting of arrays and objects a request body may have.
MAX_DEPTH = 32

#  The methods that change something; they must come from this site.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

#  The hosts a default server answers to (any port), beside the one it binds.
DEFAULT_HOSTS = ("127.0.0.1", "localhost", "[::1]")

CONTENT_SECURITY_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
])

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
}

#  Codes of the HTTP errors that Flask or Werkzeug raise, and what they say.
HTTP_ERRORS = {
    400: ("bad_request", "The request is malformed"),
    404: ("not_found", "No such API route"),
    405: ("method_not_allowed", "This route does not take that method"),
    408: ("request_timeout", "The request took too long to arrive"),
    411: ("length_required", "The request needs a Content-Length"),
    413: ("too_large", "The request body is too large"),
    414: ("uri_too_long", "The request line (method and URL) is too long"),
    415: ("unsupported_media_type", "The request body must be Content-Type: application/json"),
    431: ("headers_too_large", "The request's headers are too large or too many"),
    500: ("internal_error", "The server failed on this request"),
    501: ("not_implemented", "The server does not support that"),
    503: ("unavailable", "The server cannot answer just now; try again"),
}


def init_app(app) -> None:
    """Register the checks, the headers and the JSON error handlers on `app`."""
    app.config.setdefault("ALLOWED_HOSTS", os.environ.get("TABLERO_HOSTS", ""))
    app.config.setdefault("ALLOWED_ORIGINS", os.environ.get("TABLERO_ORIGINS", ""))
    app.before_request(check_request)
    app.after_request(add_headers)
    app.register_error_handler(HTTPException, http_error)
    app.register_error_handler(TableroError, tablero_error)
    app.register_error_handler(PrologTimeout, prolog_timeout)
    app.register_error_handler(PrologError, prolog_error)
    app.register_error_handler(sqlite3.Error, sqlite_error)
    try:
        from .storage import Unavailable
    except ImportError:
        pass
    else:
        app.register_error_handler(Unavailable, storage_unavailable)
    app.register_error_handler(Exception, unexpected)


# ---- the shape of an error ----------------------------------------------------------


def is_api() -> bool:
    return request.path == "/api" or request.path.startswith("/api/")


def error(status: int, code: str, message: str, **headers):
    """A JSON error answer in the documented shape."""
    response = jsonify(error={"code": code, "message": message, "explain": []})
    response.status_code = status
    response.headers.update(headers)
    return response


def http_error(exc: HTTPException):
    """Werkzeug's HTTP errors: JSON under /api, Flask's own page elsewhere."""
    if exc.code is None or exc.code < 400 or not is_api():
        return exc
    code, message = HTTP_ERRORS.get(
        exc.code, (re.sub(r"\W+", "_", (exc.name or "error").lower()).strip("_"), exc.name)
    )
    response = error(exc.code, code, message)
    allow = exc.get_response().headers.get("Allow")
    if allow:  # without OPTIONS, which /api refuses (refuse_options)
        response.headers["Allow"] = ", ".join(
            m for m in (m.strip() for m in allow.split(",")) if m != "OPTIONS")
    return response


def tablero_error(exc: TableroError):
    return jsonify(error={"code": exc.code, "message": exc.message, "explain": exc.explain}), \
        exc.status


def prolog_timeout(exc: PrologTimeout):
    current_app.logger.warning("Prolog time-out on %s %s: %s", request.method, request.path, exc)
    return error(504, "timeout",
                 "The rules took too long to answer; nothing was changed: try again")


def prolog_error(exc: PrologError):
    current_app.logger.error("Prolog error on %s %s: %s", request.method, request.path, exc)
    return error(500, "prolog_error", "The rules engine failed on this request")


def storage_unavailable(exc: Exception):
    current_app.logger.error("storage unavailable on %s %s: %s", request.method, request.path, exc)
    return error(503, "storage_unavailable",
                 "Saved games cannot be reached just now: nothing was changed; try again",
                 **{"Retry-After": "5"})


def sqlite_error(exc: sqlite3.Error):
    """The database failed (disk I/O error, full, read-only, file replaced): 503.

    An IntegrityError or a ProgrammingError is a bug in Tablero, not the disk: 500."""
    if isinstance(exc, (sqlite3.IntegrityError, sqlite3.ProgrammingError)):
        return unexpected(exc)
    return storage_unavailable(exc)


def unexpected(exc: Exception):
    """Anything else: logged with its traceback, answered without its text."""
    if isinstance(exc, HTTPException):
        return http_error(exc)
    current_app.logger.error("Unexpected error on %s %s", request.method, request.path,
                             exc_info=exc)
    if not is_api():
        return "Internal Server Error\n", 500, {"Content-Type": "text/plain; charset=utf-8"}
    return error(500, "internal_error", "The server failed on this request")


# ---- the checks before a request -----------------------------------------------------


def check_request():
    """Host for every request; origin, content type and body for a state-changing API call."""
    refused = check_host()
    if refused is not None:
        return refused
    if request.method == "OPTIONS" and is_api():
        return refuse_options()
    if not is_api() or request.method not in UNSAFE_METHODS:
        return None
    refused = check_origin() or check_content_type()
    if refused is not None:
        return refused
    g.tablero_body = parse_body(request.get_data(cache=True))
    return None


def refuse_options():
    """OPTIONS under /api: 405 in JSON, with the route's methods in Allow (an unknown
    route goes on to its JSON 404).

    Flask answers OPTIONS itself on every route (200, empty body): the one /api answer
    that was not JSON.  This API is for its own pages and grants no cross-origin access
    (no CORS), so OPTIONS, which browsers send only as a CORS preflight, is not one of its
    methods; 405 with Allow says which are (RFC 9110), in the JSON shape of every other
    /api answer, where a 204 would be the one answer without a body."""
    if request.routing_exception is not None or request.url_rule is None:
        return None
    adapter = current_app.url_map.bind_to_environ(request.environ)
    allowed = sorted(set(adapter.allowed_methods()) - {"OPTIONS"})  # every rule of the path
    code, message = HTTP_ERRORS[405]
    return error(405, code, message, Allow=", ".join(allowed))


def split_host(value: str) -> tuple[str, str | None]:
    """`host[:port]` (host possibly a bracketed IPv6 address) as (lower-case host, port)."""
    value = value.strip().lower()
    if value.startswith("["):
        end = value.find("]")
        if end < 0:
            return value, None
        host, rest = value[: end + 1], value[end + 1:]
        return host, rest[1:] if rest.startswith(":") else None
    host, colon, port = value.rpartition(":")
    if colon and ":" in host:  # a bare IPv6 address, as --host ::1 names it
        return f"[{value}]", None
    if not colon:
        return value.rstrip("."), None
    return host.rstrip("."), port


def _listed(setting) -> list[str]:
    if isinstance(setting, str):
        setting = setting.split(",")
    return [item.strip() for item in setting or () if item and item.strip()]


def allowed_hosts(setting) -> set[tuple[str, str | None]] | None:
    """The (host, port or None for any) pairs a setting allows; None for any host ("*").

    Always the defaults (127.0.0.1, localhost, [::1]); a wildcard address such as
    0.0.0.0 adds this machine's name and its addresses."""
    allowed: set[tuple[str, str | None]] = set()
    for item in [*DEFAULT_HOSTS, *_listed(setting)]:
        if item == "*":
            return None
        host, port = split_host(item)
        if host in ("0.0.0.0", "[::]", "::"):
            allowed |= {(name, port) for name in this_machine()}
        allowed.add((host, port))
    return allowed


def this_machine() -> set[str]:
    """The names and addresses this machine is known by (for a server bound to 0.0.0.0)."""
    names = {socket.gethostname().lower(), socket.getfqdn().lower()}
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            address = info[4][0]
            names.add(f"[{address}]" if ":" in address else address)
    except OSError:
        pass
    return names


def check_host():
    header = request.environ.get("HTTP_HOST")
    if header is None:  # HTTP/1.0 without Host: nothing a browser would send
        return None
    allowed = _cached("ALLOWED_HOSTS", allowed_hosts)
    host, port = split_host(header)
    if allowed is None or (host, None) in allowed or (host, port) in allowed:
        return None
    if is_api():
        return error(400, "bad_host", "This server does not answer to that Host name; set "
                     "TABLERO_HOSTS to serve it under that name")
    return "Bad Request: unknown Host\n", 400, {"Content-Type": "text/plain; charset=utf-8"}


def origin_of(url: str) -> str:
    """scheme://host[:port], lower-case, without a default port."""
    scheme, _, rest = url.strip().lower().partition("://")
    host, port = split_host(rest.split("/", 1)[0])
    if port is None or (scheme, port) in (("http", "80"), ("https", "443")):
        return f"{scheme}://{host}"
    return f"{scheme}://{host}:{port}"


def check_origin():
    """An Origin, if sent, must be this server's or a configured one; without one (API
    clients, curl), a browser's `Sec-Fetch-Site: cross-site` is refused."""
    origin = request.headers.get("Origin")
    if origin is None:
        if request.headers.get("Sec-Fetch-Site", "").strip().lower() != "cross-site":
            return None
    else:
        own = origin_of(f"{request.scheme}://{request.host}")
        allowed = _cached("ALLOWED_ORIGINS", lambda s: {origin_of(o) for o in _listed(s)})
        if origin.strip().lower() != "null" and origin_of(origin) in allowed | {own}:
            return None
    return error(403, "bad_origin", "A request from another site cannot change a game; set "
                 "TABLERO_ORIGINS to allow that origin")


def _cached(key: str, parse):
    """app.config[key] parsed once per distinct value."""
    setting = current_app.config.get(key, "")
    cache = current_app.extensions.setdefault("tablero_security", {})
    marker = (key, repr(setting))
    if marker not in cache:
        cache[marker] = parse(setting)
    return cache[marker]


def check_content_type():
    """A body must be JSON in UTF-8; a request without a body may omit the type."""
    has_body = bool(request.content_length) or "chunked" in request.headers.get(
        "Transfer-Encoding", "").lower()
    if not request.content_type and not has_body:
        return None
    charset = request.mimetype_params.get("charset", "utf-8").lower()
    if request.mimetype == "application/json" and charset in ("utf-8", "utf8"):
        return None
    return error(415, "unsupported_media_type",
                 "The request body must be Content-Type: application/json (UTF-8)")


# ---- the request body ----------------------------------------------------------------

#  A JSON string, or the rest of the text after an unterminated one, or a bracket.  The
#  optional closing quote means a match never fails once started: one pass, no
#  backtracking, whatever the input.
_TOKENS = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_STEP = {b"[": 1, b"{": 1, b"]": -1, b"}": -1}
_OUTSIDE_BMP = re.compile("[\U00010000-\U0010ffff]")
_SURROGATE = re.compile("[\ud800-\udfff]")


def depth(raw: bytes) -> int:
    """The deepest nesting of [ and { outside strings (one linear pass, for any input)."""
    steps = [_STEP[t] for t in _TOKENS.findall(raw) if t in _STEP]
    return max(accumulate(steps), default=0)


def _no_duplicates(pairs):
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise InvalidRequest("bad_json", f"The key {key[:40]!r} appears twice in one object")
        obj[key] = value
    return obj


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InvalidRequest("bad_json", f"The number {text[:40]} is too large")
    return value


def _constant(name: str):
    raise InvalidRequest("bad_json", f"{name} is not JSON: numbers must be finite")


def _check_text(text: str, where: str) -> None:
    if "\x00" in text:
        raise InvalidRequest(
            "unsupported_character",
            f"The {where} contains the character U+0000 (NUL), which the rules engine cannot "
            "take")
    if _SURROGATE.search(text):
        raise InvalidRequest(
            "unsupported_character",
            f"The {where} contains a lone UTF-16 surrogate (\\ud800-\\udfff), which is no "
            "character: send characters, not halves of one")
    if _OUTSIDE_BMP.search(text):
        raise InvalidRequest(
            "unsupported_character",
            f"The {where} contains a character outside the Basic Multilingual Plane (such as "
            "an emoji, above U+FFFF), which the rules engine cannot read")


def _check_strings(data) -> None:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            for key, value in item.items():
                _check_text(key, "request body (a key)")
                stack.append(value)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            _check_text(item, "request body (a string)")


def parse_body(raw: bytes) -> dict:
    """The request's JSON object ({} for an empty body), or InvalidRequest (400) saying why.

    Codes: bad_json (not UTF-8, not JSON, not an object, a duplicate key, NaN or a
    number too large), too_deep (nesting past MAX_DEPTH), unsupported_character
    (a lone surrogate, or a character outside the Basic Multilingual Plane).
    """
    if not raw.strip():
        return {}
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidRequest(
            "bad_json", f"The request body is not valid UTF-8 (byte {exc.start})") from None
    if text.startswith("\ufeff"):
        raise InvalidRequest("bad_json", "The request body starts with a byte order mark")
    if depth(raw) > MAX_DEPTH:
        raise InvalidRequest(
            "too_deep", f"The request body nests arrays and objects deeper than {MAX_DEPTH}")
    _check_text(text, "request body")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_float=_finite,
                          parse_constant=_constant)
    except RecursionError:
        raise InvalidRequest(
            "too_deep", f"The request body nests arrays and objects deeper than {MAX_DEPTH}"
        ) from None
    except ValueError as exc:
        where = f" (line {exc.lineno}, column {exc.colno})" if hasattr(exc, "lineno") else ""
        raise InvalidRequest("bad_json", f"The request body is not valid JSON{where}") from None
    if not isinstance(data, dict):
        raise InvalidRequest("bad_json", "The request body must be a JSON object")
    _check_strings(data)
    return data


def request_body() -> dict:
    """This request's body as parse_body reads it (parsed once, by check_request)."""
    if "tablero_body" not in g:
        g.tablero_body = parse_body(request.get_data(cache=True))
    return g.tablero_body


# ---- the headers of every answer -------------------------------------------------------


def add_headers(response):
    for name, value in SECURITY_HEADERS.items():
        response.headers.setdefault(name, value)
    if is_api():
        response.headers.setdefault("Cache-Control", "no-store")
    return response


# ---- gunicorn ----------------------------------------------------------------------------

#  gunicorn's own limits, in bytes: the request line (method, URL, version) and one
#  header field; and the number of header fields.  Past them gunicorn answers
#  414 or 431 itself, before the application sees the request.
LIMIT_REQUEST_LINE = 4094
LIMIT_REQUEST_FIELDS = 100
LIMIT_REQUEST_FIELD_SIZE = 8190

GUNICORN_ERRORS = {
    400: ("bad_request", "The request is malformed"),
    403: ("forbidden", "The request is forbidden"),
    414: ("uri_too_long", f"The request line is longer than {LIMIT_REQUEST_LINE} bytes"),
    417: ("expectation_failed", "The server cannot meet the request's Expect header"),
    431: ("headers_too_large", f"The request has more than {LIMIT_REQUEST_FIELDS} header "
          f"fields or one longer than {LIMIT_REQUEST_FIELD_SIZE} bytes"),
    500: ("internal_error", "The server failed on this request"),
    501: ("not_implemented", "The server does not support that transfer coding"),
}


def write_json_error(sock, status_int: int, reason: str, _mesg: str) -> None:
    """gunicorn.util.write_error, answering JSON in Tablero's error shape.

    gunicorn's own sends an HTML page (Content-Type: text/html) whose text repeats
    the offending request line or header; this one says what was wrong, in words,
    and repeats nothing from the request."""
    from gunicorn import util

    code, message = GUNICORN_ERRORS.get(status_int, (f"http_{status_int}", reason))
    body = json.dumps({"error": {"code": code, "message": message, "explain": []}}).encode()
    head = "".join([
        f"HTTP/1.1 {status_int} {reason}\r\n",
        "Connection: close\r\n",
        "Content-Type: application/json\r\n",
        f"Content-Length: {len(body)}\r\n",
        "Cache-Control: no-store\r\n",
        *(f"{name}: {value}\r\n" for name, value in SECURITY_HEADERS.items()),
        "\r\n",
    ])
    util.write_nonblock(sock, head.encode("latin-1") + body)


def json_gunicorn_errors() -> None:
    """Make this process's gunicorn answer its own errors (400, 414, 431, ...) in JSON.

    gunicorn has no setting for that page: every worker class writes it through
    gunicorn.util.write_error (workers/base.py, handle_error), which this replaces."""
    from gunicorn import util

    util.write_error = write_json_error


def post_fork(_server, _worker) -> None:
    """gunicorn's post_fork hook: JSON error answers in the new worker."""
    json_gunicorn_errors()


def gunicorn_settings() -> dict:
    """gunicorn settings for `tablero serve`: the request limits, and JSON error answers."""
    return {
        "limit_request_line": LIMIT_REQUEST_LINE,
        "limit_request_fields": LIMIT_REQUEST_FIELDS,
        "limit_request_field_size": LIMIT_REQUEST_FIELD_SIZE,
        "post_fork": post_fork,
    }
