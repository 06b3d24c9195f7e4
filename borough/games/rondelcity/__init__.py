"""Rondel City: a rondel and market game of Citizens, Bankers and a Mayor."""
