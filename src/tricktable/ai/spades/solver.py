"""Double-dummy solver for two-player Spades: with both hands open, the result of best play.

A Spades hand's score is not monotone in tricks (bags, sandbagging, nil), so the solver does not
count tricks: it searches a *payoff table* — ``payoff[t]`` is what seat 0 gets when it finishes
the hand with ``t`` tricks, seat 1 getting the opposite — by alpha-beta, seat 0 maximising and
seat 1 minimising.  :func:`payoff_table` builds the usual table, hand score difference with bag
penalties from the current bag counts; a player may pass any other (a game-aware utility).

Pruning beyond alpha-beta: at every node seat 0's final trick count lies between the tricks it
has and those plus the tricks left, so the node's value lies between the table's least and
greatest value over that range, and a node whose range is settled is not searched.  A
transposition table keyed at trick boundaries stores fail-soft bounds; moves are generated with
equivalent cards merged and ordered by which side wants the trick.

A solver may be told to give up (:class:`SearchAborted`) past a number of nodes, its
``node_limit`` (a count, so where it stops depends on nothing but the position), or at a
``deadline`` on a clock.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from time import perf_counter

from tricktable.spades.deck import FOLLOWER_WINS, NON_SPADE_MASK, SPADE_MASK
from tricktable.spades.rules import Rules
from tricktable.spades.scoring import score_seat
from tricktable.spades.search import SUIT_MASK_OF, SearchPosition, merged_moves

__all__ = ["INFINITY", "SearchAborted", "SpadesSolver", "payoff_table", "trick_payoff"]

INFINITY = float("inf")


def payoff_table(
    *,
    bids: Sequence[int],
    double_nil: Sequence[bool] = (False, False),
    bags: Sequence[int] = (0, 0),
    rules: Rules,
) -> tuple[int, ...]:
    """``table[t]``: seat 0's hand score minus seat 1's when seat 0 takes ``t`` of the 13 tricks
    (bag penalties counted from the accumulated ``bags``)."""
    table = []
    for t in range(14):
        mine = score_seat(bid=bids[0], tricks=t, double_nil=double_nil[0], bags=bags[0],
                          rules=rules)
        theirs = score_seat(bid=bids[1], tricks=13 - t, double_nil=double_nil[1], bags=bags[1],
                            rules=rules)
        table.append(mine.score - theirs.score)
    return tuple(table)


def trick_payoff() -> tuple[int, ...]:
    """``table[t] = t``: the plain trick-taking game (seat 0 wants as many tricks as it can)."""
    return tuple(range(14))


class SpadesSolver:
    """Solves positions for one payoff table; keeps its transposition table between calls (use
    one solver per deal and table, or call :meth:`clear`)."""

    def __init__(self, payoff: Sequence[float], *, node_limit: int = 0,
                 deadline: float | None = None,
                 clock: Callable[[], float] = perf_counter) -> None:
        """``node_limit`` > 0 makes a search raise :class:`SearchAborted` past that many nodes
        (:attr:`nodes`, counted over all calls; the transposition table stays sound).
        ``deadline``, a time on ``clock`` (:func:`time.perf_counter` by default), makes searches
        still running then raise it too (the clock is read every few hundred nodes)."""
        if len(payoff) != 14:
            raise ValueError("A payoff table has 14 entries, for 0 to 13 tricks.")
        self.payoff = tuple(payoff)
        # low[i][j], high[i][j]: the least and greatest payoff seat 0 can end with when it will
        # finish with between i and j tricks; want[t][r]: whether seat 0, with t tricks and r
        # left, would on the whole rather win the next one (to order moves).
        self.low = [[0.0] * 14 for _ in range(14)]
        self.high = [[0.0] * 14 for _ in range(14)]
        for i in range(14):
            for j in range(i, 14):
                self.low[i][j] = min(self.payoff[i : j + 1])
                self.high[i][j] = max(self.payoff[i : j + 1])
        self.want = [[False] * 14 for _ in range(14)]
        for t in range(14):
            for r in range(1, 14 - t):
                up = sum(self.payoff[t + 1 : t + r + 1])
                down = sum(self.payoff[t : t + r])
                self.want[t][r] = up >= down
        self.table: dict[int, tuple[float, float, int]] = {}
        self._counter = [0]
        self._trick = _make_search(self.payoff, self.low, self.high, self.want, self.table,
                                   self._counter, node_limit, deadline, clock)

    @property
    def nodes(self) -> int:
        """Trick-boundary nodes searched so far."""
        return self._counter[0]

    def clear(self) -> None:
        """Forget the transposition table (call between unrelated deals)."""
        self.table.clear()

    def solve(
        self, position: SearchPosition, alpha: float = -INFINITY, beta: float = INFINITY
    ) -> float:
        """Seat 0's payoff under best play from ``position``.

        Exact inside the window ``(alpha, beta)``; at or below ``alpha`` an upper bound, at or
        above ``beta`` a lower bound (fail-soft).  The full window finds the exact value.
        """
        if alpha == -INFINITY and beta == INFINITY:
            return self.value(position)
        return self._search(position, alpha, beta)

    def value(self, position: SearchPosition, guess: float | None = None) -> float:
        """Seat 0's exact payoff under best play, by a search over the payoffs still reachable,
        each step a zero-window search (they prune far more than a full window).  A ``guess``
        (e.g. a sibling move's value) is tried first."""
        t0 = position.tricks[0]
        candidates = sorted(set(self.payoff[t0 : t0 + position.tricks_left + 1]))
        lo, hi = 0, len(candidates) - 1  # the value is candidates[k] for some lo <= k <= hi
        if guess is not None and lo < hi:
            # The first candidate at or above the guess, then its neighbour below.
            mid = next((k for k, c in enumerate(candidates) if c >= guess), hi)
            for probe in (mid, mid + 1) if mid > 0 else (mid + 1,):
                if not lo < probe <= hi:
                    continue
                if self._search(position, candidates[probe - 1], candidates[probe]) >= (
                    candidates[probe]
                ):
                    lo = probe
                else:
                    hi = probe - 1
                    break
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self._search(position, candidates[mid - 1], candidates[mid]) >= candidates[mid]:
                lo = mid
            else:
                hi = mid - 1
        return candidates[lo]

    def move_values(self, position: SearchPosition) -> dict[int, float]:
        """Seat 0's exact payoff after each legal move (merged moves are listed once, under the
        highest card of their run); each move's search starts from the previous move's value."""
        values: dict[int, float] = {}
        guess: float | None = None
        for move in position.moves():
            position.make(move)
            values[move] = guess = self.value(position, guess)
            position.unmake()
        return values

    def _search(self, pos: SearchPosition, alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta from any position: finish the trick in progress, if any, then
        search whole tricks."""
        led = pos.led
        trick = self._trick
        if led < 0:
            return trick(pos.hands[0], pos.hands[1], pos.leader, pos.spades_broken,
                         pos.tricks[0], alpha, beta)
        follower = pos.to_move
        leader_hand, hand = pos.hands[1 - follower], pos.hands[follower]
        broken = pos.spades_broken
        t0 = pos.tricks[0]
        left = pos.tricks_left
        low = self.low[t0][t0 + left]
        high = self.high[t0][t0 + left]
        if low == high or high <= alpha:
            return high
        if low >= beta:
            return low
        base = led * 52
        wants = self.want[t0][left] == (follower == 0)
        best = -INFINITY if follower == 0 else INFINITY
        a, b = alpha, beta
        for card in _follow_order(led, hand & _SUIT[led] or hand, leader_hand, wants):
            rest = hand ^ 1 << card
            winner = follower if FOLLOWER_WINS[base + card] else 1 - follower
            h0, h1 = (rest, leader_hand) if follower == 0 else (leader_hand, rest)
            value = trick(h0, h1, winner, broken or bool(1 << card & SPADE_MASK),
                          t0 + (winner == 0), a, b)
            if follower == 0:
                if value > best:
                    best = value
                    if best > a:
                        a = best
                    if a >= b or best >= high:
                        break
            elif value < best:
                best = value
                if best < b:
                    b = best
                if a >= b or best <= low:
                    break
        return best


class SearchAborted(Exception):
    """A search passed its solver's node limit or deadline (its results so far are not to be
    trusted)."""


_Search = Callable[[int, int, int, bool, int, float, float], float]


def _make_search(
    payoff: tuple[float, ...],
    range_low: list[list[float]],
    range_high: list[list[float]],
    want: list[list[bool]],
    table: dict[int, tuple[float, float, int]],
    counter: list[int],
    node_limit: int,
    deadline: float | None,
    clock: Callable[[], float],
) -> _Search:
    """The search over whole tricks, as a closure over the solver's tables (local lookups are
    what make Python search fast enough)."""
    wins = FOLLOWER_WINS
    spade_mask = SPADE_MASK
    non_spade = NON_SPADE_MASK
    suit_of = _SUIT
    key_of = _key
    lead_order = _lead_order
    follow_order = _follow_order
    inf = INFINITY

    def trick(h0: int, h1: int, leader: int, broken: bool, t0: int,
              alpha: float, beta: float) -> float:
        """Fail-soft alpha-beta at a trick boundary: the leader's card, then the follower's."""
        nodes = counter[0] + 1
        counter[0] = nodes
        if node_limit and nodes > node_limit:
            raise SearchAborted("The search ran out of nodes.")
        if deadline is not None and not nodes & 511 and clock() > deadline:
            raise SearchAborted("The search ran out of time.")
        left = h0.bit_count()
        # Spades above every spade of the other hand win whatever trick they are played to.
        s0 = h0 & spade_mask
        s1 = h1 & spade_mask
        if s0:
            if s1:
                low_t = t0 + (s0 >> s1.bit_length()).bit_count()
                high_t = t0 + left - (s1 >> s0.bit_length()).bit_count()
            else:
                low_t = t0 + s0.bit_count()
                high_t = t0 + left
        else:
            low_t = t0
            high_t = t0 + left - s1.bit_count()
        low = range_low[low_t][high_t]
        high = range_high[low_t][high_t]
        if low == high or high <= alpha:
            return high
        if low >= beta:
            return low
        if left == 1:
            if leader == 0:
                return payoff[t0 + (not wins[(h0.bit_length() - 1) * 52 + h1.bit_length() - 1])]
            return payoff[t0 + wins[(h1.bit_length() - 1) * 52 + h0.bit_length() - 1]]
        key = key_of(h0, h1) << 6 | t0 << 2 | leader << 1 | broken
        entry = table.get(key)
        hint = -1
        if entry is not None:
            elow, ehigh, hint = entry
            if elow >= beta or elow == ehigh:
                return elow
            if ehigh <= alpha:
                return ehigh
            if elow > alpha:
                alpha = elow
            if ehigh < beta:
                beta = ehigh
            if elow > low:
                low = elow
            if ehigh < high:
                high = ehigh
        want0 = want[t0][left]
        if leader == 0:
            lead_hand, follow_hand = h0, h1
        else:
            lead_hand, follow_hand = h1, h0
        legal = lead_hand if broken else (lead_hand & non_spade or lead_hand)
        leads: Sequence[int] = lead_order(legal, follow_hand, want0 == (leader == 0))
        if hint >= 0 and leads[0] != hint and hint in leads:
            leads = [hint, *(m for m in leads if m != hint)]
        a, b = alpha, beta
        best_card = -1
        if leader == 0:
            best = -inf
            for lead in leads:
                rest = lead_hand ^ 1 << lead
                spade = broken or bool(1 << lead & spade_mask)
                base = lead * 52
                suit = suit_of[lead]
                # The follower (seat 1) minimises.
                reply = inf
                fb = b
                for card in follow_order(lead, follow_hand & suit or follow_hand, rest,
                                         not want0):
                    other = follow_hand ^ 1 << card
                    if wins[base + card]:
                        value = trick(rest, other, 1, spade or bool(1 << card & spade_mask),
                                      t0, a, fb)
                    else:
                        value = trick(rest, other, 0, spade or bool(1 << card & spade_mask),
                                      t0 + 1, a, fb)
                    if value < reply:
                        reply = value
                        if reply < fb:
                            fb = reply
                        if reply <= a or reply <= low:
                            break
                if reply > best:
                    best = reply
                    best_card = lead
                    if best > a:
                        a = best
                    if a >= b or best >= high:
                        break
        else:
            best = inf
            for lead in leads:
                rest = lead_hand ^ 1 << lead
                spade = broken or bool(1 << lead & spade_mask)
                base = lead * 52
                suit = suit_of[lead]
                # The follower (seat 0) maximises.
                reply = -inf
                fa = a
                for card in follow_order(lead, follow_hand & suit or follow_hand, rest, want0):
                    other = follow_hand ^ 1 << card
                    if wins[base + card]:
                        value = trick(other, rest, 0, spade or bool(1 << card & spade_mask),
                                      t0 + 1, fa, b)
                    else:
                        value = trick(other, rest, 1, spade or bool(1 << card & spade_mask),
                                      t0, fa, b)
                    if value > reply:
                        reply = value
                        if reply > fa:
                            fa = reply
                        if reply >= b or reply >= high:
                            break
                if reply < best:
                    best = reply
                    best_card = lead
                    if best < b:
                        b = best
                    if a >= b or best <= low:
                        break
        if entry is not None:
            elow, ehigh = entry[0], entry[1]
        else:
            elow, ehigh = -inf, inf
        if best <= alpha:
            if best < ehigh:
                ehigh = best
        elif best >= beta:
            if best > elow:
                elow = best
        else:
            elow = ehigh = best
        table[key] = (elow, ehigh, best_card)
        return best

    return trick


def _follow_order(led: int, legal: int, others: int, wants_trick: bool) -> tuple[int, ...]:
    """The follower's moves in a good order: the cheapest winner first when he wants the
    trick, else the highest card that still loses."""
    suit = _SUIT[led]
    if legal & suit:
        others &= suit  # following suit: only that suit's cards matter
    index = ((legal << 52 | others) << 6 | led) << 1 | wants_trick
    found = _FOLLOW.get(index)
    if found is not None:
        return found
    moves = merged_moves(legal, others | 1 << led)
    base = led * 52
    winners = [m for m in moves if FOLLOWER_WINS[base + m]]
    losers = [m for m in moves if not FOLLOWER_WINS[base + m]]
    if wants_trick:
        winners.reverse()
        losers.reverse()
        order = winners + losers
    else:
        order = losers + winners
    if len(_FOLLOW) > _CACHE_LIMIT:
        _FOLLOW.clear()
    found = _FOLLOW[index] = tuple(order)
    return found


_SUIT: tuple[int, ...] = SUIT_MASK_OF
_CACHE_LIMIT = 1 << 16
"""Move-order caches are emptied past this many entries (bigger ones buy no speed)."""
_FOLLOW: dict[int, tuple[int, ...]] = {}
_LEAD: dict[int, tuple[int, ...]] = {}


def _lead_order(legal: int, follower: int, wants_trick: bool) -> tuple[int, ...]:
    """The leader's moves in a good order: when he wants tricks, the cards the follower cannot
    beat first (high first), then low cards; when he does not, low cards first."""
    index = (legal << 52 | follower) << 1 | wants_trick
    found = _LEAD.get(index)
    if found is not None:
        return found
    moves = merged_moves(legal, follower)
    if not wants_trick:
        moves.reverse()
        order = moves
    else:
        spades = follower & SPADE_MASK
        sure = []
        rest = []
        for card in moves:
            suit = _SUIT[card]
            held = follower & suit
            if held:
                if held >> card:
                    rest.append(card)
                else:
                    sure.append(card)
            elif spades and not suit & SPADE_MASK:
                rest.append(card)
            else:
                sure.append(card)
        rest.reverse()
        order = sure + rest
    if len(_LEAD) > _CACHE_LIMIT:
        _LEAD.clear()
    found = _LEAD[index] = tuple(order)
    return found


_SUIT_CODES: dict[int, int] = {}


def _suit_code(both: int, first: int) -> int:
    """One suit's cards in play as their owners in rank order: bit ``k`` tells whether the
    ``k``-th lowest card in play belongs to seat 0, above a sentinel bit at the count."""
    index = both << 13 | first
    code = _SUIT_CODES.get(index)
    if code is None:
        code = 0
        k = 0
        for rank in range(13):
            if both >> rank & 1:
                code |= (first >> rank & 1) << k
                k += 1
        code |= 1 << k
        _SUIT_CODES[index] = code
    return code


def _key(h0: int, h1: int) -> int:
    """The two hands up to the ranks of cards no longer in play (which cannot matter)."""
    both = h0 | h1
    codes = _SUIT_CODES
    b = both & 0x1FFF
    f = h0 & 0x1FFF
    c0 = codes.get(b << 13 | f)
    if c0 is None:
        c0 = _suit_code(b, f)
    b = both >> 13 & 0x1FFF
    f = h0 >> 13 & 0x1FFF
    c1 = codes.get(b << 13 | f)
    if c1 is None:
        c1 = _suit_code(b, f)
    b = both >> 26 & 0x1FFF
    f = h0 >> 26 & 0x1FFF
    c2 = codes.get(b << 13 | f)
    if c2 is None:
        c2 = _suit_code(b, f)
    b = both >> 39
    f = h0 >> 39
    c3 = codes.get(b << 13 | f)
    if c3 is None:
        c3 = _suit_code(b, f)
    return ((c0 << 14 | c1) << 14 | c2) << 14 | c3
