"""Where the games run: this process, a pool of worker processes, or a Ray cluster.

Every backend takes a list of :class:`GameSpec` and returns the records in the same order,
calling ``progress(done)`` as games finish, so results never depend on the backend.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any

from crisis.sim.runner import GameRecord, GameSpec, play_game

Progress = Callable[[int], None]


def default_jobs() -> int:
    """Every core this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def run_local(
    specs: list[GameSpec], jobs: int = 0, progress: Progress | None = None
) -> list[GameRecord]:
    """Play ``specs`` here (``jobs=1``) or on ``jobs`` worker processes (0: all cores)."""
    jobs = jobs or default_jobs()
    out: list[GameRecord | None] = [None] * len(specs)
    if jobs <= 1 or len(specs) <= 1:
        for i, spec in enumerate(specs):
            out[i] = play_game(spec)
            if progress:
                progress(i + 1)
        return [r for r in out if r is not None]
    done = 0
    with ProcessPoolExecutor(max_workers=min(jobs, len(specs))) as pool:
        pending: dict[Future[GameRecord], int] = {}
        queue = iter(enumerate(specs))
        # Keep a few games per worker in flight: enough to stay busy, few to cancel on ^C.
        for i, spec in queue:
            pending[pool.submit(play_game, spec)] = i
            if len(pending) >= 4 * jobs:
                break
        while pending:
            finished, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in finished:
                out[pending.pop(fut)] = fut.result()
                done += 1
                if progress:
                    progress(done)
                nxt = next(queue, None)
                if nxt is not None:
                    pending[pool.submit(play_game, nxt[1])] = nxt[0]
    return [r for r in out if r is not None]


def _play_dict(spec: GameSpec) -> dict[str, Any]:
    return play_game(spec).to_dict()


def ray_available() -> bool:
    """Whether Ray can be imported (``pip install 'crisis[ray]'``)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def run_ray(
    specs: list[GameSpec],
    address: str | None = None,
    jobs: int = 0,
    progress: Progress | None = None,
) -> list[GameRecord]:
    """Play ``specs`` as Ray tasks: on the cluster at ``address`` (``auto`` for the one this
    machine belongs to), or on a local Ray instance with ``jobs`` CPUs (0: all)."""
    try:
        import ray
    except ImportError as exc:  # pragma: no cover - exercised only without the extra
        raise RuntimeError("the Ray backend needs Ray: pip install 'crisis[ray]'") from exc
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(
                num_cpus=jobs or default_jobs(),
                include_dashboard=False,
                log_to_driver=False,
            )
    try:
        task = ray.remote(_play_dict)
        refs = {task.remote(spec): i for i, spec in enumerate(specs)}
        out: list[GameRecord | None] = [None] * len(specs)
        left = list(refs)
        done = 0
        while left:
            ready, left = ray.wait(left, num_returns=1)
            for ref in ready:
                out[refs[ref]] = GameRecord.from_dict(ray.get(ref))
                done += 1
                if progress:
                    progress(done)
        return [r for r in out if r is not None]
    finally:
        if started:
            ray.shutdown()
