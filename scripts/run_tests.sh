#!/usr/bin/env bash
# Installs whatever is missing (tests need GNU Go and Chromium too), then runs every test:
# the plunit files beside the Prolog modules, then pytest.
#   ./scripts/run_tests.sh --fast   every rule, API and storage property in about two
#                                   minutes: no browsers, peers, benchmarks, servers started
#                                   or long machine games (tests/conftest.py marks them slow)
TABLERO_SETUP=test source "$(dirname "$0")/setup.sh"
fast=()
if [ "${1:-}" = "--fast" ]; then shift; fast=(-m "not browser and not peer and not slow and not bench"); fi
echo "== plunit (prolog/*.plt)"
if [ "${#fast[@]}" -gt 0 ]; then swipl -q prolog/run_tests.pl -- --fast; else swipl -q prolog/run_tests.pl; fi
echo "== pytest"
exec .venv/bin/python -m pytest -q -p no:cacheprovider "${fast[@]}" "$@"
