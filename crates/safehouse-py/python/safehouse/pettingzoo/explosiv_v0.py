"""explosiv as a PettingZoo AEC environment (see safehouse.pettingzoo._aec and docs/python.md)."""

from ._aec import SafehouseAEC, make_env

env, raw_env = make_env("explosiv", "explosiv_v0")

__all__ = ["SafehouseAEC", "env", "raw_env"]
