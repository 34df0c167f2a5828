"""The revisions, oldest first (a package only so that installs ship them; Alembic reads the
files itself and skips this one)."""
