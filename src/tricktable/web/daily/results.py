"""Results worth sharing: a day's score distribution and where a score stands in it, Daily
streaks, and the spoiler-free text of the Share button."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta
from typing import Any

from babel.dates import format_date

from tricktable.i18n import DEFAULT_LANGUAGE, PSEUDO_LANGUAGE, Message, translate
from tricktable.words import GAME_TITLES

__all__ = ["MARKS", "histogram", "share_text", "standing", "streaks"]

MARKS = {
    ("picker", True): "🟩", ("picker", False): "🟥",
    ("partner", True): "🟢", ("partner", False): "🔴",
    ("defender", True): "🔵", ("defender", False): "⚫",
    ("leaster", True): "⭐", ("leaster", False): "⚪",
    ("hand", True): "🟩", ("hand", False): "🟥",
}
"""One emoji per hand: the seat's role in it (Sheepshead: picker, partner, defender, or a
leaster; Spades: the hand) and whether it won the hand."""


def histogram(scores: Sequence[int], bins: int = 8) -> list[dict[str, int]]:
    """The scores in at most ``bins`` equal ranges of whole numbers, low to high: each
    ``{"low", "high", "count"}`` (both ends included)."""
    if not scores:
        return []
    low, high = min(scores), max(scores)
    width = max(1, -(-(high - low + 1) // bins))
    edges = range(low, high + 1, width)
    counts = [0] * len(edges)
    for score in scores:
        counts[(score - low) // width] += 1
    return [{"low": start, "high": min(start + width - 1, high), "count": count}
            for start, count in zip(edges, counts, strict=True)]


def standing(ranked: Sequence[int], score: int, *, counted: bool) -> dict[str, Any]:
    """Where ``score`` stands among the day's ranked scores: its rank (ties share the best),
    the number of players (``of``, itself included) and its percentile (the share of the
    *other* players it beat, in percent; None when alone).  ``counted``: the score is one of
    ``ranked`` (a ranked attempt) rather than an unranked one placed among them."""
    others = len(ranked) - 1 if counted else len(ranked)
    below = sum(1 for s in ranked if s < score)
    return {
        "score": score,
        "rank": 1 + sum(1 for s in ranked if s > score),
        "of": others + 1,
        "percentile": round(100 * below / others) if others else None,
    }


def streaks(days: Iterable[date], today: date) -> dict[str, int]:
    """Days in a row with a finished Daily: the current run (ending today, or yesterday while
    today's is still to play) and the best."""
    played = sorted(set(days))
    best = run = 0
    previous: date | None = None
    for day in played:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    current = 0
    if previous is not None and today - previous <= timedelta(days=1):
        current = run
    return {"current": current, "best": best}


def share_text(*, game: str, day: str, score: int, ranked: bool, place: dict[str, Any],
               marks: Sequence[str], language: str = DEFAULT_LANGUAGE) -> str:
    """The Share button's text in ``language`` (the date in its own style): no card, no play,
    nothing that spoils the deals."""
    rank = {"rank": place["rank"], "count": place["of"]}
    where = Message("server.share.rank" if ranked else "server.share.unranked", rank)
    locale = DEFAULT_LANGUAGE if language == PSEUDO_LANGUAGE else language
    shown_day = format_date(date.fromisoformat(day), format="long", locale=locale)
    lines = [
        Message("server.share.title", {"game": GAME_TITLES[game], "date": shown_day}),
        Message("server.share.score", {"score": f"{score:+d}", "where": where}),
    ]
    return "\n".join([*(translate(language, line) for line in lines), "".join(marks)])
