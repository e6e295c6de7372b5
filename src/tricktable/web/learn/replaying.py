"""What a lesson's replay does alike in both games: the transcript and its words, the walk
through the lesson's steps up to the first decision the learner's moves have not made yet, and
the engine's refusal of a move in words.

:mod:`.runner` (Sheepshead) and :mod:`.spades_runner` subclass :class:`Replay` with the game's
engine state and how each step is told.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tricktable.game import Action, IllegalAction, parse_action
from tricktable.i18n import translate
from tricktable.i18n.errors import WordedError
from tricktable.web.learn.lessons import YOU, Act, Ask, Computers, Say, Setup, Step

__all__ = ["NAMES", "LessonError", "Replay"]

NAMES = ("", "Ada", "Ben", "Cleo", "Dan")
"""The computer seats' names (seat 0 is you)."""


class LessonError(WordedError):
    """Moves the lesson cannot replay (a 400)."""


class Replay:
    """One replay's transcript in one language; a game's subclass sets ``state`` (its engine's
    hand state) and tells each kind of step."""

    state: Any

    def __init__(self, setup: Sequence[str], language: str) -> None:
        self.language = language
        self.items: list[dict[str, Any]] = []
        self.setup = list(setup)
        self.held: list[dict[str, Any]] = []
        """The trick just won, told after the checks that ask about it."""

    def t(self, key: str, **params: Any) -> str:
        return translate(self.language, key, **params)

    def name(self, seat: int) -> str:
        return self.t("learn.you") if seat == YOU else NAMES[seat]

    # --- What each game tells its own way -------------------------------------------------

    def params(self) -> dict[str, Any]:
        """The lesson text's parameters at this point of the hand."""
        raise NotImplementedError

    def set_up(self) -> None:
        """The lesson's setup actions."""
        raise NotImplementedError

    def computers(self) -> None:
        """The computer seats act until it is your turn (or a trick is complete)."""
        raise NotImplementedError

    def ask(self, step: Ask) -> None:
        """A check question about the hand so far."""
        raise NotImplementedError

    def pending(self, step: Act, refused: str | None = None) -> dict[str, Any]:
        """The decision asked of you now (with why the last move was refused, if it was)."""
        raise NotImplementedError

    def move(self, action: Action) -> None:
        """Makes your move ``action``, which the engine and the lesson allow."""
        raise NotImplementedError

    # --- Alike in both games --------------------------------------------------------------

    def walk(self, steps: Sequence[Step], moves: Sequence[str]) -> dict[str, Any] | None:
        """Replays ``steps`` with ``moves``: the decision still to make (None once the lesson
        is over).  Raises :class:`LessonError` for moves past the lesson's end."""
        left = list(moves)
        pending: dict[str, Any] | None = None
        for step in steps:
            if not isinstance(step, Ask):
                self.items += self.held
                self.held.clear()
            if isinstance(step, Say):
                self.items.append({"kind": "say", "text": self.t(step.key, **self.params())})
            elif isinstance(step, Setup):
                self.set_up()
                if step.key:
                    self.items.append({"kind": "say", "text": self.t(step.key, **self.params())})
            elif isinstance(step, Computers):
                self.computers()
            elif isinstance(step, Ask):
                self.ask(step)
            else:
                if not left:
                    pending = self.pending(step)
                    break
                refused = self.decide(step, left.pop(0), last=not left)
                if refused is not None:
                    pending = self.pending(step, refused)
                    break
        if pending is None:
            self.items += self.held
        if left:
            raise LessonError(f"the lesson is over before the moves {left!r}")
        return pending

    def decide(self, step: Act, text: str, last: bool) -> str | None:
        """Apply your move ``text``; the reason it is refused (on the last move only)."""
        try:
            action = parse_action(text)
        except ValueError as error:
            raise LessonError(str(error)) from None
        if refused := self.refusal(action):
            if last:
                return refused
            raise LessonError(f"the move {text!r} is not the lesson's: {refused}")
        if step.accept and str(action) not in step.accept:
            if last:
                return self.t(step.hint or "learn.hint", **self.params())
            raise LessonError(f"the move {text!r} is not the one this lesson goes on with")
        self.move(action)
        return None

    def refusal(self, action: Action) -> str | None:
        """Why the engine refuses ``action`` now, in words (None if it allows it)."""
        if action in self.state.legal_actions():
            return None
        try:
            self.state.copy().apply(action)
        except IllegalAction as error:
            return error.words(self.language)
        return self.t("learn.hint")
