"""`tablero tournament GAME PLAYERS...`: machines, engines and students' machines play each
other; a ranking, a cross table and every game's record come out (docs/tournaments.md).

    tablero tournament molinolog machine:1 machine:3 entregas/ana/adapter.pl --out torneo/
    tablero tournament go machine:simple machine gnugo:1 --option size=9 --swiss
    tablero tournament load torneo/ --db tablero.db     # its games, to open on the board

Start reading at `run` (the whole tournament), `play_all` (the games, played in
parallel) and `Match` (one game).  Every game is refereed here, in this process's Prolog (app/games.py: a Game
with every seat a person's, so that only its rules judge what is played); each player is
asked for its actions in a process of its own:

- our machine players and students' machines: a `swipl` running
  prolog/tablero/tournament.pl (`PlayerProcess`), which reads the game as the referee
  stores it and answers an action.  A student's runs inside app/confine.py's box
  (bubblewrap: user nobody, no network, no new processes, prlimit's limits), with a
  budget of CPU seconds a move inside and a wall-clock deadline outside, past which the
  box is killed;
- GNU Go and any GTP engine: one process a turn, told the game so far
  (app/gnugo_seat.py's script and runner: prlimit, its own process group, killed past
  the budget).

A player whose answer is late, who crashes, or whose action the rules refuse loses that
game, with the reason recorded; the game's record keeps the actions played until then.
Players' turns run on up to `jobs` threads (one game each), while every Prolog call of
the referee stays on the calling thread (pyswip's one-thread rule, app/prolog.py).
A player's processes are kept between its turns and games (`Processes`); one that
faulted is killed and the next turn starts another.  With `--db` (`Store`) every game
is saved in a Tablero database as it is played, for a server there to show it live.
"""

from __future__ import annotations

import argparse
import csv
import html
import json
import math
import os
import random
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from pathlib import Path

from . import confine, gnugo_seat, grade, paths, pipes, sgf, student_rules
from . import kit as kits
from .games import Game, TableroError, available_games, declared_games
from .gtp import GNUGO
from .paths import PROLOG_DIR

DRIVER = PROLOG_DIR / "tablero" / "tournament.pl"

SECONDS = 2.0           # CPU seconds a student's move (--seconds)
MACHINE_SECONDS = 60.0  # wall-clock seconds a move of our machine or an engine
START_SECONDS = 30.0    # seconds a player's process has to load
STUDENT_WALL = 10       # a student's move is killed past this many times its CPU budget (+5 s)
STUDENT_LIMITS = {**grade.LIMITS, "cpu": 3600}   # prlimit's, for a student's whole process


def difficulties(game: str) -> dict[str, str]:
    """What "easy", "medium" and "hard" are for `game` as a player's words, from what the
    game declares (tablero:game_difficulty/4, the index's difficulties): GNU Go's seat at
    its level (Go's "gnugo:10"), else our machine at the one setting a difficulty sets
    (Molinolog's depth: "machine:5") or at its kind of player (Azul's "machine:greedy")."""
    declared = next((g.get("computer") for g in declared_games() if g["game"] == game), None)
    words = {}
    for entry in (declared or {}).get("difficulties", []):
        kind, settings = entry["kind"], entry["settings"]
        if kind == "gnugo":
            words[entry["difficulty"]] = f"gnugo:{settings.get('level', 1)}"
        else:
            level = next(iter(settings.values()), None) if len(settings) == 1 else None
            level = level if level is not None else (kind if kind != "machine" else None)
            words[entry["difficulty"]] = "machine" + (f":{level}" if level is not None else "")
    return words


def declared(game: str) -> dict | None:
    """How `game` is played in tournaments, as it declares it in its protocol.pl
    (tablero:game_tournament/2, served by the catalog under `tournament`; the keys are
    described in prolog/tablero/contract.pl): `levels` of our machine (and `numbered`,
    the words for a whole number above 0 when that is a level too), `seats` in the
    pairing's order ({seat, option, index?}: the first player of a pairing is Black in Go,
    Molinolog and GoRoGo, player 0 in Azul), and what the referee does for it (`deal`,
    `phases`, `cap`, `engines`, `record`).  None for a game that declares none."""
    return next((g.get("tournament") for g in declared_games() if g["game"] == game), None)


def _declared(game: str) -> dict:
    tour = declared(game)
    if tour is None:
        raise TournamentError(f"{game} is not played in tournaments: it declares no "
                              "tablero:game_tournament/2 (docs/tournaments.md)")
    return tour


def engine_games() -> list[str]:
    """The titles of the games GNU Go and GTP engines play (`engines` declared)."""
    return [g["title"].get("en", g["game"]) for g in declared_games()
            if (g.get("tournament") or {}).get("engines")]


#  The file a student's folder is played by: the teacher's adapter, else the student's own.
ENTRIES = (kits.ADAPTER, "machine.pl")


class TournamentError(Exception):
    """The tournament cannot be run as asked (a bad player, option or folder): why."""


# ---- players -------------------------------------------------------------------------


@dataclass
class Player:
    """One entrant: `kind` machine (our machine at `level`), student (`path`: a file
    defining machine_move/2), gnugo (`level`) or gtp (`command`)."""

    name: str
    spec: str
    kind: str
    level: str = "default"
    path: Path | None = None
    root: Path | None = None        # a student's folder: its whole tree is shown to the box
    replace: dict | None = None     # our files shown in place of the student's (kit.ours())
    command: list[str] = field(default_factory=list)

    def describe(self) -> dict:
        out = {"name": self.name, "spec": self.spec, "kind": self.kind}
        if self.kind in ("machine", "gnugo"):
            out["level"] = self.level
        if self.path:
            out["file"] = str(self.path)
        if self.root:
            out["folder"] = str(self.root)
        if self.command:
            out["command"] = self.command
        return out


def parse_player(game: str, text: str) -> Player:
    """A player from its command-line text (docs/tournaments.md, "Players"):
    [NAME=]machine[:LEVEL] | easy | medium | hard | (Azul) random | greedy | lookahead |
    (Go) gnugo[:LEVEL] | (Go) gtp:COMMAND... | FILE.pl (a student's machine_move/2) |
    FOLDER/ (a student's repository: its adapter.pl or machine.pl, else the game's kit's
    main file, app/kit.py; every Prolog file under it shown to the box)."""
    name = None
    named = re.match(r"^([A-Za-z0-9_][\w.-]*)=(.+)$", text)
    if named and not Path(text).exists():
        name, text = named.group(1), named.group(2)
    spec = text
    tour = _declared(game)
    if text in (words := difficulties(game)):
        text = words[text]
    if tour.get("players") and text in tour["levels"]:
        text = f"machine:{text}"
    head, _, rest = text.partition(":")
    if head == "machine":
        level = rest or "default"
        numbered = tour.get("numbered")
        if rest and rest not in tour["levels"] and \
                not (numbered and rest.isdigit() and int(rest) > 0):
            allowed = ", ".join(tour["levels"]) + (f", {numbered}" if numbered else "")
            raise TournamentError(f"{spec}: our {game} machine's levels are {allowed}")
        return Player(name or text, spec, "machine", level=level)
    engines = " and ".join(engine_games())
    if head == "gnugo":
        if not tour.get("engines"):
            raise TournamentError(f"{spec}: GNU Go plays {engines} only")
        if rest and not (rest.isdigit() and 1 <= int(rest) <= 10):
            raise TournamentError(f"{spec}: GNU Go's level is 1..10")
        if not os.access(GNUGO, os.X_OK):
            raise TournamentError(f"{spec}: GNU Go is not installed ({GNUGO}): "
                                  "apt-get install gnugo")
        level = rest or "1"
        return Player(name or f"gnugo:{level}", spec, "gnugo", level=level)
    if head == "gtp":
        if not tour.get("engines"):
            raise TournamentError(f"{spec}: a GTP engine plays {engines} only")
        command = shlex.split(rest)
        if not command or not shutil.which(command[0]):
            raise TournamentError(f"{spec}: no such program {command[:1]}")
        return Player(name or Path(command[0]).name, spec, "gtp", command=command)
    path = Path(text)
    entries = ENTRIES + ((kits.MAIN[game],) if game in kits.MAIN else ())
    if path.is_dir():
        entry = kits.folder_entry(game, path, ENTRIES)
        if entry is None:
            raise TournamentError(f"{spec}: a student's folder holds {' or '.join(entries)} "
                                  "(the file defining machine_move/2)")
        return Player(name or path.resolve().name, spec, "student", path=entry.resolve(),
                      root=path.resolve(), replace=kits.ours(game))
    if path.suffix.lower() in confine.PROLOG_SUFFIXES or path.exists():
        if not path.is_file():
            raise TournamentError(f"{spec}: no such file (a student's player is a Prolog "
                                  "file defining machine_move/2)")
        path = path.resolve()
        default = path.parent.name if path.name in entries else path.stem
        return Player(name or default, spec, "student", path=path, replace=kits.ours(game))
    raise TournamentError(f"{spec}: not a player of {game} (machine[:LEVEL], easy, medium, "
                          "hard, a student's FILE.pl" + (", gnugo[:LEVEL], gtp:COMMAND"
                                                         if tour.get("engines") else "")
                          + ")")


def unique_names(players: list[Player]) -> None:
    """Give players that share a name a number after it (ana, ana-2)."""
    seen: dict[str, int] = {}
    for player in players:
        count = seen.get(player.name, 0) + 1
        seen[player.name] = count
        if count > 1:
            player.name = f"{player.name}-{count}"


# ---- pairings ------------------------------------------------------------------------


@dataclass
class Pairing:
    """One game to play: `first` and `second` are player indexes (first: Black, or
    Azul's player 0); `round` counts from 1; `seed` deals Azul's tiles and seeds every
    player's random choices in the game."""

    number: int
    round: int
    first: int
    second: int
    seed: int


def round_robin(n: int, seed: int, cycles: int = 1) -> list[Pairing]:
    """Every pair plays twice per cycle, each player first once (colours balanced), in
    rounds made by the circle method; the order of the players in the circle is drawn
    from `seed`.  Both games of a pair share their seed (the same Azul deal)."""
    rng = random.Random(f"tablero-round-robin-{seed}")
    order = list(range(n))
    rng.shuffle(order)
    if n % 2:
        order.append(None)
    m = len(order)
    rounds: list[list[tuple[int, int]]] = []
    circle = order[:]
    for r in range(m - 1):
        pairs = []
        for i in range(m // 2):
            a, b = circle[i], circle[m - 1 - i]
            if a is not None and b is not None:
                pairs.append((a, b) if (r + i) % 2 == 0 else (b, a))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    out: list[Pairing] = []
    number = 0
    pair_seed: dict[tuple[int, int], int] = {}
    for cycle in range(cycles):
        for half in (0, 1):
            for r, pairs in enumerate(rounds):
                for a, b in pairs:
                    first, second = (a, b) if half == 0 else (b, a)
                    key = (min(a, b), max(a, b), cycle)
                    if key not in pair_seed:
                        pair_seed[key] = rng.randrange(2**31 - 1)
                    number += 1
                    out.append(Pairing(number, cycle * 2 * len(rounds) + half * len(rounds)
                                       + r + 1, first, second, pair_seed[key]))
    return out


def swiss_round(n: int, round_no: int, points: list[float], played: set, firsts: list[int],
                byes: set, rng: random.Random, number: int) -> tuple[list[Pairing], int | None]:
    """One Swiss round: players sorted by points (ties in an order drawn from `rng`),
    each paired with the next one it has not met (if it has met them all, the next one);
    the one with fewer games first plays first.  With an odd number the lowest one who
    had no bye yet gets it (a win).  The pairings and the bye (a player index or None)."""
    tie = {i: rng.random() for i in range(n)}
    ranked = sorted(range(n), key=lambda i: (-points[i], tie[i]))
    bye = None
    if n % 2:
        for i in reversed(ranked):
            if i not in byes:
                bye = i
                break
        if bye is None:
            bye = ranked[-1]
        ranked.remove(bye)
    pairs = []
    left = ranked[:]
    while left:
        a = left.pop(0)
        partner = next((b for b in left if frozenset((a, b)) not in played), left[0])
        left.remove(partner)
        pairs.append((a, partner))
    out = []
    for a, b in pairs:
        if firsts[a] > firsts[b] or (firsts[a] == firsts[b] and rng.random() < 0.5):
            a, b = b, a
        number += 1
        out.append(Pairing(number, round_no, a, b, rng.randrange(2**31 - 1)))
    return out, bye


# ---- the players' processes ----------------------------------------------------------


class PlayerFailed(Exception):
    """A player's process could not start (`status` load_failed) or stopped."""

    def __init__(self, status: str, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


class PlayerProcess(pipes.JsonLinesProcess):
    """prolog/tablero/tournament.pl for one player: our machine (prlimit, not boxed: our
    own code, as app/machine_pool.py's) or a student's file (app/confine.py's box)."""

    def __init__(self, player: Player):
        swipl = grade.swipl_path()
        argv = [swipl, f"--stack-limit={grade.STACK_LIMIT}", "-q", "-f", "none", "-g",
                "tablero_tournament:tournament_main", "-t", "halt", str(DRIVER), "--"]
        io = dict(stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                  bufsize=0)
        if player.kind == "student":
            argv += [f"--student={player.path}", *paths.games_argument()]
            shown = [*grade.boxed_files(player.path, player.root, player.replace),
                     *paths.extra_game_folders()]     # the games that plug in, read-only
            self.proc = confine.popen(argv, read_only=shown, limits=STUDENT_LIMITS, **io)
        else:
            argv += [f"--machine={player.level}", *paths.games_argument()]
            prlimit = shutil.which("prlimit")
            if prlimit:
                argv = [prlimit, f"--as={grade.ADDRESS_SPACE}", "--core=0", "--", *argv]
            self.proc = subprocess.Popen(argv, start_new_session=True, cwd=DRIVER.parent, **io)
        self._attach()
        ready = self.await_ready(START_SECONDS)
        if ready is None:
            self.kill()
            raise PlayerFailed("load_failed", "its Prolog did not start or stopped while "
                               "loading")
        if ready.get("ready") is not True:
            self.kill()
            raise PlayerFailed("load_failed",
                               student_rules.load_failure(ready.get("load") or {})[:500])


@dataclass
class Turn:
    """What a player answered for one turn: an action, or a fault that loses the game
    (`status`: timeout, crashed, failed, error, not_a_move, load_failed, ...)."""

    action: dict | None = None
    status: str = ""
    message: str = ""
    move: str = ""
    seconds: float = 0.0


class Processes:
    """The `swipl` processes of one player (PlayerProcess), kept between its turns and
    its games: a turn takes an idle one or starts one, and gives it back unless it
    faulted (a process that timed out, crashed or halted is killed, and the next turn
    starts another).  Games played at once each get their own."""

    def __init__(self, player: Player):
        self.player = player
        self._idle: list[PlayerProcess] = []
        self._lock = threading.Lock()

    def take(self) -> PlayerProcess:
        with self._lock:
            while self._idle:
                process = self._idle.pop()
                if process.alive:
                    return process
                process.kill()
        return PlayerProcess(self.player)

    def give(self, process: PlayerProcess, healthy: bool) -> None:
        if healthy and process.alive:
            with self._lock:
                self._idle.append(process)
        else:
            process.kill()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for process in idle:
            process.kill()


class Seat:
    """A player in one game: asked for its turns from a worker thread."""

    def __init__(self, player: Player, settings: "Settings", processes: Processes | None):
        self.player = player
        self.settings = settings
        self.processes = processes

    def turn(self, request: dict) -> Turn:
        start = time.monotonic()
        try:
            turn = self._turn(request)
        except PlayerFailed as exc:
            turn = Turn(status=exc.status, message=exc.message)
        except (OSError, confine.UnconfinedError, grade.GradeError) as exc:
            turn = Turn(status="load_failed", message=f"its process could not start: {exc}")
        turn.seconds = round(time.monotonic() - start, 3)
        return turn

    def _turn(self, request: dict) -> Turn:
        kind = self.player.kind
        if kind in ("gnugo", "gtp"):
            return self._engine_turn(request)
        process = self.processes.take()
        turn = self._ask(process, request)
        self.processes.give(process, turn.action is not None or turn.status == "not_a_move")
        return turn

    def _ask(self, process: PlayerProcess, request: dict) -> Turn:
        if self.player.kind == "student":
            cpu = self.settings.seconds
            waited = cpu * STUDENT_WALL + 5
        else:
            cpu, waited = 0, self.settings.machine_seconds
        try:
            reply = process.ask({**request["process"], "seconds": cpu},
                                time.monotonic() + waited)
        except pipes.Late:
            return Turn(status="timeout", message=f"no answer within {waited:g} s: stopped")
        except pipes.Died:
            return Turn(status="crashed", message="its Prolog process ended (halt, or a "
                        "crash) or wrote something that is not an answer")
        if reply.get("ok"):
            return Turn(action=reply["action"], move=str(reply.get("move") or ""))
        status = str(reply.get("status") or "error")
        words = {"timeout": f"did not answer within {cpu:g} s of CPU time",
                 "inferences": "ran past the inference limit (a loop?)",
                 "failed": "machine_move/2 failed (no move)",
                 "halt": "called halt", "abort": "called abort"}
        message = words.get(status, "") or str(reply.get("message") or status)
        return Turn(status=status, message=message[:500], move=str(reply.get("move") or ""))

    def _engine_turn(self, request: dict) -> Turn:
        engine = request["engine"]
        budget = self.settings.machine_seconds
        if self.player.kind == "gnugo":
            command = gnugo_seat.argv(int(self.player.level), engine["preset"], engine["ko"],
                                      math.ceil(budget) + 1)
        else:
            command = self.player.command
            prlimit = shutil.which("prlimit")
            if prlimit:
                command = [prlimit, f"--as={gnugo_seat.ADDRESS_SPACE * 4}",
                           f"--cpu={math.ceil(budget) + 1}", "--core=0", "--", *command]
        colour = engine["colour"]
        try:
            answer = gnugo_seat.run(command, engine["script"] + [f"genmove {colour}"],
                                    time.monotonic() + budget, budget,
                                    program=shutil.which(self.player.command[0])
                                    if self.player.kind == "gtp" else None)
        except gnugo_seat.EngineTimeout:
            return Turn(status="timeout", message=f"no answer within {budget:g} s: stopped")
        except gnugo_seat.EngineFailed as exc:
            return Turn(status="crashed", message=exc.message)
        word = answer.strip().upper()
        if word == "PASS":
            return Turn(action={"kind": "pass", "player": colour}, move=answer)
        if word == "RESIGN":
            return Turn(action={"kind": "resign", "player": colour}, move=answer)
        try:
            pos = gnugo_seat.point(engine["size"], word)
        except (ValueError, IndexError):
            return Turn(status="not_a_move", message=f"answered {answer!r} to genmove",
                        move=answer)
        return Turn(action={"kind": "move", "pos": pos, "player": colour}, move=answer)


# ---- one game ------------------------------------------------------------------------


@dataclass
class Settings:
    game: str
    options: dict
    seconds: float = SECONDS
    machine_seconds: float = MACHINE_SECONDS
    max_plies: int | None = None
    store: "Store | None" = None


class Store:
    """Every game of the tournament saved in a Tablero database as it is played (`--db`):
    a server on the same database shows each at /<game>/<id>, live while it is played
    (its pages' event streams hear every action) and for review afterwards.  The games'
    seats are people's seats that nobody holds: every page is a watcher's, and no one can
    act in them.  Used from the referee's thread only."""

    def __init__(self, database: str):
        from . import create_app

        self.database = database
        self.app = create_app({"DATABASE": database})
        self._context = self.app.app_context()
        self._context.push()

    def create(self, played: Game, options: dict):
        from . import storage
        from .games import state_format

        seats = {seat: storage.Seat(None, None) for seat in played.view["seats"]}
        return storage.create(played.game, options, True, played.state, played.view_json,
                              seats, state_format(played.game), [], None, [])

    def append(self, record, played: Game) -> None:
        from . import storage

        storage.append(record, played.actions[-1], played.state, played.view_json, None,
                       played.trace)

    def close(self) -> None:
        from . import storage

        storage.close(self.app)
        self._context.pop()


def seats_of(game: str) -> tuple[str, str]:
    """The players of the rules that a pairing's first and second player take (the
    game's declared `seats`)."""
    first, second = (s["seat"] for s in _declared(game)["seats"])
    return first, second


def people_options(game: str, options: dict) -> dict:
    """`options` with every declared seat a person's (its option `human`; a list option,
    Azul's `players`, made of the declared seats alone), so that only the rules judge
    what the players send."""
    out = dict(options)
    seats = _declared(game)["seats"]
    for seat in seats:
        option, index = seat["option"], seat.get("index")
        if index is None:
            out[option] = "human"
        else:
            out[option] = ["human"] * (1 + max(s.get("index", 0) for s in seats
                                               if s["option"] == option))
    return out


class Match:
    """One game between two players, refereed in this process's Prolog."""

    def __init__(self, pairing: Pairing, players: list[Player], settings: Settings,
                 processes: dict[int, Processes]):
        self.pairing = pairing
        self.settings = settings
        self.game = settings.game
        self.declared = _declared(self.game)
        first, second = players[pairing.first], players[pairing.second]
        self.names = dict(zip(seats_of(self.game), (first.name, second.name)))
        self.index = dict(zip(seats_of(self.game), (pairing.first, pairing.second)))
        self.seats = dict(zip(seats_of(self.game),
                              (Seat(first, settings, processes.get(pairing.first)),
                               Seat(second, settings, processes.get(pairing.second)))))
        self.options = self._options()
        self.played = Game(self.game, self.options)
        self.start = self.played.view
        self.stored = settings.store.create(self.played, self.options) if settings.store \
            else None
        self.turns: list[dict] = []     # per action: who, seconds, the player's own move text
        self.result: dict | None = None
        self.plies_cap = settings.max_plies or default_cap(self.game, self.start)

    def _options(self) -> dict:
        options = people_options(self.game, self.settings.options)
        deal = self.declared.get("deal")
        if deal:
            options.setdefault(deal, self.pairing.seed)
        return options

    # -- on the referee's thread (Prolog) --

    def next_request(self) -> tuple[Seat, dict] | None:
        """The seat to ask next and its request; None once the game is over (its result
        then set).  Plays the referee's own actions on the way, as the game declares them:
        in its `phases` (Go's scoring phase: both players accept the dead stones the rules
        propose) and at the ply cap (its `cap`'s `then`, Go: both pass, and the game is
        counted; without one, a draw)."""
        phases = self.declared.get("phases") or {}
        then = (self.declared.get("cap") or {}).get("then")
        while True:
            view = self.played.view
            if view["over"]:
                self._finish_by_rules(view)
                return None
            if view.get("phase") in phases:
                self._act({"kind": phases[view["phase"]], "player": view["to_move"]})
                self.turns.append({"by": "referee"})
                continue
            if len(self.played.actions) >= self.plies_cap:
                if then:
                    self._act({"kind": then, "player": view["to_move"]})
                    self.turns.append({"by": "referee"})
                    continue
                self.result = {"winner": None, "reason": "max_plies",
                               "message": f"stopped at {self.plies_cap} actions: a draw"}
                return None
            seat_key = view["to_move"]
            seat = self.seats[seat_key]
            return seat, self._request(view, seat)

    def _request(self, view: dict, seat: Seat) -> dict:
        traces = self.played.traces
        ply = len(self.played.actions)
        seed = random.Random(f"{self.pairing.seed}-{ply}").randrange(2**31 - 1)
        request = {"process": {"game": self.game, "state": self.played.state,
                               "traces": " ".join(t or "." for t in reversed(traces)),
                               "seed": seed}}
        if seat.player.kind in ("gnugo", "gtp"):
            settings = view["settings"]
            request["engine"] = {
                "script": gnugo_seat.gtp_script(self.start, self.played.actions,
                                                settings["komi"]),
                "colour": view["to_move"], "size": view["size"],
                "preset": settings["preset"], "ko": settings["ko"]}
        return request

    def take(self, seat_key: str, turn: Turn) -> bool:
        """Play a player's turn; whether the game goes on."""
        record = {"by": seat_key, "seconds": turn.seconds}
        if turn.move:
            record["move"] = turn.move
        if turn.action is None:
            self._forfeit(seat_key, turn.status, turn.message, turn.move)
            self.turns.append({**record, "fault": turn.status})
            return False
        try:
            self._act(turn.action)
        except TableroError as exc:
            self.turns.append({**record, "fault": "illegal", "refusal": exc.code})
            shown = turn.move or json.dumps(turn.action)
            self._forfeit(seat_key, "illegal", f"{shown}: refused by the rules ({exc.code}: "
                          f"{exc.message})", turn.move, refusal=exc.code)
            return False
        self.turns.append(record)
        return True

    def _act(self, action: dict) -> None:
        self.played.act(action)
        if self.stored is not None:
            self.settings.store.append(self.stored, self.played)

    def _forfeit(self, seat_key: str, status: str, message: str, move: str = "",
                 refusal: str | None = None) -> None:
        other = next(k for k in self.seats if k != seat_key)
        self.result = {"winner": other, "loser": seat_key, "reason": status,
                       "message": f"{self.names[seat_key]} loses: {message}"}
        if refusal:
            self.result["refusal"] = refusal

    def _finish_by_rules(self, view: dict) -> None:
        result = view.get("result") or {}
        winner = result.get("winner")
        if len(result.get("winners") or []) > 1:       # a shared victory: a draw
            winner = None
        self.result = {"winner": winner, "reason": str(result.get("code") or "over"),
                       "message": result.get("message") or ""}

    # -- the outcome --

    def score(self) -> tuple[float, float]:
        """The points of the pairing's first and second player (1, ½, 0)."""
        first, second = seats_of(self.game)
        winner = self.result.get("winner")
        if winner == first:
            return 1.0, 0.0
        if winner == second:
            return 0.0, 1.0
        return 0.5, 0.5


def default_cap(game: str, start: dict) -> int:
    """The most actions a game is played to without --max-plies: its declared `cap`'s
    `points` times the points of its board (Go: 3, then both pass and it is counted);
    the others end by their own rules (Molinolog's draws, GoRoGo's and Azul's finite
    games), with storage's cap as a backstop."""
    cap = _declared(game).get("cap")
    if cap:
        return cap["points"] * start["size"] ** 2
    return 2000


# ---- the referee ---------------------------------------------------------------------


def play_all(pairings: list[Pairing], players: list[Player], settings: Settings, jobs: int,
             on_done=None) -> list[Match]:
    """Play every pairing, `jobs` games at a time: the players' turns on worker threads,
    the referee's Prolog calls on this one.  `on_done(match)` after each game."""
    queue = list(pairings)
    done: list[Match] = []
    running: dict = {}
    processes = {i: Processes(p) for i, p in enumerate(players)
                 if p.kind in ("machine", "student")}
    with ThreadPoolExecutor(max_workers=max(1, jobs), thread_name_prefix="tournament") as pool:

        def advance(match: Match) -> None:
            try:
                nxt = match.next_request()
            except TableroError as exc:     # the referee's rules failed: a bug of ours
                match.result = {"winner": None, "reason": "referee_error",
                                "message": f"{exc.code}: {exc.message}"}
                nxt = None
            if nxt is None:
                done.append(match)
                if on_done:
                    on_done(match)
                return
            seat, request = nxt
            key = match.played.view["to_move"]
            running[pool.submit(seat.turn, request)] = (match, key)

        try:
            while queue or running:
                while queue and len(running) < max(1, jobs):
                    advance(Match(queue.pop(0), players, settings, processes))
                if not running:
                    continue
                finished, _ = wait(list(running), return_when=FIRST_COMPLETED)
                for future in finished:
                    match, key = running.pop(future)
                    if match.take(key, future.result()):
                        advance(match)
                    else:
                        done.append(match)
                        if on_done:
                            on_done(match)
        finally:
            for future in running:
                future.cancel()
            wait(list(running))
            for kept in processes.values():
                kept.close()
    return sorted(done, key=lambda m: m.pairing.number)


# ---- standings and ratings -----------------------------------------------------------


def standings(players: list[Player], matches: list[Match], byes: dict[int, int],
              seed: int, samples: int = 200) -> list[dict]:
    """One row per player, best first: games, wins, draws, losses, points (a bye counts
    as a win), losses by fault, and a Bradley-Terry rating on the Elo scale with a 95%
    interval from `samples` bootstrap resamplings of the games (seeded)."""
    n = len(players)
    rows = [{"player": p.name, "spec": p.spec, "games": 0, "wins": 0, "draws": 0, "losses": 0,
             "points": 0.0, "faults": 0, "byes": byes.get(i, 0)} for i, p in enumerate(players)]
    results = []
    for m in matches:
        a, b = m.pairing.first, m.pairing.second
        sa, sb = m.score()
        results.append((a, b, sa))
        for i, s in ((a, sa), (b, sb)):
            row = rows[i]
            row["games"] += 1
            row["points"] += s
            row["wins" if s == 1 else "draws" if s == 0.5 else "losses"] += 1
        loser = m.result.get("loser")
        if loser is not None:
            rows[m.index[loser]]["faults"] += 1
    for i, count in byes.items():
        rows[i]["points"] += count
    ratings = bradley_terry(n, results)
    rng = random.Random(f"tablero-bootstrap-{seed}")
    draws = [[] for _ in range(n)]
    for _ in range(samples if results else 0):
        sample = [results[rng.randrange(len(results))] for _ in results]
        for i, r in enumerate(bradley_terry(n, sample)):
            draws[i].append(r)
    for i, row in enumerate(rows):
        row["rating"] = round(ratings[i])
        if draws[i]:
            values = sorted(draws[i])
            row["rating_low"] = round(values[int(0.025 * (len(values) - 1))])
            row["rating_high"] = round(values[int(math.ceil(0.975 * (len(values) - 1)))])
        else:
            row["rating_low"] = row["rating_high"] = row["rating"]
        row["points"] = float(row["points"])
    order = sorted(range(n), key=lambda i: (-rows[i]["points"], -rows[i]["rating"],
                                            rows[i]["player"]))
    ranked = []
    for rank, i in enumerate(order, 1):
        ranked.append({"rank": rank, **rows[i]})
    return ranked


def bradley_terry(n: int, results: list[tuple[int, int, float]], iterations: int = 2000,
                  tolerance: float = 1e-5) -> list[float]:
    """Bradley-Terry strengths fitted by Hunter's MM algorithm, as Elo-scale ratings
    (400 log10 of the strength, 1500 the anchor).  `results`: (a, b, score of a) with a
    draw worth half a win each way.  A virtual player of rating 1500 draws one game with
    everybody (a prior), so that a player who won or lost everything keeps a finite
    rating.  Stops when no strength moves by more than `tolerance` (in log) a step."""
    anchor = n
    wins = [0.0] * (n + 1)
    met: dict[tuple[int, int], int] = {}
    for a, b, s in list(results) + [(i, anchor, 0.5) for i in range(n)]:
        wins[a] += s
        wins[b] += 1 - s
        met[(a, b)] = met.get((a, b), 0) + 1
        met[(b, a)] = met.get((b, a), 0) + 1
    opponents: list[list[tuple[int, int]]] = [[] for _ in range(n + 1)]
    for (a, b), count in met.items():
        opponents[a].append((b, count))
    strength = [1.0] * (n + 1)
    for _ in range(iterations):
        new = strength[:]
        for i in range(n):
            denominator = sum(count / (strength[i] + strength[j]) for j, count in opponents[i])
            new[i] = max(wins[i] / denominator, 1e-6)
        change = max(abs(math.log(new[i] / strength[i])) for i in range(n)) if n else 0
        strength = new
        if change < tolerance:     # 1e-5: under a hundredth of an Elo point a step
            break
    return [1500 + 400 * math.log10(strength[i]) for i in range(n)]


def cross_table(players: list[Player], matches: list[Match]) -> list[list[str]]:
    """Rows of the cross table: the player, then for each opponent the points scored
    against them out of the games played ("1.5/2"; "" against oneself or never met),
    then the total."""
    n = len(players)
    points = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for m in matches:
        a, b = m.pairing.first, m.pairing.second
        sa, sb = m.score()
        points[a][b] += sa
        points[b][a] += sb
        games[a][b] += 1
        games[b][a] += 1
    rows = [["player", *(p.name for p in players), "points", "games"]]
    for i, p in enumerate(players):
        cells = [f"{_num(points[i][j])}/{games[i][j]}" if games[i][j] else ""
                 for j in range(n)]
        rows.append([p.name, *cells, _num(sum(points[i])), str(sum(games[i]))])
    return rows


def _num(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:g}"


# ---- records -------------------------------------------------------------------------


def record_name(match: Match) -> str:
    safe = [re.sub(r"[^\w.-]+", "_", match.names[k])[:40] for k in seats_of(match.game)]
    return f"{match.pairing.number:03d}-{safe[0]}-{safe[1]}"


def write_record(match: Match, folder: Path) -> str:
    """Write the game's record in `folder`: as SGF where the game declares its `record`
    sgf (Go; app/sgf.py, with PB/PW the players and RE the result: B+T / W+F for a loss
    on time or by fault), the others' as our replayable action list (JSON: game,
    options, actions, players, result), which `tablero` reads back with Game.restore and
    the pages open (docs/tournaments.md).  Answers the file's name."""
    name = record_name(match)
    base = {"tablero": "tournament game", "game": match.game, "number": match.pairing.number,
            "round": match.pairing.round, "players": match.names, "options": match.options,
            "actions": match.played.actions, "result": match.result, "turns": match.turns}
    if match.declared.get("record") == "sgf":
        from sgfmill import sgf as sgfmill

        data = sgf.game_to_sgf(match.options, match.played.actions)
        parsed = sgfmill.Sgf_game.from_bytes(data)
        root = parsed.get_root()
        root.set("PB", match.names["b"])
        root.set("PW", match.names["w"])
        root.set("EV", "Tablero tournament")
        root.set("RO", str(match.pairing.round))
        winner, reason = match.result.get("winner"), match.result.get("reason")
        if reason in ("timeout",) and winner:
            root.set("RE", f"{winner.upper()}+T")
        elif match.result.get("loser") and winner:
            root.set("RE", f"{winner.upper()}+F")
        root.set("GC", match.result.get("message", ""))
        (folder / f"{name}.sgf").write_bytes(parsed.serialise())
        (folder / f"{name}.json").write_text(json.dumps(base, ensure_ascii=False, indent=1))
        return f"{name}.sgf"
    (folder / f"{name}.json").write_text(json.dumps(base, ensure_ascii=False, indent=1))
    return f"{name}.json"


def replay(record: dict) -> Game:
    """A tournament record's game again, every action judged by the rules (its final
    position is the one the tournament ended on)."""
    return Game.restore(record["game"], record["options"], record["actions"])


# ---- the output folder ---------------------------------------------------------------


def write_outputs(folder: Path, info: dict, players: list[Player], matches: list[Match],
                  table: list[dict], records: dict[int, str]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    games = [{"number": m.pairing.number, "round": m.pairing.round,
              "first": players[m.pairing.first].name, "second": players[m.pairing.second].name,
              "seats": m.names, "score": list(m.score()), "result": m.result,
              "plies": len(m.played.actions), "record": records.get(m.pairing.number),
              **({"id": m.stored.id, "page": f"{info['url']}/{m.game}/{m.stored.id}"}
                 if m.stored is not None else {})}
             for m in matches]
    summary = {**info, "players": [p.describe() for p in players], "standings": table,
               "games": games}
    (folder / "tournament.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1))
    columns = ["rank", "player", "spec", "games", "wins", "draws", "losses", "points",
               "faults", "byes", "rating", "rating_low", "rating_high"]
    with open(folder / "standings.csv", "w", newline="") as out:
        writer = csv.DictWriter(out, columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(table)
    cross = cross_table(players, matches)
    with open(folder / "crosstable.csv", "w", newline="") as out:
        csv.writer(out).writerows(cross)
    with open(folder / "games.csv", "w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow(["number", "round", "first", "second", "first_points",
                         "second_points", "reason", "plies", "record", "message"])
        for g in games:
            writer.writerow([g["number"], g["round"], g["first"], g["second"], *g["score"],
                             g["result"].get("reason"), g["plies"], g["record"],
                             g["result"].get("message", "")])
    (folder / "index.html").write_text(html_page(info, table, cross, games))


def html_page(info: dict, table: list[dict], cross: list[list[str]], games: list[dict]) -> str:
    e = html.escape

    def row(cells, tag="td"):
        return "<tr>" + "".join(f"<{tag}>{e(str(c))}</{tag}>" for c in cells) + "</tr>"

    ranking = [row(["#", "player", "games", "wins", "draws", "losses", "points", "faults",
                    "rating", "95% interval"], "th")]
    for r in table:
        ranking.append(row([r["rank"], r["player"], r["games"], r["wins"], r["draws"],
                            r["losses"], _num(r["points"]), r["faults"], r["rating"],
                            f"{r['rating_low']} .. {r['rating_high']}"]))
    crossed = [row(cross[0], "th")] + [row(r) for r in cross[1:]]
    listed = [row(["game", "round", "first", "second", "points", "result", "actions",
                   "record"], "th")]
    for g in games:
        link = (f'<a href="games/{e(g["record"])}">{e(g["record"])}</a>' if g["record"] else "")
        if g.get("page"):
            link += f' <a href="{e(g["page"])}">on the board</a>'

        cells = [g["number"], g["round"], g["first"], g["second"],
                 f"{_num(g['score'][0])}-{_num(g['score'][1])}",
                 g["result"].get("message") or g["result"].get("reason"), g["plies"]]
        listed.append(row(cells)[:-5] + f"<td>{link}</td></tr>")
    title = f"Tablero tournament: {info['game']}"
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{e(title)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse;margin:1em 0}}
td,th{{border:1px solid #999;padding:.2em .6em;text-align:center}}</style></head><body>
<h1>{e(title)}</h1>
<p>{e(info['pairing'])}, seed {e(str(info['seed']))}, {len(games)} games; options
{e(json.dumps(info['options']))}. Points: a win 1, a draw ½; ratings: Bradley-Terry on the Elo
scale (1500 a virtual player who drew once with everyone), 95% bootstrap intervals.</p>
<h2>Ranking</h2><table>{''.join(ranking)}</table>
<h2>Cross table</h2><p>Points scored by the row's player against the column's, out of the games
played.</p><table>{''.join(crossed)}</table>
<h2>Games</h2><table>{''.join(listed)}</table>
</body></html>
"""


# ---- the whole tournament ------------------------------------------------------------


def run(game: str, specs: list[str], *, out: Path, seed: int = 1, swiss: bool = False,
        rounds: int | None = None, cycles: int = 1, jobs: int | None = None,
        options: dict | None = None, seconds: float = SECONDS,
        machine_seconds: float = MACHINE_SECONDS, max_plies: int | None = None,
        db: str | None = None, url: str = "http://127.0.0.1:5000", log=None) -> dict:
    """Play the tournament and write its folder `out`; the summary (tournament.json's).
    With `db` (a SQLite file or a postgresql:// URL), every game is also saved there as
    it is played, to watch and review at `url`/<game>/<id> on a server of that database."""
    if game not in available_games():
        raise TournamentError(f"no such game: {game} ({', '.join(available_games())})")
    _declared(game)
    players = [parse_player(game, s) for s in specs]
    if len(players) < 2:
        raise TournamentError("a tournament needs two players or more")
    unique_names(players)
    if any(p.kind == "student" for p in players):
        problem = confine.problem()
        if problem:
            raise TournamentError(f"a student's code is only run confined: {problem}")
    settings = Settings(game, dict(options or {}), seconds, machine_seconds, max_plies)
    if seconds <= 0 or machine_seconds <= 0:
        raise TournamentError("--seconds and --machine-seconds must be above 0")
    try:
        Game(game, people_options(game, settings.options))
    except TableroError as exc:
        raise TournamentError(f"--option: {exc.message}") from None
    jobs = jobs or os.cpu_count() or 1
    if db:
        settings.store = Store(db)
    try:
        return _run(game, players, settings, out=Path(out), seed=seed, swiss=swiss,
                    rounds=rounds, cycles=cycles, jobs=jobs, url=url, log=log)
    finally:
        if settings.store:
            settings.store.close()


def _run(game: str, players: list[Player], settings: Settings, *, out: Path, seed: int,
         swiss: bool, rounds: int | None, cycles: int, jobs: int, url: str, log) -> dict:
    seconds, machine_seconds, max_plies = (settings.seconds, settings.machine_seconds,
                                           settings.max_plies)
    (out / "games").mkdir(parents=True, exist_ok=True)
    records: dict[int, str] = {}

    def finished(match: Match) -> None:
        records[match.pairing.number] = write_record(match, out / "games")
        if log:
            sa, sb = match.score()
            log(f"game {match.pairing.number}: {match.names[seats_of(game)[0]]} "
                f"{_num(sa)}-{_num(sb)} {match.names[seats_of(game)[1]]} "
                f"({match.result.get('message') or match.result.get('reason')})")

    byes: dict[int, int] = {}
    if swiss:
        n = len(players)
        total = rounds or max(1, math.ceil(math.log2(n)))
        rng = random.Random(f"tablero-swiss-{seed}")
        points, firsts = [0.0] * n, [0] * n
        played: set = set()
        matches: list[Match] = []
        number = 0
        for r in range(1, total + 1):
            pairings, bye = swiss_round(n, r, points, played, firsts, set(byes), rng, number)
            number += len(pairings)
            if bye is not None:
                byes[bye] = byes.get(bye, 0) + 1
                points[bye] += 1
            for p in pairings:
                played.add(frozenset((p.first, p.second)))
                firsts[p.first] += 1
            done = play_all(pairings, players, settings, jobs, finished)
            for m in done:
                sa, sb = m.score()
                points[m.pairing.first] += sa
                points[m.pairing.second] += sb
            matches += done
        pairing_words = f"Swiss, {total} rounds"
    else:
        pairings = round_robin(len(players), seed, cycles)
        matches = play_all(pairings, players, settings, jobs, finished)
        pairing_words = "round robin" + (f", {cycles} cycles" if cycles > 1 else "") + \
            " (every pair plays twice a cycle, each player first once)"
    table = standings(players, matches, byes, seed)
    info = {"tablero": "tournament", "game": game, "seed": seed, "pairing": pairing_words,
            "options": settings.options, "seconds": seconds, "machine_seconds": machine_seconds,
            "max_plies": max_plies, "byes": {players[i].name: c for i, c in byes.items()}}
    if settings.store:
        info["db"] = settings.store.database
        info["url"] = url.rstrip("/")
    write_outputs(out, info, players, matches, table, records)
    return json.loads((out / "tournament.json").read_text())


def load_records(folder: Path, db: str, url: str = "http://127.0.0.1:5000") -> list[dict]:
    """Save the games of a tournament played without --db into a Tablero database (every
    action judged again by the rules, each game in one transaction), so that a server on it
    shows them; tournament.json and index.html then link each to its page.  The games, as
    tournament.json lists them."""
    from . import storage
    from .games import state_format

    folder = Path(folder)
    try:
        summary = json.loads((folder / "tournament.json").read_text())
    except (OSError, ValueError) as exc:
        raise TournamentError(f"{folder}: not a tournament's folder ({exc})") from None
    store = Store(db)
    try:
        for g in summary["games"]:
            name = g["record"].replace(".sgf", ".json")
            record = json.loads((folder / "games" / name).read_text())
            played = replay(record)
            seats = {seat: storage.Seat(None, None) for seat in played.view["seats"]}
            stored = storage.create(played.game, record["options"], True, played.state,
                                    played.view_json, seats, state_format(played.game),
                                    played.actions, None, played.traces)
            g["id"], g["page"] = stored.id, f"{url.rstrip('/')}/{played.game}/{stored.id}"
    finally:
        store.close()
    summary["db"], summary["url"] = db, url.rstrip("/")
    (folder / "tournament.json").write_text(json.dumps(summary, ensure_ascii=False, indent=1))
    cross = read_rows(folder / "crosstable.csv")
    info = {k: v for k, v in summary.items() if k not in ("players", "standings", "games")}
    (folder / "index.html").write_text(html_page(info, summary["standings"], cross,
                                                 summary["games"]))
    return summary["games"]


def read_rows(path: Path) -> list[list[str]]:
    with open(path, newline="") as f:
        return list(csv.reader(f))


def option_value(text: str):
    """A --option value: a whole number, a decimal number, true/false, or text."""
    if re.fullmatch(r"-?\d+", text):
        return int(text)
    if re.fullmatch(r"-?\d+\.\d*", text):
        return float(text)
    if text in ("true", "false"):
        return text == "true"
    return text


def load_main(argv: list[str]) -> int:
    """`tablero tournament load FOLDER --db DATABASE [--url URL]`."""
    parser = argparse.ArgumentParser(
        prog="tablero tournament load",
        description="Save the games of a tournament's folder in a Tablero database, to open "
        "them on the board (docs/tournaments.md).")
    parser.add_argument("folder")
    parser.add_argument("--db", required=True, help="a SQLite file or a postgresql:// URL")
    parser.add_argument("--url", default="http://127.0.0.1:5000")
    args = parser.parse_args(argv)
    try:
        games = load_records(Path(args.folder), args.db, args.url)
    except (TournamentError, TableroError) as exc:
        print(f"tablero tournament load: {getattr(exc, 'message', exc)}", file=sys.stderr)
        return 2
    for g in games:
        print(f"game {g['number']}: {g['page']}")
    return 0


def main(argv: list[str] | None = None) -> int:
    given = sys.argv[1:] if argv is None else list(argv)
    if given[:1] == ["load"]:
        return load_main(given[1:])
    parser = argparse.ArgumentParser(
        prog="tablero tournament",
        description="Play a tournament between machines, engines and students' machines "
        "(docs/tournaments.md).")
    parser.add_argument("game", help="go, molinolog, gorogo, azul, or a game that plugs in "
                        "and declares how it is played in tournaments")
    parser.add_argument("players", nargs="+", metavar="PLAYER",
                        help="[NAME=]machine[:LEVEL], easy, medium, hard, FILE.pl (a "
                        "student's machine_move/2), Go: gnugo[:LEVEL], 'gtp:COMMAND ...'")
    parser.add_argument("--out", default="tournament", help="the output folder (default "
                        "./tournament)")
    parser.add_argument("--seed", type=int, default=1, help="the pairings' and games' seed")
    parser.add_argument("--swiss", action="store_true", help="a Swiss tournament instead of "
                        "a round robin")
    parser.add_argument("--rounds", type=int, help="Swiss rounds (default log2 of the players)")
    parser.add_argument("--cycles", type=int, default=1, help="round robin cycles (default 1: "
                        "each pair plays twice)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="games played at once (default the machine's cores)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option for every game (Go: size=9, komi=7.5, ...)")
    parser.add_argument("--seconds", type=float, default=SECONDS,
                        help=f"CPU seconds a student's move (default {SECONDS:g})")
    parser.add_argument("--machine-seconds", type=float, default=MACHINE_SECONDS,
                        help="seconds a move of our machine or an engine "
                        f"(default {MACHINE_SECONDS:g})")
    parser.add_argument("--max-plies", type=int, help="actions a game is played to at most "
                        "(Go: then both pass and it is counted; the others: a draw)")
    parser.add_argument("--db", help="also save every game, as it is played, in this Tablero "
                        "database (a SQLite file or a postgresql:// URL): a server on it shows "
                        "them live and for review")
    parser.add_argument("--url", default="http://127.0.0.1:5000",
                        help="that server's address, for the links (default %(default)s)")
    args = parser.parse_args(given)
    options = {}
    for text in args.option:
        key, eq, value = text.partition("=")
        if not eq:
            parser.error(f"--option {text}: NAME=VALUE")
        options[key] = option_value(value)
    try:
        summary = run(args.game, args.players, out=Path(args.out), seed=args.seed,
                      swiss=args.swiss, rounds=args.rounds, cycles=args.cycles,
                      jobs=args.jobs, options=options, seconds=args.seconds,
                      machine_seconds=args.machine_seconds, max_plies=args.max_plies,
                      db=args.db, url=args.url, log=lambda line: print(line, flush=True))
    except TournamentError as exc:
        print(f"tablero tournament: {exc}", file=sys.stderr)
        return 2
    print()
    for row in summary["standings"]:
        unit = "point" if row["points"] == 1 else "points"
        print(f"{row['rank']:>3}. {row['player']:<24} {_num(row['points']):>5} {unit:<6} "
              f"({row['wins']}-{row['draws']}-{row['losses']})  rating {row['rating']} "
              f"[{row['rating_low']}, {row['rating_high']}]")
    print(f"\n{Path(args.out) / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
