"""`tablero kit GAME DIR` (app/kit.py, prolog/kit/, docs/kits.md): every kit is written,
every file loads in swipl without a warning, the documented examples parse, the stubs say
"not written yet" (in swipl, in `tablero grade` and in `tablero tournament`), and each kit
completed here (Go: the reference of tests/kits/go_reference.pl; the others: our own
rules wrapped) passes `tablero grade` (Go) or plays a real tournament game.  Bad input
(an unknown game, a non-empty folder) is refused with a reason and writes nothing."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from app import cli, confine, grade, kit, tournament

HERE = Path(__file__).parent
needs_box = pytest.mark.skipif(confine.problem() is not None,
                               reason=f"no bubblewrap box here: {confine.problem()}")

EXPECTED = {
    "go": {"README.md", "proylcc.pl"},
    "molinolog": {"README.md", "molinolog.pl", "graficos.pl"},
    "gorogo": {"README.md", "gorogo.pl", "adapter.pl"},
    "azul": {"README.md", "azul.pl", "adapter.pl"},
}
#  Each kit's stubs: (file, the goal that calls one, its Name/Arity).
STUBS = {
    "go": ("proylcc.pl", 'emptyBoard(B), goMove(B, "b", [0,0], _)', "goMove/4"),
    "molinolog": ("molinolog.pl", "estado_inicial(1, false, _)", "estado_inicial/3"),
    "gorogo": ("gorogo.pl", "jogada(3, 2, 2)", "jogada/3"),
    "azul": ("azul.pl", "new_game([greedy, greedy])", "new_game/1"),
}
WORDS = {"go": "todavía no está escrito", "molinolog": "todavía no está escrito",
         "gorogo": "ainda não está escrito", "azul": "todavía no está escrito"}


def swipl(folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["swipl", "--on-warning=status", "--on-error=status", *args],
                          cwd=folder, capture_output=True, text=True, timeout=60)


def fill(path: Path, bodies: dict[str, str], extra: str = "") -> None:
    """Replace the stub clause of each Name/Arity by `bodies[...]`, and add `extra`."""
    text = path.read_text()
    for pi, body in bodies.items():
        name = pi.split("/")[0]
        stub = re.compile(rf"^{name}\([^\n]*\) :-\n    throw\(error\(not_written_yet\("
                          rf"{re.escape(pi)}\), _\)\)\.\n", re.M)
        text, n = stub.subn(lambda _m: body.strip() + "\n", text)
        assert n == 1, pi
    path.write_text(text + "\n" + extra)


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_kit_written_loads_and_its_stubs_say_so(game, tmp_path, capsys):
    folder = tmp_path / game
    with pytest.raises(SystemExit) as done:
        cli.main(["kit", game, str(folder)])
    assert done.value.code == 0
    assert {p.name for p in folder.iterdir()} == EXPECTED[game]
    assert f"The {game} kit is in" in capsys.readouterr().out
    for pl in folder.glob("*.pl"):
        loaded = swipl(folder, "-q", "-g", "halt", pl.name)
        assert loaded.returncode == 0 and loaded.stderr == "", (pl.name, loaded.stderr)
    #  The documented examples: every `%   ?- Goal.` and its answer lines parse.
    main = folder / STUBS[game][0]
    examples = [line.split("?-", 1)[1].strip() for line in main.read_text().splitlines()
                if line.startswith("%   ?- ")]
    assert len(examples) >= 2
    answers = re.findall(r"^%   \?- [^\n]*\n((?:%   [A-Za-z][^\n]*\n)+)", main.read_text(), re.M)
    assert answers
    terms = examples + [line[4:].strip() for a in answers for line in a.splitlines()]
    listed = "[" + ", ".join(f'"{t}"' for t in (x.replace('"', '\\"') for x in terms)) + "]"
    parsed = swipl(folder, "-q", "-g",
                   f"forall(member(S, {listed}), term_string(_, S)), halt", "-t", "halt(1)")
    assert parsed.returncode == 0, parsed.stderr
    #  A stub called in swipl says it is not written yet, in the course's language.
    file, goal, pi = STUBS[game]
    called = swipl(folder, "-q", "-g", goal, "-t", "halt", file)
    assert called.returncode != 0
    assert f"{pi} {WORDS[game]}" in called.stderr, called.stderr
    assert "graficos" not in EXPECTED[game] or \
        (folder / "graficos.pl").read_bytes() == (kit.PROLOG_DIR / "graficos.pl").read_bytes()


def test_bad_input_is_refused_and_writes_nothing(tmp_path, capsys):
    assert kit.main(["chess", str(tmp_path / "chess")]) == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
    assert not (tmp_path / "chess").exists()
    full = tmp_path / "full"
    full.mkdir()
    (full / "proylcc.pl").write_text("% mine\n")
    assert kit.main(["go", str(full)]) == 2
    assert "is not empty" in capsys.readouterr().err
    assert [p.name for p in full.iterdir()] == ["proylcc.pl"]
    assert (full / "proylcc.pl").read_text() == "% mine\n"
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert kit.main(["gorogo", str(afile)]) == 2
    assert "is a file" in capsys.readouterr().err
    assert kit.main(["go", str(full), "--force"]) == 0
    assert {p.name for p in full.iterdir()} == EXPECTED["go"]


@needs_box
def test_go_kit_graded_stub_then_completed(tmp_path):
    folder = tmp_path / "go"
    kit.write_kit("go", folder)
    report = grade.grade(folder / "proylcc.pl", only="positions,score")
    assert report["exit"] == 1
    v = report["verdicts"]
    assert v["emptyBoard/1"]["verdict"] == "pass"
    assert v["goMove/4"]["verdict"] == "not written" and v["score"]["verdict"] == "not written"
    text = grade.text_report(report)
    assert "every case: goMove/4 is not written yet (still the kit's stub" in text
    assert "goMove/4 not written" in report["summary"]
    #  Completed with the reference written here: every case passes.
    reference = (HERE / "kits" / "go_reference.pl").read_text()
    head, helpers = reference.split("\nrival(", 1)
    clauses = {pi: "\n".join(c for c in re.split(r"\n(?=\S)", head)
                             if c.startswith(pi.split("/")[0] + "("))
               for pi in ("goMove/4", "terminarJuego/3", "jugadaMaquina/3")}
    fill(folder / "proylcc.pl", clauses, "rival(" + helpers)
    report = grade.grade(folder / "proylcc.pl", only="positions,score")
    assert report["exit"] == 0, grade.text_report(report)
    assert {k: v["verdict"] for k, v in report["verdicts"].items()} == \
        {"goMove/4": "pass", "score": "pass", "emptyBoard/1": "pass"}
    #  And its machine plays a tournament game on 5x5 against ours.
    summary = tournament.run("go", ["machine:simple", str(folder / "proylcc.pl")],
                             out=tmp_path / "t", seed=3, options={"size": 5}, max_plies=12,
                             jobs=1)
    assert len(summary["games"]) == 2
    for g in summary["games"]:
        assert g["result"]["reason"] not in ("error", "not_written", "load_failed", "failed"), g
        assert g["plies"] >= 10
