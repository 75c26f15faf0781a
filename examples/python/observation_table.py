"""Prints the observation tensor of a game as a Markdown table (what docs/python.md shows).

    python examples/python/observation_table.py club-unlock --players 4 [--preset cash]

Per-seat fields are listed once, as ``seat+k.name``, for the viewer (k = 0) and the other
seats clockwise (k = 1 .. players-1); their offset is the viewer's.
"""

import argparse

import safehouse


def table(game, players, preset=None):
    match = safehouse.new(game, players=players, preset=preset)
    fields = match.observation_fields()
    lines = [
        f"`{game}`, {players} players: {match.observation_len} entries, `Discrete({match.action_space})` actions.",
        "",
        "| offset | len | field | meaning |",
        "|---:|---:|---|---|",
    ]
    seen = set()
    for f in fields:
        name = f["name"]
        if name.startswith("seat+"):
            k, _, rest = name[len("seat+"):].partition(".")
            if f"seat+k.{rest}" in seen:
                continue
            name = f"seat+k.{rest}"
            seen.add(name)
            offset = f"{f['offset']} (+{sum(g['len'] for g in fields if g['name'].startswith('seat+0.'))}·k)"
        else:
            offset = str(f["offset"])
        lines.append(f"| {offset} | {f['len']} | `{name}` | {f['help']} |")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--preset", default=None)
    args = parser.parse_args()
    print(table(args.game, args.players, args.preset))


if __name__ == "__main__":
    main()
