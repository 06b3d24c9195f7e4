"""Ekopolis designed content under simulation: does any colour or tile dominate?

Four one-ply greedy players each favour one colour (red, green, blue) or none,
in seat-rotated 4-player full games; then every tile's average placement score
and every card's average effect over the same games.

    python benchmarks/ekopolis_balance.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict

import borough
from borough.games.ekopolis import effects, scoring

GAME = borough.game("ekopolis")
STYLES = ("red", "green", "blue", "any")


def choose(state, seat, style, rng):
    """Best immediate own-score gain; a favoured colour gets a 2-point nudge."""
    best, best_value = [], None
    for action in GAME.legal_actions(state, seat):
        trial = GAME.clone(state)
        before = trial.scores[seat]
        GAME.apply(trial, seat, action)
        value = trial.scores[seat] - before
        if action[0] == "place" and style != "any":
            value += 2 * (GAME.tiles[action[1]].colour == ("red", "green", "blue").index(style))
        if best_value is None or value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()
    wins = defaultdict(float)
    scores = defaultdict(list)
    tile_points = defaultdict(list)
    card_points = defaultdict(list)
    lengths = []
    for i in range(args.games):
        rng = random.Random(i)
        rotation = [STYLES[(s + i) % 4] for s in range(4)]
        state = GAME.setup(4, seed=i, options={"version": "full"})
        moves = 0
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = choose(state, seat, rotation[seat], rng)
            if action[0] == "place":
                tile = GAME.tiles[action[1]]
                tile_points[tile.name].append(scoring.placement(GAME, state, tile, action[2])[0])
            GAME.apply(state, seat, action)
            moves += 1
        lengths.append(moves)
        for seat, data in enumerate(state.seats):
            for c in data.cards:
                card = GAME.cards[c]
                if card.effect not in (*effects.CHOICE_EFFECTS, "new_hand"):
                    gained = effects.card_points(GAME, state, seat, card).get(seat, 0)
                    card_points[card.name].append(gained)
        result = GAME.result(state)
        for w in result.winners:
            wins[rotation[w]] += 1 / len(result.winners)
        for seat, style in enumerate(rotation):
            scores[style].append(result.scores[seat])
    print(f"{args.games} games, mean length {statistics.fmean(lengths):.1f} decisions")
    print("style   win share  mean score")
    for style in STYLES:
        share, mean = wins[style] / args.games, statistics.fmean(scores[style])
        print(f"{style:>6}  {share:9.1%}  {mean:10.1f}")
    by_colour = defaultdict(list)
    for t in GAME.tiles:
        by_colour[("red", "green", "blue")[t.colour]].extend(tile_points[t.name])
    print("mean points per placement by colour: " + ", ".join(
        f"{c} {statistics.fmean(v):.2f}" for c, v in by_colour.items()))
    ranked = sorted(tile_points.items(), key=lambda kv: statistics.fmean(kv[1]))
    print("lowest tiles:  " + ", ".join(f"{n} {statistics.fmean(v):.1f}" for n, v in ranked[:4]))
    print("highest tiles: " + ", ".join(f"{n} {statistics.fmean(v):.1f}" for n, v in ranked[-4:]))
    card_colour = defaultdict(list)
    for c in GAME.cards:
        card_colour[("red", "green", "blue")[c.colour]].extend(card_points.get(c.name, []))
    print("mean automatic card gain by colour: " + ", ".join(
        f"{c} {statistics.fmean(v):+.2f}" for c, v in card_colour.items() if v))
    ranked_cards = sorted(card_points.items(), key=lambda kv: statistics.fmean(kv[1]))
    low = ", ".join(f"{n} {statistics.fmean(v):+.1f}" for n, v in ranked_cards[:3])
    high = ", ".join(f"{n} {statistics.fmean(v):+.1f}" for n, v in ranked_cards[-3:])
    print(f"cards, owner's mean gain (end-state estimate): lowest {low}; highest {high}")


if __name__ == "__main__":
    main()
