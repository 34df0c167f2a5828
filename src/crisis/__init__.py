"""crisis: play and study the board games of Rome's third-century crisis."""

__version__ = "0.1.0"
