"""The hands and known cards of every seat in one ``bytes`` (rummy500._engine.codes.seats)."""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rummy500 import new_game
from rummy500._engine.codes.seats import (
    find_code,
    hand_of,
    hand_size,
    hands_of,
    known_of,
    knowns_of,
    pack,
    seat_count,
    with_card,
    with_hand,
    with_known,
    with_seat,
    without_card,
)
from rummy500.cards import NUM_CODES
from rummy500.errors import InvalidArgumentError

_CODES = st.lists(st.integers(0, NUM_CODES - 1), max_size=14).map(
    lambda codes: bytes(sorted(codes))
)


@st.composite
def _seats(draw: st.DrawFn) -> tuple[list[bytes], list[bytes]]:
    players = draw(st.integers(2, 8))
    return draw(st.lists(_CODES, min_size=players, max_size=players)), draw(
        st.lists(_CODES, min_size=players, max_size=players)
    )


@given(_seats())
def test_packed_seats_read_back_as_given(seats: tuple[list[bytes], list[bytes]]) -> None:
    hands, known = seats
    packed = pack(hands, known)
    assert seat_count(packed) == len(hands)
    assert hands_of(packed) == tuple(hands)
    assert knowns_of(packed) == tuple(known)
    for seat in range(len(hands)):
        assert hand_of(packed, seat) == hands[seat]
        assert hand_size(packed, seat) == len(hands[seat])
        assert known_of(packed, seat) == known[seat]


@st.composite
def _a_seat(draw: st.DrawFn) -> tuple[list[bytes], list[bytes], bytes, int]:
    """Seats, packed, and one of them."""
    hands, known = draw(_seats())
    return hands, known, pack(hands, known), draw(st.integers(0, len(hands) - 1))


@given(_a_seat(), st.data())
def test_a_changed_seat_is_the_seats_packed_afresh(
    chosen: tuple[list[bytes], list[bytes], bytes, int], data: st.DataObject
) -> None:
    hands, known, packed, seat = chosen
    hand = data.draw(_CODES)
    seen = data.draw(_CODES)
    new_hands = [*hands[:seat], hand, *hands[seat + 1 :]]
    new_known = [*known[:seat], seen, *known[seat + 1 :]]
    assert with_hand(packed, seat, hand) == pack(new_hands, known)
    assert with_known(packed, seat, seen) == pack(hands, new_known)
    assert with_seat(packed, seat, hand, seen) == pack(new_hands, new_known)
    assert with_seat(packed, seat, hand, None) == pack(new_hands, known)


@given(_a_seat(), st.integers(0, NUM_CODES - 1))
def test_one_card_more_or_less_is_the_seats_packed_afresh(
    chosen: tuple[list[bytes], list[bytes], bytes, int], code: int
) -> None:
    hands, known, packed, seat = chosen
    more = bytes(sorted(hands[seat] + bytes([code])))
    assert with_card(packed, seat, code) == with_hand(packed, seat, more)
    if code not in hands[seat]:
        assert without_card(packed, seat, code) is None
        return
    hand = hands[seat].replace(bytes([code]), b"", 1)
    seen = known[seat].replace(bytes([code]), b"", 1)
    assert without_card(packed, seat, code) == with_seat(packed, seat, hand, seen)


@given(_CODES, st.integers(0, NUM_CODES - 1), st.integers(0, 14), st.integers(0, 14))
def test_a_card_is_found_where_bytes_find_finds_it(
    codes: bytes, code: int, start: int, end: int
) -> None:
    start, end = min(start, len(codes)), min(end, len(codes))
    assert find_code(codes, code, start, end) == codes.find(code, start, end)


def test_packing_refuses_what_no_deck_holds() -> None:
    with pytest.raises(InvalidArgumentError, match="known cards for 1 seats, hands for 2"):
        pack([b"", b""], [b""])
    with pytest.raises(
        InvalidArgumentError, match="too many cards in the hands and known cards: 260"
    ):
        pack([bytes(200), bytes(60)], [b"", b""])
    state = new_game(seed=4)
    with pytest.raises(InvalidArgumentError, match="known cards for 1 seats, hands for 2"):
        attrs.evolve(state, known=((),))  # the state's constructor packs them


def test_a_state_stores_its_seats_in_one_bytes_and_shows_them_seat_by_seat() -> None:
    state = new_game(seed=4, players=3)
    assert type(state._seat_codes) is bytes
    assert state.hand_codes == hands_of(state._seat_codes)
    assert state.known_codes == (b"", b"", b"")
    assert state.num_players == 3
