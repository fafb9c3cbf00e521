"""The token action space: every move spelled as a short sequence of tokens.

A learning or search library wants a fixed, numbered set of actions.  The
moves of 500 Rummy cannot be numbered one by one (a meld is any set of
cards, a take any depth of the pile), so each move is *spelled*: a short
sequence of tokens from a fixed vocabulary, one token per step.

======================  ===================================================
tokens                  meaning
======================  ===================================================
``draw``                draw from the stock (T1)
``end``, ``pass``       end the hand, draw nothing or end the final lay-offs (T6, E4)
``block``               block the dealer's joker (V7)
``decline``             let a chance to act out of turn go by
``stop``, ``double``    end the cards of a meld or lay-off (``double``: a doubled meld, V7)
``meld``                a new meld follows (its cards, then ``stop`` or ``double``)
``nominate E``          the dealer's nomination, ``E`` = wild, double or split (V7)
``discard C``           discard card ``C`` (one token per card, the joker included)
``take N``              take the top ``N`` discards (T2–T4)
``rummy N``             call "Rummy!", taking the top ``N`` discards (R1)
``split N``             split the pile at depth ``N`` with a joker (V7)
``layoff T``            a lay-off on table meld ``T`` follows (its cards, then ``stop``)
``7H``, ``JK=8H`` …     a meld card: a natural card, a declared joker (M4)
======================  ===================================================

A move is its tokens in notation order (:mod:`rummy500.notation`)::

    p1: draw                      -> draw
    p1: discard QC                -> discard QC
    p0: take 3 meld 4S 4H 4D      -> take 3, meld, 4S, 4H, 4D, stop
    p2: rummy 1 layoff 0 9H       -> rummy 1, layoff 0, 9H, stop
    p0: meld 6H 7H JK=8H          -> meld, 6H, 7H, JK=8H, stop

The spelling of a rule set is *prefix-free*: no move's tokens begin
another's, so a move is complete exactly when its last token is spelled.
(``take N`` stands alone exactly when the card taken need not be melded
at once, rule T3a: ``N = 1`` without ``top_discard_must_meld``.)  At every
step the legal tokens, the *mask*, are the next tokens of the legal moves
of the seat that acts which begin with what that seat has spelled so far.

The vocabulary is the same for every rule set and number of players: a
token means the same action under every preset, so one policy serves them
all.  Its families are sized for the largest deck the rules allow, ``D`` =
:data:`MAX_DECK` (two decks of 52 cards with four jokers each, 112 cards):

- depths ``1 … D`` for ``take``, ``rummy`` and ``split`` (the pile never
  holds more cards than the deck);
- table melds ``0 … D // 3 - 1`` for ``layoff`` (a meld has 3 cards or more).

So there are 555 tokens whatever the rules; the ones a rule set can never
use (``take 60`` with one deck, ``nominate wild`` without V7) are simply
never legal, so the mask always leaves them out:

>>> from rummy500 import Rules, new_game, legal_moves, parse_move
>>> from rummy500.adapters.actions import ActionSpace
>>> space = ActionSpace(Rules(), players=2)
>>> space.size, space.max_depth, space.max_melds
(555, 112, 37)
>>> ActionSpace(Rules(), players=6).names == space.names
True
>>> state = new_game(seed=7)
>>> move = parse_move(state, "p1: take 1")
>>> space.encode(move), space.describe(space.encode(move))
((64,), 'take 1')
>>> space.decode((64,), state) == move
True
>>> tokens = space.encode(parse_move(state, "p1: take 2 meld 4S 4H 4D"))
>>> space.describe(tokens)
'take 2 | meld | 4S | 4H | 4D | stop'

Out of turn, the seats with a "Rummy!" call or a meld out of turn (T9) are
offered their moves one after another in :func:`rummy500.polling_order`,
each with one more token, ``decline``, to let the chance go by; the seat to
move is asked last and may not decline.  :class:`TokenGame` plays a hand
this way, one token at a time:

>>> game = TokenGame(new_game(seed=7))
>>> game.actor, [space.name(token) for token in game.legal_tokens()]
(1, ['draw', 'take 1'])
>>> game.step(space.DRAW)
<Draw 'p1: draw'>
>>> game.actor, game.state.phase.value
(1, 'play')
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import attrs

import rummy500.presets as presets
from rummy500._engine import (
    TOKEN_COUNT,
    TOKEN_NAMES,
    VOCABULARY,
    TokenCore,
    first_token,
    legal_moves,
    spell,
)
from rummy500.cards import card_from_code, make_deck
from rummy500.errors import InvalidArgumentError, shown
from rummy500.meldcards import MELD_CARDS
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
    Split,
    Take,
)
from rummy500.rules import Rules
from rummy500.seating import side_of
from rummy500.state import GameState, HandResult, JokerEffect
from rummy500.views import KnownCards, PlayerView, make_view

__all__ = [
    "MAX_DECK",
    "ActionSpace",
    "TokenGame",
    "check_choice",
    "check_seat",
    "moves_by_seat",
    "reset_arguments",
    "resolve_rules",
    "token_of",
]

_EFFECTS: tuple[JokerEffect, ...] = tuple(JokerEffect)

#: The most cards a deck can hold under any rule set: two decks with four
#: jokers each (D1).  It sizes the vocabulary's ``take``, ``rummy``,
#: ``split`` and ``layoff`` families.
MAX_DECK = len(make_deck(2, 4))


@attrs.frozen(repr=False)
class ActionSpace:
    """The token vocabulary, with encode and decode for one rule set and number of players.

    Every token has the same number in every space, whatever the rules and
    the number of players: the fixed tokens are the class constants below,
    and the token families that follow them start at the attributes
    :attr:`discard`, :attr:`take`, :attr:`rummy`, :attr:`split`,
    :attr:`layoff` and :attr:`card` (the same in every space).  The rule set
    and the players only decide which tokens can ever be legal.

    Attributes:
        rules: The rule set (a preset's name is read as its rules).
        players: The number of players.
        max_depth: The deepest ``take``, ``rummy`` or ``split``: :data:`MAX_DECK`.
        max_melds: The number of ``layoff`` targets: :data:`MAX_DECK` divided by 3.
        deck: The number of cards in this rule set's deck for these players
            (the pile is never deeper).
        size: The number of tokens (the size of a ``Discrete`` action space): 555.
        discard: The token of ``discard`` the card with code 0 (``AS``);
            card code ``c`` (the joker is 52) has ``discard + c``.
        take: The token of ``take 1``; ``take N`` is ``take + N - 1``.
        rummy: The token of ``rummy 1``.
        split: The token of ``split 1``.
        layoff: The token of ``layoff 0``; ``layoff T`` is ``layoff + T``.
        card: The token of the meld card with code 0; meld card code ``k``
            (0–117, see :mod:`rummy500.meldcards`) has ``card + k``.
    """

    #: Draw from the stock.
    DRAW = 0
    #: End the hand (empty stock, T6).
    END = 1
    #: Draw nothing, or end the final lay-offs (T6, E4).
    PASS = 2
    #: Block the dealer's joker (V7).
    BLOCK = 3
    #: Let a chance to act out of turn go by.
    DECLINE = 4
    #: End the cards of a meld or a lay-off.
    STOP = 5
    #: End the cards of a new meld doubled by a joker (V7).
    DOUBLE = 6
    #: A new meld follows.
    MELD = 7
    #: ``nominate wild``; ``nominate double`` and ``nominate split`` follow (V7).
    NOMINATE = 8

    rules: Rules = attrs.field(factory=Rules, converter=presets.as_rules)
    players: int = 2
    max_depth: int = attrs.field(init=False)
    max_melds: int = attrs.field(init=False)
    deck: int = attrs.field(init=False)
    size: int = attrs.field(init=False)
    discard: int = attrs.field(init=False)
    take: int = attrs.field(init=False)
    rummy: int = attrs.field(init=False)
    split: int = attrs.field(init=False)
    layoff: int = attrs.field(init=False)
    card: int = attrs.field(init=False)
    _names: tuple[str, ...] = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise InvalidArgumentError(f"rules must be a Rules, got {shown(self.rules)}")
        self.rules.check_players(self.players)
        values = {
            **VOCABULARY,
            "deck": len(self.rules.deck(self.players)),
            "size": TOKEN_COUNT,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)
        object.__setattr__(self, "_names", TOKEN_NAMES)

    @classmethod
    def of(cls, state: GameState) -> ActionSpace:
        """The action space of ``state``'s rule set and number of players."""
        return cls(state.rules, state.num_players)

    @property
    def names(self) -> tuple[str, ...]:
        """The name of every token, by number (``"draw"``, ``"take 3"``, ``"JK=8H"`` …)."""
        return self._names

    def name(self, token: int) -> str:
        """The name of one token.

        Raises:
            InvalidArgumentError: for a number that is not a token of this space.
        """
        self._check_token(token)
        return self._names[token]

    def describe(self, tokens: Iterable[int]) -> str:
        """Tokens by name, separated by ``" | "`` (for messages and rendering)."""
        return " | ".join(self.name(token) for token in tokens)

    def completes_take(self, depth: int) -> bool:
        """Whether ``take depth`` is a whole move: the card need not be melded at once (T3a)."""
        return depth == 1 and not self.rules.top_discard_must_meld

    # -- encode ---------------------------------------------------------------

    def encode(self, move: Move) -> tuple[int, ...]:
        """The tokens that spell ``move`` (its seat is not spelled: the seat that acts spells it).

        Raises:
            InvalidArgumentError: for a depth or a table meld beyond this space's maxima,
                or a value that is not a move.
        """
        if type(move) not in MOVE_TYPES:
            raise InvalidArgumentError(f"not a move: {shown(move)}")
        return spell(move)

    def first_token(self, move: Move) -> int:
        """The first token of :meth:`encode` of ``move`` (cheaper for the common moves).

        >>> from rummy500 import new_game, parse_move
        >>> ActionSpace().first_token(parse_move(new_game(seed=7), "p1: take 1"))
        64
        """
        if type(move) not in MOVE_TYPES:
            raise InvalidArgumentError(f"not a move: {shown(move)}")
        return first_token(move)

    # -- decode ---------------------------------------------------------------

    def decode(self, tokens: Sequence[int], state: GameState, seat: int | None = None) -> Move:
        """The move that ``tokens`` spell, made by ``seat`` (default: ``state.to_move``).

        Like :func:`rummy500.parse_move`, this reads the spelling only, never
        legality: :func:`rummy500.check_move` says whether the move is legal.

        Raises:
            InvalidArgumentError: for tokens that spell no move (or more than one).
        """
        player = state.to_move if seat is None else seat
        tokens = tuple(tokens)
        for token in tokens:
            self._check_token(token)
        if not tokens:
            raise InvalidArgumentError("no tokens: a move has at least one")
        head, rest = tokens[0], tokens[1:]
        if head in (self.STOP, self.DOUBLE, self.DECLINE):
            raise InvalidArgumentError(f"no move begins with {self.name(head)!r}")
        if head < self.discard and head != self.MELD:
            self._expect_end(tokens, 1)
            return self._single(head, player)
        if self.discard <= head < self.take:
            self._expect_end(tokens, 1)
            return Discard(player, card_from_code(head - self.discard))
        if self.take <= head < self.rummy:
            depth = head - self.take + 1
            if not rest:
                return Take(player, depth)
            return Take(player, depth, self._decode_play(rest, player))
        if self.rummy <= head < self.split:
            return CallRummy(player, head - self.rummy + 1, self._decode_play(rest, player))
        if self.split <= head < self.layoff:
            return Split(player, head - self.split + 1, self._decode_play(rest, player))
        return self._decode_play(tokens, player)

    def _single(self, head: int, player: int) -> Move:
        if head == self.DRAW:
            return Draw(player)
        if head == self.END:
            return EndHand(player)
        if head == self.PASS:
            return Pass(player)
        if head == self.BLOCK:
            return Block(player)
        return Nominate(player, _EFFECTS[head - self.NOMINATE])

    def _decode_play(self, tokens: tuple[int, ...], player: int) -> MeldMove | LayoffMove:
        if not tokens:
            raise InvalidArgumentError("the tokens end where a meld or a lay-off must follow")
        head = tokens[0]
        end = next(
            (index for index, token in enumerate(tokens) if token in (self.STOP, self.DOUBLE)),
            None,
        )
        if end is None:
            raise InvalidArgumentError(
                f"the meld or lay-off {self.describe(tokens)!r} does not end with stop"
            )
        self._expect_end(tokens, end + 1)
        cards = tokens[1:end]
        if not cards or any(token < self.card for token in cards):
            raise InvalidArgumentError(
                f"a meld or lay-off spells one meld card or more: {self.describe(tokens)!r}"
            )
        specs = tuple(MELD_CARDS[token - self.card] for token in cards)
        if head == self.MELD:
            return MeldMove(player, specs, doubled=tokens[end] == self.DOUBLE)
        if self.layoff <= head < self.card and tokens[end] == self.STOP:
            return LayoffMove(player, head - self.layoff, specs)
        raise InvalidArgumentError(f"not a meld or a lay-off: {self.describe(tokens)!r}")

    def _expect_end(self, tokens: tuple[int, ...], length: int) -> None:
        if len(tokens) != length:
            raise InvalidArgumentError(
                f"the tokens {self.describe(tokens)!r} go on after a whole move"
            )

    def _check_token(self, token: int) -> None:
        if isinstance(token, bool) or not isinstance(token, int) or not 0 <= token < self.size:
            raise InvalidArgumentError(
                f"a token is a number 0..{self.size - 1}, got {shown(token)}"
            )

    # -- masks ----------------------------------------------------------------

    def next_tokens(
        self, moves: Iterable[Move], prefix: Sequence[int] = (), *, may_decline: bool = False
    ) -> tuple[int, ...]:
        """The tokens that continue one of ``moves`` after ``prefix``, ascending: the mask.

        Args:
            moves: The legal moves of the seat that acts.
            prefix: The tokens it has spelled so far.
            may_decline: Whether it may let its chance go by (it is not the seat to move);
                ``decline`` is then legal before the first token.
        """
        prefix = tuple(prefix)
        depth = len(prefix)
        found = {
            tokens[depth]
            for tokens in map(self.encode, moves)
            if len(tokens) > depth and tokens[:depth] == prefix
        }
        if may_decline and not prefix:
            found.add(self.DECLINE)
        return tuple(sorted(found))

    def mask(
        self, moves: Iterable[Move], prefix: Sequence[int] = (), *, may_decline: bool = False
    ) -> list[int]:
        """:meth:`next_tokens` as a list of 0 and 1 of length :attr:`size`."""
        mask = [0] * self.size
        for token in self.next_tokens(moves, prefix, may_decline=may_decline):
            mask[token] = 1
        return mask

    def __repr__(self) -> str:
        return f"<ActionSpace {self.players} players, {self.size} tokens>"


def token_of(action: Any, size: int) -> int:
    """``action`` as a token number, if it is an integer ``0 <= action < size``.

    The environments read their actions with it: a Python or NumPy integer
    (or a NumPy array holding one), never a float, a bool, ``None`` or text,
    which would otherwise be truncated or parsed into some token silently.

    >>> token_of(3, 555)
    3
    >>> token_of(0.7, 555)
    Traceback (most recent call last):
    ...
    rummy500.errors.InvalidArgumentError: an action is a token, an integer 0..554, got 0.7

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    if type(action) is int and 0 <= action < size:  # the common case, first
        return action
    value = action
    dtype = getattr(value, "dtype", None)
    if dtype is not None and getattr(value, "shape", None) == () and dtype.kind in "iu":
        value = value.item()
    if isinstance(value, numbers.Integral) and not isinstance(value, bool):
        token = int(value)
        if 0 <= token < size:
            return token
    raise InvalidArgumentError(
        f"an action is a token, an integer 0..{size - 1}, got {shown(action)}"
    )


def resolve_rules(
    rules: Rules | str | None, preset: str | None, players: int | None
) -> tuple[Rules, int]:
    """The rule set and number of players an environment is made with.

    ``rules`` and ``preset`` are alternatives (neither: the ``pagat``
    preset), and either may be a preset's name in any case
    (:func:`rummy500.presets.as_rules`); ``players`` defaults to the fewest
    the rules allow.

    Raises:
        InvalidArgumentError: for both ``rules`` and ``preset``, an unknown preset,
            or a bad player count.
    """
    if rules is not None and preset is not None:
        raise InvalidArgumentError("give rules or preset, not both")
    rules = presets.as_rules(preset if rules is None else rules)
    if players is None:
        players = rules.min_players
    rules.check_players(players)
    return rules, players


def check_choice(name: str, value: object, choices: Sequence[str]) -> str:
    """``value``, the option ``name`` of an environment, if it is one of ``choices``.

    Raises:
        InvalidArgumentError: naming the option and the value otherwise.
    """
    if not isinstance(value, str) or value not in choices:
        raise InvalidArgumentError(
            f"{name} must be one of {', '.join(map(repr, choices))}, got {shown(value)}"
        )
    return value


def reset_arguments(
    seed: object, options: object, rules: Rules, players: int, *, least: int | None = None
) -> tuple[int | None, GameState | None]:
    """The seed and the starting position of an environment's ``reset``, checked.

    ``seed`` is ``None`` or an integer (a NumPy integer too), at least
    ``least`` if given; ``options`` is ``None`` or a mapping whose
    ``"state"``, if any, is a :class:`~rummy500.GameState` of ``rules`` and
    ``players``.  Nothing is changed before they are checked.

    Raises:
        InvalidArgumentError: naming the value otherwise.
    """
    if seed is not None:
        if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
            raise InvalidArgumentError(f"seed must be None or an integer, got {shown(seed)}")
        seed = int(seed)
        if least is not None and seed < least:
            raise InvalidArgumentError(
                f"seed must be None or an integer of at least {least}, got {shown(seed)}"
            )
    if options is None:
        return seed, None
    if not isinstance(options, Mapping):
        raise InvalidArgumentError(f"options must be None or a dict, got {shown(options)}")
    state = options.get("state")
    if state is None:
        return seed, None
    if not isinstance(state, GameState):
        raise InvalidArgumentError(f"options['state'] must be a GameState, got {shown(state)}")
    if state.rules != rules or state.num_players != players:
        raise InvalidArgumentError(
            "options['state'] is a position of another rule set or number of players "
            "than the environment's"
        )
    return seed, state


def check_seat(seat: object, players: int) -> int:
    """``seat``, a learner's seat among ``players``.

    Raises:
        InvalidArgumentError: for anything but a whole number 0..players-1.
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgumentError(f"seat must be a seat 0..{players - 1}, got {shown(seat)}")
    return seat


def moves_by_seat(state: GameState) -> dict[int, tuple[Move, ...]]:
    """The legal moves of ``state`` grouped by the seat that makes them (engine order kept)."""
    moves = legal_moves(state)
    seat = state.to_move
    if all(move.player == seat for move in moves):  # no move out of turn: the usual case
        return {seat: tuple(moves)} if moves else {}
    grouped: dict[int, list[Move]] = {}
    for move in moves:
        grouped.setdefault(move.player, []).append(move)
    return {seat: tuple(moves) for seat, moves in grouped.items()}


class TokenGame(TokenCore):
    """A hand played one token at a time, as the environments play it.

    At each step one seat acts (:attr:`actor`): the seats with a move out of
    turn are asked first, in :func:`rummy500.polling_order`, each free to
    ``decline``; then the seat to move.  The actor spells one of its legal
    moves token by token (:meth:`legal_tokens`, :meth:`step`); when the last
    token is spelled the move is made and polling starts again.

    A token game is mutable; ``copy.copy`` and ``copy.deepcopy``
    give an independent game sharing the immutable states (cheap: search
    libraries copy states often).  Its playing part is compiled with the
    engine in the compiled build.

    Args:
        state: The position to start from.
        space: The action space (default: that of ``state``'s rules and players).

    Attributes:
        space: The action space.
        state: The current position.
        actor: The seat that acts now, or ``None`` once the hand is over.
        prefix: The tokens the actor has spelled so far.
    """

    __slots__ = ("space",)

    if TYPE_CHECKING:  # the engine's states are GameStates (it builds each as one)
        state: GameState

    def __init__(
        self,
        state: GameState,
        space: ActionSpace | None = None,
    ) -> None:
        if not isinstance(state, GameState):
            raise InvalidArgumentError(
                f"state must be a GameState (see rummy500.new_game), got {shown(state)}"
            )
        self.space = ActionSpace.of(state) if space is None else space
        if self.space.rules != state.rules or self.space.players != state.num_players:
            raise InvalidArgumentError(
                "the action space is for another rule set or number of players than the state"
            )
        super().__init__(state)

    # -- state ----------------------------------------------------------------

    @property
    def result(self) -> HandResult | None:
        """The hand's result once it is over."""
        return self.state.result

    def returns(self) -> tuple[float, ...]:
        """Each seat's reward for the hand: its score, or its side's under partnerships (V5).

        All 0 until the hand is over.
        """
        result = self.state.result
        players = self.state.num_players
        if result is None:
            return (0.0,) * players
        rules = self.state.rules
        if rules.partnerships and result.team_scores:
            return tuple(
                float(result.team_scores[side_of(rules, players, seat)]) for seat in range(players)
            )
        return tuple(float(score) for score in result.scores)

    def moves(self, seat: int) -> tuple[Move, ...]:
        """The legal moves of ``seat`` in the current position (empty if it may not act)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return ()
        return self.seat_moves(seat)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` sees of the current position (:func:`rummy500.observe`)."""
        kept = self.kept
        view = kept.get(seat)
        if view is None:
            view = kept[seat] = make_view(self.state, seat, None, self.moves(seat))
        assert isinstance(view, PlayerView)
        return view

    # -- tokens ---------------------------------------------------------------

    def is_legal(self, token: int) -> bool:
        """Whether the actor may spell ``token`` now."""
        if type(token) is not int:
            if isinstance(token, bool) or not isinstance(token, numbers.Integral):
                return False
            token = int(token)
        return self.legal(token)

    def step(self, token: int) -> Move | None:
        """Spell one token for the actor; the move it completes, once made, else ``None``.

        Raises:
            InvalidArgumentError: for a token that is not legal now (the game is unchanged).
        """
        if type(token) is not int:
            if isinstance(token, bool) or not isinstance(token, numbers.Integral):
                if self.actor is None:
                    raise InvalidArgumentError("the hand is over: no token may be spelled")
                legal = ", ".join(self.space.name(legal) for legal in self.legal_tokens())
                raise InvalidArgumentError(
                    f"token {shown(token)} is not legal for p{self.actor} now (legal: {legal})"
                )
            token = int(token)
        return self.spell_token(token)

    def play(self, move: Move) -> None:
        """Make a whole legal move of the actor at once (a bot's move), spelled or not.

        Raises:
            InvalidArgumentError: if ``move`` is not a legal move of the actor
                beginning with what it has spelled.
        """
        if type(move) not in MOVE_TYPES:
            raise InvalidArgumentError(f"{shown(move)} is not a legal move of the actor now")
        self.make(move)

    def decline(self) -> None:
        """Let the actor's chance to act out of turn go by (the ``decline`` token)."""
        self.spell_token(ActionSpace.DECLINE)

    @property
    def known(self) -> KnownCards:
        """The cards each seat is known to hold (the state's ``known``)."""
        return KnownCards(self.state.known)

    def replace_state(self, state: GameState) -> None:
        """Replace the position by one the actor cannot tell apart from it.

        For chance nodes (the OpenSpiel adapter orders the stock as cards are
        drawn): ``state`` must have the same legal moves and views, e.g. the
        same state with its stock in another order.  The actor, the spelling
        and the polling are kept.
        """
        if not isinstance(state, GameState):
            raise InvalidArgumentError(f"state must be a GameState, got {shown(state)}")
        self.replace_position(state)

    # -- copying ----------------------------------------------------------------

    def __copy__(self) -> TokenGame:
        clone = TokenGame.__new__(TokenGame)
        self.copy_to(clone)
        clone.space = self.space
        return clone

    def __deepcopy__(self, memo: dict[int, Any]) -> TokenGame:
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        # The position, the seats that let their chance go by, the tokens spelled: replayed.
        return (_replayed, (self.state, self.space, self.declined(), self.prefix))

    def __repr__(self) -> str:
        if self.actor is None:
            return f"<TokenGame over, {self.state!r}>"
        spelled = f", spelled {self.space.describe(self.prefix)!r}" if self.prefix else ""
        return f"<TokenGame p{self.actor} to act{spelled}, {self.state!r}>"


def _replayed(
    state: GameState, space: ActionSpace, declined: int, prefix: tuple[int, ...]
) -> TokenGame:
    """The token game at ``state``, ``declined`` seats past and ``prefix`` spelled.

    What a pickled token game holds: its position, the seats that let their
    chance go by and the tokens the actor has spelled, replayed.
    """
    game = TokenGame(state, space)
    for _ in range(declined):
        game.decline()
    for token in prefix:
        game.step(token)
    return game
