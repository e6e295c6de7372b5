"""Playing the cards of a Sheepshead hand: tricks, the unknown card, and the score at the end.

The functions change a :class:`~tricktable.sheepshead.hand.HandCore` whose action has been
checked (:meth:`~tricktable.sheepshead.state.HandState.apply` does that).  :func:`play_card` is
the search players' hot path.
"""

from __future__ import annotations

from typing import Final

from tricktable.cards import CARDS, Card
from tricktable.game import Seat
from tricktable.i18n import Message
from tricktable.sheepshead.deal import SEATS
from tricktable.sheepshead.deck import PLAY_SUIT, POINTS, STRENGTH, mask_points
from tricktable.sheepshead.events import CardPlayed, HandScored, PartnerRevealed, TrickWon
from tricktable.sheepshead.hand import DONE, LEADING, NOT_LED, HandCore, Phase, Trick
from tricktable.sheepshead.scoring import HandKind, HandResult, score_leaster, score_picked_hand

__all__ = ["finish", "play_card", "start_play"]

_new_tuple: Final = tuple.__new__
_NATIVE: Final = not __file__.endswith(".py")
_NEXT: Final = tuple((seat + 1) % SEATS for seat in range(SEATS))
_PLAYED: Final = tuple(_new_tuple(CardPlayed, (s, c, False)) for s in range(SEATS) for c in CARDS)
"""``_PLAYED[seat * 52 + card]``: events are immutable, so one instance serves every hand."""


def start_play(state: HandCore) -> None:
    """The dealer's left leads the first trick."""
    state.phase = Phase.PLAY
    state.to_move = state._leader = (state.dealer + 1) % SEATS
    state._legal = -1


def play_card(state: HandCore, seat: Seat, card: Card) -> None:
    """``seat`` plays ``card`` (a legal play; the unknown card if the picker does not hold it)."""
    index: int = card  # as a plain int, the look-ups below compile to native code
    bit = 1 << index
    hands = state.hands
    trick = state._trick
    held = hands[seat]
    if held & bit:
        hands[seat] = held ^ bit
        if trick:
            strength = STRENGTH[state._led][index]
            if strength > state._best:
                state._best = strength
                state._best_seat = seat
            state._trick_points += POINTS[index]
        else:
            led = state._led = PLAY_SUIT[index]
            state._best = STRENGTH[led][index]
            state._best_seat = seat
            state._trick_points = POINTS[index]
            if led == state._called_suit and state._called_status == NOT_LED:
                state._called_status = LEADING
        state.events.append(_PLAYED[seat * 52 + index])
    else:
        _play_unknown(state, seat, card)
    trick.append(card)
    if bit == state._called_bit:
        state.events.append(_new_tuple(PartnerRevealed, (seat,)))
    state._legal = -1
    if len(trick) < SEATS:
        state.to_move = _NEXT[seat]
    else:
        _finish_trick(state)


def _play_unknown(state: HandCore, seat: Seat, card: Card) -> None:
    """The picker plays the face-down unknown card: it cannot win, its points count."""
    state._unknown_played = True
    state._unknown_at = len(state._trick)
    if state._trick:
        state._trick_points += POINTS[card]
    else:
        state._led = state._called_suit
        state._best = -1
        state._best_seat = seat
        state._trick_points = POINTS[card]
        if state._called_status == NOT_LED:
            state._called_status = LEADING
    state.events.append(CardPlayed(seat, card, True))


def _finish_trick(state: HandCore) -> None:
    trick = state._trick
    winner = state._best_seat
    points = state._trick_points
    state.points_by_seat[winner] += points
    state.tricks_by_seat[winner] += 1
    tricks = state.tricks
    unknown_at = state._unknown_at
    tricks.append(_new_tuple(Trick, (state._leader, tuple(trick), winner, points, unknown_at)))
    state.events.append(
        _new_tuple(TrickWon, (winner, points, len(tricks), unknown_at >= 0))
    )
    trick.clear()
    if unknown_at >= 0:
        state._unknown_at = -1
    if state._called_status == LEADING:
        state._called_status = DONE
    if len(tricks) == 6:
        _score(state)
    else:
        state.to_move = state._leader = winner


def _score(state: HandCore) -> None:
    picker, partner = state.picker, state._partner
    winners = tuple([t.winner for t in state.tricks])
    points_by_seat = tuple(state.points_by_seat)
    tricks_by_seat = tuple(state.tricks_by_seat)
    if picker is None:
        scores, winner, reason = score_leaster(
            state.points_by_seat, state.tricks_by_seat, state.multiplier
        )
        result = _result(
            HandKind.LEASTER, scores, state.multiplier, reason, None, None, False, None, None,
            None, points_by_seat, tricks_by_seat, winners, winner, None, False, (),
        )
    else:
        team = {picker} if partner is None else {picker, partner}
        team_points = sum(state.points_by_seat[s] for s in team) + mask_points(state.buried)
        team_tricks = sum(state.tricks_by_seat[s] for s in team)
        multiplier = state.multiplier << state.doublings
        scores, reason = score_picked_hand(
            picker=picker, partner=partner, team_points=team_points,
            team_tricks=team_tricks, rules=state.rules, multiplier=multiplier,
            doubled_by=_doubled_by(state) if state.doublings else ("doubler",),
        )
        result = _result(
            HandKind.PICKED, scores, multiplier, reason, picker, partner, state.alone,
            state.called, team_points, team_tricks, points_by_seat, tricks_by_seat, winners,
            None, state.cracked_by, state.recracked,
            tuple([seat for seat, _ in state.blitzes]) if state.blitzes else (),
        )
    finish(state, result)


def _result(
    kind: HandKind, scores: tuple[int, ...], multiplier: int, reason: Message,
    picker: Seat | None, partner: Seat | None, alone: bool, called: Card | None,
    team_points: int | None, team_tricks: int | None, points_by_seat: tuple[int, ...],
    tricks_by_seat: tuple[int, ...], winners: tuple[Seat, ...], leaster_winner: Seat | None,
    cracked_by: Seat | None, recracked: bool, blitzed_by: tuple[Seat, ...],
) -> HandResult:
    """The :class:`HandResult` of these fields (every one given)."""
    if not _NATIVE:
        return HandResult(
            kind=kind, scores=scores, multiplier=multiplier, reason=reason, picker=picker,
            partner=partner, alone=alone, called=called, picker_team_points=team_points,
            picker_team_tricks=team_tricks, points_by_seat=points_by_seat,
            tricks_by_seat=tricks_by_seat, trick_winners=winners, leaster_winner=leaster_winner,
            cracked_by=cracked_by, recracked=recracked, blitzed_by=blitzed_by,
        )
    # Compiled, the fields are set directly: the frozen dataclass's generated __init__ sets each
    # through object.__setattr__, interpreted (a third of the score).  Compiled code does not
    # consult the class's __setattr__; to everyone else the result stays frozen.
    result = HandResult.__new__(HandResult)
    result.kind = kind  # type: ignore[misc]
    result.scores = scores  # type: ignore[misc]
    result.multiplier = multiplier  # type: ignore[misc]
    result.reason = reason  # type: ignore[misc]
    result.picker = picker  # type: ignore[misc]
    result.partner = partner  # type: ignore[misc]
    result.alone = alone  # type: ignore[misc]
    result.called = called  # type: ignore[misc]
    result.picker_team_points = team_points  # type: ignore[misc]
    result.picker_team_tricks = team_tricks  # type: ignore[misc]
    result.points_by_seat = points_by_seat  # type: ignore[misc]
    result.tricks_by_seat = tricks_by_seat  # type: ignore[misc]
    result.trick_winners = winners  # type: ignore[misc]
    result.leaster_winner = leaster_winner  # type: ignore[misc]
    result.cracked_by = cracked_by  # type: ignore[misc]
    result.recracked = recracked  # type: ignore[misc]
    result.blitzed_by = blitzed_by  # type: ignore[misc]
    return result


def _doubled_by(state: HandCore) -> tuple[str, ...]:
    names = ["doubler"] if state.multiplier != 1 else []
    if state.cracked_by is not None:
        names.append("cracked")
    if state.recracked:
        names.append("recracked")
    names.extend("blitzed" for _ in state.blitzes)
    return tuple(names)


def finish(state: HandCore, result: HandResult) -> None:
    """End the hand with ``result``."""
    state.result = result
    state.events.append(_new_tuple(HandScored, (result,)))
    state.phase = Phase.OVER
    state.to_move = None
