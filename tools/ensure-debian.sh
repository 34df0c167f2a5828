#!/usr/bin/env bash
# Install the Debian packages the tests use when their programs are missing (`make test` runs
# this): Chromium for the browser tests, nginx for the balancer test. Each argument is
# PROGRAM=PACKAGE[,PACKAGE...]; the packages of every missing program go in one apt-get.
#
#     bash tools/ensure-debian.sh /usr/bin/chromium=chromium,fonts-dejavu-core /usr/sbin/nginx=nginx-light
#
# Needs root or passwordless sudo and a reachable Debian mirror; if the install cannot be done,
# it says so and exits 0, and the tests that need the program skip themselves (under CI=true
# the balancer test fails instead). PostgreSQL is tools/with-postgres.sh's.
set -u
say() { echo "ensure-debian: $*" >&2; }
missing=()
for pair in "$@"; do
    program=${pair%%=*}
    packages=${pair#*=}
    if [ ! -x "$program" ]; then
        missing+=(${packages//,/ })
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0
SUDO=""
if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
        SUDO="sudo -n"
    else
        say "${missing[*]} missing and we are not root; the tests that need them will skip"
        exit 0
    fi
fi
if ! command -v apt-get >/dev/null 2>&1; then
    say "no apt-get here; install ${missing[*]} by hand (the tests that need them will skip)"
    exit 0
fi
say "installing Debian's ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
if $SUDO apt-get update -qq && $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; then
    say "installed ${missing[*]}"
else
    say "apt-get could not install ${missing[*]}; the tests that need them will skip"
fi
exit 0
