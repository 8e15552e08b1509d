"""A real 2019 Molinolog lab (UdelaR), unmodified, played headless on our graficos.pl.

The lab is kept untracked under tests/students/real/molinolog/ (see
tests/students/real/README.md); the test skips when it is not there.  It shows what the
labs written here did not: the course's template calls `pce_image_directory(icons)`
(XPCE) before gr_crear/3, announces the winner in the gr_opciones/4 question that asks to
play again, and ends with halt/0 when the answer is No.
"""
from pathlib import Path

import pytest

from app import lab

REAL = Path(__file__).parent / "students" / "real" / "molinolog"
NICO = REAL / "nico-rodriguez-molinolog" / "molinolog.pl"


def test_real_lab_plays_to_its_end_and_names_the_winner_our_rules_see():
    if not NICO.is_file():
        pytest.skip(f"{NICO} is not here (see tests/students/real/README.md)")
    report = lab.judge_lab(NICO, 1, seed=1)     # it plays at random: one game each run
    assert report["status"] == "halt", report.get("error")      # its own halt, not a crash
    assert report["legal"] and report["illegal"] is None
    assert report["drawings"] > 10
    ours = report["ours"]["winner"]
    assert ours in ("negro", "blanco")
    assert report["theirs"]["winner"] == ours                   # read from gr_opciones/4
    assert any("jugar nuevamente" in m for m in report["theirs"]["messages"])
    assert report["agree"] is True and report["ok"] is True
