"""Many seeded games between agents: tournaments, ratings and balance reports.

`jobs` plays one game anywhere (a local process or a Ray task), `runner` spreads
jobs over workers, `tournament` plans and scores arenas, `balance` studies one
game's fairness, `content` handles a designer's own data folders.
"""
