"""Architectura: the card game of streets and blocks, for 2 to 4 players."""
