"""Table options: validation, presets, JSON."""

import pytest

from tricktable.spades.rules import PRESETS, Rules, rules_from_json


def test_defaults_are_the_rules_document() -> None:
    rules = Rules()
    assert rules.target == 500
    assert rules.nil_tricks_are_bags is True
    assert PRESETS["standard"] == rules
    assert repr(rules) == "PRESETS['standard']"


@pytest.mark.parametrize("options", [{"target": 0}, {"target": -5}, {"target": True},
                                     {"target": 10.5}, {"nil_tricks_are_bags": 1}])
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        Rules(**options)  # type: ignore[arg-type]


def test_json_round_trip_and_overrides() -> None:
    rules = Rules(target=300, nil_tricks_are_bags=False)
    assert rules_from_json(rules.to_json()) == rules
    assert rules_from_json({"preset": "short", "nil_tricks_are_bags": False}) == Rules(
        target=250, nil_tricks_are_bags=False
    )
    assert rules_from_json("short").target == 250
    assert repr(Rules(target=300)) == "Rules(target=300)"


@pytest.mark.parametrize("data", ["nope", {"targte": 5}, 5, {"preset": "nope"}])
def test_bad_json_rules(data: object) -> None:
    with pytest.raises(ValueError):
        rules_from_json(data)
