"""Safehouse's bots from Python, as opponents or baselines.

``make(game, kind, seed)`` returns a bot whose ``act(view, legal)`` picks one of ``legal``
(returned as given) from a seat's ``view``, exactly as ``Match.view(seat)`` and
``Match.legal_actions()`` give them. Kinds: ``easy``, ``medium``, ``hard``, ``random``,
``heuristic``, ``noisy``, ``noisy:<percent>``, ``ismcts``, ``ismcts:<iterations>`` and each
game's own (``kinds(game)``).
"""

from __future__ import annotations

from typing import Any

from ._native import Bot, Match, bot_kinds

__all__ = ["Bot", "kinds", "make", "play"]


def make(game: str, kind: str = "medium", seed: int = 0) -> Bot:
    """A bot of ``kind`` for ``game`` (an id or alias), seeded with ``seed``."""
    return Bot(game, kind, seed)


def kinds(game: str) -> list[str]:
    """The bot kinds offered for ``game``, difficulty levels first."""
    return bot_kinds(game)


def play(match: Match, seat: int, bot: Bot) -> Any:
    """Lets ``bot`` take ``seat``'s decision in ``match`` (it must be that seat's turn); returns the action."""
    action = bot.act(match.view(seat), match.legal_actions())
    match.apply(seat, action)
    return action
