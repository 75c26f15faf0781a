"""PettingZoo: every environment passes api_test and seed_test; masks equal the legal actions;
co-operative The Safe pays every agent the team's reward."""

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import safehouse
from safehouse.pettingzoo import club_unlock_v0, explosiv_v0, safe_breaker_v0, the_safe_v0

ENVS = [
    (club_unlock_v0, {"players": 4, "preset": "cash"}),
    (club_unlock_v0, {"players": 3}),
    (safe_breaker_v0, {"players": 4}),
    (explosiv_v0, {"players": 4}),
    (explosiv_v0, {"players": 2}),
    (the_safe_v0, {"players": 3}),
    (the_safe_v0, {"players": 1}),
]
IDS = [f"{m.__name__.rsplit('.', 1)[-1]}-{k}" for m, k in ENVS]


@pytest.mark.parametrize("module,kwargs", ENVS, ids=IDS)
def test_api(module, kwargs):
    api_test(module.env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("module,kwargs", ENVS, ids=IDS)
def test_seed(module, kwargs):
    seed_test(lambda: module.env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("module,kwargs", ENVS, ids=IDS)
def test_masks_are_the_legal_actions_and_spaces_are_shared(module, kwargs):
    env = module.env(**kwargs)
    env.reset(seed=3)
    sizes = {env.action_space(a).n for a in env.possible_agents}
    assert len(sizes) == 1, "every agent has the same Discrete(N)"
    match = env.unwrapped.match
    rng = np.random.default_rng(0)
    for agent in env.agent_iter(max_iter=3000):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat == match.to_move
        assert sorted(np.flatnonzero(obs["action_mask"]).tolist()) == sorted(match.legal_indices())
        np.testing.assert_array_equal(obs["observation"], match.encode_view(match.view(seat)))
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_reset_seed_is_the_game_seed():
    env = explosiv_v0.env(players=3)
    env.reset(seed=99)
    assert env.unwrapped.match.state() == safehouse.new("explosiv", players=3, seed=99).state()


def play_out(env, seed):
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=100000):
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return totals, env.unwrapped.match


def test_the_safe_pays_every_agent_the_team_reward():
    env = the_safe_v0.env(players=3)
    for seed in range(6):
        totals, match = play_out(env, seed)
        assert len(set(totals.values())) == 1, totals
        outcome = match.outcome()
        assert outcome["cooperative"]
        assert next(iter(totals.values())) == (1.0 if outcome["winners"] else 0.0)


def test_competitive_rewards_are_win_shares():
    env = explosiv_v0.env(players=4)
    totals, match = play_out(env, 8)
    shares = match.win_shares()
    assert [totals[f"player_{i}"] for i in range(4)] == shares
    assert abs(sum(shares) - 1.0) < 1e-9


def test_the_random_agent_example_runs():
    import pathlib
    import subprocess
    import sys

    example = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python" / "random_agent.py"
    done = subprocess.run(
        [sys.executable, str(example), "--game", "explosiv", "--players", "3", "--games", "1"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "game 0:" in done.stdout
