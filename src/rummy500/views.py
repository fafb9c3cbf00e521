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

import enum
import json
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from rummy500._engine import legal_moves as all_legal_moves
from rummy500._engine.dead_ends import mover_stranded
from rummy500._engine.known import known_after
from rummy500._engine.scoring import table_points
from rummy500.cards import Card, as_cards, parse_card
from rummy500.errors import (
    InvalidArgumentError,
    InvalidMeldError,
    NotationError,
    PositionError,
    shown,
)
from rummy500.meldcards import parse_meld_card
from rummy500.melds import make_meld
from rummy500.moves import CallRummy, Move, Split, Take
from rummy500.notation import parse_move
from rummy500.positions import (
    FORMAT,
    MAX_JSON_DEPTH,
    MAX_POSITION_LENGTH,
    load_json,
    meld_to_dict,
    rules_from_data,
    rules_to_data,
    too_deep,
)
from rummy500.rules import Rules
from rummy500.state import (
    EndReason,
    GameState,
    HandResult,
    JokerEffect,
    Phase,
    TableMeld,
    floating_seats,
    jokers_wild,
    open_cards,
    table_cards,
    table_text,
)

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


def _to_known(value: Iterable[str | Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(as_cards(cards))) for cards in value)


@attrs.frozen(repr=False)
class KnownCards:
    """The cards each seat is known to hold, as every player at the table knows them.

    A thin helper: the state keeps the same cards in
    :attr:`GameState.known <rummy500.state.GameState.known>` (maintained by
    :func:`rummy500.apply_move`), which :func:`observe` shows without one.
    A tracker is for code that follows the known cards beside the states,
    or passes them to :func:`observe` explicitly.

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
    rejected by :func:`observe`.

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
    after = known_after(before, move)
    return known if after == known.cards else KnownCards(after)


@attrs.frozen(repr=False, cache_hash=True)
class PlayerView:
    """One seat's view of a hand: everything that seat may know, and nothing more.

    Build one with :func:`observe`.  Views are frozen and compare by value:
    two states that differ only in what the seat cannot see give equal views.

    Attributes:
        seat: The seat whose view this is.
        rules: The rule set.
        dealer: The dealer's seat.
        to_move: The seat whose turn it is.
        phase: The phase of that seat's turn.
        hand: The seat's own cards, sorted; empty while the dealer nominates
            under dealer's gambit, before anyone looks at their cards (V7).
        hand_sizes: How many cards each seat holds.
        known: For each seat, the cards it is known to hold (see
            :class:`KnownCards`); the seat's own entry is ``()`` (its whole
            hand is :attr:`hand`).  Once the hand is over the hands are laid
            open for the count (S2), so every other seat's entry is its
            whole hand.
        stock_size: How many cards the stock holds.
        discard: The discard pile, oldest first (top last); it is spread
            face up (D8).
        melds: The table melds with their credits (L5).
        last_discarder: The seat that discarded last, while the "Rummy!"
            window of that discard is open, else ``None``.
        taken: The cards the seat to move took from the pile this turn
            (public: everyone sees what is taken from the pile).
        opened: The seats that have opened (T8).
        turn_points: Points of the new melds laid down this turn (T8).
        turn_cards: Cards the seat to move put on the table this turn.
        turn_longest_run: The longest run laid down this turn (S5).
        stock_rebuilds: How many times the stock was rebuilt from the pile (T6).
        idle_turns: Turns in a row ended with an empty stock and nothing put
            on the table (T6 ``play_on``).
        went_out: The seat that went out (final lay-offs, or hand over), else ``None``.
        went_out_rummy: Whether that seat went out in one turn (S3).
        went_out_long_run: Whether that seat laid down a run of 7 or more as
            it went out (S5).
        result: The result once the hand is over, else ``None``.
        legal_moves: The legal moves of this seat (those with
            ``move.player == seat``), in the engine's order; empty when the
            seat may not act now.  They depend on the seat's own hand and
            the public fields only, with one exception: under
            ``out_of_turn_melding`` the engine refuses an out-of-turn play
            that would leave the player to move unable to end the turn (T9,
            N1), and whether it would depends on that player's hand.
        joker_effect: Dealer's gambit: what jokers do this hand, once nominated (V7).
        dealer_joker: Dealer's gambit: whether the dealer's joker lies beside the stock.
        blocked_by: Dealer's gambit: the seat that blocked the dealer's joker, if any.
        dead: Dealer's gambit: the cards out of play (all public: they came
            from the pile, or are jokers).
    """

    seat: int
    rules: Rules
    dealer: int
    to_move: int
    phase: Phase
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    known: tuple[tuple[Card, ...], ...]
    stock_size: int
    discard: tuple[Card, ...]
    melds: tuple[TableMeld, ...]
    last_discarder: int | None
    taken: tuple[Card, ...]
    opened: frozenset[int]
    turn_points: int
    turn_cards: int
    turn_longest_run: int
    stock_rebuilds: int
    idle_turns: int
    went_out: int | None
    went_out_rummy: bool
    went_out_long_run: bool
    result: HandResult | None
    legal_moves: tuple[Move, ...]
    joker_effect: JokerEffect | None = None
    dealer_joker: bool = False
    blocked_by: int | None = None
    dead: tuple[Card, ...] = ()

    @property
    def blind(self) -> bool:
        """Whether the seat does not see its own hand yet (dealer's gambit nomination, V7)."""
        return self.phase is Phase.NOMINATE

    @property
    def num_players(self) -> int:
        """The number of players."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the hand is over."""
        return self.phase is Phase.OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether this seat is the one to move (and must move: it may not decline)."""
        return self.seat == self.to_move and not self.is_over

    @property
    def floating(self) -> tuple[int, ...]:
        """The seats floating with an empty hand (E2 ``floating``)."""
        return floating_seats(self.phase, self.hand_sizes)

    @property
    def jokers_wild(self) -> bool:
        """Whether jokers are wild this hand (M4, and the dealer's nomination under V7)."""
        return jokers_wild(self.rules, self.joker_effect)

    @property
    def melded_points(self) -> tuple[int, ...]:
        """Each seat's points on the table so far (its melds and lay-offs, L5)."""
        return tuple(table_points(self.melds, self.rules, self.num_players))

    @property
    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see, sorted: the rest of the other hands and the stock.

        That is the rule set's deck less the own hand, the pile, the table
        melds and every known card.  Its length is the stock size plus the
        other hands' sizes less their known cards (and, while the dealer
        nominates under dealer's gambit, the seat's own hand).

        Raises:
            InvalidArgumentError: if the view's cards do not fit in the rule set's deck.
        """
        left = Counter(self.rules.deck(self.num_players))
        seen = open_cards(self.discard, self.melds, self.dealer_joker, self.dead)
        seen.update(self.hand)
        for cards in self.known:
            seen.update(cards)
        if seen - left:
            extra = " ".join(map(str, sorted((seen - left).elements())))
            raise InvalidArgumentError(
                f"the view shows cards the rule set's deck does not hold: {extra}"
            )
        left.subtract(seen)
        return tuple(sorted(left.elements()))

    def to_dict(self) -> dict[str, Any]:
        """The view as a JSON-ready dict.

        The keys follow the position format (:mod:`rummy500.positions`),
        with ``seat``, ``hand``, ``hand_sizes``, ``known``, ``stock_size``
        and ``legal_moves`` (in notation) instead of the hidden ``hands``,
        ``stock`` and ``seed``; every key is always present.

        >>> from rummy500 import new_game
        >>> data = observe(new_game(seed=7), 1).to_dict()
        >>> data["hand_sizes"], data["stock_size"], data["legal_moves"]
        ([13, 13], 27, ['p1: draw', 'p1: take 1'])
        >>> sorted(set(new_game(seed=7).to_dict()) - set(data))
        ['hands', 'seed', 'stock']
        """
        return {
            "format": FORMAT,
            "seat": self.seat,
            "rules": rules_to_data(self.rules),
            "dealer": self.dealer,
            "to_move": self.to_move,
            "phase": self.phase.value,
            "hand": [str(card) for card in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "known": [[str(card) for card in cards] for cards in self.known],
            "stock_size": self.stock_size,
            "discard": [str(card) for card in self.discard],
            "melds": [meld_to_dict(table_meld) for table_meld in self.melds],
            "last_discarder": self.last_discarder,
            "turn": {
                "taken": [str(card) for card in self.taken],
                "points": self.turn_points,
                "cards": self.turn_cards,
                "longest_run": self.turn_longest_run,
            },
            "opened": sorted(self.opened),
            "stock_rebuilds": self.stock_rebuilds,
            "idle_turns": self.idle_turns,
            "went_out": None
            if self.went_out is None
            else {
                "seat": self.went_out,
                "rummy": self.went_out_rummy,
                "long_run": self.went_out_long_run,
            },
            "result": None if self.result is None else result_to_dict(self.result),
            "legal_moves": [str(move) for move in self.legal_moves],
            "gambit": None
            if not self.rules.dealers_gambit
            else {
                "effect": None if self.joker_effect is None else self.joker_effect.value,
                "dealer_joker": self.dealer_joker,
                "blocked_by": self.blocked_by,
                "dead": [str(card) for card in self.dead],
            },
        }

    def to_json(self) -> str:
        """The view as compact JSON text (see :meth:`to_dict`)."""
        return json.dumps(self.to_dict(), separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> PlayerView:
        """Rebuild a view from :meth:`to_dict`'s output, checking everything.

        ``PlayerView.from_dict(view.to_dict()) == view`` for every view:
        a client in Python reads what a server wrote.  Every key must be
        there (none other), with values of the exact JSON types; the cards
        must fit in the rule set's deck and the counts must add up; the
        legal moves are read in notation, and must be the seat's.

        Raises:
            PositionError: (a :class:`ValueError`) naming the offending key and value.

        >>> from rummy500 import new_game
        >>> view = observe(new_game(seed=7), 1)
        >>> PlayerView.from_dict(view.to_dict()) == view
        True
        >>> PlayerView.from_dict({**view.to_dict(), "seat": 2})
        Traceback (most recent call last):
        ...
        rummy500.errors.PositionError: view 'seat': expected a seat 0..1, got 2
        """
        return _view_from_dict(data)

    @classmethod
    def from_json(cls, text: str | bytes) -> PlayerView:
        """Rebuild a view from :meth:`to_json`'s output (at most 1,000,000 characters).

        Raises:
            PositionError: (a :class:`ValueError`) for text that is not a valid view.
        """
        return _view_from_dict(load_json(text, "view", MAX_POSITION_LENGTH, PositionError))

    def __repr__(self) -> str:
        turn = "hand over" if self.is_over else f"p{self.to_move} to {self.phase.value}"
        return (
            f"<PlayerView p{self.seat} of {self.num_players}: {turn}, hand {len(self.hand)}, "
            f"stock {self.stock_size}, pile {len(self.discard)}, {len(self.melds)} melds, "
            f"{len(self.legal_moves)} legal moves>"
        )

    def __str__(self) -> str:
        hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                shown = ["??"] * size if self.blind else list(map(str, self.hand))
                cards = " ".join(shown) + "  (you)"
            elif len(self.known[seat]) == size:
                cards = " ".join(map(str, self.known[seat]))
            else:
                hidden = size - len(self.known[seat])
                cards = " ".join(["??"] * hidden + [str(card) for card in self.known[seat]])
            hands.append((size, cards))
        return table_text(self, hands, self.stock_size)


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """Every field of a hand result, JSON-ready (tuples as lists, enums as their values).

    Views (:meth:`PlayerView.to_dict`) and session events write results with it.
    """
    data: dict[str, Any] = {}
    for field in attrs.fields(HandResult):
        value = getattr(result, field.name)
        if isinstance(value, tuple):
            value = list(value)
        elif isinstance(value, enum.Enum):
            value = value.value
        data[field.name] = value
    return data


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
    engine's order.
    """
    _check_seat(state, seat)
    if known is None:
        known = KnownCards(state.known)
    _check_known(state, known)
    if state.is_over:  # the hands are laid open for the count (S2)
        shown = tuple(() if other == seat else hand for other, hand in enumerate(state.hands))
    else:
        shown = known.cards[:seat] + ((),) + known.cards[seat + 1 :]
    return PlayerView(
        seat=seat,
        rules=state.rules,
        dealer=state.dealer,
        to_move=state.to_move,
        phase=state.phase,
        hand=() if state.phase is Phase.NOMINATE else state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        known=shown,
        stock_size=len(state.stock),
        discard=state.discard,
        melds=state.melds,
        last_discarder=state.last_discarder,
        taken=state.taken,
        opened=state.opened,
        turn_points=state.turn_points,
        turn_cards=state.turn_cards,
        turn_longest_run=state.turn_longest_run,
        stock_rebuilds=state.stock_rebuilds,
        idle_turns=state.idle_turns,
        went_out=state.went_out,
        went_out_rummy=state.went_out_rummy,
        went_out_long_run=state.went_out_long_run,
        result=state.result,
        legal_moves=moves,
        joker_effect=state.joker_effect,
        dealer_joker=state.dealer_joker,
        blocked_by=state.blocked_by,
        dead=state.dead,
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
            f"a stock of {view.stock_size} and hidden hands of {_hidden_sizes(view)}"
        )
    return GameState(
        rules=view.rules,
        dealer=view.dealer,
        to_move=view.to_move,
        phase=view.phase,
        hands=tuple(hands),
        stock=stock,
        discard=view.discard,
        melds=view.melds,
        last_discarder=view.last_discarder,
        taken=view.taken,
        result=view.result,
        seed=seed,
        opened=view.opened,
        turn_points=view.turn_points,
        turn_cards=view.turn_cards,
        turn_longest_run=view.turn_longest_run,
        stock_rebuilds=view.stock_rebuilds,
        idle_turns=view.idle_turns,
        went_out=view.went_out,
        went_out_rummy=view.went_out_rummy,
        went_out_long_run=view.went_out_long_run,
        joker_effect=view.joker_effect,
        dealer_joker=view.dealer_joker,
        blocked_by=view.blocked_by,
        dead=view.dead,
        known=view.known,
    )


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


def _hidden_sizes(view: PlayerView) -> Sequence[int]:
    return [
        0 if seat == view.seat and not view.blind else size - len(view.known[seat])
        for seat, size in enumerate(view.hand_sizes)
    ]


# ---------------------------------------------------------------------------
# Reading a view back from its dict

_VIEW_KEYS = frozenset(
    {
        "format",
        "seat",
        "rules",
        "dealer",
        "to_move",
        "phase",
        "hand",
        "hand_sizes",
        "known",
        "stock_size",
        "discard",
        "melds",
        "last_discarder",
        "turn",
        "opened",
        "stock_rebuilds",
        "idle_turns",
        "went_out",
        "result",
        "legal_moves",
        "gambit",
    }
)
_TURN_KEYS = frozenset({"taken", "points", "cards", "longest_run"})
_WENT_OUT_KEYS = frozenset({"seat", "rummy", "long_run"})
_GAMBIT_KEYS = frozenset({"effect", "dealer_joker", "blocked_by", "dead"})
_MELD_KEYS = frozenset({"cards", "by", "multiplier", "doubled"})
_RESULT_KEYS = frozenset(field.name for field in attrs.fields(HandResult))


def _bad(where: str, message: str) -> PositionError:
    return PositionError(f"view {where!r}: {message}")


def _keys(value: Any, where: str, required: frozenset[str], allowed: frozenset[str]) -> None:
    if not isinstance(value, Mapping):
        raise _bad(where, f"expected a dict, got {shown(value)}")
    missing = sorted(required - set(value))
    if missing:
        raise _bad(where, f"missing keys {shown(missing)}")
    unknown = sorted((key for key in value if key not in allowed), key=shown)
    if unknown:
        raise _bad(where, f"unknown keys {shown(unknown)}")


def _int(value: Any, where: str, low: int | None = 0, high: int | None = None) -> int:
    if type(value) is not int or (low is not None and value < low):
        kind = "an integer" if low is None else f"a whole number of {low} or more"
        raise _bad(where, f"expected {kind}, got {shown(value)}")
    if high is not None and value > high:
        raise _bad(where, f"expected at most {high}, got {shown(value)}")
    return value


def _ints(value: Any, where: str, size: int | None, low: int | None) -> tuple[int, ...]:
    if not isinstance(value, list) or (size is not None and len(value) != size):
        count = "" if size is None else f" of {size}"
        raise _bad(where, f"expected a list{count} of integers, got {shown(value)}")
    return tuple(_int(item, f"{where}[{index}]", low) for index, item in enumerate(value))


def _bool(value: Any, where: str) -> bool:
    if type(value) is not bool:
        raise _bad(where, f"expected true or false, got {shown(value)}")
    return value


def _seat_of(value: Any, where: str, players: int) -> int:
    if type(value) is not int or not 0 <= value < players:
        raise _bad(where, f"expected a seat 0..{players - 1}, got {shown(value)}")
    return value


def _maybe_seat(value: Any, where: str, players: int) -> int | None:
    return None if value is None else _seat_of(value, where, players)


def _card_list(value: Any, where: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise _bad(where, f"expected a list of cards, got {shown(value)}")
    cards = []
    for index, text in enumerate(value):
        if not isinstance(text, str):
            raise _bad(f"{where}[{index}]", f"expected a card, got {shown(text)}")
        try:
            card = parse_card(text)
        except NotationError as error:
            raise _bad(f"{where}[{index}]", str(error)) from None
        if str(card) != text:
            raise _bad(f"{where}[{index}]", f"expected a card as {str(card)!r}, got {shown(text)}")
        cards.append(card)
    return tuple(cards)


def _sorted_cards(value: Any, where: str) -> tuple[Card, ...]:
    cards = _card_list(value, where)
    if list(cards) != sorted(cards):
        raise _bad(where, f"the cards are not in order, got {shown(value)}")
    return cards


def _enum_of(kind: type[enum.Enum], value: Any, where: str) -> Any:
    values = [member.value for member in kind]
    if not isinstance(value, str) or value not in values:
        raise _bad(where, f"expected one of {', '.join(map(repr, values))}, got {shown(value)}")
    return kind(value)


def _view_melds(value: Any, rules: Rules, players: int) -> tuple[TableMeld, ...]:
    if not isinstance(value, list):
        raise _bad("melds", f"expected a list of melds, got {shown(value)}")
    melds = []
    for number, item in enumerate(value):
        where = f"melds[{number}]"
        _keys(item, where, frozenset({"cards", "by"}), _MELD_KEYS)
        cards = item["cards"]
        if not isinstance(cards, list) or not all(isinstance(text, str) for text in cards):
            raise _bad(f"{where}.cards", f"expected a list of meld cards, got {shown(cards)}")
        try:
            meld = make_meld([parse_meld_card(text) for text in cards], rules)
        except (NotationError, InvalidMeldError) as error:
            raise _bad(f"{where}.cards", str(error)) from None
        if [str(spec) for spec in meld.specs] != cards:
            raise _bad(f"{where}.cards", f"not in meld order: expected {meld}")
        by = item["by"]
        if not isinstance(by, list) or len(by) != len(cards):
            raise _bad(f"{where}.by", f"expected one seat per card, got {shown(by)}")
        seats = tuple(_seat_of(seat, f"{where}.by[{i}]", players) for i, seat in enumerate(by))
        doubled = _bool(item.get("doubled", False), f"{where}.doubled")
        if "doubled" in item and not doubled:
            raise _bad(f"{where}.doubled", "written only when true")
        multiplier = _int(item.get("multiplier", 1), f"{where}.multiplier", 1)
        if "multiplier" in item and multiplier == 1:
            raise _bad(f"{where}.multiplier", "written only when not 1")
        melds.append(TableMeld(meld, seats, multiplier, doubled))
    return tuple(melds)


def _view_result(value: Any, players: int) -> HandResult | None:
    if value is None:
        return None
    _keys(value, "result", _RESULT_KEYS, _RESULT_KEYS)
    team_scores = _ints(value["team_scores"], "result.team_scores", None, None)
    if len(team_scores) not in (0, 2):
        raise _bad("result.team_scores", f"expected 0 or 2 scores, got {shown(team_scores)}")
    return HandResult(
        scores=_ints(value["scores"], "result.scores", players, None),
        melded=_ints(value["melded"], "result.melded", players, None),
        in_hand=_ints(value["in_hand"], "result.in_hand", players, None),
        went_out=_maybe_seat(value["went_out"], "result.went_out", players),
        reason=_enum_of(EndReason, value["reason"], "result.reason"),
        bonuses=_ints(value["bonuses"], "result.bonuses", None, None),
        going_rummy=_bool(value["going_rummy"], "result.going_rummy"),
        team_scores=team_scores,
    )


def _view_moves(value: Any, reader: GameState, seat: int) -> tuple[Move, ...]:
    if not isinstance(value, list):
        raise _bad("legal_moves", f"expected a list of moves, got {shown(value)}")
    moves = []
    for index, text in enumerate(value):
        where = f"legal_moves[{index}]"
        if not isinstance(text, str):
            raise _bad(where, f"expected a move in notation, got {shown(text)}")
        try:
            move = parse_move(reader, text)
        except NotationError as error:
            raise _bad(where, str(error)) from None
        if move.player != seat or str(move) != text:
            raise _bad(
                where, f"expected a move of p{seat} in canonical notation, got {shown(text)}"
            )
        moves.append(move)
    if len(set(moves)) != len(moves):
        raise _bad("legal_moves", "a move is listed twice")
    return tuple(moves)


def _view_from_dict(data: Any) -> PlayerView:
    """:meth:`PlayerView.from_dict`."""
    if isinstance(data, Mapping) and too_deep(data):
        raise PositionError(f"a view nests lists and dicts more than {MAX_JSON_DEPTH} deep")
    _keys(data, "view", _VIEW_KEYS, _VIEW_KEYS)
    if type(data["format"]) is not int or data["format"] != FORMAT:
        raise _bad("format", f"expected {FORMAT}, got {shown(data['format'])}")
    try:
        rules = rules_from_data(data["rules"])
    except ValueError as error:
        raise _bad("rules", str(error)) from None
    hand_sizes = _ints(data["hand_sizes"], "hand_sizes", None, 0)
    players = len(hand_sizes)
    try:
        rules.check_players(players)
    except InvalidArgumentError as error:
        raise _bad("hand_sizes", str(error)) from None
    seat = _seat_of(data["seat"], "seat", players)
    phase = _enum_of(Phase, data["phase"], "phase")
    hand = _sorted_cards(data["hand"], "hand")
    expected = 0 if phase is Phase.NOMINATE else hand_sizes[seat]
    if len(hand) != expected:
        raise _bad("hand", f"expected {expected} cards (hand_sizes[{seat}]), got {len(hand)}")
    known_data = data["known"]
    if not isinstance(known_data, list) or len(known_data) != players:
        raise _bad("known", f"expected a list of {players} lists of cards, got {shown(known_data)}")
    known = tuple(_sorted_cards(cards, f"known[{i}]") for i, cards in enumerate(known_data))
    for other, cards in enumerate(known):
        if other == seat and cards:
            raise _bad(f"known[{other}]", "the seat's own entry is empty (its hand is 'hand')")
        if len(cards) > hand_sizes[other]:
            raise _bad(f"known[{other}]", f"more cards than p{other} holds ({hand_sizes[other]})")
    turn = data["turn"]
    _keys(turn, "turn", _TURN_KEYS, _TURN_KEYS)
    went_out_data = data["went_out"]
    went_out, went_out_rummy, went_out_long_run = None, False, False
    if went_out_data is not None:
        _keys(went_out_data, "went_out", _WENT_OUT_KEYS, _WENT_OUT_KEYS)
        went_out = _seat_of(went_out_data["seat"], "went_out.seat", players)
        went_out_rummy = _bool(went_out_data["rummy"], "went_out.rummy")
        went_out_long_run = _bool(went_out_data["long_run"], "went_out.long_run")
    opened = _ints(data["opened"], "opened", None, 0)
    if list(opened) != sorted(set(opened)) or any(other >= players for other in opened):
        raise _bad("opened", f"expected distinct seats in order, got {shown(data['opened'])}")
    gambit = data["gambit"]
    effect, dealer_joker, blocked_by = None, False, None
    dead: tuple[Card, ...] = ()
    if not rules.dealers_gambit:
        if gambit is not None:
            raise _bad("gambit", f"expected null without dealer's gambit, got {shown(gambit)}")
    else:
        _keys(gambit, "gambit", _GAMBIT_KEYS, _GAMBIT_KEYS)
        if gambit["effect"] is not None:
            effect = _enum_of(JokerEffect, gambit["effect"], "gambit.effect")
        dealer_joker = _bool(gambit["dealer_joker"], "gambit.dealer_joker")
        blocked_by = _maybe_seat(gambit["blocked_by"], "gambit.blocked_by", players)
        dead = _card_list(gambit["dead"], "gambit.dead")
    dealer = _seat_of(data["dealer"], "dealer", players)
    to_move = _seat_of(data["to_move"], "to_move", players)
    discard = _card_list(data["discard"], "discard")
    melds = _view_melds(data["melds"], rules, players)
    reader = GameState(rules, dealer, to_move, phase, ((),) * players, (), discard, melds)
    view = PlayerView(
        seat=seat,
        rules=rules,
        dealer=dealer,
        to_move=to_move,
        phase=phase,
        hand=hand,
        hand_sizes=hand_sizes,
        known=known,
        stock_size=_int(data["stock_size"], "stock_size"),
        discard=discard,
        melds=melds,
        last_discarder=_maybe_seat(data["last_discarder"], "last_discarder", players),
        taken=_card_list(turn["taken"], "turn.taken"),
        opened=frozenset(opened),
        turn_points=_int(turn["points"], "turn.points"),
        turn_cards=_int(turn["cards"], "turn.cards"),
        turn_longest_run=_int(turn["longest_run"], "turn.longest_run"),
        stock_rebuilds=_int(data["stock_rebuilds"], "stock_rebuilds"),
        idle_turns=_int(data["idle_turns"], "idle_turns"),
        went_out=went_out,
        went_out_rummy=went_out_rummy,
        went_out_long_run=went_out_long_run,
        result=_view_result(data["result"], players),
        legal_moves=_view_moves(data["legal_moves"], reader, seat),
        joker_effect=effect,
        dealer_joker=dealer_joker,
        blocked_by=blocked_by,
        dead=dead,
    )
    try:
        hidden = len(view.unseen)
    except InvalidArgumentError as error:
        raise _bad("view", str(error)) from None
    if hidden != view.stock_size + sum(_hidden_sizes(view)):
        raise _bad(
            "view",
            f"the counts do not match the cards: {hidden} unseen cards for a stock of "
            f"{view.stock_size} and hidden hands of {list(_hidden_sizes(view))}",
        )
    return view
