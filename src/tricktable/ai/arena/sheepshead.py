"""Sheepshead in the arena: playing a deal, counting what happened, auditing conventions.

A *deal* is one hand with dealer ``deal % 5``, dealt from the deal's seed.  Under the ``pagat``
(redeal) and ``tavern`` (doubler) presets an all-pass deal is thrown in and the same dealer deals
again from ``derive_seed(seed, "redeal", k)`` — doubling under the doubler — until someone picks,
so that every deal ends in one scored hand (after 20 throw-ins it scores 0).

The arena sees the full state, so it can audit conventions exactly.  The audits:

**(a) ``defender_trump_lead_with_fail``** — the share of a player's *defender leads* (leads by a
seat that is neither the picker nor the partner in a hand with a picker) in which it led a trump
while holding at least one fail card.  The JSON also gives the counts ``defender_leads`` and
``defender_leads_holding_fail`` (the stricter denominator, the leads where the rule applies).

**(b) ``schmear_rate``** — the share of *sure teammate tricks* into which the player schmeared.
A sure teammate trick is a moment when the player is about to play to a trick (not lead it) and

1. the seat now winning the trick is one the player *knows* to be its teammate from its own view
   (the picker for the partner; the revealed partner for the picker; for a defender, any seat
   other than the picker once the partner is revealed or the picker went alone),
2. no seat still to play after the player holds a card it may play that beats the winning
   card (the arena checks the real hands: a seat holding the led suit must follow it), and
3. the player may play a card worth ten or more points (an ace or ten, A♦ and 10♦ included).

The player schmeared if it played a card worth ten or more.

**(c) Cracks and blitzes** (house options) — ``crack_rate``: cracks per time a player was asked
to crack; ``crack_win_rate``: the share of its cracks after which the defenders won (the crack
paid); likewise ``recrack_rate``/``recrack_win_rate`` for the picker (his side won), and
``blitz_rate`` (blitzes per time a player was asked holding a pair it could show) and
``blitz_win_rate`` (the blitzer's side won).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from tricktable.ai.arena.adapter import Column, Counters, DealPlay, Seating, TimedPlayer
from tricktable.ai.arena.stats import rate
from tricktable.cards import cards_of
from tricktable.game import ActionKind, Seed, derive_seed
from tricktable.sheepshead.deal import SEATS, deal_from_seed
from tricktable.sheepshead.deck import POINTS, SUIT_MASK, TRUMP_MASK
from tricktable.sheepshead.knowledge import Side, beats, known_sides, trick_state
from tricktable.sheepshead.rules import NoPicker, Rules, rules_from_json
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import HandState, Phase
from tricktable.sheepshead.view import SheepsheadView

__all__ = ["MAX_THROW_INS", "SheepsheadAdapter", "sure_teammate_trick"]

MAX_THROW_INS = 20


class SheepsheadAdapter:
    """Five seats, five rotations; scores are the hand's points for each seat."""

    game = "sheepshead"
    seats = SEATS
    score_label = "score/hand"
    columns: tuple[Column, ...] = (
        Column("pick_rate", "pick"),
        Column("picker_win_rate", "picker wins"),
        Column("leaster_rate", "leaster"),
        Column("picker_team_points", "picker pts", "{:.1f}"),
        Column("schneider_rate", "schneider"),
        Column("schneidered_rate", "schneidered"),
        Column("defender_trump_lead_with_fail", "def. trump lead", "{:.2%}"),
        Column("schmear_rate", "schmear"),
        Column("crack_rate", "crack"),
        Column("blitz_rate", "blitz"),
    )

    def play_deal(self, seating: Seating) -> DealPlay:
        seed, players, rngs = seating.seed, seating.players, seating.rngs
        rules = rules_from_json(seating.preset or "milwaukee")
        dealer = seating.deal % SEATS
        counters: list[Counters] = [{} for _ in range(SEATS)]
        multiplier = 1
        state = _deal(seed, dealer, rules, multiplier)
        for throw_in in range(1, MAX_THROW_INS + 1):
            play_hand(state, players, rngs, counters)
            assert state.result is not None
            if state.result.kind is not HandKind.PASSED_OUT:
                break
            for c in counters:
                _count(c, "throw_ins")
            if rules.no_picker is NoPicker.DOUBLER and rules.may_double(
                multiplier.bit_length() - 1
            ):
                multiplier *= 2
            state = _deal(derive_seed(seed, "redeal", throw_in), dealer, rules, multiplier)
        result = state.result
        assert result is not None
        _count_result(state, counters)
        return DealPlay(scores=tuple(float(s) for s in result.scores), hands=1,
                        counters=tuple(counters))

    def figures(self, counters: Mapping[str, float]) -> dict[str, float | None]:
        c = counters.get
        picks = c("picks", 0)
        return {
            "pick_rate": rate(picks, c("hands", 0)),
            "picker_win_rate": rate(c("picker_wins", 0), picks),
            "leaster_rate": rate(c("leasters", 0), c("hands", 0)),
            "picker_team_points": rate(c("picker_team_points", 0), picks),
            "schneider_rate": rate(c("schneider", 0), picks),
            "schneidered_rate": rate(c("schneidered", 0), picks),
            "alone_rate": rate(c("alone", 0), picks),
            "partner_win_rate": rate(c("partner_wins", 0), c("partner", 0)),
            "defender_win_rate": rate(c("defender_wins", 0), c("defender", 0)),
            "leaster_win_rate": rate(c("leaster_wins", 0), c("leasters", 0)),
            "defender_leads": c("defender_leads", 0),
            "defender_leads_holding_fail": c("defender_leads_holding_fail", 0),
            "defender_trump_lead_with_fail": rate(c("defender_trump_leads_with_fail", 0),
                                                  c("defender_leads", 0)),
            "schmear_chances": c("schmear_chances", 0),
            "schmear_rate": rate(c("schmears", 0), c("schmear_chances", 0)),
            "crack_chances": c("crack_chances", 0),
            "crack_rate": rate(c("cracks", 0), c("crack_chances", 0)),
            "crack_win_rate": rate(c("cracks_won", 0), c("cracks", 0)),
            "recrack_chances": c("recrack_chances", 0),
            "recrack_rate": rate(c("recracks", 0), c("recrack_chances", 0)),
            "recrack_win_rate": rate(c("recracks_won", 0), c("recracks", 0)),
            "blitz_chances": c("blitz_chances", 0),
            "blitz_rate": rate(c("blitzes", 0), c("blitz_chances", 0)),
            "blitz_win_rate": rate(c("blitzes_won", 0), c("blitzes", 0)),
        }


def _deal(seed: Seed, dealer: int, rules: Rules, multiplier: int) -> HandState:
    state = HandState(rules=rules, dealer=dealer, deal=deal_from_seed(seed, dealer),
                      multiplier=multiplier)
    state.seed = seed
    return state


def _count(counters: Counters, key: str, amount: float = 1) -> None:
    counters[key] = counters.get(key, 0) + amount


def play_hand(
    state: HandState,
    players: Sequence[TimedPlayer],
    rngs: Sequence[random.Random],
    counters: Sequence[Counters],
) -> None:
    """Play a hand to the end, auditing each card play."""
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        view = state.view(seat)
        audit = _before_play(state, view, counters[seat]) if state.phase is Phase.PLAY else None
        _offer_audit(view, counters[seat])
        action = players[seat].choose(view, rngs[seat])
        state.apply(action, seat=seat)
        if audit is not None and action.kind is ActionKind.PLAY:
            _after_play(audit, action.card, counters[seat])


_OFFERS = {
    ActionKind.CRACK: ("crack_chances", "cracks"),
    ActionKind.RECRACK: ("recrack_chances", "recracks"),
    ActionKind.BLITZ: ("blitz_chances", "blitzes"),
}


def _offer_audit(view: SheepsheadView, counters: Counters) -> None:
    """Audit (c)'s chances: a crack, recrack or blitz among the legal actions."""
    for kind in {a.kind for a in view.legal_actions} & _OFFERS.keys():
        _count(counters, _OFFERS[kind][0])


def _count_offers_taken(state: HandState, won: bool, counters: Sequence[Counters]) -> None:
    for seat, action in state.history:
        if action.kind in _OFFERS:
            _count(counters[seat], _OFFERS[action.kind][1])
    team = (state.picker, state.partner)
    if state.cracked_by is not None and not won:
        _count(counters[state.cracked_by], "cracks_won")
    if state.recracked and won:
        assert state.picker is not None
        _count(counters[state.picker], "recracks_won")
    for seat in dict.fromkeys(seat for seat, _ in state.blitzes):  # once per blitz action
        if (seat in team) == won:
            _count(counters[seat], "blitzes_won")


def _is_defender(state: HandState, seat: int) -> bool:
    return state.picker is not None and seat not in (state.picker, state.partner)


def _before_play(state: HandState, view: SheepsheadView, counters: Counters) -> str | None:
    """Note an audited situation before the player decides; returns which one."""
    seat = view.seat
    if not state.current_trick:
        if _is_defender(state, seat):
            _count(counters, "defender_leads")
            if state.hands[seat] & ~TRUMP_MASK:
                _count(counters, "defender_leads_holding_fail")
                return "defender lead with fail"
        return None
    if sure_teammate_trick(state, view):
        _count(counters, "schmear_chances")
        return "sure teammate trick"
    return None


def _after_play(audit: str, card: int, counters: Counters) -> None:
    if audit == "defender lead with fail" and (1 << card) & TRUMP_MASK:
        _count(counters, "defender_trump_leads_with_fail")
    elif audit == "sure teammate trick" and POINTS[card] >= 10:
        _count(counters, "schmears")


def sure_teammate_trick(state: HandState, view: SheepsheadView) -> bool:
    """Audit (b)'s situation: a known teammate wins the trick, nobody after the player can
    beat it (checked on the real hands), and the player may play an ace or a ten."""
    if state.picker is None:
        return False
    trick = trick_state(view.current_trick, view.seat, view.called)
    winner = trick.best_seat
    if winner is None or winner == view.seat or known_sides(view)[winner] is not Side.MINE:
        return False
    legal = [a.card for a in view.legal_actions if a.kind is ActionKind.PLAY]
    unknown = state.unknown if not state.unknown_played else None
    if not any(POINTS[c] >= 10 and c != unknown for c in legal):
        return False
    led = trick.led
    for later in trick.to_play:
        hand = state.hands[later]
        follow = hand & SUIT_MASK[led]
        options = follow or hand
        if any(beats(c, trick.best, led) for c in cards_of(options)):
            return False
    return True


def _count_result(state: HandState, counters: Sequence[Counters]) -> None:
    result = state.result
    assert result is not None
    for seat in range(SEATS):
        _count(counters[seat], "hands")
    if result.kind is HandKind.LEASTER:
        for seat in range(SEATS):
            _count(counters[seat], "leasters")
        if result.leaster_winner is not None:
            _count(counters[result.leaster_winner], "leaster_wins")
        return
    if result.kind is not HandKind.PICKED:
        return
    picker = result.picker
    assert picker is not None and result.picker_team_points is not None
    team_points = result.picker_team_points
    won = team_points >= 61
    mine = counters[picker]
    _count(mine, "picks")
    _count(mine, "picker_team_points", team_points)
    if won:
        _count(mine, "picker_wins")
    if team_points >= 91:
        _count(mine, "schneider")
    if team_points <= 30:
        _count(mine, "schneidered")
    if result.alone:
        _count(mine, "alone")
    _count_offers_taken(state, won, counters)
    if result.partner is not None:
        _count(counters[result.partner], "partner")
        if won:
            _count(counters[result.partner], "partner_wins")
    for seat in range(SEATS):
        if seat not in (picker, result.partner):
            _count(counters[seat], "defender")
            if not won:
                _count(counters[seat], "defender_wins")
