"""Masked PPO on Architectura, 2 players: first against `random`, then against `easy`.

    pip install -e '.[rl]' && pip install torch==2.13.0 -e '.[train]'
    python examples/train_ppo.py --out runs/architectura

Trains sb3-contrib's MaskablePPO on `borough.rl.gym_env` (two environments,
one learning in each seat), draws the learning curve (learning_curve.png) and
evaluates the trained policy over paired seeds: each seed is played twice with
the seats swapped, against the same opponent, and the policy's win share is
given with a 95% interval. The same seeds are played by Borough's `random`
agent in the learner's place, for comparison. Figures go to results.json.

The environment and evaluation parts need only `borough[rl]`; torch,
sb3-contrib and matplotlib (the `train` extra) are imported where training
and plotting start.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path
from typing import Any

import numpy as np
from evaluation import Evaluation, play_out

from borough import rl

GAME, PLAYERS = "architectura", 2
STAGES = ("random", "easy")

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy: (observation vector, boolean mask of legal actions) -> action index."""


def make_env(seat: int, opponent: str, seed: int):
    """The learning environment: Architectura 2-player, learning in `seat`."""
    return rl.gym_env(GAME, PLAYERS, seat=seat, opponents=opponent, seed=seed)


def random_policy(seed: int) -> Policy:
    """Borough's `random` agent's play as a policy (uniform over legal actions)."""
    rng = np.random.default_rng(seed)
    return lambda obs, mask: int(rng.choice(np.flatnonzero(mask)))


def play_one(policy: Policy, opponent: str, seed: int, seat: int) -> float:
    """One game on `seed`, the policy in `seat`: 1 for a win, 0.5 for a shared win, else 0."""
    env = make_env(seat, opponent, seed)
    return play_out(env, seed, lambda obs: policy(obs, env.action_masks()))


def evaluate(policy: Policy, opponent: str, pairs: int, first_seed: int = 10_000) -> Evaluation:
    """Win share over `pairs` seeds, each played in both seats, with a 95% interval.

    Each seed's two games form one paired observation (their mean); the interval
    is the normal one over those means, which keeps the seat and deal luck that
    the pairing cancels out of the spread.
    """
    means = []
    for k in range(pairs):
        seed = first_seed + k
        means.append(np.mean([play_one(policy, opponent, seed, seat) for seat in range(2)]))
    mean = float(np.mean(means))
    half = 1.96 * float(np.std(means, ddof=1)) / math.sqrt(pairs) if pairs > 1 else float("nan")
    return Evaluation(opponent, pairs, 2 * pairs, mean, max(0.0, mean - half),
                      min(1.0, mean + half))


# ----------------------------------------------------------------- training
def train(out: Path, steps: dict[str, int], pairs: int, seed: int) -> dict[str, Any]:
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
    from stable_baselines3.common.vec_env import DummyVecEnv, VecNormalize

    torch.set_num_threads(1)
    out.mkdir(parents=True, exist_ok=True)
    curve: list[tuple[int, float, str]] = []  # (timestep, episode reward, opponent)
    started = time.process_time()
    # One environment learns in each seat; the opponent changes between the stages.
    envs = DummyVecEnv([
        (lambda s=s: Monitor(make_env(s, STAGES[0], seed + s))) for s in range(PLAYERS)
    ])
    norm = VecNormalize(envs, norm_obs=True, norm_reward=False)
    model = MaskablePPO("MlpPolicy", norm, seed=seed, n_steps=1024, batch_size=256,
                        learning_rate=3e-4, ent_coef=0.01, gamma=1.0, verbose=0)
    for opponent in STAGES:
        envs.env_method("set_opponents", opponent)
        norm.reset()
        stage_started = time.process_time()
        model.learn(steps[opponent], reset_num_timesteps=False,
                    callback=_curve_callback(curve, opponent))
        print(f"against {opponent}: {steps[opponent]} steps in "
              f"{time.process_time() - stage_started:.0f} s of CPU", flush=True)
    train_cpu = time.process_time() - started
    model.save(out / "policy.zip")
    norm.save(str(out / "normalise.pkl"))
    norm.training = False

    def trained(obs: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(norm.normalize_obs(obs[None, :]), action_masks=mask[None, :],
                                  deterministic=True)
        return int(action[0])

    started = time.process_time()
    results = {
        "steps": steps,
        "train_cpu_seconds": round(train_cpu, 1),
        "trained": [asdict(evaluate(trained, o, pairs)) for o in STAGES],
        "random_in_its_place": [asdict(evaluate(random_policy(seed), o, pairs)) for o in STAGES],
    }
    results["eval_cpu_seconds"] = round(time.process_time() - started, 1)
    plot(curve, steps, out / "learning_curve.png")
    (out / "results.json").write_text(json.dumps(results, indent=2))
    return results


def _curve_callback(curve: list, opponent: str):
    """Records each finished episode's reward with the timestep it ended at."""
    from stable_baselines3.common.callbacks import BaseCallback

    class CurveCallback(BaseCallback):
        def _on_step(self) -> bool:
            for info in self.locals.get("infos", []):
                episode = info.get("episode")
                if episode:
                    curve.append((self.num_timesteps, float(episode["r"]), opponent))
            return True

    return CurveCallback()


def plot(curve: list[tuple[int, float, str]], steps: dict[str, int], path: Path,
         window: int = 200) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    for opponent, colour in zip(STAGES, ("tab:blue", "tab:orange"), strict=True):
        points = [(t, r) for t, r, o in curve if o == opponent]
        if len(points) < window:
            continue
        t = np.array([p[0] for p in points])
        won = np.array([{1.0: 1.0, 0.0: 0.5}.get(p[1], 0.0) for p in points])
        rolling = np.convolve(won, np.ones(window) / window, mode="valid")
        ax.plot(t[window - 1:], rolling, color=colour, label=f"against {opponent}")
    ax.axvline(steps[STAGES[0]], color="grey", linestyle="--", linewidth=1)
    ax.axhline(0.5, color="grey", linewidth=0.5)
    ax.set_ylim(0, 1)
    ax.set_xlabel("learner decisions (timesteps)")
    ax.set_ylabel(f"win share, last {window} games")
    ax.set_title("Masked PPO on Architectura, 2 players")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("runs/architectura"))
    parser.add_argument("--steps-random", type=int, default=150_000)
    parser.add_argument("--steps-easy", type=int, default=150_000)
    parser.add_argument("--pairs", type=int, default=200, help="paired seeds per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    steps = {"random": args.steps_random, "easy": args.steps_easy}
    results = train(args.out, steps, args.pairs, args.seed)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
