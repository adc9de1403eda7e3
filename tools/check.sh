#!/usr/bin/env bash
# Install what is needed, then run everything the project checks:
# ruff (lint and format), mypy --strict, import-linter (the layer contracts) and pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
REFMANAGER_EXTRAS=dev bash tools/setup.sh
export QT_QPA_PLATFORM=offscreen
echo "== ruff";          .venv/bin/ruff check refmanager tests benchmarks tools
echo "== ruff format";   .venv/bin/ruff format --check refmanager tests benchmarks tools
echo "== mypy --strict"; .venv/bin/mypy
echo "== import-linter"; .venv/bin/lint-imports --no-cache
echo "== import cycles"; .venv/bin/python tools/check_cycles.py
echo "== pytest";        .venv/bin/pytest -q -p no:cacheprovider "$@"
# The window again on a real X server (Xvfb, Qt's xcb platform, as on a Linux desktop):
# offscreen alone does not load the xcb plugin and its libraries.
if [ $# -eq 0 ]; then
    echo "== pytest tests/gui under Xvfb (QT_QPA_PLATFORM=xcb)"
    QT_QPA_PLATFORM=xcb xvfb-run --auto-servernum --server-args="-screen 0 1920x1080x24" \
        .venv/bin/pytest -q -p no:cacheprovider tests/gui
fi
