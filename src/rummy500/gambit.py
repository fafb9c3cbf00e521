"""Dealer's gambit (V7): what jokers may do in a play, and the dealer's joker.

Under dealer's gambit the dealer nominates, for each hand, what jokers do
(:class:`~rummy500.state.JokerEffect`):

* ``wild`` — jokers are wild cards in any group or run (worth 0);
* ``double`` — jokers are not wild: a joker laid over a new meld as it is
  melded doubles the meld and seals it against lay-offs;
* ``split`` — jokers are not wild: a joker splits the discard pile.

The dealer's joker lies face up beside the stock.  The dealer may use it in
their own turns as if it were a joker in hand (it is used before any joker
the dealer holds), but it is never part of the hand: it cannot be
discarded, and the dealer goes out without it.  The reducer asks this module
which cards a play may draw on (:func:`play_pool`) and whether a play uses
jokers as the nomination allows (:func:`joker_problem`).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy500.cards import JOKER_CODE, Card
from rummy500.errors import IllegalMoveError, Reason
from rummy500.meldgen import count_vector
from rummy500.melds import SPEC_PHYSICAL
from rummy500.moves import MeldMove, Play
from rummy500.plays import illegal
from rummy500.state import GameState, JokerEffect

__all__ = ["dealer_reserve", "joker_problem", "play_pool", "spend", "tame"]


def tame(effect: JokerEffect | None) -> bool:
    """Whether the nominated ``effect`` makes jokers not wild (``double`` or ``split``)."""
    return effect is JokerEffect.DOUBLE or effect is JokerEffect.SPLIT


def dealer_reserve(state: GameState, player: int) -> int:
    """1 if ``player`` may put the dealer's joker into a play now, else 0 (V7).

    Only the dealer, only while the joker lies beside the stock (neither
    used nor blocked), and only as a wild card or a doubling joker: a split
    uses it through the split itself.
    """
    if not state.dealer_joker or player != state.dealer:
        return 0
    effect = state.joker_effect
    return 1 if effect is JokerEffect.WILD or effect is JokerEffect.DOUBLE else 0


def play_pool(state: GameState, player: int, cards: Sequence[Card]) -> tuple[list[int], int]:
    """The cards a play in ``player``'s turn may draw on, and how many are the dealer's joker.

    ``cards`` are the player's hand (with any cards taken).
    """
    counts = count_vector(cards)
    reserve = dealer_reserve(state, player)
    counts[JOKER_CODE] += reserve
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


def joker_problem(state: GameState, play: Play) -> IllegalMoveError | None:
    """Why ``play`` uses jokers in a way this hand does not allow (M4, V7), if so."""
    doubled = isinstance(play, MeldMove) and play.doubled
    effect = state.joker_effect
    if effect is None or effect is JokerEffect.WILD:
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
    if doubled and effect is not JokerEffect.DOUBLE:
        return illegal(
            Reason.JOKER_EFFECT,
            f"a joker doubles a meld only when the dealer nominated 'double', not {effect.value!r}",
            "V7",
        )
    return None
