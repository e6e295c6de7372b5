"""The Wisconsin house options: partner by the J♦, cracks, blitzes and the cap on doublings;
and the unknown card as seed 003 gives it (only to a picker whose only fail cards are aces)."""

import json
import random
from dataclasses import replace

import pytest

from tests.sheepshead.helpers import CALLED, act, deal, hand_from
from tests.sheepshead.test_state import assert_illegal, legal_texts
from tricktable.cards import parse_cards
from tricktable.game import IllegalAction, parse_action
from tricktable.sheepshead.bots import BasicPlayer, should_crack, should_recrack
from tricktable.sheepshead.events import (
    Blitzed,
    Called,
    Cracked,
    Declined,
    PartnerRevealed,
    Recracked,
    WentAlone,
)
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.records import hand_record, hand_summary, replay_hand
from tricktable.sheepshead.rules import PRESETS, NoPicker, Partner, Rules, rules_from_json
from tricktable.sheepshead.scoring import HandKind, score_picked_hand
from tricktable.sheepshead.state import HandState, Phase, new_hand

WISCONSIN = PRESETS["wisconsin-jd"]

# Dealer 4: seats 0 and 1 pass, seat 2 picks (red queens), seat 3 holds the J♦, seat 0 the
# black queens.
JD_DEAL = deal(
    "QC QS 7C 8C 9S 7H",
    "AC 10C KC 9C AS 10S",
    "QH QD JC JS AD 10D",
    "JD KD 9D AH 10H KH",
    "JH 8D 7D KS 8S 7S",
    blind="9H 8H",
)
# The same, but the J♦ lies in the blind (seat 3 has the 9♥ instead).
JD_IN_BLIND = deal(
    "QC QS 7C 8C 9S 7H",
    "AC 10C KC 9C AS 10S",
    "QH QD JC JS AD 10D",
    "9H KD 9D AH 10H KH",
    "JH 8D 7D KS 8S 7S",
    blind="JD 8H",
)
CALLED_JD = ["pass", "pass", "pick", "bury 9H 8H", "call JD"]

# Seat 0 picks 7H JS: with the bury JC JS he keeps A♥ 7♥ and no club or spade.
ACE_AND_SEVEN = deal(
    "QC QS QH QD JC AH",
    "AC 10C KC 9C 8C 7C",
    "AS 10S KS 9S 8S 7S",
    "10H KH 9H 8H JH JD",
    "AD 10D KD 9D 8D 7D",
    blind="7H JS",
)


def jd_hand(actions: list[str], rules: Rules = WISCONSIN, the_deal: object = JD_DEAL) -> HandState:
    return hand_from(the_deal, rules=rules, actions=actions)  # type: ignore[arg-type]


# --- The options as data ------------------------------------------------------------------------


def test_the_preset_bundles_the_house_options() -> None:
    assert WISCONSIN.partner is Partner.JACK_OF_DIAMONDS and WISCONSIN.jack_of_diamonds
    assert WISCONSIN.no_picker is NoPicker.LEASTER and not WISCONSIN.double_on_the_bump
    assert WISCONSIN.crack and WISCONSIN.blitz and WISCONSIN.max_doubles == 4
    assert rules_from_json("wisconsin-jd") is WISCONSIN
    assert rules_from_json(WISCONSIN.to_json()) == WISCONSIN
    # The seeds' presets are unchanged by the house options.
    for name in ("milwaukee", "pagat", "tavern"):
        rules = PRESETS[name]
        assert rules.partner is Partner.CALLED_ACE and not rules.crack and not rules.blitz
        assert rules.max_doubles is None


def test_bad_house_options_say_what_was_wrong() -> None:
    with pytest.raises(ValueError, match="partner must be one of"):
        rules_from_json({"partner": "queen-of-clubs"})
    with pytest.raises(ValueError, match="max_doubles must be a whole number"):
        rules_from_json({"max_doubles": -1})
    with pytest.raises(ValueError, match="crack must be true or false"):
        rules_from_json({"crack": "yes"})
    assert rules_from_json({"preset": "milwaukee", "crack": True, "max_doubles": 2}).crack


@pytest.mark.parametrize("text", ["crack", "recrack", "blitz QC QS", "blitz QH QD", "call JD"])
def test_the_new_actions_round_trip(text: str) -> None:
    assert str(parse_action(text)) == text


def test_a_blitz_names_its_pair_in_one_order() -> None:
    assert str(parse_action("blitz qs qc")) == "blitz QC QS"
    with pytest.raises(ValueError, match="A blitz shows two queens"):
        parse_action("blitz QC")
    with pytest.raises(ValueError, match="takes nothing after it"):
        parse_action("crack QC")


# --- Partner by the jack of diamonds ------------------------------------------------------------


def test_the_picker_calls_the_jack_of_diamonds_and_its_holder_is_the_secret_partner() -> None:
    state = jd_hand(["pass", "pass", "pick", "bury 9H 8H"])
    assert legal_texts(state) == ["call JD", "alone"]
    assert_illegal(state, "call AH", "At this table the J♦ is the partner: call JD, or go alone.")
    assert_illegal(state, "call JD unknown 7H", "does not play the unknown card")
    state.apply(act("call JD"))
    assert state.partner == 3 and state.events[-1] == Called(2, parse_cards("JD")[0], False)
    for seat in (0, 1, 2, 4):  # not even the picker knows
        view = state.view(seat)
        assert view.partner is None and not view.is_partner and view.called_suit == -1
    assert state.view(3).is_partner and state.view(3).partner == 3


def test_the_partner_is_revealed_when_the_jack_of_diamonds_is_played() -> None:
    state = jd_hand([*CALLED_JD, *["pass"] * 7])
    assert state.phase is Phase.PLAY
    jack = parse_cards("JD")[0]
    while jack not in state.current_trick and not state.is_over:
        if state.to_move == 3 and any(a.card == jack for a in state.legal_actions()):
            state.apply(act("play JD"))
        else:
            state.apply(state.legal_actions()[0])
    assert PartnerRevealed(3) in state.events
    assert all(state.view(seat).partner == 3 for seat in range(5))


def test_no_called_suit_rules_bind_the_jack_of_diamonds_game() -> None:
    state = jd_hand([*CALLED_JD, *["pass"] * 7])
    # Seat 0 leads; every card is open to the lead, for the picker and partner alike.
    assert len(state.legal_actions()) == 6
    state.apply(act("play 7C"))
    state.apply(act("play AC"))
    state.apply(act("play JC"))  # the picker trumps
    assert len(state.legal_actions()) == 6  # the partner, void in clubs, may throw the J♦


def test_a_picker_holding_the_jack_of_diamonds_goes_alone() -> None:
    state = jd_hand(["pass", "pass", "pick", "bury AD 8H"], the_deal=JD_IN_BLIND)
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call JD", "You hold J♦: you must go alone.")
    state.apply(act("alone"))
    assert state.events[-1] == WentAlone(2) and state.partner is None


def test_a_picker_who_buried_the_jack_of_diamonds_goes_alone() -> None:
    state = jd_hand(["pass", "pass", "pick", "bury JD 8H"], the_deal=JD_IN_BLIND)
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call JD", "You buried J♦: you must go alone.")


# --- Cracks ---------------------------------------------------------------------------------------


def test_a_crack_is_offered_only_to_players_who_passed_in_turn() -> None:
    state = jd_hand(CALLED_JD)
    assert state.phase is Phase.CRACK and state.to_move == 0
    assert legal_texts(state) == ["crack", "pass"]
    assert_illegal(state, "crack", "not your turn: seat 0 is to crack or pass", seat=3)
    state.apply(act("pass"))
    assert state.to_move == 1 and state.events[-1] == Declined(0, "crack")
    state.apply(act("pass"))
    # Seats 3 and 4 were never asked: they did not pass (nobody asked them to pick).
    assert state.phase is Phase.BLITZ and state.doublings == 0
    assert_illegal(state, "crack", "You cannot crack now: it is time to blitz or pass")


def test_the_first_crack_ends_the_asking_and_the_picker_may_recrack() -> None:
    state = jd_hand([*CALLED_JD, "crack"])
    assert state.events[-1] == Cracked(0) and state.stake_multiplier == 2
    assert state.phase is Phase.RECRACK and state.to_move == 2
    assert legal_texts(state) == ["recrack", "pass"]
    state.apply(act("recrack"))
    assert state.events[-1] == Recracked(2) and state.stake_multiplier == 4
    assert state.phase is Phase.BLITZ and state.to_move == 0
    assert all(state.view(seat).stake_multiplier == 4 for seat in range(5))


def test_no_crack_when_nobody_passed() -> None:
    state = hand_from(JD_DEAL, dealer=1, rules=WISCONSIN,
                      actions=["pick", "bury 9H 8H", "call JD"])
    assert state.phase is Phase.BLITZ  # seat 2 picked first: nobody to crack


def test_no_crack_once_the_first_card_is_played() -> None:
    state = jd_hand([*CALLED_JD, "pass", "pass", *["pass"] * 5, "play 7C"])
    assert state.phase is Phase.PLAY
    assert_illegal(state, "crack", "You cannot crack now: it is time to play a card")
    assert_illegal(state, "blitz QH QD", "You cannot blitz now: it is time to play a card")


def test_a_crack_is_offered_after_going_alone_too() -> None:
    state = jd_hand(["pass", "pass", "pick", "bury 9H 8H", "alone"])
    assert state.phase is Phase.CRACK and state.to_move == 0


def test_the_called_ace_game_cracks_too_when_the_table_says_so() -> None:
    rules = replace(PRESETS["milwaukee"], crack=True)
    state = hand_from(CALLED, dealer=3, rules=rules,
                      actions=["pass", "pick", "bury 9C 8C", "call AH"])
    assert state.phase is Phase.CRACK and state.to_move == 4
    state.apply(act("crack"))
    assert state.phase is Phase.RECRACK and state.to_move == 0
    state.apply(act("pass"))
    assert state.phase is Phase.PLAY and state.stake_multiplier == 2  # no blitz at this table


# --- Blitzes ------------------------------------------------------------------------------------


def test_a_blitz_shows_the_pair_to_everyone_and_doubles() -> None:
    state = jd_hand([*CALLED_JD, "pass", "pass"])
    assert state.phase is Phase.BLITZ and state.to_move == 0
    assert legal_texts(state) == ["blitz QC QS", "pass"]
    assert_illegal(state, "blitz QH QD", "you do not hold both")
    assert_illegal(state, "blitz QC JC", "both black queens")
    state.apply(act("blitz QC QS"))
    pair = tuple(parse_cards("QC QS"))
    assert state.events[-1] == Blitzed(0, pair) and state.stake_multiplier == 2
    for seat in range(5):
        assert state.view(seat).blitzes == ((0, pair),)
        assert {"type": "Blitzed", "seat": 0, "cards": ["QC", "QS"]} in \
            state.view(seat).to_json()["events"]
    assert state.to_move == 1 and legal_texts(state) == ["pass"]  # no pair to show


def test_everyone_is_asked_to_blitz_so_the_asking_shows_nothing() -> None:
    state = jd_hand([*CALLED_JD, "pass", "pass"])
    asked = []
    while state.phase is Phase.BLITZ:
        asked.append(state.to_move)
        state.apply(act("pass"))
    assert asked == [0, 1, 2, 3, 4]


FOUR_QUEENS = deal("QC QS QH QD 7C 8C", "AC 10C KC 9C AS 10S", "9S 7H JC JS AD 10D",
                   "JD KD 9D AH 10H KH", "JH 8D 7D KS 8S 7S", blind="9H 8H")
FOUR_TO_BLITZ = ["pass", "pass", "pick", "bury 9H 8H", "call JD", "pass", "pass"]


@pytest.mark.parametrize("text", ["blitz QC QS QH QD", "blitz qd qh qs qc"])
def test_a_blitz_of_all_four_queens_reads_back_in_one_order(text: str) -> None:
    action = parse_action(text)
    assert str(action) == "blitz QC QS QH QD" and parse_action(str(action)) == action
    for bad in ("blitz QC QS QH", "blitz QC QC", "blitz QC QS QH QD JC"):
        with pytest.raises(ValueError, match="A blitz shows two queens"):
            parse_action(bad)


def test_a_four_queen_holder_is_asked_once_and_may_show_one_pair_or_both() -> None:
    state = hand_from(FOUR_QUEENS, rules=WISCONSIN, actions=FOUR_TO_BLITZ)
    assert legal_texts(state) == ["blitz QC QS", "blitz QH QD", "blitz QC QS QH QD", "pass"]
    assert_illegal(state, "blitz QC QS QH JC", "both black queens (QC QS), both red")
    state.apply(act("blitz QC QS QH QD"))
    queens = tuple(parse_cards("QC QS QH QD"))
    assert state.events[-1] == Blitzed(0, queens)
    assert state.stake_multiplier == 4 and state.doublings == 2  # once per pair
    for seat in range(5):
        assert state.view(seat).blitzes == ((0, queens[:2]), (0, queens[2:]))
    # Asked once, whatever he held: the table learns only what he chose to show.
    assert state.to_move == 1 and legal_texts(state) == ["pass"]


def test_a_four_queen_holder_showing_one_pair_is_not_asked_again() -> None:
    state = hand_from(FOUR_QUEENS, rules=WISCONSIN, actions=FOUR_TO_BLITZ)
    state.apply(act("blitz QH QD"))
    assert state.to_move == 1 and state.stake_multiplier == 2


def test_both_pairs_are_offered_only_when_the_cap_leaves_two_doublings() -> None:
    three = replace(WISCONSIN, max_doubles=3)
    state = hand_from(FOUR_QUEENS, rules=three, actions=[*FOUR_TO_BLITZ[:5], "crack", "recrack"])
    assert state.phase is Phase.BLITZ and state.to_move == 0
    assert legal_texts(state) == ["blitz QC QS", "blitz QH QD", "pass"]
    assert_illegal(state, "blitz QC QS QH QD", "Only one more doubling fits under the cap of 3")
    state.apply(act("blitz QC QS"))
    assert state.stake_multiplier == 8 and state.phase is Phase.PLAY  # the cap is reached
    four = hand_from(FOUR_QUEENS, rules=WISCONSIN,
                     actions=[*FOUR_TO_BLITZ[:5], "crack", "recrack", "blitz QC QS QH QD"])
    assert four.stake_multiplier == 16 and four.doublings == 4 and four.phase is Phase.PLAY


def test_a_four_queen_blitz_scores_once_per_pair_and_replays() -> None:
    state = hand_from(FOUR_QUEENS, rules=WISCONSIN,
                      actions=[*FOUR_TO_BLITZ[:5], "crack", "pass", "blitz QC QS QH QD"])
    rng = random.Random(4)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    result = state.result
    assert result is not None and result.multiplier == 8 and result.blitzed_by == (0, 0)
    assert "cracked, blitzed twice ×8" in str(result.reason)
    assert all(score % 8 == 0 for score in result.scores) and sum(result.scores) == 0
    record = json.loads(json.dumps(hand_record(state)))
    assert [0, "blitz QC QS QH QD"] in record["actions"]
    again = replay_hand(record)
    assert again.events == state.events and again.result == result
    assert hand_summary(again)["blitzes"] == [{"seat": 0, "cards": ["QC", "QS"]},
                                              {"seat": 0, "cards": ["QH", "QD"]}]


# --- The cap --------------------------------------------------------------------------------------


def test_the_cap_stops_further_doublings_being_offered() -> None:
    state = jd_hand([*CALLED_JD, "crack", "recrack", "blitz QC QS", "pass", "blitz QH QD"])
    # Four doublings: the cap.  Seats 3 and 4 are not asked; the play begins.
    assert state.doublings == 4 and state.stake_multiplier == 16
    assert state.phase is Phase.PLAY and state.to_move == 0
    one = replace(WISCONSIN, max_doubles=1)
    state = jd_hand([*CALLED_JD, "crack"], rules=one)
    assert state.phase is Phase.PLAY  # no recrack, no blitz
    none = replace(WISCONSIN, max_doubles=0)
    assert jd_hand(CALLED_JD, rules=none).phase is Phase.PLAY


def test_the_cap_counts_the_doubler_too() -> None:
    rules = replace(PRESETS["tavern"], max_doubles=1)
    match = Match(rules=rules, seed=3)
    capped = Match(rules=PRESETS["tavern"], seed=3)
    for _ in range(2):
        for _ in range(5):
            match.apply(act("pass"))
            capped.apply(act("pass"))
    assert match.multiplier == 2 and capped.multiplier == 4
    crackable = replace(rules, crack=True)
    state = new_hand(rules=crackable, dealer=0, seed=1, multiplier=2)
    state.apply(act("pass"))
    state.apply(act("pick"))
    state.apply(state.legal_actions()[0])
    state.apply(act("alone"))
    assert state.phase is Phase.PLAY  # the doubler used the one doubling allowed


# --- Scoring --------------------------------------------------------------------------------------

# Every combination of doublings, as the names the reason gives and the multiplier they make.
COMBINATIONS = [
    ((), 1, ""),
    (("cracked",), 2, ", cracked ×2"),
    (("cracked", "recracked"), 4, ", cracked, recracked ×4"),
    (("blitzed",), 2, ", blitzed ×2"),
    (("blitzed", "blitzed"), 4, ", blitzed twice ×4"),
    (("cracked", "blitzed"), 4, ", cracked, blitzed ×4"),
    (("cracked", "recracked", "blitzed"), 8, ", cracked, recracked, blitzed ×8"),
    (("cracked", "recracked", "blitzed", "blitzed"), 16,
     ", cracked, recracked, blitzed twice ×16"),
    (("doubler", "cracked"), 4, ", doubler, cracked ×4"),
]


@pytest.mark.parametrize(("doubled_by", "multiplier", "suffix"), COMBINATIONS)
@pytest.mark.parametrize(("points", "tricks", "s"), [(120, 6, 3), (95, 5, 2), (70, 4, 1),
                                                      (50, 2, -1), (20, 1, -2), (0, 0, -3)])
def test_every_doubling_combination_multiplies_every_score(
    doubled_by: tuple[str, ...], multiplier: int, suffix: str, points: int, tricks: int, s: int
) -> None:
    with_partner, reason = score_picked_hand(
        picker=2, partner=3, team_points=points, team_tricks=tricks, rules=WISCONSIN,
        multiplier=multiplier, doubled_by=doubled_by)
    m = multiplier
    assert with_partner == (-s * m, -s * m, 2 * s * m, s * m, -s * m)
    assert str(reason).endswith(suffix) and "bump" not in str(reason)
    alone, _ = score_picked_hand(
        picker=2, partner=None, team_points=points, team_tricks=tricks, rules=WISCONSIN,
        multiplier=multiplier, doubled_by=doubled_by)
    assert alone == (-s * m, -s * m, 4 * s * m, -s * m, -s * m)
    assert sum(with_partner) == sum(alone) == 0


def test_a_played_hand_carries_its_doublings_into_the_result() -> None:
    state = jd_hand([*CALLED_JD, "crack", "recrack", "blitz QC QS", "pass", "blitz QH QD"])
    rng = random.Random(1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    result = state.result
    assert result is not None and result.kind is HandKind.PICKED
    assert result.multiplier == 16 and result.cracked_by == 0 and result.recracked
    assert result.blitzed_by == (0, 2)
    assert "cracked, recracked, blitzed twice ×16" in str(result.reason)
    assert all(score % 16 == 0 for score in result.scores) and sum(result.scores) == 0
    assert result.to_json()["blitzed_by"] == [0, 2]


def test_random_wisconsin_hands_double_as_announced_and_never_past_the_cap() -> None:
    rng = random.Random("wisconsin")
    seen = {"cracked": 0, "recracked": 0, "blitzed": 0, "leaster": 0}
    for seed in range(600):
        state = new_hand(rules=WISCONSIN, dealer=seed % 5, seed=seed)
        while not state.is_over:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        result = state.result
        assert result is not None and sum(result.scores) == 0
        doublings = sum(isinstance(e, Cracked | Recracked | Blitzed) for e in state.events)
        assert doublings <= 4 and result.multiplier == 2 ** doublings
        seen["cracked"] += result.cracked_by is not None
        seen["recracked"] += result.recracked
        seen["blitzed"] += len(result.blitzed_by)
        seen["leaster"] += result.kind is HandKind.LEASTER
    assert all(count > 0 for count in seen.values()), seen


# --- The unknown card as seed 003 gives it (issue 13) ---------------------------------------------


def test_a_picker_with_another_fail_card_cannot_call_and_goes_alone() -> None:
    state = hand_from(ACE_AND_SEVEN, actions=["pick", "bury JC JS"])
    assert legal_texts(state) == ["alone"]
    assert_illegal(state, "call AC", "the unknown card is only for a picker whose only fail "
                   "cards are aces. You must go alone.")
    assert_illegal(state, "call AS unknown 7H", "you hold other fail cards, so you must go alone")


def test_a_picker_whose_only_fail_card_is_an_ace_may_use_the_unknown_card() -> None:
    state = hand_from(ACE_AND_SEVEN, actions=["pick", "bury JC 7H"])
    texts = legal_texts(state)
    assert "call AC unknown JS" in texts and "call AS unknown AH" in texts
    assert_illegal(state, "call AC", "to call A♣ you must set aside an unknown card")


def test_an_illegal_house_action_changes_nothing() -> None:
    state = jd_hand(CALLED_JD)
    snapshot = (state.phase, state.to_move, state.doublings, len(state.events))
    for text in ("recrack", "blitz QC QS", "play 7C", "call JD"):
        with pytest.raises(IllegalAction):
            state.apply(act(text))
    assert (state.phase, state.to_move, state.doublings, len(state.events)) == snapshot


# --- The basic player's cracks and blitzes ----------------------------------------------------

# Dealer 4: seat 0 passes a near-pick (Q♣ Q♠ J♣), seat 1 passes, seat 2 picks, seat 3 holds the J♦
# with the Q♥ Q♦ and J♠.
CRACKING = deal(
    "QC QS JC 7C 8C 9S",
    "AC 10C KC 9C AS 10S",
    "JH AD 10D KD 7H 8H",
    "JD QH QD JS AH 10H",
    "9D 8D 7D KS 8S 7S",
    blind="KH 9H",
)


# The same, but the picker (seat 2) holds the J♦ and must go alone; seat 3 has the J♥.
CRACKING_ALONE = deal(
    "QC QS JC 7C 8C 9S",
    "AC 10C KC 9C AS 10S",
    "JD AD 10D KD 7H 8H",
    "JH QH QD JS AH 10H",
    "9D 8D 7D KS 8S 7S",
    blind="KH 9H",
)


def test_basic_cracks_a_lone_jack_picker_with_the_trump_he_lacks() -> None:
    """Four against one, holding trump near a pick: the one crack that paid in self-play."""
    basic = BasicPlayer()
    state = hand_from(CRACKING_ALONE, rules=WISCONSIN,
                      actions=["pass", "pass", "pick", "bury KH 9H", "alone"])
    assert state.phase is Phase.CRACK and state.view(0).alone
    assert should_crack(state.view(0), basic.settings)  # Q♣ Q♠ J♣: the picker lacks them
    assert basic.choose(state.view(0), random.Random(0)) == act("crack")
    assert not should_crack(state.view(1), basic.settings)  # no trump at all
    assert not should_crack(replace(state.view(0), is_partner=True), basic.settings)
    # At a called-ace table a picker who goes alone chose to: his hand is strong.
    called_ace = replace(WISCONSIN, partner=Partner.CALLED_ACE)
    assert not should_crack(replace(state.view(0), rules=called_ace), basic.settings)


def test_basic_does_not_crack_a_picker_with_a_partner() -> None:
    """With a partner the picker's side won two in three after the same passer's crack, and
    the recrack made its wins the larger: the crack lost, so basic does not make it."""
    basic = BasicPlayer()
    state = hand_from(CRACKING, rules=WISCONSIN,
                      actions=["pass", "pass", "pick", "bury KH 9H", "call JD"])
    assert not should_crack(state.view(0), basic.settings)
    assert basic.choose(state.view(0), random.Random(0)) == act("pass")
    # The J♦ holder is the partner: he never cracks his own side.
    assert not should_crack(replace(state.view(3), alone=True), basic.settings)


def test_basic_recracks_only_a_clearly_strong_hand() -> None:
    basic = BasicPlayer()
    weak = hand_from(CRACKING, rules=WISCONSIN,
                     actions=["pass", "pass", "pick", "bury KH 9H", "call JD", "crack"])
    assert weak.phase is Phase.RECRACK and not should_recrack(weak.view(2), basic.settings)
    strong = hand_from(JD_DEAL, rules=WISCONSIN,
                       actions=["pass", "pass", "pick", "bury 9H 8H", "call JD", "pass",
                                "crack"])
    # Q♥ Q♦ J♣ J♠ A♦ 10♦: six trump, two queens.
    assert should_recrack(strong.view(2), basic.settings)
    assert basic.choose(strong.view(2), random.Random(0)) == act("recrack")


def test_basic_blitzes_on_the_pickers_side_and_as_a_defender_only_when_strong() -> None:
    basic = BasicPlayer()
    state = hand_from(CRACKING, rules=WISCONSIN,
                      actions=["pass", "pass", "pick", "bury KH 9H", "call JD", "pass", "pass"])
    assert state.to_move == 0 and "blitz QC QS" in legal_texts(state)
    assert basic.choose(state.view(0), random.Random(0)) == act("blitz QC QS")  # J♣ too
    state.apply(act("pass"))
    for _ in range(2):
        state.apply(act("pass"))
    assert state.to_move == 3 and "blitz QH QD" in legal_texts(state)
    assert basic.choose(state.view(3), random.Random(0)) == act("blitz QH QD")  # the partner
    weak = jd_hand([*CALLED_JD, "pass", "pass"])  # Q♣ Q♠ and four low fail cards
    assert weak.to_move == 0 and basic.choose(weak.view(0), random.Random(0)) == act("pass")


def test_every_refused_card_at_a_jack_of_diamonds_table_says_why() -> None:
    """The J♦ is called for no suit: refusing a card must not look for a called suit."""
    refused = 0
    for number in range(12):
        rng = random.Random(number)
        hand = new_hand(rules=PRESETS["wisconsin-jd"], dealer=number % 5, seed=f"jd-why/{number}")
        while not hand.is_over:
            legal = hand.legal_actions()
            if hand.phase is Phase.PLAY:
                seat = hand.to_move
                assert seat is not None
                playable = {a.cards[0] for a in legal}
                for card in hand.hand(seat):
                    if card not in playable:
                        with pytest.raises(IllegalAction, match=r"\w"):
                            hand.copy().apply(parse_action(f"play {card}"), seat=seat)
                        refused += 1
            hand.apply(legal[rng.randrange(len(legal))])
    assert refused > 0


def test_the_arena_variant_basic_no_crack_is_basic_without_cracks() -> None:
    from tricktable.ai.players import make_player

    state = hand_from(CRACKING_ALONE, rules=WISCONSIN,
                      actions=["pass", "pass", "pick", "bury KH 9H", "alone"])
    plain = make_player("sheepshead", "basic")
    never = make_player("sheepshead", "basic:no-crack")
    assert plain.choose(state.view(0), random.Random(0)) == act("crack")
    assert never.choose(state.view(0), random.Random(0)) == act("pass")
    state.apply(act("pass"))
    state.apply(act("pass"))
    while state.phase is Phase.BLITZ:  # everything else as basic
        seat = state.to_move
        assert seat is not None
        assert never.choose(state.view(seat), random.Random(0)) == \
            plain.choose(state.view(seat), random.Random(0))
        state.apply(plain.choose(state.view(seat), random.Random(0)))
    with pytest.raises(ValueError, match="no basic variant 'sometimes'; choose from no-crack"):
        make_player("sheepshead", "basic:sometimes")
    with pytest.raises(ValueError, match="a Sheepshead player, not a spades one"):
        make_player("spades", "basic:no-crack")


def test_the_terminal_offers_a_four_queen_holder_each_pair_and_both() -> None:
    from tricktable.terminal.house import house_prompt

    state = hand_from(FOUR_QUEENS, rules=WISCONSIN, actions=FOUR_TO_BLITZ)
    prompt = house_prompt(state.view(0))
    assert prompt is not None
    assert prompt.startswith("blitz QC QS / blitz QH QD / blitz QC QS QH QD / pass")
    assert "once per pair" in prompt
