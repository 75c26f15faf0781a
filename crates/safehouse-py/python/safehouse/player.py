"""A seat played by Python through the player protocol (docs/player-protocol.md): the same program
plays in ``safehouse simulate --bots exec:...`` tournaments and, seated by ``safehouse bot``, at a
table with people.

``run(choose)`` reads the protocol's lines on stdin and answers each ``move`` with
``choose(decision)``: the position in ``decision.legal`` of the action to play. A ``Decision``
carries what the protocol sends (the seat's view, the legal actions, the game, the time budget) and,
for a policy trained on the PettingZoo environments or the vector of games, the same observation
tensor and action mask they give (``decision.observation()``, ``decision.action_mask()``), with
``decision.position_of(index)`` mapping a chosen ``Discrete(N)`` index back to its place in
``legal``::

    import numpy as np
    from safehouse import player

    def choose(decision):
        logits = policy(decision.observation())
        masked = np.where(decision.action_mask() > 0, logits, -np.inf)
        return decision.position_of(int(np.argmax(masked)))

    player.run(choose)

The view is the seat's own, as the server sends it: nothing another seat hides reaches Python.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from typing import IO, Any, Callable, Iterable

import numpy as np
from numpy.typing import NDArray

from ._native import Match, new_match

__all__ = ["Decision", "run"]

#: The protocol this module speaks (the ``hello`` line's ``protocol`` and ``version``).
PROTOCOL = ("safehouse-player", 1)


@dataclass
class Decision:
    """One ``move`` request: what the seat sees and may do."""

    game: str
    seat: int
    players: int
    options: dict[str, Any]
    view: dict[str, Any]
    legal: list[Any]
    legal_text: list[str]
    budget_ms: int
    step: int | None = None
    _match: Match | None = field(default=None, repr=False)
    _indices: list[int | None] | None = field(default=None, repr=False)

    def _encoder(self) -> Match:
        if self._match is None:
            self._match = new_match(self.game, players=self.players, options=self.options)
        return self._match

    def observation(self) -> NDArray[np.float32]:
        """The seat's observation tensor, as the PettingZoo environments give it (docs/python.md)."""
        return self._encoder().encode_view(self.view)

    def legal_indices(self) -> list[int | None]:
        """Each legal action's index in the game's fixed ``Discrete(N)`` action space, in the order of ``legal``."""
        if self._indices is None:
            self._indices = self._encoder().action_indices_in(self.view, self.legal)
        return self._indices

    def action_mask(self) -> NDArray[np.int8]:
        """1 for each index of the fixed action space that is legal now, as the environments' mask."""
        mask = np.zeros(self._encoder().action_space, dtype=np.int8)
        for index in self.legal_indices():
            if index is not None:
                mask[index] = 1
        return mask

    def position_of(self, index: int) -> int:
        """The place in ``legal`` of the action with this fixed index; ValueError if it is not legal now."""
        try:
            return self.legal_indices().index(index)
        except ValueError:
            raise ValueError(f"action index {index} is not legal now") from None


def run(
    choose: Callable[[Decision], int],
    *,
    on_end: Callable[[dict[str, Any]], None] | None = None,
    stdin: Iterable[str] | None = None,
    stdout: IO[str] | None = None,
) -> None:
    """Plays the protocol until ``bye`` or the end of stdin: each ``move`` is answered with
    ``choose(decision)`` (an index into ``decision.legal``); ``on_end`` gets each ``end`` message
    (the outcome and the final view). Encoders are made once per game (``start``)."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    game: dict[str, Any] = {}
    encoder: Match | None = None
    for line in stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello" and (message.get("protocol"), message.get("version")) != PROTOCOL:
            print(f"safehouse.player speaks {PROTOCOL}, not {message}", file=sys.stderr)
            return
        if kind == "start":
            game = message
            encoder = None
        elif kind == "move":
            decision = Decision(
                game=message["game"],
                seat=message["seat"],
                # `start` always comes first and names the table (docs/player-protocol.md).
                players=game["players"],
                options=game["options"],
                view=message["view"],
                legal=message["legal"],
                legal_text=message.get("legal_text", []),
                budget_ms=message.get("budget_ms", 0),
                step=message.get("step"),
                _match=encoder,
            )
            position = choose(decision)
            encoder = decision._match
            stdout.write(json.dumps({"id": message["id"], "index": int(position)}) + "\n")
            stdout.flush()
        elif kind == "end" and on_end is not None:
            on_end(message)
        elif kind == "bye":
            return
