"""Shared parameters for the research adapters' tests: every title the adapters can run."""

from __future__ import annotations

from crisis.games import TITLES

#: Time of Crisis always; Rome in Crisis as soon as it is registered.
RL_TITLES = ["time_of_crisis"] + (["rome_in_crisis"] if "rome_in_crisis" in TITLES else [])
