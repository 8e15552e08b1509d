"""The learned priors of the Go machine read a move the same way where they are learned
(scripts/go_gammas.py, Python) and where they are used (prolog/go/prior.pl).

Random 9x9 positions (random legal games of random length, played by the script's own
board): for every empty point, the features the script would give GNU Go's move there must
be the features gamma_features/6 gives, the 3x3 shape compared by its canonical number
(the smallest of its turns and mirrors), and the learned file must hold every turn and
mirror of a shape it holds.
"""

from __future__ import annotations

import importlib.util
import random
import re
from pathlib import Path

from app.go import query

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("go_gammas", ROOT / "scripts" / "go_gammas.py")
G = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(G)


def random_position(rnd: random.Random):
    board, last, last2, x = G.Board(), None, None, 1
    for _ in range(rnd.randint(0, 70)):
        options = [(r, c) for r in range(G.SIZE) for c in range(G.SIZE)
                   if board.cells[r][c] == 0 and not G.eye(board, x, (r, c))
                   and board.copy().play(r, c, x) is not None]
        if not options or rnd.random() < 0.05:          # a pass now and then
            last2, last, x = last, None, 3 - x
            continue
        p = rnd.choice(options)
        board.play(p[0], p[1], x)
        last2, last, x = last, p, 3 - x
    board.ko = None                  # fb_new/2 makes a board without a ko point
    return board, last, last2, x


def prolog_features(board, last, last2, x) -> dict:
    rows = ["".join("-bw"[v] for v in row) for row in board.cells]
    goal = (f"go_board:board_rows(B, {rows!r}), go_fastboard:fb_new(B, FB), "
            + point_index("L", last) + point_index("L2", last2)
            + f"findall(R-C-Fs, ( between(0, 8, R), between(0, 8, C), "
              f"go_fastboard:fb_index(FB, [R, C], I), go_fastboard:fb_cell(FB, I, 0), "
              f"go_prior:gamma_features(FB, {x}, L, L2, I, Fs) ), All), "
              "format(string(S), '~q', [All])")
    text = query(goal, maxresult=1)[0]["S"]
    out = {}
    for r, c, fs in re.findall(r"(\d+)-(\d+)-\[([^\]]*)\]", text):
        out[(int(r), int(c))] = {(name, int(value)) for name, value in
                                 re.findall(r"([a-z0-9]+)-(\d+)", fs)}
    return out


def point_index(var: str, p) -> str:
    if p is None:
        return f"{var} = 0, "
    return f"go_fastboard:fb_index(FB, [{p[0]}, {p[1]}], {var}), "


def python_features(board, last, last2, x) -> dict:
    out = {}
    for r in range(G.SIZE):
        for c in range(G.SIZE):
            if board.cells[r][c]:
                continue
            fs = G.features(board, x, (r, c), last, last2)
            if fs is not None:
                out[(r, c)] = set(fs)
    return out


def canonical(features: set) -> set:
    return {(name, min(G.variants(value)) if name == "pat3" else value)
            for name, value in features}


def test_python_and_prolog_read_every_point_alike():
    rnd = random.Random(11)
    compared = 0
    seen = set()
    for _ in range(12):
        board, last, last2, x = random_position(rnd)
        ours, theirs = prolog_features(board, last, last2, x), python_features(board, last, last2, x)
        assert ours.keys() == theirs.keys()            # the same legal points
        for p, fs in theirs.items():
            assert canonical(ours[p]) == fs, (p, ours[p], fs)
            seen |= {name for name, _ in fs}
            compared += 1
    # the random positions did show every kind of feature
    # (takelast, rare in random games, is checked below)
    assert seen >= {"pat3", "dist", "dist2", "line", "capture", "selfatari", "escape", "atari"}
    assert compared > 400


def test_every_turn_and_mirror_of_a_shape_has_its_gamma():
    text = (ROOT / "prolog" / "go" / "gammas.pl").read_text()
    shapes = {int(code): float(g) for code, g in re.findall(r"gamma\(pat3, (\d+), ([\d.]+)\)", text)}
    assert len(shapes) > 500
    for code, g in shapes.items():
        for v in G.variants(code):
            assert shapes.get(v) == g, (code, v)


def test_the_prolog_table_reads_the_file():
    """move_gamma/6 multiplies the gammas of the file: White has just played on the
    corner point, in atari; Black takes it."""
    text = (ROOT / "prolog" / "go" / "gammas.pl").read_text()
    gammas = {(name, int(value)): float(g) for name, value, g in
              re.findall(r"gamma\((\w+), (\d+), ([\d.]+)\)", text)}
    board = G.Board()
    board.cells[0][0], board.cells[0][1] = 2, 1
    fs = G.features(board, 1, (1, 0), (0, 0), None)
    expected = 1.0
    for name, value in fs:
        if name == "pat3":
            value = G.code(board, 1, 0, 1)
        expected *= gammas.get((name, value), 1.0)
    rows = ["wb-------"] + ["---------"] * 8
    answer = query(f"go_board:board_rows(B, {rows!r}), go_fastboard:fb_new(B, FB), "
                   "go_fastboard:fb_index(FB, [1, 0], I), go_fastboard:fb_index(FB, [0, 0], L), "
                   "go_prior:move_gamma(FB, 1, L, 0, I, G)", maxresult=1)[0]["G"]
    assert abs(answer - expected) < 1e-3 * expected
    assert {("capture", 1), ("takelast", 1), ("dist", 1)} <= set(fs)
