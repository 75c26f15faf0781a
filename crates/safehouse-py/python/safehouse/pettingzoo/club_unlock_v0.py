"""club-unlock as a PettingZoo AEC environment (see safehouse.pettingzoo._aec and docs/python.md)."""

from ._aec import SafehouseAEC, make_env

env, raw_env = make_env("club-unlock", "club_unlock_v0")

__all__ = ["SafehouseAEC", "env", "raw_env"]
