"""safe-breaker as a PettingZoo AEC environment (see safehouse.pettingzoo._aec and docs/python.md)."""

from ._aec import SafehouseAEC, make_env

env, raw_env = make_env("safe-breaker", "safe_breaker_v0")

__all__ = ["SafehouseAEC", "env", "raw_env"]
