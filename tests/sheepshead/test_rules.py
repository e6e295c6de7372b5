import dataclasses

import pytest

from tricktable.sheepshead.rules import PRESETS, NoPicker, Rules, rules_from_json


def test_presets_follow_the_rules_document() -> None:
    milwaukee, pagat, tavern = PRESETS["milwaukee"], PRESETS["pagat"], PRESETS["tavern"]
    assert milwaukee == Rules()
    assert milwaukee.no_picker is NoPicker.LEASTER and milwaukee.double_on_the_bump
    assert milwaukee.call_ten and milwaukee.unknown_card and not milwaukee.schwarz_paid_by_picker
    assert pagat.no_picker is NoPicker.REDEAL and not pagat.double_on_the_bump
    assert tavern.no_picker is NoPicker.DOUBLER and tavern.double_on_the_bump
    assert tavern.schwarz_paid_by_picker
    assert all(p.hands == 10 for p in PRESETS.values())


def test_rules_from_json_accepts_names_and_option_objects() -> None:
    assert rules_from_json("pagat") is PRESETS["pagat"]
    custom = rules_from_json({"preset": "tavern", "hands": 5, "no_picker": "leaster"})
    assert custom.hands == 5 and custom.no_picker is NoPicker.LEASTER
    assert custom.schwarz_paid_by_picker
    assert rules_from_json(custom.to_json()) == custom
    assert repr(PRESETS["tavern"]) == "PRESETS['tavern']"
    assert "hands=5" in repr(custom)


@pytest.mark.parametrize(
    ("data", "message"),
    [("vegas", "not a preset"), ({"hands": 7}, "hands must be"), ({"colour": 1}, "Unknown"),
     ({"no_picker": "shoot"}, "no_picker"), ({"call_ten": "yes"}, "true or false"), (3, "preset")],
)
def test_bad_rules_are_explained(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        rules_from_json(data)


def test_rules_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        PRESETS["milwaukee"].hands = 5  # type: ignore[misc]
