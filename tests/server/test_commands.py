"""The ``crisis serve`` and ``crisis loadtest`` commands."""

from __future__ import annotations

import json
import time
import urllib.request
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crisis.cli import app
from crisis.devtools import loadtest
from tests.databases import Database

runner = CliRunner()


def test_serve_lists_its_options() -> None:
    result = runner.invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--database", "--bot-delay", "--forwarded-allow-ips"):
        assert option in result.output


def test_help_keeps_long_examples_whole_at_80_columns() -> None:
    """A terminal of 80 columns reads each option's help whole: the mail server's example
    address is printed in full, not cut off with an ellipsis."""
    result = runner.invoke(app, ["serve", "--help"], terminal_width=80, env={"COLUMNS": "80"})
    assert result.exit_code == 0
    assert "smtp://user:secret@mail.example:587" in result.output
    assert "…" not in result.output
    assert max(len(line) for line in result.output.splitlines()) <= 80


@pytest.mark.load
def test_a_small_load_test_reports_its_figures() -> None:
    result = runner.invoke(app, ["loadtest", "--tables", "2", "--duration", "3", "--think", "0.1"])
    assert result.exit_code == 0, result.output
    for measure in ("actions per second", "p50 ms", "p95 ms", "p99 ms", "errors"):
        assert measure in result.output
    assert "server cpu ms per action" in result.output
    assert "client cpu ms per action" in result.output
    assert "machine busy percent" in result.output


def test_the_load_test_stays_on_this_machine() -> None:
    for url in ("http://10.0.0.5:8000", "http://example.com", "http://192.168.1.2"):
        with pytest.raises(ValueError):
            loadtest.check_loopback(url)
    loadtest.check_loopback("http://127.0.0.1:8000")
    loadtest.check_loopback("http://[::1]:8000")
    result = runner.invoke(app, ["loadtest", "--tables", "5000"])
    assert result.exit_code != 0


@pytest.mark.load
def test_the_load_test_measures_a_plain_server(db: Database) -> None:
    """``crisis serve`` with no special flags: 40 simulated people at 10 tables, more than one
    address may open connections or tables, each from its own loopback address."""
    port = loadtest.free_port()
    proc = loadtest.start_server(db.url, port)
    try:
        figures = loadtest.run(10, duration=6, think=0.05, url=f"http://127.0.0.1:{port}")
    finally:
        proc.terminate()
        proc.wait(10)
    assert figures["errors"] == 0 and figures["actions"] > 20
    assert figures["error_kinds"] == "-"
    assert figures["clients"] == 40 > 16  # past the per-address connection cap
    assert figures["connected"] == 40


@pytest.mark.load
def test_the_load_test_lets_people_connect_before_it_measures() -> None:
    """People connect one after another over the ramp; the measured seconds start after it
    (so a 1,000-table run measures a busy site, not 4,000 connections opened at once)."""
    began = time.monotonic()
    figures = loadtest.run(3, duration=2, think=0.05, ramp=3)
    assert time.monotonic() - began >= 5
    assert figures["ramp_seconds"] == 3 and figures["seconds"] == 2
    assert figures["connected"] == figures["served"] == figures["clients"] == 12
    # Measured from the ramp's end (how long the server took past it is the machine's
    # business, bounded by the run's own give-up, so no wall-time bound here).
    assert figures["settle_seconds"] >= 0
    # Each person's wait is split in two: the connection's opening (a server too busy to
    # accept leaves it in the kernel's queue) and, once open, the first state.
    assert 0 < figures["open_p95_seconds"] <= figures["open_max_seconds"]
    assert 0 < figures["first_state_p95_seconds"] <= figures["first_state_max_seconds"]
    assert figures["actions"] > 0 and figures["errors"] == 0
    assert loadtest.default_ramp(1000, 4) == 20 and loadtest.default_ramp(2, 4) == 2
    with pytest.raises(ValueError, match="ramp"):
        loadtest.run(3, duration=2, ramp=-1)


@pytest.mark.load
@pytest.mark.timeout(120)
def test_a_load_test_that_fails_stops_its_people(monkeypatch: pytest.MonkeyPatch) -> None:
    """A failure in the measuring process (here: reading the server's CPU) ends the run with
    that error instead of leaving the client processes waiting for a start or an end that
    never comes (the pool waits for them on the way out)."""

    def broken(pids: list[int]) -> float:
        raise RuntimeError("no CPU figures here")

    monkeypatch.setattr(loadtest, "cpu_seconds", broken)
    # A run measuring for as long as a run may: only stopping its people at the error ends it
    # within the test's timeout.
    with pytest.raises(RuntimeError, match="no CPU figures"):
        loadtest.run(2, duration=loadtest.MAX_DURATION, think=0.05, ramp=0)


@pytest.mark.load
def test_the_load_test_spreads_tables_over_several_servers_and_measures_their_cpu(
    tmp_path: Path,
) -> None:
    ports = [loadtest.free_port(), loadtest.free_port()]
    procs = [
        loadtest.start_server(f"sqlite:///{tmp_path / f's{i}.db'}", port)
        for i, port in enumerate(ports)
    ]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    try:
        figures = loadtest.run(
            6, duration=3, think=0.05, url=urls, processes=2, server_pids=[p.pid for p in procs]
        )
        counts = []
        for url in urls:
            with urllib.request.urlopen(f"{url}/api/tables", timeout=60) as res:
                counts.append(len(json.loads(res.read())["tables"]))
    finally:
        for proc in procs:
            proc.terminate()
            proc.wait(10)
    assert counts == [3, 3]  # round robin
    assert figures["errors"] == 0 and figures["actions"] > 20
    assert figures["error_kinds"] == "-"
    assert figures["client_processes"] == 2
    assert 0 < figures["server_cpu_ms_per_action"] < 1000
    # The people's own processes are measured apart from the servers' (not mixed in).
    assert 0 < figures["client_cpu_ms_per_action"] < 1000
    assert 0 < figures["machine_busy_percent"] <= 100
