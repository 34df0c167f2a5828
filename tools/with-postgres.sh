#!/usr/bin/env bash
# Run a command (the tests) with a PostgreSQL server to test against:
#
#     bash tools/with-postgres.sh .venv/bin/pytest -n 2      (what `make test` runs)
#
# The server is the one at $CRISIS_TEST_POSTGRES (a SQLAlchemy URL, e.g.
# postgresql+psycopg://user@host:5432/postgres; default: 127.0.0.1:5432 as the current user)
# if it answers. Otherwise this starts a throwaway one for the run: Debian's `postgresql`
# package (installed with apt-get when missing, as tools/ensure-debian.sh installs
# Chromium; needs root or passwordless sudo), a new cluster in a temporary folder (initdb, run
# as the `postgres` user when we are root), trust authentication, on a free port of 127.0.0.1,
# stopped and deleted when the command ends. The command then runs with CRISIS_TEST_POSTGRES
# naming the server (tests/databases.py creates a database per test on it) and this script
# exits with the command's status. If no server can be had, the command still runs: the
# PostgreSQL tests then fail under CI (CI=true) and are skipped elsewhere, saying why.
#
# To try the throwaway path on a machine that has a server, point the variable at a port
# where nothing listens: CRISIS_TEST_POSTGRES=postgresql+psycopg://127.0.0.1:1/postgres.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
URL=${CRISIS_TEST_POSTGRES:-postgresql+psycopg://127.0.0.1:5432/postgres}
PY="$ROOT/.venv/bin/python"
[ -x "$PY" ] || PY=python3
say() { echo "with-postgres: $*" >&2; }

if [ $# -eq 0 ]; then
    say "usage: bash tools/with-postgres.sh COMMAND [ARG ...]"
    exit 2
fi

# Whether a PostgreSQL server answers at the SQLAlchemy URL $1 (logs in and runs SELECT 1).
answers() {
    "$PY" - "$1" <<'EOF' >/dev/null 2>&1
import sys

from sqlalchemy import NullPool, create_engine, text

engine = create_engine(sys.argv[1], poolclass=NullPool, connect_args={"connect_timeout": 5})
with engine.connect() as db:
    db.execute(text("SELECT 1"))
EOF
}

shown=$(echo "$URL" | sed -E 's#(://[^:/@]+):[^@]*@#\1:***@#')
if answers "$URL"; then
    say "testing against the PostgreSQL server at $shown"
    export CRISIS_TEST_POSTGRES="$URL"
    exec "$@"
fi
say "no PostgreSQL server answers at $shown: starting a throwaway one for this run"

SUDO=""
if [ "$(id -u)" != "0" ] && command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
fi
bindir() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }

start_cluster() {
    BIN=$(bindir)
    if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
        if [ "$(id -u)" != "0" ] && [ -z "$SUDO" ]; then
            say "PostgreSQL is not installed and we are not root: install Debian's postgresql"
            return 1
        fi
        if ! command -v apt-get >/dev/null 2>&1; then
            say "PostgreSQL is not installed and there is no apt-get here: install it by hand"
            return 1
        fi
        say "installing Debian's postgresql package"
        export DEBIAN_FRONTEND=noninteractive
        if ! { $SUDO apt-get update -qq &&
            $SUDO apt-get install -y -qq --no-install-recommends postgresql >/dev/null; }; then
            say "apt-get could not install postgresql"
            return 1
        fi
        BIN=$(bindir)
        if [ -z "$BIN" ] || [ ! -x "$BIN/initdb" ]; then
            say "postgresql is installed but no /usr/lib/postgresql/*/bin/initdb was found"
            return 1
        fi
    fi
    # initdb and the server refuse to run as root: as root they run as the postgres user.
    AS=()
    if [ "$(id -u)" = "0" ]; then
        if ! id postgres >/dev/null 2>&1; then
            say "there is no postgres user to run the server as"
            return 1
        fi
        AS=(runuser -u postgres --)
    fi
    DIR=$(mktemp -d "${TMPDIR:-/tmp}/crisis-postgres.XXXXXX") || return 1
    chmod 755 "$DIR"
    [ ${#AS[@]} -eq 0 ] || chown postgres: "$DIR"
    PORT=$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    if ! "${AS[@]}" "$BIN/initdb" -D "$DIR/data" -U postgres -A trust -E UTF8 --no-locale \
        >"$DIR/initdb.log" 2>&1; then
        say "initdb failed:"
        tail -n 20 "$DIR/initdb.log" >&2
        return 1
    fi
    # fsync off: a throwaway cluster need not survive a power cut, and tests run faster.
    if ! "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w -t 60 \
        -o "-c listen_addresses=127.0.0.1 -p $PORT -k $DIR -c fsync=off -c max_connections=200" \
        start >/dev/null; then
        say "the server did not start:"
        tail -n 20 "$DIR/server.log" >&2
        return 1
    fi
    STARTED=1
    URL="postgresql+psycopg://postgres@127.0.0.1:$PORT/postgres"
    if ! answers "$URL"; then
        say "the throwaway server at $URL does not answer"
        return 1
    fi
    say "PostgreSQL $("$BIN/postgres" --version | awk '{print $3}') at $URL (data in $DIR)"
}

stop_cluster() {
    trap '' PIPE  # a closed stderr must not stop the clean-up half way
    if [ "${STARTED:-0}" = "1" ]; then
        "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
            "${AS[@]}" "$BIN/pg_ctl" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1
    fi
    if [ -n "${DIR:-}" ]; then
        rm -rf "$DIR"
    fi
    if [ "${STARTED:-0}" = "1" ]; then
        say "stopped the throwaway server and deleted $DIR"
    fi
}

trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
if ! start_cluster; then
    say "running without PostgreSQL: its tests fail under CI and are skipped elsewhere"
fi
export CRISIS_TEST_POSTGRES="$URL"
"$@"
status=$?
exit $status
