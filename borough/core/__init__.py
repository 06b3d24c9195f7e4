"""The game-agnostic core: the Game interface, errors, randomness, records."""
