"""A Spades lesson replayed through the engine: the learner's moves in, the lesson so far out.

Like :mod:`.runner` for Sheepshead, and answering in the same shape: the browser sends the moves
it made (``"keep"``, ``"bid 4"``, ``"play AH"``) and :func:`run_spades` replays the lesson's
stock, setup and steps through :class:`~tricktable.spades.state.HandState`, stopping at the
first decision still to make.  What it returns is seat 0's: its hand, the card it looks at in
the draw, and every other card only once it has been played.  The computer's draws, bids and
cards are worded by :func:`~tricktable.ai.teaching.spades_reasons.public_reason`, which reads
only what both players know.
"""

from __future__ import annotations

from typing import Any

from tricktable.ai.teaching.spades_reasons import public_reason
from tricktable.cards import Card, parse_cards
from tricktable.game import Action, ActionKind, parse_action
from tricktable.i18n import translate
from tricktable.spades.deck import trick_winner_card
from tricktable.spades.scoring import contract_score
from tricktable.spades.state import HandState, Phase, new_hand
from tricktable.web.learn.lessons import YOU, Act, Ask
from tricktable.web.learn.replaying import NAMES, Replay
from tricktable.web.learn.spades_lessons import SpadesLesson, build_stock
from tricktable.web.pages.rules_facts import spades_facts

__all__ = ["run_spades"]

THEM = 1
"""The computer's seat."""

_FACTS = ("hand_size", "discards", "trick_value", "bag_value", "set_value", "nil_bonus",
          "nil_penalty", "double_nil_bonus", "double_nil_penalty", "bag_limit", "bag_penalty",
          "max_exchange")


def _symbol(card: Card) -> str:
    return card.symbol


class _Run(Replay):
    """One replay: the engine state and the transcript so far, in one language."""

    def __init__(self, lesson: SpadesLesson, language: str) -> None:
        super().__init__(lesson.setup, language)
        self.lesson = lesson
        self.state: HandState = new_hand(deal=build_stock(lesson.draws), first=lesson.first)

    def params(self) -> dict[str, Any]:
        facts = spades_facts()
        params: dict[str, Any] = {name: facts[name] for name in _FACTS}
        view = self.state.view(YOU)
        params["name"] = NAMES[THEM]
        params["top"] = _symbol(view.top_card) if view.top_card is not None else ""
        mine, theirs = view.bids[YOU], view.bids[THEM]
        params["bid"] = mine if mine is not None else ""
        params["their_bid"] = theirs if theirs is not None else ""
        params["tricks"] = theirs + 1 if theirs is not None else ""
        return params

    # --- Actions other than cards ---------------------------------------------------------

    def set_up(self) -> None:
        """The lesson's setup actions (the rest of the draw), told as one paragraph after."""
        while self.setup:
            self.state.apply(parse_action(self.setup.pop(0)))

    def computers(self) -> None:
        """The computer acts until it is your turn (or a trick is complete)."""
        state = self.state
        while state.to_move == THEM:
            if state.phase is Phase.PLAY:
                self.play(self.computer_card())
                if not state.current_trick:
                    return
                continue
            action = (parse_action("keep") if state.phase is Phase.DRAW
                      else parse_action(f"bid {self.lesson.bid}"))
            reason = public_reason(state.view(THEM), action)
            state.apply(action)
            self.items.append({"kind": "did", "text": self.t(
                "learn.spades.did", name=NAMES[THEM], reason=translate(self.language, reason))})

    def computer_card(self) -> Card:
        legal = [a.card for a in self.state.legal_actions()]
        for card in parse_cards(self.lesson.prefer):
            if card in legal:
                return card
        return legal[0]

    def yours(self, action: Action) -> None:
        """Your draw or bid, applied and told with what only you saw."""
        self.state.apply(action)
        if action.kind is ActionKind.BID:
            key = "learn.spades.you_nil" if action.number == 0 else "learn.spades.you_bid"
            self.items.append({"kind": "did", "text": self.t(key, count=action.number)})
            return
        if action.kind is ActionKind.DOUBLE_NIL:
            self.items.append({"kind": "did", "text": self.t("learn.spades.you_double_nil")})
            return
        view = self.state.view(YOU)
        taken, dropped = _symbol(view.taken[-1]), _symbol(view.discarded[-1])
        if action.kind is ActionKind.KEEP:
            text = self.t("learn.spades.you_keep", top=taken, next=dropped)
        else:
            text = self.t("learn.spades.you_reject", top=dropped, next=taken)
        self.items.append({"kind": "did", "text": text})

    # --- Cards played ---------------------------------------------------------------------

    def play(self, card: Card) -> None:
        """The seat to move plays ``card``; the transcript says why, from the table's view."""
        state = self.state
        seat = state.to_move
        assert seat is not None
        broken = state.spades_broken
        if seat == YOU:
            text = self.t("learn.did.you_play", card=_symbol(card))
        else:
            reason = public_reason(state.view(seat), Action.play(card))
            text = self.t("learn.spades.plays", name=NAMES[seat], card=_symbol(card),
                          reason=translate(self.language, reason))
        state.apply(Action.play(card))
        self.items.append({"kind": "play", "seat": seat, "name": self.name(seat),
                           "card": str(card), "text": text})
        if state.spades_broken and not broken:
            self.items.append({"kind": "did", "text": self.t("learn.spades.broken",
                                                             name=self.name(seat))})
        if not state.current_trick:
            trick = state.tricks[-1]
            won = trick_winner_card(trick.cards[0], trick.cards[1])
            self.held.append({
                "kind": "trick", "winner": trick.winner, "name": self.name(trick.winner),
                "text": self.t("learn.spades.you_take" if trick.winner == YOU
                               else "learn.spades.take", name=self.name(trick.winner),
                               card=_symbol(won))})

    # --- Checks ---------------------------------------------------------------------------

    def ask(self, step: Ask) -> None:
        state = self.state
        if step.what == "score":
            bid = state.bids[THEM]
            assert bid is not None
            answer = contract_score(bid, bid + 1)[0]
            # The bag forgotten, the extra trick paid as a bid one, or both.
            options = sorted({answer, answer - 1, answer + 9, answer + 10})
            params = self.params()
            self.items.append({
                "kind": "ask", "question": self.t(step.question, **params),
                "options": [str(o) for o in options], "labels": [str(o) for o in options],
                "answer": str(answer),
                "right": self.t("learn.spades.ask.right_score", **{**params, "points": answer}),
                "wrong": self.t("learn.spades.ask.wrong_score", **params)})
            return
        trick = state.tricks[-1]
        won = trick_winner_card(trick.cards[0], trick.cards[1])
        self.items.append({
            "kind": "ask", "question": self.t(step.question),
            "options": [str(c) for c in trick.cards], "labels": [_symbol(c) for c in trick.cards],
            "answer": str(won),
            "right": self.t("learn.ask.right_winner", name=self.name(trick.winner)),
            "wrong": self.t("learn.spades.ask.wrong_winner")})

    # --- Your decisions -------------------------------------------------------------------

    def pending(self, step: Act, refused: str | None = None) -> dict[str, Any]:
        view = self.state.view(YOU)
        kinds = sorted({a.kind.value for a in view.legal_actions})
        return {"kind": "act", "prompt": self.t(step.prompt, **self.params()),
                "select": step.select, "kinds": kinds,
                "choices": [self.choice(a) for a in view.legal_actions
                            if a.kind is not ActionKind.PLAY],
                "refused": refused}

    def choice(self, action: Action) -> dict[str, Any]:
        """A decision's button: keep, reject, double nil, a bid (its number shown, its name
        said)."""
        if action.kind is ActionKind.BID:
            if action.number == 0:
                label = self.t("learn.spades.action.nil")
                return {"action": str(action), "label": label,
                        "name": self.t("learn.spades.action.bid_nil")}
            return {"action": str(action), "label": str(action.number),
                    "name": self.t("learn.spades.action.bid", count=action.number)}
        keys = {ActionKind.KEEP: "learn.spades.action.keep",
                ActionKind.REJECT: "learn.spades.action.reject"}
        return {"action": str(action),
                "label": self.t(keys.get(action.kind, "learn.spades.action.double_nil"))}

    def move(self, action: Action) -> None:
        """Your allowed move: a card played, else a draw or a bid."""
        if action.kind is ActionKind.PLAY:
            self.play(action.card)
        else:
            self.yours(action)


def run_spades(lesson: SpadesLesson, moves: list[str], language: str) -> dict[str, Any]:
    """The lesson up to its next decision, given ``moves``: the transcript, your hand, the
    card you look at or the trick on the table, and what is asked of you (or the recap)."""
    replay = _Run(lesson, language)
    pending = replay.walk(lesson.steps, moves)
    return {
        "id": lesson.id,
        "game": lesson.game,
        "title": replay.t(lesson.title),
        "items": replay.items,
        "hand": [str(c) for c in replay.state.view(YOU).hand],
        "table": _table(replay),
        "pending": pending or {"kind": "done", "recap": replay.t(lesson.recap)},
    }


def _table(replay: _Run) -> list[dict[str, Any]]:
    """What lies before you: the card you look at in the draw, else the trick on the table (or
    the last one, once it is complete)."""
    state = replay.state
    view = state.view(YOU)
    if view.top_card is not None:
        return [{"seat": YOU, "name": replay.t("learn.spades.top"), "card": str(view.top_card)}]
    trick = view.current_trick
    if not trick.cards and view.tricks:
        trick = view.tricks[-1]
    return [{"seat": seat, "name": replay.name(seat), "card": str(card)}
            for seat, card in trick.plays]
