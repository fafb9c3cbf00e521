"""Hypothesis strategies for cards, hands, rule sets, melds and played positions.

Hands are sub-multisets of a real deck (one or two decks, 0, 1, 2 or 4 jokers
per deck), so two decks give duplicate natural cards.  A *focused* hand is
drawn from a few suits and a short window of ranks, where melds are common;
an unfocused one from the whole deck.

Played positions come from seeded random play: :func:`playouts` (the random
driver :func:`random_move_index` on :data:`ENGINE_RULES`, for the engine's
properties, the soak test and the perft generator) and
:func:`tracked_states` (any playable rule set, with the known cards of every
seat, for the views and the bots).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import attrs
from hypothesis import strategies as st

from rummy500 import (
    JOKER,
    Card,
    Draw,
    EndHand,
    GameState,
    Move,
    Rank,
    Rules,
    Suit,
    Take,
    apply_move,
    legal_moves,
    new_game,
    presets,
)
from rummy500.rules import Ace, Jokers
from rummy500.testing import playable_rules
from rummy500.views import KnownCards, track
from tests.reference import RANK_SYMBOLS, SUIT_LETTERS

ALL_CARDS: tuple[Card, ...] = (*(Card(rank, suit) for suit in Suit for rank in Rank), JOKER)
NATURAL_CARDS: tuple[Card, ...] = ALL_CARDS[:52]

ACES = tuple(Ace)
JOKER_MODES = tuple(Jokers)
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def cards() -> st.SearchStrategy[Card]:
    """Any card, jokers included."""
    return st.sampled_from(ALL_CARDS)


def natural_cards() -> st.SearchStrategy[Card]:
    """Any card but a joker."""
    return st.sampled_from(NATURAL_CARDS)


@st.composite
def card_spellings(draw: st.DrawFn, card: Card) -> str:
    """Text that ``parse_card`` must read as ``card``: any case, ``10``, suit symbols."""
    text = str(card)
    if card.is_joker:
        rank_text, suit_text = text, ""
    else:
        rank_text, suit_text = text[0], text[1]
        if rank_text == "T" and draw(st.booleans()):
            rank_text = "10"
        if draw(st.booleans()):
            suit_text = SUIT_SYMBOLS[suit_text]
    spelled = rank_text + suit_text
    return "".join(ch.lower() if draw(st.booleans()) else ch for ch in spelled)


def real_deck(decks: int, jokers_per_deck: int) -> list[Card]:
    """The cards of ``decks`` decks with their jokers, built here, not by the library."""
    return [*NATURAL_CARDS, *[JOKER] * jokers_per_deck] * decks


@st.composite
def hands(
    draw: st.DrawFn,
    *,
    min_size: int = 0,
    max_size: int = 10,
    decks: Sequence[int] = (1, 2),
    jokers_per_deck: Sequence[int] = (0, 1, 2, 4),
    max_jokers: int | None = None,
) -> tuple[Card, ...]:
    """A sorted sub-multiset of a real deck, of ``min_size`` to ``max_size`` cards.

    The number of jokers is drawn first (up to those in the deck and
    ``max_jokers``), then the natural cards: three times in four from a
    *focused* part of the deck (one or two suits, three to six ranks in a row,
    wrapping past the king), where melds are common.
    """
    deck = real_deck(draw(st.sampled_from(decks)), draw(st.sampled_from(jokers_per_deck)))
    naturals = [card for card in deck if not card.is_joker]
    available = len(deck) - len(naturals)
    if max_jokers is not None:
        available = min(available, max_jokers)
    jokers = draw(st.integers(0, min(available, max_size)))
    if draw(st.integers(0, 3)):
        suits = draw(st.sets(st.sampled_from(tuple(Suit)), min_size=1, max_size=2))
        first = draw(st.integers(1, 13))
        width = draw(st.integers(3, 6))
        ranks = {(first - 1 + i) % 13 + 1 for i in range(width)}
        naturals = [card for card in naturals if card.suit in suits and card.rank in ranks]
    size = draw(st.integers(min(max(0, min_size - jokers), len(naturals)), len(naturals)))
    size = min(size, max_size - jokers)
    picked = draw(
        st.lists(st.integers(0, len(naturals) - 1), unique=True, min_size=size, max_size=size)
    )
    return tuple(sorted([naturals[i] for i in picked] + [JOKER] * jokers))


def rules(
    *,
    aces: Sequence[Ace] = ACES,
    min_run_lengths: Sequence[int] = (3, 4),
    jokers: Sequence[Jokers] = JOKER_MODES,
) -> st.SearchStrategy[Rules]:
    """Rule sets varying the meld knobs: ``ace``, ``min_run_length`` and ``jokers``."""
    return st.builds(
        Rules,
        ace=st.sampled_from(aces),
        min_run_length=st.sampled_from(min_run_lengths),
        jokers=st.sampled_from(jokers),
    )


def _text(rank: int, suit: int) -> str:
    return RANK_SYMBOLS[rank - 1] + SUIT_LETTERS[suit]


@st.composite
def group_texts(draw: st.DrawFn, meld_rules: Rules) -> list[str]:
    """The cards of a valid group, in canonical order (S H D C, jokers last)."""
    if meld_rules.jokers is Jokers.SETS_ONLY and draw(st.integers(0, 3)) == 0:
        return ["JK"] * draw(st.integers(3, 4))
    rank = draw(st.integers(1, 13))
    low = 3 if meld_rules.jokers is Jokers.SETS_ONLY else 1
    suits = sorted(draw(st.sets(st.integers(0, 3), min_size=low)))
    room = 4 - len(suits) if meld_rules.jokers is Jokers.WILD else 0
    jokers = draw(st.integers(max(0, 3 - len(suits)), room))
    return [_text(rank, suit) for suit in suits] + ["JK=" + RANK_SYMBOLS[rank - 1]] * jokers


@st.composite
def run_texts(draw: st.DrawFn, meld_rules: Rules) -> list[str]:
    """The cards of a valid run, in canonical order (sequence order, M3)."""
    length = draw(st.integers(meld_rules.min_run_length, 13))
    if meld_rules.ace is Ace.LOW:
        last_start = 14 - length  # ends at the king at the latest
    elif meld_rules.ace is Ace.LOW_OR_HIGH:
        last_start = 15 - length  # ends at the high ace at the latest
    else:
        last_start = 13 if length < 13 else 1  # wraps; 13 cards are written A to K
    start = draw(st.integers(1, last_start))
    suit = draw(st.integers(0, 3))
    ranks = [(start - 1 + i) % 13 + 1 for i in range(length)]
    jokers: set[int] = set()
    if meld_rules.jokers is Jokers.WILD:
        jokers = draw(st.sets(st.integers(0, length - 1), max_size=min(3, length - 1)))
    return [("JK=" if i in jokers else "") + _text(rank, suit) for i, rank in enumerate(ranks)]


def meld_texts(meld_rules: Rules) -> st.SearchStrategy[list[str]]:
    """The cards of a valid meld under ``meld_rules``, in canonical order."""
    return st.one_of(group_texts(meld_rules), run_texts(meld_rules))


@st.composite
def rules_and_meld_texts(draw: st.DrawFn) -> tuple[Rules, list[str]]:
    """A rule set and a valid meld under it."""
    meld_rules = draw(rules())
    return meld_rules, draw(meld_texts(meld_rules))


def spec_texts() -> st.SearchStrategy[str]:
    """Any meld card: a natural card, ``JK=<card>``, ``JK=<rank>`` or a plain ``JK``."""
    return st.one_of(
        natural_cards().map(str),
        natural_cards().map(lambda card: f"JK={card}"),
        st.sampled_from(RANK_SYMBOLS).map(lambda rank: f"JK={rank}"),
        st.just("JK"),
    )


def _neighbourhood(rank: int, suit: int) -> list[str]:
    """Meld cards that could go with ``rank`` of ``suit`` in some meld."""
    near = [(rank - 1 + d) % 13 + 1 for d in range(-3, 4)]
    return sorted(
        {_text(r, suit) for r in near}
        | {"JK=" + _text(r, suit) for r in near}
        | {_text(rank, s) for s in range(4)}
        | {"JK=" + RANK_SYMBOLS[rank - 1], "JK"}
    )


@st.composite
def spec_text_lists(draw: st.DrawFn, *, min_size: int = 3, max_size: int = 5) -> list[str]:
    """Meld cards that often, but not always, form a meld (for validity checks)."""
    pool = _neighbourhood(draw(st.integers(1, 13)), draw(st.integers(0, 3)))
    item = st.sampled_from(pool)
    if draw(st.booleans()):
        item = st.one_of(item, spec_texts())
    return draw(st.lists(item, min_size=min_size, max_size=max_size))


@st.composite
def layoff_texts(draw: st.DrawFn, meld: Sequence[str]) -> list[str]:
    """One to three meld cards to try laying off on the meld written ``meld``."""
    pool: set[str] = set()
    for token in meld:
        if token == "JK":
            pool.add("JK")
            continue
        card = token.removeprefix("JK=")
        if len(card) == 2:
            pool.update(
                _neighbourhood(RANK_SYMBOLS.index(card[0]) + 1, SUIT_LETTERS.index(card[1]))
            )
        else:  # a group joker: its rank in every suit
            rank = RANK_SYMBOLS.index(card) + 1
            pool.update(_neighbourhood(rank, draw(st.integers(0, 3))))
    item = st.one_of(st.sampled_from(sorted(pool)), spec_texts())
    return draw(st.lists(item, min_size=1, max_size=3))


# ---------------------------------------------------------------------------
# Random play: states reached by seeded random moves from a fresh deal.
#
# The engine implements the default rules (pagat) and ``rummy_call = "none"``;
# the rule sets below vary the jokers and the "Rummy!" call within that.

#: The most moves a random hand may take (see test_random_hands_end_within_the_bound
#: in tests/test_engine_properties.py).
MAX_DECISIONS = 2000

#: Rule sets the engine plays: 2 jokers per deck or none, with and without "Rummy!" calls.
ENGINE_RULES: tuple[Rules, ...] = (
    Rules(),
    Rules(jokers_per_deck=0),
    Rules(rummy_call="none"),
    Rules(jokers_per_deck=0, rummy_call="none"),
)


def dealt_deck(players: int, rules: Rules) -> Counter[Card]:
    """The rule set's deck, built here from D1 and D3: 2 decks from 5 players on."""
    return Counter(real_deck(1 if players <= 4 else 2, rules.jokers_per_deck))


def move_kind(move: Move) -> str:
    """The kind of a move for the random driver; a stock draw and ending the hand are one kind."""
    if isinstance(move, (Draw, EndHand)):
        return "stock"
    if isinstance(move, Take):
        return "take 1" if move.count == 1 else "take deep"
    return type(move).__name__


def random_move_index(state: GameState, rng: random.Random) -> int:
    """The index in ``legal_moves(state)`` of a random legal move.

    The driver picks a kind of move uniformly (stock draw or end, take 1,
    deep take, "Rummy!" call; meld, lay-off, discard), then a move of that
    kind uniformly, so that rare kinds (calls, deep takes, ending the hand)
    are played often.  In every draw phase it draws from the stock (or ends
    the hand) with probability at least 1/4, and in every play phase it
    discards with probability at least 1/3: that is what makes random hands
    end quickly (see ``tests/test_engine_properties.py``).
    """
    moves = legal_moves(state)
    by_kind: dict[str, list[int]] = {}
    for index, move in enumerate(moves):
        by_kind.setdefault(move_kind(move), []).append(index)
    kind = rng.choice(sorted(by_kind))
    return rng.choice(by_kind[kind])


@attrs.frozen(repr=False)
class Playout:
    """A hand dealt from a seed and played by the random driver.

    Attributes:
        rules: The rule set.
        players: The number of players.
        deal_seed: The seed of the deal.
        choice_seed: The seed of the random driver.
        states: Every state reached, the deal first.
        choices: For each move, its index in ``legal_moves`` of the state before it.
        moves: The moves played.
    """

    rules: Rules
    players: int
    deal_seed: int
    choice_seed: int
    states: tuple[GameState, ...]
    choices: tuple[int, ...]
    moves: tuple[Move, ...]

    def __repr__(self) -> str:
        # Short, and a call that plays the same hand again.
        return (
            f"play_random(ENGINE_RULES[{ENGINE_RULES.index(self.rules)}], {self.players}, "
            f"{self.deal_seed}, {self.choice_seed}, {len(self.moves)})"
        )

    @property
    def final(self) -> GameState:
        """The last state reached."""
        return self.states[-1]

    @property
    def live(self) -> GameState:
        """The last state reached in which the hand is not over."""
        return next(state for state in reversed(self.states) if not state.is_over)


def play_random(
    rules: Rules, players: int, deal_seed: int, choice_seed: int, max_moves: int
) -> Playout:
    """Deal a hand and play up to ``max_moves`` random moves (fewer if the hand ends)."""
    state = new_game(rules, players, seed=deal_seed)
    rng = random.Random(choice_seed)
    states: list[GameState] = [state]
    choices: list[int] = []
    moves: list[Move] = []
    while len(moves) < max_moves and not state.is_over:
        index = random_move_index(state, rng)
        move = legal_moves(state)[index]
        state = apply_move(state, move)
        states.append(state)
        choices.append(index)
        moves.append(move)
    return Playout(
        rules, players, deal_seed, choice_seed, tuple(states), tuple(choices), tuple(moves)
    )


def engine_rules() -> st.SearchStrategy[Rules]:
    """A rule set the engine plays (:data:`ENGINE_RULES`)."""
    return st.sampled_from(ENGINE_RULES)


@st.composite
def playouts(draw: st.DrawFn, *, max_moves: int = 200) -> Playout:
    """A hand of 2–8 players (jokers 0 or 2) after 0 to ``max_moves`` random moves.

    Everything is derived from one drawn seed, so that the player counts and
    the numbers of moves are spread evenly (random hands last about 150 moves).
    """
    rng = random.Random(draw(st.integers(0, 2**64 - 1)))
    return play_random(
        rng.choice(ENGINE_RULES),
        rng.randint(2, 8),
        rng.getrandbits(32),
        rng.getrandbits(32),
        rng.randint(0, max_moves),
    )


# ---------------------------------------------------------------------------
# Tracked states: positions reached by random play with the known cards of
# every seat (rummy500.views), for the views and the bots.


@st.composite
def tracked_states(
    draw: Any, rule_sets: st.SearchStrategy[Rules] | None = None, max_moves: int = 200
) -> tuple[GameState, KnownCards]:
    """A position reached by random play from a deal, with its known cards tracked."""
    rules = draw(rule_sets if rule_sets is not None else playable_rules())
    players = draw(st.integers(rules.min_players, min(rules.max_players, 5)))
    seed = draw(st.integers(0, 2**32 - 1))
    moves = draw(st.integers(0, max_moves))
    state = new_game(rules, players, seed=seed)
    known = KnownCards.start(state)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over:
            break
        move = rng.choice(legal_moves(state))
        state, known = apply_move(state, move), track(known, state, move)
    return state, known


def preset_rules() -> st.SearchStrategy[Rules]:
    """The rule set of a preset the engine plays."""
    return st.sampled_from([presets.get(name) for name in presets.names()])
