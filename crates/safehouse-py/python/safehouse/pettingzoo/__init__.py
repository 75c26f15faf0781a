"""PettingZoo AEC environments, one module per game, versioned like PettingZoo's own:
``club_unlock_v0``, ``safe_breaker_v0``, ``explosiv_v0``, ``the_safe_v0`` (each with ``env`` and
``raw_env``). Example: ``safehouse.pettingzoo.club_unlock_v0.env(players=4, preset="cash")``.
"""

from . import club_unlock_v0, explosiv_v0, safe_breaker_v0, the_safe_v0

__all__ = ["club_unlock_v0", "explosiv_v0", "safe_breaker_v0", "the_safe_v0"]
