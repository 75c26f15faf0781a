"""Shared helpers of the Python tests: random play through the engine API."""

import random

import pytest

import safehouse

# (game id, player counts) for every game of the registry.
GAMES = [
    ("club-unlock", [3, 4]),
    ("safe-breaker", [3, 4]),
    ("explosiv", [2, 4]),
    ("the-safe", [1, 3]),
]


def play_random(match, rng, limit=20000, each_step=None):
    """Plays uniformly random legal actions (by index) to the end; calls each_step(match) before each."""
    steps = 0
    while not match.is_over:
        if each_step is not None:
            each_step(match)
        match.apply(match.to_move, rng.choice(match.legal_indices()))
        steps += 1
        assert steps < limit, "a game that never ends"
    return steps


@pytest.fixture
def rng():
    return random.Random(1234)


def test_every_registry_game_is_covered():
    assert sorted(g["id"] for g in safehouse.games()) == sorted(g for g, _ in GAMES)
