#!/usr/bin/env bash
# Installs whatever is missing (tests need GNU Go and Chromium too), then runs every test:
# the plunit files beside the Prolog modules, then pytest.
TABLERO_SETUP=test source "$(dirname "$0")/setup.sh"
echo "== plunit (prolog/*.plt)"
swipl -q prolog/run_tests.pl
echo "== pytest"
exec .venv/bin/python -m pytest -q -p no:cacheprovider "$@"
