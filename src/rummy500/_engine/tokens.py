"""The token layer of the environments: moves spelled as tokens, a hand played token by token.

Internal, compiled with the engine in the compiled build.  The public faces
are :class:`rummy500.adapters.actions.ActionSpace` (the vocabulary, its
names, encode and decode) and :class:`rummy500.adapters.actions.TokenGame`
(a hand played one token at a time), which derives from :class:`TokenCore`
and adds the checks of what a user may pass, the views and the copies.

The vocabulary is fixed (the same numbers under every rule set and number of
players): the fixed tokens, then the families ``discard C`` (53), ``take N``,
``rummy N`` and ``split N`` (``N = 1 … MAX_DEPTH``), ``layoff T``
(``T = 0 … MAX_TARGETS - 1``) and the meld cards (118).  A move's spelling is
kept by the move's identity (the engine shares its moves), so spelling the
moves of a position is a lookup each.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, cast

import rummy500._engine.movegen as movegen
import rummy500._engine.reducer as reducer
import rummy500._engine.states as states
from rummy500._engine.boundary import (
    BLOCK_MOVE,
    CALL_MOVE,
    DISCARD_MOVE,
    DRAW_MOVE,
    END_MOVE,
    LAYOFF_MOVE,
    MELD_MOVE,
    NOMINATE_MOVE,
    OVER,
    PASS_MOVE,
    SPLIT_MOVE,
    TAKE_MOVE,
)
from rummy500._engine.codes.compiled import mypyc_attr
from rummy500._engine.codes.memo import store
from rummy500._engine.codes.storage import StateCore
from rummy500.cards import NUM_CODES, card_from_code
from rummy500.errors import InvalidArgumentError, shown
from rummy500.meldcards import NUM_SPEC_CODES, SPEC_TEXT
from rummy500.moves import LayoffMove, MeldMove, Move
from rummy500.state import polling_order
from rummy500.statevalues import JokerEffect

if TYPE_CHECKING:
    from rummy500.state import GameState

__all__ = [
    "CARD_BASE",
    "DISCARD_BASE",
    "LAYOFF_BASE",
    "MAX_DEPTH",
    "MAX_TARGETS",
    "RUMMY_BASE",
    "SPLIT_BASE",
    "TAKE_BASE",
    "TOKEN_BLOCK",
    "TOKEN_COUNT",
    "TOKEN_DECLINE",
    "TOKEN_DOUBLE",
    "TOKEN_DRAW",
    "TOKEN_END",
    "TOKEN_MELD",
    "TOKEN_NAMES",
    "TOKEN_NOMINATE",
    "TOKEN_PASS",
    "TOKEN_STOP",
    "TokenCore",
    "first_token",
    "spell",
    "with_stock",
]

TOKEN_DRAW: Final = 0
TOKEN_END: Final = 1
TOKEN_PASS: Final = 2
TOKEN_BLOCK: Final = 3
TOKEN_DECLINE: Final = 4
TOKEN_STOP: Final = 5
TOKEN_DOUBLE: Final = 6
TOKEN_MELD: Final = 7
#: ``nominate wild``; ``nominate double`` and ``nominate split`` follow.
TOKEN_NOMINATE: Final = 8

#: The effects a dealer may nominate, in the order of their tokens (V7).
_EFFECTS: Final = (JokerEffect.WILD, JokerEffect.DOUBLE, JokerEffect.SPLIT)

#: The deepest take, call or split: every card of the largest deck the rules
#: allow, two decks with four jokers each (D1).
MAX_DEPTH: Final = 112
#: The table melds a lay-off may name (a meld has three cards or more).
MAX_TARGETS: Final = MAX_DEPTH // 3

DISCARD_BASE: Final = TOKEN_NOMINATE + 3
TAKE_BASE: Final = DISCARD_BASE + NUM_CODES
RUMMY_BASE: Final = TAKE_BASE + MAX_DEPTH
SPLIT_BASE: Final = RUMMY_BASE + MAX_DEPTH
LAYOFF_BASE: Final = SPLIT_BASE + MAX_DEPTH
CARD_BASE: Final = LAYOFF_BASE + MAX_TARGETS
TOKEN_COUNT: Final = CARD_BASE + NUM_SPEC_CODES

#: The name of every token, by number.
TOKEN_NAMES: Final[tuple[str, ...]] = tuple(
    ["draw", "end", "pass", "block", "decline", "stop", "double", "meld"]
    + [f"nominate {effect.value}" for effect in _EFFECTS]
    + [f"discard {card_from_code(code)}" for code in range(NUM_CODES)]
    + [f"{word} {depth}" for word in ("take", "rummy", "split") for depth in range(1, 113)]
    + [f"layoff {target}" for target in range(MAX_TARGETS)]
    + list(SPEC_TEXT)
)

#: The spellings of the moves spelled last, by the move's identity (each entry
#: keeps its move alive, so an identity is never mistaken); the engine shares
#: its moves, so most lookups find them.
_SPELLED: Final[dict[int, tuple[Move, tuple[int, ...]]]] = {}
_SPELLED_LIMIT: Final = 1 << 16


def _depth_token(base: int, depth: int) -> int:
    if depth > MAX_DEPTH:
        raise InvalidArgumentError(f"depth {depth} is beyond this action space's {MAX_DEPTH} cards")
    return base + depth - 1


def _play_tokens(play: MeldMove | LayoffMove) -> list[int]:
    """The tokens of a meld or a lay-off: its head, its meld cards, its end."""
    tokens: list[int] = []
    if isinstance(play, MELD_MOVE):
        tokens.append(TOKEN_MELD)
        for spec in play.cards:
            tokens.append(CARD_BASE + spec.code)
        tokens.append(TOKEN_DOUBLE if play.doubled else TOKEN_STOP)
        return tokens
    target = play.target
    if target >= MAX_TARGETS:
        raise InvalidArgumentError(
            f"table meld {target} is beyond this action space's {MAX_TARGETS} melds"
        )
    tokens.append(LAYOFF_BASE + target)
    for spec in play.cards:
        tokens.append(CARD_BASE + spec.code)
    tokens.append(TOKEN_STOP)
    return tokens


def _spelled(move: Move) -> tuple[int, ...]:
    """The tokens of ``move`` (see :func:`spell`)."""
    if isinstance(move, DISCARD_MOVE):
        return (DISCARD_BASE + move.card.code,)
    if isinstance(move, DRAW_MOVE):
        return (TOKEN_DRAW,)
    if isinstance(move, TAKE_MOVE):
        head = _depth_token(TAKE_BASE, move.count)
        if move.play is None:
            return (head,)
        return (head, *_play_tokens(move.play))
    if isinstance(move, (MELD_MOVE, LAYOFF_MOVE)):
        return tuple(_play_tokens(move))
    if isinstance(move, CALL_MOVE):
        return (_depth_token(RUMMY_BASE, move.count), *_play_tokens(move.play))
    if isinstance(move, SPLIT_MOVE):
        return (_depth_token(SPLIT_BASE, move.count), *_play_tokens(move.play))
    if isinstance(move, END_MOVE):
        return (TOKEN_END,)
    if isinstance(move, PASS_MOVE):
        return (TOKEN_PASS,)
    if isinstance(move, BLOCK_MOVE):
        return (TOKEN_BLOCK,)
    if isinstance(move, NOMINATE_MOVE):
        effect = move.effect
        for index in range(3):
            if _EFFECTS[index] is effect:
                return (TOKEN_NOMINATE + index,)
    raise InvalidArgumentError(f"not a move: {shown(move)}")


def spell(move: Move) -> tuple[int, ...]:
    """The tokens that spell ``move`` (its seat is not spelled: the seat that acts spells it).

    Raises:
        InvalidArgumentError: for a depth or a table meld beyond the
            vocabulary's maxima, or a value that is not a move.
    """
    key = id(move)
    kept = _SPELLED.get(key)
    if kept is not None and kept[0] is move:
        return kept[1]
    tokens = _spelled(move)
    store(_SPELLED, key, (move, tokens), _SPELLED_LIMIT)
    return tokens


def first_token(move: Move) -> int:
    """The first token of :func:`spell` of ``move`` (the common moves without spelling them)."""
    if isinstance(move, DISCARD_MOVE):
        return DISCARD_BASE + move.card.code
    if isinstance(move, DRAW_MOVE):
        return TOKEN_DRAW
    if isinstance(move, MELD_MOVE):
        return TOKEN_MELD
    if isinstance(move, TAKE_MOVE):
        return _depth_token(TAKE_BASE, move.count)
    if isinstance(move, LAYOFF_MOVE):
        target = move.target
        if target < MAX_TARGETS:
            return LAYOFF_BASE + target
    return spell(move)[0]


def with_stock(state: StateCore, stock: bytes) -> StateCore:
    """``state`` with the stock ``stock``, the same cards in another order (a chance draw)."""
    return states.evolve(state, stock_codes=stock)


#: The mask of no legal token.
_NO_TOKENS: Final = bytes(TOKEN_COUNT)
_ONE: Final = b"\x01"


@mypyc_attr(allow_interpreted_subclasses=True)
class TokenCore:
    """A hand played one token at a time (see :class:`rummy500.adapters.actions.TokenGame`).

    The tokens it takes are numbers the caller has checked to be tokens
    (``0 <= token < TOKEN_COUNT``); a token that is not legal now is refused
    with :class:`~rummy500.errors.InvalidArgumentError`, the game unchanged.

    Attributes:
        state: The current position.
        actor: The seat that acts now, or ``None`` once the hand is over.
        prefix: The tokens the actor has spelled so far.
        kept: What the adapters keep about the current position (a seat's
            view), emptied whenever the position changes.
    """

    __slots__ = (
        "_by_seat",
        "_heads",
        "_legal",
        "_mask",
        "_moves",
        "_queue",
        "_spells",
        "actor",
        "kept",
        "prefix",
        "state",
    )

    state: StateCore
    actor: int | None
    prefix: tuple[int, ...]
    kept: dict[int, object]
    _by_seat: list[tuple[Move, ...]]
    _queue: list[int]
    _moves: tuple[Move, ...]
    _heads: list[int]
    _spells: list[tuple[int, ...]]
    _legal: tuple[int, ...] | None
    _mask: bytes | None

    def __init__(self, state: StateCore) -> None:
        self.actor = None
        self.prefix = ()
        self.enter(state)

    # -- positions ---------------------------------------------------------------

    def enter(self, state: StateCore) -> None:
        """Start at ``state``: its legal moves grouped by seat, the seats asked in polling order."""
        self.state = state
        self.kept = {}
        self.prefix = ()
        self._legal = None
        self._mask = None
        self._spells = []
        players = state.num_players
        if state.phase is OVER:
            self._by_seat = []
            self._queue = []
            self.actor = None
            self._moves = ()
            self._heads = []
            return
        moves = movegen.legal_moves(state)
        mover = state.to_move
        by_seat: list[tuple[Move, ...]] = [()] * players
        if moves and moves[len(moves) - 1].player == mover:
            # The moves out of turn come last: none here (the usual case).
            by_seat[mover] = moves
            self._queue = [mover]
        else:
            grouped: list[list[Move]] = [[] for _ in range(players)]
            for move in moves:
                grouped[move.player].append(move)
            for seat in range(players):
                by_seat[seat] = tuple(grouped[seat])
            # The engine's states are GameStates (it builds each as one).
            order = polling_order(cast("GameState", state))
            self._queue = [seat for seat in order if by_seat[seat]]
        self._by_seat = by_seat
        if not by_seat[mover]:
            raise AssertionError(f"the engine offers p{mover} no legal move\n{state}")
        self._ask_next()

    def _ask_next(self) -> None:
        queue = self._queue
        seat = queue[0]
        self._queue = queue[1:]
        self.actor = seat
        self.prefix = ()
        self._legal = None
        self._mask = None
        moves = self._by_seat[seat]
        self._moves = moves
        self._heads = [first_token(move) for move in moves]
        self._spells = []

    def replace_position(self, state: StateCore) -> None:
        """Replace the position by one the actor cannot tell apart from it (same moves, views)."""
        self.state = state
        self.kept = {}

    # -- questions ----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self.actor is None

    @property
    def may_decline(self) -> bool:
        """Whether the actor may ``decline`` now: it is not to move and has spelled nothing."""
        actor = self.actor
        return actor is not None and actor != self.state.to_move and not self.prefix

    def seat_moves(self, seat: int) -> tuple[Move, ...]:
        """The legal moves of ``seat`` in the current position (empty if it may not act)."""
        by_seat = self._by_seat
        if 0 <= seat < len(by_seat):
            return by_seat[seat]
        return ()

    def candidates(self) -> tuple[Move, ...]:
        """The actor's legal moves that begin with :attr:`prefix`."""
        return self._moves

    def legal_tokens(self) -> tuple[int, ...]:
        """The actor's legal tokens now, ascending (empty once the hand is over)."""
        legal = self._legal
        if legal is None:
            depth = len(self.prefix)
            found: set[int] = set()
            if depth:
                for tokens in self._spells:
                    found.add(tokens[depth])
            else:
                for head in self._heads:
                    found.add(head)
                if self.may_decline:
                    found.add(TOKEN_DECLINE)
            legal = self._legal = tuple(sorted(found))
        return legal

    def mask_bytes(self) -> bytes:
        """The legal tokens as ``TOKEN_COUNT`` bytes, 1 for a legal token, else 0."""
        mask = self._mask
        if mask is None:
            parts: list[bytes] = []
            at = 0
            for token in self.legal_tokens():
                parts.append(_NO_TOKENS[: token - at])
                parts.append(_ONE)
                at = token + 1
            parts.append(_NO_TOKENS[: TOKEN_COUNT - at])
            mask = self._mask = b"".join(parts)
        return mask

    def legal(self, token: int) -> bool:
        """Whether the actor may spell ``token`` now."""
        if self.actor is None:
            return False
        if token == TOKEN_DECLINE:
            return self.may_decline
        depth = len(self.prefix)
        if depth:
            return any(tokens[depth] == token for tokens in self._spells)
        return token in self._heads

    # -- tokens -------------------------------------------------------------------

    def spell_token(self, token: int) -> Move | None:
        """Spell ``token`` (a number ``0 <= token < TOKEN_COUNT``) for the actor.

        Returns the move it completes, once made, else ``None``.

        Raises:
            InvalidArgumentError: for a token that is not legal now (the game is unchanged).
        """
        actor = self.actor
        if actor is None:
            raise InvalidArgumentError("the hand is over: no token may be spelled")
        if token == TOKEN_DECLINE:
            if not self.may_decline:
                raise InvalidArgumentError(
                    f"p{actor} may not decline now (it is to move, or has begun a move)"
                )
            self._ask_next()
            return None
        prefix = self.prefix
        depth = len(prefix)
        moves = self._moves
        kept_moves: list[Move] = []
        kept_spells: list[tuple[int, ...]] = []
        if depth:
            spells = self._spells
            for index in range(len(spells)):
                tokens = spells[index]
                if tokens[depth] == token:
                    kept_moves.append(moves[index])
                    kept_spells.append(tokens)
        else:
            heads = self._heads
            for index in range(len(heads)):
                if heads[index] == token:
                    move = moves[index]
                    kept_moves.append(move)
                    kept_spells.append(spell(move))
        if not kept_moves:
            legal = ", ".join([TOKEN_NAMES[legal] for legal in self.legal_tokens()])
            raise InvalidArgumentError(
                f"token {shown(token)} is not legal for p{actor} now (legal: {legal})"
            )
        length = depth + 1
        for index in range(len(kept_spells)):
            if len(kept_spells[index]) == length:
                move = kept_moves[index]
                self.enter(reducer.apply_move(self.state, move))
                return move
        self.prefix = (*prefix, token)
        self._moves = tuple(kept_moves)
        self._spells = kept_spells
        self._legal = None
        self._mask = None
        return None

    def make(self, move: Move) -> None:
        """Make ``move``, a legal move of the actor beginning with what it has spelled.

        Raises:
            InvalidArgumentError: for any other move.
        """
        moves = self._moves
        found = False
        for candidate in moves:  # the engine's own move (a bot's choice): found by identity
            if candidate is move:
                found = True
                break
        if not found:
            for candidate in moves:
                if candidate == move:
                    found = True
                    break
        if found:
            self.enter(reducer.apply_move(self.state, move))
            return
        raise InvalidArgumentError(f"{move} is not a legal move of the actor (p{self.actor}) now")

    def declined(self) -> int:
        """How many seats have let their chance go by in the current position."""
        if self.actor is None:
            return 0
        asked = 0
        for moves in self._by_seat:
            if moves:
                asked = asked + 1
        return asked - 1 - len(self._queue)

    def copy_to(self, clone: TokenCore) -> None:
        """Make ``clone`` (a new, empty game) an independent copy of this one (positions shared)."""
        clone.state = self.state
        clone.actor = self.actor
        clone.prefix = self.prefix
        clone.kept = dict(self.kept)
        clone._by_seat = self._by_seat
        clone._queue = self._queue
        clone._moves = self._moves
        clone._heads = self._heads
        clone._spells = self._spells
        clone._legal = self._legal
        clone._mask = self._mask
