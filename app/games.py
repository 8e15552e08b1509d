"""Games as Python objects: the REPL API, and what the server uses too.

Every rule is decided in Prolog through the five api_* predicates of
prolog/tablero.pl; this module only carries JSON there and back.  A `Game`
keeps its options, the actions played and the state text Prolog returned, so it
can be stored and resumed exactly.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import random
import secrets

from .prolog import (DEFAULT_TIMEOUT, PROLOG_DIR, Name, PrologError, PrologTimeout, bridge,
                     quote)

#  The games are the ones that plugged in (tablero:game/1 and its declarations, read once
#  per process): Tablero's four in prolog/, and any kept in a folder named by
#  $TABLERO_GAMES (docs/architecture.md, "A game is a plug-in").


def _json(value) -> str:
    """JSON text for Prolog: characters as themselves (SWI-Prolog 9.0.4 does not join
    \\u escapes of surrogate pairs).  A value JSON cannot hold (NaN, an infinity, an
    object of another type such as a set) raises InvalidRequest("bad_json") saying so."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except ValueError:
        raise InvalidRequest("bad_json", "NaN and infinities are not numbers that JSON "
                             "can hold: give a finite number") from None
    except TypeError as exc:  # "Object of type set is not JSON serializable"
        raise InvalidRequest("bad_json", f"{exc}: give numbers, text, lists, dicts, "
                             "True, False or None") from None


class TableroError(Exception):
    """A request the games cannot take; `code` is stable, the message is for people."""

    status = 400

    def __init__(self, code: str, message: str, explain=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.explain = explain or []


class InvalidRequest(TableroError):
    """Malformed input: bad JSON, an unknown game, a bad option, off the board."""

    status = 400


class NotFound(TableroError):
    """No game has that id."""

    status = 404


class Refused(TableroError):
    """The rules refuse the action (occupied, suicide, ko, not your turn, ...)."""

    status = 409


@functools.cache
def _declared() -> dict[str, dict]:
    """What each loaded game declares: {game: {"options": [...], "format": N}}.

    Asked of Prolog once per process: listing games never waits for Prolog."""
    listed = json.loads(bridge().query("tablero:api_games(J)")[0]["J"])
    return {entry["game"]: entry for entry in listed}


def game_options() -> dict[str, list[dict]]:
    """The options each loaded game declares (name, type, default), by game."""
    return {game: entry["options"] for game, entry in _declared().items()}


@functools.cache
def state_format(game: str) -> int:
    """The version of what is stored of a game, as a number: the game's declared state
    format (tablero:game_format/2) and a fingerprint of its rules' source (its Prolog
    files and tablero.pl).  A stored game of another version (older rules, an older view)
    is rebuilt from its actions the first time it is read (app/api.py)."""
    digest = hashlib.sha256(str(_declared()[game]["format"]).encode())
    sources = [PROLOG_DIR / "tablero.pl", PROLOG_DIR / f"{game}.pl",
               *sorted((PROLOG_DIR / game).glob("*.pl"))]
    for path in sources:
        if path.exists():
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return int(digest.hexdigest()[:7], 16) + 1


def available_games() -> list[str]:
    """The games that plugged in, in their declared order (game_info/2's `order`)."""
    return list(_declared())


def known(game) -> bool:
    """Whether `game` names a game that plugged in (so it may be written as an atom)."""
    return isinstance(game, str) and game in _declared()


def declared_games() -> list[dict]:
    """What each game declares, in order: {game, title, options, actions, format}."""
    return list(_declared().values())


def game_titles() -> dict[str, dict]:
    """Each game's title in each language ({"go": {"en": "Go", "es": "Go"}, ...})."""
    return {game: entry.get("title", {}) for game, entry in _declared().items()}


def call_api(predicate: str, game: str, *texts: str, timeout: float | None = None) -> dict:
    """Call tablero:`predicate`(game, texts..., State, Reply); return the reply dict.

    The reply dict gets the new state text under "state".  Both come back as
    one string (tablero:api_text/2), which pyswip converts faster than two.

    `game` must be a game that plugged in (checked here, so it can be written as an atom);
    every other argument is passed as a quoted string that Prolog parses itself.
    """
    if not known(game):
        raise InvalidRequest("unknown_game", f"No such game: {game!r}")
    args = ", ".join([game, *map(quote, texts)])
    goal = f"tablero:api_text(tablero:{predicate}({args}), Text)"
    try:
        answers = bridge().query(goal, timeout=timeout)
    except PrologTimeout:
        raise
    except PrologError as exc:
        if predicate in _STATE_FIRST:
            _check_state(game, texts[0], predicate, _prolog_reason(str(exc)))
        raise
    if not answers:
        if predicate in _STATE_FIRST:
            _check_state(game, texts[0], predicate, "the rules do not take it")
        raise PrologError(f"tablero:{predicate} failed for {game}: a bug in the rules")
    state, _, text = answers[0]["Text"].partition("\n")
    reply = json.loads(text)
    reply["state"] = state
    if not reply["ok"]:
        if reply["code"] in _RULES_FAILED and predicate in _STATE_FIRST:
            _check_state(game, texts[0], predicate, "the rules do not take it")
        kind = Refused if reply["kind"] == "refused" else InvalidRequest
        raise kind(reply["code"], reply["message"], reply.get("explain"))
    return reply


#  The api_* predicates whose first text is a stored state, and the refusals
#  that only say the rules failed (on a state that is not the game's, too).
_STATE_FIRST = {"api_act", "api_view", "api_machine", "api_machine_act", "api_show",
                "api_score"}
_RULES_FAILED = {"illegal", "no_machine_move", "no_score"}


def _check_state(game: str, state: str, predicate: str, reason: str) -> None:
    """After tablero:`predicate` failed or raised an error on `state`: raise
    InvalidRequest("bad_state") with the reason if the state is not one of the game's
    (its view cannot be drawn), else return (the caller re-raises: a rules bug).

    A state that does not parse is refused by tablero itself (bad_state); one that
    parses but is no state of the game makes the rules fail or raise an error,
    which would otherwise surface as a bare IndexError or a pyswip message.
    """
    if predicate != "api_view":
        try:
            call_api("api_view", game, state)
            return
        except TableroError as exc:
            if exc.code != "bad_state":
                raise
            reason = "the rules do not take it"
        except PrologTimeout:
            raise
        except PrologError as exc:
            reason = _prolog_reason(str(exc))
    code, message = _bad_state()
    raise InvalidRequest(code, f"{message}: it is not a state of {game} ({reason})")


@functools.cache
def _bad_state() -> tuple[str, str]:
    """tablero's own refusal of an unreadable state (its code and words)."""
    try:
        call_api("api_view", "go", "(")
    except InvalidRequest as exc:
        return exc.code, exc.message
    return "bad_state", "The stored game state cannot be read"


def _prolog_reason(message: str) -> str:
    """The error term of a pyswip message ("Caused by: ... Returned: 'error(...)'")."""
    _, found, returned = message.partition("Returned: ")
    text = returned.strip().strip(".").strip("'") if found else message
    return f"Prolog raised {text[:200]}"


_KEYS: tuple[int, random.Random] | None = None  # (pid, its generator): _token()'s


def _token() -> str:
    """A new key for a state in the worker's cache (prolog/tablero/cache.pl): 64 random
    bits, as secrets.token_hex(8), from a generator seeded once per process by the system
    (a forked worker seeds its own), so that a move makes no getrandom() system call: each
    let the GIL go, a thread switch a move under load.  A key names a state, it guards
    nothing: it only has to differ from every other key of the same game."""
    global _KEYS
    if _KEYS is None or _KEYS[0] != os.getpid():
        _KEYS = (os.getpid(), random.Random(secrets.randbits(128)))
    return f"{_KEYS[1].getrandbits(64):016x}"


@functools.cache
def _brief_calls() -> frozenset[str]:
    """The cached calls that run at most one ply of the rules (tablero_cache:brief_call/1,
    asked once per process): app/prolog.py's Bridge.call keeps the GIL during them."""
    return frozenset(bridge().query("findall(C, tablero_cache:brief_call(C), Cs)")[0]["Cs"])

#  The cached calls that play an action (a new state, kept under a new key).
_PLAYS = frozenset({"act", "machine", "machine_act", "machine_chosen",
                    "act_delta", "machine_delta", "machine_act_delta", "machine_chosen_delta"})

#  The cached calls whose reply names no new state, and their classic predicate.
_CLASSIC = {"act": "api_act", "act_delta": "api_act", "machine": "api_machine",
            "machine_delta": "api_machine", "machine_act_delta": "api_machine_act",
            "machine_chosen_delta": "api_machine_act",
            "machine_act": "api_machine_act", "machine_chosen": "api_machine_act",
            "view": "api_view", "show": "api_show", "score": "api_score"}


#  What this process's Prolog keeps (prolog/tablero/cache.pl), as this process's cached calls
#  left it: cache id -> the key of the state it keeps for that game.  Every call that makes
#  Prolog keep a game goes through call_cached(), so a game missing here, or kept under
#  another key, is not kept under the key asked: the call goes with the state text at once,
#  instead of being refused cache_miss first (a game played on this worker before the other
#  worker played its last ply: each move of a game whose two pages sit on different workers
#  made three calls, two of them refused, for two).  Prolog may hold less than this says
#  (a game it dropped past its cache_limit, tablero_cache:cache_clear): the call by key is
#  then refused cache_miss and goes again with the text, as before.  Concurrent requests
#  may note their keys out of order: a call then goes with the text, which is never wrong.
_held: dict[str, str] = {}
_HELD_MAX = 20000
#  Whether _held has seen every game this Prolog was given (False once it was emptied past
#  _HELD_MAX: a game missing from it may then be kept all the same).
_held_whole = True
#  This process's cached calls on a saved game's state: `hit`, asked by key and answered;
#  `miss`, asked by key and refused cache_miss; `skipped`, not asked by key (_held: this
#  Prolog does not keep that key); `text`, asked with the state text.  /metrics shows them
#  (tablero_prolog_cache_calls).
CACHE_CALLS = {"hit": 0, "miss": 0, "skipped": 0, "text": 0}

#  The calls after which Prolog keeps the game under NewKey.
_KEEPS_NEW = frozenset({"new", "replay", "undo"})


def held_here(cache_id: str, key: str) -> bool:
    """Whether this process's Prolog may keep `cache_id` under `key` (False: it does not)."""
    found = _held.get(cache_id)
    if found is None:
        return not _held_whole
    return found == key


def _note(call: str, cache_id: str, key: str, new_key: str, state: str,
          reply: dict | None) -> None:
    """Note what Prolog keeps of `cache_id` after a call (reply None: it raised or failed)."""
    global _held_whole
    if reply is not None and reply["ok"] and (call in _PLAYS or call in _KEEPS_NEW):
        if len(_held) >= _HELD_MAX:
            _held.clear()
            _held_whole = False
        _held[cache_id] = new_key
    elif reply is not None and reply["ok"] and state:  # view, show, score: kept under key
        _held[cache_id] = key
    elif reply is None or not reply["ok"]:  # refused (a miss, a bad state...) or raised
        _held.pop(cache_id, None)


def call_cached(call: str, game: str, cache_id: str, key: str, new_key: str, state: str,
                traces: str, arg: str, timeout: float | None = None) -> dict:
    """tablero_cache:api_cached/10 through the lean path (no goal text): the reply dict,
    with the new state text (as stored) under "state" ("" when the call writes none) and
    the view's JSON text as Prolog wrote it under "view_json" (parsed by nobody on a
    move's way: storage keeps it and the answer carries it as it is; `last` is the view's
    last action, for the checks that need it).  For act_delta (and the other calls
    named ..._delta), "view_json" is None and "view_delta" is what changed in the view
    (see apply_delta).

    A refusal raises Refused or InvalidRequest, except cache_miss and no_trace, which
    come back as replies (the caller sends the state, or replays)."""
    if not known(game):
        raise InvalidRequest("unknown_game", f"No such game: {game!r}")
    limit = DEFAULT_TIMEOUT if timeout is None else float(timeout)
    try:
        text = bridge().call("tablero_cache", "api_cached", Name(call), Name(game), limit,
                             cache_id, key, new_key, state, traces, arg,
                             brief=call in _brief_calls())
    except UnicodeEncodeError:
        raise InvalidRequest("bad_json", "The request holds a character that is not "
                             "text (a lone surrogate)") from None
    except BaseException:
        _note(call, cache_id, key, new_key, state, None)
        raise
    if text.startswith("!"):
        _note(call, cache_id, key, new_key, state, None)
        if text == "!timeout":
            raise PrologTimeout(f"Prolog ran past its {limit} s limit: {call} {game}")
        failed = text == "!failed"
        reason = "the rules do not take it" if failed else f"Prolog raised {text[7:207]}"
        if state and call in _CLASSIC:
            _check_state(game, state, _CLASSIC[call], reason)
        if failed:
            raise PrologError(f"tablero:{_CLASSIC.get(call, call)} failed for {game}: "
                              "a bug in the rules")
        raise PrologError(f"tablero_cache {call} {game}: {text[7:]}")
    state_out, view_json, body = text.split("\n", 2)
    reply = json.loads(body)
    if call.endswith("_delta"):  # the JSON of what changed in the view, in the view's place
        reply["state"], reply["view_json"] = state_out, None
        if view_json:
            reply["view_delta"] = json.loads(view_json)
    else:
        reply["state"], reply["view_json"] = state_out, view_json or None
    _note(call, cache_id, key, new_key, state, reply)
    if not reply["ok"] and reply["code"] not in ("cache_miss", "no_trace"):
        if reply["code"] in _RULES_FAILED and state and call in _CLASSIC:
            _check_state(game, state, _CLASSIC[call], "the rules do not take it")
        kind = Refused if reply["kind"] == "refused" else InvalidRequest
        raise kind(reply["code"], reply["message"], reply.get("explain"))
    return reply


def view_delta(before: dict, after: dict) -> dict:
    """What changed from the view `before` to the view `after` of the same game, as Prolog
    writes it for a move (prolog/tablero/cache.pl's view_delta/3, whose rules these are):
    `changed`, the keys whose value is new, with it; `items`, for a key whose value is a
    list as long as before (and not empty), the [index, value] pairs that changed;
    `removed`, the keys `before` has and `after` has not.  A live stream sends it
    (app/api.py's Snapshots): the views there are the ones two revisions' readers got."""
    changed, items = {}, {}
    for key in sorted(after):
        value = after[key]
        if key not in before:
            changed[key] = value
            continue
        old = before[key]
        if _same(old, value):
            continue
        if (isinstance(old, list) and isinstance(value, list) and old and value
                and len(old) == len(value)):
            items[key] = [[i, x] for i, (x0, x) in enumerate(zip(old, value)) if not _same(x0, x)]
        else:
            changed[key] = value
    return {"changed": changed, "items": items,
            "removed": sorted(key for key in before if key not in after)}


def _same(a, b) -> bool:
    """Two JSON values are the same (as Prolog's ==: 1 is not true, nor 1.0)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, list):
        return len(a) == len(b) and all(map(_same, a, b))
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(_same(a[k], b[k]) for k in a)
    return a == b


def apply_delta(view: dict, delta: dict) -> dict:
    """The view after an action, from the view before it and the action's `view_delta`
    (prolog/tablero/cache.pl's view_delta/3; static/view-delta.js does the same in a page):
    `changed` keys set to their new values, the `items` of a list replaced ([index, value]
    pairs) and the `removed` keys gone.  `view` itself is left as it was."""
    new = {**view, **delta["changed"]}
    for key, items in delta["items"].items():
        values = list(new[key])
        for index, value in items:
            values[index] = value
        new[key] = values
    for key in delta["removed"]:
        new.pop(key, None)
    return new


class Game:
    """One game, played from Python.  Subclasses add friendly methods per game.

    The worker's Prolog keeps the game parsed (prolog/tablero/cache.pl) under a cache id
    (the saved game's id, or one per object) and a key per state: an action sends no state
    text while the worker still holds it, else the state text and the traces of the plies
    (`traces`: what each left, '' nothing, None unknown), or replays the actions.
    """

    game = ""
    #  What the last action played with a delta changed in the view (act_delta, or a
    #  machine's action with delta=True; see apply_delta); None after any other action.
    view_delta: dict | None = None

    def __init__(self, game: str | None = None, options: dict | None = None, *,
                 cache_id: str | None = None):
        """A new game; `cache_id`: the id it is kept under in this worker's Prolog (a saved
        game's own id, so that its first move finds it there), else one of its own."""
        self.game = game or self.game
        self.options = dict(options or {})
        self.actions: list[dict] = []
        self._cache_id, self._key, self._past = cache_id or "py-" + _token(), None, None
        self._load = None
        self._traces: list[str | None] = []
        self._undo: list[tuple[str | None, str]] = []
        self._start: str | None = None
        key = _token()
        self._take(call_cached("new", self.game, self._cache_id, "", key, "", "",
                               _json(self.options)), key)

    @classmethod
    def restore(cls, game: str, options: dict, actions: list[dict], state: str | None = None,
               *, cache_id: str | None = None, key: str | None = None, load=None):
        """A game rebuilt from its record: from the stored state, or by replay.

        A saved game passes its id as `cache_id`, the key stored with its state (`key`,
        None if none) and `load`, an object whose traces() and actions() answer those of
        all its plies (app/storage.py's Record), asked only when this worker does not
        hold the game at `key` (actions: only to replay a game stored without traces)."""
        self = cls.__new__(cls)
        self.game, self.options, self.actions = game, options, list(actions)
        self._cache_id = cache_id or "py-" + _token()
        self._key, self._load, self._past = key, load, None
        self._traces = [None] * len(self.actions)
        self._undo = []
        self._start = None
        if state is None:
            self._replay()
        else:
            self.state, self._view, self._view_json, self.explain = state, None, None, []
            self._last = None
        return self

    @classmethod
    def taken_back(cls, game: str, options: dict, before: str, *, cache_id: str,
                   key: str | None, load):
        """A saved game without its last action, whose stored state before it is `before`:
        from the game this worker holds at `key` (the traces it keeps, no text but the
        state), else restored from `before` and the traces of `load` (see restore)."""
        if key is not None and held_here(cache_id, key):
            new_key = _token()
            reply = call_cached("undo", game, cache_id, key, new_key, before, "", "")
            if reply["ok"]:
                self = cls.restore(game, options, [], before, cache_id=cache_id, key=new_key,
                                  load=load)
                self._view, self._view_json = None, reply["view_json"]
                self._last = reply.get("last")
                return self
        self = cls.restore(game, options, [], before, cache_id=cache_id, load=load)
        self.view  # noqa: B018  (restored and kept now)
        return self

    def _all_traces(self) -> list[str | None]:
        """The trace of every action of the game (None: unknown)."""
        if self._load is None:
            return self._traces
        if self._past is None:
            self._past = self._load.traces()
        return self._past

    def _replay(self) -> None:
        """The state again, from the options and every action (kept under a new key)."""
        self._no_start("replayed")
        actions = self._load.actions() if self._load is not None else self.actions
        key = _token()
        reply = call_cached("replay", self.game, self._cache_id, "", key, _json(self.options),
                            "", _json(actions))
        self._take(reply, key)
        if self._load is None:
            self._traces = list(reply["traces"])
        else:
            self._past = list(reply["traces"])

    def _ask(self, call: str, arg: str = "", timeout: float | None = None) -> dict:
        """One cached call on this game's state: by its key while this worker holds it,
        else with its state text and traces (or, lacking traces, after a replay)."""
        new_key = _token() if call in _PLAYS else ""
        if self._key is not None and held_here(self._cache_id, self._key):
            reply = call_cached(call, self.game, self._cache_id, self._key, new_key, "", "",
                                arg, timeout)
            if reply["ok"] or reply["code"] != "cache_miss":
                CACHE_CALLS["hit"] += 1
                return self._keyed(reply, new_key)
            CACHE_CALLS["miss"] += 1
        elif self._key is not None:
            CACHE_CALLS["skipped"] += 1
        CACHE_CALLS["text"] += 1
        key = self._key or _token()
        traces = " ".join("?" if t is None else t or "." for t in reversed(self._all_traces()))
        reply = call_cached(call, self.game, self._cache_id, key, new_key, self.state, traces,
                            arg, timeout)
        self._key = key
        if not reply["ok"] and reply["code"] == "no_trace":
            self._replay()
            return self._ask(call, arg, timeout)
        return self._keyed(reply, new_key)

    def _keyed(self, reply: dict, new_key: str) -> dict:
        if not reply["ok"]:
            raise InvalidRequest(reply["code"], reply["message"], reply.get("explain"))
        reply["key"] = new_key
        return reply

    def _take(self, reply: dict, key: str | None = None) -> None:
        self.state: str = reply["state"]
        self._view: dict | None = None  # parsed from _view_json when asked
        self._view_json: str | None = reply["view_json"]
        self._last: dict | None = reply.get("last")
        self.explain: list[dict] = reply.get("explain", [])
        if key is not None:
            self._key = key

    @property
    def key(self) -> str | None:
        """The key of this state in the worker's cache (stored with a saved game's state)."""
        return self._key

    @property
    def traces(self) -> list[str | None]:
        """What each action left for the game's history ('' nothing, None unknown)."""
        if self._load is not None and self._past is not None:
            return list(self._past)
        return list(self._traces)

    @property
    def trace(self) -> str | None:
        """What the last action left for the game's history ('' nothing; see tablero)."""
        return self._traces[-1] if self._traces else None

    @property
    def view(self) -> dict:
        """What a board needs to draw the game (asked of Prolog once per state)."""
        if self._view is None:
            self._view = json.loads(self.view_json)
        return self._view

    @property
    def view_json(self) -> str:
        """The view as JSON text, as Prolog wrote it (what storage keeps and a server
        answers, never parsed on their way)."""
        if self._view_json is None:
            if self._view is not None:
                self._view_json = json.dumps(self._view, ensure_ascii=False,
                                             separators=(",", ":"))
            else:
                self._view_json = self._ask("view")["view_json"]
        return self._view_json

    @property
    def last(self) -> dict | None:
        """The view's last action ({"player", "kind", ...} or None), read without the view."""
        if self._view is None and self._last is not None:
            return self._last
        return self.view.get("last")

    def _played(self, reply: dict) -> None:
        self.view_delta = None
        self._undo.append((self._key, self.state))
        self.actions.append(reply["action"])
        self._traces.append(reply.get("trace", ""))
        if self._past is not None and self._load is not None:
            self._past = self._past + [reply.get("trace", "")]
        self._take(reply, reply["key"])

    def act(self, action: dict, view: bool = True) -> dict | None:
        """Play one action (a dict such as {"kind": "move", "pos": [3, 3]}) and return the
        view after it; view=False returns None and parses no view (a server passes
        Prolog's view text on as it is: `view_json`)."""
        self._played(self._ask("act", _json(action)))
        return self.view if view else None

    def act_delta(self, action: dict, before: dict | None = None) -> dict:
        """Play one action as act() does and return what changed in the view (`view_delta`:
        see apply_delta), which Prolog writes in place of the whole view.  The view after
        it is worked out here from the view before it (`before`, which a caller may hold,
        else this object's if it parsed one), else asked of Prolog only when read."""
        return self._played_delta(self._ask("act_delta", _json(action)), before)

    def _played_delta(self, reply: dict, before: dict | None) -> dict:
        before = self._view if before is None else before
        delta = reply["view_delta"]
        if "last" in delta["changed"]:  # else the view's, asked when read (or worked out)
            reply["last"] = delta["changed"]["last"]
        self._played(reply)
        if before is not None:
            self._view = apply_delta(before, delta)
        self.view_delta = delta
        return delta

    def _took(self, call: str, arg: str, timeout: float | None, delta: bool,
              before: dict | None) -> dict:
        """One of the machine's actions played (`call`, or its ..._delta call when `delta`:
        what changed in the view is then kept in `view_delta`, as act_delta returns it)."""
        if delta:
            reply = self._ask(call + "_delta", arg, timeout=timeout)
            self._played_delta(reply, before)
        else:
            reply = self._ask(call, arg, timeout=timeout)
            self._played(reply)
        return reply["action"]

    def machine(self, timeout: float | None = None, *, delta: bool = False,
                before: dict | None = None) -> dict:
        """Let the machine player choose and play the next action; return it.  With
        delta=True Prolog writes what changed in the view in place of the whole view: it is
        then `view_delta`, and the view after it is worked out from `before` (as
        act_delta)."""
        return self._took("machine", "", timeout, delta, before)

    def machine_act(self, action: dict, timeout: float | None = None, *, delta: bool = False,
                    before: dict | None = None) -> dict:
        """Play an action chosen outside Prolog (GNU Go: app/gnugo_seat.py) for the machine
        seat to move, judged by the rules as any action (tablero:api_machine_act/5): refused
        with not_machine_turn unless it is that seat's.  Return the action as accepted
        (delta, before: as machine)."""
        return self._took("machine_act", _json(action), timeout, delta, before)

    def machine_chosen(self, choice: dict, timeout: float | None = None, *,
                       delta: bool = False, before: dict | None = None) -> dict:
        """Play the action a search process chose for the machine seat to move
        (app/machine_pool.py; `choice` is its reply: {"action", "query", "answer"}), judged
        by the rules as machine_act judges GNU Go's, with the search's goal first in the
        explain as if this Prolog had chosen it.  Return the action as accepted (delta,
        before: as machine)."""
        return self._took("machine_chosen",
                          _json({key: choice.get(key) for key in ("action", "query", "answer")}),
                          timeout, delta, before)

    def undo(self) -> None:
        """Take back the last action: the state before it again (no replay)."""
        if not self.actions:
            raise Refused("nothing_to_undo", "There is no action to take back")
        if self._undo and len(self._undo) == len(self.actions):
            key, state = self._undo.pop()
            self.actions.pop()
            self._traces.pop()
            if self._past is not None and self._load is not None:
                self._past = self._past[:-1]
            self.state, self._key, self._view, self.explain = state, key, None, []
            self._view_json, self._last = None, None
            if self._key is None:
                self._key = _token()
            self.view  # noqa: B018  (asked now, so that a bad state says so here)
            return
        actions = self.actions[:-1]
        self.actions, self._traces, self._undo = actions, [None] * len(actions), []
        self._load = None
        self._past = None
        self._replay()

    def history(self) -> list[dict]:
        """The view before the first action and after each one (a game's review)."""
        self._no_start("reviewed")
        return call_api("api_history", self.game, _json(self.options), _json(self.actions))["views"]

    def show(self) -> str:
        """The game drawn as text by its rules (tablero:game_show/3)."""
        return self._ask("show")["text"]

    def __str__(self) -> str:
        return self.show()

    def svg(self) -> str:
        """The game drawn as a small SVG picture from its view (app/notebook.py)."""
        from .notebook import svg

        return svg(self.game, self.view)

    def _repr_svg_(self) -> str | None:
        """What Jupyter shows for a game object: its SVG (None when the state is bad,
        so that the text repr and its error show instead)."""
        try:
            return self.svg()
        except TableroError:
            return None

    def score(self) -> dict:
        """The score as it stands, as the rules count it (tablero:game_score/3)."""
        return self._ask("score")["score"]

    # ------------------------------------------------ what a python-chess user expects

    @property
    def legal_moves(self) -> list[dict]:
        """The actions the rules allow the side to move now, each one as act() takes it
        ([] once over), as the rules list them (the view's `legal`).  When a machine seat
        is to move, machine() plays (act() refuses it a human's action)."""
        return [] if self.over else list(self.view.get("legal") or [])

    def copy(self) -> "Game":
        """An independent game at the same point (its actions, undo included): playing
        on the copy leaves this one as it is."""
        other = type(self).restore(self.game, dict(self.options), list(self.actions), self.state)
        traces = self._all_traces()
        if len(traces) == len(self.actions):
            other._traces = list(traces)
        other._view, other.explain = self._view, list(self.explain)
        other._view_json, other._last = self._view_json, self._last
        other._undo, other._start = list(self._undo), self._start
        return other

    def position(self) -> str:
        """The position as one line of text that from_position() reads back (as FEN
        for chess): the state as the rules store it, a Prolog term with the board, the
        side to move, the settings and what the rules need to go on (counts, ko).
        Under positional superko the earlier positions are left out, as FEN leaves
        out repetitions."""
        return self.state

    @classmethod
    def from_position(cls, position: str, game: str | None = None) -> "Game":
        """The game at a position() of this class's game (or `game`), to play on from:
        no actions behind it (undo refuses, history() and sgf() have nothing to
        replay).  A text that is no position of the game raises InvalidRequest
        (bad_state)."""
        name = game or cls.game
        if not known(name):
            raise InvalidRequest("unknown_game", f"No such game: {name!r}")
        if not isinstance(position, str) or not position.strip():
            code, message = _bad_state()
            raise InvalidRequest(code, f"{message}: a position is the text that position() "
                                 f"answers, not {type(position).__name__} {position!r:.40}")
        self = cls.restore(name, {}, [], position)
        self._start = position
        self._traces = []
        self.view  # noqa: B018  (read now, so that a bad position says so here)
        return self

    def _no_start(self, what: str) -> None:
        if getattr(self, "_start", None) is not None:
            raise InvalidRequest("from_position", f"A game made from a position cannot be "
                                 f"{what}: the moves before it are not known")

    @property
    def over(self) -> bool:
        return bool(self.view["over"])

    @property
    def to_move(self) -> str:
        return self.view["to_move"]

    @property
    def result(self) -> dict | None:
        """None while playing, else {"code", "winner", "message", ...}: the view's result,
        in the one vocabulary of every game (docs/architecture.md, "The protocol")."""
        return self.view["result"]

    @property
    def winner(self) -> str | None:
        """The winning player ("b", "w", "0"...) once the game is over; None while playing,
        after a draw or a shared victory."""
        result = self.view["result"]
        return result.get("winner") if result else None

    @property
    def status(self) -> dict | None:
        """The game's status line in each language ({"en": ..., "es": ...}), where the
        game's view has one."""
        return self.view.get("status")

    def play_machines(self) -> list[dict]:
        """Let the machine seats play until a person is to move or the game is over; their
        replies."""
        played = []
        while self.view["machine_to_move"] and not self.view["over"]:
            played.append(self.machine())
        return played
