"""Terrace: the smallest whole game, defined here under tests/ alone and registered at
test time (`borough.games.registry.register`), to prove what a sixth game needs."""
