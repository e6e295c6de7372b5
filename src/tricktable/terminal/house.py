"""The Wisconsin house options in the terminal: cracks, recracks, blitzes and the J♦ partner.

Small functions the Sheepshead screen calls: a line for each house event, the status rows (the
stakes), the prompt for an offer, and the answers the player need not type.  The words are the
``terminal`` catalogue's in ``lang``; the commands typed (``crack``, ``blitz QC QS``, ``pass``)
are the same in every language.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from tricktable.game import PASS, Action, ActionKind
from tricktable.i18n import Message, translate
from tricktable.sheepshead.events import Blitzed, Cracked, Declined, Event, Recracked
from tricktable.sheepshead.state import Phase
from tricktable.sheepshead.view import SheepsheadView
from tricktable.terminal.drawing import cards_text
from tricktable.terminal.words import and_list, line

__all__ = ["automatic_action", "house_event_text", "house_prompt", "house_status_rows",
           "interpret_house", "stakes_why"]

# Each house event as (said by you, said by another seat).
_CRACKED = ("terminal.house.you-crack", "terminal.house.seat-cracks")
_RECRACKED = ("terminal.house.you-recrack", "terminal.house.seat-recracks")
_BLITZED = ("terminal.house.you-blitz", "terminal.house.seat-blitzes")
_DECLINED = {
    "crack": ("terminal.house.you-no-crack", "terminal.house.seat-no-crack"),
    "recrack": ("terminal.house.you-no-recrack", "terminal.house.seat-no-recrack"),
    "blitz": ("terminal.house.you-no-blitz", "terminal.house.seat-no-blitz"),
}


def house_event_text(event: Event, name: str, *, you: bool | None = None,
                     lang: str = "en") -> Text | None:
    """The line for a crack, recrack, blitz or declined offer (None for other events).
    ``name`` is the seat's name; ``you`` whether it is the player's own (by default: whether
    the name is the language's "You")."""
    mine = (name == translate(lang, "terminal.seat.you")) if you is None else you
    if isinstance(event, Cracked):
        return line(lang, _CRACKED[not mine], style="bold magenta", name=name)
    if isinstance(event, Recracked):
        return line(lang, _RECRACKED[not mine], style="bold magenta", name=name)
    if isinstance(event, Blitzed):
        return line(lang, _BLITZED[not mine], style="bold magenta", name=name,
                    cards=cards_text(event.cards))
    if isinstance(event, Declined):
        return line(lang, _DECLINED[event.offer][not mine], style="dim", name=name)
    return None


def stakes_why(*, doubler: bool = False, cracked: bool = False, recracked: bool = False,
               blitzes: int = 0) -> list[Message]:
    """What doubled a hand's stakes, as messages: the doubler, a crack (and recrack), blitzes."""
    why = []
    if doubler:
        why.append(Message("terminal.stakes.doubler"))
    if cracked:
        why.append(Message("terminal.stakes.recracked" if recracked
                           else "terminal.stakes.cracked"))
    if blitzes:
        why.append(Message("terminal.stakes.blitzed", {"count": blitzes}))
    return why


def house_status_rows(hand: SheepsheadView, status: Table, lang: str = "en") -> None:
    """Add the stakes row when cracks or blitzes raised them."""
    if hand.stake_multiplier == hand.multiplier:
        return
    why = stakes_why(cracked=hand.cracked_by is not None, recracked=hand.recracked,
                     blitzes=len(hand.blitzes))
    status.add_row(
        translate(lang, "terminal.table.stakes"),
        line(lang, "terminal.table.stakes-value", style="bold magenta",
             multiplier=hand.stake_multiplier,
             why=and_list(lang, [translate(lang, m) for m in why])),
    )


def house_prompt(hand: SheepsheadView, lang: str = "en") -> str | None:
    """What to type when a crack, recrack or blitz is offered (None otherwise)."""
    if hand.phase is Phase.CRACK:
        return translate(lang, "terminal.options.crack", multiplier=hand.stake_multiplier)
    if hand.phase is Phase.RECRACK:
        return translate(lang, "terminal.options.recrack")
    if hand.phase is Phase.BLITZ:
        blitzes = [str(a) for a in hand.legal_actions if a.kind is ActionKind.BLITZ]
        key = ("terminal.options.blitz-one" if len(blitzes) == 1
               else "terminal.options.blitz-several")
        return translate(lang, key, options=" / ".join([*blitzes, "pass"]))
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
