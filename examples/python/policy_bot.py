"""A trained policy at the table: the linear policy ``selfplay_train.py --save`` wrote, playing one
seat through the player protocol (``safehouse.player``), greedily over the legal actions.

    python examples/python/selfplay_train.py --save policy.npz
    safehouse simulate club-unlock --players 3 --bots 'exec:python3 examples/python/policy_bot.py policy.npz',random,random
    safehouse bot 'http://127.0.0.1:8080/tables/<id>?invite=<code>' --exec 'python3 examples/python/policy_bot.py policy.npz'

The policy sees exactly what it saw in training: ``decision.observation()`` and
``decision.action_mask()`` are the vector's tensor and mask, built from the seat's view alone.
"""

import sys

import numpy as np

from safehouse import player


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    saved = np.load(sys.argv[1])
    w, b = saved["w"], saved["b"]
    trained_for = f"{saved['game']} with {int(saved['players'])} players"

    def choose(decision):
        observation = decision.observation()
        if (decision.game, decision.players) != (str(saved["game"]), int(saved["players"])) or w.shape != (
            len(b),
            len(observation),
        ):
            sys.exit(f"this policy was trained for {trained_for}, not {decision.game} with {decision.players}")
        logits = w @ observation + b
        masked = np.where(decision.action_mask() > 0, logits, -np.inf)
        return decision.position_of(int(np.argmax(masked)))

    player.run(choose)


if __name__ == "__main__":
    main()
