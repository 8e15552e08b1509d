"""A throw-away PostgreSQL cluster for the tests and benchmarks: Debian's `postgresql`
binaries, a data directory and a unix socket in a temporary directory, a free port.

    cluster = Cluster().start()          # initdb + pg_ctl start (as `postgres` when root)
    url = cluster.new_database()         # postgresql://postgres@127.0.0.1:PORT/t_<hex>
    cluster.drop_database(url)
    cluster.stop()                       # pg_ctl stop -m immediate, directory removed

Debian's PostgreSQL refuses to run as root: as root, every server command runs as the
`postgres` user (runuser), which owns the temporary directory.  The cluster trusts local
connections (it listens on 127.0.0.1 and its own socket only) and runs with fsync off: it
is thrown away at the end, and the tests kill app servers, never PostgreSQL.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from pathlib import Path


def bindir() -> Path | None:
    """The newest /usr/lib/postgresql/<version>/bin holding initdb (Debian's layout), else
    the directory of an initdb on PATH."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"),
                   key=lambda p: int(Path(p).parent.parent.name))
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """One PostgreSQL server in a temporary directory."""

    def __init__(self, settings: dict[str, str] | None = None):
        self.bin = bindir()
        if self.bin is None:
            raise FileNotFoundError("PostgreSQL is not installed (no initdb): "
                                    "apt-get install postgresql")
        self.settings = {
            "listen_addresses": "127.0.0.1",
            "max_connections": "300",
            "fsync": "off",
            "full_page_writes": "off",
            "shared_buffers": "64MB",
            **(settings or {}),
        }
        self.port = free_port()
        self.dir: Path | None = None
        self.started = False

    @property
    def as_root(self) -> bool:
        return os.geteuid() == 0

    def _run(self, *args: str, check: bool = True, timeout: float = 60) -> subprocess.CompletedProcess:
        command = [str(self.bin / args[0]), *args[1:]]
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, check=check,
                              timeout=timeout, stdin=subprocess.DEVNULL, cwd=self.dir)

    def start(self) -> "Cluster":
        # As root, in /tmp: the `postgres` user cannot pass through root's own temporary
        # directories (a TMPDIR under /root, pytest's 0700 ones).
        where = "/tmp" if self.as_root and os.path.isdir("/tmp") else None
        self.dir = Path(tempfile.mkdtemp(prefix="tablero-pg-", dir=where))
        if self.as_root:
            user = pwd.getpwnam("postgres")
            os.chown(self.dir, user.pw_uid, user.pw_gid)
        data, log = self.dir / "data", self.dir / "server.log"
        try:
            self._run("initdb", "-D", str(data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                      "--no-locale", "--no-sync", "--no-instructions")
            options = " ".join(f"-c {k}={v}" for k, v in self.settings.items())
            self._run("pg_ctl", "-D", str(data), "-l", str(log), "-w", "-t", "60",
                      "-o", f"-p {self.port} -k {self.dir} {options}", "start")
        except subprocess.CalledProcessError as exc:
            tail = log.read_text()[-2000:] if log.exists() else ""
            self.stop()
            raise RuntimeError(f"PostgreSQL did not start: {exc.stderr}\n{tail}") from None
        self.started = True
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def admin(self, sql: str) -> None:
        """Run one statement outside a transaction, as the superuser."""
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(sql)

    def new_database(self) -> str:
        """A new empty database; its URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        self.admin(f"CREATE DATABASE {name}")
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def pause(self) -> None:
        """Stop the server at once (an outage), keeping its data to start it again."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the paused server again, on the same port."""
        options = " ".join(f"-c {k}={v}" for k, v in self.settings.items())
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "server.log"),
                  "-w", "-t", "60", "-o", f"-p {self.port} -k {self.dir} {options}", "start")

    def stop(self) -> None:
        if self.dir is None:
            return
        if self.started:
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop",
                      check=False)
            self.started = False
        shutil.rmtree(self.dir, ignore_errors=True)
        self.dir = None

    def __enter__(self) -> "Cluster":
        return self.start()

    def __exit__(self, *exc) -> None:
        self.stop()


@contextlib.contextmanager
def app_on(database: str, **config):
    """A Flask app on this database (a SQLite path or a PostgreSQL URL); its live hub and
    its connections are let go at the end."""
    from app import create_app, live, storage

    app = create_app({"TESTING": True, "DATABASE": database, **config})
    try:
        yield app
    finally:
        live.stop(app)
        storage.close(app)
