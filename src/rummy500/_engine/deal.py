"""Shuffling and dealing one hand (D1–D7), and the first state of a hand.

>>> from rummy500 import Rules
>>> from rummy500._engine.deal import deal
>>> from rummy500._engine.ruleset import profile
>>> d = deal(profile(Rules()), 2, seed=7)
>>> [len(hand) for hand in d.hands], len(d.stock), len(d.discard)
([13, 13], 27, 1)
>>> d == deal(profile(Rules()), 2, seed=7)
True
"""

from __future__ import annotations

import operator
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final

from rummy500._engine.boundary import DRAW, FIRST_DISCARD
from rummy500._engine.profile import Profile
from rummy500._engine.states import dealt_state
from rummy500.cards import JOKER, Card, as_cards, codes_by_seat, codes_of
from rummy500.errors import InvalidArgumentError, shown
from rummy500.rules import deal_problem
from rummy500.state import GameState
from rummy500.statevalues import Phase

__all__ = [
    "SEED_BOUND",
    "Deal",
    "check_seed",
    "deal",
    "first_turn",
    "new_game",
    "play_begins",
    "shuffle",
]

#: Seeds are integers greater than ``-SEED_BOUND`` and less than ``SEED_BOUND`` (2**64).
SEED_BOUND: Final = 2**64

# A hand is sorted by card code (Card's own order), read in C rather than by Card.__lt__.
_CODE: Final = operator.attrgetter("code")


def check_seed(seed: object) -> int:
    """``seed`` if it is a valid seed: an integer (not a bool) between -2**64 and 2**64, exclusive.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) naming the value.

    >>> check_seed(-7)
    -7
    >>> check_seed("7")
    Traceback (most recent call last):
    ...
    rummy500.errors.InvalidArgumentError: seed must be an integer between ... got '7'
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_BOUND < seed < SEED_BOUND:
        raise InvalidArgumentError(
            f"seed must be an integer between -2**64 and 2**64 (exclusive), got {shown(seed)}"
        )
    return seed


def _shuffler(seed: int) -> random.Random:
    """The generator a deck is shuffled with: seeds ``s`` and ``-s`` deal different cards.

    ``random.Random`` ignores the sign of an integer seed.  A seed of 0 or
    more seeds it as it always has (so every such deal is unchanged); a
    negative seed seeds it with text, which no seed of 0 or more below
    2**64 gives.
    """
    return random.Random(seed if seed >= 0 else f"rummy500 deal {seed}")


def shuffle(generator: random.Random, cards: list[Card]) -> None:
    """Shuffle ``cards`` in place as ``generator.shuffle(cards)`` does.

    The algorithm of :meth:`random.Random.shuffle` (swap each position, from
    the last down, with one drawn below it by rejection sampling on
    ``getrandbits``), written out: the same permutation for the same
    generator, and the same deals as ever for every seed.  The standard
    library's method runs as plain Python in either build; this one is
    compiled with the engine in the compiled build, where it is several times
    faster.
    """
    getrandbits = generator.getrandbits
    for last in range(len(cards) - 1, 0, -1):
        bound = last + 1
        width = bound.bit_length()
        other = getrandbits(width)
        while other >= bound:
            other = getrandbits(width)
        cards[last], cards[other] = cards[other], cards[last]


class Deal:
    """The cards of a freshly dealt hand (equal when every attribute is).

    Attributes:
        dealer: The dealer's seat.
        hands: Each seat's cards, sorted (card order).
        stock: The face-down stock; ``stock[0]`` is the next card drawn.
        discard: The discard pile, oldest first (the upcard, or empty when the
            first player starts the pile, D6).
        seed: The seed the deck was shuffled with (``None`` for a given deck).
        dealer_joker: Whether a joker was set aside, face up beside the stock (the
            variant's: the state's ``dealer_joker``).
    """

    __slots__ = ("dealer", "dealer_joker", "discard", "hands", "seed", "stock")

    def __init__(
        self,
        dealer: int,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard: tuple[Card, ...],
        seed: int | None,
        dealer_joker: bool = False,
    ) -> None:
        self.dealer = dealer
        self.hands = hands
        self.stock = stock
        self.discard = discard
        self.seed = seed
        self.dealer_joker = dealer_joker

    def _values(self) -> tuple[object, ...]:
        return (self.dealer, self.hands, self.stock, self.discard, self.seed, self.dealer_joker)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Deal) and self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())


def play_begins(knobs: Profile, players: int, dealer: int) -> tuple[int, Phase]:
    """The seat whose turn begins play in a hand, and its phase (D6, D7).

    The player to the dealer's left draws, or starts the pile under
    ``first_discard = "chooser"``.
    """
    first = knobs.next_seat(players, dealer)
    return first, FIRST_DISCARD if knobs.first_discard == "chooser" else DRAW


def first_turn(knobs: Profile, players: int, dealer: int) -> tuple[int, Phase]:
    """The seat that moves first in a new hand, and its phase.

    Play begins (:func:`play_begins`), or the variant's phase before play does.
    """
    return knobs.variant.first_turn(dealer, play_begins(knobs, players, dealer))


def new_game(
    knobs: Profile,
    players: int,
    *,
    seed: int | None,
    deck: str | Sequence[Card | str] | None,
    dealer: int,
) -> GameState:
    """The first state of a hand (see :func:`rummy500.new_game`, which checks the arguments)."""
    dealt = deal(knobs, players, seed=seed, deck=deck, dealer=dealer)
    to_move, phase = first_turn(knobs, players, dealer)
    return dealt_state(  # type: ignore[return-value]
        knobs.rules,
        dealer,
        to_move,
        phase,
        codes_by_seat(dealt.hands),
        codes_of(dealt.stock),
        codes_of(dealt.discard),
        dealt.seed,
        dealt.dealer_joker,
    )


def deal(
    knobs: Profile,
    players: int,
    *,
    seed: int | None = None,
    deck: str | Iterable[Card | str] | None = None,
    dealer: int = 0,
) -> Deal:
    """Shuffle (or take the given ``deck``) and deal one hand (D5, D6).

    Cards are dealt one at a time starting with the player to the dealer's
    left, until every hand is full; the next card starts the discard pile
    (or, under ``first_discard = "chooser"``, goes to the first player as an
    extra card, D6); the rest is the stock.  Where the variant sets a joker
    aside, the deck's first joker is set aside first, face up beside the
    stock.

    Args:
        knobs: The rule set's compact form.
        players: The number of players.
        seed: Seed of the shuffle (see :func:`check_seed`); ``None`` draws one
            from the OS's secure randomness.
        deck: The whole deck in the order cards come off the top (``deck[0]``
            is dealt first); it must be exactly the rule set's deck for
            ``players`` players.  Overrides ``seed``.
        dealer: The dealer's seat.

    Raises:
        InvalidArgumentError: for a bad player count (including one the deck cannot be
            dealt to, naming the count and the deck), dealer seat, deck or seed.
    """
    rules = knobs.rules
    if seed is not None:
        check_seed(seed)
    rules.check_players(players)
    if isinstance(dealer, bool) or not isinstance(dealer, int) or not 0 <= dealer < players:
        raise InvalidArgumentError(f"dealer must be a seat 0..{players - 1}, got {dealer!r}")
    problem = deal_problem(rules, players)  # the rules allow it for some player counts only
    if problem is not None:
        raise InvalidArgumentError(problem)
    full_deck = rules.deck(players)
    if deck is not None:
        cards = list(as_cards(deck))
        _check_deck(cards, full_deck)
        used_seed = None
    else:
        used_seed = secrets.randbits(64) if seed is None else seed
        cards = list(full_deck)
        shuffle(_shuffler(used_seed), cards)
    joker_aside = knobs.variant.sets_a_joker_aside()
    if joker_aside:
        cards.remove(JOKER)

    size = rules.hand_size_for(players)
    first = knobs.next_seat(players, dealer)  # the player to the dealer's left
    order = knobs.seat_order(players, first)
    hands: list[list[Card]] = [[] for _ in range(players)]
    position = 0
    for _ in range(size):
        for seat in order:
            hands[seat].append(cards[position])
            position += 1
    next_card = cards[position]
    position += 1
    if knobs.first_discard == "chooser":
        hands[order[0]].append(next_card)
        discard: tuple[Card, ...] = ()
    else:
        discard = (next_card,)
    return Deal(
        dealer=dealer,
        hands=tuple(tuple(sorted(hand, key=_CODE)) for hand in hands),
        stock=tuple(cards[position:]),
        discard=discard,
        seed=used_seed,
        dealer_joker=joker_aside,
    )


def _check_deck(cards: list[Card], full_deck: tuple[Card, ...]) -> None:
    if len(cards) != len(full_deck):
        raise InvalidArgumentError(
            f"the deck must have the rule set's {len(full_deck)} cards, got {len(cards)}"
        )
    have, want = Counter(cards), Counter(full_deck)
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        raise InvalidArgumentError(
            "the deck is not the rule set's deck: "
            f"extra {' '.join(map(str, extra)) or 'none'}; "
            f"missing {' '.join(map(str, missing)) or 'none'}"
        )
