"""What a card is worth on one sampled deal, as the strong player and the teacher both measure
it: the hand played out by a rollout player (:func:`played_out`), or solved double dummy with
every card open (:func:`solved_values`), scored as this seat's share of the stake
(:func:`seat_score`).

Split from :mod:`tricktable.ai.sheepshead.strong` (which re-exports :func:`seat_score`) so that
:mod:`tricktable.ai.teaching.sheepshead` measures a hint exactly as the player measures its
moves; compiled with mypyc like it (see ``setup.py``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tricktable.ai.sheepshead.sampling import SheepsheadSample, position_for
from tricktable.ai.sheepshead.solver import SheepsheadSolver
from tricktable.game import Action, ActionKind
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.deck import mask_points
from tricktable.sheepshead.rules import Rules
from tricktable.sheepshead.scoring import stake
from tricktable.sheepshead.search import INDEX_OF, UNKNOWN_MOVE, SearchPosition
from tricktable.sheepshead.state import HandState
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["played_out", "seat_score", "solved_values"]


def seat_score(seat: int, picker: int, partner: int | None, team_points: int,
               rules: Rules) -> float:
    """This seat's share of the stake for a picker's team finishing with ``team_points``."""
    tricks = 6 if team_points == 120 else (0 if team_points == 0 else 3)
    s, _ = stake(team_points, tricks, rules)
    if seat == picker:
        return float(4 * s if partner is None else 2 * s)
    if seat == partner:
        return float(s)
    return float(-s)


def played_out(view: SheepsheadView, start: HandState, options: Sequence[Action],
               player: BasicPlayer, rng: random.Random) -> list[float]:
    """This seat's score after each option, the rest of the hand played from ``start`` (the
    state the sample and the public history make) by ``player`` (``basic``) with ``rng``."""
    values = []
    for option in options:
        state = start.copy()
        state.apply(option)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            if state.legal_action_count() == 1:  # basic's play, without building its view
                state.apply(state.legal_actions()[0])
            else:
                state.apply(player.choose(state.view(seat), rng))
        assert state.result is not None
        values.append(float(state.result.scores[view.seat]))
    return values


def solved_values(view: SheepsheadView, sample: SheepsheadSample, options: Sequence[Action],
                  node_limit: int, stakes: int = 1) -> list[float]:
    """This seat's score after each card under best play by everybody on this deal: a leaster's
    score, or the seat's share of the stake (times ``stakes``) for the scoring band the
    picker's team reaches.  ``node_limit`` bounds the solver (0: none)."""
    position = position_for(view, sample)
    solver = SheepsheadSolver(node_limit=node_limit)
    me = view.seat
    moves = [_move(view, action) for action in options]
    values = []
    if position.leaster:
        for move in moves:
            position.make(move)
            values.append(float(solver.solve_leaster(position, me)))
            position.unmake()
        return values
    picker = view.picker
    assert picker is not None
    partner = None if view.alone else sample.partner
    team = position.team
    so_far = sum(position.points[s] for s in range(5) if team >> s & 1)
    so_far += mask_points(sample.buried)
    for move in moves:
        base = position.team_points
        position.make(move)
        band = _band(solver, position, so_far + position.team_points - base)
        position.unmake()
        values.append(seat_score(me, picker, partner, band, view.rules) * stakes)
    return values


def _move(view: SheepsheadView, action: Action) -> int:
    """The solver's move for a card play (the unknown card has a move of its own)."""
    assert action.kind is ActionKind.PLAY
    if view.unknown_card is not None and action.card == view.unknown_card:
        return UNKNOWN_MOVE
    return INDEX_OF[action.card]


def _band(solver: SheepsheadSolver, position: SearchPosition, gained: int) -> int:
    """The scoring band the picker's team reaches under best play, as a representative total:
    91, 61, 31 or 30 (schwarz, counted by tricks, is left out)."""
    def reaches(total: int) -> bool:
        need = total - gained
        if need <= 0:
            return True
        return solver.solve(position, need - 1, need) >= need

    if reaches(61):
        return 91 if reaches(91) else 61
    return 31 if reaches(31) else 30
