"""The coach of a coached game: its recommendation is the hint's for the same view and seed, in
the evaluation's table with its values; its verdict follows the evaluation's own rule; the same
seed gives the same words; a choice outside the hint's options (a bury) still gets its value."""

from __future__ import annotations

import random

from tricktable.ai.teaching.coach import VERDICTS, Coaching, coach
from tricktable.ai.teaching.evaluation import EvaluationSettings, evaluate
from tricktable.ai.teaching.hint import hint
from tricktable.game import ActionKind
from tricktable.i18n import LANGUAGES, Message, translate
from tricktable.sheepshead.match import Match
from tricktable.sheepshead.rules import PRESETS
from tricktable.sheepshead.state import Phase

SETTINGS = EvaluationSettings(samples=4)


def _decisions(seed: str, count: int) -> list[tuple[object, object, str]]:
    """Seat 0's first ``count`` decisions of a random game: (view, action, decision seed)."""
    match = Match(rules=PRESETS["milwaukee"], seed=seed)
    rng = random.Random(seed)
    found = []
    while not match.is_over and len(found) < count:
        seat = match.to_move
        view = match.current.view(seat)
        action = rng.choice(view.legal_actions)
        if seat == 0:
            found.append((view, action, f"{seed}/{len(found)}"))
        match.apply(action, seat=seat)
    return found


def test_the_coach_recommends_what_the_hint_does_and_judges_by_its_rule() -> None:
    verdicts = set()
    for view, action, seed in _decisions("coach-a", 12) + _decisions("coach-b", 12):
        said = coach(view, action, seed, SETTINGS)
        assert said.verdict in VERDICTS
        verdicts.add(said.verdict)
        if said.verdict == "only":
            assert len(view.legal_actions) == 1  # type: ignore[attr-defined]
            continue
        assert said.recommended == hint(view, seed, SETTINGS).action
        found = evaluate(view, seed, SETTINGS, include=(action,))
        if said.verdict == "same":
            assert action == said.recommended
        elif said.chosen_value is not None:
            assert said.chosen_value == found.value(action)
            assert said.recommended_value == found.value(said.recommended)
            assert (said.verdict == "equal") == (not found.clearly_better(said.recommended,
                                                                           action))
        # The same seed, the same words, in every language.
        again = coach(view, action, seed, SETTINGS)
        for language in LANGUAGES:
            assert translate(language, again.line) == translate(language, said.line)
    assert {"only", "same"} <= verdicts and verdicts & {"other", "equal"}


def test_a_bury_outside_the_hint_s_candidates_is_valued_on_the_same_deals() -> None:
    for seed in range(40):
        for view, _action, decision in _decisions(f"bury-{seed}", 4):
            if view.phase is not Phase.BURY:  # type: ignore[attr-defined]
                continue
            plain = evaluate(view, decision, SETTINGS)
            outside = [a for a in view.legal_actions  # type: ignore[attr-defined]
                       if a.kind is ActionKind.BURY and a not in plain.order]
            if not outside:
                continue
            said = coach(view, outside[-1], decision, SETTINGS)
            assert said.recommended == plain.recommended
            assert said.chosen_value is not None and said.verdict in ("equal", "other")
            return
    raise AssertionError("no bury outside the candidates was found")


def test_the_coachs_line_reads_with_one_colon_in_every_language() -> None:
    """A reason has its own colon ("cannot follow: trumps in"); the line around it adds none,
    so it never reads "…: cannot follow: trumps in"; its values are signed with U+2212."""
    view, action, _ = next(found for found in _decisions("coach-a", 12)
                           if len(found[0].legal_actions) > 1)  # type: ignore[attr-defined]
    other = next(a for a in view.legal_actions if a != action)  # type: ignore[attr-defined]
    reason = Message("reason.public.trump_in")
    lines = [Coaching(action, action, "same", 0.5, 0.5, reason, 4),  # type: ignore[arg-type]
             Coaching(action, other, "equal", -0.25, 0.1, reason, 4),  # type: ignore[arg-type]
             Coaching(action, other, "other", -1.5, 0.75, reason, 4),  # type: ignore[arg-type]
             Coaching(action, other, "other", None, None, reason, 0)]  # type: ignore[arg-type]
    for language in LANGUAGES:
        for said in lines:
            text = translate(language, said.line)
            assert text.count(":") == 1 and translate(language, reason) in text, (language, text)
            assert "-" not in text.replace(translate(language, reason), ""), (language, text)
        # A value below zero with a true minus sign, as the page writes negative numbers.
        assert "\u22121.5" in translate(language, lines[2].line).replace(",", ".")
