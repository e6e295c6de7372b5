"""``strong:KEY=VALUE,…``: strong with settings changed, measured against strong in one run."""

from __future__ import annotations

import random

import pytest

from tricktable.ai.arena.runner import ArenaSpec, run_arena
from tricktable.ai.players import make_player
from tricktable.ai.sheepshead.strong import StrongSheepsheadPlayer
from tricktable.sheepshead.bots import BasicPlayer
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import Phase, new_hand
from tricktable.sheepshead.view import SheepsheadView


def variant(argument: str) -> StrongSheepsheadPlayer:
    player = make_player("sheepshead", f"strong:{argument}")
    assert isinstance(player, StrongSheepsheadPlayer)
    return player


def test_strong_itself_plays_every_deal_alike_as_its_unchanged_variant() -> None:
    report = run_arena(ArenaSpec(game="sheepshead", players=("strong:samples=96", "basic"),
                                 deals=3, seed=8, baseline="strong"))
    assert report.gain is not None
    assert report.gain.mean == 0.0 and report.gain.low == report.gain.high == 0.0


def test_a_changed_setting_changes_only_that_setting() -> None:
    strong = make_player("sheepshead", "strong")
    assert isinstance(strong, StrongSheepsheadPlayer)
    changed = variant("samples=12,play_z=0.25,settle_k=off,softness=off,solve_from=1,margin=0")
    assert changed.budget.samples == 12 and strong.budget.samples == 96
    assert (changed.play_z, strong.play_z) == (0.25, 0.5)
    assert changed.settle_every == 0 and strong.settle_every == 4
    assert changed.play_model is None and strong.play_model is not None
    assert (changed.solve_from_trick, strong.solve_from_trick) == (1, 2)
    assert (changed.margin, strong.margin) == (0.0, 0.05)
    assert changed.bidding_z == strong.bidding_z == 2.0
    assert variant("softness=0.3").play_model.softness == 0.3  # type: ignore[union-attr]
    assert variant("conventions=off").conventions is False and strong.conventions
    assert variant("conventions=on").conventions is True
    assert variant("race_z=1").race_z == 1.0 and strong.race_z is None
    assert variant("race_z=off").race_z is None
    searched = variant("search=played+solved")
    assert not searched.search_bidding and searched.search_played and searched.search_solved
    assert strong.search_bidding and strong.search_played and strong.search_solved


def decision_views(seeds: range) -> list[SheepsheadView]:
    """The views of every decision with a choice in ``basic``'s hands of ``seeds``."""
    basic = BasicPlayer()
    views = []
    for seed in seeds:
        state = new_hand(rules=PRESETS["milwaukee"], dealer=seed % 5, seed=seed)
        while not state.is_over:
            seat = state.to_move
            assert seat is not None
            view = state.view(seat)
            if len(view.legal_actions) > 1:
                views.append(view)
            state.apply(basic.choose(view, random.Random(seed)))
    return views


def kind_of(view: SheepsheadView) -> str:
    if view.phase is not Phase.PLAY:
        return "bidding"
    return "played" if len(view.tricks) < 2 else "solved"


@pytest.mark.parametrize("search", ["bidding", "played", "solved", "bidding+solved"])
def test_a_decision_not_searched_is_basics_and_one_searched_is_strongs(search: str) -> None:
    partial = variant(f"search={search},samples=8")
    full = variant("samples=8")
    basic = BasicPlayer()
    kinds = set()
    differ = 0
    for n, view in enumerate(decision_views(range(6))):
        kind = kind_of(view)
        reference = full if kind in search.split("+") else basic
        choice = partial.choose(view, random.Random(n))
        assert choice == reference.choose(view, random.Random(n)), (kind, view.phase)
        kinds.add(kind)
        differ += full.choose(view, random.Random(n)) != basic.choose(view, random.Random(n))
    assert kinds == {"bidding", "played", "solved"}
    assert differ  # strong leaves basic's choice somewhere, so the comparison can tell them apart


@pytest.mark.parametrize(("argument", "message"), [
    ("speed=3", "strong has no setting 'speed'; choose from samples, play_z"),
    ("samples", "Give samples a value"),
    ("samples=", "Give samples a value"),
    ("samples=0", "samples=0 is not a setting strong takes: it is a whole number from 1"),
    ("samples=many", "samples=many is not a setting strong takes: it is not a number"),
    ("play_z=-1", "play_z=-1 is not a setting strong takes: it is a number from 0"),
    ("solve_from=6", "it is a trick from 0 to 5"),
    ("play_z=1,play_z=2", "play_z is given twice"),
    ("conventions=no", "conventions=no is not a setting strong takes: it is on or off"),
    ("softness=1.5", "The softness is a share in (0, 1]"),
    ("race_z=fast", "race_z=fast is not a setting strong takes: it is not a number"),
    ("search=cards", "search=cards is not a setting strong takes: it is bidding, played or"),
    ("search=played+played", "it is bidding, played or solved, or several of them joined"),
])
def test_a_bad_setting_is_explained(argument: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("]", r"\]")):
        make_player("sheepshead", f"strong:{argument}")


def test_the_variants_are_sheepshead_players() -> None:
    with pytest.raises(ValueError, match="strong:samples=4 is a Sheepshead player, not a spades"):
        make_player("spades", "strong:samples=4")
