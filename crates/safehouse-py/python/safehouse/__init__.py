"""Safehouse card games from Python, with the speed of the Rust engines.

The engine (``games``, ``new``, ``replay`` and the ``Match`` they return), the bots
(``safehouse.bots``), the simulator (``simulate``), PettingZoo environments
(``safehouse.pettingzoo``), a vector of games stepped in Rust (``VecEnv``), bare states for
search (``State``, from ``Match.to_state()``) and the OpenSpiel adapter (``safehouse.openspiel``).
Errors are ``SafehouseError`` exceptions whose ``code`` is the engine's stable error code.
See docs/python.md.
"""

from __future__ import annotations

from typing import Any, Iterable

from . import _native
from ._native import Match, SafehouseError, State, VecEnv

__all__ = [
    "Match",
    "SafehouseError",
    "State",
    "VecEnv",
    "games",
    "new",
    "replay",
    "simulate",
]


def games() -> list[dict[str, Any]]:
    """Every game: id, name, summary, player counts, aliases, presets, default options, bot kinds."""
    return _native.games()


def new(
    game: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    preset: str | None = None,
    seed: int = 0,
    deal: Any = None,
) -> Match:
    """Starts a match of ``game`` (an id, or an alias such as ``"cash"``).

    ``players`` defaults to the game's default table; ``preset`` names a preset of the options,
    ``options`` changes single options after it; ``deal`` is an explicit deal in the game's
    deal format (docs/protocol.md).
    """
    return _native.new_match(game, players=players, options=options, preset=preset, seed=seed, deal=deal)


def replay(record: dict[str, Any] | str) -> Match:
    """Rebuilds a match from its record (``Match.record()``, or the same as JSON text)."""
    return _native.replay(record)


def simulate(
    game: str,
    bots: Iterable[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    players: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    threads: int | None = None,
    dataframe: bool | None = None,
):
    """Plays a tournament between bots on every core; the same games as ``safehouse simulate``.

    Returns one row per game (a list of dicts, or a pandas DataFrame when pandas is installed,
    unless ``dataframe=False``). Each row: ``index``, ``seed``, ``entrants`` (the line-up index
    at each seat), ``bots`` (the bot name at each seat), ``scores``, ``ranks``, ``win_shares``,
    ``first_mover``, ``actions``, ``cooperative``, ``reason``.
    """
    names, rows = _native.simulate(
        game,
        list(bots),
        games=games,
        seed=seed,
        players=players,
        preset=preset,
        options=options,
        threads=threads,
    )
    for row in rows:
        row["bots"] = [names[e] for e in row["entrants"]]
    if dataframe is False:
        return rows
    try:
        import pandas
    except ImportError:
        if dataframe:
            raise
        return rows
    return pandas.DataFrame(rows)


from . import bots  # noqa: E402  (needs the names above)
