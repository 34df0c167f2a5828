"""Which optional dependency group (a pip "extra") each part of crisis needs.

The engine and the titles need only msgspec. The command line, the web server, simulation
output, Ray, the research adapters and training each come with an extra of pyproject.toml;
this module names the extra that provides a missing module, so that the command line can
say ``pip install 'crisis[server]'`` instead of printing a traceback.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

#: Extra -> the top-level modules crisis imports from it (import names, not distribution
#: names: open-spiel installs ``pyspiel``).
EXTRAS: dict[str, tuple[str, ...]] = {
    "cli": ("typer", "rich"),
    "server": (
        "fastapi",
        "starlette",
        "pydantic",
        "uvicorn",
        "uvloop",
        "httptools",
        "websockets",
        "sqlalchemy",
        "alembic",
        "psycopg",
        "psycopg_pool",
        "pebble",
        "swagger_ui_bundle",
        "psutil",
        "argon2",
        "aiosmtplib",
        "openskill",
        "pywebpush",
    ),
    "sim": ("matplotlib", "pyarrow"),
    "ray": ("ray",),
    "rl": ("pettingzoo", "gymnasium", "pyspiel", "numpy"),
    # Training and the examples; tinyscaler is a module SuperSuit's wrappers import.
    "train": ("torch", "stable_baselines3", "sb3_contrib", "supersuit", "tinyscaler"),
}


class MissingExtra(ImportError):
    """A part of crisis was used without the extra that provides its dependencies."""

    def __init__(self, what: str, module: str, extra: str) -> None:
        self.what, self.module, self.extra = what, module, extra
        super().__init__(
            f"{what} needs {module}, which is not installed: pip install 'crisis[{extra}]'",
            name=module,
        )


def extra_for(module: str | None) -> str | None:
    """The extra that provides ``module`` (a dotted name is looked up by its top level)."""
    top = (module or "").partition(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules:
            return extra
    return None


@contextmanager
def needs(what: str) -> Iterator[None]:
    """Turn a ModuleNotFoundError for a module of an extra into :class:`MissingExtra`
    naming that extra; any other error passes through unchanged."""
    try:
        yield
    except ModuleNotFoundError as exc:
        extra = extra_for(exc.name)
        if extra is None:
            raise
        raise MissingExtra(what, str(exc.name).partition(".")[0], extra) from exc
