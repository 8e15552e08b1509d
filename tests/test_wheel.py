"""Tablero as a library: a wheel built from this clone, installed into a fresh virtual
environment outside it, plays a Go game to its end and draws it from any directory (the
rules and the pages ship inside the package: app/paths.py); beside a user's own app.py, the
README's advice (python -P) works."""

from __future__ import annotations

import os
import shutil
import site
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

PLAY = r'''
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from app.go import GoGame          # first: beside a user's app.py, this is what fails
from app.notebook import svg

import app
from app import paths

venv = Path(sys.prefix).resolve()
assert Path(app.__file__).resolve().is_relative_to(venv), app.__file__
assert paths.PROLOG_DIR == Path(app.__file__).resolve().parent / "_prolog", paths.PROLOG_DIR
assert paths.STATIC_DIR == Path(app.__file__).resolve().parent / "_static", paths.STATIC_DIR

g = GoGame(size=5, white="machine")
for vertex in ["C3", "B3", "D3"]:
    if g.board[5 - int(vertex[1])]["ABCDE".index(vertex[0])] == "-":
        g.play(vertex)
    else:
        g.act(next(m for m in g.legal_moves if m["kind"] == "move"))
    if not g.over and g.to_move == "w":
        g.machine()
assert g.legal_moves and g.copy().position() == g.position()
for _ in range(80):                    # Black passes until the machine passes too
    if g.phase != "play":
        break
    g.machine() if g.view["machine_to_move"] else g.pass_()
assert g.phase == "scoring", g.phase
for _ in range(10):                    # both accept the proposed dead stones
    if g.over:
        break
    g.machine() if g.view["machine_to_move"] else g.accept()
assert g.over and g.result and g.result[0] in "BW" and "+" in g.result, g.result
picture = g.svg()
assert picture == svg("go", g.view)
root = ET.fromstring(picture)
assert root.tag == "{http://www.w3.org/2000/svg}svg"
assert sum(1 for c in root.iter("{http://www.w3.org/2000/svg}circle")) >= 3
Path("game.svg").write_text(picture)

client = app.create_app({"TESTING": True, "DATABASE": str(Path("games.db").resolve())}).test_client()
assert client.get("/").status_code == 200
assert client.get("/go").status_code == 200
created = client.post("/api/games", json={"game": "go", "options": {"size": 9}})
assert created.status_code == 201, created.status_code
print("result", g.result)
'''


def _run(argv, **kwargs) -> subprocess.CompletedProcess:
    done = subprocess.run(argv, capture_output=True, text=True, **kwargs)
    assert done.returncode == 0, f"{argv}:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    return done


@pytest.mark.slow
@pytest.mark.timeout(600)
def test_a_wheel_installed_elsewhere_plays_go_and_draws_it(tmp_path):
    if shutil.which("swipl") is None:
        pytest.skip("swipl is not installed")
    # 1. a wheel, built from a copy of the clone (the clone gets no build/ folder)
    source = tmp_path / "source"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for folder in ("app", "prolog", "static"):
        shutil.copytree(ROOT / folder, source / folder, ignore=ignore)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    wheels = tmp_path / "wheels"
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels),
          str(source)], timeout=300)
    (wheel,) = wheels.glob("tablero-*.whl")

    # 2. a fresh virtual environment outside the clone, the wheel installed by pip; the
    #    pinned third-party packages are this venv's (a .pth file: no download)
    venv = tmp_path / "venv"
    _run([getattr(sys, "_base_executable", sys.executable), "-m", "venv", "--without-pip",
          str(venv)], timeout=120)
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
          "--no-index", "--no-deps", str(wheel)], timeout=300)
    purelib = Path(subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()"
                                   "['purelib'])"], capture_output=True, text=True,
                                  check=True).stdout.strip())
    ours = [p for p in site.getsitepackages() if Path(p).is_dir()] or [sysconfig.get_paths()["purelib"]]
    (purelib / "clone_deps.pth").write_text("\n".join(ours) + "\n")
    assert (purelib / "app" / "_prolog" / "tablero.pl").is_file()
    assert (purelib / "app" / "_static" / "index.html").is_file()

    # 3. from another directory: a Go game to its end, drawn
    #  None of the tests' TABLERO_ settings but the Go machine's shorter turns (conftest.py:
    #  what it plays is checked, not how strong it is).
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")
           and (not k.startswith("TABLERO_") or k == "TABLERO_GO_THINK")}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "play.py").write_text(PLAY)
    done = _run([python, "play.py"], cwd=elsewhere, env=env, timeout=300)
    assert done.stdout.startswith("result ")
    assert (elsewhere / "game.svg").read_text().startswith("<svg")
    _run([venv / "bin" / "tablero", "--help"], cwd=elsewhere, env=env, timeout=120)

    # 4. beside a user's own app.py: the import fails as the README says, python -P works
    clash = tmp_path / "clash"
    clash.mkdir()
    (clash / "app.py").write_text("print('my own app')\n")
    (clash / "play.py").write_text(PLAY)
    failed = subprocess.run([python, "play.py"], cwd=clash, env=env, capture_output=True,
                            text=True, timeout=120)
    assert failed.returncode != 0 and "'app' is not a package" in failed.stderr, failed.stderr
    done = _run([python, "-P", "play.py"], cwd=clash, env=env, timeout=300)
    assert done.stdout.startswith("result ")
