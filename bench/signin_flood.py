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
spent; 503 ``busy``: the hash queue was full and the answer came at once; 429: the limit).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import secrets
import statistics
import tempfile
import threading
import time
from collections import Counter
from typing import Any

from crisis.devtools.loadtest import free_port, run, start_server, stop_server
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
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="crisis-flood-") as tmp:
        port = free_port()
        proc = start_server(f"sqlite:///{os.path.join(tmp, 'flood.db')}", port)
        base = f"http://127.0.0.1:{port}"
        try:
            common: dict[str, Any] = {
                "players": args.players,
                "duration": args.seconds,
                "think": args.think,
                "url": base,
                "server_pids": [proc.pid],
            }
            quiet: list[dict[str, Any]] = []
            attacked: list[dict[str, Any]] = []
            answers: Counter[str] = Counter()
            for _ in range(args.rounds):  # alternating, so that the machine's drift is shared
                quiet.append(run(args.tables, **common))
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
                    attacked.append(run(args.tables, **common))
                finally:
                    stop.set()
                    for thread in threads:
                        thread.join(60)
        finally:
            stop_server(proc)
    print(f"tables {args.tables} x {args.players} people, {args.seconds:g} s a phase")
    for n, (q, a) in enumerate(zip(quiet, attacked, strict=True)):
        for name, figures in (("quiet", q), ("attacked", a)):
            print(
                f"round {n + 1} {name:9} moves {figures['actions']:5d}  "
                f"p50 {figures['p50_ms']:6.1f} ms  p95 {figures['p95_ms']:6.1f} ms  "
                f"p99 {figures['p99_ms']:6.1f} ms  errors {figures['errors']}  "
                f"server CPU/move {figures['server_cpu_ms_per_action']:.2f} ms"
            )
    p95_quiet = statistics.median(f["p95_ms"] for f in quiet)
    p95_attacked = statistics.median(f["p95_ms"] for f in attacked)
    print(
        f"median p95: quiet {p95_quiet:.1f} ms, attacked {p95_attacked:.1f} ms, "
        f"ratio {p95_attacked / p95_quiet:.2f}"
    )
    shown = ", ".join(f"{k} {n}" for k, n in sorted(answers.items()))
    print(f"{args.attackers} attackers' sign-ins answered: {shown}")


if __name__ == "__main__":
    main()
