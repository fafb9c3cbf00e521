"""The cards of every seat in one ``bytes``: the hands and the known cards as a state stores them.

Internal.  A state keeps the hand and the known cards of each seat (the
codes of their cards, sorted; see :mod:`rummy500.cards`) in a single
``bytes``, so that a move, which changes one seat's hand and sometimes its
known cards, builds one small object instead of a tuple per field and a
string per changed seat (a third of a state's memory went to them).

The layout, for ``n`` seats: ``2n + 1`` offsets, then the hands of seats
``0 .. n-1``, then their known cards.  Offset ``i`` (``0 <= i < 2n``) is where
region ``i`` begins and offset ``i + 1`` where it ends: region ``s`` is seat
``s``'s hand, region ``n + s`` its known cards.  The first offset is the
length of the header, ``2n + 1``, so the header tells the number of seats.
Two decks with four jokers each are 112 cards; a hand and its known cards
hold at most every card twice, so the offsets fit in a byte.

>>> seats = pack([bytes([1, 5]), bytes([7])], [b"", bytes([7])])
>>> list(seats)
[5, 7, 8, 8, 9, 1, 5, 7, 7]
>>> seat_count(seats), list(hand_of(seats, 0)), list(known_of(seats, 1))
(2, [1, 5], [7])
>>> changed = with_seat(seats, 0, bytes([1, 5, 9]), bytes([5]))
>>> [list(hand) for hand in hands_of(changed)], [list(known) for known in knowns_of(changed)]
([[1, 5, 9], [7]], [[5], [7]])
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from typing import Final

from rummy500.errors import InvalidArgumentError

__all__ = [
    "ONE_BYTE",
    "find_code",
    "hand_of",
    "hand_size",
    "hands_of",
    "known_of",
    "knowns_of",
    "pack",
    "seat_count",
    "with_card",
    "with_hand",
    "with_known",
    "with_seat",
    "without_card",
]

#: ``bytes((value,))`` of each byte value (a card code, an offset), made once: a
#: call of ``bytes`` goes through the interpreter's generic call.
ONE_BYTE: Final = tuple(bytes((value,)) for value in range(256))

#: The largest offset a header byte holds.
_LIMIT: Final = 255

#: For each shift ``d`` (-255..255), the ``bytes.translate`` table that adds ``d``
#: to every byte, built when first needed (see :func:`_shifted`).
_SHIFTS: Final[dict[int, bytes]] = {}


def pack(hands: Sequence[bytes], known: Sequence[bytes]) -> bytes:
    """The hands and the known cards of every seat (one ``bytes`` each, in seat order) as one.

    Raises:
        InvalidArgumentError: if ``hands`` and ``known`` are for different
            numbers of seats, or hold more cards than any deck of the rules can.
    """
    players = len(hands)
    if len(known) != players:
        raise InvalidArgumentError(f"known cards for {len(known)} seats, hands for {players}")
    offsets = [2 * players + 1]
    for codes in (*hands, *known):
        offsets.append(offsets[-1] + len(codes))
    if offsets[-1] > _LIMIT:
        raise InvalidArgumentError(
            f"too many cards in the hands and known cards: {offsets[-1] - offsets[0]}"
        )
    return bytes(offsets) + b"".join(hands) + b"".join(known)


def seat_count(seats: bytes) -> int:
    """The number of seats."""
    return seats[0] >> 1


def hand_of(seats: bytes, seat: int) -> bytes:
    """The codes of ``seat``'s hand, sorted."""
    return seats[seats[seat] : seats[seat + 1]]


def hand_size(seats: bytes, seat: int) -> int:
    """How many cards ``seat`` holds."""
    return seats[seat + 1] - seats[seat]


def known_of(seats: bytes, seat: int) -> bytes:
    """The codes of ``seat``'s known cards, sorted."""
    region = (seats[0] >> 1) + seat
    return seats[seats[region] : seats[region + 1]]


def hands_of(seats: bytes) -> tuple[bytes, ...]:
    """Every seat's hand, in seat order."""
    return tuple([seats[seats[seat] : seats[seat + 1]] for seat in range(seats[0] >> 1)])


def knowns_of(seats: bytes) -> tuple[bytes, ...]:
    """Every seat's known cards, in seat order."""
    players = seats[0] >> 1
    return tuple(
        [seats[seats[region] : seats[region + 1]] for region in range(players, 2 * players)]
    )


def with_hand(seats: bytes, seat: int, hand: bytes) -> bytes:
    """``seats`` with ``hand`` as the hand of ``seat``."""
    start = seats[seat]
    end = seats[seat + 1]
    shift = len(hand) - (end - start)
    if not shift:
        return b"".join((seats[:start], hand, seats[end:]))
    head = seats[0]
    return b"".join(
        (
            seats[: seat + 1],
            _shifted(seats[seat + 1 : head], shift),
            seats[head:start],
            hand,
            seats[end:],
        )
    )


def with_known(seats: bytes, seat: int, known: bytes) -> bytes:
    """``seats`` with ``known`` as the known cards of ``seat``."""
    region = (seats[0] >> 1) + seat
    return with_hand(seats, region, known)  # a region like any other: the layout is uniform


def with_seat(seats: bytes, seat: int, hand: bytes, known: bytes | None) -> bytes:
    """``seats`` with ``hand`` as the hand of ``seat``, and ``known`` its known cards if given."""
    if known is None:
        return with_hand(seats, seat, hand)
    head = seats[0]
    region = (head >> 1) + seat
    start = seats[seat]
    end = seats[seat + 1]
    known_start = seats[region]
    known_end = seats[region + 1]
    shift = len(hand) - (end - start)
    known_shift = shift + len(known) - (known_end - known_start)
    return b"".join(
        (
            seats[: seat + 1],
            _shifted(seats[seat + 1 : region + 1], shift),
            _shifted(seats[region + 1 : head], known_shift),
            seats[head:start],
            hand,
            seats[end:known_start],
            known,
            seats[known_end:],
        )
    )


def with_card(seats: bytes, seat: int, code: int) -> bytes:
    """``seats`` with one card ``code`` more in the hand of ``seat`` (kept sorted)."""
    head = seats[0]
    position = bisect_right(seats, code, seats[seat], seats[seat + 1])
    return b"".join(
        (
            seats[: seat + 1],
            _shifted(seats[seat + 1 : head], 1),
            seats[head:position],
            ONE_BYTE[code],
            seats[position:],
        )
    )


def find_code(codes: bytes, code: int, start: int, end: int) -> int:
    """The first position of ``code`` in ``codes[start:end]``, or -1.

    ``bytes.find`` by a loop: the compiled build calls a method by its name
    (about 1,300 machine instructions, most of them parsing its arguments),
    where this loop over the ten or so cards of a hand runs natively (about
    50 ns against 130).  Plain Python runs it in about twice the time of
    ``find`` (some 200 ns more a discard, under 1% of a decision).
    """
    for position in range(start, end):
        if codes[position] == code:
            return position
    return -1


def without_card(seats: bytes, seat: int, code: int) -> bytes | None:
    """``seats`` less one card ``code`` from the hand of ``seat``, and from its known cards.

    The known cards lose a copy only if they hold one.  ``None`` if the hand
    holds no such card.
    """
    position = find_code(seats, code, seats[seat], seats[seat + 1])
    if position < 0:
        return None
    head = seats[0]
    region = (head >> 1) + seat
    known_start, known_end = seats[region], seats[region + 1]
    known = find_code(seats, code, known_start, known_end) if known_start < known_end else -1
    if known < 0:
        return b"".join(
            (
                seats[: seat + 1],
                _shifted(seats[seat + 1 : head], -1),
                seats[head:position],
                seats[position + 1 :],
            )
        )
    return b"".join(
        (
            seats[: seat + 1],
            _shifted(seats[seat + 1 : region + 1], -1),
            _shifted(seats[region + 1 : head], -2),
            seats[head:position],
            seats[position + 1 : known],
            seats[known + 1 :],
        )
    )


def _shifted(offsets: bytes, shift: int) -> bytes:
    """``offsets`` each moved by ``shift`` (the offsets after a region that changed length)."""
    table = _SHIFTS.get(shift)
    if table is None:
        table = _SHIFTS[shift] = bytes([(value + shift) & 0xFF for value in range(256)])
    return offsets.translate(table)
