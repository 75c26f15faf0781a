"""safehouse.ray on a local Ray instance: sharded over Ray tasks, merged exactly."""

import json

import pytest

import safehouse

ray = pytest.importorskip(
    "ray", reason="ray is not installed (it is in requirements-test.txt): safehouse.ray is NOT tested"
)
import safehouse.ray  # noqa: E402

TOURNAMENTS = [
    dict(game="explosiv", bots=["heuristic", "random", "noisy:40"], games=60, seed=11),
    dict(game="cash", bots=["heuristic", "random", "random", "random"], games=24, seed=3),
]


def untimed(summary):
    return json.dumps({k: v for k, v in summary.items() if k not in ("threads", "seconds", "games_per_second")}, sort_keys=True)


@pytest.fixture(scope="module")
def local_ray():
    # Two CPUs: this machine's cores; no dashboard (it starts more processes, slowly).
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


@pytest.mark.parametrize("tournament", TOURNAMENTS, ids=lambda t: t["game"])
def test_ray_shards_give_exactly_the_single_run(local_ray, tournament):
    whole = safehouse.simulate_summary(**tournament)
    whole_rows = safehouse.simulate(**tournament, dataframe=False)
    for shards in (1, 2, 5):
        result = safehouse.ray.simulate(**tournament, shards=shards, rows=True, dataframe=False)
        assert result.shards == shards
        assert untimed(result.summary) == untimed(whole), f"{shards} shards"
        assert result.rows == whole_rows, f"{shards} shards: the same games in index order"


def test_ray_default_shards_follow_the_cluster(local_ray):
    result = safehouse.ray.simulate("explosiv", bots=["random"], games=10, seed=1)
    assert result.shards == 2 and result.rows is None and result.summary["games"] == 10
