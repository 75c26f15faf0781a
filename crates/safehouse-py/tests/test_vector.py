"""The vector of games stepped in Rust: shapes, masks, rewards at the end, auto-reset,
reproducibility, and a refused step that changes nothing."""

import numpy as np
import pytest

import safehouse


def random_actions(masks, rng):
    noise = rng.random(masks.shape) * masks
    return noise.argmax(axis=1).astype(np.int64)


@pytest.mark.parametrize("game,players", [("club-unlock", 4), ("explosiv", 4), ("safe-breaker", 3), ("the-safe", 2)])
def test_vector_steps_and_restarts(game, players):
    vec = safehouse.VecEnv(game, 16, players=players, seed=1)
    obs, masks, to_move = vec.reset(seed=1)
    assert obs.shape == (16, vec.observation_len) and obs.dtype == np.float32
    assert masks.shape == (16, vec.action_space) and masks.dtype == np.int8
    assert to_move.shape == (16,)
    single = safehouse.new(game, players=players, seed=0)
    assert (vec.observation_len, vec.action_space) == (single.observation_len, single.action_space)
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(300):
        assert (masks.sum(axis=1) > 0).all()
        obs, masks, to_move, rewards, done = vec.step(random_actions(masks, rng))
        assert rewards.shape == (16, players)
        assert (rewards[~done] == 0).all()
        finished += int(done.sum())
    assert finished > 0


def test_vector_is_reproducible_and_refuses_an_illegal_step():
    a = safehouse.VecEnv("explosiv", 8, players=3, seed=4)
    b = safehouse.VecEnv("explosiv", 8, players=3, seed=4)
    rng = np.random.default_rng(1)
    _, masks, _ = a.observe()
    for _ in range(100):
        actions = random_actions(masks, rng)
        ra = a.step(actions)
        rb = b.step(actions)
        for x, y in zip(ra, rb):
            np.testing.assert_array_equal(x, y)
        masks = ra[1]
    before = a.observe()
    bad = random_actions(masks, rng)
    bad[2] = int(np.flatnonzero(masks[2] == 0)[0])
    with pytest.raises(safehouse.SafehouseError) as error:
        a.step(bad)
    assert error.value.code == "illegal_action"
    for x, y in zip(before, a.observe()):
        np.testing.assert_array_equal(x, y)
