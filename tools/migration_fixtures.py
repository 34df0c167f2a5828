"""Write the databases tests/server/test_migrations.py upgrades: games played through the
server of crisis as it was before Alembic (c50798d), on SQLite and on PostgreSQL.

    git worktree add /tmp/base c50798d   # or any checkout of that commit
    .venv/bin/python tools/migration_fixtures.py /tmp/base \\
        [--postgres postgresql+psycopg://root@127.0.0.1:5432/postgres] [--out tests/server/data]

For each backend it starts that checkout's own server (``python -m crisis.server --database
URL --allow-seed --bot-delay 0``, with the checkout's ``src`` on PYTHONPATH and this
environment's Python and libraries: c50798d needs nothing newer than them), plays tables over
its HTTP API and websocket as people would, waits until no bot is left to move, records what
the server shows each seat, stops it (SIGINT: it checkpoints and closes), and keeps:

- ``c50798d.sqlite``: the SQLite file, VACUUMed;
- ``c50798d-postgresql.sql``: ``pg_dump --no-owner --no-privileges --inserts`` of a scratch
  database created for the run (``crisis_fixture_<random>``, dropped afterwards), without the
  psql-only ``\\restrict`` lines, so that any driver can execute it;
- ``c50798d-games.json``: per backend and table, what the server stored and showed: version,
  status, log length, hashes of the state, the log and each seat's view, legal actions and
  their labels, the seat tokens (to play on), notes and chat.

The tables, for each title: ``finished`` (a person and a ``random`` bot, a chosen seed, played
to the end over HTTP, with a note and chat), its ``rematch`` (in progress, the same secrets,
an action taken back),
``playing`` (two people and the title's default bot, the server's secret key, played partly
over the websocket and partly over HTTP, notes and chat from both) and, for Time of Crisis,
``resigned`` (a person who resigned after a few moves: finished outside the rules).
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import NullPool, create_engine, make_url, text
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
COMMIT = "c50798d"
TITLES = ("time_of_crisis", "rome_in_crisis")
DEFAULT_BOT = {"time_of_crisis": "balanced", "rome_in_crisis": "heuristic"}


def digest(value: Any) -> str:
    """sha256 of ``value``: of a string as it is, of anything else as canonical JSON."""
    data = value if isinstance(value, str) else canonical(value)
    return hashlib.sha256(data.encode()).hexdigest()


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class Server:
    """c50798d's server on ``url``, run from the checkout at ``base``."""

    def __init__(self, base: Path, url: str) -> None:
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        env = {**os.environ, "PYTHONPATH": str(base / "src")}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "crisis.server",
                "--database",
                url,
                "--allow-seed",
                "--bot-delay",
                "0",
                "--port",
                str(self.port),
                "--tables-per-minute",
                "1000",
                "--log-level",
                "warning",
            ],
            env=env,
            cwd=base,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        deadline = time.monotonic() + 60
        while True:
            try:
                self.get("/api/meta")
                break
            except OSError:
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the old server did not start") from None
                time.sleep(0.2)

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        self.proc.wait(60)

    def request(self, method: str, path: str, body: Any = None, token: str | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if token:
            headers["X-Seat-Token"] = token
        for _ in range(50):
            req = urllib.request.Request(self.base + path, data, headers, method=method)
            try:
                with urllib.request.urlopen(req, timeout=60) as res:
                    return json.loads(res.read())
            except urllib.error.HTTPError as exc:
                if exc.code != 429:  # rate-limited chat: wait and say it again
                    raise RuntimeError(f"{method} {path}: {exc.code} {exc.read()!r}") from exc
                time.sleep(1)
        raise RuntimeError(f"{method} {path}: still refused")

    def get(self, path: str, token: str | None = None) -> Any:
        return self.request("GET", path, token=token)

    def post(self, path: str, body: Any, token: str | None = None) -> Any:
        return self.request("POST", path, body, token)


def pick(actions: list[list[Any]], rng: random.Random) -> list[Any]:
    """A random legal action (not undo) that often ends the phase, so games finish (the
    choice tests/server/conftest.py's players make)."""
    legal = [a for a in actions if a[0] != "undo"]
    ends = [a for a in legal if a[0] in ("end_actions", "end_buy", "pass", "stay", "keep")]
    if ends and rng.random() < 0.3:
        return ends[0]
    return rng.choice(legal)


def settle(server: Server, table: str, humans: set[str]) -> dict[str, Any]:
    """Wait until the game is over or only people are to act (the bots have moved); returns
    the public state."""
    for _ in range(600):
        now = server.get(f"/api/tables/{table}/state")
        active = set(now["table"]["active"])
        if now["table"]["status"] == "finished" or (active and active <= humans):
            return dict(now)
        time.sleep(0.05)
    raise RuntimeError(f"table {table} did not settle")


def to_act(server: Server, table: str, tokens: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The seat of ``tokens`` that has something to do now and its state message."""
    for role, token in tokens.items():
        now = server.get(f"/api/tables/{table}/state?role={role}", token)
        if any(a[0] != "undo" for a in now["actions"]):
            return role, dict(now)
    raise RuntimeError(f"nobody of {sorted(tokens)} can act at {table}")


def play_http(
    server: Server, table: str, tokens: dict[str, str], rng: random.Random, limit: int
) -> int:
    """Play the seats of ``tokens`` over HTTP until the game ends or ``limit`` actions."""
    played = 0
    while played < limit:
        settle(server, table, set(tokens))
        if server.get(f"/api/tables/{table}")["status"] == "finished":
            break
        role, now = to_act(server, table, tokens)
        body = {"role": role, "action": pick(now["actions"], rng), "version": now["version"]}
        server.post(f"/api/tables/{table}/actions", body, tokens[role])
        played += 1
    return played


def play_ws(
    server: Server, table: str, role: str, token: str, name: str, rng: random.Random, limit: int
) -> None:
    """Join ``role`` over the websocket (hello with a name), chat, and play ``limit`` of its
    actions there, as the browser client does."""
    with connect(f"ws://127.0.0.1:{server.port}/ws/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "tokens": [token], "name": name}))
        welcome = json.loads(ws.recv(30))
        assert welcome["type"] == "welcome", welcome
        ws.send(json.dumps({"type": "chat", "role": role, "text": f"{name} is here. Ave!"}))
        played = 0
        while played < limit:
            settle(server, table, {role} | human_roles(server, table))
            now = server.get(f"/api/tables/{table}/state?role={role}", token)
            if now["table"]["status"] == "finished":
                return
            if not any(a[0] != "undo" for a in now["actions"]):
                return
            action = pick(now["actions"], rng)
            ws.send(
                json.dumps(
                    {"type": "act", "role": role, "action": action, "version": now["version"]}
                )
            )
            while True:
                msg = json.loads(ws.recv(30))
                if msg["type"] == "acted":
                    break
                if msg["type"] == "error":
                    raise RuntimeError(msg)
            played += 1


def undo_once(
    server: Server, table: str, tokens: dict[str, str], rng: random.Random, tries: int = 40
) -> None:
    """Play on until a seat may take its action back, and take it back (the log loses its
    last entry; the version still counts up)."""
    for _ in range(tries):
        for role, token in tokens.items():
            now = server.get(f"/api/tables/{table}/state?role={role}", token)
            undo = [a for a in now["actions"] if a[0] == "undo"]
            if undo:
                body = {"role": role, "action": undo[0], "version": now["version"]}
                server.post(f"/api/tables/{table}/actions", body, token)
                return
        play_http(server, table, tokens, rng, 1)
    raise RuntimeError(f"no undo came up at {table}")


def human_roles(server: Server, table: str) -> set[str]:
    seats = server.get(f"/api/tables/{table}")["seats"]
    return {s["role"] for s in seats if s["kind"] == "human"}


def seats(*kinds: str, title: str) -> list[dict[str, Any]]:
    names = iter(["Livia", "Marcus", "Julia", "Gaius"])
    out: list[dict[str, Any]] = []
    for kind in kinds:
        if kind == "human":
            out.append({"kind": "human", "name": next(names)})
        else:
            out.append({"kind": "bot", "bot": DEFAULT_BOT[title] if kind == "default" else kind})
    return out


def play(server: Server) -> dict[str, dict[str, Any]]:
    """Play the tables; returns, per label, the table id and the people's tokens."""
    rng = random.Random(50798)
    tables: dict[str, dict[str, Any]] = {}
    for title in TITLES:
        short = {"short_game": True} if title == "time_of_crisis" else {}
        # Finished: a person against a random bot, to the end, with a note and chat.
        made = server.post(
            "/api/tables",
            {
                "title": title,
                "seats": seats("human", "random", title=title),
                "options": short,
                "seed": 1234,
            },
        )
        table, tokens = made["table"]["id"], made["tokens"]
        (role,) = tokens
        server.request(
            "PUT",
            f"/api/tables/{table}/notes",
            {"role": role, "text": "Plan: hold Italia, then the East.\nNever trust blue."},
            tokens[role],
        )
        server.post(f"/api/tables/{table}/chat", {"role": role, "text": "Good luck!"}, tokens[role])
        play_http(server, table, tokens, rng, 100_000)
        assert server.get(f"/api/tables/{table}")["status"] == "finished"
        server.post(f"/api/tables/{table}/chat", {"role": role, "text": "gg ✓"}, tokens[role])
        tables[f"{title}/finished"] = {"id": table, "tokens": tokens}
        # Its rematch: the same seats and secrets, a few moves in.
        again = server.post(f"/api/tables/{table}/rematch", {}, tokens[role])
        play_http(server, again["id"], tokens, rng, 6)
        undo_once(server, again["id"], tokens, rng)
        tables[f"{title}/rematch"] = {"id": again["id"], "tokens": tokens}
        # In progress: two people (one on the websocket) and the title's default bot, on the
        # server's own secret key.
        made = server.post(
            "/api/tables",
            {
                "title": title,
                "seats": seats("human", "default", "human", title=title),
                "options": {},
            },
        )
        table, tokens = made["table"]["id"], made["tokens"]
        first, second = list(tokens)
        play_ws(server, table, first, tokens[first], "Livia on the web", rng, 12)
        play_http(server, table, tokens, rng, 25)
        for role in tokens:
            server.request(
                "PUT",
                f"/api/tables/{table}/notes",
                {"role": role, "text": f"{role}'s plans"},
                tokens[role],
            )
        server.post(
            f"/api/tables/{table}/chat", {"role": second, "text": "Your move."}, tokens[second]
        )
        settle(server, table, set(tokens))
        tables[f"{title}/playing"] = {"id": table, "tokens": tokens}
    # Resigned: a person leaves a game against a bot: it ends outside the rules.
    made = server.post(
        "/api/tables",
        {
            "title": "time_of_crisis",
            "seats": seats("military", "human", title="time_of_crisis"),
            "options": {"emperor_rules": True},
            "seed": 77,
        },
    )
    table, tokens = made["table"]["id"], made["tokens"]
    play_http(server, table, tokens, rng, 8)
    (role,) = tokens
    server.post(f"/api/tables/{table}/resign", {"role": role}, tokens[role])
    tables["time_of_crisis/resigned"] = {"id": table, "tokens": tokens}
    for entry in tables.values():
        settle(server, entry["id"], set(entry["tokens"]))
    return tables


def shown(server: Server, tables: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """What the server shows of each table: per seat (and the public), hashes of the view,
    the legal actions and their labels and greyed-out actions; notes; chat."""
    out: dict[str, dict[str, Any]] = {}
    for label, entry in tables.items():
        table, tokens = entry["id"], entry["tokens"]
        summary = server.get(f"/api/tables/{table}")
        roles = [s["role"] for s in summary["seats"]]
        views: dict[str, Any] = {}
        for role in [*roles, None]:
            if role is None:
                msg = server.get(f"/api/tables/{table}/state")
            elif role in tokens:
                msg = server.get(f"/api/tables/{table}/state?role={role}", tokens[role])
            else:
                continue  # a bot's seat: nobody holds its secret
            views["public" if role is None else role] = {
                "version": msg["version"],
                "view": digest(msg["view"]),
                "actions": msg["actions"],
                "labels": digest(msg["labels"]),
                "unavailable": digest(msg["unavailable"]),
            }
        notes = {
            role: server.get(f"/api/tables/{table}/notes/{role}", tokens[role])["text"]
            for role in tokens
        }
        chat = server.get(f"/api/tables/{table}/chat")["entries"]
        out[label] = {
            "id": table,
            "title": summary.get("title", label.partition("/")[0]),
            "tokens": tokens,
            "status": summary["status"],
            "seats": [
                {k: s.get(k) for k in ("role", "kind", "bot", "name", "joined", "resigned")}
                for s in summary["seats"]
            ],
            "views": views,
            "notes": notes,
            "chat": [{k: c[k] for k in ("n", "role", "name", "text")} for c in chat],
        }
    return out


def stored(url: str, out: dict[str, dict[str, Any]]) -> None:
    """Add what the database holds of each table: version, status, log length, hashes of the
    state and of the log, the active roles, the result and the rematch links."""
    engine = create_engine(url, poolclass=NullPool)
    with engine.connect() as db:
        for entry in out.values():
            row = (
                db.execute(text("SELECT * FROM games WHERE id = :id"), {"id": entry["id"]})
                .mappings()
                .one()
            )
            log = [
                [r.role, r.verb, json.loads(r.arg)]
                for r in db.execute(
                    text("SELECT role, verb, arg FROM actions WHERE game = :id ORDER BY n"),
                    {"id": entry["id"]},
                )
            ]
            entry.update(
                version=row["version"],
                status=row["status"],
                log_length=len(log),
                log=digest(log),
                state=digest(row["state"]),
                active=json.loads(row["active"]),
                result=json.loads(row["result"]) if row["result"] else None,
                rematch_of=row["rematch_of"],
                rematch=row["rematch"],
            )
    engine.dispose()


def record(base: Path, url: str) -> dict[str, Any]:
    server = Server(base, url)
    try:
        tables = play(server)
        out = shown(server, tables)
    finally:
        server.stop()
    stored(url, out)
    return out


@contextlib.contextmanager
def scratch_postgres(admin: str) -> Iterator[str]:
    """A database created for the run on the server of ``admin`` (dropped afterwards)."""
    server = make_url(admin)
    name = f"crisis_fixture_{secrets.token_hex(6)}"
    engine = create_engine(server, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    with engine.connect() as db:
        db.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with engine.connect() as db:
            db.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        engine.dispose()


def pg_dump(url: str, path: Path) -> None:
    """A plain-SQL dump of ``url``'s database that a driver can execute (no COPY, no psql
    meta-commands, no owners or grants)."""
    u = make_url(url)
    args = ["pg_dump", "--no-owner", "--no-privileges", "--inserts", "--dbname", u.database or ""]
    for flag, value in (("--host", u.host), ("--port", u.port), ("--username", u.username)):
        if value:
            args += [flag, str(value)]
    env = {**os.environ, **({"PGPASSWORD": u.password} if u.password else {})}
    dump = subprocess.run(args, check=True, capture_output=True, text=True, env=env).stdout
    lines = [line for line in dump.splitlines() if not line.startswith("\\")]
    path.write_text("\n".join(lines) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.partition("\n\n")[0])
    parser.add_argument("base", type=Path, help=f"a checkout of {COMMIT}")
    parser.add_argument(
        "--postgres",
        default="postgresql+psycopg://root@127.0.0.1:5432/postgres",
        help="SQLAlchemy URL of a PostgreSQL server's maintenance database",
    )
    parser.add_argument("--out", type=Path, default=ROOT / "tests" / "server" / "data")
    args = parser.parse_args()
    commit = subprocess.run(
        ["git", "-C", str(args.base), "rev-parse", "HEAD"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    if not commit.startswith(COMMIT):
        sys.exit(f"{args.base} is at {commit}, not {COMMIT}")
    args.out.mkdir(parents=True, exist_ok=True)
    games: dict[str, Any] = {"commit": commit}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "crisis.db"
        games["sqlite"] = record(args.base, f"sqlite:///{path}")
        con = sqlite3.connect(path)
        con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        con.execute("VACUUM")
        con.close()
        shutil.copyfile(path, args.out / f"{COMMIT}.sqlite")
    with scratch_postgres(args.postgres) as url:
        games["postgresql"] = record(args.base, url)
        pg_dump(url, args.out / f"{COMMIT}-postgresql.sql")
    (args.out / f"{COMMIT}-games.json").write_text(
        json.dumps(games, indent=1, ensure_ascii=False) + "\n"
    )
    for path in sorted(args.out.glob(f"{COMMIT}*")):
        print(f"{path}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
