#!/usr/bin/env bash
# Install Debian's Chromium for the browser tests when it is missing (`make test` runs this).
# Needs root or passwordless sudo and a reachable Debian mirror; if the install cannot be done,
# it says so and exits 0, and the browser tests skip themselves.
set -u
CHROMIUM=${CHROMIUM:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        echo "ensure-chromium: $CHROMIUM is missing and we are not root; browser tests will skip" >&2
        exit 0
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "ensure-chromium: no apt-get here; install Chromium by hand (browser tests will skip)" >&2
    exit 0
fi
echo "ensure-chromium: installing Debian's chromium package" >&2
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >/dev/null; then
    echo "ensure-chromium: $("$CHROMIUM" --version 2>/dev/null || echo installed)" >&2
else
    echo "ensure-chromium: apt-get could not install chromium; browser tests will skip" >&2
fi
exit 0
