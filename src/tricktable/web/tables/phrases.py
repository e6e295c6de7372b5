"""Quick phrases: the only words players send each other (a fixed list, nothing to moderate)."""

from __future__ import annotations

__all__ = ["PHRASES"]

PHRASES: dict[str, str] = {
    "nice": "Nice!",
    "sorry": "Sorry, partner",
    "thanks": "Thanks!",
    "oops": "Oops!",
    "wow": "Wow!",
    "hurry": "Your turn!",
    "brb": "Back in a minute",
    "gg": "Good game",
}
"""Each phrase by its id, in the order the table shows them."""
