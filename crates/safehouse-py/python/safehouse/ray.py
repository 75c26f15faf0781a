"""Tournaments spread over a Ray cluster, merged exactly.

``simulate`` splits a tournament's games into ``shards`` contiguous ranges of game indices
(shard ``k`` of ``n`` plays ``games*k//n .. games*(k+1)//n``, as ``safehouse simulate --shard
K/N``), plays each as a Ray task in the Rust simulator, and merges the shards' counts with the
merge of ``safehouse simulate-merge``. Every game is seeded by its index alone, and the counts
merge exactly, so the figures are those of one single-process run with the same seed, whatever
the number of shards or workers. See docs/python.md.

Ray is imported only when ``simulate`` is called (``pip install ray``); every worker node needs
the ``safehouse`` wheel installed (or a Ray ``runtime_env`` that installs it).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable

from . import _as_rows, merge_shards, simulate_shard

__all__ = ["SimulationResult", "simulate"]


@dataclass
class SimulationResult:
    """What ``simulate`` returns."""

    #: The tournament's summary: the dict of ``safehouse simulate --json``'s summary line
    #: (``threads`` and ``seconds`` summed over the shards: the work, not the elapsed time).
    summary: dict[str, Any]
    #: One row per game in index order (as ``safehouse.simulate``'s) if asked for, else None.
    rows: Any
    #: The number of shards played.
    shards: int
    #: Wall-clock seconds from the first task submitted to the merged summary.
    seconds: float


def _play_shard(spec: dict[str, Any], k: int, n: int, threads: int, rows: bool):
    return simulate_shard(shard=(k, n), threads=threads, rows=rows, **spec)


_remote = None


def simulate(
    game: str,
    bots: Iterable[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    shards: int | None = None,
    players: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    threads_per_shard: int = 1,
    rows: bool = False,
    dataframe: bool | None = None,
) -> SimulationResult:
    """Plays a tournament as ``shards`` Ray tasks of ``threads_per_shard`` cores each and merges
    them exactly (the figures of ``safehouse.simulate_summary`` with the same arguments).

    ``shards`` defaults to the cluster's CPUs divided by ``threads_per_shard``; more shards than
    workers queue. Uses the Ray instance already started (``ray.init(address=...)``), or starts a
    local one as any Ray call does. ``rows=True`` also brings back every game's row (memory then
    grows with ``games``), as a pandas DataFrame when pandas is installed unless ``dataframe=False``.
    """
    global _remote
    import ray

    if threads_per_shard < 1:
        raise ValueError("threads_per_shard must be at least 1")
    if _remote is None:
        _remote = ray.remote(_play_shard)
    if not ray.is_initialized():
        ray.init()
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)) // threads_per_shard)
    if shards < 1:
        raise ValueError("shards must be at least 1")
    spec = {
        "game": game,
        "bots": list(bots),
        "games": games,
        "seed": seed,
        "players": players,
        "preset": preset,
        "options": options,
    }
    started = time.perf_counter()
    task = _remote.options(num_cpus=threads_per_shard)
    refs = [task.remote(spec, k, shards, threads_per_shard, rows) for k in range(shards)]
    results = ray.get(refs)
    summary = merge_shards(text for text, _ in results)
    seconds = time.perf_counter() - started
    played = None
    if rows:
        played = _as_rows([row for _, shard_rows in results for row in shard_rows], dataframe)
    return SimulationResult(summary=summary, rows=played, shards=shards, seconds=seconds)
