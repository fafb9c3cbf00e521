"""What one seat sees of a hand: player views, known cards, and determinization.

A :class:`~rummy500.state.GameState` is the referee's view: it holds every
hand and the order of the stock.  A bot, a client or a search must only see
what its seat sees.  :func:`observe` cuts that out of a state:

- the seat's own hand, and every other hand as a count;
- the cards each other seat is **known** to hold: the cards it took from the
  discard pile and has not put on the table or discarded since (see
  :class:`KnownCards`);
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

**Known cards need the history.**  A state does not record how it was
reached, so it cannot say which cards a seat took from the pile three turns
ago.  Whoever applies the moves keeps a :class:`KnownCards` beside the state
and updates it with :func:`track` (as python-chess keeps a move stack beside
its board; :func:`rummy500.bots.play_hand` does this for you):

>>> from rummy500 import apply_move, parse_move
>>> from rummy500.views import KnownCards, track
>>> known = KnownCards.start(state)
>>> move = parse_move(state, "take 1")
>>> state, known = apply_move(state, move), track(known, state, move)
>>> known
KnownCards(['', '6H'])
>>> observe(state, 0, known).known
((), (Card.parse('6H'),))

**Determinization.**  :func:`resample` deals the cards a seat cannot see at
random, giving a full state consistent with its view, as search algorithms
over hidden information need (determinized Monte Carlo search, information
set MCTS):

>>> import random
>>> from rummy500.views import resample
>>> view = observe(state, 0, known)
>>> guess = resample(view, random.Random(1))
>>> guess.hands[0] == state.hands[0], "6H" in map(str, guess.hands[1])
(True, True)
>>> observe(guess, 0, known) == view
True
"""

from __future__ import annotations

import enum
import json
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from rummy500._engine import legal_moves as all_legal_moves
from rummy500._engine.gambit import dealer_reserve, spend
from rummy500._engine.plays import physical
from rummy500._engine.scoring import table_points
from rummy500.cards import JOKER, Card, as_cards, card_from_code
from rummy500.errors import InvalidArgumentError
from rummy500.moves import Block, CallRummy, Discard, LayoffMove, MeldMove, Move, Split, Take
from rummy500.positions import FORMAT, meld_to_dict, rules_to_data
from rummy500.rules import Rules, RummyCall
from rummy500.state import (
    GameState,
    HandResult,
    JokerEffect,
    Phase,
    TableMeld,
    floating_seats,
    jokers_wild,
    open_cards,
    table_text,
)

__all__ = ["KnownCards", "PlayerView", "make_view", "observe", "resample", "track"]


def _to_known(value: Iterable[str | Iterable[Card | str]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(as_cards(cards))) for cards in value)


@attrs.frozen(repr=False)
class KnownCards:
    """The cards each seat is known to hold, as every player at the table knows them.

    A card becomes known when a seat takes it from the discard pile (a take,
    or a "Rummy!" call) and it goes to that seat's hand; it stops being known
    when that seat melds, lays off or discards a card identical to it.  With
    two decks identical cards are interchangeable, so after playing one of
    two identical cards a seat is known to hold one fewer: the known cards
    are exactly what can be deduced from the public moves, never more.
    Cards drawn from the stock are never known to the other seats.

    This is public information (every move it is built from is public), so
    one tracker serves every seat; :func:`observe` shows a seat the entries
    of the others.  Start one with :meth:`start` at the deal and update it
    with :func:`track` (or :meth:`after`) on every move.

    Attributes:
        cards: For each seat, the cards it is known to hold (sorted); the
            constructor also accepts card text (``KnownCards(["", "7H 8H"])``).

    >>> KnownCards(["", "8H 7H"]).of(1)
    (Card.parse('7H'), Card.parse('8H'))
    """

    cards: tuple[tuple[Card, ...], ...] = attrs.field(converter=_to_known)

    @classmethod
    def start(cls, state: GameState) -> KnownCards:
        """Nothing known: the tracker of a freshly dealt hand (or of a state without history)."""
        return cls(((),) * state.num_players)

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
    seat = move.player
    gained: tuple[Card, ...] = ()
    played: list[Card] = []
    if isinstance(move, (Take, CallRummy, Split)):
        layoff_top = isinstance(move, CallRummy) and (
            state.rules.rummy_call is RummyCall.LAYOFF_TOP
        )
        if layoff_top:
            return known
        gained = state.discard[-move.count :] if move.count <= len(state.discard) else ()
        if move.play is not None:
            required = gained[0].code if gained else None
            played = _from_hand(state, move, move.play, required)
        if isinstance(move, Split) and not (state.dealer_joker and seat == state.dealer):
            played.append(JOKER)  # the joker that split the pile
    elif isinstance(move, (MeldMove, LayoffMove)):
        played = _from_hand(state, move, move, None)
    elif isinstance(move, Discard):
        played = [move.card]
    elif isinstance(move, Block):
        played = [JOKER]
    else:
        return known
    cards = Counter(known.cards[seat])
    cards.update(gained)
    cards.subtract(played)
    updated = tuple(sorted(cards.elements()))  # elements() skips counts of 0 or less
    if updated == known.cards[seat]:
        return known
    return KnownCards(known.cards[:seat] + (updated,) + known.cards[seat + 1 :])


def _from_hand(
    state: GameState, move: Move, play: MeldMove | LayoffMove, required: int | None
) -> list[Card]:
    """The cards of ``play`` that leave the mover's hand (not the dealer's joker, V7)."""
    in_turn = move.player == state.to_move and not isinstance(move, CallRummy)
    reserve = dealer_reserve(state, move.player) if in_turn else 0
    codes, _spent = spend(physical(play), reserve, required)
    return [card_from_code(code) for code in codes]


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
            "result": None if self.result is None else _result_to_data(self.result),
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


def _result_to_data(result: HandResult) -> dict[str, Any]:
    """Every field of a hand result, JSON-ready (tuples as lists, enums as their values)."""
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
        known: The known cards of the hand that led to ``state`` (see
            :class:`KnownCards`); ``None`` when there is no history (a
            position loaded from a file): nothing is known then.

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
    moves = all_legal_moves(state)
    return make_view(state, seat, known, tuple(move for move in moves if move.player == seat))


def make_view(
    state: GameState, seat: int, known: KnownCards | None, moves: tuple[Move, ...]
) -> PlayerView:
    """:func:`observe` with the seat's legal moves already generated (for referees and drivers).

    ``moves`` must be the legal moves of ``seat`` in ``state``, in the
    engine's order.
    """
    players = state.num_players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise InvalidArgumentError(f"seat must be a seat 0..{players - 1}, got {seat!r}")
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
    with ``rng`` and dealt to fill the other hands (each keeps its known
    cards) and the stock; everything public is kept.  Every deal consistent
    with the view is equally likely.  The seed is a fresh one drawn from
    ``rng``, never the real one: a stock rebuilt later (T6) is shuffled from
    it, and the real seed would give away the real stock.

    So ``observe(resample(view, rng), view.seat, known) == view`` for the
    tracker ``known`` the view was made with (``KnownCards(view.known)``
    will do: the seat's own entry does not show in its view), except that
    out-of-turn plays may differ in the one case noted at
    :attr:`PlayerView.legal_moves`.

    The view records the known cards, not everything a player with a perfect
    memory could deduce: after a stock rebuild (T6) the cards of the new
    stock are public, but a resampled stock may hold others.

    Args:
        view: The view.
        rng: A :class:`random.Random`, or a seed for one.

    Raises:
        InvalidArgumentError: if the view's counts do not fit its cards (a hand smaller
            than its known cards, or a wrong number of unseen cards).
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    cards = list(view.unseen)
    rng.shuffle(cards)
    hands: list[tuple[Card, ...]] = []
    position = 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat and not view.blind:
            hands.append(view.hand)
            continue
        known = view.known[seat]
        missing = size - len(known)
        if missing < 0:
            raise InvalidArgumentError(
                f"p{seat} holds {size} cards but is known to hold {len(known)}"
            )
        hands.append(tuple(sorted(known + tuple(cards[position : position + missing]))))
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
        seed=rng.getrandbits(63),
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
    )


def _hidden_sizes(view: PlayerView) -> Sequence[int]:
    return [
        0 if seat == view.seat and not view.blind else size - len(view.known[seat])
        for seat, size in enumerate(view.hand_sizes)
    ]
