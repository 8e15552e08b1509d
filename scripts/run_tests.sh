#!/usr/bin/env bash
# Installs whatever is missing (tests need GNU Go and Chromium too), then runs every test:
# the plunit files beside the Prolog modules and pytest, side by side.
#   ./scripts/run_tests.sh --fast   every rule, API and storage property in about two
#                                   minutes: no browsers, peers, benchmarks, servers started
#                                   or long machine games (tests/conftest.py marks them slow)
#   ./scripts/run_tests.sh tests/test_api_go.py -k capture    pytest's own arguments
# pytest runs on TABLERO_TEST_WORKERS processes (pytest-xdist, default 2: this machine's
# cores), each test file whole on one of them (its server and browser are shared by its
# tests); TABLERO_TEST_WORKERS=0 runs pytest in one process.
TABLERO_SETUP=test source "$(dirname "$0")/setup.sh"
fast=()
plunit=(swipl -q prolog/run_tests.pl)
if [ "${1:-}" = "--fast" ]; then
  shift
  fast=(-m "not browser and not peer and not slow and not bench")
  plunit+=(-- --fast)
fi
workers="${TABLERO_TEST_WORKERS:-2}"
xdist=(-n "$workers")
[ "$workers" = 0 ] || xdist+=(--dist loadfile --no-loadscope-reorder)   # longest files first: tests/conftest.py

# plunit waits on nothing: it runs beside pytest, its report printed after pytest's.
plunit_log="$(mktemp)"
trap 'rm -f "$plunit_log"' EXIT
"${plunit[@]}" >"$plunit_log" 2>&1 &
plunit_pid=$!

echo "== pytest"
set +e
.venv/bin/python -m pytest -q -p no:cacheprovider --durations=20 "${xdist[@]}" "${fast[@]}" "$@"
pytest_status=$?
wait "$plunit_pid"
plunit_status=$?
set -e
echo "== plunit (prolog/*.plt)"
cat "$plunit_log"
if [ "$plunit_status" -ne 0 ]; then echo "plunit FAILED (exit $plunit_status)"; fi
if [ "$pytest_status" -ne 0 ]; then exit "$pytest_status"; fi
exit "$plunit_status"
