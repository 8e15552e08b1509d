"""The JSON API (documented in app/openapi.json, served at /api/openapi.json).

Every game goes through the same routes; the rules answer in Prolog.  Errors
are JSON: {"error": {"code": ..., "message": ..., "explain": [...]}} with 400
for a malformed request, 401 / 403 for an action on a seat the caller does not
hold, 404 for an unknown game id, 409 when the rules or the game's state refuse
(not your turn, game over, occupied, a request that lost a race), 503 when the
database is away, 504 when Prolog ran out of time.

Seats: creating a game makes its creator the holder of the human seats they
choose (`hold`, default all); the answer carries their secret under `secrets`
(seat -> secret) and an invitation for each other human seat.  A client proves
it holds a seat with `Authorization: Bearer <secret>`.  Anyone with a game's id
may watch it (GET, the event stream).
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import os
import secrets as secrets_
import threading
import time
from pathlib import Path

from flask import Blueprint, Response, after_this_request, current_app, jsonify, request

from . import clocks, gnugo_seat, live, machine_pool, observe, security, sgf, storage, student_rules
from .records import playing, record_or_404, same_result  # noqa: F401  (the routes' reading of a game)
from .gtp import GNUGO
from .prolog import bridge
from .games import (Game, InvalidRequest, NotFound, Refused, TableroError, apply_delta,
                    available_games, call_api, declared_games, known, state_format, view_delta)

bp = Blueprint("api", __name__, url_prefix="/api")

OPENAPI = Path(__file__).with_name("openapi.json")

#  What the web offers beyond what the rules accept (the rules take Go sizes 2-25).
WEB_OPTIONS = {"go": {"size": (9, 13, 19)}}


class Unauthorized(TableroError):
    """An action for a seat, without a secret."""

    status = 401


class Forbidden(TableroError):
    """An action for a seat whose secret the caller does not have."""

    status = 403


@bp.errorhandler(TableroError)
def tablero_error(exc: TableroError):
    body = {"code": exc.code, "message": exc.message, "explain": exc.explain}
    if getattr(exc, "student", None):  # a move refused by ours, as a student's rules judged it
        body["student"] = exc.student
        body.update(getattr(exc, "student_verdicts", {}))
    if getattr(exc, "params", None):  # the refusal as data, for a page's own words (app/sgf.py)
        body["params"] = exc.params
    return jsonify(error=body), exc.status, getattr(exc, "headers", None) or {}


def body() -> dict:
    """The request's JSON object ({} when there is no body), as app/security.py checked it."""
    return security.request_body()


def check_revision(record: storage.Record, data: dict) -> None:
    revision = data.get("revision")
    if revision is not None and revision != record.revision:
        raise Refused(
            "stale", "The game has moved on since you last saw it: reload to see the new position"
        )


# ---- seats -------------------------------------------------------------------------


def digest(secret: str) -> str:
    return hashlib.sha256(secret.encode()).hexdigest()


def bearer() -> str | None:
    """The secret in `Authorization: Bearer <secret>`, if any."""
    header = request.headers.get("Authorization", "")
    scheme, _, value = header.partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        return None
    return value.strip()


def held(record: storage.Record, secret: str | None) -> list[str]:
    """The seats of the game this secret holds."""
    if secret is None:
        return []
    mine = digest(secret)
    return sorted(
        name for name, seat in record.seats.items()
        if seat.secret_hash and hmac.compare_digest(seat.secret_hash, mine)
    )


def require_seat(record: storage.Record, seat: str, you: list[str] | None = None) -> None:
    """Refuse unless the caller holds `seat` (games saved before seats existed are open);
    `you`: the seats the caller holds, when already known (held())."""
    if not record.seats or seat not in record.seats:
        return
    secret = bearer()
    if secret is None:
        raise Unauthorized("no_secret", f"Playing for seat {seat} needs that seat's secret")
    if seat not in (held(record, secret) if you is None else you):
        raise Forbidden("not_your_seat", f"You do not hold seat {seat}")


def holders(record: storage.Record) -> dict:
    """For each human seat: whether someone holds it, whether an invitation is open."""
    return {name: {"taken": seat.secret_hash is not None, "invited": seat.invite_hash is not None}
            for name, seat in record.seats.items()}


def invitation_url(record: storage.Record, seat: str, token: str) -> str:
    return f"/{record.game}/{record.id}#invite={seat}.{token}"


# ---- replies -------------------------------------------------------------------------


def game_json(record: storage.Record, view: dict, you: list[str]) -> dict:
    return {
        "id": record.id,
        "game": record.game,
        "options": record.options,
        "casual": record.casual,
        "revision": record.revision,
        "plies": record.plies,
        "view": view,
        "holders": holders(record),
        "you": you,
        "undo_request": record.undo_request,
        "rematch": record.rematch,
        "clock": clocks.public(record.clock),
        #  The verdicts of a student's rules kept with the game (`tablero serve --rules`):
        #  how many moves were asked and the plies where they disagree (counted when the
        #  game keeps some, or this server asks a student's rules and may have added some).
        **(student_rules.summary(record.game, record.id)
           if record.verdicts is not False or student_rules.configured(record.game) else {}),
    }


def reply(record: storage.Record, view: dict | str, explain: list, status: int = 200, you=None,
          **extra):
    """The game as JSON; `you`: the seats the caller holds (default: by its secret).  `view`
    may be the view's JSON text as Prolog wrote it (Game.view_json), spliced in as it is."""
    you = held(record, bearer()) if you is None else you
    extra = {**student_rules.served(record.game), **extra}
    if view is None:  # a move's view_delta in its place (in `extra`)
        data = {**game_json(record, None, you), "explain": explain, **extra}
        del data["view"]
        return current_app.response_class(json.dumps(data, separators=(",", ":")) + "\n",
                                          mimetype="application/json"), status
    if not isinstance(view, str):
        return jsonify(**game_json(record, view, you), explain=explain, **extra), status
    data = {**game_json(record, None, you), "explain": explain, **extra}
    del data["view"]
    text = json.dumps(data, separators=(",", ":"))
    return current_app.response_class(f'{text[:-1]},"view":{view}}}\n',
                                      mimetype="application/json"), status


#  The views this worker has of games whose row stores none (a move answered with a
#  `view_delta` stores no view): game id -> (revision, view).  A revision names one
#  position for every worker, so a view kept here is the game's while the revision is.
_views: dict[str, tuple[int, dict]] = {}


def view_of(record: storage.Record) -> dict:
    """The stored view (no Prolog); for a row that has none (a move answered with a delta),
    the one this worker has for its revision, else Prolog's (then kept here)."""
    if record.view is not None:
        return record.view
    kept = _views.get(record.id)
    if kept is not None and kept[0] == record.revision:
        return kept[1]
    view = playing(record).view
    keep_view(record, view)
    return view


def keep_view(record: storage.Record, view: dict) -> None:
    """Keep `view` as the game's at record.revision in this worker (see view_of)."""
    if len(_views) > 2000:  # a long-lived worker keeps only recent games
        _views.clear()
    _views[record.id] = (record.revision, view)


def changed() -> None:
    """Wake this process's live streams as soon as this request's answer has gone out
    (not before: the mover's answer does not wait for the streams it wakes)."""
    hub = live.hub(current_app._get_current_object())

    @after_this_request
    def poke(response):
        response.call_on_close(hub.poke.set)
        return response


#  A player's stream writes at least this often (seconds): a closed page is noticed at the
#  second write after it closed, and its opponent then sees it away.
PLAYER_KEEP_ALIVE = 4.0


class Snapshots:
    """What the streams of one worker send after a change, built once per change and game
    (not once per open page): the game as a watcher sees it, and who is there."""

    def __init__(self):
        self.lock = threading.Lock()
        self.games: dict[str, tuple] = {}
        self.building: dict[str, threading.Lock] = {}

    def get(self, app, game_id: str, seq: int) -> tuple:
        """(seq, game JSON for a watcher or None, present seats, its event text, the seats'
        secret hashes, what changed in the view since the revision before (view_delta) or
        None, and that delta's event text for a watcher) as of change feed position `seq` or
        later.  The delta is there when this worker's snapshot before was of the revision
        just before: a stream that sent that one and asked for deltas sends it."""
        with self.lock:
            cached = self.games.get(game_id)
            if cached and cached[0] >= seq:
                return cached
            building = self.building.setdefault(game_id, threading.Lock())
        with building:
            with self.lock:
                cached = self.games.get(game_id)
            if cached and cached[0] >= seq:
                return cached
            with app.app_context():
                record = storage.load(game_id)
                present = storage.present(game_id)
                data = None if record is None else game_json(record, view_of(record), [])
                hashes = {} if record is None else {
                    name: seat.secret_hash for name, seat in record.seats.items()}
            text = None if data is None else live.event(
                data["revision"], json.dumps(data, separators=(",", ":")))
            delta = delta_text = None
            before = cached[1] if cached else None
            if data is not None and before is not None and before["revision"] == data["revision"] - 1:
                delta = view_delta(before["view"], data["view"])
                delta_text = live.event(data["revision"], json.dumps(
                    delta_json(data, delta), separators=(",", ":")))
            snapshot = (seq, data, present, text, hashes, delta, delta_text)
            with self.lock:
                self._keep(game_id, snapshot, building)
            return snapshot

    def seed(self, game_id: str, seq: int, record: storage.Record, data: dict, text: str,
             present: list[str]) -> None:
        """A stream opened on this worker read the game (`record`, its watcher's JSON `data`
        and event `text`) after feed position `seq`: kept as the snapshot to compare the next
        change with, unless a newer one is kept, so that even the first change a page hears
        of after it opened comes as a delta."""
        hashes = {name: seat.secret_hash for name, seat in record.seats.items()}
        with self.lock:
            cached = self.games.get(game_id)
            if cached is None or cached[0] < seq:
                self._keep(game_id, (seq, data, present, text, hashes, None, None),
                           self.building.setdefault(game_id, threading.Lock()))

    def _keep(self, game_id: str, snapshot: tuple, building: threading.Lock) -> None:
        """Keep a snapshot (under self.lock)."""
        if len(self.games) > 2000:  # a long-lived worker keeps only recent games
            self.games.clear()
            self.building = {game_id: building}
        self.games[game_id] = snapshot


_snapshots = Snapshots()


def delta_json(data: dict, delta: dict) -> dict:
    """A stream's game JSON with `view_delta` in place of `view` (GameDeltaReply's shape)."""
    return {**{key: value for key, value in data.items() if key != "view"}, "view_delta": delta}


# ---- routes --------------------------------------------------------------------------


@bp.get("/openapi.json")
def openapi():
    """The API described in OpenAPI 3 (app/openapi.json, made by scripts/openapi.py), with
    the games that plugged in as the values `game` may take."""
    return current_app.response_class(_openapi_text(tuple(available_games())),
                                      mimetype="application/json")


@functools.lru_cache(maxsize=4)
def _openapi_text(games: tuple[str, ...]) -> str:
    described = json.loads(OPENAPI.read_text())
    new_game = described.get("components", {}).get("schemas", {}).get("NewGame", {})
    game = new_game.get("properties", {}).get("game")
    if isinstance(game, dict):
        game["enum"] = list(games)
    return json.dumps(described, ensure_ascii=False)


@bp.get("/games")
def list_games():
    """The games on offer, whether GNU Go can take a Go seat here (`gnugo`), and the
    caller's own games (by the secret in Authorization)."""
    secret = bearer()
    mine = summaries(storage.games_of([digest(secret)])) if secret else []
    return jsonify(available=available_games(), games=declared_games(),
                   gnugo=os.access(GNUGO, os.X_OK), recent=mine)


@bp.post("/games/mine")
def my_games():
    """The games in which one of these secrets holds a seat: {"secrets": [...]}."""
    given = body().get("secrets", [])
    if not isinstance(given, list) or len(given) > 500 or not all(isinstance(s, str) for s in given):
        raise InvalidRequest("bad_secrets", "secrets must be a list of at most 500 strings")
    return jsonify(games=summaries(storage.games_of([digest(s) for s in given])))


def summaries(games: list[dict]) -> list[dict]:
    """The saved games of a list, each with what a person reads in it: `you` (the seats
    held, as `seats`), its `options` and `holders`, and of its view (view_of: the stored
    one, no Prolog, where the row has one) the `seats` (who sits where: human, machine...),
    `to_move`, `over` and `result`."""
    out = []
    for game in games:
        record = storage.load(game["id"])
        if record is None:
            continue
        record = clocks.settle(record)
        view = view_of(record)
        out.append({**game, "you": game["seats"], "options": record.options,
                    "holders": holders(record),
                    "view": {key: view.get(key) for key in ("seats", "to_move", "over", "result")}})
    return out


@bp.post("/games")
def create_game():
    """Start a game: {"game": "go", "options": {...}, "casual": true, "hold": ["b", "w"],
    "clock": {"kind": "fischer", "main": seconds, "increment": seconds} (optional: a clock,
    for a game of two players that has one: Go, Molinolog, GoRoGo; also "absolute",
    "byoyomi" for Go and "correspondence", app/clocks.py)};
    or a Go game from an SGF record: {"game": "go", "sgf": text}, every move judged by the
    rules (app/sgf.py), stored with all its moves or not at all; or any game from one of
    our records (a tournament's games/NNN.json: {"game", "options", "actions"}):
    {"game": G, "record": {...}}, every action judged by the rules, likewise."""
    data = body()
    game = data.get("game")
    if game not in available_games():
        raise InvalidRequest("unknown_game", f"No such game: {str(game)[:40]!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise InvalidRequest("bad_option", "options must be a JSON object")
    imported = "sgf" in data or "record" in data
    for key, allowed in WEB_OPTIONS.get(game, {}).items():
        if isinstance(options.get(key), int) and options[key] not in allowed and not imported:
            raise InvalidRequest(
                f"unsupported_{key}", f"{key} must be one of {', '.join(map(str, allowed))}"
            )
    casual = data.get("casual", True)
    if not isinstance(casual, bool):
        raise InvalidRequest("bad_option", "casual must be true or false")
    imported_record = {}  # a game read from SGF: its actions, and the file's result if not its own
    game_id = storage.new_id()  # a new game is kept parsed under its id from its creation on
    students = None
    if "sgf" in data:
        played = from_sgf(game, data["sgf"], options)
        options = played.options
        imported_record = {"actions": played.actions, "record_result": played.record_result}
        students = imported_verdicts(played)
    elif imported:
        played = from_record(game, data["record"], options)
        options = played.options
        imported_record = {"actions": played.actions}
        students = imported_verdicts(played)
    else:
        played = Game(game, options, cache_id=game_id)
    view = played.view
    if "seed" in view and "seed" not in options:
        options["seed"] = view["seed"]  # the dealt game, so that undo replays it
    clock = clocks.new(game, data.get("clock"), list(view["seats"]))
    humans = [seat for seat, kind in view["seats"].items() if kind == "human"]
    hold = data.get("hold", humans)
    if not isinstance(hold, list) or not all(seat in humans for seat in hold):
        raise InvalidRequest("bad_seat", f"hold must list human seats of this game: {humans}")
    secret = secrets_.token_urlsafe(24)
    invitations = {seat: secrets_.token_urlsafe(18) for seat in humans if seat not in hold}
    seats = {
        seat: storage.Seat(digest(secret) if seat in hold else None,
                           digest(invitations[seat]) if seat in invitations else None)
        for seat in humans
    }
    record = storage.create(game, options, casual, played.state, played.view_json, seats,
                            state_format(game), played.actions, cache_key=played.key,
                            traces=played.traces, game_id=game_id, clock=clock,
                            students=students)
    changed()
    machine_pool.warm(view)       # the machine's first turn finds its search process ready
    return reply(
        record, played.view_json, played.explain, 201, you=sorted(hold),
        secrets={seat: secret for seat in hold},
        invitations={seat: invitation_url(record, seat, token) for seat, token in invitations.items()},
        **imported_record,
    )


def imported_verdicts(played: Game) -> list[dict | None] | None:
    """What a student's rules say of each move of a game read from SGF (served with
    `--rules`), as stored; None when none are served."""
    if student_rules.rules_for(played.game) is None or not played.actions:
        return None
    views = Game.restore(played.game, played.options, played.actions).history()
    return [student_rules.kept(v) for v in
            student_rules.judge_record(played.game, views, played.actions)]


#  The options a request may add to an SGF file's (the rest comes from the file).
SGF_OPTIONS = sgf.SEAT_OPTIONS


def from_sgf(game: str, text, options: dict) -> Game:
    """The game of an SGF record, replayed by the rules (SgfError, 400, says why not)."""
    if game != "go":
        raise InvalidRequest("not_go", "Only Go games are read from SGF")
    if not isinstance(text, str):
        raise sgf.SgfError("sgf_unreadable", "sgf must be the text of an SGF file",
                           reason="not_text")
    other = sorted(set(options) - set(SGF_OPTIONS))
    if other:
        raise InvalidRequest("bad_option", f"With sgf, options may only name the seats "
                                           f"({', '.join(SGF_OPTIONS)}); not {other[0][:40]!r}")
    played = sgf.sgf_to_game(text, options, Game)
    if len(played.actions) > storage.MAX_PLIES:
        raise sgf.SgfError("sgf_too_many_moves",
                           f"A game keeps at most {storage.MAX_PLIES} actions",
                           max=storage.MAX_PLIES)
    return played


def from_record(game: str, record, options: dict) -> Game:
    """The game of one of our records (what `tablero tournament` writes in games/NNN.json,
    docs/tournaments.md: its `game`, `options` and `actions`), every action judged by the
    rules; refused (400 `bad_record`, `record_game`, `bad_option`, `record_action`, naming
    the action) when it is not one, is another game's, or the rules refuse an action."""
    if not isinstance(record, dict) or not isinstance(record.get("actions"), list) \
            or not isinstance(record.get("options", {}), dict):
        raise InvalidRequest("bad_record", "record must be a game record: a JSON object with "
                                           "game, options and actions (a tournament's "
                                           "games/NNN.json)")
    if record.get("game") != game:
        raise InvalidRequest("record_game", f"This record is a game of "
                                            f"{str(record.get('game'))[:40]!r}, not of {game}")
    if options:
        raise InvalidRequest("bad_option", "With a record, the options are the record's")
    actions = record["actions"]
    if len(actions) > storage.MAX_PLIES:
        raise InvalidRequest("record_too_long",
                             f"A game keeps at most {storage.MAX_PLIES} actions")
    settings = dict(record.get("options") or {})
    try:
        return Game.restore(game, settings, actions)
    except TableroError as exc:
        if exc.code == "bad_option" or not actions:
            raise InvalidRequest("bad_option", f"The record's options are refused: "
                                               f"{exc.message}") from None
    played = Game(game, settings)       # find the refused action: one by one
    for number, action in enumerate(actions, 1):
        try:
            if not isinstance(action, dict):
                raise InvalidRequest("bad_action", "an action is a JSON object")
            played.act(action, view=False)
        except TableroError as exc:
            raise InvalidRequest("record_action", f"action {number} of the record: "
                                                  f"{exc.code}: {exc.message}") from None
    raise InvalidRequest("record_action", "The rules refuse this record")


@bp.get("/games/<game_id>/sgf")
def download_sgf(game_id):
    """A Go game as an SGF record (application/x-go-sgf, as an attachment)."""
    record = record_or_404(game_id)
    if record.game != "go":
        raise InvalidRequest("not_go", f"Only Go games are written as SGF, not {record.game}")
    actions = record.actions()
    views = Game.restore(record.game, record.options, actions, record.state).history()
    created = storage.created(record.id)
    stored = view_of(record)
    if stored.get("over") and not views[-1].get("over"):  # lost on time: the stored result
        views[-1] = {**views[-1], "over": True, "result": stored.get("result")}
    comments: dict[int, str] = {}
    for v in storage.student_verdicts(record.id) + storage.student_tried(record.id):
        if not v.get("agree"):  # a move's own, then those tried on the position after it
            text = student_rules.comment(v)
            comments[v["ply"]] = f"{comments[v['ply']]}\n\n{text}" if v["ply"] in comments else text
    text = sgf.game_to_sgf(record.options, actions, created, views, clock=record.clock,
                           comments=comments)
    size = views[0]["size"]
    day = time.strftime("%Y-%m-%d", time.gmtime(created or 0))
    name = f"tablero-go-{size}x{size}-{day}-{record.id}.sgf"
    return Response(text, mimetype="application/x-go-sgf",
                    headers={"Content-Disposition": f'attachment; filename="{name}"'})


@bp.get("/games/<game_id>/verdicts")
def verdicts(game_id):
    """What a student's rules said of each move asked (`tablero serve --rules`), kept with
    the game: {"id", "revision", "plies", "verdicts": [the move's `student`, with its
    `ply`; an agreement without its boards], "tried": [the same of the moves our rules
    refused, `ply` the position they were tried on]}, oldest first."""
    record = record_or_404(game_id)
    return jsonify(id=record.id, revision=record.revision, plies=record.plies,
                   verdicts=storage.student_verdicts(record.id),
                   tried=storage.student_tried(record.id))


@bp.get("/games/<game_id>")
def show_game(game_id):
    """A saved game as it stands, with the list of its actions."""
    record = record_or_404(game_id)
    view = view_of(record)
    machine_pool.warm(view)       # a page opened on it: the machine's turn finds a process
    return reply(record, view, [], actions=record.actions())


class EventStream:
    """One open event stream: what it has sent and what it sends next.  Driven by a
    generator on a request thread (`events` without app/serving.py's worker: the
    development server, the test client) or by the worker's streamer thread, which
    holds every stream of its process without a thread each."""

    def __init__(self, app, hub, record: storage.Record, you: list[str], after: int,
                 secret: str | None = None, delta: bool = False):
        self.app, self.hub, self.game_id, self.you, self.after = app, hub, record.id, you, after
        #  Asked with ?delta=1 (the pages): a change that follows the revision this stream
        #  sent last is sent as view_delta, what changed in the view, as a move's reply.
        self.delta = delta
        #  The seats a stream holds are worked out again at every change (an invitation
        #  taken moves a seat from the creator's secret to the friend's): by this digest.
        self.mine = digest(secret) if secret else None
        self.revision, self.present = record.revision, []
        self.keep_alive = PLAYER_KEEP_ALIVE if you else live.KEEP_ALIVE
        #  A timed game's instant (ms) when the running clock's flag falls: the stream
        #  wakes then and has the game settled (lost on time) if nobody moved.
        self.deadline = (record.clock or {}).get("deadline")
        self.stream_id = secrets_.token_hex(8)
        self.closed = False
        observe.metrics()["streams"].inc()
        if you:
            storage.here(record.id, you, self.stream_id, record.revision, first=True)
            hub.poke.set()

    @property
    def interval(self) -> float:
        """Seconds until the stream writes if nothing changes: the keep-alive, or sooner,
        just past a running clock's deadline."""
        if self.deadline is None:
            return self.keep_alive
        return max(0.05, min(self.keep_alive, (self.deadline - clocks.now_ms()) / 1000 + 0.05))

    def _flag(self) -> None:
        """The deadline passed with no change: settle the game (lost on time, a change every
        stream hears of), off the streamer's thread."""
        self.deadline = None
        app, game_id = self.app, self.game_id

        def settle():
            try:
                with app.app_context():
                    record = storage.load(game_id)
                    if record is not None:
                        clocks.settle(record)
                    live.hub(app).poke.set()
            except Exception:  # the next read settles it
                app.logger.exception("settling the clock of game %s", game_id)

        if bridge().dedicated:  # else Prolog is a request thread's (a development server)
            threading.Thread(target=settle, name="clock", daemon=True).start()

    def opening(self, record: storage.Record, seen: str) -> str:
        """The first text: the game unless the client has this revision, and for a player
        who is there.  A stream that asked for deltas leaves the game as it read it with the
        worker's snapshots (Snapshots.seed): the next change is then sent as a delta."""
        view = view_of(record) if seen != str(record.revision) or self.delta else None
        if seen != str(record.revision):
            text = live.event(record.revision, json.dumps(
                game_json(record, view, self.you), separators=(",", ":")))
        else:
            text = ": up to date\n\n"
        if self.you or self.delta:
            with self.app.app_context():
                present = storage.present(record.id)
            if self.delta:
                data = game_json(record, view, [])
                _snapshots.seed(self.game_id, self.after, record, data, live.event(
                    record.revision, json.dumps(data, separators=(",", ":"))), present)
            if self.you:
                self.present = present
                text += live.presence(self.present)
        return text

    def _here(self) -> None:
        if self.you:
            with self.app.app_context():
                storage.here(self.game_id, self.you, self.stream_id, self.revision, first=False)

    def quiet(self) -> str:
        """Nothing changed for `interval` seconds: a comment (and a player is still there)."""
        self._here()
        if self.deadline is not None and clocks.now_ms() >= self.deadline:
            self._flag()
        return ": keep-alive\n\n"

    def changed(self, seq: int) -> str:
        """The game changed at feed position `seq`: what this stream sends ("" if nothing)."""
        self._here()
        self.after = seq
        _, data, now_present, text, hashes, delta, delta_text = _snapshots.get(
            self.app, self.game_id, seq)
        out = ""
        if data is not None and self.mine is not None:
            self._seats(sorted(name for name, h in hashes.items()
                               if h and hmac.compare_digest(h, self.mine)))
        if data is not None and data["revision"] != self.revision:
            if self.delta and delta is not None and data["revision"] == self.revision + 1:
                data, text = delta_json(data, delta), delta_text
            self.revision = data["revision"]
            self.deadline = (data.get("clock") or {}).get("deadline")
            out += text if not self.you else live.event(self.revision, json.dumps(
                {**data, "you": self.you}, separators=(",", ":")))
        if self.you and now_present != self.present:
            self.present = now_present
            out += live.presence(self.present)
        return out

    def _seats(self, you: list[str]) -> None:
        """The stream's secret now holds `you` (a seat given away by an invitation, or
        taken back): its presence is for those seats from now on."""
        if you == self.you:
            return
        with self.app.app_context():
            if self.you:
                storage.gone(self.game_id, self.stream_id, self.revision)
            if you:
                storage.here(self.game_id, you, self.stream_id, self.revision, first=True)
        self.you = you
        self.keep_alive = PLAYER_KEEP_ALIVE if you else live.KEEP_ALIVE
        self.hub.poke.set()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        observe.metrics()["streams"].dec()
        if self.you:
            with self.app.app_context():
                storage.gone(self.game_id, self.stream_id, self.revision)
            self.hub.poke.set()


@bp.get("/games/<game_id>/events")
def events(game_id):
    """The game's changes as Server-Sent Events (Last-Event-ID: the revision last seen).

    A stream sent with a seat's secret also says that its holder is there; streams get a
    `presence` event ({"present": seats whose holders have a page open}) when that changes.
    Under `tablero serve` the stream is handed to the worker's streamer thread (its
    request thread is then free), within the per-client and per-worker caps (503)."""
    app = current_app._get_current_object()
    hub = live.hub(app)
    after = hub.now()
    record = record_or_404(game_id)
    you = held(record, bearer())
    seen = request.headers.get("Last-Event-ID", request.args.get("last", ""))
    gate = request.environ.get("tablero.streams")
    slot = None
    if gate is not None and request.method == "GET":
        from .serving import StreamRefused

        try:
            slot = gate.reserve()
        except StreamRefused as exc:
            status, _, code, message = exc.answer
            return (jsonify(error={"code": code, "message": message, "explain": []}), status,
                    {"Retry-After": "5"})
    stream = EventStream(app, hub, record, you, after, bearer(),
                         delta=request.args.get("delta") in ("1", "true"))
    headers = {"Cache-Control": "no-store", "X-Accel-Buffering": "no"}
    if slot is not None:
        try:
            first = stream.opening(record, seen)
        except BaseException:
            stream.close()
            raise
        slot.attach(stream, first)
        return Response(iter(()), mimetype="text/event-stream", headers=headers)  # no length

    def generate():
        try:
            yield stream.opening(record, seen)
            while True:
                seq = hub.wait(stream.game_id, stream.after, stream.interval)
                text = stream.quiet() if seq is None else stream.changed(seq)
                if text:
                    yield text
        finally:
            stream.close()

    return Response(generate(), mimetype="text/event-stream", headers=headers)


def time_over(record: storage.Record) -> None:
    """Refuse any action on a game lost on time (its rules' state does not know it is over:
    the clock ended it)."""
    if (record.clock or {}).get("flag"):
        result = (view_of(record).get("result") or {}).get("message") or "The time is up"
        raise Refused("game_over", f"The game is over: {result}")


def timed(record: storage.Record, played: Game, now: int, plies: int,
          takeback: bool = False) -> dict | None:
    """A timed game's clock after an action or an undo accepted at `now` (None for an untimed
    game); a flag that fell before it ends the game, and the action is refused."""
    if record.clock is None:
        return None
    clock = clocks.after(record, played.view, plies, now, takeback)
    if clock is None:
        clocks.settle(record, now)
        changed()
        time_over(record)
        raise Refused("game_over", "The game is over: the time is up")
    return clock


def store(record: storage.Record, action: dict, played: Game, now: int | None = None,
          student: dict | None = None, view: str | None = "") -> None:
    """Store an action played (with `student`, what a student's rules said of it).  `view`:
    the view's text to store, by default the game's; None stores none (a move answered
    with a delta: the view is worked out when it is read)."""
    if record.plies >= storage.MAX_PLIES:
        raise Refused("history_full", f"A game keeps at most {storage.MAX_PLIES} actions")
    clock = timed(record, played, clocks.now_ms() if now is None else now, record.plies + 1)
    if view is None and clock is not None:  # a timed game's view, read by its clock: stored
        view = played.view_json
    try:
        storage.append(record, action, played.state, played.view_json if view == "" else view,
                       played.key, played.trace, clock, student_rules.kept(student))
    except storage.Conflict:
        raise Refused("conflict", "Another change was made at the same moment: reload") from None
    changed()


@bp.post("/games/<game_id>/actions")
def act(game_id):
    """Play an action for a seat the caller holds: {"action": {...}, "revision": N (optional),
    "delta": true (optional)}.  A timed game charges the mover's clock (app/clocks.py); one
    lost on time refuses it.  With "delta": true the reply carries `view_delta`, what
    changed in the view (README, docs/architecture.md), in place of the whole `view`."""
    now = clocks.now_ms()
    data = body()
    record = record_or_404(game_id)
    check_revision(record, data)
    action = data.get("action")
    if not isinstance(action, dict):
        raise InvalidRequest("bad_action", "action must be a JSON object")
    wants_delta = data.get("delta", False)
    if not isinstance(wants_delta, bool):
        raise InvalidRequest("bad_request", "delta must be true or false")
    actor = action.get("player", view_of(record).get("to_move"))
    you = held(record, bearer())  # a move changes no seat: asked once, for the checks and the reply
    if isinstance(actor, str):
        require_seat(record, actor, you)
    time_over(record)
    played = playing(record)
    before = view_of(record)
    try:
        delta = played.act_delta(action, before) if wants_delta else played.act(action, view=False)
    except Refused as exc:  # served with a student's rules: what theirs say of it too
        exc.student = student_rules.judge(record.game, before, action, exc, record)
        if exc.student:  # kept beside the game (which does not change), with the counts
            try:
                storage.keep_tried(record, student_rules.kept(exc.student))
            except storage.Conflict:  # a lost race (PostgreSQL): the refusal stands alone
                pass
            exc.student_verdicts = student_rules.summary(record.game, record.id)
        raise
    last = played.last or {}
    if last.get("player") is not None and last.get("player") != actor:
        require_seat(record, last["player"], you)
    # A student's rules are asked before the move is stored, so that their verdict is
    # stored with it (one write: every page that hears of the move hears of the verdict).
    student = student_rules.judge(record.game, before, played.actions[-1], None, record)
    if not wants_delta:
        store(record, played.actions[-1], played, now, student)
        return reply(record, played.view_json, played.explain, you=you,
                     **({"student": student} if student else {}))
    #  The row keeps no view (worked out when read) but for a game over: a finished game's
    #  stored view is its record (app/records.py keeps its result through an upgrade).
    after = played.view  # worked out from `before` and the delta
    store(record, played.actions[-1], played, now, student,
          view=played.view_json if after.get("over") else None)
    keep_view(record, after)
    return reply(record, None, played.explain, you=you, view_delta=delta,
                 **({"student": student} if student else {}))


@bp.post("/games/<game_id>/machine")
def machine(game_id):
    """Let the machine play its seat's turn: {"revision": N (optional)}.  A Go seat of
    GNU Go ("gnugo") is played by GNU Go (app/gnugo_seat.py; engine_timeout 504,
    engine_failed 503, engine_illegal 409, and nothing is played).  Any other machine seat's
    search runs in a search process of this worker's pool (app/machine_pool.py; 503
    machines_busy with Retry-After when all stay busy, 504 machine_timeout past the budget,
    and nothing is played), and this worker's Prolog plays its choice.  With "delta": true
    the reply carries `view_delta` in place of the whole `view`, as a move's (act)."""
    data = body()
    record = record_or_404(game_id)
    check_revision(record, data)
    wants_delta = data.get("delta", False)
    if not isinstance(wants_delta, bool):
        raise InvalidRequest("bad_request", "delta must be true or false")
    time_over(record)
    view = view_of(record)
    if not view.get("machine_to_move"):
        raise Refused("not_machine_turn", "No machine seat is to move")
    budget = current_app.config["MACHINE_TIMEOUT"]
    asking = student_rules.DEADLINE if student_rules.rules_for(record.game) else 0
    if not storage.claim_machine(record, budget + 5 + asking):
        raise Refused("machine_busy", "The machine is already thinking about this game")
    try:
        played = playing(record)
        if view.get("seats", {}).get(view.get("to_move")) == "gnugo":  # GNU Go's seat
            action = gnugo_seat.play_turn(played, record.options, record.actions(), budget,
                                          delta=wants_delta)
        else:
            action = machine_pool.play(played, record, budget, delta=wants_delta, before=view)
        now = clocks.now_ms()  # the machine's time ends here: not the student's asking
        student = student_rules.judge(record.game, view, played.actions[-1], None, record)
        if wants_delta:  # as a move answered with a delta (act): no view stored but a record's
            after = played.view
            store(record, action, played, now, student,
                  view=played.view_json if after.get("over") else None)
            keep_view(record, after)
        else:
            store(record, action, played, now, student)
    finally:
        storage.release_machine(record)
    extra = {"student": student} if student else {}
    if wants_delta:
        return reply(record, None, played.explain, action=action,
                     view_delta=played.view_delta, **extra)
    return reply(record, played.view_json, played.explain, action=action, **extra)


def undo_now(record: storage.Record, now: int) -> Game:
    """Take back the last action: the state stored with the action before it (its view
    drawn by this worker, which then holds it), or, for a game stored before states were
    kept per action, a replay of the others."""
    before = record.state_before()
    if before is not None:
        played = Game.taken_back(record.game, record.options, before, cache_id=record.id,
                                 key=record.cache_key, load=storage.Before(record))
    else:
        played = Game.restore(record.game, record.options, record.actions()[:-1],
                             cache_id=record.id)
    clock = timed(record, played, now, record.plies - 1, takeback=True)
    try:
        storage.truncate(record, played.state, played.view_json, played.key, clock)
    except storage.Conflict:
        raise Refused("conflict", "Another change was made at the same moment: reload") from None
    changed()
    return played


@bp.post("/games/<game_id>/undo")
def undo(game_id):
    """Take back the last action of a casual game: {"revision": N, "accept": true|false}.

    Against the machine, or when the caller holds every human seat, it happens at
    once; between two people it is a request (202) that the other accepts
    ({"accept": true}) or declines ({"accept": false}).  A finished game (view.over: counted,
    resigned, won) is a record: every undo (a request, an answer, a take-back at once) is
    refused with 409 game_over and changes nothing.  (No request can be open then: the
    action that ended the game withdrew it.)  A request or answer that loses a race with
    another change is 409 conflict, nothing changed.
    """
    now = clocks.now_ms()
    data = body()
    record = record_or_404(game_id)
    check_revision(record, data)
    if not record.casual:
        raise Refused("not_casual", "Undo is only for casual games")
    if record.plies == 0:
        raise Refused("nothing_to_undo", "There is no action to take back")
    mine = held(record, bearer())
    if record.seats and not mine:
        if bearer() is None:
            raise Unauthorized("no_secret", "Only a player of this game can take back a move")
        raise Forbidden("not_your_seat", "You hold no seat in this game")
    others = [seat for seat in record.seats if seat not in mine]
    accept = data.get("accept")
    if accept is not None and not isinstance(accept, bool):
        raise InvalidRequest("bad_action", "accept must be true or false")
    if view_of(record).get("over"):  # a finished game is a record, whatever the body says
        raise Refused("game_over", "The game is over: its record stays as it ended")
    if not others:
        played = undo_now(record, now)
        return reply(record, played.view_json, [])
    if accept is None:
        if record.undo_request is not None:
            raise Refused("undo_requested", "A request to take back a move is already open")
        set_undo_request(record, mine[0])
        return reply(record, view_of(record), [], 202)
    if record.undo_request is None or record.undo_request in mine:
        raise Refused("no_undo_request", "There is no request from your opponent to answer")
    if accept:
        played = undo_now(record, now)
        return reply(record, played.view_json, [])
    set_undo_request(record, None)
    return reply(record, view_of(record), [])


def set_undo_request(record: storage.Record, seat: str | None) -> None:
    """Open (or, with None, withdraw) an undo request; 409 conflict if the game changed."""
    try:
        storage.set_undo_request(record, seat)
    except storage.Conflict:
        raise Refused("conflict", "Another change was made at the same moment: reload") from None
    changed()


def swapped_seats(seats: list[str]) -> dict[str, str]:
    """Each seat's seat in a rematch: the colours swapped (Azul: every player one seat on)."""
    if set(seats) == {"b", "w"}:
        return {"b": "w", "w": "b"}
    ordered = sorted(seats, key=lambda s: int(s) if s.isdigit() else s)
    return {seat: ordered[(i + 1) % len(ordered)] for i, seat in enumerate(ordered)}


def rematch_options(options: dict, mapping: dict[str, str]) -> dict:
    """The options of a rematch: who sits where swapped as the seats are, a new deal."""
    new = {key: value for key, value in options.items() if key != "seed"}
    if "black" in options or "white" in options:
        new["black"], new["white"] = options.get("white", "human"), options.get("black", "human")
    if isinstance(options.get("players"), list):
        players = options["players"]
        new["players"] = [None] * len(players)
        for i, kind in enumerate(players):
            new["players"][int(mapping.get(str(i), str(i)))] = kind
    return new


@bp.post("/games/<game_id>/rematch")
def rematch(game_id):
    """After a finished game, a player offers a rematch ({}), the colours swapped; the other
    accepts it (the same request) or declines ({"decline": true}).  When every person's seat
    of the game is the caller's (one device, or against the machine) it is made at once.
    Made, the game's `rematch` says the new game and each seat's seat in it (the same
    secrets hold them); both pages go there."""
    data = body()
    record = record_or_404(game_id)
    check_revision(record, data)
    if not view_of(record).get("over"):
        raise Refused("game_not_over", "A rematch is offered once the game is over")
    mine = held(record, bearer())
    if record.seats and not mine:
        if bearer() is None:
            raise Unauthorized("no_secret", "Only a player of this game can offer a rematch")
        raise Forbidden("not_your_seat", "You hold no seat in this game")
    offer = record.rematch or {}
    if offer.get("game"):
        return reply(record, view_of(record), [])  # made already: the reply says where
    if data.get("decline") is True:
        if not offer or offer.get("offer") in mine:
            raise Refused("no_rematch_offer", "There is no rematch offer from your opponent")
        set_rematch(record, None)
        return reply(record, view_of(record), [])
    others = [seat for seat in record.seats if seat not in mine]
    if others and not (offer and offer.get("offer") not in mine):
        if offer:
            raise Refused("rematch_offered", "You have offered a rematch already")
        set_rematch(record, {"offer": mine[0]})
        return reply(record, view_of(record), [], 202)
    mapping = swapped_seats(list(view_of(record).get("seats", {})))
    options = rematch_options(record.options, mapping)
    new_id = storage.new_id()
    played = Game(record.game, options, cache_id=new_id)
    view = played.view
    if "seed" in view and "seed" not in options:
        options["seed"] = view["seed"]
    clock = clocks.new(record.game, clocks.setting(record.clock), list(view["seats"]))
    humans = [seat for seat, kind in view["seats"].items() if kind == "human"]
    moved = {mapping[seat]: old for seat, old in record.seats.items() if seat in mapping}
    seats = {seat: storage.Seat(moved[seat].secret_hash if seat in moved else None, None)
             for seat in humans}
    new = storage.create(record.game, options, record.casual, played.state, played.view_json,
                         seats, state_format(record.game), played.actions, cache_key=played.key,
                         traces=played.traces, game_id=new_id, clock=clock)
    set_rematch(record, {"offer": offer.get("offer", mine[0] if mine else None),
                         "game": new.id, "seats": mapping})
    return reply(record, view_of(record), [], 201)


def set_rematch(record: storage.Record, value: dict | None) -> None:
    try:
        storage.set_rematch(record, value)
    except storage.Conflict:
        raise Refused("conflict", "Another change was made at the same moment: reload") from None
    changed()


@bp.post("/games/<game_id>/seats/<seat>")
def claim_seat(game_id, seat):
    """Take a seat with its invitation: {"invitation": token}; answers the seat's secret."""
    data = body()
    record = record_or_404(game_id)
    token = data.get("invitation")
    if seat not in record.seats:
        raise NotFound("unknown_seat", f"This game has no human seat {seat[:8]!r}")
    if not isinstance(token, str):
        raise InvalidRequest("bad_invitation", "invitation must be the token of the link")
    open_invite = record.seats[seat].invite_hash
    if open_invite is None:
        raise Refused("seat_taken", "That invitation was used already")
    if not hmac.compare_digest(open_invite, digest(token)):
        raise Forbidden("bad_invitation", "That is not this seat's invitation")
    secret = secrets_.token_urlsafe(24)
    try:
        storage.set_seat(record, seat, digest(secret), None, expect_invite=open_invite)
    except storage.Conflict:
        raise Refused("seat_taken", "That invitation was used already") from None
    changed()
    return reply(record, view_of(record), [], you=held(record, secret), secrets={seat: secret})


@bp.post("/games/<game_id>/seats/<seat>/invite")
def invite(game_id, seat):
    """The holder of a seat invites someone else to it: answers the invitation link."""
    body()
    record = record_or_404(game_id)
    if seat not in record.seats:
        raise NotFound("unknown_seat", f"This game has no human seat {seat[:8]!r}")
    require_seat(record, seat)
    token = secrets_.token_urlsafe(18)
    try:
        storage.set_seat(record, seat, record.seats[seat].secret_hash, digest(token))
    except storage.Conflict:
        raise Refused("conflict", "Another change was made at the same moment: reload") from None
    changed()
    return reply(record, view_of(record), [], invitations={seat: invitation_url(record, seat, token)})


@bp.get("/games/<game_id>/history")
def history(game_id):
    """The game move by move: its actions, and the view before the first and after each."""
    record = record_or_404(game_id)
    actions = record.actions()
    views = Game.restore(record.game, record.options, actions, record.state).history()
    return jsonify(id=record.id, revision=record.revision, actions=actions, views=views)


@bp.get("/games/<game_id>/score")
def score(game_id):
    """The score as it stands, as the game's rules count it (Go: area, with owners)."""
    record = record_or_404(game_id)
    played = playing(record)
    return jsonify(id=record.id, score=played.score())


@bp.post("/goals/<game>")
def goals(game):
    """The Prolog panel's goals: an action's explain written by the game's rules as goals
    a student can paste into swipl, from the views around it ({before, action, after,
    explain}, as this API sent them).  Reads and stores nothing."""
    if not known(game):
        raise NotFound("unknown_game", f"No such game: {game}")
    reply = call_api("api_goals", game, json.dumps(body()))
    return jsonify(goals=reply["goals"])


@bp.post("/echo")
def echo():
    """Answers with the request body, touching neither Prolog nor storage (a baseline for bench/)."""
    return jsonify(echo=body())
