"""Go game records in SGF (Smart Game Format, FF[4]), read and written with sgfmill.

    >>> from app.sgf import game_to_sgf, sgf_to_game
    >>> g = sgf_to_game(open("game.sgf").read())     # a Game, every move judged by the rules
    >>> print(game_to_sgf(g.options, g.actions).decode())

Start reading at `read_sgf` (SGF text -> options and actions, no rules yet), `sgf_to_game`
(those replayed by the rules in Prolog: an illegal move is refused naming its number) and
`game_to_sgf` (a game's options and actions -> SGF bytes).  The web routes are
`GET /api/games/<id>/sgf` and `POST /api/games` with {"game": "go", "sgf": text}
(app/api.py); the REPL's are `GoGame.sgf()` and `GoGame.from_sgf(text)` (app/go.py).

What is written: FF[4] GM[1] CA[UTF-8] AP[Tablero:version] SZ KM, RU (`Chinese`,
`Japanese`, or `Tablero documents` for the documents' preset: area count, simple ko, a tie
to White), PB/PW (the seats: Human, Tablero, ...), DT (the day the game was created), HA
and AB/AW (handicap and setup stones: the position before the first move), PL when White
moves first, then one node per move (a pass is `B[]`/`W[]`).  A resignation is in RE only
(`W+R`); a counted game's RE is its result (`B+3.5`, `0` for a draw; the documents' tie is
`W+0`) and its last node has TB/TW (the points each side counted that are not its own
stones: territory and the agreed dead stones) and a comment naming the dead stones.  The
scoring phase's toggles and acceptances are not moves.

What is read: the main line only (variations and comments are ignored); SZ 2..25 (a
square board); KM (a whole or half number); RU (Chinese, AGA, New Zealand -> `chinese`;
Japanese, Korean -> `japanese`; "Tablero documents" -> `documents`; KataGo's names,
Tromp-Taylor and the like -> `chinese`, and its whole rules, RU[koPOSITIONALscoreAREA...],
by their scoring: area -> `chinese`, territory -> `japanese`; else the default preset with
the file's komi); AB/AW (and AE) in the root or in nodes before the first move
-> `handicap` when the black stones are exactly the standard points of that many stones,
else `black_stones`/`white_stones`; HA[n] without AB and n black moves first (free
placement) -> those moves as `black_stones`; PL, or the first move's colour -> `first`
when it differs from the options' default; B/W moves, `[]` and `[tt]` (19x19 and smaller)
as passes.  Two passes open our scoring phase: a move after them resumes play; so does a
third pass followed by a move (resumption and pass), while passes that end the file after
the first two are read as the end they are (the scoring phase).  RE with
`+R` (resignation) appends the loser's resignation, so the game is over as in the file.
RE with a score (`B+3.5`, `W+0`; `0`, `Draw`, `Jigo` a draw) when the moves end in the
scoring phase: if both accepting the rules' proposed dead stones gives exactly that result,
the two acceptances are appended and the game is over as in the file; otherwise it stays in
the scoring phase (the players mark the dead stones and the rules count) and the game's
`record_result` is the file's RE, for the page to show beside our count (so is any other RE
the game does not end with: `B+T`, a score before two passes).  PB/PW are not kept (all
seats of an imported game are people's, held as at any creation).

A refusal (SgfError, 400) has a stable `code`, an English `message` and `params` that say
the same as data, for a page to word it in its own language: `reason` (which check of the
code: `not_sgf`, `no_point`, `after_move`, ..., or for `sgf_move` and `sgf_options` the
rules' refusal code such as `occupied`), `move` (the move's number, as an SGF editor counts),
`player` (`b`/`w`), `vertex` (`C7`, null for a pass), `kind` (`move`, `pass`, `resume`,
`resign`, `accept`), `value` (the property's text), `max`...
"""

from __future__ import annotations

import datetime
import re
from dataclasses import dataclass, field
from importlib import metadata

from sgfmill import sgf, sgf_grammar

from .games import Game, InvalidRequest, TableroError

#  The most characters of SGF text read (the web's request body is bounded lower, 64 KiB).
MAX_SGF_CHARS = 1_000_000
#  The most moves (passes included) of an imported game: a saved game keeps at most
#  storage.MAX_PLIES (2,000) actions, and a resumption or a resignation may be added.
MAX_MOVES = 1000
SIZES = range(2, 26)

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I
COLOUR = {"b": "B", "w": "W"}

#  The name written in PB/PW for a seat kind of the view's `seats`.
SEAT_NAMES = {"human": "Human", "machine": "Tablero"}
#  RU written for each preset, and RU values read (lower case, spaces and dashes dropped).
RULES_WRITTEN = {"chinese": "Chinese", "japanese": "Japanese", "documents": "Tablero documents"}
RULES_READ = {
    "chinese": "chinese", "cn": "chinese", "aga": "chinese", "nz": "chinese",
    "newzealand": "chinese", "japanese": "japanese", "jp": "japanese", "korean": "japanese",
    "ko": "japanese", "tablerodocuments": "documents", "documents": "documents",
    # KataGo's names of its rule sets (area scoring and superko, as our chinese preset)
    "tromptaylor": "chinese", "chineseogs": "chinese", "chinesekgs": "chinese",
    "agabutton": "chinese",
}
#  KataGo writes its rules whole, e.g. RU[koPOSITIONALscoreAREAtaxNONEsui1]: area scoring
#  reads as chinese, territory scoring as japanese.
KATAGO_SCORING = re.compile(r"score(area|territory)")


class SgfError(InvalidRequest):
    """An SGF file we do not take (400): its code says which check, its message why (in
    English), its `params` the same as data (reason, move, player, vertex, value, ...)."""

    def __init__(self, code: str, message: str, explain=None, **params):
        super().__init__(code, message, explain)
        self.params = params


def vertex(size: int, pos) -> str:
    """The GTP name ("D4") of the point [row, col] (row 0 at the top)."""
    row, col = pos
    return f"{LETTERS[col]}{size - row}"


def version() -> str:
    try:
        return metadata.version("tablero")
    except metadata.PackageNotFoundError:
        return "0"


# ---- writing -------------------------------------------------------------------------


def seat_name(kind: str, level=None) -> str:
    """PB/PW for a seat kind: "Human", "Tablero" (the Prolog player), "GNU Go level 5"
    (`level`: the game's option)."""
    if kind in SEAT_NAMES:
        return SEAT_NAMES[kind]
    if kind == "gnugo":
        return "GNU Go" + (f" level {level}" if level is not None else "")
    return str(kind)


def _point(size: int, pos) -> tuple[int, int]:
    """sgfmill's (row, col), row 0 at the bottom, of our [row, col], row 0 at the top."""
    return size - 1 - pos[0], pos[1]


def _stones(size: int, rows: list[str], colour: str) -> set[tuple[int, int]]:
    return {_point(size, (r, c)) for r, row in enumerate(rows) for c, cell in enumerate(row)
            if cell == colour}


def game_to_sgf(options: dict, actions: list[dict], created: float | None = None,
                views: list[dict] | None = None, clock: dict | None = None,
                comments: dict[int, str] | None = None) -> bytes:
    """The SGF of a Go game given by its options and actions (as stored), UTF-8 bytes.

    `views` (Game.history(): the view before the first action and after each) is asked
    of the rules when not given; `created` (seconds since the epoch) gives DT; a timed
    game's `clock` (app/clocks.py) gives TM (the main time, seconds) and OT (the overtime:
    clock_overtime()), and a game lost on time has RE[B+T] or RE[W+T].  Only the clock's
    setting is written, not each move's time left (BL/WL, OB/OW): a game keeps its clock as
    it stands, not as it stood at each move.  `comments`: ply -> text, the C[] of that
    action's move node (a student's rules' disagreement: app/student_rules.py)."""
    if views is None:
        views = Game.restore("go", options, actions).history()
    first, final = views[0], views[-1]
    size = first["size"]
    game = sgf.Sgf_game(size, encoding="UTF-8")
    root = game.get_root()
    root.set("AP", ("Tablero", version()))
    settings = final["settings"]
    root.set("KM", float(settings["komi"]))
    root.set("RU", RULES_WRITTEN.get(settings["preset"], str(settings["preset"])))
    seats = final.get("seats") or {}
    for colour, prop in (("b", "PB"), ("w", "PW")):
        if colour in seats:
            root.set(prop, seat_name(seats[colour], options.get("level", 5)))
    if created is not None:
        day = datetime.datetime.fromtimestamp(created, datetime.timezone.utc).date()
        root.set("DT", day.isoformat())
    black, white = _stones(size, first["board"], "b"), _stones(size, first["board"], "w")
    if options.get("handicap"):
        root.set("HA", int(options["handicap"]))
    root.set_setup_stones(black, white)
    if first.get("to_move") == "w":
        root.set("PL", "w")
    if clock:
        root.set("TM", float(clock.get("main", 0)))
        overtime = clock_overtime(clock)
        if overtime:
            root.set("OT", overtime)
    result = final.get("result")
    if final.get("over") and result:
        code = result["code"]
        root.set("RE", "0" if code == "Draw" else code)
    node, position = root, first
    comments = comments or {}
    if comments.get(0):  # moves tried on the first position
        root.set("C", comments[0])
    for ply, view in enumerate(views[1:], 1):
        last = view.get("last") or {}
        if last.get("kind") in ("move", "pass"):
            node = game.extend_main_sequence()
            if last["kind"] == "move":
                node.set_move(last["player"], _point(size, last["pos"]))
            else:
                node.set_raw(COLOUR[last["player"]], b"")  # B[], not sgfmill's B[tt]
            position = view
        if comments.get(ply):  # on the move's node (or the last one before it: the root)
            earlier = node.get("C") + "\n\n" if node.has_property("C") else ""
            node.set("C", earlier + comments[ply])
    if final.get("over") and result and result.get("reason") == "count" and result.get("score"):
        _territory(node, size, position["board"], result["score"]["owner"], final.get("dead", []))
    return game.serialise()


def clock_overtime(clock: dict) -> str | None:
    """SGF's OT of a clock (app/clocks.py), as other programs write it: "3 fischer", "5x30
    byo-yomi", "3 days per move" (a correspondence game, TM[0]); None for an absolute
    clock (sudden death: TM alone)."""
    kind = clock.get("kind", "fischer")
    if kind == "fischer":
        return f"{clock['increment']} fischer"
    if kind == "byoyomi":
        return f"{clock['periods']}x{clock['period']} byo-yomi"
    if kind == "correspondence":
        days = clock["days"]
        return f"{days} day{'s' if days != 1 else ''} per move"
    return None


def _territory(node, size: int, board: list[str], owner: list[str], dead: list) -> None:
    """TB/TW on the last move's node: the points each side counted that hold no stone of its
    own (its territory and the opponent's dead stones), and a comment naming the dead."""
    for colour, prop in (("b", "TB"), ("w", "TW")):
        points = {_point(size, (r, c)) for r, row in enumerate(owner)
                  for c, who in enumerate(row) if who == colour and board[r][c] != colour}
        if points:
            node.set(prop, points)
    if dead:
        names = " ".join(vertex(size, pos) for pos in sorted(dead))
        before = node.get("C") + "\n\n" if node.has_property("C") else ""
        node.set("C", f"{before}Dead stones agreed: {names}")


# ---- reading -------------------------------------------------------------------------


@dataclass
class Imported:
    """An SGF game as options and actions for the rules (not judged yet).

    `moves[i]` describes action i for a refusal: (move number, "W at D4", its params: move,
    player, vertex, kind) or, for an action the file does not hold as a move, (move number,
    "resumption after two passes", ...).  `result` is the file's RE."""

    options: dict
    actions: list[dict]
    moves: list[tuple[int, str]] = field(default_factory=list)
    players: dict = field(default_factory=dict)
    result: str | None = None


def _text(root, prop: str) -> str | None:
    try:
        return str(root.get(prop))
    except KeyError:
        return None
    except ValueError:
        raise SgfError("sgf_unreadable", f"The {prop} property is malformed",
                       reason="property", property=prop) from None


def _parse(text: str | bytes) -> sgf.Sgf_game:
    """The game of SGF text (a str), or of a file's bytes (read in the encoding its CA
    names, ISO-8859-1 without one, as the SGF standard says)."""
    if not isinstance(text, (str, bytes)):
        raise SgfError("sgf_unreadable", "sgf must be the text of an SGF file", reason="not_text")
    if len(text) > MAX_SGF_CHARS:
        raise SgfError("sgf_too_large", f"An SGF file may have at most {MAX_SGF_CHARS} characters",
                       max=MAX_SGF_CHARS)
    raw, encoding = (text, None) if isinstance(text, bytes) else (text.encode("utf-8"), "UTF-8")
    try:
        coarse = sgf_grammar.parse_sgf_game(raw)
    except ValueError as exc:
        raise SgfError("sgf_unreadable", f"This is not an SGF game record ({exc})",
                       reason="not_sgf") from None
    props = coarse.sequence[0]
    game_type = props.get("GM", [b"1"])[0].strip()
    if game_type != b"1":
        shown = game_type[:8].decode("utf-8", "replace")
        raise SgfError("sgf_not_go", f"GM[{shown}]: this is the record of another game than Go "
                                     "(GM[1])", value=shown)
    raw_size = props.get("SZ", [b"19"])[0].strip()
    if not re.fullmatch(rb"\d{1,3}", raw_size) or int(raw_size) not in SIZES:
        shown = raw_size[:12].decode("utf-8", "replace")
        raise SgfError("sgf_size", f"SZ[{shown}]: Tablero plays Go on square boards of "
                                   f"{SIZES.start} to {SIZES.stop - 1} lines",
                       value=shown, min=SIZES.start, max=SIZES.stop - 1)
    props["SZ"] = [raw_size]
    try:
        return sgf.Sgf_game.from_coarse_game_tree(coarse, override_encoding=encoding)
    except (ValueError, LookupError) as exc:
        raise SgfError("sgf_unreadable", f"This is not an SGF game record ({exc})",
                       reason="not_sgf") from None


def _komi(root) -> float | None:
    if not root.has_property("KM"):
        return None
    raw = root.get_raw("KM").decode("utf-8", "replace").strip()
    try:
        komi = float(raw) if raw else 0.0
    except ValueError:
        raise SgfError("sgf_komi", f"KM[{raw[:12]}]: the komi is not a number",
                       reason="not_a_number", value=raw[:12]) from None
    if not (-150 <= komi <= 150 and komi * 2 == int(komi * 2)):
        raise SgfError("sgf_komi", f"KM[{raw[:12]}]: Tablero takes a whole or half komi "
                                   "from -150 to 150", reason="range", value=raw[:12])
    return int(komi) if komi == int(komi) else komi


def _preset(rules: str | None) -> str | None:
    if rules is None:
        return None
    name = re.sub(r"[\s_-]+", "", rules.lower())
    scoring = KATAGO_SCORING.search(name) if name.startswith("ko") else None
    if scoring:
        return "chinese" if scoring[1] == "area" else "japanese"
    return RULES_READ.get(name)


def read_sgf(text: str | bytes) -> Imported:
    """The options and actions of an SGF game's main line (text, or a file's bytes),
    checked for what SGF can get wrong (SgfError); the rules judge the moves later
    (`sgf_to_game`)."""
    game = _parse(text)
    size = game.get_size()
    root = game.get_root()
    options: dict = {"size": size}
    preset = _preset(_text(root, "RU"))
    if preset:
        options["preset"] = preset
    komi = _komi(root)
    if komi is not None:
        options["komi"] = komi
    try:
        handicap = game.get_handicap()
    except ValueError:
        handicap = None
    try:
        nodes = game.get_main_sequence()
    except ValueError as exc:
        raise SgfError("sgf_unreadable", f"This is not an SGF game record ({exc})",
                       reason="not_sgf") from None

    black: set = set()
    white: set = set()
    to_play = None
    moves: list[tuple[str, tuple | None]] = []  # (colour, sgfmill point or None)
    for node in nodes:
        try:
            if node.has_setup_stones():
                if moves:
                    raise SgfError(
                        "sgf_setup", f"After move {len(moves)}: setup stones (AB, AW, AE) in the "
                        "middle of a game are not taken; only before the first move",
                        reason="after_move", move=len(moves))
                add_b, add_w, empty = node.get_setup_stones()
                if add_b & add_w or (add_b | add_w) & empty:
                    raise SgfError("sgf_setup", "A point is set up twice in one node (AB, AW, AE)",
                                   reason="twice")
                black = (black - add_w - empty) | add_b
                white = (white - add_b - empty) | add_w
            if not moves and node.has_property("PL"):
                to_play = node.get("PL")
        except ValueError as exc:
            where = f"after move {len(moves)}" if moves else "before the first move"
            raise SgfError("sgf_unreadable",
                           f"The setup stones or PL {where} are malformed: "
                           f"{_malformed(node, size) or exc}",
                           reason="setup", move=len(moves)) from None
        try:
            colour, point = node.get_move()
        except ValueError:
            colour, raw = node.get_raw_move()
            shown = raw[:8].decode("utf-8", "replace")
            raise SgfError("sgf_unreadable", f"move {len(moves) + 1} ({colour.upper()}[{shown}]) "
                                             f"is no point of a {size}x{size} board",
                           reason="no_point", move=len(moves) + 1, player=colour, value=shown,
                           size=size) from None
        if colour is not None:
            moves.append((colour, point))
            if len(moves) > MAX_MOVES:
                raise SgfError("sgf_too_many_moves",
                               f"An imported game may have at most {MAX_MOVES} moves",
                               max=MAX_MOVES)

    skipped = 0
    if handicap and not black and not white and len(moves) >= handicap and all(
            c == "b" and p is not None for c, p in moves[:handicap]):
        black = {p for _, p in moves[:handicap]}  # free placement, played as moves
        skipped = handicap
        if len(black) != handicap:
            raise SgfError("sgf_setup", f"HA[{handicap}]: the first {handicap} black moves "
                                        "are not on different points",
                           reason="handicap", handicap=handicap)
    if black or white:
        standard = _standard_handicap(size, len(black)) if black and not white else None
        if standard is not None and standard == black:
            options["handicap"] = len(black)
        else:
            if black:
                options["black_stones"] = _vertices(black)
            if white:
                options["white_stones"] = _vertices(white)
    first = to_play or (moves[skipped][0] if len(moves) > skipped else None)
    if first is not None and first != _default_first(options):
        options["first"] = first

    actions: list[dict] = []
    described: list[tuple[int, str, dict]] = []
    passes = 0
    played = moves[skipped:]
    for number, (colour, point) in enumerate(played, skipped + 1):
        if point is None and passes >= 2:
            #  A third pass in a row (legal in SGF: Little Go writes them, GNU Go reads
            #  them).  At the end of the file it changes nothing: the game stays in the
            #  scoring phase the first two opened.  Before a later move it resumes play and
            #  passes, so that the turns go on as in the file.
            if all(later is None for _, later in played[number - skipped:]):
                continue
            actions.append({"kind": "resume", "player": colour})
            described.append((number, "resumption of play after two passes",
                              {"move": number, "player": colour, "vertex": None, "kind": "resume"}))
            passes = 0
        if point is not None and passes >= 2:
            actions.append({"kind": "resume", "player": colour})
            described.append((number, "resumption of play after two passes",
                              {"move": number, "player": colour, "vertex": None, "kind": "resume"}))
        if point is None:
            passes += 1
            actions.append({"kind": "pass", "player": colour})
            described.append((number, f"{COLOUR[colour]} pass",
                              {"move": number, "player": colour, "vertex": None, "kind": "pass"}))
        else:
            passes = 0
            pos = [size - 1 - point[0], point[1]]
            actions.append({"kind": "move", "player": colour, "pos": pos})
            described.append((number, f"{COLOUR[colour]} at {vertex(size, pos)}",
                              {"move": number, "player": colour, "vertex": vertex(size, pos),
                               "kind": "move"}))
    result = _text(root, "RE")
    resigned = re.fullmatch(r"\s*([BW])\+R(?:esign)?\s*", result or "", re.IGNORECASE)
    if resigned:
        loser = "w" if resigned.group(1).lower() == "b" else "b"
        actions.append({"kind": "resign", "player": loser})
        described.append((len(moves), f"resignation of {COLOUR[loser]} (RE[{result.strip()}])",
                          {"move": len(moves), "player": loser, "vertex": None, "kind": "resign"}))
    players = {c: name for c in "bw" if (name := game.get_player_name(c)) is not None}
    return Imported(options, actions, described, players, result)


def _vertices(points: set) -> list[str]:
    """GTP names, sorted, of sgfmill points (row 0 at the bottom)."""
    return sorted(f"{LETTERS[col]}{row + 1}" for row, col in points)


def _standard_handicap(size: int, stones: int) -> set | None:
    """The black stones of `handicap: stones` on this size, or None when the rules have no
    such handicap (or no handicap option)."""
    if not 2 <= stones <= 9:
        return None
    try:
        board = Game("go", {"size": size, "handicap": stones}).view["board"]
    except TableroError:
        return None
    return _stones(size, board, "b")


def _default_first(options: dict) -> str | None:
    """Who moves first in a new game with these options (None if the rules refuse them)."""
    try:
        return Game("go", options).view["to_move"]
    except TableroError:
        return "b"


def judge(imported: Imported, extra: dict | None = None, cls=Game) -> Game:
    """The imported game replayed by the rules (a `cls` instance: Game or GoGame).  Refused
    (SgfError "sgf_move") at the first action the rules refuse, naming its move number;
    `extra` options (seat kinds...) are added to the file's."""
    options = {**imported.options, **(extra or {})}
    try:
        return cls.restore("go", options, imported.actions)
    except TableroError as exc:
        if exc.code == "bad_option" and extra:
            Game("go", extra)  # the request's own options: refused as they are
        if exc.code == "bad_option" or not imported.actions:
            raise SgfError("sgf_options", f"The file's settings are refused: {exc.message}",
                           exc.explain, reason=exc.code) from None
        error = exc
    # Find the refused action: play them one by one (only after a refusal).
    played = Game("go", options)
    for index, action in enumerate(imported.actions):
        try:
            played.act(action, view=False)
        except TableroError as exc:
            number, what, params = imported.moves[index]
            raise SgfError("sgf_move", f"move {number} ({what}): {exc.code}: {exc.message}",
                           exc.explain, reason=exc.code, **params) from None
    raise SgfError("sgf_move", f"The rules refuse this game: {error.message}", error.explain,
                   reason=error.code)


#  An RE that is a score: "B+3.5", "W+12", "W+0"; a draw: "0", "Draw", "Jigo".
SCORE = re.compile(r"\s*([BW])\+(\d+(?:\.\d+)?)\s*", re.IGNORECASE)
DRAWS = ("0", "draw", "jigo")


def result_score(code: str | None) -> tuple[str | None, float] | None:
    """(winner "b"/"w", margin) of a result that is a score, (None, 0) for a draw, None for
    anything else (a resignation, a win on time, no result)."""
    text = (code or "").strip()
    if found := SCORE.fullmatch(text):
        return found.group(1).lower(), float(found.group(2))
    if text.lower() in DRAWS:
        return None, 0.0
    return None


def settle(imported: Imported, played: Game, cls=Game) -> Game:
    """The imported game ended as its record says, where our rules agree: when the moves end
    in the scoring phase and RE is a score that accepting the proposed dead stones gives
    exactly, the game with both acceptances (appended to imported.actions too); else the
    game as played.  Either way `record_result` is the file's RE when the game does not end
    with it (None otherwise)."""
    result = (imported.result or "").strip() or None
    played.record_result = None if played.view.get("over") else result
    wanted = result_score(result)
    view = played.view
    if wanted is None or view.get("phase") != "scoring":
        return played
    first = view["to_move"]
    accepts = [{"kind": "accept", "player": first},
               {"kind": "accept", "player": "w" if first == "b" else "b"}]
    before = list(played.actions)
    try:  # on the game as judged (no replay)
        for accept in accepts:
            played.act(accept)
        counted = played
    except TableroError:  # a machine seat's acceptance, which only a replay plays
        counted = cls.restore("go", played.options, before + accepts)
    if result_score((counted.view.get("result") or {}).get("code")) != wanted:
        if len(played.actions) != len(before):  # back to the game as judged
            played = cls.restore("go", played.options, before)
        played.record_result = result
        return played
    number = imported.moves[-1][0] if imported.moves else 0
    for accept in accepts:
        imported.actions.append(accept)
        who = COLOUR[accept["player"]]
        imported.moves.append((number, f"acceptance of the dead stones by {who}",
                               {"move": number, "player": accept["player"], "vertex": None,
                                "kind": "accept"}))
    counted.record_result = None
    return counted


#  The options a request may add to an SGF file's (the seats): everything else (size,
#  komi, rules, handicap...) comes from the file, on the web (app/api.py) as in Python.
SEAT_OPTIONS = ("black", "white", "level")


def sgf_to_game(text: str | bytes, extra: dict | None = None, cls=Game) -> Game:
    """An SGF file's game as a `cls` (Game; GoGame.from_sgf() gives a GoGame), every move
    judged by the rules; SgfError (an InvalidRequest, 400 on the web) says why one is
    refused.  `extra` may only name the seats (SEAT_OPTIONS): another option, such as a
    size, would replay the file's moves on another board (InvalidRequest bad_option)."""
    other = sorted(set(extra or {}) - set(SEAT_OPTIONS))
    if other:
        raise InvalidRequest("bad_option", f"With sgf, options may only name the seats "
                                           f"({', '.join(SEAT_OPTIONS)}); not {other[0][:40]!r}")
    imported = read_sgf(text)
    return settle(imported, judge(imported, extra, cls), cls)


def _malformed(node, size: int) -> str:
    """Which of a node's AB, AW, AE or PL sgfmill could not read, as it was written (its
    ValueError often says nothing): "AB[zz] is no point of a 9x9 board"."""
    for prop in ("AB", "AW", "AE", "PL"):
        if not node.has_property(prop):
            continue
        try:
            node.get(prop)
        except ValueError:
            raw = "".join(f"[{v[:8].decode('utf-8', 'replace')}]"
                          for v in node.get_raw_list(prop)[:4])
            if prop == "PL":
                return f"PL{raw} is neither B nor W"
            return f"{prop}{raw} is no point of a {size}x{size} board"
    return ""
