"""Learn a 2-player Borough game from `medium`'s choices, then beat `easy`: numpy only.

    pip install -e '.[rl]'
    python examples/train_distill.py --game architectura --out runs/distill-architectura

A small network (observation vector -> one hidden layer -> a score per action
index, illegal actions masked out) learns by DAgger: in the first round
`medium` plays the learning seat against `easy` and the network is fitted to
its choices (behaviour cloning); in every later round the network itself plays
those games, `medium` says what it would have chosen in each position the
network reached, and the network is fitted again on all positions seen so far.
So it learns to recover from its own mistakes, which cloning alone never shows
it. After each round the network plays `easy` on a few curve deals, which
gives the learning curve (learning_curve.png); at the end it plays `random`
and `easy` on paired evaluation deals (each deal once from each seat), and its
win share is given with a Wilson 95% interval. Training, curve and evaluation
deals come from disjoint seed ranges. Figures go to results.json.

Needs numpy and Borough's `rl` extra; matplotlib (a Borough dependency) only
for the plot.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
from evaluation import Evaluation, outcome, play_out

import borough
from borough import rl
from borough.agents.base import SeatView
from borough.agents.registry import make_agent
from borough.arena.stats import wilson

PLAYERS = 2
TEACHER, OPPONENT = "medium", "easy"
# Disjoint seed ranges: training deals never reach the curve's or the evaluation's.
TRAIN_SEEDS, CURVE_SEEDS, EVAL_SEEDS = 1_000_000, 500_000, 10_000

Policy = Callable[[Any], int]
"""A policy: the learning environment (a `borough.rl.gym_env`) -> the action index to play."""


# ------------------------------------------------------------------ the network
class Inputs:
    """What the network reads: the observation vector divided by each number's largest size
    in the first data (counts and scores would swamp the one-hots), and, for every number
    that took a few whole values there (a card id in a cell, a position on a track), a
    one-hot of those values: an id read as a size means nothing, read as a category it
    does. Fitted once, on the first round's positions."""

    def __init__(self, obs: np.ndarray, most_values: int) -> None:
        self.scale = (1.0 / np.maximum(1.0, np.abs(obs).max(axis=0))).astype(np.float32)
        columns, values = [], []
        for j in range(obs.shape[1]):
            seen = np.unique(obs[:, j])
            if 3 <= len(seen) <= most_values and np.all(seen == np.round(seen)):
                columns += [j] * len(seen)
                values += list(seen)
        self.columns = np.array(columns, dtype=np.int64)
        self.values = np.array(values, dtype=np.float32)
        self.size = obs.shape[1] + len(self.columns)

    def __call__(self, obs: np.ndarray) -> np.ndarray:
        onehot = (obs[:, self.columns] == self.values).astype(np.float32)
        return np.concatenate([obs * self.scale, onehot], axis=1)


class Network:
    """Inputs -> one ReLU hidden layer -> `outputs` numbers, trained by Adam."""

    def __init__(self, reader: Inputs, outputs: int, hidden: int, seed: int) -> None:
        rng = np.random.default_rng(seed)
        self.reader = reader
        inputs = reader.size
        self.params = {
            "w1": rng.normal(0, np.sqrt(2 / inputs), (inputs, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "w2": rng.normal(0, np.sqrt(1 / hidden), (hidden, outputs)).astype(np.float32),
            "b2": np.zeros(outputs, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.updates = 0

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(inputs, hidden pre-activations, outputs) for a batch of vectors."""
        x = self.reader(obs)
        pre = x @ self.params["w1"] + self.params["b1"]
        return x, pre, np.maximum(0.0, pre) @ self.params["w2"] + self.params["b2"]

    def backward(self, x: np.ndarray, pre: np.ndarray, grad: np.ndarray, lr: float) -> None:
        """One Adam step, given the loss's gradient with respect to the outputs."""
        p = self.params
        hidden = np.maximum(0.0, pre)
        grads = {"w2": hidden.T @ grad, "b2": grad.sum(axis=0)}
        back = (grad @ p["w2"].T) * (pre > 0)
        grads["w1"] = x.T @ back
        grads["b1"] = back.sum(axis=0)
        self.updates += 1
        b1, b2 = 0.9, 0.999
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= b1
            m += (1 - b1) * g
            v *= b2
            v += (1 - b2) * g * g
            m_hat = m / (1 - b1 ** self.updates)
            v_hat = v / (1 - b2 ** self.updates)
            p[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)

    def save(self, path: Path) -> None:
        np.savez_compressed(path, scale=self.reader.scale, columns=self.reader.columns,
                            values=self.reader.values, **self.params)


class MaskedMLP(Network):
    """Observation -> a logit per action index; cross-entropy over the legal actions only
    (illegal logits are pushed to -inf). Reads nothing but the observation and the mask."""

    def __init__(self, reader: Inputs, actions: int, hidden: int, seed: int) -> None:
        super().__init__(reader, actions, hidden, seed)

    def logits(self, obs: np.ndarray) -> np.ndarray:
        return self.forward(obs)[2]

    def pick(self, obs: np.ndarray, mask: np.ndarray) -> int:
        return int(np.argmax(np.where(mask, self.logits(obs[None, :])[0], -np.inf)))

    def act(self, env: Any) -> int:
        return self.pick(env.encoder.encode_state(env.state, env.seat), env.action_masks())

    def step(self, obs: np.ndarray, masks: np.ndarray, targets: np.ndarray, choices: np.ndarray,
             lr: float) -> tuple[float, float]:
        """One Adam step on a batch towards `targets` (a distribution over each row's legal
        actions); returns the mean cross-entropy and the share of rows whose first-ranked
        action is the teacher's `choices`."""
        x, pre, logits = self.forward(obs)
        logits = np.where(masks, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        probs = np.exp(logits)
        probs /= probs.sum(axis=1, keepdims=True)
        loss = float(-(targets * np.log(probs + 1e-12)).sum(axis=1).mean())
        agree = float((probs.argmax(axis=1) == choices).mean())
        self.backward(x, pre, (probs - targets) / len(targets), lr)
        return loss, agree


class AfterstateMLP(Network):
    """Scores the position each legal move leads to, as the learning seat would then see it,
    on one world sampled from what the seat knows now (never the true hidden state); plays
    the best scored. Cross-entropy of the scores' softmax over a position's moves."""

    def __init__(self, reader: Inputs, hidden: int, seed: int) -> None:
        super().__init__(reader, 1, hidden, seed)
        self.rng = random.Random(seed)

    def act(self, env: Any) -> int:
        legal = env.game.legal_actions(env.state, env.seat)
        if len(legal) == 1:
            return env.game.encode(legal[0])
        after = afterstates(env, legal, self.rng)
        return env.game.encode(legal[int(np.argmax(self.forward(after)[2][:, 0]))])

    def step(self, after: np.ndarray, starts: np.ndarray, targets: np.ndarray,
             lr: float) -> tuple[float, float]:
        """One Adam step on a batch of positions, their moves' afterstates stacked (each
        position's from `starts`, the teacher's own move first); returns the mean
        cross-entropy and the share of positions where the teacher's move scores best."""
        x, pre, out = self.forward(after)
        scores = out[:, 0]
        which = np.repeat(np.arange(len(starts)), np.diff(np.append(starts, len(scores))))
        shifted = np.exp(scores - np.maximum.reduceat(scores, starts)[which])
        probs = shifted / np.add.reduceat(shifted, starts)[which]
        loss = float(-(targets * np.log(probs + 1e-12)).sum() / len(starts))
        best = np.maximum.reduceat(scores, starts)
        agree = float((scores[starts] >= best).mean())
        self.backward(x, pre, ((probs - targets) / len(starts))[:, None], lr)
        return loss, agree


def afterstates(env: Any, actions: list[Any], rng: random.Random) -> np.ndarray:
    """The learning seat's observation vector after each of `actions`, all on one world
    sampled from what the seat may see."""
    game, seat = env.game, env.seat
    world = SeatView(game, env.state, seat).sample(rng)
    rows = []
    for action in actions:
        trial = game.clone(world)
        game.apply_trusted(trial, seat, action)
        rows.append(env.encoder.encode_state(trial, seat))
    return np.asarray(rows, np.float32)


# ---------------------------------------------------------------- playing games
def make_env(game: str, seat: int, opponent: str):
    return rl.gym_env(game, PLAYERS, seat=seat, opponents=opponent)


def play_one(game: str, policy: Policy, opponent: str, seed: int, seat: int) -> float:
    """One game on deal `seed`, the policy in `seat`; its outcome."""
    env = make_env(game, seat, opponent)
    return play_out(env, seed, lambda obs: policy(env))


@dataclass
class Dataset:
    """Positions of the learning seat with more than one legal action, and the teacher's choice."""

    obs: list[np.ndarray] = field(default_factory=list)  # observation, or afterstates
    legal: list[np.ndarray] = field(default_factory=list)  # action indices, teacher's first
    target: list[np.ndarray] = field(default_factory=list)  # a share per legal action
    choice: list[int] = field(default_factory=list)  # the teacher's own move

    def __len__(self) -> int:
        return len(self.choice)


def soft_target(values: np.ndarray, temperature: float) -> np.ndarray:
    """The teacher's values made a distribution: moves it rates equal get equal shares
    (it breaks such ties at random, so a single choice would teach noise)."""
    z = (values - values.max()) / temperature
    shares = np.exp(z)
    return shares / shares.sum()


def collect(game: str, learner: Network | None, games: int, first_seed: int, data: Dataset,
            teacher_seed: int, temperature: float, afterstate: bool) -> list[float]:
    """Plays `games` training games against OPPONENT (seats alternating), the learner
    choosing (the teacher when `learner` is None), and adds every position the learning
    seat faced with the teacher's choice there. Returns the games' outcomes."""
    outcomes = []
    teacher = make_agent(TEACHER, teacher_seed)
    rng = random.Random(teacher_seed)
    for k in range(games):
        seat = k % PLAYERS
        env = make_env(game, seat, OPPONENT)
        obs, _ = env.reset(seed=first_seed + k)
        while True:
            mask = env.action_masks()
            told = int(np.flatnonzero(mask)[0])
            if mask.sum() > 1:
                ranked = teacher.rank(SeatView(env.game, env.state, seat))
                told = env.game.encode(ranked[0][0])
                data.obs.append(afterstates(env, [a for a, _ in ranked], rng).astype(np.float16)
                                if afterstate else obs)
                data.legal.append(np.array([env.game.encode(a) for a, _ in ranked]))
                data.target.append(soft_target(np.array([v for _, v in ranked]), temperature))
                data.choice.append(told)
            action = told if learner is None else learner.act(env)
            obs, reward, over, cut, _ = env.step(action)
            if over or cut:
                outcomes.append(outcome(reward))
                break
    return outcomes


def fit(net: Network, data: Dataset, epochs: int, batch: int, lr: float,
        rng: np.random.Generator) -> tuple[float, float]:
    """`epochs` passes over all positions so far; the last pass's mean loss and agreement."""
    if isinstance(net, AfterstateMLP):
        return fit_afterstates(net, data, epochs, batch, lr, rng)
    assert isinstance(net, MaskedMLP)
    obs = np.asarray(data.obs, np.float32)
    choice = np.asarray(data.choice)
    actions = net.params["b2"].shape[0]
    losses, agrees = [], []
    for _ in range(epochs):
        losses, agrees = [], []
        order = rng.permutation(len(choice))
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            masks = np.zeros((len(idx), actions), dtype=bool)
            targets = np.zeros((len(idx), actions), dtype=np.float32)
            for row, i in enumerate(idx):
                masks[row, data.legal[i]] = True
                targets[row, data.legal[i]] = data.target[i]
            loss, agree = net.step(obs[idx], masks, targets, choice[idx], lr)
            losses.append(loss)
            agrees.append(agree)
    return float(np.mean(losses)), float(np.mean(agrees))


def fit_afterstates(net: AfterstateMLP, data: Dataset, epochs: int, batch: int, lr: float,
                    rng: np.random.Generator) -> tuple[float, float]:
    losses, agrees = [], []
    for _ in range(epochs):
        losses, agrees = [], []
        order = rng.permutation(len(data))
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            sizes = np.array([len(data.target[i]) for i in idx])
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
            after = np.concatenate([data.obs[i] for i in idx]).astype(np.float32)
            targets = np.concatenate([data.target[i] for i in idx]).astype(np.float32)
            loss, agree = net.step(after, starts, targets, lr)
            losses.append(loss)
            agrees.append(agree)
    return float(np.mean(losses)), float(np.mean(agrees))


# ------------------------------------------------------------------ evaluating
def evaluate(game: str, policy: Policy, opponent: str, pairs: int,
             first_seed: int = EVAL_SEEDS) -> Evaluation:
    """Win share over `pairs` deals, each played from both seats, with a Wilson 95% interval
    over the games (a shared win counts a half)."""
    total = sum(play_one(game, policy, opponent, first_seed + k, seat)
                for k in range(pairs) for seat in range(PLAYERS))
    games = PLAYERS * pairs
    low, high = wilson(total, games)
    return Evaluation(opponent, pairs, games, total / games, low, high)


def random_policy(seed: int) -> Policy:
    """Uniform over the legal actions: Borough's `random` agent as a policy."""
    rng = np.random.default_rng(seed)
    return lambda env: int(rng.choice(np.flatnonzero(env.action_masks())))


# -------------------------------------------------------------------- training
@dataclass
class Settings:
    game: str = "architectura"
    rounds: int = 8
    games_per_round: int = 400
    epochs: int = 4
    hidden: int = 128
    batch: int = 128
    lr: float = 1e-3
    temperature: float = 0.01
    most_values: int = 16
    # "actions": a logit per action index from the observation alone; "afterstate": a
    # score for the position each legal move leads to (needs the game to look a move on)
    encoder: str = "actions"
    curve_pairs: int = 25
    pairs: int = 200
    seed: int = 0


def train(settings: Settings, out: Path) -> dict[str, Any]:
    s = settings
    if s.encoder not in ("actions", "afterstate"):
        raise ValueError(f"encoder is 'actions' or 'afterstate', not {s.encoder!r}")
    out.mkdir(parents=True, exist_ok=True)
    actions = int(make_env(s.game, 0, OPPONENT).action_space.n)
    net: MaskedMLP | None = None
    rng = np.random.default_rng(s.seed)
    data = Dataset()
    curve: list[dict[str, Any]] = []
    train_cpu = curve_cpu = 0.0
    next_seed = TRAIN_SEEDS + s.seed * 100_000_000
    for round_ in range(s.rounds):
        started = time.process_time()
        # Round 0 clones the teacher's own games; later rounds are the learner's (DAgger).
        played = collect(s.game, net, s.games_per_round, next_seed, data,
                         teacher_seed=s.seed * 1000 + round_, temperature=s.temperature,
                         afterstate=s.encoder == "afterstate")
        next_seed += s.games_per_round
        if net is None:
            if s.encoder == "afterstate":
                # the inputs are fitted on a sample of afterstates, to keep memory small
                seen = np.concatenate(data.obs[:4000]).astype(np.float32)
                net = AfterstateMLP(Inputs(seen, s.most_values), s.hidden, s.seed)
            else:
                reader = Inputs(np.asarray(data.obs, np.float32), s.most_values)
                net = MaskedMLP(reader, actions, s.hidden, s.seed)
        loss, agree = fit(net, data, s.epochs, s.batch, s.lr, rng)
        train_cpu += time.process_time() - started
        started = time.process_time()
        point = evaluate(s.game, net.act, OPPONENT, s.curve_pairs, CURVE_SEEDS)
        curve_cpu += time.process_time() - started
        curve.append({
            "round": round_, "positions": len(data), "train_cpu_seconds": round(train_cpu, 1),
            "loss": round(loss, 4), "agreement": round(agree, 4),
            "training_games_won": round(float(np.mean(played)), 4) if round_ else None,
            "curve_win_share": point.win_share, "curve_low": point.low,
            "curve_high": point.high,
        })
        print(json.dumps(curve[-1]), flush=True)
    assert net is not None, "at least one round is needed"
    net.save(out / "policy.npz")
    started = time.process_time()
    results = {
        "game": s.game, "players": PLAYERS, "teacher": TEACHER, "settings": asdict(s),
        "train_cpu_seconds": round(train_cpu, 1), "curve_cpu_seconds": round(curve_cpu, 1),
        "curve": curve,
        "trained": [asdict(evaluate(s.game, net.act, o, s.pairs)) for o in ("random", OPPONENT)],
        "random_in_its_place": [asdict(evaluate(s.game, random_policy(s.seed), o, s.pairs))
                                for o in ("random", OPPONENT)],
    }
    results["eval_cpu_seconds"] = round(time.process_time() - started, 1)
    plot(results, out / "learning_curve.png")
    (out / "results.json").write_text(json.dumps(results, indent=2))
    return results


def plot(results: dict[str, Any], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = results["curve"]
    minutes = [c["train_cpu_seconds"] / 60 for c in curve]
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    ax.fill_between(minutes, [c["curve_low"] for c in curve], [c["curve_high"] for c in curve],
                    color="tab:blue", alpha=0.15)
    ax.plot(minutes, [c["curve_win_share"] for c in curve], "o-", color="tab:blue",
            label=f"win share against {OPPONENT} (curve deals, 95% interval)")
    ax.plot(minutes, [c["agreement"] for c in curve], "s--", color="tab:green",
            label=f"agreement with {TEACHER} (training positions)")
    ax.axhline(0.5, color="grey", linewidth=0.8)
    ax.set_ylim(0, 1)
    ax.set_xlabel("training CPU time (minutes, one core)")
    ax.set_ylabel("share")
    title = borough.game(results["game"]).title
    ax.set_title(f"DAgger from {TEACHER}, {title}, {PLAYERS} players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def replot(results_json: Path, png: Path) -> None:
    """Draws a curve again from a run's results.json."""
    plot(json.loads(results_json.read_text()), png)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    defaults = Settings()
    parser.add_argument("--out", type=Path, default=None)
    for name, value in asdict(defaults).items():
        parser.add_argument(f"--{name.replace('_', '-')}", type=type(value), default=value)
    args = vars(parser.parse_args())
    out = args.pop("out") or Path("runs") / f"distill-{args['game']}"
    results = train(Settings(**args), out)
    summary = {k: results[k] for k in ("train_cpu_seconds", "trained", "random_in_its_place")}
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
