"""`tablero gtp` (app/gtp_engine.py): our Go and its machine player as a GTP v2 engine.

* The protocol, byte for byte: ids echoed, `?` errors, the empty line after each answer,
  comments and blank lines ignored, command names case sensitive, every command of
  list_commands, bad input answered and survived, quit and end of input.
* The rules through GTP: captures, suicide, ko and occupied points refused as `illegal
  move`, two moves of one colour in a row, undo, showboard, boardsize, komi, handicap,
  final_score and final_status_list (dead stones from prolog/go/dead.pl, seki).
* A referee (here, in Python, with app/gtp.py's client for both engines) plays GNU Go
  against `tablero gtp` to the end, relaying every move of each to the other with
  `play`: GNU Go must accept every move of ours and we every move of GNU Go (the client
  raises on a `?`), the stones must stay the same on both boards, and at the end the two
  final_score answers must be equal.  When, after two passes, the two engines' dead
  stones differ, the referee lets play go on (GNU Go with kgs-genmove_cleanup, which
  captures what it calls dead) until two passes with GNU Go seeing nothing dead, then
  compares; it prints how many games needed that.  A side that resigns (ours, or GNU Go
  on 5x5) passes from then on (a pass played in both engines), so that every game ends
  counted.  This is also how a course pits a student's engine (here GNU Go) against ours.

Every engine runs in a process of its own: the real `tablero gtp` console script and the
real GNU Go (/usr/games/gnugo).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

import pytest

from app.gtp import GNUGO, GTP, GTPError

ROOT = Path(__file__).resolve().parent.parent
TABLERO = [str(ROOT / ".venv" / "bin" / "tablero"), "gtp"]
LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def session(commands: str, *options: str, timeout: float = 60) -> str:
    """Everything `tablero gtp` writes on stdout for these input lines (then end of input);
    the process must exit with 0."""
    done = subprocess.run([*TABLERO, *options], input=commands.encode("latin-1"),
                          capture_output=True, timeout=timeout, cwd=ROOT)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode("ascii")


def answers(output: str) -> list[str]:
    """The answers of a session, each without its closing empty line; checks that every
    answer is `=` or `?` text and that nothing else was written."""
    assert output.endswith("\n\n") or output == ""
    blocks = output[:-2].split("\n\n") if output else []
    for block in blocks:
        assert block[:1] in ("=", "?"), repr(block)
        assert "" not in block.split("\n"), repr(block)
    return blocks


def board(showboard: str) -> list[str]:
    """The rows of a showboard answer, top first, as "-bw" text."""
    lines = [line.split() for line in showboard.split("\n")]
    rows = [words[1:-1] for words in lines if len(words) > 2 and words[0].isdigit()
            and words[-1] == words[0]]
    return ["".join({".": "-", "X": "b", "O": "w"}[c] for c in row) for row in rows]


# -- (a) the protocol -------------------------------------------------------------


def test_protocol_ids_errors_comments_and_quit():
    out = session(
        "1 protocol_version\n"
        "name\n"
        "\n"
        "   # a comment line\n"
        "7\tversion   # a tab, and a comment after the command\n"
        "known_command genmove\n"
        "known_command GENMOVE\n"
        "GENMOVE b\n"
        "12 frobnicate\n"
        "13\n"
        "14 boardsize 30\n"
        "boardsize 1\n"
        "boardsize nine\n"
        "boardsize\n"
        "15 boardsize 25\n"
        "\x01\x02name\x7f\n"
        "99 quit\n"
        "name\n")
    version = metadata.version("tablero")
    assert out == (f"=1 2\n\n= Tablero\n\n=7 {version}\n\n= true\n\n= false\n\n"
                   "? unknown command\n\n?12 unknown command\n\n?13 syntax error\n\n"
                   "?14 unacceptable size\n\n"
                   "? unacceptable size\n\n? syntax error\n\n? syntax error\n\n=15 \n\n"
                   "= Tablero\n\n=99 \n\n")  # nothing after quit


def test_end_of_input_ends_the_engine_cleanly():
    assert session("name") == "= Tablero\n\n"   # a last line without its newline
    assert session("") == ""


def test_every_listed_command_is_known_and_answers():
    listed = answers(session("list_commands\n"))[0][2:].split("\n")
    assert {"protocol_version", "name", "version", "known_command", "list_commands", "quit",
            "boardsize", "clear_board", "komi", "play", "genmove", "undo", "showboard",
            "final_score", "final_status_list", "fixed_handicap", "place_free_handicap",
            "set_free_handicap", "time_settings", "time_left"} <= set(listed)
    script = "".join(f"known_command {c}\n{c}\n" for c in listed if c != "quit")
    replies = answers(session("boardsize 9\n" + script))[1:]
    for command, (known, reply) in zip([c for c in listed if c != "quit"],
                                       zip(replies[::2], replies[1::2])):
        assert known == "= true"
        assert reply != "? unknown command", command


def test_bad_input_is_answered_and_changes_nothing():
    junk = ["play", "play b", "play b D4 E5", "play purple D4", "play b 44", "play b I4",
            "play b D0", "play b D999", "genmove", "genmove x", "komi", "komi many",
            "komi 0.3", "komi 1e400", "komi nan", "final_status_list", "final_status_list maybe",
            "fixed_handicap", "fixed_handicap two", "set_free_handicap", "set_free_handicap A1",
            "set_free_handicap A1 A1", "set_free_handicap A1 Z9", "undo", "boardsize 99999999999",
            "known_command", "x" * 5000, "\xff\xfe play b D4", "play b D4 # and E5"]
    out = answers(session("boardsize 9\n" + "\n".join(junk) + "\nshowboard\n"))
    replies = out[1:-1]
    assert len(replies) == len(junk)
    assert replies[:-1] == [
        "? syntax error", "? syntax error", "? syntax error", "? syntax error",
        "? syntax error", "? syntax error", "? syntax error", "? syntax error",
        "? syntax error", "? syntax error", "? syntax error", "? syntax error",
        "? komi must be a whole or half number from -150 to 150",
        "? komi must be a whole or half number from -150 to 150",
        "? komi must be a whole or half number from -150 to 150",
        "? syntax error", "? syntax error", "? syntax error", "? syntax error",
        "? bad vertex list", "? bad vertex list", "? bad vertex list", "? bad vertex list",
        "? cannot undo", "? unacceptable size", "? syntax error", "? unknown command",
        "? unknown command"]
    assert replies[-1] == "= "   # the comment is cut: one black stone on D4
    assert board(out[-1]) == ["---------"] * 5 + ["---b-----"] + ["---------"] * 3


# -- the rules through GTP --------------------------------------------------------


def test_play_refuses_illegal_moves_and_takes_two_of_one_colour():
    out = answers(session(
        "boardsize 4\n"
        "play b B4\nplay w C4\nplay b A3\nplay w D3\nplay b B2\nplay w C2\nplay b A1\n"
        "play w B3\nplay b C3\n"                 # Black takes B3
        "play w B3\n"                             # ko: White may not take back at once
        "play w A4\n"                             # suicide
        "play white C3\n"                         # occupied
        "play b pass\nplay w B3\n"                # after a pass it may (and takes C3)
        "play w E1\n"                             # off a 4x4 board
        "play W D1\nplay W d2\n"                  # White twice in a row
        "showboard\n"
        "play w D1\nshowboard\n", "--size", "4"))  # refused: the pass before it is undone
    assert out[1:] == ["= "] * 9 + ["? illegal move"] * 3 + ["= ", "= ", "? illegal move",
                                                             "= ", "= ", out[-3],
                                                             "? illegal move", out[-3]]
    assert out[-3] == ("= \n   A B C D\n 4 . X O . 4\n 3 X O . O 3\n 2 . X O O 2\n"
                       " 1 X . . O 1\n   A B C D\n"
                       "Black (X) has captured 1 stones, White (O) 1; Black to move")


def test_undo_takes_back_gtp_moves_with_their_inserted_passes():
    out = answers(session(
        "boardsize 5\n"
        "play b C3\nplay b D3\n"                  # a white pass is inserted before D3
        "play w pass\nplay w pass\n"              # passes in a row: play goes on after them
        "showboard\n"
        "undo\nundo\nundo\nshowboard\n"
        "undo\nundo\nshowboard\n"
        "genmove w\nundo\nshowboard\n"))
    after_four, one_stone, empty = out[5], out[9], out[12]
    assert board(after_four) == ["-----", "-----", "--bb-", "-----", "-----"]
    assert after_four.endswith("Black to move")
    assert out[6:9] == ["= ", "= ", "= "]
    assert board(one_stone) == ["-----", "-----", "--b--", "-----", "-----"]
    assert one_stone.endswith("White to move")
    assert out[10:12] == ["= ", "? cannot undo"]
    assert board(empty) == ["-----"] * 5 and empty.endswith("Black to move")
    assert out[13][:2] == "= " and out[13] != "= pass"
    assert out[14] == "= " and board(out[15]) == ["-----"] * 5


def test_genmove_plays_the_machine_move_for_either_colour():
    # White three times in a row, then Black twice (behind, so the machine does not pass
    # after the pass inserted for White), then White.
    out = answers(session("boardsize 9\nplay w E5\nplay w D5\nplay w C5\n"
                          "genmove b\ngenmove b\ngenmove white\nshowboard\n"
                          "time_settings 300 30 5\ntime_left b 120 0\n"))
    moves = [a[2:] for a in out[4:7]]
    rows = board(out[7])
    for vertex, colour in zip(moves, "bbw"):
        r, c = 9 - int(vertex[1:]), LETTERS.index(vertex[0])
        assert rows[r][c] == colour
    assert sum(row.count("b") for row in rows) == 2 and sum(row.count("w") for row in rows) == 4
    assert out[7].endswith("Black to move")
    assert out[8:] == ["= ", "= "]


def test_final_score_and_status_lists_follow_our_scoring():
    # Black walls in a white stone (docs/go.md: dead_verdicts): it is dead, Black owns all.
    position = "play b C5\nplay w B4\nplay b C4\nplay b A3\nplay b B3\nplay b C3\n"
    lists = "final_status_list dead\nfinal_status_list alive\nfinal_status_list seki\nfinal_score\n"
    # Seki: two groups share the B column; equal points at komi 0 answer 0 (not W+0).
    seki = "play b A1\nplay b A2\nplay b A3\nplay w C1\nplay w C2\nplay w C3\n"
    # One engine: the position, its lists, another komi; then a new 3x3 board and its seki.
    out = answers(session(position + lists + "komi -3\nfinal_score\n"
                          + "komi 0\nboardsize 3\n" + seki + lists, "--size", "5"))
    assert out[6:10] == ["= B4", "= C5 C4 A3 B3 C3", "= ", "= B+25"]
    assert out[10:12] == ["= ", "= B+28"]
    assert out[12:20] == ["= "] * 8
    assert out[20:] == ["= ", "= ", "= A3 C3 A2 C2 A1 C1", "= 0"]
    assert answers(session(position + "final_score\n", "--size", "5", "--preset", "chinese"))[-1] \
        == "= B+17.5"
    # territory: 19 empty points + B4's point + 1 prisoner - komi 6.5
    assert answers(session(position + "final_score\n", "--size", "5", "--preset", "japanese"))[-1] \
        == "= B+14.5"


def test_handicap_stones_are_gnugo_s_and_white_moves_next():
    script, expect = "", []
    for size in (7, 8, 9, 13, 19):
        for stones in range(2, 10):
            script += f"boardsize {size}\nfixed_handicap {stones}\n"
    with GTP([GNUGO, "--mode", "gtp"]) as gnugo:
        for size in (7, 8, 9, 13, 19):
            for stones in range(2, 10):
                gnugo(f"boardsize {size}")
                try:
                    expect.append(set(gnugo(f"fixed_handicap {stones}").split()))
                except GTPError:
                    expect.append(None)
    out = answers(session(script))
    got = [set(a[2:].split()) if a[0] == "=" else None for a in out[1::2]]
    assert got == expect
    assert expect.count(None) == 10     # 5 to 9 stones on 7x7 and 8x8
    out = answers(session("boardsize 9\nfixed_handicap 3\nfixed_handicap 3\nplay b G7\n"
                          "genmove w\nundo\nundo\nclear_board\nset_free_handicap A1 J9 E5\n"
                          "showboard\nfixed_handicap 10\nboardsize 5\nplace_free_handicap 2\n"))
    assert out[1] == "= C7 G7 C3" and out[2:4] == ["? board not empty", "? illegal move"]
    assert out[4][:2] == "= " and out[5] == "= " and out[6] == "? cannot undo"
    assert board(out[9]) == ["--------b", *["---------"] * 3, "----b----", *["---------"] * 3,
                             "b--------"]
    assert out[9].endswith("White to move")
    assert out[10:] == ["? invalid number of stones", "= ", "? invalid number of stones"]


def test_answers_only_on_stdout_and_engine_survives_prolog_output():
    """stdout is the protocol's alone: a session's every byte belongs to an answer, and the
    Prolog rules' own messages (none expected) would have gone to stderr."""
    done = subprocess.run([*TABLERO, "--size", "7"], input=b"genmove b\nshowboard\nquit\n",
                          capture_output=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0
    out = answers(done.stdout.decode("ascii"))
    assert len(out) == 3 and out[2] == "= "


def test_options_are_checked():
    for bad in (["--size", "30"], ["--preset", "ing"], ["--komi", "0.3"], ["--nonsense"]):
        done = subprocess.run([*TABLERO, *bad], input=b"name\n", capture_output=True,
                              timeout=60, cwd=ROOT)
        assert done.returncode == 2 and done.stdout == b"", bad
    assert answers(session("final_score\n", "--size", "2", "--komi", "2.5")) == ["= W+2.5"]


# -- (b) a referee: GNU Go against tablero gtp ------------------------------------


def gnugo() -> str:
    if not os.access(GNUGO, os.X_OK):
        pytest.fail(f"GNU Go is missing at {GNUGO}: apt-get install gnugo")
    return GNUGO


def margin(score: str) -> float:
    """A final_score ("B+7.0", "W+2.5", "0") as Black's points minus White's."""
    if score == "0":
        return 0
    return (1 if score[0] == "B" else -1) * float(score[2:])


def stones(engine: GTP, ours: bool) -> tuple[set, set]:
    """The black and the white stones of an engine's board, as vertices."""
    if not ours:
        return set(engine("list_stones black").split()), set(engine("list_stones white").split())
    rows = board("= " + engine("showboard"))
    size = len(rows)
    black = {f"{LETTERS[c]}{size - r}" for r, row in enumerate(rows) for c, x in enumerate(row)
             if x == "b"}
    white = {f"{LETTERS[c]}{size - r}" for r, row in enumerate(rows) for c, x in enumerate(row)
             if x == "w"}
    return black, white


#  The referee's games check the protocol and the count to the end, not strength: our
#  engine thinks 0.05 s a turn there (TABLERO_GO_THINK, docs/go.md), a fifth of the tests'.
THINK = 0.05


@pytest.mark.parametrize("setting, seconds", [("0.05", "0.05"), ("2", "2"), ("none", "1"),
                                              ("-1", "1"), ("", "1")])
def test_the_think_setting_scales_a_turn(setting, seconds):
    """TABLERO_GO_THINK, as the server and the engines read it from the environment (an
    atom): a factor of a 9x9 turn's 1 s; a setting that is not a positive number is
    ignored.  (Once read with number_string/2, which refuses an atom: every turn took
    the full second.)"""
    done = subprocess.run(
        ["swipl", "-q", "-g", "use_module(prolog/go/player)",
         "-g", "go_player:think_seconds(9, S), writeln(S)", "-t", "halt"],
        env={**os.environ, "TABLERO_GO_THINK": setting}, capture_output=True, text=True,
        timeout=60, cwd=ROOT)
    assert done.stdout.strip() == seconds, done.stderr


def referee(size: int, ours_colour: str, preset: str, komi: float, seed: int,
            opening: int = 4, cap: int = 500) -> dict:
    """One game of GNU Go (level 1) against `tablero gtp`, to the end (see the module
    header); returns what happened."""
    ko = "--positional-superko" if preset == "chinese" else "--simple-ko"
    with GTP([gnugo(), "--mode", "gtp", "--level", "1", "--chinese-rules", ko]) as gnu, \
            GTP(["env", f"TABLERO_GO_THINK={THINK}", *TABLERO, "--preset", preset]) as ours:
        for engine in (gnu, ours):
            engine(f"boardsize {size}")
            engine("clear_board")
            engine(f"komi {komi}")
        engines = {ours_colour: ours, {"b": "w", "w": "b"}[ours_colour]: gnu}
        colour, passes, moves, cleanup, resigned = "b", 0, 0, False, set()
        # a few seeded stones first, so that the games differ
        points = [f"{LETTERS[c]}{r + 1}" for c in range(size) for r in range(size)]
        for vertex in random.Random(seed).sample(points, opening):
            for engine in (gnu, ours):
                engine(f"play {colour} {vertex}")
            colour = {"b": "w", "w": "b"}[colour]
        while moves < cap:
            mover, other = engines[colour], (gnu if engines[colour] is ours else ours)
            if colour in resigned:              # a side that resigned passes from then on
                move = "pass"
                mover(f"play {colour} pass")
            else:
                ask = "kgs-genmove_cleanup" if cleanup and mover is gnu else "genmove"
                move = mover(f"{ask} {colour}")
                if move.lower() == "resign":    # not played by the engine: a pass instead
                    resigned.add(colour)
                    move = "pass"
                    mover(f"play {colour} pass")
            other(f"play {colour} {move}")     # GTPError if the other engine refuses it
            moves += 1
            passes = passes + 1 if move.lower() == "pass" else 0
            colour = {"b": "w", "w": "b"}[colour]
            if moves % 25 == 0:
                assert stones(gnu, False) == stones(ours, True), f"after {moves} moves"
            if passes == 2:
                gnu_dead = set(gnu("final_status_list dead").split())
                our_dead = set(ours("final_status_list dead").split())
                if gnu_dead == our_dead or (cleanup and not gnu_dead):
                    break
                cleanup, passes = True, 0
        assert moves < cap, "no end in sight"
        assert stones(gnu, False) == stones(ours, True)
        return {"moves": moves, "cleanup": cleanup, "resigned": "".join(sorted(resigned)),
                "dead": len(our_dead), "gnu": gnu("final_score"), "ours": ours("final_score")}


@pytest.mark.peer
def test_gnugo_against_tablero_gtp_to_the_end():
    started = time.monotonic()
    results = []
    games = [(9, "w", "chinese", 7.5, 1), (5, "b", "chinese", 7.5, 2)]
    for size, ours, preset, komi, seed in games:
        game = referee(size, ours, preset, komi, seed)
        results.append(game)
        print(f"{size}x{size}, ours {ours}, {preset}: {game}", file=sys.stderr)
        assert margin(game["gnu"]) == margin(game["ours"]), game
    print(f"{len(results)} games, {sum(g['cleanup'] for g in results)} needed the cleanup, "
          f"{time.monotonic() - started:.1f} s", file=sys.stderr)
