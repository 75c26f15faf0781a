#!/usr/bin/env python3
"""A simple Explosiv strategy over the Safehouse player protocol (docs/player-protocol.md).

For every legal placement it asks: does this card make me the leader of the row, and what is the
row's explosive card worth to its winner (its front while it is a briefcase, its bomb value once it
exploded)? It takes the cheapest card that wins the most valuable row, never blows up a row it would
win, and otherwise throws its lowest card where it hurts least (on a bomb nobody wants, or the
cheapest row). It reads only its own view: the rows with their cards and explosive cards.

    safehouse simulate explosiv --bots 'exec:python3 examples/explosiv_bot.py',random,random
"""

import json
import sys

LAST_CARD_BONUS = 2


def row_totals(row, players, bonus):
    """Each seat's total in a row, with the last card's bonus."""
    totals = [0] * players
    for card in row["cards"]:
        totals[card["seat"]] += card["card"]
    if row["cards"]:
        totals[row["cards"][-1]["seat"]] += bonus
    return totals


def worth(explosive, exploded):
    front = explosive["front"]
    return -(9 - front) if exploded else front


def score(action, view, me):
    if action.get("type") != "place":
        # A discard (or a pass): keep the best cards, so prefer throwing low ones.
        return -100 - action.get("card", 0)
    row = view["rows"][action["row"]]
    players = view["players"]
    bonus = view["options"].get("last_card_bonus", LAST_CARD_BONUS)
    card = action["card"]
    explodes = row["explosive"]["exploded"] or len(row["cards"]) + 1 >= 8
    value = worth(row["explosive"], explodes)
    before = row_totals(row, players, bonus)
    after = list(before)
    if row["cards"]:
        after[row["cards"][-1]["seat"]] -= bonus
    after[me] += card + bonus
    others = max(t for seat, t in enumerate(after) if seat != me)
    leads = after[me] > others
    if value > 0 and leads:
        # Win a good row as cheaply as possible.
        return 10 * value - card
    if value < 0 and leads:
        # Never take a bomb.
        return -50 + value - card
    # Not leading: spend little here; a bomb row is a safe place to dump a low card.
    return -card - (2 if value > 0 else 0)


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "move":
            continue
        view, legal, me = message["view"], message["legal"], message["seat"]
        best = max(range(len(legal)), key=lambda i: (score(legal[i], view, me), -i))
        print(json.dumps({"id": message["id"], "index": best}), flush=True)


if __name__ == "__main__":
    main()
