"""The lobby: tables made and found over HTTP (creation, "Your games", rematch, replays,
hints), open games, invitations, lessons and the coach. Its routes call the play core
(:mod:`crisis.server.play`) for everything done to a table.
"""
