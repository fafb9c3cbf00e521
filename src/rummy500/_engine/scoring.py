"""Scoring a finished hand (S1–S5, with L5's lay-off credits, V5's sides and V8's four aces).

>>> from rummy500._engine.scoring import hand_points
>>> from rummy500 import parse_cards, Rules
>>> hand_points(parse_cards("AS 7H JK"), Rules().card_values)
37
"""

from __future__ import annotations

from collections.abc import Iterable

from rummy500._engine.boundary import RUN, hand_result
from rummy500._engine.codes.specs import code_points
from rummy500._engine.profile import Profile
from rummy500.cards import Card
from rummy500.melds import four_aces
from rummy500.seating import side_of, sides
from rummy500.state import EndReason, HandResult, TableMeld
from rummy500.values import CardValues

__all__ = ["going_rummy", "hand_points", "score_hand", "table_points"]


def hand_points(hand: Iterable[Card], values: CardValues) -> int:
    """Points of cards left in a hand: aces at full value, jokers at the joker value (S1)."""
    table = values.table
    return sum(table[card.code] for card in hand)


def table_points(knobs: Profile, melds: Iterable[TableMeld], players: int) -> list[int]:
    """Each seat's points on the table: every card scores for whoever put it there (L5).

    Each card scores its value (S1) times its meld's multiplier (V6, or a doubling joker); the
    four natural aces credited to one seat score ``four_aces_value`` each
    instead, when that knob is set (V8).
    """
    totals = [0] * players
    for table_meld in melds:
        meld = table_meld.meld
        codes, by, multiplier = meld.codes, table_meld.by, table_meld.multiplier
        if knobs.four_aces_value and four_aces(codes, by, knobs.rules):
            totals[by[0]] = totals[by[0]] + 4 * knobs.four_aces_value * multiplier
            continue
        points = code_points(codes, meld.kind is RUN, knobs.code_values, knobs.low_ace_value)
        for place in range(len(by)):  # by place: a zip with strict=True is a generic call
            seat = by[place]
            totals[seat] = totals[seat] + points[place] * multiplier
    return totals


def going_rummy(melds: Iterable[TableMeld], seat: int, laid_this_turn: int) -> bool:
    """Whether every card ``seat`` has on the table was put there this turn (S3).

    A player who goes out having put no card on the table earlier in the
    hand "goes rummy": every card credited to them (L5) is one of the
    ``laid_this_turn`` they laid down in the turn they went out.
    """
    credited = sum(table_meld.by.count(seat) for table_meld in melds)
    return credited == laid_this_turn


def score_hand(
    knobs: Profile,
    hands: tuple[tuple[Card, ...], ...],
    melds: tuple[TableMeld, ...],
    went_out: int | None,
    reason: EndReason,
    *,
    going_rummy: bool = False,
    seven_card_run: bool = False,
) -> HandResult:
    """Score a finished hand (S2–S5).

    Args:
        knobs: The rule set's compact form (``scoring``, ``card_values``,
            ``stock_out_penalty``, ``going_rummy_multiplier``, ``going_out_bonus``,
            ``seven_card_run_bonus``).
        hands: The cards left in each hand.
        melds: The table melds with their credits.
        went_out: The seat that went out, or ``None``.
        reason: Why the hand ended.
        going_rummy: Whether ``went_out`` went out in one turn having put no
            card on the table earlier in the hand (S3).
        seven_card_run: Whether ``went_out`` laid down a run of 7 or more
            cards in the turn they went out by discarding (S5).

    ``melded_minus_hand`` (S2): each seat scores its cards on the table minus
    its hand; with ``stock_out_penalty = False`` a hand ended by stock
    exhaustion subtracts nothing.  ``winner_takes_hands`` (S3): only the seat
    that went out scores, the others' hands, times the multiplier when going
    rummy.  ``add_opponent_hands`` (S4): each seat scores its table cards; the
    hands go to the seat that went out, or, at stock exhaustion with two
    players, to the opponent.  With partnerships (V5) a seat that goes out adds
    the opposing side's hands only, and at stock exhaustion each seat adds its
    left neighbour's hand, so each side adds the other's; ``team_scores`` are
    the sides' sums.  Bonuses (S5) go to the seat that went out.
    """
    players = len(hands)
    rules = knobs.rules
    melded = table_points(knobs, melds, players)
    in_hand = [hand_points(hand, knobs.card_values) for hand in hands]
    exhausted = reason is EndReason.STOCK_EXHAUSTED
    if knobs.scoring == "winner_takes_hands":
        scores = [0] * players
        if went_out is not None:
            others = sum(in_hand) - in_hand[went_out]
            multiplier = knobs.going_rummy_multiplier if going_rummy else 1
            scores[went_out] = others * multiplier
    elif knobs.scoring == "add_opponent_hands":
        scores = list(melded)
        if knobs.partnerships:
            if went_out is not None:
                own = side_of(rules, players, went_out)
                scores[went_out] += sum(
                    in_hand[seat]
                    for number, side in enumerate(sides(rules, players))
                    if number != own
                    for seat in side
                )
            else:  # each side adds the other's hands: each seat its left neighbour's
                for seat in range(players):
                    scores[seat] += in_hand[(seat + 1) % players]
        elif went_out is not None:
            scores[went_out] += sum(in_hand) - in_hand[went_out]
        elif players == 2:
            scores[0] += in_hand[1]
            scores[1] += in_hand[0]
    else:
        penalty = not exhausted or knobs.stock_out_penalty
        scores = [melded[seat] - (in_hand[seat] if penalty else 0) for seat in range(players)]
    bonuses = [0] * players
    if went_out is not None:
        bonuses[went_out] += knobs.going_out_bonus
        if seven_card_run:
            bonuses[went_out] += knobs.seven_card_run_bonus
    final = [scores[seat] + bonuses[seat] for seat in range(players)]
    team_scores: tuple[int, ...] = ()
    if knobs.partnerships:  # V5: the sides scored as units
        team_scores = tuple(sum(final[seat] for seat in side) for side in sides(rules, players))
    return hand_result(
        tuple(final),
        tuple(melded),
        tuple(in_hand),
        went_out,
        reason,
        tuple(bonuses),
        going_rummy,
        team_scores,
    )
