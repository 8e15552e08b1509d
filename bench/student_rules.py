"""What asking a student's rules costs a move (`tablero serve --rules`, app/student_rules.py).

    .venv/bin/python bench/student_rules.py [--rounds 3]

Plays the short game of tests/test_student_rules.py (24 moves on 19x19, three refused)
through the Flask test client, alternately with our rules alone and with
tests/students/correct.pl asked on every move, and prints the median milliseconds a move
of each and their ratio, round by round (the student's process is started before the
first timed round).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from tests.test_student_rules import SHORT_GAME, STUDENTS  # noqa: E402


def game_times(client) -> list[float]:
    game = client.post("/api/games", json={"game": "go", "options": {"size": 19}}).json
    headers = {"Authorization": f"Bearer {game['secrets']['b']}"}
    times = []
    for pos in SHORT_GAME:
        started = time.perf_counter()
        client.post(f"/api/games/{game['id']}/actions",
                    json={"action": {"kind": "move", "pos": pos}}, headers=headers)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        ours = create_app({"TESTING": True, "DATABASE": f"{tmp}/ours.db"}).test_client()
        both = create_app({"TESTING": True, "DATABASE": f"{tmp}/both.db",
                           "STUDENT_RULES": {"go": str(STUDENTS / "correct.pl")}}).test_client()
        game_times(ours), game_times(both)       # warm: Prolog, the student's process
        for round_ in range(1, args.rounds + 1):
            a = statistics.median(game_times(ours)) * 1000
            b = statistics.median(game_times(both)) * 1000
            print(f"round {round_}: median ms a move: ours alone {a:.1f}, with the student's "
                  f"goMove/4 {b:.1f}, ratio {b / a:.2f}", flush=True)


if __name__ == "__main__":
    main()
