"""Checking a revealed Daily seed against its commitment, and the deals it makes.

Used by ``tricktable verify-daily``; needs nothing but the seed, the commitment and the rules.
"""

from __future__ import annotations

import hmac
import re
from datetime import date

from tricktable.web.daily.dates import seed_commitment

__all__ = ["VerifyError", "check_daily_seed", "describe_daily_deals"]

_SEED = re.compile(r"daily-(\d{4}-\d{2}-\d{2})-[0-9a-f]{32}")
_HEX = re.compile(r"[0-9a-f]{64}")


class VerifyError(ValueError):
    """The seed does not match the commitment or the date (the message says how)."""


def check_daily_seed(day: date, seed: str, commitment: str) -> None:
    """Raise :class:`VerifyError` unless ``seed`` is a Daily seed of ``day`` whose SHA-256 is
    ``commitment``."""
    wanted = commitment.strip().lower()
    if not _HEX.fullmatch(wanted):
        raise VerifyError(f"{commitment!r} is not a commitment: 64 hexadecimal digits.")
    shape = _SEED.fullmatch(seed)
    if shape is None:
        raise VerifyError(f"{seed!r} is not a Daily seed (daily-YYYY-MM-DD-<32 hex digits>).")
    if shape.group(1) != day.isoformat():
        raise VerifyError(f"This seed is for {shape.group(1)}, not {day.isoformat()}.")
    if not hmac.compare_digest(seed_commitment(seed), wanted):
        raise VerifyError(f"The seed does not match the commitment: its SHA-256 is "
                          f"{seed_commitment(seed)}, the commitment is {wanted}.")


def describe_daily_deals(game: str, seed: str, hands: int | None = None) -> str:
    """The deals of a Daily as text: Sheepshead's first ``hands`` deals (default the Daily's
    ten) seat by seat with the blind; Spades' first ``hands`` stocks (default 12), top first."""
    if game == "sheepshead":
        from tricktable.sheepshead.deal import SEATS, deal_from_seed
        from tricktable.sheepshead.match import deal_seed, first_dealer
        from tricktable.sheepshead.rules import PRESETS

        count = hands or PRESETS["milwaukee"].hands
        dealer = first_dealer(seed)
        lines = ["Sheepshead Daily (milwaukee): you are seat 0; no deal is redealt, so the "
                 "dealer moves one seat left each hand."]
        for index in range(count):
            seat = (dealer + index) % SEATS
            lines.append(f"Hand {index + 1} (dealer: seat {seat})")
            lines.extend("  " + line for line in str(deal_from_seed(deal_seed(seed, index),
                                                                  seat)).splitlines())
        return "\n".join(lines)
    if game == "spades":
        from tricktable.spades.deal import deal_from_seed as spades_deal
        from tricktable.spades.match import hand_seed
        from tricktable.web.games.spades import first_player

        count = hands or 12
        lines = [f"Spades Daily: seat {first_player(seed)} draws first in hand 1; the game "
                 "goes on with the next hands from the same seed."]
        for number in range(1, count + 1):
            lines.append(f"Hand {number}: {spades_deal(hand_seed(seed, number))}")
        return "\n".join(lines)
    raise VerifyError(f"A Daily's game is 'sheepshead' or 'spades', not {game!r}.")
