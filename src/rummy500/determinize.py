"""Determinization: a full state consistent with what one seat sees.

Search over hidden information (determinized Monte Carlo search,
information set MCTS) plays out guesses of the hidden cards.
:func:`resample` makes one: it deals the cards a
:class:`~rummy500.views.PlayerView` does not show at random, keeping
everything public, and returns a :class:`~rummy500.state.GameState` that
the view could have been cut from.

>>> import random
>>> from rummy500 import new_game, observe
>>> view = observe(new_game(seed=7), 0)
>>> guess = resample(view, random.Random(1))
>>> observe(guess, 0) == view, guess.hands[0] == view.hand
(True, True)
"""

from __future__ import annotations

import random
from collections import Counter
from operator import attrgetter
from typing import Final

from rummy500._engine import mover_stranded
from rummy500._engine.codes.shape import SHOWN_FIELDS
from rummy500.cards import Card
from rummy500.errors import InvalidArgumentError
from rummy500.playerview import PlayerView, hidden_sizes
from rummy500.state import GameState, Phase, table_cards

__all__ = ["RESAMPLE_TRIES", "hidden_sizes", "resample"]


def resample(view: PlayerView, rng: random.Random | int) -> GameState:
    """A full state consistent with ``view``: its hidden cards dealt at random.

    The cards the seat cannot see (:attr:`PlayerView.unseen`) are shuffled
    with ``rng`` and dealt to fill the other hands and the stock; everything
    public is kept, and the cards whose holder is public stay with it: each
    seat keeps its known cards, and the seat to move, in the middle of its
    turn, keeps the cards it took from the pile this turn that are not on
    the table.  A deal that would leave the seat to move unable to finish
    its turn (N1: under an opening minimum, T8, for example) cannot be the
    real one, since the engine never allows a move that leads there: such
    deals are drawn again.  Every deal consistent with all that is equally
    likely.  The seed is a fresh one drawn from ``rng``, never the real one:
    a stock rebuilt later (T6) is shuffled from it, and the real seed would
    give away the real stock.

    So ``observe(resample(view, rng), view.seat) == view``, except that
    out-of-turn plays may differ in the one case noted at
    :attr:`PlayerView.legal_moves`; and the result is a valid position
    (``GameState.from_dict(guess.to_dict())`` accepts it).  The state's
    :attr:`~rummy500.state.GameState.known` is the view's: the seat's own
    entry is empty, as in its view.

    The view records the known cards, not everything a player with a perfect
    memory could deduce: after a stock rebuild (T6) the cards of the new
    stock are public, but a resampled stock may hold others.

    Args:
        view: The view.
        rng: A :class:`random.Random`, or a seed for one.

    Raises:
        InvalidArgumentError: if the view's counts do not fit its cards (a hand smaller
            than its known cards, or a wrong number of unseen cards), or if no deal of
            the unseen cards lets the seat to move finish its turn (found in
            :data:`RESAMPLE_TRIES` draws).
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    kept = _kept_cards(view)
    left = Counter(view.unseen)
    for seat, keep in enumerate(kept):
        left.subtract(keep - Counter(view.known[seat]))  # the known ones are not unseen
    if any(count < 0 for count in left.values()):
        raise InvalidArgumentError(
            "the view's cards do not fit: a card taken from the pile this turn is neither "
            "in the hand of the seat to move, on the table nor out of play"
        )
    cards = sorted(left.elements())
    hidden_mover = view.to_move != view.seat or view.blind
    for _ in range(RESAMPLE_TRIES):
        rng.shuffle(cards)
        guess = _dealt(view, kept, cards, rng.getrandbits(63))
        if not hidden_mover or not mover_stranded(guess):
            return guess
    raise InvalidArgumentError(
        f"no deal of the unseen cards in {RESAMPLE_TRIES} tries lets p{view.to_move} finish "
        "the turn (N1)"
    )


#: How many deals :func:`resample` draws at most to find one in which the seat to move
#: can finish its turn.
RESAMPLE_TRIES = 10_000


def _dealt(view: PlayerView, kept: list[Counter[Card]], cards: list[Card], seed: int) -> GameState:
    """The state of ``view`` with ``cards`` (shuffled) dealt to the hidden hands and stock."""
    hands: list[tuple[Card, ...]] = []
    position = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat and not view.blind:
            hands.append(view.hand)
            continue
        keep = tuple(sorted(kept[seat].elements()))
        missing = size - len(keep)
        if missing < 0:
            raise InvalidArgumentError(
                f"p{seat} holds {size} cards but is known to hold {len(keep)}"
            )
        hands.append(tuple(sorted(keep + tuple(cards[position : position + missing]))))
        position += missing
    stock = tuple(cards[position:])
    if len(stock) != view.stock_size or any(
        len(hand) != size for hand, size in zip(hands, view.hand_sizes, strict=True)
    ):
        raise InvalidArgumentError(
            f"the view's counts do not match its cards: {len(view.unseen)} unseen cards for "
            f"a stock of {view.stock_size} and hidden hands of {hidden_sizes(view)}"
        )
    shown = dict(zip(SHOWN_FIELDS, _shown(view), strict=True))
    return GameState(hands=tuple(hands), stock=stock, seed=seed, known=view.known, **shown)


#: The state's fields a view shows as they are: a resampled state keeps them.
_shown: Final = attrgetter(*SHOWN_FIELDS)


def _kept_cards(view: PlayerView) -> list[Counter[Card]]:
    """The cards each seat keeps when the view is resampled.

    Those are its known cards, and for the seat to move, while it plays its
    turn, the cards it took from the pile this turn that are not on the table
    (nor out of play): it still holds them.
    """
    kept = [Counter(cards) for cards in view.known]
    mover = view.to_move
    if view.taken and view.phase is Phase.PLAY and (mover != view.seat or view.blind):
        held = Counter(view.taken) - table_cards(view.melds) - Counter(view.dead)
        kept[mover] |= held
    return kept
