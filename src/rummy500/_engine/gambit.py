"""Dealer's gambit (V7): the dealer's nomination, the dealer's joker, doubling, splitting.

All of the variant is here, as :class:`DealersGambit`'s answers to the
questions of :class:`~rummy500._engine.variant.Variant`; the rest of the
engine asks them through the rule set's profile and never imports this
module.

Under dealer's gambit the dealer nominates, for each hand, what jokers do
(:class:`~rummy500.state.JokerEffect`), before anyone looks at their cards
(:meth:`DealersGambit.opening_move`):

* ``wild`` — jokers are wild cards in any group or run (worth 0);
* ``double`` — jokers are not wild: a joker laid over a new meld as it is
  melded doubles the meld and seals it against lay-offs;
* ``split`` — jokers are not wild: a joker splits the discard pile around a
  chosen card (:meth:`DealersGambit.split`).

The dealer's joker lies face up beside the stock.  The dealer may use it in
their own turns as if it were a joker in hand (it is used before any joker
the dealer holds: the *reserve*), but it is never part of the hand: it cannot
be discarded, and the dealer goes out without it.  Another player may cover
it with a joker of their own (:meth:`DealersGambit.block`): both leave play.
Whether jokers are wild this hand is :attr:`rummy500.GameState.jokers_wild`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rummy500._engine.boundary import (
    LAYOFF_MOVE,
    MELD_MOVE,
    NOMINATE,
    NOMINATE_MOVE,
    block_move,
    cards_from_codes,
    nominate_moves,
)
from rummy500._engine.codes.seats import ONE_BYTE, hand_of, with_hand
from rummy500._engine.codes.specs import SPEC_PHYSICAL
from rummy500._engine.hands import hand_index, with_cards
from rummy500._engine.illegal import illegal
from rummy500._engine.meldgen import Pool, code_counts
from rummy500._engine.states import evolve
from rummy500._engine.turn import TurnPlay
from rummy500._engine.variant import Variant, sealed
from rummy500.cards import JOKER_CODE
from rummy500.errors import IllegalMoveError, Reason
from rummy500.statevalues import JokerEffect

if TYPE_CHECKING:
    from rummy500._engine.codes.storage import StateCore
    from rummy500.moves import Block, Move, Play, Split
    from rummy500.statevalues import Phase

__all__ = ["DealersGambit"]

# The dealer's nominations, read as C globals in the compiled build.
_WILD: Final = JokerEffect.WILD
_DOUBLE: Final = JokerEffect.DOUBLE
_SPLIT: Final = JokerEffect.SPLIT


def _tamed(effect: JokerEffect | None) -> bool:
    """Whether the nomination keeps jokers out of melds (``double``, ``split``)."""
    return effect is _DOUBLE or effect is _SPLIT


class DealersGambit(Variant):
    """Dealer's gambit's answers to the engine's questions (see the module docstring)."""

    __slots__ = ()

    def __init__(self) -> None:
        super().__init__()
        self.plain = False

    # -- the deal ---------------------------------------------------------------------

    def sets_a_joker_aside(self) -> bool:
        """The deck's first joker is the dealer's joker, face up beside the stock."""
        return True

    def first_turn(self, dealer: int, first: tuple[int, Phase]) -> tuple[int, Phase]:
        """The dealer first nominates what jokers do this hand."""
        return dealer, NOMINATE

    # -- the dealer's joker and what jokers may do in a play ------------------------------

    def reserve(self, state: StateCore, player: int) -> int:
        """1 if ``player`` may put the dealer's joker into a play now, else 0.

        Only the dealer, only while the joker lies beside the stock (neither
        used nor blocked), and only as a wild card or a doubling joker: a split
        uses it through the split itself.
        """
        if not state.dealer_joker or player != state.dealer:
            return 0
        effect = state.joker_effect
        return 1 if effect is _WILD or effect is _DOUBLE else 0

    def jokers_tame(self, state: StateCore) -> bool:
        """Jokers fit no meld when the dealer nominated ``double`` or ``split``."""
        return _tamed(state.joker_effect)

    def jokers_double(self, state: StateCore) -> bool:
        """A joker doubles a new meld when the dealer nominated ``double``."""
        return state.joker_effect is _DOUBLE

    def play_pool(self, state: StateCore, player: int, codes: bytes) -> tuple[list[int], int]:
        """The hand's cards, and the dealer's joker among the jokers when the player may use it."""
        counts = code_counts(codes)
        reserve = self.reserve(state, player)
        counts[JOKER_CODE] = counts[JOKER_CODE] + reserve
        return counts, reserve

    def generation_pool(
        self, state: StateCore, player: int, hand: bytes, own_turn: bool = True
    ) -> tuple[Pool, int]:
        """Jokers join the pool only when wild; in the player's own turn the dealer's too."""
        jokers = hand.count(JOKER_CODE) + (self.reserve(state, player) if own_turn else 0)
        if not jokers:
            return hand_index(hand).pool, 0
        pool = Pool(hand.replace(ONE_BYTE[JOKER_CODE], b""))
        effect = state.joker_effect
        if effect is _WILD:
            for _ in range(jokers):
                pool.add(JOKER_CODE)
            return pool, 0
        return pool, jokers if effect is _DOUBLE else 0

    def add_pile_card(self, state: StateCore, pool: Pool, code: int) -> tuple[bool, int]:
        """A joker kept out of melds by the nomination is not added; under ``double`` it doubles."""
        if code == JOKER_CODE and _tamed(state.joker_effect):
            return False, 1 if state.joker_effect is _DOUBLE else 0
        pool.add(code)
        return True, 0

    def joker_problem(
        self, state: StateCore, play: Play, required: int | None = None
    ) -> IllegalMoveError | None:
        """Sealed melds; jokers where the nomination keeps them out; doubling under ``double``.

        While jokers are wild (``wild``, or before the nomination) the plain
        rules' answer holds: sealed melds, and no doubling.
        """
        effect = state.joker_effect
        if effect is None or effect is _WILD:
            return Variant.joker_problem(self, state, play, required)
        melds = state.melds
        if (
            isinstance(play, LAYOFF_MOVE)
            and play.target < len(melds)
            and melds[play.target].doubled
        ):
            return sealed(play.target)
        doubled = isinstance(play, MELD_MOVE) and play.doubled
        if any(SPEC_PHYSICAL[spec.code] == JOKER_CODE for spec in play.cards):
            return illegal(
                Reason.JOKER_EFFECT,
                f"jokers are not wild this hand: the dealer nominated {effect.value!r}",
                "V7",
            )
        if doubled and effect is not _DOUBLE:
            return illegal(
                Reason.JOKER_EFFECT,
                "a joker doubles a meld only when the dealer nominated 'double', "
                f"not {effect.value!r}",
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

    def reserve_spent(self, changes: dict[str, Any] | None) -> dict[str, Any]:
        """The dealer's joker, once played, no longer lies beside the stock."""
        return {**(changes or {}), "dealer_joker": False}

    # -- splitting the pile -------------------------------------------------------------

    def may_split(self, state: StateCore, player: int) -> bool:
        """Under ``split``: a player holding a joker, or the dealer with the dealer's joker."""
        if state.joker_effect is not _SPLIT:
            return False
        if state.dealer_joker and player == state.dealer:
            return True
        return hand_of(state._seat_codes, player).find(JOKER_CODE) >= 0

    def hand_after_splitting(self, state: StateCore, player: int) -> bytes:
        """The hand less the joker that splits the pile (none: the dealer's own)."""
        hand = hand_of(state._seat_codes, player)
        if not self.split_spends_joker(state, player):
            return hand
        index = hand.find(JOKER_CODE)
        return hand[:index] + hand[index + 1 :] if index >= 0 else hand

    def split_spends_joker(self, state: StateCore, player: int) -> bool:
        """A split spends a joker of the hand, unless the dealer splits with the dealer's joker."""
        return not (state.dealer_joker and player == state.dealer)

    def split(self, state: StateCore, move: Split) -> TurnPlay:
        """Split the pile with a joker around the chosen card: the play that melds it at once.

        The cards above the chosen card go to the player's hand, the chosen
        card is melded at once by the move's play, and the cards below it leave
        play with the joker.  Returns the play in the player's turn, which the
        caller makes (with every check of a play: N1, T8, E2).
        """
        player = move.player
        if state.joker_effect is not _SPLIT:
            return Variant.split(self, state, move)
        pile = state.discard_codes
        count = move.count
        if count > len(pile):
            raise illegal(
                Reason.PILE_TOO_SHORT,
                f"cannot split at card {count} from the top: the pile holds {len(pile)}",
                "V7",
            )
        if not self.may_split(state, player):
            raise illegal(Reason.JOKER_EFFECT, f"p{player} holds no joker to split the pile", "V7")
        own_joker = self.split_spends_joker(state, player)
        hand = self.hand_after_splitting(state, player)
        outside = pile[-count:]  # the chosen card and the cards above it
        inside = pile[:-count]  # the cards below it
        return TurnPlay(
            player,
            move.play,
            with_cards(hand, outside),
            (outside[0], "V7"),
            pile=b"",
            taken=outside,
            changes={
                "dead": (*state.dead, *cards_from_codes(inside, 1)),
                "dealer_joker": state.dealer_joker and own_joker,
            },
        )

    # -- nominating ---------------------------------------------------------------------

    def opening_moves(self, state: StateCore) -> list[Move]:
        """The dealer's three nominations (phase ``nominate``)."""
        return nominate_moves(state.dealer)

    def opening_move(self, state: StateCore, move: Move, first: tuple[int, Phase]) -> StateCore:
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
        return evolve(state, joker_effect=move.effect, to_move=first[0], phase=first[1])

    # -- blocking the dealer's joker ---------------------------------------------------------

    def play_phase_moves(self, state: StateCore) -> list[Move]:
        """The block the player to move might make (the reducer judges it; phase ``play``)."""
        player = state.to_move
        if player != state.dealer and state.dealer_joker:
            return [block_move(player)]
        return []

    def block(self, state: StateCore, move: Block) -> StateCore:
        """Cover the dealer's joker with a joker from the hand: both leave play.

        The caller checks that the blocker can still end the turn (N1).
        """
        player = move.player
        if player == state.dealer:
            raise illegal(
                Reason.CANNOT_BLOCK,
                f"p{player} is the dealer and cannot block their own joker",
                "V7",
            )
        if not state.dealer_joker:
            done = f"blocked by p{state.blocked_by}" if state.blocked_by is not None else "used"
            raise illegal(
                Reason.CANNOT_BLOCK,
                f"the dealer's joker is no longer beside the stock ({done})",
                "V7",
            )
        hand = hand_of(state._seat_codes, player)
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
            _seat_codes=with_hand(state._seat_codes, player, hand[:index] + hand[index + 1 :]),
            dealer_joker=False,
            blocked_by=player,
            dead=(*state.dead, *cards_from_codes(b"", 2)),
        )
