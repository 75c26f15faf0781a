"""A random agent in a Safehouse PettingZoo environment: every agent picks a uniformly random
legal action from its observation's action mask.

    python examples/python/random_agent.py [--game club_unlock] [--players 4] [--games 5]
"""

import argparse

import numpy as np

from safehouse import pettingzoo as envs


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="club_unlock", choices=["club_unlock", "safe_breaker", "explosiv", "the_safe"])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default=None)
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    module = getattr(envs, f"{args.game}_v0")
    env = module.env(players=args.players, preset=args.preset)
    rng = np.random.default_rng(args.seed)
    for game in range(args.games):
        env.reset(seed=args.seed + game)
        returns = {agent: 0.0 for agent in env.possible_agents}
        decisions = 0
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            returns[agent] += reward
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
                decisions += 1
            env.step(action)
        outcome = env.unwrapped.match.outcome()
        print(f"game {game}: {decisions} decisions, scores {outcome['scores']}, returns {returns}")
    env.close()


if __name__ == "__main__":
    main()
