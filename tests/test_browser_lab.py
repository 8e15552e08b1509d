"""A student's Molinolog lab played in Debian's Chromium: `tablero lab molinolog FILE.pl`
runs tests/students/molinolog/molinolog.pl unmodified with our graficos.pl, and a person
plays it by clicking points on the page (placements, a mill and its capture, the
machine's answers drawn), answers its gr_pregunta/3 dialog, and closes the page."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from app import confine

from .conftest import free_port, open_page

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(confine.problem() is not None, reason="no confinement here")]

ROOT = Path(__file__).resolve().parent.parent
LAB = ROOT / "tests" / "students" / "molinolog"

#  Black's clicks on a board of size 2 against the lab's machine (minimax_depth 2, which
#  plays the same answers every time): White's threats are blocked on (nw,1), (se,1),
#  (n,3) and (e,3); (ne,3) then threatens (nw,3) and (se,3) at once, and (se,3) closes
#  ne3-e3-se3.  White answers n1, ne1, e1, n2, e2, s1, sw1.
PLACEMENTS = [("nw", 2), ("se", 2), ("nw", 1), ("se", 1), ("n", 3), ("e", 3), ("ne", 3)]
MILL = ("se", 3)


class LabServer:
    def __init__(self, folder: Path, db: Path, idle: int):
        self.file = folder / "molinolog.pl"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        tablero = Path(sys.executable).with_name("tablero")
        self.proc = subprocess.Popen(
            [str(tablero), "lab", "molinolog", str(self.file), "--port", str(self.port),
             "--idle", str(idle), "--db", str(db)],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        deadline = time.monotonic() + 40
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("tablero lab did not answer within 40 s")

    def labs(self) -> list[int]:
        """The pids of this server's lab processes (swipl running the lab's driver on this
        test's copy of the file)."""
        found = []
        for pid in os.listdir("/proc"):
            if not pid.isdigit():
                continue
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if b"molinolog_lab:lab_main" in cmd and f"--student={self.file}".encode() in cmd \
                    and cmd[0].endswith(b"swipl"):
                found.append(int(pid))
        return found

    def stop(self):
        os.killpg(self.proc.pid, 15)
        self.proc.wait(timeout=30)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("lab")
    shutil.copy(LAB / "molinolog.pl", folder / "molinolog.pl")
    shutil.copy(LAB / "graficos.pl", folder / "graficos.pl")   # the course's: never loaded
    live = LabServer(folder, folder / "lab.db", idle=4)
    yield live
    live.stop()


def piece(page, point):
    return page.locator(f'#board [data-point="{point[0]},{point[1]}"]')


def pieces(page, colour):
    return page.locator(f'#board .molinolog-point[data-piece="{colour}"]')


def test_a_person_plays_the_lab_and_its_dialog(browser, server):
    from playwright.sync_api import expect

    page = open_page(browser, server, timeout_ms=20_000)
    other = None
    try:
        page.goto("/lab/molinolog")
        expect(page.locator("#status")).to_have_text("Jugador negro, colocar 9 fichas")
        expect(page.locator("#lab-buttons button")).to_have_text(["Reiniciar", "Salir"])
        expect(page.locator("#lab-state")).to_have_text("The program waits for your click.")
        for n, point in enumerate(PLACEMENTS, start=1):
            piece(page, point).click()
            expect(piece(page, point)).to_have_attribute("data-piece", "b")
            expect(pieces(page, "w")).to_have_count(n)          # the machine's answer, drawn
            expect(page.locator("#status")).to_have_text(f"Jugador negro, colocar {9 - n} fichas")
        expect(piece(page, ("sw", 1))).to_have_attribute("data-piece", "w")
        #  The mill: the program marks its three pieces (gr_ficha seleccion) and asks for
        #  the capture in its status line.
        piece(page, MILL).click()
        expect(page.locator("#status")).to_have_text("Jugador negro, capturar")
        expect(page.locator("#board .molinolog-is-selected")).to_have_count(3)
        for point in (("ne", 3), ("e", 3), ("se", 3)):
            expect(piece(page, point)).to_have_class(
                "molinolog-point molinolog-is-selected")
        piece(page, ("sw", 1)).click()
        expect(piece(page, ("sw", 1))).not_to_have_attribute("data-piece", "w")
        expect(page.locator("#status")).to_have_text("Jugador negro, colocar 1 fichas")
        expect(pieces(page, "w")).to_have_count(7)     # 7 placed, one captured, one answer
        expect(pieces(page, "b")).to_have_count(8)
        expect(page.locator("#board .molinolog-is-selected")).to_have_count(0)

        #  A second person's page runs a lab of its own: nothing of the first shows there.
        other = open_page(browser, server, timeout_ms=20_000)
        other.goto("/lab/molinolog")
        expect(other.locator("#status")).to_have_text("Jugador negro, colocar 9 fichas")
        expect(other.locator("#board .molinolog-point")).to_have_count(24)
        expect(other.locator('#board .molinolog-point[data-piece="b"]')).to_have_count(0)
        expect(other.locator('#board .molinolog-point[data-piece="w"]')).to_have_count(0)
        assert len(server.labs()) == 2

        #  Reiniciar asks with gr_pregunta/3: a modal dialog, answered by typing and OK.
        page.get_by_role("button", name="Reiniciar", exact=True).click()
        dialog = page.locator("#lab-dialog")
        expect(dialog).to_be_visible()
        expect(page.locator("#lab-dialog-text")).to_have_text("¿Reiniciar la partida? (si/no)")
        expect(page.locator("#lab-dialog-answer")).to_be_focused()
        page.locator("#lab-dialog-answer").fill("si")
        dialog.get_by_role("button", name="OK").click()
        expect(dialog).to_be_hidden()
        expect(page.locator("#status")).to_have_text("Jugador negro, colocar 9 fichas")
        expect(pieces(page, "b")).to_have_count(0)
        expect(pieces(page, "w")).to_have_count(0)
        #  The keyboard reaches a point too: Enter on (n,1) places there.
        piece(page, ("n", 1)).focus()
        page.keyboard.press("Enter")
        expect(piece(page, ("n", 1))).to_have_attribute("data-piece", "b")
        expect(pieces(page, "w")).to_have_count(1)
        #  Salir asks with gr_opciones/4: Escape closes it without an answer (the call
        #  fails and the game goes on); "Sí" ends the program.
        page.get_by_role("button", name="Salir", exact=True).click()
        expect(page.locator("#lab-dialog-text")).to_have_text("¿Abandonar la partida?")
        expect(dialog.get_by_role("button")).to_have_text(["Sí", "No"])
        expect(page.locator("#lab-dialog-answer")).to_be_hidden()
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(page.locator("#lab-state")).to_have_text("The program waits for your click.")
        piece(page, ("s", 1)).click()
        expect(piece(page, ("s", 1))).to_have_attribute("data-piece", "b")
        expect(pieces(page, "w")).to_have_count(2)
        page.get_by_role("button", name="Salir", exact=True).click()
        dialog.get_by_role("button", name="Sí").click()
        expect(page.locator("#lab-state")).to_have_text("The program has ended.")
        expect(page.locator("#board")).to_be_hidden()
        expect(page.locator("#lab-buttons button")).to_have_count(0)
        assert page.errors == [] and other.errors == []
    finally:
        page.context.close()
        if other is not None:
            other.context.close()
    #  Both pages went away: their programs are ended (at once on pagehide, else after
    #  the idle time of 4 s).
    deadline = time.monotonic() + 15
    while server.labs() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert server.labs() == []
