import random

import pytest

from tricktable.ai.evidence import Evidence


def test_the_default_stays_unless_another_option_clearly_beats_it() -> None:
    noisy = Evidence(2)
    for k in range(10):
        noisy.add(1.0, [0.0, 1.0 if k % 2 else -0.8])  # +0.1 on average, very noisy
    assert noisy.choose(0) == 0
    assert noisy.choose(None) == 1  # without a default, the best mean
    steady = Evidence(2)
    for _ in range(5):
        steady.add(1.0, [0.0, 0.5])
    assert steady.choose(0) == 1
    assert steady.choose(0, margin=0.6) == 0


def test_means_and_gains_are_weighted() -> None:
    evidence = Evidence(2)
    evidence.add(3.0, [1.0, 2.0])
    evidence.add(1.0, [5.0, 2.0])
    evidence.add(0.0, [100.0, 100.0])  # a sample that cannot be the truth counts for nothing
    assert evidence.samples == 2
    assert evidence.means() == pytest.approx([2.0, 2.0])
    mean, error = evidence.gain(1, 0)
    assert mean == pytest.approx(0.0) and error > 0


def test_values_must_cover_every_option() -> None:
    with pytest.raises(ValueError):
        Evidence(3).add(1.0, [1.0, 2.0])


def test_choices_chooses_as_choose_does_for_each_z() -> None:
    rng = random.Random(4)
    for samples in (0, 1, 2, 5, 30):
        evidence = Evidence(4)
        for _ in range(samples):
            evidence.add(rng.random(), [rng.gauss(k * 0.3, 2.0) for k in range(4)])
        zs = (-1.0, 0.0, 0.5, 2.0, 3.0)
        for default in range(4):
            expected = []
            for z in zs:  # the default unless a gain's edge clears the margin; the best edge
                best, best_edge = default, 0.0
                for option in range(4):
                    if option != default:
                        mean, error = evidence.gain(option, default)
                        if mean - z * error > max(0.05, best_edge):
                            best, best_edge = option, mean - z * error
                expected.append(best)
            assert evidence.choices(default, zs, margin=0.05) == expected
            assert [evidence.choose(default, z=z, margin=0.05) for z in zs] == expected


def test_hopeless_options_are_dropped_and_never_chosen() -> None:
    evidence = Evidence(4)
    rng = random.Random(6)
    for _ in range(12):
        base = rng.gauss(0.0, 1.0)
        # option 1 always loses 2; option 2 sometimes wins or loses; option 3 clearly wins
        evidence.add(1.0, [base, base - 2.0, base + rng.choice([-1.0, 1.0]), base + 1.0])
    assert evidence.drop_hopeless(0, z=1.0, margin=0.05) == [0, 2, 3]
    assert evidence.dropped == {1}
    assert evidence.choose(0, z=0.5) == 3
    # a dropped option is not chosen even if later deals favour it
    for _ in range(40):
        evidence.add(1.0, [0.0, 9.0, 0.0, 0.0])
    assert evidence.choose(0, z=0.5) != 1
    assert evidence.drop_hopeless(0, z=1.0, margin=0.05)[0] == 0 and 1 in evidence.dropped


def test_the_default_is_never_dropped_and_nothing_drops_without_deals() -> None:
    empty = Evidence(3)
    assert empty.drop_hopeless(1, z=1.0) == [1, 0, 2] and not empty.dropped
    evidence = Evidence(3)
    for _ in range(10):
        evidence.add(1.0, [5.0, 0.0, 0.0])  # the default (0) beats both
    assert evidence.drop_hopeless(0, z=3.0) == [0]
    assert evidence.dropped == {1, 2} and evidence.choose(0) == 0
    wide = Evidence(2)  # a gain too uncertain to give up on stays in the running
    for k in range(10):
        wide.add(1.0, [0.0, 2.0 if k % 4 == 0 else -1.0])  # -0.1 on average
    assert wide.drop_hopeless(0, z=1.0) == [0, 1]
    assert wide.drop_hopeless(0, z=0.0) == [0]
