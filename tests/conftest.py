"""Shared fixtures: the Flask app on a temporary database, and a live server."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from app import create_app

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app(tmp_path):
    return create_app({"TESTING": True, "DATABASE": str(tmp_path / "tablero.db")})


@pytest.fixture
def client(app):
    return app.test_client()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LiveServer:
    """`tablero serve` in its own process group, on a free port, with its own database."""

    def __init__(self, db: Path, workers: int = 2):
        self.db, self.workers = db, workers
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> "LiveServer":
        tablero = Path(sys.executable).with_name("tablero")
        env = {**os.environ, "TABLERO_DB": str(self.db)}
        self.proc = subprocess.Popen(
            [str(tablero), "serve", "--port", str(self.port), "--workers", str(self.workers)],
            env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/api/games", timeout=2).read()
                return self
            except OSError:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"tablero serve exited with {self.proc.returncode}")
                time.sleep(0.2)
        raise RuntimeError("tablero serve did not answer within 30 s")

    def kill(self, sig: int = 9) -> None:
        """Signal the whole process group (master and workers)."""
        if self.proc and self.proc.poll() is None:
            os.killpg(self.proc.pid, sig)
            self.proc.wait(timeout=30)


@pytest.fixture
def live_server(tmp_path):
    server = LiveServer(tmp_path / "live.db").start()
    yield server
    server.kill(15)
