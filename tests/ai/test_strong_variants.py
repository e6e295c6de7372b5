"""``strong:KEY=VALUE,…``: strong with settings changed, measured against strong in one run."""

from __future__ import annotations

import pytest

from tricktable.ai.arena import ArenaSpec, run_arena
from tricktable.ai.players import make_player
from tricktable.ai.sheepshead_strong import StrongSheepsheadPlayer


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
])
def test_a_bad_setting_is_explained(argument: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace("]", r"\]")):
        make_player("sheepshead", f"strong:{argument}")


def test_the_variants_are_sheepshead_players() -> None:
    with pytest.raises(ValueError, match="strong:samples=4 is a Sheepshead player, not a spades"):
        make_player("spades", "strong:samples=4")
