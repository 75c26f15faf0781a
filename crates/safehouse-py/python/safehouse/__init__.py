"""Safehouse card games from Python, with the speed of the Rust engines.

The engine (``games``, ``new``, ``replay`` and the ``Match`` they return), the bots
(``safehouse.bots``), the simulator (``simulate``), PettingZoo environments
(``safehouse.pettingzoo``), tournaments sharded over Ray (``safehouse.ray``), a vector of games stepped in Rust (``VecEnv``), bare states for
search (``State``, from ``Match.to_state()``), the OpenSpiel adapter (``safehouse.openspiel``) and
a seat played over the player protocol, in tournaments and at tables with people (``safehouse.player``).
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
    "merge_shards",
    "simulate",
    "simulate_shard",
    "simulate_summary",
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
    _, rows = simulate_shard(
        game, bots, games=games, seed=seed, players=players, preset=preset, options=options, threads=threads, rows=True
    )
    assert rows is not None, "asked for rows"
    return _as_rows(rows, dataframe)


def _as_rows(rows: list[dict[str, Any]], dataframe: bool | None = None):
    """Per-game rows as ``simulate`` returns them: a pandas DataFrame when pandas is installed
    (``dataframe=True`` requires it), else (or with ``dataframe=False``) the list of dicts."""
    if dataframe is False:
        return rows
    try:
        import pandas
    except ImportError:
        if dataframe:
            raise
        return rows
    return pandas.DataFrame(rows)


def simulate_shard(
    game: str,
    bots: Iterable[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    shard: tuple[int, int] = (0, 1),
    players: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    threads: int | None = None,
    rows: bool = False,
) -> tuple[str, list[dict[str, Any]] | None]:
    """Plays shard ``shard = (k, n)`` of a tournament (0-based ``k``): the games
    ``games*k//n .. games*(k+1)//n``, each seeded by its index as in a whole run.

    Returns (the shard's mergeable result, as the JSON text ``safehouse simulate --shard K/N``
    prints; its per-game rows in index order if ``rows``, else None). ``merge_shards`` adds the
    results of every shard up to exactly the figures of one whole run.
    """
    k, n = shard
    text, names, played = _native.simulate_shard(
        game,
        list(bots),
        games=games,
        seed=seed,
        players=players,
        preset=preset,
        options=options,
        threads=threads,
        shard_index=k,
        shard_count=n,
        rows=rows,
    )
    if played is not None:
        for row in played:
            row["bots"] = [names[e] for e in row["entrants"]]
    return text, played


def merge_shards(shards: Iterable[str]) -> dict[str, Any]:
    """The summary of a whole tournament from the results of all its shards (any order), merged
    exactly as ``safehouse simulate-merge`` does: the dict of ``safehouse simulate --json``'s
    summary line (``threads`` and ``seconds`` are summed over the shards). A missing shard, a
    game played twice or shards of different tournaments raise ``SafehouseError``
    (``merge_failed``)."""
    return _native.merge_shards(list(shards))


def simulate_summary(
    game: str,
    bots: Iterable[str] = ("heuristic",),
    games: int = 1000,
    seed: int = 0,
    players: int | None = None,
    preset: str | None = None,
    options: dict[str, Any] | None = None,
    threads: int | None = None,
) -> dict[str, Any]:
    """The summary of a tournament played in this process (every core): the figures of
    ``safehouse simulate --json``'s summary line, in memory that does not grow with ``games``."""
    text, _ = simulate_shard(
        game, bots, games=games, seed=seed, players=players, preset=preset, options=options, threads=threads
    )
    return merge_shards([text])


from . import bots  # noqa: E402  (needs the names above)
