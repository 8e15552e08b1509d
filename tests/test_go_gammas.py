"""The learned priors of the Go machine (prolog/go/prior.pl, prolog/go/gammas.pl) and the
script that learns them from GNU Go's games (scripts/go_gammas.py).
"""

from __future__ import annotations

import importlib.util
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.go import query
from app.gtp import GNUGO

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "go_gammas.py"
_spec = importlib.util.spec_from_file_location("go_gammas", SCRIPT)
G = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(G)

GAMMAS = {(name, int(value)): float(g) for name, value, g in
          re.findall(r"gamma\((\w+), (\d+), ([\d.]+)\)",
                     (ROOT / "prolog" / "go" / "gammas.pl").read_text())}


def test_move_choices_gives_the_features_of_every_point():
    """White throws in on the corner, next to Black's stone; Black takes it: the choice
    learned is that capture among every empty point but White's stone's."""
    moves = "[m(1, [0, 1], false), m(2, [0, 0], false), m(1, [1, 0], true)]"
    [[k, candidates]] = query(f"go_prior:move_choices(9, {moves}, Cs)", maxresult=1)[0]["Cs"]
    assert len(candidates) == 81 - 2
    played = {(name, value) for name, value in candidates[k]}
    assert {("capture", 1), ("takelast", 1), ("dist", 1), ("dist2", 2), ("line", 1)} <= played
    assert sum(("capture", 1) in {tuple(f) for f in c} for c in candidates) == 1


def test_a_shape_has_the_same_gamma_turned_mirrored_and_for_either_colour():
    """move_gamma/6 reads the table by go_playout's code/4 number: the same position
    turned a quarter, mirrored, or with the colours swapped (the other side to move)
    gives every point the same strength."""
    rnd = random.Random(5)
    for _ in range(4):
        rows = ["".join(rnd.choice("---bw") for _ in range(9)) for _ in range(9)]
        turned = ["".join(rows[8 - c][r] for c in range(9)) for r in range(9)]
        mirrored = [row[::-1] for row in rows]
        swapped = [row.translate(str.maketrans("bw", "wb")) for row in rows]
        strengths = {}
        for name, board, x in (("rows", rows, 1), ("turned", turned, 1),
                               ("mirrored", mirrored, 1), ("swapped", swapped, 2)):
            answer = query(f"go_board:board_rows(B, {board!r}), go_fastboard:fb_new(B, FB), "
                           f"findall([R, C, G], ( between(0, 8, R), between(0, 8, C), "
                           f"go_fastboard:fb_index(FB, [R, C], I), go_fastboard:fb_cell(FB, I, 0), "
                           f"go_prior:move_gamma(FB, {x}, 0, 0, I, G) ), Gs)", maxresult=1)[0]["Gs"]
            strengths[name] = {(r, c): g for r, c, g in answer}
        for (r, c), g in strengths["rows"].items():
            assert strengths["turned"][(c, 8 - r)] == pytest.approx(g)
            assert strengths["mirrored"][(r, 8 - c)] == pytest.approx(g)
            assert strengths["swapped"][(r, c)] == pytest.approx(g)


def test_the_strength_is_the_product_of_the_file_s_gammas():
    rows = ["wb-------", "-bw------", "w-b------"] + ["---------"] * 6
    answer = query(f"go_board:board_rows(B, {rows!r}), go_fastboard:fb_new(B, FB), "
                   "go_fastboard:fb_index(FB, [1, 0], I), go_fastboard:fb_index(FB, [0, 0], L), "
                   "go_prior:gamma_features(FB, 1, L, 0, I, Fs0), "
                   "findall([F, V], member(F-V, Fs0), Fs), "
                   "go_prior:move_gamma(FB, 1, L, 0, I, G)", maxresult=1)[0]
    expected = 1.0
    for name, value in answer["Fs"]:
        expected *= GAMMAS.get((name, value), 1.0)
    assert answer["G"] == pytest.approx(expected, rel=1e-6)
    assert {("capture", 1), ("takelast", 1)} <= {tuple(f) for f in answer["Fs"]}


def test_a_shape_is_written_once_by_its_smallest_number():
    """The file holds each shape once, under the smallest number of its turns and
    mirrors (the script's variants/1 and go_prior's shape_variant/2 agree on them)."""
    shapes = [v for (name, v) in GAMMAS if name == "pat3"]
    assert len(shapes) > 500
    for code in shapes:
        assert code == min(G.variants(code))
    for code in shapes[:40]:
        answer = query(f"findall(V, go_prior:shape_variant({code}, V), Vs), sort(Vs, S)",
                       maxresult=1)[0]["S"]
        assert set(answer) == G.variants(code)
    assert GAMMAS[("selfatari", 1)] < 0.1 < 1 < GAMMAS[("escape", 1)]


@pytest.mark.skipif(not Path(GNUGO).exists(), reason="GNU Go is not installed")
def test_games_then_learn_writes_a_module_prolog_loads(tmp_path):
    """The whole pipeline on two short games of GNU Go level 1: the SGF files, the fit,
    and a module swipl loads whose gammas the next search could use."""
    run = [sys.executable, str(SCRIPT)]
    subprocess.run(run + ["games", "--count", "2", "--level", "1", "--out", str(tmp_path / "g")],
                   check=True, timeout=300, cwd=ROOT)
    assert len(list((tmp_path / "g").glob("*.sgf"))) == 2
    out = tmp_path / "gammas.pl"
    printed = subprocess.run(run + ["learn", str(tmp_path / "g"), "--sweeps", "1", "--level", "1",
                                    "--out", str(out)],
                             check=True, timeout=300, cwd=ROOT, capture_output=True, text=True)
    assert re.search(r"sweep 1: the highest strength is GNU Go's move in \d+/\d+", printed.stdout)
    loaded = subprocess.run(["swipl", "-q", "-g", f"use_module('{out}'), "
                             "aggregate_all(count, go_gammas:gamma(_, _, _), N), "
                             "format('~w~n', [N]), halt"], capture_output=True, text=True,
                            timeout=60)
    assert int(loaded.stdout.strip()) > 10
