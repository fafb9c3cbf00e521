"""What one seat sees of a hand: player views, known cards, and determinization.

A :class:`~rummy500.state.GameState` is the referee's view: it holds every
hand and the order of the stock.  A bot, a client or a search must only see
what its seat sees.  :func:`observe` cuts that out of a state:

- the seat's own hand, and every other hand as a count;
- the cards each other seat is **known** to hold: the cards it took from the
  discard pile and has not put on the table or discarded since
  (:attr:`GameState.known <rummy500.state.GameState.known>`);
- the stock as a count; the discard pile, the table melds with their credits,
  the turn and its public fields (the cards taken from the pile this turn,
  the points melded this turn, who has opened, who went out), the result
  once the hand is over;
- the legal moves of that seat only.

Nothing else: no other hand's hidden cards, no order of the stock, no seed
(the seed would give away the stock: it is what the deck was shuffled with).

>>> from rummy500 import new_game
>>> from rummy500.views import observe
>>> state = new_game(seed=7)
>>> view = observe(state, 1)
>>> view
<PlayerView p1 of 2: p1 to draw, hand 13, stock 27, pile 1, 0 melds, 2 legal moves>
>>> view.hand_sizes, view.stock_size, [str(move) for move in view.legal_moves]
((13, 13), 27, ['p1: draw', 'p1: take 1'])
>>> observe(state, 0).legal_moves
()

**Known cards are part of the state.**  :attr:`GameState.known
<rummy500.state.GameState.known>` holds, for each seat, the cards it took
from the pile and has not played since; :func:`rummy500.apply_move` keeps it
and positions save it, so a view needs nothing but the state:

>>> from rummy500 import apply_move, parse_move
>>> state = apply_move(state, parse_move(state, "take 1"))
>>> observe(state, 0).known
((), (Card.parse('6H'),))

:class:`KnownCards` and :func:`track` are thin helpers kept for code that
follows the known cards beside the states (they compute what
:func:`~rummy500.apply_move` stores in the state).

**Determinization.**  :func:`resample` deals the cards a seat cannot see at
random, giving a full state consistent with its view, as search algorithms
over hidden information need (determinized Monte Carlo search, information
set MCTS):

>>> import random
>>> from rummy500.views import resample
>>> view = observe(state, 0)
>>> guess = resample(view, random.Random(1))
>>> guess.hands[0] == state.hands[0], "6H" in map(str, guess.hands[1])
(True, True)
>>> observe(guess, 0) == view
True

**Views as data.**  :meth:`PlayerView.to_dict` and :meth:`PlayerView.to_json`
write a view for a client; :meth:`PlayerView.from_dict` and
:meth:`PlayerView.from_json` read it back, equal:

>>> PlayerView.from_json(view.to_json()) == view
True
"""

from __future__ import annotations

from collections import Counter
from operator import attrgetter
from typing import Final

from rummy500._engine import legal_moves as all_legal_moves
from rummy500._engine.codes.shape import SHOWN_FIELDS
from rummy500.determinize import RESAMPLE_TRIES, resample
from rummy500.errors import InvalidArgumentError, shown
from rummy500.knowncards import KnownCards, track
from rummy500.moves import Move
from rummy500.playerview import PlayerView, result_to_dict
from rummy500.state import GameState, Phase

__all__ = [
    "RESAMPLE_TRIES",
    "KnownCards",
    "PlayerView",
    "make_view",
    "observe",
    "resample",
    "result_to_dict",
    "track",
]

# A member read through its enum class costs an attribute hook at each read.
_NOMINATE: Final = Phase.NOMINATE
#: The state's fields a view shows as they are (the view's own fields cut the rest to
#: what the seat sees): read off a state in one call.
_shown: Final = attrgetter(*SHOWN_FIELDS)


def observe(state: GameState, seat: int, known: KnownCards | None = None) -> PlayerView:
    """What ``seat`` sees of ``state``.

    Args:
        state: The position.
        seat: The seat looking.
        known: Known cards to show instead of the state's own
            (:attr:`GameState.known <rummy500.state.GameState.known>`, which
            :func:`rummy500.apply_move` keeps); ``None``, the usual case,
            shows the state's.

    Raises:
        InvalidArgumentError: for a seat that is not at the table, or known cards that
            are not in the hands of ``state`` (a tracker of another hand).

    >>> from rummy500 import new_game
    >>> print(observe(new_game(seed=7), 0))
      p0 [13] 2S 9S QS 4H 9H TH QH TD JD 4C 8C QC KC  (you)
    > p1 [13] ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ?? ??
      stock 27, pile (top last): 6H
      p1 to draw
    """
    _check_seat(state, seat)
    return make_view(state, seat, known, all_legal_moves(state, seat=seat))


def make_view(
    state: GameState, seat: int, known: KnownCards | None, moves: tuple[Move, ...]
) -> PlayerView:
    """:func:`observe` with the seat's legal moves already generated (for referees and drivers).

    ``moves`` must be the legal moves of ``seat`` in ``state``, in the
    engine's order.  Known cards given are checked against the hands; the
    state's own (``known=None``) are the engine's, kept right by every move,
    and are not checked again.
    """
    _check_seat(state, seat)
    if known is None:
        cards = state.known  # sorted by the engine; a state made by hand may not be
        if any(list(held) != sorted(held) for held in cards if len(held) > 1):
            cards = KnownCards(cards).cards
    else:
        _check_known(state, known)
        cards = known.cards
    if state.is_over:  # the hands are laid open for the count (S2)
        shown = tuple(() if other == seat else hand for other, hand in enumerate(state.hands))
    else:
        shown = cards[:seat] + ((),) + cards[seat + 1 :]
    return PlayerView(
        seat=seat,
        hand=() if state.phase is _NOMINATE else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hand_codes),
        known=shown,
        stock_size=len(state.stock_codes),
        legal_moves=moves,
        **dict(zip(SHOWN_FIELDS, _shown(state), strict=True)),
    )


def _check_seat(state: GameState, seat: int) -> None:
    players = state.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgumentError(f"seat must be a seat 0..{players - 1}, got {shown(seat)}")


def _check_known(state: GameState, known: KnownCards) -> None:
    if len(known.cards) != state.num_players:
        raise InvalidArgumentError(
            f"the known cards are for {len(known.cards)} seats, the state has {state.num_players}"
        )
    for seat, cards in enumerate(known.cards):
        if cards and Counter(cards) - Counter(state.hands[seat]):
            raise InvalidArgumentError(
                f"p{seat} is said to hold {' '.join(map(str, cards))}, which its hand does not "
                "hold: the known cards belong to another hand or history"
            )
