"""Dealer's gambit (V7): the dealer's nomination, the dealer's joker, doubling, splitting.

Under dealer's gambit the dealer nominates, for each hand, what jokers do
(:class:`~rummy500.state.JokerEffect`), before anyone looks at their cards
(:func:`nominate`):

* ``wild`` — jokers are wild cards in any group or run (worth 0);
* ``double`` — jokers are not wild: a joker laid over a new meld as it is
  melded doubles the meld and seals it against lay-offs;
* ``split`` — jokers are not wild: a joker splits the discard pile around a
  chosen card (:func:`split`).

The dealer's joker lies face up beside the stock.  The dealer may use it in
their own turns as if it were a joker in hand (it is used before any joker
the dealer holds, :func:`spend`), but it is never part of the hand: it cannot
be discarded, and the dealer goes out without it.  Another player may cover
it with a joker of their own (:func:`block`): both leave play.

Everything the rule changes elsewhere asks this module: which cards a play
may draw on (:func:`play_pool`, :func:`generation_pool`), whether a play uses
jokers as the nomination allows (:func:`joker_problem`), and the moves that
exist only here (:func:`nominations`, :func:`block_candidates`,
:func:`split`).  Whether jokers are wild this hand is
:attr:`rummy500.GameState.jokers_wild`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500._engine.codes.seats import ONE_BYTE, hand_of, seat_count, with_hand
from rummy500._engine.codes.specs import SPEC_PHYSICAL
from rummy500._engine.codes.storage import StateCore
from rummy500._engine.hands import hand_index, with_cards
from rummy500._engine.illegal import illegal
from rummy500._engine.meldgen import Pool, code_counts
from rummy500._engine.members import (
    CHOOSER,
    DRAW,
    FIRST_DISCARD,
    LAYOFF_MOVE,
    MELD_MOVE,
    NOMINATE,
    NOMINATE_MOVE,
    NOMINATED_DOUBLE,
    NOMINATED_SPLIT,
    NOMINATED_WILD,
)
from rummy500._engine.movecache import meld_move
from rummy500._engine.plays import TurnPlay
from rummy500._engine.profile import profile
from rummy500._engine.states import evolve
from rummy500.cards import JOKER, JOKER_CODE, cards_of
from rummy500.errors import IllegalMoveError, Reason
from rummy500.moves import Block, Move, Nominate, Play, Split
from rummy500.seating import next_seat
from rummy500.state import JokerEffect, jokers_tamed

__all__ = [
    "add_pile_card",
    "block",
    "block_candidates",
    "dealer_reserve",
    "doubles_melds",
    "generation_pool",
    "hand_without_splitting_joker",
    "joker_problem",
    "may_split",
    "nominate",
    "nominations",
    "play_pool",
    "spend",
    "split",
    "with_doubled",
]


# ---------------------------------------------------------------------------
# The dealer's joker and what jokers may do in a play


def dealer_reserve(state: StateCore, player: int) -> int:
    """1 if ``player`` may put the dealer's joker into a play now, else 0.

    Only the dealer, only while the joker lies beside the stock (neither
    used nor blocked), and only as a wild card or a doubling joker: a split
    uses it through the split itself.
    """
    if not state.dealer_joker or player != state.dealer:
        return 0
    effect = state.joker_effect
    return 1 if effect is NOMINATED_WILD or effect is NOMINATED_DOUBLE else 0


def play_pool(state: StateCore, player: int, codes: bytes) -> tuple[list[int], int]:
    """The cards a play in ``player``'s turn may draw on, and how many are the dealer's joker.

    ``codes`` are the player's hand (with any cards taken).
    """
    counts = code_counts(codes)
    reserve = dealer_reserve(state, player)
    counts[JOKER_CODE] = counts[JOKER_CODE] + reserve
    return counts, reserve


def spend(
    used: Sequence[int], reserve: int, required: int | None = None
) -> tuple[tuple[int, ...], bool]:
    """The cards a play takes from the hand, and whether it spends the dealer's joker.

    The dealer's joker is used before a joker from the hand, except that a
    joker taken from the pile that the play must meld (``required``) is
    played itself.
    """
    if reserve and used.count(JOKER_CODE) > (required == JOKER_CODE):
        from_hand = list(used)
        from_hand.remove(JOKER_CODE)
        return tuple(from_hand), True
    return tuple(used), False


def joker_problem(
    state: StateCore, play: Play, required: int | None = None
) -> IllegalMoveError | None:
    """Why ``play`` uses jokers, or a sealed meld, in a way this hand does not allow, if so.

    Args:
        state: The state.
        play: The play.
        required: The code of a pile card the play must meld, if any: a joker
            taken from the pile cannot be melded when jokers are not wild.
    """
    melds = state.melds
    if isinstance(play, LAYOFF_MOVE) and play.target < len(melds) and melds[play.target].doubled:
        return illegal(
            Reason.SEALED_MELD,
            f"meld {play.target} is sealed by the joker doubling it: nothing may be laid off on it",
            "V7",
        )
    doubled = isinstance(play, MELD_MOVE) and play.doubled
    effect = state.joker_effect
    if effect is None or effect is NOMINATED_WILD:
        if doubled:
            return illegal(
                Reason.JOKER_EFFECT,
                "a joker doubles a meld only under dealer's gambit when the dealer nominated "
                "'double'",
                "V7",
            )
        return None
    if any(SPEC_PHYSICAL[spec.code] == JOKER_CODE for spec in play.cards):
        return illegal(
            Reason.JOKER_EFFECT,
            f"jokers are not wild this hand: the dealer nominated {effect.value!r}",
            "V7",
        )
    if doubled and effect is not NOMINATED_DOUBLE:
        return illegal(
            Reason.JOKER_EFFECT,
            f"a joker doubles a meld only when the dealer nominated 'double', not {effect.value!r}",
            "V7",
        )
    if required == JOKER_CODE:
        return illegal(
            Reason.JOKER_EFFECT,
            f"jokers are not wild this hand (the dealer nominated {effect}): "
            "a joker taken from the pile cannot be melded",
            "V7",
        )
    return None


def generation_pool(
    state: StateCore, player: int, hand: bytes, own_turn: bool = True
) -> tuple[Pool, int]:
    """The pool the move generator enumerates a play of ``player`` from ``hand``.

    Jokers join the pool only when they are wild; in the player's own turn the
    dealer's joker joins them.  Returns the pool and the number of jokers that
    could double a new meld (``double``: they are not in the pool).  The pool
    may be shared: copy it before adding cards.
    """
    if not profile(state.rules).dealers_gambit:
        return hand_index(hand).pool, 0
    jokers = hand.count(JOKER_CODE) + (dealer_reserve(state, player) if own_turn else 0)
    pool = Pool(hand.replace(ONE_BYTE[JOKER_CODE], b""))
    effect = state.joker_effect
    if effect is NOMINATED_WILD:
        for _ in range(jokers):
            pool.add(JOKER_CODE)
        return pool, 0
    return pool, jokers if effect is NOMINATED_DOUBLE else 0


def add_pile_card(state: StateCore, pool: Pool, code: int) -> tuple[bool, int]:
    """Add a pile card to a generation pool, if it may be melded this hand.

    Returns whether it was added, and how many jokers it adds that may only
    double a meld: a joker kept out of melds by the nomination (``double``,
    ``split``) is not added; under ``double`` it may double a meld.
    """
    if code == JOKER_CODE and jokers_tamed(state.joker_effect):
        return False, doubles_melds(state)
    pool.add(code)
    return True, 0


def with_doubled(plays: list[Play], doublers: int) -> list[Play]:
    """``plays`` and, when a joker may double a meld, each new meld doubled."""
    if doublers:
        plays.extend(
            meld_move(play.player, tuple(spec.code for spec in play.cards), True)
            for play in list(plays)
            if isinstance(play, MELD_MOVE)
        )
    return plays


# ---------------------------------------------------------------------------
# Nominating


def nominations(state: StateCore) -> list[Move]:
    """The dealer's three nominations (phase ``nominate``)."""
    return [Nominate(state.dealer, effect) for effect in JokerEffect]


def nominate(state: StateCore, move: Move) -> StateCore:
    """The dealer nominates what jokers do this hand; then the first player moves."""
    player = move.player
    if not isinstance(move, NOMINATE_MOVE):
        raise illegal(
            Reason.WRONG_PHASE,
            f"the dealer, p{state.dealer}, first nominates what jokers do this hand: "
            "'nominate wild', 'nominate double' or 'nominate split'",
            "V7",
        )
    if state.phase is not NOMINATE:
        raise illegal(
            Reason.WRONG_PHASE,
            "jokers are nominated only under dealer's gambit, by the dealer, before play"
            + (f" (already: {state.joker_effect})" if state.joker_effect else ""),
            "V7",
        )
    if player != state.dealer:
        raise illegal(
            Reason.NOT_YOUR_TURN,
            f"only the dealer, p{state.dealer}, nominates what jokers do, not p{player}",
            "V7",
        )
    chooser = state.rules.first_discard is CHOOSER
    return evolve(
        state,
        joker_effect=move.effect,
        to_move=next_seat(state.rules, seat_count(state.seat_codes), state.dealer),
        phase=FIRST_DISCARD if chooser else DRAW,
    )


# ---------------------------------------------------------------------------
# Blocking the dealer's joker


def block_candidates(state: StateCore) -> list[Move]:
    """The block the player to move might make (the reducer judges it; phase ``play``)."""
    player = state.to_move
    if player != state.dealer and state.dealer_joker:
        return [Block(player)]
    return []


def block(state: StateCore, move: Block) -> StateCore:
    """Cover the dealer's joker with a joker from the hand: both leave play.

    The caller checks that the blocker can still end the turn (N1).
    """
    player = move.player
    if not profile(state.rules).dealers_gambit:
        raise illegal(
            Reason.CANNOT_BLOCK, "there is no dealer's joker to block: not dealer's gambit", "V7"
        )
    if player == state.dealer:
        raise illegal(
            Reason.CANNOT_BLOCK, f"p{player} is the dealer and cannot block their own joker", "V7"
        )
    if not state.dealer_joker:
        done = f"blocked by p{state.blocked_by}" if state.blocked_by is not None else "used"
        raise illegal(
            Reason.CANNOT_BLOCK, f"the dealer's joker is no longer beside the stock ({done})", "V7"
        )
    hand = hand_of(state.seat_codes, player)
    index = hand.find(JOKER_CODE)
    if index < 0:
        raise illegal(Reason.CANNOT_BLOCK, f"p{player} holds no joker to block with", "V7")
    if len(hand) == 1:
        raise illegal(
            Reason.DEAD_END,
            f"p{player} would block with their last card and could not discard (a block "
            "does not go out)",
            "V7",
        )
    return evolve(
        state,
        seat_codes=with_hand(state.seat_codes, player, hand[:index] + hand[index + 1 :]),
        dealer_joker=False,
        blocked_by=player,
        dead=(*state.dead, JOKER, JOKER),
    )


# ---------------------------------------------------------------------------
# Splitting the pile


def doubles_melds(state: StateCore) -> int:
    """1 if a joker may double a new meld this hand (``double``), else 0."""
    return 1 if state.joker_effect is NOMINATED_DOUBLE else 0


def hand_without_splitting_joker(state: StateCore, player: int) -> bytes:
    """``player``'s hand less the joker that would split the pile (none: the dealer's own)."""
    hand = hand_of(state.seat_codes, player)
    if state.dealer_joker and player == state.dealer:
        return hand
    index = hand.find(JOKER_CODE)
    return hand[:index] + hand[index + 1 :] if index >= 0 else hand


def may_split(state: StateCore, player: int) -> bool:
    """Whether ``player`` holds a joker to split the pile with (or is the dealer with theirs)."""
    if state.joker_effect is not NOMINATED_SPLIT:
        return False
    if state.dealer_joker and player == state.dealer:
        return True
    return hand_of(state.seat_codes, player).find(JOKER_CODE) >= 0


def split(state: StateCore, move: Split) -> TurnPlay:
    """Split the pile with a joker around the chosen card: the play that melds it at once.

    The cards above the chosen card go to the player's hand, the chosen card
    is melded at once by the move's play, and the cards below it leave play
    with the joker.  Returns the play in the player's turn, which the caller
    makes (with every check of a play: N1, T8, E2).
    """
    player = move.player
    if state.joker_effect is not NOMINATED_SPLIT:
        raise illegal(
            Reason.JOKER_EFFECT,
            "the pile may be split only under dealer's gambit when the dealer nominated 'split'",
            "V7",
        )
    pile = state.discard_codes
    count = move.count
    if count > len(pile):
        raise illegal(
            Reason.PILE_TOO_SHORT,
            f"cannot split at card {count} from the top: the pile holds {len(pile)}",
            "V7",
        )
    own_joker = not (state.dealer_joker and player == state.dealer)
    if not may_split(state, player):
        raise illegal(Reason.JOKER_EFFECT, f"p{player} holds no joker to split the pile", "V7")
    hand = hand_without_splitting_joker(state, player)
    chosen = pile[-count]
    outside = pile[-count:]  # the chosen card and the cards above it
    inside = pile[:-count]  # the cards below it
    return TurnPlay(
        player,
        move.play,
        with_cards(hand, outside),
        (chosen, "V7"),
        chosen if count == 1 else None,  # as when taking the top card alone (T11)
        pile=b"",
        taken=outside,
        changes={
            "dead": (*state.dead, *cards_of(inside), JOKER),
            "dealer_joker": state.dealer_joker and own_joker,
        },
    )
