"""Rule-based Sheepshead players.  Each sees only a :class:`SheepsheadView`.

:class:`BasicPlayer` plays like a sound club player, from the strategy notes of the rules and
common table practice.  Every decision is a small function with named heuristics:

* **Picking** (:func:`pick_strength`, :func:`should_pick`): trump count and rank, fail aces and
  tens, against a threshold that falls for later seats; the dealer, after four passes, also
  weighs the leaster (:func:`leaster_strength`).
* **Burying and calling** (:func:`plan_bury`, :func:`choose_call`): every bury and call is scored
  by :func:`score_bury_and_call` — points buried, voids made, a hold card kept in a short called
  suit, no trump thrown away; going alone only on a hand :func:`strong_enough_alone`.
* **Cracks and blitzes** (house options, :func:`should_crack`, :func:`should_recrack`,
  :func:`should_blitz`): a defender cracks a J♦ picker who went alone when it holds the trump
  he then lacks, the picker recracks on five trump with two queens or a hand strong enough to
  go alone with, and a pair of queens (both pairs, holding all four) is shown when its
  holder's side is the likelier winner.
* **Card play** lives in :mod:`tricktable.sheepshead.cardplay`.

The player is deterministic: it never uses the generator it is given, so the same view always
gives the same action.

**How the numbers were chosen.**  The picking weights and thresholds come from self-play:
for thousands of deals, each seat's hand was played out twice from its turn to pick — once
picking, once passing, every other decision by this player — and the difference in its score
was fitted by least squares on the hand's features, with an intercept per position (the
thresholds) and the leaster strength for the dealer.  The card-play knobs in
:class:`~tricktable.sheepshead.cardplay.PlaySettings` and the bury weights were set by
duplicate arena runs of variants against this player (``tricktable arena`` with
``--baseline``), keeping what gained.  The crack rule comes from playing every crack decision
out both ways (``bench/crack_playouts.py``) and is checked against ``basic:no-crack``.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from itertools import combinations
from typing import Final

from tricktable.cards import CARDS, Card
from tricktable.game import ALONE, CRACK, PASS, PICK, RECRACK, Action, ActionKind, legal_choices
from tricktable.sheepshead.cardplay import PlaySettings, choose_card
from tricktable.sheepshead.deck import (
    FAIL_ACES,
    FAIL_SUITS,
    FAIL_TENS,
    PLAY_SUIT,
    POINTS,
    STRENGTH,
    SUIT_MASK,
    TRUMP_MASK,
    TRUMP_ORDER,
    card_count,
    card_mask,
    cards_in,
    mask_points,
)
from tricktable.sheepshead.rules import NoPicker, Rules
from tricktable.sheepshead.state import (
    JACK_OF_DIAMONDS,
    Phase,
    call_options,
    may_use_unknown_card,
)
from tricktable.sheepshead.view import SheepsheadView

__all__ = [
    "BasicPlayer",
    "BasicSettings",
    "BuryWeights",
    "CallPlan",
    "choose_call",
    "leaster_strength",
    "pick_strength",
    "pick_threshold",
    "plan_bury",
    "score_bury_and_call",
    "should_blitz",
    "should_crack",
    "should_pick",
    "should_recrack",
    "strong_enough_alone",
    "VARIANTS",
    "basic_variant",
]

_TRUMP: Final = 3
_TRUMP_POWER: Final = STRENGTH[_TRUMP]

# --- Picking -------------------------------------------------------------------------------

# What each card is worth toward picking: a least-squares fit of what picking gained over
# passing, hand by hand, in self-play (see the module notes).  Queens most, then jacks, then
# the diamonds; fail aces little, since the picker's aces are often trumped.
_TRUMP_VALUE: Final = dict(
    zip(TRUMP_ORDER, (2.3, 2.15, 1.65, 1.3, 1.2, 1.05, 1.05, 0.95, 1.05, 1.0, 0.9, 0.9, 0.9, 0.9),
        strict=True)
)
_TRUMP_VALUES: Final[tuple[float, ...]] = tuple(_TRUMP_VALUE.get(c, 0.0) for c in CARDS)
"""``_TRUMP_VALUE`` by card value (0 for a fail card), for compiled code."""
_FAIL_SUITS: Final[tuple[int, ...]] = tuple(FAIL_SUITS)
_ACES: Final[tuple[int, ...]] = tuple(int(c) for c in FAIL_ACES)
_TENS: Final[tuple[int, ...]] = tuple(int(c) for c in FAIL_TENS)
"""The fail aces and tens, suit by suit, as plain ints."""
_LONG_TRUMP_BONUS: Final = 0.4
"""Added for six or more trump: a hand that long controls the play."""
_FAIL_ACE_VALUE: Final = 0.17
_BURIABLE_TEN_VALUE: Final = 0.5
"""A fail ten without its ace: ten points for the bury."""


@dataclass(frozen=True, slots=True)
class BuryWeights:
    """The weights of :func:`score_bury_and_call`'s named heuristics."""

    buried_point: float = 0.08
    buried_trump: float = 2.2
    void: float = 1.0
    ace_kept: float = 0.4
    lone_called_card: float = 1.0
    two_called_cards: float = 0.4
    lone_ten_kept: float = 0.6
    unknown_card: float = 0.8


@dataclass(frozen=True, slots=True)
class BasicSettings:
    """The thresholds of :class:`BasicPlayer`, to tune in the arena."""

    pick_threshold: tuple[float, ...] = (4.85, 4.6, 4.3, 3.65, 2.4)
    """Strength needed to pick, by position: first seat after the dealer … the dealer."""
    dealer_leaster_threshold: float = 2.4
    """The dealer's threshold when passing would start a leaster."""
    leaster_bias: float = 0.45
    """How much a hand suited to the leaster raises the dealer's threshold, per point of it."""
    alone_trump: int = 5
    """Least trump (after the bury) to think of going alone."""
    crack_threshold: float = 4.6
    """Picking strength a defender who passed needs to crack a lone J♦ picker: a hand near a
    pick holds trump the picker does not."""
    recrack_trump: int = 5
    """Least trump the cracked picker needs (two queens among them) to recrack."""
    blitz_defender_threshold: float = 5.2
    """Picking strength a defender needs to blitz (the picker's side is usually favoured)."""
    bury: BuryWeights = field(default_factory=BuryWeights)
    play: PlaySettings = field(default_factory=PlaySettings)


def pick_strength(cards: tuple[Card, ...] | list[Card]) -> float:
    """How good a hand is for picking, before seeing the blind.

    Trump by rank (Q♣ 2.3, Q♠ 2.15 … J♦ 0.95, A♦ 1.05, 10♦ 1.0, low diamonds 0.9), 0.4 more
    for six trump, a fail ace 0.17 and a fail ten without its ace 0.5 (it makes a good bury).
    The weights are a least-squares fit of what picking gained over passing, hand by hand, in
    self-play; the thresholds in :class:`BasicSettings` are that fit's intercepts by
    position.  Four trump with a queen come to about 4.5–5.
    """
    mask = card_mask(cards)
    strength = 0.0
    trump = 0
    for c in cards:  # in the hand's order, as the sum was fitted
        if (1 << c) & TRUMP_MASK:
            strength += _TRUMP_VALUES[c]
            trump += 1
    if trump >= 6:
        strength += _LONG_TRUMP_BONUS
    strength += _FAIL_ACE_VALUE * _aces_held(mask)
    for k in range(len(_ACES)):
        if mask >> _TENS[k] & 1 and not mask >> _ACES[k] & 1:
            strength += _BURIABLE_TEN_VALUE
    return strength


def _aces_held(hand: int) -> int:
    return (hand >> _ACES[0] & 1) + (hand >> _ACES[1] & 1) + (hand >> _ACES[2] & 1)


def leaster_strength(cards: tuple[Card, ...] | list[Card]) -> float:
    """How good a hand is for a leaster (higher is better), roughly −3 … +3.

    A leaster wants low cards, few points and a way to lose the lead: high trump and
    fail aces are liabilities; low fail cards and voids help shed points.
    """
    mask = card_mask(cards)
    score = 0.0
    for c in cards:
        if (1 << c) & TRUMP_MASK:
            score -= 0.7 if _TRUMP_POWER[c] >= _TRUMP_POWER[TRUMP_ORDER[7]] else 0.1
        elif POINTS[c] >= 10:
            score -= 0.4
        else:
            score += 0.4
    score += 0.3 * sum(1 for s in FAIL_SUITS if not mask & SUIT_MASK[s])
    return score


def position(view: SheepsheadView) -> int:
    """0 for the first seat asked (left of the dealer) … 4 for the dealer."""
    return (view.seat - view.dealer - 1) % 5


def should_pick(view: SheepsheadView, settings: BasicSettings) -> bool:
    """Pick when the hand's strength reaches the threshold for this seat's position."""
    threshold = pick_threshold(position(view), view.hand, view.rules, settings)
    return pick_strength(view.hand) >= threshold


def pick_threshold(seat_position: int, cards: tuple[Card, ...] | list[Card], rules: Rules,
                   settings: BasicSettings) -> float:
    """The strength a hand needs to pick in this position (0 = left of the dealer … 4 = the
    dealer).  When the dealer's pass would start a leaster he picks lighter, unless the hand
    is made for the leaster (low cards, voids), which makes passing attractive."""
    if seat_position == 4 and rules.no_picker is NoPicker.LEASTER:
        return settings.dealer_leaster_threshold + settings.leaster_bias * leaster_strength(cards)
    return settings.pick_threshold[seat_position]


# --- Burying and calling -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallPlan:
    """A bury and what to call after it (``call`` None: go alone)."""

    bury: tuple[Card, Card]
    call: Card | None
    unknown: Card | None
    score: float


def strong_enough_alone(hand: int, settings: BasicSettings) -> bool:
    """Go alone only on a truly strong hand: enough trump, the top of it, and little to lose.

    At least ``alone_trump`` trump (five) including three queens, both black ones among
    them, or seven or more trump with two queens; never with a fail card that is not an ace.
    (Raising the bar to six or seven trump lost in the arena; the partner's share is small
    next to what a hand like this takes alone.)
    """
    trump = hand & TRUMP_MASK
    count = trump.bit_count()
    if count < settings.alone_trump:
        return False
    queens = [q for q in TRUMP_ORDER[:4] if trump >> q & 1]
    black_queens = sum(1 for q in TRUMP_ORDER[:2] if trump >> q & 1)
    losers = [c for c in cards_in(hand & ~TRUMP_MASK) if c not in FAIL_ACES]
    if losers:
        return False
    return (len(queens) >= 3 and black_queens == 2) or (count >= 7 and len(queens) >= 2)


def score_bury_and_call(
    hand: int, buried: int, call: Card | None, unknown: Card | None,
    weights: BuryWeights | None = None,
) -> float:
    """The named heuristics of burying and calling, added up (higher is better).

    * ``buried points``: points in the bury count for us — 0.08 per point;
    * ``no trump in the bury``: a buried trump costs its picking value ×2.2;
    * ``voids``: each fail suit emptied (other than the called one) 1.0;
    * ``keep fail aces``: an ace kept 0.4 (it wins a trick; the bury would only bank it);
    * ``short called suit``: the hold card alone in its suit 1.0, one more card 0.4;
    * ``lone tens kept``: a fail ten kept without its ace and not in the called suit −0.6;
    * ``unknown card``: calling with one costs 0.8 plus the points set aside ×0.05.
    """
    w = weights if weights is not None else _DEFAULT_BURY
    score = w.buried_point * mask_points(buried)
    buried_trump = 0.0
    for c in cards_in(buried & TRUMP_MASK):
        buried_trump += _TRUMP_VALUES[c]
    score -= w.buried_trump * buried_trump
    if call == JACK_OF_DIAMONDS:
        call = None  # the J♦ partner: no called suit, no hold card
    called_suit = PLAY_SUIT[call] if call is not None else -1
    for suit in _FAIL_SUITS:
        if suit != called_suit and not hand & SUIT_MASK[suit]:
            score += w.void
    score += w.ace_kept * _aces_held(hand)
    for k in range(len(_ACES)):
        ten = _TENS[k]
        if hand >> ten & 1 and not hand >> _ACES[k] & 1 and PLAY_SUIT[ten] != called_suit:
            score -= w.lone_ten_kept
    if call is not None and unknown is None:
        held = card_count(hand & SUIT_MASK[called_suit])
        score += w.lone_called_card if held == 1 else w.two_called_cards if held == 2 else 0.0
    if unknown is not None:
        score -= w.unknown_card + 0.05 * POINTS[unknown]
    return score


_DEFAULT_BURY: Final = BuryWeights()


def _best_call(
    hand: int, buried: int, rules: Rules, settings: BasicSettings
) -> tuple[Card | None, Card | None, float]:
    """The best call after a bury: (card, unknown card or None, score); card None = alone."""
    w = settings.bury
    if strong_enough_alone(hand, settings):
        return None, None, score_bury_and_call(hand, buried, None, None, w) + 2.0
    candidates, callable_ = call_options(hand, buried, rules)
    options: list[tuple[float, int, Card | None, Card | None]] = []
    for k, c in enumerate(callable_):
        options.append((score_bury_and_call(hand, buried, c, None, w), -k, c, None))
    if may_use_unknown_card(hand, buried, rules):
        aside = _unknown_card_choice(hand)
        for k, c in enumerate(candidates):
            options.append((score_bury_and_call(hand, buried, c, aside, w), -k, c, aside))
    if not options:
        # Nothing can be called: alone is forced; score it as a poor outcome.
        return None, None, score_bury_and_call(hand, buried, None, None, w) - 3.0
    best = max(options, key=lambda o: (o[0], o[1]))
    return best[2], best[3], best[0]


def _unknown_card_choice(hand: int) -> Card:
    """The card to set aside as the unknown card: it can never win and its points go to the
    trick's winner, so the least useful card — a low fail card, else the lowest trump."""
    fails = [c for c in cards_in(hand & ~TRUMP_MASK)]
    if fails:
        return min(fails, key=lambda c: (POINTS[c], STRENGTH[PLAY_SUIT[c]][c], c))
    return min(cards_in(hand), key=lambda c: (_TRUMP_POWER[c], POINTS[c]))


def plan_bury(cards: tuple[Card, ...] | list[Card], rules: Rules,
              settings: BasicSettings) -> CallPlan:
    """Choose the bury (and the call it prepares) with the best score over all 28 pairs."""
    full = card_mask(cards)
    best: CallPlan | None = None
    for first, second in combinations(sorted(cards), 2):
        pair = (1 << first) | (1 << second)
        hand = full & ~pair
        call, unknown, score = _best_call(hand, pair, rules, settings)
        if best is None or score > best.score:
            best = CallPlan((first, second), call, unknown, score)
    assert best is not None
    return best


def choose_call(view: SheepsheadView, settings: BasicSettings) -> Action:
    """Call the best legal option, scored like the bury was planned."""
    hand = card_mask(view.hand)
    buried = card_mask(view.buried or ())
    legal = view.legal_actions
    scored: list[tuple[float, int, Action]] = []
    alone_ok = strong_enough_alone(hand, settings)
    for k, action in enumerate(legal):
        if action.kind is ActionKind.ALONE:
            value = score_bury_and_call(hand, buried, None, None, settings.bury)
            value += 2.0 if alone_ok else -3.0
        else:
            unknown = action.cards[1] if len(action.cards) == 2 else None
            if unknown is not None and unknown != _unknown_card_choice(hand):
                continue
            value = score_bury_and_call(hand, buried, action.cards[0], unknown, settings.bury)
        scored.append((value, -k, action))
    if not scored:
        return legal[0]
    return max(scored, key=lambda s: (s[0], s[1]))[2]


# --- Cracks and blitzes (house options) -------------------------------------------------------


def on_pickers_side(view: SheepsheadView) -> bool:
    """Whether this seat is the picker or his partner (each knows it of himself)."""
    return view.seat == view.picker or view.is_partner


def should_crack(view: SheepsheadView, settings: BasicSettings) -> bool:
    """A defender cracks only when the defenders are the likelier winners by a wide margin.

    A crack hands the picker the recrack, and he takes it on his good hands, so a cracker's
    losses run larger than his wins: in self-play a crack paid only where the defenders won
    about seven hands in ten.  From what a passer sees, that is one table: four against one —
    under the J♦ rule a picker going alone mostly holds the J♦ himself and must — with this
    seat holding trump close to a pick of its own (``crack_threshold``), which the picker
    then lacks.  Against a called partner, or a called-ace picker who chose to go alone (his
    hand is strong), the same passer's crack lost (see docs/research/cracks.md).  Never
    the partner (under the J♦ rule, its holder), who would double against his own side.
    """
    if on_pickers_side(view) or not (view.alone and view.rules.jack_of_diamonds):
        return False
    return pick_strength(view.hand) >= settings.crack_threshold


def should_recrack(view: SheepsheadView, settings: BasicSettings) -> bool:
    """The cracked picker recracks when his side is clearly ahead: five or more trump with
    two queens, or a hand strong enough to go alone with."""
    hand = card_mask(view.hand)
    trump = hand & TRUMP_MASK
    queens = sum(1 for q in TRUMP_ORDER[:4] if trump >> q & 1)
    return strong_enough_alone(hand, settings) or (
        trump.bit_count() >= settings.recrack_trump and queens >= 2
    )


def should_blitz(view: SheepsheadView, settings: BasicSettings) -> bool:
    """Show a pair of queens when this seat's side is the likelier winner: always on the
    picker's side (which usually wins, and the more so with two queens), as a defender only
    with a hand that would almost have picked alone."""
    if view.picker is None:
        return False
    if on_pickers_side(view):
        return True
    return pick_strength(view.hand) >= settings.blitz_defender_threshold


# --- The player ------------------------------------------------------------------------------


class BasicPlayer:
    """A sound club player: picks on strength, buries for voids, leads and schmears by the
    book, counts trump and reads the partner from public play.  Deterministic."""

    name = "basic"

    def __init__(self, settings: BasicSettings | None = None) -> None:
        self.settings = settings if settings is not None else BasicSettings()

    def __repr__(self) -> str:
        return "BasicPlayer()"

    def choose(self, view: SheepsheadView, rng: random.Random) -> Action:
        legal = legal_choices(view)
        if len(legal) == 1:
            return legal[0]
        action = self._decide(view)
        return action if action in legal else legal[0]

    def _decide(self, view: SheepsheadView) -> Action:
        phase = view.phase
        settings = self.settings
        if phase is Phase.PICK:
            return PICK if should_pick(view, settings) else PASS
        if phase is Phase.BURY:
            plan = plan_bury(view.hand, view.rules, settings)
            return Action.bury(*plan.bury)
        if phase is Phase.CALL:
            return choose_call(view, settings)
        if phase is Phase.PLAY:
            return Action.play(choose_card(view, settings.play))
        if phase is Phase.CRACK:
            return CRACK if should_crack(view, settings) else PASS
        if phase is Phase.RECRACK:
            return RECRACK if should_recrack(view, settings) else PASS
        if phase is Phase.BLITZ:
            blitzes = [a for a in view.legal_actions if a.kind is ActionKind.BLITZ]
            if not blitzes or not should_blitz(view, settings):
                return PASS
            widest = blitzes[0]  # both pairs, when offered (a lambda here costs every call)
            for blitz in blitzes:
                if len(blitz.cards) > len(widest.cards):
                    widest = blitz
            return widest
        return ALONE


VARIANTS: dict[str, BasicSettings] = {
    "no-crack": BasicSettings(crack_threshold=math.inf),
}
"""Named variants of :class:`BasicPlayer` for the arena (``basic:no-crack``), to measure one
rule against the player without it."""


def basic_variant(game: str, name: str) -> BasicPlayer:
    """The variant ``name`` of Sheepshead's ``basic`` (the registry's ``basic:NAME``)."""
    if game != "sheepshead":
        raise ValueError(f"basic:{name} is a Sheepshead player, not a {game} one.")
    try:
        return BasicPlayer(VARIANTS[name])
    except KeyError:
        raise ValueError(
            f"There is no basic variant {name!r}; choose from {', '.join(VARIANTS)}."
        ) from None
