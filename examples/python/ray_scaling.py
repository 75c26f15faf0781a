"""Ray scaling on this machine: one tournament played by 1 and by 2 Ray workers, beside the
single-process simulator on 1 and 2 threads; every run checked to give the same figures.

    python examples/python/ray_scaling.py [--game explosiv] [--games 20000] [--bots heuristic] [--repeats 3]

A Ray worker here is one CPU of a local Ray instance (``ray.init(num_cpus=W)``); the tournament
is cut into ``--shards`` shards (default 4) of one thread each, so W workers play W shards at a
time. Each figure is the median wall-clock time of --repeats runs (the Ray start is not timed).

Ray starts its workers at nice 15, so on a machine shared with other work they get what is left
of the CPU; this script sets ``RAY_worker_niceness=0`` (unless already set) so that workers and
the single process compete alike. ``RAY_worker_niceness=15`` measures Ray's default.
"""

import argparse
import json
import os
import statistics
import time

os.environ.setdefault("RAY_worker_niceness", "0")  # read by the Ray instance ray.init starts

import ray  # noqa: E402

import safehouse  # noqa: E402
import safehouse.ray  # noqa: E402


def untimed(summary):
    return json.dumps({k: v for k, v in summary.items() if k not in ("threads", "seconds", "games_per_second")}, sort_keys=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="explosiv")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--shards", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    tournament = dict(game=args.game, bots=args.bots.split(","), games=args.games, seed=args.seed, players=args.players)

    reference = None
    rows = []
    for threads in (1, 2):
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            summary = safehouse.simulate_summary(**tournament, threads=threads)
            times.append(time.perf_counter() - start)
        reference = reference or untimed(summary)
        assert untimed(summary) == reference
        rows.append((f"one process, {threads} thread(s)", statistics.median(times)))
    for workers in (1, 2):
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        times = []
        for _ in range(args.repeats):
            result = safehouse.ray.simulate(**tournament, shards=args.shards)
            times.append(result.seconds)
            assert untimed(result.summary) == reference, "Ray's merged figures differ from the single run"
        ray.shutdown()
        rows.append((f"Ray, {workers} worker(s), {args.shards} shards", statistics.median(times)))
    print(f"{args.games} games of {args.game} ({args.players} players, {args.bots}), median of {args.repeats}:")
    base = rows[0][1]
    for label, seconds in rows:
        print(f"  {label:<34} {seconds:7.2f} s  {args.games / seconds:9,.0f} games/s  {base / seconds:5.2f}x")


if __name__ == "__main__":
    main()
