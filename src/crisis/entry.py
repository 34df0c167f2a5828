"""The ``crisis`` console script: the command line if its extra is installed, else one line
saying which extra to install (the engine and titles do not need typer or rich)."""

from __future__ import annotations

import sys

from crisis.extras import MissingExtra, needs


def main() -> None:
    """Run :data:`crisis.cli.app`, or exit 1 naming the missing extra."""
    try:
        with needs("the crisis command line"):
            from crisis.cli import app
    except MissingExtra as exc:
        sys.stderr.write(f"crisis: {exc}\n")
        raise SystemExit(1) from None
    app()


if __name__ == "__main__":  # pragma: no cover
    main()
