#!/usr/bin/env bash
# Installs whatever Tablero is missing, then returns. Sourced by serve.sh and run_tests.sh.
# GNU Go is installed for serving too: a Go seat can be GNU Go's (app/gnugo_seat.py).
#   TABLERO_SETUP=test  also installs what the tests need (Chromium, PostgreSQL, pytest,
#                       Playwright). The PostgreSQL tests start a throw-away cluster of their own
#                       (tests/pg.py); Debian's default cluster is neither needed nor touched.
# Debian packages go in through apt-get when we are root or have password-less sudo;
# otherwise we stop and print the exact command to run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# One setup at a time: two servers started together (see README, "Running on several hosts")
# would otherwise both run apt-get or pip into the same .venv. Released at the end.
if command -v flock >/dev/null; then exec {setup_lock}<"$ROOT/pyproject.toml"; flock "$setup_lock"; fi

apt_packages=(swi-prolog-nox gnugo bubblewrap)
if [ "${TABLERO_SETUP:-}" = test ]; then apt_packages+=(chromium postgresql nginx); fi
python_bin="${PYTHON:-python3}"
if ! "$python_bin" -c 'import ensurepip, venv' 2>/dev/null; then apt_packages+=(python3-venv); fi

missing=()
for pkg in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "tablero: installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then SUDO=(); elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then SUDO=(sudo -n); else
    echo "tablero: these Debian packages are missing. Run this, then run me again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${SUDO[@]}" apt-get update -qq
  "${SUDO[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! "$python_bin" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
  echo "tablero: Python 3.11 or newer is needed; $python_bin is $("$python_bin" --version)" >&2
  exit 1
fi
[ -x .venv/bin/python ] || "$python_bin" -m venv .venv
extras=""; [ "${TABLERO_SETUP:-}" = test ] && extras="[test]"
stamp=".venv/.tablero-installed$extras"
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
  echo "tablero: installing Python packages into .venv"
  .venv/bin/python -m pip install -q --disable-pip-version-check -e ".$extras"
  touch "$stamp"
fi
if [ -n "${setup_lock:-}" ]; then flock -u "$setup_lock"; exec {setup_lock}<&-; unset setup_lock; fi
