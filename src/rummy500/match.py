"""A match: hands dealt one after another until someone reaches the target (G1–G4).

A :class:`MatchState` wraps the current hand's :class:`~rummy500.state.GameState`
with the cumulative scores and the history of finished hands.  Moves are
applied through :func:`apply_match_move`; when a hand ends the next one is
dealt at once (deterministically from the match seed), until the match ends.

>>> from rummy500 import Rules
>>> from rummy500.match import new_match, apply_match_move, match_legal_moves
>>> import random
>>> match = new_match(Rules(target_score=100), players=2, seed=7)
>>> rng = random.Random(7)
>>> while match.result is None:
...     match = apply_match_move(match, rng.choice(match_legal_moves(match)))
>>> match.result.winner in (0, 1), len(match.history) >= 1
(True, True)
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence

import attrs

from rummy500._engine import apply_move, check_seed, legal_moves, new_game
from rummy500.moves import Move
from rummy500.presets import as_rules
from rummy500.rules import NextDealer, Rules, Tiebreak
from rummy500.seating import next_seat, sides
from rummy500.state import GameState, HandResult

__all__ = [
    "HandRecord",
    "MatchResult",
    "MatchState",
    "apply_match_move",
    "hand_seed",
    "match_legal_moves",
    "new_match",
]


@attrs.frozen
class HandRecord:
    """A finished hand of a match.

    Attributes:
        number: The hand's number, from 1.
        dealer: Who dealt it.
        seed: The seed it was dealt from.
        result: Its result.
        totals: Each side's total after it (a side is one seat, or a partnership).
    """

    number: int
    dealer: int
    seed: int
    result: HandResult
    totals: tuple[int, ...]


@attrs.frozen
class MatchResult:
    """The outcome of a match.

    Attributes:
        winner: The winning side's number (a seat; with partnerships 0 for seats
            0+2 and 1 for seats 1+3).
        seats: The seats of the winning side.
        totals: Each side's final total (bonuses such as Persian's included).
        hands: Every hand played.
    """

    winner: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    hands: tuple[HandRecord, ...]


@attrs.frozen(repr=False)
class MatchState:
    """A match in progress (or over).

    Attributes:
        rules: The rule set.
        num_players: The number of players.
        seed: The match seed; hand ``n`` is dealt from :func:`hand_seed`.
        hand: The current hand (the last one, once the match is over).
        number: The current hand's number, from 1.
        totals: Each side's total before the current hand.
        history: The finished hands.
        result: The result once the match is over, else ``None``.
    """

    rules: Rules
    num_players: int
    seed: int
    hand: GameState
    number: int = 1
    totals: tuple[int, ...] = ()
    history: tuple[HandRecord, ...] = ()
    result: MatchResult | None = None

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self.result is not None

    def __repr__(self) -> str:
        state = "over" if self.result is not None else f"hand {self.number}"
        return f"<MatchState {self.num_players} players, {state}, totals {self.totals}>"


def hand_seed(match_seed: int, number: int) -> int:
    """The seed hand ``number`` of a match is dealt from (deterministic)."""
    return random.Random(f"rummy500 match {match_seed} hand {number}").getrandbits(64)


def new_match(
    rules: Rules | str | None = None,
    players: int = 2,
    *,
    seed: int | None = None,
    dealer: int = 0,
) -> MatchState:
    """Start a match and deal its first hand.

    Args:
        rules: The rule set, or a preset's name in any case; ``None`` for the
            default (pagat) rules.
        players: The number of players.
        seed: The match seed, an integer between -2**64 and 2**64 (exclusive);
            ``None``: from the OS's secure randomness.  Hand ``n`` is dealt
            from :func:`hand_seed` of it.
        dealer: The first hand's dealer.

    Raises:
        InvalidArgumentError: (a :class:`ValueError`) for an unknown preset, a
            bad player count, dealer or seed.
    """
    rules = as_rules(rules)
    match_seed = secrets.randbits(64) if seed is None else check_seed(seed)
    hand = new_game(rules, players, seed=hand_seed(match_seed, 1), dealer=dealer)
    return MatchState(
        rules=rules,
        num_players=players,
        seed=match_seed,
        hand=hand,
        totals=(0,) * len(sides(rules, players)),
    )


def match_legal_moves(match: MatchState) -> tuple[Move, ...]:
    """The legal moves of the current hand (none once the match is over)."""
    if match.result is not None:
        return ()
    return legal_moves(match.hand)


def apply_match_move(match: MatchState, move: Move) -> MatchState:
    """Apply ``move`` to the current hand; score it, end the match or deal the next hand.

    Raises:
        IllegalMoveError: if the move is illegal (also once the match is over).
    """
    hand = apply_move(match.hand, move)
    if hand.result is None:
        return attrs.evolve(match, hand=hand)
    rules = match.rules
    side_scores = _side_scores(rules, match.num_players, hand.result)
    totals = tuple(t + s for t, s in zip(match.totals, side_scores, strict=True))
    record = HandRecord(
        number=match.number,
        dealer=hand.dealer,
        seed=hand.seed if hand.seed is not None else 0,
        result=hand.result,
        totals=totals,
    )
    history = (*match.history, record)
    winner = _winner(rules, match.num_players, totals, hand.result, len(history))
    if winner is not None:
        final = _with_match_bonus(rules, totals, winner)
        groups = sides(rules, match.num_players)
        result = MatchResult(winner=winner, seats=groups[winner], totals=final, hands=history)
        return attrs.evolve(match, hand=hand, totals=totals, history=history, result=result)
    number = match.number + 1
    next_hand = new_game(
        rules,
        match.num_players,
        seed=hand_seed(match.seed, number),
        dealer=_next_dealer(rules, match.num_players, hand),
    )
    return attrs.evolve(match, hand=next_hand, number=number, totals=totals, history=history)


def _side_scores(rules: Rules, players: int, result: HandResult) -> tuple[int, ...]:
    if result.team_scores:
        return result.team_scores
    return tuple(sum(result.scores[seat] for seat in side) for side in sides(rules, players))


def _next_dealer(rules: Rules, players: int, hand: GameState) -> int:
    """D7: the player left of the dealer deals next, or (variant) the winner of the hand."""
    assert hand.result is not None
    if rules.next_dealer is NextDealer.WINNER and hand.result.went_out is not None:
        return hand.result.went_out
    return next_seat(rules, players, hand.dealer)


def _winner(
    rules: Rules,
    players: int,
    totals: Sequence[int],
    result: HandResult,
    hands_played: int,
) -> int | None:
    """The winning side after a hand, or ``None`` to deal another (G1–G4).

    With a ``hand_limit`` the match lasts that many hands and the most points
    win (ties play on); the target and G3, G4 then do not apply (G1 "a target,
    or the most points after a fixed number of hands").
    """
    if rules.hand_limit is not None:
        if hands_played < rules.hand_limit:
            return None
        return _single_highest(totals, range(len(totals)))
    groups = sides(rules, players)
    out_side = next((number for number, side in enumerate(groups) if result.went_out in side), None)
    reached = [number for number, total in enumerate(totals) if total >= rules.target_score]
    if rules.must_go_out_to_win:  # G4: only by going out at or over the target
        return out_side if out_side is not None and out_side in reached else None
    if not reached:
        return None
    if rules.tiebreak is Tiebreak.WENT_OUT and len(reached) > 1 and out_side in reached:
        return out_side  # G3
    return _single_highest(totals, reached)  # G2


def _single_highest(totals: Sequence[int], candidates: Sequence[int] | range) -> int | None:
    best = max(totals[number] for number in candidates)
    leaders = [number for number in candidates if totals[number] == best]
    return leaders[0] if len(leaders) == 1 else None


def _with_match_bonus(rules: Rules, totals: tuple[int, ...], winner: int) -> tuple[int, ...]:
    """Persian rummy's bonus to the side with the better score (V6)."""
    if not rules.match_bonus:
        return totals
    return tuple(
        total + (rules.match_bonus if side == winner else 0) for side, total in enumerate(totals)
    )
