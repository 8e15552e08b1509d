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

from .prolog import PROLOG_DIR, PrologError, PrologTimeout, bridge, quote

GAMES = ("go", "molinolog", "gorogo", "azul")


def _json(value) -> str:
    """JSON text for Prolog: characters as themselves (SWI-Prolog 9.0.4 does not join
    \\u escapes of surrogate pairs)."""
    return json.dumps(value, ensure_ascii=False)


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
    """The games whose Prolog module is loaded, in GAMES order."""
    loaded = _declared()
    return [g for g in GAMES if g in loaded]


def call_api(predicate: str, game: str, *texts: str, timeout: float | None = None) -> dict:
    """Call tablero:`predicate`(game, texts..., State, Reply); return the reply dict.

    The reply dict gets the new state text under "state".  Both come back as
    one string (tablero:api_text/2), which pyswip converts faster than two.

    `game` must be one of GAMES (checked here, so it can be written as an atom);
    every other argument is passed as a quoted string that Prolog parses itself.
    """
    if game not in GAMES:
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
_STATE_FIRST = {"api_act", "api_view", "api_machine", "api_show", "api_score"}
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


class Game:
    """One game, played from Python.  Subclasses add friendly methods per game."""

    game = ""

    def __init__(self, game: str | None = None, options: dict | None = None):
        self.game = game or self.game
        self.options = dict(options or {})
        reply = call_api("api_new", self.game, _json(self.options))
        self.actions: list[dict] = []
        self._take(reply)

    @classmethod
    def resume(cls, game: str, options: dict, actions: list[dict], state: str | None = None):
        """A game rebuilt from its record: from the stored state, or by replay."""
        self = cls.__new__(cls)
        self.game, self.options, self.actions = game, options, list(actions)
        if state is None:
            self._take(call_api("api_replay", game, _json(options), _json(actions)))
        else:
            self.state, self._view, self.explain = state, None, []
        return self

    def _take(self, reply: dict) -> None:
        self.state: str = reply["state"]
        self._view: dict | None = reply["view"]
        self.explain: list[dict] = reply.get("explain", [])

    @property
    def view(self) -> dict:
        """What a board needs to draw the game (asked of Prolog once per state)."""
        if self._view is None:
            self._view = call_api("api_view", self.game, self.state)["view"]
        return self._view

    def act(self, action: dict) -> dict:
        """Play one action (a dict such as {"kind": "move", "pos": [3, 3]})."""
        reply = call_api("api_act", self.game, self.state, _json(action))
        self.actions.append(reply["action"])
        self._take(reply)
        return self.view

    def machine(self, timeout: float | None = None) -> dict:
        """Let the machine player choose and play the next action; return it."""
        reply = call_api("api_machine", self.game, self.state, timeout=timeout)
        self.actions.append(reply["action"])
        self._take(reply)
        return reply["action"]

    def undo(self) -> None:
        """Take back the last action (replays the others)."""
        if not self.actions:
            raise Refused("nothing_to_undo", "There is no action to take back")
        reply = call_api(
            "api_replay", self.game, _json(self.options), _json(self.actions[:-1])
        )
        self.actions.pop()
        self._take(reply)

    def history(self) -> list[dict]:
        """The view before the first action and after each one (a game's review)."""
        return call_api("api_history", self.game, _json(self.options), _json(self.actions))["views"]

    def show(self) -> str:
        """The game drawn as text by its rules (tablero:game_show/3)."""
        return call_api("api_show", self.game, self.state)["text"]

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
        return call_api("api_score", self.game, self.state)["score"]

    @property
    def over(self) -> bool:
        return bool(self.view["over"])

    @property
    def to_move(self) -> str:
        return self.view["to_move"]
