"""Building test positions by hand, and playing moves on them with checks.

:func:`position` writes a format-1 dict (docs/positions.md) from the few cards a
test cares about and puts every other card of the rule set's deck in the
stock (after any stock cards the test names), or at the bottom of the
discard pile when the test needs an empty stock.  :func:`play` parses a move,
checks that the three views of legality agree on it and that the state passed
in is left unchanged, and returns the next state.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest

from rummy500 import (
    JOKER,
    GameState,
    IllegalMoveError,
    Move,
    Reason,
    apply_move,
    check_move,
    is_legal,
    legal_moves,
    parse_card,
    parse_move,
)
from rummy500.positions import rules_from_data

MeldData = tuple[str, int | Sequence[int]]


def _tokens(text: str | Sequence[str]) -> list[str]:
    return text.split() if isinstance(text, str) else list(text)


def _physical(spec: str) -> str:
    """The card a meld spec stands on the table as: ``JK=8H`` and ``JK=9`` are jokers."""
    return "JK" if spec.upper().startswith("JK") else spec


def position(
    hands: Sequence[str],
    *,
    discard: str = "",
    melds: Sequence[MeldData] = (),
    stock: str = "",
    to_move: int = 0,
    dealer: int | None = None,
    phase: str = "draw",
    last_discarder: int | None = None,
    taken: str = "",
    rules: Any = "pagat",
    rest: str = "stock",
    doubled: Sequence[int] = (),
    gambit: dict[str, Any] | None = None,
) -> GameState:
    """A position with the given cards; the rest of the deck fills the stock.

    Args:
        hands: One card text per seat (``"5S 6S 7S"``); the number of seats.
        discard: The discard pile, oldest first (top last).
        melds: Table melds as ``(cards, by)``: ``by`` is one seat for the
            whole meld or one seat per card.
        stock: The top cards of the stock (``stock[0]`` is drawn next).
        to_move: The seat to move.
        dealer: The dealer (default: the seat before ``to_move``).
        phase: ``"draw"``, ``"play"`` or ``"over"``.
        last_discarder: The seat whose discard opened the "Rummy!" window.
        taken: The cards taken from the pile this turn (phase ``"play"``).
        rules: A preset name or a ``{"preset": ..., knob: value}`` dict.
        rest: Where the unused cards go: ``"stock"`` (under the named stock
            cards) or ``"pile"`` (under the named discards; the stock is then
            exactly ``stock``).
        doubled: The numbers of the melds a joker doubles (dealer's gambit, V7).
        gambit: The position's ``"gambit"`` dict (dealer's gambit, V7); the
            dealer's joker beside the stock and the cards out of play are
            taken from the deck.
    """
    players = len(hands)
    hand_cards = [_tokens(hand) for hand in hands]
    pile = _tokens(discard)
    stock_cards = _tokens(stock)
    meld_data = []
    used: Counter[Any] = Counter()
    for number, (cards, by) in enumerate(melds):
        specs = _tokens(cards)
        seats = [by] * len(specs) if isinstance(by, int) else list(by)
        item: dict[str, Any] = {"cards": specs, "by": seats}
        if number in doubled:
            item["doubled"] = True
            used[JOKER] += 1
        meld_data.append(item)
        used.update(parse_card(_physical(spec)) for spec in specs)
    dead_cards = list(gambit.get("dead", [])) if gambit else []
    for group in (*hand_cards, pile, stock_cards, dead_cards):
        used.update(parse_card(card) for card in group)
    if gambit:
        used[JOKER] += gambit.get("dealer_joker", True)
    deck = Counter(rules_from_data(rules).deck(players))
    extra = used - deck
    if extra:
        raise ValueError(f"more cards than the deck holds: {sorted(map(str, extra.elements()))}")
    unused = deck - used
    ordered_rest = [str(card) for card in sorted(unused.elements())]
    if rest == "stock":
        stock_cards = stock_cards + ordered_rest
    elif rest == "pile":
        pile = ordered_rest + pile
    else:
        raise ValueError(f"rest must be 'stock' or 'pile', got {rest!r}")
    data: dict[str, Any] = {
        "format": 1,
        "rules": rules,
        "dealer": (to_move - 1) % players if dealer is None else dealer,
        "to_move": to_move,
        "phase": phase,
        "hands": hand_cards,
        "stock": stock_cards,
        "discard": pile,
        "melds": meld_data,
        "last_discarder": last_discarder,
        "turn": {"taken": _tokens(taken)},
    }
    if gambit is not None:
        data["gambit"] = gambit
    return GameState.from_dict(data)


def agree(state: GameState, move: Move) -> bool:
    """Whether ``move`` is legal; asserts ``is_legal`` and ``legal_moves`` agree on it."""
    legal = is_legal(state, move)
    assert legal == (move in legal_moves(state)), (str(move), legal)
    return legal


def play(state: GameState, text: str | Move) -> GameState:
    """Apply a legal move (text or a move) and return the next state.

    Asserts that the move is legal by ``is_legal``, ``check_move`` and
    ``legal_moves`` alike, and that ``state`` itself is left unchanged.
    """
    move = parse_move(state, text) if isinstance(text, str) else text
    before = state.to_dict()
    assert agree(state, move), f"{move} should be legal in\n{state}"
    check_move(state, move)  # returns None: no error
    after = apply_move(state, move)
    assert state.to_dict() == before
    return after


def illegal(
    state: GameState, text: str | Move, reason: Reason, rule: str | None
) -> IllegalMoveError:
    """Assert a move is illegal for ``reason`` under ``rule`` by every view; return the error.

    Also asserts that the error message names its rule (``rule=None``: any
    rule, as long as the message names it) and that ``state`` is left
    unchanged by the failed ``apply_move``.
    """
    move = parse_move(state, text) if isinstance(text, str) else text
    before = state.to_dict()
    assert not agree(state, move), f"{move} should be illegal in\n{state}"
    with pytest.raises(IllegalMoveError) as checked:
        check_move(state, move)
    with pytest.raises(IllegalMoveError) as applied:
        apply_move(state, move)
    error = checked.value
    expected = (reason, error.rule if rule is None else rule)
    assert (error.reason, error.rule) == expected, (str(move), str(error))
    assert (applied.value.reason, applied.value.rule) == expected
    assert error.rule
    assert f"rule {error.rule}" in str(error), str(error)
    assert state.to_dict() == before
    return error


def texts(state: GameState) -> list[str]:
    """The legal moves of ``state`` in notation."""
    return [str(move) for move in legal_moves(state)]
