"""Double-dummy solver for Sheepshead: with every card open, the exact result of best play.

Team hands (a picker, with or without a partner) are solved by alpha-beta on card points: the
picker's team maximises the points it takes from here to the end, the defenders minimise them.
A transposition table keyed at trick boundaries stores bounds of those future points; moves are
generated strongest first with equivalent cards merged (see
:meth:`~tricktable.sheepshead.search.SearchPosition.moves`) and ordered to find cut-offs early.
Once the picker's unknown card is out (or there is none), the same search runs on plain
integers, without a position object (:meth:`SheepsheadSolver._plain`), with a table of its own
keyed by the cards left (one int; within one deal they name the hands) and its moves packed in
one int; the last two tricks, when only follow-suit rules are left, have a search of their own,
whose starting positions that table stores too.

A leaster has no teams.  It is solved *paranoid*: the root player minimises his own leaster
score's loss against all others allied, which is sound (a guaranteed lower bound for him).
"""

from __future__ import annotations

from typing import Final

from tricktable.ai.sheepshead.solver_moves import follow_cards, leaster_score, plain_moves
from tricktable.sheepshead.search import (
    DONE,
    LEADING,
    NOT_LED,
    POINTS_OF,
    SUIT_BITS,
    SUIT_OF,
    TRUMP_BITS,
    UNKNOWN_MOVE,
    SearchPosition,
)

__all__ = ["SearchAborted", "SheepsheadSolver", "leaster_score"]


class SearchAborted(Exception):
    """The search visited more nodes than its limit allows."""


class SheepsheadSolver:
    """Solves positions exactly; keeps its transposition table between calls on one deal."""

    def __init__(self, node_limit: int = 0) -> None:
        """``node_limit`` > 0 makes a search raise :class:`SearchAborted` past that many nodes
        (the count runs over all calls; the table stays sound)."""
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.plain_table: dict[int, int] = {}
        """:meth:`_plain`'s table: the cards left, leader and status (one int, see
        :func:`_plain_key`) to the bounds and move (one int, see :func:`_packed`).  The cards
        left tell the hands apart only within one deal: :meth:`_start_plain` clears it when
        the hands it is given do not fit the deal it was filled on."""
        self._owned = [0, 0, 0, 0, 0]
        """Every card each seat held in the positions ``plain_table`` was filled from."""
        self._plain_deal = (-1, -1, -1, 0)
        self.nodes = 0
        self.node_limit = node_limit
        # The position _plain searches from: hands, team, called card and seats.
        self._h0 = self._h1 = self._h2 = self._h3 = self._h4 = self._every = 0
        self._team = 0
        self._partner = -1
        self._picker = -1
        self._called_bit = 0
        self._called_suit = -1
        self._best_move = -1

    def clear(self) -> None:
        """Forget the transposition tables."""
        self.table.clear()
        self.plain_table.clear()
        self._owned = [0, 0, 0, 0, 0]

    # --- Team hands -------------------------------------------------------------------------

    def solve(self, position: SearchPosition, alpha: int = -1, beta: int = 121) -> int:
        """Card points the picker's team takes from now to the end under best play.

        With a window ``(alpha, beta)`` the result is exact inside it; below ``alpha`` it is an
        upper bound, above ``beta`` a lower bound (fail-soft alpha-beta).
        """
        if position.leaster:
            raise ValueError("A leaster has no teams: use solve_leaster.")
        return self._narrowing(position, alpha, beta)

    def move_values(self, position: SearchPosition) -> dict[int, int]:
        """The exact future team points after each legal move (merged moves share a value)."""
        values: dict[int, int] = {}
        base = position.team_points
        for move in position.moves():
            position.make(move)
            gained = position.team_points - base
            values[move] = gained + self._narrowing(position, -1, 121)
            position.unmake()
        return values

    def _narrowing(self, pos: SearchPosition, alpha: int, beta: int) -> int:
        """``_search`` over a wide window as a series of null-window searches that halve the
        range the value can still be in: on this game's 0–120 points that visits fewer nodes
        than one wide search, and the table keeps every bound they prove."""
        if beta - alpha <= 2:
            return self._search(pos, alpha, beta)
        low, high = 0, pos.remaining_points()
        while low < high:
            if low >= beta:
                return low
            if high <= alpha:
                return high
            guess = (low + high + 1) // 2
            value = self._search(pos, guess - 1, guess)
            if value >= guess:
                low = value
            else:
                high = value
        return low

    def _search(self, pos: SearchPosition, alpha: int, beta: int) -> int:
        if pos.unknown_played and not pos.trick and pos.tricks_left >= 2:
            self._start_plain(pos)
            return self._plain(0, pos.leader, pos.tricks_left, pos.status,
                               pos.remaining_points(), alpha, beta)
        self.nodes += 1
        if self.node_limit and self.nodes > self.node_limit:
            raise SearchAborted
        if pos.tricks_left <= 1:
            if pos.tricks_left == 0:
                return 0
            if not pos.trick:
                winner, points = pos.last_trick()
                return points if pos.team >> winner & 1 else 0
        key: tuple[int, ...] | None = None
        hint = -1
        if not pos.trick:
            remaining = pos.remaining_points()
            if remaining <= alpha:
                return remaining
            if beta <= 0:
                return 0
            key = pos.equivalence_key()
            cut, alpha, beta, hint = self._probe(key, alpha, beta)
            if cut >= 0:
                return cut
        maximizing = pos.team >> pos.to_move & 1
        base = pos.team_points
        best = -1 if maximizing else 1000
        best_move = -1
        a, b = alpha, beta
        moves = self._ordered(pos, maximizing)
        if hint >= 0 and moves[0] != hint and hint in moves:
            moves.remove(hint)
            moves.insert(0, hint)  # what settled this position (or an equivalent one) before
        for move in moves:
            pos.make(move)
            gained = pos.team_points - base
            value = gained + self._search(pos, a - gained, b - gained)
            pos.unmake()
            if maximizing:
                if value > best:
                    best = value
                    best_move = move
                    if best > a:
                        a = best
                        if a >= b:
                            break
            elif value < best:
                best = value
                best_move = move
                if best < b:
                    b = best
                    if a >= b:
                        break
        if key is not None:
            self._store(key, best, alpha, beta, 0, 120, best_move)
        return best

    def _last_two(self, leader: int, k: int, played: int, led: int, best: int, best_seat: int,
                  points: int, total: int, alpha: int, beta: int) -> int:
        """The picker's team's points from the last two tricks, from the ``k``-th card of the
        first of them on (``played``: the cards out, this trick's too), when only follow-suit
        rules are left (the called card binds no play, the unknown card is out).  Every hand
        holds two cards; the last trick's plays are forced."""
        self.nodes += 1
        seat = (leader + k) % 5
        hand = self._hand(seat) & ~played
        if k:
            follow = hand & SUIT_BITS[led]
            if follow:
                hand = follow
        team = self._team
        maximizing = team >> seat & 1
        result = -1 if maximizing else 1000
        while hand:
            low = hand & -hand
            hand ^= low
            card = low.bit_length() - 1
            if k == 0:
                value = self._last_two(leader, 1, played | low, SUIT_OF[card], card,
                                       seat, POINTS_OF[card], total, alpha, beta)
            else:
                winner = best_seat
                if (card < 14 or SUIT_OF[card] == led) and card < best:
                    winner = seat
                if k < 4:
                    value = self._last_two(leader, k + 1, played | low, led,
                                           card if winner == seat else best, winner,
                                           points + POINTS_OF[card], total, alpha, beta)
                else:  # the trick is complete: the last one is forced
                    self.nodes += 1
                    first = points + POINTS_OF[card]
                    value = self._last_trick(played | low, winner, total - first)
                    if team >> winner & 1:
                        value += first
            if maximizing:
                if value > result:
                    result = value
                    if result > alpha:
                        alpha = result
                        if alpha >= beta:
                            break
            elif value < result:
                result = value
                if result < beta:
                    beta = result
                    if alpha >= beta:
                        break
        return result

    # --- Positions without the unknown card: searched on plain integers ----------------------

    def _start_plain(self, pos: SearchPosition) -> None:
        """Take the hands, team and called card that :meth:`_plain` searches from."""
        hands = pos.hands
        self._h0, self._h1, self._h2, self._h3, self._h4 = hands
        self._every = self._h0 | self._h1 | self._h2 | self._h3 | self._h4
        self._team = pos.team
        self._partner, self._picker = pos.partner, pos.picker
        self._called_bit, self._called_suit = pos.called_bit, pos.called_suit
        deal = (pos.team, pos.partner, pos.picker, pos.called_bit)
        owned = self._owned
        fits = deal == self._plain_deal
        if fits:
            for seat in range(5):
                if hands[seat] & ~owned[seat] & (
                        owned[0] | owned[1] | owned[2] | owned[3] | owned[4]):
                    fits = False  # a card another seat held before
                    break
        if not fits:
            self.plain_table.clear()
            owned = self._owned = [0, 0, 0, 0, 0]
            self._plain_deal = deal
        for seat in range(5):
            owned[seat] |= hands[seat]

    def _plain(self, gone: int, leader: int, tricks_left: int, status: int, remaining: int,
               alpha: int, beta: int) -> int:
        """:meth:`_search` at the start of a trick, once the unknown card is out (or there is
        none), without a position object: the hands taken by :meth:`_start_plain` less the
        cards ``gone`` are what the players hold; ``status`` is the called card's (``NOT_LED``,
        ``DONE``); ``remaining``: the points they hold.  The same rules, bounds and move order
        as the search on positions."""
        self.nodes += 1
        if self.node_limit and self.nodes > self.node_limit:
            raise SearchAborted
        if tricks_left == 1:
            return self._last_trick(gone, leader, remaining)
        if remaining <= alpha:
            return remaining
        if beta <= 0:
            return 0
        key = (self._every & ~gone) | leader << 32 | status << 35
        table = self.plain_table
        entry = table.get(key, -1)
        hint = -1
        low = 0
        high = remaining
        if entry >= 0:
            low = entry & 127
            high = entry >> 7 & 127
            if low >= beta or low == high:
                return low
            if high <= alpha:
                return high
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            hint = (entry >> 14) - 1
        if tricks_left == 2 and status == DONE:
            best = self._last_two(leader, 0, gone, -1, 99, 0, 0, remaining, alpha, beta)
            best_move = -1
        else:
            best = self._plain_trick(gone, leader, tricks_left, status, remaining, 0, 0,
                                     -1, 99, 0, 0, alpha, beta, hint)
            best_move = self._best_move
        if best <= alpha:
            if best < high:
                high = best
        elif best >= beta:
            if best > low:
                low = best
        else:
            low = high = best
        table[key] = low | high << 7 | (best_move + 1) << 14
        return best

    def _plain_trick(self, gone: int, leader: int, tricks_left: int, status: int,
                     remaining: int, k: int, played: int, led: int, best: int, best_seat: int,
                     points: int, alpha: int, beta: int, hint: int) -> int:
        """The ``k``-th card of a trick in :meth:`_plain` (``played``: the trick's cards so
        far; ``remaining``: the points in hands and trick at the trick's start): the value for
        the picker's team.  The move that gave it is left in ``_best_move``."""
        if k:
            self.nodes += 1
            if self.node_limit and self.nodes > self.node_limit:
                raise SearchAborted
        seat = (leader + k) % 5
        out = gone | played
        hand = self._hand(seat) & ~out
        legal = hand
        if status != DONE and seat == self._partner:
            if k == 0:
                if status == NOT_LED:  # may lead the called suit only with the called card
                    legal = hand & ~(SUIT_BITS[self._called_suit] & ~self._called_bit)
            elif status == LEADING:
                legal = self._called_bit
            else:
                legal = follow_cards(hand, led, status, tricks_left, self._called_bit)
        elif k:
            legal = hand & SUIT_BITS[led]
            if not legal:
                legal = hand
                if status == NOT_LED and tricks_left > 1 and seat == self._picker:
                    holding = hand & SUIT_BITS[self._called_suit]
                    if holding & (holding - 1) == 0:  # his only card of the called suit stays
                        legal = hand & ~holding
        team = self._team
        maximizing = team >> seat & 1
        if legal & (legal - 1) == 0:  # one card: nothing to order
            moves = legal.bit_length()
        else:
            moves = plain_moves(self._every & ~out & ~legal | played, legal, k, best,
                                best_seat, led, team, maximizing)
            if hint >= 0 and moves & 63 != hint + 1:  # the hint first, where it is a move
                rest = moves >> 6
                shift = 6
                while rest:
                    if rest & 63 == hint + 1:
                        moves = (hint + 1 | (moves & ((1 << shift) - 1)) << 6
                                 | rest >> 6 << shift + 6)
                        break
                    rest >>= 6
                    shift += 6
        result = -1 if maximizing else 1000
        result_move = -1
        a, b = alpha, beta
        while moves:
            card = (moves & 63) - 1
            moves >>= 6
            low = 1 << card
            new_status = status
            if k == 0:
                new_led, new_best, new_seat = SUIT_OF[card], card, seat
                if status == NOT_LED and new_led == self._called_suit:
                    new_status = LEADING
            elif (card < 14 or SUIT_OF[card] == led) and card < best:
                new_led, new_best, new_seat = led, card, seat
            else:
                new_led, new_best, new_seat = led, best, best_seat
            trick_points = points + POINTS_OF[card]
            if k < 4:
                value = self._plain_trick(gone, leader, tricks_left, new_status, remaining,
                                          k + 1, played | low, new_led, new_best, new_seat,
                                          trick_points, a, b, -1)
            else:
                gained = trick_points if team >> new_seat & 1 else 0
                after = DONE if new_status == LEADING else new_status
                value = gained + self._plain(out | low, new_seat, tricks_left - 1, after,
                                             remaining - trick_points, a - gained, b - gained)
            if maximizing:
                if value > result:
                    result = value
                    result_move = card
                    if result > a:
                        a = result
                        if a >= b:
                            break
            elif value < result:
                result = value
                result_move = card
                if result < b:
                    b = result
                    if a >= b:
                        break
        self._best_move = result_move
        return result

    def _hand(self, seat: int) -> int:
        if seat == 0:
            return self._h0
        if seat == 1:
            return self._h1
        if seat == 2:
            return self._h2
        if seat == 3:
            return self._h3
        return self._h4

    def _last_trick(self, gone: int, leader: int, points: int) -> int:
        """The picker's team's points from the forced last trick (one card each, none unknown).
        Cards are single bits here: a lower bit is a stronger card, as in the compact order."""
        best = self._hand(leader) & ~gone
        beating = TRUMP_BITS | SUIT_BITS[SUIT_OF[best.bit_length() - 1]]
        winner = leader
        seat = leader
        for _ in range(4):
            seat = seat + 1 if seat < 4 else 0
            card = self._hand(seat) & ~gone
            if card & beating and card < best:
                best = card
                winner = seat
        if self._team >> winner & 1:
            return points
        return 0

    def _probe(self, key: tuple[int, ...], alpha: int, beta: int) -> tuple[int, int, int, int]:
        """What the table knows of a team position: (its value, or -1 if that does not settle
        the search; the window narrowed by the stored bounds; the move to try first, or -1)."""
        entry = self.table.get(key)
        if entry is None:
            return -1, alpha, beta, -1
        low, high, hint = entry
        if low >= beta or low == high:
            return low, alpha, beta, hint
        if high <= alpha:
            return high, alpha, beta, hint
        return -1, max(alpha, low), min(beta, high), hint

    def _store(self, key: tuple[int, ...], value: int, alpha: int, beta: int, lowest: int,
               highest: int, move: int = -1) -> None:
        """Record what a search with window (alpha, beta) proved, a bound or the exact value,
        and the move that gave it, to be tried first next time."""
        low, high, _ = self.table.get(key, (lowest, highest, -1))
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.table[key] = (low, high, move)

    @staticmethod
    def _ordered(pos: SearchPosition, maximizing: int) -> list[int]:
        """Moves in a good order: a teammate's trick gets points, a lost trick gets none."""
        moves = pos.moves()
        if len(moves) < 2 or not pos.trick:
            return moves
        winner_on_my_side = (pos.team >> pos.best_seat & 1) == maximizing
        best = pos.best
        led = pos.led
        keyed: list[int] = []  # sort key * 64 + move: sorts as (sort key, move)
        for move in moves:
            if move == UNKNOWN_MOVE:
                wins = False
                points = POINTS_OF[pos.unknown]
            else:
                wins = move < best and (move < 14 or _SUIT[move] == led)
                points = POINTS_OF[move]
            if winner_on_my_side:
                # Let the teammate win, richest card first.
                keyed.append((100 - points if wins else -points) * 64 + move)
            else:
                # Win as cheaply as possible, or else throw the cheapest card.
                keyed.append((-move if wins else 100 + points) * 64 + move)
        keyed.sort()
        return [number & 63 for number in keyed]

    # --- Leasters ---------------------------------------------------------------------------

    def solve_leaster(self, position: SearchPosition, seat: int) -> int:
        """``seat``'s leaster score under paranoid best play (all others against him)."""
        if not position.leaster:
            raise ValueError("Not a leaster.")
        # The score is -1, 0 or 4: two null-window searches tell which (is it 4? is it at
        # least 0?), visiting about a twentieth of the nodes one search over (-2, 5) does.
        if self._leaster(position, seat, 3, 4) >= 4:
            return 4
        return 0 if self._leaster(position, seat, -1, 0) >= 0 else -1

    def _leaster(self, pos: SearchPosition, seat: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if pos.tricks_left == 0:
            return leaster_score(pos.points, pos.tricks, seat)
        if pos.tricks_left == 1 and not pos.trick:
            winner, points = pos.last_trick()
            pos.points[winner] += points
            pos.tricks[winner] += 1
            score = leaster_score(pos.points, pos.tricks, seat)
            pos.points[winner] -= points
            pos.tricks[winner] -= 1
            return score
        key: tuple[int, ...] | None = None
        if not pos.trick:
            key = (*pos.equivalence_key(), seat, *pos.points, *(min(t, 1) for t in pos.tricks))
            entry = self.table.get(key)
            if entry is not None:
                low, high, _ = entry
                if low >= beta or low == high:
                    return low
                if high <= alpha:
                    return high
                alpha, beta = max(alpha, low), min(beta, high)
        maximizing = pos.to_move == seat
        best = -2 if maximizing else 5
        a, b = alpha, beta
        for move in pos.moves():
            pos.make(move)
            value = self._leaster(pos, seat, a, b)
            pos.unmake()
            if maximizing:
                if value > best:
                    best = value
                    a = max(a, best)
            elif value < best:
                best = value
                b = min(b, best)
            if a >= b:
                break
        if key is not None:
            self._store(key, best, alpha, beta, -1, 4)
        return best


_SUIT: Final = tuple(3 if i < 14 else (i - 14) // 6 for i in range(32))
