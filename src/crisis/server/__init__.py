"""Web play: the lobby, live tables over websockets, bots on the server, replays.

``crisis serve`` runs :func:`crisis.server.app.serve`; :func:`create_app` builds the ASGI app.
"""

from crisis.server.app import DEFAULT_DATABASE, create_app, serve

__all__ = ["DEFAULT_DATABASE", "create_app", "serve"]
