"""The rules of a Sheepshead hand, one by one, on hand-made deals."""

import random
from dataclasses import replace

import pytest

from tests.sheepshead.helpers import ACES, CALLED, UNKNOWN, WORKED, act, deal, hand_from
from tricktable.cards import card, parse_cards
from tricktable.game import IllegalAction
from tricktable.sheepshead.events import (
    Buried,
    Called,
    CardPlayed,
    LeasterBegins,
    PartnerRevealed,
    Passed,
    PassedOut,
    Picked,
    TrickWon,
)
from tricktable.sheepshead.rules import PRESETS, NoPicker
from tricktable.sheepshead.scoring import HandKind
from tricktable.sheepshead.state import HandState, Phase, new_hand

ALL_PASS = ["pass"] * 5


def legal_texts(state: HandState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def assert_illegal(state: HandState, text: str, message: str, *, seat: int | None = None) -> None:
    """The action is refused with a message naming the rule, and nothing changes."""
    before = (list(state.hands), len(state.history), len(state.events), state.to_move,
              state.phase, list(state.current_trick))
    with pytest.raises(IllegalAction) as error:
        state.apply(act(text), seat=seat)
    assert message in str(error.value)
    after = (list(state.hands), len(state.history), len(state.events), state.to_move,
             state.phase, list(state.current_trick))
    assert after == before


# --- Picking ---------------------------------------------------------------------------------


def test_picking_starts_left_of_the_dealer_and_the_first_to_pick_is_the_picker() -> None:
    state = hand_from(CALLED, dealer=2)
    assert state.to_move == 3 and legal_texts(state) == ["pick", "pass"]
    state.apply(act("pass"))
    state.apply(act("pick"))
    assert state.picker == 4 and state.phase is Phase.BURY and state.to_move == 4
    assert len(state.hand(4)) == 8
    assert state.events == [Passed(3), Picked(4)]


def test_the_picker_buries_two_cards_which_count_for_his_team() -> None:
    state = hand_from(CALLED, actions=["pick"])
    assert len(state.legal_actions()) == 28  # every pair of eight cards
    assert_illegal(state, "bury AH 7H", "you do not hold it")
    assert_illegal(state, "play QC", "cannot play now")
    state.apply(act("bury 9C 8C"))
    assert state.phase is Phase.CALL
    assert state.buried == sum(1 << c for c in parse_cards("9C 8C"))
    assert state.events[-1] == Buried(0, tuple(sorted(parse_cards("9C 8C"))))


def test_actions_out_of_turn_are_refused() -> None:
    state = hand_from(CALLED)
    assert_illegal(state, "pass", "not your turn: seat 0 is to pick or pass", seat=3)
    state.apply(act("pass"), seat=0)
    assert state.to_move == 1


# --- Calling ----------------------------------------------------------------------------------


def test_the_picker_calls_an_ace_of_a_suit_he_holds() -> None:
    state = hand_from(CALLED, actions=["pick", "bury 9C 8C"])
    assert legal_texts(state) == ["call AH", "alone"]
    # Clubs were buried: no hold card; A♥ is callable, so no word of the unknown card.
    assert_illegal(state, "call AC", "you hold no club to keep with it (the hold card). "
                   "Call A♥, or go alone.")
    assert_illegal(state, "call AC unknown 7D", "only for a picker with no hold card")
    assert_illegal(state, "call 10H", "only when you hold or buried all three fail aces")
    assert_illegal(state, "call KH", "You can only call A♣ or A♠ or A♥")
    state.apply(act("call AH"))
    assert state.called == card("AH") and state.partner == 2
    assert state.events[-1] == Called(0, card("AH"), False)
    assert state.phase is Phase.PLAY and state.to_move == 0  # left of dealer 4 leads


def test_without_the_unknown_card_a_call_needs_a_hold_card() -> None:
    rules = replace(PRESETS["milwaukee"], unknown_card=False)
    state = hand_from(CALLED, rules=rules, actions=["pick", "bury 9C 8C"])
    assert_illegal(state, "call AC", "you hold no club to keep with it (the hold card)")


def test_a_picker_with_all_three_aces_calls_a_ten() -> None:
    state = hand_from(ACES, actions=["pick", "bury 7C QD"])
    assert legal_texts(state) == ["call 10C", "call 10S", "call 10H", "alone"]
    assert_illegal(state, "call AH", "you hold it")
    state.apply(act("call 10S"))
    assert state.partner == 1


def test_a_buried_ace_counts_as_held_for_calling_a_ten() -> None:
    state = hand_from(ACES, actions=["pick", "bury AH 7C"])
    assert legal_texts(state) == ["call 10C", "call 10S", "alone"]  # no heart left to hold
    assert_illegal(state, "call AH", "you buried it")


def test_without_call_a_ten_a_picker_with_all_aces_goes_alone() -> None:
    rules = replace(PRESETS["milwaukee"], call_ten=False)
    state = hand_from(ACES, rules=rules, actions=["pick", "bury 7C QD"])
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call 10C", "does not call tens")


def test_with_nothing_to_call_the_picker_must_go_alone() -> None:
    no_candidates = deal(
        "AC AS AH 10C 10S 10H",
        "QC KC KS KH 9C 9S",
        "QS 9H 8C 8S 8H 7C",
        "JC JS JH JD 7S 7H",
        "AD 10D KD 9D 8D 7D",
        blind="QH QD",
    )
    state = hand_from(no_candidates, actions=["pick", "bury QH QD"])
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call AH", "you hold it")
    state.apply(act("alone"))
    assert state.alone and state.partner is None and state.phase is Phase.PLAY


def test_the_picker_may_always_go_alone() -> None:
    state = hand_from(CALLED, actions=["pick", "bury 9C 8C", "alone"])
    assert state.alone and state.called is None and state.partner is None


# --- Following suit and winning tricks --------------------------------------------------------


def test_the_worked_29_point_trick() -> None:
    state = hand_from(WORKED, actions=ALL_PASS)
    assert state.events[-1] == LeasterBegins()
    state.apply(act("play AH"))
    assert_illegal(state, "play QH", "You must follow hearts. Q♥ is trump.")
    assert_illegal(state, "play 7S", "You must follow hearts.")
    for text in ("play 10H", "play KH", "play 7D", "play KC"):
        state.apply(act(text))
    assert state.tricks[0].winner == 3 and state.tricks[0].points == 29
    assert state.events[-1] == TrickWon(3, 29, 1, False)
    assert state.points_by_seat == [0, 0, 0, 29, 0] and state.to_move == 3


def test_trump_is_one_suit_and_must_be_followed() -> None:
    state = hand_from(WORKED, actions=[*ALL_PASS, "play QC"])
    # Seat 1 holds QH QD JC: a trump must follow a trump; hearts do not.
    assert sorted(legal_texts(state)) == ["play JC", "play QD", "play QH"]
    assert_illegal(state, "play 10H", "You must follow trump.")
    assert_illegal(state, "play 8D", "You do not hold 8♦.")


def test_a_player_void_in_the_led_suit_may_play_anything() -> None:
    state = hand_from(WORKED, actions=[*ALL_PASS, "play AH", "play 10H", "play KH"])
    assert sorted(legal_texts(state)) == sorted(
        f"play {c}" for c in ["7D", "AD", "10D", "KD", "AS", "10S"]
    )


def test_highest_card_of_the_led_fail_suit_wins_without_trump() -> None:
    state = hand_from(WORKED, actions=[*ALL_PASS, "play 9C", "play 7S", "play 8S", "play AS",
                                       "play AC"])
    assert state.tricks[0].winner == 4 and state.tricks[0].points == 22


# --- The called ace -----------------------------------------------------------------------------

CALL_AH = ["pass", "pick", "bury 9C 8C", "call AH"]  # dealer 3: seat 4 passes and leads


def test_the_partner_cannot_discard_the_called_ace_and_the_picker_keeps_a_hold_card() -> None:
    state = hand_from(CALLED, dealer=3, actions=CALL_AH)
    assert state.picker == 0 and state.to_move == 4
    state.apply(act("play 9S"))
    # Picker void in spades: anything but his last heart.
    assert "play 7H" not in legal_texts(state)
    assert_illegal(state, "play 7H", "The picker must keep a heart until hearts are led.")
    state.apply(act("play QC"))
    state.apply(act("play AS"))
    # The partner (seat 2) is void in spades and may not throw the called ace.
    assert "play AH" not in legal_texts(state)
    assert_illegal(state, "play AH", "The partner must keep the called A♥ until hearts are led.")
    state.apply(act("play KH"))
    state.apply(act("play JD"))
    assert state.tricks[0].winner == 0


def test_the_first_heart_lead_forces_the_called_ace_and_reveals_the_partner() -> None:
    state = hand_from(CALLED, dealer=3, actions=[*CALL_AH, "play 9S", "play QC", "play AS",
                                                 "play KH", "play JD"])
    assert state.view(0).partner is None and state.view(2).partner == 2
    assert state.view(2).is_partner and not state.view(3).is_partner
    state.apply(act("play 7H"))  # the picker may lead his last heart himself
    state.apply(act("play AC"))
    assert legal_texts(state) == ["play AH"]
    assert_illegal(state, "play 10H", "The partner must play the called A♥ now.")
    state.apply(act("play AH"))
    assert state.events[-1] == PartnerRevealed(2)
    assert state.partner_revealed
    assert all(state.view(seat).partner == 2 for seat in range(5))


def test_the_partner_opening_the_called_suit_must_lead_the_called_ace() -> None:
    state = hand_from(CALLED, actions=["pick", "bury 9C 8C", "call AH", "play JC", "play AC",
                                       "play QD", "play JD", "play 9D"])
    assert state.to_move == 2  # QD won
    assert_illegal(state, "play KH", "The partner must lead the called A♥ to open hearts.")
    assert "play AH" in legal_texts(state) and "play JS" in legal_texts(state)


def test_constraints_end_once_the_called_suit_has_been_led() -> None:
    state = hand_from(CALLED, dealer=3, actions=[*CALL_AH, "play 9S", "play QC", "play AS",
                                                 "play KH", "play JD", "play 7H", "play AC",
                                                 "play AH", "play 9H", "play 9D"])
    assert state.tricks[1].winner == 4  # 9D trumped the ace
    assert state.called_suit_led
    state.apply(act("play 8S"))
    # Seat 0 is void in spades and free to play any card of his hand.
    assert sorted(legal_texts(state)) == sorted(f"play {c}" for c in state.hand(0))


def test_the_partner_keeps_the_called_ace_until_hearts_are_led_on_the_last_trick() -> None:
    state = hand_from(CALLED, actions=["pick", "bury 9C 8C", "call AH"])
    plays = [
        "QC", "KS", "JS", "KD", "8D", "QS", "KC", "JH", "10D", "9D", "QH", "10S", "QD", "AD",
        "7C", "JC", "AS",
    ]
    for text in plays:
        state.apply(act(f"play {text}"))
    # The partner, void in trump, must keep A♥ and play another heart.
    assert legal_texts(state) == ["play 10H", "play KH"]
    for text in ["KH", "JD", "7S", "7D", "10C"]:
        state.apply(act(f"play {text}"))
    assert legal_texts(state) == ["play 10H"]
    for text in ["10H", "9H", "9S"]:
        state.apply(act(f"play {text}"))
    assert [t.winner for t in state.tricks] == [0, 0, 0, 0, 0]
    assert not state.called_suit_led
    state.apply(act("play 7H"))
    state.apply(act("play AC"))
    assert legal_texts(state) == ["play AH"]
    state.apply(act("play AH"))
    assert state.events[-1] == PartnerRevealed(2)


# --- The unknown card ---------------------------------------------------------------------------


def test_a_picker_without_a_hold_card_may_call_with_an_unknown_card() -> None:
    state = hand_from(UNKNOWN, actions=["pick", "bury AC JH"])
    texts = legal_texts(state)
    assert "call AH unknown JS" in texts and "call AS unknown QC" in texts
    assert len(texts) == 2 * 6 + 1 and texts[-1] == "alone"
    assert_illegal(state, "call AH", "to call A♥ you must set aside an unknown card")
    assert_illegal(state, "call AH unknown 7H", "you do not hold it")
    state.apply(act("call AH unknown JS"))
    assert state.unknown == card("JS") and card("JS") not in state.hand(0)
    assert state.events[-1] == Called(0, card("AH"), True)
    assert state.view(0).unknown_card == card("JS")
    assert state.view(1).unknown_card is None and state.view(1).unknown_set_aside


def test_without_the_unknown_card_option_such_a_picker_goes_alone() -> None:
    state = hand_from(UNKNOWN, rules=PRESETS["pagat"], actions=["pick", "bury AC JH"])
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call AH unknown JS", "does not play the unknown card")


def test_the_unknown_card_is_played_face_down_when_the_called_suit_is_first_led() -> None:
    state = hand_from(UNKNOWN, dealer=3, actions=["pass", "pick", "bury AC JH",
                                                  "call AH unknown JS"])
    assert state.to_move == 4
    state.apply(act("play 7H"))  # a defender opens hearts
    assert legal_texts(state) == ["play JS"]
    assert_illegal(state, "play QC", "Hearts are led: the picker must play the unknown card now.")
    state.apply(act("play JS"))
    assert state.events[-1] == CardPlayed(0, card("JS"), True)
    assert state.view(2).events[-1] == CardPlayed(0, None, True)
    assert state.view(0).events[-1] == CardPlayed(0, card("JS"), True)
    state.apply(act("play AH"))
    state.apply(act("play 8D"))
    state.apply(act("play 10C"))
    trick = state.tricks[0]
    # J♠ is a high trump but as the unknown card it cannot win; its 2 points go to the winner.
    assert trick.winner == 2 and trick.points == 0 + 2 + 11 + 0 + 10
    assert state.view(3).tricks[0].points is None and state.view(3).tricks[0].cards[1] is None
    assert state.view(0).tricks[0].points == 23


def test_the_picker_may_lead_the_unknown_card_to_open_the_called_suit() -> None:
    state = hand_from(UNKNOWN, actions=["pick", "bury AC JH", "call AH unknown JS"])
    assert "play JS" in legal_texts(state)
    state.apply(act("play JS"))
    assert legal_texts(state) == ["play AH"]
    for text in ("play AH", "play 8D", "play 10C"):
        state.apply(act(text))
    assert_illegal(state, "play AS", "You must follow hearts.")
    state.apply(act("play 7H"))
    assert state.tricks[0].winner == 2 and state.tricks[0].unknown_at == 0
    assert state.tricks[0].points == 23


def test_the_unknown_card_waits_for_the_called_suit_or_the_last_trick() -> None:
    state = hand_from(UNKNOWN, actions=["pick", "bury AC JH", "call AH unknown JS"])
    for lead in ("QC", "QS", "QH", "QD", "JC"):
        assert state.to_move == 0
        state.apply(act(f"play {lead}"))
        while state.current_trick:
            legal = state.legal_actions()
            if state.to_move == 1:  # the partner keeps A♥ while hearts are not led
                assert "play AH" not in [str(a) for a in legal]
            state.apply(legal[0])
        assert state.tricks[-1].winner == 0
    assert legal_texts(state) == ["play JS"]
    state.apply(act("play JS"))  # on the last trick it opens hearts
    assert legal_texts(state) == ["play AH"]


def test_the_unknown_card_cannot_be_thrown_early() -> None:
    state = hand_from(UNKNOWN, dealer=3, actions=["pass", "pick", "bury AC JH",
                                                  "call AH unknown JS", "play AS"])
    assert "play JS" not in legal_texts(state)
    assert_illegal(state, "play JS", "The unknown card is played when hearts are first led")


# --- No picker --------------------------------------------------------------------------------


def test_leaster_sets_the_blind_aside_and_the_fewest_points_with_a_trick_win() -> None:
    state = hand_from(CALLED, actions=ALL_PASS)  # the blind is Q♥ 7♦: 3 points
    assert state.picker is None and state.phase is Phase.PLAY and state.to_move == 0
    while not state.is_over:
        state.apply(state.legal_actions()[-1])
    result = state.result
    assert result is not None and result.kind is HandKind.LEASTER
    assert sum(result.points_by_seat) == 117  # the blind counts for nobody
    winner = result.leaster_winner
    if winner is not None:
        assert result.scores[winner] == 4 and sum(result.scores) == 0


@pytest.mark.parametrize(("preset", "doubled"), [("tavern", True), ("pagat", False)])
def test_doubler_and_redeal_throw_the_deal_in(preset: str, doubled: bool) -> None:
    state = hand_from(WORKED, rules=PRESETS[preset], actions=ALL_PASS)
    assert state.is_over and state.to_move is None
    assert state.events[-2] == PassedOut(doubled)
    assert state.result is not None and state.result.kind is HandKind.PASSED_OUT
    assert state.result.scores == (0,) * 5
    assert state.legal_actions() == ()
    assert_illegal(state, "pick", "The hand is over.")


# --- A full hand --------------------------------------------------------------------------------


def test_a_called_ace_hand_is_scored_for_the_team() -> None:
    state = hand_from(CALLED, dealer=3, actions=[*CALL_AH, "play 9S", "play QC", "play AS",
                                                 "play KH", "play JD"])
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    result = state.result
    assert result is not None and result.picker == 0 and result.partner == 2
    team = result.points_by_seat[0] + result.points_by_seat[2] + 0  # 9C 8C bury: 0 points
    assert result.picker_team_points == team
    assert sum(result.points_by_seat) == 120
    s = result.scores[2]
    assert result.scores == (2 * s, -s, s, -s, -s)
    assert result.trick_winners == tuple(t.winner for t in state.tricks)


def test_new_hand_needs_exactly_one_of_seed_and_deal() -> None:
    with pytest.raises(ValueError):
        new_hand()
    with pytest.raises(ValueError):
        new_hand(seed=1, deal=CALLED)
    with pytest.raises(ValueError):
        new_hand(seed=1, dealer=5)
    assert new_hand(seed=1, rules=replace(PRESETS["milwaukee"], no_picker=NoPicker.REDEAL))


def test_copy_is_independent() -> None:
    state = hand_from(CALLED, actions=["pick", "bury 9C 8C", "call AH"])
    twin = state.copy()
    twin.apply(twin.legal_actions()[0])
    assert len(state.history) == 3 and len(twin.history) == 4
    assert state.hands != twin.hands


def test_the_legal_action_count_is_the_number_of_legal_actions() -> None:
    counts = set()
    for number, rules in enumerate(list(PRESETS.values()) * 4):
        rng = random.Random(number)
        state = new_hand(rules=rules, dealer=number % 5, seed=f"count/{number}")
        while not state.is_over:
            legal = state.legal_actions()
            assert state.legal_action_count() == len(legal)
            counts.add(len(legal))
            state.apply(legal[rng.randrange(len(legal))])
    assert {1, 2} <= counts and max(counts) > 5
