"""Self-play with action masking, numpy only: a linear softmax policy trained by REINFORCE on
a vector of games stepped in Rust, then measured against the uniformly random bot.

    python examples/python/selfplay_train.py [--game club-unlock] [--players 3] [--steps 1500] [--save policy.npz]

Every seat of every game is played by the same policy (self-play). Illegal actions are masked
out of the softmax, so the policy only ever picks legal ones. A decision's return is the
seat's final reward (its win share) less 1/players, the share a seat gets on average; the
policy follows the REINFORCE gradient of it. At the end the policy takes one seat
against random bots in the other seats, rotating seats, sampling its actions, and its win
share is printed beside the untrained policy's (which is the uniformly random bot: all logits
are 0) and the 1/players a random bot gets. ``--save`` writes the trained policy, which
``examples/python/policy_bot.py`` seats in tournaments and at tables with people.
"""

import argparse

import numpy as np

import safehouse


def masked_softmax(logits, masks):
    logits = np.where(masks > 0, logits, -np.inf)
    logits = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    return p / p.sum(axis=1, keepdims=True)


class LinearPolicy:
    def __init__(self, observation_len, actions):
        self.w = np.zeros((actions, observation_len), dtype=np.float64)
        self.b = np.zeros(actions, dtype=np.float64)

    def probabilities(self, obs, masks):
        return masked_softmax(obs @ self.w.T + self.b, masks)

    def update(self, obs, masks, actions, advantages, lr):
        p = self.probabilities(obs, masks)
        grad = -p
        grad[np.arange(len(actions)), actions] += 1.0
        grad *= advantages[:, None]
        self.w += lr * grad.T @ obs / len(actions)
        self.b += lr * grad.mean(axis=0)


def sample(p, rng):
    u = rng.random((p.shape[0], 1))
    return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1).astype(np.int64)


def train(args, policy, rng):
    vec = safehouse.VecEnv(args.game, args.envs, players=args.players, seed=args.seed)
    obs, masks, to_move = vec.reset(seed=args.seed)
    pending: list[list[tuple]] = [[] for _ in range(args.envs)]
    batch = []
    episodes = 0
    for _ in range(args.steps):
        actions = sample(policy.probabilities(obs, masks), rng)
        for i in range(args.envs):
            pending[i].append((to_move[i], obs[i], masks[i], actions[i]))
        obs, masks, to_move, rewards, done = vec.step(actions)
        for finished in np.flatnonzero(done):
            episodes += 1
            for seat, o, m, a in pending[finished]:
                batch.append((o, m, a, rewards[finished, seat] - 1.0 / args.players))
            pending[finished] = []
        if len(batch) >= args.batch:
            o, m, a, adv = (np.array(x) for x in zip(*batch))
            policy.update(o.astype(np.float64), m, a, adv, args.lr)
            batch = []
    return episodes


def evaluate(args, policy, games, seed):
    """The policy's mean win share in one seat (rotating) against random bots in the others."""
    vec = safehouse.VecEnv(args.game, args.envs, players=args.players, seed=seed)
    obs, masks, to_move = vec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    learner = np.arange(args.envs) % args.players
    finished, share = 0, 0.0
    while finished < games:
        chosen = sample(policy.probabilities(obs, masks), rng)
        random = (rng.random(masks.shape) * masks).argmax(axis=1)
        actions = np.where(to_move == learner, chosen, random).astype(np.int64)
        obs, masks, to_move, rewards, done = vec.step(actions)
        for i in np.flatnonzero(done):
            share += rewards[i, learner[i]]
            finished += 1
    return share / finished


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="club-unlock")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--envs", type=int, default=64)
    parser.add_argument("--steps", type=int, default=1500, help="vector steps of training")
    parser.add_argument("--batch", type=int, default=4096, help="decisions per policy update")
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--eval-games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save", help="write the trained policy here (.npz) for examples/python/policy_bot.py")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    probe = safehouse.new(args.game, players=args.players)
    policy = LinearPolicy(probe.observation_len, probe.action_space)
    before = evaluate(args, policy, args.eval_games, seed=10_000)
    episodes = train(args, policy, rng)
    after = evaluate(args, policy, args.eval_games, seed=20_000)
    print(f"{args.game}, {args.players} players: trained on {episodes} self-play games")
    print(f"win share against random bots: untrained {before:.3f}, trained {after:.3f} (random bot: {1 / args.players:.3f})")
    if args.save:
        np.savez(args.save, w=policy.w, b=policy.b, game=probe.game, players=args.players)
        print(f"saved the policy to {args.save}")


if __name__ == "__main__":
    main()
