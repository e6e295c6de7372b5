"""A learned policy — a small multilayer perceptron in numpy — saved as ``.npz``, and the player
that plays it (``policy:PATH`` in the arena and everywhere players are named).

**File format** (``numpy.savez``; every entry an array):

=======================  ==================================================================
``format``               the string ``"tricktable-policy-v1"``
``game``                 ``"sheepshead"`` or ``"spades"``
``activation``           ``"tanh"`` or ``"relu"``, between layers
``layers``               the number of layers L (an integer)
``w0`` … ``w{L-1}``      float32 weight matrices; ``w0`` has the observation size as rows,
                         ``w{L-1}`` the action count as columns
``b0`` … ``b{L-1}``      float32 bias vectors
=======================  ==================================================================

The logits are ``x @ w0 + b0``, the activation, and so on, with no activation after the last
layer.  The player takes the legal action with the highest logit.

A Sheepshead policy saved before the double blitz (``blitz QC QS QH QD``) had an id has 734
logits.  It loads with a 735th for id 734, its weights 0 and its bias the lowest float32: the
policy never shows both pairs at once, and chooses as before everywhere else.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from tricktable.game import Action, legal_choices
from tricktable.rl.games import GAMES, game_for

__all__ = ["FORMAT", "MlpPolicy", "PolicyPlayer", "load_policy", "policy_player", "save_policy"]

FORMAT = "tricktable-policy-v1"
ACTIVATIONS = ("tanh", "relu")
_OLD_SHEEPSHEAD_ACTIONS = 734
"""Sheepshead's action count before the double blitz had an id (734, the next one)."""

FloatArray = NDArray[np.float32]


@dataclass(frozen=True, slots=True)
class MlpPolicy:
    """The weights of a policy for ``game``."""

    game: str
    weights: tuple[FloatArray, ...]
    biases: tuple[FloatArray, ...]
    activation: str = "tanh"

    def __post_init__(self) -> None:
        if self.game not in GAMES:
            raise ValueError(f"A policy's game is one of {', '.join(GAMES)}, not {self.game!r}.")
        if self.activation not in ACTIVATIONS:
            raise ValueError(f"The activation is tanh or relu, not {self.activation!r}.")
        if not self.weights or len(self.weights) != len(self.biases):
            raise ValueError("A policy has at least one layer, each with weights and biases.")
        encoding = game_for(self.game)
        rows = encoding.observation_size
        for number, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            if w.ndim != 2 or w.shape[0] != rows or b.shape != (w.shape[1],):
                raise ValueError(
                    f"Layer {number} has weights {w.shape} and biases {b.shape}; expected "
                    f"({rows}, n) and (n,)."
                )
            rows = w.shape[1]
        if rows != encoding.action_count:
            raise ValueError(
                f"The last layer gives {rows} logits; {self.game} has {encoding.action_count} "
                "actions."
            )

    def logits(self, observation: FloatArray) -> FloatArray:
        """The logits of every action for one observation (or a batch of them)."""
        x = observation
        last = len(self.weights) - 1
        relu = self.activation == "relu"
        for number, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            x = x @ w + b
            if number < last:
                x = np.maximum(x, 0) if relu else np.tanh(x)
        return x


def random_policy(
    game: str, hidden: tuple[int, ...] = (128,), *, seed: int = 0, activation: str = "tanh"
) -> MlpPolicy:
    """A policy with small random weights (Glorot-scaled), the start of training."""
    encoding = game_for(game)
    sizes = (encoding.observation_size, *hidden, encoding.action_count)
    rng = np.random.default_rng(seed)
    weights = tuple(
        (rng.standard_normal((a, b)) * np.sqrt(2.0 / (a + b))).astype(np.float32)
        for a, b in pairwise(sizes)
    )
    biases = tuple(np.zeros(b, np.float32) for b in sizes[1:])
    return MlpPolicy(game, weights, biases, activation)


def save_policy(policy: MlpPolicy, path: str | Path) -> None:
    """Write ``policy`` in the documented ``.npz`` format."""
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "game": np.array(policy.game),
        "activation": np.array(policy.activation),
        "layers": np.array(len(policy.weights)),
    }
    for number, (w, b) in enumerate(zip(policy.weights, policy.biases, strict=True)):
        arrays[f"w{number}"] = w.astype(np.float32)
        arrays[f"b{number}"] = b.astype(np.float32)
    with open(path, "wb") as file:
        np.savez(file, **arrays)


def load_policy(path: str | Path) -> MlpPolicy:
    """Read a policy file; raises ``ValueError`` saying what is wrong with it."""
    try:
        with np.load(path, allow_pickle=False) as data:
            arrays = {key: data[key] for key in data.files}
    except FileNotFoundError:
        raise ValueError(f"There is no policy file {str(path)!r}.") from None
    except (OSError, ValueError) as error:
        raise ValueError(f"{str(path)!r} is not a policy file (.npz): {error}") from None
    if str(arrays.get("format", "")) != FORMAT:
        raise ValueError(f"{str(path)!r} is not a {FORMAT} file.")
    try:
        layers = int(arrays["layers"])
        game = str(arrays["game"])
        weights = [arrays[f"w{k}"].astype(np.float32) for k in range(layers)]
        biases = [arrays[f"b{k}"].astype(np.float32) for k in range(layers)]
        activation = str(arrays["activation"])
    except KeyError as error:
        raise ValueError(f"{str(path)!r} lacks the entry {error.args[0]!r}.") from None
    if game == "sheepshead" and weights and _widens(weights[-1], biases[-1]):
        weights[-1] = np.hstack([weights[-1], np.zeros((weights[-1].shape[0], 1), np.float32)])
        biases[-1] = np.append(biases[-1], np.finfo(np.float32).min).astype(np.float32)
    return MlpPolicy(game, tuple(weights), tuple(biases), activation)


def _widens(last: FloatArray, bias: FloatArray) -> bool:
    """Whether a Sheepshead policy's last layer is of the space before the double blitz."""
    return (last.ndim == 2 and last.shape[1] == _OLD_SHEEPSHEAD_ACTIONS
            and bias.shape == (_OLD_SHEEPSHEAD_ACTIONS,))


class PolicyPlayer:
    """Plays a policy: encodes its view, takes the legal action with the highest logit."""

    def __init__(self, policy: MlpPolicy, name: str = "policy") -> None:
        self.policy = policy
        self.name = name
        self._game = game_for(policy.game)

    def choose(self, view: Any, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        logits = self.policy.logits(self._game.observation(view))
        ids = self._game.legal_ids(legal)
        best = int(np.argmax(logits[ids]))
        return legal[best]


def policy_player(game: str, path: str) -> PolicyPlayer:
    """The player ``policy:PATH`` for ``game``; raises ``ValueError`` for a bad file or a policy
    of another game."""
    policy = load_policy(path)
    if policy.game != game:
        raise ValueError(f"{path!r} is a {policy.game} policy, not a {game} one.")
    return PolicyPlayer(policy, name=f"policy:{path}")
