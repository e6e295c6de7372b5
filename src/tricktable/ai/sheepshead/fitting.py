"""Fitting the learned leaf value (:mod:`tricktable.ai.sheepshead.learned`) to self-play data
(:mod:`tricktable.ai.sheepshead.selfplay`), in numpy: a one-hidden-layer perceptron trained by
full-batch Adam on the squared error, stopped where the validation loss is lowest.

The shards whose seed is a multiple of ``holdout`` (10) are the validation set, so adding shards
never moves a record from one side to the other.  The report compares the model's validation
loss with the trivial predictor (the training mean), a linear fit of the same features, and the
two judgements the search already has on the same positions: ``basic`` playing the position
out, and (after trick 2) the open-card solver's band.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tricktable.ai.sheepshead.learned import FEATURES, LeafModel, features

__all__ = ["FitReport", "fit"]


@dataclass
class FitReport:
    """Validation losses (mean squared error of the stake, in units²) by predictor and by
    tricks played, and the sizes."""

    train_rows: int
    validation_rows: int
    epochs: int
    losses: dict[str, dict[str, float]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=dict)

    def lines(self) -> list[str]:
        out = [f"rows: {self.train_rows} training, {self.validation_rows} validation; "
               f"best epoch {self.epochs}"]
        for subset, losses in self.losses.items():
            parts = ", ".join(f"{name} {value:.4f}" for name, value in losses.items())
            out.append(f"{subset} ({self.counts[subset]} rows): {parts}")
        return out


def _arrays(records: list[dict[str, Any]]) -> tuple[np.ndarray, np.ndarray]:
    x = np.array([features(r["raw"]) for r in records], dtype=np.float64).reshape(-1, FEATURES)
    y = np.array([r["stake"] for r in records], dtype=np.float64)
    return x, y


def _train(x: np.ndarray, y: np.ndarray, xv: np.ndarray, yv: np.ndarray, *, hidden: int,
           epochs: int, rate: float, decay: float, seed: int) -> tuple[LeafModel, int]:
    mean = x.mean(axis=0)
    scale = x.std(axis=0)
    scale[scale < 1e-6] = 1.0
    xs = (x - mean) / scale
    xvs = (xv - mean) / scale
    rng = np.random.default_rng(seed)
    params = [rng.normal(0.0, 1.0 / np.sqrt(FEATURES), (FEATURES, hidden)), np.zeros(hidden),
              rng.normal(0.0, 1.0 / np.sqrt(hidden), hidden), np.array([y.mean()])]
    moments = [np.zeros_like(p) for p in params]
    squares = [np.zeros_like(p) for p in params]
    best = (np.inf, 0, [p.copy() for p in params])
    n = len(y)
    for epoch in range(1, epochs + 1):
        w1, b1, w2, b2 = params
        h = np.tanh(xs @ w1 + b1)
        error = h @ w2 + b2[0] - y
        grad_out = 2.0 * error / n
        gw2 = h.T @ grad_out + decay * w2
        gb2 = np.array([grad_out.sum()])
        gh = np.outer(grad_out, w2) * (1.0 - h * h)
        gw1 = xs.T @ gh + decay * w1
        gb1 = gh.sum(axis=0)
        for k, g in enumerate((gw1, gb1, gw2, gb2)):
            moments[k] = 0.9 * moments[k] + 0.1 * g
            squares[k] = 0.999 * squares[k] + 0.001 * g * g
            m_hat = moments[k] / (1 - 0.9 ** epoch)
            v_hat = squares[k] / (1 - 0.999 ** epoch)
            params[k] = params[k] - rate * m_hat / (np.sqrt(v_hat) + 1e-8)
        if epoch % 10 == 0:
            w1, b1, w2, b2 = params
            loss = float(np.mean((np.tanh(xvs @ w1 + b1) @ w2 + b2[0] - yv) ** 2))
            if loss < best[0]:
                best = (loss, epoch, [p.copy() for p in params])
    w1, b1, w2, b2 = best[2]
    return LeafModel(mean=mean, scale=scale, w1=w1, b1=b1, w2=w2, b2=float(b2[0])), best[1]


def _linear(x: np.ndarray, y: np.ndarray, xv: np.ndarray, ridge: float = 1.0) -> np.ndarray:
    a = np.hstack([x, np.ones((len(x), 1))])
    av = np.hstack([xv, np.ones((len(xv), 1))])
    weights = np.linalg.solve(a.T @ a + ridge * np.eye(a.shape[1]), a.T @ y)
    predicted: np.ndarray = av @ weights
    return predicted


def fit(records: list[dict[str, Any]], *, holdout: int = 10, hidden: int = 16,
        epochs: int = 1500, rate: float = 0.001, decay: float = 1e-2,
        seed: int = 0) -> tuple[LeafModel, FitReport]:
    """The model fitted to ``records`` and its validation report."""
    train = [r for r in records if r["shard"] % holdout]
    valid = [r for r in records if not r["shard"] % holdout]
    if not train or not valid:
        raise ValueError(f"Fitting needs shards on both sides: seeds that are multiples of "
                         f"{holdout} validate, the rest train ({len(train)} and {len(valid)} "
                         f"records now).")
    x, y = _arrays(train)
    xv, yv = _arrays(valid)
    model, best_epoch = _train(x, y, xv, yv, hidden=hidden, epochs=epochs, rate=rate,
                               decay=decay, seed=seed)
    predicted = {
        "mean": np.full(len(yv), y.mean()),
        "linear": _linear(x, y, xv),
        "model": model.predict(xv),
        "basic": np.array([r["basic"] for r in valid], dtype=np.float64),
    }
    report = FitReport(train_rows=len(y), validation_rows=len(yv), epochs=best_epoch)
    tricks = np.array([r["raw"][14] for r in valid])
    solved = np.array([np.nan if r["solved"] is None else r["solved"] for r in valid])
    for name, mask in (("all", np.ones(len(yv), bool)), ("after trick 1", tricks == 1),
                       ("after trick 2", tricks == 2)):
        if not mask.any():
            continue
        losses = {key: float(np.mean((p[mask] - yv[mask]) ** 2)) for key, p in predicted.items()}
        report.counts[name] = int(mask.sum())
        report.losses[name] = losses
    have = ~np.isnan(solved)
    if have.any():
        losses = {key: float(np.mean((p[have] - yv[have]) ** 2)) for key, p in predicted.items()}
        losses["solved"] = float(np.mean((solved[have] - yv[have]) ** 2))
        report.counts["solved too"] = int(have.sum())
        report.losses["solved too"] = losses
    return model, report
