"""safehouse.player: a Python seat over the player protocol sees what the environments show it.

The protocol is played here line by line from a real match (each ``move`` carries the seat's view
and the legal actions, as Safehouse sends them), and then for real: the ``safehouse`` binary runs
``examples/python/policy_bot.py`` in a tournament, with a policy ``selfplay_train.py`` saved.
"""

import io
import json
import os
import pathlib
import random
import subprocess
import sys

import numpy as np
import pytest

import safehouse
from safehouse import player

ROOT = pathlib.Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples" / "python"


def protocol_lines(match, answers, seed):
    """The lines Safehouse would send a program playing every seat of ``match`` (one process per
    seat in a tournament; one here: the module's encoder depends only on the table that ``start``
    names), applying each answer read from ``answers``."""
    options = match.record()["options"]
    yield json.dumps({"type": "hello", "protocol": "safehouse-player", "version": 1}) + "\n"
    yield json.dumps({"type": "start", "game": match.game, "seat": 0, "players": match.players,
                      "options": options, "seed": seed}) + "\n"
    request = 0
    while not match.is_over:
        seat = match.to_move
        request += 1
        described = match.legal_actions_described()
        legal = [action for action, _ in described]
        yield json.dumps({"type": "move", "id": request, "game": match.game, "seat": seat, "step": request - 1,
                          "budget_ms": 1000, "view": match.view(seat), "legal": legal,
                          "legal_text": [text for _, text in described]}) + "\n"
        answer = json.loads(answers.getvalue().splitlines()[-1])
        assert answer["id"] == request
        match.apply(seat, legal[answer["index"]])
    yield json.dumps({"type": "end", "game": match.game, "seat": 0, "outcome": match.outcome(),
                      "view": match.view(0)}) + "\n"
    yield json.dumps({"type": "bye"}) + "\n"


@pytest.mark.parametrize("game,players", [("safe-breaker", 3), ("cash", 4), ("explosiv", 3), ("the-safe", 3)])
def test_a_decision_sees_the_environments_tensor_and_mask(game, players):
    match = safehouse.new(game, players=players, seed=21)
    mirror = match.clone()  # what the environments would show: the match itself, step by step
    answers = io.StringIO()
    seen, ends = [], []
    rng = random.Random(3)

    def choose(decision):
        seat = mirror.to_move
        assert decision.seat == seat and decision.legal == mirror.legal_actions()
        np.testing.assert_array_equal(decision.observation(), mirror.observation(seat))
        np.testing.assert_array_equal(decision.action_mask(), mirror.action_mask())
        assert decision.legal_indices() == mirror.legal_indices()
        position = rng.randrange(len(decision.legal))
        # The index a policy would choose leads back to the same place in `legal`.
        assert decision.position_of(decision.legal_indices()[position]) == position
        mirror.apply(seat, decision.legal[position])
        seen.append(seat)
        return position

    player.run(choose, on_end=ends.append, stdin=protocol_lines(match, answers, 1), stdout=answers)
    assert match.is_over and mirror.is_over and len(ends) == 1
    assert len(set(seen)) == players, "every seat decided at least once"


def test_an_index_that_is_not_legal_is_refused():
    match = safehouse.new("explosiv", players=3, seed=2)
    decision = player.Decision(game=match.game, seat=match.to_move, players=3, options=match.record()["options"],
                               view=match.view(match.to_move), legal=match.legal_actions(), legal_text=[],
                               budget_ms=1000)
    illegal = next(i for i, legal in enumerate(match.action_mask()) if not legal)
    with pytest.raises(ValueError, match="not legal now"):
        decision.position_of(illegal)


def safehouse_binary():
    """The command line the Rust tests built (or SAFEHOUSE_BIN): this test plays through it."""
    named = os.environ.get("SAFEHOUSE_BIN")
    candidates = [pathlib.Path(named)] if named else [ROOT / "target" / "debug" / "safehouse",
                                                      ROOT / "target" / "release" / "safehouse"]
    found = [path for path in candidates if path.is_file()]
    if not found:
        pytest.fail(f"no safehouse binary at {candidates}: run `cargo build -p safehouse` (or set SAFEHOUSE_BIN)")
    return str(max(found, key=lambda path: path.stat().st_mtime))


def test_a_trained_policy_plays_a_tournament_through_the_binary(tmp_path):
    policy = tmp_path / "policy.npz"
    trained = subprocess.run(
        [sys.executable, str(EXAMPLES / "selfplay_train.py"), "--steps", "20", "--envs", "8", "--batch", "64",
         "--eval-games", "4", "--save", str(policy)],
        capture_output=True, text=True, timeout=300,
    )
    assert trained.returncode == 0, trained.stderr
    bot = f"exec:{sys.executable} {EXAMPLES / 'policy_bot.py'} {policy}"
    played = subprocess.run(
        [safehouse_binary(), "simulate", "club-unlock", "--players", "3", "--games", "6", "--seed", "4", "--threads",
         "1", "--bots", f"{bot},random,random", "--json"],
        capture_output=True, text=True, timeout=300,
    )
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout.splitlines()[-1])
    program = summary["programs"][0]["counts"]
    assert program["decisions"] > 0 and program["answered"] == program["decisions"], program
    # Another game's table is refused by the policy (it exits), so the fallback plays: the check can fail.
    other = subprocess.run(
        [safehouse_binary(), "simulate", "explosiv", "--players", "3", "--games", "1", "--threads", "1",
         "--bots", f"{bot},random,random", "--json"],
        capture_output=True, text=True, timeout=300,
    )
    assert other.returncode == 0, other.stderr
    refused = json.loads(other.stdout.splitlines()[-1])["programs"][0]["counts"]
    assert refused["answered"] == 0 and refused["crashes"] >= 1, refused
