"""Sheepshead deals that fit everything one seat knows, and search positions built from them.

From a :class:`~tricktable.sheepshead.view.SheepsheadView` this module works out where each
unseen card may be — another player's hand, the bury, the face-down unknown card, the blind —
and deals the unseen cards with :func:`~tricktable.ai.sampling.sample_slots`:

- a player who did not follow the led suit holds none of it (the face-down unknown card aside);
- the called card, until played, is in a hand other than the picker's, and not with a player
  who already played to the first trick of the called suit;
- until the called suit is led, the picker holds a card of it (the hold card), unless he set an
  unknown card aside, in which case he holds none of it;
- a picker who called a ten held or buried all three fail aces;
- the bury and the unknown card are unseen by all but the picker; in a leaster and before
  anyone picks, so is the blind.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from tricktable.ai.sampling import Demand, NoConsistentDeal, sample_slots
from tricktable.cards import CARDS, Card
from tricktable.game import ALONE, CRACK, PASS, PICK, RECRACK, Action, Seat
from tricktable.sheepshead.deal import unchecked_deal
from tricktable.sheepshead.deck import (
    DECK_MASK,
    FAIL_ACES,
    FAIL_TENS,
    PLAY_SUIT,
    POINTS,
    card_mask,
    cards_in,
)
from tricktable.sheepshead.events import (
    Blitzed,
    Buried,
    Called,
    CardPlayed,
    Cracked,
    Declined,
    Passed,
    Picked,
    Recracked,
    WentAlone,
)
from tricktable.sheepshead.search import (
    INDEX_OF,
    UNKNOWN_MOVE,
    SearchPosition,
    compact_mask,
    team_mask,
)
from tricktable.sheepshead.state import (
    FAIL_BUT_ACES,
    HandState,
    Phase,
    call_options,
    may_use_unknown_card,
)
from tricktable.sheepshead.view import SheepsheadView, TrickView

__all__ = [
    "SheepsheadSample",
    "Knowledge",
    "read_knowledge",
    "sample_deals",
    "DealSampler",
    "position_for",
    "original_hands",
    "rebuild_state",
    "initial_state",
    "event_action",
]

_BURY, _UNKNOWN, _BLIND = "bury", "unknown", "blind"


@dataclass(frozen=True, slots=True)
class SheepsheadSample:
    """One complete guess at the hidden cards, consistent with a seat's view."""

    hands: tuple[int, ...]
    """What each seat holds now (card bitmasks; the picker's unknown card is not included)."""
    buried: int
    unknown: Card | None
    """The face of the picker's unknown card, if one was set aside."""
    blind: int
    """The blind, where it is still hidden (before the pick, and in a leaster)."""
    partner: Seat | None


@dataclass(frozen=True, slots=True)
class Knowledge:
    """Where the unseen cards may be, worked out once per decision."""

    seat: Seat
    cards: tuple[Card, ...]
    variants: tuple[tuple[tuple[int, ...], tuple[Demand, ...]], ...]
    """Alternative constraint sets (allowed slots per card, demands); a deal fits one of them."""
    slots: tuple[Seat | str, ...]
    capacity: tuple[int, ...]
    known_hands: tuple[int, ...]
    known_buried: int
    known_unknown: Card | None
    known_partner: Seat | None


def _face_up_plays(trick: TrickView) -> list[tuple[Seat, Card | None]]:
    """A trick's plays, the face-down unknown card as None (even to the picker)."""
    return [(seat, trick.face_up(k)) for k, (seat, _) in enumerate(trick.plays)]


def _led_suits(view: SheepsheadView) -> list[tuple[int, list[tuple[Seat, Card | None]]]]:
    """Each trick with cards in it: its led play suit and its face-up plays."""
    out = []
    called_suit = -1 if view.called is None else PLAY_SUIT[view.called]
    for trick in (*view.tricks, view.current_trick):
        plays = _face_up_plays(trick)
        if not plays:
            continue
        first = plays[0][1]
        led = called_suit if first is None else PLAY_SUIT[first]
        out.append((led, plays))
    return out


def _played_suit(view: SheepsheadView, seat: Seat, suit: int) -> bool:
    return any(
        c is not None and PLAY_SUIT[c] == suit and who == seat
        for trick in (*view.tricks, view.current_trick)
        for who, c in _face_up_plays(trick)
    )


def read_knowledge(view: SheepsheadView) -> Knowledge:
    """Work out the slots, capacities and constraints for ``view``'s seat."""
    me = view.seat
    picker = view.picker
    own = card_mask(view.hand)
    seen = own
    for trick in (*view.tricks, view.current_trick):
        for c in trick.cards:
            if c is not None:
                seen |= 1 << c
    known_buried = 0
    known_unknown: Card | None = None
    if me == picker:
        if view.buried:
            known_buried = card_mask(view.buried)
            seen |= known_buried
        if view.unknown_card is not None:
            known_unknown = view.unknown_card
            seen |= 1 << view.unknown_card
    pool = [c for c in cards_in(DECK_MASK & ~seen)]

    slots: list[Seat | str] = []
    capacity: list[int] = []
    for seat in range(5):
        if seat == me:
            continue
        count = view.card_counts[seat]
        if seat == picker and view.unknown_set_aside and not view.unknown_played:
            count -= 1
        slots.append(seat)
        capacity.append(count)
    if picker is not None and picker != me and view.phase not in (Phase.BURY,):
        slots.append(_BURY)
        capacity.append(2)
    if view.unknown_set_aside and picker != me:
        slots.append(_UNKNOWN)
        capacity.append(1)
    if picker is None and view.phase in (Phase.PICK, Phase.PLAY, Phase.OVER) and (
        view.phase is Phase.PICK or view.leaster
    ):
        slots.append(_BLIND)
        capacity.append(2)
    slot_of = {name: index for index, name in enumerate(slots)}
    every = (1 << len(slots)) - 1

    suit_ban = [0] * 4  # slots banned per play suit
    for led, plays in _led_suits(view):
        for seat, card in plays[1:]:
            if card is not None and PLAY_SUIT[card] != led and seat != me:
                suit_ban[led] |= 1 << slot_of[seat]

    called = view.called
    called_suit = view.called_suit
    leds = _led_suits(view)
    called_led = any(led == called_suit for led, _ in leds)
    completed = leds[: len(view.tricks)]
    called_led_earlier = any(led == called_suit for led, _ in completed)
    called_out = called is not None and (called in view.played_cards or (1 << called) & own)
    partner_known = view.partner
    demands: list[Demand] = []
    special: dict[Card, int] = {}
    if called is not None and not view.alone and not called_out and partner_known is None:
        banned = {me, picker}
        if called_led:  # the called suit is being led for the first time right now
            banned |= {seat for seat, _ in view.current_trick.plays}
        special[called] = sum(1 << slot_of[s] for s in range(5) if s not in banned)
    for blitzer, pair in view.blitzes:
        # A blitz showed the pair: the blitzer holds each queen until he plays it.
        for queen in pair:
            if queen in pool:
                special[queen] = 1 << slot_of[blitzer]
    if picker is not None and picker != me and called_suit >= 0 and not view.alone:
        if view.unknown_set_aside:
            suit_ban[called_suit] |= 1 << slot_of[picker]
        elif not called_led_earlier and not (
            (called_led or len(view.tricks) == 5)
            and any(who == picker for who, _ in view.current_trick.plays)
        ):
            # Until the called suit has been led the picker keeps a card of it (he may play
            # his last one to its first lead, or on the last trick).
            holds = frozenset(c for c in pool if PLAY_SUIT[c] == called_suit and c != called)
            demands.append(Demand(slot_of[picker], holds))
        if called in FAIL_TENS:
            aces_to = (1 << slot_of[picker]) | (1 << slot_of[_BURY])
            for ace in FAIL_ACES:
                if ace in pool:
                    special[ace] = aces_to
    # A picker who called with an unknown card held no fail card but aces, the card he set
    # aside included (see may_use_unknown_card).
    no_low_fail = every
    if picker is not None and picker != me and view.unknown_set_aside:
        no_low_fail = ~(1 << slot_of[picker] | 1 << slot_of[_UNKNOWN])
    variants = []
    for extra in _unknown_call_cases(view, pool, slot_of):
        allowed = []
        for c in pool:
            mask = special.get(c, every) & ~suit_ban[PLAY_SUIT[c]]
            if c in extra:
                mask &= extra[c]
            if 1 << c & FAIL_BUT_ACES:
                mask &= no_low_fail
            allowed.append(mask)
        variants.append((tuple(allowed), tuple(demands)))
    known_hands = [0] * 5
    known_hands[me] = own
    return Knowledge(
        seat=me,
        cards=tuple(pool),
        variants=tuple(variants),
        slots=tuple(slots),
        capacity=tuple(capacity),
        known_hands=tuple(known_hands),
        known_buried=known_buried,
        known_unknown=known_unknown,
        known_partner=view.partner if view.partner is not None else None,
    )


def _unknown_call_cases(
    view: SheepsheadView, pool: list[Card], slot_of: dict[Seat | str, int]
) -> list[dict[Card, int]]:
    """A picker who called with an unknown card could call no candidate: for every other fail
    suit he either had its ace (in hand or bury) or held none of the suit.  Each case is a
    restriction of where cards may be; without an unknown-card call there is one empty case."""
    picker = view.picker
    if picker is None or picker == view.seat or not view.unknown_set_aside or view.called is None:
        return [{}]
    called_suit = PLAY_SUIT[view.called]
    cases: list[dict[Card, int]] = [{}]
    picker_and_bury = (1 << slot_of[picker]) | (1 << slot_of[_BURY])
    for ace in FAIL_ACES:
        suit = PLAY_SUIT[ace]
        if suit == called_suit:
            continue
        ace_elsewhere = ace not in pool and not _played_card(view, picker, ace)
        played_other = _played_suit(view, picker, suit) and not _played_card(view, picker, ace)
        had_ace = {ace: picker_and_bury} if ace in pool else {}
        void = {c: ~(1 << slot_of[picker]) for c in pool if PLAY_SUIT[c] == suit and c != ace}
        if ace in pool:
            void[ace] = ~(1 << slot_of[picker])
        options = []
        if not ace_elsewhere:
            options.append(had_ace)
        if not played_other and not _played_card(view, picker, ace):
            options.append(void)
        cases = [{**case, **option} for case in cases for option in options]
    return cases


def _played_card(view: SheepsheadView, seat: Seat, card: Card) -> bool:
    return any(who == seat and c == card for t in (*view.tricks, view.current_trick)
               for who, c in _face_up_plays(t))


def _call_was_legal(view: SheepsheadView, sample: SheepsheadSample) -> bool:
    """Whether the picker could have made his call holding what the sample gives him."""
    picker, called = view.picker, view.called
    if picker is None or called is None or view.alone or picker == view.seat:
        return True
    hand = sample.hands[picker]
    for trick in (*view.tricks, view.current_trick):
        for who, c in trick.plays:
            if who == picker and c is not None:
                hand |= 1 << c
    if sample.unknown is not None:
        hand |= 1 << sample.unknown
    candidates, callable_ = call_options(hand, sample.buried, view.rules)
    if called not in candidates:
        return False
    if view.unknown_set_aside:
        return may_use_unknown_card(hand, sample.buried, view.rules)
    return called in callable_


def _sample(knowledge: Knowledge, view: SheepsheadView, rng: random.Random) -> SheepsheadSample:
    for _ in range(_ATTEMPTS):
        allowed, demands = rng.choice(knowledge.variants)
        try:
            dealt = sample_slots(knowledge.cards, allowed, knowledge.capacity, rng, demands)
        except NoConsistentDeal:
            continue
        sample = _assemble(knowledge, view, dealt)
        if _call_was_legal(view, sample):
            return sample
    raise NoConsistentDeal("No deal fits what is known.")


_ATTEMPTS = 500


def _assemble(knowledge: Knowledge, view: SheepsheadView, dealt: list[list[int]]
              ) -> SheepsheadSample:
    hands = list(knowledge.known_hands)
    buried = knowledge.known_buried
    unknown = knowledge.known_unknown
    blind = 0
    for name, cards in zip(knowledge.slots, dealt, strict=True):
        mask = card_mask(cards)
        if name == _BURY:
            buried = mask
        elif name == _UNKNOWN:
            unknown = CARDS[cards[0]]
        elif name == _BLIND:
            blind = mask
        else:
            assert isinstance(name, int)
            hands[name] = mask
    partner = knowledge.known_partner
    if partner is None and view.called is not None and not view.alone:
        bit = 1 << view.called
        partner = next((s for s in range(5) if hands[s] & bit), None)
        if partner is None:  # the called card is already played: the view names the partner
            partner = view.partner
    return SheepsheadSample(hands=tuple(hands), buried=buried, unknown=unknown, blind=blind,
                            partner=partner)


def sample_deals(view: SheepsheadView, rng: random.Random, count: int) -> list[SheepsheadSample]:
    """``count`` deals consistent with ``view``, drawn with ``rng``."""
    knowledge = read_knowledge(view)
    return [_sample(knowledge, view, rng) for _ in range(count)]


class DealSampler:
    """Deals consistent with one view, one at a time: what the view tells is worked out once
    (``DealSampler(view).draw(rng)`` draws exactly what ``sample_deals(view, rng, 1)[0]``
    would, from the same generator)."""

    __slots__ = ("knowledge", "view")

    def __init__(self, view: SheepsheadView) -> None:
        self.view = view
        self.knowledge = read_knowledge(view)

    def draw(self, rng: random.Random) -> SheepsheadSample:
        return _sample(self.knowledge, self.view, rng)


def position_for(view: SheepsheadView, sample: SheepsheadSample) -> SearchPosition:
    """The play-phase search position of ``sample``, with the trick in progress replayed."""
    if view.phase is not Phase.PLAY:
        raise ValueError("Positions exist in the play phase only.")
    picker = -1 if view.picker is None else view.picker
    partner = -1 if sample.partner is None or view.alone else sample.partner
    called = (-1 if view.called is None or view.called_suit < 0 or view.alone
              else INDEX_OF[view.called])
    unknown = -1 if sample.unknown is None else INDEX_OF[sample.unknown]
    leds = _led_suits(view)
    called_suit = -1 if view.called is None else PLAY_SUIT[view.called]
    current = view.current_trick
    earlier_leds = leds[:-1] if current.cards else leds
    called_led_before = any(led == called_suit for led, _ in earlier_leds)
    unknown_in_current = current.face_down >= 0
    position = SearchPosition(
        hands=[compact_mask(h) for h in sample.hands],
        leader=current.leader,
        team=team_mask(picker, partner),
        leaster=view.picker is None,
        tricks_left=6 - len(view.tricks),
        called=called,
        partner=partner,
        picker=picker,
        called_led=called_led_before,
        unknown=unknown,
    )
    position.unknown_played = unknown < 0 or (view.unknown_played and not unknown_in_current)
    for trick in view.tricks:
        assert trick.winner is not None
        points = sum(_points(c, sample) for _, c in _face_up_plays(trick))
        position.points[trick.winner] += points
        position.tricks[trick.winner] += 1
    for seat, c in _face_up_plays(current):
        if c is None:
            position.make(UNKNOWN_MOVE)
        else:
            position.hands[seat] |= 1 << INDEX_OF[c]
            position.make(INDEX_OF[c])
    return position


def _points(c: Card | None, sample: SheepsheadSample) -> int:
    if c is None:
        assert sample.unknown is not None
        return POINTS[sample.unknown]
    return POINTS[c]



def original_hands(view: SheepsheadView, sample: SheepsheadSample) -> list[int]:
    """Each seat's cards before any was played (the picker's after the pick and bury,
    the unknown card included)."""
    hands = list(sample.hands)
    for trick in (*view.tricks, view.current_trick):
        for seat, c in _face_up_plays(trick):
            card = sample.unknown if c is None else c
            assert card is not None
            hands[seat] |= 1 << card
    if view.picker is not None and sample.unknown is not None:
        hands[view.picker] |= 1 << sample.unknown
    return hands


def rebuild_state(view: SheepsheadView, sample: SheepsheadSample) -> HandState:
    """A full hand state in which ``sample`` is the truth and the public history happened.

    Which two of the picker's cards came from the blind is unknown to the other seats and
    changes nothing that follows; the picker's two lowest cards stand in for it.
    """
    state = initial_state(view, sample)
    for event in view.events:
        action = event_action(event, sample)
        if action is not None:
            state.apply(action)
    return state


def initial_state(view: SheepsheadView, sample: SheepsheadSample) -> HandState:
    """The hand as dealt, if ``sample`` is the truth (before any of ``view``'s events)."""
    hands = original_hands(view, sample)
    picker = view.picker
    if (picker is not None and picker != view.seat) or picker is None:
        blind = sample.blind
    else:
        blind = card_mask(view.blind or ())
    if picker is not None:
        hands[picker] |= sample.buried
        if blind == 0:
            blind = sum(1 << c for c in list(cards_in(hands[picker]))[:2])
        hands[picker] &= ~blind
    blind_cards = view.blind if view.blind is not None else tuple(cards_in(blind))
    # The sample fits the view, so this is a valid deal: its checks would only cost time.
    deal = unchecked_deal(hands, tuple(blind_cards))
    return HandState(rules=view.rules, dealer=view.dealer, deal=deal,
                     multiplier=view.multiplier)


def event_action(event: object, sample: SheepsheadSample) -> Action | None:
    """The action that made ``event``, its hidden cards taken from ``sample`` (None for an
    event no action makes)."""
    if isinstance(event, Passed):
        return PASS
    if isinstance(event, Picked):
        return PICK
    if isinstance(event, Buried):
        first, second = cards_in(sample.buried)
        return Action.bury(first, second)
    if isinstance(event, Called):
        return Action.call(event.card, sample.unknown if event.unknown else None)
    if isinstance(event, WentAlone):
        return ALONE
    if isinstance(event, Cracked):
        return CRACK
    if isinstance(event, Recracked):
        return RECRACK
    if isinstance(event, Blitzed):
        return Action.blitz(*event.cards)
    if isinstance(event, Declined):
        return PASS
    if isinstance(event, CardPlayed):
        card = sample.unknown if event.face_down else event.card
        assert card is not None
        return Action.play(card)
    return None
