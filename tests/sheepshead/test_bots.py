"""The basic Sheepshead player: always legal, deterministic, and plays by the book."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.hands import decisions
from tests.sheepshead.helpers import deal, hand_from
from tricktable.cards import card, parse_cards
from tricktable.game import PASS, PICK
from tricktable.sheepshead.bots import (
    BasicPlayer,
    BasicSettings,
    pick_strength,
    plan_bury,
    should_pick,
)
from tricktable.sheepshead.cardplay import defender_trump_lead_exception
from tricktable.sheepshead.deck import FAIL_ACES, TRUMP_MASK
from tricktable.sheepshead.knowledge import read_table
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView

BASIC = BasicPlayer()
PRESET_NAMES = list(PRESETS)

# Seat 0 (the dealer) picks QH 7D, buries 9C 8C and calls A♥ (7H is the hold card); seat 2
# holds A♥.  Seat 1 leads first, a defender holding the 9♥ and other fail.
DEFENDER_ON_LEAD = deal(
    "QC QS JC 7H 9C 8C",
    "9H AC 10C KS 10S JD",
    "AH 10H KH QD JS JH",
    "8H KC 7C AS 9S AD",
    "10D KD 9D 8D 8S 7S",
    blind="QH 7D",
)

# Seat 0 picks and leads; seat 1 holds the called A♥, no trump, and two more fail aces.
PARTNER_BEHIND_PICKER = deal(
    "QC QS JC 7H 9C 8C",
    "AH 9H AS 10S AC 7C",
    "10H KH QD JS JH JD",
    "8H KC 10C KS 9S AD",
    "10D KD 9D 8D 8S 7S",
    blind="QH 7D",
)


def choose(view: SheepsheadView, seed: int = 0) -> str:
    return str(BASIC.choose(view, random.Random(seed)))


def pick_view(hand: str, *, seat_position: int) -> SheepsheadView:
    """A view at the pick for a seat at ``seat_position`` (0 first … 4 the dealer) holding
    ``hand``; the earlier seats have passed."""
    cards = parse_cards(hand)
    rest = [c for c in parse_cards(
        "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D AC 10C KC 9C 8C 7C "
        "AS 10S KS 9S 8S 7S AH 10H KH 9H 8H 7H") if c not in cards]
    seat = seat_position + 1  # dealer 0
    hands = [rest[6 * k: 6 * k + 6] for k in range(4)]
    hands.insert(seat % 5, list(cards))
    the_deal = deal(*(" ".join(map(str, h)) for h in hands), blind=" ".join(map(str, rest[24:])))
    state = hand_from(the_deal, dealer=0, actions=["pass"] * seat_position)
    assert state.to_move == seat % 5
    return state.view(seat % 5)


# --- Always legal, always the same ------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), mix=st.randoms(use_true_random=False))
def test_basic_only_ever_chooses_legal_actions(preset: str, seed: int, mix: random.Random) -> None:
    """Whole hands in which each decision is made by basic or by chance: every view basic is
    asked about, on every table, gets a legal answer."""
    state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
    for _, view in decisions(state):
        action = BASIC.choose(view, mix)
        assert action in view.legal_actions
        if mix.random() < 0.3:
            action = view.legal_actions[mix.randrange(len(view.legal_actions))]
        state.apply(action)


def test_basic_self_play_finishes_many_hands_on_every_table() -> None:
    for preset in PRESET_NAMES:
        for seed in range(40):
            state = new_hand(rules=PRESETS[preset], dealer=seed % 5, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(BASIC.choose(state.view(state.to_move), rng))  # type: ignore[arg-type]
            assert state.result is not None


def test_basic_is_deterministic_and_ignores_its_generator() -> None:
    for seed in range(20):
        state = new_hand(dealer=seed % 5, seed=seed)
        while not state.is_over:
            view = state.view(state.to_move)  # type: ignore[arg-type]
            choices = {BASIC.choose(view, random.Random(k)) for k in range(3)}
            assert len(choices) == 1
            state.apply(choices.pop())


# --- Picking ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seat_position", range(5))
def test_basic_does_not_pick_a_terrible_hand(seat_position: int) -> None:
    view = pick_view("7C 8S 9H KC 10S 7H", seat_position=seat_position)
    assert BASIC.choose(view, random.Random(0)) == PASS


@pytest.mark.parametrize("seat_position", range(5))
def test_basic_picks_a_monster(seat_position: int) -> None:
    view = pick_view("QC QS QH JC AD 10D", seat_position=seat_position)
    assert BASIC.choose(view, random.Random(0)) == PICK


def test_later_seats_pick_lighter() -> None:
    strength = pick_strength(parse_cards("QD JH 9D 8D AS 7H"))
    settings_ = BasicSettings()
    thresholds = settings_.pick_threshold
    assert list(thresholds) == sorted(thresholds, reverse=True)
    first = pick_view("QD JH 9D 8D AS 7H", seat_position=0)
    third = pick_view("QD JH 9D 8D AS 7H", seat_position=3)
    assert thresholds[3] <= strength < thresholds[0]
    assert not should_pick(first, settings_) and should_pick(third, settings_)


# --- Burying and calling ----------------------------------------------------------------------


def test_the_bury_keeps_trump_and_a_hold_card_and_makes_a_void() -> None:
    cards = parse_cards("QC QS JC QH 7D 7H 9C 8C")
    plan = plan_bury(cards, PRESETS["milwaukee"], BasicSettings())
    assert set(plan.bury) == set(parse_cards("9C 8C"))  # void in clubs, no trump buried
    assert plan.call == card("AH")  # 7H is the hold card


def test_going_alone_only_on_a_truly_strong_hand() -> None:
    strong = plan_bury(parse_cards("QC QS QH JC JS AD 9S 7H"), PRESETS["milwaukee"],
                       BasicSettings())
    assert strong.call is None and set(strong.bury) == set(parse_cards("9S 7H"))
    ordinary = plan_bury(parse_cards("QC JS JH 9D 8D AH 9S 7C"), PRESETS["milwaukee"],
                         BasicSettings())
    assert ordinary.call is not None


# --- Card play --------------------------------------------------------------------------------


def test_a_defender_leads_the_called_suit() -> None:
    state = hand_from(DEFENDER_ON_LEAD, dealer=0,
                      actions=["pass"] * 4 + ["pick", "bury 8C 9C", "call AH"])
    assert state.phase is Phase.PLAY and state.to_move == 1 and state.partner == 2
    assert choose(state.view(1)) == "play 9H"


def test_the_partner_schmears_an_ace_onto_the_pickers_sure_trick() -> None:
    state = hand_from(PARTNER_BEHIND_PICKER, dealer=4,
                      actions=["pick", "bury 8C 9C", "call AH", "play QC"])
    assert state.to_move == 1 and state.partner == 1
    action = BASIC.choose(state.view(1), random.Random(0))
    assert action.card in FAIL_ACES and action.card != card("AH")


def test_a_defender_gives_nothing_to_a_trick_the_picker_wins() -> None:
    # Seat 2 is a defender without trump, holding two aces and two tens.
    the_deal = deal(
        "QC QS JC 7H 9C 8C",
        "AH 9H JS JH JD QD",
        "10H KH AS 10S AC 7C",
        "8H KC 10C KS 9S AD",
        "10D KD 9D 8D 8S 7S",
        blind="QH 7D",
    )
    state = hand_from(the_deal, dealer=4,
                      actions=["pick", "bury 8C 9C", "call AH", "play QC", "play JD"])
    assert state.to_move == 2 and state.partner == 1
    assert choose(state.view(2)) == "play 7C"


def test_defenders_do_not_lead_trump_while_holding_fail() -> None:
    """Over many self-play hands a defender leading with fail in hand leads fail, except when
    the named exception applies."""
    leads = exceptions = 0
    for seed in range(150):
        state = new_hand(dealer=seed % 5, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            action = BASIC.choose(view, random.Random(0))
            defender = state.picker is not None and seat not in (state.picker, state.partner)
            if (view.phase is Phase.PLAY and not state.current_trick and defender
                    and state.hands[seat] & ~TRUMP_MASK):
                leads += 1
                if (1 << action.card) & TRUMP_MASK:
                    playable = [a.card for a in view.legal_actions]
                    assert defender_trump_lead_exception(read_table(view), playable)
                    exceptions += 1
            state.apply(action)
    assert leads > 100 and exceptions <= leads * 0.02


def test_in_a_leaster_a_void_player_sheds_an_ace_onto_another_trick() -> None:
    # Seat 1 leads the 7♣; seat 2 has no clubs and an ace and a ten to get rid of.
    the_deal = deal(
        "QC QS 9C 8C 7S 8H",
        "7C JS JH 9D 8S 7H",
        "AS 10H QH QD JC 9S",
        "AC 10C KC AD 10D 9H",
        "KD 8D 7D 10S KS AH",
        blind="JD KH",
    )
    state = hand_from(the_deal, dealer=0, actions=["pass"] * 5 + ["play 7C"])
    assert state.view(2).leaster and state.to_move == 2
    action = BASIC.choose(state.view(2), random.Random(0))
    assert action.card in parse_cards("AS 10H")


def test_in_a_leaster_a_player_without_a_trick_takes_a_cheap_one() -> None:
    # Hearts are led and followed low; seat 4, out of hearts and without a trick, takes the
    # pointless trick with its sure Q♣ rather than throwing a loser.
    the_deal = deal(
        "KS AH 10H KH JD AD",
        "7H QS JC 10D AC 10C",
        "8H QH JS KD KC 9C",
        "9H QD JH 9D AS 10S",
        "QC 7C 8C 7S 8S 9S",
        blind="8D 7D",
    )
    state = hand_from(the_deal, dealer=0,
                      actions=["pass"] * 5 + ["play 7H", "play 8H", "play 9H"])
    view = state.view(4)
    assert view.leaster and view.tricks_by_seat[4] == 0
    assert choose(view) == "play QC"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_the_table_read_in_any_order_is_the_table_read_afresh(preset: str) -> None:
    """read_table goes on from the finished tricks it read last: whatever views came before,
    the table is the one read with nothing remembered."""
    import tricktable.sheepshead.knowledge as knowledge

    basic = BasicPlayer()
    rng = random.Random(preset)
    views = []
    for number in range(6):
        state = new_hand(rules=PRESETS[preset], dealer=number % 5, seed=f"reading/{number}")
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            views.extend(state.view(s) for s in range(5))
            state.apply(basic.choose(state.view(seat), rng))
    views = [v for v in views if v.phase is Phase.PLAY]
    in_order = [read_table(v) for v in views]
    shuffled = list(range(len(views)))
    rng.shuffle(shuffled)
    for k in shuffled:
        assert read_table(views[k]) == in_order[k]
    for view, table in zip(views, in_order, strict=True):
        knowledge._last_finished = None
        assert read_table(view) == table
