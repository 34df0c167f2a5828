"""Bots for Time of Crisis: the faction heuristics and the ISMCTS search."""
