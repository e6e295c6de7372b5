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
