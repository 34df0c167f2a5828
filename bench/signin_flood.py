"""Moves on the tables while sign-in is attacked: a table's move p95 with and without
``--attackers`` addresses hammering ``POST /api/account/signin`` at their limits, in one run.

    PYTHONPATH=src .venv/bin/python bench/signin_flood.py --tables 20 --seconds 20

One ``crisis serve`` process (``python -m crisis.server``, a fresh SQLite file, the real
Argon2id costs) on loopback. First ``crisis loadtest``'s simulated people play ``--tables``
tables for ``--seconds`` seconds with nobody attacking (the baseline); then the same again
while each attacker, from a loopback address of its own (127.9.0.N, apart from the people's
127.0.x.y), sends sign-ins as fast as the per-address limit lets it (its whole burst at
once, then one each time the bucket refills), each with a name nobody has and a wrong
password, so that every one of them asks for an Argon2id hash. The phases alternate
``--rounds`` times (a shared machine drifts). Printed: each phase's move p50/p95/p99, the
median p95 of each kind and their ratio, and what the attackers were answered (401: a hash was
spent; 503 ``busy``: the hash queue was full and the answer came at once; 429: the limit or
the hash budget, at once). ``--base SRC`` measures a previous version's source tree in the
same run, each round a fresh server of each version in turn:

    git -C /path/to/crisis archive 4d8ee3b src | tar -x -C /tmp/base
    PYTHONPATH=src .venv/bin/python bench/signin_flood.py --base /tmp/base/src
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from typing import Any

from crisis.devtools.loadtest import free_port, run, stop_server, wait_until_up
from crisis.server import limits


def attacker(
    base_port: int, source: str, stop: threading.Event, answers: Counter[str], cheap: bool
) -> None:
    """Sign-ins from ``source`` at the per-address limit until ``stop`` (``cheap``: bodies
    the server refuses before any work, to measure what the requests alone cost)."""
    per_second = limits.SIGNINS_PER_MINUTE / 60
    tokens = float(limits.SIGNINS_PER_MINUTE)
    stamp = time.monotonic()
    while not stop.is_set():
        now = time.monotonic()
        tokens = min(float(limits.SIGNINS_PER_MINUTE), tokens + (now - stamp) * per_second)
        stamp = now
        if tokens < 1:
            stop.wait((1 - tokens) / per_second)
            continue
        tokens -= 1
        body = json.dumps({"login": f"x{secrets.token_hex(6)}", "password": "guess 123456"})
        if cheap:
            body = json.dumps({"login": 5})
        conn = http.client.HTTPConnection(
            "127.0.0.1", base_port, timeout=60, source_address=(source, 0)
        )
        try:
            conn.request("POST", "/api/account/signin", body, {"Content-Type": "application/json"})
            res = conn.getresponse()
            res.read()
            answers[str(res.status)] += 1
        except OSError as exc:
            answers[type(exc).__name__] += 1
        finally:
            conn.close()


def start(database: str, port: int, src: str | None) -> subprocess.Popen[bytes]:
    """``python -m crisis.server`` on 127.0.0.1:``port`` from the source tree ``src`` (None:
    this one, as imported here); returns once it answers."""
    env = dict(os.environ)
    if src is not None:
        env["PYTHONPATH"] = src
    cmd = [sys.executable, "-m", "crisis.server", "--host", "127.0.0.1", "--port", str(port)]
    cmd += ["--database", database, "--log-level", "warning"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    wait_until_up(f"http://127.0.0.1:{port}", proc)
    return proc


def phases(
    label: str, src: str | None, args: argparse.Namespace, tmp: str
) -> tuple[dict[str, Any], dict[str, Any], Counter[str]]:
    """One round of one version: a fresh server, a quiet phase, then an attacked one."""
    port = free_port()
    proc = start(f"sqlite:///{os.path.join(tmp, f'{label}.db')}", port, src)
    answers: Counter[str] = Counter()
    try:
        common: dict[str, Any] = {
            "players": args.players,
            "duration": args.seconds,
            "think": args.think,
            "url": f"http://127.0.0.1:{port}",
            "server_pids": [proc.pid],
        }
        quiet = run(args.tables, **common)
        stop = threading.Event()
        threads = [
            threading.Thread(
                target=attacker,
                args=(port, f"127.9.0.{n + 1}", stop, answers, args.cheap),
                daemon=True,
            )
            for n in range(args.attackers)
        ]
        for thread in threads:
            thread.start()
        try:
            attacked = run(args.tables, **common)
        finally:
            stop.set()
            for thread in threads:
                thread.join(60)
    finally:
        stop_server(proc)
    return quiet, attacked, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think", type=float, default=1.0)
    parser.add_argument("--attackers", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3, help="quiet and attacked phases each")
    parser.add_argument(
        "--cheap", action="store_true", help="send refused bodies (no hash): the control"
    )
    parser.add_argument(
        "--base",
        help="the src folder of a previous version (e.g. `git archive` of main's src) to "
        "measure in the same run, its rounds alternating with this tree's",
    )
    args = parser.parse_args()
    versions: list[tuple[str, str | None]] = [("this", None)]
    if args.base:
        versions.insert(0, ("base", args.base))
    figures: dict[str, tuple[list[dict[str, Any]], list[dict[str, Any]], Counter[str]]] = {
        label: ([], [], Counter()) for label, _ in versions
    }
    with tempfile.TemporaryDirectory(prefix="crisis-flood-") as tmp:
        for n in range(args.rounds):  # alternating, so that the machine's drift is shared
            for label, src in versions:
                quiet, attacked, answers = phases(f"{label}{n}", src, args, tmp)
                figures[label][0].append(quiet)
                figures[label][1].append(attacked)
                figures[label][2].update(answers)
    print(
        f"tables {args.tables} x {args.players} people, {args.seconds:g} s a phase, "
        f"{args.attackers} attackers"
    )
    for label, src in versions:
        quiet_runs, attacked_runs, answers = figures[label]
        print(f"== {label} ({src or 'this tree'})")
        for n, (q, a) in enumerate(zip(quiet_runs, attacked_runs, strict=True)):
            for name, f in (("quiet", q), ("attacked", a)):
                print(
                    f"round {n + 1} {name:9} moves {f['actions']:5d}  "
                    f"p50 {f['p50_ms']:6.1f} ms  p95 {f['p95_ms']:6.1f} ms  "
                    f"p99 {f['p99_ms']:6.1f} ms  errors {f['errors']}  "
                    f"server CPU/move {f['server_cpu_ms_per_action']:.2f} ms"
                )
        shown = ", ".join(f"{k} {c}" for k, c in sorted(answers.items()))
        print(f"attackers' sign-ins answered: {shown}")
    print("version  median p95 quiet  median p95 attacked  ratio")
    for label, _ in versions:
        quiet_runs, attacked_runs, _answers = figures[label]
        p95_quiet = statistics.median(f["p95_ms"] for f in quiet_runs)
        p95_attacked = statistics.median(f["p95_ms"] for f in attacked_runs)
        print(
            f"{label:7}  {p95_quiet:12.1f} ms  {p95_attacked:15.1f} ms  "
            f"{p95_attacked / p95_quiet:5.2f}"
        )


if __name__ == "__main__":
    main()
