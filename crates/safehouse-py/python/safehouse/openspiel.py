"""Safehouse games in OpenSpiel, so that OpenSpiel's own algorithms run on them.

Importing this module registers every game with ``pyspiel.register_game`` under the short names
``safehouse_club_unlock``, ``safehouse_safe_breaker``, ``safehouse_explosiv`` and
``safehouse_the_safe``::

    import pyspiel
    import safehouse.openspiel
    game = pyspiel.load_game("safehouse_club_unlock", {"players": 4, "preset": "cash"})

- **Chance** is *sampled stochastic*: every shuffle and draw happens inside the Rust engine from
  the game's seed, and each ``new_initial_state()`` takes the next seed of a generator seeded by
  the ``seed`` parameter. There are no chance nodes.
- **Information state and observation** are built from the seat's view alone: the string is the
  seat's view as compact JSON (the view is the seat's whole information set), the tensor is the
  fixed observation tensor of docs/python.md.
- ``resample_from_infostate(player, sampler)`` redraws the hidden parts through the game's
  determinization (``Game::determinize``), so the sampled state shows ``player`` exactly the same
  information state.
- Actions are the fixed indices of docs/python.md; returns are the win shares (1 for a sole
  winner, 1/k for k tied winners, 0 otherwise; The Safe: the team's 1 or 0 for everyone).

Parameters: ``players`` (default: the game's default table), ``preset`` (``""``: none),
``options`` (a JSON object as text, ``""``: none) and ``seed``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import safehouse

# Safehouse game id -> OpenSpiel short name (`safehouse_` and the id in snake case), for every
# game of the registry.
SHORT_NAMES = {info["id"]: "safehouse_" + info["id"].replace("-", "_") for info in safehouse.games()}

# No Safehouse game lasts longer than this many decisions (a bound OpenSpiel asks for).
MAX_GAME_LENGTH = 100_000


def _game_type(info):
    cooperative = info["cooperative"]
    return pyspiel.GameType(
        short_name=SHORT_NAMES[info["id"]],
        long_name=f"Safehouse {info['name']}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL if cooperative else pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": info["default_players"],
            "preset": "",
            "options": "",
            "seed": 0,
        },
    )


class SafehouseGame(pyspiel.Game):
    """One Safehouse game with fixed players and options."""

    def __init__(self, game_type, params=None):
        params = dict(params or {})
        self.safehouse_id = next(g for g, name in SHORT_NAMES.items() if name == game_type.short_name)
        defaults = game_type.parameter_specification
        players = int(params.get("players", defaults["players"]))
        preset = params.get("preset", "") or None
        options_text = params.get("options", "") or ""
        self._players, self._preset = players, preset
        self._options: dict[str, Any] | None = json.loads(options_text) if options_text else None
        probe = self._new_match(seed=0)
        self.observation_len = probe.observation_len
        cooperative = game_type.utility == pyspiel.GameType.Utility.IDENTICAL
        info = pyspiel.GameInfo(
            num_distinct_actions=probe.action_space,
            max_chance_outcomes=0,
            num_players=players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None if cooperative else 1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type, info, params)
        self._seeds = np.random.default_rng(int(params.get("seed", defaults["seed"])))

    def new_initial_state(self, seed: int | None = None):
        """A new game; its seed comes from the game's generator unless given."""
        if seed is None:
            seed = int(self._seeds.integers(0, 2**63))
        return SafehouseState(self, self._new_match(seed).to_state())

    def _new_match(self, seed: int) -> safehouse.Match:
        return safehouse.new(self.safehouse_id, players=self._players, preset=self._preset, options=self._options, seed=seed)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return SafehouseObserver(self.observation_len, params)


class SafehouseState(pyspiel.State):
    """An OpenSpiel state over a ``safehouse.State``."""

    def __init__(self, game, state):
        super().__init__(game)
        self.state = state

    def current_player(self):
        seat = self.state.to_move
        return pyspiel.PlayerId.TERMINAL if seat is None else seat

    def _legal_actions(self, player):
        return self.state.legal_indices() if player == self.state.to_move else []

    def _apply_action(self, action):
        self.state.apply(int(action))

    def _action_to_string(self, player, action):
        return self.state.describe(int(action)) or f"action {action}"

    def is_terminal(self):
        return self.state.is_over

    def returns(self):
        shares = self.state.win_shares()
        return [0.0] * self.state.players if shares is None else shares

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state drawn from ``player_id``'s information state (the game's determinization)."""
        seed = int(probability_sampler() * 2**53)
        return SafehouseState(self.get_game(), self.state.determinize(player_id, seed))

    def __str__(self):
        return self.state.view_text()


class SafehouseObserver:
    """Information state and observation from a seat's view: JSON text, and the fixed tensor."""

    def __init__(self, observation_len, params):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        self.tensor = np.zeros(observation_len, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.state.observation(player)

    def string_from(self, state, player):
        return state.state.view_json(player)


class RolloutEvaluator:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS: the mean win shares of random playouts run
    in Rust from the state (``safehouse.State.rollout``), and uniform priors."""

    def __init__(self, n_rollouts=1, seed=0):
        self.n_rollouts = n_rollouts
        self._seeds = np.random.default_rng(seed)

    def evaluate(self, state):
        total = np.zeros(state.num_players())
        for _ in range(self.n_rollouts):
            total += state.state.rollout(int(self._seeds.integers(0, 2**63)))
        return total / self.n_rollouts

    def prior(self, state):
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def _game_class(info):
    """A class per game for the registry (a class, not a closure: OpenSpiel's registry keeps it
    past the interpreter's shutdown, and a class held by this module is never freed then)."""
    game_type = _game_type(info)

    def __init__(self, params=None):
        SafehouseGame.__init__(self, game_type, params)

    name = "".join(part.title() for part in info["id"].split("-")) + "Game"
    return type(name, (SafehouseGame,), {"__init__": __init__, "GAME_TYPE": game_type})


GAME_CLASSES = {info["id"]: _game_class(info) for info in safehouse.games()}
for _cls in GAME_CLASSES.values():
    if _cls.GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_cls.GAME_TYPE, _cls)
