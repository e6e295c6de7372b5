"""The view builder takes shortcuts (shared views of finished tricks, redacting only the events
that need it); here it is proven equal to the plain reading of the rules of the view."""

from __future__ import annotations

import random

from tricktable.cards import cards_of
from tricktable.sheepshead.deck import POINTS, sort_hand
from tricktable.sheepshead.events import Passed, redact
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import HandState, Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView, TrickView, make_view


def reference_view(state: HandState, seat: int) -> SheepsheadView:
    """Every field computed the plain way, straight from its definition."""
    over = state.is_over
    picker = state.picker
    is_picker = seat == picker
    sees_unknown = is_picker or over
    partner = state.partner
    tricks = tuple(
        TrickView(
            leader=t.leader,
            cards=tuple(None if k == t.unknown_at and not sees_unknown else c
                        for k, c in enumerate(t.cards)),
            winner=t.winner,
            points=None if t.unknown_at >= 0 and not sees_unknown else t.points,
            face_down=t.unknown_at,
        )
        for t in state.tricks
    )
    current_cards = state.current_trick
    unknown_in_current = (state.unknown is not None and state.unknown_played
                          and len(state.tricks) < 6 and state.unknown in current_cards)
    face_down = current_cards.index(state.unknown) if unknown_in_current else -1
    current = TrickView(
        leader=state.leader,
        cards=tuple(None if k == face_down and not sees_unknown else c
                    for k, c in enumerate(current_cards)),
        winner=None, points=None, face_down=face_down,
    )
    points_seen = [0] * 5
    for t in tricks:
        assert t.winner is not None
        points_seen[t.winner] += sum(POINTS[c] for c in t.cards if c is not None)
    counts = [len(state.hand(s)) for s in range(5)]
    if picker is not None and state.unknown is not None and not state.unknown_played:
        counts[picker] += 1
    result_kind = None if state.result is None else state.result.kind
    return SheepsheadView(
        seat=seat, rules=state.rules, dealer=state.dealer, multiplier=state.multiplier,
        stake_multiplier=state.stake_multiplier, cracked_by=state.cracked_by,
        recracked=state.recracked, blitzes=tuple(state.blitzes),
        phase=state.phase, to_move=state.to_move,
        hand=tuple(sort_hand(cards_of(state.hands[seat]))),
        legal_actions=state.legal_actions() if state.to_move == seat else (),
        passes=tuple(e.seat for e in state.events if isinstance(e, Passed)),
        picker=picker,
        blind=state.blind if is_picker else None,
        buried=tuple(cards_of(state.buried)) if (is_picker or over) and state.buried else None,
        called=state.called, alone=state.alone,
        unknown_set_aside=state.unknown is not None,
        unknown_card=state.unknown if sees_unknown else None,
        unknown_played=state.unknown_played,
        partner=partner if (state.partner_revealed or partner == seat or over) else None,
        is_partner=partner == seat,
        leaster=picker is None and (state.phase is Phase.PLAY or result_kind is HandKind.LEASTER),
        tricks=tricks, current_trick=current, card_counts=tuple(counts),
        tricks_by_seat=tuple(state.tricks_by_seat), points_seen=tuple(points_seen),
        events=tuple(redact(e, viewer=seat, picker=picker, over=over) for e in state.events),
        result=state.result,
    )


def test_views_equal_the_reference_in_every_state_and_seat() -> None:
    unknown_hands = 0
    for number in (*range(40), 84, 88):  # 84 and 88 set the unknown card aside
        rng = random.Random(number)
        presets = list(PRESETS.values())
        rules = presets[number % len(presets)] if number % 2 else PRESETS["milwaukee"]
        state = new_hand(rules=rules, dealer=number % 5, seed=f"view-reference/{number}")
        while True:
            for seat in range(5):
                assert make_view(state, seat) == reference_view(state, seat)
            if state.is_over:
                break
            legal = state.legal_actions()
            unknown = [a for a in legal if a.kind.value == "call" and len(a.cards) == 2]
            state.apply(unknown[0] if unknown else legal[rng.randrange(len(legal))])
        unknown_hands += state.unknown is not None
    assert unknown_hands >= 2


def test_views_of_states_read_in_any_order_equal_the_reference() -> None:
    """The builder reads on from the finished tricks it read last: states of different hands,
    earlier and later ones, and hands that went apart from one position, read in any order,
    must give the same views."""
    states = []
    for number in range(10):
        rng = random.Random(number)
        state = new_hand(dealer=number % 5, seed=f"view-order/{number}")
        while not state.is_over:
            states.append(state.copy())
            if len(state.tricks) == 2 and not state.current_trick:
                apart = state.copy()  # the same first tricks, then other cards
                while not apart.is_over:
                    legal = apart.legal_actions()
                    apart.apply(legal[-1])
                    states.append(apart.copy())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        states.append(state)
    random.Random(0).shuffle(states)
    for state in states:
        for seat in range(5):
            assert make_view(state, seat) == reference_view(state, seat)
