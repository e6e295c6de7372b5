import random

import pytest

from tricktable.ai.players import REPRODUCIBLE, STRONG_BUDGET, make_player, player_names
from tricktable.ai.spades.strong import DEFAULT_BUDGET
from tricktable.sheepshead.state import new_hand


def test_every_game_has_the_three_players() -> None:
    for game in ("sheepshead", "spades"):
        assert player_names(game)[:3] == ["random", "basic", "strong"]
        for name in player_names(game):
            assert make_player(game, name).choose is not None


def test_sheepshead_keeps_the_sampling_player_without_play_inference_as_pimc() -> None:
    assert player_names("sheepshead") == ["random", "basic", "strong", "pimc"]
    pimc, strong = make_player("sheepshead", "pimc"), make_player("sheepshead", "strong")
    assert pimc.play_model is None and strong.play_model is not None  # type: ignore[attr-defined]


def test_unknown_names_are_explained() -> None:
    with pytest.raises(ValueError, match="choose from random, basic, strong"):
        make_player("sheepshead", "grandmaster")
    with pytest.raises(ValueError, match="no game"):
        make_player("euchre", "basic")


def test_reproducible_players_search_by_samples_not_time() -> None:
    assert REPRODUCIBLE.time_ms is None
    assert make_player("sheepshead", "pimc", reproducible=True).budget == REPRODUCIBLE
    # Both strong players are reproducible at full strength: their own budgets have no clock.
    spades = make_player("spades", "strong", reproducible=True)
    assert spades.budget == DEFAULT_BUDGET and DEFAULT_BUDGET.time_ms is None
    assert make_player("spades", "strong").budget == DEFAULT_BUDGET
    player = make_player("sheepshead", "strong", reproducible=True)
    assert player.budget == STRONG_BUDGET and STRONG_BUDGET.time_ms is None
    state = new_hand(seed=4, dealer=0)
    while state.phase.value != "play":
        state.apply(make_player("sheepshead", "basic").choose(state.view(state.to_move or 0),
                                                            random.Random(0)))
    view = state.view(state.to_move or 0)
    choices = {str(make_player("sheepshead", "strong", reproducible=True)
                   .choose(view, random.Random(9))) for _ in range(3)}
    assert len(choices) == 1


def test_a_cpu_clock_keeps_each_players_own_budget() -> None:
    strong = make_player("sheepshead", "strong", cpu_clock=True)
    pimc = make_player("sheepshead", "pimc", cpu_clock=True)
    assert strong.budget.cpu_clock and pimc.budget.cpu_clock  # type: ignore[attr-defined]
    assert strong.budget.samples == 96 and pimc.budget.samples == 48  # type: ignore[attr-defined]
    assert not make_player("sheepshead", "strong").budget.cpu_clock  # type: ignore[attr-defined]
