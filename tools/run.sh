#!/usr/bin/env bash
# Install what is needed, then open refmanager on the default library.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh
exec .venv/bin/refmanager "$@"
