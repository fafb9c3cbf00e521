"""The front door of the engine: the functions of a hand that users call.

Each checks what a user may pass it and raises the library's own errors
(:class:`~rummy500.errors.InvalidArgumentError`), then hands typed values to
the engine, which does not ask again; what is not a move is refused by the
reducer itself, first thing (:class:`~rummy500.errors.IllegalMoveError`).
This module stays plain Python in the compiled build (the engine's other
modules are compiled by mypyc), so that its docstrings, signatures and
errors are the same in both builds; the checks of the functions called at
every move are written out in them, as a call costs more than the check.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

import rummy500._engine.deal as deal
import rummy500._engine.movegen as movegen
import rummy500._engine.reducer as reducer
from rummy500._engine.ruleset import profile
from rummy500.cards import Card
from rummy500.errors import InvalidArgumentError, shown
from rummy500.moves import Move
from rummy500.presets import as_rules
from rummy500.rules import Rules
from rummy500.state import GameState

__all__ = ["apply_move", "check_move", "is_legal", "legal_moves", "new_game", "take_depths"]


def new_game(
    rules: Rules | str | None = None,
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
        rules: The rule set, or a preset's name in any case
            (:func:`rummy500.presets.as_rules`); ``None`` for the default
            (pagat) rules.
        players: The number of players.
        seed: Seed of the shuffle, an integer between -2**64 and 2**64
            (exclusive); ``None``: from the OS's secure randomness.
        deck: The whole deck in the order cards come off the top
            (``deck[0]`` is dealt first); overrides ``seed``.
        dealer: The dealer's seat.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for an unknown preset
            (the message lists the presets), a bad player count (one the rules
            are not for, or one the deck cannot be dealt to: one deck for 8
            players), dealer, deck or seed.

    >>> from rummy500 import new_game, legal_moves
    >>> state = new_game(seed=1)
    >>> state.to_move, state.phase.value, len(state.hands[1])
    (1, 'draw', 13)
    >>> [str(move) for move in legal_moves(state)]
    ['p1: draw', 'p1: take 1']
    """
    rules = as_rules(rules)
    rules.check_players(players)
    if seed is not None:
        deal.check_seed(seed)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    return deal.new_game(profile(rules), players, seed=seed, deck=deck, dealer=dealer)


def legal_moves(
    state: GameState, *, seat: int | None = None, depth: int | None = None
) -> tuple[Move, ...]:
    """Every legal move of every seat that may act now, in a deterministic order.

    First the moves of the seat to move: in the draw phase its stock draw (or,
    with an empty stock, ending the hand, or ``pass`` under ``play_on``),
    then each take by depth with every way to meld its deepest card; in the
    play phase every new meld, every lay-off and every discard.  Then the
    "Rummy!" calls of the other seats (R1, R2), then their out-of-turn melds
    and lay-offs (T9).

    Args:
        state: The position.
        seat: Only the moves of this seat.
        depth: Only the moves that take (or call for, or split at) exactly
            this many pile cards.

    The moves of a group are the moves of the whole list that belong to it,
    in the same order; they are generated directly, not by listing every move.

    Raises:
        InvalidArgumentError: for a seat that is not at the table or a depth below 1.

    >>> from rummy500 import new_game
    >>> state = new_game(seed=1)
    >>> [str(move) for move in legal_moves(state)]
    ['p1: draw', 'p1: take 1']
    >>> legal_moves(state, seat=0), [str(move) for move in legal_moves(state, depth=1)]
    ((), ['p1: take 1'])
    """
    if not isinstance(state, GameState):
        _bad_state(state)
    if seat is None and depth is None:  # the usual call: no keywords to pass on
        return movegen.legal_moves(state)
    if seat is not None:
        _check_seat(state, seat)
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise InvalidArgumentError(f"depth must be a number of cards (1 or more), got {depth!r}")
    return movegen.legal_moves(state, seat=seat, depth=depth)


def take_depths(state: GameState, seat: int | None = None) -> tuple[int, ...]:
    """The depths N, ascending, at which ``seat`` has a legal move taking N pile cards.

    For the seat to move (the default) its takes (and splits, V7); for the
    others their "Rummy!" calls.  Found depth by depth, stopping at the
    first legal move of each: no move is built.  A front end asks it which
    pile cards may be clicked, then :func:`legal_moves` with ``depth=N`` for
    the ways to take them.

    Raises:
        InvalidArgumentError: for a seat that is not at the table.

    >>> from rummy500 import new_game
    >>> take_depths(new_game(seed=1)), take_depths(new_game(seed=1), seat=0)
    ((1,), ())
    """
    _check_state(state)
    if seat is not None:
        _check_seat(state, seat)
    return movegen.take_depths(state, seat)


def apply_move(state: GameState, move: Move) -> GameState:
    """Return the state after ``move`` (the input state is never changed).

    Raises:
        IllegalMoveError: (a :class:`ValueError`) if the move is illegal; its
            ``reason`` and ``rule`` say why.

    >>> from rummy500 import new_game, parse_move
    >>> state = new_game(seed=1)
    >>> after = apply_move(state, parse_move(state, "draw"))
    >>> after.phase.value, len(after.hands[1]), len(state.hands[1])
    ('play', 14, 13)
    """
    if not isinstance(state, GameState):
        _bad_state(state)
    # The reducer refuses what is not a move itself (before reading anything of it).  It
    # types its states as their core but builds each as a GameState (see _engine.states):
    # said to mypy here, not checked again at every move.
    return reducer.apply_move(state, move)  # type: ignore[return-value]


def check_move(state: GameState, move: Move) -> None:
    """Raise :class:`IllegalMoveError` naming the rule if ``move`` is illegal, else return."""
    if not isinstance(state, GameState):
        _bad_state(state)
    reducer.apply_move(state, move)


def is_legal(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal in ``state``."""
    if not isinstance(state, GameState):
        _bad_state(state)
    return reducer.is_legal(state, move)


def _check_state(state: object) -> None:
    if not isinstance(state, GameState):
        _bad_state(state)


def _bad_state(state: object) -> NoReturn:
    raise InvalidArgumentError(
        f"state must be a GameState (see rummy500.new_game), got {shown(state)}"
    )


def _check_seat(state: GameState, seat: object) -> None:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
        raise InvalidArgumentError(f"seat must be a seat 0..{state.num_players - 1}, got {seat!r}")
