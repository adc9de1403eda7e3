#!/usr/bin/env bash
# Install everything refmanager needs on a fresh Debian machine:
# the system libraries Qt needs (apt-get, as root or through sudo), then a virtual
# environment in .venv with refmanager and its Python dependencies from PyPI.
set -euo pipefail
cd "$(dirname "$0")/.."

# What Qt needs on a bare Debian machine, checked with `ldd` on the wheel's libraries
# (PySide6/Qt/plugins/platforms/libqxcb.so, lib/libQt6XcbQpa.so.6, lib/libQt6Pdf*.so.6):
# the core and offscreen libraries, one font for Latin text and one for Chinese, Japanese
# and Korean (a bare Debian has none that covers CJK: its text was drawn as empty boxes),
# then what the xcb platform plugin (the window on an X11 desktop, or under Xvfb) loads.
APT_PACKAGES=(libegl1 libgl1 libglx0 libglvnd0 libx11-6 libxkbcommon0 libfontconfig1
              libfreetype6 libglib2.0-0 libdbus-1-3 libgssapi-krb5-2 fonts-dejavu-core
              fonts-noto-cjk
              libx11-xcb1 libxkbcommon-x11-0 libxcb1 libxcb-cursor0 libxcb-icccm4 libxcb-image0
              libxcb-keysyms1 libxcb-randr0 libxcb-render0 libxcb-render-util0 libxcb-shape0
              libxcb-shm0 libxcb-sync1 libxcb-xfixes0 libxcb-xkb1 libxcb-glx0 libxcb-util1
              poppler-utils)
extras="${REFMANAGER_EXTRAS:-}"
# For development, and always in CI: the clients the round-trip tests run our exports
# through (tests/formats/test_clients.py), and an X server for the second run of the GUI
# tests (xcb, as on a desktop), and PostgreSQL for the shared-library tests
# (tests/pgcluster.py starts a throwaway cluster as the package's unprivileged `postgres`
# user when run as root; openssl makes the certificates of its TLS test).
if [[ "$extras" == *dev* || -n "${CI:-}" ]]; then
    APT_PACKAGES+=(pandoc biber texlive-binaries texlive-base xvfb xauth postgresql openssl)
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
        # another apt-get may hold the lock for a while: wait for it rather than fail
        $SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq
        DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 install \
            -y -qq --no-install-recommends "${missing[@]}" >/dev/null
    fi
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
stamp=".venv/.installed-$(sha256sum pyproject.toml | cut -c1-16)${extras:+-$extras}"
if [ ! -f "$stamp" ]; then
    .venv/bin/python -m pip install -q --upgrade pip 2>&1 | grep -v '^WARNING: Location' || true
    # A venv made before decision 0037 holds PySide6-Pdf 6.12, whose QtPdf files
    # PySide6-Addons 6.11.3 installs again: remove it so that no package owns them twice.
    if .venv/bin/python -m pip show -q PySide6-Pdf >/dev/null 2>&1; then
        .venv/bin/python -m pip uninstall -q -y PySide6-Pdf >/dev/null
    fi
    if ! .venv/bin/python -m pip install -q -e ".${extras:+[$extras]}" >.venv/pip-install.log 2>&1; then
        cat .venv/pip-install.log >&2
        echo "setup: installing refmanager's Python packages failed (log above)" >&2
        exit 1
    fi
    .venv/bin/python -c "import refmanager, pypdf, PySide6.QtPdf" # fail loudly if the install did not work
    touch "$stamp"
fi

# The window needs Qt's xcb platform plugin on an X11 desktop: say what is still missing
# (a machine where the Debian packages above could not be installed).
xcb_plugin=$(.venv/bin/python -c "import pathlib, PySide6; print(pathlib.Path(PySide6.__file__).parent / 'Qt/plugins/platforms/libqxcb.so')")
if [ -f "$xcb_plugin" ] && command -v ldd >/dev/null; then
    absent=$(ldd "$xcb_plugin" | awk '/not found/ {print $1}' | sort -u | tr '\n' ' ')
    if [ -n "$absent" ]; then
        echo "setup: the window cannot start on an X11 desktop until these libraries are installed: $absent" >&2
    fi
fi

# A launcher on the user's PATH, so that `refmanager ...` works as the README writes it
# (REFMANAGER_NO_LAUNCHER=1 skips it; a `refmanager` there that is not ours is left alone).
if [ -z "${REFMANAGER_NO_LAUNCHER:-}" ] && [ -n "${HOME:-}" ]; then
    bindir="${XDG_BIN_HOME:-$HOME/.local/bin}"
    launcher="$bindir/refmanager"
    mark="refmanager launcher written by tools/setup.sh"
    if [ ! -e "$launcher" ] || grep -q "$mark" "$launcher" 2>/dev/null; then
        if mkdir -p "$bindir" 2>/dev/null; then
            printf '#!/bin/sh\n# %s (checkout: %s)\nexec "%s" "$@"\n' \
                "$mark" "$PWD" "$PWD/.venv/bin/refmanager" >"$launcher.tmp.$$"
            chmod 755 "$launcher.tmp.$$"
            mv -f "$launcher.tmp.$$" "$launcher"
        fi
    fi
    case ":${PATH:-}:" in
        *":$bindir:"*) ;;
        *) echo "setup: refmanager is in $bindir; add it to your PATH (or run .venv/bin/refmanager)" ;;
    esac
fi
