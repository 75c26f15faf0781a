"""The OpenSpiel adapter: every game passes OpenSpiel's random-simulation test, resampling keeps
the seat's information state, and OpenSpiel's IS-MCTS runs on it."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed: the OpenSpiel adapter is not tested")
import safehouse.openspiel as sos  # noqa: E402  (after the skip)

CASES = [
    ("safehouse_club_unlock", {"players": 4, "preset": "cash"}),
    ("safehouse_safe_breaker", {"players": 3}),
    ("safehouse_explosiv", {"players": 4}),
    ("safehouse_the_safe", {"players": 3}),
]


@pytest.mark.parametrize("name,params", CASES)
def test_random_simulation(name, params):
    game = pyspiel.load_game(name, params)
    assert game.num_players() == params["players"]
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


@pytest.mark.parametrize("name,params", CASES)
def test_resampling_keeps_the_information_state(name, params):
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(0)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal() and steps < 400:
        player = state.current_player()
        if steps % 5 == 0:
            resampled = state.resample_from_infostate(player, sampler)
            assert resampled.information_state_string(player) == state.information_state_string(player)
            np.testing.assert_array_equal(resampled.information_state_tensor(player), state.information_state_tensor(player))
            assert sorted(resampled.legal_actions()) == sorted(state.legal_actions())
        state.apply_action(int(rng.choice(state.legal_actions())))
        steps += 1


def test_openspiel_ismcts_plays_club_unlock():
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game("safehouse_club_unlock", {"players": 4, "preset": "cash", "seed": 3})
    bot = ismcts.ISMCTSBot(game, sos.RolloutEvaluator(seed=1), uct_c=2.0, max_simulations=20, random_state=np.random.RandomState(1))
    state = game.new_initial_state()
    for _ in range(6):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(int(action))
