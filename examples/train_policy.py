"""Train a small Sheepshead (or Spades) policy in numpy, then measure it in the arena.

1. **Imitation.**  Play hands with ``basic`` in every seat and record, for each decision with a
   choice, the deciding seat's observation, its legal actions and what ``basic`` chose; fit a
   one-hidden-layer perceptron to those choices (softmax over the legal actions, Adam).
2. **Fine-tuning** (optional, ``--reinforce-hands``): REINFORCE with a running-mean baseline,
   the policy in one seat of :class:`~tricktable.rl.single_agent.SingleAgentEnv` against
   ``basic``.
3. **Measuring.**  Save the policy (``tricktable.rl.policy`` documents the ``.npz`` format) and
   play it against ``random`` and ``basic`` in the arena, by duplicate play.

    python examples/train_policy.py --out sheepshead-policy.npz

Then ``tricktable arena sheepshead --players policy:sheepshead-policy.npz,random`` measures it
again.  Everything is seeded: the same arguments train the same policy.
"""

from __future__ import annotations

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # one core, as promised
os.environ.setdefault("OMP_NUM_THREADS", "1")

import argparse
import random
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from tricktable.ai.arena.runner import ArenaSpec, run_arena
from tricktable.ai.players import make_player
from tricktable.rl.games import game_for
from tricktable.rl.policy import MlpPolicy, random_policy, save_policy
from tricktable.rl.single_agent import SingleAgentEnv

Floats = NDArray[np.float32]


@dataclass
class Samples:
    observations: Floats
    masks: NDArray[np.bool_]
    actions: NDArray[np.int64]


def collect(game_name: str, hands: int, seed: int) -> Samples:
    """Decisions of ``basic`` players, each from its own seat's view."""
    game = game_for(game_name)
    rng = np.random.default_rng(seed)
    choices = random.Random(seed)
    players = [make_player(game_name, "basic") for _ in range(game.seats)]
    observations: list[Floats] = []
    masks: list[NDArray[np.int8]] = []
    actions: list[int] = []
    for _ in range(hands):
        hand = game.new_hand(rng)
        while hand.to_move is not None:
            seat = hand.to_move
            view = hand.view(seat)
            action = players[seat].choose(view, choices)
            if len(view.legal_actions) > 1:
                observations.append(game.observation(view))
                masks.append(game.action_mask(view))
                actions.append(game.action_id(action, view))  # type: ignore[arg-type]
            hand.apply(action, seat=seat)
    return Samples(np.stack(observations), np.stack(masks).astype(bool),
                   np.array(actions, np.int64))


class Adam:
    """Adam over a list of arrays, updated in place."""

    def __init__(self, params: list[Floats], rate: float) -> None:
        self.params = params
        self.rate = rate
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def step(self, grads: list[Floats]) -> None:
        self.t += 1
        for p, g, m, v in zip(self.params, grads, self.m, self.v, strict=True):
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.t)
            v_hat = v / (1 - 0.999**self.t)
            p -= self.rate * m_hat / (np.sqrt(v_hat) + 1e-8)


def gradients(
    policy: MlpPolicy, x: Floats, masks: NDArray[np.bool_], actions: NDArray[np.int64],
    weights: Floats,
) -> tuple[float, list[Floats]]:
    """Loss and gradients of ``-sum(weight * log p(action))`` / batch, p masked to legal."""
    (w0, w1), (b0, b1) = policy.weights, policy.biases
    hidden = np.tanh(x @ w0 + b0)
    logits = np.where(masks, hidden @ w1 + b1, -1e9)
    logits -= logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    rows = np.arange(len(actions))
    loss = float(-(weights * np.log(p[rows, actions] + 1e-12)).mean())
    dz = p
    dz[rows, actions] -= 1
    dz *= (weights / len(actions))[:, None]
    dh = (dz @ w1.T) * (1 - hidden * hidden)
    grads = [x.T @ dh, hidden.T @ dz, dh.sum(axis=0), dz.sum(axis=0)]
    return loss, [g.astype(np.float32) for g in grads]


def imitate(policy: MlpPolicy, data: Samples, *, epochs: int, batch: int, rate: float,
            seed: int) -> None:
    rng = np.random.default_rng(seed)
    params = [*policy.weights, *policy.biases]
    adam = Adam(params, rate)
    ones = np.ones(batch, np.float32)
    for epoch in range(epochs):
        order = rng.permutation(len(data.actions))
        losses = []
        for start in range(0, len(order), batch):
            pick = order[start:start + batch]
            loss, grads = gradients(policy, data.observations[pick], data.masks[pick],
                                    data.actions[pick], ones[:len(pick)])
            w0, w1, b0, b1 = grads
            adam.step([w0, w1, b0, b1])
            losses.append(loss)
        agree = accuracy(policy, data)
        print(f"  epoch {epoch + 1}: loss {np.mean(losses):.3f}, agrees with basic {agree:.1%}")


def accuracy(policy: MlpPolicy, data: Samples) -> float:
    logits = np.where(data.masks, policy.logits(data.observations), -np.inf)
    return float((logits.argmax(axis=1) == data.actions).mean())


def reinforce(policy: MlpPolicy, game_name: str, *, hands: int, batch: int, rate: float,
              seed: int) -> None:
    """Policy gradient against ``basic``: sample from the masked softmax, reward at the end."""
    env = SingleAgentEnv(game_name, opponents="basic", illegal_action="raise")
    rng = np.random.default_rng(seed)
    adam = Adam([*policy.weights, *policy.biases], rate)
    baseline = 0.0
    xs: list[Floats] = []
    ms: list[NDArray[np.bool_]] = []
    acts: list[int] = []
    advantages: list[float] = []
    total = 0.0
    for number in range(hands):
        obs, _ = env.reset(seed=int(rng.integers(2**62)))
        steps = 0
        done = False
        reward = 0.0
        while not done:
            mask = obs["action_mask"].astype(bool)
            logits = np.where(mask, policy.logits(obs["observation"]), -np.inf)
            p = np.exp(logits - logits.max())
            p /= p.sum()
            action = int(rng.choice(len(p), p=p))
            xs.append(obs["observation"])
            ms.append(mask)
            acts.append(action)
            steps += 1
            obs, r, done, _, _ = env.step(action)
            reward += r
        total += reward
        advantages += [reward - baseline] * steps
        baseline += 0.02 * (reward - baseline)
        if (number + 1) % batch == 0 or number + 1 == hands:
            # Ascend advantage-weighted log-likelihood (the loss is its negative).
            _, grads = gradients(policy, np.stack(xs), np.stack(ms), np.array(acts),
                                 np.array(advantages, np.float32))
            adam.step(grads)
            xs, ms, acts, advantages = [], [], [], []
        if (number + 1) % max(1, hands // 5) == 0:
            print(f"  {number + 1} hands: mean reward {total / (number + 1):+.3f}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="sheepshead", choices=["sheepshead", "spades"])
    parser.add_argument("--hands", type=int, default=3000, help="hands of basic to imitate")
    parser.add_argument("--hidden", type=int, default=128)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--rate", type=float, default=2e-3)
    parser.add_argument("--reinforce-hands", type=int, default=0,
                        help="hands of REINFORCE fine-tuning against basic afterwards")
    parser.add_argument("--arena-deals", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("policy.npz"))
    args = parser.parse_args(argv)

    start = time.perf_counter()
    print(f"collecting {args.hands} hands of basic ...")
    data = collect(args.game, args.hands, args.seed)
    print(f"  {len(data.actions):,} decisions in {time.perf_counter() - start:.0f} s")
    policy = random_policy(args.game, (args.hidden,), seed=args.seed)
    print("imitating ...")
    imitate(policy, data, epochs=args.epochs, batch=args.batch, rate=args.rate, seed=args.seed)
    if args.reinforce_hands:
        print(f"fine-tuning against basic for {args.reinforce_hands} hands ...")
        reinforce(policy, args.game, hands=args.reinforce_hands, batch=32, rate=args.rate / 10,
                  seed=args.seed)
    save_policy(policy, args.out)
    print(f"saved {args.out} after {time.perf_counter() - start:.0f} s of training")
    for opponent in ("random", "basic"):
        spec = ArenaSpec(game=args.game, players=(f"policy:{args.out}", opponent),
                         deals=args.arena_deals, seed=args.seed)
        report = run_arena(spec)
        mine = report.players[f"policy:{args.out}"].score
        theirs = report.players[opponent].score
        print(f"arena vs {opponent} ({args.arena_deals} deals, every seat): "
              f"policy {mine.mean:+.3f} ± {mine.half_width or 0:.3f}, "
              f"{opponent} {theirs.mean:+.3f} ± {theirs.half_width or 0:.3f} "
              f"{report.score_label} (95% CI)")


if __name__ == "__main__":
    main()
