"""The basic Spades player: always legal, deterministic, and plays like a sound club player."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.spades.helpers import ALL_SPADES, apply_all, hand_after_draw, stock_for
from tricktable.ai.players import make_player
from tricktable.cards import Suit, card, mask_of, parse_cards
from tricktable.game import DOUBLE_NIL, KEEP, REJECT, Action, ActionKind, RandomPlayer
from tricktable.spades.bidding import BidSettings, plan_bid, should_double_nil
from tricktable.spades.bots import BasicPlayer
from tricktable.spades.cardplay import Goal, PlaySettings, goal
from tricktable.spades.evaluation import nil_success
from tricktable.spades.knowledge import SIDE_SUITS, read_table
from tricktable.spades.match import play_match
from tricktable.spades.rules import PRESETS
from tricktable.spades.state import HandState, Phase, new_hand
from tricktable.spades.view import SpadesView

BASIC = BasicPlayer()
RANDOM = RandomPlayer()

# Seat 0 is the first player (bids second); seat 1 the second player (bids first, leads).
STRONG = "AS KS QS JS AH KH QH AC KC QC AD KD QD"
JUNK = "5S 3S 2S 7H 4H 3H 2H 6C 3C 2C 5D 3D 2D"


def choose(state: HandState, seat: int | None = None, seed: int = 0) -> str:
    seat = state.to_move if seat is None else seat
    assert seat is not None
    return str(BASIC.choose(state.view(seat), random.Random(seed)))


# --- Always legal, always the same ------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    mix=st.randoms(use_true_random=False),
    totals=st.tuples(st.integers(-300, 480), st.integers(-300, 480)),
    bags=st.tuples(st.integers(0, 9), st.integers(0, 9)),
    basic_share=st.sampled_from([0.5, 0.8, 1.0]),
    double_nil=st.sampled_from([None, 0, 1]),
)
def test_basic_only_ever_chooses_legal_actions(
    seed: int,
    mix: random.Random,
    totals: tuple[int, int],
    bags: tuple[int, int],
    basic_share: float,
    double_nil: int | None,
) -> None:
    """Whole hands in every phase — draw, double nil and its exchange, bids, play — where each
    decision is made by basic or by chance, from any score: basic's answer is always legal and
    depends only on the view."""
    state = new_hand(seed=seed, first=seed % 2, totals=totals, bags=bags)
    while state.to_move is not None:
        seat = state.to_move
        legal = state.legal_actions()
        if double_nil == seat and DOUBLE_NIL in legal:
            # A double-nil bidder: basic then draws for nil and makes the exchange.
            state.apply(DOUBLE_NIL)
            continue
        if mix.random() < basic_share:
            view = state.view(seat)
            action = BASIC.choose(view, mix)
            assert action in legal, (str(action), state.phase)
            assert BASIC.choose(view, random.Random(1)) == action
        else:
            action = legal[mix.randrange(len(legal))]
        state.apply(action)
    assert state.result is not None


@pytest.mark.parametrize("preset", list(PRESETS))
def test_basic_finishes_games_against_itself_and_random(preset: str) -> None:
    match = play_match([BASIC, RANDOM], seed=7, rules=PRESETS[preset])
    assert match.winner == 0
    match = play_match([BASIC, BASIC], seed=8, rules=PRESETS[preset])
    assert match.winner is not None


def test_basic_is_registered_for_spades() -> None:
    player = make_player("spades", "basic")
    assert isinstance(player, BasicPlayer) and player.name == "basic"


def test_basic_refuses_a_view_without_a_turn() -> None:
    state = hand_after_draw(JUNK, STRONG)
    with pytest.raises(ValueError):
        BASIC.choose(state.view(0), random.Random(0))  # seat 1 bids first


# --- The draw ---------------------------------------------------------------------------------


OTHER = "QS JS 10S AH KH QH AC KC QC KD QD JD 9S"


def draw_view(top: str, *, totals: tuple[int, int] = (0, 0)) -> SpadesView:
    """Seat 0's first turn of the draw, with ``top`` on the stock."""
    rest = [str(c) for c in parse_cards(JUNK) if str(c) != top][:12]
    state = new_hand(deal=stock_for(" ".join([top, *rest]), OTHER), first=0, totals=totals)
    assert state.top_card == card(top)
    return state.view(0)


def test_keeps_the_ace_of_spades() -> None:
    assert BASIC.choose(draw_view("AS"), random.Random(0)) == KEEP


def test_keeps_a_side_ace_and_rejects_a_low_side_card() -> None:
    assert BASIC.choose(draw_view("AD"), random.Random(0)) == KEEP
    assert BASIC.choose(draw_view("2C"), random.Random(0)) == REJECT


def test_a_small_spade_is_worth_keeping_only_behind_long_spades() -> None:
    """The value of a card depends on what the hand holds: alone the three of spades is worth
    less than a random unseen card; under five top spades it adds length."""
    assert BASIC.choose(draw_view("3S"), random.Random(0)) == REJECT
    deal = stock_for(
        "AS KS QS JS 10S 3S 2H 6C 3C 2C 5D 3D 2D", "AH KH QH JH 10H AC KC QC KD QD JD AD 9H"
    )
    state = new_hand(deal=deal, first=0)
    for _ in range(10):
        state.apply(KEEP)
    assert state.to_move == 0 and state.top_card == card("3S")
    assert choose(state) == "keep"


def test_double_nil_only_as_a_rare_gamble() -> None:
    bidding = BidSettings()
    assert not should_double_nil(draw_view("2C"), bidding)
    # Far behind an opponent nearing the target, with the two of clubs on top: gamble.
    assert BASIC.choose(draw_view("2C", totals=(100, 380)), random.Random(0)) == DOUBLE_NIL
    # Not with a high card on top, nor when he is so near that he wins this hand anyway.
    assert not should_double_nil(draw_view("AS", totals=(100, 380)), bidding)
    assert not should_double_nil(draw_view("2C", totals=(100, 460)), bidding)


def test_a_double_nil_bidder_draws_low_cards() -> None:
    low = new_hand(deal=stock_for("2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S", STRONG), first=0)
    low.apply(DOUBLE_NIL)
    assert low.to_move == 0 and low.top_card == card("2C")
    assert choose(low) == "keep"
    high = new_hand(deal=stock_for(STRONG, "2C 3C 4C 5C 2D 3D 4D 5D 2H 3H 4H 5H 2S"), first=0)
    high.apply(DOUBLE_NIL)
    assert high.top_card == card("AS")
    assert choose(high) == "reject"


def test_the_exchange_gives_up_the_dangerous_high_cards() -> None:
    deal = stock_for(
        "AS KS 2S 7H 4H 3H 2H 6C 3C 2C 5D 3D 2D", "QS JS 10S AH KH QH AC KC QC AD KD QD 9S"
    )
    state = new_hand(deal=deal, first=0)
    state.apply(DOUBLE_NIL)
    while state.phase is Phase.DRAW:
        state.apply(KEEP)
    assert state.phase is Phase.EXCHANGE and state.to_move == 0
    action = BASIC.choose(state.view(0), random.Random(0))
    assert action.kind is ActionKind.EXCHANGE
    assert {card("AS"), card("KS")} <= set(action.cards) and len(action.cards) <= 3


# --- Bidding ----------------------------------------------------------------------------------


def test_bids_nil_with_a_junk_hand() -> None:
    state = hand_after_draw(JUNK, STRONG)
    apply_all(state, ["bid 8"])
    plan = plan_bid(state.view(0), BidSettings())
    assert plan.nil_chance > 0.5
    assert choose(state) == "bid nil"


def test_does_not_bid_nil_holding_a_high_spade() -> None:
    state = hand_after_draw("AS 3S 2S 7H 4H 3H 2H 6C 3C 2C 5D 3D 2D", STRONG.replace("AS", "5S"))
    apply_all(state, ["bid 8"])
    assert choose(state) != "bid nil"


def test_bids_the_tricks_a_hand_should_take() -> None:
    bids = []
    for hand in (
        "AS KS QS JS 10S AH KH 9H AC KC 4C AD 6D",
        "AS 9S 6S 4S AH 9H 5H 8H KC 8C 4C QD 7D",
        "7S 4S 9H 8H 6H JC 9C 8C 5C 10D 9D 8D 6D",
    ):
        action = choose(hand_after_draw(JUNK, hand))
        assert action.startswith("bid ") and action != "bid nil"
        bids.append(int(action.split()[1]))
    strong, middling, weak = bids
    assert 7 <= strong <= 10 and strong > middling > weak >= 1


def test_bidding_second_weighs_the_opponents_bid() -> None:
    """Two players share 13 tricks: the same hand bids less after a big bid."""
    hand = "AS QS 9S 5S AH 10H 6H KC 9C 3C KD 8D 4D"
    other = "KS JS 10S 8S KH QH JH AC QC JC AD QD JD"
    bids = []
    for theirs in ("bid 2", "bid 8"):
        state = hand_after_draw(hand, other)
        apply_all(state, [theirs])
        bids.append(int(choose(state).split()[1]))
    assert bids[0] > bids[1]


def test_near_the_target_bids_what_wins_the_game_safely() -> None:
    hand = "AS QS 9S 5S AH 10H 6H KC 9C 3C KD 8D 4D"
    other = "KS JS 10S 8S KH QH JH AC QC JC AD QD JD"
    normal = hand_after_draw(hand, other)
    apply_all(normal, ["bid 4"])
    endgame = hand_after_draw(hand, other, totals=(470, 300))
    apply_all(endgame, ["bid 4"])
    normal_bid = int(choose(normal).split()[1])
    endgame_bid = int(choose(endgame).split()[1])
    assert 470 + 10 * endgame_bid >= 500
    assert endgame_bid <= normal_bid


# --- Card play --------------------------------------------------------------------------------

DUCKING = (
    "AS 2S AH KH 9H 3H AC 9C 4C 2C AD 9D 3D",
    "KS 3S QH JH 10H 2H KC QC 10C 3C KD QD 2D",
)


def test_takes_with_the_cheapest_winner_while_it_needs_tricks() -> None:
    state = hand_after_draw(*DUCKING)
    apply_all(state, ["bid 3", "bid 4", "play 10H"])
    assert choose(state) == "play KH"


def test_ducks_once_its_bid_is_made() -> None:
    state = hand_after_draw(*DUCKING)
    apply_all(state, ["bid 1", "bid 1", "play QH", "play AH", "play 2C", "play KC", "play 10H"])
    table = read_table(state.view(0))
    assert table.my_need == 0 and table.opp_need == 0
    assert goal(table, PlaySettings()) is Goal.DUCK
    # The highest heart that still loses, keeping the king from taking a bag.
    assert choose(state) == "play 9H"


def test_goes_for_the_set_when_its_own_bid_is_lost() -> None:
    """Once set, more tricks cost nothing: take them while they can set the opponent."""
    state = hand_after_draw(*DUCKING)
    apply_all(state, ["bid 2", "bid 13", "play QH", "play 3H"])
    table = read_table(state.view(0))
    assert table.my_bid_lost and table.opp_need == 1
    assert goal(table, PlaySettings()) is Goal.TAKE


def test_ducks_when_the_opponent_is_already_set() -> None:
    state = hand_after_draw(*DUCKING)
    apply_all(state, ["bid 13", "bid 1", "play QH", "play AH"])
    table = read_table(state.view(0))
    assert table.my_need == 0 and table.opp_need > table.tricks_left
    assert goal(table, PlaySettings()) is Goal.DUCK


NIL_AGAINST = ("AS KS QS JS AH KH 2H AC KC QC KD 8D JD", "5S 4S 3S 2S 7H 6H 5H 4H 3H 9D 7D 4D 2D")


def test_attacks_a_nil_by_playing_under_its_lead() -> None:
    state = hand_after_draw(*NIL_AGAINST)
    apply_all(state, ["bid nil", "bid 6", "play 9D"])
    assert goal(read_table(state.view(0)), PlaySettings()) is Goal.ATTACK
    assert choose(state) == "play 8D"


def test_attacks_a_nil_by_leading_a_low_card_it_must_win() -> None:
    state = hand_after_draw(*NIL_AGAINST)
    apply_all(state, ["bid nil", "bid 6", "play 2D"])
    assert choose(state) == "play KD"  # forced over him: shed the highest
    apply_all(state, ["play KD"])
    # The two of hearts: if he holds a heart he must win it.
    assert choose(state) == "play 2H"


def test_does_not_ruff_a_nil_bidders_lead() -> None:
    state = hand_after_draw("AS KS QS JS AH KH 2H KD QD JD 10D 9D 8D",
                            "5S 4S 3S 2S 7H 6H 5H 4H 3H 9C 7C 4C 2C")
    apply_all(state, ["bid nil", "bid 6", "play 2C"])
    played = parse_cards(choose(state).split()[1])[0]
    assert played.suit is not Suit.SPADES  # out of clubs: throw a card, let him win


def test_protects_its_nil_by_playing_under_and_shedding_danger() -> None:
    state = hand_after_draw(JUNK, STRONG)
    apply_all(state, ["bid 8", "bid nil", "play KH"])
    assert goal(read_table(state.view(0)), PlaySettings()) is Goal.NIL
    assert choose(state) == "play 7H"  # the highest heart under the king
    void = hand_after_draw("5S 3S AH 4H 3H 2H 8C 7C 5C 4C 3C 2C 6C",
                           "AS KS QS JS KH QH AC KC QC AD KD QD 2D")
    apply_all(void, ["bid 8", "bid nil", "play 2D"])
    # Out of diamonds: throw the ace of hearts, never a spade (it would win).
    assert choose(void) == "play AH"


def test_nil_odds_fall_with_high_cards_and_spade_length() -> None:
    unseen = (1 << 52) - 1 & ~mask_of(parse_cards(JUNK + " " + STRONG))
    low = nil_success(mask_of(parse_cards(JUNK)), unseen, 0.5)
    with_ace = nil_success(mask_of(parse_cards(JUNK.replace("5D", "AD"))), unseen, 0.5)
    assert 0.5 < low <= 1 and with_ace < low


# --- What the player counts -------------------------------------------------------------------


def test_reads_voids_and_counts_cards() -> None:
    no_diamonds = "KS 3S QH JH 10H 2H KC QC 10C 3C 8C 7C 6C"
    state = hand_after_draw(DUCKING[0], no_diamonds)
    apply_all(state, ["bid 3", "bid 4", "play 2H", "play 3H"])
    table = read_table(state.view(0))
    assert table.played == mask_of(parse_cards("2H 3H"))
    assert not table.possible & (table.hand | table.played)
    assert not table.possible & mask_of(state.view(0).discarded)
    assert table.opp_voids == 0
    apply_all(state, ["play AD", "play 3S"])  # he ruffs: out of diamonds
    table = read_table(state.view(0))
    assert table.opp_void(Suit.DIAMONDS) and not table.possible_in(Suit.DIAMONDS)
    assert table.opp_count == 11 and table.my_tricks == 1 and table.opp_tricks == 1


def test_a_spade_led_before_spades_are_broken_shows_a_hand_of_spades() -> None:
    state = hand_after_draw(*ALL_SPADES)
    apply_all(state, ["bid 13", "bid nil", "play 2S"])
    table = read_table(state.view(0))
    assert all(table.opp_void(s) for s in SIDE_SUITS) and not table.opp_void(Suit.SPADES)


def test_same_view_same_action_whatever_the_generator() -> None:
    state = hand_after_draw(*DUCKING)
    apply_all(state, ["bid 3", "bid 4", "play 10H"])
    view = state.view(0)
    actions = {BASIC.choose(view, random.Random(seed)) for seed in range(5)}
    assert actions == {Action.play(card("KH"))}
