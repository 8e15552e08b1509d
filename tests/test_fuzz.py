"""Fuzzing the JSON API from its own description (app/openapi.json) with schemathesis.

The Flask app is called in-process (WSGI, no server).  The spec is read from
the app (/api/openapi.json) when the tests run, so new routes are fuzzed as they
are documented.  Each operation gets valid and invalid requests; a path's game
id is now and then replaced by a real game's (with its seat secret), so that
fuzzed actions reach the rules in Prolog.  Every answer must be no 5xx, a
documented status code, JSON where JSON is documented, and match its schema.

Event streams (text/event-stream) never end and are left out.  Tested with
schemathesis 4.32.5 (not a dependency of the package: `pip install
schemathesis==4.32.5`); skipped without it.
"""

from __future__ import annotations

import tempfile
import zlib

import pytest

schemathesis = pytest.importorskip("schemathesis")
hypothesis = pytest.importorskip("hypothesis")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402
from schemathesis.specs.openapi.checks import (  # noqa: E402
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from app import create_app  # noqa: E402

#  Examples per operation (and generation mode); the whole file runs in well under 60 s.
EXAMPLES = 50

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]


_DB = tempfile.TemporaryDirectory(prefix="tablero-fuzz-")
fuzz_app = create_app({"TESTING": True, "DATABASE": f"{_DB.name}/fuzz.db", "MACHINE_TIMEOUT": 2.0})


@pytest.fixture(scope="module")
def real_games():
    """One saved game of each kind on offer: (id, headers that hold its seats)."""
    client = fuzz_app.test_client()
    games = []
    for game in client.get("/api/games").json["available"]:
        reply = client.post("/api/games", json={"game": game})
        if reply.status_code != 201:  # the fuzzing below finds and reports that
            continue
        secrets = reply.json.get("secrets") or {}
        headers = {"Authorization": f"Bearer {next(iter(secrets.values()))}"} if secrets else {}
        games.append((reply.json["id"], headers))
    return games


def streams(operation) -> bool:
    """Whether an operation answers an event stream (which never ends)."""
    for response in (operation.definition.raw.get("responses") or {}).values():
        if "text/event-stream" in (response.get("content") or {}):
            return True
    return False


schema = schemathesis.openapi.from_wsgi("/api/openapi.json", fuzz_app).exclude(
    path_regex=r"/events$").exclude(method="GET", path="/api/openapi.json")


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, database=None,
          suppress_health_check=list(HealthCheck))
def test_api_answers_as_documented(case, real_games):
    if streams(case.operation):
        pytest.skip("an event stream")
    if case.path_parameters and "id" in case.path_parameters and real_games:
        # Deterministic choice: most cases aim at a real game, some keep the fuzzed id.
        pick = zlib.crc32(repr((case.body, case.path_parameters)).encode()) % (len(real_games) + 1)
        if pick < len(real_games):
            game_id, headers = real_games[pick]
            case.path_parameters["id"] = game_id
            case.headers = {**(case.headers or {}), **headers}
    case.call_and_validate(checks=CHECKS)
