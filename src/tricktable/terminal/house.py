"""The Wisconsin house options in the terminal: cracks, recracks, blitzes and the J♦ partner.

Small functions the Sheepshead screen calls: a line for each house event, the status rows (the
stakes), the prompt for an offer, and the answers the player need not type.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tricktable.game import PASS, Action, ActionKind
from tricktable.sheepshead.events import Blitzed, Cracked, Declined, Event, Recracked
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView
from tricktable.terminal.drawing import cards_text

__all__ = ["automatic_action", "house_event_text", "house_prompt", "house_status_rows",
           "interpret_house"]

_OFFER_WORDS = {"crack": "crack", "recrack": "recrack", "blitz": "show a pair of queens"}


def house_event_text(event: Event, name: str) -> Text | None:
    """The line for a crack, recrack, blitz or declined offer (None for other events)."""
    verb_s = "" if name == "You" else "s"
    if isinstance(event, Cracked):
        return Text(f"{name} crack{verb_s}: the stakes double.", style="bold magenta")
    if isinstance(event, Recracked):
        return Text(f"{name} recrack{verb_s}: the stakes double again.", style="bold magenta")
    if isinstance(event, Blitzed):
        return (Text(f"{name} blitz{'es' if verb_s else ''}, showing ", style="bold magenta")
                .append_text(cards_text(event.cards)).append(": the stakes double."))
    if isinstance(event, Declined):
        if event.offer == "blitz":
            return Text(f"{name} show{verb_s} no pair of queens.", style="dim")
        return Text(f"{name} do{'es' if verb_s else ''} not {_OFFER_WORDS[event.offer]}.",
                    style="dim")
    return None


def house_status_rows(hand: SheepsheadView, status: Table) -> None:
    """Add the stakes row when cracks or blitzes raised them."""
    if hand.stake_multiplier == hand.multiplier:
        return
    why = []
    if hand.cracked_by is not None:
        why.append("cracked" + (", recracked" if hand.recracked else ""))
    if hand.blitzes:
        why.append("blitzed" if len(hand.blitzes) == 1 else f"blitzed ×{len(hand.blitzes)}")
    status.add_row("Stakes", Text(f"×{hand.stake_multiplier} ({'; '.join(why)})",
                                  style="bold magenta"))


def house_prompt(hand: SheepsheadView) -> str | None:
    """What to type when a crack, recrack or blitz is offered (None otherwise)."""
    if hand.phase is Phase.CRACK:
        return f"crack (double the stakes, now ×{hand.stake_multiplier}) or pass"
    if hand.phase is Phase.RECRACK:
        return "you were cracked: recrack (double again) or pass"
    if hand.phase is Phase.BLITZ:
        blitzes = [str(a) for a in hand.legal_actions if a.kind is ActionKind.BLITZ]
        why = ("a blitz shows the pair and doubles" if len(blitzes) == 1
               else "a blitz shows what it names and doubles once per pair")
        return " / ".join([*blitzes, "pass"]) + f" ({why})"
    return None


def automatic_action(hand: SheepsheadView) -> Action | None:
    """The answer the player need not be asked for: everyone is asked whether to blitz, so a
    player without a pair of queens passes without a prompt."""
    if hand.phase is Phase.BLITZ and hand.legal_actions == (PASS,):
        return PASS
    return None


def interpret_house(words: list[str], hand: SheepsheadView) -> Action | None:
    """``blitz`` alone when there is only one pair to show."""
    if words == ["blitz"]:
        blitzes = [a for a in hand.legal_actions if a.kind is ActionKind.BLITZ]
        if len(blitzes) == 1:
            return blitzes[0]
    return None
