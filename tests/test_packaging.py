"""Packaging: the engine and titles run with msgspec alone, the extras and constraints.txt
agree with pyproject.toml, the wheel declares py.typed, the command line names a missing
extra, and the slow tests carry their markers."""

from __future__ import annotations

import re
import subprocess
import sys
import textwrap
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

from crisis.extras import EXTRAS, MissingExtra, extra_for, needs

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())
PROJECT = PYPROJECT["project"]
#: Distributions whose import name differs from their name.
IMPORT_NAMES = {
    "argon2-cffi": "argon2",
    "open-spiel": "pyspiel",
    "psycopg-pool": "psycopg_pool",
    "sqlalchemy": "sqlalchemy",
    "stable-baselines3": "stable_baselines3",
    "sb3-contrib": "sb3_contrib",
    "swagger-ui-bundle-v2": "swagger_ui_bundle",
}

# Any top-level module outside the standard library, crisis and msgspec cannot be imported:
# a core module that grows a third-party import fails here.
CORE_ONLY = textwrap.dedent(
    """
    import importlib.abc, random, sys

    ALLOWED = set(sys.stdlib_module_names) | {"crisis", "msgspec"}

    class Refuse(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] not in ALLOWED:
                raise ModuleNotFoundError(f"blocked: {name}", name=name)
            return None

    sys.meta_path.insert(0, Refuse())
    try:
        import typer  # noqa: F401
    except ModuleNotFoundError:
        pass
    else:
        raise SystemExit("the blocker let typer through")
    """
)


def _python(code: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120
    )


def _requirements() -> dict[str, list[Requirement]]:
    """pyproject's requirements by extra ("" for the core)."""
    groups = {"": PROJECT["dependencies"], **PROJECT["optional-dependencies"]}
    return {name: [Requirement(r) for r in reqs] for name, reqs in groups.items()}


def _constraints() -> dict[str, str]:
    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            name, sep, version = line.partition("==")
            assert sep, f"constraints.txt: not an exact pin: {line!r}"
            pins[canonicalize_name(name)] = version
    return pins


def test_engine_and_titles_play_with_only_the_core_dependency() -> None:
    code = CORE_ONLY + textwrap.dedent(
        """
        from crisis.ai import get_bot
        from crisis.engine.match import Match
        from crisis.games import TITLES, get_title
        played = []
        for name in TITLES:
            title = get_title(name)
            rules = title.rules
            state = rules.setup(3, {"players": 3})
            rng = random.Random(3)
            steps = 0
            while rules.result(state) is None and steps < 400:
                role = rules.active(state)[0]
                rules.apply(state, role, rng.choice(rules.actions(state, role)))
                steps += 1
            played.append((name, steps))
        assert all(steps > 50 for _, steps in played), played
        print("played", played)
        """
    )
    run = _python(code)
    assert run.returncode == 0, run.stderr
    assert "played" in run.stdout
    # Nothing outside the core was imported on the way (the blocker would have raised).
    assert "blocked" not in run.stderr


def test_the_blocker_catches_a_third_party_import() -> None:
    """The check above can fail: importing the command line needs typer, which is blocked."""
    run = _python(CORE_ONLY + "import crisis.cli\n")
    assert run.returncode != 0
    assert "blocked: typer" in run.stderr


def test_only_msgspec_is_a_core_dependency() -> None:
    assert [r.name for r in _requirements()[""]] == ["msgspec"]
    assert set(PROJECT["optional-dependencies"]) == {
        "cli",
        "server",
        "sim",
        "ray",
        "rl",
        "train",
        "all",
        "docs",
        "dev",
    }


def test_requirements_are_ranges_and_all_means_every_extra() -> None:
    for group, reqs in _requirements().items():
        for req in reqs:
            if req.name == "crisis":
                continue
            ops = {spec.operator for spec in req.specifier}
            assert "==" not in ops and ">=" in ops and "<" in ops, (group, str(req))
    (everything,) = _requirements()["all"]
    assert everything.name == "crisis"
    assert everything.extras == set(EXTRAS)


def test_constraints_pin_every_named_dependency_within_its_range() -> None:
    pins = _constraints()
    for group, reqs in _requirements().items():
        for req in reqs:
            if req.name == "crisis":
                continue
            name = canonicalize_name(req.name)
            assert name in pins, f"constraints.txt lacks {req.name} (extra {group or 'core'})"
            assert req.specifier.contains(Version(pins[name]), prereleases=True), (
                f"constraints.txt pins {req.name}=={pins[name]} outside {req.specifier}"
            )


def test_constraints_have_no_local_version_tags() -> None:
    """``torch==2.13.0``, not ``2.13.0+cpu``: the pin must resolve from the public index."""
    pins = _constraints()
    assert pins["torch"] == "2.13.0"
    assert not [n for n, v in pins.items() if "+" in v]


def test_the_extras_table_matches_pyproject() -> None:
    """crisis.extras names, for each extra, the modules its distributions install."""
    groups = _requirements()
    for extra, modules in EXTRAS.items():
        names = {
            IMPORT_NAMES.get(canonicalize_name(r.name), canonicalize_name(r.name))
            for r in groups[extra]
            if r.name != "crisis"
        }
        assert names == set(modules), extra


def test_py_typed_ships_in_the_wheel() -> None:
    assert (ROOT / "src" / "crisis" / "py.typed").is_file()
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert "py.typed" in data["crisis"]


def test_every_data_file_in_the_package_is_declared_package_data() -> None:
    """A file the package reads at run time (a page, the map, a card list) that no
    package-data pattern names would be missing from an installed wheel."""
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    src = ROOT / "src"
    missing = []
    for path in sorted((src / "crisis").rglob("*")):
        if not path.is_file() or path.suffix in (".py", ".pyc") or "__pycache__" in path.parts:
            continue
        package_dir = path.parent
        while not (package_dir / "__init__.py").is_file():
            package_dir = package_dir.parent
        package = ".".join(package_dir.relative_to(src).parts)
        inner = path.relative_to(package_dir)
        if not any(inner.match(pattern) for pattern in data.get(package, [])):
            missing.append(str(path.relative_to(src)))
    assert missing == []


def test_the_console_script_does_not_need_the_cli_extra_to_start() -> None:
    assert PROJECT["scripts"]["crisis"] == "crisis.entry:main"


def test_needs_names_the_extra_and_passes_other_errors_through() -> None:
    hint = re.escape("pip install 'crisis[server]'")
    with pytest.raises(MissingExtra, match=hint), needs("crisis serve"):
        raise ModuleNotFoundError("No module named 'fastapi.routing'", name="fastapi.routing")
    with pytest.raises(ModuleNotFoundError) as info, needs("crisis serve"):
        raise ModuleNotFoundError("No module named 'nothing_of_ours'", name="nothing_of_ours")
    assert not isinstance(info.value, MissingExtra)
    assert extra_for("pyspiel") == "rl" and extra_for("torch.nn") == "train"
    assert extra_for("msgspec") is None


@pytest.mark.parametrize(
    ("blocked", "argv", "extra"),
    [
        ("typer", ["play"], "cli"),
        ("fastapi", ["serve"], "server"),
        ("websockets", ["loadtest", "--tables", "1"], "server"),
    ],
)
def test_the_command_line_names_the_missing_extra(
    blocked: str, argv: list[str], extra: str
) -> None:
    code = (
        f"import sys; sys.modules[{blocked!r}] = None; sys.argv = ['crisis', *sys.argv[1:]]\n"
        "from crisis.entry import main; main()\n"
    )
    run = _python(code, *argv)
    assert run.returncode == 1, (run.stdout, run.stderr)
    assert f"pip install 'crisis[{extra}]'" in run.stderr
    assert "Traceback" not in run.stderr


def test_not_slow_leaves_out_the_marked_tests() -> None:
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-o",
            "addopts=",
            "-q",
            "-m",
            "not slow",
            "-p",
            "no:xdist",
            "tests/test_fuzz.py",
            "tests/web/test_browser.py",
            "tests/ai/test_sim.py",
            "tests/ai/test_bots.py",
            "tests/server/test_crash.py",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    kept = run.stdout
    assert "test_fuzz.py::test_same_seed_same_games" in kept
    assert "test_random_games_keep_every_invariant" not in kept
    assert "tests/web/" not in kept
    assert "test_ray_backend_on_a_local_instance" not in kept
    assert "test_wilson_interval_known_values" in kept
    # Strength matches and load runs are slow too; the rest of their files stays quick.
    assert "test_consul_beats_balanced_against_three_senate_bots" not in kept
    assert "test_registry_names_the_bots" in kept
    assert "tests/server/test_crash.py" not in kept


def test_the_quick_suite_runs_each_database_test_on_sqlite_only() -> None:
    """``make test-quick`` leaves out the PostgreSQL runs of the quick tests (marked
    ``postgresql`` from their parameter) and keeps every SQLite run; ``make test`` runs both."""
    argv = [sys.executable, "-m", "pytest", "--collect-only", "-o", "addopts=", "-q"]
    argv += ["-p", "no:xdist", "tests/server/test_move_write.py", "tests/server/test_migrations.py"]
    quick = subprocess.run(
        [*argv, "-m", "not slow and not postgresql"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    every = subprocess.run(
        [*argv, "-m", "not slow"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert quick.returncode == 0 and every.returncode == 0, quick.stdout + every.stdout
    assert "postgresql]" in every.stdout and "postgresql]" not in quick.stdout
    assert "-postgresql]" in every.stdout  # a parametrized backend among other parameters
    on_sqlite = {line for line in every.stdout.splitlines() if line.endswith("sqlite]")}
    assert on_sqlite and on_sqlite <= set(quick.stdout.splitlines())
