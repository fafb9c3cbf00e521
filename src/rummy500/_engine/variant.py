"""The questions a variant of the whole game may answer its own way, with the plain rules' answers.

As python-chess's variant boards override one named method per rule question
(``is_variant_end``, ``_push_capture`` …), a variant of 500 Rum that changes
what jokers do, which cards a play may draw on, or adds moves of its own
derives from :class:`Variant` and overrides the methods it answers
otherwise.  Dealer's gambit (V7) is the one such variant
(:class:`~rummy500._engine.gambit.DealersGambit`); every other rule set plays
with :data:`PLAIN`.  The engine asks the rule set's profile for its variant
(``knobs.variant``, chosen once per rule set by
:func:`~rummy500._engine.ruleset.profile`) and never imports a variant's
module, so the plain rules' path never enters one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from rummy500._engine.boundary import LAYOFF_MOVE
from rummy500._engine.codes.seats import hand_of
from rummy500._engine.hands import hand_index
from rummy500._engine.illegal import illegal
from rummy500._engine.meldgen import Pool, code_counts
from rummy500.errors import IllegalMoveError, Reason

if TYPE_CHECKING:
    from rummy500._engine.codes.storage import StateCore
    from rummy500._engine.turn import TurnPlay
    from rummy500.moves import Block, Move, Play, Split
    from rummy500.statevalues import Phase

__all__ = ["PLAIN", "Variant", "sealed"]


class Variant:
    """The plain rules' answers (see the module docstring); a variant overrides some.

    Attributes:
        plain: Whether these are the plain rules' answers: every card joins a
            pool as itself, no joker is held outside the hand or kept out of
            melds, and there are no moves of the variant's own.  The move
            generator's loops over the depths of the pile test it before
            asking a method.
    """

    __slots__ = ("plain",)

    def __init__(self) -> None:
        self.plain = True

    # -- the deal ---------------------------------------------------------------------

    def sets_a_joker_aside(self) -> bool:
        """Whether the deal sets the deck's first joker aside, face up beside the stock."""
        return False

    def first_turn(self, dealer: int, first: tuple[int, Phase]) -> tuple[int, Phase]:
        """The seat to move first in a new hand and its phase, given the plain rules' ``first``.

        By the plain rules (D6, D7) the player left of the dealer moves first,
        drawing, or starting the pile under ``first_discard = "chooser"``.
        """
        return first

    # -- jokers, and the cards a play draws on -------------------------------------------

    def reserve(self, state: StateCore, player: int) -> int:
        """1 if ``player`` may put a joker that is not in the hand into a play now, else 0."""
        return 0

    def jokers_tame(self, state: StateCore) -> bool:
        """Whether jokers fit no meld and no lay-off this hand (though wild by the rules)."""
        return False

    def jokers_double(self, state: StateCore) -> bool:
        """Whether a joker laid over a new meld as it is melded doubles it this hand."""
        return False

    def play_pool(self, state: StateCore, player: int, codes: bytes) -> tuple[list[int], int]:
        """The cards a play in ``player``'s turn may draw on (counts by code), and the reserve.

        ``codes`` are the player's hand (with any cards taken); the reserve
        (:meth:`reserve`) is counted among the jokers.
        """
        return code_counts(codes), 0

    def generation_pool(
        self, state: StateCore, player: int, hand: bytes, own_turn: bool = True
    ) -> tuple[Pool, int]:
        """The pool the move generator enumerates ``player``'s plays from, and the doublers.

        The doublers are the jokers that may double a new meld but are not in
        the pool.  The pool may be shared: copy it before adding cards.
        """
        return hand_index(hand).pool, 0

    def add_pile_card(self, state: StateCore, pool: Pool, code: int) -> tuple[bool, int]:
        """Add a pile card to a generation pool if it may be melded this hand.

        Returns whether it was added, and how many jokers it adds that may only
        double a meld.
        """
        pool.add(code)
        return True, 0

    def joker_problem(
        self, state: StateCore, play: Play, required: int | None = None
    ) -> IllegalMoveError | None:
        """Why ``play`` uses jokers (or a table meld) in a way this hand does not allow, if so.

        ``required`` is the code of a pile card the play must meld, if any.  A
        meld doubled by a joker laid over it is sealed: nothing may be laid off
        on it.
        """
        melds = state.melds
        if isinstance(play, LAYOFF_MOVE):
            if play.target < len(melds) and melds[play.target].doubled:
                return sealed(play.target)
            return None
        if play.doubled:
            return illegal(
                Reason.JOKER_EFFECT,
                "a joker doubles a meld only under dealer's gambit when the dealer nominated "
                "'double'",
                "V7",
            )
        return None

    def reserve_spent(self, changes: dict[str, Any] | None) -> dict[str, Any]:
        """``changes`` of the state, with those of a play that used the reserve joker."""
        return dict(changes or {})

    # -- splitting the pile -------------------------------------------------------------

    def may_split(self, state: StateCore, player: int) -> bool:
        """Whether ``player`` may split the pile now (as well as take from it)."""
        return False

    def hand_after_splitting(self, state: StateCore, player: int) -> bytes:
        """``player``'s hand less what a split of the pile takes from it."""
        return hand_of(state._seat_codes, player)

    def split_spends_joker(self, state: StateCore, player: int) -> bool:
        """Whether a split by ``player`` spends a joker of the hand."""
        return False

    def split(self, state: StateCore, move: Split) -> TurnPlay:
        """The play a split makes in the player's turn (the caller makes it, with its checks)."""
        raise illegal(
            Reason.JOKER_EFFECT,
            "the pile may be split only under dealer's gambit when the dealer nominated 'split'",
            "V7",
        )

    # -- the variant's own moves --------------------------------------------------------

    def opening_moves(self, state: StateCore) -> list[Move]:
        """The moves of the variant's phase before play (its ``nominate`` phase)."""
        return []

    def opening_move(self, state: StateCore, move: Move, first: tuple[int, Phase]) -> StateCore:
        """A move of that phase, or one that names it outside it (refused).

        ``first`` is the seat to move once the phase is over, and its phase.
        """
        raise illegal(
            Reason.WRONG_PHASE,
            "jokers are nominated only under dealer's gambit, by the dealer, before play",
            "V7",
        )

    def play_phase_moves(self, state: StateCore) -> list[Move]:
        """Candidates for the variant's own moves in the play phase (the reducer judges them)."""
        return []

    def block(self, state: StateCore, move: Block) -> StateCore:
        """Make a block (the caller checks that the blocker can still end the turn)."""
        raise illegal(
            Reason.CANNOT_BLOCK, "there is no dealer's joker to block: not dealer's gambit", "V7"
        )


def sealed(target: int) -> IllegalMoveError:
    """The error of a lay-off on a meld that a joker doubles (sealed against lay-offs)."""
    return illegal(
        Reason.SEALED_MELD,
        f"meld {target} is sealed by the joker doubling it: nothing may be laid off on it",
        "V7",
    )


#: The plain rules' answers: the variant of every rule set but dealer's gambit.
PLAIN: Final = Variant()
