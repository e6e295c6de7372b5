"""A learned value of a Sheepshead position with every hand known, for ``strong``'s leaves.

``strong`` judges a pick, a bury, a call and the cards of the first two tricks by playing each
option out to the end of the hand with ``basic`` on every sampled deal.  With a
:class:`LeafValue` (``strong:leaf=learned``) a card is judged instead by playing it, letting
``basic`` finish the trick, and asking the model what the position at the end of that trick is
worth: the picker's team's expected *stake* (what each defender pays it, in units, before any
doubling), trained on what ``strong``'s own play scored from such positions
(:mod:`tricktable.ai.sheepshead.selfplay`, ``tricktable train``).

A position is stored and read as a flat tuple of ints (:func:`raw_position`), so the data
written by self-play and the positions met in the search go through the same
:func:`features`.  The model is a small perceptron in numpy (one hidden layer); the committed
one is ``sheepshead-leaf.npz`` beside this module.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from tricktable.ai.sheepshead.solver import SearchAborted, SheepsheadSolver
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.deck import DECK, POINTS, TRUMP_MASK, mask_points
from tricktable.sheepshead.scoring import stake
from tricktable.sheepshead.search import SearchPosition
from tricktable.sheepshead.state import HandState
from tricktable.sheepshead.view import SheepsheadView

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "FEATURES",
    "MODEL_FILE",
    "RAW_FIELDS",
    "LeafModel",
    "LearnedLeaf",
    "SolvedLeaf",
    "solved_stake",
    "features",
    "load_model",
    "picker_stake",
    "raw_position",
    "role_factor",
]

MODEL_FILE: Final = "sheepshead-leaf.npz"
"""The committed model's file name, package data of :mod:`tricktable.ai.sheepshead`."""

RAW_FIELDS: Final = (
    "h0", "h1", "h2", "h3", "h4", "buried", "picker", "partner", "leader",
    "p0", "p1", "p2", "p3", "p4", "tricks_played", "called", "unknown", "unknown_played",
    "called_suit_led", "team_tricks",
)
"""The ints of a raw position, in order: the five hands as card bitmasks (the picker's unknown
card not in his), the bury's bitmask, picker, partner (-1: alone), the seat to lead, points
taken by each seat, tricks played, the called card (-1: none), the unknown card (-1: none),
whether it was played, whether the called suit was led, tricks the picker's team took."""

_CARDS: Final = tuple(int(c) for c in DECK)
_TRUMPS: Final = tuple(c for c in _CARDS if (1 << c) & TRUMP_MASK)

FEATURES: Final = 32 + 19
"""Inputs of the model (see :func:`features`)."""


def raw_position(state: HandState) -> tuple[int, ...]:
    """``state`` (a picked hand in the play phase, between tricks) as :data:`RAW_FIELDS`."""
    assert state.picker is not None
    picker = state.picker
    partner = -1 if state.partner is None or state.alone else state.partner
    team = {picker} if partner < 0 else {picker, partner}
    return (
        *state.hands, state.buried, picker, partner, state.leader, *state.points_by_seat,
        len(state.tricks), -1 if state.called is None else int(state.called),
        -1 if state.unknown is None else int(state.unknown), int(state.unknown_played),
        int(state.called_suit_led), sum(state.tricks_by_seat[s] for s in team),
    )


def features(raw: Sequence[int]) -> list[float]:
    """The model's inputs for a raw position, seen from the picker's team: who holds each card
    (+1 the team, -1 the defenders, 0 gone), then points taken and held, trumps held, seats
    relative to the leader, tricks played, going alone, and the called card's state."""
    hands = raw[0:5]
    buried, picker, partner, leader = raw[5], raw[6], raw[7], raw[8]
    taken = raw[9:14]
    tricks_played, called, unknown, unknown_played = raw[14], raw[15], raw[16], raw[17]
    called_led, team_tricks = raw[18], raw[19]
    team_mask = hands[picker] | (hands[partner] if partner >= 0 else 0)
    if unknown >= 0 and not unknown_played:
        team_mask |= 1 << unknown
    every = hands[0] | hands[1] | hands[2] | hands[3] | hands[4]
    defence_mask = every & ~team_mask
    out = [1.0 if team_mask >> c & 1 else (-1.0 if defence_mask >> c & 1 else 0.0)
           for c in _CARDS]
    team_taken = taken[picker] + (taken[partner] if partner >= 0 else 0) + mask_points(buried)
    defence_taken = sum(taken) - team_taken + mask_points(buried)
    team_trumps = _count(team_mask & TRUMP_MASK)
    defence_trumps = _count(defence_mask & TRUMP_MASK)
    out += [team_taken / 60.0, defence_taken / 60.0,
            mask_points(team_mask) / 60.0, mask_points(defence_mask) / 60.0,
            team_trumps / 7.0, defence_trumps / 7.0,
            (team_trumps - defence_trumps) / 7.0]
    for offset in range(5):
        seat = (leader + offset) % 5
        out.append(1.0 if seat == picker else (0.5 if seat == partner else 0.0))
    out += [
        1.0 if partner < 0 else 0.0,
        tricks_played / 6.0,
        1.0 if team_tricks > 0 else 0.0,
        1.0 if team_tricks == tricks_played else 0.0,
        0.0 if called_led or called < 0 else 1.0,
        1.0 if called >= 0 and called in _TRUMPS else 0.0,
        1.0 if team_taken + mask_points(team_mask) >= 61 else 0.0,
    ]
    return out


def _count(mask: int) -> int:
    return bin(mask).count("1")


def picker_stake(scores: Sequence[int], picker: int, partner: int, multiplier: int) -> float:
    """What each defender paid the picker's team, in units before the hand's ``multiplier``."""
    defender = next(s for s in range(5) if s not in (picker, partner))
    return -scores[defender] / multiplier


def role_factor(seat: int, picker: int, partner: int) -> float:
    """What ``seat`` gets per unit of the picker's team's stake: 4 alone, 2 picker, 1 partner,
    -1 defender."""
    if seat == picker:
        return 4.0 if partner < 0 else 2.0
    return 1.0 if seat == partner else -1.0


@dataclass(frozen=True)
class LeafModel:
    """The picker's team's expected stake from a position: a one-hidden-layer perceptron
    (``tanh``) on standardised :func:`features`."""

    mean: np.ndarray
    scale: np.ndarray
    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: float

    def predict(self, rows: Any) -> np.ndarray:
        """The expected stake for each row of features (a 2-d array)."""
        import numpy as np

        x = (np.asarray(rows, dtype=np.float64) - self.mean) / self.scale
        hidden = np.tanh(x @ self.w1 + self.b1)
        result: np.ndarray = hidden @ self.w2 + self.b2
        return result

    def stake(self, raw: Sequence[int]) -> float:
        """The expected stake of one raw position."""
        return float(self.predict([features(raw)])[0])

    def save(self, path: Path) -> None:
        import numpy as np

        with path.open("wb") as out:
            np.savez(out, mean=self.mean, scale=self.scale, w1=self.w1, b1=self.b1,
                     w2=self.w2, b2=np.array([self.b2]))


def load_model(path: Path | None = None) -> LeafModel:
    """The model saved at ``path`` (None: the committed one)."""
    import numpy as np

    if path is None:
        source = resources.files("tricktable.ai.sheepshead").joinpath(MODEL_FILE)
        with source.open("rb") as stream:
            data = dict(np.load(stream))
    else:
        with np.load(path) as loaded:
            data = dict(loaded)
    if data["w1"].shape[0] != FEATURES:
        raise ValueError(f"The model takes {data['w1'].shape[0]} features; this code makes "
                         f"{FEATURES}: retrain it (tricktable train fit).")
    return LeafModel(mean=data["mean"], scale=data["scale"], w1=data["w1"], b1=data["b1"],
                     w2=data["w2"], b2=float(data["b2"][0]))


_POINTS_CHECK: Final = sum(POINTS[c] for c in _CARDS)
assert _POINTS_CHECK == 120

_RNG: Final = random.Random(0)
"""Handed to ``basic``, which never draws from it."""


def _play(state: HandState, basic: BasicPlayer, tricks: int) -> None:
    """``basic`` plays every seat until ``tricks`` tricks are done or the hand is over."""
    while not state.is_over and len(state.tricks) < tricks:
        seat = state.to_move
        assert seat is not None
        if state.legal_action_count() == 1:
            state.apply(state.legal_actions()[0])
        else:
            state.apply(basic.choose(state.view(seat), _RNG))


def _score(state: HandState, seat: int) -> float:
    assert state.result is not None
    return float(state.result.scores[seat])


def solved_stake(state: HandState, node_limit: int = 0) -> float:
    """The stake (units, before doubling) of the band the picker's team reaches from
    ``state`` with every card open and best play (raises ``SearchAborted`` past
    ``node_limit`` nodes; 0: none)."""
    assert state.picker is not None
    position = SearchPosition.from_state(state)
    solver = SheepsheadSolver(node_limit=node_limit)
    team = {state.picker} if state.partner is None else {state.picker, state.partner}
    gained = sum(state.points_by_seat[s] for s in team) + mask_points(state.buried)

    def reaches(total: int) -> bool:
        need = total - gained
        return need <= 0 or solver.solve(position, need - 1, need) >= need

    band = (91 if reaches(91) else 61) if reaches(61) else (31 if reaches(31) else 30)
    units, _ = stake(band, 3, state.rules)
    return float(units)


class _HorizonLeaf:
    """Plays each option, lets ``basic`` finish its trick, and values the position there
    (:meth:`_values`); a position it cannot value (a leaster, the hand over) is played out."""

    def __init__(self) -> None:
        self.basic = BasicPlayer()

    def __call__(self, view: SheepsheadView, start: HandState,
                 options: Sequence[Action]) -> list[float]:
        seat = view.seat
        horizon = len(start.tricks) + 1
        values: list[float | None] = []
        pending: list[tuple[int, HandState]] = []
        for option in options:
            state = start.copy()
            state.apply(option)
            _play(state, self.basic, horizon)
            if state.is_over or state.picker is None:
                _play(state, self.basic, 6)
                values.append(_score(state, seat))
            else:
                values.append(None)
                pending.append((len(values) - 1, state))
        if pending:
            judged = self._values([state for _, state in pending])
            for (index, state), units in zip(pending, judged, strict=True):
                if units is None:
                    _play(state, self.basic, 6)
                    values[index] = _score(state, seat)
                    continue
                assert state.picker is not None
                partner = -1 if state.partner is None or state.alone else state.partner
                factor = role_factor(seat, state.picker, partner)
                values[index] = factor * units * state.stake_multiplier
        return [v for v in values if v is not None]

    def _values(self, states: list[HandState]) -> list[float | None]:
        raise NotImplementedError


class LearnedLeaf(_HorizonLeaf):
    """Values the position at the end of the trick with a :class:`LeafModel`
    (``strong:leaf=learned``)."""

    def __init__(self, model: LeafModel) -> None:
        super().__init__()
        self.model = model

    def _values(self, states: list[HandState]) -> list[float | None]:
        rows = [features(raw_position(state)) for state in states]
        return [float(v) for v in self.model.predict(rows)]


class SolvedLeaf(_HorizonLeaf):
    """Values the position at the end of the trick by the open-card solver's band (the
    control, ``strong:leaf=solved``); past ``node_limit`` nodes it plays the hand out."""

    def __init__(self, node_limit: int = 40_000) -> None:
        super().__init__()
        self.node_limit = node_limit

    def _values(self, states: list[HandState]) -> list[float | None]:
        values: list[float | None] = []
        for state in states:
            try:
                values.append(solved_stake(state, self.node_limit))
            except SearchAborted:
                values.append(None)
        return values
