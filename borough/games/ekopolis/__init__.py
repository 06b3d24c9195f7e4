"""Ekopolis: build connected cities on a hex map, cooperatively or each for yourself."""
