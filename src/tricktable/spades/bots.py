"""Computer players for Spades.  Each sees only a :class:`~tricktable.spades.view.SpadesView`.

For now the only one is the shared :class:`~tricktable.game.RandomPlayer`, which chooses
uniformly among ``view.legal_actions`` with the generator it is given.
"""

from __future__ import annotations

from tricktable.game import RandomPlayer

__all__ = ["RandomPlayer"]
