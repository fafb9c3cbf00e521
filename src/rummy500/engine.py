"""The public entry points of a hand: new games, legal moves, checking and applying moves.

There is one source of legality: :func:`apply_move` (the reducer of
:mod:`rummy500.reducer`) checks a move while it builds the next state,
:func:`check_move` and :func:`is_legal` are built on it, and
:func:`legal_moves` (:mod:`rummy500.movegen`) generates exactly the moves it
accepts, a property the test suite checks on random positions of every rule
set.

>>> from rummy500 import new_game, legal_moves, apply_move, parse_move
>>> state = new_game(seed=1)
>>> state.to_move, state.phase.value, len(state.hands[1])
(1, 'draw', 13)
>>> [str(move) for move in legal_moves(state)]
['p1: draw', 'p1: take 1']
>>> state = apply_move(state, parse_move(state, "draw"))
>>> state.phase.value, len(state.hands[1])
('play', 14)
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.cards import Card
from rummy500.deal import deal, seat_order
from rummy500.errors import IllegalMoveError
from rummy500.movegen import legal_moves
from rummy500.moves import Move
from rummy500.reducer import apply_move
from rummy500.rules import FirstDiscard, Rules
from rummy500.state import GameState, Phase
from rummy500.support import check_supported

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game"]


def new_game(
    rules: Rules | None = None,
    players: int = 2,
    *,
    seed: int | None = None,
    deck: str | Sequence[Card | str] | None = None,
    dealer: int = 0,
) -> GameState:
    """Deal one hand and return its first state (D1–D7).

    Under ``first_discard = "chooser"`` (D6) the first state is in phase
    ``FIRST_DISCARD``: the player left of the dealer starts the pile.  Under
    dealer's gambit (V7) it is in phase ``NOMINATE``: the dealer first
    nominates what jokers do, and the dealer's joker lies beside the stock.

    Args:
        rules: The rule set; ``None`` for the default (pagat) rules.
        players: The number of players.
        seed: Seed of the shuffle (``None``: from the OS's secure randomness).
        deck: The whole deck in the order cards come off the top
            (``deck[0]`` is dealt first); overrides ``seed``.
        dealer: The dealer's seat.

    Raises:
        NotImplementedError: if ``rules`` sets a knob to a value the engine
            does not implement yet (the message names it).
        ValueError: for a bad player count, dealer or deck.
    """
    rules = Rules() if rules is None else rules
    check_supported(rules)
    dealt = deal(rules, players, seed=seed, deck=deck, dealer=dealer)
    chooser = rules.first_discard is FirstDiscard.CHOOSER
    if rules.dealers_gambit:
        to_move, phase = dealer, Phase.NOMINATE
    else:
        to_move = seat_order(rules, players, dealer)[1]
        phase = Phase.FIRST_DISCARD if chooser else Phase.DRAW
    return GameState(
        rules=rules,
        dealer=dealer,
        to_move=to_move,
        phase=phase,
        hands=dealt.hands,
        stock=dealt.stock,
        discard=dealt.discard,
        seed=dealt.seed,
        dealer_joker=dealt.dealer_joker,
    )


def check_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule if ``move`` is illegal, else return."""
    apply_move(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    try:
        apply_move(state, move)
    except IllegalMoveError:
        return False
    return True
