"""The cards each seat is known to hold: :class:`KnownCards` and :func:`track`.

A card a seat takes from the discard pile is seen by everyone, so it is
*known* to be in that seat's hand until the seat melds, lays off or
discards a card identical to it.  The state keeps these cards itself
(:attr:`GameState.known <rummy500.state.GameState.known>`, maintained by
:func:`rummy500.apply_move`); :class:`KnownCards` and :func:`track` are thin
helpers for code that follows them beside the states.

>>> from rummy500 import new_game, parse_move
>>> state = new_game(seed=7)
>>> track(KnownCards.start(state), state, parse_move(state, "take 1"))
KnownCards(['', '6H'])
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from rummy500._engine import known_after
from rummy500.cards import Card, as_cards, cards_of
from rummy500.errors import InvalidArgumentError
from rummy500.moves import CallRummy, Move, Split, Take
from rummy500.state import GameState

__all__ = ["KnownCards", "track"]


def _to_known(value: Iterable[str | Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(as_cards(cards))) for cards in value)


@attrs.frozen(repr=False)
class KnownCards:
    """The cards each seat is known to hold, as every player at the table knows them.

    A thin helper: the state keeps the same cards in
    :attr:`GameState.known <rummy500.state.GameState.known>` (maintained by
    :func:`rummy500.apply_move`), which :func:`~rummy500.views.observe` shows without one.
    A tracker is for code that follows the known cards beside the states,
    or passes them to :func:`~rummy500.views.observe` explicitly.

    A card becomes known when a seat takes it from the discard pile (a take,
    or a "Rummy!" call) and it goes to that seat's hand; it stops being known
    when that seat melds, lays off or discards a card identical to it.  With
    two decks identical cards are interchangeable, so after playing one of
    two identical cards a seat is known to hold one fewer: the known cards
    are exactly what can be deduced from the public moves, never more.
    Cards drawn from the stock are never known to the other seats.

    Attributes:
        cards: For each seat, the cards it is known to hold (sorted); the
            constructor also accepts card text (``KnownCards(["", "7H 8H"])``).

    >>> KnownCards(["", "8H 7H"]).of(1)
    (Card.parse('7H'), Card.parse('8H'))
    """

    cards: tuple[tuple[Card, ...], ...] = attrs.field(converter=_to_known)

    @classmethod
    def start(cls, state: GameState) -> KnownCards:
        """The known cards of ``state`` (its :attr:`~rummy500.state.GameState.known`)."""
        return cls(state.known)

    def of(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` is known to hold."""
        return self.cards[seat]

    def after(self, state: GameState, move: Move) -> KnownCards:
        """The tracker after ``move`` is applied to ``state``; same as :func:`track`."""
        return track(self, state, move)

    def __repr__(self) -> str:
        seats = ", ".join(repr(" ".join(map(str, cards))) for cards in self.cards)
        return f"KnownCards([{seats}])"


def track(known: KnownCards, state: GameState, move: Move) -> KnownCards:
    """The known cards after ``move``, a legal move in ``state`` (the state *before* it).

    The rule is the one :func:`rummy500.apply_move` applies to
    :attr:`GameState.known <rummy500.state.GameState.known>`, applied to
    ``known`` instead (so ``track(KnownCards(state.known), state, move)``
    is ``KnownCards(apply_move(state, move).known)``):

    - ``take N`` and a "Rummy!" call of the pile (R1): the top ``N`` discards
      go to the mover's hand and become known; the cards of the play that
      melds the deepest one (and any other cards it uses) are then on the table.
    - A meld, a lay-off (in turn, out of turn, or in the final lay-offs) and a
      discard: one known copy of each card played stops being known.
    - A "Rummy!" call under ``rummy_call = "layoff_top"`` (R2) puts the top
      discard straight on the table: no hand changes.
    - Draws from the stock, ``end`` and ``pass`` reveal nothing.
    - Dealer's gambit (V7): a split is like a take (the chosen card and the
      cards above it are gained, the play's cards leave the hand); a block
      plays a joker; a joker the dealer plays is the dealer's joker first,
      which was never in the hand.

    The move is not checked (:func:`rummy500.apply_move` does that); a tracker
    updated with moves that were not applied to the matching states is
    rejected by :func:`~rummy500.views.observe`.

    >>> from rummy500 import new_game, Take, make_deck
    >>> state = new_game(deck=make_deck())
    >>> str(state.discard[-1])
    'AD'
    >>> known = track(KnownCards.start(state), state, Take(1, 1))
    >>> known
    KnownCards(['', 'AD'])
    """
    players = len(known.cards)
    if players != state.num_players:
        raise InvalidArgumentError(
            f"the known cards are for {players} seats, the state has {state.num_players}"
        )
    if isinstance(move, (Take, CallRummy, Split)) and move.count > len(state.discard):
        return known  # not a legal move: the pile is too short
    before = state if state.known == known.cards else attrs.evolve(state, known=known.cards)
    seat_known = known_after(before, move)
    if seat_known is None:
        return known
    cards = list(known.cards)
    cards[move.player] = cards_of(seat_known)
    return KnownCards(tuple(cards))
