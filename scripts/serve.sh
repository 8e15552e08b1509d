#!/usr/bin/env bash
# Installs whatever is missing, then serves Tablero (default http://127.0.0.1:5000/).
# Settings: TABLERO_HOST, TABLERO_PORT, TABLERO_WORKERS, TABLERO_DB (see README).
source "$(dirname "$0")/setup.sh"
exec .venv/bin/tablero serve "$@"
