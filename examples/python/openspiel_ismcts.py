"""OpenSpiel's IS-MCTS on 4-player Club Unlock against Safehouse's heuristic bots, beside
Safehouse's own IS-MCTS with the same number of iterations per decision.

    python examples/python/openspiel_ismcts.py [--games 12] [--iterations 200] [--preset cash]

Game g seats the search bot at seat g mod 4 and heuristic bots elsewhere; both search bots play
the same games (same seeds). OpenSpiel's bot is ``open_spiel.python.algorithms.ismcts.ISMCTSBot``
on the adapter (``safehouse.openspiel``) with random playouts run in Rust
(``safehouse.openspiel.RolloutEvaluator``); Safehouse's is the ``ismcts:<iterations>`` bot.
Prints each bot's mean win share (1/4 is an even share) and iterations per second.
"""

import argparse
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

import safehouse
import safehouse.openspiel as sos


def play(game, seed, search_seat, choose_search, heuristics):
    """Plays one game; returns (the search seat's win share, search decisions, search seconds)."""
    state = game.new_initial_state(seed=seed)
    decisions, seconds = 0, 0.0
    while not state.is_terminal():
        seat = state.current_player()
        if seat == search_seat:
            start = time.perf_counter()
            action = choose_search(state)
            seconds += time.perf_counter() - start
            decisions += 1
        else:
            inner = state.state
            chosen = heuristics[seat].act(inner.view(seat), inner.legal_actions())
            action = inner.action_index(chosen)
        state.apply_action(int(action))
    return state.returns()[search_seat], decisions, seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--preset", default="cash")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    params = {"players": 4, "preset": args.preset or ""}
    game = pyspiel.load_game("safehouse_club_unlock", params)
    results = {}
    for label in ("openspiel-ismcts", "safehouse-ismcts"):
        shares, decisions, seconds = [], 0, 0.0
        for g in range(args.games):
            seat = g % 4
            heuristics = {s: safehouse.bots.make("club-unlock", "heuristic", seed=args.seed * 100 + g * 4 + s) for s in range(4)}
            if label == "openspiel-ismcts":
                bot = ismcts.ISMCTSBot(
                    game,
                    sos.RolloutEvaluator(n_rollouts=1, seed=g),
                    uct_c=2.0,
                    max_simulations=args.iterations,
                    random_state=np.random.RandomState(g),
                )
                choose = bot.step
            else:
                own = safehouse.bots.make("club-unlock", f"ismcts:{args.iterations}", seed=g)

                def choose(state, own=own):
                    inner = state.state
                    return inner.action_index(own.act(inner.view(inner.to_move), inner.legal_actions()))

            share, n, s = play(game, args.seed * 1000 + g, seat, choose, heuristics)
            shares.append(share)
            decisions += n
            seconds += s
        results[label] = (np.mean(shares), decisions * args.iterations / seconds, decisions)
        mean, rate, n = results[label]
        print(f"{label}: win share {mean:.3f} over {args.games} games vs 3 heuristic bots; "
              f"{rate:,.0f} iterations/s ({n} decisions, {args.iterations} iterations each)")


if __name__ == "__main__":
    main()
