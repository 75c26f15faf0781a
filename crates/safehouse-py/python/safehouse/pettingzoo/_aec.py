"""The PettingZoo AEC environment shared by every Safehouse game (see docs/python.md).

Agents are ``player_0`` ... ``player_{P-1}`` (seat ``i`` is ``player_i``). The agent to act is
the seat whose decision it is, so a turn made of several decisions (crack a safe, crack
another, end the turn) keeps the same agent selected. Every agent has the same
``Discrete(N)`` action space and a ``Dict`` observation space:

* ``observation``: the seat's fixed-length float32 tensor, built in Rust from the seat's view
  alone (``Match.observation_fields()`` names every field);
* ``action_mask``: int8, 1 for the legal actions of the agent to act (all 0 for the others).

Rewards come only at the end: each agent gets its win share (1 for a sole winner, 1/k for k
tied winners, 0 otherwise); in co-operative The Safe every agent gets the team's reward
(1 if the team won, else 0). ``reset(seed=s)`` sets the game's seed to ``s``. An illegal
action raises ``safehouse.SafehouseError`` (code ``illegal_action``) and changes nothing.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import safehouse


class SafehouseAEC(AECEnv):
    """One Safehouse game as a PettingZoo AEC environment."""

    metadata = {"render_modes": ["human", "ansi"], "name": "safehouse", "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        players: int | None = None,
        preset: str | None = None,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ):
        super().__init__()
        self.game = game
        self._players, self._preset, self._options = players, preset, options
        probe = self._new_match(seed=0)
        self.possible_agents = [f"player_{i}" for i in range(probe.players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        n_actions = probe.action_space
        obs_len = probe.observation_len
        self.observation_fields = probe.observation_fields()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=-1.0, high=1.0, shape=(obs_len,), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(n_actions,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n_actions) for agent in self.possible_agents}
        self.render_mode = render_mode
        self.match: safehouse.Match | None = None
        self._seed_source = np.random.default_rng()

    def _new_match(self, seed: int) -> safehouse.Match:
        return safehouse.new(self.game, players=self._players, preset=self._preset, options=self._options, seed=seed)

    def _agent_to_move(self, match: safehouse.Match) -> str:
        seat = match.to_move
        assert seat is not None, "the game is over"
        return self.possible_agents[seat]

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is None:
            seed = int(self._seed_source.integers(0, 2**63))
        self.match = self._new_match(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self._agent_to_move(self.match)

    def _live(self) -> safehouse.Match:
        assert self.match is not None, "reset() first"
        return self.match

    def observe(self, agent):
        seat = self._seat[agent]
        match = self._live()
        observation = match.observation(seat)
        if match.to_move == seat:
            mask = match.action_mask()
        else:
            mask = np.zeros(self.action_spaces[agent].n, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        match = self._live()
        match.apply(self._seat[agent], int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if match.is_over:
            shares = match.win_shares()
            assert shares is not None, "a game over has win shares"
            for a in self.agents:
                self.rewards[a] = float(shares[self._seat[a]])
                self.terminations[a] = True
        else:
            self.agent_selection = self._agent_to_move(match)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None or self.match is None:
            return None
        text = self.match.view_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


def make_env(game: str, name: str):
    """The ``env`` and ``raw_env`` constructors of one game's module, as PettingZoo's own."""

    def raw_env(players: int | None = None, preset: str | None = None, options=None, render_mode=None):
        environment = SafehouseAEC(game, players=players, preset=preset, options=options, render_mode=render_mode)
        environment.metadata = dict(environment.metadata, name=name)
        return environment

    def env(players: int | None = None, preset: str | None = None, options=None, render_mode=None):
        environment = raw_env(players=players, preset=preset, options=options, render_mode=render_mode)
        environment = wrappers.AssertOutOfBoundsWrapper(environment)
        return wrappers.OrderEnforcingWrapper(environment)

    return env, raw_env
