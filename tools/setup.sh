#!/usr/bin/env bash
# Install everything refmanager needs on a fresh Debian machine:
# the system libraries Qt needs (apt-get, as root or through sudo), then a virtual
# environment in .venv with refmanager and its Python dependencies from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(libegl1 libgl1 libx11-6 libxkbcommon0 libfontconfig1 libglib2.0-0 libdbus-1-3
              fonts-dejavu-core poppler-utils)
# The clients the round-trip tests run our exports through (tests/formats/test_clients.py):
# for development, and always in CI.
if [[ "${REFMANAGER_EXTRAS:-}" == *dev* || -n "${CI:-}" ]]; then
    APT_PACKAGES+=(pandoc biber texlive-binaries texlive-base)
fi
missing=()
for pkg in "${APT_PACKAGES[@]}"; do
    dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
    if [ "$(id -u)" -eq 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else SUDO="none"; fi
    if [ "$SUDO" = "none" ]; then
        echo "setup: please install these Debian packages as root: ${missing[*]}" >&2
    else
        echo "setup: installing Debian packages: ${missing[*]}"
        $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install -y -qq \
            --no-install-recommends "${missing[@]}" >/dev/null
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
extras="${REFMANAGER_EXTRAS:-}"
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extras:+-$extras}"
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v '^WARNING: Location' || true
    if ! .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}" >.venv/pip-install.log 2>&1; then
        cat .venv/pip-install.log >&2
        echo "setup: installing refmanager's Python packages failed (log above)" >&2
        exit 1
    fi
    .venv/bin/python -c "import refmanager, pypdf, PySide6.QtPdf" # fail loudly if the install did not work
    touch "$stamp"
fi
