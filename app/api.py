"""The JSON API (documented in app/openapi.json, served at /api/openapi.json).

Every game goes through the same five routes; the rules answer in Prolog.
Errors are JSON: {"error": {"code": ..., "message": ..., "explain": [...]}} with
400 for a malformed request, 404 for an unknown game id, 409 when the rules or
the game's state refuse (not your turn, game over, occupied, suicide, ko, a
request that lost a race), 504 when Prolog ran out of time.
"""

from __future__ import annotations

import json
from pathlib import Path

from flask import Blueprint, current_app, jsonify, request

from . import storage
from .games import GAMES, Game, InvalidRequest, NotFound, Refused, TableroError, available_games
from .go import score as go_score
from .prolog import PrologError, PrologTimeout

bp = Blueprint("api", __name__, url_prefix="/api")

OPENAPI = Path(__file__).with_name("openapi.json")

#  What the web offers beyond what the rules accept (the rules take Go sizes 2-25).
WEB_OPTIONS = {"go": {"size": (9, 13, 19)}}


@bp.errorhandler(TableroError)
def tablero_error(exc: TableroError):
    body = {"code": exc.code, "message": exc.message, "explain": exc.explain}
    return jsonify(error=body), exc.status


@bp.errorhandler(PrologTimeout)
def prolog_timeout(exc):
    return jsonify(error={"code": "timeout", "message": str(exc), "explain": []}), 504


@bp.errorhandler(PrologError)
def prolog_error(exc):
    current_app.logger.error("Prolog error: %s", exc)
    body = {"code": "prolog_error", "message": "The rules engine failed on this request"}
    return jsonify(error={**body, "explain": []}), 500


@bp.errorhandler(404)
def not_found(_exc):
    return jsonify(error={"code": "not_found", "message": "No such API route", "explain": []}), 404


@bp.errorhandler(405)
def not_allowed(_exc):
    body = {"code": "method_not_allowed", "message": "This route does not take that method"}
    return jsonify(error={**body, "explain": []}), 405


def body() -> dict:
    """The request's JSON object ({} when there is no body)."""
    raw = request.get_data(cache=True)
    if not raw.strip():
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise InvalidRequest("bad_json", "The request body is not valid JSON") from None
    if not isinstance(data, dict):
        raise InvalidRequest("bad_json", "The request body must be a JSON object")
    return data


def record_or_404(game_id: str) -> storage.Record:
    record = storage.load(game_id)
    if record is None:
        raise NotFound("unknown_game_id", f"There is no game {game_id[:64]!r}")
    return record


def check_version(record: storage.Record, data: dict) -> None:
    version = data.get("version")
    if version is not None and version != record.version:
        raise Refused(
            "stale", "The game has moved on since you last saw it: reload to see the new position"
        )


def reply(record: storage.Record, view: dict, explain: list, status: int = 200, **extra):
    return jsonify(
        id=record.id,
        game=record.game,
        options=record.options,
        casual=record.casual,
        version=record.version,
        view=view,
        explain=explain,
        **extra,
    ), status


@bp.get("/openapi.json")
def openapi():
    """The API described in OpenAPI 3."""
    return current_app.response_class(OPENAPI.read_text(), mimetype="application/json")


@bp.get("/games")
def list_games():
    """The games on offer and the most recently played saved games."""
    return jsonify(available=available_games(), recent=storage.recent())


@bp.post("/games")
def create_game():
    """Start a game: {"game": "go", "options": {...}, "casual": true}."""
    data = body()
    game = data.get("game")
    if game not in GAMES or game not in available_games():
        raise InvalidRequest("unknown_game", f"No such game: {str(game)[:40]!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidRequest("bad_option", "options must be a JSON object")
    for key, allowed in WEB_OPTIONS.get(game, {}).items():
        if key in options and options[key] not in allowed:
            raise InvalidRequest(
                f"unsupported_{key}", f"{key} must be one of {', '.join(map(str, allowed))}"
            )
    casual = data.get("casual", True)
    if not isinstance(casual, bool):
        raise InvalidRequest("bad_option", "casual must be true or false")
    played = Game(game, options)
    if "seed" in played.view and "seed" not in options:
        options["seed"] = played.view["seed"]  # the dealt game, so that undo replays it
    record = storage.create(game, options, casual, played.state)
    return reply(record, played.view, played.explain, 201)


@bp.get("/games/<game_id>")
def show_game(game_id):
    """A saved game as it stands, with the list of its actions."""
    record = record_or_404(game_id)
    played = Game.resume(record.game, record.options, [], record.state)
    return reply(record, played.view, [], actions=record.actions())


def store(record: storage.Record, action: dict, played: Game):
    try:
        record.version = storage.append(record, action, played.state)
    except storage.Conflict:
        raise Refused("conflict", "Another move was played at the same moment: reload") from None


@bp.post("/games/<game_id>/actions")
def act(game_id):
    """Play an action: {"action": {...}, "version": N (optional)}."""
    data = body()
    record = record_or_404(game_id)
    check_version(record, data)
    action = data.get("action")
    if not isinstance(action, dict):
        raise InvalidRequest("bad_action", "action must be a JSON object")
    played = Game.resume(record.game, record.options, [], record.state)
    played.act(action)
    store(record, action, played)
    return reply(record, played.view, played.explain)


@bp.post("/games/<game_id>/machine")
def machine(game_id):
    """Let the machine player play the next action: {"version": N (optional)}."""
    data = body()
    record = record_or_404(game_id)
    check_version(record, data)
    played = Game.resume(record.game, record.options, [], record.state)
    action = played.machine(timeout=current_app.config["MACHINE_TIMEOUT"])
    store(record, action, played)
    return reply(record, played.view, played.explain, action=action)


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    """Take back the last action of a casual game: {"version": N (optional)}."""
    data = body()
    record = record_or_404(game_id)
    check_version(record, data)
    if not record.casual:
        raise Refused("not_casual", "Undo is only for casual games")
    played = Game.resume(record.game, record.options, record.actions())
    played.undo()
    try:
        record.version = storage.truncate(record, played.state)
    except storage.Conflict:
        raise Refused("conflict", "Another move was played at the same moment: reload") from None
    return reply(record, played.view, played.explain)


@bp.get("/games/<game_id>/score")
def score(game_id):
    """Go: the area score now, with the owner of every point."""
    record = record_or_404(game_id)
    if record.game != "go":
        raise InvalidRequest("no_score", "Only Go games have an area score")
    return jsonify(id=record.id, score=go_score(record.state))


@bp.post("/echo")
def echo():
    """Answers with the request body, touching neither Prolog nor storage (a baseline for bench/)."""
    return jsonify(echo=body())
