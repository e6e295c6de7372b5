"""Sheepshead ``strong`` with some of its settings changed, named ``strong:KEY=VALUE,…`` (the
registry's ``strong:`` kind), so that a change is measured against ``strong`` itself in one arena
run: ``tricktable arena sheepshead --players strong:play_z=0.25,basic --baseline strong``.

===============  =====================================================================  ========
key              what it sets                                                           strong
===============  =====================================================================  ========
``samples``      deals searched at most per decision                                    96
``play_z``       standard errors a card's gain over ``basic``'s must clear              0.5
``bidding_z``    the same for a pick, bury or call                                      2.0
``margin``       points per hand a choice must gain over ``basic``'s                    0.05
``solve_from``   the first trick (0-5) whose cards are chosen by solving                2
``settle_k``     the early stop's bar, in standard errors (``off``: search every deal)  1.0
``softness``     the play model's unpredicted share (``off``: read picks and passes     0.6
                 only, as ``pimc`` does)
``conventions``  ``off``: every legal card is searched, the conventions not kept        on
``race_z``       cards played out race instead of settling: options that cannot beat    off
                 ``basic``'s card by this many standard errors drop out (with
                 ``settle_k=off`` every deal is searched anyway)
``search``       the decisions searched, of ``bidding`` (pick, bury, call, and cracks   all
                 and blitzes where they are played), ``played`` (cards played out) and
                 ``solved`` (cards solved), joined by ``+``; the rest are ``basic``'s:
                 ``search=played`` measures what searching those cards alone gains
``leaf``         how a card played out (before ``solve_from``) is judged on a deal:     playout
                 ``playout`` (``basic`` plays the hand to its end), ``learned`` (``basic``
                 finishes the trick, then the learned value of
                 :mod:`~tricktable.ai.sheepshead.learned` judges the position; a path to
                 a ``.npz`` model instead of ``learned`` loads that one) or ``solved``
                 (the trick finished, the open-card solver's band)
===============  =====================================================================  ========
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tricktable.ai.budget import Budget
from tricktable.ai.sheepshead.play_inference import PlayModel
from tricktable.ai.sheepshead.strong import Leaf, StrongSheepsheadPlayer

__all__ = ["SEARCHED", "STRONG_SETTINGS", "strong_variant", "strong_sheepshead"]

SEARCHED: frozenset[str] = frozenset({"bidding", "played", "solved"})
"""The kinds of decision ``strong`` searches: those before the play (picks, buries, calls,
cracks, blitzes); cards played out; cards solved."""

STRONG_SETTINGS: dict[str, Any] = {
    "samples": 96, "play_z": 0.5, "bidding_z": 2.0, "margin": 0.05, "solve_from": 2,
    "settle_k": 1.0, "softness": 0.6, "conventions": True, "race_z": None,
    "search": SEARCHED, "leaf": "playout",
}
"""``strong``'s own settings, by the keys a variant may change.

It stops sampling once its choice is settled (``StrongSheepsheadPlayer._settled``): checked every
4 deals from the 8th on, once the choice would not change with its bar moved by ``settle_k``
standard errors either way.  With 1.0, on 112 decisions that kept the full 96 deals' choice 93.8%
of the time at a third of the cost, where two full searches with different generators agree only
86.6%."""

_OFF = "off"


def _count(text: str) -> int:
    value = int(text)
    if value < 1:
        raise ValueError("it is a whole number from 1")
    return value


def _share(text: str) -> float:
    value = float(text)
    if not value >= 0.0:
        raise ValueError("it is a number from 0")
    return value


def _trick(text: str) -> int:
    value = int(text)
    if not 0 <= value <= 5:
        raise ValueError("it is a trick from 0 to 5")
    return value


def _switch(text: str) -> bool:
    if text not in ("on", _OFF):
        raise ValueError("it is on or off")
    return text == "on"


def _kinds(text: str) -> frozenset[str]:
    kinds = text.split("+")
    unknown = [kind for kind in kinds if kind not in SEARCHED]
    if unknown or len(set(kinds)) != len(kinds):
        raise ValueError("it is bidding, played or solved, or several of them joined by +")
    return frozenset(kinds)


def _leaf(text: str) -> str:
    if text not in ("playout", "learned", "solved") and not text.endswith(".npz"):
        raise ValueError("it is playout, learned, solved or a model's .npz file")
    return text


def _make_leaf(name: str) -> Leaf | None:
    """The leaf judgement named ``name`` (None: play the hand out)."""
    if name == "playout":
        return None
    from pathlib import Path

    from tricktable.ai.sheepshead.learned import LearnedLeaf, SolvedLeaf, load_model

    if name == "solved":
        return SolvedLeaf()
    return LearnedLeaf(load_model(None if name == "learned" else Path(name)))


def _or_off(parse: Callable[[str], float]) -> Callable[[str], float | None]:
    return lambda text: None if text == _OFF else parse(text)


_PARSERS: dict[str, Callable[[str], Any]] = {
    "samples": _count, "play_z": _share, "bidding_z": _share, "margin": _share,
    "solve_from": _trick, "settle_k": _or_off(_share), "softness": _or_off(float),
    "conventions": _switch, "race_z": _or_off(_share), "search": _kinds, "leaf": _leaf,
}


def strong_sheepshead(budget: Budget | None = None, **changes: Any) -> StrongSheepsheadPlayer:
    """``strong`` with ``changes`` (keys of :data:`STRONG_SETTINGS`) to its settings; a
    ``budget`` replaces its samples."""
    settings = {**STRONG_SETTINGS, **changes}
    own = Budget(samples=settings["samples"], time_ms=None)
    softness = settings["softness"]
    settle_k = settings["settle_k"]
    search = settings["search"]
    return StrongSheepsheadPlayer(
        budget or own, play_model=None if softness is None else PlayModel(softness=softness),
        play_z=settings["play_z"], bidding_z=settings["bidding_z"], margin=settings["margin"],
        solve_from_trick=settings["solve_from"], settle_every=0 if settle_k is None else 4,
        settle_after=8, settle_k=settle_k or 0.0, conventions=settings["conventions"],
        race_z=settings["race_z"], search_bidding="bidding" in search,
        search_played="played" in search, search_solved="solved" in search,
        leaf=_make_leaf(settings["leaf"]),
    )


def strong_variant(game: str, argument: str) -> StrongSheepsheadPlayer:
    """The player named ``strong:ARGUMENT``: ``strong`` with ``KEY=VALUE,…`` changed."""
    if game != "sheepshead":
        raise ValueError(f"strong:{argument} is a Sheepshead player, not a {game} one.")
    changes: dict[str, Any] = {}
    for item in argument.split(","):
        key, equals, text = item.strip().partition("=")
        if key not in _PARSERS:
            raise ValueError(
                f"strong has no setting {key!r}; choose from {', '.join(_PARSERS)}.")
        if not equals or not text:
            raise ValueError(f"Give {key} a value: 'strong:{key}=…'.")
        if key in changes:
            raise ValueError(f"{key} is given twice in 'strong:{argument}'.")
        try:
            changes[key] = _PARSERS[key](text)
        except ValueError as error:
            reason = str(error)
            if reason.startswith(("invalid literal", "could not")):
                reason = "it is not a number"
            raise ValueError(f"{key}={text} is not a setting strong takes: {reason}.") from None
    return strong_sheepshead(**changes)
