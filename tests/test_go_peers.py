"""Our Go rules (prolog/go.pl) against two peers, move by move.

* GNU Go plays itself over GTP on 9x9 and 19x19.  Every move goes through the
  Python API (app.go.GoGame, so goMove/4 and the game layer decide it) and the
  stones after it must equal GNU Go's `list_stones`; at the end of a game (two
  passes, then the scoring phase, where our proposal must call nothing dead, and
  both accept) the area score of terminarJuego/3 must equal GNU Go's
  `final_score` at komi 0 (Chinese rules, dead stones captured by play).
  bench/go_deadstones.py measures the games GNU Go ends with dead stones left.
  The games are GNU Go's stored self-play games (tests/data/gnugo/, written by
  `python -m tests.test_go_peers --record`; choosing the moves took GNU Go two
  minutes of CPU on 19x19 and 10 s on 9x9 in each run): their moves are played
  into GNU Go (`play`), which still answers every position (`list_stones`) and
  the final score, so only the choice of moves is stored (and checked: a game of
  each level opens again as GNU Go's `genmove` plays it).
* Random games check goMove/4 against sgfmill's Board: sgfmill allows suicide,
  so goMove/4 must refuse exactly the moves on an occupied point or the moves
  that sgfmill answers by taking the mover's own stone off; every other move
  must give the same position.

Prolog runs on pytest's main thread only (a Bridge belongs to the thread that
first used it): the GNU Go games are played ahead in worker threads, which only
talk to GNU Go, and replayed here.
"""

from __future__ import annotations

import concurrent.futures
import os
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from sgfmill import boards, common, sgf

from app.go import GoGame, gnugo_dead_stones, query
from app.gtp import GNUGO, GTP, GTPError

pytestmark = pytest.mark.peer

LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"  # GTP columns: no I


def vertex_point(vertex: str, size: int) -> tuple[int, int]:
    """GTP "D4" as (row, col) from the top-left, as go.pl counts."""
    return size - int(vertex[1:]), LETTERS.index(vertex[0].upper())


def gtp_stones(answer: str, size: int) -> frozenset:
    return frozenset(vertex_point(v, size) for v in answer.split())


def board_stones(rows: list[str]) -> tuple[frozenset, frozenset]:
    """The black and the white stones of a board given as rows of "-bw"."""
    black = frozenset((r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == "b")
    white = frozenset((r, c) for r, row in enumerate(rows) for c, x in enumerate(row) if x == "w")
    return black, white


def black_margin(final_score: str) -> float:
    """GNU Go's final_score ("B+7.0", "W+2.0", "0") as Black's points minus White's."""
    if final_score == "0":
        return 0
    sign = 1 if final_score[0] == "B" else -1
    return sign * float(final_score[2:])


def area_score(rows: list[str]) -> tuple[int, int]:
    """terminarJuego/3 on a board: (PuntosW, PuntosB)."""
    answer = query("terminarJuego(B, W, Bl)", maxresult=1, B=rows)[0]
    return answer["W"], answer["Bl"]


# ---------------------------------------------------------------- GNU Go


@dataclass(frozen=True)
class SelfPlay:
    """One GNU Go self-play game: each turn with the stones after it."""

    size: int
    seed: int
    level: int
    moves: list  # (colour "b"/"w", vertex or "PASS", black stones, white stones)
    final_score: str | None  # None when the game was cut short on purpose


# (size, seed, level, cut): cut is a number of turns, or None to play to the end.  One
# 19x19 game is played to its end (seed 2: about 50 s of GNU Go when it chose the moves;
# seeds 1 and 3 took 2-2.5 minutes each and found nothing the 9x9 endings and this one do
# not); the others are cut, their captures checked move by move.
GAMES = (
    [(19, 2, 1, None)]
    + [(19, seed, 1, 60) for seed in (1, 3, 4, 5, 6)]
    + [(9, seed, seed % 2, None) for seed in range(1, 17)]
)
#  Every game's moves are stored: GNU Go's choice of moves, not its rules, is what takes
#  its time (0.2-0.4 s a move on 19x19 at level 1; the sixteen 9x9 games, about 10 s of
#  CPU in all).  GNU Go still plays every stored move and gives every position's stones
#  and the final score; test_a_stored_game_opens_as_gnugo_plays_it checks that a record
#  is what GNU Go plays with its settings.
STORED = Path(__file__).parent / "data" / "gnugo"


def stored(game: tuple) -> bool:
    return True


def record_path(game: tuple) -> Path:
    size, seed, level, cut = game
    return STORED / (f"selfplay-{size}x{size}-seed{seed}-level{level}"
                     + ("" if cut is None else f"-cut{cut}") + ".sgf")


def stored_moves(game: tuple) -> list[str]:
    """The GTP vertices ("D4", "PASS") of a stored game, in order, Black first."""
    record = sgf.Sgf_game.from_bytes(record_path(game).read_bytes())
    size = record.get_size()
    assert size == game[0], f"{record_path(game)}: size {size}"
    moves = []
    for node in record.get_main_sequence()[1:]:
        colour, point = node.get_move()
        assert colour == "bw"[len(moves) % 2], f"{record_path(game)}: move {len(moves) + 1}"
        moves.append("PASS" if point is None else common.format_vertex(point))
    return moves


def write_record(game: tuple, played: "SelfPlay") -> None:
    """Store a game played by GNU Go (SGF, the moves only: the stones are asked again)."""
    size, seed, level, cut = game
    record = sgf.Sgf_game(size)
    root = record.get_root()
    root.set("GN", f"GNU Go self-play, seed {seed}, level {level}"
                   + ("" if cut is None else f", cut after {cut} turns"))
    root.set("KM", 0)
    root.set("RU", "Chinese")
    root.set("AP", ("tests/test_go_peers.py", "1"))
    if played.final_score is not None:
        root.set("RE", played.final_score)
    for colour, vertex, _, _ in played.moves:
        record.extend_main_sequence().set_move(
            colour, None if vertex == "PASS" else common.move_from_vertex(vertex, size))
    record_path(game).parent.mkdir(parents=True, exist_ok=True)
    record_path(game).write_bytes(record.serialise())


def self_play(gnugo: str, size: int, seed: int, level: int, cut: int | None,
              moves_from: list[str] | None = None) -> SelfPlay:
    """GNU Go's self-play game, each move chosen by `genmove` or, with `moves_from`, the
    stored moves played into it (`play`); the stones after each move are GNU Go's."""
    argv = [gnugo, "--mode", "gtp", "--chinese-rules", "--capture-all-dead", "--komi", "0",
            "--never-resign", "--seed", str(seed), "--level", str(level)]
    moves = []
    with GTP(argv) as engine:
        engine(f"boardsize {size}")
        engine("clear_board")
        colour, passes = "black", 0
        while passes < 2 and (cut is None or len(moves) < cut):
            if moves_from is None:
                vertex = engine(f"genmove {colour}").upper()
            elif len(moves) < len(moves_from):
                vertex = moves_from[len(moves)]
                engine(f"play {colour} {vertex}")          # GTPError if GNU Go refuses it
            else:
                raise GTPError(f"the stored game seed {seed} ends after {len(moves)} turns")
            passes = passes + 1 if vertex == "PASS" else 0
            black = gtp_stones(engine("list_stones black"), size)
            white = gtp_stones(engine("list_stones white"), size)
            moves.append((colour[0], vertex, black, white))
            colour = "white" if colour == "black" else "black"
            if len(moves) > 4 * size * size:
                raise GTPError(f"GNU Go seed {seed} did not finish in {len(moves)} turns")
        final = engine("final_score") if passes == 2 else None
    if moves_from is not None and len(moves) != len(moves_from):
        raise GTPError(f"the stored game seed {seed} goes on after {len(moves)} turns")
    return SelfPlay(size, seed, level, moves, final)


@pytest.fixture(scope="session")
def gnugo() -> str:
    """GNU Go's path.  A missing GNU Go fails the tests: CI installs it."""
    if not os.access(GNUGO, os.X_OK):
        pytest.fail(f"GNU Go is missing at {GNUGO}: apt-get install gnugo")
    return GNUGO


@pytest.fixture(scope="module")
def self_play_games(request, gnugo):
    """The games of GAMES that this session tests, played by GNU Go in two worker threads
    (the stored ones replayed in it)."""
    wanted = [item.callspec.params["game"] for item in request.session.items
              if item.originalname == "test_gnugo_self_play"]
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="gnugo")
    futures = {game: pool.submit(self_play, gnugo, *game,
                                 moves_from=stored_moves(game) if stored(game) else None)
               for game in wanted}
    yield futures
    pool.shutdown(wait=True, cancel_futures=True)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}x{g[0]}-seed{g[1]}-level{g[2]}"
                         + ("" if g[3] is None else f"-cut{g[3]}"))
def test_gnugo_self_play(self_play_games, game):
    record = self_play_games[game].result()
    size = record.size
    ours = GoGame(size=size)  # the documents' preset: simple ko, komi 0, like GNU Go here
    for turn, (colour, vertex, black, white) in enumerate(record.moves, 1):
        where = f"seed {record.seed}, turn {turn}: {colour} {vertex}"
        assert ours.to_move == colour, where
        if vertex == "PASS":
            ours.pass_()
        else:
            ours.play(vertex)
        got_black, got_white = board_stones(ours.board)
        assert got_black == black, f"{where}: black stones differ\n{ours}"
        assert got_white == white, f"{where}: white stones differ\n{ours}"
    if record.final_score is None:
        assert not ours.over
        return
    if stored(game):        # the record's result, GNU Go's final_score when it was played
        root = sgf.Sgf_game.from_bytes(record_path(game).read_bytes()).get_root()
        assert record.final_score == root.get("RE"), record_path(game)
    # Two passes open the scoring phase.  GNU Go captured every dead stone by play
    # (--capture-all-dead), so our proposal must find none; both accept it.
    assert ours.phase == "scoring" and ours.view["passes"] == 2
    assert ours.dead == [], f"seed {record.seed}: proposed dead {ours.dead}\n{ours}"
    ours.accept()
    ours.accept()
    assert ours.over
    points_w, points_b = area_score(ours.board)
    assert points_b + points_w <= size * size
    margin = points_b - points_w
    assert margin == black_margin(record.final_score), (
        f"seed {record.seed}: GNU Go {record.final_score}, terminarJuego/3 W={points_w} B={points_b}"
    )
    expected = f"B+{margin}" if margin > 0 else f"W+{-margin}"  # a tie reads W+0 (documents)
    assert ours.result == expected
    score = ours.view["result"]["score"]
    assert (score["b"], score["w"]) == (points_b, points_w)
    assert ours.score()["owner"] == score["owner"]


def test_gnugo_second_opinion_agrees_with_our_proposal(gnugo):
    """GNU Go's final_status_list on a position (app.go.gnugo_dead_stones) and
    dead_stones/2: a white stone in Black's area and a black one in White's, both dead."""
    rows = [list("----b-w--") for _ in range(9)]
    rows[2][1], rows[5][7] = "w", "b"
    rows = ["".join(row) for row in rows]
    ours = query("dead_stones(B, Dead)", maxresult=1, B=rows)[0]["Dead"]
    assert ours == [[2, 1], [5, 7]]
    assert gnugo_dead_stones(rows) == ours


def test_enough_gnugo_games():
    full_19 = [g for g in GAMES if g[0] == 19 and g[3] is None]
    full_9 = [g for g in GAMES if g[0] == 9 and g[3] is None]
    assert len(GAMES) >= 20 and len(full_19) >= 1 and len(full_9) >= 16
    assert all(record_path(g).is_file() for g in GAMES if stored(g))


def test_a_stored_game_opens_as_gnugo_plays_it(gnugo):
    """A stored game is GNU Go's self-play with its settings: its opening again by `genmove`
    (the 19x19 game to the end, and a 9x9 game of each level)."""
    for game in (GAMES[0], *(g for g in GAMES if g[:3] in ((9, 1, 1), (9, 2, 0)))):
        assert stored(game) and game[3] is None
        opening = self_play(gnugo, *game[:3], cut=OPENING)
        assert [vertex for _, vertex, _, _ in opening.moves] == stored_moves(game)[:OPENING]


OPENING = 8


# ---------------------------------------------------------------- sgfmill


def sgfmill_rows(board: boards.Board) -> str:
    """An sgfmill board as board_string/2 text (sgfmill counts rows from the bottom)."""
    size = board.side
    cells = {None: "-", "b": "b", "w": "w"}
    return "".join(cells[board.get(size - 1 - r, c)] for r in range(size) for c in range(size))


def random_game(size: int, rng: random.Random, attempts: int):
    """Random attempts judged by sgfmill: (colour, row, col, outcome).

    The outcome is the board text after a legal move, or "occupied", or
    "suicide" when sgfmill answers by taking the mover's own stones off.

    Most attempts are on an empty point (so suicides come up once the board
    fills), one in ten anywhere (so occupied points come up too).  Illegal
    attempts are retried by the same colour.
    """
    board = boards.Board(size)
    colour = "b"
    trials = []
    for _ in range(attempts):
        empty = [(r, c) for r in range(size) for c in range(size)
                 if board.get(size - 1 - r, c) is None]
        if not empty:
            break
        if rng.random() < 0.1:
            r, c = rng.randrange(size), rng.randrange(size)
        else:
            r, c = rng.choice(empty)
        after = board.copy()
        try:
            after.play(size - 1 - r, c, colour)
        except ValueError:
            outcome = "occupied"
        else:
            legal = after.get(size - 1 - r, c) == colour
            outcome = sgfmill_rows(after) if legal else "suicide"
        trials.append((colour, r, c, outcome))
        if outcome not in ("occupied", "suicide"):
            board = after
            colour = "w" if colour == "b" else "b"
    return trials, board


def replay_in_prolog(size: int, trials) -> tuple[list[str], int, int]:
    """goMove/4 on every attempt, in one query.

    Returns the board text after each attempt ("" where goMove/4 fails) and
    terminarJuego/3 (W, B) of the last board.  The work runs inside findall/3
    so that the boards themselves are not converted to Python.
    """
    moves = ",".join(f'm("{colour}",{r},{c})' for colour, r, c, _ in trials)
    goal = (
        f"findall(Out-W-Bl, ( emptyBoard({size}, B0), "
        "foldl([m(P, R, C), B1-[S|T], B2-T]>>"
        "( goMove(B1, P, [R, C], B2) -> board_string(B2, S) ; B2 = B1, S = \"\" ), "
        f"[{moves}], B0-Out, B-[]), "
        "terminarJuego(B, W, Bl) ), [Out-W-Bl])"
    )
    answer = query(goal, maxresult=1)[0]
    return answer["Out"], answer["W"], answer["Bl"]


@pytest.mark.parametrize("size, games, attempts", [(5, 300, 80), (9, 100, 250), (19, 20, 700)])
def test_random_games_match_sgfmill(size, games, attempts):
    rng = random.Random(2019 + size)
    refused = {"occupied": 0, "suicide": 0}
    for game in range(games):
        trials, board = random_game(size, rng, attempts)
        ours, points_w, points_b = replay_in_prolog(size, trials)
        assert len(ours) == len(trials)
        for turn, ((colour, r, c, expected), got) in enumerate(zip(trials, ours), 1):
            where = f"{size}x{size} game {game}, attempt {turn}: {colour} at [{r}, {c}]"
            if expected in refused:
                assert got == "", f"{where}: {expected} for sgfmill, goMove/4 plays it"
                refused[expected] += 1
            else:
                assert got == expected, f"{where}: positions differ\nsgfmill {expected}\nours    {got}"
        assert points_b - points_w == board.area_score(), f"{size}x{size} game {game}: score"
    # the games must have tried both kinds of illegal move, or they prove little
    assert refused["occupied"] > games and refused["suicide"] > 0, refused


if __name__ == "__main__":
    #  python -m tests.test_go_peers --record: GNU Go plays the stored games again (minutes).
    if sys.argv[1:] != ["--record"]:
        sys.exit("usage: python -m tests.test_go_peers --record")
    for game in GAMES:
        if stored(game):
            write_record(game, self_play(GNUGO, *game))
            print(record_path(game))
