"""The expert level: hard's search judging its positions by learned values.

`features` says what a position's values look at in each game, `model` how
they are weighed (a logistic curve over a weighted sum, plain numpy), `train`
how the weights are learned by self-play (`python -m
borough.agents.expert.train GAME`), and `agent` the level itself. The
weights ship in `weights/`; a game without them is played exactly as `hard`
plays it (see `agent`).
"""
