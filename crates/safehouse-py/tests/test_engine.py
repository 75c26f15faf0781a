"""The engine API: games, new, legal actions as objects and indices, apply, views, state,
outcome, record/replay, clone, and errors carrying the engine's stable codes."""

import copy
import json
import random

import numpy as np
import pytest

import safehouse
from conftest import GAMES, play_random


def test_games_lists_ids_players_presets_and_bots():
    games = {g["id"]: g for g in safehouse.games()}
    cu = games["club-unlock"]
    assert cu["min_players"] <= cu["default_players"] <= cu["max_players"]
    assert any(a["id"] == "cash" for a in cu["aliases"])
    assert "heuristic" in cu["bots"]


@pytest.mark.parametrize("game,counts", GAMES)
def test_masks_indices_and_objects_agree(game, counts, rng):
    for players in counts:
        match = safehouse.new(game, players=players, seed=5)

        def check(m):
            legal = m.legal_actions()
            indices = m.legal_indices()
            assert len(legal) == len(indices) == len(set(indices))
            assert [m.action_index(a) for a in legal] == indices
            mask = m.action_mask()
            assert mask.dtype == np.int8 and mask.shape == (m.action_space,)
            assert sorted(np.flatnonzero(mask).tolist()) == sorted(indices)

        play_random(match, rng, each_step=check)
        outcome = match.outcome()
        assert outcome is not None and len(outcome["scores"]) == players


@pytest.mark.parametrize("game,counts", GAMES)
def test_an_illegal_action_raises_its_code_and_changes_nothing(game, counts, rng):
    for seed in range(100):
        match = safehouse.new(game, players=counts[0], seed=seed)
        for _ in range(3):
            if not match.is_over:
                match.apply(match.to_move, rng.choice(match.legal_indices()))
        if not match.is_over:
            break
    before = match.state()
    record = match.record()
    illegal = next(i for i in range(match.action_space) if i not in match.legal_indices())
    with pytest.raises(safehouse.SafehouseError) as error:
        match.apply(match.to_move, illegal)
    assert error.value.code == "illegal_action"
    other = (match.to_move + 1) % match.players
    if match.players > 1:
        with pytest.raises(safehouse.SafehouseError) as error:
            match.apply(other, match.legal_indices()[0])
        assert error.value.code == "not_your_turn"
    with pytest.raises(safehouse.SafehouseError) as error:
        match.apply(match.to_move, {"type": "no_such_action"})
    assert error.value.code == "malformed_action"
    assert match.state() == before
    assert match.record() == record


def test_setup_errors_carry_codes():
    for kwargs, code in [
        ({"game": "chess"}, "unknown_game"),
        ({"game": "club-unlock", "preset": "nope"}, "unknown_preset"),
        ({"game": "club-unlock", "players": 40}, "bad_player_count"),
        ({"game": "club-unlock", "options": {"no_such_option": 1}}, "bad_options"),
        ({"game": "explosiv", "players": 3, "deal": {"no_such_field": 1}}, "bad_deal"),
    ]:
        with pytest.raises(safehouse.SafehouseError) as error:
            safehouse.new(**kwargs)
        assert error.value.code == code, kwargs


def test_an_alias_selects_its_preset():
    cash = safehouse.new("cash", players=4, seed=1)
    assert cash.game == "club-unlock"
    presets = {p["name"]: p["options"] for p in next(g for g in safehouse.games() if g["id"] == "club-unlock")["presets"]}
    assert cash.record()["options"] == presets["cash"]


@pytest.mark.parametrize("game,counts", GAMES)
def test_record_replays_to_the_same_state_and_clone_is_independent(game, counts, rng):
    match = safehouse.new(game, players=counts[-1], seed=21)
    play_random(match, rng)
    record = match.record()
    assert safehouse.replay(record).state() == match.state()
    assert safehouse.replay(json.dumps(record)).state() == match.state()

    start = safehouse.new(game, players=counts[-1], seed=21)
    twin = start.clone()
    twin.apply(twin.to_move, twin.legal_indices()[0])
    assert start.action_count == 0 and twin.action_count == 1
    assert copy.deepcopy(twin).state() == twin.state()


def test_the_same_seed_gives_the_same_game():
    a = safehouse.new("explosiv", players=3, seed=77)
    b = safehouse.new("explosiv", players=3, seed=77)
    assert a.state() == b.state()
    assert safehouse.new("explosiv", players=3, seed=78).state() != a.state()


@pytest.mark.parametrize("game,counts", GAMES)
def test_the_observation_is_built_from_the_seats_view_alone(game, counts, rng):
    """The tensor equals the encoding of the seat's view as Python objects: whatever the
    view hides (other seats' cards) cannot reach it."""
    match = safehouse.new(game, players=counts[-1], seed=3)
    fields = match.observation_fields()
    assert sum(f["len"] for f in fields) == match.observation_len

    def check(m):
        for seat in range(m.players):
            obs = m.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == (m.observation_len,)
            np.testing.assert_array_equal(obs, m.encode_view(m.view(seat)))

    play_random(match, rng, each_step=check)


def field(match, name):
    f = next(f for f in match.observation_fields() if f["name"] == name)
    return slice(f["offset"], f["offset"] + f["len"])


def test_hidden_cards_of_other_seats_never_reach_a_tensor(rng):
    """Explosiv: every hand is in the state, but a seat's tensor shows its own hand only; the
    other seats' hand fields stay empty at every step."""
    match = safehouse.new("explosiv", players=3, seed=4)
    own = field(match, "seat+0.hand")
    others = [field(match, f"seat+{k}.hand") for k in (1, 2)]

    def check(m):
        state_hands = [sorted(s["hand"]) for s in m.state()["seats"]]
        for seat in range(m.players):
            obs = m.observation(seat)
            held = [card for card in range(1, 9) if obs[own][card - 1] == 1.0]
            assert held == state_hands[seat]
            for other in others:
                assert not obs[other].any(), "another seat's hand reached the tensor"

    play_random(match, rng, each_step=check)


def test_bots_choose_a_legal_action_from_the_view():
    for game, counts in GAMES:
        bot = safehouse.bots.make(game, "heuristic", seed=1)
        match = safehouse.new(game, players=counts[0], seed=2)
        steps = 0
        while not match.is_over and steps < 5000:
            legal = match.legal_actions()
            action = bot.act(match.view(match.to_move), legal)
            assert action in legal
            match.apply(match.to_move, action)
            steps += 1
        assert match.is_over, game
    assert "hard" in safehouse.bots.kinds("club-unlock")
    with pytest.raises(safehouse.SafehouseError) as error:
        safehouse.bots.make("club-unlock", "grandmaster")
    assert error.value.code == "unknown_bot"


def test_simulate_returns_one_row_per_game_reproducibly():
    rows = safehouse.simulate("explosiv", bots=["heuristic", "random"], games=20, seed=5, players=2, dataframe=False)
    assert len(rows) == 20 and [r["index"] for r in rows] == list(range(20))
    assert set(rows[0]) >= {"seed", "scores", "win_shares", "bots", "reason", "actions"}
    assert sorted(rows[0]["bots"]) == ["heuristic", "random"]
    again = safehouse.simulate("explosiv", bots=["heuristic", "random"], games=20, seed=5, players=2, dataframe=False)
    assert again == rows
    heuristic = sum(r["win_shares"][r["bots"].index("heuristic")] for r in rows)
    assert heuristic > 10, "the rule-based bot beats the random one"


def test_a_lineup_entry_repeats_as_on_the_command_line():
    """`"random*3"` is three random bots, as in `safehouse simulate --bots heuristic,random*3`."""
    short = safehouse.simulate("cash", bots=["heuristic", "random*3"], games=6, seed=2, players=4, dataframe=False)
    spelled = ["heuristic", "random", "random", "random"]
    assert short == safehouse.simulate("cash", bots=spelled, games=6, seed=2, players=4, dataframe=False)
    assert sorted(short[0]["bots"]) == sorted(spelled)
    with pytest.raises(safehouse.SafehouseError, match="2 bots for 4 seats"):
        safehouse.simulate("cash", bots=["heuristic", "random"], games=1, players=4)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_a_seed_out_of_range_is_a_bad_argument(seed):
    """Every seed is a whole number from 0 to 2**64 - 1; outside that, the error says so with a code."""
    calls = [
        lambda: safehouse.new("explosiv", players=3, seed=seed),
        lambda: safehouse.bots.make("explosiv", "random", seed=seed),
        lambda: safehouse.simulate("explosiv", bots=["random"], games=1, seed=seed, players=3),
        lambda: safehouse.VecEnv("explosiv", 2, players=3, seed=seed),
        lambda: safehouse.VecEnv("explosiv", 2, players=3).reset(seed=seed),
    ]
    for call in calls:
        with pytest.raises(safehouse.SafehouseError, match="a seed is a whole number") as error:
            call()
        assert error.value.code == "bad_argument"
    with pytest.raises(TypeError):
        safehouse.new("explosiv", players=3, seed="7")
    assert safehouse.new("explosiv", players=3, seed=2**64 - 1).to_move is not None


DOCUMENTED = [("club-unlock", 4, "cash"), ("safe-breaker", 4, None), ("explosiv", 4, None), ("the-safe", 3, None)]


@pytest.mark.parametrize("game,players,preset", DOCUMENTED)
def test_docs_describe_every_observation_field(game, players, preset):
    """docs/python.md's tables (examples/python/observation_table.py) name every field and its length."""
    import pathlib

    docs = (pathlib.Path(__file__).resolve().parents[3] / "docs" / "python.md").read_text()
    match = safehouse.new(game, players=players, preset=preset)
    assert f"`{game}`, {players} players: {match.observation_len} entries, `Discrete({match.action_space})`" in docs
    for f in match.observation_fields():
        name = f["name"]
        if name.startswith("seat+"):
            name = "seat+k." + name.split(".", 1)[1]
        assert f"| {f['len']} | `{name}` | {f['help']} |" in docs, name


def test_simulate_gives_a_dataframe_with_pandas():
    pandas = pytest.importorskip("pandas", reason="pandas is not installed: the DataFrame form is not tested")
    frame = safehouse.simulate("explosiv", bots=["heuristic"], games=5, seed=1, players=3)
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 5
