#!/usr/bin/env bash
# Run the test suite with a CPU-burning process on each core beside it, several times in a
# row, to check that the tests stay green on a busy machine (no test may depend on how fast
# the machine is). Regenerates nothing; the lead runs it before a release and writes its
# result in CONTRIBUTING.md.
#
#   bash tools/test-under-load.sh                 # the whole suite (as `make test`), 3 runs
#   RUNS=1 bash tools/test-under-load.sh -m "not slow"    # the quick suite once
#
# Arguments go to pytest (default: -n 2, as `make test`). Each run goes through
# tools/with-postgres.sh, so the database tests run on SQLite and PostgreSQL. The burners
# (one per core, at normal priority, as other work on a shared machine would be) stop when
# the script ends, however it ends. It stops at the first failed run and exits with its
# status; the last line says how many runs passed and how long each took.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
RUNS=${RUNS:-3}
PYTEST=${PYTEST:-"$ROOT/.venv/bin/pytest"}
CORES=$(nproc)
if [ $# -eq 0 ]; then
    set -- -n 2
fi

burners=()
stop_burners() {
    for pid in "${burners[@]}"; do
        kill "$pid" 2>/dev/null
    done
    wait 2>/dev/null
}
trap stop_burners EXIT INT TERM

for _ in $(seq "$CORES"); do
    # A busy loop in its own process: one core's worth of competition.
    python3 -c 'while True: pass' &
    burners+=("$!")
done
echo "test-under-load: $CORES burners running (pids ${burners[*]}); $RUNS runs of pytest $*" >&2

times=()
for run in $(seq "$RUNS"); do
    start=$(date +%s)
    bash "$ROOT/tools/with-postgres.sh" "$PYTEST" "$@"
    status=$?
    took=$(( $(date +%s) - start ))
    times+=("${took}s")
    if [ "$status" -ne 0 ]; then
        echo "test-under-load: run $run of $RUNS FAILED (status $status) after ${took}s; passed before it: ${times[*]:0:$((run - 1))}" >&2
        exit "$status"
    fi
    echo "test-under-load: run $run of $RUNS passed in ${took}s" >&2
done
echo "test-under-load: all $RUNS runs passed beside $CORES burners: ${times[*]}" >&2
