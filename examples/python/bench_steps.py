"""Random steps per second per core: through the PettingZoo AEC API (one game, Python loop)
and through the vector of games stepped in Rust (``safehouse.VecEnv``).

    python examples/python/bench_steps.py [--seconds 3] [--envs 256] [--threads 1]

The vector runs on rayon's pool; set RAYON_NUM_THREADS=1 for a per-core figure (the default
here), or leave it unset to use every core. Each figure is the median of --repeats runs.
"""

import argparse
import os
import statistics
import time

import numpy as np


def aec_steps_per_second(module, kwargs, seconds, seed):
    env = module.env(**kwargs)
    rng = np.random.default_rng(seed)
    steps = 0
    game = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + game)
        game += 1
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            mask = observation["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
    return steps / (time.perf_counter() - start)


def vector_steps_per_second(safehouse, game, kwargs, envs, seconds, seed):
    vec = safehouse.VecEnv(game, envs, seed=seed, **kwargs)
    _, masks, _ = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        actions = (rng.random(masks.shape) * masks).argmax(axis=1).astype(np.int64)
        _, masks, _, _, _ = vec.step(actions)
        steps += envs
    return steps / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=1, help="RAYON_NUM_THREADS for the vector (0: every core)")
    args = parser.parse_args()
    if args.threads > 0:
        os.environ["RAYON_NUM_THREADS"] = str(args.threads)

    import safehouse  # after RAYON_NUM_THREADS is set: rayon reads it once
    from safehouse.pettingzoo import club_unlock_v0, explosiv_v0

    cases = [
        ("cash (club-unlock, 4 players)", club_unlock_v0, "club-unlock", {"players": 4, "preset": "cash"}),
        ("explosiv (4 players)", explosiv_v0, "explosiv", {"players": 4}),
    ]
    for label, module, game, kwargs in cases:
        aec = [aec_steps_per_second(module, kwargs, args.seconds, seed) for seed in range(args.repeats)]
        vec = [vector_steps_per_second(safehouse, game, kwargs, args.envs, args.seconds, seed) for seed in range(args.repeats)]
        print(
            f"{label}: AEC {statistics.median(aec):,.0f} steps/s; "
            f"vector of {args.envs} ({args.threads or 'all'} thread(s)) {statistics.median(vec):,.0f} steps/s"
        )


if __name__ == "__main__":
    main()
