"""Every script of examples/python runs to its end, with little work (its own arguments, made small).

What a script measures or learns is not checked here (docs/python.md reports the figures of full
runs); that it still runs against the wheel's API is. random_agent.py is run by test_pettingzoo.py,
policy_bot.py (with a policy selfplay_train.py saved) by test_player.py.
"""

import pathlib
import subprocess
import sys

import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[3] / "examples" / "python"

# script: (the arguments of a small run, a module it needs beyond the wheel's, a line its output has)
RUNS = {
    "bench_steps.py": (["--seconds", "0.2", "--envs", "8", "--repeats", "1"], None, "steps/s"),
    "observation_table.py": (["explosiv", "--players", "3"], None, "`seat+k."),
    "openspiel_ismcts.py": (["--games", "1", "--iterations", "5"], "pyspiel", "iterations/s"),
    "ray_scaling.py": (["--games", "40", "--repeats", "1", "--shards", "2"], "ray", "games/s"),
    "selfplay_train.py": (["--steps", "5", "--envs", "4", "--batch", "64", "--eval-games", "4"], None, "trained"),
}


def test_every_example_is_run_somewhere():
    scripts = {p.name for p in EXAMPLES.glob("*.py")}
    assert scripts == set(RUNS) | {"random_agent.py", "policy_bot.py"}, "a new example needs a small run in RUNS"


@pytest.mark.parametrize("script", sorted(RUNS))
def test_an_example_runs(script):
    args, needs, says = RUNS[script]
    if needs is not None:
        pytest.importorskip(needs, reason=f"{needs} is not installed: examples/python/{script} did not run")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert says in done.stdout, done.stdout
