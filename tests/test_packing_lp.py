"""The linear relaxation of packing melds (the opening minimum's bound, T8)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rummy500._engine.packing_lp import packing_prices


def test_t8_a_fractional_packing_is_priced_at_its_fraction():
    # Three cards, each pair of them a meld worth 2: melds lay one at most (2 points),
    # the relaxation lays each half a time (3 points), priced 1 a card.
    columns = [((0, 1), 2), ((1, 2), 2), ((0, 2), 2)]
    prices = packing_prices([1, 1, 1], columns, 100)
    assert prices is not None
    assert [round(price, 9) for price in prices] == [1, 1, 1]


def test_t8_cards_held_twice_pay_for_a_meld_laid_twice():
    # One card held twice beside two held once: the meld of all three is laid once (the
    # copies left over score nothing), and the card held twice is priced at nothing.
    prices = packing_prices([2, 1, 1], [((0, 1, 2), 9)], 100)
    assert prices is not None
    assert round(prices[0], 9) == 0
    assert round(prices[1] + prices[2], 9) == 9


def test_t8_a_relaxation_out_of_pivots_gives_no_prices():
    assert packing_prices([1, 1, 1], [((0, 1), 2), ((1, 2), 2), ((0, 2), 2)], 1) is None


@settings(max_examples=200)
@given(
    capacity=st.lists(st.integers(0, 2), min_size=1, max_size=8),
    data=st.data(),
)
def test_t8_the_prices_pay_for_every_column_and_no_more_than_any_packing(capacity, data):
    # Whatever the melds, the prices must pay for each (dual feasible) and the cards at
    # those prices cost at least the best whole packing (checked by brute force).
    rows = len(capacity)
    columns = data.draw(
        st.lists(
            st.tuples(
                st.lists(st.integers(0, rows - 1), min_size=1, max_size=3, unique=True).map(
                    lambda used: tuple(sorted(used))
                ),
                st.integers(1, 20),
            ),
            max_size=6,
        )
    )
    prices = packing_prices(capacity, columns, 1000)
    assert prices is not None
    for used, points in columns:
        if all(capacity[row] for row in used):
            assert sum(prices[row] for row in used) >= points - 1e-6
    cost = sum(count * price for count, price in zip(capacity, prices, strict=True))
    assert cost >= _best_packing(capacity, columns) - 1e-6


def _best_packing(capacity, columns):
    """The most points whole copies of ``columns`` can score within ``capacity``."""
    best = 0
    for number, (used, points) in enumerate(columns):
        if all(capacity[row] for row in used):
            left = list(capacity)
            for row in used:
                left[row] -= 1
            best = max(best, points + _best_packing(left, columns[number:]))
    return best
