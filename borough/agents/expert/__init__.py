"""The expert level: hard's search judging its positions by learned values.

`features` reads what a position's values look at in each game (the game's
own `features.py`), `model` how they are weighed (a logistic curve over a
weighted sum, plain numpy), `train` how the weights are learned by self-play
(`python -m borough.agents.expert.train GAME`), and `agent` the level itself.
The weights ship in `weights/`; a game without them is played exactly as `hard`
plays it (see `agent`).
"""
