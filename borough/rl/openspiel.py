"""Every Borough game as an OpenSpiel Python game.

Importing this module registers `borough_<game>` for each game, so
`pyspiel.load_game("borough_architectura", {"players": 2})` works; each of the
game's options is a game parameter of the same name (as a string or integer;
`parameters` turns a Borough option set into them). An option whose choices are
"none" and numbers of something, such as City Council's term, is an integer
parameter with 0 for "none", as a game string reads "20" back as a number.

How chance is modelled: all of a Borough game's randomness comes from one
seeded generator inside its state, so a game is fixed by its seed and the
players' actions. The OpenSpiel game therefore starts with one explicit chance
node that draws the seed uniformly from `seeds` outcomes (a parameter, default
1,000), after which every node is a player's decision. The game is
EXPLICIT_STOCHASTIC, so OpenSpiel needs no generator state of its own, and
states serialise (their Python attributes are pickled) and clone exactly.

What a player knows: observation tensors and information-state tensors are
both the game's observation encoder (borough/rl/encoding.py) applied to
`observe(state, player)`; the observation string is that observation as JSON;
the information-state string is a digest of the player's whole sequence of
observations and own actions, so it has perfect recall. `resample_from_infostate`
uses the game's `determinize`. Seats that must act together (sealed choices)
act one at a time in the game's order, each unseen by the others.

Returns are 0 until the end, then +1 for a sole winner, 0 for a shared win,
-1 otherwise (borough/rl/rewards.py).
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

import borough
from borough.core.game import Option
from borough.rl.encoding import Encoder
from borough.rl.rewards import final_rewards

DEFAULT_SEEDS = 1000
PREFIX = "borough_"


class _Held:
    """The Borough state inside an OpenSpiel state; copies use the game's fast clone."""

    __slots__ = ("game_name", "state")

    def __init__(self, game_name: str, state: Any) -> None:
        self.game_name, self.state = game_name, state

    def __deepcopy__(self, memo: dict) -> _Held:
        return _Held(self.game_name, borough.game(self.game_name).clone(self.state))

    def __getstate__(self) -> tuple[str, Any]:
        return self.game_name, self.state

    def __setstate__(self, data: tuple[str, Any]) -> None:
        self.game_name, self.state = data


def _option_parameters(game: borough.Game) -> dict[str, Any]:
    return parameters(game, game.unattended_options())


def parameters(game: borough.Game, options: dict[str, Any]) -> dict[str, Any]:
    """The OpenSpiel parameters of a Borough option set (defaults filled in)."""
    return {o.name: _to_parameter(o, options.get(o.name, o.default)) for o in game.option_list}


def _counts(option: Option) -> bool:
    """Whether an option's choices are "none" and numbers written as words."""
    words = [c for c in option.choices if c != "none"]
    return bool(words) and all(type(c) is str and c.isdigit() for c in words)


def _to_parameter(option: Option, value: Any) -> Any:
    if _counts(option):
        return 0 if value == "none" else int(value)
    return value


def _from_parameter(option: Option, value: Any) -> Any:
    if _counts(option) and type(value) is int:
        return "none" if value == 0 else str(value)
    return value


def _game_type(game: borough.Game) -> pyspiel.GameType:
    params: dict[str, Any] = {"players": min(game.player_counts()), "seeds": DEFAULT_SEEDS}
    params.update(_option_parameters(game))
    return pyspiel.GameType(
        short_name=PREFIX + game.name,
        long_name=f"Borough {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(game.player_counts()),
        min_num_players=min(game.player_counts()),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class BoroughGame(pyspiel.Game):
    """One Borough game with a fixed player count, options and number of seeds."""

    borough_name = ""  # set on the per-game subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.borough = borough.game(self.borough_name)
        params = dict(params or {})
        players = int(params.get("players", min(self.borough.player_counts())))
        seeds = int(params.get("seeds", DEFAULT_SEEDS))
        if seeds < 1:
            raise ValueError("seeds must be at least 1")
        wanted = {o.name: _from_parameter(o, params[o.name])
                  for o in self.borough.option_list if o.name in params}
        self.options = self.borough.resolve_options(players, wanted, unattended=True)
        self.seeds = seeds
        self.encoder = Encoder(self.borough, players, self.options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.borough.num_actions(players),
            max_chance_outcomes=seeds,
            num_players=players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=self.borough.max_decisions(players, self.options),
        )
        super().__init__(_GAME_TYPES[self.borough_name], info, params)

    def new_initial_state(self) -> BoroughState:
        return BoroughState(self)

    def max_chance_nodes_in_history(self) -> int:
        return 1

    def make_py_observer(self, iig_obs_type=None, params=None) -> BoroughObserver:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        return BoroughObserver(self, iig_obs_type)


def _digest(*parts: str) -> str:
    h = hashlib.blake2b(digest_size=16)
    for part in parts:
        h.update(part.encode())
        h.update(b"\x00")
    return h.hexdigest()


class BoroughState(pyspiel.State):
    """Before the first move: the chance node that draws the seed; then the Borough state."""

    def __init__(self, game: BoroughGame) -> None:
        super().__init__(game)
        self._name = game.borough_name
        self._options = dict(game.options)
        self._players = game.num_players()
        self._seeds = game.seeds
        self._held: _Held | None = None
        self._trails = [_digest("start", str(p)) for p in range(self._players)]

    # ------------------------------------------------------------ helpers
    @property
    def borough_game(self) -> borough.Game:
        return borough.game(self._name)

    @property
    def borough_state(self) -> Any:
        """The Borough state (None before the seed is drawn)."""
        return None if self._held is None else self._held.state

    def view(self, player: int | None) -> dict[str, Any] | None:
        if self._held is None:
            return None
        return self.borough_game.observe(self._held.state, player)

    def trail(self, player: int) -> str:
        """The digest of `player`'s observations and own actions so far."""
        return self._trails[player]

    def _extend_trails(self, actor: int | None, action: int) -> None:
        for p in range(self._players):
            own = str(action) if p == actor else ""
            view = json.dumps(self.view(p), sort_keys=True, separators=(",", ":"))
            self._trails[p] = _digest(self._trails[p], own, view)

    # ------------------------------------------------------- OpenSpiel API
    def current_player(self) -> int:
        if self._held is None:
            return pyspiel.PlayerId.CHANCE
        g, s = self.borough_game, self._held.state
        if g.is_over(s):
            return pyspiel.PlayerId.TERMINAL
        return g.to_act(s)[0]

    def _legal_actions(self, player: int) -> list[int]:
        g, s = self.borough_game, self._held.state
        if g.is_over(s) or player not in g.to_act(s)[:1]:
            return []
        return sorted(g.encode(a) for a in g.legal_actions(s, player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._seeds
        return [(seed, p) for seed in range(self._seeds)]

    def _apply_action(self, action: int) -> None:
        g = self.borough_game
        if self._held is None:
            state = g.setup(self._players, seed=int(action), options=self._options)
            self._held = _Held(self._name, state)
            self._extend_trails(None, -1)
            return
        seat = g.to_act(self._held.state)[0]
        g.apply(self._held.state, seat, g.decode(int(action)))
        self._extend_trails(seat, int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed {action}"
        g = self.borough_game
        move = g.decode(int(action))
        state = None if self._held is None else self._held.state
        return f"{g.describe(move, state)} {list(move)}"

    def is_terminal(self) -> bool:
        return self._held is not None and self.borough_game.is_over(self._held.state)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._players
        result = self.borough_game.result(self._held.state)
        return final_rewards(result, self._players, "win")

    def resample_from_infostate(self, player: int, probability_sampler) -> BoroughState:
        """A state `player` cannot tell from this one, drawn by the game's determinize.

        The sample's other seats get trails derived from `player`'s own, since
        their true histories are unknown to `player`; OpenSpiel's history of
        the sample is left empty, as its seed is unknown too.
        """
        clone = self.get_game().new_initial_state()
        if self._held is None:
            return clone
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        sample = self.borough_game.determinize(self._held.state, player, rng)
        clone._held = _Held(self._name, sample)
        own = self._trails[player]
        clone._trails = [own if p == player else _digest(own, "unseen", str(p))
                         for p in range(self._players)]
        return clone

    def __str__(self) -> str:
        if self._held is None:
            return f"{self._name}: the seed is not drawn yet"
        return json.dumps(self.borough_game.to_json(self._held.state), sort_keys=True)


class BoroughObserver:
    """Tensors from the game's encoder; strings from observe() or the observation trail."""

    def __init__(self, game: BoroughGame, iig_obs_type) -> None:
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        self.encoder = game.encoder
        self.recall = kind.perfect_recall
        self.public_only = kind.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(self.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: BoroughState, player: int) -> None:
        view = state.view(None if self.public_only else player)
        if view is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = self.encoder.encode(view)

    def string_from(self, state: BoroughState, player: int) -> str:
        if self.recall and not self.public_only:
            return state.trail(player)
        view = state.view(None if self.public_only else player)
        return "" if view is None else json.dumps(view, sort_keys=True)


def _register() -> dict[str, pyspiel.GameType]:
    types = {}
    registered = set(pyspiel.registered_names())
    for name in borough.games.names():
        game = borough.game(name)
        types[name] = _game_type(game)
        if PREFIX + name in registered:
            continue
        cls = type(f"Borough{game.title.replace(' ', '')}Game", (BoroughGame,),
                   {"borough_name": name, "__doc__": f"{game.title} for OpenSpiel."})
        pyspiel.register_game(types[name], cls)
    return types


_GAME_TYPES = _register()
