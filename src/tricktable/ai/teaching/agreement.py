"""Whether the hint and the review of a decision agree: measured over positions of random New
games, for the tests (a bounded count) and ``bench/teaching_agreement.py`` (the full figure).

For each position the hint must recommend an option that is in its own table and is its best
or marked about equal to it (:func:`hint_is_honest`); and the review of the same decision, from
the same seed, must agree with the hint on the best option, find the hint's option about equal
to its own, or mark it with a stated margin (:class:`Agreement`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tricktable.ai.teaching.evaluation import decision_seed, evaluate
from tricktable.ai.teaching.hint import Hint, hint_from
from tricktable.ai.teaching.review import ReviewSettings, judge
from tricktable.game import Action
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.spades.bots import BasicPlayer as SpadesBasicPlayer
from tricktable.spades.match import Match as SpadesMatch
from tricktable.spades.rules import PRESETS as SPADES_PRESETS
from tricktable.spades.state import Phase as SpadesPhase

__all__ = ["GAME_PRESETS", "Agreement", "Turn", "agreement", "hint_is_honest", "positions", "turns"]

GAME_PRESETS = {"sheepshead": tuple(PRESETS), "spades": tuple(SPADES_PRESETS)}
"""Every preset of every game."""

_SEARCHED = (SpadesPhase.BID, SpadesPhase.PLAY)


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn of a match: who is to move, their view, and the decision's seed."""

    seat: int
    view: Any
    seed: str


def turns(match: Any, game_seed: str) -> Iterator[Turn]:
    """The turns of a Sheepshead or Spades match, until it is over; the caller applies the
    turn's action before taking the next.  Each seed is :func:`decision_seed` under
    ``game_seed``, as the web app derives a hint's."""
    while not match.is_over:
        deals = match.hands if isinstance(match, SpadesMatch) else match.deals
        hand = deals[-1]
        seat = match.to_move
        assert seat is not None
        yield Turn(seat, hand.view(seat), decision_seed(game_seed, len(deals) - 1,
                                                        len(hand.history)))


def positions(game: str, preset: str, count: int, seed: int = 0,
              *, wander: float = 0.25) -> Iterator[tuple[Any, Action, str]]:
    """``count`` decisions of seat 0 in random New games of ``preset``: its view, the action
    it took (``basic``'s, or with chance ``wander`` a random legal one, so some are mistakes)
    and the decision's seed.  Only real decisions (and in Spades bids and cards)."""
    rng = random.Random(seed)
    found = 0
    number = 0
    while True:
        number += 1
        game_seed = f"agreement/{preset}/{seed}/{number}"
        if game == "spades":
            match: Any = SpadesMatch(seed=game_seed, rules=SPADES_PRESETS[preset],
                                     first=rng.randrange(2))
            player: Any = SpadesBasicPlayer()
        else:
            match = Match(rules=PRESETS[preset], seed=game_seed)
            player = BasicPlayer()
        for turn in turns(match, game_seed):
            view = turn.view
            action = player.choose(view, rng)
            legal = view.legal_actions
            if turn.seat == 0 and len(legal) > 1 and (game != "spades"
                                                      or view.phase in _SEARCHED):
                if rng.random() < wander:
                    action = rng.choice(legal)
                yield view, action, turn.seed
                found += 1
                if found >= count:
                    return
            match.apply(action)


def hint_is_honest(found: Hint) -> bool:
    """Whether a hint's recommendation is in its table and is its best or about equal to it
    (a hint without a table — one legal option, or no search — has nothing to contradict)."""
    if not found.options:
        return True
    rows = {o.action: o for o in found.options}
    row = rows.get(found.action)
    if row is None:
        return False
    best = found.options[0]
    return row is best or (row.about_equal and found.close)


@dataclass(frozen=True, slots=True)
class Agreement:
    """One position: the hint, and what the review of the same decision said of its option."""

    honest: bool
    """The hint's recommendation is in its table and its best or about equal to it."""
    same: bool
    """The review recommends the hint's option too."""
    about_equal: bool
    """The review recommends another, but finds the hint's about equal to it (no mark)."""
    small: bool
    """The review finds the hint's option clearly worse by less than an inaccuracy (no mark;
    the gap and its ± are in the review's table)."""
    marked_with_margin: bool
    """The review marks the hint's option, with its margin and a note of why."""

    @property
    def agrees(self) -> bool:
        """The review agrees on the best option, or states its margin."""
        return self.same or self.about_equal or self.small or self.marked_with_margin


def agreement(view: Any, seed: str, settings: ReviewSettings) -> Agreement:
    """The hint of a decision and the review of its recommended option, from one evaluation
    (the review's, whose first deals are the hint's)."""
    found = evaluate(view, seed, settings.evaluation)
    given = hint_from(view, found.restricted(settings.hint_samples))
    decision = judge(view, given.action, seed, settings, found=found)
    same = decision.best == given.action
    marked = decision.mark is not None
    equal = not same and found.option(given.action).about_equal
    stated = marked and decision.note is not None and decision.error > 0.0
    return Agreement(honest=hint_is_honest(given), same=same, about_equal=equal,
                     small=not same and not equal and not marked, marked_with_margin=stated)
