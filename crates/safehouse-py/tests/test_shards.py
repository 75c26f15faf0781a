"""Sharded tournaments: shards merge into exactly the figures of one run (no Ray needed)."""

import json

import pytest

import safehouse

LINEUP = dict(game="explosiv", bots=["heuristic", "random", "noisy:40"], games=45, seed=11)


def untimed(summary):
    """The summary without what depends on the machine (threads, seconds), as canonical JSON
    (so that NaN figures compare equal)."""
    return json.dumps({k: v for k, v in summary.items() if k not in ("threads", "seconds", "games_per_second")}, sort_keys=True)


def test_shards_merge_into_exactly_the_single_run():
    whole = safehouse.simulate_summary(**LINEUP)
    assert whole["games"] == 45 and whole["bots"][0]["kind"] == "heuristic"
    whole_rows = safehouse.simulate(**LINEUP, dataframe=False)
    for n in (1, 2, 3, 7):
        texts, rows = [], []
        for k in range(n):
            text, shard_rows = safehouse.simulate_shard(**LINEUP, shard=(k, n), rows=True, threads=1)
            texts.append(text)
            rows.extend(shard_rows)
        assert untimed(safehouse.merge_shards(reversed(texts))) == untimed(whole), f"{n} shards"
        assert rows == whole_rows, f"{n} shards: the same games"


def test_the_comparison_can_fail():
    """The figures do depend on the games: another seed gives other figures."""
    other = safehouse.simulate_summary(**{**LINEUP, "seed": 12})
    assert untimed(other) != untimed(safehouse.simulate_summary(**LINEUP))


def test_a_missing_or_repeated_shard_is_refused():
    texts = [safehouse.simulate_shard(**LINEUP, shard=(k, 3))[0] for k in range(3)]
    with pytest.raises(safehouse.SafehouseError) as missing:
        safehouse.merge_shards(texts[1:])
    assert missing.value.code == "merge_failed" and "games missing: 0..15" in str(missing.value)
    with pytest.raises(safehouse.SafehouseError) as twice:
        safehouse.merge_shards(texts + texts[:1])
    assert twice.value.code == "merge_failed" and "more than one shard" in str(twice.value)
    other = safehouse.simulate_shard(**{**LINEUP, "seed": 3}, shard=(0, 3))[0]
    with pytest.raises(safehouse.SafehouseError) as different:
        safehouse.merge_shards([other] + texts[1:])
    assert different.value.code == "merge_failed" and "different tournaments" in str(different.value)
    with pytest.raises(safehouse.SafehouseError) as bad:
        safehouse.simulate_shard(**LINEUP, shard=(3, 3))
    assert bad.value.code == "bad_argument"
    with pytest.raises(safehouse.SafehouseError) as garbage:
        safehouse.merge_shards(["{}"])
    assert garbage.value.code == "bad_argument"
