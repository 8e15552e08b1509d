"""The notebook face: docs/tutorial.ipynb runs clean in a kernel of this venv, and every
game draws itself (Game._repr_svg_, app/notebook.py) from its view."""

from __future__ import annotations

import json
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from app.azul import AzulGame
from app.go import GoGame
from app.gorogo import GorogoGame
from app.molinolog import MolinologGame
from app.notebook import svg

ROOT = Path(__file__).resolve().parent.parent
TUTORIAL = ROOT / "docs" / "tutorial.ipynb"
SVG = "{http://www.w3.org/2000/svg}"


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)            # well-formed XML, or this raises
    assert root.tag == f"{SVG}svg"
    assert 60 < float(root.get("width")) < 700 and 60 < float(root.get("height")) < 1000
    return root


def _circles(root: ET.Element, fill: str) -> int:
    return sum(1 for c in root.iter(f"{SVG}circle") if c.get("fill") == fill)


def test_go_draws_its_stones_and_coordinates():
    g = GoGame(size=9)
    for vertex in ["E5", "C3", "D4"]:
        g.play(vertex)
    root = _parse(g._repr_svg_())
    assert _circles(root, "#111") == 2 and _circles(root, "#f8f8f8") == 1
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "J" in texts and "I" not in texts and "9" in texts
    assert any("White to move" in (t or "") for t in texts)


def test_every_game_draws_itself():
    m = MolinologGame(size=1, white="human")
    m.place("n", 1)
    m.place("s", 2)
    root = _parse(m._repr_svg_())
    assert _circles(root, "#111") == 1 and _circles(root, "#f8f8f8") == 1
    assert len(list(root.iter(f"{SVG}line"))) == len(m.view["edges"])

    r = GorogoGame(white="human")
    r.henge(2, 2)
    r.place(0, 0)
    root = _parse(r._repr_svg_())
    assert len(list(root.iter(f"{SVG}path"))) == 1           # the Henge's black half
    assert _circles(root, "#111") == 1

    a = AzulGame(("human", "greedy"), seed=7)
    root = _parse(a._repr_svg_())
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Player 1" in texts and "Player 2" in texts and "Player 0" not in texts and "centre" in texts


def test_drawing_reads_only_the_view():
    """The same view JSON draws the same picture, with no game and no Prolog at hand."""
    g = GoGame(size=5)
    g.play("C3")
    view = json.loads(json.dumps(g.view))
    assert svg("go", view) == g._repr_svg_()


def test_status_text_is_escaped():
    view = {"board": ["--", "--"], "captures": {"b": 0, "w": 0},
            "status": {"en": "<script>&"}, "to_move": "b", "result": None}
    _parse(svg("go", view))


def test_a_bad_state_draws_nothing_and_says_why():
    from app.games import Game, InvalidRequest

    g = Game.restore("go", {"size": 9}, [], "foo(1)")
    assert g._repr_svg_() is None
    with pytest.raises(InvalidRequest) as err:
        g.view
    assert err.value.code == "bad_state" and "not a state of go" in err.value.message


# ---------------------------------------------------------------- the tutorial


@pytest.fixture
def kernel_env(tmp_path, monkeypatch):
    """A "python3" kernelspec that runs this very interpreter (the venv's), found first."""
    spec = tmp_path / "jupyter" / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "Python 3 (tablero venv)",
        "language": "python",
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("JUPYTER_PLATFORM_DIRS", "1")
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    monkeypatch.delenv("TABLERO_PROLOG_THREAD", raising=False)


def _outputs(nb, tag: str) -> list[dict]:
    cells = [c for c in nb.cells if tag in c.get("metadata", {}).get("tags", [])]
    assert len(cells) == 1, tag
    return cells[0]["outputs"]


def _text(outputs: list[dict]) -> str:
    parts = []
    for out in outputs:
        if out["output_type"] == "stream":
            parts.append(out["text"])
        elif "data" in out:
            parts.append(out["data"].get("text/plain", ""))
    return "".join(parts)


def _svgs(outputs: list[dict]) -> list[str]:
    return [out["data"]["image/svg+xml"] for out in outputs
            if "data" in out and "image/svg+xml" in out["data"]]


@pytest.mark.timeout(240)
def test_tutorial_runs_clean(kernel_env):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    nb = nbformat.read(TUTORIAL, as_version=4)
    started = time.monotonic()
    nbclient.NotebookClient(
        nb, kernel_name="python3", timeout=120, allow_errors=False,
        resources={"metadata": {"path": str(ROOT / "docs")}},
    ).execute()
    took = time.monotonic() - started

    errors = [out for cell in nb.cells if cell.cell_type == "code"
              for out in cell["outputs"] if out["output_type"] == "error"]
    assert errors == []
    assert took < 90, f"the tutorial took {took:.0f} s"

    board = _text(_outputs(nb, "go-print"))
    assert "A B C D E F G H J" in board and " 5 . . . . X . . . . 5" in board
    assert len(_svgs(_outputs(nb, "go-svg"))) == 1
    refused = _text(_outputs(nb, "go-refused"))
    assert "E5: occupied:" in refused and "Z9:" in refused
    capture = _outputs(nb, "go-capture")
    assert "{'b': 1, 'w': 0}" in _text(capture) and len(_svgs(capture)) == 1

    assert "6 legal points for White" in _text(_outputs(nb, "query-count"))
    assert _text(_outputs(nb, "query-max")) == "[{'X': 1}, {'X': 2}, {'X': 3}]"
    values = _text(_outputs(nb, "query-values"))
    assert "Term('f(_A, \"text\", [a, _B], _A)')" in values and "Var('_A')" in values
    assert "player b\nplayer w\n" in values
    errors_shown = _text(_outputs(nb, "query-errors"))
    assert "PrologSyntaxError - Syntax error" in errors_shown
    assert "PrologRefused - query() refuses halt" in errors_shown

    played = _text(_outputs(nb, "molinolog-play"))
    assert played.count("machine: {'kind': 'place'") == 2 and "nw" in played
    assert len(_svgs(_outputs(nb, "molinolog-svg"))) == 1
    assert "8 mills; the first: [Term('(nw, 1)'), Term('(n, 1)'), Term('(ne, 1)')]" in _text(
        _outputs(nb, "molinolog-mills"))
    assert len(_svgs(_outputs(nb, "gorogo-azul"))) == 2


def test_tutorial_is_stored_without_outputs():
    """Kept clean in git: outputs come from running it, never from the file."""
    nb = json.loads(TUTORIAL.read_text())
    assert all(not c.get("outputs") and not c.get("execution_count")
               for c in nb["cells"] if c["cell_type"] == "code")
