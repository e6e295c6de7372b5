import random

from hypothesis import given
from hypothesis import strategies as st

from tricktable.cards import card, cards_of, parse_cards
from tricktable.sheepshead.deck import (
    DECK,
    DECK_MASK,
    POINTS,
    SUIT_MASK,
    TRUMP_ORDER,
    PlaySuit,
    card_count,
    card_mask,
    is_trump,
    mask_points,
    play_suit,
    power,
    sort_hand,
)
from tricktable.sheepshead.seen import held


def test_the_deck_has_32_cards_and_120_points() -> None:
    assert len(DECK) == 32 and len(set(DECK)) == 32
    assert sum(POINTS[c] for c in DECK) == 120
    assert {c.rank.text for c in DECK} == {"7", "8", "9", "10", "J", "Q", "K", "A"}


def test_fourteen_trumps_in_power_order() -> None:
    assert [str(c) for c in TRUMP_ORDER] == (
        ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]
    )
    powers = [power(c) for c in TRUMP_ORDER]
    assert powers == sorted(powers, reverse=True)
    assert sum(is_trump(c) for c in DECK) == 14


def test_every_queen_jack_and_diamond_is_trump() -> None:
    assert play_suit(card("QD")) is PlaySuit.TRUMP
    assert play_suit(card("QH")) is PlaySuit.TRUMP
    assert play_suit(card("JC")) is PlaySuit.TRUMP
    assert play_suit(card("7D")) is PlaySuit.TRUMP
    assert play_suit(card("AH")) is PlaySuit.HEARTS
    assert play_suit(card("KC")) is PlaySuit.CLUBS


def test_fail_suits_have_six_cards_ranked_a_10_k_9_8_7() -> None:
    for suit, letter in ((PlaySuit.CLUBS, "C"), (PlaySuit.SPADES, "S"), (PlaySuit.HEARTS, "H")):
        order = [card(r + letter) for r in ("A", "10", "K", "9", "8", "7")]
        assert sum(1 for c in DECK if (1 << c) & SUIT_MASK[suit]) == 6
        assert [power(c) for c in order] == sorted((power(c) for c in order), reverse=True)
        assert all(power(c) < power(card("7D")) for c in order)


def test_card_points() -> None:
    spades = parse_cards("AS 10S KS QS JS 9S 8S 7S")
    assert [POINTS[c] for c in spades] == [11, 10, 4, 3, 2, 0, 0, 0]
    assert mask_points(sum(1 << c for c in parse_cards("AH 10H KH 7D KC"))) == 29


def test_hands_sort_trump_first_then_clubs_spades_hearts() -> None:
    hand = parse_cards("7H AC QD 10S JC 7D AH")
    assert [str(c) for c in sort_hand(hand)] == ["QD", "JC", "7D", "AC", "10S", "AH", "7H"]


def test_a_views_hand_lists_the_cards_as_sort_hand_does() -> None:
    rng = random.Random(5)
    deck = list(cards_of(DECK_MASK))
    for size in (0, 1, 6, 8, 32):
        for _ in range(50):
            hand = sum(1 << c for c in rng.sample(deck, size))
            assert held(hand) == tuple(sort_hand(cards_of(hand)))


@given(st.integers(min_value=0, max_value=(1 << 80) - 1))
def test_card_count_counts_the_bits_of_any_mask(mask: int) -> None:
    assert card_count(mask) == mask.bit_count()


@given(st.sets(st.sampled_from(DECK)))
def test_card_mask_is_the_bitmask_of_the_cards(cards: set[int]) -> None:
    assert card_mask(cards) == sum(1 << c for c in cards)
    assert set(cards_of(card_mask(cards))) == cards
