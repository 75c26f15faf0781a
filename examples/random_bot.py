#!/usr/bin/env python3
"""A Safehouse player-protocol bot that plays a uniformly random legal action, in any game.

Run it in a tournament:   safehouse simulate explosiv --bots 'exec:python3 examples/random_bot.py',heuristic,heuristic
or in a live match:       safehouse bot 'http://127.0.0.1:8080/tables/<id>?invite=<code>' --exec 'python3 examples/random_bot.py'

The protocol (docs/player-protocol.md): Safehouse writes one JSON object per line on stdin; only a
"move" is answered, with one line on stdout naming a legal action by its index.
"""

import json
import random
import sys

rng = random.Random()

for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "start":
        # Seeded from the game, so a tournament with this bot can be repeated.
        rng.seed(message["seed"])
    elif message["type"] == "move":
        choice = rng.randrange(len(message["legal"]))
        print(json.dumps({"id": message["id"], "index": choice}), flush=True)
    elif message["type"] == "bye":
        break
