"""A lesson replayed through the engine: the learner's moves so far in, the lesson so far out.

The lesson is stateless on the server: the browser sends the moves it made (action texts such as
``"play 9D"``) and :func:`run` replays the lesson's deal, setup and steps through
:class:`~tricktable.sheepshead.state.HandState`, stopping at the first decision still to make.
What it returns is seat 0's: its hand, and every other card only once it has been played.  Each
computer card is worded from what the table has seen (the suit led, the card winning so far, a
partner already shown), never from a hand.
"""

from __future__ import annotations

from typing import Any

from tricktable.cards import Card, parse_cards
from tricktable.game import PASS, Action, ActionKind, parse_action
from tricktable.sheepshead.deck import PLAY_SUIT, POINTS, STRENGTH, PlaySuit, mask_points
from tricktable.sheepshead.hand import Phase
from tricktable.sheepshead.state import HandState, new_hand
from tricktable.web.learn.lessons import (
    YOU,
    Act,
    Ask,
    Lesson,
    build_deal,
)
from tricktable.web.learn.replaying import NAMES, LessonError, Replay
from tricktable.web.pages.rules_facts import sheepshead_facts

__all__ = ["NAMES", "LessonError", "run"]

_FACTS = ("trump_order", "trump_count", "ace", "ten", "king", "queen", "jack", "deck_points",
          "win", "hand_size", "blind_size")
_SUIT_KEYS = {PlaySuit.CLUBS: "learn.suit.clubs", PlaySuit.SPADES: "learn.suit.spades",
              PlaySuit.HEARTS: "learn.suit.hearts", PlaySuit.TRUMP: "learn.suit.trump"}


def _symbol(card: Card) -> str:
    return str(card.rank.text) + card.suit.symbol


def _card(card: Card) -> str:
    return str(card)


class _Run(Replay):
    """One replay: the engine state, the transcript so far, in one language."""

    def __init__(self, lesson: Lesson, language: str) -> None:
        super().__init__(lesson.setup, language)
        self.lesson = lesson
        self.state: HandState = new_hand(deal=build_deal(lesson.hands, lesson.blind),
                                         dealer=lesson.dealer)

    def params(self) -> dict[str, Any]:
        facts = sheepshead_facts()
        state = self.state
        params: dict[str, Any] = {name: facts[name] for name in _FACTS}
        params["picker"] = self.name(state.picker) if state.picker is not None else ""
        params["called"] = _symbol(state.called) if state.called is not None else ""
        if state.picker == YOU and state.phase is not Phase.PICK:
            blind = self.lesson.blind
            params["blind"] = " ".join(_symbol(c) for c in parse_cards(blind))
        return params

    # --- The computer seats ---------------------------------------------------------------

    def set_up(self) -> None:
        """The lesson's setup actions, each worded as the table saw it."""
        while self.setup:
            seat = self.state.to_move
            assert seat is not None
            action = parse_action(self.setup.pop(0))
            self.state.apply(action)
            self.items.append({"kind": "did", "text": self.worded(seat, action)})

    def computers(self) -> None:
        self.set_up()
        state = self.state
        while state.to_move is not None and state.to_move != YOU:
            if state.phase is not Phase.PLAY:
                seat = state.to_move
                action = PASS  # the lessons' computers never pick
                state.apply(action)
                self.items.append({"kind": "did", "text": self.worded(seat, action)})
                continue
            self.play(self.computer_card(state.to_move))
            if not state.current_trick:
                return

    def computer_card(self, seat: int) -> Card:
        legal = [a.card for a in self.state.legal_actions()]
        for card in parse_cards(self.lesson.prefer.get(seat, "")):
            if card in legal:
                return card
        return legal[0]

    def worded(self, seat: int, action: Action) -> str:
        kind = action.kind
        if seat == YOU:
            if kind is ActionKind.BURY:
                return self.t("learn.did.you_bury",
                              cards=" ".join(_symbol(c) for c in action.cards))
            you = {ActionKind.PASS: "learn.did.you_pass", ActionKind.PICK: "learn.did.you_pick",
                   ActionKind.ALONE: "learn.did.you_alone"}
            if kind in you:
                return self.t(you[kind])
            return self.t("learn.did.you_call", card=_symbol(action.card))
        if kind is ActionKind.PASS:
            return self.t("learn.did.pass", name=self.name(seat))
        if kind is ActionKind.PICK:
            return self.t("learn.did.pick", name=self.name(seat))
        if kind is ActionKind.BURY:
            return self.t("learn.did.bury", name=self.name(seat))
        if kind is ActionKind.CALL:
            return self.t("learn.did.call", name=self.name(seat), card=_symbol(action.card))
        return self.t("learn.did.alone", name=self.name(seat))

    # --- Cards played ---------------------------------------------------------------------

    def play(self, card: Card) -> None:
        """Seat to move plays ``card``; the transcript says why, from the table's view."""
        state = self.state
        seat = state.to_move
        assert seat is not None
        before = state.current_trick
        leader_card = before[0] if before else card
        led = PlaySuit(PLAY_SUIT[leader_card])
        best = max(before, key=lambda c: STRENGTH[led][c]) if before else None
        state.apply(Action.play(card))
        why = self.why(seat, card, led, best)
        self.items.append({"kind": "play", "seat": seat, "name": self.name(seat),
                           "card": _card(card), "text": why})
        if not state.current_trick:
            trick = state.tricks[-1]
            self.held.append({
                "kind": "trick", "winner": trick.winner, "name": self.name(trick.winner),
                "points": trick.points,
                "text": self.t("learn.did.take", name=self.name(trick.winner),
                               card=_symbol(trick.cards[(trick.winner - trick.leader) % 5]),
                               points=trick.points)})

    def why(self, seat: int, card: Card, led: PlaySuit, best: Card | None) -> str:
        if seat == YOU:
            return self.t("learn.did.you_play", card=_symbol(card))
        params = {"name": self.name(seat), "card": _symbol(card),
                  "suit": self.t(_SUIT_KEYS[led]), "points": POINTS[card]}
        if seat != YOU and self.state.called == card:
            return self.t("learn.why.partner", **params)
        if best is None:
            key = "learn.why.lead_trump" if led is PlaySuit.TRUMP else "learn.why.lead"
            return self.t(key, **params)
        params["best"] = _symbol(best)
        wins = STRENGTH[led][card] > STRENGTH[led][best]
        if PLAY_SUIT[card] == led:
            return self.t("learn.why.follow_wins" if wins else "learn.why.follow", **params)
        if PLAY_SUIT[card] == PlaySuit.TRUMP:
            return self.t("learn.why.trump_wins" if wins else "learn.why.trump_low", **params)
        return self.t("learn.why.discard", **params)

    # --- Checks ---------------------------------------------------------------------------

    def ask(self, step: Ask) -> None:
        state = self.state
        if step.what == "buried":
            answer = mask_points(state.buried)
            self.items.append(self.numbers(step.question, answer))
            return
        trick = state.tricks[-1]
        if step.what == "points":
            self.items.append(self.numbers(step.question, trick.points))
            return
        cards = [_card(c) for c in trick.cards]
        self.items.append({
            "kind": "ask", "question": self.t(step.question), "options": cards,
            "labels": [_symbol(c) for c in trick.cards],
            "answer": cards[(trick.winner - trick.leader) % 5],
            "right": self.t("learn.ask.right_winner", name=self.name(trick.winner)),
            "wrong": self.t("learn.ask.wrong_winner")})

    def numbers(self, question: str, answer: int) -> dict[str, Any]:
        other = answer - 4 if answer >= 4 else answer + 7
        options = sorted({answer, answer + 4, answer + 10, other})
        return {"kind": "ask", "question": self.t(question), "options": [str(o) for o in options],
                "labels": [str(o) for o in options], "answer": str(answer),
                "right": self.t("learn.ask.right_points", points=answer),
                "wrong": self.t("learn.ask.wrong_points", **self.params())}

    # --- Your decisions -------------------------------------------------------------------

    def pending(self, step: Act, refused: str | None = None) -> dict[str, Any]:
        state = self.state
        view = state.view(YOU)
        kinds = sorted({a.kind.value for a in view.legal_actions})
        return {"kind": "act", "prompt": self.t(step.prompt, **self.params()),
                "select": step.select, "kinds": kinds,
                "choices": [{"action": str(a), "label": self.label(a)} for a in view.legal_actions
                            if a.kind not in (ActionKind.PLAY, ActionKind.BURY)],
                "refused": refused}

    def label(self, action: Action) -> str:
        """A decision's button: pick, pass, go alone, call a card."""
        if action.kind is ActionKind.CALL:
            return self.t("learn.action.call", card=_symbol(action.card))
        keys = {ActionKind.PICK: "learn.action.pick", ActionKind.PASS: "learn.action.pass"}
        return self.t(keys.get(action.kind, "learn.action.alone"))

    def move(self, action: Action) -> None:
        """Your allowed move: a card played, else the action told as the table saw it."""
        if action.kind is ActionKind.PLAY:
            self.play(action.card)
        else:
            self.state.apply(action)
            self.items.append({"kind": "did", "text": self.worded(YOU, action)})


def run(lesson: Lesson, moves: list[str], language: str) -> dict[str, Any]:
    """The lesson up to its next decision, given ``moves``: the transcript, your hand, the
    trick on the table, and what is asked of you (or the recap when it is over)."""
    replay = _Run(lesson, language)
    pending = replay.walk(lesson.steps, moves)
    state = replay.state
    trick = state.current_trick
    current = state.view(YOU).current_trick
    shown = list(trick) if trick or not state.tricks else list(state.tricks[-1].cards)
    leader = current.leader if trick or not state.tricks else state.tricks[-1].leader
    return {
        "id": lesson.id,
        "title": replay.t(lesson.title),
        "items": replay.items,
        "hand": [_card(c) for c in state.view(YOU).hand],
        "table": [{"seat": (leader + i) % 5, "name": replay.name((leader + i) % 5),
                   "card": _card(c)} for i, c in enumerate(shown)],
        "pending": pending or {"kind": "done", "recap": replay.t(lesson.recap)},
    }
