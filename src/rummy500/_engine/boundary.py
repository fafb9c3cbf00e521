"""The boundary between the engine and the public values: every public value the engine makes.

The engine works on compact data (card and meld-card codes, ``bytes`` of
them, small integers); the public values (:mod:`rummy500.moves`,
:class:`~rummy500.melds.Meld`, :class:`~rummy500.state.TableMeld`,
:class:`~rummy500.GameState`) are made here and nowhere else in the engine:

* the moves the generator offers, built without their converters and
  validators from values already checked, and shared (a move that recurs in
  many positions is one object; moves are immutable values);
* melds and table melds from meld-card codes, and the class the engine's
  states are given (:data:`GAME_STATE`);
* the public classes and enum members the engine tests against, as names
  it reads directly (``Final``: compiled code reads them as C globals,
  where a member read through its enum, ``Phase.DRAW``, or a class imported
  from a plain module is a lookup at every read).
"""

from __future__ import annotations

from typing import Any, Final, TypeVar, cast

from rummy500._engine.codes.memo import store
from rummy500.cards import JOKER, NUM_CODES, Card, card_from_code, cards_by_seat, cards_of
from rummy500.meldcards import MELD_CARDS, MeldCard
from rummy500.melds import Meld, MeldKind
from rummy500.moves import (
    MOVE_TYPES,
    Block,
    CallRummy,
    Discard,
    Draw,
    EndHand,
    LayoffMove,
    MeldMove,
    Move,
    Nominate,
    Pass,
    Play,
    Split,
    Take,
)
from rummy500.state import GameState
from rummy500.statevalues import EndReason, HandResult, JokerEffect, Phase, TableMeld

__all__ = [
    "BLOCK_MOVE",
    "CALL_MOVE",
    "DISCARD_MOVE",
    "DRAW",
    "DRAW_MOVE",
    "END_MOVE",
    "FINAL_LAYOFF",
    "FIRST_DISCARD",
    "GAME_STATE",
    "GROUP",
    "KINDS_OF_MOVE",
    "LAYOFF_MOVE",
    "MELD_MOVE",
    "NOMINATE",
    "NOMINATE_MOVE",
    "OVER",
    "PASS_MOVE",
    "PLAY",
    "PLAY_MOVES",
    "RUN",
    "SPLIT_MOVE",
    "TAKE_MOVE",
    "block_move",
    "call_move",
    "cards_from_codes",
    "discard_move",
    "discards_by_code",
    "draw_move",
    "end_move",
    "hand_result",
    "hands_from_codes",
    "layoff_move",
    "layoff_moves",
    "meld_move",
    "meld_moves",
    "meld_of",
    "nominate_moves",
    "pass_move",
    "pile_moves",
    "split_move",
    "table_meld_of",
    "take_move",
    "take_top_move",
]

# The phases of a turn.
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
OVER: Final = Phase.OVER
FIRST_DISCARD: Final = Phase.FIRST_DISCARD
FINAL_LAYOFF: Final = Phase.FINAL_LAYOFF
NOMINATE: Final = Phase.NOMINATE

# The kinds of meld.
GROUP: Final = MeldKind.GROUP
RUN: Final = MeldKind.RUN

# The move classes, and every one of them.
DRAW_MOVE: Final = Draw
TAKE_MOVE: Final = Take
DISCARD_MOVE: Final = Discard
MELD_MOVE: Final = MeldMove
LAYOFF_MOVE: Final = LayoffMove
PLAY_MOVES: Final = (MeldMove, LayoffMove)
CALL_MOVE: Final = CallRummy
END_MOVE: Final = EndHand
PASS_MOVE: Final = Pass
NOMINATE_MOVE: Final = Nominate
BLOCK_MOVE: Final = Block
SPLIT_MOVE: Final = Split
KINDS_OF_MOVE: Final = MOVE_TYPES

#: The public class of the states the engine builds (see :mod:`~rummy500._engine.states`).
GAME_STATE: Final = GameState


# ---------------------------------------------------------------------------
# Melds and table melds


def meld_of(kind: MeldKind, codes: tuple[int, ...]) -> Meld:
    """The meld of ``kind`` with the meld-card ``codes`` (valid, in meld order)."""
    return Meld(kind, codes)


_set: Final = object.__setattr__  # a field set past an attrs class's generated __init__


def table_meld_of(meld: Meld, by: tuple[int, ...], multiplier: int, doubled: bool) -> TableMeld:
    """``TableMeld(meld, by, multiplier, doubled)``, built without its generated ``__init__``.

    The attrs class checks nothing on its fields (no converter, no
    validator); its ``__init__`` runs as plain Python even in the compiled
    build, where filling the slots directly costs a fraction of it.
    """
    table_meld = object.__new__(TableMeld)
    _set(table_meld, "meld", meld)
    _set(table_meld, "by", by)
    _set(table_meld, "multiplier", multiplier)
    _set(table_meld, "doubled", doubled)
    return table_meld


# ---------------------------------------------------------------------------
# Cards and results


def cards_from_codes(codes: bytes, jokers: int = 0) -> tuple[Card, ...]:
    """The cards of ``codes``, and ``jokers`` jokers more (for the cards out of play)."""
    return (*cards_of(codes), *(JOKER,) * jokers)


def hands_from_codes(hands: tuple[bytes, ...]) -> tuple[tuple[Card, ...], ...]:
    """Each seat's cards from its codes."""
    return cards_by_seat(hands)


def hand_result(
    scores: tuple[int, ...],
    melded: tuple[int, ...],
    in_hand: tuple[int, ...],
    went_out: int | None,
    reason: EndReason,
    bonuses: tuple[int, ...],
    going_rummy: bool,
    team_scores: tuple[int, ...],
) -> HandResult:
    """The result of a finished hand (see :class:`~rummy500.HandResult`)."""
    return HandResult(
        scores=scores,
        melded=melded,
        in_hand=in_hand,
        went_out=went_out,
        reason=reason,
        bonuses=bonuses,
        going_rummy=going_rummy,
        team_scores=team_scores,
    )


# ---------------------------------------------------------------------------
# Moves

# The shared draws, ends, passes and top-card takes, by the seat and the kind (0–3).
_SIMPLE: Final[dict[int, Draw | EndHand | Take | Pass]] = {}
_Simple = TypeVar("_Simple", Draw, EndHand, Pass, Take)


def _interned(cls: type[_Simple], kind: int, player: int, *fields: Any) -> _Simple:
    """The one (shared) move ``cls(player, *fields)``: a draw, end, pass or top-card take."""
    key = player << 2 | kind
    move = _SIMPLE.get(key)
    if move is None:
        move = _SIMPLE[key] = cls(player, *fields)
    assert isinstance(move, cls)
    return move


def draw_move(player: int) -> Draw:
    """The (shared) stock draw of ``player``."""
    return _interned(DRAW_MOVE, 0, player)


def end_move(player: int) -> EndHand:
    """The (shared) move of ``player`` ending the hand."""
    return _interned(END_MOVE, 1, player)


def pass_move(player: int) -> Pass:
    """The (shared) pass of ``player``."""
    return _interned(PASS_MOVE, 2, player)


def take_top_move(player: int) -> Take:
    """The (shared) take of the top discard alone, with no play."""
    return _interned(TAKE_MOVE, 3, player, 1)


def discard_move(player: int, card: Card) -> Discard:
    """The (shared) discard of ``card`` by ``player``."""
    return discards_by_code(player)[card.code]


_DISCARD_TABLES: Final[dict[int, tuple[Discard, ...]]] = {}


def discards_by_code(player: int) -> tuple[Discard, ...]:
    """The (shared) discard of every card by ``player``, indexed by card code (0–52)."""
    table = _DISCARD_TABLES.get(player)
    if table is None:
        table = _DISCARD_TABLES[player] = tuple(
            Discard(player, card_from_code(code)) for code in range(NUM_CODES)
        )
    return table


# Generated plays are interned too, with a bound on the tables.
_MELD_MOVES: Final[dict[tuple[int, tuple[int, ...], bool], MeldMove]] = {}
_LAYOFF_MOVES: Final[dict[tuple[int, int, tuple[int, ...]], LayoffMove]] = {}
_INTERNED_LIMIT: Final = 1 << 17


_MELD_CARD: Final = MELD_CARDS.__getitem__


def _specs(codes: tuple[int, ...]) -> tuple[MeldCard, ...]:
    return tuple(map(_MELD_CARD, codes))


def meld_move(player: int, codes: tuple[int, ...], doubled: bool = False) -> MeldMove:
    """The (interned) move laying down the meld with these meld-card codes."""
    key = (player, codes, doubled)
    move = _MELD_MOVES.get(key)
    if move is None:
        move = store(_MELD_MOVES, key, object.__new__(MeldMove), _INTERNED_LIMIT)
        _set(move, "player", player)
        _set(move, "cards", _specs(codes))
        _set(move, "doubled", doubled)
    return move


# Tuples of meld moves are shared too: the move generator's memos of groups and
# runs keep one for each of many keys, and most keys find the same few melds.
_MELD_TUPLES: Final[dict[tuple[int, tuple[tuple[int, ...], ...]], tuple[MeldMove, ...]]] = {}


def meld_moves(player: int, found: tuple[tuple[int, ...], ...]) -> tuple[MeldMove, ...]:
    """The (shared) tuple of the moves laying down the melds ``found`` (meld-card codes)."""
    key = (player, found)
    moves = _MELD_TUPLES.get(key)
    if moves is None:
        moves = tuple([meld_move(player, codes) for codes in found])
        store(_MELD_TUPLES, key, moves, _INTERNED_LIMIT)
    return moves


def layoff_move(player: int, target: int, codes: tuple[int, ...]) -> LayoffMove:
    """The (interned) move laying off these meld-card codes on meld ``target``."""
    key = (player, target, codes)
    move = _LAYOFF_MOVES.get(key)
    if move is None:
        move = store(_LAYOFF_MOVES, key, object.__new__(LayoffMove), _INTERNED_LIMIT)
        _set(move, "player", player)
        _set(move, "target", target)
        _set(move, "cards", _specs(codes))
    return move


# Tuples of lay-off moves are shared as those of meld moves are: the memo of the
# lay-offs on a table meld keeps one per key, and many keys find the same cards.
_LAYOFF_TUPLES: Final[
    dict[tuple[int, int, tuple[tuple[int, ...], ...]], tuple[LayoffMove, ...]]
] = {}


def layoff_moves(
    player: int, target: int, laid: tuple[tuple[int, ...], ...]
) -> tuple[LayoffMove, ...]:
    """The (shared) moves laying off each of ``laid`` (meld-card codes) on meld ``target``."""
    if not laid:
        return ()
    key = (player, target, laid)
    moves = _LAYOFF_TUPLES.get(key)
    if moves is None:
        moves = tuple([layoff_move(player, target, codes) for codes in laid])
        store(_LAYOFF_TUPLES, key, moves, _INTERNED_LIMIT)
    return moves


# Takes, calls and splits are interned by their play's identity: the plays are
# interned themselves, and an entry's move holds its play (which therefore lives
# as long as the entry), so an id is never mistaken.  The keys are integers
# only, the class by its id too: a tuple of integers is one the garbage
# collector stops tracking, and the tables are large.
_PILE_MOVES: Final[dict[tuple[int, int, int, int], Take | CallRummy | Split]] = {}
_PileMove = TypeVar("_PileMove", Take, CallRummy, Split)


def _pile_move(cls: type[_PileMove], player: int, count: int, play: Play) -> _PileMove:
    key = (id(cls), player, count, id(play))
    move = _PILE_MOVES.get(key)
    if move is None:
        move = object.__new__(cls)
        _set(move, "player", player)
        _set(move, "count", count)
        _set(move, "play", play)
        store(_PILE_MOVES, key, move, _INTERNED_LIMIT)
    return cast("_PileMove", move)


_PILE_TUPLES: Final[dict[tuple[int, int, int, int], tuple[tuple[Play, ...], tuple[Any, ...]]]] = {}


def pile_moves(
    cls: type[_PileMove], player: int, count: int, plays: tuple[Play, ...]
) -> tuple[_PileMove, ...]:
    """The (interned) takes, calls or splits of ``count`` cards, one per play of ``plays``.

    Memoized by the identity of the tuple of plays (a part of
    :func:`~rummy500._engine.plays.play_parts`, itself memoized).
    """
    key = (id(cls), player, count, id(plays))
    entry = _PILE_TUPLES.get(key)
    if entry is not None and entry[0] is plays:
        return entry[1]
    moves = tuple(_pile_move(cls, player, count, play) for play in plays)
    store(_PILE_TUPLES, key, (plays, moves), _INTERNED_LIMIT)
    return moves


def take_move(player: int, count: int, play: Play) -> Take:
    """The (interned) take of ``count`` cards whose deepest card ``play`` melds at once."""
    return _pile_move(TAKE_MOVE, player, count, play)


def call_move(player: int, count: int, play: Play) -> CallRummy:
    """The (interned) "Rummy!" call of ``count`` cards whose deepest card ``play`` melds."""
    return _pile_move(CALL_MOVE, player, count, play)


def split_move(player: int, count: int, play: Play) -> Split:
    """The (interned) split of the pile at depth ``count`` whose chosen card ``play`` melds (V7)."""
    return _pile_move(SPLIT_MOVE, player, count, play)


def nominate_moves(player: int) -> list[Move]:
    """The dealer's three nominations of what jokers do (one per effect, V7)."""
    return [Nominate(player, effect) for effect in JokerEffect]


def block_move(player: int) -> Block:
    """The block of the dealer's joker by ``player`` (V7)."""
    return Block(player)
