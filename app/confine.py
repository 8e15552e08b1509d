"""Confinement: how Tablero runs Prolog it did not write.

Five paths run other people's Prolog: the console (a goal typed on a page,
app/console.py), a student's rules served beside ours (`tablero serve --rules`,
app/student_rules.py), the grader (`tablero grade`, app/grade.py), a student's
machine in a tournament (`tablero tournament`, app/tournament.py) and a student's
Molinolog lab (`tablero lab`, app/lab.py).  Each runs
its `swipl` in a child process started by `popen()` below, which puts it in a
box made by Debian's bubblewrap (`bwrap`) before the first instruction of
`swipl` runs:

- **its own user, PID, network, IPC, UTS and cgroup namespaces**: it runs as
  `nobody` (65534) with no capabilities, sees only its own processes, and has
  no network at all (only a loopback device that nothing listens on);
- **an empty environment** (`--clearenv`; LANG only): no secret, no
  `TABLERO_DB`, no database password reaches it;
- **a file system of its own**: `/usr` read-only (the programs and SWI-Prolog's
  library), the Prolog it needs read-only (our `prolog/` folder, a student's
  one file), a fresh empty `/tmp`, and, for the grader only, one writable
  folder for its results.  The project's other files, the database, `/etc`,
  `/root`, `/home` are not there;
- **no new processes**: a seccomp filter (a few classic-BPF instructions
  assembled here) refuses fork, vfork and every clone that does not make a
  thread, so `shell/1`, `process_create/3` or `fork/1` fail with EPERM.
  Threads still work (SWI-Prolog's console runs each query in one);
- **it dies with its tree**: `--die-with-parent` and the PID namespace: when
  the `bwrap` process we started is killed, the box's first process gets
  SIGKILL and the kernel kills everything else in the namespace with it;
- **resource limits** (prlimit, inherited through every exec): address
  space, CPU seconds, file size, no core files.

library(sandbox) inside the Prolog stays the first wall (it refuses
`shell/1` with a reason a student can read); this box is the second, for
whatever the library lets through.  There is no switch to run without it:
`UnconfinedError` says what to install when `bwrap` is missing or cannot make
its namespaces.
"""

from __future__ import annotations

import atexit
import os
import platform
import shutil
import struct
import subprocess
import tempfile
from pathlib import Path

NOBODY = 65534
from .paths import PROLOG_DIR  # noqa: E402  (our Prolog, read-only)

#  seccomp_data: nr at 0, arch at 4, instruction pointer at 8, args[i] at 16 + 8i
#  (little-endian: the low 32 bits of args[0], clone's flags, at 16).
_LD_ABS, _JEQ, _JGE, _JSET, _RET = 0x20, 0x15, 0x35, 0x45, 0x06
_ALLOW = 0x7FFF0000
_KILL = 0x80000000           # SECCOMP_RET_KILL_PROCESS
_EPERM = 0x00050000 | 1      # SECCOMP_RET_ERRNO | EPERM
_ENOSYS = 0x00050000 | 38    # glibc's pthread_create falls back from clone3 to clone
CLONE_THREAD = 0x00010000

#  machine -> (AUDIT_ARCH_*, {syscall: number}) for the calls the filter looks at.
_ARCHES = {
    "x86_64": (0xC000003E, {"clone": 56, "fork": 57, "vfork": 58, "clone3": 435}),
    "aarch64": (0xC00000B7, {"clone": 220, "clone3": 435}),
}


class UnconfinedError(Exception):
    """Code we did not write cannot be confined here (why, and what to install)."""


def _program(arch: int, calls: dict[str, int]) -> bytes:
    """The filter: another architecture is killed; on x86_64 the x32 calls are refused;
    fork and vfork refused; clone3 answers ENOSYS; clone is allowed only for a thread."""
    ops: list[tuple] = []          # (code, jt, jf, k) with jt/jf as labels or offsets

    def emit(code, k, jt=0, jf=0):
        ops.append((code, jt, jf, k))

    emit(_LD_ABS, 4)
    emit(_JEQ, arch, 1, 0)                       # the right architecture: skip the kill
    emit(_RET, _KILL)
    emit(_LD_ABS, 0)
    if "fork" in calls:                          # x86_64: the x32 ABI's numbers
        emit(_JGE, 0x40000000, "eperm", 0)
        emit(_JEQ, calls["fork"], "eperm", 0)
        emit(_JEQ, calls["vfork"], "eperm", 0)
    emit(_JEQ, calls["clone3"], "enosys", 0)
    emit(_JEQ, calls["clone"], "clone", 0)
    emit(_RET, _ALLOW)
    labels = {"clone": len(ops)}
    emit(_LD_ABS, 16)
    emit(_JSET, CLONE_THREAD, "allow", "eperm")
    labels["allow"] = len(ops)
    emit(_RET, _ALLOW)
    labels["eperm"] = len(ops)
    emit(_RET, _EPERM)
    labels["enosys"] = len(ops)
    emit(_RET, _ENOSYS)

    out = bytearray()
    for i, (code, jt, jf, k) in enumerate(ops):
        jt = labels[jt] - i - 1 if isinstance(jt, str) else jt
        jf = labels[jf] - i - 1 if isinstance(jf, str) else jf
        out += struct.pack("=HBBI", code, jt, jf, k)
    return bytes(out)


def seccomp_program() -> bytes:
    """The filter for this machine's architecture (UnconfinedError on another)."""
    machine = platform.machine()
    if machine not in _ARCHES:
        raise UnconfinedError(f"no process filter for this machine ({machine}): code we did "
                              "not write is only run on x86_64 and aarch64")
    return _program(*_ARCHES[machine])


def bwrap_path() -> str:
    found = shutil.which("bwrap")
    if not found:
        raise UnconfinedError("bubblewrap is not installed: code we did not write runs only "
                              "inside it (apt-get install bubblewrap)")
    return found


def _root() -> bool:
    return os.geteuid() == 0


_STAGED: dict[tuple, Path] = {}
_STAGE_DIR: list[str] = []


def _stage_base() -> None:
    base = tempfile.mkdtemp(prefix="tablero-box-")
    os.chmod(base, 0o755)
    _STAGE_DIR.append(base)
    atexit.register(shutil.rmtree, base, True)


def _stage_folder() -> Path:
    """A new folder under this process's staging folder, readable by nobody."""
    if not _STAGE_DIR:
        _stage_base()
    target = Path(tempfile.mkdtemp(dir=_STAGE_DIR[0]))
    os.chmod(target, 0o755)
    return target


def _staged(path: Path) -> Path:
    """A copy of `path` (a file or a folder) that user nobody can read, made once per
    process and version of it: run as root, the box is entered as nobody, who cannot
    reach a clone under /root.  Shown inside at the original path all the same."""
    path = Path(path)
    stat = path.stat()
    key = (str(path), stat.st_mtime_ns, stat.st_size)
    found = _STAGED.get(key)
    if found is not None and found.exists():
        return found
    target = _stage_folder()
    target = target / path.name
    if path.is_dir():
        shutil.copytree(path, target, ignore=shutil.ignore_patterns("__pycache__", "*.db*"))
        for folder, dirs, files in os.walk(target):
            os.chmod(folder, 0o755)
            for name in files:
                os.chmod(os.path.join(folder, name), 0o644)
    else:
        shutil.copyfile(path, target)
        os.chmod(target, 0o644)
    _STAGED[key] = target
    return target


PROLOG_SUFFIXES = (".pl", ".pro", ".prolog", ".plt", ".qlf")


def student_folder(file: Path, root: Path | None = None,
                   replace: dict[str, Path] | None = None) -> Path:
    """A staged folder holding a student's file and the Prolog files beside it (a solution
    split over modules loads its siblings by relative paths), to be shown read-only at
    the file's own folder: nothing else of that folder (a teacher's home, other files)
    enters the box.  With `root` (a folder or an unzipped repository holding the file),
    the Prolog files of the whole tree under `root` are staged at their relative paths,
    to be shown at `root`.  `replace` ({file name: our file}) puts our file in the folder
    in place of the student's of that name (matched without case), which is never
    copied: the Molinolog lab's graficos.pl.  Made once per process and version of the
    files."""
    file = Path(file).resolve()
    base = Path(root).resolve() if root else file.parent
    if root:
        found = []
        for folder, dirs, files in os.walk(base):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__MACOSX")
            for name in sorted(files):
                p = Path(folder, name)
                if (p.suffix.lower() in PROLOG_SUFFIXES and p.is_file()
                        and not p.is_symlink() and p.stat().st_size <= 4 << 20):
                    found.append(p)
            if len(found) > 500:
                break
        siblings = found[:500]
    else:
        siblings = sorted(p for p in base.iterdir()
                          if p.is_file() and p.suffix.lower() in PROLOG_SUFFIXES
                          and p.stat().st_size <= 4 << 20)
    if file not in siblings:
        siblings.append(file)
    replace = {name.lower(): Path(ours) for name, ours in (replace or {}).items()}
    siblings = [p for p in siblings if p.parent != file.parent or p.name.lower() not in replace]
    key = ("folder", str(base), tuple((str(p.relative_to(base)), p.stat().st_mtime_ns,
                                       p.stat().st_size) for p in siblings),
           tuple(sorted((name, str(ours), ours.stat().st_mtime_ns)
                        for name, ours in replace.items())))
    found = _STAGED.get(key)
    if found is not None and found.exists():
        return found
    target = _stage_folder()
    for p in siblings:
        dest = target / p.relative_to(base)
        for parent in reversed(dest.relative_to(target).parents[:-1]):
            (target / parent).mkdir(exist_ok=True)
            os.chmod(target / parent, 0o755)
        shutil.copyfile(p, dest)
        os.chmod(dest, 0o644)
    for name, ours in replace.items():
        dest = target / file.parent.relative_to(base) / ours.name
        shutil.copyfile(ours, dest)
        os.chmod(dest, 0o644)
    _STAGED[key] = target
    return target


def writable_dir(prefix: str) -> tempfile.TemporaryDirectory:
    """A temporary folder the boxed process may write (its owner is nobody when we are
    root)."""
    folder = tempfile.TemporaryDirectory(prefix=prefix)
    if _root():
        os.chown(folder.name, NOBODY, NOBODY)
    return folder


def command(argv: list[str], *, read_only: list[Path] = (), writable: list[Path] = (),
            chdir: str = "/tmp", seccomp_fd: int | None = None,
            limits: dict[str, int] | None = None) -> list[str]:
    """The command line that runs `argv` in the box described in the module's docstring.
    `read_only` and `writable` are host paths shown at the same path inside (or, in
    `read_only`, pairs (source, shown as): student_folder()'s staging); `limits`
    prlimit's resources (as=bytes, cpu=seconds, fsize=bytes, nofile=n).  As root, the
    box is entered as user nobody (setpriv) and read-only paths are staged copies."""
    box = [bwrap_path(), "--unshare-all", "--uid", str(NOBODY), "--gid", str(NOBODY),
           "--die-with-parent", "--new-session", "--clearenv", "--setenv", "LANG", "C.UTF-8",
           "--ro-bind", "/usr", "/usr"]
    for link in ("bin", "lib", "lib64", "sbin"):
        if Path("/usr", link).exists():
            box += ["--symlink", f"usr/{link}", f"/{link}"]
    box += ["--proc", "/proc", "--dev", "/dev", "--tmpfs", "/tmp"]
    for path in read_only:
        if isinstance(path, tuple):              # (staged source, where it is shown)
            source, path = path
        else:
            source = _staged(Path(path)) if _root() else path
        box += ["--ro-bind", str(source), str(path)]
    for path in writable:
        box += ["--bind", str(path), str(path)]
    box += ["--chdir", chdir]
    if seccomp_fd is not None:
        box += ["--seccomp", str(seccomp_fd)]
    outer = []
    prlimit = shutil.which("prlimit")
    if prlimit:
        outer += [prlimit, *(f"--{name}={value}" for name, value in (limits or {}).items()),
                  "--core=0", "--"]
    if _root():
        setpriv = shutil.which("setpriv")
        if not setpriv:
            raise UnconfinedError("setpriv (util-linux) is missing: as root, code we did not "
                                  "write is run as user nobody through it")
        outer += [setpriv, f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups", "--"]
    return [*outer, *box, "--", *argv]


def popen(argv: list[str], *, read_only: list[Path] = (), writable: list[Path] = (),
          limits: dict[str, int] | None = None, **kwargs) -> subprocess.Popen:
    """Start `argv` confined (see command()); the rest as subprocess.Popen's.  The process
    is in a session of its own: kill() ends it and everything in its box."""
    program = seccomp_program()
    fd = os.memfd_create("tablero-seccomp", 0)
    try:
        os.write(fd, program)
        os.lseek(fd, 0, os.SEEK_SET)
        argv = command(argv, read_only=list(read_only), writable=list(writable),
                       seccomp_fd=fd, limits=limits)
        kwargs.setdefault("start_new_session", True)
        kwargs["pass_fds"] = (*kwargs.get("pass_fds", ()), fd)
        kwargs["env"] = {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
        return subprocess.Popen(argv, close_fds=True, **kwargs)
    finally:
        os.close(fd)


_CHECKED: dict[str, str | None] = {}


def problem() -> str | None:
    """Why nothing can be confined on this machine (bwrap missing, or it cannot make its
    namespaces here), or None; checked once per process."""
    if "result" in _CHECKED:
        return _CHECKED["result"]
    try:
        proc = popen(["/usr/bin/true"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        _, err = proc.communicate(timeout=20)
        result = None if proc.returncode == 0 else (
            "bubblewrap cannot make its namespaces here: "
            + (err.decode("utf-8", "replace").strip() or f"exit status {proc.returncode}"))
    except UnconfinedError as exc:
        result = str(exc)
    except (OSError, subprocess.TimeoutExpired) as exc:
        result = f"bubblewrap could not start: {exc}"
    _CHECKED["result"] = result
    return result


def kill(proc: subprocess.Popen) -> None:
    """Kill the box: its session's process group (bwrap), whose death takes the PID
    namespace and everything in it."""
    import signal

    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pass
